/*
 * Constant-time inversion modulo an odd modulus M < 2^448 by Pornin's
 * optimized binary GCD ("Optimized Binary GCD for Modular Inversion",
 * https://eprint.iacr.org/2020/972): the extended binary GCD whose inner
 * iterations run on approximations of the two numbers (one 64-bit word, or
 * 62 bits in two 32-bit words), their update factors applied to the full
 * numbers every 31 (64-bit words) or 30 (32-bit words) iterations. Numbers
 * come and go as 56 little-endian bytes, as with modinv.h; bingcd.c
 * explains the algorithm and proves its bounds.
 */
#ifndef GOLDILOCKS_BINGCD_H
#define GOLDILOCKS_BINGCD_H

#include <stdint.h>
#include "field.h"

#define BINGCD_BITS 448
#define BINGCD_BYTES (BINGCD_BITS / 8) /* 56 */

/* Signed limbs of W - 4 bits (60 or 28), BINGCD_LIMBS of them (8 or 17): room for 449 bits and a sign. */
#if GF_LIMBS == 8
typedef int64_t bingcd_limb_t;
#else
typedef int32_t bingcd_limb_t;
#endif
#define BINGCD_LIMB_BITS (8 * sizeof(gf_word_t) - 4)
#define BINGCD_LIMBS ((BINGCD_BITS + BINGCD_LIMB_BITS) / BINGCD_LIMB_BITS)

/* An odd modulus M < 2^BINGCD_BITS: M in limbs (each in [0, 2^(W-4))), and M^-1 mod 2^W. */
typedef struct {
    bingcd_limb_t m[BINGCD_LIMBS];
    gf_word_t inv;
} bingcd_modulus_t;

/* mod = M, given as BINGCD_BYTES little-endian bytes; M must be odd. */
void bingcd_modulus_init(bingcd_modulus_t *mod, const uint8_t m[BINGCD_BYTES]);

/*
 * out = x^-1 mod M for 0 < x < M with gcd(x, M) = 1 (every such x when M is
 * prime), canonical in [0, M); out = 0 for x = 0. x must be below M. Both
 * are BINGCD_BYTES little-endian bytes; out may alias x. Constant time: the
 * sequence of operations and the memory accesses depend on nothing but
 * BINGCD_BITS and the word size (shift counts do depend on x: shifts by a
 * register amount take constant time on the targets, as the paper's section 3
 * assumes).
 */
void bingcd(uint8_t out[BINGCD_BYTES], const uint8_t x[BINGCD_BYTES], const bingcd_modulus_t *mod);

/* bingcd with the modulus set up from its bytes m for this call (gf_invert, scalar_invert). */
static inline void bingcd_with(uint8_t out[BINGCD_BYTES], const uint8_t x[BINGCD_BYTES], const uint8_t m[BINGCD_BYTES]) {
    bingcd_modulus_t mod;
    bingcd_modulus_init(&mod, m);
    bingcd(out, x, &mod);
}

/*
 * Where gf_invert and scalar_invert use it: on 64-bit words, where it is
 * faster than modinv.c's divsteps (avx2: 48,123 instructions a call
 * against 50,454, 8 to 12% fewer ticks in bench_bingcd; aarch64 gf_invert
 * 36,738 against 40,076); not on 32-bit words, where the divsteps are
 * faster (armv7-noneon gf_invert 91,607 against 68,240).
 */
#define BINGCD_INVERTS (GF_LIMBS == 8)

#endif
