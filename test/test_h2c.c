/*
 * RFC 9380 hash to curve: every vector of appendix J for the four suites
 * edwards448/curve448 _XOF:SHAKE256_ELL2_{RO,NU}_ (hash_to_field's u, the
 * mapped points Q0, Q1 / Q, and P through the public API), every
 * expand_message_xof(SHAKE256) vector of appendix K, the DST rules
 * (empty refused, > 255 bytes hashed), the NULL and failure contract, and
 * for random messages a GMP reference of both curves: the edwards448
 * output decodes to a point on the curve with [l]P = 0, P != 0; the
 * curve448 output u has u^3 + A u^2 + u square and [l]u = infinity
 * (x-only ladder), and [4] of the curve448 RO output is the image of the
 * edwards448 RO output under (x, y) -> y^2/x^2 for the same message and DST.
 */
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "goldilocks.h"
#include "h2c.h"
#include "shake256.h"
#include "check.h"
#include "json.h"
#include "ed448_oracle.h"

/* A "0x..." big-endian hex field element of the RFC 9380 files, as 56 little-endian bytes. */
static int be_hex_to_le(uint8_t out[56], const char *hex) {
    mpz_t t;
    mpz_init(t);
    int ok = hex && strncmp(hex, "0x", 2) == 0 && mpz_set_str(t, hex + 2, 16) == 0 && mpz_cmp(t, P) < 0;
    mpz_to_le(out, 56, t);
    mpz_clear(t);
    return ok;
}

static int gf_matches(const gf a, const char *hex) {
    uint8_t want[56], got[56];
    if (!be_hex_to_le(want, hex))
        return 0;
    gf_serialize(got, a);
    return memcmp(want, got, 56) == 0;
}

/* ---- GMP reference: curve448 x-only (edwards448 in ed448_oracle.h) ---- */

/* x-only Montgomery ladder on curve448 (RFC 7748 section 5, a24 = 39081): [k]u = X/Z. */
static void mont_ladder(mpz_t X, mpz_t Z, const mpz_t u, const mpz_t k) {
    mpz_t x2, z2, x3, z3, a, aa, b, bb, e, c, dd, da, cb;
    mpz_inits(x2, z2, x3, z3, a, aa, b, bb, e, c, dd, da, cb, NULL);
    mpz_set_ui(x2, 1);
    mpz_set_ui(z2, 0);
    mpz_set(x3, u);
    mpz_set_ui(z3, 1);
    for (long i = (long)mpz_sizeinbase(k, 2) - 1; i >= 0; i--) {
        int bit = mpz_tstbit(k, (mp_bitcnt_t)i);
        if (bit) {
            mpz_swap(x2, x3);
            mpz_swap(z2, z3);
        }
        mpz_add(a, x2, z2);
        mpz_mul(aa, a, a);
        mpz_sub(b, x2, z2);
        mpz_mul(bb, b, b);
        mpz_sub(e, aa, bb);
        mpz_add(c, x3, z3);
        mpz_sub(dd, x3, z3);
        mpz_mul(da, dd, a);
        mpz_mul(cb, c, b);
        mpz_add(x3, da, cb);
        mpz_mul(x3, x3, x3);
        mpz_mod(x3, x3, P);
        mpz_sub(z3, da, cb);
        mpz_mul(z3, z3, z3);
        mpz_mul(z3, z3, u);
        mpz_mod(z3, z3, P);
        mpz_mul(x2, aa, bb);
        mpz_mod(x2, x2, P);
        mpz_mul_ui(z2, e, 39081);
        mpz_add(z2, z2, aa);
        mpz_mul(z2, z2, e);
        mpz_mod(z2, z2, P);
        if (bit) {
            mpz_swap(x2, x3);
            mpz_swap(z2, z3);
        }
    }
    mpz_set(X, x2);
    mpz_set(Z, z2);
    mpz_clears(x2, z2, x3, z3, a, aa, b, bb, e, c, dd, da, cb, NULL);
}

/* ---- appendix K: expand_message_xof ---- */

static void test_expand(void) {
    check_test("RFC 9380 K.6: expand_message_xof(SHAKE256) vectors");
    json_value *v = json_load(check_vector_path("rfc9380_expand_message_xof_shake256_36.json"));
    if (!check(v != NULL, "cannot read the expand_message_xof vectors"))
        return;
    const char *dst = json_get_str(v, "DST");
    const json_value *tests = json_get(v, "tests");
    check(dst != NULL && json_len(tests) == 10, "10 vectors");
    for (size_t i = 0; dst && i < json_len(tests); i++) {
        const json_value *t = json_at(tests, i);
        const char *msg = json_get_str(t, "msg");
        const char *len_hex = json_get_str(t, "len_in_bytes");
        uint8_t want[256], got[256];
        size_t len = len_hex ? (size_t)strtoul(len_hex, NULL, 16) : 0;
        if (!check(msg && len > 0 && len <= sizeof got && check_unhex(want, sizeof want, json_get_str(t, "uniform_bytes")) == (int)len,
                   "vector %zu malformed", i))
            continue;
        h2c_expand_xof(got, len, (const uint8_t *)msg, strlen(msg), (const uint8_t *)dst, strlen(dst));
        check(memcmp(got, want, len) == 0, "vector %zu (msg length %zu, %zu bytes)", i, strlen(msg), len);
    }
    json_free(v);
}

/* ---- appendix J: the four suites ---- */

typedef int (*suite_fn)(uint8_t *out, const uint8_t *msg, size_t msg_len, const uint8_t *dst, size_t dst_len);

static int ed_ro(uint8_t *o, const uint8_t *m, size_t ml, const uint8_t *d, size_t dl) {
    return goldilocks_ed448_hash_to_curve(o, m, ml, d, dl);
}
static int ed_nu(uint8_t *o, const uint8_t *m, size_t ml, const uint8_t *d, size_t dl) {
    return goldilocks_ed448_encode_to_curve(o, m, ml, d, dl);
}
static int x_ro(uint8_t *o, const uint8_t *m, size_t ml, const uint8_t *d, size_t dl) {
    return goldilocks_x448_hash_to_curve(o, m, ml, d, dl);
}
static int x_nu(uint8_t *o, const uint8_t *m, size_t ml, const uint8_t *d, size_t dl) {
    return goldilocks_x448_encode_to_curve(o, m, ml, d, dl);
}

static const struct suite {
    const char *file, *name;
    int edwards;
    unsigned count;
    suite_fn fn;
    size_t out_len;
} SUITES[4] = {
    {"rfc9380_edwards448_xof_shake256_ell2_ro_.json", "edwards448_XOF:SHAKE256_ELL2_RO_", 1, 2, ed_ro, 57},
    {"rfc9380_edwards448_xof_shake256_ell2_nu_.json", "edwards448_XOF:SHAKE256_ELL2_NU_", 1, 1, ed_nu, 57},
    {"rfc9380_curve448_xof_shake256_ell2_ro_.json", "curve448_XOF:SHAKE256_ELL2_RO_", 0, 2, x_ro, 56},
    {"rfc9380_curve448_xof_shake256_ell2_nu_.json", "curve448_XOF:SHAKE256_ELL2_NU_", 0, 1, x_nu, 56},
};

/* The expected output bytes of a vector's P: RFC 8032 encoding, or the u coordinate. */
static int expected_output(uint8_t out[57], const struct suite *s, const json_value *pt) {
    uint8_t x[56];
    if (!be_hex_to_le(x, json_get_str(pt, "x")))
        return 0;
    if (!s->edwards) {
        memcpy(out, x, 56);
        return 1;
    }
    if (!be_hex_to_le(out, json_get_str(pt, "y")))
        return 0;
    out[56] = (uint8_t)((x[0] & 1) << 7);
    return 1;
}

static void test_suite(const struct suite *s) {
    char name[128];
    snprintf(name, sizeof name, "RFC 9380 J: %s (u, Q, P)", s->name);
    check_test(name);
    json_value *v = json_load(check_vector_path(s->file));
    if (!check(v != NULL, "cannot read %s", s->file))
        return;
    const char *dst = json_get_str(v, "dst");
    const json_value *vec = json_get(v, "vectors");
    check(dst && strcmp(json_get_str(v, "ciphersuite"), s->name) == 0, "suite name");
    check(json_len(vec) == 5, "5 vectors, got %zu", json_len(vec));
    check(json_bool(json_get(v, "randomOracle")) == (s->count == 2), "randomOracle flag");
    for (size_t i = 0; dst && i < json_len(vec); i++) {
        const json_value *t = json_at(vec, i);
        const char *msg = json_get_str(t, "msg");
        if (!check(msg != NULL, "vector %zu: no msg", i))
            continue;
        const uint8_t *m = (const uint8_t *)msg, *d = (const uint8_t *)dst;
        size_t ml = strlen(msg), dl = strlen(dst);

        gf r[2];
        h2c_hash_to_field(r, s->count, m, ml, d, dl);
        const json_value *us = json_get(t, "u");
        check(json_len(us) == s->count, "vector %zu: %u u values", i, s->count);
        for (unsigned j = 0; j < s->count; j++) {
            check(gf_matches(r[j], json_str(json_at(us, j))), "vector %zu: u%u", i, j);
            gf un, ud, mu, mv, one;
            h2c_elligator2_curve448(un, ud, mv, r[j]);
            gf_invert(mu, ud);
            gf_mul(mu, mu, un);
            const json_value *q = json_get(t, s->count == 1 ? "Q" : (j ? "Q1" : "Q0"));
            if (s->edwards) {
                point_t e;
                gf x, y;
                h2c_curve448_to_edwards(&e, un, ud, mv);
                check(point_valid(&e) != 0, "vector %zu: Q%u not on edwards448", i, j);
                point_t e1;
                gf_set_small(one, 1);
                h2c_curve448_to_edwards(&e1, mu, one, mv);
                check(point_eq(&e, &e1) != 0, "vector %zu: the isogeny at u = un/ud and at (un/ud)/1", i);
                point_affine(x, y, &e);
                check(gf_matches(x, json_get_str(q, "x")) && gf_matches(y, json_get_str(q, "y")),
                      "vector %zu: Q%u (Elligator 2 and the 4-isogeny)", i, j);
            } else {
                check(gf_matches(mu, json_get_str(q, "x")) && gf_matches(mv, json_get_str(q, "y")),
                      "vector %zu: Q%u (Elligator 2)", i, j);
            }
        }

        uint8_t want[57], got[57];
        check(expected_output(want, s, json_get(t, "P")), "vector %zu: P malformed", i);
        memset(got, 0xa5, sizeof got);
        check(s->fn(got, m, ml, d, dl) == 0, "vector %zu: returned -1", i);
        check(memcmp(got, want, s->out_len) == 0, "vector %zu (msg length %zu): P", i, ml);
        if (ml == 0) {
            memset(got, 0xa5, sizeof got);
            check(s->fn(got, NULL, 0, d, dl) == 0 && memcmp(got, want, s->out_len) == 0,
                  "vector %zu: msg NULL with length 0 is the empty message", i);
        }
    }
    json_free(v);
}

/*
 * The exceptional inputs of Elligator 2: r = 0 and r = +-1 (1 - r^2 = 0,
 * x1 = -A by section 6.7.1 step 2). g(-A) = -A; when -A is not a square
 * (GMP decides) the RFC's point is (x2, sqrt(g(x2))) = (0, 0), the point of
 * order 2, which the 4-isogeny maps to the neutral element.
 */
static void test_exceptional(void) {
    check_test("Elligator 2 at r = 0, 1, -1: (0, 0), and the isogeny gives the neutral element");
    mpz_t a;
    mpz_init(a);
    mpz_sub_ui(a, P, 156326);
    int nonsquare = mpz_legendre(a, P) == -1;
    mpz_clear(a);
    if (!check(nonsquare, "-A is a square: the expected point is not (0, 0)"))
        return;
    for (int k = -1; k <= 1; k++) {
        gf r, un, ud, v;
        gf_set_small(r, (uint32_t)(k < 0 ? 1 : k));
        if (k < 0)
            gf_neg(r, r);
        h2c_elligator2_curve448(un, ud, v, r);
        check(gf_is_zero(un) && !gf_is_zero(ud) && gf_is_zero(v), "r = %d: not (0, 0)", k);
        point_t e, id;
        h2c_curve448_to_edwards(&e, un, ud, v);
        point_identity(&id);
        check(point_valid(&e) && point_eq(&e, &id), "r = %d: not the neutral element", k);
    }
}

/* ---- the DST rules and the failure contract ---- */

static void test_contract(const struct suite *s) {
    char name[128];
    uint8_t out[57], ref[57], dst[300], hashed[56], msg[40];
    check_randbytes(msg, sizeof msg);
    check_randbytes(dst, sizeof dst);

    snprintf(name, sizeof name, "%s: empty DST, NULL arguments: -1 and zero output", s->name);
    check_test(name);
    memset(out, 0xa5, sizeof out);
    check(s->fn(out, msg, sizeof msg, dst, 0) == -1 && check_all_zero(out, s->out_len), "dst_len 0");
    memset(out, 0xa5, sizeof out);
    check(s->fn(out, msg, sizeof msg, NULL, 0) == -1 && check_all_zero(out, s->out_len), "dst NULL, length 0");
    memset(out, 0xa5, sizeof out);
    check(s->fn(out, msg, sizeof msg, NULL, 10) == -1 && check_all_zero(out, s->out_len), "dst NULL, length 10");
    memset(out, 0xa5, sizeof out);
    check(s->fn(out, NULL, 1, dst, 10) == -1 && check_all_zero(out, s->out_len), "msg NULL, length 1");
    check(s->fn(NULL, msg, sizeof msg, dst, 10) == -1, "out NULL");
    check(out[s->out_len - 1] == 0 && (s->out_len == 57 || out[56] == 0xa5), "no byte beyond the output written");

    snprintf(name, sizeof name, "%s: a DST over 255 bytes is SHAKE256(\"H2C-OVERSIZE-DST-\" || DST, 56)", s->name);
    check_test(name);
    static const char prefix[] = "H2C-OVERSIZE-DST-";
    const size_t lens[] = {256, 257, 300};
    for (size_t i = 0; i < 3; i++) {
        shake256_ctx h;
        shake256_init(&h);
        shake256_absorb(&h, (const uint8_t *)prefix, sizeof prefix - 1);
        shake256_absorb(&h, dst, lens[i]);
        shake256_squeeze(&h, hashed, sizeof hashed);
        check(s->fn(out, msg, sizeof msg, dst, lens[i]) == 0, "returned -1");
        check(s->fn(ref, msg, sizeof msg, hashed, sizeof hashed) == 0, "returned -1");
        check(memcmp(out, ref, s->out_len) == 0, "DST of %zu bytes", lens[i]);
    }
    /* 255 bytes are used as they are. */
    shake256_ctx h;
    shake256_init(&h);
    shake256_absorb(&h, (const uint8_t *)prefix, sizeof prefix - 1);
    shake256_absorb(&h, dst, 255);
    shake256_squeeze(&h, hashed, sizeof hashed);
    check(s->fn(out, msg, sizeof msg, dst, 255) == 0 && s->fn(ref, msg, sizeof msg, hashed, sizeof hashed) == 0,
          "returned -1");
    check(memcmp(out, ref, s->out_len) != 0, "a DST of 255 bytes is not hashed");

    snprintf(name, sizeof name, "%s: out overlapping msg and dst", s->name);
    check_test(name);
    uint8_t buf[400];
    check_randbytes(buf, sizeof buf);
    check(s->fn(ref, buf, 100, buf + 100, 50) == 0, "returned -1");
    check(s->fn(buf, buf, 100, buf + 100, 50) == 0 && memcmp(buf, ref, s->out_len) == 0, "out = msg");
    check_randbytes(buf, sizeof buf);
    check(s->fn(ref, buf, 100, buf + 100, 50) == 0, "returned -1");
    check(s->fn(buf + 120, buf, 100, buf + 100, 50) == 0 && memcmp(buf + 120, ref, s->out_len) == 0,
          "out inside dst");
}

/* ---- random messages against the GMP reference ---- */

static void test_random(void) {
    enum { MESSAGES = 24 };
    static const uint8_t dst[] = "goldilocks-test-h2c";
    mpz_t X, Z, u, t, four;
    ref_point e, r;
    mpz_inits(X, Z, u, t, four, e.x, e.y, r.x, r.y, NULL);
    mpz_set_ui(four, 4);

    check_test("random messages: outputs in the prime-order subgroup (GMP), curve448 RO = image of edwards448 RO");
    for (int i = 0; i < MESSAGES; i++) {
        uint8_t msg[64], out[57], xu[56];
        size_t ml = (size_t)(check_rand64() % sizeof msg);
        check_randbytes(msg, ml);
        for (unsigned s = 0; s < 4; s++) {
            check(SUITES[s].fn(out, msg, ml, dst, sizeof dst - 1) == 0, "returned -1");
            if (SUITES[s].edwards) {
                if (!check(ref_decode(&e, out), "suite %u msg %d: output does not decode", s, i))
                    continue;
                check(!(mpz_sgn(e.x) == 0 && mpz_cmp_ui(e.y, 1) == 0), "suite %u msg %d: the neutral element", s, i);
                ref_mul(&r, L, &e);
                check(mpz_sgn(r.x) == 0 && mpz_cmp_ui(r.y, 1) == 0, "suite %u msg %d: [l]P != 0", s, i);
            } else {
                le_to_mpz(u, out, 56);
                check(mpz_cmp(u, P) < 0 && mpz_sgn(u) != 0, "suite %u msg %d: u not canonical or 0", s, i);
                mpz_add_ui(t, u, 156326);
                mpz_mul(t, t, u);
                mpz_add_ui(t, t, 1);
                mpz_mul(t, t, u);
                mpz_mod(t, t, P);
                check(mpz_legendre(t, P) == 1, "suite %u msg %d: u on the twist", s, i);
                mont_ladder(X, Z, u, L);
                check(mpz_sgn(Z) == 0, "suite %u msg %d: [l]u != infinity", s, i);
            }
        }
        /* [4] (curve448 RO) = y^2/x^2 of (edwards448 RO), same message and DST. */
        if (goldilocks_ed448_hash_to_curve(out, msg, ml, dst, sizeof dst - 1) != 0 ||
            goldilocks_x448_hash_to_curve(xu, msg, ml, dst, sizeof dst - 1) != 0 || !ref_decode(&e, out)) {
            check(0, "msg %d: RO outputs", i);
            continue;
        }
        le_to_mpz(u, xu, 56);
        mont_ladder(X, Z, u, four);
        mpz_invert(Z, Z, P);
        mpz_mul(X, X, Z);
        mpz_mod(X, X, P);
        mpz_invert(t, e.x, P);
        mpz_mul(t, t, e.y);
        mpz_mul(t, t, t);
        mpz_mod(t, t, P);
        check(mpz_cmp(X, t) == 0, "msg %d: u([4] x448_hash_to_curve) != psi(ed448_hash_to_curve)", i);
    }
    mpz_clears(X, Z, u, t, four, e.x, e.y, r.x, r.y, NULL);
}

int main(void) {
    check_init("test_h2c");
    oracle_init();

    test_expand();
    for (unsigned s = 0; s < 4; s++)
        test_suite(&SUITES[s]);
    test_exceptional();
    for (unsigned s = 0; s < 4; s++)
        test_contract(&SUITES[s]);
    test_random();
    oracle_clear();
    return check_done();
}
