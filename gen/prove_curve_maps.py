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

The data-dependent tests are cases: the driver fixes each test's answer
(trace_assume), the trace says it ("assume ID zero|nonzero|square|
nonsquare"), and each instance's claim holds under its answers.

Inverses. gf_invert(a) and gf_invert_square(a) are the trace value "inv":
where a is assumed zero it is 0 (field.h: 1/0 = 0), else a fresh variable
i<ID> of the ring, with the relation i a = 1 kept aside (not in the ring's
normal form): a claim E = 0 with E of degree n in i is proven by clearing,
a^n E = sum_j E_j a^(n - j) (a i)^j = sum_j E_j a^(n - j) modulo i a - 1,
and the right side, free of i, must reduce to 0 modulo the curves; since
a != 0, E = 0 then holds wherever i a = 1. (One inverse at a time: the
value inverted must itself be free of inverses, which the maps are.)

curve448. The point is affine (u, v) with U = u w, W = w (w a free
variable: U / W = u for every w != 0), and the relation v^2 = u^3 + A u^2 +
u, the rewriting v^2 -> u^3 + A u^2 + u of curve_poly.Ring.relation with v
of weight 2 (one relation is a Groebner basis of its ideal).
"""

import curve_poly as cp

A_MONT = 156326  # curve448: v^2 = u^3 + A u^2 + u
D = -39081       # edwards448: x^2 + y^2 = 1 + d x^2 y^2


def inverse_names(f):
    """The ring variables of f's inverses, i<ID>."""
    return ["i%d" % oid for oid, op, _ in f.ops if op == "inv"]


def inverse(f, ring, oid, aid, a, inverses, refused):
    """The value of v<oid> = inv v<aid> (a, the polynomial of v<aid>): 0 where v<aid> is
    assumed zero, else the variable i<oid>, recorded in inverses."""
    case = f.assume.get(aid)
    if case is None:
        raise refused("v%d inverts v%d, whose zero test no driver fixed" % (oid, aid))
    if case == "zero":
        return {}
    name = "i%d" % oid
    if name not in ring.index:
        raise refused("no variable for the inverse v%d" % oid)
    if inverses is not None:
        inverses[name] = a
    return ring.var(name)


def cleared(e, ring, inverses, pc):
    """e with each inverse variable i (i a = 1) cleared: a^n e, then i a = 1 (module docstring)."""
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


def montgomery_ring(extra):
    ring = cp.Ring(["u", "v", "w"] + list(extra), weights={"v": 2})
    u = ring.var("u")
    uu = cp.mul(u, u)
    ring.relation({"v": 2}, cp.add(cp.add(cp.mul(uu, u), cp.scale(uu, A_MONT)), u))
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
    ring = montgomery_ring(inverse_names(f))
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
    on = cp.sub(cp.mul(cp.add(sq(X), sq(Y)), sq(Z)), cp.add(sq(sq(Z)), cp.scale(cp.mul(sq(X), sq(Y)), D)))
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
    b = cp.sub(cp.scale(yy, D), one)
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


CLAIMS = {"map_c2e": curve448_to_edwards, "map_e2u": edwards_to_curve448_u, "map_ed_u": ed448_y_to_u}


def times_four(by_name, pc):
    """h2c_edwards_to_curve448_u(h2c_curve448_to_edwards(u, v)) = u([4](u, v))."""
    c2e, e2u = by_name["h2c_curve448_to_edwards"], by_name["h2c_edwards_to_curve448_u"]
    ring = montgomery_ring(inverse_names(e2u))
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
