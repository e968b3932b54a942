"""Checks that the emitted C computes what the proven schedule computes.

For one layout's generated directory: reads every generated routine back
from its C (gen/c_reader.py: gf_<stem>.c, and the inline routines of
gf_layout.h), proves the C on its own (gen/prove.py: the bounds with the
widths of the C types, then the value), and requires that every output
limb, byte and return value of the C is exactly the polynomial of the
schedule (gen/prove.py values()). The routines the template writes by
hand (gen/template_routines.py) have no schedule: their C is proven alone
against its contract. So a template that printed a wrong
constant, operator, shift or limb index, or a hand edit of generated/,
is refused even where the C would still be correct mod p.

    check(L, texts)      texts: file name -> C text; returns ([(name, sentence)],
                         [functions of gf_layout.h without a schedule, not checked])
"""

import re
import c_reader
import layouts
import ir
import prove
import schedules
import template_routines


class MatchError(Exception):
    """The C of a routine does not compute what its schedule computes."""


def files_of(L):
    """{file name: [schedule functions printed there]}."""
    # a layout whose products another printer writes (Layout.mul_printer:
    # gen/neon_split.py) has them read back by that printer's reader
    # (gen/neon_split_read.py), not here
    other = ("gf_mul", "gf_sqr") if L.mul_printer else ()
    return {("gf_layout.h" if stem == "inline" else stem + ".c"): fns
            for stem, fns in schedules.all_functions(L).items() if stem not in other}


def _gcc_optimize_lines(L, fname):
    """The preprocessor lines of Layout.gcc_optimize that gf_mul.c and gf_sqr.c
    may hold: gcc options that steer code generation (register allocation)
    and no value, each one listed in layouts.CHOICES["gcc_optimize"]."""
    opts = L.gcc_options(fname[:-2]) if fname in ("gf_mul.c", "gf_sqr.c") else ()
    if not opts:
        return set()
    known = {o for choice in layouts.CHOICES.get("gcc_optimize", ()) for o in choice} | {"no-tree-ter"}
    for o in opts:
        if o not in known:
            raise MatchError(f"{L.name}: gcc option {o!r} is not one of layouts.CHOICES['gcc_optimize']")
    return {"#if defined(__GNUC__) && !defined(__clang__)",
            "#pragma GCC optimize(" + ", ".join(f'"{o}"' for o in opts) + ")", "#endif"}


def check(L, texts, fns_by_file=None):
    fns_by_file = fns_by_file or files_of(L)
    layout_h = texts["gf_layout.h"]
    try:
        bits = c_reader.word_types(layout_h)
    except c_reader.ReadError as e:
        raise MatchError(f"{L.name} {e}") from None
    if bits["w"] != L.word_bits:
        raise MatchError(f"{L.name}: gf_word_t has {bits['w']} bits, the layout {L.word_bits}")
    done, skipped = [], []
    for fname, fns in sorted(fns_by_file.items()):
        by_name = {fn.name: fn for fn in fns}
        # the template's own routines: proven from their C alone
        alone = {fn.name: fn for fn in template_routines.functions(L)} if fname == "gf_layout.h" else {}
        if fname != "gf_layout.h":
            # the reader drops preprocessor lines: a .c file may only include field.h
            # (and carry the layout's gcc options, _gcc_optimize_lines)
            allowed = {'#include "field.h"'} | _gcc_optimize_lines(L, fname)
            for ln in texts[fname].split("\n"):
                if ln.lstrip().startswith("#") and ln.strip() not in allowed:
                    raise MatchError(f"{L.name} {fname}: preprocessor line {ln.strip()!r}")
        try:
            read, others = c_reader.read(texts[fname], layout_h, {**by_name, **alone})
        except c_reader.ReadError as e:
            raise MatchError(f"{L.name} {fname}: {e}") from None
        if fname != "gf_layout.h" and others:
            raise MatchError(f"{L.name} {fname}: {others[0]} has no schedule")
        skipped += others
        for name, fn in by_name.items():
            if name not in read:
                raise MatchError(f"{L.name} {fname}: {name} is missing")
            done.append((name, _prove_and_match(L, f"{L.name} {fname}", name, read[name], fn)))
        for name, fn in alone.items():
            if name not in read:
                raise MatchError(f"{L.name} {fname}: {name} is missing")
            try:
                done.append((name, prove.prove(L, read[name])))
            except (prove.ProofError, ir.BoundError) as e:
                raise MatchError(f"{L.name} {fname}: the C of {e}") from None
    return done, skipped


def check_lanes(isa, L, texts, fns_by_file):
    """check() for a vector lane layout (gen/simd.py): texts holds its
    gf_lanes.h and gfl_*.c, fns_by_file the schedules of layout L printed in
    each (named gfl_*: the schedule of gf_* of L). Every routine is read back
    from its intrinsics (c_reader.read_lanes), proven on its own as a
    routine of L (each lane is one run of the schedule) and matched with
    the schedule. Returns [(name, sentence)]."""
    bits = {"w": L.word_bits, "d": 2 * L.word_bits}
    if isa.lane_bits != bits["d"]:
        raise MatchError(f"{isa.name}: {isa.lane_bits}-bit lanes cannot hold the double words of {L.name}")
    done = []
    for fname, fns in sorted(fns_by_file.items()):
        if fname.endswith(".c"):
            for ln in texts[fname].split("\n"):
                if ln.lstrip().startswith("#") and ln.strip() != '#include "field.h"':
                    raise MatchError(f"{isa.name} {fname}: preprocessor line {ln.strip()!r}")
        by_name = {fn.name: fn for fn in fns}
        try:
            read, others = c_reader.read_lanes(texts[fname], isa, by_name, bits)
        except c_reader.ReadError as e:
            raise MatchError(f"{isa.name} {fname}: {e}") from None
        if fname.endswith(".c") and others:
            raise MatchError(f"{isa.name} {fname}: {others[0]} has no schedule")
        for name, fn in by_name.items():
            if name not in read:
                raise MatchError(f"{isa.name} {fname}: {name} is missing")
            cfn = read[name]
            # prove.spec knows the routine by its scalar name
            cfn.name = sched_name = "gf" + name[3:]
            sched = _renamed(fn, sched_name)
            done.append((name, _prove_and_match(L, f"{isa.name} {fname}", name, cfn, sched)))
    return done


def _prove_and_match(L, where, name, cfn, fn):
    """Proves the routine read back from the C (cfn) on its own as a routine
    of layout L and matches every value it computes with its schedule's (fn).
    Returns the proof's sentence; raises MatchError, its message led by where."""
    try:
        sentence = prove.prove(L, cfn)
    except (prove.ProofError, ir.BoundError) as e:
        raise MatchError(f"{where}: the C of {e}") from None
    want, got = prove.values(L, fn), prove.values(L, cfn)
    for key in sorted(set(want) | set(got), key=repr):
        if want.get(key) != got.get(key):
            what = "return value" if key[1] == "return" else f"{key[1]}[{key[2]}]"
            case = "" if key[0] is None else f" (select bit {key[0]})"
            raise MatchError(f"{where}: {name}: {what}{case} differs from the schedule: "
                             f"C {got.get(key)!r}, schedule {want.get(key)!r}")
    return sentence


def _renamed(fn, name):
    import copy
    out = copy.copy(fn)
    out.name = name
    return out
