/*
 * Ed448 -> X448 key conversion: the RFC 8032 base point goes to u = 5
 * (RFC 7748's base point); for every RFC 8032 key and random seeds the
 * converted public key equals a GMP computation of y^2/x^2 from the
 * encoding, and equals X448's public key of the converted secret (the two
 * conversions commute with key generation); only the seed half of the
 * secret is read; non-canonical encodings, points off the curve and the
 * four points of small order give -1 and a zero output; NULL and aliasing
 * as include/goldilocks.h says.
 */
#include <gmp.h>
#include <stdio.h>
#include <string.h>
#include "goldilocks.h"
#include "check.h"
#include "json.h"
#include "ed448_oracle.h"

/* RFC 8032 section 5.2: the base point's y; its x is even, so the sign bit is 0. */
static const char *const BASE_Y =
    "298819210078481492676017930443930673437544040154080242095928241372331506189835876003536878655418784733982303233503462500531545062832660";

/*
 * GMP: 1 and u = y^2 / x^2 = y^2 (d y^2 - 1) / (y^2 - 1) (x^2 from the
 * curve equation) when enc is canonical, on the curve and x != 0; else 0.
 */
static int gmp_convert(uint8_t u_out[56], const uint8_t enc[57]) {
    mpz_t y, yy, num, den, x;
    int ok = (enc[56] & 0x7f) == 0;
    mpz_inits(y, yy, num, den, x, NULL);
    le_to_mpz(y, enc, 56);
    ok &= mpz_cmp(y, P) < 0;
    mpz_mul(yy, y, y);
    mpz_mod(yy, yy, P);
    mpz_sub_ui(num, yy, 1);      /* x^2 = (y^2 - 1) / (d y^2 - 1) */
    mpz_mul(den, yy, D);
    mpz_sub_ui(den, den, 1);
    mpz_mod(den, den, P);
    mpz_mod(num, num, P);
    ok &= mpz_sgn(num) != 0;     /* x = 0: order 1 or 2 */
    ok &= mpz_sgn(yy) != 0;      /* y = 0: order 4 */
    if (ok) {
        mpz_invert(den, den, P);
        mpz_mul(x, num, den);
        mpz_mod(x, x, P);        /* x^2 */
        ok &= mpz_legendre(x, P) == 1;
        mpz_invert(x, x, P);
        mpz_mul(x, x, yy);
        mpz_mod(x, x, P);
        mpz_to_le(u_out, 56, x);
    }
    mpz_clears(y, yy, num, den, x, NULL);
    return ok;
}

/* The checks for one key pair (seed): both conversions, GMP, and X448's public key. */
static void check_pair(const uint8_t seed[57], const char *what) {
    uint8_t pub[57], secret[114], xp[56], xs[56], xpub[56], ref[56];
    goldilocks_ed448_keypair_from_seed(pub, secret, seed);
    check(goldilocks_ed448_public_to_x448(xp, pub) == 0, "%s: public_to_x448 returned -1", what);
    check(gmp_convert(ref, pub) && memcmp(xp, ref, 56) == 0, "%s: u = y^2/x^2 (GMP)", what);
    goldilocks_ed448_secret_to_x448(xs, secret);
    goldilocks_x448_public_key(xpub, xs);
    check(memcmp(xpub, xp, 56) == 0, "%s: X448 public key of the converted secret", what);
    /* Only the seed half is read. */
    uint8_t other[114], xs2[56];
    memcpy(other, secret, 57);
    check_randbytes(other + 57, 57);
    goldilocks_ed448_secret_to_x448(xs2, other);
    check(memcmp(xs, xs2, 56) == 0, "%s: the public half of the secret is read", what);
}

static void test_base_point(void) {
    check_test("RFC 8032 base point -> u = 5 (RFC 7748 section 4.2)");
    mpz_t y;
    mpz_init_set_str(y, BASE_Y, 10);
    uint8_t enc[57], u[56], five[56] = {5};
    mpz_to_le(enc, 57, y);
    mpz_clear(y);
    check(goldilocks_ed448_public_to_x448(u, enc) == 0 && memcmp(u, five, 56) == 0, "u(B) = 5");
}

static void test_rfc_keys(void) {
    check_test("RFC 8032 keys: public_to_x448 = GMP = x448_public_key(secret_to_x448)");
    json_value *v = json_load(check_vector_path("rfc8032_ed448.json"));
    if (!check(v != NULL, "cannot read rfc8032_ed448.json"))
        return;
    const json_value *vec = json_get(v, "vectors");
    check(json_len(vec) == 11, "11 vectors");
    for (size_t i = 0; i < json_len(vec); i++) {
        const json_value *t = json_at(vec, i);
        uint8_t seed[57], pub[57], mine[57], secret[114];
        if (!check(check_unhex(seed, 57, json_get_str(t, "secret_key")) == 57 &&
                       check_unhex(pub, 57, json_get_str(t, "public_key")) == 57,
                   "vector %zu malformed", i))
            continue;
        goldilocks_ed448_keypair_from_seed(mine, secret, seed);
        check(memcmp(mine, pub, 57) == 0, "vector %zu: public key", i);
        char what[32];
        snprintf(what, sizeof what, "vector %zu", i);
        check_pair(seed, what);
    }
    json_free(v);
}

static void test_random_keys(void) {
    check_test("random seeds (200): public_to_x448 = GMP = x448_public_key(secret_to_x448)");
    for (int i = 0; i < 200; i++) {
        uint8_t seed[57];
        char what[32];
        check_randbytes(seed, sizeof seed);
        snprintf(what, sizeof what, "seed %d", i);
        check_pair(seed, what);
    }
}

/* Expects -1 and an all-zero output. */
static void expect_reject(const uint8_t enc[57], const char *what) {
    uint8_t u[56];
    memset(u, 0xa5, sizeof u);
    check(goldilocks_ed448_public_to_x448(u, enc) == -1 && check_all_zero(u, 56), "%s accepted", what);
}

static void test_rejections(void) {
    check_test("public_to_x448 rejects: small order, non-canonical, off the curve, unused bits");
    uint8_t enc[57];
    mpz_t y;
    mpz_init(y);

    memset(enc, 0, 57);
    enc[0] = 1;
    expect_reject(enc, "the neutral element (0, 1)");
    enc[56] = 0x80;
    expect_reject(enc, "(0, 1) with the sign bit");
    mpz_sub_ui(y, P, 1);
    mpz_to_le(enc, 57, y);
    expect_reject(enc, "(0, -1), order 2");
    memset(enc, 0, 57);
    expect_reject(enc, "(1, 0), order 4");
    enc[56] = 0x80;
    expect_reject(enc, "(-1, 0), order 4");

    /* y + p for the smallest y > 1 of a point on the curve (GMP), and y = p itself. */
    uint8_t u[56];
    unsigned long k = 2;
    for (;; k++) {
        mpz_set_ui(y, k);
        mpz_to_le(enc, 57, y);
        if (gmp_convert(u, enc))
            break;
    }
    check(goldilocks_ed448_public_to_x448(u, enc) == 0, "y = %lu accepted", k);
    mpz_add(y, y, P);
    mpz_to_le(enc, 57, y);
    expect_reject(enc, "y + p");
    mpz_to_le(enc, 57, P);
    expect_reject(enc, "y = p");

    /* The base point with an unused bit of the last byte set. */
    mpz_set_str(y, BASE_Y, 10);
    mpz_to_le(enc, 57, y);
    enc[56] = 0x01;
    expect_reject(enc, "unused bits set");

    /* Random y with no x (about half of them), GMP deciding which. */
    int off = 0;
    for (int i = 0; i < 64; i++) {
        check_randbytes(enc, 56);
        enc[55] &= 0x7f;
        enc[56] = 0;
        if (gmp_convert(u, enc))
            continue;
        off++;
        expect_reject(enc, "a y off the curve");
    }
    check(off > 10, "only %d of 64 random y off the curve", off);
    mpz_clear(y);
}

static void test_contract(void) {
    check_test("NULL arguments and aliasing");
    uint8_t seed[57], pub[57], secret[114], u[56], ref[56], buf[200];
    check_randbytes(seed, sizeof seed);
    goldilocks_ed448_keypair_from_seed(pub, secret, seed);
    check(goldilocks_ed448_public_to_x448(NULL, pub) == -1, "x_pub NULL");
    memset(u, 0xa5, sizeof u);
    check(goldilocks_ed448_public_to_x448(u, NULL) == -1 && check_all_zero(u, 56), "ed_pub NULL");
    memset(u, 0xa5, sizeof u);
    goldilocks_ed448_secret_to_x448(u, NULL);
    check(check_all_zero(u, 56), "ed_secret NULL zeroes x_secret");
    goldilocks_ed448_secret_to_x448(NULL, secret); /* must not crash */

    check(goldilocks_ed448_public_to_x448(ref, pub) == 0, "returned -1");
    for (size_t off = 0; off < 3; off++) {
        memcpy(buf + 10, pub, 57);
        check(goldilocks_ed448_public_to_x448(buf + 10 + off, buf + 10) == 0 &&
                  memcmp(buf + 10 + off, ref, 56) == 0,
              "x_pub at ed_pub + %zu", off);
    }
    memcpy(buf + 20, pub, 57);
    check(goldilocks_ed448_public_to_x448(buf + 10, buf + 20) == 0 && memcmp(buf + 10, ref, 56) == 0,
          "x_pub before ed_pub, overlapping");
    goldilocks_ed448_secret_to_x448(ref, secret);
    for (size_t off = 0; off < 60; off += 29) {
        memcpy(buf, secret, 114);
        goldilocks_ed448_secret_to_x448(buf + off, buf);
        check(memcmp(buf + off, ref, 56) == 0, "x_secret at ed_secret + %zu", off);
    }
}

int main(void) {
    check_init("test_convert");
    oracle_init();
    test_base_point();
    test_rfc_keys();
    test_random_keys();
    test_rejections();
    test_contract();
    oracle_clear();
    return check_done();
}
