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
 * affine (8M additions).
 */
#include <string.h>
#include "point.h"

#define CHUNK_WORDS 4
#define CHUNK_NAF_LEN (PRECOMP_CHUNK_BITS + 2)

_Static_assert(PRECOMP_SPLIT * PRECOMP_CHUNK_BITS >= 446, "the chunks must cover l < 2^446");

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
        odd_multiples_niels(t->a[j], PRECOMP_ENTRIES, &p);
    }
    point_from_niels(&p, &point_base_niels);
    double_n(&p, PRECOMP_CHUNK_BITS);
    odd_multiples_niels(t->b[0], PRECOMP_ENTRIES, &p); /* 2^112 B */
    double_n(&p, 2 * PRECOMP_CHUNK_BITS);
    odd_multiples_niels(t->b[1], PRECOMP_ENTRIES, &p); /* 2^336 B */
}

/* The 32-bit word of k at bit pos (zeros above the scalar). */
static uint32_t word_at(const scalar_t *k, unsigned pos) {
    unsigned w = pos / 32, s = pos % 32;
    uint64_t v = w < SCALAR_WORDS ? k->word[w] : 0;
    if (w + 1 < SCALAR_WORDS)
        v |= (uint64_t)k->word[w + 1] << 32;
    return (uint32_t)(v >> s);
}

/* The wNAF of bits [112 j, 112 j + 112) of k; returns its length. */
static int chunk_naf(int8_t naf[CHUNK_NAF_LEN], const scalar_t *k, unsigned j, unsigned w) {
    uint32_t c[CHUNK_WORDS];
    for (unsigned i = 0; i < CHUNK_WORDS; i++)
        c[i] = word_at(k, PRECOMP_CHUNK_BITS * j + 32 * i);
    c[CHUNK_WORDS - 1] &= (1u << (PRECOMP_CHUNK_BITS - 32 * (CHUNK_WORDS - 1))) - 1;
    return point_wnaf_recode(naf, CHUNK_NAF_LEN, c, CHUNK_WORDS, w);
}

mask_t point_verify_precomputed_vartime(const point_verify_table_t *t, const scalar_t *s, const scalar_t *k,
                                        const point_t *r) {
    /* The tables of s_j 2^(112 j) B and their widths. */
    const point_niels_t *bt[PRECOMP_SPLIT] = { point_base_wnaf, t->b[0], point_base2_wnaf, t->b[1] };
    const unsigned bw[PRECOMP_SPLIT] = { WNAF_BASE_BITS, PRECOMP_WNAF_BITS, WNAF_BASE_BITS, PRECOMP_WNAF_BITS };
    int8_t ns[PRECOMP_SPLIT][CHUNK_NAF_LEN], nk[PRECOMP_SPLIT][CHUNK_NAF_LEN];
    int top = 0;
    for (unsigned j = 0; j < PRECOMP_SPLIT; j++) {
        int l = chunk_naf(ns[j], s, j, bw[j]);
        top = l > top ? l : top;
        l = chunk_naf(nk[j], k, j, PRECOMP_WNAF_BITS);
        top = l > top ? l : top;
    }

    point_t acc;
    point_identity(&acc);
    for (int i = top - 1; i >= 0; i--) {
        int any = 0;
        for (unsigned j = 0; j < PRECOMP_SPLIT; j++)
            any |= ns[j][i] | nk[j][i];
        if (any || i == 0)
            point_double(&acc, &acc);
        else
            point_double_no_t(&acc, &acc);
        /* the last sum of a step goes without T when a doubling follows (point_sub reads T after i = 0) */
        unsigned last = 2 * PRECOMP_SPLIT;
        if (i > 0)
            for (unsigned j = 0; j < 2 * PRECOMP_SPLIT; j++)
                if (j % 2 ? nk[j / 2][i] : ns[j / 2][i])
                    last = j;
        for (unsigned j = 0; j < PRECOMP_SPLIT; j++) {
            point_add_niels_digit_vartime(&acc, bt[j], ns[j][i], 2 * j != last);
            point_add_niels_digit_vartime(&acc, t->a[j], nk[j][i], 2 * j + 1 != last);
        }
    }
    /* [4](acc - R) = 0 */
    point_sub(&acc, &acc, r);
    return point_is_small_order_vartime(&acc) ? (mask_t)-1 : 0;
}
