/*
 * Ed448 -> X448 key conversion against Debian's libdecaf
 * (decaf_ed448_convert_public_key_to_x448 and _private_key_to_x448), when
 * configure found it (interop_decaf_* programs are built with -ldecaf and
 * HAVE_LIBDECAF then); otherwise the tests are skipped, not passed.
 */
#include <stdio.h>
#include <string.h>
#include "goldilocks.h"
#include "check.h"

#ifdef HAVE_LIBDECAF
#define DECAF_EDDSA_NON_KEYPAIR_API_IS_DEPRECATED 0
#include <decaf.h>
#include <decaf/ed448.h>

static void test_keys(void) {
    check_test("libdecaf: converted public and secret keys of 500 random seeds");
    for (int i = 0; i < 500; i++) {
        uint8_t seed[57], pub[57], secret[114], ours[56], theirs[56], dpub[57];
        check_randbytes(seed, sizeof seed);
        goldilocks_ed448_keypair_from_seed(pub, secret, seed);
        decaf_ed448_derive_public_key(dpub, seed);
        check(memcmp(dpub, pub, 57) == 0, "seed %d: Ed448 public keys differ", i);
        check(goldilocks_ed448_public_to_x448(ours, pub) == 0, "seed %d: -1", i);
        decaf_ed448_convert_public_key_to_x448(theirs, pub);
        check(memcmp(ours, theirs, 56) == 0, "seed %d: public keys differ", i);
        goldilocks_ed448_secret_to_x448(ours, secret);
        decaf_ed448_convert_private_key_to_x448(theirs, seed);
        check(memcmp(ours, theirs, 56) == 0, "seed %d: secret keys differ", i);
    }
}

static void test_any_point(void) {
    check_test("libdecaf: public keys for random points on the curve, any order but small");
    int accepted = 0;
    for (int i = 0; i < 400; i++) {
        uint8_t enc[57], ours[56], theirs[56];
        check_randbytes(enc, sizeof enc);
        enc[55] &= 0x7f; /* y < 2^447 < p */
        enc[56] &= 0x80;
        if (goldilocks_ed448_public_to_x448(ours, enc) != 0)
            continue; /* no point with this y */
        accepted++;
        decaf_ed448_convert_public_key_to_x448(theirs, enc);
        check(memcmp(ours, theirs, 56) == 0, "point %d: public keys differ", i);
    }
    check(accepted > 100, "only %d of 400 random encodings were points", accepted);
}
#endif

int main(void) {
    check_init("interop_decaf_convert");
#ifdef HAVE_LIBDECAF
    test_keys();
    test_any_point();
#else
    check_test("libdecaf comparison");
    check_skip(LIBDECAF_SKIP);
#endif
    return check_done();
}
