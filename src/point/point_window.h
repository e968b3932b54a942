/*
 * The signed fixed-window recoding of the constant-time variable-base
 * multiplication (point_scalarmul.c says why it is exact), shared by the
 * single call and the lane multiplication (point_lanes_scalarmul.c).
 */
#ifndef GOLDILOCKS_POINT_WINDOW_H
#define GOLDILOCKS_POINT_WINDOW_H

#include <stdint.h>
#include "scalar.h"

#define VAR_BITS 5
#define VAR_WINDOWS ((446 + VAR_BITS - 1) / VAR_BITS)
#define VAR_ENTRIES ((1 << (VAR_BITS - 1)) + 1)

_Static_assert(VAR_BITS * VAR_WINDOWS <= 32 * SCALAR_WORDS + 31, "windows read past the scalar");

/* Bits [pos, pos + VAR_BITS) of k; pos is public. */
static inline uint32_t point_window_bits(const scalar_t *k, unsigned pos) {
    unsigned w = pos / 32, s = pos % 32;
    uint64_t v = k->word[w];
    if (w + 1 < SCALAR_WORDS)
        v |= (uint64_t)k->word[w + 1] << 32;
    return (uint32_t)(v >> s) & ((1u << VAR_BITS) - 1);
}

/* The signed digits of k, in [-2^(VAR_BITS-1), 2^(VAR_BITS-1)), arithmetic only. */
static inline void point_window_digits(int8_t digit[VAR_WINDOWS], const scalar_t *k) {
    uint32_t carry = 0;
    for (unsigned i = 0; i < VAR_WINDOWS; i++) {
        uint32_t v = point_window_bits(k, VAR_BITS * i) + carry;
        carry = (v + (1u << (VAR_BITS - 1))) >> VAR_BITS;
        digit[i] = (int8_t)((int32_t)v - (int32_t)(carry << VAR_BITS));
    }
}

/* |d| and the sign (1 when d < 0) of a digit, arithmetic only. */
static inline uint32_t point_window_magnitude(int8_t d, uint32_t *neg) {
    uint32_t dw = (uint32_t)(int32_t)d;
    *neg = dw >> 31;
    return (dw ^ (0u - *neg)) + *neg;
}

#endif
