/*
 * Points of edwards448 (RFC 8032 section 5.2, RFC 7748 section 4.2):
 *     x^2 + y^2 = 1 + d x^2 y^2,  d = -39081,  over GF(p), p = 2^448 - 2^224 - 1.
 *
 * Model. We work on this untwisted curve (a = 1) directly, not on the
 * 4-isogenous twisted curve (a = -1) that libdecaf uses: Ed448 encodings,
 * decaf448 (RFC 9496 section 5, which is stated on this curve) and the map to
 * curve448 (RFC 7748 section 4.2) then need no isogeny and no division of
 * scalars by 4. The price is one multiplication per addition: on a = -1 the
 * sums (y - x), (y + x) give x1 y2 + y1 x2 and y1 y2 + x1 x2 in two
 * multiplications, but a = 1 needs y1 y2 - x1 x2 and p = 3 mod 4 has no
 * sqrt(-1) to fold the sign in, so it takes three (a Karatsuba complex product).
 *
 * Coordinates are the extended ones of Hisil, Wong, Carter, Dawson,
 * "Twisted Edwards curves revisited" (Asiacrypt 2008): (X : Y : Z : T) with
 * x = X/Z, y = Y/Z, x y = T/Z. Since d is not a square in GF(p) the addition
 * law is complete (Bernstein-Lange 2007, theorem 3.3): every formula below
 * is valid for all inputs, the neutral element and equal points included,
 * so the constant-time code needs no exceptions.
 *
 * All functions here use only src/field/field.h and src/core/ct.h; outputs may alias
 * inputs. Nothing branches on or indexes memory by a point's value except
 * the functions named *_vartime.
 */
#ifndef GOLDILOCKS_POINT_H
#define GOLDILOCKS_POINT_H

#include <stdint.h>
#include "field.h"
#include "scalar.h"

/* -d = 39081. */
#define CURVE_MINUS_D 39081

/* Extended coordinates (X : Y : Z : T), T Z = X Y. */
typedef struct {
    gf x, y, z, t;
} point_t;

/* An affine point with d x y precomputed (Z = 1): the entries of the generated tables. */
typedef struct {
    gf x, y, dxy;
} point_niels_t;

/* A projective point with d T precomputed: the entries of run-time tables. */
typedef struct {
    gf x, y, z, dt;
} point_cached_t;

/*
 * An affine point of the twisted curve -x^2 + y^2 = 1 + d' x^2 y^2, d' = d - 1
 * (4-isogenous to edwards448, see point_base_twisted.c), as
 * (y - x, y + x, 2 d' x y): the entries of the single fixed-base comb.
 */
typedef struct {
    gf ymx, ypx, td;
} point_tniels_t;

/*
 * The fixed-base comb (Lim-Lee / Hamburg's signed all-bits comb, see
 * point_comb.c): COMB_N tables of 2^(COMB_T - 1) points, COMB_S - 1
 * doublings and COMB_N * COMB_S additions; COMB_N * COMB_T * COMB_S >= 446.
 * gen/gen_tables.py reads COMB_N, COMB_T, COMB_S and WNAF_BASE_BITS from
 * this file: change them, then run python3 gen/gen_tables.py.
 */
#define COMB_N 5
#define COMB_T 5
#define COMB_S 18
#define COMB_ENTRIES (1 << (COMB_T - 1))

/*
 * The shape of the single calls' fixed-base comb (point_base_twisted.c, the
 * table point_base_comb_twisted), BASE_COMB_N x BASE_COMB_T x BASE_COMB_S, is
 * the layout's: gen/layouts.py base_comb, #defined by the generated
 * gf_layout.h (included by field.h) and printed into that layout's
 * base_comb_twisted.c by gen/gen_tables.py; chosen per layout by measurement. The batch calls' lane comb and the run-time tables of
 * goldilocks_x448_precompute keep COMB_N, COMB_T, COMB_S (the size of the
 * latter is in include/goldilocks.h). One run of each shape on Zen 3,
 * x86-64-v3 (then on the 8x56 layout), N x T x S: the table, the X448 public key's instructions and its
 * fastest ticks of five interleaved rounds (a loaded machine; the count repeats):
 *     5x6x15  30 KiB  497,422   98.9k  (75 additions, 14 doublings)
 *     9x5x10  27 KiB  508,055  103.1k
 *     4x7x16  48 KiB  502,470  102.1k
 *     6x6x13  36 KiB  502,910  101.6k
 *     4x6x19  24 KiB  513,465  102.1k
 *     6x5x15  18 KiB  523,298  105.2k
 *     5x5x18  15 KiB  532,528  107.7k  (COMB_N x COMB_T x COMB_S)
 *     3x8x19  72 KiB  560,832  114.5k
 *     8x4x14  12 KiB  576,382  117.2k
 * A lookup reads every entry (192 bytes each), so wider teeth pay twice per
 * tooth in reads what they save in additions; past 32 entries that loses.
 * (The 32-bit ARM layouts' counts are in gen/layouts.py.)
 */
#if !defined(BASE_COMB_N) || !defined(BASE_COMB_T) || !defined(BASE_COMB_S)
#error "gf_layout.h must define BASE_COMB_N, BASE_COMB_T, BASE_COMB_S (gen/gen_field.py)"
#endif
#define BASE_COMB_ENTRIES (1 << (BASE_COMB_T - 1))

/*
 * The window of the base point's tables (B and 2^224 B) in the variable-time
 * double-scalar multiplications: 64 odd multiples, 12 KiB a table (192 bytes
 * an entry). From 7 (6 KiB) to 8, on Zen 3 (avx2), ed448_verify went from
 * 1,480,562 to 1,461,552 instructions (about 6 sums fewer), fastest of
 * seven interleaved runs 315.0k to 311.4k ticks; 8 is the widest whose
 * digits fit point_wnaf_recode's int8_t.
 */
#define WNAF_BASE_BITS 8
#define WNAF_BASE_ENTRIES (1 << (WNAF_BASE_BITS - 2)) /* B, 3B, ..., (2^(w-1) - 1)B */

/* ---- generated/p448_<layout>/ (gen/gen_tables.py) ---- */

/* point_base_comb[j][i] = sum over teeth t of e_t 2^(COMB_S (t + COMB_T j)) B, e_0 = 1, e_t = 2 bit_(t-1)(i) - 1. */
extern const point_niels_t point_base_comb[COMB_N][COMB_ENTRIES];
/*
 * The single calls' comb on the twisted curve (point_base_twisted.c), of its
 * own shape: point_base_comb_twisted[j][i] = phi([1/4 mod l] E_ji), E_ji the
 * entry of point_base_comb's formula with BASE_COMB_T teeth BASE_COMB_S apart.
 */
extern const point_tniels_t point_base_comb_twisted[BASE_COMB_N][BASE_COMB_ENTRIES];
/* point_base_wnaf[i] = (2 i + 1) B, point_base2_wnaf[i] = (2 i + 1) 2^224 B. */
extern const point_niels_t point_base_wnaf[WNAF_BASE_ENTRIES];
extern const point_niels_t point_base2_wnaf[WNAF_BASE_ENTRIES];
/* The base point B of RFC 8032 section 5.2, affine, with d x y. */
extern const point_niels_t point_base_niels;
/* sqrt(-d) (non-negative) and 1/sqrt(-d), for decaf448 (RFC 9496 section 5.1). */
extern const gf curve_sqrt_minus_d;
extern const gf curve_invsqrt_minus_d;

/* ---- src/backend/portable/point_arith.c ---- */

void point_identity(point_t *out);
void point_copy(point_t *out, const point_t *a);
void point_from_niels(point_t *out, const point_niels_t *a);
/* out = -a. */
void point_neg(point_t *out, const point_t *a);
/* out = a + b (9M). */
void point_add(point_t *out, const point_t *a, const point_t *b);
/* out = a - b. */
void point_sub(point_t *out, const point_t *a, const point_t *b);
/* out = 2a (4M + 4S). */
void point_double(point_t *out, const point_t *a);
/*
 * The same three for a call that makes one of them and nothing else (the typed
 * decaf448 API, the sums of from_uniform and the two-map hash to curve):
 * point_single.c forwards to the above, the avx512ifma backend's point_single_r50.c
 * (avx512ifma) runs them on the radix-2^50 lanes. out may alias a and b.
 */
void point_add_single(point_t *out, const point_t *a, const point_t *b);
void point_sub_single(point_t *out, const point_t *a, const point_t *b);
void point_double_single(point_t *out, const point_t *a);
/* out = 2a without T (3M + 4S): only for a result that is doubled next. */
void point_double_no_t(point_t *out, const point_t *a);
/* out = a + b (8M). */
void point_add_niels(point_t *out, const point_t *a, const point_niels_t *b);
/* out = a + b (9M). */
void point_add_cached(point_t *out, const point_t *a, const point_cached_t *b);
/* The same without T (8M - 1M, 9M - 1M; T of out is left undefined): only for a sum that is doubled next. */
void point_add_niels_no_t(point_t *out, const point_t *a, const point_niels_t *b);
void point_add_cached_no_t(point_t *out, const point_t *a, const point_cached_t *b);
void point_to_cached(point_cached_t *out, const point_t *a);
/* Negates in place when neg is set. */
void point_niels_cond_neg(point_niels_t *a, mask_t neg);
void point_cached_cond_neg(point_cached_t *a, mask_t neg);
/* out = table[index] of n entries, reading every entry (constant time in index). */
void point_niels_lookup(point_niels_t *out, const point_niels_t *table, unsigned n, uint32_t index);
void point_cached_lookup(point_cached_t *out, const point_cached_t *table, unsigned n, uint32_t index);
/* All ones when a and b are the same point of the curve. */
mask_t point_eq(const point_t *a, const point_t *b);
/* All ones when a satisfies the curve equation and T Z = X Y, Z != 0 (for tests). */
mask_t point_valid(const point_t *a);
/* Affine x and y (canonical after gf_serialize); x = y = 0 never happens since Z != 0. */
void point_affine(gf x, gf y, const point_t *a);
/* Wipes a secret point. */
void point_wipe(point_t *a);
/* The additions' last round (point_arith.c): X3 = E F, Y3 = G H, T3 = E H, Z3 = F G; e..h loose allowed. */
void point_add_finish(point_t *out, const gf e, const gf f, const gf g, const gf h);

/* ---- a Z = 1 point as a table entry (the precomputed keys' stored points) ---- */

/* d x y of a, whose Z must be 1 (T = x y): d T = -(39081 T). */
static inline void point_dxy_affine(gf dxy, const point_t *a) {
    gf_mulw(dxy, a->t, CURVE_MINUS_D);
    gf_neg(dxy, dxy);
}

/* out = (x, y, d x y) of a, whose Z must be 1: the inverse of point_from_niels. */
static inline void point_niels_from_affine(point_niels_t *out, const point_t *a) {
    gf_copy(out->x, a->x);
    gf_copy(out->y, a->y);
    point_dxy_affine(out->dxy, a);
}

/* ---- src/point/point_encode.c: RFC 8032 sections 5.2.2, 5.2.3 ---- */

#define ED448_POINT_BYTES 57

void point_encode_ed448(uint8_t out[ED448_POINT_BYTES], const point_t *a);
/* The same from the affine x, y (tight); the batch signatures invert their Z's together. */
void point_encode_ed448_affine(uint8_t out[ED448_POINT_BYTES], const gf x, const gf y);
/*
 * All ones when in is a canonical encoding (y < p, the unused bits zero, not
 * x = 0 with the sign bit set) of a point on the curve; out is then the
 * point (with Z = 1). Constant time.
 */
mask_t point_decode_ed448(point_t *out, const uint8_t in[ED448_POINT_BYTES]);
/* out[i], ok[i] = point_decode_ed448 of in[i], i = 0, 1: both inverse square roots at once (gf_isr2). */
void point_decode_ed448_2(point_t out[2], mask_t ok[2], const uint8_t *const in[2]);
/* out[i], ok[i] = point_decode_ed448 of in[i] for i < n, GF_LANES at a time: one inverse square root
 * of the lanes (gfl_isr_lanes) for GF_LANES decodings (batch verification). */
void point_decode_ed448_lanes(point_t *out, mask_t *ok, const uint8_t *const in[], size_t n);

/* ---- src/proto/decaf448.c: RFC 9496 section 5 ---- */

#define DECAF448_BYTES 56
#define DECAF448_UNIFORM_BYTES 112

/* All ones when in is a valid canonical encoding (section 5.3.1); out is then a representative. */
mask_t decaf448_decode(point_t *out, const uint8_t in[DECAF448_BYTES]);
/* Section 5.3.2: the same bytes for every representative of the element. */
void decaf448_encode(uint8_t out[DECAF448_BYTES], const point_t *a);
/* Section 5.3.2 for phi_hat(r), r of odd order on the twisted curve (point_twisted.h): one inversion, no square root. */
void decaf448_encode_twisted(uint8_t out[DECAF448_BYTES], const point_t *r);
/* Section 5.3.3: all ones when a and b represent the same element (X_a Y_b = Y_a X_b). */
mask_t decaf448_eq(const point_t *a, const point_t *b);
/* The same on the coordinates X and Y of each, the only ones it reads. */
mask_t decaf448_eq_xy(const gf ax, const gf ay, const gf bx, const gf by);
/* Section 5.3.4: the element derived from 112 uniform bytes. */
void decaf448_from_uniform(point_t *out, const uint8_t in[DECAF448_UNIFORM_BYTES]);

/* ---- src/backend/portable/point_comb.c (or the lanes2 backend's point_comb_split.c): constant time ---- */

/* out = [k]B, B the base point of RFC 8032. */
void point_scalarmul_base(point_t *out, const scalar_t *k);
/*
 * r on the twisted curve (point_twisted.h) with phi_hat(r) = [k]B, of odd
 * order: what decaf448_encode_twisted encodes, with one inversion in place of
 * decaf448_encode's inverse square root.
 */
void point_scalarmul_base_on_twist(point_t *r, const scalar_t *k);

/* ---- src/backend/portable/point_base_twisted.c: constant time ---- */

/* out = [k]B by the comb on the twisted curve (point_comb.c's point_scalarmul_base). */
void point_scalarmul_base_twisted(point_t *out, const scalar_t *k);
/* r on the twisted curve with phi_hat(r) = [k]B: the same comb without its last map. */
void point_scalarmul_base_twisted_raw(point_t *r, const scalar_t *k);

/* ---- src/point/point_scalarmul.c: constant time ---- */

/* out = [k]a. */
void point_scalarmul(point_t *out, const point_t *a, const scalar_t *k);
/*
 * out = [k]a + T for some T of order 1, 2 or 4, faster: on the twisted curve.
 * For a decaf448 point a (in 2E, as decaf448_decode returns) T is (0, 1) or
 * (0, -1), which decaf448 identifies: the same element as [k]a.
 */
void point_scalarmul_decaf(point_t *out, const point_t *a, const scalar_t *k);
/* The same before its last map: out on the twisted curve (point_twisted.h), phi_hat(out) = [k]a + T. */
void point_scalarmul_twisted(point_t *out, const point_t *a, const scalar_t *k);

/* ---- src/point/point_wnaf.c: variable time, for public inputs only ---- */

/* The window of run-time tables of odd multiples. */
#define WNAF_VAR_BITS 5
#define WNAF_VAR_ENTRIES (1 << (WNAF_VAR_BITS - 2))
#define WNAF_MAX_WORDS 15

/*
 * The width-w NAF of the integer k (words 32-bit words, little-endian,
 * words <= WNAF_MAX_WORDS, 2 <= w <= 8): naf[i] odd in (-2^(w-1), 2^(w-1))
 * or zero, at most one nonzero digit in any w consecutive positions,
 * sum naf[i] 2^i = k (naf_len >= the bit length of k plus one). Returns the
 * number of digits up to the top nonzero one.
 */
int point_wnaf_recode(int8_t *naf, unsigned naf_len, const uint32_t *k, unsigned words, unsigned w);

/* Bits [pos, pos + n) of k (words 32-bit words; n <= 24; zeros above the words). */
uint32_t point_bits_at(const uint32_t *k, unsigned words, unsigned pos, unsigned n);

/* table[i] = (2i + 1) p for i < entries (entries >= 1). */
void point_odd_multiples(point_cached_t *table, unsigned entries, const point_t *p);
/*
 * acc += [d]P for a wNAF digit d (odd or zero), odd[i] = (2i + 1) P; with
 * with_t zero, T of the sum is left undefined (point_add_niels_no_t): only
 * for a sum that is doubled next.
 */
void point_add_niels_digit_vartime(point_t *acc, const point_niels_t *odd, int d, int with_t);
void point_add_cached_digit_vartime(point_t *acc, const point_cached_t *odd, int d, int with_t);

/* out = [a]B + [b]p. */
void point_double_scalarmul_base_vartime(point_t *out, const scalar_t *a,
                                         const point_t *p, const scalar_t *b);

/* out = [a]p + [b]q. */
void point_double_scalarmul_vartime(point_t *out, const scalar_t *a, const point_t *p,
                                    const scalar_t *b, const point_t *q);

/* The same two as decaf448 elements, for decaf448 points (in 2E): up to a point of order 1
 * or 2 (src/backend/portable/point_double_scalarmul_decaf.c, or the avx512ifma backend's form on its lanes). */
void point_double_scalarmul_decaf_vartime(point_t *out, const scalar_t *a, const point_t *p, const scalar_t *b,
                                          const point_t *q);
void point_double_scalarmul_base_decaf_vartime(point_t *out, const scalar_t *a, const point_t *p, const scalar_t *b);

/* ---- src/backend/portable/point_verify.c: variable time, for public inputs only ---- */

/* All ones when [4]([s]B - [k]a - r) is the neutral element (RFC 8032 section 5.2.7). */
mask_t point_verify_equation_vartime(const scalar_t *s, const point_t *a, const scalar_t *k, const point_t *r);

/*
 * point_verify_scalars.c: the half-size scalars of that equation (its comment says
 * why): for k < l, u < 2^224 and 0 < |v| < 2^222 (the sign in v_neg) with
 * v k = u (mod l), by Euclid on (l, k) stopped below 2^224.
 */
void point_halfsize(uint32_t u[8], uint32_t v[8], int *v_neg, const scalar_t *k);

#define POINT_HALF_NAF_LEN 232 /* 224-bit scalars, plus room for the NAF's carry */
/* The equation as [4]([w0]B + [w1]2^224 B + [u]pa + [|v|]pr) = 0: the four wNAFs
 * (n0, n1 of width WNAF_BASE_BITS, na, nr of WNAF_VAR_BITS; digits below top),
 * pa = -A and pr = -R or R. */
typedef struct {
    int8_t n0[POINT_HALF_NAF_LEN], n1[POINT_HALF_NAF_LEN], na[POINT_HALF_NAF_LEN], nr[POINT_HALF_NAF_LEN];
    int top;
    point_t pa, pr;
} point_verify_digits_t;
void point_verify_digits(point_verify_digits_t *out, const scalar_t *s, const point_t *a, const scalar_t *k,
                         const point_t *r);

/* ---- src/point/point_order.c: variable time, for public inputs only ---- */

/* 1 when [4]a is the neutral element (a is one of the four points of order 1, 2 or 4), else 0; reads X and Y only. */
int point_is_small_order_vartime(const point_t *a);
/* 1 when [l]a is the neutral element (a is in the prime-order subgroup, the neutral element included), else 0. */
int point_in_prime_subgroup_vartime(const point_t *a);

/* ---- batch verification and precomputed keys: src/point/point_msm.c, point_precomp.c, point_fixed_comb.c ---- */

/*
 * out[i] = in[i] as affine points with d x y (Montgomery's simultaneous
 * inversion: one gf_invert and 3 (n - 1) multiplications for all n).
 * scratch holds n elements. Constant time in the points' values.
 */
void point_to_niels_batch(point_niels_t *out, const point_t *in, size_t n, gf *scratch);

/* The most points of one point_msm_base_vartime (two per signature of a batch chunk). */
#define MSM_MAX_POINTS 64
/* Signatures per multi-scalar multiplication of a batch verification. */
#define BATCH_MAX (MSM_MAX_POINTS / 2)

/* Straus's digits (point_msm.c): MSM_NAF_LEN wNAF positions of a scalar; a point whose scalar
 * has more than MSM_SHORT_BITS bits gets w = 5, while MSM_POOL table entries hold all. */
#define MSM_NAF_LEN (32 * SCALAR_WORDS + 1)
#define MSM_SHORT_BITS 160
#define MSM_POOL (MSM_MAX_POINTS * 6)

typedef struct {
    size_t n;                                   /* points (at most MSM_MAX_POINTS) */
    int top;                                    /* no digit at or above it */
    int8_t naf[MSM_MAX_POINTS][MSM_NAF_LEN];    /* point i's wNAF, of width log2(entries[i]) + 2 */
    int8_t naf_b[MSM_NAF_LEN];                  /* B's, of width WNAF_BASE_BITS */
    uint8_t entries[MSM_MAX_POINTS];            /* the odd multiples point i's table needs: 4 or 8 */
    uint8_t busy[MSM_NAF_LEN];                  /* some digit is nonzero at this position */
    uint8_t last[MSM_NAF_LEN];                  /* 1 + the last point with a nonzero digit there, 0 for none */
} point_msm_digits_t;

/* The digits of [b]B + sum_{i<n} [k_i]p_i for Straus (public scalars). */
void point_msm_digits(point_msm_digits_t *g, const scalar_t *b, size_t n, const scalar_t *k);

/*
 * out = [b]B + sum_{i<n} [k_i]p_i, n <= MSM_MAX_POINTS, by Straus's
 * interleaved wNAF (variable time, public inputs only).
 */
void point_msm_base_vartime(point_t *out, const scalar_t *b, size_t n, const point_t *p, const scalar_t *k);

/* The same by Pippenger's buckets, for measurement and tests (point_msm.c says why the batch uses Straus). */
void point_msm_pippenger_vartime(point_t *out, const scalar_t *b, size_t n, const point_t *p, const scalar_t *k);

/*
 * The random linear combination of n <= BATCH_MAX cofactored equations
 * (RFC 8032 section 5.2.7): all ones when
 *     [4]([sum z_i s_i]B - sum [z_i k_i]a_i - sum [z_i]r_i) = 0.
 * Variable time, public inputs only.
 */
mask_t point_batch_equation_vartime(size_t n, const scalar_t *s, const point_t *a, const scalar_t *k,
                                    const point_t *r, const scalar_t *z);

/*
 * The terms of that sum (point_msm.c), for its two sources (point_batch_equation.c, and
 * point_batch_equation_r50.c on the avx512ifma lanes): b = sum z_i s_i, and
 * [ks_j]pts_j = [z_i k_i](-a_i), [z_i](-r_i) for j = 2i, 2i + 1. n <= BATCH_MAX.
 */
void point_batch_terms(scalar_t *b, point_t pts[MSM_MAX_POINTS], scalar_t ks[MSM_MAX_POINTS], size_t n,
                       const scalar_t *s, const point_t *a, const scalar_t *k, const point_t *r, const scalar_t *z);

/*
 * A verification table of one public key A: the odd multiples (2i + 1) 2^(112 j) (-A),
 * j < 4, and (2i + 1) 2^112 B, (2i + 1) 2^336 B (B and 2^224 B have generated tables),
 * so that [S]B - [k]A takes 112 doublings instead of the 224 of
 * point_verify_equation_vartime. Its form is its source's (point_verify_table_format
 * tells them apart, precomputed.c's header stores it):
 *   .niels (point_precomp.c): every multiple affine;
 *   .lanes (point_precomp_r50.c, the avx512ifma lanes): -A affine (read by no call),
 *   then phi of A's multiples as the lane entries of point_r50.h, each its four
 *   coordinates' gf_serialize bytes (B's are generated).
 */
#define PRECOMP_SPLIT 4
#define PRECOMP_CHUNK_BITS 112
#define PRECOMP_WNAF_BITS 6
#define PRECOMP_ENTRIES (1 << (PRECOMP_WNAF_BITS - 2))
#define PRECOMP_NAF_LEN (PRECOMP_CHUNK_BITS + 2)
typedef union {
    struct {
        point_niels_t a[PRECOMP_SPLIT][PRECOMP_ENTRIES];
        point_niels_t b[2][PRECOMP_ENTRIES];
    } niels;
    struct {
        point_niels_t key;
        uint8_t a[PRECOMP_SPLIT][PRECOMP_ENTRIES][4][GF_SER_BYTES];
    } lanes;
} point_verify_table_t;

void point_verify_table(point_verify_table_t *t, const point_t *a);
/* Which form the build's tables have (1: .niels, 2: .lanes). */
uint32_t point_verify_table_format(void);
/* As point_verify_equation_vartime, for the key of t: all ones when [4]([s]B - [k]A - r) = 0. */
mask_t point_verify_precomputed_vartime(const point_verify_table_t *t, const scalar_t *s, const scalar_t *k,
                                        const point_t *r);
/*
 * The wNAFs of both verification forms (point_precomp_digits.c): ns[j] of bits
 * [112 j, 112 j + 112) of s, of width WNAF_BASE_BITS for even j (the tables of B and
 * 2^224 B) and PRECOMP_WNAF_BITS for odd j; nk[j] of k's, of width PRECOMP_WNAF_BITS.
 * Returns the length of the longest.
 */
int point_precomp_digits(int8_t ns[PRECOMP_SPLIT][PRECOMP_NAF_LEN], int8_t nk[PRECOMP_SPLIT][PRECOMP_NAF_LEN],
                         const scalar_t *s, const scalar_t *k);

/*
 * The comb of point_comb.c over a run-time point p (point_fixed_comb.c):
 * table[j][i] = sum over teeth t of e_t 2^(COMB_S (t + COMB_T j)) p, e_0 = 1,
 * e_t = 2 bit_(t-1)(i) - 1 (for p = B it equals point_base_comb).
 */
typedef point_niels_t point_comb_table_t[COMB_N][COMB_ENTRIES];
void point_comb_table(point_comb_table_t table, const point_t *p);
/* out = [k]p for the p of the table; constant time in k. */
void point_scalarmul_comb(point_t *out, const point_comb_table_t table, const scalar_t *k);

#endif
