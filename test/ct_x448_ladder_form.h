/*
 * Constant-time check of a lane form of the X448 ladder (a backend's
 * source of x448_ladder), included by ct_x448_ladder_lanes2.c, which
 * defines LADDER_SOURCE, LADDER_FN, LADDER_MIN_LANES and LADDER_TEST_NAME
 * as for x448_ladder_form_test.h.
 * The form is compiled here from its source under another name so that
 * `ninja ctcheck` covers it on every target, built into the library or not:
 *
 *   valgrind --error-exitcode=1 --track-origins=yes ./ct_x448_ladder_lanes2
 *
 * The secret is marked undefined (VALGRIND_MAKE_MEM_UNDEFINED); memcheck then
 * reports every conditional jump and memory address that depends on it. The
 * shared secret is marked defined again before it is compared with RFC 7748
 * section 6.2's. Both round-3 variants are run.
 */
#include <stdio.h>
#include <string.h>
#include <valgrind/memcheck.h>
#include "goldilocks.h"
#include "check.h"

#define x448_ladder x448_ladder_lane_form_under_test
#include "field.h"
#if GF_LANES >= LADDER_MIN_LANES
#include LADDER_SOURCE
#undef x448_ladder

static const char *const ALICE_PRIVATE =
    "9a8f4925d1519f5775cf46b04b5800d4ee9ee8bae8bc5565d498c28dd9c9baf574a9419744897391006382a6f127ab1d9ac2d8c0a598726b";
static const char *const BOB_PUBLIC =
    "3eb7a829b0cd20f5bcfc0b599b6feccf6da4627107bdb0d4f345b43027d8b972fc3e34fb4232a13ca706dcb57aec3dae07bdc1c67bf33609";
static const char *const SHARED =
    "07fff4181ac6cc95ec1c16a94a0f74d12da232ce40a77552281d282bb60c0b56fd2464c335543936521c24403085d59a449a5037514a879d";

static int run(void) {
    check_init(LADDER_TEST_NAME);
    uint8_t secret[56], peer[56], want[56], got[56];
    check_test("hex constants");
    check(check_unhex(secret, 56, ALICE_PRIVATE) == 56 && check_unhex(peer, 56, BOB_PUBLIC) == 56 &&
              check_unhex(want, 56, SHARED) == 56,
          "bad hex constant");
    for (int variant = 0; variant < 2; variant++) {
        char name[80];
        snprintf(name, sizeof name, "lane ladder, variant %d, with the secret undefined", variant);
        check_test(name);
        gf u;
        (void)gf_deserialize(u, peer);
        VALGRIND_MAKE_MEM_UNDEFINED(secret, sizeof secret);
        mask_t zero = LADDER_FN(got, secret, u, variant);
        VALGRIND_MAKE_MEM_DEFINED(&zero, sizeof zero);
        VALGRIND_MAKE_MEM_DEFINED(got, sizeof got);
        check(zero == 0 && memcmp(got, want, 56) == 0, "wrong shared secret");
    }
    return check_done();
}
#endif

int main(void) {
#if GF_LANES >= LADDER_MIN_LANES
    return run();
#else
    check_skip("this lane form of the ladder needs more lanes than this lane layout has");
    return check_done();
#endif
}
