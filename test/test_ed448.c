/*
 * Ed448 / Ed448ph tests: every RFC 8032 section 7.4 and 7.5 vector (key
 * from seed, signature byte for byte, verification), the 87 Wycheproof
 * cases, and rejections: tampered R, S, message, key and context; S + l;
 * non-canonical A and R (y >= p, x = 0 with the sign bit set, unused bits
 * set, points off the curve); contexts of 256 bytes.
 */
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "goldilocks.h"
#include "check.h"
#include "json.h"
#include "gmp_bytes.h"
#include "wycheproof_ed448.h"

enum { PUB = 57, SEC = 114, SIG = 114 };

static void test_rfc8032(void) {
    json_value *v = json_load(check_vector_path("rfc8032_ed448.json"));
    check_test("RFC 8032 7.4/7.5: keys, signatures, verification");
    if (!check(v != NULL, "cannot read rfc8032_ed448.json"))
        return;
    const json_value *vec = json_get(v, "vectors");
    check(json_len(vec) == 11, "11 vectors");
    for (size_t i = 0; i < json_len(vec); i++) {
        const json_value *c = json_at(vec, i);
        const char *name = json_get_str(c, "name");
        int ph = strcmp(json_get_str(c, "algorithm"), "Ed448ph") == 0;
        uint8_t seed[57], pub_exp[PUB], sig_exp[SIG], pub[PUB], sec[SEC], sig[SIG];
        uint8_t *msg, *ctx;
        check(check_unhex(seed, 57, json_get_str(c, "secret_key")) == 57, "%s: seed", name);
        check(check_unhex(pub_exp, PUB, json_get_str(c, "public_key")) == PUB, "%s: pub", name);
        check(check_unhex(sig_exp, SIG, json_get_str(c, "signature")) == SIG, "%s: sig", name);
        int mlen = check_unhex_alloc(&msg, json_get_str(c, "message"));
        int clen = check_unhex_alloc(&ctx, json_get_str(c, "context"));
        check(mlen >= 0 && clen >= 0, "%s: hex", name);

        goldilocks_ed448_keypair_from_seed(pub, sec, seed);
        check(memcmp(pub, pub_exp, PUB) == 0, "%s: public key", name);
        check(memcmp(sec, seed, 57) == 0 && memcmp(sec + 57, pub_exp, PUB) == 0, "%s: secret layout", name);
        int ret = ph ? goldilocks_ed448ph_sign(sig, sec, msg, (size_t)mlen, ctx, (size_t)clen)
                     : goldilocks_ed448_sign(sig, sec, msg, (size_t)mlen, ctx, (size_t)clen);
        check(ret == 0, "%s: sign returned %d", name, ret);
        check(memcmp(sig, sig_exp, SIG) == 0, "%s: signature", name);
        ret = ph ? goldilocks_ed448ph_verify(sig_exp, pub_exp, msg, (size_t)mlen, ctx, (size_t)clen)
                 : goldilocks_ed448_verify(sig_exp, pub_exp, msg, (size_t)mlen, ctx, (size_t)clen);
        check(ret == 0, "%s: verify", name);
        /* The other scheme must not accept it. */
        ret = ph ? goldilocks_ed448_verify(sig_exp, pub_exp, msg, (size_t)mlen, ctx, (size_t)clen)
                 : goldilocks_ed448ph_verify(sig_exp, pub_exp, msg, (size_t)mlen, ctx, (size_t)clen);
        check(ret == -1, "%s: accepted by the other scheme", name);
        free(msg);
        free(ctx);
    }
    json_free(v);
}

/* Wrong-length signatures and keys cannot reach the fixed-size API: they are invalid. */
static void wycheproof_case(const wycheproof_ed448_case *c, void *unused) {
    (void)unused;
    int ret = c->fixed_size ? goldilocks_ed448_verify(c->sig, c->pub, c->msg, c->msg_len, NULL, 0) : -1;
    check(ret == (c->valid ? 0 : -1), "tcId %d (%s): got %d", c->id, c->comment, ret);
}

static void test_wycheproof(void) {
    check_test("Wycheproof ed448_test.json (87 cases)");
    size_t total = wycheproof_ed448_each(wycheproof_case, NULL);
    check(total == 87, "%zu cases, expected 87", total);
}

/* The encoding of y with sign bit `sign`, y a small integer or p + small. */
static void encode_y(uint8_t out[PUB], const mpz_t y, int sign) {
    mpz_to_le(out, PUB, y);
    out[56] |= (uint8_t)(sign << 7);
}

static void test_rejections(void) {
    check_test("rejections");
    uint8_t seed[57], pub[PUB], sec[SEC], sig[SIG], bad[SIG], badpub[PUB];
    uint8_t msg[64], ctx[256];
    check_randbytes(seed, sizeof seed);
    check_randbytes(msg, sizeof msg);
    check_randbytes(ctx, sizeof ctx);
    goldilocks_ed448_keypair_from_seed(pub, sec, seed);
    check(goldilocks_ed448_sign(sig, sec, msg, sizeof msg, ctx, 5) == 0, "sign");
    check(goldilocks_ed448_verify(sig, pub, msg, sizeof msg, ctx, 5) == 0, "valid signature rejected");

    for (int i = 0; i < SIG; i += 7) {
        memcpy(bad, sig, SIG);
        bad[i] ^= 0x04;
        check(goldilocks_ed448_verify(bad, pub, msg, sizeof msg, ctx, 5) == -1, "tampered signature byte %d", i);
    }
    msg[3] ^= 1;
    check(goldilocks_ed448_verify(sig, pub, msg, sizeof msg, ctx, 5) == -1, "tampered message");
    msg[3] ^= 1;
    check(goldilocks_ed448_verify(sig, pub, msg, sizeof msg - 1, ctx, 5) == -1, "truncated message");
    check(goldilocks_ed448_verify(sig, pub, msg, sizeof msg, ctx, 4) == -1, "shorter context");
    check(goldilocks_ed448_verify(sig, pub, msg, sizeof msg, NULL, 0) == -1, "no context");
    memcpy(badpub, pub, PUB);
    badpub[10] ^= 0x20;
    check(goldilocks_ed448_verify(sig, badpub, msg, sizeof msg, ctx, 5) == -1, "tampered key");
    memcpy(badpub, pub, PUB);
    badpub[56] ^= 0x80; /* -A */
    check(goldilocks_ed448_verify(sig, badpub, msg, sizeof msg, ctx, 5) == -1, "negated key");

    /* S + l: same value mod l, must be rejected (S >= l). */
    mpz_t s, l, t;
    mpz_inits(s, l, t, NULL);
    mpz_ui_pow_ui(l, 2, 446);
    mpz_set_str(t, "13818066809895115352007386748515426880336692474882178609894547503885", 10);
    mpz_sub(l, l, t);
    le_to_mpz(s, sig + 57, 57);
    check(mpz_cmp(s, l) < 0, "our S >= l");
    mpz_add(t, s, l);
    memcpy(bad, sig, SIG);
    mpz_to_le(bad + 57, 57, t);
    check(goldilocks_ed448_verify(bad, pub, msg, sizeof msg, ctx, 5) == -1, "S + l accepted");
    mpz_to_le(bad + 57, 57, l);
    check(goldilocks_ed448_verify(bad, pub, msg, sizeof msg, ctx, 5) == -1, "S = l accepted");
    memset(bad + 57, 0xff, 57);
    check(goldilocks_ed448_verify(bad, pub, msg, sizeof msg, ctx, 5) == -1, "S = 2^456 - 1 accepted");

    /* Non-canonical encodings. p + 1 encodes y = 1 non-canonically: with R = A = that point
     * and S = 0 the equation would hold for the neutral element, so only the encoding check rejects it. */
    mpz_t p, y;
    mpz_inits(p, y, NULL);
    mpz_ui_pow_ui(p, 2, 448);
    mpz_ui_pow_ui(t, 2, 224);
    mpz_sub(p, p, t);
    mpz_sub_ui(p, p, 1);
    uint8_t id_enc[PUB], nc_enc[PUB];
    mpz_set_ui(y, 1);
    encode_y(id_enc, y, 0);
    mpz_add_ui(y, p, 1);
    encode_y(nc_enc, y, 0);
    memcpy(bad, id_enc, PUB);
    memset(bad + 57, 0, 57);
    check(goldilocks_ed448_verify(bad, id_enc, msg, sizeof msg, NULL, 0) == 0,
          "neutral R, A and S = 0 should verify (control case)");
    memcpy(bad, nc_enc, PUB);
    check(goldilocks_ed448_verify(bad, id_enc, msg, sizeof msg, NULL, 0) == -1, "R with y = p + 1 accepted");
    memcpy(bad, id_enc, PUB);
    check(goldilocks_ed448_verify(bad, nc_enc, msg, sizeof msg, NULL, 0) == -1, "A with y = p + 1 accepted");
    /* x = 0 with the sign bit set: y = 1 and y = p - 1. */
    mpz_set_ui(y, 1);
    encode_y(badpub, y, 1);
    check(goldilocks_ed448_verify(bad, badpub, msg, sizeof msg, NULL, 0) == -1, "A = (-0, 1) accepted");
    memcpy(bad, badpub, PUB);
    check(goldilocks_ed448_verify(bad, id_enc, msg, sizeof msg, NULL, 0) == -1, "R = (-0, 1) accepted");
    mpz_sub_ui(y, p, 1);
    encode_y(badpub, y, 1);
    memcpy(bad, id_enc, PUB);
    check(goldilocks_ed448_verify(bad, badpub, msg, sizeof msg, NULL, 0) == -1, "A = (-0, -1) accepted");
    /* One of the unused bits of the last byte set. */
    memcpy(badpub, pub, PUB);
    badpub[56] |= 0x01;
    check(goldilocks_ed448_verify(sig, badpub, msg, sizeof msg, ctx, 5) == -1, "unused bit set in A");
    memcpy(bad, sig, SIG);
    bad[56] |= 0x40;
    check(goldilocks_ed448_verify(bad, pub, msg, sizeof msg, ctx, 5) == -1, "unused bit set in R");
    /* y with no x on the curve: find one by trying small y (about half fail). */
    int found = 0;
    for (unsigned yy = 2; yy < 40 && !found; yy++) {
        uint8_t ok_sig[SIG];
        mpz_set_ui(y, yy);
        encode_y(badpub, y, 0);
        /* Decide squareness of (y^2 - 1)/(d y^2 - 1) with GMP. */
        mpz_t u, w;
        mpz_inits(u, w, NULL);
        mpz_set_ui(u, yy * yy - 1);
        mpz_set_ui(w, 39081u * yy * yy + 1);
        mpz_neg(w, w);
        mpz_mod(w, w, p);
        mpz_invert(w, w, p);
        mpz_mul(u, u, w);
        mpz_mod(u, u, p);
        if (mpz_legendre(u, p) == -1) {
            found = 1;
            memcpy(ok_sig, sig, SIG);
            check(goldilocks_ed448_verify(ok_sig, badpub, msg, sizeof msg, ctx, 5) == -1, "A off the curve accepted");
            memcpy(ok_sig, badpub, PUB);
            check(goldilocks_ed448_verify(ok_sig, pub, msg, sizeof msg, ctx, 5) == -1, "R off the curve accepted");
        }
        mpz_clears(u, w, NULL);
    }
    check(found, "no off-curve y found");

    /* Contexts of 256 bytes. */
    memset(bad, 0x55, SIG);
    check(goldilocks_ed448_sign(bad, sec, msg, sizeof msg, ctx, 256) == -1, "sign with a 256-byte context");
    uint8_t zero[SIG] = {0};
    check(memcmp(bad, zero, SIG) == 0, "signature not zeroed on error");
    check(goldilocks_ed448ph_sign(bad, sec, msg, sizeof msg, ctx, 256) == -1, "ph sign with a 256-byte context");
    check(goldilocks_ed448_sign(sig, sec, msg, sizeof msg, ctx, 255) == 0, "sign with a 255-byte context");
    check(goldilocks_ed448_verify(sig, pub, msg, sizeof msg, ctx, 255) == 0, "255-byte context rejected");
    check(goldilocks_ed448_verify(sig, pub, msg, sizeof msg, ctx, 256) == -1, "verify with a 256-byte context");
    check(goldilocks_ed448ph_sign(sig, sec, msg, sizeof msg, ctx, 255) == 0, "ph sign");
    check(goldilocks_ed448ph_verify(sig, pub, msg, sizeof msg, ctx, 255) == 0, "ph 255-byte context");
    check(goldilocks_ed448ph_verify(sig, pub, msg, sizeof msg, ctx, 256) == -1, "ph verify with a 256-byte context");

    mpz_clears(s, l, t, p, y, NULL);
}

/* Signatures of random keys and messages verify; random keypairs work. */
static void test_roundtrip(void) {
    check_test("random keys: sign then verify");
    for (int i = 0; i < 50; i++) {
        uint8_t seed[57], pub[PUB], sec[SEC], sig[SIG], msg[200], ctx[20];
        check_randbytes(seed, sizeof seed);
        check_randbytes(msg, sizeof msg);
        check_randbytes(ctx, sizeof ctx);
        size_t mlen = (size_t)(check_rand64() % sizeof msg), clen = (size_t)(check_rand64() % sizeof ctx);
        goldilocks_ed448_keypair_from_seed(pub, sec, seed);
        check(goldilocks_ed448_sign(sig, sec, msg, mlen, ctx, clen) == 0, "sign");
        check(goldilocks_ed448_verify(sig, pub, msg, mlen, ctx, clen) == 0, "verify");
        check(goldilocks_ed448ph_sign(sig, sec, msg, mlen, ctx, clen) == 0, "ph sign");
        check(goldilocks_ed448ph_verify(sig, pub, msg, mlen, ctx, clen) == 0, "ph verify");
    }
    uint8_t pub[PUB], sec[SEC], pub2[PUB], sec2[SEC], sig[SIG];
    check(goldilocks_ed448_keypair(pub, sec) == 0, "keypair");
    goldilocks_ed448_keypair_from_seed(pub2, sec2, sec);
    check(memcmp(pub, pub2, PUB) == 0 && memcmp(sec, sec2, SEC) == 0, "keypair != keypair_from_seed(seed)");
    check(goldilocks_ed448_sign(sig, sec, NULL, 0, NULL, 0) == 0, "sign empty");
    check(goldilocks_ed448_verify(sig, pub, NULL, 0, NULL, 0) == 0, "verify empty");
}

int main(void) {
    check_init("test_ed448");
    test_rfc8032();
    test_wycheproof();
    test_rejections();
    test_roundtrip();
    return check_done();
}
