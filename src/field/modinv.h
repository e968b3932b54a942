/*
 * Constant-time inversion modulo an odd modulus M < 2^448 by Bernstein and
 * Yang's divsteps ("Fast constant-time gcd computation and modular
 * inversion", TCHES 2019, https://eprint.iacr.org/2019/266), in the
 * layout's machine words (field.h's gf_word_t, 64 or 32 bits, with the
 * double-width gf_dword_t products). gf_invert (mod p) and scalar_invert
 * (mod l) use it; modinv.c explains the algorithm and its bounds.
 */
#ifndef GOLDILOCKS_MODINV_H
#define GOLDILOCKS_MODINV_H

#include <stdint.h>
#include "field.h"

#define MODINV_BITS 448
#define MODINV_WORDS (MODINV_BITS / (8 * sizeof(gf_word_t))) /* 7 or 14 */
#define MODINV_WORDS32 (MODINV_BITS / 32)

/* An odd modulus M < 2^MODINV_BITS in machine words, and -M^-1 mod 2^(word bits). */
typedef struct {
    gf_word_t m[MODINV_WORDS];
    gf_word_t neg_inv;
} modinv_modulus_t;

/* mod = M, given as little-endian 32-bit words; M must be odd. */
void modinv_modulus_init(modinv_modulus_t *mod, const uint32_t m[MODINV_WORDS32]);

/* Between little-endian 32-bit words and machine words (the same number). */
void modinv_pack32(gf_word_t out[MODINV_WORDS], const uint32_t in[MODINV_WORDS32]);
void modinv_unpack32(uint32_t out[MODINV_WORDS32], const gf_word_t in[MODINV_WORDS]);

/*
 * out = x^-1 mod M for 0 < x < M with gcd(x, M) = 1 (every such x when M is
 * prime), canonical in [0, M); out = 0 for x = 0. x must be below M. out
 * may alias x. Constant time: the sequence of operations and the memory
 * accesses depend on nothing but MODINV_BITS and the word size.
 */
void modinv(gf_word_t out[MODINV_WORDS], const gf_word_t x[MODINV_WORDS], const modinv_modulus_t *mod);

#endif
