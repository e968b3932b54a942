/*
 * GMP for the test programs: little-endian byte strings to and from mpz_t,
 * and random residues from the seeded generator of check.h.
 * Header-only (static inline).
 */
#ifndef GOLDILOCKS_TEST_GMP_BYTES_H
#define GOLDILOCKS_TEST_GMP_BYTES_H

#include <gmp.h>
#include <stdint.h>
#include <string.h>
#include "check.h"

static inline void le_to_mpz(mpz_t out, const uint8_t *in, size_t len) { mpz_import(out, len, -1, 1, 0, 0, in); }

/* The bytes of |x| (1 for 0). From bits: GMP documents mpz_sizeinbase for bases 2 to 62,
 * and mini-gmp asserts it. */
static inline size_t mpz_byte_len(const mpz_t x) { return (mpz_sizeinbase(x, 2) + 7) / 8; }

/* len little-endian bytes of in; all zero when in < 0 or does not fit. */
static inline void mpz_to_le(uint8_t *out, size_t len, const mpz_t in) {
    size_t count = 0;
    memset(out, 0, len);
    if (mpz_sgn(in) >= 0 && mpz_byte_len(in) <= len)
        mpz_export(out, &count, -1, 1, 0, 0, in);
}

/* A uniform residue mod m (m < 2^512), from 72 random bytes. */
static inline void random_mod(mpz_t out, const mpz_t m) {
    uint8_t b[72];
    check_randbytes(b, sizeof b);
    le_to_mpz(out, b, sizeof b);
    mpz_mod(out, out, m);
}

#endif
