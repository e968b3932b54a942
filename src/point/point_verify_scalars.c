/*
 * The scalars of the cofactored Ed448 verification equation (RFC 8032
 * section 5.2.7), [4]([S]B - [k]A - R) = 0, made half-size and recoded for
 * its two sources (point_verify.c on edwards448, point_verify_r50.c on the
 * twisted curve in lanes); variable time (every input is public).
 *
 * Half-size scalars (Antipa, Brown, Gallant, Lambert, Struik, Vanstone,
 * "Accelerated verification of ECDSA signatures", SAC 2005; Pornin,
 * "Optimized lattice basis reduction in dimension 2", 2020): the extended
 * Euclidean algorithm on (l, k), stopped at the first remainder below
 * 2^224, gives u = r_i and v = t_i with v k = u (mod l), 0 <= u < 2^224 and
 * 0 < |v| <= l / r_(i-1) < 2^222. Multiplying the equation by v (nonzero mod
 * the prime l, so the l-part of the point vanishes exactly when it did
 * before; the 4-torsion part is killed by [4] either way) gives
 *     [4]([w]B - [u]A - [v]R) = 0,  w = v S mod l,
 * where [v k]A and [u]A differ by [m l]A, a point of order dividing 4.
 * With w = w0 + 2^224 w1 and the tables of odd multiples of B and 2^224 B,
 * all four scalars have at most 224 bits: half the doublings of the plain
 * double-scalar multiplication.
 */
#include <string.h>
#include "point.h"
#include "scalar_words.h"

/*
 * Unsigned integers of NUM_WORDS machine words (scalar_words.h's sword_t:
 * 7 x 64 bits, or 14 x 32 bits on the 32-bit layouts, with double-word
 * products), little-endian: l < 2^446, and every remainder and cofactor of
 * halfsize() stays below l.
 */
#define NUM_WORDS SW_N
typedef struct {
    sword_t w[NUM_WORDS];
} num_t;

static unsigned num_bits(const num_t *a) {
    for (int i = NUM_WORDS - 1; i >= 0; i--)
        if (a->w[i])
            return SW_BITS * (unsigned)i + 64 - (unsigned)__builtin_clzll((unsigned long long)a->w[i]);
    return 0;
}

/* The 64 bits of a from bit pos up (zeros above the top word). */
static uint64_t num_bits64_at(const num_t *a, unsigned pos) {
    unsigned w = pos / SW_BITS, s = pos % SW_BITS;
    uint64_t v = (uint64_t)(a->w[w] >> s);
    for (unsigned j = 1; j <= 64 / SW_BITS && w + j < NUM_WORDS; j++) {
        unsigned at = j * SW_BITS - s; /* where word w + j starts in v */
        if (at < 64)
            v |= (uint64_t)a->w[w + j] << at;
    }
    return v;
}

/* The comparisons and sums below read and write words [0, n) only: the others are zero. */
static int num_geq(const num_t *a, const num_t *b, unsigned n) {
    for (int i = (int)n - 1; i >= 0; i--)
        if (a->w[i] != b->w[i])
            return a->w[i] > b->w[i];
    return 1;
}

/* a -= q b (q b <= a). */
static void num_submul(num_t *a, const num_t *b, sword_t q, unsigned n) {
    sword_t hi = 0;
    unsigned borrow = 0;
    for (unsigned i = 0; i < n; i++) {
        sdword_t m = (sdword_t)b->w[i] * q + hi;
        hi = (sword_t)(m >> SW_BITS);
        sword_t d;
        unsigned c = __builtin_sub_overflow(a->w[i], (sword_t)m, &d);
        c |= __builtin_sub_overflow(d, (sword_t)borrow, &a->w[i]);
        borrow = c;
    }
}

/* a += q b (no overflow). */
static void num_addmul(num_t *a, const num_t *b, sword_t q, unsigned n) {
    sword_t hi = 0;
    for (unsigned i = 0; i < n; i++) {
        sdword_t m = (sdword_t)b->w[i] * q + hi + a->w[i];
        a->w[i] = (sword_t)m;
        hi = (sword_t)(m >> SW_BITS);
    }
}

/* out = a << s (s < SW_BITS NUM_WORDS; bits shifted out of the top are lost, never needed here). */
static void num_shl(num_t *out, const num_t *a, unsigned s) {
    unsigned words = s / SW_BITS, bits = s % SW_BITS;
    for (int i = NUM_WORDS - 1; i >= 0; i--) {
        int src = i - (int)words;
        sword_t v = src >= 0 ? a->w[src] << bits : 0;
        if (bits && src >= 1)
            v |= a->w[src - 1] >> (SW_BITS - bits);
        out->w[i] = v;
    }
}

/* a >>= 1. */
static void num_shr1(num_t *a) {
    for (unsigned i = 0; i + 1 < NUM_WORDS; i++)
        a->w[i] = (a->w[i] >> 1) | (a->w[i + 1] << (SW_BITS - 1));
    a->w[NUM_WORDS - 1] >>= 1;
}

/* out = a x - b y mod 2^(SW_BITS n) (the callers' results lie in [0, 2^(SW_BITS n))). */
static void num_lin_sub(num_t *out, const num_t *x, sword_t a, const num_t *y, sword_t b, unsigned n) {
    sword_t hx = 0, hy = 0;
    unsigned borrow = 0;
    for (unsigned i = 0; i < n; i++) {
        sdword_t mx = (sdword_t)x->w[i] * a + hx;
        sdword_t my = (sdword_t)y->w[i] * b + hy;
        hx = (sword_t)(mx >> SW_BITS);
        hy = (sword_t)(my >> SW_BITS);
        sword_t d;
        unsigned c = __builtin_sub_overflow((sword_t)mx, (sword_t)my, &d);
        c |= __builtin_sub_overflow(d, (sword_t)borrow, &out->w[i]);
        borrow = c;
    }
}

/* out = a x + b y (no overflow; a, b < 2^(SW_BITS - 1), so the carry fits a word). */
static void num_lin_add(num_t *out, const num_t *x, sword_t a, const num_t *y, sword_t b, unsigned n) {
    sword_t carry = 0;
    for (unsigned i = 0; i < n; i++) {
        sdword_t mx = (sdword_t)x->w[i] * a + carry;
        sdword_t my = (sdword_t)y->w[i] * b + (sword_t)mx;
        out->w[i] = (sword_t)my;
        carry = (sword_t)(mx >> SW_BITS) + (sword_t)(my >> SW_BITS);
    }
}

/* The cofactors: |t_i| < 2^222 (below). */
#define T_WORDS (256 / SW_BITS)

/* The largest coefficient of Lehmer's matrix: a word's multiplier in num_lin_sub and num_lin_add. */
#define LEHMER_MAX_COEF (((int64_t)1 << (SW_BITS - 2)) - 1)

/* Lehmer's steps when the lengths differ by at most this many bits (below). */
#define LEHMER_MAX_GAP 16

/* Quotients up to 2^QUOTIENT_FAST_BITS take one product by an estimate (below); q < 2^(SW_BITS - 1). */
#define QUOTIENT_FAST_BITS (SW_BITS == 64 ? 32 : 29)

/*
 * u, |v| and the sign of v (1 when negative) with v k = u (mod l), u < 2^224,
 * |v| < 2^222, for 0 <= k < l, as 32-bit words (8 each). Remainders
 * r_(i-1) = q r_i + r_(i+1); |t_(i+1)| = |t_(i-1)| + q |t_i| since the signs
 * of the t_i alternate (t_1 = 1 > 0, t_2 = -q_1 < 0, ...).
 *
 * Most steps go by Lehmer's method (the block in the loop): up to 30 or so
 * quotients from the top 62 bits of r_(i-1) and r_i, then one 2x2 product
 * applied to both remainders and both cofactors. When it cannot take a step
 * (the two quotient bounds disagree at once, or the lengths differ by more
 * than LEHMER_MAX_GAP bits), one step: when the lengths differ by one bit at
 * most, q is 1 to 3, by subtractions. Up to QUOTIENT_FAST_BITS bits apart,
 * the top 64 bits of r_(i-1) over those of r_i at the same position, plus
 * one, give q' <= q (r_(i-1) >= a 2^s and r_i < (b + 1) 2^s), off by at most
 * a few since b has 32 bits or more; one product-and-subtract, then
 * subtractions. Further apart (a quotient of 2^32 or more: chosen k only),
 * binary long division. test_point_halfsize checks every path against GMP.
 *
 * Bounds: every remainder is at most l; in the loop r_i >= 2^224, so the
 * new cofactor |t_(i+1)| <= l / r_i < 2^222 fits T_WORDS words, and so does
 * every partial sum on the way (all terms of |t| are nonnegative).
 */
void point_halfsize(uint32_t u[8], uint32_t v[8], int *v_neg, const scalar_t *k) {
    /* r0, r1 = r_(i-1), r_i and t0, t1 = |t_(i-1)|, |t_i|: pointers, swapped each step */
    num_t rs[2], ts[2], tmp, tmpt;
    num_t *r0 = &rs[0], *r1 = &rs[1], *t0 = &ts[0], *t1 = &ts[1];
    sw_pack(r0->w, SW_L32, NUM_WORDS); /* l */
    sw_pack(r1->w, k->word, NUM_WORDS);
    memset(ts, 0, sizeof ts);
    t1->w[0] = 1;
    int i = 1;
    unsigned n0 = num_bits(r0), n1 = num_bits(r1);
    while (n1 > 224) {
        unsigned d = n0 - n1, nr = (n0 + SW_BITS - 1) / SW_BITS;
        if (d <= LEHMER_MAX_GAP) {
            /*
             * Lehmer's steps on the top bits (Knuth, TAOCP vol. 2, 4.5.2, algorithm L):
             * x = r0 >> s, y = r1 >> s with x < 2^62, and (a b; c d) such that the
             * current pair is (a r0 + b r1, c r0 + d r1) and, tracked exactly,
             * (a x + b y, c x + d y) = (x, y) below. A quotient is taken only when
             * (x + a) / (y + c) and (x + b) / (y + d) agree: then it is the true one.
             * A step is taken only when the current r1 is surely at least 2^224:
             * r1 > (y + min(c, d)) 2^s (c, d of opposite signs, the low bits below 2^s).
             */
            unsigned sh = n0 - 62;
            int64_t x = (int64_t)num_bits64_at(r0, sh), y = (int64_t)num_bits64_at(r1, sh);
            int64_t ma = 1, mb = 0, mc = 0, md = 1;
            int64_t floor_y = sh >= 224 ? 1 : (int64_t)1 << (224 - sh);
            int steps = 0;
            for (;;) {
                int64_t lo = mc < md ? mc : md;
                if (y + mc <= 0 || y + md <= 0 || y + lo < floor_y)
                    break;
                int64_t q = (x + ma) / (y + mc);
                if (q != (x + mb) / (y + md))
                    break;
                int64_t nc = ma - q * mc, nd = mb - q * md;
                if (nc > LEHMER_MAX_COEF || nc < -LEHMER_MAX_COEF || nd > LEHMER_MAX_COEF || nd < -LEHMER_MAX_COEF)
                    break;
                ma = mc;
                mc = nc;
                mb = md;
                md = nd;
                int64_t ny = x - q * y;
                x = y;
                y = ny;
                steps++;
            }
            if (steps > 0) {
                /* signs: a and b opposite or one of them zero, c and d too; the sums are nonnegative */
                num_t nr0, nr1, nt0, nt1;
                sword_t aa = (sword_t)(ma < 0 ? -ma : ma), ab = (sword_t)(mb < 0 ? -mb : mb);
                sword_t ac = (sword_t)(mc < 0 ? -mc : mc), ad = (sword_t)(md < 0 ? -md : md);
                if (mb <= 0)
                    num_lin_sub(&nr0, r0, aa, r1, ab, NUM_WORDS);
                else
                    num_lin_sub(&nr0, r1, ab, r0, aa, NUM_WORDS);
                if (md <= 0)
                    num_lin_sub(&nr1, r0, ac, r1, ad, NUM_WORDS);
                else
                    num_lin_sub(&nr1, r1, ad, r0, ac, NUM_WORDS);
                num_lin_add(&nt0, t0, aa, t1, ab, T_WORDS);
                num_lin_add(&nt1, t0, ac, t1, ad, T_WORDS);
                *r0 = nr0;
                *r1 = nr1;
                memcpy(t0->w, nt0.w, sizeof nt0.w[0] * T_WORDS);
                memcpy(t1->w, nt1.w, sizeof nt1.w[0] * T_WORDS);
                i += steps;
                n0 = num_bits(r0);
                n1 = num_bits(r1);
                continue;
            }
        }
        if (d <= QUOTIENT_FAST_BITS) {
            if (d >= 2) {
                uint64_t a = num_bits64_at(r0, n0 - 64), b = num_bits64_at(r1, n0 - 64);
                sword_t q = (sword_t)(a / (b + 1)); /* b < 2^62; q < 2^(QUOTIENT_FAST_BITS + 1) */
                num_submul(r0, r1, q, nr);
                num_addmul(t0, t1, q, T_WORDS);
            }
            while (num_geq(r0, r1, nr)) {
                num_submul(r0, r1, 1, nr);
                num_addmul(t0, t1, 1, T_WORDS);
            }
        } else {
            /* binary long division: r1 and t1 shifted by d once, then one bit down per quotient bit */
            num_shl(&tmp, r1, d);
            num_shl(&tmpt, t1, d);
            for (;;) {
                if (num_geq(r0, &tmp, nr)) {
                    num_submul(r0, &tmp, 1, nr);
                    num_addmul(t0, &tmpt, 1, T_WORDS);
                }
                if (d-- == 0)
                    break;
                num_shr1(&tmp);
                num_shr1(&tmpt);
            }
        }
        num_t *x = r0;
        r0 = r1;
        r1 = x;
        x = t0;
        t0 = t1;
        t1 = x;
        n0 = n1;
        n1 = num_bits(r1);
        i++;
    }
    for (unsigned j = 0; j < 8; j++) {
        u[j] = (uint32_t)(r1->w[j / SW_HALVES] >> (32 * (j % SW_HALVES)));
        v[j] = (uint32_t)(t1->w[j / SW_HALVES] >> (32 * (j % SW_HALVES)));
    }
    *v_neg = (i % 2) == 0;
}

void point_verify_digits(point_verify_digits_t *out, const scalar_t *s, const point_t *a, const scalar_t *k,
                         const point_t *r) {
    uint32_t u[8], v[8];
    int v_neg;
    point_halfsize(u, v, &v_neg, k);

    /* w = v S mod l, with v's sign */
    uint8_t vb[32];
    for (unsigned i = 0; i < 8; i++)
        for (unsigned j = 0; j < 4; j++)
            vb[4 * i + j] = (uint8_t)(v[i] >> (8 * j));
    scalar_t vs, w;
    scalar_reduce_bytes(&vs, vb, sizeof vb);
    if (v_neg)
        scalar_neg(&vs, &vs);
    scalar_mul(&w, &vs, s);
    uint32_t w0[7], w1[8];
    memcpy(w0, w.word, sizeof w0);
    memcpy(w1, w.word + 7, sizeof w1 - 4);
    w1[7] = 0;

    /* Points: -A with u, and -R with |v| when v > 0, +R when v < 0. */
    point_neg(&out->pa, a);
    if (v_neg)
        point_copy(&out->pr, r);
    else
        point_neg(&out->pr, r);

    int top = point_wnaf_recode(out->n0, POINT_HALF_NAF_LEN, w0, 7, WNAF_BASE_BITS);
    int t = point_wnaf_recode(out->n1, POINT_HALF_NAF_LEN, w1, 8, WNAF_BASE_BITS);
    top = t > top ? t : top;
    t = point_wnaf_recode(out->na, POINT_HALF_NAF_LEN, u, 8, WNAF_VAR_BITS);
    top = t > top ? t : top;
    t = point_wnaf_recode(out->nr, POINT_HALF_NAF_LEN, v, 8, WNAF_VAR_BITS);
    out->top = t > top ? t : top;
}
