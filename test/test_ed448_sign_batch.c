/*
 * goldilocks_ed448_sign_batch against n calls of goldilocks_ed448_sign
 * (itself checked against RFC 8032 and OpenSSL in test_ed448 and
 * interop_ed448) for n = 0, 1, GF_LANES - 1, GF_LANES, GF_LANES + 1,
 * 3 GF_LANES + 2 and 1000 (200 without --slow: the suite also runs under
 * qemu), every signature also verified by goldilocks_ed448_verify; the
 * RFC 8032 section 7.4 Ed448 vectors (their key, message and context) in
 * every lane position among random messages;
 * contexts of 0, 1 and 255 bytes; the failures (ctx_len 256, NULL
 * arguments, msg[i] NULL with msg_len[i] > 0 in some items); sig[i] over
 * msg[i], and secret and ctx inside sig.
 */
#include <stdio.h>
#include <string.h>
#include "goldilocks.h"
#include "check.h"
#include "json.h"
#include "field.h" /* GF_LANES: the batch's chunk, to place items at every lane position */

enum { SIG = GOLDILOCKS_ED448_SIG_BYTES, SK = GOLDILOCKS_ED448_SECRET_BYTES, MAXN = 1000, MAXLEN = 1100 };

static uint8_t sk[SK], sig[MAXN][SIG], want[MAXN][SIG], msgbuf[MAXN][MAXLEN];
static const uint8_t *msg[MAXN];
static size_t len[MAXN];
static int slow; /* --slow: n = 1000 and every vector at every item */

static void random_key(void) {
    uint8_t seed[57], pub[57];
    check_randbytes(seed, sizeof seed);
    goldilocks_ed448_keypair_from_seed(pub, sk, seed);
}

static void random_messages(size_t n, size_t maxlen) {
    for (size_t i = 0; i < n; i++) {
        len[i] = (size_t)(check_rand64() % (maxlen + 1));
        check_randbytes(msgbuf[i], len[i]);
        msg[i] = msgbuf[i];
    }
}

/* want[i] and the single calls' return values; the batch's expected return value. */
static int singles(size_t n, const uint8_t *ctx, size_t ctx_len) {
    int rc = 0;
    for (size_t i = 0; i < n; i++)
        rc |= goldilocks_ed448_sign(want[i], sk, msg[i], len[i], ctx, ctx_len);
    return rc;
}

static size_t differing(size_t n) {
    size_t bad = 0;
    for (size_t i = 0; i < n; i++)
        bad += memcmp(sig[i], want[i], SIG) != 0;
    return bad;
}

static void test_sizes(void) {
    const size_t sizes[] = {0, 1, GF_LANES - 1, GF_LANES, GF_LANES + 1, 3 * GF_LANES + 2, slow ? MAXN : 200};
    uint8_t ctx[255];
    check_randbytes(ctx, sizeof ctx);
    const size_t ctx_lens[] = {0, 1, 255};
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
        for (size_t c = 0; c < 3; c++) {
            size_t n = sizes[s];
            if (n > 3 * GF_LANES + 2 && c)
                continue;
            char name[80];
            snprintf(name, sizeof name, "n = %zu, %zu-byte context, against single calls", n, ctx_lens[c]);
            check_test(name);
            random_key();
            random_messages(n, n > 3 * GF_LANES + 2 ? 64 : 300);
            int want_rc = singles(n, ctx, ctx_lens[c]);
            memset(sig, 0xa5, sizeof sig);
            int rc = goldilocks_ed448_sign_batch(n, sig, sk, msg, len, ctx, ctx_lens[c]);
            check(rc == 0 && want_rc == 0, "rc %d", rc);
            size_t bad = differing(n);
            check(bad == 0, "%zu of %zu signatures differ", bad, n);
            size_t unverified = 0;
            for (size_t i = 0; i < n; i++)
                unverified += goldilocks_ed448_verify(sig[i], sk + 57, msg[i], len[i], ctx, ctx_lens[c]) != 0;
            check(unverified == 0, "%zu of %zu signatures do not verify", unverified, n);
            check(n == MAXN || (sig[n][0] == 0xa5 && sig[n][SIG - 1] == 0xa5), "item %zu written", n);
        }
    }
}

static void test_vectors(void) {
    check_test("RFC 8032 Ed448 vectors in every lane position");
    json_value *v = json_load(check_vector_path("rfc8032_ed448.json"));
    check(v != NULL, "cannot read rfc8032_ed448.json");
    if (!v)
        return;
    const json_value *vs = json_get(v, "vectors");
    unsigned used = 0;
    static uint8_t vmsg[MAXLEN];
    for (size_t t = 0; t < json_len(vs); t++) {
        const json_value *c = json_at(vs, t);
        if (strcmp(json_get_str(c, "algorithm"), "Ed448") != 0)
            continue;
        used++;
        uint8_t seed[57], pub[57], ctx[255], wsig[SIG];
        check(check_unhex(seed, 57, json_get_str(c, "secret_key")) == 57, "seed hex");
        check(check_unhex(pub, 57, json_get_str(c, "public_key")) == 57, "pub hex");
        int ml = check_unhex(vmsg, sizeof vmsg, json_get_str(c, "message"));
        int cl = check_unhex(ctx, sizeof ctx, json_get_str(c, "context"));
        check(check_unhex(wsig, SIG, json_get_str(c, "signature")) == SIG, "sig hex");
        check(ml >= 0 && cl >= 0, "hex");
        if (ml < 0 || cl < 0)
            continue;
        goldilocks_ed448_keypair_from_seed(pub, sk, seed);
        /* GF_LANES + 1 items: every lane of a full chunk and the lone lane of a partial one (2 GF_LANES + 1 with --slow) */
        size_t n = slow ? 2 * GF_LANES + 1 : GF_LANES + 1;
        for (size_t pos = 0; pos < n; pos++) {
            random_messages(n, 80);
            msg[pos] = vmsg;
            len[pos] = (size_t)ml;
            int rc = goldilocks_ed448_sign_batch(n, sig, sk, msg, len, ctx, (size_t)cl);
            check(rc == 0, "%s at item %zu: rc %d", json_get_str(c, "name"), pos, rc);
            check(memcmp(sig[pos], wsig, SIG) == 0, "%s at item %zu", json_get_str(c, "name"), pos);
            singles(n, ctx, (size_t)cl);
            check(differing(n) == 0, "%s at item %zu: other items differ", json_get_str(c, "name"), pos);
        }
    }
    check(used == 9, "%u Ed448 vectors, expected 9", used);
    json_free(v);
}

static void test_failures(void) {
    size_t n = 3 * GF_LANES + 2;
    uint8_t ctx[256] = {0};

    check_test("ctx_len 256 and NULL arguments: -1, every signature zero");
    random_key();
    random_messages(n, 50);
    memset(sig, 0xff, sizeof sig);
    check(goldilocks_ed448_sign_batch(n, sig, sk, msg, len, ctx, 256) == -1, "ctx_len 256");
    check(check_all_zero(&sig[0][0], n * SIG) && sig[n][0] == 0xff, "ctx_len 256: zero signatures, nothing past n");
    check(goldilocks_ed448_sign(want[0], sk, msg[0], len[0], ctx, 256) == -1 && check_all_zero(want[0], SIG),
          "the single call also fails");
    memset(sig, 0xff, sizeof sig);
    check(goldilocks_ed448_sign_batch(n, sig, sk, msg, len, NULL, 3) == -1 && check_all_zero(&sig[0][0], n * SIG),
          "ctx NULL with length 3");
    memset(sig, 0xff, sizeof sig);
    check(goldilocks_ed448_sign_batch(n, sig, NULL, msg, len, NULL, 0) == -1 && check_all_zero(&sig[0][0], n * SIG),
          "secret NULL");
    memset(sig, 0xff, sizeof sig);
    check(goldilocks_ed448_sign_batch(n, sig, sk, NULL, len, NULL, 0) == -1 && check_all_zero(&sig[0][0], n * SIG),
          "msg NULL");
    memset(sig, 0xff, sizeof sig);
    check(goldilocks_ed448_sign_batch(n, sig, sk, msg, NULL, NULL, 0) == -1 && check_all_zero(&sig[0][0], n * SIG),
          "msg_len NULL");
    check(goldilocks_ed448_sign_batch(n, NULL, sk, msg, len, NULL, 0) == -1, "sig NULL");
    check(goldilocks_ed448_sign_batch(0, NULL, NULL, NULL, NULL, NULL, 0) == 0, "n = 0 with NULLs");

    check_test("msg[i] NULL: with length 0 the empty message, with length > 0 that item fails");
    for (size_t pattern = 1; pattern < 8; pattern++) {
        random_messages(n, 50);
        for (size_t i = 0; i < n; i++)
            if ((pattern >> (i % 3)) & 1 && i % 4 != 1) {
                msg[i] = NULL;
                len[i] = i % 2; /* NULL with length 1 fails, NULL with length 0 is "" */
            }
        int want_rc = singles(n, NULL, 0);
        memset(sig, 0xff, sizeof sig);
        int rc = goldilocks_ed448_sign_batch(n, sig, sk, msg, len, NULL, 0);
        check(rc == want_rc, "pattern %zu: rc %d, the single calls %d", pattern, rc, want_rc);
        check(differing(n) == 0, "pattern %zu: %zu items differ from the single calls", pattern, differing(n));
    }
}

static void test_alias(void) {
    size_t n = 2 * GF_LANES + 3;
    check_test("sig[i] over msg[i]");
    random_key();
    random_messages(n, 0);
    for (size_t i = 0; i < n; i++) {
        check_randbytes(msgbuf[i], SIG);
        msg[i] = msgbuf[i];
        len[i] = i % 2 ? SIG : 40;
    }
    singles(n, NULL, 0);
    /* the batch's sig is an array of SIG-byte items: the messages are put inside it */
    static uint8_t buf[MAXN][SIG];
    for (size_t i = 0; i < n; i++) {
        memcpy(buf[i], msgbuf[i], SIG);
        msg[i] = buf[i];
    }
    check(goldilocks_ed448_sign_batch(n, buf, sk, msg, len, NULL, 0) == 0, "rc");
    size_t bad = 0;
    for (size_t i = 0; i < n; i++)
        bad += memcmp(buf[i], want[i], SIG) != 0;
    check(bad == 0, "%zu of %zu in-place signatures differ", bad, n);

    check_test("secret and ctx inside sig");
    random_messages(n, 60);
    uint8_t ctx[7] = {1, 2, 3, 4, 5, 6, 7};
    singles(n, ctx, sizeof ctx);
    memcpy(sig[0], sk, SK);
    memcpy(sig[1], ctx, sizeof ctx);
    check(goldilocks_ed448_sign_batch(n, sig, sig[0], msg, len, sig[1], sizeof ctx) == 0, "rc");
    check(differing(n) == 0, "%zu of %zu signatures differ", differing(n), n);
}

int main(int argc, char **argv) {
    check_init("test_ed448_sign_batch");
    slow = check_slow(argc, argv);
    test_sizes();
    test_vectors();
    test_failures();
    test_alias();
    return check_done();
}
