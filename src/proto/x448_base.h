/*
 * The X448 public key X448(k, 5) (RFC 7748 section 5) by the fixed-base comb
 * on edwards448 instead of the Montgomery ladder.
 */
#ifndef GOLDILOCKS_X448_BASE_H
#define GOLDILOCKS_X448_BASE_H

#include <stdint.h>

/*
 * out = the u coordinate of [k](u = 5) on curve448, for a clamped scalar k
 * (56 bytes little-endian, as decodeScalar448 of RFC 7748 section 5 leaves
 * it). Constant time.
 */
void x448_base_u(uint8_t out[56], const uint8_t clamped_scalar[56]);

/*
 * The same for count <= GF_LANES scalars at once (x448_base_batch.c): out[i]
 * = x448_base_u of clamped[i], by the lane comb, with one inversion for all
 * of them. out and clamped may be the same array. Constant time.
 */
void x448_base_u_lanes(uint8_t out[][56], const uint8_t clamped[][56], unsigned count);

#endif
