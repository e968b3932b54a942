/*
 * GMP oracle for the field tests: conversions between a layout's limbs and
 * mpz_t, the prime, and random elements with extreme limbs.
 *
 * Compiled once per layout (with -Igenerated/p448_<layout>); linked into
 * every test/field_*.c and test/fuzz/fuzz_field_*.c program. Not part of the
 * library.
 */
#ifndef GOLDILOCKS_TEST_FIELD_ORACLE_H
#define GOLDILOCKS_TEST_FIELD_ORACLE_H

#include <gmp.h>
#include <stdint.h>
#include "field.h"

/* Sets up p (call once, before the other functions). */
void fo_init(void);

/* p = 2^448 - 2^224 - 1, and 2^448. */
const mpz_t *fo_p(void);

/* out = eval(a) = sum a->limb[i] 2^(GF_LIMB_BITS i), not reduced. */
void fo_to_mpz(mpz_t out, const gf a);

/* out = the canonical limbs of x, 0 <= x < 2^448 (limbs < 2^GF_LIMB_BITS). */
void fo_from_mpz(gf out, const mpz_t x);

/* x mod p, for any x >= 0 or < 0. */
void fo_mod(mpz_t x);

/* 1 when eval(a) == want (mod p). */
int fo_eq_mod_p(const gf a, const mpz_t want);

/* 1 when every limb of a is <= max. */
int fo_limbs_le(const gf a, gf_word_t max);

/*
 * Random limbs in [0, max], drawn so that extremes are common: each limb is
 * uniform, or max, max - 1, 0, 2^GF_LIMB_BITS - 1 (if <= max), or small;
 * rand64 is the random source (check_rand64 in the tests).
 */
void fo_random_limbs(gf out, gf_word_t max, uint64_t (*rand64)(void));

/*
 * The edge elements: 0, 1, p - 1, p, p + 1, 2^448 - 1 (canonical limbs),
 * then every limb at max. Returns how many (index < FO_EDGES).
 */
enum { FO_EDGES = 7 };
void fo_edge(gf out, int index, gf_word_t max);

/* A hex string of x for failure messages (static buffer, next call overwrites). */
const char *fo_hex(const mpz_t x);

#endif
