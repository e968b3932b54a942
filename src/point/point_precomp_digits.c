/*
 * The digits of the verification against a precomputed key (point.h,
 * point_precomp_digits), for both of its forms (point_precomp.c,
 * point_precomp_r50.c): each 446-bit scalar cut into four 112-bit chunks, a
 * wNAF each.
 */
#include "point.h"

#define CHUNK_WORDS 4

_Static_assert(PRECOMP_SPLIT * PRECOMP_CHUNK_BITS >= 446, "the chunks must cover l < 2^446");

/* The 32-bit word of k at bit pos (zeros above the scalar). */
static uint32_t word_at(const scalar_t *k, unsigned pos) {
    unsigned w = pos / 32, s = pos % 32;
    uint64_t v = w < SCALAR_WORDS ? k->word[w] : 0;
    if (w + 1 < SCALAR_WORDS)
        v |= (uint64_t)k->word[w + 1] << 32;
    return (uint32_t)(v >> s);
}

/* The wNAF of bits [112 j, 112 j + 112) of k; returns its length. */
static int chunk_naf(int8_t naf[PRECOMP_NAF_LEN], const scalar_t *k, unsigned j, unsigned w) {
    uint32_t c[CHUNK_WORDS];
    for (unsigned i = 0; i < CHUNK_WORDS; i++)
        c[i] = word_at(k, PRECOMP_CHUNK_BITS * j + 32 * i);
    c[CHUNK_WORDS - 1] &= (1u << (PRECOMP_CHUNK_BITS - 32 * (CHUNK_WORDS - 1))) - 1;
    return point_wnaf_recode(naf, PRECOMP_NAF_LEN, c, CHUNK_WORDS, w);
}

int point_precomp_digits(int8_t ns[PRECOMP_SPLIT][PRECOMP_NAF_LEN], int8_t nk[PRECOMP_SPLIT][PRECOMP_NAF_LEN],
                         const scalar_t *s, const scalar_t *k) {
    /* the widths of the tables of s_j 2^(112 j) B: B and 2^224 B generated, the others the key's */
    const unsigned bw[PRECOMP_SPLIT] = { WNAF_BASE_BITS, PRECOMP_WNAF_BITS, WNAF_BASE_BITS, PRECOMP_WNAF_BITS };
    int top = 0;
    for (unsigned j = 0; j < PRECOMP_SPLIT; j++) {
        int l = chunk_naf(ns[j], s, j, bw[j]);
        top = l > top ? l : top;
        l = chunk_naf(nk[j], k, j, PRECOMP_WNAF_BITS);
        top = l > top ? l : top;
    }
    return top;
}
