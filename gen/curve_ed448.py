"""A slow, plain pure-Python reference of the Ed448-Goldilocks curve.

Used by gen/gen_tables.py to compute the precomputed tables and the curve
constants that the C code uses, and runnable on its own as a self-test
against the RFC vectors (python3 gen/curve_ed448.py).

The curve is edwards448 of RFC 8032 section 5.2 and RFC 7748 section 4.2:
    x^2 + y^2 = 1 + d x^2 y^2,  d = -39081,  over GF(p), p = 2^448 - 2^224 - 1.
Points are affine (x, y) pairs of ints; the neutral element is (0, 1).
Nothing here is constant time: it only ever sees public values.
"""

P = 2**448 - 2**224 - 1
D = P - 39081
# The prime order of the base point (RFC 8032 section 5.2).
L = 2**446 - 13818066809895115352007386748515426880336692474882178609894547503885

# The base point of RFC 8032 section 5.2 (= RFC 7748 section 4.2).
BASE_X = int("224580040295924300187604334099896036246789641632564134246125461686950415467406032909029192869357953282578032075146446173674602635247710")
BASE_Y = int("298819210078481492676017930443930673437544040154080242095928241372331506189835876003536878655418784733982303233503462500531545062832660")
BASE = (BASE_X, BASE_Y)
IDENTITY = (0, 1)


def inv(a):
    return pow(a, P - 2, P)


def is_square(a):
    return a % P == 0 or pow(a, (P - 1) // 2, P) == 1


def sqrt(a):
    """The square root with the low bit clear ("non-negative", RFC 9496), or None."""
    r = pow(a, (P + 1) // 4, P)
    if r * r % P != a % P:
        return None
    return r if r % 2 == 0 else P - r


def on_curve(pt):
    x, y = pt
    return (x * x + y * y - 1 - D * x * x * y * y) % P == 0


def add(p1, p2):
    """The complete Edwards addition law (Bernstein-Lange 2007, section 3)."""
    x1, y1 = p1
    x2, y2 = p2
    t = D * x1 * x2 * y1 * y2 % P
    x3 = (x1 * y2 + y1 * x2) * inv(1 + t) % P
    y3 = (y1 * y2 - x1 * x2) * inv(1 - t) % P
    return (x3, y3)


def neg(pt):
    return ((-pt[0]) % P, pt[1])


def mul(k, pt):
    """[k]pt for any integer k >= 0, by double-and-add."""
    acc = IDENTITY
    while k:
        if k & 1:
            acc = add(acc, pt)
        pt = add(pt, pt)
        k >>= 1
    return acc


# ---- RFC 8032 section 5.2.2 / 5.2.3: the 57-byte Ed448 encoding ----

def ed448_encode(pt):
    x, y = pt
    return (y | ((x & 1) << 455)).to_bytes(57, "little")


def ed448_decode(b):
    """The point, or None when b is not a canonical encoding of a curve point."""
    if len(b) != 57:
        return None
    n = int.from_bytes(b, "little")
    sign = n >> 455
    y = n & ((1 << 455) - 1)
    if y >= P:
        return None
    u = (y * y - 1) % P
    v = (D * y * y - 1) % P
    x = sqrt(u * inv(v) % P)
    if x is None:
        return None
    if x == 0 and sign:
        return None
    if x & 1 != sign:
        x = P - x
    return (x, y)


# ---- RFC 9496 section 5: decaf448 ----

def negative(a):
    return a % P % 2 == 1


def ct_abs(a):
    a %= P
    return P - a if negative(a) and a else a


def sqrt_ratio_m1(u, v):
    """RFC 9496 section 5.2: (was_square, r) with r = sqrt(u/v) or sqrt(-u/v), r non-negative."""
    u %= P
    v %= P
    r = u * pow(u * v, (P - 3) // 4, P) % P
    was_square = v * r * r % P == u
    return was_square, ct_abs(r)


SQRT_MINUS_D = sqrt(39081)
INVSQRT_MINUS_D = inv(SQRT_MINUS_D)
ONE_MINUS_D = 39082
ONE_MINUS_TWO_D = 78163


def decaf_decode(b):
    """RFC 9496 section 5.3.1. The affine point, or None."""
    if len(b) != 56:
        return None
    s = int.from_bytes(b, "little")
    if s >= P or negative(s):
        return None
    ss = s * s % P
    u1 = (1 + ss) % P
    u2 = (u1 * u1 - 4 * D * ss) % P
    was_square, invsqrt = sqrt_ratio_m1(1, u2 * u1 * u1)
    if not was_square:
        return None
    u3 = ct_abs(2 * s * invsqrt * u1 * SQRT_MINUS_D)
    x = u3 * invsqrt * u2 * INVSQRT_MINUS_D % P
    y = (1 - ss) * invsqrt * u1 % P
    return (x, y)


def decaf_encode(pt):
    """RFC 9496 section 5.3.2, from affine coordinates (z = 1, t = x y)."""
    x0, y0 = pt
    z0 = 1
    t0 = x0 * y0 % P
    u1 = (x0 + t0) * (x0 - t0) % P
    _, invsqrt = sqrt_ratio_m1(1, u1 * ONE_MINUS_D * x0 * x0)
    ratio = ct_abs(invsqrt * u1 * SQRT_MINUS_D)
    u2 = (INVSQRT_MINUS_D * ratio * z0 - t0) % P
    s = ct_abs(ONE_MINUS_D * invsqrt * x0 * u2)
    return s.to_bytes(56, "little")


def decaf_eq(p1, p2):
    """RFC 9496 section 5.3.3."""
    return (p1[0] * p2[1] - p1[1] * p2[0]) % P == 0


def decaf_map(t):
    """RFC 9496 section 5.3.4, MAP(t): returns an affine point."""
    r = -t * t % P
    u0 = D * (r - 1) % P
    u1 = (u0 + 1) * (u0 - r) % P
    was_square, v = sqrt_ratio_m1(ONE_MINUS_TWO_D, (r + 1) * u1)
    v_prime = v if was_square else t * v % P
    sgn = 1 if was_square else P - 1
    s = v_prime * (r + 1) % P
    w0 = 2 * ct_abs(s) % P
    w1 = (s * s + 1) % P
    w2 = (s * s - 1) % P
    w3 = (v_prime * s * (r - 1) * ONE_MINUS_TWO_D + sgn) % P
    X, Y, Z = w0 * w3 % P, w2 * w1 % P, w1 * w3 % P
    zi = inv(Z)
    return (X * zi % P, Y * zi % P)


def decaf_from_uniform(b):
    """RFC 9496 section 5.3.4: the element of 112 uniform bytes."""
    t1 = int.from_bytes(b[:56], "little") % P
    t2 = int.from_bytes(b[56:112], "little") % P
    return add(decaf_map(t1), decaf_map(t2))


# ---- RFC 7748 section 4.2: the 4-isogeny to curve448 ----

def montgomery_u(pt):
    """u = y^2 / x^2: the map from edwards448 to curve448 of RFC 7748 section 4.2."""
    x, y = pt
    return y * y * inv(x * x) % P if x else 0


def x448_ladder(k, u):
    """RFC 7748 section 5, k already clamped; used only by the self-test."""
    a24 = 39081
    x1, x2, z2, x3, z3, swap = u, 1, 0, u, 1, 0
    for t in reversed(range(448)):
        kt = (k >> t) & 1
        swap ^= kt
        if swap:
            x2, x3, z2, z3 = x3, x2, z3, z2
        swap = kt
        A = x2 + z2; AA = A * A; B = x2 - z2; BB = B * B; E = AA - BB
        C = x3 + z3; Dd = x3 - z3; DA = Dd * A; CB = C * B
        x3 = (DA + CB) ** 2 % P
        z3 = x1 * (DA - CB) ** 2 % P
        x2 = AA * BB % P
        z2 = E * (AA + a24 * E) % P
    if swap:
        x2, z2 = x3, z3
    return x2 * pow(z2, P - 2, P) % P


# ---- the 2-isogenies between edwards448 and the twisted curve (the fixed-base comb's) ----
#
# TWISTED: -x^2 + y^2 = 1 + (d - 1) x^2 y^2. On it the addition of an affine
# point takes 7 multiplications instead of 8 (point.h, src/backend/portable/point_base_twisted.c).
# phi maps edwards448 to it, phi_hat maps back, and phi_hat(phi(P)) = [4]P (checked
# by the self-test); both are the doubling formulas of the source curve with the
# other curve's a (Hisil-Wong-Carter-Dawson 2008, section 3.3; Hamburg, "Decaf",
# ePrint 2015/673, section 4).

TWISTED_D = (D - 1) % P


def on_twisted(pt):
    x, y = pt
    return (-x * x + y * y - 1 - TWISTED_D * x * x * y * y) % P == 0


def phi(pt):
    """edwards448 -> TWISTED: (2xy / (y^2 - x^2), (y^2 + x^2) / (2 - y^2 - x^2))."""
    x, y = pt
    return (2 * x * y * inv(y * y - x * x) % P, (y * y + x * x) * inv(2 - y * y - x * x) % P)


def phi_hat(pt):
    """TWISTED -> edwards448: (2xy / (y^2 + x^2), (y^2 - x^2) / (2 - y^2 + x^2))."""
    x, y = pt
    return (2 * x * y * inv(y * y + x * x) % P, (y * y - x * x) * inv(2 - y * y + x * x) % P)


def _self_test():
    import json
    import os
    here = os.path.dirname(os.path.abspath(__file__))
    vec = os.path.join(here, "..", "test", "vectors")
    assert on_curve(BASE) and mul(L, BASE) == IDENTITY
    assert not is_square(D)
    # The Ed448 base point maps to the curve448 base point u = 5.
    assert montgomery_u(BASE) == 5, montgomery_u(BASE)
    with open(os.path.join(vec, "rfc9496_decaf448.json")) as f:
        dv = json.load(f)
    # The decaf448 generator is [2]B in the quotient group.
    gen = decaf_decode(bytes.fromhex(dv["generator"]))
    assert decaf_eq(gen, mul(2, BASE))
    pt = IDENTITY
    for i, enc in enumerate(dv["multiples"]):
        assert decaf_encode(pt).hex() == enc, i
        q = decaf_decode(bytes.fromhex(enc))
        assert q is not None and decaf_eq(q, pt), i
        pt = add(pt, gen)
    for case in dv["invalid"]:
        assert decaf_decode(bytes.fromhex(case["encoding"])) is None, case
    for case in dv["element_derivation"]:
        out = decaf_encode(decaf_from_uniform(bytes.fromhex(case["input"])))
        assert out.hex() == case["output"], case
    with open(os.path.join(vec, "rfc8032_ed448.json")) as f:
        ev = json.load(f)
    import hashlib
    for case in ev["vectors"]:
        h = hashlib.shake_256(bytes.fromhex(case["secret_key"])).digest(114)
        s = bytearray(h[:57])
        s[0] &= 0xFC
        s[55] |= 0x80
        s[56] = 0
        a = int.from_bytes(s, "little")
        assert ed448_encode(mul(a, BASE)).hex() == case["public_key"]
        assert ed448_decode(bytes.fromhex(case["public_key"])) == mul(a, BASE)
    import random
    rng = random.Random(1)
    for _ in range(3):
        k = rng.getrandbits(448)
        k &= ~3
        k |= 1 << 447
        assert x448_ladder(k, 5) == montgomery_u(mul(k, BASE))
    for k in (1, 2, 12345, rng.getrandbits(446)):
        pt = mul(k, BASE)
        assert on_twisted(phi(pt)) and phi_hat(phi(pt)) == mul(4 * k, BASE)
    print("curve_ed448.py: self-test ok")


if __name__ == "__main__":
    _self_test()
