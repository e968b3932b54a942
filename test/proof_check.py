#!/usr/bin/env python3
"""The proofs of the field code, on the committed generated/, and their fault tests.

    python3 test/proof_check.py [--quiet]

  1. every schedule of every layout is proven (gen/prove.py), timed, and the
     multiplications of the shapes layouts.py offers but does not use;
  2. every committed generated routine (generated/p448_<layout>/gf_*.c and
     the inline routines of gf_layout.h) is read back, proven on its own and
     matched with its schedule (gen/c_match.py; the template's own gf_copy,
     gf_set_small, gf_select, gf_cond_swap and gf_cond_neg against their
     contracts), and
     its header states what was proven (a derived layout's own files: the others
     are its base's, proven there; the coverage table says which directory's file
     each layout's build compiles, gen/derived.py);
     and every vector lane layout (generated/lanes_<isa>/gf_lanes.h and
     gfl_*.c) read back from its intrinsics, proven and matched with the
     schedule of the scalar layout it prints, each header stating it;
     and gf4r50.h's two forms, the IFMA lanes' and the portable twin's, read back
     (gen/r50_portable.py);
  3. gen/gen_field.py, given a schedule with one carry dropped, refuses and
     writes no file;
  4. the fault injection of test/proof_faults.py (mutated schedules and
     mutated copies of the C must all be refused).
Prints ok/FAIL lines and ends with "N passed, N failed".
"""

import dataclasses
import io
import os
import re
import sys
import tempfile
import time
from contextlib import redirect_stdout

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "gen"))
sys.path.insert(0, os.path.join(ROOT, "test"))

import c_match  # noqa: E402
import derived  # noqa: E402
import ir  # noqa: E402
import layouts  # noqa: E402
import neon_split_read  # noqa: E402
import proof_faults  # noqa: E402
import prove  # noqa: E402
import schedules  # noqa: E402
import template_routines  # noqa: E402

report = proof_faults.report


def check_proofs():
    t0 = time.monotonic()
    sentences = {}
    for lname, L in layouts.LAYOUTS.items():
        for group in schedules.all_functions(L).values():
            for fn in group:
                try:
                    sentences[(lname, fn.name)] = prove.prove(L, fn)
                    report(True, f"{lname} {fn.name}: proven: {sentences[(lname, fn.name)]}")
                except (prove.ProofError, ir.BoundError) as e:
                    report(False, f"{lname} {fn.name}: not proven: {e}")
    print(f"the proof of every routine of every layout took {time.monotonic() - t0:.2f} s")
    return sentences


def check_other_shapes():
    """The shapes layouts.py can choose but does not use today (parallel
    carries for every multiplication, the from-memory multiplication on
    64-bit words) are proven too: the proof is not tied to one schedule."""
    L8, L16 = layouts.LAYOUTS["8x56"], layouts.LAYOUTS["16x28"]
    variants = [
        ("8x56, parallel carries in mul, sqr and mulw",
         dataclasses.replace(L8, parallel_carry=("gf_mul", "gf_sqr", "gf_mulw"))),
        ("8x56, serial carries everywhere", dataclasses.replace(L8, parallel_carry=())),
        ("8x56, operands from memory", dataclasses.replace(L8, mul_operands_in_memory=True,
                                                            parallel_carry=("gf_mulw",))),
        ("16x28, parallel carries in mulw", dataclasses.replace(L16, parallel_carry=("gf_mulw",))),
        ("8x56, each column pair's carries the first terms of the next (mul_carry next)",
         dataclasses.replace(L8, parallel_carry=("gf_mulw",), mul_carry="next")),
        # the from-memory choices of 16x28arm that no layout takes
        ("16x28arm, gf_mul in blocks of two pairs, gf_sqr of three, group order CBA",
         dataclasses.replace(layouts.LAYOUTS["16x28arm"], mul_pairs_per_block=2, sqr_pairs_per_block=3,
                             mul_group_order="CBA")),
        ("16x28arm, gf_sqr with the cross products doubled",
         dataclasses.replace(layouts.LAYOUTS["16x28arm"], sqr_double_cross=True)),
        ("16x28arm, gf_sqr with the cross products doubled in blocks of two",
         dataclasses.replace(layouts.LAYOUTS["16x28arm"], sqr_double_cross=True, sqr_pairs_per_block=2)),
    ]
    for what, V in variants:
        try:
            fns = [fn for g in schedules.all_functions(V).values() for fn in g
                   if fn.name in ("gf_mul", "gf_sqr", "gf_mulw")]
            for fn in fns:
                prove.prove(V, fn)
            report(True, f"{what}: gf_mul, gf_sqr and gf_mulw proven")
        except (prove.ProofError, ir.BoundError) as e:
            report(False, f"{what}: {e}")


def header_of(text, name):
    """The comment block just before the definition of name."""
    m = re.search(r"^(static inline )?\w+ " + name + r"\(", text, flags=re.M)
    if not m:
        return None
    start = text.rfind("/*", 0, m.start())
    return text[start:m.start()]


def check_c(sentences):
    t0 = time.monotonic()
    for lname, L in layouts.LAYOUTS.items():
        d = os.path.join(ROOT, "generated", f"p448_{lname}")
        files = proof_faults.own_files(d, c_match.files_of(L))   # a derived layout's (coverage below)
        texts = {f: open(os.path.join(d, f)).read() for f in files}
        try:
            done, skipped = c_match.check(L, texts, files)
            alone = {fn.name for fn in template_routines.functions(L)}
            for name, sentence in done:
                sentences[(lname, name)] = sentences.get((lname, name), sentence)
                report(True, f"{lname} {name}: the committed C "
                       + ("is proven (written by the template, no schedule)" if name in alone
                          else "matches its schedule and is proven"))
            print(f"{lname} gf_layout.h: not read (no field element: an empty asm statement, word carries): "
                  + ", ".join(skipped))
        except c_match.MatchError as e:
            report(False, f"{lname}: the committed C is refused: {e}")
        for fname, fns in files.items():
            if fname == "gf_layout.h":
                fns = fns + template_routines.functions(L)
            for fn in fns:
                h = header_of(texts[fname], fn.name)
                want = f" * Proven: {sentences.get((lname, fn.name))} for all inputs"
                report(h is not None and want in h,
                       f"{lname} {fname}: the header of {fn.name} states what was proven")
        if L.mul_printer == "neon_split":
            for fname, name, square in neon_split_read.ROUTINES:
                if not os.path.exists(os.path.join(d, fname)):
                    continue        # its base's, proven there
                text = open(os.path.join(d, fname)).read()
                try:
                    sentence = neon_split_read.prove_file(L, text, name, square)
                    report(True, f"{lname} {fname}: the committed NEON {name} is read back and proven")
                except (neon_split_read.ReadError, ir.BoundError, prove.ProofError) as e:
                    report(False, f"{lname} {fname}: the committed NEON {name} is refused: {e}")
                    continue
                h = header_of(text, name)
                report(h is not None and f" * Proven: {sentence} for all inputs" in h,
                       f"{lname} {fname}: the header of {name} states what was proven")
    print(f"reading back and matching the committed C took {time.monotonic() - t0:.2f} s")


def check_lanes():
    """The vector lane layouts (generated/lanes_<isa>/): every routine read
    back from its intrinsics, proven and matched, and its header states
    what was proven, lane by lane."""
    import gen_lanes
    import simd
    for name, isa in simd.ISAS.items():
        d = os.path.join(ROOT, "generated", f"lanes_{name}")
        L, files, infos = gen_lanes.vector_functions(isa)
        files = proof_faults.own_files(d, files)
        texts = {f: open(os.path.join(d, f)).read() for f in files}
        try:
            for fn, sentence in c_match.check_lanes(isa, L, texts, files):
                report(True, f"lanes_{name} {fn}: the committed intrinsics match the schedule of {L.name} "
                       f"and are proven: {sentence}")
        except c_match.MatchError as e:
            report(False, f"lanes_{name}: the committed intrinsics are refused: {e}")
        for fname, fns in files.items():
            for fn in fns:
                h = header_of(texts[fname], fn.name)
                want = f" * Proven, lane by lane: {infos[fn.name]['proven']} for all inputs"
                report(h is not None and want in h,
                       f"lanes_{name} {fname}: the header of {fn.name} states what was proven")


def check_twin():
    """gf4r50.h's two forms (gen/r50_portable.py): the one text of the routines read back with
    the names each form gives them, each of the twin's definitions against its model of the
    instruction, and a wrong definition refused."""
    import r50_portable
    read = lambda *p: open(os.path.join(ROOT, "generated", *p)).read()
    for ok, what in r50_portable.check_twin(read("r50", "gf4r50_routines.h"), read("lanes_avx512ifma", "gf4r50.h"),
                                            read("r50_portable", "gf4r50.h")):
        report(ok, "r50_portable: " + what)
    try:
        r50_portable.selfcheck()
        report(True, f"r50_portable: the {len(r50_portable.OPS)} intrinsics' definitions compute their models")
    except ValueError as e:
        report(False, f"r50_portable: {e}")
    entry = r50_portable.OPS["_mm256_madd52hi_epu64"]
    r50_portable.OPS["_mm256_madd52hi_epu64"] = entry[:3] + ("acc.q[{k}] + (uint64_t)(r50_mul52(x.q[{k}], y.q[{k}]) >> 51)",) + entry[4:]
    try:
        r50_portable.selfcheck()
        report(False, "r50_portable: a vpmadd52huq that shifts by 51 is refused")
    except ValueError as e:
        report(True, f"r50_portable: a vpmadd52huq that shifts by 51 is refused ({str(e)[:80]}...)")
    finally:
        r50_portable.OPS["_mm256_madd52hi_epu64"] = entry


def coverage(root=ROOT):
    """{(layout directory, routine): the directory whose file of it the layout's build
    compiles}, for every routine of every scalar and lane layout: its own directory's, or a
    base's (gen/derived.py; configure.py layout_stack takes the first directory of the chain
    that has the file). check_c and check_lanes prove the files of each directory, so a
    routine is proven once, where its file is."""
    import gen_lanes
    import simd
    out = {}
    top = os.path.join(root, "generated")
    for lname, L in layouts.LAYOUTS.items():
        names = {f: [fn.name for fn in fns] for f, fns in c_match.files_of(L).items()}
        names["gf_layout.h"] += [fn.name for fn in template_routines.functions(L)]
        if L.mul_printer == "neon_split":
            for fname, name, _ in neon_split_read.ROUTINES:
                names.setdefault(fname, []).append(name)
        for fname, routines in names.items():
            holder = os.path.basename(os.path.dirname(derived.path_of(top, "p448_", layouts.LAYOUTS, lname, fname)))
            out.update({(f"p448_{lname}", r): holder for r in routines})
    for name in simd.ISAS:
        for fname, routines in gen_lanes.VECTOR_FILES.items():
            holder = os.path.basename(os.path.dirname(derived.path_of(top, "lanes_", simd.ISAS, name, fname)))
            out.update({(f"lanes_{name}", "gfl" + r[2:]): holder for r in routines})
    return out


def check_coverage():
    """Every routine each layout's build compiles is in a directory of its chain, whose own
    files check_c / check_lanes prove; prints the table (layout: routine <- directory)."""
    import simd
    cov = coverage()
    chains = {f"p448_{n}": [f"p448_{b}" for b in derived.chain(layouts.LAYOUTS, n)] for n in layouts.LAYOUTS}
    chains.update({f"lanes_{n}": [f"lanes_{b}" for b in derived.chain(simd.ISAS, n)] for n in simd.ISAS})
    for layout in sorted(chains):
        mine = sorted((r, h) for (lay, r), h in cov.items() if lay == layout)
        inherited = [f"{r} <- {h}" for r, h in mine if h != layout]
        report(all(h in chains[layout] for _, h in mine),
               f"coverage: {layout}: {len(mine)} routines, {len(mine) - len(inherited)} proven in its own "
               f"directory" + (f", from its bases (proven there): {', '.join(inherited)}" if inherited else ""))


def check_generator_refuses():
    """gen_field.py with one carry of 8x56 gf_mulw dropped: refused, no file written."""
    import gen_field
    real = schedules.all_functions

    def broken(L):
        fns = real(L)
        if L.name == "8x56":
            fn = fns["gf_mulw"][0]
            for s in ir.walk(fn.body):
                if s.kind == "block":
                    carries = [t for t in s.stmts if t.kind == "let" and t.var.startswith("t")]
                    if carries:
                        carries[0].expr = carries[0].expr.a     # drop "+ k{i-1}"
                        break
        return fns
    with tempfile.TemporaryDirectory() as tmp:
        schedules.all_functions = broken
        argv, sys.argv = sys.argv, ["gen_field.py", "--out", tmp]
        msg = ""
        try:
            with redirect_stdout(io.StringIO()):
                gen_field.main()
        except SystemExit as e:
            msg = str(e.code)
        finally:
            schedules.all_functions, sys.argv = real, argv
        written = [f for _, _, fs in os.walk(tmp) for f in fs]
        report("refused" in msg and "gf_mulw" in msg and not written,
               f"gen_field.py refuses a schedule with a dropped carry and writes nothing ({msg[:160]})")


def main():
    t0 = time.monotonic()
    sentences = check_proofs()
    check_other_shapes()
    check_c(sentences)
    check_lanes()
    check_twin()
    check_coverage()
    check_generator_refuses()
    proof_faults.schedule_faults()
    proof_faults.c_faults()
    proof_faults.c_targeted()
    proof_faults.lane_faults()
    proof_faults.lane_template_faults()
    print(f"proof_check.py took {time.monotonic() - t0:.1f} s")
    passed, failed = proof_faults.results
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
