/*
 * The pieces of Ed448 signing (RFC 8032 section 5.2.6) that ed448.c shares
 * with the batch signature (ed448_sign_batch.c).
 */
#ifndef GOLDILOCKS_ED448_SIGN_H
#define GOLDILOCKS_ED448_SIGN_H

#include <stddef.h>
#include <stdint.h>
#include "scalar.h"
#include "shake256.h"

/* SHAKE256 with dom4(phflag, ctx) absorbed (section 2, "dom4"); ctx_len <= 255, checked by the caller. */
void ed448_hash_init_dom4(shake256_ctx *h, int phflag, const uint8_t *ctx, size_t ctx_len);

/* The 114-byte digest of the seed (section 5.2.5): clamped scalar s mod l, and the prefix (when non-NULL). */
void ed448_expand_seed(scalar_t *s, uint8_t prefix[57], const uint8_t seed[57]);

#endif
