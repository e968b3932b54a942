/*
 * The X448 Montgomery ladder (RFC 7748 section 5), one function with three
 * sources: x448_ladder.c (scalar field operations, the default),
 * x448_ladder_lanes2.c (the step's products two at a time in lanes,
 * src/field/field.h "Lanes"; GF_LANES >= 2, built by armv7) and
 * x448_ladder_r50.c (four at a time in the radix-2^50 lanes of avx512ifma).
 * Each is a backend's (src/backend/portable, lanes2, avx512ifma): configure.py
 * builds exactly one of them per target (its record's backend, HACKING.md); all
 * give the same bytes.
 */
#ifndef GOLDILOCKS_X448_LADDER_H
#define GOLDILOCKS_X448_LADDER_H

#include <stdint.h>
#include <string.h>
#include "goldilocks.h"
#include "field.h"

/* (A - 2) / 4 for A = 156326 (RFC 7748 section 5, "a24"). */
#define X448_A24 39081u

/* decodeScalar448 (RFC 7748 section 5): clear the 2 low bits, set bit 447. */
static inline void x448_clamp(uint8_t k[GOLDILOCKS_X448_BYTES], const uint8_t secret[GOLDILOCKS_X448_BYTES]) {
    memcpy(k, secret, GOLDILOCKS_X448_BYTES);
    k[0] &= 252;
    k[55] |= 128;
}

/*
 * out = the u coordinate of [k]P for k the clamped secret and P with u
 * coordinate x1, by the ladder of RFC 7748 section 5 with the constant-time
 * conditional swap. Returns all ones when the result is zero. The secret is
 * copied before out is written (they may overlap); everything that depends
 * on it is wiped before return (the caller still calls ct_wipe_stack).
 */
mask_t x448_ladder(uint8_t out[GOLDILOCKS_X448_BYTES], const uint8_t secret[GOLDILOCKS_X448_BYTES], const gf x1);

#endif
