/*
 * The two moduli of the bingcd tests (test_bingcd, ct_bingcd): p and the
 * group order l, each as an mpz_t (from its hex here) and as the library's
 * modinv.h constant (modinv_p, modinv_l) that bingcd takes. Header-only.
 */
#ifndef GOLDILOCKS_TEST_BINGCD_TEST_H
#define GOLDILOCKS_TEST_BINGCD_TEST_H

#include "bingcd.h"
#include "gmp_bytes.h"

static const char *const BINGCD_P_HEX =
    "fffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffffffffffffffffffffffffffffffffffffffffffffffffffff";
static const char *const BINGCD_L_HEX =
    "3fffffffffffffffffffffffffffffffffffffffffffffffffffffff7cca23e9c44edb49aed63690216cc2728dc58f552378c292ab5844f3";

/* m (initialized by the caller) = the modulus of hex; its modinv.h constant. */
static inline const modinv_modulus_t *bingcd_test_modulus(mpz_t m, const char *hex) {
    mpz_set_str(m, hex, 16);
    return hex == BINGCD_P_HEX ? &modinv_p : &modinv_l;
}

#endif
