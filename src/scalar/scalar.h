/*
 * Scalars modulo the prime group order
 *   l = 2^446 - 13818066809895115352007386748515426880336692474882178609894547503885
 * (RFC 8032 section 5.2, RFC 9496 section 5). Constant time; portable
 * (scalar_t holds 32-bit words; the arithmetic runs in field.h's machine
 * words, 64 or 32 bits, with their double-width products, so the same code
 * runs on every target). Outputs may alias inputs.
 */
#ifndef GOLDILOCKS_SCALAR_H
#define GOLDILOCKS_SCALAR_H

#include <stddef.h>
#include <stdint.h>

#define SCALAR_BYTES 56 /* a canonical scalar, little-endian; l < 2^446 */
#define SCALAR_WORDS 14

/* Always fully reduced: the value is in [0, l). */
typedef struct {
    uint32_t word[SCALAR_WORDS]; /* little-endian 32-bit words */
} scalar_t;

/*
 * out = the little-endian integer in[0..len) mod l, for any len (one pass up
 * to 114 bytes, a SHAKE256 output of Ed448; 56 more bytes per extra pass).
 * Time depends only on len.
 */
void scalar_reduce_bytes(scalar_t *out, const uint8_t *in, size_t len);

/*
 * out = in (len <= 57 bytes, little-endian) when it is < l: returns 0.
 * Returns -1 when in >= l or len > 57 (out is then zero). Time depends only
 * on len (for RFC 8032's S check and RFC 9496's canonical scalars).
 */
int scalar_from_canonical_bytes(scalar_t *out, const uint8_t *in, size_t len);

/* 56 bytes little-endian, canonical. */
void scalar_to_bytes(uint8_t out[SCALAR_BYTES], const scalar_t *a);

void scalar_set_small(scalar_t *out, uint32_t w);
void scalar_add(scalar_t *out, const scalar_t *a, const scalar_t *b);
void scalar_sub(scalar_t *out, const scalar_t *a, const scalar_t *b);
void scalar_neg(scalar_t *out, const scalar_t *a);
void scalar_mul(scalar_t *out, const scalar_t *a, const scalar_t *b);
/* out = a / 2 mod l. */
void scalar_halve(scalar_t *out, const scalar_t *a);
/* 1 when a == b, else 0 (constant time). */
int scalar_eq(const scalar_t *a, const scalar_t *b);

/* ---- scalar_invert.c ---- */

/* out = 1/a mod l (bingcd.c on 64-bit words, modinv.c on 32-bit ones); 0 for a = 0. Constant time. */
void scalar_invert(scalar_t *out, const scalar_t *a);

#endif
