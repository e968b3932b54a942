/*
 * The pieces of Ed448 verification (RFC 8032 section 5.2.7) that the batch
 * and the precomputed-key verifications share with each other.
 */
#ifndef GOLDILOCKS_ED448_CHALLENGE_H
#define GOLDILOCKS_ED448_CHALLENGE_H

#include <stddef.h>
#include <stdint.h>
#include "scalar.h"

/* A pointer with a length is usable when it is non-NULL or the length is 0. */
int ed448_buffer_ok(const uint8_t *p, size_t len);
/* ctx_len <= 255 and ctx usable. */
int ed448_ctx_ok(const uint8_t *ctx, size_t ctx_len);

/* k = SHAKE256(dom4(0, ctx) || R || A || M, 114) mod l (section 5.2.7 step 2; Ed448, phflag 0). */
void ed448_challenge(scalar_t *k, const uint8_t r[57], const uint8_t pub[57], const uint8_t *msg, size_t msg_len,
                     const uint8_t *ctx, size_t ctx_len);

#endif
