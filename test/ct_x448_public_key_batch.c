/*
 * Constant-time check of goldilocks_x448_public_key_batch under valgrind
 * memcheck (`ninja ctcheck`; see ct_secrets.c for the method): every secret
 * of the batch is marked undefined, so that any branch or memory index that
 * depends on one is reported; the keys are marked defined only to compare
 * them with RFC 7748 section 6.2's (Alice's and Bob's keys in alternate
 * items, GF_LANES + 3 of them, so that the last chunk is partial), and with
 * the single call's for the clamped secret 4l (u = 0) in one lane.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <valgrind/memcheck.h>
#include "goldilocks.h"
#include "check.h"
#include "field.h" /* GF_LANES */

#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))

static const char *const ALICE_PRIVATE =
    "9a8f4925d1519f5775cf46b04b5800d4ee9ee8bae8bc5565d498c28dd9c9baf574a9419744897391006382a6f127ab1d9ac2d8c0a598726b";
static const char *const ALICE_PUBLIC =
    "9b08f7cc31b7e3e67d22d5aea121074a273bd2b83de09c63faa73d2c22c5d9bbc836647241d953d40c5b12da88120d53177f80e532c41fa0";
static const char *const BOB_PRIVATE =
    "1c306a7ac2a0e2e0990b294470cba339e6453772b075811d8fad0d1d6927c120bb5ee8972b0d3e21374c9c921b09d1b0366f10b65173992d";
static const char *const BOB_PUBLIC =
    "3eb7a829b0cd20f5bcfc0b599b6feccf6da4627107bdb0d4f345b43027d8b972fc3e34fb4232a13ca706dcb57aec3dae07bdc1c67bf33609";
/* 4l, little-endian: a clamped scalar whose key is u = 0 */
static const char *const FOUR_L =
    "cc1361ad4a0ae38d543d1637ca09b38540da58bb266d3b11a78f28f3fdffffffffffffffffffffffffffffffffffffffffffffffffffffff";

#define N GOLDILOCKS_X448_BYTES
#define ITEMS (GF_LANES + 3)

int main(void) {
    check_init("ct_x448_public_key_batch");
    uint8_t sk[2][N], pk[2][N], secret[ITEMS][N], pub[ITEMS][N], want4l[N];
    check_unhex(sk[0], N, ALICE_PRIVATE);
    check_unhex(pk[0], N, ALICE_PUBLIC);
    check_unhex(sk[1], N, BOB_PRIVATE);
    check_unhex(pk[1], N, BOB_PUBLIC);

    check_test("x448_public_key_batch with the secrets undefined");
    for (size_t i = 0; i < ITEMS; i++)
        memcpy(secret[i], sk[i % 2], N);
    SECRET(secret, sizeof secret);
    if (goldilocks_x448_public_key_batch(ITEMS, pub, (const uint8_t(*)[N])secret) != 0)
        abort();
    PUBLIC(pub, sizeof pub);
    for (size_t i = 0; i < ITEMS; i++)
        check(memcmp(pub[i], pk[i % 2], N) == 0, "item %zu", i);

    check_test("x448_public_key_batch with 4l in one lane, undefined");
    uint8_t k4l[N];
    check(check_unhex(k4l, N, FOUR_L) == N, "hex of 4l");
    goldilocks_x448_public_key(want4l, k4l);
    PUBLIC(want4l, N);
    for (size_t i = 0; i < ITEMS; i++)
        memcpy(secret[i], i == 1 ? k4l : sk[i % 2], N);
    SECRET(secret, sizeof secret);
    if (goldilocks_x448_public_key_batch(ITEMS, pub, (const uint8_t(*)[N])secret) != 0)
        abort();
    PUBLIC(pub, sizeof pub);
    for (size_t i = 0; i < ITEMS; i++)
        check(memcmp(pub[i], i == 1 ? want4l : pk[i % 2], N) == 0, "item %zu", i);
    uint8_t zero[N] = {0};
    check(memcmp(want4l, zero, N) == 0, "4l gives u = 0");
    return check_done();
}
