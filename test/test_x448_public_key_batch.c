/*
 * goldilocks_x448_public_key_batch against n calls of
 * goldilocks_x448_public_key (itself checked against a GMP ladder in
 * test_x448) for n = 0, 1, GF_LANES - 1, GF_LANES, GF_LANES + 1,
 * 3 GF_LANES + 2 and 1000; the RFC 7748 section 6.2 keys and the first
 * iterated vector (X448(5, 5), section 5.2) in every lane position; the
 * clamped secret 4l, whose key is u = 0 (the neutral element), in some lanes
 * and not others, checked also against the ladder goldilocks_x448(k, 5);
 * NULL arguments and pub == secret.
 */
#include <gmp.h>
#include <stdio.h>
#include <string.h>
#include "goldilocks.h"
#include "check.h"
#include "json.h"
#include "field.h" /* GF_LANES: the batch's chunk, to place items at every lane position */

enum { N = GOLDILOCKS_X448_BYTES, MAXN = 1000 };

static uint8_t secret[MAXN][N], pub[MAXN][N], want[MAXN][N];

static void singles(size_t n) {
    for (size_t i = 0; i < n; i++)
        goldilocks_x448_public_key(want[i], secret[i]);
}

/* 4l as 56 little-endian bytes: a clamped scalar (bit 447 set, bits 0 and 1 clear) with [4l]B = 0. */
static void four_l(uint8_t out[N]) {
    mpz_t l, t;
    mpz_init(l);
    mpz_init_set_str(t, "13818066809895115352007386748515426880336692474882178609894547503885", 10);
    mpz_ui_pow_ui(l, 2, 446);
    mpz_sub(l, l, t);
    mpz_mul_ui(l, l, 4);
    memset(out, 0, N);
    size_t count;
    mpz_export(out, &count, -1, 1, 0, 0, l);
    mpz_clears(l, t, NULL);
}

static void test_sizes(void) {
    const size_t sizes[] = {0, 1, GF_LANES - 1, GF_LANES, GF_LANES + 1, 3 * GF_LANES + 2, MAXN};
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
        size_t n = sizes[s];
        char name[64];
        snprintf(name, sizeof name, "n = %zu against single calls", n);
        check_test(name);
        check_randbytes(&secret[0][0], sizeof secret);
        singles(n);
        memset(pub, 0xa5, sizeof pub);
        check(goldilocks_x448_public_key_batch(n, pub, (const uint8_t(*)[N])secret) == 0, "n = %zu: 0", n);
        size_t bad = 0;
        for (size_t i = 0; i < n; i++)
            bad += memcmp(pub[i], want[i], N) != 0;
        check(bad == 0, "%zu of %zu keys differ", bad, n);
        /* nothing written past n */
        check(n == MAXN || (pub[n][0] == 0xa5 && pub[n][N - 1] == 0xa5), "item %zu written", n);
    }
}

static void test_vectors(void) {
    check_test("RFC 7748 keys in every lane position");
    json_value *v = json_load(check_vector_path("rfc7748_x448.json"));
    check(v != NULL, "cannot read rfc7748_x448.json");
    if (!v)
        return;
    const json_value *dh = json_get(v, "dh");
    const json_value *it = json_get(v, "iterated");
    uint8_t sk[3][N], pk[3][N];
    check(check_unhex(sk[0], N, json_get_str(dh, "alice_private")) == N, "hex");
    check(check_unhex(pk[0], N, json_get_str(dh, "alice_public")) == N, "hex");
    check(check_unhex(sk[1], N, json_get_str(dh, "bob_private")) == N, "hex");
    check(check_unhex(pk[1], N, json_get_str(dh, "bob_public")) == N, "hex");
    /* the first iteration of section 5.2 is X448(5, 5): the public key of the secret 5 */
    check(check_unhex(sk[2], N, json_get_str(it, "k0")) == N, "hex");
    check(check_unhex(pk[2], N, json_get_str(json_get(it, "after"), "1")) == N, "hex");
    json_free(v);
    size_t n = 2 * GF_LANES + 1;
    for (unsigned vec = 0; vec < 3; vec++) {
        for (size_t pos = 0; pos < n; pos++) {
            check_randbytes(&secret[0][0], n * N);
            memcpy(secret[pos], sk[vec], N);
            check(goldilocks_x448_public_key_batch(n, pub, (const uint8_t(*)[N])secret) == 0, "n = %zu: 0", n);
            check(memcmp(pub[pos], pk[vec], N) == 0, "vector %u at item %zu", vec, pos);
            singles(n);
            size_t bad = 0;
            for (size_t i = 0; i < n; i++)
                bad += memcmp(pub[i], want[i], N) != 0;
            check(bad == 0, "vector %u at item %zu: %zu others differ", vec, pos, bad);
        }
    }
}

static void test_neutral(void) {
    check_test("secret 4l (u = 0) in some lanes, against the ladder");
    uint8_t k4l[N], five[N] = {5}, ladder[N];
    four_l(k4l);
    check((k4l[0] & 3) == 0 && (k4l[N - 1] & 0x80), "4l is a clamped scalar");
    check(goldilocks_x448(ladder, k4l, five) == -1 && check_all_zero(ladder, N), "the ladder gives 0 for 4l");
    size_t n = 3 * GF_LANES + 2;
    for (size_t pattern = 1; pattern < 16; pattern++) {
        check_randbytes(&secret[0][0], n * N);
        for (size_t i = 0; i < n; i++)
            if ((pattern >> (i % 4)) & 1 && i % 3 != 2)
                memcpy(secret[i], k4l, N);
        check(goldilocks_x448_public_key_batch(n, pub, (const uint8_t(*)[N])secret) == 0, "n = %zu: 0", n);
        for (size_t i = 0; i < n; i++) {
            int rc = goldilocks_x448(ladder, secret[i], five);
            int is4l = memcmp(secret[i], k4l, N) == 0;
            check(memcmp(pub[i], ladder, N) == 0, "pattern %zu item %zu: batch and ladder differ", pattern, i);
            check((rc == -1) == is4l && (check_all_zero(pub[i], N) == is4l), "pattern %zu item %zu: zero key", pattern,
                  i);
        }
    }
}

static void test_null_alias(void) {
    check_test("NULL arguments");
    size_t n = GF_LANES + 3;
    memset(pub, 0xff, sizeof pub);
    check(goldilocks_x448_public_key_batch(n, pub, NULL) == -1 && check_all_zero(&pub[0][0], n * N) &&
              pub[n][0] == 0xff,
          "NULL secret: -1, pub zeroed, nothing past n");
    check(goldilocks_x448_public_key_batch(n, NULL, (const uint8_t(*)[N])secret) == -1, "NULL pub: -1");
    check(goldilocks_x448_public_key_batch(0, NULL, NULL) == 0, "n = 0, NULL arrays: 0");
    memset(pub, 0xff, N);
    check(goldilocks_x448_public_key_batch(0, pub, NULL) == 0 && pub[0][0] == 0xff, "n = 0 writes nothing");

    check_test("pub == secret (in place)");
    n = 3 * GF_LANES + 2;
    check_randbytes(&secret[0][0], n * N);
    singles(n);
    check(goldilocks_x448_public_key_batch(n, secret, (const uint8_t(*)[N])secret) == 0, "in place: 0");
    size_t bad = 0;
    for (size_t i = 0; i < n; i++)
        bad += memcmp(secret[i], want[i], N) != 0;
    check(bad == 0, "%zu of %zu in-place keys differ", bad, n);
}

int main(void) {
    check_init("test_x448_public_key_batch");
    test_sizes();
    test_vectors();
    test_neutral();
    test_null_alias();
    return check_done();
}
