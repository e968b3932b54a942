/*
 * Constant-time inversion modulo an odd modulus M < 2^448 by Pornin's
 * optimized binary GCD ("Optimized Binary GCD for Modular Inversion",
 * https://eprint.iacr.org/2020/972): the extended binary GCD whose inner
 * iterations run on 64-bit approximations of the two numbers (one word, or
 * two 32-bit words), their update factors applied to the full numbers every
 * 30 iterations; with the Jacobi symbol of the same iterations tracked on
 * the side (bingcd_jacobi). Numbers come and go as 56 little-endian bytes,
 * as with modinv.h; bingcd.c explains the algorithm and proves its bounds.
 */
#ifndef GOLDILOCKS_BINGCD_H
#define GOLDILOCKS_BINGCD_H

#include <stdint.h>
#include "field.h"
#include "modinv.h"

#define BINGCD_BITS MODINV_BITS   /* 448 */
#define BINGCD_BYTES MODINV_BYTES /* 56 */

/*
 * out = x^-1 mod M for 0 < x < M with gcd(x, M) = 1 (every such x when M is
 * prime), canonical in [0, M); out = 0 for x = 0. x must be below M. Both
 * are BINGCD_BYTES little-endian bytes; out may alias x. M is given as
 * modinv.h has it (its limbs of W - 4 bits and M^-1 mod 2^W: modinv_p,
 * modinv_l), the form bingcd.c works in too. Constant time: the sequence
 * of operations and the memory accesses depend on nothing but BINGCD_BITS
 * and the word size (shift counts do depend on x: shifts by a register
 * amount take constant time on the targets, as the paper's section 3
 * assumes).
 */
void bingcd(uint8_t out[BINGCD_BYTES], const uint8_t x[BINGCD_BYTES], const modinv_modulus_t *mod);

/*
 * The same, returning the Jacobi symbol (x | M) as well, for a prime M the
 * Legendre symbol: 1 when x is a nonzero square mod M, -1 when it is not a
 * square, 0 for x = 0 (M must be prime: 0 < x < M is taken as coprime to
 * it). Constant time as bingcd; the symbol costs three operations an
 * iteration (bingcd.c).
 */
int bingcd_jacobi(uint8_t out[BINGCD_BYTES], const uint8_t x[BINGCD_BYTES], const modinv_modulus_t *mod);

/*
 * Where gf_invert and scalar_invert use it: on 64-bit words, where it is
 * faster than modinv.c's divsteps (avx2: 49,083 instructions a call
 * against 50,385, 11% fewer ticks in bench_bingcd; aarch64 gf_invert
 * 36,257 against 40,076); not on 32-bit words, where the divsteps are
 * faster (armv7-noneon gf_invert 91,607 instructions by bingcd, with its
 * former 62-bit approximations, against 68,058). gf_invert_square
 * takes bingcd_jacobi on both (avx2 53,582 instructions, 7% more ticks than
 * bingcd; aarch64 40,241 and armv7-noneon 99,450 against gf_isr's 66,092
 * and 280,486).
 */
#define BINGCD_INVERTS (GF_LIMBS == 8)

#endif
