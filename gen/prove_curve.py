#!/usr/bin/env python3
"""Proves every curve formula of goldilocks from the text that is compiled.

The curve code is compiled on a symbolic field (gen/curve_trace/: a "layout"
whose gf is a number in a trace, whose operations print one line each), and
each formula instance the library runs is called once on fresh inputs by a
driver (gen/curve_trace/trace_<backend>.c), with the same headers, .c files
and aliasing as the library. This program compiles and runs the drivers,
reads the traces back as polynomials over GF(p) (gen/curve_poly.py), and
proves for each instance the claim its driver names (CLAIMS below):

  - an Edwards addition or doubling, in any coordinate form: the outputs
    represent the group law's result (x3 = X3/Z3, y3 = Y3/Z3, T3 Z3 = X3 Y3),
    modulo the curve equation of each input point, and Z3 is a nonzero constant
    times a monomial in the inputs' Z times (1 + d w)(1 - d w), w = x1 x2 y1 y2:
    on edwards448 (a = 1, d not a square) that never vanishes (Bernstein, Lange,
    "Faster addition and doubling on elliptic curves", 2007, Theorem 3.3); on
    the twisted curve E' (a = -1) it vanishes only at the exceptional pairs,
    which the algorithms never reach (the argument is printed with its checked
    facts: --explain);
  - the isogenies phi: E -> E' and phi_hat: E' -> E: the image is on the other
    curve, the map is the stated rational function, the neutral element goes to
    the neutral element, and phi_hat(phi(P)) = [4]P against the proven doubling;
  - the X448 ladder step and doubling: equal, as polynomials, to RFC 7748
    section 5's step after its conditional swap, and RFC 7748's step is
    Montgomery's differential addition and doubling on curve448 (proven here
    from v^2 = u^3 + A u^2 + u);
  - conversions between forms (cached, niels, table entries, negations): equal
    to their definitions;
  - the maps between curve448 and edwards448 (isogeny.c's, convert.c's u of
    an Ed448 key), Elligator 2, decaf448's decoding and encoding, with
    inverses, roots and data-dependent tests proven case by case:
    gen/prove_curve_maps.py; decaf448.c's encoding of twisted points, MAP and
    equality test, and decaf448_lanes.c's forms: gen/prove_curve_decaf.py;
  - Ed448's point encoding and decoding, the batch inversions (Montgomery's
    trick), precomputed.c's phi(Q) from u and [4] on the u line, point_eq's
    and point_valid's masks: gen/prove_curve_encode.py;
  - bounds: every operation's inputs meet field.h's contract (tight or loose),
    propagated from the inputs' stated bounds, every test reads a tight value;
    every output meets its own.

Usage: python3 gen/prove_curve.py [--cc CC] [--quiet] [--explain] [--mutants [N]]
  --mutants sweeps every single-operation mutant of every traced formula (an
  operator changed, an operand replaced, a term dropped, a constant or a lane
  permutation changed) and requires that each is refused; N keeps every N-th.
Prints "proven: SOURCE FORMULA (claim)" per instance and ends with
"N passed, N failed".
"""

import argparse
import functools
import os
import subprocess
import sys
import tempfile
import types

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from prime import P  # noqa: E402
import curve_poly as cp  # noqa: E402
import prove_curve_maps as maps  # noqa: E402
import prove_curve_encode as encode  # noqa: E402
import prove_curve_decaf as decaf  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
D = -39081          # edwards448: x^2 + y^2 = 1 + d x^2 y^2
D_TW = -39082       # E': -x^2 + y^2 = 1 + d' x^2 y^2, d' = d - 1
A24 = 39081         # RFC 7748: (A - 2) / 4
A_MONT = 156326     # curve448: v^2 = u^3 + A u^2 + u
MULW_MAX = 1 << 20  # field.h: gf_mulw takes 0 <= w <= GF_MULW_MAX, at least 2^20

# ---- the traces ----

# Each backend's driver, the sources it compiles in, and its include directories
# (before src/'s layers). The symbolic field is gen/curve_trace/.
BACKENDS = {
    "portable": {
        "sources": ["gen/curve_trace/trace_portable.c", "gen/curve_trace/trace_edwards.c",
                    "src/backend/portable/point_arith.c", "src/backend/portable/point_single.c"],
        "include": ["src/backend/portable"],
        "defines": [],
    },
    "lanes": {
        "sources": ["gen/curve_trace/trace_lanes.c", "src/point/point_lanes.c"],
        "include": ["src/backend/portable"],
        "defines": ["-DTRACE_LANES=2"],
    },
    "lanes2": {
        "sources": ["gen/curve_trace/trace_lanes2.c", "gen/curve_trace/trace_edwards.c",
                    "src/backend/lanes2/point_arith_lanes2.c", "src/backend/portable/point_single.c"],
        "include": ["src/backend/lanes2"],
        "defines": ["-DTRACE_LANES=2"],
    },
    "r50": {
        # gen/curve_trace/r50/ first: the symbolic gf4r50.h and the ladder's one-step shell;
        # point_arith.c (the backend's, proven under "portable") links COMMON_SOURCES
        "sources": ["gen/curve_trace/trace_r50.c", "gen/curve_trace/trace_edwards.c",
                    "src/backend/portable/point_arith.c", "src/backend/r50/point_single_r50.c"],
        "include": ["gen/curve_trace/r50", "src/backend/r50"],
        "defines": [],
        # gf4r50_mulw's maximum, below field.h's: the r50 trace's gf_mulw lines are the lanes'
        # and twisted_from_edwards' (phi), all checked against the smaller
        "mulw_max": ("generated/r50/gf4r50_routines.h", "GF4R50_MULW_MAX"),
    },
    "maps": {  # the maps between curve448 and edwards448: gen/prove_curve_maps.py
        "sources": ["gen/curve_trace/trace_maps.c", "src/h2c/isogeny.c", "src/h2c/elligator2.c"],
        "include": ["src/backend/portable", "src/h2c"],
        "defines": [],
    },
    "encode": {  # Ed448's encoding and decoding, the batch inversions...: gen/prove_curve_encode.py
        # the other functions of point_msm.c, point_lanes.c and the .c files the driver
        # includes (precomputed.c, x448_base_batch.c, ed448_sign_batch.c), which call what
        # the symbolic field lacks, are dropped at link time (their own sections, unreferenced)
        "sources": ["gen/curve_trace/trace_encode.c", "src/point/point_encode.c", "src/point/point_msm.c",
                    "src/h2c/isogeny.c", "src/point/point_lanes.c"],
        "include": ["src/backend/portable", "src/h2c"],
        "defines": ["-DTRACE_LANES=2", "-ffunction-sections", "-Wl,--gc-sections"],
    },
    "decaf": {  # decaf448.c's encoding of E' points, MAP, equality, decaf448_lanes.c: gen/prove_curve_decaf.py
        # the driver compiles decaf448.c in; the link drops its public API, never called
        "sources": ["gen/curve_trace/trace_decaf.c", "gen/curve_trace/trace_decaf_lanes.c"],
        "include": ["src/backend/portable"],
        "defines": ["-ffunction-sections", "-Wl,--gc-sections"],
    },
}
LAYER_INCLUDES = ["src/field", "src/point", "src/proto", "src/core", "src/scalar", "src/hash", "include"]
COMMON_SOURCES = ["gen/curve_trace/trace.c", "src/point/point_arith_common.c", "src/core/ct.c"]


class Formula:
    def __init__(self, name, claim, source, backend):
        self.name, self.claim, self.source, self.backend = name, claim, source, backend
        self.inputs = []   # (id, name, kind)
        self.ops = []      # (id, op, args): args ids or ('#', k); perm: (id, 'perm', (srcs, idx))
        self.outputs = []  # (name, id, kind)
        self.assume = {}   # id: the answer of the test of that value (prove_curve_maps.py)
        self.masks = {}    # name: 0 or 1, a mask the instance returns
        self.tests = []    # (id, answer) of every test in order (a value may be tested twice)


def parse_trace(text, backend):
    formulas, cur = [], None
    for line in text.splitlines():
        w = line.split()
        if not w:
            continue
        if w[0] == "formula":
            cur = Formula(w[1], w[2], w[3], backend)
        elif w[0] == "in":
            cur.inputs.append((int(w[1]), w[2], w[3]))
        elif w[0] == "v":
            args = tuple(("#", int(a[1:])) if a.startswith("#") else int(a) for a in w[3:])
            cur.ops.append((int(w[1]), w[2], args))
        elif w[0] == "perm":
            base, n = int(w[1]), int(w[2])
            srcs = tuple(int(a) for a in w[3:3 + n])
            idx = tuple(int(a) for a in w[4 + n:4 + 2 * n])
            cur.ops.append((base, "perm", (srcs, idx)))
        elif w[0] == "assume":
            cur.assume[int(w[1])] = w[2]
            cur.tests.append((int(w[1]), w[2]))
        elif w[0] == "mask":
            cur.masks[w[1]] = int(w[2])
        elif w[0] == "out":
            cur.outputs.append((w[1], int(w[2]), w[3]))
        elif w[0] == "end":
            formulas.append(cur)
            cur = None
        else:
            raise ValueError("unknown trace line: " + line)
    return formulas


def build_and_trace(backend, cc, workdir):
    spec = BACKENDS[backend]
    exe = os.path.join(workdir, "trace_" + backend)
    incs = ["-I" + os.path.join(ROOT, "gen/curve_trace")]
    incs += ["-I" + os.path.join(ROOT, d) for d in spec["include"] + LAYER_INCLUDES]
    srcs = [os.path.join(ROOT, s) for s in COMMON_SOURCES + spec["sources"]]
    cmd = [cc, "-std=c11", "-O1", "-Wall", "-Wextra", "-Werror"] + spec["defines"] + incs + srcs + ["-o", exe]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode:
        raise RuntimeError("building the %s trace failed:\n%s\n%s" % (backend, " ".join(cmd), r.stderr))
    r = subprocess.run([exe], capture_output=True, text=True)
    if r.returncode:
        raise RuntimeError("the %s trace failed: %s" % (backend, r.stderr))
    return parse_trace(r.stdout, backend)


# ---- evaluation: the trace as polynomials, with field.h's bounds ----

class Refused(Exception):
    pass


@functools.lru_cache(maxsize=None)
def mulw_max(backend):
    """The largest gf_mulw constant of a backend's trace: field.h's, or the #define its
    BACKENDS entry names."""
    spec = BACKENDS.get(backend, {}).get("mulw_max")
    if spec is None:
        return MULW_MAX
    path, name = spec
    try:
        with open(os.path.join(ROOT, path)) as fh:
            for line in fh:
                w = line.split()
                if w[:2] == ["#define", name]:
                    return min(MULW_MAX, int(w[2].rstrip("uUlL"), 0))
    except OSError as e:
        raise Refused("bounds: %s" % e)
    raise Refused("bounds: no #define %s in %s" % (name, path))


# op: (arity, input kinds accepted, output kind); None = the kind of the value taken
OPS = {
    "add": (2, ("tight",), "tight"), "sub": (2, ("tight",), "tight"), "neg": (1, ("tight",), "tight"),
    "add_nr": (2, ("tight",), "loose"), "sub_nr": (2, ("tight",), "loose"),
    "mul": (2, ("tight", "loose"), "tight"), "sqr": (1, ("tight", "loose"), "tight"),
    "mulw": (1, ("tight", "loose"), "tight"), "weak": (1, ("tight", "loose"), "tight"),
    "copy": (1, ("tight", "loose"), None), "set": (0, (), "tight"),
    "sel_a": (2, ("tight", "loose"), None), "sel_b": (2, ("tight", "loose"), None),
    "inv": (1, ("tight",), "tight"), "isr": (1, ("tight",), "tight"),
}


def evaluate(f, ring, inputs, check_bounds=True, inverses=None):
    """The outputs of f as polynomials of ring, from inputs {name: polynomial}. An inverse is
    ring's variable i<ID> (prove_curve_maps.py), and inverses[i<ID>] = the value inverted."""
    val, kind = {}, {}
    w_max = mulw_max(f.backend)
    for i, name, k in f.inputs:
        if name.startswith("_") and name in ring.index:
            val[i], kind[i] = ring.var(name), k  # another lane's input: a free variable
            continue
        if name not in inputs:
            raise Refused("input %s has no meaning in claim %s" % (name, f.claim))
        val[i], kind[i] = inputs[name], k

    def get(a, op):
        if a not in val:
            raise Refused("%s reads a value never written (%s)" % (op, a))
        return val[a]

    for oid, op, args in f.ops:
        if op == "perm":
            srcs, idx = args
            for j, s in enumerate(idx):
                val[oid + j] = get(srcs[s], "perm")
                kind[oid + j] = kind[srcs[s]]
            continue
        arity, accepts, out_kind = OPS[op]
        ids = [a for a in args if not isinstance(a, tuple)]
        consts = [a[1] for a in args if isinstance(a, tuple)]
        xs = [get(a, op) for a in ids]
        if check_bounds:
            read = ids[1:2] if op == "sel_b" else ids[:1] if op == "sel_a" else ids
            for a in read:
                if kind[a] not in accepts:
                    raise Refused("bounds: %s of a %s value (v%d)" % (op, kind[a], oid))
        if op in ("add", "add_nr"):
            v = cp.add(xs[0], xs[1])
        elif op in ("sub", "sub_nr"):
            v = cp.sub(xs[0], xs[1])
        elif op == "neg":
            v = cp.neg(xs[0])
        elif op == "mul":
            v = ring.nf(cp.mul(xs[0], xs[1]))
        elif op == "sqr":
            v = ring.nf(cp.mul(xs[0], xs[0]))
        elif op == "mulw":
            if check_bounds and not 0 <= consts[0] <= w_max:
                raise Refused("bounds: gf_mulw by %d" % consts[0])
            v = cp.scale(xs[0], consts[0])
        elif op in ("weak", "copy"):
            v = xs[0]
        elif op == "set":
            v = ring.const(consts[0])
        elif op == "sel_a":
            v = xs[0]
        elif op == "sel_b":
            v = xs[1]
        elif op in ("inv", "isr"):
            v = maps.inverse(f, ring, op, oid, ids[0], xs[0], inverses, Refused)
        else:
            raise Refused("unknown operation " + op)
        val[oid] = v
        k = out_kind
        if k is None:
            k = kind[ids[1]] if op == "sel_b" else kind[ids[0]]
        kind[oid] = k
    if check_bounds:  # a test (gf_is_zero, gf_lobit, gf_eq's difference, ...) reads a tight value
        for a in f.assume:
            if a in kind and kind[a] != "tight":
                raise Refused("bounds: a test reads a %s value (v%d)" % (kind[a], a))
    outs = {}
    for name, i, k in f.outputs:
        if i not in val:
            raise Refused("output %s was never written" % name)
        if check_bounds and k == "tight" and kind[i] != "tight":
            raise Refused("bounds: output %s is %s, its contract says tight" % (name, kind[i]))
        outs[name] = val[i]
    for v in idle(f):
        if any(cp.depends_on(o, ring, v) for o in outs.values()):
            raise Refused("an output reads %s, another lane's input" % v)
    return outs


def idle(f):
    """The inputs of f in the lanes its claim is not about (named "_...")."""
    return [name for _, name, _ in f.inputs if name.startswith("_")]


# ---- the meaning of the inputs: a point (x, y) with projective Z, in each form ----

def forms(ring, tag, z=None):
    """{input name: polynomial} of point `tag` (affine xTAG, yTAG; Z = zTAG, or z given)."""
    x, y = ring.var("x" + tag), ring.var("y" + tag)
    if z is None:
        z = ring.var("z" + tag)
    xy = cp.mul(x, y)
    xz, yz, xyz = cp.mul(x, z), cp.mul(y, z), cp.mul(xy, z)
    f = {
        "X": xz, "Y": yz, "Z": z, "T": xyz,                                    # extended
        "DT": cp.scale(xyz, D),                                                # cached: d T
        "x": x, "y": y, "DXY": cp.scale(xy, D),                                # niels
        "YMX": cp.sub(yz, xz), "YPX": cp.add(yz, xz), "ZZ": cp.scale(z, 2),    # E' entries
        "TD": cp.scale(xyz, 2 * D_TW),
        "ymx": cp.sub(y, x), "ypx": cp.add(y, x), "td": cp.scale(xy, 2 * D_TW),
    }
    return {k + tag: ring.nf(v) for k, v in f.items()}


def negated(ring, tag, names):
    """forms of -P = (-x, y): the same names, x negated."""
    x = "x" + tag
    vals = {v: ring.var(v) for v in ring.names}
    vals[x] = cp.neg(ring.var(x))
    fm = forms(ring, tag)
    return {n: ring.nf(cp.substitute(fm[n], ring, vals, ring)) for n in names}


CURVES = {"E": (1, D), "E'": (-1, D_TW)}


def edwards_ring(curve, tags, extra=(), f=None):
    """The ring of points `tags` on curve, with the variables extra and f's idle inputs."""
    a, d = CURVES[curve]
    names = [v + t for t in tags for v in ("x", "y", "z")] + list(extra) + (idle(f) if f else [])
    return cp.Ring(names, [("x" + t, "y" + t, a, d) for t in tags])


def is_zero(ring, p):
    return not ring.nf(p)


class Claims:
    """The claims of gen/prove_curve.py, by name; each returns a line of what was proven
    or raises Refused."""

    def __init__(self):
        self.notes = []

    # The group law: P1 + sign P2 (or 2 P1), its x and y, T Z = X Y, and where Z3 vanishes.
    def law(self, f, curve, sign, double):
        a, d = CURVES[curve]
        if double:
            ring = edwards_ring(curve, ["1"], extra=["t1"], f=f)
            inputs = forms(ring, "1")
            inputs["T1"] = ring.var("t1")  # a doubling must not read T
            x1, y1 = ring.var("x1"), ring.var("y1")
            x2, y2 = x1, y1
        else:
            ring = edwards_ring(curve, ["1", "2"], f=f)
            inputs = {**forms(ring, "1"), **forms(ring, "2")}
            x1, y1, x2, y2 = (ring.var(v) for v in ("x1", "y1", "x2", "y2"))
            if sign < 0:
                x2 = cp.neg(x2)
        out = evaluate(f, ring, inputs)
        X3, Y3, Z3 = out["X3"], out["Y3"], out["Z3"]
        if double and any(cp.depends_on(v, ring, "t1") for v in out.values()):
            raise Refused("a doubling reads T")
        w = cp.mul(cp.mul(x1, x2), cp.mul(y1, y2))
        one = ring.const(1)
        x3n = cp.add(cp.mul(x1, y2), cp.mul(y1, x2))
        x3d = cp.add(one, cp.scale(w, d))
        y3n = cp.sub(cp.mul(y1, y2), cp.scale(cp.mul(x1, x2), a))
        y3d = cp.sub(one, cp.scale(w, d))
        if not is_zero(ring, cp.sub(cp.mul(X3, x3d), cp.mul(Z3, x3n))):
            raise Refused("X3/Z3 is not the sum's x")
        if not is_zero(ring, cp.sub(cp.mul(Y3, y3d), cp.mul(Z3, y3n))):
            raise Refused("Y3/Z3 is not the sum's y")
        if "T3" in out and not is_zero(ring, cp.sub(cp.mul(out["T3"], Z3), cp.mul(X3, Y3))):
            raise Refused("T3 Z3 != X3 Y3")
        zs = [v for v in ring.names if v.startswith("z")]
        fac = cp.monomial_factor(Z3, ring.nf(cp.mul(x3d, y3d)), ring, zs)
        if fac is None:
            raise Refused("Z3 is not (1 + d w)(1 - d w) times a monomial in the Z's")
        what = "2P" if double else "P + Q" if sign > 0 else "P - Q"
        return "%s on %s, Z3 = c Z^k (1 - d^2 w^2)%s" % (what, curve, ", T not read" if double else "")

    def isogeny(self, f, src, dst):
        """phi (E -> E') or phi_hat (E' -> E), the doubling shape with the other curve's a."""
        a_src, _ = CURVES[src]
        a_dst, d_dst = CURVES[dst]
        ring = edwards_ring(src, ["1"], extra=["t1"], f=f)
        inputs = forms(ring, "1")
        inputs["T1"] = ring.var("t1")
        out = evaluate(f, ring, inputs)
        if any(cp.depends_on(v, ring, "t1") for v in out.values()):
            raise Refused("the isogeny reads T")
        X, Y, Z, T = out["X3"], out["Y3"], out["Z3"], out["T3"]
        x, y = ring.var("x1"), ring.var("y1")
        xx, yy, one = cp.mul(x, x), cp.mul(y, y), ring.const(1)
        sq = lambda p: cp.mul(p, p)  # noqa: E731
        # on the target: a X^2 Z^2 + Y^2 Z^2 = Z^4 + d X^2 Y^2
        lhs = cp.mul(cp.add(cp.scale(sq(X), a_dst), sq(Y)), sq(Z))
        rhs = cp.add(sq(sq(Z)), cp.scale(cp.mul(sq(X), sq(Y)), d_dst))
        if not is_zero(ring, cp.sub(lhs, rhs)):
            raise Refused("the image is not on %s" % dst)
        if not is_zero(ring, cp.sub(cp.mul(T, Z), cp.mul(X, Y))):
            raise Refused("T3 Z3 != X3 Y3")
        # x' = 2xy / (y^2 - a x^2), y' = (y^2 - a' x^2) / (2 - y^2 - a x^2), a the source's and
        # a' the target's (HWCD 2008, section 3.3; point_dbl_shape.h)
        xden = cp.sub(yy, cp.scale(xx, a_src))
        yden = cp.sub(cp.scale(one, 2), cp.add(yy, cp.scale(xx, a_src)))
        ynum = cp.sub(yy, cp.scale(xx, a_dst))
        if not is_zero(ring, cp.sub(cp.mul(X, xden), cp.mul(Z, cp.scale(cp.mul(x, y), 2)))):
            raise Refused("x' is not 2xy / (y^2 %s x^2)" % ("-" if a_src == 1 else "+"))
        if not is_zero(ring, cp.sub(cp.mul(Y, yden), cp.mul(Z, ynum))):
            raise Refused("y' is not the map's")
        fac = cp.monomial_factor(Z, ring.nf(cp.mul(xden, yden)), ring, ["z1"])
        if fac is None:
            raise Refused("Z3 is not c Z^k times the map's denominators")
        # the neutral element (0, 1) goes to (0, 1)
        at = {"x1": ring.const(0), "y1": ring.const(1), "z1": ring.const(1), "t1": ring.const(0)}
        e = {k: cp.substitute(v, ring, at, ring) for k, v in out.items()}
        if e["X3"] or not e["Z3"] or cp.sub(e["Y3"], e["Z3"]):
            raise Refused("the neutral element does not go to the neutral element")
        if src == "E":
            # phi kills E's 4-torsion, (0, -1) of order 2 and (+-1, 0) of order 4
            for x0, y0 in ((0, -1), (1, 0), (-1, 0)):
                at = {"x1": ring.const(x0), "y1": ring.const(y0), "z1": ring.const(1), "t1": ring.const(0)}
                e = {k: cp.substitute(v, ring, at, ring) for k, v in out.items()}
                if e["X3"] or not e["Z3"] or cp.sub(e["Y3"], e["Z3"]):
                    raise Refused("phi(%d, %d) is not the neutral element" % (x0, y0))
        return "%s -> %s, image on %s, neutral to neutral%s, Z3 = c Z^k (denominators)" % (
            src, dst, dst, ", 4-torsion to neutral" if src == "E" else "")

    def equal(self, f, ring, inputs, expect, what):
        out = evaluate(f, ring, inputs)
        for name, v in expect.items():
            if name not in out:
                raise Refused("no output " + name)
            if not is_zero(ring, cp.sub(out[name], v)):
                raise Refused("output %s is not %s" % (name, what))
        if set(out) != set(expect):
            raise Refused("outputs %s, expected %s" % (sorted(out), sorted(expect)))
        return what


def rfc7748_step(ring, swap):
    """RFC 7748 section 5's step after cswap(swap): (x_2, z_2, x_3, z_3)."""
    x1, x2, z2, x3, z3 = (ring.var(v) for v in ("U1", "X2", "Z2", "X3", "Z3"))
    if swap:
        x2, z2, x3, z3 = x3, z3, x2, z2
    A = cp.add(x2, z2)
    AA = cp.mul(A, A)
    B = cp.sub(x2, z2)
    BB = cp.mul(B, B)
    E = cp.sub(AA, BB)
    C = cp.add(x3, z3)
    Dd = cp.sub(x3, z3)
    DA = cp.mul(Dd, A)
    CB = cp.mul(C, B)
    s, t = cp.add(DA, CB), cp.sub(DA, CB)
    return {
        "X3o": cp.mul(s, s),
        "Z3o": cp.mul(x1, cp.mul(t, t)),
        "X2o": cp.mul(AA, BB),
        "Z2o": cp.mul(E, cp.add(AA, cp.scale(E, A24))),
    }


def prover():
    """This program's names, for gen/prove_curve_maps.py's claims (which take them as an argument:
    this file runs as a script, not as the module that an import would load again)."""
    return types.SimpleNamespace(**globals())


def prove_formula(f, claims, traces_by_name):
    c = f.claim
    if c in maps.CLAIMS:
        return maps.CLAIMS[c](f, prover())
    if c in encode.CLAIMS:
        return encode.CLAIMS[c](f, prover())
    if c in decaf.CLAIMS:
        return decaf.CLAIMS[c](f, prover())
    if c in ("ed_add", "ed_sub", "tw_add", "tw_sub"):
        return claims.law(f, "E" if c.startswith("ed") else "E'", -1 if c.endswith("sub") else 1, False)
    if c in ("ed_dbl", "tw_dbl"):
        return claims.law(f, "E" if c == "ed_dbl" else "E'", 1, True)
    if c == "phi":
        return claims.isogeny(f, "E", "E'")
    if c == "phi_hat":
        return claims.isogeny(f, "E'", "E")
    if c in ("x448_step", "x448_step_swap"):
        ring = cp.Ring(["U1", "X2", "Z2", "X3", "Z3"] + idle(f))
        inputs = {v: ring.var(v) for v in ring.names}
        return claims.equal(f, ring, inputs, rfc7748_step(ring, c.endswith("swap")),
                            "RFC 7748's step after its cswap")
    if c == "x448_double":
        ring = cp.Ring(["U1", "X2", "Z2", "X3", "Z3"] + idle(f))
        inputs = {v: ring.var(v) for v in ("X2", "Z2")}
        st = rfc7748_step(ring, False)
        return claims.equal(f, ring, inputs, {k: st[k] for k in ("X2o", "Z2o")}, "RFC 7748's doubling")
    # conversions between forms: equal to the definitions
    ring = edwards_ring("E'" if c in ("to_tcached", "from_tcached") else "E", ["1"], f=f)
    fm = forms(ring, "1")
    names = [n for n, _, _ in f.outputs]
    own = [n for _, n, _ in f.inputs if not n.startswith("_")]
    if c in ("to_cached", "niels_id", "cached_id", "point_id", "to_tcached"):
        ins = {n: fm[n] for n in own}
        return claims.equal(f, ring, ins, {n: fm[n] for n in names}, "its definition")
    if c in ("ed_neg", "cached_neg", "niels_neg"):
        ins = {n: fm[n] for n in own}
        return claims.equal(f, ring, ins, negated(ring, "1", names), "the negation, (-x, y)")
    if c == "from_niels":
        f1 = forms(ring, "1", z=ring.const(1))
        return claims.equal(f, ring, {n: f1[n] for n in own}, {n: f1[n] for n in names},
                            "the point (x, y, 1, x y)")
    if c == "to_niels":
        f1 = forms(ring, "1", z=ring.const(1))
        return claims.equal(f, ring, {n: f1[n] for n in own}, {n: f1[n] for n in names},
                            "(x, y, d x y) of a point with Z = 1")
    if c == "from_tcached":
        f2 = forms(ring, "1", z=cp.scale(ring.var("z1"), 2))
        return claims.equal(f, ring, {n: fm[n] for n in own}, {n: f2[n] for n in names},
                            "the point (2X, 2Y, 2Z) of the entry")
    raise Refused("no claim named " + c)


def prove_four(by_name):
    """phi_hat(phi(P)) = [2][2]P on E, from the traces of the three formulas (each proven)."""
    ring = edwards_ring("E", ["1"])
    p = forms(ring, "1")
    dbl = by_name["point_double"]
    q = evaluate(dbl, ring, p, check_bounds=False)
    r = evaluate(dbl, ring, {k[:-1] + "1": v for k, v in q.items()}, check_bounds=False)
    m = evaluate(by_name["twisted_from_edwards"], ring, p, check_bounds=False)
    s = evaluate(by_name["twisted_to_edwards"], ring, {k[:-1] + "1": v for k, v in m.items()}, check_bounds=False)
    for c in ("X", "Y"):
        if not is_zero(ring, cp.sub(cp.mul(s[c + "3"], r["Z3"]), cp.mul(r[c + "3"], s["Z3"]))):
            raise Refused("phi_hat(phi(P)) != [4]P in %s" % c)
    return "phi_hat(phi(P)) = [4]P (twisted_to_edwards of twisted_from_edwards against point_double twice)"


def reduce_v(poly, ring, pairs):
    """poly modulo v^2 = f(u) for each (v, f): v^(2k + r) = f^k v^r."""
    out = {}
    for m, c in poly.items():
        t = {tuple(e if ring.names[i] not in pairs else e % 2 for i, e in enumerate(m)): c}
        for i, e in enumerate(m):
            name = ring.names[i]
            if name in pairs and e >= 2:
                t = cp.mul(t, cp.power(pairs[name], e // 2, ring.const(1)))
        out = cp.add(out, t)
    return out


def prove_montgomery():
    """RFC 7748's step is Montgomery's x-only arithmetic on curve448, v^2 = u^3 + A u^2 + u:
    u([2]P) = (u^2 - 1)^2 / (4u (u^2 + A u + 1)) and u(P + Q) u(P - Q) (uP - uQ)^2 = (uP uQ - 1)^2
    (Montgomery 1987, section 10.3.1), from the chord-and-tangent law; and the RFC's
    (x_2, z_2), (x_3, z_3) are those fractions."""
    ring = cp.Ring(["uP", "vP", "uQ", "vQ"])
    uP, vP, uQ, vQ = (ring.var(v) for v in ring.names)
    one, A = ring.const(1), A_MONT

    def f(u):
        return cp.add(cp.add(cp.mul(cp.mul(u, u), u), cp.scale(cp.mul(u, u), A)), u)

    pairs = {"vP": f(uP), "vQ": f(uQ)}
    # doubling: lambda = (3u^2 + 2Au + 1) / (2v), u(2P) = lambda^2 - A - 2u; times 4 v^2:
    lam_n = cp.add(cp.add(cp.scale(cp.mul(uP, uP), 3), cp.scale(uP, 2 * A)), one)
    den = cp.scale(cp.mul(uP, cp.add(cp.add(cp.mul(uP, uP), cp.scale(uP, A)), one)), 4)
    u2p = cp.sub(cp.mul(lam_n, lam_n), cp.mul(cp.add(ring.const(A), cp.scale(uP, 2)), cp.scale(cp.mul(vP, vP), 4)))
    sq1 = cp.sub(cp.mul(uP, uP), one)
    lhs = cp.sub(cp.mul(u2p, den), cp.mul(cp.mul(sq1, sq1), cp.scale(cp.mul(vP, vP), 4)))
    if reduce_v(lhs, ring, pairs):
        raise Refused("Montgomery doubling")
    # differential addition: u(P +- Q) = ((vQ -+ vP) / (uQ - uP))^2 - A - uP - uQ; times (uQ - uP)^4
    du = cp.sub(uQ, uP)
    du2 = cp.mul(du, du)
    s = cp.add(cp.add(ring.const(A), uP), uQ)
    plus = cp.sub(cp.mul(cp.sub(vQ, vP), cp.sub(vQ, vP)), cp.mul(s, du2))
    minus = cp.sub(cp.mul(cp.add(vQ, vP), cp.add(vQ, vP)), cp.mul(s, du2))
    pq1 = cp.sub(cp.mul(uP, uQ), one)
    lhs = cp.sub(cp.mul(plus, minus), cp.mul(cp.mul(pq1, pq1), du2))
    if reduce_v(lhs, ring, pairs):
        raise Refused("Montgomery differential addition")
    # the RFC's formulas are those fractions, projectively (u = X/Z, x_1 = u(P - Q))
    r = cp.Ring(["U1", "X2", "Z2", "X3", "Z3"])
    st = rfc7748_step(r, False)
    U1, X2, Z2, X3, Z3 = (r.var(v) for v in r.names)
    x2sq = cp.sub(cp.mul(X2, X2), cp.mul(Z2, Z2))
    if cp.sub(st["X2o"], cp.mul(x2sq, x2sq)):
        raise Refused("RFC x_2 != (X^2 - Z^2)^2")
    quad = cp.add(cp.add(cp.mul(X2, X2), cp.scale(cp.mul(X2, Z2), A)), cp.mul(Z2, Z2))
    if cp.sub(st["Z2o"], cp.scale(cp.mul(cp.mul(X2, Z2), quad), 4)):
        raise Refused("RFC z_2 != 4XZ(X^2 + A XZ + Z^2)")
    n = cp.sub(cp.mul(X2, X3), cp.mul(Z2, Z3))
    dd = cp.sub(cp.mul(X2, Z3), cp.mul(Z2, X3))
    if cp.sub(st["X3o"], cp.scale(cp.mul(n, n), 4)) or cp.sub(st["Z3o"], cp.scale(cp.mul(U1, cp.mul(dd, dd)), 4)):
        raise Refused("RFC (x_3 : z_3) != ((X2 X3 - Z2 Z3)^2 : x_1 (X2 Z3 - Z2 X3)^2)")
    return "RFC 7748's step = Montgomery's doubling and differential addition on curve448"


def is_square(a):
    a %= P
    return a == 0 or pow(a, (P - 1) // 2, P) == 1


def completeness_facts():
    """The facts the completeness arguments rest on, each computed."""
    d, dt = D % P, D_TW % P
    facts = []
    if is_square(d):
        raise Refused("d is a square: edwards448's law would not be complete")
    facts.append("d = -39081 is not a square mod p: 1 +- d w != 0 on E(GF(p)), the a = 1 formulas are "
                 "complete (Bernstein-Lange 2007, Theorem 3.3)")
    if is_square(P - 1):
        raise Refused("-1 is a square")
    facts.append("-1 is not a square (p = 3 mod 4): on E' (a = -1) the law is not complete; 1 +- d' w = 0 "
                 "only when P1 -+ P2 is a point at infinity of the desingularised curve, of order 2 or 4 "
                 "(Bernstein, Birkner, Joye, Lange, Peters 2008, section 6); every E' point the library "
                 "adds or doubles is phi of a point, a multiple of phi(P) of odd order (phi kills E's "
                 "4-torsion: see below), so no sum or difference it forms has order 2 or 4")
    # phi's exceptional inputs: y^2 = x^2 on E, i.e. d x^4 - 2 x^2 + 1 = 0: x^2 = (1 +- sqrt(1 - d)) / d
    facts.append("phi divides by y^2 - x^2 and 2 - x^2 - y^2 = 1 - d x^2 y^2 (never 0, d not a square); "
                 "y^2 = x^2 on E needs 1 - d = 39082 to be a square: it is %s"
                 % ("a square (phi has exceptional inputs)" if is_square(1 - d) else "not (phi is complete on E(GF(p)))"))
    if not is_square(dt):
        raise Refused("d' is not a square: the statement below is wrong")
    facts.append("phi_hat divides by y^2 + x^2 (0 only at (0, 0), not on E': -1 is not a square) and by "
                 "2 - y^2 + x^2 = 1 - d' x^2 y^2, which vanishes where d' x^2 y^2 = 1: d' is a square, so "
                 "E' has such points, but there [2]P is a point at infinity (the doubling's Z3 is "
                 "c Z^k (1 - d'^2 x^4 y^4), proven above), so P has even order; phi_hat is applied to "
                 "E' points of odd order only (the argument above)")
    return facts


# ---- mutants: every single-operation change of a formula's trace ----

SWAPS = {"add": "sub", "sub": "add", "add_nr": "sub_nr", "sub_nr": "add_nr", "mul": "add", "sqr": "copy",
         "neg": "copy", "copy": "neg", "sel_a": "sel_b", "sel_b": "sel_a", "weak": "neg", "inv": "copy",
         "isr": "copy"}
COMMUTATIVE = {"add", "add_nr", "mul"}


def mutants(f):
    """(description, mutated formula) for each single-operation mutant of the operations of f
    whose value reaches an output (the rest, the idle lanes of lane operations, are other
    instances' operations)."""
    need = live_values(f)
    def with_op(i, op):
        g = Formula(f.name, f.claim, f.source, f.backend)
        g.inputs, g.outputs, g.assume, g.masks, g.tests = f.inputs, f.outputs, f.assume, f.masks, f.tests
        g.ops = list(f.ops)
        g.ops[i] = op
        return g

    for i, (oid, op, args) in enumerate(f.ops):
        if op == "perm":
            srcs, idx = args
            for j in range(len(idx)):
                if oid + j not in need:
                    continue
                for k in range(len(srcs)):
                    if k != idx[j]:
                        nidx = idx[:j] + (k,) + idx[j + 1:]
                        yield "v%d perm lane %d takes %d" % (oid, j, k), with_op(i, (oid, op, (srcs, nidx)))
            continue
        if oid not in need:
            continue
        if op in SWAPS:
            yield "v%d %s -> %s" % (oid, op, SWAPS[op]), with_op(i, (oid, SWAPS[op], args))
        ids = [a for a in args if not isinstance(a, tuple)]
        if op in ("sel_a", "sel_b"):
            # the mask is concrete: the value not taken is not read; its mutant is the other choice
            continue
        if len(ids) == 2:
            if op not in COMMUTATIVE and ids[0] != ids[1]:
                yield "v%d %s operands swapped" % (oid, op), with_op(i, (oid, op, (ids[1], ids[0])))
            yield "v%d %s drops its second term" % (oid, op), with_op(i, (oid, "copy", (ids[0],)))
        # an operand replaced by the value defined just before it (or the first input)
        for j, a in enumerate(args):
            if isinstance(a, tuple):
                k = a[1]
                for nk in (k + 1, k - 1 if k else 2):
                    nargs = args[:j] + (("#", nk),) + args[j + 1:]
                    yield "v%d %s constant %d -> %d" % (oid, op, k, nk), with_op(i, (oid, op, nargs))
                continue
            other = a - 1 if a - 1 >= f.inputs[0][0] else f.inputs[-1][0]
            if other != a:
                nargs = args[:j] + (other,) + args[j + 1:]
                yield "v%d %s operand %d reads v%d for v%d" % (oid, op, j, other, a), with_op(i, (oid, op, nargs))


def claimed_tests(f):
    """f's tests (id: answer) but those of values that read other lanes' inputs ("_...": the
    tests a lane operation takes in every lane, each lane's claimed by its own instance; a
    claimed lane's test that read one would be missing from its claim's cases)."""
    other = {i for i, name, _ in f.inputs if name.startswith("_")}
    if not other or not f.assume:
        return dict(f.assume)
    for oid, op, args in f.ops:
        if op == "perm":
            srcs, idx = args
            other.update(oid + j for j, s in enumerate(idx) if srcs[s] in other)
        elif any(a in other for a in args if not isinstance(a, tuple)):
            other.add(oid)
    return {i: a for i, a in f.assume.items() if i not in other}


def live_values(f):
    """The ids of the values that reach an output or a test of the claimed lane (which steers
    the outputs)."""
    need = {i for _, i, _ in f.outputs} | set(claimed_tests(f))
    for oid, op, args in reversed(f.ops):
        if op == "perm":
            srcs, idx = args
            need.update(srcs[s] for j, s in enumerate(idx) if oid + j in need)
        elif oid in need:
            need.update(a for a in args if not isinstance(a, tuple))
    return need


def outputs_of(f):
    """f's outputs as polynomials in its inputs (no curve relation, no bounds)."""
    names = [name for _, name, _ in f.inputs]
    ring = cp.Ring(names + maps.inverse_names(f))
    inverses = {}
    out = evaluate(f, ring, {v: ring.var(v) for v in names}, check_bounds=False, inverses=inverses)
    out.update({"1/" + k: v for k, v in inverses.items()})
    return {k: sorted(v.items()) for k, v in out.items()} | {"masks": sorted(f.masks.items())}


def run_mutants(formulas, claims, every, quiet):
    refused = survived = dead = equivalent = 0
    n = 0
    for f in formulas:
        need = live_values(f)
        # values no output reads: the idle lanes of lane operations; counted, not mutated
        dead += sum(1 for oid, op, _ in f.ops if oid not in need and op != "perm")
        for desc, g in mutants(f):
            n += 1
            if (n - 1) % every:
                continue
            try:
                prove_formula(g, claims, {})
            except Refused as e:
                refused += 1
                if not quiet:
                    print("refused: %s %s: %s: %s" % (f.source, f.name, desc, e))
                continue
            # proven: a mutant computing the very same outputs is equivalent (a sign under a
            # square), not a mutant the proof could refuse; any other is a hole in the claims
            if outputs_of(g) == outputs_of(f):
                equivalent += 1
                if not quiet:
                    print("equivalent: %s %s: %s (the same outputs)" % (f.source, f.name, desc))
                continue
            survived += 1
            print("SURVIVED: %s %s: %s" % (f.source, f.name, desc))
    print("mutants: %d refused, %d equivalent (the same outputs), %d survived (of %d, every %d-th); "
          "%d values no output reads" % (refused, equivalent, survived, n, every, dead))
    return refused, survived


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cc", default=os.environ.get("CC", "cc"))
    ap.add_argument("--quiet", action="store_true", help="only failures and the summary")
    ap.add_argument("--explain", action="store_true", help="print the completeness facts and arguments")
    ap.add_argument("--mutants", type=int, nargs="?", const=1, default=0, metavar="N",
                    help="sweep the single-operation mutants (every N-th)")
    ap.add_argument("--backend", action="append", choices=sorted(BACKENDS), help="only these backends")
    args = ap.parse_args()

    passed = failed = 0

    def report(ok, line):
        nonlocal passed, failed
        if ok:
            passed += 1
            if not args.quiet:
                print("proven: " + line)
        else:
            failed += 1
            print("FAIL " + line)

    formulas = []
    with tempfile.TemporaryDirectory() as tmp:
        for b in args.backend or sorted(BACKENDS):
            try:
                formulas += build_and_trace(b, args.cc, tmp)
            except RuntimeError as e:
                report(False, "%s: %s" % (b, e))
    claims = Claims()
    by_backend = {}
    for f in formulas:
        by_backend.setdefault(f.backend, {})[f.name] = f
        try:
            report(True, "%s %s (%s): %s" % (f.source, f.name, f.backend, prove_formula(f, claims, None)))
        except Refused as e:
            report(False, "%s %s (%s): %s" % (f.source, f.name, f.backend, e))
    for b, by_name in sorted(by_backend.items()):
        if all(k in by_name for k in ("point_double", "twisted_from_edwards", "twisted_to_edwards")):
            try:
                report(True, "[4] (%s): %s" % (b, prove_four(by_name)))
            except Refused as e:
                report(False, "[4] (%s): %s" % (b, e))
    for name, fn in maps.whole(by_backend.get("maps", {}), prover()):
        try:
            report(True, "%s: %s" % (name, fn()))
        except Refused as e:
            report(False, "%s: %s" % (name, e))
    for name, fn in (("curve448", prove_montgomery),):
        try:
            report(True, "%s: %s" % (name, fn()))
        except Refused as e:
            report(False, "%s: %s" % (name, e))
    try:
        facts = completeness_facts()
        report(True, "completeness: %d facts (--explain prints them)" % len(facts))
        if args.explain:
            for x in facts:
                print("  - " + x)
    except Refused as e:
        report(False, "completeness: %s" % e)
    if args.mutants:
        r, bad = run_mutants(formulas, claims, args.mutants, args.quiet)
        passed += r
        failed += bad
    print("%d passed, %d failed" % (passed, failed))
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
