/*
 * The two moduli of the bingcd tests (test_bingcd, ct_bingcd), p and the
 * group order l, each as an mpz_t and a bingcd_modulus_t made from its
 * bytes. Header-only (static).
 */
#ifndef GOLDILOCKS_TEST_BINGCD_TEST_H
#define GOLDILOCKS_TEST_BINGCD_TEST_H

#include "bingcd.h"
#include "gmp_bytes.h"

static const char *const BINGCD_P_HEX =
    "fffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffffffffffffffffffffffffffffffffffffffffffffffffffff";
static const char *const BINGCD_L_HEX =
    "3fffffffffffffffffffffffffffffffffffffffffffffffffffffff7cca23e9c44edb49aed63690216cc2728dc58f552378c292ab5844f3";

/* m (initialized by the caller) and mod = the modulus of hex. */
static void bingcd_test_modulus(mpz_t m, bingcd_modulus_t *mod, const char *hex) {
    uint8_t mb[BINGCD_BYTES];
    mpz_set_str(m, hex, 16);
    mpz_to_le(mb, sizeof mb, m);
    bingcd_modulus_init(mod, mb);
}

#endif
