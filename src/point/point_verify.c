/*
 * The cofactored Ed448 verification equation (RFC 8032 section 5.2.7),
 *     [4]([S]B - [k]A - R) = 0,
 * in variable time (every input is public), with half-size scalars.
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

/* Unsigned integers of BIG_WORDS 32-bit words (l < 2^446 needs 14; one spare for shifts). */
#define BIG_WORDS 15
typedef struct {
    uint32_t w[BIG_WORDS];
} big_t;

static unsigned big_bits(const big_t *a) {
    for (int i = BIG_WORDS - 1; i >= 0; i--)
        if (a->w[i])
            return 32 * (unsigned)i + 32 - (unsigned)__builtin_clz(a->w[i]);
    return 0;
}

/* out = a << s (s < 32 * BIG_WORDS; bits shifted out of the top are lost, never needed here). */
static void big_shl(big_t *out, const big_t *a, unsigned s) {
    unsigned words = s / 32, bits = s % 32;
    for (int i = BIG_WORDS - 1; i >= 0; i--) {
        int src = i - (int)words;
        uint32_t v = src >= 0 ? a->w[src] << bits : 0;
        if (bits && src >= 1)
            v |= a->w[src - 1] >> (32 - bits);
        out->w[i] = v;
    }
}

/* a >>= 1. */
static void big_shr1(big_t *a) {
    for (unsigned i = 0; i + 1 < BIG_WORDS; i++)
        a->w[i] = (a->w[i] >> 1) | (a->w[i + 1] << 31);
    a->w[BIG_WORDS - 1] >>= 1;
}

static int big_geq(const big_t *a, const big_t *b) {
    for (int i = BIG_WORDS - 1; i >= 0; i--)
        if (a->w[i] != b->w[i])
            return a->w[i] > b->w[i];
    return 1;
}

static void big_sub(big_t *a, const big_t *b) {
    uint64_t borrow = 0;
    for (unsigned i = 0; i < BIG_WORDS; i++) {
        uint64_t d = (uint64_t)a->w[i] - b->w[i] - borrow;
        a->w[i] = (uint32_t)d;
        borrow = (d >> 32) & 1;
    }
}

static void big_add(big_t *a, const big_t *b) {
    uint64_t carry = 0;
    for (unsigned i = 0; i < BIG_WORDS; i++) {
        uint64_t s = (uint64_t)a->w[i] + b->w[i] + carry;
        a->w[i] = (uint32_t)s;
        carry = s >> 32;
    }
}

/* l, little-endian 32-bit words (RFC 8032 section 5.2). */
static const big_t L = {{0xab5844f3, 0x2378c292, 0x8dc58f55, 0x216cc272, 0xaed63690, 0xc44edb49,
                         0x7cca23e9, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff,
                         0xffffffff, 0x3fffffff, 0}};

/*
 * u, |v| and the sign of v (1 when negative) with v k = u (mod l), u < 2^224,
 * |v| < 2^222, for 0 <= k < l. Remainders r_(i-1) = q r_i + r_(i+1) by
 * shift-and-subtract; |t_(i+1)| = |t_(i-1)| + q |t_i| since the signs of the
 * t_i alternate (t_1 = 1 > 0, t_2 = -q_1 < 0, ...).
 */
static void halfsize(big_t *u, big_t *v, int *v_neg, const scalar_t *k) {
    big_t r0 = L, r1, t0, t1, tmp;
    memset(&r1, 0, sizeof r1);
    memcpy(r1.w, k->word, sizeof k->word);
    memset(&t0, 0, sizeof t0);
    memset(&t1, 0, sizeof t1);
    t1.w[0] = 1;
    int i = 1;
    big_t tmpt;
    while (big_bits(&r1) > 224) {
        int s = (int)big_bits(&r0) - (int)big_bits(&r1);
        if (s <= 1) {
            /* lengths within a bit: the quotient is 1 to 3 (r0 > r1), by subtractions (most steps) */
            do {
                big_sub(&r0, &r1);
                big_add(&t0, &t1);
            } while (big_geq(&r0, &r1));
        } else {
            /* binary long division: r1 and t1 shifted by s once, then one bit down per quotient bit */
            big_shl(&tmp, &r1, (unsigned)s);
            big_shl(&tmpt, &t1, (unsigned)s);
            for (;;) {
                if (big_geq(&r0, &tmp)) {
                    big_sub(&r0, &tmp);
                    big_add(&t0, &tmpt);
                }
                if (s-- == 0)
                    break;
                big_shr1(&tmp);
                big_shr1(&tmpt);
            }
        }
        big_t x = r0;
        r0 = r1;
        r1 = x;
        x = t0;
        t0 = t1;
        t1 = x;
        i++;
    }
    *u = r1;
    *v = t1;
    *v_neg = (i % 2) == 0;
}

#define HALF_NAF_LEN 232 /* 224-bit scalars, plus room for the NAF's carry */

/* out = [4]([S]B - [k]A - R) == 0. */
mask_t point_verify_equation_vartime(const scalar_t *s, const point_t *a, const scalar_t *k, const point_t *r) {
    big_t u, v;
    int v_neg;
    halfsize(&u, &v, &v_neg, k);

    /* w = v S mod l, with v's sign */
    uint8_t vb[4 * BIG_WORDS];
    for (unsigned i = 0; i < BIG_WORDS; i++)
        for (unsigned j = 0; j < 4; j++)
            vb[4 * i + j] = (uint8_t)(v.w[i] >> (8 * j));
    scalar_t vs, w;
    scalar_reduce_bytes(&vs, vb, 57);
    if (v_neg)
        scalar_neg(&vs, &vs);
    scalar_mul(&w, &vs, s);
    uint32_t w0[7], w1[8];
    memcpy(w0, w.word, sizeof w0);
    memcpy(w1, w.word + 7, sizeof w1 - 4);
    w1[7] = 0;

    /* Points: -A with u, and -R with |v| when v > 0, +R when v < 0. */
    point_t pa, pr;
    point_neg(&pa, a);
    if (v_neg)
        point_copy(&pr, r);
    else
        point_neg(&pr, r);

    int8_t n0[HALF_NAF_LEN], n1[HALF_NAF_LEN], na[HALF_NAF_LEN], nr[HALF_NAF_LEN];
    int top = point_wnaf_recode(n0, HALF_NAF_LEN, w0, 7, WNAF_BASE_BITS);
    int t = point_wnaf_recode(n1, HALF_NAF_LEN, w1, 8, WNAF_BASE_BITS);
    top = t > top ? t : top;
    t = point_wnaf_recode(na, HALF_NAF_LEN, u.w, 8, WNAF_VAR_BITS);
    top = t > top ? t : top;
    t = point_wnaf_recode(nr, HALF_NAF_LEN, v.w, 8, WNAF_VAR_BITS);
    top = t > top ? t : top;

    point_cached_t ta[WNAF_VAR_ENTRIES], tr[WNAF_VAR_ENTRIES];
    point_odd_multiples(ta, WNAF_VAR_ENTRIES, &pa);
    point_odd_multiples(tr, WNAF_VAR_ENTRIES, &pr);

    point_t acc, id;
    point_identity(&acc);
    for (int i = top - 1; i >= 0; i--) {
        if (n0[i] || n1[i] || na[i] || nr[i])
            point_double(&acc, &acc);
        else
            point_double_no_t(&acc, &acc);
        point_add_niels_digit_vartime(&acc, point_base_wnaf, n0[i]);
        point_add_niels_digit_vartime(&acc, point_base2_wnaf, n1[i]);
        point_add_cached_digit_vartime(&acc, ta, na[i]);
        point_add_cached_digit_vartime(&acc, tr, nr[i]);
    }
    point_double_no_t(&acc, &acc);
    point_double(&acc, &acc);
    point_identity(&id);
    return point_eq(&acc, &id);
}
