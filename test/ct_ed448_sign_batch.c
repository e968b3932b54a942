/*
 * Constant-time check of goldilocks_ed448_sign_batch under valgrind
 * memcheck (`ninja ctcheck`; see ct_secrets.c for the method): the seed half
 * of the secret key and every message are marked undefined, so that any
 * branch or memory index that depends on them (the nonces, R, S) is
 * reported; the signatures are marked defined only to compare them with
 * RFC 8032 section 7.4's "1 octet (with context)" signature, whose message
 * is in every item (GF_LANES + 3 items, so that the last chunk is
 * partial), and with the single call's for other messages in alternate items.
 */
#include <stdio.h>
#include <string.h>
#include <valgrind/memcheck.h>
#include "goldilocks.h"
#include "check.h"
#include "field.h" /* GF_LANES */

#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))

static const char *const SEED =
    "c4eab05d357007c632f3dbb48489924d552b08fe0c353a0d4a1f00acda2c463afbea67c5e8d2877c5e3bc397a659949ef8021e954e0a12274e";
static const char *const SIGNATURE =
    "d4f8f6131770dd46f40867d6fd5d5055de43541f8c5e35abbcd001b32a89f7d2151f7647f11d8ca2ae279fb842d607217fce6e042f6815ea"
    "000c85741de5c8da1144a6a1aba7f96de42505d7a7298524fda538fccbbb754f578c1cad10d54d0d5428407e85dcbc98a49155c13764e66c3c00";

#define SIG GOLDILOCKS_ED448_SIG_BYTES
#define ITEMS (GF_LANES + 3)

int main(void) {
    check_init("ct_ed448_sign_batch");
    uint8_t seed[57], pub[57], sk[GOLDILOCKS_ED448_SECRET_BYTES], want[SIG], other[ITEMS][SIG];
    uint8_t sig[ITEMS][SIG], msgs[ITEMS][40];
    const uint8_t *msg[ITEMS];
    size_t len[ITEMS];
    const uint8_t ctx[3] = {0x66, 0x6f, 0x6f}; /* "foo" */
    check_unhex(seed, 57, SEED);
    check_unhex(want, SIG, SIGNATURE);
    goldilocks_ed448_keypair_from_seed(pub, sk, seed);
    for (size_t i = 0; i < ITEMS; i++) {
        msg[i] = msgs[i];
        if (i % 2 == 0) {
            msgs[i][0] = 0x03; /* the RFC's message */
            len[i] = 1;
        } else {
            check_randbytes(msgs[i], sizeof msgs[i]);
            len[i] = sizeof msgs[i];
            check(goldilocks_ed448_sign(other[i], sk, msgs[i], len[i], ctx, sizeof ctx) == 0, "single %zu", i);
        }
    }

    check_test("ed448_sign_batch with the seed and the messages undefined");
    SECRET(sk, 57);
    SECRET(msgs, sizeof msgs);
    int rc = goldilocks_ed448_sign_batch(ITEMS, sig, sk, msg, len, ctx, sizeof ctx);
    PUBLIC(&rc, sizeof rc);
    PUBLIC(sig, sizeof sig);
    check(rc == 0, "rc %d", rc);
    for (size_t i = 0; i < ITEMS; i++)
        check(memcmp(sig[i], i % 2 == 0 ? want : other[i], SIG) == 0, "item %zu", i);
    return check_done();
}
