/*
 * The signed all-bits recoding of the comb (point_comb.c gives the proof):
 * c = (k + 2^N - 1)/2 mod l, N = COMB_N COMB_T COMB_S, whose bits are the
 * digits that point_comb_digit (point_comb.h) reads. Shared by the single
 * fixed-base multiplication (point_comb.c, or its alternative
 * point_comb_split.c) and the lane comb (point_lanes_comb.c).
 */
#include <string.h>
#include "point.h"
#include "point_comb.h"

/* (2^bits - 1) mod l, as a scalar: computed once per call from bytes. */
static void comb_adjustment(scalar_t *out, unsigned bits) {
    uint8_t ones[64];
    unsigned len = (bits + 7) / 8;
    memset(ones, 0xff, len);
    if (bits % 8)
        ones[len - 1] = (uint8_t)((1u << (bits % 8)) - 1);
    scalar_reduce_bytes(out, ones, len);
}

void point_comb_recode_bits(scalar_t *c, const scalar_t *k, unsigned bits) {
    comb_adjustment(c, bits);
    scalar_add(c, c, k);
    scalar_halve(c, c);
}

void point_comb_recode(scalar_t *c, const scalar_t *k) {
    point_comb_recode_bits(c, k, COMB_BITS);
}
