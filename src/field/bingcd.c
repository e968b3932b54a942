/*
 * x^-1 mod M, and on request the Jacobi symbol (x | M), by Pornin's
 * optimized binary GCD ("Optimized Binary GCD for Modular Inversion",
 * https://eprint.iacr.org/2020/972; Algorithm 2 of its section 2, the bound
 * of its appendix A).
 *
 * The classic extended binary GCD (Algorithm 1) keeps a, b >= 0, b odd,
 * from (a, b) = (x, M): a even: a <- a / 2; else, after swapping (a, b)
 * when a < b, a <- (a - b) / 2. Each iteration removes at least one bit
 * from len(a) + len(b) while a != 0, and a = 0 leaves b = gcd(x, M).
 * Optimization 1: the iterations record update factors, rows (f0, g0) and
 * (f1, g1) with 2^t (a_t, b_t) = (f0 a + g0 b, f1 a + g1 b) after t of them
 * (a swap swaps the rows, a subtraction subtracts them, and the row of b
 * doubles as a halves, keeping the common 2^t), applied every k - 1
 * iterations. Optimization 2: those iterations run on approximations of
 * lo + k + 1 bits: with n = max(len(a), len(b), lo + k + 1),
 *     abar = (a mod 2^lo) + 2^lo floor(a / 2^(n-k-1)),
 * the k + 1 top bits of the longer number's length and the lo low bits
 * (alike bbar): the parities the k - 1 iterations read are exact (bit 0
 * after t halvings is bit t of the start, t < k - 1 <= lo), so (f0 a + g0
 * b) / 2^(k-1) is exact, and only a comparison can go wrong, which leaves a
 * or b negative: both are negated back, with their row. The paper takes lo
 * = k - 1 (2k bits); more low bits move none of its bounds: abar is within
 * 2^lo of 2^(lo+k+1-n) a, an error of 2^(n-k-1) in a's own units whatever
 * lo is, and appendix A's bounds are in those units.
 *
 * Here k = 31 and lo = k + 1 = 32 (LOW_BITS: two bits beyond the parities,
 * for the Jacobi symbol below), approximations of 64 bits, K1 = k - 1 = 30
 * iterations a round; per word size W (the layout's gf_word_t):
 *     64-bit words: approximations of one word, each row packed in one
 *       word (below);
 *     32-bit words: approximations in a double word (two registers), the
 *       four factors in a word each. (k = 16, one-word approximations and
 *       packed rows, needs 60 rounds of 15 iterations, each with its
 *       17-limb updates: 1.56x the divsteps' instructions, against 1.10x
 *       for k = 31.)
 * (k = 32 with lo = 31, one round fewer on 64-bit words, inverted 2% faster
 * there but leaves no room for the symbol's bits.)
 *
 * The count (appendix A): each round of k - 1 iterations on the
 * approximations lowers len(a) + len(b) by at least k - 1 while a != 0
 * (A.1: abar, bbar stay within 2^(n-k-1) of 2^(n-2k) a_t, 2^(n-2k) b_t,
 * because |f0| + |g0| <= 2^t; A.2: at the first wrong comparison abar -
 * bbar < 2^k, so the new a is at most 2^(n-k-1) in magnitude; A.3: after
 * it no value above 2^(n-k-1) grows and none below regrows past it, and the
 * three cases of the lengths each give k - 1 bits; with n <= lo + k + 1,
 * no approximation, the classic algorithm). a = 0 is kept: abar = 0, the rows
 * stay (1, 0) and (0, 2^(k-1)), and b does not change. At the start a = x <
 * M < 2^448 and b = M, so len(a) + len(b) <= 896, and a != 0 needs
 * len(a) + len(b) >= 2 (b is odd): after R rounds with 896 - R (k - 1) <= 1
 * a = 0 and b = gcd(x, M). R = ceil(895 / (k - 1)) = 30 (900
 * iterations). Before the last round len(a) + len(b) <= 896 - (R - 1)(k -
 * 1) = 26 bits, below 64: that round is exact, the classic algorithm, whose
 * b stays positive; it updates u, v alone, with no negation.
 *
 * The factors (section 2, Optimization 1): after t iterations -2^t < f0,
 * g0 < 2^t and -2^t < f1, g1 <= 2^t, and |f0| + |g0| <= 2^t, |f1| + |g1| <=
 * 2^t. With t = k - 1, every factor is in (-2^(k-1), 2^(k-1)]: on 64-bit
 * words, 2^31 values, so a row is packed in one word as f + g 2^32 (mod
 * 2^64; every update of a row is linear, so the same update of the word),
 * read back by adding 2^31 - 1 to both halves, which puts each in [0, 2^32)
 * with no carry between them; on 32-bit words, a word each.
 *
 * u, v with a = u x, b = v x (mod M), from u = 1, v = 0: (u, v) <- (T (u, v)
 * + (mu, mv) M) / 2^K, T the rows (negated with a or b) of the last K
 * iterations, the M multiples clearing the low K bits (-M^-1 (...) mod 2^K,
 * with M^-1 mod 2^W from the modulus): the same division as a and b get,
 * so a = u x and b = v x hold exactly, and at the end v = x^-1 (b = 1), or
 * v = 0 for x = 0 (v never leaves 0). On 32-bit words K = K1, every round;
 * on 64-bit words K = 2 K1 = 60, every two rounds (14 pairs, then round 28
 * alone, K = K1, before the last), T the product of their
 * rows (second times first), |f| + |g| <= 2^60 (a row of the product sums
 * a row of the second's entries times the first's rows). u, v stay in
 * (-2M, M): before an update each negative one gets M added (in the M
 * multiple), giving (-M, M); T of those is in (-2^K M, 2^K M) as |f| + |g|
 * <= 2^K; minus k M, k in [0, 2^K): (-2^(K+1) M, 2^K M); divided, (-2M, M).
 * The multiple is in (-2^(K+1), 2^K], a signed word (K + 1 <= W - 1).
 *
 * Numbers: signed radix-2^N limbs, N = W - 4 (60 or 28), L = 8 or 17 of
 * them (modinv.h's): limbs 0 .. L-2 in [0, 2^N), the top one signed. a, b are
 * non-negative (below 2^448) between rounds; u, v in (-2M, M). A row update
 * accumulates x a_i + y b_i (+ md M_i) in a signed double word, |.| below
 * 2^(N + K + 2) (122 or 60 bits of the 127 or 63), and shifts its limbs
 * down by K bits as they come out (the division, exact).
 *
 * The Jacobi symbol (bingcd_jacobi), as M. Hamburg does for divsteps
 * ("Computing the Jacobi symbol using Bernstein-Yang",
 * https://eprint.iacr.org/2021/1271): keep (x | M) = (-1)^j (a | |b|), the
 * Jacobi symbol over |b| (b is odd), from j = 0. An iteration's halving of
 * a multiplies by (2 | |b|), -1 for b = 3, 5 mod 8 (the same for -b); a
 * subtraction changes nothing ((a - b | |b|) = (a | |b|)); a swap of odd a,
 * b is quadratic reciprocity, (a | |b|) = -(b | |a|) for a = b = 3 mod 4
 * and = otherwise, which holds with signs too unless both are negative
 * (for a < 0 < b write a = -a', (-1 | b) = (-1)^((b-1)/2); both negative
 * gives one more -1). They never are: from a, b >= 0 (each round's start)
 * a step can make only a negative and a swap then moves the sign to b and
 * makes a positive, whatever the approximations decide, so the true values
 * follow the same rule the approximations' bits give: a mod 4, b mod 8,
 * exact through the round as lo = K1 + 2. The round's end negates a < 0
 * (b >= 0 then) with the factor (-1 | b), -1 for b = 3 mod 4, and b < 0
 * with none. The last round leaves a = 0, b = gcd(x, M) = 1 for a prime M
 * and x != 0, and (0 | 1) = 1: the symbol is (-1)^j.
 *
 * Constant time: every choice is a mask; the approximation selects limbs
 * by masks over all of them, and its shifts are by secret counts (shifts by
 * a register take constant time on the targets; the paper's section 3 makes
 * the same assumption).
 */
#include <string.h>
#include "bingcd.h"
#include "ct.h"

typedef gf_word_t word_t;
typedef gf_dword_t dword_t;
typedef modinv_limb_t limb_t; /* modinv.h's limbs: the modulus comes in them */
#if GF_LIMBS == 8
__extension__ typedef __int128 acc_t;
#else
typedef int64_t acc_t;
#endif

#define W (8 * sizeof(word_t))
#define N MODINV_LIMB_BITS /* W - 4 */
#define L MODINV_LIMBS     /* 8 or 17 */
/*
 * The paper's k, and the approximations (2k bits): on 64-bit words k = 32,
 * one word, the rows packed in one word each (half words of H = 32 bits);
 * on 32-bit words k = 31, 62 bits in a double word, the rows' four factors
 * in a word each (in (-2^30, 2^30], above). (k = 16, one 32-bit word and
 * packed rows, runs twice the rounds, 60, of 15 iterations, each with the
 * 17-limb updates: measured slower.)
 */
#if GF_LIMBS == 8
#define PACKED_ROWS 1
#define PAIRED_UV 1 /* u, v updated every two rounds, by the product of their rows */
#define GATHER 1 /* limbs below the top one that an approximation reads */
#else
#define PACKED_ROWS 0
#define PAIRED_UV 0
#define GATHER 2
#endif
typedef uint64_t approx_t;
#define KK 31
#define H (W / 2)
#define K1 (KK - 1)                      /* iterations a round: k - 1 = 30 */
#define TOP_BITS (KK + 1)                /* the k + 1 top bits of an approximation */
#define LOW_BITS (K1 + 2)                /* its exact low bits: the parities, and a mod 4, b mod 8 to the end */
#define EXACT_BITS (LOW_BITS + TOP_BITS) /* 64: a number this short is its own approximation */
#define AW (8 * sizeof(approx_t))
#define ROUNDS ((2 * BINGCD_BITS - 1 + K1 - 1) / K1) /* 30, above */
#define SKIP (K1 / N) /* the division by 2^K1: SKIP whole limbs (0 or 1), then SHIFT bits */
#define SHIFT (K1 % N)
#define LOW_N (((word_t)1 << N) - 1)
#define LOW_MASK (((approx_t)1 << LOW_BITS) - 1)

/* The loops over limbs, fully unrolled (clang leaves them as loops without its own pragma). */
#if defined(__clang__)
#define UNROLL _Pragma("clang loop unroll(full)")
#else
#define UNROLL _Pragma("GCC unroll 17")
#endif

_Static_assert(sizeof(word_t) == 4 || sizeof(word_t) == 8, "32- or 64-bit words");
_Static_assert(sizeof(dword_t) == 2 * sizeof(word_t) && sizeof(acc_t) == sizeof(dword_t), "double words");
_Static_assert(sizeof(limb_t) == sizeof(word_t), "limbs of a word");
_Static_assert(N * L >= BINGCD_BITS + 2 && N * (L - 1) <= BINGCD_BITS, "room for (-2M, M)");
_Static_assert(AW == EXACT_BITS && 1 + GATHER * N >= TOP_BITS && GATHER * N <= AW, "the top bits in the limbs gathered");
_Static_assert((GATHER + 1) * N >= EXACT_BITS, "the low limbs gathered hold a short number whole");
_Static_assert(ROUNDS * K1 >= 2 * BINGCD_BITS - 1 && (ROUNDS - 1) * K1 < 2 * BINGCD_BITS - 1, "the count");
_Static_assert(2 * BINGCD_BITS - (ROUNDS - 1) * K1 <= EXACT_BITS, "the last round is exact");
_Static_assert(2 * K1 + 1 <= W - 1 || !PAIRED_UV, "the paired rounds' M multiple in a signed word");
_Static_assert(SKIP <= 1 && SHIFT > 0, "the division's shape");
_Static_assert(((limb_t)-5 >> 1) == -3 && ((acc_t)-5 >> 1) == -3, "arithmetic signed right shifts");

/* All ones when x != 0. */
static inline word_t nonzero(word_t x) {
    return ct_barrier((word_t)0 - ((x | ((word_t)0 - x)) >> (W - 1)));
}

/* All ones when the number a is negative (its top limb is). */
static inline word_t negative(const limb_t a[L]) {
    return ct_barrier((word_t)(a[L - 1] >> (W - 1)));
}

/*
 * Little-endian bytes (a number below 2^BINGCD_BITS) to limbs, as a bit
 * stream: bytes go in at the top of an accumulator, limbs leave at the
 * bottom. The counts are public.
 */
static void to_limbs(limb_t out[L], const uint8_t in[BINGCD_BYTES]) {
    dword_t acc = 0;
    unsigned have = 0;
    size_t i = 0;
#pragma GCC unroll 56
    for (size_t j = 0; j < BINGCD_BYTES; j++) {
        acc |= (dword_t)in[j] << have;
        have += 8;
        if (have >= N) {
            out[i++] = (limb_t)((word_t)acc & LOW_N);
            acc >>= N;
            have -= N;
        }
    }
    for (; i < L; i++, acc >>= N)
        out[i] = (limb_t)((word_t)acc & LOW_N);
}

/*
 * Limbs (of a number in [0, 2^BINGCD_BITS), each in [0, 2^N)) to bytes:
 * byte j is bits 8 j .. 8 j + 7, in limb q = 8 j / N from bit r = 8 j % N
 * and, when fewer than 8 bits are left there, the next limb.
 */
static void from_limbs(uint8_t out[BINGCD_BYTES], const limb_t in[L]) {
#pragma GCC unroll 56
    for (size_t j = 0; j < BINGCD_BYTES; j++) {
        const size_t q = 8 * j / N, r = 8 * j % N;
        const word_t next = r + 8 > N && q + 1 < L ? (word_t)in[q + 1] << (N - r) : 0;
        out[j] = (uint8_t)(((word_t)in[q] >> r) | next);
    }
}

/*
 * The bit length of x != 0: the count-leading-zeros instruction where the
 * target has one (x86 lzcnt, Arm clz), else a binary search on masks.
 */
static inline word_t bit_length(word_t x) {
#if defined(__LZCNT__) || defined(__aarch64__) || defined(__ARM_FEATURE_CLZ)
    if (sizeof(word_t) == sizeof(unsigned long long))
        return W - (word_t)__builtin_clzll((unsigned long long)x);
    return W - (word_t)__builtin_clz((unsigned)x);
#else
    word_t len = 1;
    for (unsigned s = H; s > 0; s /= 2) {
        const word_t big = nonzero(x >> s);
        len += s & big;
        x ^= (x ^ (x >> s)) & big;
    }
    return len;
#endif
}

/*
 * The approximations abar, bbar of a, b (both >= 0, in their n low limbs,
 * those in [0, 2^N); b odd): with len = max(len(a), len(b), EXACT_BITS),
 * the k + 1 bits of each below bit len, above its LOW_BITS low bits. One
 * pass of masks over the limbs finds the top limb j of a | b that is not
 * zero and, for a and b, limbs j, j - 1 (and j - 2 on 32-bit words); e =
 * len(limb j of a | b) >= 1, len = N j + e. The AW bits of a below bit len
 * are then T = a_j 2^(AW-e) + a_(j-1) 2^(AW-N) / 2^e (+ a_(j-2) 2^(AW-2N)
 * / 2^e): at least 1 + GATHER N >= k + 1 exact bits on top, the k + 1 kept
 * (limbs further down would land lower). When len <= EXACT_BITS, a and b
 * are below 2^EXACT_BITS, in their limbs 0 .. GATHER, and abar = a, bbar =
 * b: exact.
 */
static inline __attribute__((always_inline)) void approximate(const limb_t *a, const limb_t *b, size_t n,
                                                              approx_t *abar, approx_t *bbar) {
    word_t top = 0, j = 0, ag[GATHER + 1] = {0}, bg[GATHER + 1] = {0};
UNROLL
    for (size_t i = 0; i < n; i++) {
        const word_t c = (word_t)a[i] | (word_t)b[i], nz = nonzero(c);
        top ^= (top ^ c) & nz;
        j ^= (j ^ (word_t)i) & nz;
#pragma GCC unroll 3
        for (size_t g = 0; g <= GATHER; g++) {
            const word_t ai = i >= g ? (word_t)a[i - g] : 0, bi = i >= g ? (word_t)b[i - g] : 0;
            ag[g] ^= (ag[g] ^ ai) & nz;
            bg[g] ^= (bg[g] ^ bi) & nz;
        }
    }
    const word_t e = bit_length(top | 1), len = N * j + e;
    const approx_t small = (approx_t)0 - (approx_t)((len - EXACT_BITS - 1) >> (W - 1)); /* len <= EXACT_BITS */
    approx_t ta = (approx_t)ag[0] << (AW - e), tb = (approx_t)bg[0] << (AW - e), ea = 0, eb = 0;
    for (size_t g = 1; g <= GATHER; g++) {
        ta |= ((approx_t)ag[g] << (AW - g * N)) >> e;
        tb |= ((approx_t)bg[g] << (AW - g * N)) >> e;
    }
    for (size_t g = 0; g <= GATHER && g < n; g++) {
        ea |= (approx_t)(word_t)a[g] << (g * N);
        eb |= (approx_t)(word_t)b[g] << (g * N);
    }
    const approx_t xa = (ea & LOW_MASK) | (ta >> (AW - TOP_BITS)) << LOW_BITS;
    const approx_t xb = (eb & LOW_MASK) | (tb >> (AW - TOP_BITS)) << LOW_BITS;
    *abar = xa ^ ((xa ^ ea) & small);
    *bbar = xb ^ ((xb ^ eb) & small);
}

/*
 * K1 iterations of Algorithm 2's inner loop on abar, bbar (bbar odd),
 * giving the rows r = (f0, g0, f1, g1) from (1, 0, 0, 1), as two's
 * complement words. An iteration, branch-free: when abar is odd, d = abar -
 * bbar, and its borrow (abar < bbar) is the swap; with the swap the new
 * bbar is abar (bbar + d) and the new abar is (bbar - abar) / 2 = -d / 2,
 * without it d / 2; when abar is even, d = abar and no swap. The rows
 * alike: row a minus row b (odd), row b + that and its negation on a swap;
 * then row b doubles. On 64-bit words a row is one word f + g 2^H (mod
 * 2^W), unpacked at the end by adding 2^(H-1) - 1 to both halves (which
 * puts each factor, in (-2^(H-1), 2^(H-1)], in [0, 2^H): no carry between).
 * The Jacobi symbol's two factors of an iteration go into bit 1 of *jac
 * (above): a swap of a = b = 3 mod 4, the halving's (2 | b) for the new b
 * = 3, 5 mod 8 (bits 1 and 2 differ); iteration t reads bits 0 .. 2 of
 * abar, bbar, exact for t <= K1 - 1 as LOW_BITS = K1 + 2.
 */
/* A word's mask as an approximation's. */
static inline approx_t widen(word_t mask) {
    return (approx_t)mask | (approx_t)mask << (AW - W);
}

static inline __attribute__((always_inline)) void inner(approx_t abar, approx_t bbar, word_t r[4], word_t *jac,
                                                        const int symbol) {
#if PACKED_ROWS
    word_t pa = 1, pb = (word_t)1 << H;
#else
    word_t f0 = 1, g0 = 0, f1 = 0, g1 = 1;
#endif
    word_t oddw = ct_barrier((word_t)0 - (word_t)(abar & 1)), j = *jac, bs = 0;
#pragma GCC unroll 31
    for (unsigned i = 0; i < K1; i++) {
        const approx_t odd = widen(oddw);
        approx_t d;
        const word_t swapw = ct_barrier((word_t)0 - (word_t)__builtin_sub_overflow(abar, bbar & odd, &d));
        const approx_t swap = widen(swapw);
        if (symbol) /* a constant: inversion alone leaves these out */
            j ^= (word_t)abar & (word_t)bbar & swapw;
        bbar += d & swap;
        abar = ((d ^ swap) - swap) >> 1;
        if (symbol)
            bs ^= (word_t)bbar;
#if PACKED_ROWS
        const word_t pd = pa - (pb & oddw);
        pb += pd & swapw;
        pa = (pd ^ swapw) - swapw;
        pb += pb;
#else
        const word_t fd = f0 - (f1 & oddw), gd = g0 - (g1 & oddw);
        f1 += fd & swapw;
        g1 += gd & swapw;
        f0 = (fd ^ swapw) - swapw;
        g0 = (gd ^ swapw) - swapw;
        f1 += f1;
        g1 += g1;
#endif
        /*
         * The next parity, from d (even: abar and the subtrahend are both odd
         * or abar is even) rather than from abar: bit 1 of |d| is bit 1 of d,
         * one step shorter on the path from one iteration to the next.
         */
        oddw = ct_barrier((word_t)0 - (word_t)((d >> 1) & 1));
    }
    *jac = j ^ bs ^ (bs >> 1); /* the (2 | b) factors: bit 1 of each b ^ (b >> 1), summed in one */
#if PACKED_ROWS
    const word_t bias = ((word_t)1 << (H - 1)) - 1, half = ((word_t)1 << H) - 1;
    pa += bias + (bias << H);
    pb += bias + (bias << H);
    r[0] = (pa & half) - bias;
    r[1] = (pa >> H) - bias;
    r[2] = (pb & half) - bias;
    r[3] = (pb >> H) - bias;
#else
    r[0] = f0;
    r[1] = g0;
    r[2] = f1;
    r[3] = g1;
#endif
}

/*
 * out = (x a + y b + md M) / 2^K on n limbs, K = skip N + shift (K1, or
 * 2 K1 for the paired u, v update); md M only with with_m, a constant at
 * each call. The low K bits of the sum are zero. The sum's limbs t_i come
 * out of the accumulator one by one (the low ones N bits, then the signed
 * rest); out limb i is the top N - shift bits of t_(i+skip) under the low
 * shift bits of t_(i+skip+1), the top limbs the signed rest shifted alike.
 * Bounds: |x| + |y| <= 2^K, |md| <= 2^(K+1), limbs below 2^N in magnitude,
 * so each step adds below 2^(N+K+2) to a carry below 2^(K+3): inside the
 * signed double word. The output is normalized (limbs in [0, 2^N) but the
 * top one), its value in the ranges above.
 */
static inline __attribute__((always_inline)) void combine(limb_t *restrict out, const limb_t *a, const limb_t *b,
                                                          size_t n, limb_t x, limb_t y, limb_t md, const limb_t *m,
                                                          int with_m, unsigned skip, unsigned shift) {
    acc_t c = 0;
    word_t prev = 0;
    /* t_0, and t_1 when a whole limb is skipped (t_0 is then zero): no output yet */
    for (size_t i = 0; i <= skip && i < n; i++) {
        c += (acc_t)x * a[i] + (acc_t)y * b[i];
        if (with_m)
            c += (acc_t)md * m[i];
        prev = (word_t)c & LOW_N;
        c >>= N;
    }
UNROLL
    for (size_t i = skip + 1; i < n; i++) {
        c += (acc_t)x * a[i] + (acc_t)y * b[i];
        if (with_m)
            c += (acc_t)md * m[i];
        const word_t t = (word_t)c & LOW_N;
        out[i - skip - 1] = (limb_t)(((prev >> shift) | (t << (N - shift))) & LOW_N);
        prev = t;
        c >>= N;
    }
    /* the rest, prev + c 2^N at limb n - 1, shifted down shift bits into limbs n - 1 - skip .. n - 1 */
    const acc_t rest = (acc_t)(prev >> shift) + c * ((acc_t)1 << (N - shift));
    if (skip) {
        if (n > 1)
            out[n - 2] = (limb_t)((word_t)rest & LOW_N);
        out[n - 1] = (limb_t)(rest >> N);
    } else {
        out[n - 1] = (limb_t)rest;
    }
}

/*
 * a <- |a| on n limbs (normalized), and the row (f, g) negated with it:
 * on the mask every limb is negated, then the carries run again (in a
 * word: limbs and carries are below 2^N in magnitude).
 */
static inline __attribute__((always_inline)) void abs_row(limb_t *a, size_t n, word_t *f, word_t *g) {
    const word_t neg = ct_barrier((word_t)(a[n - 1] >> (W - 1)));
    limb_t c = 0;
UNROLL
    for (size_t i = 0; i + 1 < n; i++) {
        c += (limb_t)(((word_t)a[i] ^ neg) - neg);
        a[i] = (limb_t)((word_t)c & LOW_N);
        c >>= N;
    }
    a[n - 1] = c + (limb_t)(((word_t)a[n - 1] ^ neg) - neg);
    *f = (*f ^ neg) - neg;
    *g = (*g ^ neg) - neg;
}

/*
 * The a, b update of a round on their n low limbs: from the round's rows
 * (f0, g0), (f1, g1) (r[0..3]) the new |a|, |b|, the rows negated alike.
 * A negative a comes with b >= 0 (above), and (-a | b) = (-1 | b) (a | b)
 * is the symbol's factor for b = 3 mod 4, bit 1 of b's limb 0, into *jac;
 * a negative b changes nothing: (a | |b|) is the symbol. One function for
 * each n (below).
 */
static inline __attribute__((always_inline)) void ab_update(limb_t *restrict an, limb_t *restrict bn, const limb_t *a,
                                                            const limb_t *b, size_t n, word_t r[4], word_t *jac) {
    combine(an, a, b, n, (limb_t)r[0], (limb_t)r[1], 0, NULL, 0, SKIP, SHIFT);
    combine(bn, a, b, n, (limb_t)r[2], (limb_t)r[3], 0, NULL, 0, SKIP, SHIFT);
    *jac ^= ct_barrier((word_t)(an[n - 1] >> (W - 1))) & (word_t)bn[0];
    abs_row(an, n, &r[0], &r[1]);
    abs_row(bn, n, &r[2], &r[3]);
}

/* u, v <- (T (u, v) + (mu, mv) M) / 2^K1. */
static __attribute__((noinline)) void combine_mod(limb_t *restrict un, limb_t *restrict vn, const limb_t u[L],
                                                  const limb_t v[L], const word_t r[4], limb_t mu, limb_t mv,
                                                  const limb_t m[L]) {
    combine(un, u, v, L, (limb_t)r[0], (limb_t)r[1], mu, m, 1, SKIP, SHIFT);
    combine(vn, u, v, L, (limb_t)r[2], (limb_t)r[3], mv, m, 1, SKIP, SHIFT);
}

#if PAIRED_UV
/* The same with the product of two rounds' rows: the division by 2^(2 K1). */
static __attribute__((noinline)) void combine_mod2(limb_t *restrict un, limb_t *restrict vn, const limb_t u[L],
                                                   const limb_t v[L], const word_t r[4], limb_t mu, limb_t mv,
                                                   const limb_t m[L]) {
    combine(un, u, v, L, (limb_t)r[0], (limb_t)r[1], mu, m, 1, 2 * K1 / N, 2 * K1 % N);
    combine(vn, u, v, L, (limb_t)r[2], (limb_t)r[3], mv, m, 1, 2 * K1 / N, 2 * K1 % N);
}
#endif

/*
 * The M multiple of the row (x, y) of a u, v update dividing by 2^bits:
 * md = x [u < 0] + y [v < 0] - k, k in [0, 2^bits) with x u + y v + md M =
 * 0 mod 2^bits, i.e. k = md0 + M^-1 (x u + y v) mod 2^bits (in words,
 * mod 2^W, from the low W bits of u and v, limbs 0 and 1; bits < W).
 */
static inline limb_t multiple(word_t x, word_t y, word_t su, word_t sv, const limb_t u[L], const limb_t v[L],
                              word_t inv, unsigned bits) {
    const word_t md0 = (x & su) + (y & sv);
    const word_t u0 = (word_t)u[0] | (word_t)u[1] << N, v0 = (word_t)v[0] | (word_t)v[1] << N; /* mod 2^W */
    const word_t k = (md0 + inv * (x * u0 + y * v0)) & (((word_t)1 << bits) - 1);
    return (limb_t)(md0 - k);
}

/*
 * The a, b work shrinks with a public bound: before round i, len(a) +
 * len(b) <= 896 - K1 i (above; for x = 0, a stays 0, the rows stay (1, 0)
 * and (0, 2^K1) whatever b's limbs hold, and v stays 0), so a and b, both
 * below 2^min(448, 896 - K1 i), and every value the round makes of them,
 * fit the n_i = min(L, bits / N + 1) low limbs (a sign bit included); the
 * limbs above are not read. One function for each n, picked by the public
 * round count.
 */
#define PER_N(n)                                                                                                     \
    static void approximate_##n(const limb_t *a, const limb_t *b, approx_t *abar, approx_t *bbar) {                  \
        approximate(a, b, n, abar, bbar);                                                                            \
    }                                                                                                                \
    static void ab_update_##n(limb_t *restrict an, limb_t *restrict bn, const limb_t *a, const limb_t *b,            \
                              word_t r[4], word_t *jac) {                                                            \
        ab_update(an, bn, a, b, n, r, jac);                                                                          \
    }
#define PER_N_ENTRY(n) {approximate_##n, ab_update_##n},
#if GF_LIMBS == 8
#define EACH_N(X) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8)
#else
#define EACH_N(X) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) X(12) X(13) X(14) X(15) X(16) X(17)
#endif
EACH_N(PER_N)

typedef struct {
    void (*approximate)(const limb_t *a, const limb_t *b, approx_t *abar, approx_t *bbar);
    void (*update)(limb_t *restrict an, limb_t *restrict bn, const limb_t *a, const limb_t *b, word_t r[4],
                   word_t *jac);
} per_n_t;
static const per_n_t BY_LIMBS[L] = {EACH_N(PER_N_ENTRY)}; /* [n - 1] */

/* n_i of round i (public). */
static inline size_t round_limbs(unsigned i) {
    const size_t bound = 2 * BINGCD_BITS - (size_t)K1 * i, bits = bound < BINGCD_BITS ? bound : BINGCD_BITS;
    return bits / N + 1 < L ? bits / N + 1 : L;
}

/*
 * Round i's a, b half: the approximations, the inner loop, the new |a|,
 * |b|; rows gets the rows (negated alike), *jac the symbol's factors.
 */
static inline __attribute__((always_inline)) void ab_round(limb_t a[2][L], limb_t b[2][L], unsigned i, approx_t ab[2],
                                                           word_t rows[4], word_t *jac, const int symbol) {
    const unsigned c = i % 2;
    const per_n_t *fn = &BY_LIMBS[round_limbs(i) - 1];
    fn->approximate(a[c], b[c], &ab[0], &ab[1]);
    inner(ab[0], ab[1], rows, jac, symbol);
    fn->update(a[1 - c], b[1 - c], a[c], b[c], rows, jac);
}

/*
 * Each number has two buffers: round i reads [i % 2] and writes
 * [1 - i % 2] (a public index), so no update works in place. On 64-bit
 * words u, v are updated after each pair of rounds, then after the single
 * rounds left before the last.
 */
static inline __attribute__((always_inline)) int run(uint8_t out[BINGCD_BYTES], const uint8_t x[BINGCD_BYTES],
                                                     const modinv_modulus_t *mod, const int symbol) {
    /* every secret in one place, wiped at once: a, b, u, v (two buffers each), the approximations, rows, signs */
    struct {
        limb_t num[4][2][L];
        approx_t ab[2];
        word_t rows[4], first[4], prod[4], su, sv, jac, nonzero;
    } s;
    limb_t(*a)[L] = s.num[0], (*b)[L] = s.num[1], (*u)[L] = s.num[2], (*v)[L] = s.num[3];
    memset(u, 0, 2 * sizeof s.num[2]); /* u, v; a and b are written before they are read, limb by limb */
    approx_t *ab = s.ab;
    word_t *rows = s.rows;
    const limb_t *m = mod->m;
    const word_t inv = mod->inv;
    to_limbs(a[0], x);
    memcpy(b[0], m, sizeof b[0]);
    u[0][0] = 1;
    s.jac = 0;
    s.nonzero = 0;
    for (size_t k = 0; k < L; k++)
        s.nonzero |= (word_t)a[0][k];
    s.nonzero = nonzero(s.nonzero); /* x != 0 */

    unsigned w = 0, i = 0; /* u, v: read [w], write [1 - w] (public) */
#if PAIRED_UV
    word_t *first = s.first;
    for (; i + 2 < ROUNDS; i += 2, w ^= 1) {
        ab_round(a, b, i, ab, first, &s.jac, symbol);
        ab_round(a, b, i + 1, ab, rows, &s.jac, symbol);
        /* the two rounds' rows (second times first): |f| + |g| <= 2^(2 K1) */
        word_t *t = s.prod;
        t[0] = rows[0] * first[0] + rows[1] * first[2];
        t[1] = rows[0] * first[1] + rows[1] * first[3];
        t[2] = rows[2] * first[0] + rows[3] * first[2];
        t[3] = rows[2] * first[1] + rows[3] * first[3];
        s.su = negative(u[w]);
        s.sv = negative(v[w]);
        combine_mod2(u[1 - w], v[1 - w], u[w], v[w], t, multiple(t[0], t[1], s.su, s.sv, u[w], v[w], inv, 2 * K1),
                     multiple(t[2], t[3], s.su, s.sv, u[w], v[w], inv, 2 * K1), m);
    }
#endif
    for (; i + 1 < ROUNDS; i++, w ^= 1) {
        ab_round(a, b, i, ab, rows, &s.jac, symbol);
        s.su = negative(u[w]);
        s.sv = negative(v[w]);
        combine_mod(u[1 - w], v[1 - w], u[w], v[w], rows, multiple(rows[0], rows[1], s.su, s.sv, u[w], v[w], inv, K1),
                    multiple(rows[2], rows[3], s.su, s.sv, u[w], v[w], inv, K1), m);
    }

    /* The last round, exact (above): no a, b update. */
    const unsigned c = (ROUNDS - 1) % 2;
    BY_LIMBS[round_limbs(ROUNDS - 1) - 1].approximate(a[c], b[c], &ab[0], &ab[1]);
    inner(ab[0], ab[1], rows, &s.jac, symbol);
    s.su = negative(u[w]);
    s.sv = negative(v[w]);
    combine_mod(u[1 - w], v[1 - w], u[w], v[w], rows, multiple(rows[0], rows[1], s.su, s.sv, u[w], v[w], inv, K1),
                multiple(rows[2], rows[3], s.su, s.sv, u[w], v[w], inv, K1), m); /* u too: one function for both */

    /* v in (-2M, M): + M when negative, twice, gives [0, M). */
    limb_t *r = v[1 - w];
    for (int pass = 0; pass < 2; pass++) {
        const word_t neg = negative(r);
        acc_t carry = 0;
        for (size_t k = 0; k < L; k++) {
            carry += (acc_t)r[k] + (limb_t)((word_t)m[k] & neg);
            r[k] = k + 1 < L ? (limb_t)((word_t)carry & LOW_N) : (limb_t)carry;
            carry >>= N;
        }
    }
    from_limbs(out, r);

    /* (x | M) = (-1)^(bit 1 of jac) (0 | 1); 0 for x = 0 (M is prime, so gcd(x, M) = 1 otherwise). */
    const int jacobi = (int)((1 - (int32_t)(s.jac & 2)) & (int32_t)s.nonzero);
    ct_wipe(&s, sizeof s);
    return jacobi;
}

void bingcd(uint8_t out[BINGCD_BYTES], const uint8_t x[BINGCD_BYTES], const modinv_modulus_t *mod) {
    (void)run(out, x, mod, 0);
}

int bingcd_jacobi(uint8_t out[BINGCD_BYTES], const uint8_t x[BINGCD_BYTES], const modinv_modulus_t *mod) {
    return run(out, x, mod, 1);
}
