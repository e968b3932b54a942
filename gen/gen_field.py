#!/usr/bin/env python3
"""Generates the field code of every limb layout: generated/p448_<layout>/.

    python3 gen/gen_field.py --out generated
    python3 gen/gen_field.py --out DIR --layout 8x56 --set parallel_carry=gf_sqr \\
        --name CANDIDATE        one layout with its choices overridden, into DIR/CANDIDATE

For each layout of gen/layouts.py: builds the schedules (gen/schedules.py),
proves their bounds (gen/ir.py: raises BoundError on any possible overflow),
checks the proved output bounds against the layout's tight/loose contract,
runs every schedule against arithmetic mod p (gen/selfcheck.py), proves
what each one computes for all inputs within its bounds (gen/prove.py),
prints them through the layout's templates, reads the printed C back and
requires that it computes exactly what was proven (gen/c_match.py), and
only then writes the layout's files. Output is deterministic.
Writes gf_layout.h, gf_mul.c, gf_sqr.c, gf_mulw.c, gf_reduce.c and
gf_serialize.c; leaves every other file of the directory alone (the curve
tables there come from gen/gen_tables.py). A derived layout (Layout.base,
gen/derived.py) gets gf_layout.h and only the files whose text differs from
its base's; one it has no more is removed (the build takes the base's).

Why the emitted C has the shape it has (gcc 12 / clang 14 -O2, read with
objdump -d, timed with bench/bench_field.c on the build machine):
  - Inputs are loaded into named locals first, so outputs may alias inputs
    and the compiler need not reload after stores.
  - Karatsuba: 3 (n/2)^2 products (48 for 8x56, 192 for 16x28) instead of
    n^2; squares multiply off-diagonal terms once by a doubled limb (30 / 108
    products). gcc merges the products that lo{j} and hi{j} share (A_j and
    C_{j+n/2}) -- objdump shows exactly 48 mul in 8x56 gf_mul.
  - Each output column pair lo{j}/hi{j} is one double word each when the
    proof allows. The products the two share (A_j, C_{j+n/2}) are summed
    once, into sa{j} and sc{j}, which are then added to (subtracted from)
    both (schedules._shared_columns): 434 -> 383 instructions per 8x56 mul
    (gcc -march=x86-64-v3; clang 372 -> 355), ~63 -> ~60 ticks; sqr 304 ->
    286 instructions, ticks unchanged; 16x28 within 1% either way (ARMv7
    gcc: 1476 -> 1491 instructions, i686 1511 -> 1496).
    When one double word could overflow (16x28's upper columns: 38 products
    of loose 30-bit limbs), the column is split into as many accumulators as
    the proof needs and the carry step folds them.
  - The carry of column j is emitted right after column j+1 is summed (not
    after all columns), so at most two column pairs are live; the lo and hi
    chains are independent and overlap. Measured: 8x56 mul 69.7 -> 65.6
    ticks, sqr 54 -> 47.7.
  - Still ~110 stack references in 8x56 gf_mul: 16 input limbs and 8 half
    sums do not fit in 15 registers, and gcc keeps each unsigned __int128
    accumulator in rdx:rax, which mulx needs, so it shuffles around every
    product. Tried and dropped: printing each column block as mulx inline
    asm with inputs read from memory ("m") -- 359 instructions but no
    faster than this C (gcc 64.5 ticks, clang slower), because the C glue
    between blocks still spills; one expression per column, half sums in
    memory: no better than the above.
  - 8x56 gf_sqr and gf_mulw carry in two parallel rounds (layouts.py parallel_carry,
    schedules._carry_parallel): dependent squarings were latency-bound
    (48.3 ticks chained against 43.3 for four independent chains) and now
    run at 44.7. gf_mul is not latency-bound (chained = independent, ~60
    ticks), and the extra carries cost gcc 58 instructions of spills.
  - Where the 8x56 time goes (this host: Xeon KVM, family 6 model 207,
    Emerald Rapids, Golden Cove ports; 1.39 core cycles per TSC tick; no
    performance counters). bench/bench_field.c times, in the same run, a
    bare stream of the routine's word products (48 for gf_mul, 30 for
    gf_sqr; each mulx, add, adc into one of four accumulators, nothing
    else): the work every schedule with that many products does. Median
    ticks, one run of bench/speed.sh (docs/performance.md):
        gf_mul 62.7, its products 44.5;  gf_sqr 44.3, its products 29.8
    and `bench_field --glue` prices one more instruction per product
    beside that stream: add, and, shr +0.2 ticks each (they share ports 0,
    6 and 10 with the adc of the stream), lea +0.1-0.16, shrd +0.7 (port 1
    only, where mulx runs), a load or a zeroing xor nothing; 48 mulx alone
    take 38-39 of the stream's 42-44. gcc's gf_mul has some 58 ALU
    instructions beyond the add/adc of its products (half sums, the sa/sc
    sums, masks, shifts) and 10 shrd: 58 x 0.2 + 10 x 0.7 = 19 ticks, the
    whole gap. The products with their accumulation take the 44.6 ticks
    asked for here (40 Zen 5 ticks scaled by cycles per tick), and 48 mulx
    alone 38-39: a 48-product schedule would have to fit all its glue
    (its carries alone are 16 shrd, or 32 or more other ALU instructions)
    into the 6 ticks left. Zen 5's multiply and ALU ports differ, so the
    target cannot be checked here. Tried and dropped on this host (all
    slower): parallel carries for gf_mul (gcc spills: 444
    instructions, 66 ticks); the from-memory shape of 16x28 for 8x56 (gcc
    342 instructions but 67 ticks; clang 58-61); the same with parallel
    carries (gcc 62.7, clang 60-66); a whole-function asm gf_mul with its
    own register allocation (309 instructions, 64-67 ticks); the carries
    without shrd, as two shifts and an add in C or as an asm statement on
    the two words (gcc 445-453 instructions, 64-67 ticks); each carry
    narrowed to one word where the proof allows (gcc adds 26 moves and 10
    xor, 64-66 ticks); Karatsuba again
    inside each 4x4 product (36 products, gcc 461 instructions, 66 ticks;
    with 27 products 523, 70). A saturated 7x64 layout (mulx/adcx/adox
    rows) has 49 products, as long a stream, and its reduction at 2^224
    (3.5 words) needs shld, so it is no way out either.
  - AMD Zen 3 (EPYC KVM guest, gcc 12 -O2 -march=x86-64-v3; the layout
    8x56mulx of the x86-64-v3 and avx2 targets, gen/layouts.py). Here the
    bare stream of 48 products takes 68.6 ticks (48 mulx alone 40.9; one
    more add, and or shr per product +0.18 ticks, shrd +0.33, a load
    nothing), gf_mul 88 and gf_sqr 64: the instruction count decides, and
    the moves of gcc's register allocation are a good part of it (gf_mul
    383 instructions, 168 mov, 154 stack accesses; clang 14: 355, 135,
    142). Kept: the serial carry chain in gf_sqr (286 instructions, 59
    ticks, against 292 and 64 for the parallel rounds that win without
    mulx and on Emerald Rapids) and gcc's priority register allocator for
    gf_mul.c and gf_sqr.c (Layout.gcc_optimize: gf_mul 371 instructions,
    125 stack accesses, about 5% faster; gf_sqr 275). Tried and dropped
    (ticks, median of 401 interleaved rounds of 200 dependent calls):
    clang 14 for the field files (gf_mul 93 against gcc's 88; -O3 the same
    as -O2 for both); -mtune=znver3, -fschedule-insns -fsched-pressure,
    -fsplit-wide-types-early, -fira-region, -flive-range-shrinkage (equal
    or slower; -O1 110); the carries of a column pair as the first terms
    of the next (Layout.mul_carry "next", proven and kept as a choice: gcc
    93 against 88, clang 88.7 against 91.1); the column sums in other
    orders (hi before lo, products reversed: 94-98); 64-bit words with
    _mulx_u64 / _addcarry_u64 / _subborrow_u64 in place of unsigned
    __int128 (a prototype printer, not proven: gcc 458 instructions and
    94 ticks, clang 336 and 86.4 for gf_mul, sqr unchanged; neither
    compiler emits adcx/adox from _addcarryx_u64, even with -madx (which
    x86-64-v3 does not imply), so there is no second carry chain to win
    in C, and the reader would have to learn carries).
  - 16x28 (layouts.py: mul_operands_in_memory) has its own shape,
    schedules._mul_from_memory: 32 limbs and 16 half sums cannot live in
    the 12-14 registers of ARM or the 7 of i386, and the 8x56 shape above
    made gcc spill nearly every one of them (ARMv7 gf_mul: 1491
    instructions, 732 of them stack loads and stores, for 192 umull/umlal).
    Every product now reads its operands from memory (the input limbs, and
    the half sums in a small local struct); a compiler barrier per column
    pair stops gcc from hoisting and spilling them, and the carries are the
    first terms of the next column pair. Static instruction counts of gf_mul
    / gf_sqr (gcc 12 -O2; stack accesses in brackets):
        ARMv7 (thumb2)      1491 [732] / 915 [425] -> 989 [262] / 703 [239]
        ARMv5te -marm       1471 [714] / 930 [406] -> 998 [241] / 672 [230]
        i686                1490 [866] / 1032 [579] -> 1252 [575] / 963 [496]
        x86-64              1209 / 733 -> 929 / 615 (175 -> 159 ticks mul,
                            sqr unchanged at ~105)
    clang 14 (no barrier, see gf_layout.h.j2): ARMv7 1087 / 692 -> 1003 /
    636, x86-64 899 / 627 -> 844 / 561; with the barrier clang moves all the
    loads of a column pair to its start and spills them (ARMv7 1707).
    Tried and dropped: reading a_i and a_{i+8} and adding them at each
    product instead of keeping the half sums in memory (ARMv7 gf_mul 1142);
    summing the groups of a column pair in another order (sc and sd first:
    1070); a barrier before every group (1024).
  - 16x28arm / 16x28armv5 (the 32-bit ARM targets; layouts.py has the
    table of counts that chose them): gf_mul takes three (four) column pairs
    per barrier with their products interleaved, so that consecutive
    products share an operand (schedules._mul_blocked), and gf_mul / gf_sqr
    are compiled without gcc's scheduling before register allocation and
    without its reassociation of sums (gcc_optimize), which reorder the
    products and spill: ARMv7 gf_mul 974 -> 795 instructions, gf_sqr
    701 -> 626; ARMv5TE 998 -> 806 / 672 -> 622. The pragma alone gives 904 /
    626 on ARMv7; the blocks without it, 1034.
"""

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)

import c_match  # noqa: E402
import derived  # noqa: E402
import ir  # noqa: E402
import neon_split  # noqa: E402
import neon_split_read  # noqa: E402
import layouts  # noqa: E402
import prime  # noqa: E402
import prove  # noqa: E402
import schedules  # noqa: E402
import selfcheck  # noqa: E402

COMMAND = "python3 gen/gen_field.py --out generated"


def header(template):
    return (f"/* Generated by gen/gen_field.py from templates/{template}; "
            f"regenerate with `{COMMAND}`. Do not edit. */")


ALIAS = {
    "gf_in_out": "out may alias a (and b).",
    "inout": "in place.",
    "bytes": "none (bytes and limbs are distinct).",
}


def contract(L, fn):
    """Checks the proved bounds against the layout's contract; returns the
    comment information of the function."""
    loose_out = fn.name in ("gf_add_nr", "gf_sub_nr")
    canonical = fn.name in ("gf_strong_reduce", "gf_deserialize")
    limit = L.mask if canonical else (L.loose_max if loose_out else L.tight_max)
    out_bounds = []
    for p, d in fn.out_bounds.items():
        his = [d[i][1] for i in range(L.limbs)]
        for i, h in enumerate(his):
            if h > limit:
                raise ir.BoundError(f"{L.name} {fn.name}: output limb {i} could be {h:#x}, "
                                    f"over its contract {limit:#x}")
        out_bounds.append((p, his))
    in_class = "loose" if fn.name in ("gf_mul", "gf_sqr", "gf_mulw", "gf_weak_reduce") else "tight"
    in_bounds = [(p, fn.in_bounds[p]) for p, k in fn.params if k in ("gf_in", "gf_inout")]
    for p, b in in_bounds:
        if b != (L.loose_max if in_class == "loose" else L.tight_max):
            raise ir.BoundError(f"{L.name} {fn.name}: input {p} not at its contract bound")
    kinds = [k for _, k in fn.params]
    alias = ("in place." if "gf_inout" in kinds else
             "none (bytes and limbs are distinct)." if "bytes_in" in kinds or "bytes_out" in kinds else
             "out may alias the inputs.")
    notes = []
    mul_doc = schedules.fn_mul.__doc__
    if L.mul_operands_in_memory:
        mul_doc += "\n" + schedules._mul_from_memory.__doc__
    doc = {"gf_mul": mul_doc, "gf_sqr": mul_doc,
           "gf_strong_reduce": schedules._strong_reduce.__doc__,
           "gf_serialize": schedules._strong_reduce.__doc__,
           "gf_deserialize": schedules._strong_reduce.__doc__,
           "gf_weak_reduce": schedules._weak_reduce.__doc__}.get(fn.name)
    if fn.name in L.parallel_carry:
        doc = (doc or "") + "\n" + schedules._carry_parallel.__doc__
    elif fn.name in ("gf_mul", "gf_sqr", "gf_mulw"):
        doc = (doc or "") + "\n" + schedules._carry_wrap.__doc__
    if doc:
        lines = [ln.strip() if not ln.startswith("        ") else ln[4:].rstrip()
                 for ln in doc.strip("\n").split("\n")]
        notes = [""] + [ln for ln in lines]
    return {
        "in_bounds": in_bounds, "in_class": in_class,
        "out_bounds": out_bounds,
        "out_class": "canonical" if canonical else ("loose" if loose_out else "tight"),
        "alias": alias, "notes": notes,
        "ret_doc": "all ones when the input is canonical (< p), zero otherwise.",
    }


def word_products(fn):
    """The number of word-by-word products in a schedule (48 for an 8x56
    gf_mul): bench/bench_field.c times a bare stream of that many products
    beside the routine."""
    def count(e):
        if not isinstance(e, ir.Expr):
            return 0
        return (e.op == "mul") + sum(count(a) for a in e.args)
    return sum(count(getattr(s, "expr", None)) for s in ir.walk(fn.body))


def render_layout(env, L):
    """The files of one layout, {name: text}, every routine proven and its C
    matched; raises BoundError, ProofError or MatchError."""
    fns = schedules.all_functions(L)
    proven = {}
    for group in fns.values():
        for fn in group:
            proven[fn.name] = prove.prove(L, fn)
            selfcheck.check(L, fn)
    infos = {fn.name: dict(contract(L, fn), proven=proven[fn.name]) for g in fns.values() for fn in g}
    files = {}
    tdir = L.template_dir
    products = {fn.name: word_products(fn) for g in fns.values() for fn in g
                if fn.name in ("gf_mul", "gf_sqr")}
    choices = [(f, layouts.format_choice(v) or "(none)") for f, v in layouts.choices_of(L).items()]
    ctx = dict(L=L, limbs=L.limbs, radix=L.radix, layout_mask_name="GF_LIMB_MASK",
               hex=lambda v: "0x%x" % v, products=products, choices=choices)
    t = env.get_template(f"{tdir}/gf_layout.h.j2")
    files["gf_layout.h"] = t.render(header=header(f"{tdir}/gf_layout.h.j2"),
                                     inline=[(f, infos[f.name]) for f in fns["inline"]], **ctx)
    t = env.get_template(f"{tdir}/routine.c.j2")
    for stem, group in fns.items():
        if stem == "inline":
            continue
        files[stem + ".c"] = t.render(header=header(f"{tdir}/routine.c.j2"),
                                      fns=[(f, infos[f.name]) for f in group], **ctx)
    # the C as printed must compute what was proven (gen/c_match.py)
    c_match.check(L, files, {name: fns[stem] for stem in fns
                             for name in ["gf_layout.h" if stem == "inline" else stem + ".c"]})
    if L.mul_printer == "neon_split":
        for name, square in (("gf_mul", False), ("gf_sqr", True)):
            files[name + ".c"] = render_neon_split(env, L, name, square)
    return files


def render_neon_split(env, L, name, square):
    """gf_mul.c / gf_sqr.c of a layout whose products are gen/neon_split.py's:
    the printed body is read back (gen/neon_split_read.py), and that schedule
    is proven and tried like the others before the file is written."""
    printed = neon_split.emit_product(L.loose_max, square)
    fn, below = neon_split_read.read(L, name, printed.lines, square)
    neon_split_read.check(L, fn, below)
    proven = prove.prove(L, fn)
    selfcheck.check(L, fn)
    info = contract(L, fn)
    (_, his), = info["out_bounds"]
    _, _, post = prove.spec(L, fn)
    doc = [ln[4:].rstrip() if ln.startswith("    ") else ln.rstrip()
           for ln in neon_split.__doc__.strip("\n").split("\n")]
    products = sum(1 for ln in printed.lines if "laneq_u32(" in ln)
    t = env.get_template("neon_split/product.c.j2")
    return t.render(header=header("neon_split/product.c.j2"), L=L, fn=fn, hex=lambda v: "0x%x" % v,
                    post=post, in_bounds=info["in_bounds"],
                    out_hex=", ".join("0x%x" % h for h in his), proven=proven, products=products,
                    notes=[""] + doc, body=printed.lines,
                    signature="gf out, const gf a" + ("" if square else ", const gf b"))


def write_layout(files, out_dir, printed=()):
    """Writes files into out_dir (a file only when it changes) and removes the names of
    printed that files lacks (gen/derived.py write); what it did, in words."""
    written, removed = derived.write(files, out_dir, printed)
    said = ([", ".join(written) + " written"] if written else []) + \
        ([", ".join(removed) + " removed (the base's now)"] if removed else [])
    return "; ".join(said) or "up to date"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(ROOT, "generated"),
                    help="directory that receives p448_<layout>/ (default: generated)")
    ap.add_argument("--layout", action="append", choices=sorted(layouts.LAYOUTS),
                    help="only this layout (repeatable; default: all)")
    ap.add_argument("--set", action="append", default=[], metavar="FIELD=VALUE",
                    help="override a schedule choice of gen/layouts.py CHOICES for this run "
                    "(repeatable; a tuple is names joined by commas, a bool 0 or 1)")
    ap.add_argument("--name", help="write into OUT/NAME instead of OUT/p448_<layout> "
                    "(needs exactly one --layout)")
    args = ap.parse_args()
    overrides = {}
    for item in args.set:
        field, eq, text = item.partition("=")
        if not eq:
            ap.error(f"--set {item!r}: give FIELD=VALUE")
        try:
            overrides[field] = layouts.parse_choice(field, text)
        except ValueError as e:
            ap.error(f"--set: {e}")
    if args.name is not None and (not args.layout or len(args.layout) != 1):
        ap.error("--name needs exactly one --layout")
    if args.name is not None and (not args.name or "/" in args.name or args.name in (".", "..")):
        ap.error(f"--name {args.name!r}: give a directory name")
    try:
        import jinja2
    except ImportError:
        sys.exit("gen_field.py: Jinja2 is missing; install the Debian package python3-jinja2")
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(os.path.join(ROOT, "templates")),
                             undefined=jinja2.StrictUndefined, trim_blocks=True,
                             lstrip_blocks=True, keep_trailing_newline=True,
                             autoescape=False)
    names = args.layout or sorted(layouts.LAYOUTS)
    # a derived layout's directory holds the files that differ from its base's (gen/derived.py):
    # its bases are rendered too; --name writes one layout whole (bench/tune.py)
    stacked = args.name is None
    chains = {name: derived.chain(layouts.LAYOUTS, name) if stacked else [name] for name in names}
    try:
        # every layout is proven before any file is written
        rendered = {name: render_layout(env, layouts.with_choices(layouts.LAYOUTS[name], overrides))
                    for name in dict.fromkeys(n for c in chains.values() for n in c)}
    except (ir.BoundError, prove.ProofError, c_match.MatchError) as e:
        sys.exit(f"gen_field.py: refused, no file written: {e}")
    for name in names:
        dirname = args.name or f"p448_{name}"
        files = rendered[name]
        if len(chains[name]) > 1:
            files = derived.own(files, rendered[chains[name][1]], always=("gf_layout.h",))
        changed = write_layout(files, os.path.join(args.out, dirname), printed=rendered[name])
        print(f"gen_field.py: {dirname}: {changed}")

if __name__ == "__main__":
    main()
