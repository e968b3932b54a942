/*
 * RFC 7748 section 5.2's X448 vectors (test/vectors/rfc7748_x448.json)
 * against any X448 function: the two scalar multiplications, and the
 * iteration (k, u) = (X448(k, u), k) checked after 1 and 1,000 steps
 * (and 1,000,000 when slow); and section 6.2's key exchange, read. Each
 * adds its checks to the current test. Header-only, for test_x448.c,
 * test_x448_batch.c and the lane forms' x448_ladder_form_test.h.
 */
#ifndef GOLDILOCKS_TEST_X448_RFC7748_H
#define GOLDILOCKS_TEST_X448_RFC7748_H

#include <string.h>
#include "check.h"
#include "json.h"

/* out = X448(k, u), 0 or -1 (an all-zero result); arg is the caller's (a variant, or unused). */
typedef int (*x448_rfc7748_fn)(uint8_t out[56], const uint8_t k[56], const uint8_t u[56], int arg);

static inline void x448_rfc7748_scalarmult(const json_value *rfc, x448_rfc7748_fn x448, int arg) {
    uint8_t k[56], u[56], want[56], got[56];
    const json_value *sm = json_get(rfc, "scalarmult");
    check(json_len(sm) == 2, "expected 2 vectors, got %zu", json_len(sm));
    for (size_t i = 0; i < json_len(sm); i++) {
        const json_value *t = json_at(sm, i);
        if (!check(check_unhex_exact(k, 56, json_get_str(t, "scalar")) && check_unhex_exact(u, 56, json_get_str(t, "u")) &&
                       check_unhex_exact(want, 56, json_get_str(t, "output")),
                   "vector %zu: bad hex", i))
            continue;
        check(x448(got, k, u, arg) == 0, "vector %zu: returned -1", i);
        check(memcmp(got, want, 56) == 0, "vector %zu: wrong output", i);
    }
}

static inline void x448_rfc7748_iterated(const json_value *rfc, x448_rfc7748_fn x448, int arg, int slow) {
    uint8_t k[56], u[56], want[56], got[56];
    static const char *const marks[] = {"1", "1000", "1000000"};
    static const unsigned long stops[] = {1, 1000, 1000000};
    int nmarks = slow ? 3 : 2;
    const json_value *it = json_get(rfc, "iterated");
    const json_value *after = json_get(it, "after");
    if (!check(check_unhex_exact(k, 56, json_get_str(it, "k0")) && check_unhex_exact(u, 56, json_get_str(it, "u0")),
               "iterated: bad hex"))
        return;
    unsigned long done = 0;
    for (int m = 0; m < nmarks; m++) {
        for (; done < stops[m]; done++) {
            check(x448(got, k, u, arg) == 0, "iteration %lu returned -1", done);
            memcpy(u, k, 56);
            memcpy(k, got, 56);
        }
        check(check_unhex_exact(want, 56, json_get_str(after, marks[m])), "no value after %s", marks[m]);
        check(memcmp(k, want, 56) == 0, "wrong value after %s iterations", marks[m]);
    }
}

/* RFC 7748 section 6.2: Alice's and Bob's keys and their shared secret; 1, or 0 (with what failed) when unreadable. */
static inline int x448_rfc7748_dh(const json_value *rfc, uint8_t apriv[56], uint8_t apub[56], uint8_t bpriv[56],
                                  uint8_t bpub[56], uint8_t shared[56], const char *what) {
    const json_value *dh = json_get(rfc, "dh");
    return check(check_unhex_exact(apriv, 56, json_get_str(dh, "alice_private")) &&
                     check_unhex_exact(apub, 56, json_get_str(dh, "alice_public")) &&
                     check_unhex_exact(bpriv, 56, json_get_str(dh, "bob_private")) &&
                     check_unhex_exact(bpub, 56, json_get_str(dh, "bob_public")) &&
                     check_unhex_exact(shared, 56, json_get_str(dh, "shared")),
                 "%s", what);
}

#endif
