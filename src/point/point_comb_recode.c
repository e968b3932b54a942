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

/* (2^COMB_BITS - 1) mod l, as a scalar: computed once per call from bytes. */
static void comb_adjustment(scalar_t *out) {
    uint8_t ones[(COMB_BITS + 7) / 8];
    memset(ones, 0xff, sizeof ones);
    if (COMB_BITS % 8)
        ones[sizeof ones - 1] = (uint8_t)((1u << (COMB_BITS % 8)) - 1);
    scalar_reduce_bytes(out, ones, sizeof ones);
}

void point_comb_recode(scalar_t *c, const scalar_t *k) {
    comb_adjustment(c);
    scalar_add(c, c, k);
    scalar_halve(c, c);
}
