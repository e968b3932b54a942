/*
 * The test of a lane form of the X448 ladder (a backend's source of
 * x448_ladder, configure.py BACKENDS), included by test_x448_ladder_lanes2.c, which
 * defines before including it:
 *   LADDER_SOURCE     the file, e.g. "x448_ladder_lanes2.c"
 *   LADDER_FN         its static ladder with a round-3 variant argument
 *   LADDER_MIN_LANES  the GF_LANES it needs (fewer: the test is skipped)
 *   LADDER_TEST_NAME  the program's name
 * On every target whichever ladder its library holds: the form is compiled
 * here from its source under another name, in both of its round-3 variants,
 * against RFC 7748's vectors (5.2, with the 1,000-iteration one; `--slow`
 * adds 1,000,000), Wycheproof's x448_test.json, and goldilocks_x448 on random
 * and edge inputs (test_x448 checks goldilocks_x448 against a GMP ladder).
 */
#include <stdio.h>
#include <string.h>
#include "goldilocks.h"
#include "check.h"
#include "json.h"
#include "x448_rfc7748.h"

/* The lane ladder under a name of its own, beside the library's x448_ladder. */
#define x448_ladder x448_ladder_lane_form_under_test
#include "field.h"
#if GF_LANES >= LADDER_MIN_LANES
#include LADDER_SOURCE
#undef x448_ladder

enum { N = GOLDILOCKS_X448_BYTES };

/* goldilocks_x448 with the lane ladder in its round-3 variant 0 or 1 (LADDER_SOURCE says which is which). */
static int lanes_x448(uint8_t out[N], const uint8_t k[N], const uint8_t peer[N], int variant) {
    gf u;
    (void)gf_deserialize(u, peer);
    mask_t zero = LADDER_FN(out, k, u, variant);
    return -(int)(zero & 1);
}

static void test_rfc7748(const json_value *rfc, int variant, int slow) {
    char name[128];
    snprintf(name, sizeof name, "variant %d: rfc7748 5.2 scalarmult vectors", variant);
    check_test(name);
    x448_rfc7748_scalarmult(rfc, lanes_x448, variant);
    snprintf(name, sizeof name, "variant %d: rfc7748 5.2 iterated (1, 1000%s)", variant, slow ? ", 1000000" : "");
    check_test(name);
    x448_rfc7748_iterated(rfc, lanes_x448, variant, slow);
}

static void test_wycheproof(const json_value *w, int variant) {
    char name[128];
    snprintf(name, sizeof name, "variant %d: wycheproof x448 (498 56-byte cases)", variant);
    check_test(name);
    size_t total = 0, zero = 0;
    const json_value *groups = json_get(w, "testGroups");
    for (size_t g = 0; g < json_len(groups); g++) {
        const json_value *tests = json_get(json_at(groups, g), "tests");
        for (size_t i = 0; i < json_len(tests); i++) {
            const json_value *t = json_at(tests, i);
            int id = (int)json_num(json_get(t, "tcId"));
            uint8_t priv[N], pub[N + 8], want[N], got[N], lib[N];
            if (!check_unhex_exact(priv, N, json_get_str(t, "private")) ||
                check_unhex(pub, sizeof pub, json_get_str(t, "public")) != N)
                continue; /* the 57-byte keys: a fixed-size API never computes with them */
            if (!check(check_unhex_exact(want, N, json_get_str(t, "shared")), "tcId %d: no shared secret", id))
                continue;
            total++;
            int rc = lanes_x448(got, priv, pub, variant);
            int lib_rc = goldilocks_x448(lib, priv, pub);
            zero += check_all_zero(want, N);
            check(memcmp(got, want, N) == 0 && rc == (check_all_zero(want, N) ? -1 : 0), "tcId %d: wrong result", id);
            check(memcmp(got, lib, N) == 0 && rc == lib_rc, "tcId %d: differs from goldilocks_x448", id);
        }
    }
    check(total == 498 && zero == 11, "expected 498 cases with 11 zero results, read %zu with %zu", total, zero);
}

static void test_random(int variant) {
    char name[128];
    snprintf(name, sizeof name, "variant %d: vs goldilocks_x448 (500 random + edge cases)", variant);
    check_test(name);
    uint8_t k[N], u[N], want[N], got[N];
    for (unsigned i = 0; i < 500; i++) {
        check_randbytes(k, N);
        check_randbytes(u, N);
        if (i < 8) {
            /* 0, 1, p - 1, p, p + 1, 2^448 - 1: p's bytes are ff..ff fe ff..ff (byte 28 = fe) */
            memset(u, 0xff, N);
            u[28] = 0xfe;
            if (i == 0) memset(u, 0, N);
            if (i == 1) { memset(u, 0, N); u[0] = 1; }
            if (i == 2) u[0] = 0xfe;
            if (i == 4) { memset(u, 0, 28); u[28] = 0xff; }
            if (i == 5) memset(u, 0xff, N);
            if (i == 6) { memset(u, 0, N); u[0] = 5; }
        } else if (i % 4 == 0) {
            memset(u + 28, 0xff, N - 28); /* in [p, 2^448) */
        }
        if (i % 50 == 1)
            memset(k, i % 100 == 1 ? 0 : 0xff, N);
        int want_rc = goldilocks_x448(want, k, u);
        int rc = lanes_x448(got, k, u, variant);
        check(memcmp(got, want, N) == 0 && rc == want_rc, "case %u: differs", i);
    }
}

static int run(int argc, char **argv) {
    int slow = check_slow(argc, argv);
    check_init(LADDER_TEST_NAME);
    printf("  lanes: %s, GF_LANES = %d\n", GF_LANES_NAME, GF_LANES);
    json_value *rfc = json_load(check_vector_path("rfc7748_x448.json"));
    json_value *w = json_load(check_vector_path("wycheproof_x448_test.json"));
    check_test("vector files");
    check(rfc && w, "cannot load the vector files");
    for (int variant = 0; variant < 2; variant++) {
        test_rfc7748(rfc, variant, slow);
        test_wycheproof(w, variant);
        test_random(variant);
    }
    json_free(rfc);
    json_free(w);
    return check_done();
}
#endif

int main(int argc, char **argv) {
#if GF_LANES >= LADDER_MIN_LANES
    return run(argc, argv);
#else
    (void)argc;
    (void)argv;
    check_skip("this lane form of the ladder needs more lanes than this lane layout has");
    return check_done();
#endif
}
