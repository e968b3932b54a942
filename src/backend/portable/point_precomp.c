/*
 * Verification against a precomputed public key (variable time, public
 * inputs only): the cofactored equation of RFC 8032 section 5.2.7,
 * [4]([S]B - [k]A - R) = 0, with both full-size scalars cut into four
 * 112-bit chunks,
 *     S = sum_j s_j 2^(112 j),  k = sum_j k_j 2^(112 j),
 * so that [S]B - [k]A = sum_j [s_j](2^(112 j) B) + [k_j](2^(112 j) (-A)):
 * eight interleaved wNAF chains over 112 bits (the same Straus-Shamir
 * evaluation as point_wnaf.c), 112 doublings instead of the 224 of the
 * half-size scalars of point_verify.c and no decoding of A. Tables: B and
 * 2^224 B are generated (width WNAF_BASE_BITS); 2^112 B, 2^336 B and the
 * four multiples of -A are in the caller's table, width PRECOMP_WNAF_BITS,
 * affine (8M additions): the table's .niels form (point.h). point_precomp_r50.c is
 * the alternative on the avx512ifma lanes.
 */
#include <string.h>
#include "point.h"
#include "point_straus_loop.h"

/* out = the n odd multiples (2i + 1) p, as affine points. */
static void odd_multiples_niels(point_niels_t *out, unsigned n, const point_t *p) {
    point_t mult[PRECOMP_ENTRIES], twice;
    gf scratch[PRECOMP_ENTRIES];
    point_copy(&mult[0], p);
    point_double(&twice, p);
    for (unsigned i = 1; i < n; i++)
        point_add(&mult[i], &mult[i - 1], &twice);
    point_to_niels_batch(out, mult, n, scratch);
}

static void double_n(point_t *p, unsigned n) {
    for (unsigned i = 0; i < n; i++)
        point_double(p, p);
}

void point_verify_table(point_verify_table_t *t, const point_t *a) {
    point_t p;
    point_neg(&p, a);
    for (unsigned j = 0; j < PRECOMP_SPLIT; j++) {
        if (j)
            double_n(&p, PRECOMP_CHUNK_BITS);
        odd_multiples_niels(t->niels.a[j], PRECOMP_ENTRIES, &p);
    }
    point_from_niels(&p, &point_base_niels);
    double_n(&p, PRECOMP_CHUNK_BITS);
    odd_multiples_niels(t->niels.b[0], PRECOMP_ENTRIES, &p); /* 2^112 B */
    double_n(&p, 2 * PRECOMP_CHUNK_BITS);
    odd_multiples_niels(t->niels.b[1], PRECOMP_ENTRIES, &p); /* 2^336 B */
}

/* POINT_STRAUS_SPLIT's operations (point_straus_loop.h) on edwards448; the context holds a position's any and last. */
typedef struct {
    int any;
    unsigned last;
} precomp_position_t;

static inline void precomp_find_position(precomp_position_t *x, int8_t ns[PRECOMP_SPLIT][PRECOMP_NAF_LEN],
                                         int8_t nk[PRECOMP_SPLIT][PRECOMP_NAF_LEN], int i) {
    x->any = 0;
    for (unsigned j = 0; j < PRECOMP_SPLIT; j++)
        x->any |= ns[j][i] | nk[j][i];
    x->last = 2 * PRECOMP_SPLIT; /* at position 0 none: point_sub reads T after the loop */
    if (i > 0)
        for (unsigned j = 0; j < 2 * PRECOMP_SPLIT; j++)
            if (j % 2 ? nk[j / 2][i] : ns[j / 2][i])
                x->last = j;
}
#define precomp_identity point_straus_identity
#define precomp_position precomp_find_position
#define precomp_any(x) ((x)->any)
#define precomp_last(x) ((x)->last)
#define precomp_double point_straus_double
#define precomp_add_digit point_straus_add_digit

uint32_t point_verify_table_format(void) {
    return 1;
}

mask_t point_verify_precomputed_vartime(const point_verify_table_t *t, const scalar_t *s, const scalar_t *k,
                                        const point_t *r) {
    /* The tables of s_j 2^(112 j) B (the widths of point_precomp_digits). */
    const point_niels_t *bt[PRECOMP_SPLIT] = { point_base_wnaf, t->niels.b[0], point_base2_wnaf, t->niels.b[1] };
    int8_t ns[PRECOMP_SPLIT][PRECOMP_NAF_LEN], nk[PRECOMP_SPLIT][PRECOMP_NAF_LEN];
    int top = point_precomp_digits(ns, nk, s, k);

    point_t acc;
    precomp_position_t x;
    POINT_STRAUS_SPLIT(precomp, &x, acc, top, ns, nk, bt, t->niels.a);
    /* [4](acc - R) = 0 */
    point_sub(&acc, &acc, r);
    return point_is_small_order_vartime(&acc) ? (mask_t)-1 : 0;
}
