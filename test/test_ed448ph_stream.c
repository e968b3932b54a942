/*
 * Streaming and prehashed Ed448ph: init/update/final give byte for byte the
 * one-shot goldilocks_ed448ph_sign / _verify results for every split point
 * of several messages (lengths around the SHAKE256 rate of 136 bytes and
 * its multiples, 0 and 1 included), for three-way splits at the block
 * boundaries and for many small updates; the _prehashed functions match the
 * RFC 8032 section 7.5 vectors with PH(M) = SHAKE256(M, 64) computed by
 * src/hash/shake256.h (checked against FIPS 202 by test_shake256); the state is
 * the state after init once a final call returns; a NULL update fails the
 * stream; a copied state forks it; a state that init did not write (never
 * initialised, random bytes, a block offset out of range, any 32-bit word
 * of a stream altered) is refused by every call, never read out of bounds.
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
        printf("  quick mode (GOLDILOCKS_TEST_QUICK=1): the cuts around the rate, the ends and every 11th\n");
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

/*
 * Bad states. The test finds the two words it needs by behaviour alone,
 * not from the library's layout: an update of k zero bytes changes only the
 * block offset (XOR with zeros leaves the Keccak lanes as they are), and an
 * update of NULL data only the failed flag.
 */
enum { WORDS = sizeof(goldilocks_ed448ph_state) / 4 };

static void get_words(uint32_t w[WORDS], const goldilocks_ed448ph_state *st) {
    memcpy(w, st, sizeof *st);
}

static void set_word(goldilocks_ed448ph_state *st, int i, uint32_t v) {
    memcpy((uint8_t *)st + 4 * (size_t)i, &v, 4);
}

/* The index of the one 32-bit word in which a and b differ; -1 when none or several do. */
static int the_changed_word(const goldilocks_ed448ph_state *a, const goldilocks_ed448ph_state *b) {
    uint32_t wa[WORDS], wb[WORDS];
    get_words(wa, a);
    get_words(wb, b);
    int at = -1;
    for (int i = 0; i < WORDS; i++)
        if (wa[i] != wb[i]) {
            if (at >= 0)
                return -1;
            at = i;
        }
    return at;
}

/*
 * A refused state: final_sign returns -1 with an all-zero signature,
 * final_verify -1 even for the right signature of msg[0..len), and either
 * leaves the state as after init. Alternates the two final calls by case
 * number. 1 when so.
 */
static int refused(goldilocks_ed448ph_state *st, long k, const uint8_t good[SIG]) {
    goldilocks_ed448ph_state fresh;
    goldilocks_ed448ph_init(&fresh);
    int ok;
    if (k % 2 == 0) {
        uint8_t sig[SIG];
        memset(sig, 0x5a, SIG);
        ok = goldilocks_ed448ph_final_sign(st, sig, secret, ctx, sizeof ctx) == -1 && check_all_zero(sig, SIG);
    } else {
        ok = goldilocks_ed448ph_final_verify(st, good, pub, ctx, sizeof ctx) == -1;
    }
    return ok && memcmp(st, &fresh, sizeof fresh) == 0;
}

/* Updates of random lengths (0 included) and random data into st, a few times. */
static void random_updates(goldilocks_ed448ph_state *st) {
    int times = 1 + (int)(check_rand64() % 3);
    for (int t = 0; t < times; t++) {
        size_t len = check_rand64() % 300;
        goldilocks_ed448ph_update(st, msg + check_rand64() % (MAXLEN - 300), len);
    }
}

static void test_bad_states(void) {
    goldilocks_ed448ph_state fresh, a, st;
    uint8_t good[SIG], sig[SIG];
    goldilocks_ed448ph_init(&fresh);
    check(goldilocks_ed448ph_sign(good, secret, msg, 300, ctx, sizeof ctx) == 0, "one-shot sign");

    check_test("bad states: finding the offset and failed words by behaviour");
    uint8_t zeros[5] = {0};
    a = fresh;
    goldilocks_ed448ph_update(&a, zeros, sizeof zeros);
    int w_offset = the_changed_word(&fresh, &a);
    a = fresh;
    goldilocks_ed448ph_update(&a, NULL, 1);
    int w_failed = the_changed_word(&fresh, &a);
    check(w_offset >= 0 && w_failed >= 0 && w_offset != w_failed, "offset word %d, failed word %d", w_offset,
          w_failed);
    if (w_offset < 0 || w_failed < 0)
        return;
    uint32_t w[WORDS];
    get_words(w, &a);
    check(w[w_failed] != 0, "the failed word");

    check_test("bad states: a state never initialised (all zero) is refused");
    for (long k = 0; k < 4; k++) {
        memset(&st, 0, sizeof st);
        if (k >= 2)
            goldilocks_ed448ph_update(&st, msg, 300);
        check(refused(&st, k, good), "all-zero state, case %ld (%s)", k, k >= 2 ? "after an update" : "as it is");
    }

    /* The words of the hash state: those that updates of message bytes change (the lanes and the offset). */
    int hash_word[WORDS] = {0};
    for (int t = 0; t < 2; t++) {
        uint32_t w0[WORDS];
        a = fresh;
        goldilocks_ed448ph_update(&a, msg + t, 300);
        get_words(w, &a);
        get_words(w0, &fresh);
        for (int i = 0; i < WORDS; i++)
            hash_word[i] |= w[i] != w0[i];
    }

    check_test("bad states: any one 32-bit word of a stream altered (the offset's below) is refused");
    for (int i = 0; i < WORDS; i++) {
        if (i == w_offset)
            continue;
        for (long k = 0; k < 4; k++) {
            goldilocks_ed448ph_init(&st);
            goldilocks_ed448ph_update(&st, msg, 300);
            uint32_t x;
            do
                x = (uint32_t)check_rand64();
            while (x == 0);
            get_words(w, &st);
            set_word(&st, i, w[i] ^ x);
            /* verify with the right signature: only a refusal (or a changed hash) gives -1 */
            check(goldilocks_ed448ph_final_verify(&st, good, pub, ctx, sizeof ctx) == -1 &&
                      memcmp(&st, &fresh, sizeof st) == 0,
                  "word %d xor %08x: final_verify accepted (or the state was not reset)", i, (unsigned)x);
            /* sign: words outside the hash state must be refused; the lanes cannot be checked */
            goldilocks_ed448ph_init(&st);
            goldilocks_ed448ph_update(&st, msg, 300);
            set_word(&st, i, w[i] ^ x);
            memset(sig, 0x5a, SIG);
            int rc = goldilocks_ed448ph_final_sign(&st, sig, secret, ctx, sizeof ctx);
            check(rc == -1 ? check_all_zero(sig, SIG) : memcmp(sig, good, SIG) != 0,
                  "word %d xor %08x: final_sign gave the unaltered stream's signature, or -1 with output", i,
                  (unsigned)x);
            check(rc == -1 || hash_word[i], "word %d (not the hash's) xor %08x: final_sign returned %d", i,
                  (unsigned)x, rc);
        }
    }

    long n = check_reps(3000);
    check_test("bad states: random bytes, then updates and a final call: refused");
    long bad = 0;
    for (long k = 0; k < n; k++) {
        check_randbytes((uint8_t *)&st, sizeof st);
        random_updates(&st);
        bad += !refused(&st, k, good);
    }
    check(bad == 0, "%ld of %ld random states not refused", bad, n);

    check_test("bad states: random bytes with the failed flag clear: refused");
    bad = 0;
    for (long k = 0; k < n; k++) {
        check_randbytes((uint8_t *)&st, sizeof st);
        set_word(&st, w_failed, 0);
        random_updates(&st);
        bad += !refused(&st, k, good);
    }
    check(bad == 0, "%ld of %ld random states not refused", bad, n);

    check_test("bad states: a stream whose block offset is out of range (136 and up): refused");
    bad = 0;
    for (long k = 0; k < n; k++) {
        goldilocks_ed448ph_init(&st);
        goldilocks_ed448ph_update(&st, msg, 300);
        /* every value from 136 to 135 + n/2, then random ones */
        uint32_t off = k < n / 2 ? 136 + (uint32_t)k : 136 + (uint32_t)(check_rand64() % (UINT32_MAX - 135));
        set_word(&st, w_offset, off);
        if (k % 3 == 0)
            random_updates(&st);
        bad += !refused(&st, k, good);
    }
    check(bad == 0, "%ld of %ld out-of-range offsets not refused", bad, n);

    check_test("bad states: after a refusal the state works as after init");
    check_randbytes((uint8_t *)&st, sizeof st);
    goldilocks_ed448ph_update(&st, msg, 300);
    check(memcmp(&st, &fresh, sizeof st) != 0, "update made a random state look fresh");
    check(refused(&st, 0, good), "random state not refused");
    goldilocks_ed448ph_update(&st, msg, 300);
    check(goldilocks_ed448ph_final_sign(&st, sig, secret, ctx, sizeof ctx) == 0 && memcmp(sig, good, SIG) == 0,
          "the state after a refusal does not sign as after init");
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
    test_bad_states();
    return check_done();
}
