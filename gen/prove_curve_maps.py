"""The claims of gen/prove_curve.py about the maps between curve448 and
edwards448 that are not straight-line sums and products (its "maps" backend,
driver gen/curve_trace/trace_maps.c):

  - src/h2c/isogeny.c's h2c_curve448_to_edwards, RFC 7748 section 4.2's
    4-isogeny (u, v) -> (x, y) at u = U / W: the image is on edwards448,
    T Z = X Y, x = X / Z and y = Y / Z are the RFC's rational functions, and
    Z is c W^k times the RFC's two denominators; where that vanishes (the
    kernel case of its gf_is_zero test, whose value is that Z) the code
    returns the neutral element (0 : 1 : 1 : 0);
  - h2c_edwards_to_curve448_u, u = Y^2 / X^2 by gf_invert: u x^2 = y^2 on
    edwards448 (the RFC's u = y^2 / x^2), T not read; at X = 0 (the points
    (0, +-1), where the RFC's u has a pole) the code returns gf_invert's 0;
  - the composition: the u of h2c_edwards_to_curve448_u of
    h2c_curve448_to_edwards's (u, v) is u([4](u, v)), RFC 7748's x-only
    doubling applied twice (gen/prove_curve.py proves that doubling is
    curve448's, from the chord-and-tangent law);
  - src/proto/x448_from_ed448.h (goldilocks_ed448_public_to_x448's
    arithmetic): its gf_invert_square tests (y^2 - 1)(d y^2 - 1) and its
    gf_is_zero tests y; on edwards448 that product is (x b)^2, b = d y^2 - 1
    (never 0, d not a square), so it is a nonzero square exactly when y has
    a point with x != 0; in that case with y != 0 the mask is all ones and
    u x^2 = y^2 (RFC 7748's u = y^2 / x^2); in every other case the mask is 0.
  - src/h2c/elligator2.c, RFC 9380 section 6.7.1 for curve448 (Z = -1), in
    each case of its tests (1 - r^2 zero or not, the root's square test,
    gf_eq's is_square(g(x1)), the sign of v): its zero test is of 1 - r^2,
    its root of gn gd^3 = g(x1) gd^4 (the same squareness as g(x1)), its
    gf_eq of y1^2 gd - gn, which is 0 where g(x1) is a square and -2 gn != 0
    where not (A^2 - 4 is not a square: x^2 + A x + 1 has no root); the
    combinations that contradict these are proven impossible, and in the
    others un / ud is the RFC's x1 or x2 (ud its denominator), v^2 = g(u),
    v = 0 where 1 - r^2 = 0 (the RFC's (0, 0)), and v is negated exactly
    where its sign differs from is_square(g(x1)): sgn0(v) = is_square(g(x1))
    for v != 0, so (u, v) is the RFC's point, not only a point of the curve.
  - src/proto/decaf448_steps.h's decoding, RFC 9496 section 5.3.1: its root
    is of t = u2 u1^2 and w = t r^2 is 1, -1 or 0 as t is a nonzero square,
    a nonsquare or 0 (the caller's w = 1 is was_square); where t is a
    square, in each case of the two signs (CT_ABS of r, and of 2 s invsqrt
    u1 SQRT_MINUS_D), the point is (x, y, 1, x y) with the RFC's x and y,
    on edwards448. SQRT_MINUS_D is an input c with c^2 = -d (gen/gen_tables.py
    asserts it of the generated constant); decaf448.c's CT_ABS, static there,
    is trace.c's gf_abs, the same two calls.
  - its encoding, section 5.3.2: in each case of its three signs (its root
    a square's: the RFC ignores the square test, a nonsquare's root is the
    same variable), and where the root's input is 0, the root is of u1 (1 - d)
    x0^2, each sign is of the RFC's value, and s = CT_ABS(ONE_MINUS_D
    invsqrt x0 u2) with u2 = INVSQRT_MINUS_D ratio z0 - t0, projectively
    (the RFC's formulas are homogeneous). Not proven here: that decoding
    the s gives back the point up to the 4-torsion.

The data-dependent tests are cases: the driver fixes each test's answer
(trace_assume), the trace says it ("assume ID zero|nonzero|square|
nonsquare"), and each instance's claim holds under its answers.

Inverses and roots. gf_invert(a) and gf_invert_square(a) are the trace value "inv":
where a is assumed zero it is 0 (field.h: 1/0 = 0), else a fresh variable
i<ID> of the ring, with the relation i a = 1 kept aside (not in the ring's
normal form): a claim E = 0 with E of degree n in i is proven by clearing,
a^n E = sum_j E_j a^(n - j) (a i)^j = sum_j E_j a^(n - j) modulo i a - 1,
and the right side, free of i, must reduce to 0 modulo the curves; since
a != 0, E = 0 then holds wherever i a = 1. (One inverse at a time: the
value inverted must itself be free of inverses, which the maps are.)
gf_isr(a) = a^((p-3)/4) is "isr": a variable s<ID> with the ring relation
s^2 -> j (a assumed a square: s^2 a = a^((p-1)/2) = 1 by Euler's criterion)
or s^2 -> -j (a nonsquare), j<ID> = 1/a cleared as above; 0 where a is
assumed zero.

curve448. The point is affine (u, v) with U = u w, W = w (w a free
variable: U / W = u for every w != 0), and the relation v^2 = u^3 + A u^2 +
u, the rewriting v^2 -> u^3 + A u^2 + u of curve_poly.Ring.relation with v
of weight 2 (one relation is a Groebner basis of its ideal).
"""

import functools

import curve_poly as cp


def inverse_names(f):
    """The ring variables of f's inverses and roots: i<ID>, and s<ID>, j<ID> (module docstring)."""
    names = []
    for oid, op, _ in f.ops:
        names += ["i%d" % oid] if op == "inv" else ["s%d" % oid, "j%d" % oid] if op == "isr" else []
    return names


def add_roots(ring, f):
    """ring with the relation s^2 = +-j of each of f's roots s = a^((p-3)/4), j = 1/a: + where a
    is assumed a square, - where not (Euler's criterion). Returns ring."""
    for oid, op, args in f.ops:
        if op == "isr" and "s%d" % oid in ring.index:
            sign = -1 if f.assume.get(args[0]) == "nonsquare" else 1
            ring.relation({"s%d" % oid: 2}, cp.scale(ring.var("j%d" % oid), sign))
    return ring


def inverse(f, ring, op, oid, aid, a, inverses, refused):
    """The value of v<oid> = inv v<aid> or isr v<aid> (a, the polynomial of v<aid>): 0 where
    v<aid> is assumed zero, else the variable i<oid> or s<oid>; inverses records 1/a's name."""
    case = f.assume.get(aid)
    if case is None:
        raise refused("v%d %s v%d, whose zero test no driver fixed" % (oid, op, aid))
    if case == "zero":
        return {}
    if op == "inv" and list(a) == [ring.zero_mono]:
        return ring.const(pow(a[ring.zero_mono], cp.P - 2, cp.P))  # 1/c of a constant c: a constant
    name, inv = ("i%d" % oid,) * 2 if op == "inv" else ("s%d" % oid, "j%d" % oid)
    if name not in ring.index:
        raise refused("no variable for v%d" % oid)
    if inverses is not None:
        inverses[inv] = a
    return ring.var(name)


def cleared(e, ring, inverses, pc):
    """e with each inverse variable i (i a = 1) cleared: a^n e, then i a = 1 (module docstring)."""
    e = ring.nf(e)  # the roots' s^2 = +-j first
    for name, a in inverses.items():
        if any(cp.depends_on(a, ring, k) for k in inverses):
            raise pc.Refused("an inverse of a value holding an inverse")
        k = ring.index[name]
        n = max((m[k] for m in e), default=0)
        powers = [ring.const(1)]
        for _ in range(n):
            powers.append(ring.nf(cp.mul(powers[-1], a)))
        out = {}
        for m, c in e.items():
            mono = {m[:k] + (0,) + m[k + 1:]: c}
            out = cp.add(out, cp.mul(mono, powers[n - m[k]]))
        e = ring.nf(out)
    return e


def with_tested(f, pc):
    """f with an extra output "?ID" for each value a test reads (no bound claimed on it)."""
    g = pc.Formula(f.name, f.claim, f.source, f.backend)
    g.inputs, g.ops, g.assume, g.masks = f.inputs, f.ops, f.assume, f.masks
    g.outputs = list(f.outputs) + [("?%d" % i, i, "loose") for i in f.assume]
    return g



def montgomery_ring(extra, pc):
    ring = cp.Ring(["u", "v", "w"] + list(extra), weights={"v": 2})
    u = ring.var("u")
    uu = cp.mul(u, u)
    ring.relation({"v": 2}, cp.add(cp.add(cp.mul(uu, u), cp.scale(uu, pc.A_MONT)), u))
    return ring


def montgomery_inputs(ring):
    w = ring.var("w")
    return {"U": cp.mul(ring.var("u"), w), "W": w, "v": ring.var("v")}


def rfc7748_isogeny(ring):
    """RFC 7748 section 4.2's (x, y) of (u, v): (x numerator, x denominator, y num, y den)."""
    u, v = ring.var("u"), ring.var("v")
    one = ring.const(1)
    pw = lambda k: cp.power(u, k, one)  # noqa: E731
    vv = cp.mul(v, v)
    xn = cp.scale(cp.mul(v, cp.sub(pw(2), one)), 4)
    xd = cp.add(cp.add(cp.sub(pw(4), cp.scale(pw(2), 2)), cp.scale(vv, 4)), one)
    yn = cp.neg(cp.add(cp.sub(cp.sub(pw(5), cp.scale(pw(3), 2)), cp.scale(cp.mul(u, vv), 4)), u))
    yd = cp.add(cp.sub(cp.sub(cp.sub(pw(5), cp.scale(cp.mul(pw(2), vv), 2)), cp.scale(pw(3), 2)),
                       cp.scale(vv, 2)), u)
    return [ring.nf(p) for p in (xn, xd, yn, yd)]


def tested(f, out, answer):
    """The values the tests answered `answer` read, from with_tested's outputs."""
    return [out["?%d" % i] for i, a in sorted(f.assume.items()) if a == answer]


def curve448_to_edwards(f, pc):
    ring = montgomery_ring(inverse_names(f), pc)
    out = pc.evaluate(with_tested(f, pc), ring, montgomery_inputs(ring))
    X, Y, Z, T = out["X3"], out["Y3"], out["Z3"], out["T3"]
    xn, xd, yn, yd = rfc7748_isogeny(ring)
    if len(f.assume) != 1:
        raise pc.Refused("one test expected, on Z")
    (t,) = [out["?%d" % i] for i in f.assume]
    if cp.monomial_factor(t, ring.nf(cp.mul(xd, yd)), ring, ["w"]) is None:
        raise pc.Refused("the value tested is not c W^k times RFC 7748's two denominators")
    if f.assume and list(f.assume.values()) == ["zero"]:
        if X or Y != ring.const(1) or Z != ring.const(1) or T:
            raise pc.Refused("the kernel case does not return the neutral element (0 : 1 : 1 : 0)")
        return "the value tested is c W^k (RFC 7748's denominators); where it is 0: (0 : 1 : 1 : 0)"
    if not pc.is_zero(ring, cp.sub(Z, t)):
        raise pc.Refused("the value tested nonzero is not the output's Z")
    sq = lambda p: cp.mul(p, p)  # noqa: E731
    on = cp.sub(cp.mul(cp.add(sq(X), sq(Y)), sq(Z)), cp.add(sq(sq(Z)), cp.scale(cp.mul(sq(X), sq(Y)), pc.D)))
    if not pc.is_zero(ring, on):
        raise pc.Refused("the image is not on edwards448")
    if not pc.is_zero(ring, cp.sub(cp.mul(T, Z), cp.mul(X, Y))):
        raise pc.Refused("T3 Z3 != X3 Y3")
    if not pc.is_zero(ring, cp.sub(cp.mul(X, xd), cp.mul(Z, xn))):
        raise pc.Refused("X3 / Z3 is not RFC 7748's x")
    if not pc.is_zero(ring, cp.sub(cp.mul(Y, yd), cp.mul(Z, yn))):
        raise pc.Refused("Y3 / Z3 is not RFC 7748's y")
    return ("on edwards448 given v^2 = u^3 + A u^2 + u, T Z = X Y, (X / Z, Y / Z) = RFC 7748's (x, y), "
            "Z = c W^k (its denominators), tested nonzero")


def edwards_to_curve448_u(f, pc):
    ring = pc.edwards_ring("E", ["1"], extra=["t1"] + inverse_names(f))
    inputs = pc.forms(ring, "1")
    inputs["T1"] = ring.var("t1")
    inverses = {}
    out = pc.evaluate(with_tested(f, pc), ring, inputs, inverses=inverses)
    if cp.depends_on(out["u"], ring, "t1"):
        raise pc.Refused("u reads T")
    if len(f.assume) != 1 or not pc.is_zero(ring, cp.sub(next(iter(out[k] for k in out if k[0] == "?")),
                                                          inputs["X1"])):
        raise pc.Refused("the inverse's test is not of X")
    if list(f.assume.values()) == ["zero"]:
        if out["u"]:
            raise pc.Refused("u is not 0 at X = 0")
        return "at X = 0 (the points (0, +-1)), u = 0"
    x, y = ring.var("x1"), ring.var("y1")
    e = cp.sub(cp.mul(out["u"], cp.mul(x, x)), cp.mul(y, y))
    if cleared(e, ring, inverses, pc):
        raise pc.Refused("u x^2 != y^2")
    return "u x^2 = y^2 on edwards448 (RFC 7748's u = y^2 / x^2), T not read"


def ed448_y_to_u(f, pc):
    ring = pc.edwards_ring("E", ["1"], extra=inverse_names(f))
    y, x = ring.var("y1"), ring.var("x1")
    one = ring.const(1)
    inverses = {}
    out = pc.evaluate(with_tested(f, pc), ring, {"y": y}, inverses=inverses)
    inverted = {i for oid, op, args in f.ops if op == "inv" for i in args}
    yy = cp.mul(y, y)
    b = cp.sub(cp.scale(yy, pc.D), one)
    ab = cp.mul(cp.sub(yy, one), b)
    answers = {}
    for i, a in f.assume.items():
        what = "a b" if i in inverted else "y"
        if not pc.is_zero(ring, cp.sub(out["?%d" % i], ab if i in inverted else y)):
            raise pc.Refused("the %s test is not of %s" % ("square" if i in inverted else "zero", what))
        answers[what] = a
    if sorted(answers) != ["a b", "y"]:
        raise pc.Refused("a square test of a b and a zero test of y expected")
    ok = answers == {"a b": "square", "y": "nonzero"}
    if f.masks.get("ok") != int(ok):
        raise pc.Refused("the mask is %s where a b is %s and y %s" % (f.masks.get("ok"), answers["a b"], answers["y"]))
    if not ok:
        return "a b %s, y %s: refused (mask 0)" % (answers["a b"], answers["y"])
    xb = cp.mul(x, b)
    if not pc.is_zero(ring, cp.sub(ab, cp.mul(xb, xb))):
        raise pc.Refused("a b != (x b)^2 on edwards448")
    e = cp.sub(cp.mul(out["u"], cp.mul(x, x)), yy)
    if cleared(e, ring, inverses, pc):
        raise pc.Refused("u x^2 != y^2")
    return ("a b = (x b)^2 on edwards448 (a nonzero square exactly when x != 0); a b square, y nonzero: "
            "mask 1, u x^2 = y^2 (RFC 7748's u)")


@functools.lru_cache(maxsize=None)
def squares(pc_is_square, *ks):
    """pc_is_square(k) for each k, computed once (an exponentiation each)."""
    return tuple(pc_is_square(k) for k in ks)


def elligator2(f, pc):
    """RFC 9380 section 6.7.1 for curve448 (Z = -1), in the case of f's answers: 1 - r^2 zero
    or not, g(x1) a square or not (the root's test), gf_eq's is_square, v's sign. The claim
    map_ell2_never: the answers contradict each other (the instance has no outputs)."""
    never = f.claim == "map_ell2_never"

    def impossible(why):
        if not never:
            raise pc.Refused("the case is impossible: " + why)
        return why
    ring = add_roots(cp.Ring(["r"] + inverse_names(f)), f)
    r, one = ring.var("r"), ring.const(1)
    inverses = {}
    out = pc.evaluate(with_tested(f, pc), ring, {"r": r}, inverses=inverses)
    tests = list(f.assume.items())  # in the order the code takes them
    if [a for _, a in tests if a not in ("zero", "nonzero", "square", "nonsquare", "lobit0", "lobit1")] or \
            len(tests) != 4:
        raise pc.Refused("four tests expected: 1 - r^2, the root's, is_square, the sign")
    (xd_id, xd_ans), (sq_id, sq_ans), (eq_id, eq_ans), (sign_id, sign_ans) = tests
    val = lambda i: out["?%d" % i]  # noqa: E731
    zero = lambda p: not cleared(p, ring, inverses, pc)  # noqa: E731
    # the RFC's x1 = xn / xd: xn = -A, xd = 1 - r^2, or 1 where that is 0 (inv0)
    xd_r = cp.sub(one, cp.mul(r, r))
    if not zero(cp.sub(val(xd_id), xd_r)):
        raise pc.Refused("the zero test is not of 1 - r^2")
    exceptional = xd_ans == "zero"
    xn, xd = ring.const(-pc.A_MONT), one if exceptional else xd_r
    gn = cp.mul(xn, cp.add(cp.add(cp.mul(xn, xn), cp.scale(cp.mul(xn, xd), pc.A_MONT)), cp.mul(xd, xd)))
    gd = cp.power(xd, 3, one)
    if not zero(cp.sub(val(sq_id), cp.mul(gn, cp.power(gd, 3, one)))) or \
            not any(op == "isr" and args == (sq_id,) for _, op, args in f.ops):
        raise pc.Refused("the root is not of gn gd^3 = g(x1) gd^4")
    case = "1 - r^2 %s, g(x1) %s" % (xd_ans, sq_ans)
    disc_square, minus_a_square = squares(pc.is_square, pc.A_MONT * pc.A_MONT - 4, -pc.A_MONT)
    if disc_square or not pc.A_MONT % pc.P:
        raise pc.Refused("A^2 - 4 is a square or A = 0: g(x1) may vanish")
    if exceptional and sq_ans == "square" and not minus_a_square:
        return impossible("%s: impossible (g(x1) = -A is not a square)" % case)
    # is_square(g(x1)): the test of y1^2 gd - gn, 0 where g(x1) is a square, -2 gn where not
    # (gn != 0: x1 != 0 and x^2 + A x + 1 has no root, A^2 - 4 not a square)
    eq_is_zero = sq_ans == "square"
    if not zero(cp.add(val(eq_id), cp.scale(gn, 0 if eq_is_zero else 2))):
        raise pc.Refused("is_square's test is not of y1^2 gd - gn")
    if (eq_ans == "zero") != eq_is_zero:
        return impossible("%s, gf_eq %s: impossible (its difference is %s)" % (
            case, "true" if eq_ans == "zero" else "false", "0" if eq_is_zero else "-2 gn, and gn != 0"))
    if never:
        raise pc.Refused("the case claimed impossible is not refuted")
    if sorted(out) != sorted(["un", "ud", "v"] + ["?%d" % i for i in f.assume]):
        raise pc.Refused("outputs un, ud, v expected")
    un, ud, v = out["un"], out["ud"], out["v"]
    if not zero(cp.sub(ud, xd)):
        raise pc.Refused("ud is not the RFC's denominator")
    # x1 = -A / xd where g(x1) is a square, else x2 = -x1 - A = A (1 - xd) / xd
    want = cp.scale(one, -pc.A_MONT) if eq_is_zero else cp.scale(cp.sub(one, xd), pc.A_MONT)
    if not zero(cp.sub(un, want)):
        raise pc.Refused("un / ud is not the RFC's %s" % ("x1" if eq_is_zero else "x2"))
    if exceptional and v:
        raise pc.Refused("v is not 0 where 1 - r^2 = 0 (the RFC's (0, 0))")
    g = cp.add(cp.add(cp.power(un, 3, one), cp.scale(cp.mul(cp.mul(un, un), ud), pc.A_MONT)), cp.mul(un, cp.mul(ud, ud)))
    if not zero(cp.sub(cp.mul(cp.mul(v, v), cp.power(ud, 3, one)), g)):
        raise pc.Refused("(un / ud, v) is not on curve448")
    # the sign: v negated exactly where sgn0 of the value tested differs from is_square
    (last,) = [(op, args) for oid, op, args in f.ops if oid == dict((n, i) for n, i, _ in f.outputs)["v"]]
    if last[0] not in ("neg", "copy") or last[1] != (sign_id,):
        raise pc.Refused("v is not +- the value whose sign is tested")
    if (last[0] == "neg") != ((sign_ans == "lobit1") != eq_is_zero):
        raise pc.Refused("v's sign is not sgn0 = is_square(g(x1))")
    return "%s, gf_eq %s, v %s: (un / ud, v) on curve448, u = the RFC's %s, sgn0(v) = %d%s" % (
        case, "true" if eq_is_zero else "false", sign_ans, "x1" if eq_is_zero else "x2", eq_is_zero, ", v = 0" if exceptional else "")


def decaf_u(ring, pc):
    """RFC 9496 section 5.3.1's ss, u1 = 1 + ss, u2 = u1^2 - 4 d ss and t = u2 u1^2 of s."""
    s = ring.var("s")
    ss = cp.mul(s, s)
    u1 = cp.add(ring.const(1), ss)
    u2 = cp.sub(cp.mul(u1, u1), cp.scale(ss, 4 * pc.D))
    return ss, u1, u2, cp.mul(u2, cp.mul(u1, u1))


def decaf_test(f, pc):
    """The decoding's root r of t and w = t r^2: 1, -1 or 0 as t is a nonzero square or not, or 0."""
    ring = add_roots(cp.Ring(["s"] + inverse_names(f)), f)
    inverses = {}
    out = pc.evaluate(with_tested(f, pc), ring, {"s": ring.var("s")}, inverses=inverses)
    ((tid, case),) = f.assume.items()
    t = decaf_u(ring, pc)[3]
    if cleared(cp.sub(out["?%d" % tid], t), ring, inverses, pc):
        raise pc.Refused("the root is not of t = u2 u1^2")
    want = {"square": 1, "nonsquare": -1, "zero": 0}[case]
    if cleared(cp.sub(out["w"], ring.const(want)), ring, inverses, pc):
        raise pc.Refused("w = t r^2 is not %d where t is %s" % (want, case))
    return "t = u2 u1^2 %s: w = t r^2 = %d (the caller's test w = 1 is was_square)" % (case, want)


def decaf_decode(f, pc):
    """RFC 9496 section 5.3.1's point where t is a square, in the case of its two signs."""
    ring = add_roots(cp.Ring(["s", "c"] + inverse_names(f)), f)
    ring.relation({"c": 2}, ring.const(-pc.D))  # c = SQRT_MINUS_D
    s, c = ring.var("s"), ring.var("c")
    inverses = {}
    out = pc.evaluate(with_tested(f, pc), ring, {"s": s, "c": c}, inverses=inverses)
    tests = list(f.assume.items())
    if [a for _, a in tests] not in ([ "square"] + [x, y] for x in ("lobit0", "lobit1") for y in ("lobit0", "lobit1")):
        raise pc.Refused("a square root and two signs expected")
    (tid, _), (rid, r_sign), (uid, u_sign) = tests
    zero = lambda p: not cleared(p, ring, inverses, pc)  # noqa: E731
    ss, u1, u2, t = decaf_u(ring, pc)
    roots = ["s%d" % oid for oid, op, args in f.ops if op == "isr" and args == (tid,)]
    if len(roots) != 1:
        raise pc.Refused("one root of the value tested expected")
    root = roots[0]
    if not zero(cp.sub(out["?%d" % tid], t)) or not zero(cp.sub(out["?%d" % rid], ring.var(root))):
        raise pc.Refused("the root is not of t = u2 u1^2, or the sign not of the root")
    invsqrt = cp.scale(ring.var(root), -1 if r_sign == "lobit1" else 1)  # CT_ABS(r)
    two_s_c = cp.scale(cp.mul(s, c), 2)
    u3_in = cp.mul(cp.mul(two_s_c, invsqrt), u1)
    if not zero(cp.sub(out["?%d" % uid], u3_in)):
        raise pc.Refused("the second sign is not of 2 s invsqrt u1 SQRT_MINUS_D")
    u3 = cp.scale(u3_in, -1 if u_sign == "lobit1" else 1)
    X, Y, Z, T = out["X3"], out["Y3"], out["Z3"], out["T3"]
    if not zero(cp.sub(cp.mul(X, c), cp.mul(cp.mul(u3, invsqrt), u2))):
        raise pc.Refused("x is not u3 invsqrt u2 INVSQRT_MINUS_D")
    if not zero(cp.sub(Y, cp.mul(cp.mul(cp.sub(ring.const(1), ss), invsqrt), u1))):
        raise pc.Refused("y is not (1 - ss) invsqrt u1")
    if Z != ring.const(1) or not zero(cp.sub(T, cp.mul(X, Y))):
        raise pc.Refused("the point is not (x, y, 1, x y)")
    sq = lambda p: cp.mul(p, p)  # noqa: E731
    if not zero(cp.sub(cp.add(sq(X), sq(Y)), cp.add(ring.const(1), cp.scale(cp.mul(sq(X), sq(Y)), pc.D)))):
        raise pc.Refused("(x, y) is not on edwards448")
    return "t a square, signs %s %s: (x, y, 1, x y) = the RFC's, on edwards448 (c^2 = -d)" % (r_sign, u_sign)


def decaf_encode(f, pc):
    """RFC 9496 section 5.3.2's s of the point (X : Y : Z : T), in the case of its root and signs."""
    ring = add_roots(pc.edwards_ring("E", ["1"], extra=["c"] + inverse_names(f)), f)
    ring.relation({"c": 2}, ring.const(-pc.D))
    c = ring.var("c")
    inputs = pc.forms(ring, "1")
    inputs["c"] = c
    inverses = {}
    out = pc.evaluate(with_tested(f, pc), ring, inputs, inverses=inverses)
    tests = list(f.assume.items())
    if len(tests) != 4 or tests[0][1] not in ("square", "nonsquare", "zero") or \
            any(a not in ("lobit0", "lobit1") for _, a in tests[1:]):
        raise pc.Refused("a root and three signs expected")
    (tid, _), (rid, r_sign), (wid, w_sign), (sid, s_sign) = tests
    zero = lambda p: not cleared(p, ring, inverses, pc)  # noqa: E731
    sign = lambda a: -1 if a == "lobit1" else 1  # noqa: E731
    X, Z, T = inputs["X1"], inputs["Z1"], inputs["T1"]
    one_minus_d = 1 - pc.D
    u1 = cp.mul(cp.add(X, T), cp.sub(X, T))
    if not zero(cp.sub(out["?%d" % tid], cp.scale(cp.mul(u1, cp.mul(X, X)), one_minus_d))):
        raise pc.Refused("the root is not of u1 (1 - d) x0^2")
    roots = ["s%d" % oid for oid, op, args in f.ops if op == "isr" and args == (tid,)]
    root = {} if tests[0][1] == "zero" else ring.var(roots[0]) if len(roots) == 1 else None
    if root is None or not zero(cp.sub(out["?%d" % rid], root)):
        raise pc.Refused("the first sign is not of the root")
    invsqrt = cp.scale(root, sign(r_sign))
    ratio_in = cp.mul(cp.mul(invsqrt, u1), c)
    if not zero(cp.sub(out["?%d" % wid], ratio_in)):
        raise pc.Refused("the second sign is not of invsqrt u1 SQRT_MINUS_D")
    ratio = cp.scale(ratio_in, sign(w_sign))
    # u2 = INVSQRT_MINUS_D ratio z0 - t0: c u2 = ratio z0 - c t0; s_in = (1 - d) invsqrt x0 u2
    c_s_in = cp.scale(cp.mul(cp.mul(invsqrt, X), cp.sub(cp.mul(ratio, Z), cp.mul(c, T))), one_minus_d)
    if not zero(cp.sub(cp.mul(out["?%d" % sid], c), c_s_in)):
        raise pc.Refused("the third sign is not of ONE_MINUS_D invsqrt x0 u2")
    if not zero(cp.sub(cp.mul(out["s"], c), cp.scale(c_s_in, sign(s_sign)))):
        raise pc.Refused("s is not CT_ABS(ONE_MINUS_D invsqrt x0 u2)")
    return "root %s, signs %s %s %s: s = the RFC's" % (tests[0][1], r_sign, w_sign, s_sign)


CLAIMS = {"map_c2e": curve448_to_edwards, "map_e2u": edwards_to_curve448_u, "map_ed_u": ed448_y_to_u,
          "map_ell2": elligator2, "map_ell2_never": elligator2, "map_decaf_test": decaf_test,
          "map_decaf_decode": decaf_decode, "map_decaf_encode": decaf_encode}


def times_four(by_name, pc):
    """h2c_edwards_to_curve448_u(h2c_curve448_to_edwards(u, v)) = u([4](u, v))."""
    c2e, e2u = by_name["h2c_curve448_to_edwards"], by_name["h2c_edwards_to_curve448_u"]
    ring = montgomery_ring(inverse_names(e2u), pc)
    p = pc.evaluate(c2e, ring, montgomery_inputs(ring), check_bounds=False)
    inverses = {}
    ins = {k[:-1] + "1": v for k, v in p.items()}
    u4 = pc.evaluate(e2u, ring, ins, check_bounds=False, inverses=inverses)["u"]
    r5 = cp.Ring(["U1", "X2", "Z2", "X3", "Z3"])
    st = pc.rfc7748_step(r5, False)
    X, Z = montgomery_inputs(ring)["U"], ring.var("w")
    for _ in range(2):
        at = {"X2": X, "Z2": Z}
        X, Z = (ring.nf(cp.substitute(st[k], r5, at, ring)) for k in ("X2o", "Z2o"))
    if cleared(cp.sub(cp.mul(u4, Z), X), ring, inverses, pc):
        raise pc.Refused("u of the composition != u([4]P)")
    return ("h2c_edwards_to_curve448_u(h2c_curve448_to_edwards(P)) = u([4]P), RFC 7748's doubling twice "
            "(where Z and X are nonzero)")


def whole(by_name, pc):
    """(name, claim) of the claims about several of the maps' instances."""
    if "h2c_curve448_to_edwards" in by_name and "h2c_edwards_to_curve448_u" in by_name:
        yield "[4] (maps)", lambda: times_four(by_name, pc)
