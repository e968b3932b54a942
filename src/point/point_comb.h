/*
 * The recoding of the signed comb (point_comb.c says why it works), shared
 * by the single fixed-base multiplication and the lane comb
 * (point_lanes_comb.c), so that both read the same digits of the same
 * table. Static inline: the single call keeps its inlined loop.
 */
#ifndef GOLDILOCKS_POINT_COMB_H
#define GOLDILOCKS_POINT_COMB_H

#include <stdint.h>
#include "point.h"
#include "ct.h"

#define COMB_BITS (COMB_N * COMB_T * COMB_S)

_Static_assert(COMB_BITS >= 446, "the comb must cover l < 2^446");

/* c = (k + 2^COMB_BITS - 1) / 2 mod l, whose bits are the comb's digits (point_comb.c). */
void point_comb_recode(scalar_t *c, const scalar_t *k);

/* Bit `pos` of c (0 beyond the scalar's words); pos is public. */
static inline uint32_t point_comb_bit(const scalar_t *c, unsigned pos) {
    if (pos >= 32 * SCALAR_WORDS)
        return 0;
    return (c->word[pos / 32] >> (pos % 32)) & 1;
}

/*
 * The entry of comb j at offset i (both public) for the recoded c, in a comb
 * of `teeth` teeth `spacing` bits apart (constants at every call site):
 * *index into table[j], and *neg 1 when that entry is to be negated (tooth
 * 0's digit is -1: the complemented pattern, negated), else 0; secret, so
 * only ever made a mask (ct_mask_from_bit).
 */
static inline void point_comb_digit_shape(uint32_t *index, uint32_t *neg, const scalar_t *c, unsigned i, unsigned j,
                                          unsigned teeth, unsigned spacing) {
    uint32_t bits = 0;
    for (unsigned t = 0; t < teeth; t++)
        bits |= point_comb_bit(c, i + spacing * (t + teeth * j)) << t;
    uint32_t flip = (bits & 1) - 1; /* all ones when tooth 0 is clear */
    *index = ((bits >> 1) ^ flip) & ((1u << (teeth - 1)) - 1);
    *neg = ~bits & 1;
}

/* The same for the comb of COMB_T teeth, COMB_S apart (point_base_comb's). */
static inline void point_comb_digit(uint32_t *index, uint32_t *neg, const scalar_t *c, unsigned i, unsigned j) {
    point_comb_digit_shape(index, neg, c, i, j, COMB_T, COMB_S);
}

/* c = (k + 2^bits - 1) / 2 mod l, for a comb of bits = teeth * spacing * combs >= 446 (at most 512). */
void point_comb_recode_bits(scalar_t *c, const scalar_t *k, unsigned bits);

#endif
