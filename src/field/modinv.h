/*
 * Constant-time inversion modulo an odd modulus M < 2^448 by Bernstein and
 * Yang's divsteps ("Fast constant-time gcd computation and modular
 * inversion", TCHES 2019, https://eprint.iacr.org/2019/266). Numbers come
 * and go as 56 little-endian bytes (what gf_serialize and scalar_to_bytes
 * give); inside, modinv.c works on signed limbs of N = W - 4 bits, W the
 * layout's word size (field.h's gf_word_t, 64 or 32 bits, with the
 * double-width gf_dword_t products). gf_invert (mod p) and scalar_invert
 * (mod l) use it; modinv.c explains the algorithm and its bounds.
 */
#ifndef GOLDILOCKS_MODINV_H
#define GOLDILOCKS_MODINV_H

#include <stdint.h>
#include "field.h"

#define MODINV_BITS 448
#define MODINV_BYTES (MODINV_BITS / 8) /* 56 */

/* The limbs: signed words of N = W - 4 bits (60 or 28), MODINV_LIMBS of them (8 or 17). */
#if GF_LIMBS == 8
typedef int64_t modinv_limb_t;
#else
typedef int32_t modinv_limb_t;
#endif
#define MODINV_LIMB_BITS (8 * sizeof(gf_word_t) - 4)
#define MODINV_LIMBS ((MODINV_BITS + MODINV_LIMB_BITS) / MODINV_LIMB_BITS) /* 449 bits */

/*
 * What modinv needs of an odd modulus M < 2^MODINV_BITS: M in limbs (each
 * in [0, 2^N)), and M^-1 mod 2^W.
 */
typedef struct {
    modinv_limb_t m[MODINV_LIMBS];
    gf_word_t inv;
} modinv_modulus_t;

/*
 * The moduli the library inverts by (modinv.c, for this word size):
 * p = 2^448 - 2^224 - 1 (gf_invert) and the group order l (scalar_invert).
 */
extern const modinv_modulus_t modinv_p, modinv_l;

/*
 * out = x^-1 mod M for 0 < x < M with gcd(x, M) = 1 (every such x when M is
 * prime), canonical in [0, M); out = 0 for x = 0. x must be below M. Both
 * are MODINV_BYTES little-endian bytes. out may alias x. Constant time: the
 * sequence of operations and the memory accesses depend on nothing but
 * MODINV_BITS and the word size.
 */
void modinv(uint8_t out[MODINV_BYTES], const uint8_t x[MODINV_BYTES], const modinv_modulus_t *mod);

#endif
