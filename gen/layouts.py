"""Limb layouts of GF(p): one declarative description each.

A layout says how an element of GF(p) is stored: LIMBS limbs of RADIX bits
(limb i has place value 2^(RADIX*i)) in unsigned machine words of WORD_BITS
bits, with products in double words of 2*WORD_BITS bits; which C types those
are; the per-limb bounds of "tight" and "loose" elements (see src/field/field.h);
the largest constant gf_mulw accepts; and the template directory that prints
the schedules (c_scalar: plain C; SIMD layouts will name their own).

Adding a layout is adding an entry to LAYOUTS. gen/gen_field.py proves every
routine of every layout against these bounds and refuses a layout for which
any accumulator could overflow.

A layout may name a base (Layout.base: the same limbs, words and bounds,
FACTS below, other choices): its generated/ directory then holds gf_layout.h
and only the files that differ from its base's, and the build takes the
others from the base's directory (gen/derived.py, configure.py layout_stack).

CHOICES names the Layout fields that are schedule choices rather than facts
of the layout: each maps to the values it may take (the layout's own value,
its default, is one of them). `gen/gen_field.py --set FIELD=VALUE` overrides
one for a run, and `./configure.py --tune` measures their combinations
(HACKING.md, "Tuned to the host"). A choice changes how the code computes,
never what: every combination is proven like the default, and one the proof
refuses is not written.

Used by gen/gen_field.py (the field code) and gen/gen_tables.py (curve
tables: Layout.c_initializer turns a field element into a gf_s initializer).
"""

import dataclasses
from dataclasses import dataclass

import derived
import prime


@dataclass(frozen=True)
class Layout:
    name: str            # directory suffix: generated/p448_<name>/
    limbs: int           # limb count; even, the halves are a0 + a1*phi
    radix: int           # bits per limb; limbs*radix == 448
    word_bits: int       # unsigned word holding a limb (and mask_t)
    word_type: str
    dword_type: str      # unsigned, 2*word_bits, holds products
    tight_max: int       # largest value of any limb of a tight element
    loose_max: int       # largest value of any limb of a loose element
    mulw_max: int        # largest w of gf_mulw
    template_dir: str    # templates/<template_dir>/
    align: int           # alignment of gf_s in bytes
    mul_operands_in_memory: bool = False   # mul/sqr shape: schedules._mul_from_memory
    parallel_carry: tuple = ()             # routines whose carries are schedules._carry_parallel
    # ---- schedule choices of the from-memory shape (16x28arm; CHOICES below) ----
    # column pairs per compiler barrier in gf_mul / gf_sqr, their products
    # interleaved (schedules._mul_blocked); 1: schedules._mul_from_memory
    mul_pairs_per_block: int = 1
    sqr_pairs_per_block: int = 1
    # gf_sqr: cross products of the limbs themselves, sums doubled (schedules._sqr_doubled)
    sqr_double_cross: bool = False
    # the order of the groups A = a0 b0, B = a1 b1, C = (a0 + a1)(b0 + b1) in a block
    mul_group_order: str = "ABC"
    # why this layout exists and the counts that chose its choices (gf_layout.h)
    notes: str = ""
    mul_carry: str = "lag"                 # "lag" or "next": schedules._mul_carry_next (8x56 shape)
    # the serial carries of gf_mul / gf_sqr in one word where the proof allows
    # (schedules._carry_in_word; 8x56: every carry of a column sum is below 2^64)
    carry_word: bool = False
    # the from-memory routines whose subtracted sum sd{j} is hidden from the optimizer
    # (GF_HIDE) before it is subtracted, so that gcc sums it first and does not spread
    # the subtraction over its products; without it gcc may reassociate (the result
    # is the same: the arithmetic is modular and the analyzer bounds the true sums)
    hide_subtrahend: tuple = ("gf_mul", "gf_sqr")
    gcc_optimize: tuple = ()               # gcc options for gf_mul.c and gf_sqr.c ("#pragma GCC optimize")
    # the routines (gf_mul, gf_sqr) whose file also gets gcc's no-tree-ter (no
    # temporary expression replacement: gcc keeps the C's statement order
    # into its register allocation); gcc_options() gives a file's options
    no_tree_ter: tuple = ()
    # (BASE_COMB_N, BASE_COMB_T, BASE_COMB_S): the shape of the single calls' fixed-base
    # comb (src/backend/portable/point_base_twisted.c), N tables of 2^(T-1) entries, T teeth S apart,
    # 446 <= N*T*S <= 512; gen/gen_tables.py prints its table, gf_layout.h its #defines.
    # A fact of the table, not a schedule choice: not in CHOICES.
    base_comb: tuple = (5, 6, 15)
    # "neon_split": gf_mul.c and gf_sqr.c are gen/neon_split.py's AArch64 NEON
    # routines (one element on two lanes) instead of the schedules' C; a fact of
    # the layout (it builds only for `arch`), not a choice
    mul_printer: str = ""
    # the one CPU whose compilers build it (intrinsics), "" for any: configure.py
    # refuses it for another and tests it only there
    arch: str = ""
    # gf_word_adc / gf_word_sbb (gf_layout.h), the carry chains of words outside the
    # field (src/scalar/scalar_words.h): "compare" (portable C, carries from
    # comparisons) or "x86" (_addcarry_u64 / _subborrow_u64, one adc / sbb each:
    # gcc 12 turns the comparisons into setc/or sequences). A fact of the ISA the
    # layout builds for, not a choice
    word_adc: str = "compare"
    # the layout this one is derived from (gen/derived.py): the same facts (FACTS below),
    # other choices; generated/p448_<name>/ holds only the files that differ from the
    # base's, and the build takes the others from the base's directory. "": none
    base: str = ""

    def __post_init__(self):
        if self.limbs * self.radix != prime.BITS:
            raise ValueError(f"layout {self.name}: limbs*radix != {prime.BITS}")
        if self.limbs % 2 or (self.limbs // 2) * self.radix != prime.PHI_BITS:
            raise ValueError(f"layout {self.name}: the halves must sit at 2^{prime.PHI_BITS}")

    def gcc_options(self, routine):
        """The gcc options of the file of routine ("gf_mul", "gf_sqr"; no other
        file has any): gcc_optimize, and no-tree-ter where no_tree_ter names it."""
        if routine not in ("gf_mul", "gf_sqr"):
            return ()
        return tuple(self.gcc_optimize) + (("no-tree-ter",) if routine in self.no_tree_ter else ())

    @property
    def half(self):
        return self.limbs // 2

    @property
    def mask(self):
        return (1 << self.radix) - 1

    @property
    def word_max(self):
        return (1 << self.word_bits) - 1

    @property
    def dword_max(self):
        return (1 << (2 * self.word_bits)) - 1

    def to_limbs(self, x):
        """The canonical limbs (each < 2^radix) of an integer 0 <= x < 2^448."""
        if not 0 <= x < (1 << prime.BITS):
            raise ValueError("element out of range")
        return [(x >> (self.radix * i)) & self.mask for i in range(self.limbs)]

    def from_limbs(self, limbs):
        """The integer a list of limbs stands for (not reduced mod p)."""
        return sum(v << (self.radix * i) for i, v in enumerate(limbs))

    def c_initializer(self, x):
        """The C initializer of a gf_s holding the field element x.

        x must be an int with 0 <= x < p (reduce it first). The limbs are
        canonical, hence tight. Example for 8x56 and x = 1:
        "{{ 0x00000000000001, 0x00000000000000, ... }}" (the outer braces are
        the struct, the inner ones its limb array), usable as
        `static const gf_s ONE = <initializer>;` or as one element of an
        array of gf_s.
        """
        if not isinstance(x, int) or not 0 <= x < prime.P:
            raise ValueError("c_initializer needs an int in [0, p)")
        digits = (self.radix + 3) // 4
        limbs = ", ".join(f"0x{v:0{digits}x}" for v in self.to_limbs(x))
        return "{{ " + limbs + " }}"


def _scalar_layout(name, limbs, radix, word_bits, word_type, dword_type, mulw_max,
                   mul_operands_in_memory=False, parallel_carry=(), mul_carry="lag", **choices):
    # Tight: a limb may exceed 2^radix - 1 by the small carries that a weak
    # reduction or a multiplication leaves in it, at most 2^(radix/2).
    tight = (1 << radix) + (1 << (radix // 2))
    # Loose: what gf_add_nr / gf_sub_nr of tight inputs can give. gf_sub_nr
    # adds 2p limbwise (2^(radix+1) - 2 or - 4 per limb), so a - b + 2p is
    # at most tight + 2^(radix+1) per limb; gen_field.py proves it.
    loose = tight + (1 << (radix + 1))
    return Layout(name=name, limbs=limbs, radix=radix, word_bits=word_bits,
                  word_type=word_type, dword_type=dword_type, tight_max=tight,
                  loose_max=loose, mulw_max=mulw_max, template_dir="c_scalar",
                  align=word_bits // 8 * 2, mul_operands_in_memory=mul_operands_in_memory,
                  parallel_carry=parallel_carry, mul_carry=mul_carry, **choices)


LAYOUTS = {
    # 64-bit words, unsigned __int128 products (x86-64, aarch64).
    "8x56": _scalar_layout("8x56", 8, 56, 64, "uint64_t", "unsigned __int128", (1 << 24) - 1,
                           parallel_carry=("gf_sqr", "gf_mulw")),
    # 32-bit words, 64-bit products, no 128-bit type (i386, ARMv7, and any host).
    "16x28": _scalar_layout("16x28", 16, 28, 32, "uint32_t", "uint64_t", (1 << 24) - 1,
                            mul_operands_in_memory=True),
}


def _subsets(names):
    """Every subset of names, in order, the empty one first."""
    out = [()]
    for n in names:
        out += [t + (n,) for t in out]
    return tuple(sorted(out, key=lambda t: (len(t), [names.index(x) for x in t])))


# ---- x86-64 with mulx (BMI2): the x86-64-v3 and avx2 targets ---------------
#
# 8x56mulx is 8x56 (the same limbs, bounds, tables and lane conversions: plain
# C that runs anywhere) with the schedule choices measured fastest where the
# compiler has mulx (-march=x86-64-v3), on the project's AMD Zen 3 (EPYC KVM
# guest, gcc 12 -O2; median / fastest of 401 interleaved rounds of 200
# dependent calls, ticks, one run):
#   gf_sqr, serial carry chain   59.2 / 57.2   (286 instructions)
#   gf_sqr, two parallel rounds  63.9 / 62.4   (292; 8x56's choice)
# and the reverse without mulx (-march=x86-64, mulq; 8x56 code):
#   gf_sqr, serial 101.7 / 62.1, parallel 93.6 / 59.3,
# so the portable 8x56 keeps the parallel rounds (ref64, aarch64, the
# x86-64 target's backends) and, on the Xeon (Emerald Rapids) that layout was
# first measured on, the parallel rounds won with mulx too (gen/schedules.py,
# _carry_parallel): which is faster is the CPU's, `--tune`'s to decide.
# gf_mul keeps the lagged serial carries there as here ("next": gcc 93.2 / 91.8
# against 87.6 / 84.4; clang 88.7 / 87.2 against 91.1 / 87.8, one run).
# gf_mulw keeps the parallel rounds.
# gcc's default register allocator (IRA's Chaitin-Briggs colouring) keeps the
# unsigned __int128 accumulators in rdx:rax, where mulx wants its operand, and
# stores and reloads them around products; with -fira-algorithm=priority
# (a "#pragma GCC optimize" in gf_mul.c and gf_sqr.c, ignored by clang) gf_mul
# has 371 instructions, 125 of them stack accesses, against 383 and 154, and
# gf_sqr 275 (66) against 286 (90); same run as above: gf_mul 86.4 / 83.4
# against 91.9 / 86.0, gf_sqr unchanged (61.1 / 58.9, 61.4 / 58.9).
# Its word carry chains (gf_word_adc) are x86's adc / sbb: typed decaf448
# scalar_sub 19.3 -> 10.4 ticks, scalar_add 21.3 -> 10.8 (Zen 5, gcc 12).
LAYOUTS["8x56mulx"] = dataclasses.replace(LAYOUTS["8x56"], name="8x56mulx", base="8x56", parallel_carry=("gf_mulw",),
                                          gcc_optimize=("ira-algorithm=priority",), word_adc="x86")


# ---- choices: the Layout fields a tuner may change ----------------------------
# {field: allowed values}. A layout made with any of them is proven and its C
# matched like the defaults when it is generated (gen_field.py refuses it
# otherwise); test/proof_check.py proves the shapes no layout uses today.
# mul_carry "next" is a shape of the register multiplication (not with
# mul_operands_in_memory, nor for a routine in parallel_carry); gcc_optimize's
# options are the only pragmas gen/c_match.py lets into a generated file.
CHOICES = {
    "mul_operands_in_memory": (False, True),
    "parallel_carry": _subsets(("gf_mul", "gf_sqr", "gf_mulw")),
    "mul_carry": ("lag", "next"),
    "carry_word": (False, True),
    "hide_subtrahend": _subsets(("gf_mul", "gf_sqr")),
    "gcc_optimize": ((), ("ira-algorithm=priority",), ("no-schedule-insns", "no-tree-reassoc")),
    "no_tree_ter": _subsets(("gf_mul", "gf_sqr")),
    # the from-memory shape (mul_operands_in_memory; 16x28arm, 16x28armv5 below)
    "mul_pairs_per_block": (1, 2, 3, 4),
    "sqr_pairs_per_block": (1, 2, 3, 4),
    "sqr_double_cross": (False, True),
    "mul_group_order": ("ABC", "ACB", "BAC", "BCA", "CAB", "CBA"),
}


def choices_of(L):
    """{field: value} of every choice, as the layout L has it."""
    return {f: getattr(L, f) for f in CHOICES}


def format_choice(value):
    """A choice's value as --set takes it: 0/1 for a bool, names joined by
    commas for a tuple (empty for none), else str()."""
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, tuple):
        return ",".join(value)
    return str(value)


def parse_choice(field, text):
    """The value of choice field that text (format_choice's form) names;
    ValueError with the allowed values when field is no choice or text is
    not one of its values."""
    if field not in CHOICES:
        raise ValueError(f"{field!r} is not a choice; the choices are: {', '.join(sorted(CHOICES))}")
    allowed = CHOICES[field]
    for value in allowed:
        if isinstance(value, tuple):
            names = [n for n in text.replace("+", ",").split(",") if n]
            if sorted(names) == sorted(value) and len(set(names)) == len(names):
                return value
        elif format_choice(value) == text or (isinstance(value, bool) and text.lower() == str(value).lower()):
            return value
    shown = " | ".join(repr(format_choice(v)) for v in allowed)
    raise ValueError(f"{field}={text!r} is not one of its values: {shown}")


def with_choices(L, overrides):
    """Layout L with the choices overridden ({field: value})."""
    return dataclasses.replace(L, **overrides)


# 16x28 for 32-bit ARM, chosen by counting (docs/targets.md, "ARM"): the same limbs,
# bounds and routines as 16x28, gf_mul and gf_sqr scheduled for ARM's
# umull/umlal and 13 free registers.
ARM_NOTES = """\
The choices (layouts.py CHOICES) were made by counting instructions: static
counts of gf_mul / gf_sqr, gcc 12 -O2 with each target's flags (configure.py);
the executed counts of `ninja -C build/X count` (qemu plugin) agree within 1%.
                                 Thumb-2 (v7)  ARMv6 -marm  ARMv5TE -marm  AArch64
  16x28 (from memory, 1 pair)    974 / 701     956 / 669    998 / 672      687 / 444
  + gcc_optimize (no-schedule-  904 / 626     894 / 606    889 / 622      721 / 443
    insns, no-tree-reassoc)
  mul_pairs_per_block=2, ABC     823           807          819            550
  mul_pairs_per_block=3, ABC     795           779          853            504
  mul_pairs_per_block=3, BCA     834           796          817            498
  mul_pairs_per_block=4, ABC     844           786          806            463
  sqr_pairs_per_block=2 / 3 / 4  681/668/672   -            694/689/667    390/358/347
  sqr_double_cross               644           632          653            425
  the same, 2 / 3 / 4 pairs      654-704       634-659      659-695        322-350
(no other group order gave a 32-bit column its best count.) Hence 16x28arm for
Thumb-2 and ARMv6 (mul_pairs_per_block=3) and 16x28armv5 (4) for ARMv5TE, both
with gf_sqr from memory one pair at a time; AArch64 has 8x56arm64.
Later, by `./configure.py --target T --tune` (executed, gcc; X448 is one
shared secret): gf_sqr without GF_HIDE before its subtractions
(hide_subtrahend=gf_mul; gf_mul keeps it) and gf_mulw's carries in one word
(carry_word; no carry of gf_mul or gf_sqr fits 32 bits):
                            gf_sqr        X448 with hide / carry_word  (both, ninja count)
  armv5 (16x28armv5)      628.6 -> 615.6  3,713,762 -> 3,684,655 / 3,711,522  (3,682,405)
  armv6 (16x28arm)        612.6 -> 596.6  3,615,706 -> 3,579,882 / 3,613,466  (3,577,632)
  armv7-noneon (16x28arm) 632.6 -> 617.6  3,714,922 -> 3,681,337 / 3,713,578  (3,679,982)
(armv7 with NEON, 16x28arm's scalar code beside its lanes: X448 2,684,963 ->
2,678,258.)
gf_mul without the hide counted more (armv6 786.6 -> 805.6). Then
no_tree_ter=gf_sqr (gf_sqr.c also without gcc's temporary expression
replacement; gf_mul with it: ARMv5 806 -> 872 static), `ninja count`:
  gf_sqr 614 -> 594, X448 3,682,405 -> 3,637,625 (armv5); 596 -> 592,
  3,577,632 -> 3,570,915 (armv6); 616 -> 603, 3,679,982 -> 3,650,875
  (armv7-noneon); armv7 X448 2,678,258 -> 2,672,447. clang's gf_sqr
is shorter still on ARMv5 (580.6) but its gf_mul is not (880.6), and --tune
takes one compiler for the field code.
"""
# The single calls' comb shape of both ARM layouts (base_comb), chosen by the
# executed counts of `ninja -C build/X count` (gcc 12 -O2, qemu plugin), ours,
# thousands of instructions: X448 public key / Ed448 keygen / Ed448 sign /
# decaf448 scalarmult_base (keygen, sign and decaf448 follow the public key
# within 0.1%, so only it is shown for most shapes); N x T x S, table size:
#                    armv5 (16x28armv5)       armv6 (16x28arm)   armv7-noneon (16x28arm)
#   8x4x14  12 KiB   1450 / 1469 / 1539 / 1461   1418 / 1436 / 1503 / 1427   1455 / 1474 / 1542 / 1464
#   7x4x16  10.5 KiB 1464                        1431                        1468
#   9x5x10  27 KiB   1467                        1440                        1475
#   9x4x13  13.5 KiB 1492                        1458                        1496
#   6x5x15  18 KiB   1500                        1471                        1507
#   6x4x19   9 KiB   1502                        1468                        1507
#   10x4x12 15 KiB   1514                        1480                        1519
#   5x5x18  15 KiB   1519                        1490                        1527
#   12x3x13  9 KiB   1584                        1543                        1587
#   5x6x15  30 KiB   1733 / 1751 / 1821 / 1743   1707 / 1725 / 1792 / 1715   1745 / 1764 / 1833 / 1754
#   4x6x19  24 KiB   1776                        1750                        1789
# (also counted, all slower than 8x4x14: 5x4x23, 4x4x28, 4x5x23, 3x5x30,
# 10x3x15, 8x3x19, 6x3x25, 16x2x14.) Each of the N * S lookups reads all
# 2^(T-1) entries of 192 bytes; on these cores (no NEON, few registers) a
# read costs about what an addition saves, so 8-entry tables win, where x86's
# 8x56 keeps 5x6x15 (src/point/point.h). ARMv7 with NEON (16x28arm too) makes
# its single calls with point_comb_split.c's comb (COMB_N/T/S), not this one.
# The 32-bit ARM layouts: 16x28's limbs with these schedule choices, and the
# column pairs of gf_mul taken some at a time (the one choice between them).
ARM_16X28 = dict(mul_operands_in_memory=True, sqr_pairs_per_block=1, mul_group_order="ABC",
                 hide_subtrahend=("gf_mul",), carry_word=True, no_tree_ter=("gf_sqr",),
                 gcc_optimize=("no-schedule-insns", "no-tree-reassoc"), base_comb=(8, 4, 14))
LAYOUTS["16x28arm"] = _scalar_layout(
    "16x28arm", 16, 28, 32, "uint32_t", "uint64_t", (1 << 24) - 1, mul_pairs_per_block=3, base="16x28", **ARM_16X28,
    notes="Layout 16x28arm: layout 16x28 (the same limbs and bounds: values pass between them\n"
          "unchanged) with gf_mul and gf_sqr scheduled for 32-bit ARM.\n" + ARM_NOTES)
LAYOUTS["16x28armv5"] = _scalar_layout(
    "16x28armv5", 16, 28, 32, "uint32_t", "uint64_t", (1 << 24) - 1, mul_pairs_per_block=4, base="16x28arm",
    **ARM_16X28,
    notes="Layout 16x28armv5: 16x28arm with blocks of four column pairs in gf_mul, for ARMv5TE.\n"
          + ARM_NOTES)


# ---- AArch64 (the aarch64 target) -------------------------------------------
#
# 8x56arm64 is 8x56 (the same limbs, bounds and lane conversions) with the
# schedule choices that AArch64 runs in the fewest instructions, counted
# (docs/targets.md, "ARM"; the table is in its gf_layout.h). The products are fixed by
# the Karatsuba identity (48 mul + 48 umulh in gf_mul, 30 + 30 in gf_sqr);
# what the choices change is the carries and the spills around them.
# Its single calls' comb shape (base_comb), by the executed counts of
# `ninja -C build/aarch64 count` (gcc 12 -O2, qemu plugin, with this layout's
# field code), X448 public key, thousands of instructions (Ed448 keygen and
# sign and decaf448 scalarmult_base follow it within 0.2%); N x T x S, table:
#   15x5x6  45 KiB  378.6      7x5x13  21 KiB  396.6     4x6x19  24 KiB  411.2
#   10x5x9  30 KiB  385.0      6x5x15  18 KiB  397.8     16x4x7  24 KiB  410.9
#   9x5x10  27 KiB  387.1      5x6x15  30 KiB  399.1     14x4x8  21 KiB  413.6
#   12x5x8  36 KiB  401.2      5x5x18  15 KiB  404.2     19x4x6  28 KiB  415.0
#   8x5x12  24 KiB  409.7      11x5x9  33 KiB  412.4     3x6x25  18 KiB  420.3
#   8x4x14  12 KiB  425.8      20x4x6  30 KiB  431.5     12x4x10 18 KiB  440.0
#   2x7x32  24 KiB  472.8      30x3x5  22 KiB  486.4     38x3x4  28 KiB  488.7
# 10x5x9 has 8x56's table size (5x6x15, 30 KiB: a Cortex-A53's L1 data cache
# is 8 to 64 KiB, 32 on most boards) and 3.5% fewer instructions; 15x5x6
# counts less still but its 45 KiB pass a 32 KiB cache, which the count
# does not see.
LAYOUTS["8x56arm64"] = dataclasses.replace(
    LAYOUTS["8x56"], name="8x56arm64", base="8x56", parallel_carry=("gf_mulw",), mul_carry="next", carry_word=True,
    gcc_optimize=("no-schedule-insns", "no-tree-reassoc"), no_tree_ter=("gf_mul",), base_comb=(10, 5, 9),
    notes="""\
Layout 8x56arm64: layout 8x56 (the same limbs and bounds: values pass between
them unchanged) with gf_mul and gf_sqr scheduled for AArch64 (the aarch64
target), the choices (layouts.py CHOICES) made by counting instructions:
static, gcc 12 -O2 -march=armv8-a (clang 14 beside), and executed under qemu
(`./configure.py --target aarch64 --tune`, gcc; X448 is one shared secret):
                                      static gf_mul  gf_sqr      executed gf_mul / gf_sqr / X448
  8x56 (gf_sqr: parallel carries)     322 (clang 318) 198 (195)  330 / 205 / 1,389,845
  8x56arm64                           280 (294)       188 (189)  288 / 195 / 1,272,779
  the same but carry_word=0           293 (315)       201 (201)  301 / 208 / 1,331,188
               mul_carry=lag          285 (300)       188 (189)  293 / 195 / 1,284,049
               gcc_optimize=()        312 (294)       189 (189)  320 / 196 / 1,347,146
               gf_sqr parallel        280 (294)       199 (195)  288 / 206 / 1,297,408
  clang's best (gf_mulw serial)           294             189    302 / 196 / 1,304,357
(--tune: 30 combinations next to this one, with gcc and clang; none counted
fewer. gf_mulw's carries, serial or parallel, count the same.) Then
no_tree_ter=gf_mul (gf_mul.c also without gcc's temporary expression
replacement): static 276, `ninja -C build/aarch64 count` gf_mul 287 -> 283 and
X448 1,272,771 -> 1,263,755 (gf_sqr: no change). The products
are the Karatsuba identity's, 48 mul + 48 umulh in gf_mul and 30 + 30 in
gf_sqr, each added with adds + adc; schoolbook would be 64 products, 64 x 4
instructions against 48 x 4 and the 8 half sums. What the choices change is
around them. carry_word adds each carry out of a column sum (below 2^64: the
analyzer proves it) as a word, extr, adds, cinc instead of extr, lsr, adds,
adc, and wraps the last two in words. gf_mul's 24 operands (16 limbs, 8 half
sums) and its accumulators do not fit AArch64's 31 registers: of its 280
instructions 45 are loads and stores, 8 ldp of the inputs, 6 stores of the
output, 12 saves and restores of x19-x30 and 19 spills (with gcc's first
scheduling pass, before register allocation, 67 of 306 with carry_word:
-fno-schedule-insns keeps the second pass, after it). Reading the upper limbs
a4..a7, b4..b7 from memory again in each column pair (a compiler barrier
between pairs) counted 300 / 205 against 285 / 188 (lagged carries): the
spills cost less than the reloads. -mcpu=cortex-a53 or -mtune changes none
of gcc's counts (the pass that would use them is off) and makes clang's
gf_mul 297.
""")


# 8x56neon: 8x56arm64 with gf_mul and gf_sqr on NEON (gen/neon_split.py): the
# 56-bit limbs cut into 28-bit ones inside the product, one element on the two
# lanes of umlal by element. Everything else, and every value between routines,
# is 8x56arm64's. The counts that chose it are in its gf_layout.h.
LAYOUTS["8x56neon"] = dataclasses.replace(
    LAYOUTS["8x56arm64"], name="8x56neon", base="8x56arm64", mul_printer="neon_split", arch="aarch64",
    notes="""\
Layout 8x56neon: layout 8x56arm64 (the same limbs, bounds and routines) with
gf_mul and gf_sqr on AArch64's NEON (gen/neon_split.py, its comment has the
arithmetic): each 56-bit limb is cut into two 28-bit limbs inside the product,
and the pair (limb j, limb j + 8) of every column is one vector, so that one
umlal by element makes two of the 256 half products (a square: 144). Counted
(gcc 12 -O2 -march=armv8-a; executed: `ninja -C build/aarch64 count`, qemu
plugin, one run each; X448 is one shared secret):
                                 executed gf_mul  gf_sqr  gf_isr   X448       Ed448 verify
  8x56arm64                                283     194    90,386  1,175,686  1,018,449
  8x56neon, limbs zipped                   219     153    71,268    958,790    822,655
   ld4 / st4, narrowed before the mask     213     150    69,777    939,972    805,813
   the target's -ftree-vectorize (below)   213     150        -     864,867    782,293
   gcc_optimize (no-schedule-insns)        207     145        -     842,461    761,863
   the wrap by addp / trn2                 204     142    66,092    830,362    750,751
(the aarch64 target turns gcc's vectorizer back on for the curve code,
configure.py: it pairs the limbs of gf_add / gf_sub.) gf_mul: 128 umlal by element (2 x 4 half
products per pair of limbs, the schoolbook: Karatsuba's 96 would need lane
crossings to combine A, B and C, which cost what they save), one ld4 per
operand that puts the 56-bit limbs m and m + 4 side by side, 4 narrowings,
2 masks and 4 narrowing shifts to the 28-bit pairs, 16 instructions for the
forms (a1, s) and (s, w), 8 + 8 carries, the wrap of 2^448, 4 shift-inserts
and one st4; no spill and, without gcc's first scheduling pass (the layout's
gcc_optimize, which the template prints), no save of the callee-saved d8-d15
(with the pass: 208 static instructions and 6 saves and restores). The 16x28 layouts on AArch64 count more (gf_mul 511), and so do
the NEON lanes (two elements a vector, `gfl_mul` 694 for two products).
""")


# ---- bases (gen/derived.py) -----------------------------------------------------
# What a derived layout shares with its base, so that a routine of the base's directory
# computes, and is proven, the same for both: the limbs, the words and the bounds.
FACTS = ("limbs", "radix", "word_bits", "word_type", "dword_type", "tight_max", "loose_max",
         "mulw_max", "align", "template_dir")


derived.check_bases(LAYOUTS, FACTS, "layout")
