/*
 * Streaming and prehashed Ed448ph: init/update/final give byte for byte the
 * one-shot goldilocks_ed448ph_sign / _verify results for every split point
 * of several messages (lengths around the SHAKE256 rate of 136 bytes and
 * its multiples, 0 and 1 included), for three-way splits at the block
 * boundaries and for many small updates; the _prehashed functions match the
 * RFC 8032 section 7.5 vectors with PH(M) = SHAKE256(M, 64) computed by
 * src/hash/shake256.h (checked against FIPS 202 by test_shake256); the state is
 * the state after init once a final call returns; a NULL update fails the
 * stream; a copied state forks it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "goldilocks.h"
#include "check.h"
#include "json.h"
#include "shake256.h"

enum { SEC = 114, SIG = 114, PUB = 57, PH = 64, MAXLEN = 1100 };

static uint8_t secret[SEC], pub[PUB], msg[MAXLEN];
static const uint8_t ctx[3] = {'c', 't', 'x'};

/* Signs msg[0..len) fed as the pieces cut at cuts[0..ncuts) (ascending). */
static int stream_sign(uint8_t sig[SIG], size_t len, const size_t *cuts, size_t ncuts) {
    goldilocks_ed448ph_state st;
    goldilocks_ed448ph_init(&st);
    size_t at = 0;
    for (size_t i = 0; i <= ncuts; i++) {
        size_t end = i < ncuts ? cuts[i] : len;
        goldilocks_ed448ph_update(&st, msg + at, end - at);
        at = end;
    }
    return goldilocks_ed448ph_final_sign(&st, sig, secret, ctx, sizeof ctx);
}

static int stream_verify(const uint8_t sig[SIG], size_t len, size_t cut) {
    goldilocks_ed448ph_state st;
    goldilocks_ed448ph_init(&st);
    goldilocks_ed448ph_update(&st, msg, cut);
    goldilocks_ed448ph_update(&st, msg + cut, len - cut);
    return goldilocks_ed448ph_final_verify(&st, sig, pub, ctx, sizeof ctx);
}

static void test_splits(void) {
    check_test("every split point: streaming = one-shot (sign and verify)");
    int quick = check_quick();
    if (quick)
        printf("  quick mode (GOLDILOCKS_TEST_QUICK=1, emulated run): the cuts around the rate, the ends and every 11th\n");
    static const size_t lens[] = {0, 1, 2, 135, 136, 137, 271, 272, 273, 408, 1000};
    for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
        size_t len = lens[li];
        uint8_t want[SIG], sig[SIG], bad[SIG];
        check(goldilocks_ed448ph_sign(want, secret, msg, len, ctx, sizeof ctx) == 0, "one-shot sign");
        check(goldilocks_ed448ph_verify(want, pub, msg, len, ctx, sizeof ctx) == 0, "one-shot verify");
        memcpy(bad, want, SIG);
        bad[60] ^= 1;
        for (size_t cut = 0; cut <= len; cut++) {
            /* Quick mode (emulated runs): the cuts around every multiple of the
             * SHAKE256 rate (136), the ends and every 11th, not every one. */
            if (quick && cut % 136 > 1 && cut % 136 < 135 && cut != len && cut % 11 != 0)
                continue;
            memset(sig, 0xa5, SIG);
            check(stream_sign(sig, len, &cut, 1) == 0, "len %zu cut %zu: final_sign failed", len, cut);
            check(memcmp(sig, want, SIG) == 0, "len %zu cut %zu: streaming signature differs", len, cut);
            check(stream_verify(want, len, cut) == 0, "len %zu cut %zu: final_verify rejects", len, cut);
            if (cut % 37 == 0 || cut == len)
                check(stream_verify(bad, len, cut) == -1, "len %zu cut %zu: final_verify accepts a bad S", len, cut);
        }
    }

    check_test("three-way splits at multiples of the rate, and many small updates");
    size_t len = 1000;
    uint8_t want[SIG], sig[SIG];
    check(goldilocks_ed448ph_sign(want, secret, msg, len, ctx, sizeof ctx) == 0, "one-shot sign");
    static const size_t bounds[] = {0, 1, 135, 136, 137, 272, 408, 544, 680, 816, 952, 999, 1000};
    enum { NB = sizeof bounds / sizeof bounds[0] };
    for (size_t i = 0; i < NB; i++)
        for (size_t j = i; j < NB; j++) {
            size_t cuts[2] = {bounds[i], bounds[j]};
            check(stream_sign(sig, len, cuts, 2) == 0 && memcmp(sig, want, SIG) == 0, "cuts %zu, %zu", cuts[0],
                  cuts[1]);
        }
    /* One byte at a time, with empty and NULL-with-zero updates in between. */
    goldilocks_ed448ph_state st;
    goldilocks_ed448ph_init(&st);
    for (size_t i = 0; i < len; i++) {
        goldilocks_ed448ph_update(&st, msg + i, 1);
        if (i % 50 == 0) {
            goldilocks_ed448ph_update(&st, msg, 0);
            goldilocks_ed448ph_update(&st, NULL, 0);
        }
    }
    check(goldilocks_ed448ph_final_sign(&st, sig, secret, ctx, sizeof ctx) == 0 && memcmp(sig, want, SIG) == 0,
          "byte by byte");
    /* Random chunk sizes up to 300. */
    for (int r = 0; r < 20; r++) {
        size_t cuts[64], n = 0, at = 0;
        while (n < 64) {
            at += (size_t)(check_rand64() % 300);
            if (at >= len)
                break;
            cuts[n++] = at;
        }
        check(stream_sign(sig, len, cuts, n) == 0 && memcmp(sig, want, SIG) == 0, "random chunks (%zu cuts)", n);
    }
}

static void test_rfc8032(void) {
    check_test("RFC 8032 7.5 Ed448ph: prehashed and streaming");
    json_value *v = json_load(check_vector_path("rfc8032_ed448.json"));
    if (!check(v != NULL, "cannot read rfc8032_ed448.json"))
        return;
    const json_value *vec = json_get(v, "vectors");
    int n = 0;
    for (size_t i = 0; i < json_len(vec); i++) {
        const json_value *c = json_at(vec, i);
        if (strcmp(json_get_str(c, "algorithm"), "Ed448ph") != 0)
            continue;
        const char *name = json_get_str(c, "name");
        uint8_t seed[57], p[PUB], s[SEC], want[SIG], sig[SIG], ph[PH], *m, *cx;
        int mlen = check_unhex_alloc(&m, json_get_str(c, "message"));
        int clen = check_unhex_alloc(&cx, json_get_str(c, "context"));
        check(check_unhex(seed, 57, json_get_str(c, "secret_key")) == 57, "%s: seed", name);
        check(check_unhex(p, PUB, json_get_str(c, "public_key")) == PUB, "%s: pub", name);
        check(check_unhex(want, SIG, json_get_str(c, "signature")) == SIG, "%s: sig", name);
        goldilocks_ed448_keypair_from_seed(p, s, seed);
        shake256(ph, PH, m, (size_t)mlen);

        check(goldilocks_ed448ph_sign_prehashed(sig, s, ph, cx, (size_t)clen) == 0, "%s: sign_prehashed", name);
        check(memcmp(sig, want, SIG) == 0, "%s: sign_prehashed differs", name);
        check(goldilocks_ed448ph_verify_prehashed(want, p, ph, cx, (size_t)clen) == 0, "%s: verify_prehashed", name);
        ph[0] ^= 1;
        check(goldilocks_ed448ph_verify_prehashed(want, p, ph, cx, (size_t)clen) == -1, "%s: wrong prehash", name);
        /* the prehash is not the message: Ed448 over ph is another signature */
        check(goldilocks_ed448_verify(want, p, ph, PH, cx, (size_t)clen) == -1, "%s: accepted as Ed448", name);

        for (int cut = 0; cut <= mlen; cut++) {
            goldilocks_ed448ph_state st;
            goldilocks_ed448ph_init(&st);
            goldilocks_ed448ph_update(&st, m, (size_t)cut);
            goldilocks_ed448ph_update(&st, m + cut, (size_t)(mlen - cut));
            goldilocks_ed448ph_state fork = st;
            check(goldilocks_ed448ph_final_sign(&st, sig, s, cx, (size_t)clen) == 0 && memcmp(sig, want, SIG) == 0,
                  "%s: streaming, cut %d", name, cut);
            check(goldilocks_ed448ph_final_verify(&fork, want, p, cx, (size_t)clen) == 0,
                  "%s: streaming verify, cut %d", name, cut);
        }
        n++;
        free(m);
        free(cx);
    }
    check(n == 2, "%d Ed448ph vectors, expected 2", n);
    json_free(v);
}

static void test_state(void) {
    check_test("the state after final is the state after init; a copy forks the stream");
    goldilocks_ed448ph_state fresh, st, fork;
    uint8_t sig[SIG], want[SIG], want2[SIG], zero[SIG] = {0};
    memset(&fresh, 0x3c, sizeof fresh);
    goldilocks_ed448ph_init(&fresh);
    check(goldilocks_ed448ph_sign(want, secret, msg, 500, ctx, sizeof ctx) == 0, "one-shot");
    check(goldilocks_ed448ph_sign(want2, secret, msg, 700, ctx, sizeof ctx) == 0, "one-shot");

    goldilocks_ed448ph_init(&st);
    goldilocks_ed448ph_update(&st, msg, 300);
    check(memcmp(&st, &fresh, sizeof st) != 0, "update did not change the state");
    fork = st;
    goldilocks_ed448ph_update(&st, msg + 300, 200);
    goldilocks_ed448ph_update(&fork, msg + 300, 400);
    check(goldilocks_ed448ph_final_sign(&st, sig, secret, ctx, sizeof ctx) == 0 && memcmp(sig, want, SIG) == 0,
          "the original stream");
    check(memcmp(&st, &fresh, sizeof st) == 0, "final_sign did not reset the state");
    check(goldilocks_ed448ph_final_sign(&fork, sig, secret, ctx, sizeof ctx) == 0 && memcmp(sig, want2, SIG) == 0,
          "the forked stream");
    /* reuse after final */
    goldilocks_ed448ph_update(&st, msg, 500);
    check(goldilocks_ed448ph_final_sign(&st, sig, secret, ctx, sizeof ctx) == 0 && memcmp(sig, want, SIG) == 0,
          "reused after final");
    goldilocks_ed448ph_update(&st, msg, 500);
    check(goldilocks_ed448ph_final_verify(&st, want, pub, ctx, sizeof ctx) == 0, "final_verify");
    check(memcmp(&st, &fresh, sizeof st) == 0, "final_verify did not reset the state");
    goldilocks_ed448ph_update(&st, msg, 499);
    check(goldilocks_ed448ph_final_verify(&st, want, pub, ctx, sizeof ctx) == -1, "final_verify: wrong message");
    check(memcmp(&st, &fresh, sizeof st) == 0, "a failed final_verify did not reset the state");
    /* an empty stream is the empty message */
    check(goldilocks_ed448ph_sign(want2, secret, NULL, 0, ctx, sizeof ctx) == 0, "one-shot, empty");
    check(goldilocks_ed448ph_final_sign(&st, sig, secret, ctx, sizeof ctx) == 0 && memcmp(sig, want2, SIG) == 0,
          "empty stream");
    /* an over-long context fails, zeroes the signature and resets the state */
    uint8_t longctx[256] = {0};
    goldilocks_ed448ph_update(&st, msg, 10);
    memset(sig, 0x11, SIG);
    check(goldilocks_ed448ph_final_sign(&st, sig, secret, longctx, 256) == -1 && memcmp(sig, zero, SIG) == 0,
          "256-byte context");
    check(memcmp(&st, &fresh, sizeof st) == 0, "the state after a failed final_sign");

    check_test("a NULL update fails the stream; NULL arguments");
    goldilocks_ed448ph_init(&st);
    goldilocks_ed448ph_update(&st, msg, 100);
    goldilocks_ed448ph_update(&st, NULL, 1);
    goldilocks_ed448ph_update(&st, msg, 100); /* a failed stream stays failed */
    memset(sig, 0x11, SIG);
    check(goldilocks_ed448ph_final_sign(&st, sig, secret, ctx, sizeof ctx) == -1, "failed stream signed");
    check(memcmp(sig, zero, SIG) == 0, "failed stream: signature not zeroed");
    check(memcmp(&st, &fresh, sizeof st) == 0, "failed stream: state not reset");
    goldilocks_ed448ph_update(&st, msg, 500);
    check(goldilocks_ed448ph_final_sign(&st, sig, secret, ctx, sizeof ctx) == 0 && memcmp(sig, want, SIG) == 0,
          "usable again after a failed final");
    goldilocks_ed448ph_update(&st, NULL, 7);
    goldilocks_ed448ph_update(&st, msg, 500);
    check(goldilocks_ed448ph_final_verify(&st, want, pub, ctx, sizeof ctx) == -1, "failed stream verified");
    check(memcmp(&st, &fresh, sizeof st) == 0, "failed verify stream: state not reset");

    goldilocks_ed448ph_init(NULL);
    goldilocks_ed448ph_update(NULL, msg, 10);
    memset(sig, 0x11, SIG);
    check(goldilocks_ed448ph_final_sign(NULL, sig, secret, ctx, sizeof ctx) == -1 && memcmp(sig, zero, SIG) == 0,
          "final_sign(NULL state)");
    check(goldilocks_ed448ph_final_verify(NULL, want, pub, ctx, sizeof ctx) == -1, "final_verify(NULL state)");
    goldilocks_ed448ph_update(&st, msg, 500);
    check(goldilocks_ed448ph_final_sign(&st, NULL, secret, ctx, sizeof ctx) == -1, "final_sign(NULL sig)");
    check(memcmp(&st, &fresh, sizeof st) == 0, "final_sign(NULL sig): state not reset");
    goldilocks_ed448ph_update(&st, msg, 500);
    memset(sig, 0x11, SIG);
    check(goldilocks_ed448ph_final_sign(&st, sig, NULL, ctx, sizeof ctx) == -1 && memcmp(sig, zero, SIG) == 0,
          "final_sign(NULL secret)");
    check(goldilocks_ed448ph_final_verify(&st, want, NULL, ctx, sizeof ctx) == -1, "final_verify(NULL pub)");
    check(goldilocks_ed448ph_final_verify(&st, NULL, pub, ctx, sizeof ctx) == -1, "final_verify(NULL sig)");
    uint8_t ph[PH] = {0};
    memset(sig, 0x11, SIG);
    check(goldilocks_ed448ph_sign_prehashed(sig, secret, NULL, ctx, sizeof ctx) == -1 && memcmp(sig, zero, SIG) == 0,
          "sign_prehashed(NULL ph)");
    check(goldilocks_ed448ph_verify_prehashed(want, pub, NULL, ctx, sizeof ctx) == -1, "verify_prehashed(NULL ph)");
    memset(sig, 0x11, SIG);
    check(goldilocks_ed448ph_sign_prehashed(sig, secret, ph, NULL, 1) == -1 && memcmp(sig, zero, SIG) == 0,
          "sign_prehashed(NULL ctx of length 1)");
}

int main(void) {
    check_init("test_ed448ph_stream");
    uint8_t seed[57];
    check_randbytes(seed, sizeof seed);
    check_randbytes(msg, sizeof msg);
    goldilocks_ed448_keypair_from_seed(pub, secret, seed);
    test_splits();
    test_rfc8032();
    test_state();
    return check_done();
}
