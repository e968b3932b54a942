/*
 * Keccak-f[1600] (FIPS 202 section 3.3), the permutation under SHAKE256.
 * Internal: src/hash/shake256.c implements it, test/test_shake256.c checks it
 * against a reference written from the spec's step definitions.
 */
#ifndef GOLDILOCKS_KECCAK_H
#define GOLDILOCKS_KECCAK_H

#include <stdint.h>

/*
 * Applies the 24 rounds to the state in place. Lane (x, y) of the spec is
 * lanes[x + 5 * y]; bit z of a lane is bit z of the uint64_t (the spec's
 * little-endian byte order, section 3.1.2 and B.1).
 */
void keccak_f1600(uint64_t lanes[25]);

#endif
