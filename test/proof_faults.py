#!/usr/bin/env python3
"""Fault injection: the proofs of gen/prove.py and gen/c_match.py must
refuse every broken routine.

    python3 test/proof_faults.py [--quiet]

Schedules: each routine of each layout (gen/schedules.py) is mutated one
way at a time -- a dropped term (a carry, a fold of 2^448 = 2^224 + 1, a
product), a wrong constant (bias, +1 of the strong reduction, fold shift),
a term read from the wrong limb (a fold into the wrong limb, an index off
by one), a swapped Karatsuba operand, a product subtracted instead of added, a shift
or a mask one bit off, two output limbs swapped, a select that ignores its
bit -- at a few sites each, spread over the routine; prove.prove must raise.
C: a copy of each committed generated file with one constant, operator,
limb index or shift changed inside a generated routine must be refused by
c_match.check; likewise each vector lane layout (generated/lanes_<isa>/,
c_match.check_lanes): a constant, add for sub, a shift, a limb index, the
signed vpmuldq for vpmuludq, 3p for 2p, a C operator in place of an
intrinsic, a product of an operand not proven below 2^32, an early store;
and a fault planted in a vector template (templates/simd/ir.j2,
templates/avx2/) or in gen/simd.py's description of AVX2 must make
gen_lanes.render_vector refuse the layout. The unchanged routines and files must be accepted (the
first lines), so a proof that refuses everything fails here too.
Prints ok/FAIL lines and ends with "N passed, N failed".
"""

import copy
import os
import re
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "gen"))

import c_match  # noqa: E402
import derived  # noqa: E402
import ir  # noqa: E402
import layouts  # noqa: E402
import prove  # noqa: E402
import schedules  # noqa: E402
import template_routines  # noqa: E402

SITES_PER_KIND = 3
results = [0, 0]
QUIET = "--quiet" in sys.argv


def report(ok, what):
    """One ok/FAIL line (ok lines cut at 200 characters; none with --quiet)."""
    results[0 if ok else 1] += 1
    if not ok:
        print(f"FAIL {what}")
    elif not QUIET:
        print(f"ok {what[:200]}{' ...' if len(what) > 200 else ''}")


# ---- schedule mutations -------------------------------------------------

def stmts_of(fn):
    """[(path, stmt)] of every non-block statement, path = indices."""
    out = []

    def go(lst, path):
        for i, s in enumerate(lst):
            if s.kind == "block":
                go(s.stmts, path + [i])
            else:
                out.append((path + [i], s))
    go(fn.body, [])
    return out


def nodes(e, path=()):
    yield path, e
    for i, a in enumerate(e.args):
        yield from nodes(a, path + (i,))


def replace(e, path, new):
    if not path:
        return new
    args = list(e.args)
    args[path[0]] = replace(args[path[0]], path[1:], new)
    return ir.Expr(e.op, args, e.ty, e.k, e.home)


def stmt_at(fn, path):
    lst = fn.body
    for i in path[:-1]:
        lst = lst[i].stmts
    return lst, path[-1]


def expr_sites(fn, pred):
    """[(stmt path, expr path, node)] of the nodes for which pred holds."""
    return [(sp, ep, n) for sp, s in stmts_of(fn) if s.expr is not None
            for ep, n in nodes(s.expr) if pred(n, s)]


def _with_expr(fn, sp, ep, new):
    f = copy.deepcopy(fn)
    lst, i = stmt_at(f, sp)
    lst[i].expr = replace(lst[i].expr, ep, new)
    return f


def has_shr(e):
    return any(n.op == "shr" for _, n in nodes(e))


def mutants(fn):
    """{kind: [(where, build)]}, every site of every kind; build() makes the mutated copy."""
    out = {}

    def add(kind, where, f):
        out.setdefault(kind, []).append((where, f))

    def with_expr(fn, sp, ep, new):
        return lambda: _with_expr(fn, sp, ep, new)

    # a dropped term: either operand of a +
    for sp, ep, n in expr_sites(fn, lambda n, s: n.op == "add"):
        for side in (0, 1):
            kind = "dropped carry" if has_shr(n.args[side]) else "dropped term"
            add(kind, f"{n!r} -> {n.args[1 - side]!r}", with_expr(fn, sp, ep, n.args[1 - side]))
    # a dropped accumulation statement (v += carry or product)
    def edit(sp, change):
        def build():
            f = copy.deepcopy(fn)
            lst, i = stmt_at(f, sp)
            change(lst, i)
            return f
        return build

    def drop(lst, i):
        del lst[i]

    def negate(lst, i):
        lst[i].kind = "add"

    for sp, s in stmts_of(fn):
        if s.kind in ("add", "sub"):
            add("dropped carry" if has_shr(s.expr) else "dropped product", f"{s.var} {s.kind} {s.expr!r}",
                edit(sp, drop))
        if s.kind == "sub":
            add("sign of a Karatsuba term", f"{s.var} -= {s.expr!r} -> +=", edit(sp, negate))
    for sp, ep, n in expr_sites(fn, lambda n, s: n.op == "const"):
        add("wrong constant", f"{n.k:#x} -> {n.k + 1:#x}", with_expr(fn, sp, ep, ir.Const(n.k + 1, n.ty)))
    for sp, ep, n in expr_sites(fn, lambda n, s: n.op == "shl"):
        add("wrong fold shift", f"{n!r} << {n.k + 1}", with_expr(fn, sp, ep, ir.Shl(n.a, n.k + 1)))
    for sp, ep, n in expr_sites(fn, lambda n, s: n.op == "shr"):
        for d in (-1, 1):
            add("shift off by one", f"{n!r} -> >> {n.k + d}", with_expr(fn, sp, ep, ir.Shr(n.a, n.k + d)))
    for sp, ep, n in expr_sites(fn, lambda n, s: n.op == "mask"):
        for d in (-1, 1):
            add("wrong mask width", f"{n!r} -> & (2^{n.k + d} - 1)", with_expr(fn, sp, ep, ir.Mask(n.a, n.k + d)))
    # a swapped Karatsuba operand: the second factor of a product replaced
    # by the second factor of the next product with a different one
    muls = expr_sites(fn, lambda n, s: n.op == "mul")
    for j, (sp, ep, n) in enumerate(muls):
        for _, _, m in muls[j + 1:] + muls[:j]:
            if repr(m.b) != repr(n.b):
                add("swapped Karatsuba operand", f"{n!r} -> mul({n.a!r}, {m.b!r})",
                    with_expr(fn, sp, ep, ir.Mul(n.a, m.b)))
                break
    stores = [(sp, s) for sp, s in stmts_of(fn) if s.kind in ("store", "storebyte")]
    def swap(sp1, sp2):
        def build():
            f = copy.deepcopy(fn)
            l1, i1 = stmt_at(f, sp1)
            l2, i2 = stmt_at(f, sp2)
            l1[i1].expr, l2[i2].expr = l2[i2].expr, l1[i1].expr
            return f
        return build

    for (sp1, s1), (sp2, s2) in zip(stores, stores[1:]):
        add("swapped output limbs", f"{s1.param}[{s1.index}] <-> [{s2.index}]", swap(sp1, sp2))
    # a term read from the wrong limb or accumulator (a fold into the wrong
    # limb, an off-by-one index): a variable named x<i> replaced by x<i+1>,
    # when that one is already defined there
    defined, order = set(), {}
    for k, (sp, s) in enumerate(stmts_of(fn)):
        order[tuple(sp)] = set(defined)
        if s.var:
            defined.add(s.var)
    for sp, ep, n in expr_sites(fn, lambda n, s: n.op == "var" and n.home is None):
        m = re.fullmatch(r"([a-z_]+)(\d+)(_?)", n.k)
        if m:
            other = f"{m.group(1)}{int(m.group(2)) + 1}{m.group(3)}"
            if other in order[tuple(sp)] and ir.var_type(fn.body, other) == n.ty:
                add("wrong limb", f"{n.k} -> {other}", with_expr(fn, sp, ep, ir.Var(other, n.ty)))
    for sp, ep, n in expr_sites(fn, lambda n, s: n.op == "and"):
        add("select ignores its bit", f"{n!r} -> {n.a!r}", with_expr(fn, sp, ep, n.a))
    return out


def spread(items, k):
    """k items spread evenly over the list (first, ..., last)."""
    if len(items) <= k:
        return items
    return [items[round(i * (len(items) - 1) / (k - 1))] for i in range(k)]


def schedule_faults():
    for lname, L in layouts.LAYOUTS.items():
        for group in schedules.all_functions(L).values():
            for fn in group:
                try:
                    prove.prove(L, fn)
                    report(True, f"{lname} {fn.name}: the schedule as generated is proven")
                except (prove.ProofError, ir.BoundError) as e:
                    report(False, f"{lname} {fn.name}: the schedule as generated is refused: {e}")
                    continue
                for kind, sites in sorted(mutants(fn).items()):
                    for where, build in spread(sites, SITES_PER_KIND):
                        f = build()
                        try:
                            prove.prove(L, f)
                            report(False, f"{lname} {fn.name}: {kind} ({where}) is accepted")
                        except prove.ProofError as e:
                            report(True, f"{lname} {fn.name}: {kind} ({where}) refused: {e}")
                        except ir.BoundError as e:
                            report(True, f"{lname} {fn.name}: {kind} ({where}) refused by the bounds: {e}")


# ---- C mutations --------------------------------------------------------

C_MUTATIONS = [
    ("shift constant", re.compile(r"(>> )(\d+)"), lambda m: m.group(1) + str(int(m.group(2)) - 1)),
    ("hex constant", re.compile(r"(0x)([0-9a-f]+)(u)"), lambda m: f"{m.group(1)}{int(m.group(2), 16) ^ 2:x}{m.group(3)}"),
    ("+= to -=", re.compile(r"\+="), lambda m: "-="),
    ("+ to -", re.compile(r" \+ "), lambda m: " - "),
    ("- to +", re.compile(r" - "), lambda m: " + "),
    ("limb index", re.compile(r"(->limb\[)(\d+)(\])"), lambda m: f"{m.group(1)}{(int(m.group(2)) + 1) % 8}{m.group(3)}"),
    ("mask", re.compile(r"& GF_LIMB_MASK"), lambda m: "& 0xffffu"),
    ("operand", re.compile(r"\b([ab])(\d)\b"), lambda m: f"{m.group(1)}{(int(m.group(2)) + 1) % 8}"),
]


def routine_lines(text, names):
    """Line numbers of the statements inside the generated routines `names`."""
    lines = text.split("\n")
    out, inside = [], False
    for i, ln in enumerate(lines):
        if re.match(r"^(static inline )?\w+ (" + "|".join(names) + r")\(", ln):
            inside = True
            continue
        if inside and ln == "}":
            inside = False
        if inside and ln.strip() and not ln.lstrip().startswith(("/*", "*", "GF_ASSERT_BOUND")):
            out.append(i)
    return out


def own_files(d, files):
    """The files of files ({name: routines}) that the directory d holds: a derived layout's
    others are its base's (gen/derived.py), mutated and proven there."""
    return {f: v for f, v in files.items() if os.path.exists(os.path.join(d, f))}


def c_faults():
    for lname, L in layouts.LAYOUTS.items():
        d = os.path.join(ROOT, "generated", f"p448_{lname}")
        files = own_files(d, c_match.files_of(L))
        texts = {f: open(os.path.join(d, f)).read() for f in files}
        try:
            c_match.check(L, texts, files)
            report(True, f"{lname}: the committed C matches its proven schedules")
        except c_match.MatchError as e:
            report(False, f"{lname}: the committed C is refused: {e}")
            continue
        for fname, fns in sorted(files.items()):
            text = texts[fname]
            lines = text.split("\n")
            names = [fn.name for fn in fns]
            if fname == "gf_layout.h":
                names += [fn.name for fn in template_routines.functions(L)]
            where = routine_lines(text, names)
            for kind, rx, fix in C_MUTATIONS:
                sites = [(i, m) for i in where for m in rx.finditer(lines[i])]
                if not sites:
                    continue
                for i, m in spread(sites, 2):
                    new = lines[i][:m.start()] + fix(m) + lines[i][m.end():]
                    mutated = "\n".join(lines[:i] + [new] + lines[i + 1:])
                    t = dict(texts)
                    t[fname] = mutated
                    label = f"{lname} {fname}:{i + 1}: {kind}: `{new.strip()}`"
                    try:
                        c_match.check(L, t, {fname: fns, "gf_layout.h": files["gf_layout.h"]}
                                      if fname != "gf_layout.h" else {fname: fns})
                        report(False, f"{label} is accepted")
                    except c_match.MatchError as e:
                        report(True, f"{label} refused: {e}")


def in_function(text, name, edit):
    """text with edit(line) applied to the lines of the body of `name`."""
    lines = text.split("\n")
    inside = False
    for i, ln in enumerate(lines):
        if re.match(r"^(static inline )?\w+ " + name + r"\(", ln):
            inside = True
        elif inside and ln == "}":
            break
        elif inside:
            lines[i] = edit(ln)
    return "\n".join(lines)


def swap_lines(a, b):
    def edit(text):
        lines = text.split("\n")
        i, j = lines.index(a), lines.index(b)
        lines[i], lines[j] = lines[j], lines[i]
        return "\n".join(lines)
    return edit


# (layout, file, what, edit of the text, accepted?): rewrites that compute the
# same values must pass, and changes that only the comparison with the
# schedule, the alias rule or the type check can see must be refused.
C_TARGETED = [
    ("8x56", "gf_layout.h", "operands of + swapped in gf_add_nr (same values)",
     lambda t: in_function(t, "gf_add_nr", lambda ln: ln.replace("c0 = a0 + b0;", "c0 = b0 + a0;")), True),
    ("8x56", "gf_mul.c", "factors of a product swapped (same values)",
     lambda t: t.replace("(gf_dword_t)a3 * b2;", "(gf_dword_t)b2 * a3;", 1), True),
    ("16x28", "gf_serialize.c", "two independent loads in the other order (same values)",
     swap_lines("    const gf_word_t a0 = a->limb[0];", "    const gf_word_t a1 = a->limb[1];"), True),
    ("8x56", "gf_layout.h", "gf_neg with 3p instead of 2p (right mod p, not the proven schedule)",
     lambda t: in_function(t, "gf_neg", lambda ln: ln.replace("0x1fffffffffffffeu", "0x2fffffffffffffdu")
                           .replace("0x1fffffffffffffcu", "0x2fffffffffffffau")), False),
    ("16x28", "gf_mul.c", "an early store to out before a is read (out may alias a)",
     lambda t: t.replace("    gf_word_t c8 = (gf_word_t)(hi0 & GF_LIMB_MASK);\n",
                         "    gf_word_t c8 = (gf_word_t)(hi0 & GF_LIMB_MASK);\n    out->limb[0] = c0;\n", 1), False),
    ("8x56", "gf_layout.h", "gf_dword_t declared 64 bits wide",
     lambda t: t.replace("typedef unsigned __int128 gf_dword_t;", "typedef uint64_t gf_dword_t;"), False),
    ("8x56", "gf_layout.h", "GF_LIMB_MASK one bit narrower",
     lambda t: t.replace("#define GF_LIMB_MASK ((gf_word_t)0xffffffffffffffu)",
                         "#define GF_LIMB_MASK ((gf_word_t)0x7fffffffffffffu)"), False),
    ("16x28", "gf_mul.c", "an input limb read as an output (b for out)",
     lambda t: t.replace("(gf_dword_t)a->limb[0] * b->limb[0];", "(gf_dword_t)a->limb[0] * out->limb[0];", 1), False),
    ("8x56", "gf_layout.h", "gf_select without its mask at limb 2",
     lambda t: t.replace("out->limb[2] = a->limb[2] ^ ((a->limb[2] ^ b->limb[2]) & m);",
                         "out->limb[2] = a->limb[2] ^ (a->limb[2] ^ b->limb[2]);"), False),
    ("16x28", "gf_layout.h", "gf_cond_swap updating a twice at limb 2",
     lambda t: t.replace("    b->limb[2] ^= t;", "    a->limb[2] ^= t;"), False),
    ("8x56", "gf_layout.h", "gf_cond_neg selecting the other way",
     lambda t: t.replace("gf_select(a, a, n, neg);", "gf_select(a, n, a, neg);"), False),
    ("16x28", "gf_layout.h", "gf_cond_neg copying instead of negating",
     lambda t: t.replace("gf_neg(n, a);", "gf_copy(n, a);"), False),
    ("8x56", "gf_layout.h", "gf_cond_swap called with a twice",
     lambda t: t.replace("gf_select(a, a, n, neg);", "gf_select(a, a, n, neg);\n    gf_cond_swap(a, a, neg);"),
     False),
    ("8x56", "gf_reduce.c", "a statement the reader does not know (if)",
     lambda t: t.replace("    gf_word_t v0 = vt0 & GF_LIMB_MASK;\n",
                         "    gf_word_t v0 = vt0 & GF_LIMB_MASK;\n    if (v0) v0 = 0;\n", 1), False),
]
# Layout.gcc_optimize: the pragma the layout asks for passes; another gcc
# option (one that could change what the C computes), or a pragma in a layout
# that asks for none, is refused.
C_TARGETED += [
    ("8x56mulx", "gf_mul.c", "a gcc option that is not the layout's (-fwrapv)",
     lambda t: t.replace('#pragma GCC optimize("ira-algorithm=priority")', '#pragma GCC optimize("wrapv")'), False),
    ("8x56", "gf_mul.c", "the 8x56mulx pragma in 8x56, which asks for no gcc option",
     lambda t: t.replace('#include "field.h"\n', '#include "field.h"\n#if defined(__GNUC__) && !defined(__clang__)\n'
                         '#pragma GCC optimize("ira-algorithm=priority")\n#endif\n', 1), False),
]


def c_targeted():
    for lname, fname, what, edit, accept in C_TARGETED:
        L = layouts.LAYOUTS[lname]
        files = c_match.files_of(L)
        top = os.path.join(ROOT, "generated")
        texts = {f: open(derived.path_of(top, "p448_", layouts.LAYOUTS, lname, f)).read() for f in files}
        t = dict(texts)
        t[fname] = edit(texts[fname])
        if t[fname] == texts[fname]:
            report(False, f"{lname} {fname}: {what}: the edit found nothing to change")
            continue
        try:
            c_match.check(L, t, files)
            report(accept, f"{lname} {fname}: {what}: accepted")
        except c_match.MatchError as e:
            report(not accept, f"{lname} {fname}: {what}: refused: {e}")


# ---- vector lane layouts (gen/simd.py, gen/gen_lanes.py) ----------------

LANE_MUTATIONS = {"avx2": [
    ("constant", re.compile(r"_mm256_set1_epi64x\((0x[0-9a-f]+)\)"),
     lambda m: f"_mm256_set1_epi64x({int(m.group(1), 16) + 1:#x})"),
    ("add for sub", re.compile(r"_mm256_sub_epi64"), lambda m: "_mm256_add_epi64"),
    ("sub for add", re.compile(r"_mm256_add_epi64"), lambda m: "_mm256_sub_epi64"),
    ("shift", re.compile(r"(_mm256_s[rl]li_epi64\(.*?, )(\d+)\)"), lambda m: f"{m.group(1)}{int(m.group(2)) - 1})"),
    ("limb index", re.compile(r"->limb\[(\d+)\]"), lambda m: f"->limb[{(int(m.group(1)) + 1) % 16}]"),
    ("signed product", re.compile(r"_mm256_mul_epu32"), lambda m: "_mm256_mul_epi32"),
], "neon": [
    ("constant", re.compile(r"(vdupq?_n_u(?:32|64))\((0x[0-9a-f]+)\)"),
     lambda m: f"{m.group(1)}({int(m.group(2), 16) + 1:#x})"),
    ("add for sub", re.compile(r"vsubq_u64"), lambda m: "vaddq_u64"),
    ("sub for add", re.compile(r"vaddq_u64"), lambda m: "vsubq_u64"),
    ("shift", re.compile(r"(vs[hr][rl]q?_n_u(?:32|64)\(.*?, )(\d+)\)"), lambda m: f"{m.group(1)}{int(m.group(2)) - 1})"),
    ("limb index", re.compile(r"->limb\[(\d+)\]"), lambda m: f"->limb[{(int(m.group(1)) + 1) % 16}]"),
    ("signed product", re.compile(r"vmull_u32"), lambda m: "vmull_s32"),
], "avx512ifma": [
    ("constant", re.compile(r"_mm512_set1_epi64\((0x[0-9a-f]+)\)"),
     lambda m: f"_mm512_set1_epi64({int(m.group(1), 16) + 1:#x})"),
    ("high half for low", re.compile(r"_mm512_madd52lo_epu64"), lambda m: "_mm512_madd52hi_epu64"),
    ("low half for high", re.compile(r"_mm512_madd52hi_epu64"), lambda m: "_mm512_madd52lo_epu64"),
    ("sub for add", re.compile(r"_mm512_add_epi64"), lambda m: "_mm512_sub_epi64"),
    ("shift", re.compile(r"(_mm512_s[rl]li_epi64\(.*?, )(\d+)\)"), lambda m: f"{m.group(1)}{int(m.group(2)) - 1})"),
    ("limb index", re.compile(r"->limb\[(\d+)\]"), lambda m: f"->limb[{(int(m.group(1)) + 1) % 16}]"),
]}

# isa -> [(file, what, edit, accepted?)]
LANE_TARGETED = {"avx2": [
    ("gf_lanes.h", "operands of an add swapped in gfl_add_nr (same values)",
     lambda t: in_function(t, "gfl_add_nr", lambda ln: ln.replace("_mm256_add_epi64(a0, b0)", "_mm256_add_epi64(b0, a0)")),
     True),
    ("gf_lanes.h", "gfl_sub with 3p instead of 2p (right mod p, not the proven schedule)",
     lambda t: in_function(t, "gfl_sub", lambda ln: ln.replace("0x1ffffffe)", "0x2ffffffd)")
                           .replace("0x1ffffffc)", "0x2ffffffa)")), False),
    ("gf_lanes.h", "a GCC vector-extension + in gfl_add (the reader takes intrinsics only)",
     lambda t: in_function(t, "gfl_add", lambda ln: ln.replace("_mm256_add_epi64(a0, b0)", "a0 + b0")), False),
    ("gfl_mul.c", "a product of an operand that is not proven below 2^32 (vpmuludq would drop its top)",
     lambda t: t.replace("_mm256_mul_epu32(a->limb[0], b->limb[0])",
                         "_mm256_mul_epu32(_mm256_slli_epi64(a->limb[0], 8), _mm256_srli_epi64(b->limb[0], 8))", 1),
     False),
    ("gfl_mul.c", "an early store to out before a is read (out may alias a)",
     lambda t: t.replace("    __m256i c8 = ", "    out->limb[0] = c0;\n    __m256i c8 = ", 1), False),
    ("gfl_sqr.c", "the carry of limb 0 dropped",
     lambda t: t.replace("__m256i lo1 = _mm256_add_epi64(_mm256_srli_epi64(lo0, 28), sa1);", "__m256i lo1 = sa1;", 1),
     False),
], "neon": [
    ("gf_lanes.h", "operands of an add swapped in gfl_add_nr (same values)",
     lambda t: in_function(t, "gfl_add_nr", lambda ln: ln.replace("vadd_u32(a0, b0)", "vadd_u32(b0, a0)")), True),
    ("gf_lanes.h", "gfl_sub_nr with 3p instead of 2p (exact, but not the proven schedule)",
     lambda t: in_function(t, "gfl_sub_nr", lambda ln: ln.replace("vdup_n_u32(0x1ffffffe)", "vdup_n_u32(0x2ffffffd)")
                           .replace("vdup_n_u32(0x1ffffffc)", "vdup_n_u32(0x2ffffffa)")), False),
    ("gfl_sqr.c", "a double word kept as a word without its vmovn_u64 (C's types disagree)",
     lambda t: t.replace("uint32x2_t c8 = vmovn_u64(vandq_u64(hi0, vdupq_n_u64(0xfffffff)));",
                         "uint32x2_t c8 = vandq_u64(hi0, vdupq_n_u64(0xfffffff));", 1), False),
    ("gfl_sqr.c", "the carry of limb 0 dropped",
     lambda t: t.replace("uint64x2_t lo1 = vaddq_u64(vshrq_n_u64(lo0, 28), sa1);", "uint64x2_t lo1 = sa1;", 1),
     False),
    ("gfl_mul.c", "a narrowing of a value that does not fit a word (vmovn_u64 would drop its top)",
     lambda t: t.replace("uint32x2_t c0 = vmovn_u64(vandq_u64(lo0, vdupq_n_u64(0xfffffff)));",
                         "uint32x2_t c0 = vmovn_u64(vandq_u64(lo0, vdupq_n_u64(0xfffffffff)));", 1), False),
], "avx512ifma": [
    ("gfl_mul.c", "the factors of a product swapped (same values)",
     lambda t: t.replace("_mm512_madd52lo_epu64(_mm512_setzero_si512(), a0, b1)",
                         "_mm512_madd52lo_epu64(_mm512_setzero_si512(), b1, a0)", 1), True),
    ("gfl_mul.c", "an operand of 52 bits or more (vpmadd52luq would drop its top bits)",
     lambda t: t.replace("_mm512_madd52lo_epu64(_mm512_setzero_si512(), a0, b0)",
                         "_mm512_madd52lo_epu64(_mm512_setzero_si512(), _mm512_slli_epi64(a0, 23), "
                         "_mm512_srli_epi64(b0, 23))", 1), False),
    ("gfl_sqr.c", "a product's high half left out",
     lambda t: re.sub(r"\n    H2 = _mm512_madd52hi_epu64\(H2, [^;]*\);", "", t, count=1), False),
]}


def lane_faults():
    import gen_lanes
    import simd
    mutated = set()
    for name, isa in simd.ISAS.items():
        d = os.path.join(ROOT, "generated", f"lanes_{name}")
        L, files, _ = gen_lanes.vector_functions(isa)
        files = own_files(d, files)
        texts = {f: open(os.path.join(d, f)).read() for f in files}
        try:
            c_match.check_lanes(isa, L, texts, files)
            report(True, f"lanes_{name}: the committed intrinsics match their proven schedules")
        except c_match.MatchError as e:
            report(False, f"lanes_{name}: the committed intrinsics are refused: {e}")
            continue
        if isa.template_dir in mutated:
            continue        # one layout per template prints the same intrinsics
        mutated.add(isa.template_dir)
        for fname, fns in sorted(files.items()):
            text = texts[fname]
            lines = text.split("\n")
            where = [i for i in routine_lines(text, [fn.name for fn in fns])
                     if "ASSERT_BOUND" not in lines[i]]
            for kind, rx, fix in LANE_MUTATIONS[isa.template_dir]:
                sites = [(i, m) for i in where for m in rx.finditer(lines[i])]
                for i, m in spread(sites, 2):
                    new = lines[i][:m.start()] + fix(m) + lines[i][m.end():]
                    t = dict(texts)
                    t[fname] = "\n".join(lines[:i] + [new] + lines[i + 1:])
                    label = f"lanes_{name} {fname}:{i + 1}: {kind}: `{new.strip()}`"
                    try:
                        c_match.check_lanes(isa, L, t, {fname: fns})
                        report(False, f"{label} is accepted")
                    except c_match.MatchError as e:
                        report(True, f"{label} refused: {e}")
        for fname, what, edit, accept in LANE_TARGETED[isa.template_dir]:
            t = dict(texts)
            t[fname] = edit(texts[fname])
            if t[fname] == texts[fname]:
                report(False, f"lanes_{name} {fname}: {what}: the edit found nothing to change")
                continue
            try:
                c_match.check_lanes(isa, L, t, {fname: files[fname]})
                report(accept, f"lanes_{name} {fname}: {what}: accepted")
            except c_match.MatchError as e:
                report(not accept, f"lanes_{name} {fname}: {what}: refused: {e}")


def lane_template_faults():
    """A planted fault in a vector template or in an instruction set's
    description must make gen/gen_lanes.py refuse the layout (it renders and
    checks every layout before it writes any file)."""
    import dataclasses
    import shutil
    import tempfile
    import jinja2
    import gen_lanes
    import simd
    plants = [
        ("avx2", "templates/simd/ir.j2", "every -= printed as +=",
         lambda t: t.replace("{{ ind }}{{ s.var }} = {{ call(s.kind, s.ty, [s.var, expr(s.expr)]) }};",
                             "{{ ind }}{{ s.var }} = {{ call('add', s.ty, [s.var, expr(s.expr)]) }};"), None),
        ("avx2", "templates/simd/ir.j2", "a mask printed one bit wide of its width",
         lambda t: t.replace("hex(2 ** e.k - 1)", "hex(2 ** (e.k + 1) - 1)"), None),
        ("avx2", "templates/avx2/gf_lanes.h.j2", "the inline routines printed without their input loads",
         lambda t: t.replace("{{ ir.function(fn, info) }}", "{{ ir.function(fn, info) | replace('= a->limb[0];', '= a->limb[1];') }}"),
         None),
        ("avx2", None, "the description's sub intrinsic swapped for add",
         None, lambda isa: dataclasses.replace(isa, ops={**isa.ops, "sub": "_mm256_add_epi64"})),
        ("avx2", None, "the description.s shift intrinsic an arithmetic one, which the reader does not take",
         None, lambda isa: dataclasses.replace(isa, ops={**isa.ops, "shr": "_mm256_srai_epi32"})),
    ]
    for name, path, what, edit, change in plants:
        isa = simd.ISAS[name]
        with tempfile.TemporaryDirectory() as tmp:
            tdir = os.path.join(tmp, "templates")
            shutil.copytree(os.path.join(ROOT, "templates"), tdir)
            if path:
                full = os.path.join(tmp, path)
                text = open(full).read()
                new = edit(text)
                if new == text:
                    report(False, f"lanes_{name} {path}: {what}: the plant found nothing to change")
                    continue
                open(full, "w").write(new)
            if change:
                isa = change(isa)
            env = jinja2.Environment(loader=jinja2.FileSystemLoader(tdir), undefined=jinja2.StrictUndefined,
                                     trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True,
                                     autoescape=False)
            try:
                gen_lanes.render_vector(env, isa)
                report(False, f"lanes_{name}: {what}: the generator accepts it")
            except (c_match.MatchError, ir.BoundError, prove.ProofError, gen_lanes.LaneError) as e:
                report(True, f"lanes_{name}: {what}: the generator refuses: {e}")


# Faults in the NEON products (gen/neon_split.py): one change to a statement
# of the committed gf_mul.c / gf_sqr.c; gen/neon_split_read.py and the proof
# must refuse each. (name, pattern, replacement)
NEON_MUTATIONS = [
    ("another scalar lane", re.compile(r"laneq_u32\((.*), (\d)\)"),
     lambda m: f"laneq_u32({m.group(1)}, {(int(m.group(2)) + 1) % 4})"),
    ("the other half of a vector", re.compile(r"vmlal_high_laneq_u32\((\w+), (\w+),"),
     lambda m: f"vmlal_laneq_u32({m.group(1)}, vget_low_u32({m.group(2)}),"),
    ("a carry one bit off", re.compile(r"vsraq_n_u64\((\w+), (\w+), 28\)"),
     lambda m: f"vsraq_n_u64({m.group(1)}, {m.group(2)}, 27)"),
    ("the operands of a trn1 swapped", re.compile(r"vtrn1q_u32\((\w+), (\w+)\)"),
     lambda m: f"vtrn1q_u32({m.group(2)}, {m.group(1)})"),
    ("the wrap's operands swapped", re.compile(r"vtrn2q_u64\((\w+), (\w+)\)"),
     lambda m: f"vtrn2q_u64({m.group(2)}, {m.group(1)})"),
    ("a narrowing shift one bit off", re.compile(r"vshrn_n_u64\(([\w.\[\]]+), 28\)"),
     lambda m: f"vshrn_n_u64({m.group(1)}, 29)"),
    ("a 29-bit limb mask", re.compile(r"vdupq_n_u32\(0xfffffff\)"), lambda m: "vdupq_n_u32(0x1fffffff)"),
    ("an insert one bit off", re.compile(r"vsliq_n_u64\((\w+), (\w+), 28\)"),
     lambda m: f"vsliq_n_u64({m.group(1)}, {m.group(2)}, 29)"),
    ("two output registers swapped", re.compile(r"\{\{(\w+), (\w+), "), lambda m: f"{{{{{m.group(2)}, {m.group(1)}, "),
]


def neon_faults():
    import neon_split_read as rd
    for lname, L in layouts.LAYOUTS.items():
        if L.mul_printer != "neon_split":
            continue
        d = os.path.join(ROOT, "generated", f"p448_{lname}")
        for fname, name, square in rd.ROUTINES:
            if not os.path.exists(os.path.join(d, fname)):
                continue        # its base's, mutated there
            text = open(os.path.join(d, fname)).read()
            try:
                rd.prove_file(L, text, name, square)
                report(True, f"{lname} {fname}: the committed NEON {name} is accepted")
            except (rd.ReadError, ir.BoundError, prove.ProofError) as e:
                report(False, f"{lname} {fname}: the committed NEON {name} is refused: {e}")
                continue
            lines = text.split("\n")
            start = lines.index(next(ln for ln in lines if ln.startswith(f"void {name}(")))
            for kind, rx, fix in NEON_MUTATIONS:
                sites = [(i, m) for i in range(start + 1, len(lines)) for m in rx.finditer(lines[i])]
                if not sites:
                    report(False, f"{lname} {fname}: no site for the fault '{kind}'")
                    continue
                for i, m in spread(sites, 3):
                    new = lines[i][:m.start()] + fix(m) + lines[i][m.end():]
                    mutated = "\n".join(lines[:i] + [new] + lines[i + 1:])
                    label = f"{lname} {fname}:{i + 1}: {kind}: `{new.strip()}`"
                    try:
                        rd.prove_file(L, mutated, name, square)
                        report(False, f"{label} is accepted")
                    except (rd.ReadError, ir.BoundError, prove.ProofError) as e:
                        report(True, f"{label} refused: {str(e)[:120]}")


def main():
    t0 = time.monotonic()
    schedule_faults()
    t1 = time.monotonic()
    c_faults()
    c_targeted()
    lane_faults()
    lane_template_faults()
    neon_faults()
    t2 = time.monotonic()
    print(f"fault injection took {t1 - t0:.1f} s (schedules) and {t2 - t1:.1f} s (C)")
    print(f"{results[0]} passed, {results[1]} failed")
    return 1 if results[1] else 0


if __name__ == "__main__":
    sys.exit(main())
