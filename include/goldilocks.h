/*
 * goldilocks: X448 (RFC 7748), Ed448 and Ed448ph (RFC 8032) and the
 * decaf448 prime-order group (RFC 9496) on Ed448-Goldilocks,
 * p = 2^448 - 2^224 - 1.
 *
 * All byte arrays are little-endian, as in the RFCs. Every function runs in
 * time independent of secret inputs and wipes its secret intermediates.
 * Functions that can fail return 0 on success and -1 on failure; no
 * function allocates memory, keeps state between calls or crashes on
 * well-sized bad input. All functions are thread-safe.
 */
#ifndef GOLDILOCKS_H
#define GOLDILOCKS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define GOLDILOCKS_API __attribute__((visibility("default")))
#define GOLDILOCKS_WARN_UNUSED __attribute__((warn_unused_result))
#else
#define GOLDILOCKS_API
#define GOLDILOCKS_WARN_UNUSED
#endif

#define GOLDILOCKS_X448_BYTES             56
#define GOLDILOCKS_ED448_SEED_BYTES       57
#define GOLDILOCKS_ED448_PUBLIC_BYTES     57
#define GOLDILOCKS_ED448_SECRET_BYTES    114 /* seed || public key */
#define GOLDILOCKS_ED448_SIG_BYTES       114
#define GOLDILOCKS_DECAF448_BYTES         56
#define GOLDILOCKS_DECAF448_UNIFORM_BYTES 112

/* ---- X448, RFC 7748 ---- */

/* A random key pair from getrandom(2). 0 ok; -1 if the OS RNG fails (then both outputs are zero). */
GOLDILOCKS_API GOLDILOCKS_WARN_UNUSED
int goldilocks_x448_keypair(uint8_t pub[56], uint8_t secret[56]);

/* pub = X448(secret, 5). */
GOLDILOCKS_API
void goldilocks_x448_public_key(uint8_t pub[56], const uint8_t secret[56]);

/*
 * shared = X448(secret, peer). The secret is clamped and the peer's u
 * coordinate reduced mod p (its top bit ignored) as RFC 7748 section 5 says.
 * Returns 0, or -1 when the result is all zero (a low-order peer, RFC 7748
 * section 6.2); the output is then all zero.
 */
GOLDILOCKS_API GOLDILOCKS_WARN_UNUSED
int goldilocks_x448(uint8_t shared[56], const uint8_t secret[56], const uint8_t peer[56]);

/* ---- Ed448 and Ed448ph, RFC 8032 ---- */

/* A random key pair from getrandom(2); secret = seed || pub. 0 ok; -1 if the OS RNG fails. */
GOLDILOCKS_API GOLDILOCKS_WARN_UNUSED
int goldilocks_ed448_keypair(uint8_t pub[57], uint8_t secret[114]);

/* The key pair of a 57-byte seed (RFC 8032 section 5.2.5); secret = seed || pub. */
GOLDILOCKS_API
void goldilocks_ed448_keypair_from_seed(uint8_t pub[57], uint8_t secret[114], const uint8_t seed[57]);

/*
 * Signs msg with the context ctx (ctx_len <= 255; ctx may be NULL when
 * ctx_len is 0). 0 ok; -1 if ctx_len > 255 (the signature is then zero).
 * The public half of secret is used as stored: pass a secret made by
 * goldilocks_ed448_keypair(_from_seed).
 */
GOLDILOCKS_API
int goldilocks_ed448_sign(uint8_t sig[114], const uint8_t secret[114],
                          const uint8_t *msg, size_t msg_len, const uint8_t *ctx, size_t ctx_len);

/*
 * Verifies as RFC 8032 section 5.2.7: rejects S >= l and non-canonical
 * encodings of A and R (y >= p, or x = 0 with the sign bit set), and checks
 * the cofactored equation [4][S]B = [4]R + [4][k]A. 0 valid; -1 otherwise
 * (including ctx_len > 255).
 */
GOLDILOCKS_API GOLDILOCKS_WARN_UNUSED
int goldilocks_ed448_verify(const uint8_t sig[114], const uint8_t pub[57],
                            const uint8_t *msg, size_t msg_len, const uint8_t *ctx, size_t ctx_len);

/* Ed448ph: as above over the prehash SHAKE256(msg, 64), which is computed inside. */
GOLDILOCKS_API
int goldilocks_ed448ph_sign(uint8_t sig[114], const uint8_t secret[114],
                            const uint8_t *msg, size_t msg_len, const uint8_t *ctx, size_t ctx_len);

GOLDILOCKS_API GOLDILOCKS_WARN_UNUSED
int goldilocks_ed448ph_verify(const uint8_t sig[114], const uint8_t pub[57],
                              const uint8_t *msg, size_t msg_len, const uint8_t *ctx, size_t ctx_len);

/* ---- decaf448, RFC 9496 ---- */

/* 0 when enc is the canonical encoding of a group element, else -1. */
GOLDILOCKS_API GOLDILOCKS_WARN_UNUSED
int goldilocks_decaf448_validate(const uint8_t enc[56]);

/* out = [scalar]B, the scalar read little-endian and reduced mod the group order. Returns 0. */
GOLDILOCKS_API
int goldilocks_decaf448_scalarmult_base(uint8_t out[56], const uint8_t scalar[56]);

/* out = [scalar]P. -1 (and out zero) when point is not a valid encoding. */
GOLDILOCKS_API GOLDILOCKS_WARN_UNUSED
int goldilocks_decaf448_scalarmult(uint8_t out[56], const uint8_t point[56], const uint8_t scalar[56]);

/* out = a + b. -1 (and out zero) when an input is not a valid encoding. */
GOLDILOCKS_API GOLDILOCKS_WARN_UNUSED
int goldilocks_decaf448_add(uint8_t out[56], const uint8_t a[56], const uint8_t b[56]);

/* The element derived from 112 uniform bytes (RFC 9496 section 5.3.4). */
GOLDILOCKS_API
void goldilocks_decaf448_from_uniform(uint8_t out[56], const uint8_t uniform[112]);

#ifdef __cplusplus
}
#endif

#endif
