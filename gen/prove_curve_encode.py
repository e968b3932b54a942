"""The claims of gen/prove_curve.py about Ed448's point encoding and decoding,
src/point/point_encode.c (its "encode" backend, driver
gen/curve_trace/trace_encode.c), RFC 8032 sections 5.2.2 and 5.2.3, with the
inverses, roots and tests of gen/prove_curve_maps.py (imported, not copied).
Serialization is a field routine, the identity on values here (trace.c); a
test reads the value it is of (a gf_lobit is the sign bit's value).

  - point_encode_ed448 (point_affine, then point_encode_ed448_affine): its one
    inversion is of Z (Z != 0 on a point), the encoded y is Y / Z, the sign bit
    is the answer of gf_lobit on X / Z, the last byte's other bits are 0, and
    T is not read.
  - point_decode_ed448, in each case of its tests: gf_isr's on u v, u = y^2 - 1,
    v = d y^2 - 1 (never 0: d is not a square), gf_is_zero's on x = u r and on
    u, gf_lobit's on x. The mask ok is 1 exactly where the last byte's low 7
    bits are 0, u v is a square or u = 0, and not x = 0 with the sign bit set;
    there the point is (x', y, 1, x' y) with x'^2 v = u (x'^2 = (y^2 - 1) /
    (d y^2 - 1): on edwards448, section 5.2.3 step 2) and x' = -x exactly where
    x's sign differs from the sign bit (so x' is the RFC's root with that sign;
    at u = 0, x' = 0). The combinations of answers that contradict each other
    (u v a nonzero square with x or u zero: x^2 v = u; u v a nonsquare with u
    zero; u v zero with u nonzero: v != 0) are refused if traced.
  - point_decode_ed448_2 and point_decode_ed448_lanes (GF_LANES = 2 items), item
    by item (the other items' y idle inputs): point_decode_ed448's claim, in each
    of its cases, on the item's own tests. Their roots are the library's gf_isr2
    (the portable backend's) and field_lanes.c's gfl_isr_lanes, whose gf_eq of
    r^2 u v and 1 is checked to be 0 exactly where u v is a square (r^2 u v - 1 =
    0, -2 or -1 for a square, a nonsquare, 0) and then read as the root's answer.
"""

import prove_curve_maps as maps
import curve_poly as cp
import prove_curve_decaf as decaf


def encode(f, pc):
    ring = pc.edwards_ring("E", ["1"], extra=["t1"] + maps.inverse_names(f))
    inputs = pc.forms(ring, "1")
    inputs["T1"] = ring.var("t1")
    inverses = {}
    out = pc.evaluate(maps.with_tested(f, pc), ring, inputs, inverses=inverses)
    zero = lambda p: not maps.cleared(p, ring, inverses, pc)  # noqa: E731
    if any(cp.depends_on(v, ring, "t1") for v in out.values()):
        raise pc.Refused("the encoding reads T")
    if [a for _, a in f.tests] not in (["nonzero", "lobit0"], ["nonzero", "lobit1"]):
        raise pc.Refused("an inversion of a nonzero Z and a sign expected")
    (zid, _), (xid, sign) = f.tests
    if not zero(cp.sub(out["?%d" % zid], inputs["Z1"])):
        raise pc.Refused("the inversion is not of Z")
    if not zero(cp.sub(out["?%d" % xid], ring.var("x1"))):
        raise pc.Refused("the sign is not of X / Z")
    if not zero(cp.sub(out["y"], ring.var("y1"))):
        raise pc.Refused("the encoded y is not Y / Z")
    if f.masks.get("sign") != (sign == "lobit1") or f.masks.get("rest") != 0:
        raise pc.Refused("the last byte is not the sign of x (%s) in its top bit alone" % sign)
    return "y = Y / Z, last byte = %d << 7 (the low bit of x = X / Z), one inversion, T not read" % (sign == "lobit1")


def decode(f, pc, tag=""):
    """RFC 8032 section 5.2.3 in the case of f's answers (module docstring). tag: the item's
    suffix of the input and output names."""
    ring = maps.add_roots(cp.Ring(["y" + tag] + maps.inverse_names(f)), f)
    y, one = ring.var("y" + tag), ring.const(1)
    inverses = {}
    out = pc.evaluate(maps.with_tested(f, pc), ring, {"y" + tag: y}, inverses=inverses)
    zero = lambda p: not maps.cleared(p, ring, inverses, pc)  # noqa: E731
    tests = [(i, a) for i, a in f.tests]
    eq = tests.pop(1) if len(tests) == 5 else None  # gfl_isr_lanes' gf_eq of r^2 u v and 1
    if len(tests) != 4:
        raise pc.Refused("four tests expected: the root's, x zero, u zero, x's sign")
    (aid, a_ans), (xid, x_ans), (uid, u_ans), (lid, sign_ans) = tests
    yy = cp.mul(y, y)
    u, v = cp.sub(yy, one), cp.sub(cp.scale(yy, pc.D), one)
    if pc.is_square(pc.D):
        raise pc.Refused("d is a square: v may vanish")
    roots = ["s%d" % oid for oid, op, args in f.ops if op == "isr" and args == (aid,)]
    if not zero(cp.sub(out["?%d" % aid], cp.mul(u, v))) or len(roots) != 1:
        raise pc.Refused("the root is not of u v = (y^2 - 1)(d y^2 - 1)")
    r = {} if a_ans == "zero" else ring.var(roots[0])
    if eq is not None:
        want = {"square": 0, "nonsquare": -2, "zero": -1}[a_ans]  # r^2 u v - 1 (Euler)
        if not zero(cp.sub(out["?%d" % eq[0]], ring.const(want))) or (eq[1] == "zero") != (want == 0):
            raise pc.Refused("gf_eq is not of r^2 u v - 1 = %d where u v is %s (%s)" % (want, a_ans, eq[1]))
    x = cp.mul(u, r)
    if not zero(cp.sub(out["?%d" % xid], x)) or lid != xid:
        raise pc.Refused("the zero test and the sign are not of x = u r")
    if not zero(cp.sub(out["?%d" % uid], u)):
        raise pc.Refused("the second zero test is not of u = y^2 - 1")
    case = "u v %s, x %s, u %s, %s" % (a_ans, x_ans, u_ans, sign_ans)
    if a_ans == "square":
        if not zero(cp.sub(cp.mul(cp.mul(x, x), v), u)):
            raise pc.Refused("x^2 v != u where u v is a square")
        if x_ans == "zero" or u_ans == "zero":
            raise pc.Refused("%s: impossible (x^2 v = u, u v != 0)" % case)
    elif a_ans == "nonsquare" and u_ans == "zero":
        raise pc.Refused("%s: impossible (u v != 0)" % case)
    elif a_ans == "zero" and (u_ans == "nonzero" or x_ans == "nonzero" or sign_ans == "lobit1"):
        raise pc.Refused("%s: impossible (v != 0, so u = 0 and x = u r = 0)" % case)
    sign, rest = f.masks.get("sign"), f.masks.get("rest")
    ok = not rest and (a_ans == "square" or u_ans == "zero") and not (x_ans == "zero" and sign)
    if f.masks.get("ok") != int(ok):
        raise pc.Refused("%s, sign bit %s, other bits %s: the mask is %s, not %d" % (
            case, sign, rest, f.masks.get("ok"), ok))
    case += ", sign bit %d%s" % (sign, ", other bits set" if rest else "")
    if not ok:
        return case + ": refused (mask 0)"
    X, Y, Z, T = (out[k + "3" + tag] for k in "XYZT")
    negate = (sign_ans == "lobit1") != bool(sign)
    if not zero(cp.sub(X, cp.neg(x) if negate else x)):
        raise pc.Refused("x is not %sthe root (its sign %s, the sign bit %d)" % (
            "minus " if negate else "", sign_ans, sign))
    if not zero(cp.sub(Y, y)) or Z != one or not zero(cp.sub(T, cp.mul(X, Y))):
        raise pc.Refused("the point is not (x, y, 1, x y)")
    if a_ans == "square":
        if not zero(cp.sub(cp.mul(cp.mul(X, X), v), u)):
            raise pc.Refused("x^2 (d y^2 - 1) != y^2 - 1")
        return case + ": (x, y, 1, x y) on edwards448, x^2 = (y^2 - 1) / (d y^2 - 1), sign of x = the bit"
    if X:
        raise pc.Refused("x is not 0 where u = 0")
    return case + ": (0, y, 1, 0), y^2 = 1 (u = 0)"


def decode_item(f, pc):
    """point_decode_ed448_2 and _lanes, one item: decode's claim on that item's own values and
    tests (prove_curve_decaf.py's own_lane; the other items' inputs idle)."""
    g = decaf.own_lane(f, pc)
    g.tests = [(i, a) for i, a in f.tests if i in g.assume]
    return decode(g, pc)


def batch(f, pc):
    """The points of f's inputs (tags 1, 2, ...) on edwards448, T a free variable each, and f's
    outputs with its tested values: (ring, tags, outputs, zero), zero(e) the proof of e = 0 with
    the inverse cleared; refused if an output reads a T."""
    tags = sorted({n[1:] for _, n, _ in f.inputs})
    ring = pc.edwards_ring("E", tags, extra=["t" + t for t in tags] + maps.inverse_names(f))
    inputs = {}
    for t in tags:
        inputs.update(pc.forms(ring, t))
        inputs["T" + t] = ring.var("t" + t)
    inverses = {}
    out = pc.evaluate(maps.with_tested(f, pc), ring, inputs, inverses=inverses)
    if any(cp.depends_on(v, ring, "t" + t) for v in out.values() for t in tags):
        raise pc.Refused("an output reads T")
    return ring, tags, out, lambda p: not maps.cleared(p, ring, inverses, pc)


def product(ring, factors):
    prod = ring.const(1)
    for x in factors:
        prod = cp.mul(prod, x)
    return ring.nf(prod)


def niels_batch(f, pc):
    """Montgomery's simultaneous inversion: each output is the niels form (x, y, d x y) of its
    point, one inversion of the product of the Z's, assumed nonzero (each Z of a point is)."""
    ring, tags, out, zero = batch(f, pc)
    prod = product(ring, [ring.var("z" + t) for t in tags])
    if [a for _, a in f.tests] != ["nonzero"] or not zero(cp.sub(out["?%d" % f.tests[0][0]], prod)):
        raise pc.Refused("one inversion, of the product of the Z's, expected")
    for t in tags:
        want = pc.forms(ring, t, z=ring.const(1))
        for n in ("x", "y", "DXY"):
            if not zero(cp.sub(out[n + t], want[n + t])):
                raise pc.Refused("output %s%s is not the niels form's (x = X / Z, y = Y / Z, d x y)" % (n, t))
    return "%d points: each (X / Z, Y / Z, d x y), one inversion of Z_1 ... Z_%d (nonzero), T not read" % (
        len(tags), len(tags))


def dual_isogeny(f, pc):
    """precomputed.c's phi(Q) from u, in the case of its answers: u = 0 gives the identity,
    u^3 + A u^2 + u a nonsquare the twist (-1), a square the point (x, y, 1, x y) with RFC 7748's
    (x, y) of (u, v), v = r (u^3 + A u^2 + u) the code's root. The root's s = a^((p-3)/4) is
    read as v j, j = 1/a (s^2 = j, a s^2 = 1 where a is a square): the ring of u, v, j with
    v^2 = a and j a = 1 (leading monomials v^2 and j u^3, coprime: a Groebner basis)."""
    ans = [a for _, a in f.tests]
    ok = f.masks.get("ok")
    if ans == ["zero"] or ans[:2] == ["nonzero", "nonsquare"]:
        want_ok = ans == ["zero"]
        if len(ans) != (1 if want_ok else 2) or ok != want_ok:
            raise pc.Refused("u %s: the answer is not %s" % (ans[0], "the identity" if want_ok else "-1 (the twist)"))
    elif ans[:2] != ["nonzero", "square"] or len(ans) != 4 or ok != 1:
        raise pc.Refused("the tests u, its square root's, the map's kernel, Z's inversion expected")
    names = maps.inverse_names(f)
    roots = [n for n in names if n[0] == "s"]
    jn = [n for n in names if n[0] == "j"] or ["j"]
    r2 = cp.Ring(["u", "v"] + jn + [n for n in names if n[0] != "j"], weights={"v": 2, **{n: 4 for n in roots}})
    u, v, j, one = r2.var("u"), r2.var("v"), r2.var(jn[0]), r2.const(1)
    a = cp.add(cp.add(cp.power(u, 3, one), cp.scale(cp.mul(u, u), pc.A_MONT)), u)
    r2.relation({"v": 2}, a)
    for n in roots:
        r2.relation({n: 1}, cp.mul(v, j))  # s = v j
    if ans[1:2] == ["square"]:
        r2.relation({jn[0]: 1, "u": 3}, cp.sub(one, cp.mul(j, cp.sub(a, cp.power(u, 3, one)))))  # j a = 1
    out = pc.evaluate(maps.with_tested(f, pc), r2, {"u": u}, inverses={})
    tests = f.tests
    if not pc.is_zero(r2, cp.sub(out["?%d" % tests[0][0]], u)):
        raise pc.Refused("the zero test is not of u")
    if ans == ["zero"] or ans[1] == "nonsquare":
        if ans[1:] and not pc.is_zero(r2, cp.sub(out["?%d" % tests[1][0]], a)):
            raise pc.Refused("the root is not of u^3 + A u^2 + u")
        if ans == ["zero"] and (out["X3"] or out["Y3"] != one or out["Z3"] != one or out["T3"]):
            raise pc.Refused("u = 0 does not give the identity (0, 1, 1, 0)")
        return "u = 0: the identity" if ans == ["zero"] else "u^3 + A u^2 + u a nonsquare: -1 (the twist)"
    if not pc.is_zero(r2, cp.sub(out["?%d" % tests[1][0]], a)):
        raise pc.Refused("the root is not of u^3 + A u^2 + u")
    iname = [n for n in names if n[0] == "i"]
    if len(iname) != 1 or tests[3][0] != next(args[0] for oid, op, args in f.ops if op == "inv"):
        raise pc.Refused("one inversion, of the last value tested, expected")
    inverses = {iname[0]: out["?%d" % tests[3][0]]}
    zero = lambda p: not maps.cleared(p, r2, inverses, pc)  # noqa: E731
    xn, xd, yn, yd = maps.rfc7748_isogeny(r2)
    if cp.monomial_factor(out["?%d" % tests[2][0]], r2.nf(cp.mul(xd, yd)), r2, []) is None:
        raise pc.Refused("the map's test is not of c times RFC 7748's two denominators")
    X, Y, Z, T = (out[k + "3"] for k in "XYZT")
    if Z != one or not zero(cp.sub(T, cp.mul(X, Y))):
        raise pc.Refused("the point is not (x, y, 1, x y)")
    if ans[2] == "zero":
        if X or not zero(cp.sub(Y, one)):
            raise pc.Refused("the map's kernel does not give the identity")
        return "v^2 = u^3 + A u^2 + u a square, the map's kernel: the identity (0, 1, 1, 0)"
    if not zero(cp.sub(cp.mul(X, xd), xn)) or not zero(cp.sub(cp.mul(Y, yd), yn)):
        raise pc.Refused("(x, y) is not RFC 7748's phi(u, v)")
    return "v = r (u^3 + A u^2 + u), v^2 = u^3 + A u^2 + u: (x, y, 1, x y) = RFC 7748's phi(u, v)"


def u_times_4(f, pc):
    """(U : W) = u([4]Q) of (u : 1): RFC 7748's doubling (proven Montgomery's) twice."""
    ring = cp.Ring(["u"])
    out = pc.evaluate(f, ring, {"u": ring.var("u")})
    r5 = cp.Ring(["U1", "X2", "Z2", "X3", "Z3"])
    st = pc.rfc7748_step(r5, False)
    X, Z = ring.var("u"), ring.const(1)
    for _ in range(2):
        at = {"X2": X, "Z2": Z}
        X, Z = (ring.nf(cp.substitute(st[k], r5, at, ring)) for k in ("X2o", "Z2o"))
    if set(out) != {"U", "W"} or cp.sub(out["U"], X) or cp.sub(out["W"], Z):
        raise pc.Refused("(U : W) is not RFC 7748's doubling twice of (u : 1)")
    return "(U : W) = RFC 7748's doubling twice of (u : 1): u([4]Q)"


def base_u_lanes(f, pc):
    """x448_base_u_lanes: per lane u x^2 = y^2 (x448_base.c's u = (Y / X)^2) where X is tested
    nonzero, u = 0 where zero (the single call's 1/0 = 0); one inversion, of the product of the
    nonzero X's."""
    ring, tags, out, zero = batch(f, pc)
    *lanes, (pid, pans) = f.tests
    if len(lanes) != len(tags) or pans != "nonzero":
        raise pc.Refused("a zero test of each lane's X, then one inversion, expected")
    kept = []
    for t, (i, a) in zip(tags, lanes):
        X = ring.nf(cp.mul(ring.var("x" + t), ring.var("z" + t)))
        if not zero(cp.sub(out["?%d" % i], X)):
            raise pc.Refused("lane %s's zero test is not of its X" % t)
        kept += [X] if a == "nonzero" else []
    if not zero(cp.sub(out["?%d" % pid], product(ring, kept))):
        raise pc.Refused("the inversion is not of the product of the nonzero X's")
    for t, (i, a) in zip(tags, lanes):
        u, x, y = out["u" + t], ring.var("x" + t), ring.var("y" + t)
        if a == "zero" and u:
            raise pc.Refused("lane %s: u is not 0 where X = 0" % t)
        if a == "nonzero" and not zero(cp.sub(cp.mul(u, cp.mul(x, x)), cp.mul(y, y))):
            raise pc.Refused("lane %s: u x^2 != y^2" % t)
    return "%d lanes, X %s: u x^2 = y^2 (u = (Y / X)^2) where X != 0, u = 0 where X = 0, one inversion" % (
        len(tags), " ".join(a for _, a in lanes))


def encode_lanes(f, pc):
    """ed448_sign_batch.c's encode_lanes: per lane the encoding of point_encode_ed448 (y = Y / Z,
    the sign bit of X / Z alone in the last byte), one inversion of the product of the Z's."""
    ring, tags, out, zero = batch(f, pc)
    (pid, pans), *signs = f.tests
    prod = product(ring, [ring.var("z" + t) for t in tags])
    if pans != "nonzero" or len(signs) != len(tags) or not zero(cp.sub(out["?%d" % pid], prod)):
        raise pc.Refused("one inversion, of the product of the Z's, then a sign per lane, expected")
    seen = set()
    for i, a in signs:
        t = next((t for t in tags if zero(cp.sub(out["?%d" % i], ring.var("x" + t)))), None)
        if t is None or t in seen:
            raise pc.Refused("a sign is not of a lane's x = X / Z")
        seen.add(t)
        if f.masks.get("sign" + t) != (a == "lobit1") or f.masks.get("rest" + t) != 0:
            raise pc.Refused("lane %s: the last byte is not the sign of x (%s) in its top bit alone" % (t, a))
    for t in tags:
        if not zero(cp.sub(out["y" + t], ring.var("y" + t))):
            raise pc.Refused("lane %s: the encoded y is not Y / Z" % t)
    return "%d lanes: y = Y / Z, last byte = the low bit of X / Z << 7, one inversion of the Z's" % len(tags)


def point_masks(f, pc):
    """point_eq: its tests are of X1 Z2 - X2 Z1 and Y1 Z2 - Y2 Z1, its mask 1 exactly where both
    are 0 (the same affine point); point_valid: of (X^2 + Y^2) Z^2 - (Z^4 + d X^2 Y^2), T Z - X Y
    and Z, its mask 1 exactly where the first two are 0 and Z is not. The inputs are free (any
    four elements: the test is what decides)."""
    names = [n for _, n, _ in f.inputs]
    ring = cp.Ring(names)
    X, Y, Z, T = (ring.var(k + "1") for k in "XYZT")
    sq = lambda p: cp.mul(p, p)  # noqa: E731
    if f.claim == "enc_point_eq":
        X2, Y2, Z2 = (ring.var(k + "2") for k in "XYZ")
        want = [cp.sub(cp.mul(X, Z2), cp.mul(X2, Z)), cp.sub(cp.mul(Y, Z2), cp.mul(Y2, Z))]
        zero_ok = [True, True]
    else:
        curve = cp.sub(cp.mul(cp.add(sq(X), sq(Y)), sq(Z)), cp.add(sq(sq(Z)), cp.scale(cp.mul(sq(X), sq(Y)), pc.D)))
        want = [curve, cp.sub(cp.mul(T, Z), cp.mul(X, Y)), Z]
        zero_ok = [True, True, False]
    out = pc.evaluate(maps.with_tested(f, pc), ring, {n: ring.var(n) for n in names})
    if len(f.tests) != len(want):
        raise pc.Refused("%d tests expected" % len(want))
    for (i, a), w in zip(f.tests, want):
        if not pc.is_zero(ring, cp.sub(out["?%d" % i], w)):
            raise pc.Refused("a test is not of its difference")
    ok = all((a == "zero") == z for (_, a), z in zip(f.tests, zero_ok))
    if f.masks.get("ok") != ok:
        raise pc.Refused("the mask is %s where the tests say %d" % (f.masks.get("ok"), ok))
    return "tests %s: mask %d" % (" ".join(a for _, a in f.tests), ok)


CLAIMS = {"enc_point_eq": point_masks, "enc_point_valid": point_masks, "enc_encode": encode,
          "enc_base_u_lanes": base_u_lanes, "enc_encode_lanes": encode_lanes, "enc_decode": decode,
          "enc_decode_item": decode_item, "enc_niels_batch": niels_batch,
          "enc_dual_isogeny": dual_isogeny, "enc_u_times_4": u_times_4}
