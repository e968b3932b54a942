"""The X448 ladder's 4-lane arithmetic in radix 2^50 on AVX-512 IFMA.

    generated/lanes_avx512ifma/gf4r50.h, written by gen/gen_lanes.py

An element is 9 limbs of 50 bits (450 bits), limb i of lane k in lane k of
limb[i], a __m256i: four independent elements, the four products of a round
of the ladder's step (src/backend/avx512ifma/x448_ladder_r50.c). Why not a gen/layouts.py
Layout: the layouts' schedules reduce by the golden ratio at a limb boundary
2^224 of two equal halves, and 9 x 50 has neither; what this radix gives
instead, measured on Zen 5 (bench/results/x448-limits-zen5.md):

  - the multiplier vpmadd52luq / vpmadd52huq takes 52-bit inputs, so a limb
    of 50 bits leaves two bits of headroom: the sum or the difference (plus
    2p) of two reduced elements is a multiplier input without a carry;
  - the high half of a product has weight 2^52 = 4 x 2^50 of the next column:
    column k is lo[k] + (hi[k] << 2), no split;
  - 2^450 = 4 x 2^448 = 4 (2^224 + 1) (mod p) and 224 = 4 x 50 + 24, so
    column k >= 9 folds into columns k - 9 (x 4), k - 5 (its low 24 bits,
    << 26) and k - 4 (the rest, >> 24): exact splits, no carry between;
  - one parallel round of carries (every limb at once, not a chain) then
    leaves every limb below 2^50 + 2^10, limb 8 below 2^48 + 2^10.

Each routine is written once below on an abstract machine (class Machine)
and run three ways from the same code: Bounds (interval analysis: every
intermediate below 2^64, every multiplier input below 2^52, every output
within the bounds it promises), Values (exact integers of one lane, against
arithmetic mod p on random and extreme inputs) and Printer (the intrinsics
of the header). The congruence of each step is a constant identity mod p,
asserted where the step is made (reduce, _fold_column). gen/gen_lanes.py
refuses to write anything when one fails.
"""

import random

import curve_ed448 as curve
import gen_tables
import prime
import r50_portable

LIMBS = 9
RADIX = 50
TOP_BITS = prime.BITS - RADIX * (LIMBS - 1)       # 48: limb 8's bits below 2^448
MADD_BITS = 52                                    # vpmadd52: inputs below 2^52
WORD_MAX = (1 << 64) - 1
SLACK = 1 << 10                                   # what one parallel carry round may leave
REDUCED = [(1 << RADIX) - 1 + SLACK] * (LIMBS - 1) + [(1 << TOP_BITS) - 1 + SLACK]
LOOSE = [(1 << MADD_BITS) - 1] * LIMBS            # any multiplier input
MULW_MAX = (1 << 17) - 1                          # gf4r50_mulw's constant (a24 = 39081, -2d' = 78164)
SPLIT = prime.PHI_BITS - RADIX * 4                # 24: 2^224 = 2^24 x 2^(50 x 4)

# The 8 x 56-bit limbs of the scalar layouts 8x56 and 8x56mulx (gen/layouts.py): what
# gf4r50_from_limbs56 takes (their loose bound, which their tight elements are within) and
# what gf4r50_to_limbs56 returns (within their tight bound, what every field routine returns).
LIMBS56 = 8
RADIX56 = 56
LOOSE56 = [0x300000010000000] * LIMBS56
TIGHT56 = [0x100000010000000] * LIMBS56

# 2p, limb by limb, each at least the reduced bound of its limb: a - b + BIAS
# is nonnegative for reduced b, and below 2^52 for reduced a.
BIAS = [(1 << 51) - 2] * 4 + [(1 << 51) - (1 << 25) - 2] + [(1 << 51) - 2] * 3 + [(1 << 49) - 2]
assert sum(v << (RADIX * i) for i, v in enumerate(BIAS)) == 2 * prime.P
assert all(b >= r for b, r in zip(BIAS, REDUCED))


class BoundError(Exception):
    """An intermediate that may overflow, an input too wide, or a bound not met."""


class _Halves:
    """The operations on a pair of elements' limbs in one __m512i (two __m256i halves, the
    low one first), for Bounds and Values: each half on its own, as the instruction does."""

    def pair(self, lo, hi):
        return (lo, hi)

    def low_half(self, p):
        return p[0]

    def high_half(self, p):
        return p[1]

    def zero2(self):
        return (self.const(0), self.const(0))

    def add2(self, a, b):
        return (self.add(a[0], b[0]), self.add(a[1], b[1]))

    def shl2(self, a, s):
        return (self.shl(a[0], s), self.shl(a[1], s))

    def madd_lo2(self, acc, x, y):
        return (self.madd_lo(acc[0], x[0], y[0]), self.madd_lo(acc[1], x[1], y[1]))

    def madd_hi2(self, acc, x, y):
        return (self.madd_hi(acc[0], x[0], y[0]), self.madd_hi(acc[1], x[1], y[1]))


class Bounds(_Halves):
    """Interval analysis: each value is its largest possible value (all are >= 0)."""

    def __init__(self, where):
        self.where = where

    def _w(self, v, what):
        if v > WORD_MAX:
            raise BoundError(f"{self.where}: {what} may reach 2^{v.bit_length()}: overflows 64 bits")
        return v

    def const(self, c):
        return c

    def add(self, a, b):
        return self._w(a + b, "a sum")

    def sub_bias(self, a, bias, b):
        if b > bias:
            raise BoundError(f"{self.where}: a subtrahend may exceed its bias 0x{bias:x}")
        return self._w(a + bias, "a difference")

    def shl(self, a, s):
        return self._w(a << s, "a shift")

    def shr(self, a, s):
        return a >> s

    def and_(self, a, m):
        return min(a, m)

    def _madd_in(self, x, y):
        if x >> MADD_BITS or y >> MADD_BITS:
            raise BoundError(f"{self.where}: a multiplier input may reach 2^{max(x, y).bit_length()}")

    def madd_lo(self, acc, x, y):
        self._madd_in(x, y)
        return self._w(acc + min(x * y, (1 << MADD_BITS) - 1), "a low accumulator")

    def madd_hi(self, acc, x, y):
        self._madd_in(x, y)
        return self._w(acc + ((x * y) >> MADD_BITS), "a high accumulator")

    def blend(self, a, b):
        return max(a, b)


class Values(_Halves):
    """Exact integers of one lane (which: whether that lane takes the second input of a blend)."""

    def __init__(self, which=False):
        self.which = which

    def const(self, c):
        return c

    def add(self, a, b):
        return a + b

    def sub_bias(self, a, bias, b):
        assert a + bias - b >= 0
        return a + bias - b

    def shl(self, a, s):
        return a << s

    def shr(self, a, s):
        return a >> s

    def and_(self, a, m):
        return a & m

    def madd_lo(self, acc, x, y):
        return acc + ((x * y) & ((1 << MADD_BITS) - 1))

    def madd_hi(self, acc, x, y):
        return acc + ((x * y) >> MADD_BITS)

    def blend(self, a, b):
        return b if self.which else a


class Printer:
    """The intrinsics: each value is the name of a __m256i temporary."""

    def __init__(self):
        self.lines = []
        self.n = 0

    def _t(self, expr):
        self.n += 1
        name = f"t{self.n}"
        self.lines.append(f"const __m256i {name} = {expr};")
        return name

    @staticmethod
    def _c(c):
        return f"_mm256_set1_epi64x(0x{c:x})"

    def const(self, c):
        return self._c(c)

    def add(self, a, b):
        return self._t(f"_mm256_add_epi64({a}, {b})")

    def sub_bias(self, a, bias, b):
        return self._t(f"_mm256_sub_epi64(_mm256_add_epi64({a}, {self._c(bias)}), {b})")

    def shl(self, a, s):
        return self._t(f"_mm256_slli_epi64({a}, {s})")

    def shr(self, a, s):
        return self._t(f"_mm256_srli_epi64({a}, {s})")

    def and_(self, a, m):
        return self._t(f"_mm256_and_si256({a}, {self._c(m)})")

    def madd_lo(self, acc, x, y):
        return self._t(f"_mm256_madd52lo_epu64({acc}, {x}, {y})")

    def madd_hi(self, acc, x, y):
        return self._t(f"_mm256_madd52hi_epu64({acc}, {x}, {y})")

    def blend(self, a, b):
        # lanes of `sub` (the routine's __mmask8 argument) from b
        return self._t(f"_mm256_mask_blend_epi64(sub, {a}, {b})")

    # pairs: a __m512i of two __m256i halves (the low half first)
    def _t2(self, expr):
        self.n += 1
        name = f"t{self.n}"
        self.lines.append(f"const __m512i {name} = {expr};")
        return name

    def pair(self, lo, hi):
        if lo == hi:
            return self._t2(f"_mm512_broadcast_i64x4({lo})")
        return self._t2(f"_mm512_inserti64x4(_mm512_castsi256_si512({lo}), {hi}, 1)")

    def low_half(self, p):
        return self._t(f"_mm512_castsi512_si256({p})")

    def high_half(self, p):
        return self._t(f"_mm512_extracti64x4_epi64({p}, 1)")

    def zero2(self):
        return "_mm512_setzero_si512()"

    def add2(self, a, b):
        return self._t2(f"_mm512_add_epi64({a}, {b})")

    def shl2(self, a, s):
        return self._t2(f"_mm512_slli_epi64({a}, {s})")

    def madd_lo2(self, acc, x, y):
        return self._t2(f"_mm512_madd52lo_epu64({acc}, {x}, {y})")

    def madd_hi2(self, acc, x, y):
        return self._t2(f"_mm512_madd52hi_epu64({acc}, {x}, {y})")


ZERO = None  # an accumulator nothing was added to yet


def _acc(m, acc, x):
    return x if acc is ZERO else m.add(acc, x)


def _madd(m, kind, acc, x, y):
    return getattr(m, kind)(m.const(0) if acc is ZERO else acc, x, y)


def _fold_column(m, c, k):
    """Column k >= 9 into k - 9, k - 5 and k - 4 (2^(50k) = 2^(50(k-9)) (4 + 2^226) mod p)."""
    w = lambda j: pow(2, RADIX * j, prime.P)
    assert w(k) == (4 * w(k - 9) + pow(2, RADIX * (k - 5) + RADIX - SPLIT, prime.P)) % prime.P
    assert (RADIX - SPLIT) + SPLIT == RADIX  # (v mod 2^24) << 26 at k - 5, v >> 24 at k - 4: exact
    v = c[k]
    c[k] = ZERO
    c[k - 9] = _acc(m, c[k - 9], m.shl(v, 2))
    c[k - 5] = _acc(m, c[k - 5], m.shl(m.and_(v, (1 << SPLIT) - 1), RADIX - SPLIT))
    c[k - 4] = _acc(m, c[k - 4], m.shr(v, SPLIT))


def reduce(m, c):
    """Columns c[0..] (c[k] of weight 2^(50k)) to 9 limbs within REDUCED."""
    for k in range(len(c) - 1, LIMBS - 1, -1):
        if c[k] is not ZERO:
            _fold_column(m, c, k)
    # 2^448 = 2^224 + 1 (mod p), 2^224 = 2^24 x 2^200: limb 8's bits from 48 up
    assert pow(2, prime.BITS, prime.P) == (pow(2, prime.PHI_BITS, prime.P) + 1) % prime.P
    top = m.shr(c[8], TOP_BITS)
    c[8] = m.and_(c[8], (1 << TOP_BITS) - 1)
    c[0] = m.add(c[0], top)
    c[4] = m.add(c[4], m.shl(top, SPLIT))
    # one parallel round: every carry computed from the limbs before any is added
    carries = [m.shr(c[i], RADIX) for i in range(LIMBS - 1)]
    low = [m.and_(c[i], (1 << RADIX) - 1) for i in range(LIMBS - 1)]
    return [low[0]] + [m.add(low[i], carries[i - 1]) for i in range(1, LIMBS - 1)] + [m.add(c[8], carries[7])]


def mul(m, a, b):
    """a * b. Four accumulator sets (lo / hi, even / odd i) keep each column's chain of
    vpmadd52 short; column k = lo[k] + 4 hi[k] (hi has weight 2^52 = 4 x 2^50)."""
    e = [[ZERO] * (2 * LIMBS) for _ in range(4)]
    for i in range(LIMBS):
        for j in range(LIMBS):
            s = 2 * (i & 1)
            e[s][i + j] = _madd(m, "madd_lo", e[s][i + j], a[i], b[j])
            e[s + 1][i + j + 1] = _madd(m, "madd_hi", e[s + 1][i + j + 1], a[i], b[j])
    c = []
    for k in range(2 * LIMBS):
        lo = ZERO
        for s in (0, 2):
            if e[s][k] is not ZERO:
                lo = _acc(m, lo, e[s][k])
        hi = ZERO
        for s in (1, 3):
            if e[s][k] is not ZERO:
                hi = _acc(m, hi, e[s][k])
        if hi is not ZERO:
            lo = _acc(m, lo, m.shl(hi, 2))
        c.append(lo)
    return reduce(m, c)


# gf4r50_mul's and gf4r50_sqr's two schedules, both printed and proven: the products in
# pairs, two to a 512-bit vpmadd52 (mul_paired, sqr_paired), or one to a 256-bit one (mul,
# sqr). The header compiles one of them by GF4R50_PAIRED (configure.py --r50-products). Zen 5
# issues either width at the same rate, two a cycle (measured: 12 independent chains, 3.98
# ticks for 12 of either), so pairs halve the multiplier's work: a lane product's latency 82
# to 61 ticks, X448 2.05x to 2.40x Debian's libdecaf (docs/performance.md, "AVX-512 IFMA").
# Where the
# 512-bit form issues at half the 256-bit one's rate (Zen 4's double-pumped units; Intel's
# cores from Ice Lake, by their published tables) the pairs break even at best.
PAIR_SHIFT = 5  # the high half multiplies by b[j + 5] where the low half does by b[j]


def _paired_products(m, products, width):
    """The accumulators of products taken two to a 512-bit vpmadd52: products are (set, x, y,
    k, real) for the pair operands x, y, the accumulator set of the low kind (the high kind's
    is set + 1, one column up) and column k of the low half; real says whether the high half
    holds a product at all. Returns the sets e[0..3][k] and whether each accumulator's high
    half is live."""
    e = [[ZERO] * width for _ in range(4)]
    live_high = [False] * width
    for s, x, y, k, real in products:
        for kind, t, col in (("madd_lo2", s, k), ("madd_hi2", s + 1, k + 1)):
            e[t][col] = getattr(m, kind)(m.zero2() if e[t][col] is ZERO else e[t][col], x, y)
            live_high[col] = live_high[col] or real
    return e, live_high


def _paired_columns(m, e, live_high, shift, groups, columns):
    """The columns from _paired_products' accumulators: for each (lo sets, hi sets, twice) of
    groups, sum(lo) + 4 sum(hi), doubled if twice; the groups' sum, whose low half goes to
    column k and high half to column k + shift."""
    c = [ZERO] * columns
    for k in range(len(live_high)):
        col = ZERO
        for lo_sets, hi_sets, twice in groups:
            part = hi = ZERO
            for t in lo_sets:
                if e[t][k] is not ZERO:
                    part = e[t][k] if part is ZERO else m.add2(part, e[t][k])
            for t in hi_sets:
                if e[t][k] is not ZERO:
                    hi = e[t][k] if hi is ZERO else m.add2(hi, e[t][k])
            if hi is not ZERO:
                hi = m.shl2(hi, 2)
                part = hi if part is ZERO else m.add2(part, hi)
            if part is ZERO:
                continue
            if twice:
                part = m.shl2(part, 1)
            col = part if col is ZERO else m.add2(col, part)
        if col is ZERO:
            continue
        c[k] = _acc(m, c[k], m.low_half(col))
        if live_high[k]:
            c[k + shift] = _acc(m, c[k + shift], m.high_half(col))
    return c


def mul_paired(m, a, b):
    """a * b with two products to each 512-bit vpmadd52: the low half a_i b_j, the high half
    a_i b_(j+5) (j < 5; b_9 = 0), both into one accumulator whose halves are the columns k
    and k + 5. Four accumulator sets as mul's; their halves go to the columns at the end.
    45 vpmadd52 pairs of each kind (lo, hi) where mul has 81 single ones."""
    s_ = PAIR_SHIFT
    x = [m.pair(a[i], a[i]) for i in range(LIMBS)]
    y = [m.pair(b[j], b[j + s_] if j + s_ < LIMBS else m.const(0)) for j in range(s_)]
    products = [(2 * (i & 1), x[i], y[j], i + j, j + s_ < LIMBS) for i in range(LIMBS) for j in range(s_)]
    e, live_high = _paired_products(m, products, LIMBS + s_)
    return reduce(m, _paired_columns(m, e, live_high, s_, [((0, 2), (1, 3), False)], 2 * LIMBS))


def sqr(m, a):
    """a * a with each cross product a_i a_j (i < j) once: 45 products where mul has 81.
    Column k = 2 (cx_lo[k] + 4 cx_hi[k]) + sq_lo[k] + 4 sq_hi[k], the cross and square
    products in accumulator sets of their own (short chains, as mul's)."""
    e = [[ZERO] * (2 * LIMBS) for _ in range(4)]  # cross lo, cross hi, square lo, square hi
    for i in range(LIMBS):
        for j in range(i, LIMBS):
            s = 0 if i < j else 2
            e[s][i + j] = _madd(m, "madd_lo", e[s][i + j], a[i], a[j])
            e[s + 1][i + j + 1] = _madd(m, "madd_hi", e[s + 1][i + j + 1], a[i], a[j])
    c = []
    for k in range(2 * LIMBS):
        col = ZERO
        for lo, hi, twice in ((e[0][k], e[1][k], True), (e[2][k], e[3][k], False)):
            part = lo
            if hi is not ZERO:
                part = _acc(m, part, m.shl(hi, 2))
            if part is not ZERO:
                col = _acc(m, col, m.shl(part, 1) if twice else part)
        c.append(col)
    return reduce(m, c)


def sqr_paired(m, a):
    """a * a with two products to each 512-bit vpmadd52, along the diagonals: with
    z_t = (a_t | a_(t+1)) (a_9 = 0), z_i z_j has a_i a_j in the low half and a_(i+1) a_(j+1)
    in the high half, two columns up. Each cross product's diagonal (i, i + d) is taken two
    at a time, an odd one out against z_8 = (a_8 | 0); the squares likewise. 20 cross and 5
    square pairs of each kind (lo, hi), where sqr has 45 single products. Column k =
    2 (cross) + squares, as sqr's; the accumulator k holds the columns k and k + 2."""
    shift = 2
    z = [m.pair(a[t], a[t + 1] if t + 1 < LIMBS else m.const(0)) for t in range(LIMBS)]
    products = []  # sets: cross lo, cross hi, square lo, square hi
    for d in range(0, LIMBS):
        s = 2 if d == 0 else 0  # the accumulator set: squares (d = 0) or cross products
        i = 0
        while i + d < LIMBS:
            if i + 1 + d < LIMBS:  # a pair: (i, i + d) and (i + 1, i + 1 + d)
                products.append((s, z[i], z[i + d], 2 * i + d, True))
                i += 2
            else:  # the last of the diagonal, against z_8's zero high half
                assert i + d == LIMBS - 1
                products.append((s, z[i], z[LIMBS - 1], i + LIMBS - 1, False))
                i += 1
    e, live_high = _paired_products(m, products, 2 * LIMBS)
    c = _paired_columns(m, e, live_high, shift, [((0,), (1,), True), ((2,), (3,), False)], 2 * LIMBS + shift)
    while c and c[-1] is ZERO:
        c.pop()
    return reduce(m, c)


def mulw(m, a, w):
    """a * w for 0 <= w <= MULW_MAX."""
    c = [ZERO] * (LIMBS + 1)
    for i in range(LIMBS):
        c[i] = _acc(m, c[i], m.madd_lo(m.const(0), a[i], w))
        c[i + 1] = _acc(m, c[i + 1], m.shl(m.madd_hi(m.const(0), a[i], w), 2))
    return reduce(m, c)


def addsub(m, a, b):
    """a + b, or a - b + 2p in the lanes of the mask `sub`: no carry, below 2^52."""
    return [m.blend(m.add(a[i], b[i]), m.sub_bias(a[i], BIAS[i], b[i])) for i in range(LIMBS)]


def add(m, a, b):
    return [m.add(a[i], b[i]) for i in range(LIMBS)]


def carry(m, a):
    """a, loose, to the same value reduced: limb 8's top folded, one parallel carry round."""
    return reduce(m, list(a))


def _pieces(m, v, vmax, at, radix, spill, out):
    """v (at most vmax), of weight 2^at, added into out[] (limbs `radix` bits apart) exactly:
    with at = i radix + s, its radix - s low bits shifted into limb i, the next radix bits into
    each of the spill - 1 limbs after, the rest into limb i + spill. vmax leaves out the masks
    and pieces that cannot matter (the same bound the analysis assumes of the input)."""
    i, s = divmod(at, radix)
    first = radix - s
    shifted = lambda x: m.shl(x, s) if s else x
    if vmax < 1 << first:
        out[i] = _acc(m, out[i], shifted(v))
        return
    out[i] = _acc(m, out[i], shifted(m.and_(v, (1 << first) - 1)))
    rest, rmax = m.shr(v, first), vmax >> first
    for k in range(1, spill + 1):
        if k == spill or rmax < 1 << radix:
            out[i + k] = _acc(m, out[i + k], rest)
            return
        out[i + k] = _acc(m, out[i + k], m.and_(rest, (1 << radix) - 1))
        rest, rmax = m.shr(rest, radix), rmax >> radix


def from_limbs56(m, v):
    """8 limbs of radix 2^56 (each below 2^58) to reduced radix-2^50 limbs, the same value
    mod p: each limb's bits go to the (at most three) limbs of radix 2^50 they straddle, as
    pieces below 2^50, so a column sums at most three (below 2^52, a loose element); the
    columns from 9 up fold as a product's do, then the carry round (reduce)."""
    c = [ZERO] * (LIMBS + 1)
    for j in range(LIMBS56):
        _pieces(m, v[j], LOOSE56[j], RADIX56 * j, RADIX, 2, c)  # 58 bits at most: two pieces after the first
    return reduce(m, c)


def to_limbs56(m, a):
    """Loose radix-2^50 limbs to 8 limbs of radix 2^56 within the scalar layouts' tight
    bound, the same value mod p: each limb (below 2^52) goes to the two limbs of radix 2^56
    it straddles; limb 8's bits from 2^448 fold into limbs 0 and 4 (2^448 = 2^224 + 1); then
    one parallel carry round of 56 bits, whose carries out of limb 7 wrap the same way."""
    assert pow(2, prime.BITS, prime.P) == (pow(2, prime.PHI_BITS, prime.P) + 1) % prime.P
    half = prime.PHI_BITS // RADIX56  # 4: 2^224 is limb 4's weight
    v = [ZERO] * (LIMBS56 + 1)
    for i in range(LIMBS):
        _pieces(m, a[i], LOOSE[i], RADIX * i, RADIX56, 1, v)  # below 2^52: one piece after the first
    top = v[LIMBS56]
    v = v[:LIMBS56]
    v[0] = m.add(v[0], top)
    v[half] = m.add(v[half], top)
    carries = [m.shr(v[j], RADIX56) for j in range(LIMBS56)]
    low = [m.and_(v[j], (1 << RADIX56) - 1) for j in range(LIMBS56)]
    out = [m.add(low[j], carries[j - 1]) if j else low[0] for j in range(LIMBS56)]
    out[0] = m.add(out[0], carries[LIMBS56 - 1])
    out[half] = m.add(out[half], carries[LIMBS56 - 1])
    return out


# name -> (routine, input bounds, output bound, what it computes)
ROUTINES = {
    "mul": (lambda m, a, b: mul_paired(m, a, b), (LOOSE, LOOSE), REDUCED, lambda x, y, which: x * y),
    "mul_single": (lambda m, a, b: mul(m, a, b), (LOOSE, LOOSE), REDUCED, lambda x, y, which: x * y),
    "sqr": (lambda m, a: sqr_paired(m, a), (LOOSE,), REDUCED, lambda x, which: x * x),
    "sqr_single": (lambda m, a: sqr(m, a), (LOOSE,), REDUCED, lambda x, which: x * x),
    "mulw": (lambda m, a, w: mulw(m, a, w), (LOOSE, MULW_MAX), REDUCED, lambda x, w, which: x * w),
    "addsub": (lambda m, a, b: addsub(m, a, b), (REDUCED, REDUCED), LOOSE,
               lambda x, y, which: x - y if which else x + y),
    "add": (lambda m, a, b: add(m, a, b), (REDUCED, REDUCED), LOOSE, lambda x, y, which: x + y),
    "carry": (lambda m, a: carry(m, a), (LOOSE,), REDUCED, lambda x, which: x),
    "from_limbs56": (lambda m, a: from_limbs56(m, a), (LOOSE56,), REDUCED, lambda x, which: x),
    "to_limbs56": (lambda m, a: to_limbs56(m, a), (LOOSE,), TIGHT56, lambda x, which: x),
}
# The radices of a routine's input and output limbs where they are not 2^50.
RADICES = {"from_limbs56": (RADIX56, RADIX), "to_limbs56": (RADIX, RADIX56)}


def _value(limbs, radix=RADIX):
    return sum(v << (radix * i) for i, v in enumerate(limbs))


def prove(name):
    """The interval analysis of routine name; returns the output bounds it found."""
    fn, ins, out, _ = ROUTINES[name]
    got = fn(Bounds(f"gf4r50_{name}"), *ins)
    for i, (g, o) in enumerate(zip(got, out)):
        if g > o:
            raise BoundError(f"gf4r50_{name}: limb {i} may reach 0x{g:x}, above its bound 0x{o:x}")
    return got


def selfcheck(name, n=300, seed=448):
    """Routine name on exact integers: random inputs and the extremes, against mod p."""
    fn, ins, out, want = ROUTINES[name]
    rin, rout = RADICES.get(name, (RADIX, RADIX))
    rnd = random.Random(seed)

    def pick(bound, mode):
        if isinstance(bound, int):
            return [bound, 0, rnd.randint(0, bound)][mode % 3]
        return [[v, 0, rnd.randint(0, v)][mode % 3] if mode < 3 else rnd.randint(0, v) for v in bound]

    for t in range(n):
        args = [pick(b, t if t < 3 else 3 + t % 2) for b in ins]
        for which in (False, True):
            got = fn(Values(which), *args)
            xs = [_value(a, rin) if isinstance(a, list) else a for a in args]
            if _value(got, rout) % prime.P != want(*xs, which) % prime.P:
                raise BoundError(f"gf4r50_{name}: wrong value for {args}")
            if any(g > o for g, o in zip(got, out)):
                raise BoundError(f"gf4r50_{name}: an output limb above its bound for {args}")


def printed(name):
    """The body of routine name: C statements on a->limb[i], b->limb[i] / w, into out->limb[i]."""
    fn, ins, _, _ = ROUTINES[name]
    p = Printer()
    if name in RADICES:  # from limb vectors v[j] into out->limb[i], or from a->limb[i] into v[j]
        src = [f"v[{j}]" for j in range(LIMBS56)] if name == "from_limbs56" else [f"a->limb[{i}]" for i in range(LIMBS)]
        outs = fn(p, src)
        dst = "out->limb[{}]" if name == "from_limbs56" else "v[{}]"
        return p.lines + [dst.format(i) + f" = {o};" for i, o in enumerate(outs)]
    a = [f"a->limb[{i}]" for i in range(LIMBS)]
    b = "_mm256_set1_epi64x((long long)w)" if name == "mulw" else [f"b->limb[{i}]" for i in range(LIMBS)]
    if name == "mulw":
        p.lines.append(f"const __m256i wv = {b};")
        b = "wv"
    outs = fn(p, a) if len(ins) == 1 else fn(p, a, b)
    # every input is read before out is written: out may alias a and b
    return p.lines + [f"out->limb[{i}] = {o};" for i, o in enumerate(outs)]


def twisted_entry(pt):
    """The lane entry of an affine point of the twisted curve: (y - x, y + x, 2d' x y, 2 Z) with Z = 1,
    as 9 limbs of each lane (canonical: reduced)."""
    x, y = pt
    lanes = [(y - x) % prime.P, (y + x) % prime.P, 2 * curve.TWISTED_D * x * y % prime.P, 2]
    return [[(v >> (RADIX * i)) & ((1 << RADIX) - 1) for v in lanes] for i in range(LIMBS)]


def phi_entry(pt):
    """The lane entry of phi(pt), an edwards448 point, checked on the twisted curve."""
    q = curve.phi(pt)
    if not curve.on_twisted(q):
        raise BoundError(f"phi of {pt} is not on the twisted curve")
    return twisted_entry(q)


def odd_multiple_tables(bases, bits):
    """phi of (2i + 1) P for each P of bases, i < 2^(bits - 2), as lane entries (phi is a
    homomorphism, so these are the odd multiples of phi(P))."""
    out = []
    for base in bases:
        twice = curve.add(base, base)
        pt, row = base, []
        for _ in range(1 << (bits - 2)):
            row.append(phi_entry(pt))
            pt = curve.add(pt, twice)
        out.append(row)
    return out


def base_wnaf_tables(bits):
    """phi of (2i + 1) B and of (2i + 1) 2^224 B for i < 2^(bits - 2): the fixed points of
    point_verify_r50.c's equation on the twisted curve."""
    return odd_multiple_tables((curve.BASE, curve.mul(1 << 224, curve.BASE)), bits)


def precomp_base_tables(chunk_bits, bits):
    """phi of (2i + 1) 2^chunk B and of (2i + 1) 2^(3 chunk) B (2^112 B and 2^336 B), i <
    2^(bits - 2): the fixed points of point_precomp_r50.c that B's generated tables lack."""
    return odd_multiple_tables((curve.mul(1 << chunk_bits, curve.BASE), curve.mul(1 << (3 * chunk_bits), curve.BASE)),
                               bits)


def base_comb_table(shape):
    """The single fixed-base comb of point_base_twisted.c (gen_tables.py's comb_twisted_of, the
    layout's base_comb shape) as lane entries: phi([1/4 mod l] entry) of edwards448's comb of
    B, so that phi_hat of a sum of entries is the sum of the comb's entries."""
    bn, bt, bs = shape
    quarter = curve.mul(pow(4, -1, curve.L), curve.BASE)
    return [[phi_entry(pt) for pt in row] for row in gen_tables.comb_points(bn, bt, bs, quarter)]


def _limbs(tables):
    return [[[", ".join("0x%013xll" % v for v in limb) for limb in e] for e in row] for row in tables]


def render_tables(env, header, bits, chunk_bits, precomp_bits):
    """generated/r50/gf4r50_base_wnaf.c."""
    t = env.get_template("r50/gf4r50_base_wnaf.c.j2")
    return t.render(header=header, tables=_limbs(base_wnaf_tables(bits)), bits=bits,
                    precomp=_limbs(precomp_base_tables(chunk_bits, precomp_bits)), chunk_bits=chunk_bits,
                    precomp_bits=precomp_bits)


def render_comb(env, header, shape):
    """generated/r50/gf4r50_base_comb.c."""
    t = env.get_template("r50/gf4r50_base_comb.c.j2")
    return t.render(header=header, tables=_limbs(base_comb_table(shape)), shape=shape)


def render(env, header, wnaf_bits, precomp_bits, comb_shape):
    """{file: text} of gf4r50.h, every routine proven and self-checked first:
    generated/r50/gf4r50_routines.h (the routines, on r50_ names: gen/r50_portable.py
    rename), and the two gf4r50.h that name those: generated/lanes_avx512ifma/ (the AVX-512
    intrinsics) and generated/r50_portable/ (the portable twin: each in plain C)."""
    info = {}
    for name in ROUTINES:
        info[name] = dict(bounds=", ".join("0x%x" % v for v in prove(name)), body=printed(name))
        selfcheck(name)
    r50_portable.selfcheck()
    text = env.get_template("r50/gf4r50_routines.h.j2").render(
        header=header("r50/gf4r50_routines.h.j2"), r=info, LIMBS=LIMBS, RADIX=RADIX, TOP_BITS=TOP_BITS,
        REDUCED=REDUCED, BIAS=", ".join("0x%x" % v for v in BIAS), MULW_MAX=MULW_MAX,
        LIMBS56=LIMBS56, LOOSE56=LOOSE56, TIGHT56=TIGHT56,
        hex=lambda v: "0x%x" % v, wnaf_entries=1 << (wnaf_bits - 2),
        precomp_entries=1 << (precomp_bits - 2), comb=comb_shape)
    used = r50_portable.used_intrinsics(text)
    wrapper = env.get_template("r50/gf4r50.h.j2")
    return {
        "r50/gf4r50_routines.h": r50_portable.rename(text),
        "lanes_avx512ifma/gf4r50.h": wrapper.render(header=header("r50/gf4r50.h.j2"), twin=False,
                                                    words=r50_portable.ifma_words(used),
                                                    word_init="{l0, l1, l2, l3}"),
        "r50_portable/gf4r50.h": wrapper.render(header=header("r50/gf4r50.h.j2", "gen/r50_portable.py"), twin=True,
                                                words=r50_portable.prelude(used),
                                                word_init="{{l0, l1, l2, l3}}"),
    }
