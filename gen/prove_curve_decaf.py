"""The claims of gen/prove_curve.py about src/proto/decaf448.c's formulas that
are not decaf448_steps.h's, and about decaf448_lanes.c's (its "decaf"
backend, drivers gen/curve_trace/trace_decaf.c and trace_decaf_lanes.c),
read with gen/prove_curve_maps.py's machinery (tests as cases, inverses and
roots as variables with relations: its docstring):

  - decaf448_encode_twisted, RFC 9496 section 5.3.2 of phi_hat(r) for r on
    E' (a = -1, d' = d - 1), in each case of its inversion and two signs: its
    inverse is of X Y Z^2 (1 - d' x^2 y^2); where that is 0 (x = 0: phi_hat(r)
    is the neutral element; Y never vanishes on E', and 1 - d' x^2 y^2 only at
    points of even order, which decaf448.c never encodes) s = 0, the RFC's s
    of the neutral element. Elsewhere, with (X0 : Y0 : Z0 : T0) = phi_hat(r)
    (HWCD 2008's map, gen/prove_curve.py's isogeny claim) and u1 =
    (X0 + T0)(X0 - T0): the value whose sign the code tests, rho, satisfies
    rho^2 (1 - d) X0^2 = -d u1, so rho / (u1 c) is a root of the RFC's
    invsqrt^2 (1 - d) u1 X0^2 = 1 (c^2 = -d; u1 = -16 m x^2 y^2 and X0 are
    nonzero there), the RFC's ratio = |invsqrt u1 c| is |rho| (whichever
    root: CT_ABS of a product), and the value whose CT_ABS is s is the
    RFC's (1 - d) invsqrt X0 u2, u2 = ratio Z0 / c - T0, with the root
    invsqrt = |rho| / (u1 c) (the other root gives the same s). T not read.
  - MAP (map_start, the root, map_finish; section 5.3.4): its root is of
    (1 - 2d)(r + 1) u1 with the RFC's r = -t^2, u0 = d (r - 1), u1 = (u0 +
    1)(u0 - r); sqrt_ratio_m1_finish's gf_eq is of v r^2 - u, 0 exactly where
    the root's input is a nonzero square (the other combinations are proven
    impossible: -2u or -u, u = 1 - 2d != 0); its two CT_ABS test the RFC's r
    and s, and the point is exactly the RFC's (w0 w3, w2 w1, w1 w3, w0 w2),
    on edwards448 with T Z = X Y. Not proven here: decaf448_from_uniform's
    composition (its two MAPs' roots by gf_isr2 and point_add_single, whose
    formula gen/prove_curve.py proves).
  - decaf448_eq (decaf448_eq_xy), section 5.3.3: the value tested is X1 Y2 -
    Y1 X2 and the mask is 1 exactly where it is 0.
  - pointl_decaf448_decode and pointl_decaf448_encode, lane by lane (the other
    lane's inputs idle, its tests set aside: gen/prove_curve.py's
    claimed_tests): the decoding's mask is decaf448_decode's, 1 exactly where
    s is non-negative (its sign test is of s) and t a nonzero square (gf_eq of
    t r^2 - 1, which is 0, -2 or -1 as t is a nonzero square, a nonsquare or
    0; the other combinations impossible), and there the point is the one of
    prove_curve_maps.py's decaf_decode claim; the encoding's s is its
    decaf_encode claim's, on the lane's own tests.
"""

import curve_poly as cp
from prove_curve_maps import add_roots, cleared, decaf_decode, decaf_encode, decaf_u, inverse_names, with_tested

ONE_MINUS_TWO_D = 78163  # decaf448.c's 1 - 2d


def sign(answer):
    """CT_ABS's factor in the case `answer` of its lobit test: -1 where negative (odd)."""
    return -1 if answer == "lobit1" else 1


def phi_hat(ring, x, y):
    """(X0, Y0, Z0, T0) of phi_hat(x, y), E' -> E: x0 = 2xy / (y^2 + x^2),
    y0 = (y^2 - x^2) / (2 - y^2 + x^2)."""
    xx, yy = cp.mul(x, x), cp.mul(y, y)
    two_xy = cp.scale(cp.mul(x, y), 2)
    xden = cp.add(yy, xx)
    yden = cp.add(cp.sub(ring.const(2), yy), xx)
    ynum = cp.sub(yy, xx)
    return (cp.mul(two_xy, yden), cp.mul(ynum, xden), cp.mul(xden, yden), cp.mul(two_xy, ynum))


def encode_twisted(f, pc):
    """Section 5.3.2's s of phi_hat(r), in the case of the inversion's zero test and the two signs."""
    ring = pc.edwards_ring("E'", ["1"], extra=["t1", "c"] + inverse_names(f))
    ring.relation({"c": 2}, ring.const(-pc.D))  # c = SQRT_MINUS_D
    c = ring.var("c")
    inputs = pc.forms(ring, "1")
    inputs["T1"], inputs["c"] = ring.var("t1"), c
    inverses = {}
    out = pc.evaluate(with_tested(f, pc), ring, inputs, inverses=inverses)
    tests = list(f.assume.items())
    if [a for _, a in tests[:1]] not in (["zero"], ["nonzero"]) or len(tests) != 3 or \
            any(a not in ("lobit0", "lobit1") for _, a in tests[1:]):
        raise pc.Refused("an inversion and two signs expected")
    (iid, i_ans), (rid, r_sign), (sid, s_sign) = tests
    if sorted(out) != sorted(["s"] + ["?%d" % i for i in f.assume]) or cp.depends_on(out["s"], ring, "t1"):
        raise pc.Refused("the output s expected, T not read")
    zero = lambda p: not cleared(p, ring, inverses, pc)  # noqa: E731
    x, y, z = (ring.var(v) for v in ("x1", "y1", "z1"))
    m = cp.scale(cp.mul(cp.mul(x, x), cp.mul(y, y)), pc.D_TW)
    z4 = cp.power(z, 4, ring.const(1))
    if not zero(cp.sub(out["?%d" % iid], cp.mul(cp.mul(cp.mul(x, y), z4), cp.sub(ring.const(1), m)))):
        raise pc.Refused("the inversion is not of X Y Z^2 (1 - d' x^2 y^2)")
    if not zero(cp.sub(out["s"], cp.scale(out["?%d" % sid], sign(s_sign)))):
        raise pc.Refused("s is not CT_ABS of the value its sign test reads")
    if i_ans == "zero":
        if out["s"]:
            raise pc.Refused("s is not 0 where X Y W = 0 (x = 0: the neutral element's s)")
        return "X Y W = 0 (x = 0, phi_hat(r) neutral): s = 0"
    X0, Y0, Z0, T0 = phi_hat(ring, x, y)
    one_minus_d = 1 - pc.D
    u1 = cp.mul(cp.add(X0, T0), cp.sub(X0, T0))
    rho = out["?%d" % rid]
    if not zero(cp.add(cp.scale(cp.mul(cp.mul(rho, rho), cp.mul(X0, X0)), one_minus_d), cp.scale(u1, pc.D))):
        raise pc.Refused("rho^2 (1 - d) X0^2 != -d u1: rho / (u1 c) is not the RFC's invsqrt")
    # ratio = |rho|, and the RFC's invsqrt the root ratio / (u1 c) (CT_ABS of a product: either
    # root gives the same ratio and the same s): s_rfc u1 c^2 = (1 - d) ratio X0 (ratio Z0 - c T0)
    ratio = cp.scale(rho, sign(r_sign))
    s_rfc = cp.scale(cp.mul(cp.mul(ratio, X0), cp.sub(cp.mul(ratio, Z0), cp.mul(c, T0))), one_minus_d)
    if not zero(cp.sub(cp.mul(out["?%d" % sid], cp.mul(u1, cp.mul(c, c))), s_rfc)):
        raise pc.Refused("s is not the RFC's s of phi_hat(r)")
    return ("rho %s, s %s: s = |(1 - d) invsqrt X0 u2| of phi_hat(r), the RFC's s (invsqrt = |rho| / (u1 c), "
            "rho^2 (1 - d) X0^2 = -d u1), T not read" % (r_sign, s_sign))


def decaf_map(f, pc):
    """Section 5.3.4's MAP(t) in the case of f's answers; decaf_map_never: they contradict."""
    never = f.claim == "decaf_map_never"
    ring = add_roots(cp.Ring(["t"] + inverse_names(f)), f)
    t, one = ring.var("t"), ring.const(1)
    inverses = {}
    out = pc.evaluate(with_tested(f, pc), ring, {"t": t}, inverses=inverses)
    tests = list(f.assume.items())
    answers = [a for _, a in tests]
    if len(tests) != 4 or answers[0] not in ("square", "nonsquare", "zero") or \
            answers[1] not in ("zero", "nonzero") or any(a not in ("lobit0", "lobit1") for a in answers[2:]):
        raise pc.Refused("a root, gf_eq and two signs expected")
    (aid, a_ans), (eid, e_ans), (rid, r_sign), (sid, s_sign) = tests
    zero = lambda p: not cleared(p, ring, inverses, pc)  # noqa: E731
    val = lambda i: out["?%d" % i]  # noqa: E731
    r = cp.neg(cp.mul(t, t))
    u0 = cp.scale(cp.sub(r, one), pc.D)
    u1 = cp.mul(cp.add(u0, one), cp.sub(u0, r))
    u, v = ring.const(ONE_MINUS_TWO_D), cp.mul(cp.add(r, one), u1)
    if not zero(cp.sub(val(aid), cp.mul(u, v))):
        raise pc.Refused("the root is not of (1 - 2d)(r + 1) u1")
    roots = ["s%d" % oid for oid, op, args in f.ops if op == "isr" and args == (aid,)]
    if len(roots) != 1:
        raise pc.Refused("one root of the value tested expected")
    root = {} if a_ans == "zero" else ring.var(roots[0])
    # SQRT_RATIO_M1(u, v): r = u (u v)^((p-3)/4), was_square = (v r^2 == u)
    sr = cp.mul(u, root)
    if not zero(cp.sub(val(eid), cp.sub(cp.mul(v, cp.mul(sr, sr)), u))):
        raise pc.Refused("gf_eq is not of v r^2 - u")
    was_square = a_ans == "square"
    if (e_ans == "zero") != was_square:
        if not never:
            raise pc.Refused("the case is impossible")
        return "root's input %s, gf_eq %s: impossible (v r^2 - u = %s)" % (
            a_ans, "true" if e_ans == "zero" else "false",
            "0" if was_square else "-2u" if a_ans == "nonsquare" else "-u")
    if never:
        raise pc.Refused("the case claimed impossible is not refuted")
    if not zero(cp.sub(val(rid), sr)):
        raise pc.Refused("the first sign is not of SQRT_RATIO_M1's r")
    vr = cp.scale(sr, sign(r_sign))
    vp = vr if was_square else cp.mul(t, vr)
    s = cp.mul(vp, cp.add(r, one))
    if not zero(cp.sub(val(sid), s)):
        raise pc.Refused("the second sign is not of s = v' (r + 1)")
    w0 = cp.scale(s, 2 * sign(s_sign))
    ss = cp.mul(s, s)
    w1, w2 = cp.add(ss, one), cp.sub(ss, one)
    w3 = cp.add(cp.scale(cp.mul(cp.mul(vp, s), cp.sub(r, one)), ONE_MINUS_TWO_D), ring.const(1 if was_square else -1))
    X, Y, Z, T = out["X3"], out["Y3"], out["Z3"], out["T3"]
    for name, got, want in (("X", X, cp.mul(w0, w3)), ("Y", Y, cp.mul(w2, w1)), ("Z", Z, cp.mul(w1, w3)),
                            ("T", T, cp.mul(w0, w2))):
        if not zero(cp.sub(got, want)):
            raise pc.Refused("%s is not the RFC's" % name)
    sq = lambda p: cp.mul(p, p)  # noqa: E731
    if not zero(cp.sub(cp.mul(cp.add(sq(X), sq(Y)), sq(Z)), cp.add(sq(sq(Z)), cp.scale(cp.mul(sq(X), sq(Y)), pc.D)))):
        raise pc.Refused("the point is not on edwards448")
    if not zero(cp.sub(cp.mul(T, Z), cp.mul(X, Y))):
        raise pc.Refused("T Z != X Y")
    return "root's input %s, signs %s %s: the RFC's (w0 w3, w2 w1, w1 w3, w0 w2), on edwards448, T Z = X Y" % (
        a_ans, r_sign, s_sign)


def decaf_eq(f, pc):
    """Section 5.3.3: the mask of decaf448_eq is 1 exactly where X1 Y2 = Y1 X2."""
    ring = pc.edwards_ring("E", ["1", "2"], extra=["t1", "t2"])
    inputs = {**pc.forms(ring, "1"), **pc.forms(ring, "2")}
    inputs["T1"], inputs["T2"] = ring.var("t1"), ring.var("t2")
    out = pc.evaluate(with_tested(f, pc), ring, inputs)
    if len(f.assume) != 1 or len(out) != 1:
        raise pc.Refused("one test and no output but the mask expected")
    ((tid, ans),) = f.assume.items()
    X1, Y1, X2, Y2 = (inputs[k] for k in ("X1", "Y1", "X2", "Y2"))
    if not pc.is_zero(ring, cp.sub(out["?%d" % tid], cp.sub(cp.mul(X1, Y2), cp.mul(Y1, X2)))):
        raise pc.Refused("the value tested is not X1 Y2 - Y1 X2")
    if f.masks.get("eq") != int(ans == "zero"):
        raise pc.Refused("the mask is %s where X1 Y2 - Y1 X2 is %s" % (f.masks.get("eq"), ans))
    return "X1 Y2 - Y1 X2 %s: mask %d (section 5.3.3)" % (ans, ans == "zero")


def own_lane(f, pc, drop=()):
    """f restricted to its claimed lane: the tests of that lane (gen/prove_curve.py's
    claimed_tests) but those in drop, and the operations and inputs its outputs and those tests
    read; refused where one of them is another lane's input."""
    g = pc.Formula(f.name, f.claim, f.source, f.backend)
    g.outputs, g.masks = f.outputs, f.masks
    g.assume = {i: a for i, a in pc.claimed_tests(f).items() if i not in drop}
    g.ops, g.inputs = f.ops, []  # no input named: live_values takes g's tests as they are
    need = pc.live_values(g)
    g.ops = [(oid, op, args) for oid, op, args in f.ops
             if (any(oid + j in need for j in range(len(args[1]))) if op == "perm" else oid in need)]
    g.inputs = [(i, name, k) for i, name, k in f.inputs if i in need]
    idle = [name for _, name, _ in g.inputs if name.startswith("_")]
    if idle:
        raise pc.Refused("the claimed lane reads another lane's input %s" % idle[0])
    return g


def lanes_decode(f, pc):
    """pointl_decaf448_decode in one lane: its mask is decaf448_decode's (s non-negative and t a
    nonzero square: the sign test is of s, gf_eq of w - 1 = t r^2 - 1) and, where it is 1, the
    point is maps' decaf_decode claim's, on the lane's own tests."""
    never = f.claim == "decaf_lanes_decode_never"
    g = own_lane(f, pc)
    ring = add_roots(cp.Ring(["s", "c"] + inverse_names(g)), g)
    ring.relation({"c": 2}, ring.const(-pc.D))
    s = ring.var("s")
    inverses = {}
    out = pc.evaluate(with_tested(g, pc), ring, {"s": s, "c": ring.var("c")}, inverses=inverses)
    tests = list(g.assume.items())
    if len(tests) != 5 or tests[1][1] not in ("square", "nonsquare", "zero"):
        raise pc.Refused("a sign, a root, gf_eq and two signs expected")
    (sid, s_sign), (tid, t_ans), (eid, e_ans) = tests[:3]
    zero = lambda p: not cleared(p, ring, inverses, pc)  # noqa: E731
    if not zero(cp.sub(out["?%d" % sid], s)) or not zero(cp.sub(out["?%d" % tid], decaf_u(ring, pc)[3])):
        raise pc.Refused("the first sign is not of s, or the root not of t = u2 u1^2")
    want = {"square": 0, "nonsquare": -2, "zero": -1}[t_ans]
    if not zero(cp.sub(out["?%d" % eid], ring.const(want))):
        raise pc.Refused("gf_eq is not of t r^2 - 1 (%d where t is %s)" % (want, t_ans))
    if (e_ans == "zero") != (want == 0):
        if not never:
            raise pc.Refused("the case is impossible")
        return "t %s, gf_eq %s: impossible (t r^2 - 1 = %d)" % (t_ans, "true" if e_ans == "zero" else "false", want)
    if never:
        raise pc.Refused("the case claimed impossible is not refuted")
    ok = s_sign == "lobit0" and t_ans == "square"
    if f.masks.get("ok") != int(ok):
        raise pc.Refused("the mask is %s where s is %s and t %s" % (f.masks.get("ok"), s_sign, t_ans))
    if not ok:
        return "s %s, t %s: mask 0 (decaf448_decode's)" % (s_sign, t_ans)
    return "mask 1; " + decaf_decode(own_lane(f, pc, drop=(sid, eid)), pc)


def lanes_encode(f, pc):
    """pointl_decaf448_encode in one lane: maps' decaf_encode claim on the lane's own tests."""
    return decaf_encode(own_lane(f, pc), pc)


CLAIMS = {"decaf_encode_twisted": encode_twisted, "decaf_map": decaf_map, "decaf_map_never": decaf_map,
          "decaf_eq": decaf_eq, "decaf_lanes_decode": lanes_decode, "decaf_lanes_decode_never": lanes_decode,
          "decaf_lanes_encode": lanes_encode}
