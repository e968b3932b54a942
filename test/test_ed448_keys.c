/*
 * Public-key checks, strict verification and sign_seed, against a GMP
 * reference written here from the definitions:
 *
 * - edwards448 in affine coordinates (RFC 8032 section 5.2: x^2 + y^2 =
 *   1 + d x^2 y^2, d = -39081; the complete addition law of section 5.2.4
 *   with one inversion), the decoding of section 5.2.3, and [k]P by
 *   double-and-add; a point is of prime order when [l]P = 0 and of small
 *   order when [4]P = 0;
 * - the x-only Montgomery doubling on curve448 (RFC 7748 section 5's
 *   formulas with k = 4) to tell low-order u coordinates.
 *
 * goldilocks_ed448_public_key_check and goldilocks_x448_public_key_check
 * must agree with the reference on keys, the four points of order 1, 2
 * and 4, points of mixed order P + T, random curve points, non-canonical
 * encodings (y >= p, x = 0 with the sign bit, unused bits) and points off
 * the curve. verify_strict must give verify's verdict except for small-order
 * A or R. sign_seed must equal sign with the right secret; with a wrong
 * public half, sign leaks the private scalar, solved for here.
 *
 * The SHAKE256 digests of the leak test use src/hash/shake256.h, which
 * test_shake256 checks against FIPS 202 vectors and interop_shake256
 * against OpenSSL.
 */
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "goldilocks.h"
#include "check.h"
#include "json.h"
#include "shake256.h"
#include "ed448_oracle.h"
#include "wycheproof_ed448.h"

enum { PUB = 57, SEC = 114, SIG = 114, SEED = 57, XN = 56 };

static int ref_prime_order(const ref_point *a) {
    ref_point t;
    ref_init(&t);
    ref_mul(&t, L, a);
    int ok = ref_is_identity(&t);
    ref_clear(&t);
    return ok;
}

static int ref_small_order(const ref_point *a) {
    ref_point t;
    ref_init(&t);
    ref_add(&t, a, a);
    ref_add(&t, &t, &t);
    int ok = ref_is_identity(&t);
    ref_clear(&t);
    return ok;
}

/* The verdict public_key_check must give. */
static int ref_key_ok(const uint8_t enc[PUB]) {
    ref_point a;
    ref_init(&a);
    int ok = ref_decode(&a, enc) && !ref_is_identity(&a) && ref_prime_order(&a);
    ref_clear(&a);
    return ok;
}

/* A random point of the curve (of order l, 2l or 4l), from a random y. */
static void random_curve_point(ref_point *a) {
    do
        random_mod(a->y, P);
    while (!ref_recover_x(a->x, a->y, (int)(check_rand64() & 1)));
}

/* The four points of order 1, 2, 4, 4: (0, 1), (0, -1), (1, 0), (-1, 0). */
static void torsion_point(ref_point *t, int i) {
    static const int xs[4] = {0, 0, 1, -1}, ys[4] = {1, -1, 0, 0};
    mpz_set_si(t->x, xs[i]);
    mpz_mod(t->x, t->x, P);
    mpz_set_si(t->y, ys[i]);
    mpz_mod(t->y, t->y, P);
}

static int check_key(const uint8_t enc[PUB], const char *what) {
    int want = ref_key_ok(enc) ? 0 : -1;
    int got = goldilocks_ed448_public_key_check(enc);
    check(got == want, "%s: public_key_check %d, the reference says %d", what, got, want);
    return want;
}

static void test_reference(void) {
    check_test("the GMP reference: B on the curve, [l]B = 0, the torsion points");
    ref_point b, t;
    ref_init(&b);
    ref_init(&t);
    ref_base(&b);
    check(ref_on_curve(&b), "B not on the curve");
    check(ref_prime_order(&b) && !ref_is_identity(&b), "[l]B != 0");
    uint8_t enc[PUB], pub[PUB], sec[SEC], seed[SEED] = {0};
    ref_encode(enc, &b);
    check(goldilocks_ed448_public_key_check(enc) == 0, "B rejected");
    for (int i = 0; i < 4; i++) {
        torsion_point(&t, i);
        check(ref_on_curve(&t), "torsion %d not on the curve", i);
        check(ref_small_order(&t), "torsion %d: [4]T != 0", i);
        check(i == 0 || !ref_prime_order(&t), "torsion %d of prime order", i);
    }
    /* The reference decodes the library's keys to points of prime order. */
    check_randbytes(seed, sizeof seed);
    goldilocks_ed448_keypair_from_seed(pub, sec, seed);
    check(ref_decode(&t, pub), "reference cannot decode a key");
    check(ref_prime_order(&t) && !ref_small_order(&t), "a key is not of prime order");
    ref_clear(&b);
    ref_clear(&t);
}

static void test_ed448_key_check(void) {
    check_test("ed448_public_key_check vs the GMP reference");
    ref_point a, t, s;
    ref_init(&a);
    ref_init(&t);
    ref_init(&s);
    uint8_t seed[SEED], pub[PUB], sec[SEC], enc[PUB];
    char what[96];

    /* Keys, their negations, and mixed-order points A + T. */
    long keys = check_reps_at_least(12, 4);
    for (long i = 0; i < keys; i++) {
        check_randbytes(seed, sizeof seed);
        goldilocks_ed448_keypair_from_seed(pub, sec, seed);
        check(check_key(pub, "key") == 0, "the reference rejects a key");
        memcpy(enc, pub, PUB);
        enc[56] ^= 0x80;
        check(check_key(enc, "-key") == 0, "the reference rejects -A");
        ref_decode(&a, pub);
        for (int j = 1; j < 4; j++) {
            torsion_point(&t, j);
            ref_add(&s, &a, &t);
            ref_encode(enc, &s);
            snprintf(what, sizeof what, "key + torsion %d", j);
            check(check_key(enc, what) == -1, "the reference accepts a mixed-order point");
            /* unused bits of the last byte: the same point, non-canonically */
            memcpy(enc, pub, PUB);
            enc[56] |= (uint8_t)(1u << (j - 1));
            check(check_key(enc, "key with an unused bit") == -1, "unused bit accepted by the reference");
        }
    }

    /* The four low-order points, and x = 0 with the sign bit set. */
    for (int i = 0; i < 4; i++) {
        torsion_point(&t, i);
        ref_encode(enc, &t);
        snprintf(what, sizeof what, "torsion point %d", i);
        check(check_key(enc, what) == -1, "the reference accepts a low-order point");
        if (mpz_sgn(t.x) == 0) {
            enc[56] |= 0x80;
            check(check_key(enc, "x = 0 with the sign bit") == -1, "the reference accepts -0");
        }
    }

    /* Random points of the curve: prime order with probability 1/4, the rest mixed. */
    int prime = 0, other = 0;
    long randoms = check_reps_at_least(40, 20);   /* both kinds turn up but for (3/4)^20 = 0.3% of seeds */
    for (long i = 0; i < randoms; i++) {
        random_curve_point(&a);
        ref_encode(enc, &a);
        if (check_key(enc, "random curve point") == 0)
            prime++;
        else
            other++;
    }
    check(prime > 0 && other > 0, "random points: %d of prime order, %d not", prime, other);
    /* [4]Q for random Q: always of prime order. */
    long quadrupled = check_reps_at_least(8, 4);
    for (long i = 0; i < quadrupled; i++) {
        random_curve_point(&a);
        ref_add(&a, &a, &a);
        ref_add(&a, &a, &a);
        ref_encode(enc, &a);
        check(check_key(enc, "[4]Q") == 0, "the reference rejects [4]Q");
    }

    /* Non-canonical y >= p: find points of prime order with a small y, encode y + p. */
    int found = 0, off_curve = 0;
    for (unsigned long y = 2; y < 400 && (found < 3 || off_curve < 3); y++) {
        mpz_set_ui(a.y, y);
        if (!ref_recover_x(a.x, a.y, 0)) {
            mpz_to_le(enc, PUB, a.y);
            check(check_key(enc, "y off the curve") == -1, "the reference accepts an off-curve y");
            off_curve++;
            continue;
        }
        if (!ref_prime_order(&a))
            continue;
        found++;
        ref_encode(enc, &a);
        check(check_key(enc, "small y of prime order") == 0, "the reference rejects a canonical key");
        mpz_add(s.y, a.y, P);
        mpz_to_le(enc, 56, s.y);
        snprintf(what, sizeof what, "y = p + %lu", y);
        check(check_key(enc, what) == -1, "the reference accepts y >= p");
    }
    check(found >= 3 && off_curve >= 3, "small y: %d of prime order, %d off the curve", found, off_curve);
    /* y = p, p + 1 (0 and 1 non-canonically), 2^448 - 1. */
    for (int i = 0; i < 3; i++) {
        if (i < 2) {
            mpz_add_ui(s.y, P, (unsigned long)i);
        } else {
            mpz_ui_pow_ui(s.y, 2, 448);
            mpz_sub_ui(s.y, s.y, 1);
        }
        mpz_to_le(enc, PUB, s.y);
        check(check_key(enc, "y >= p") == -1, "the reference accepts y >= p");
        enc[56] = 0x80;
        check(check_key(enc, "y >= p, sign set") == -1, "the reference accepts y >= p");
    }
    check(goldilocks_ed448_public_key_check(NULL) == -1, "NULL accepted");

    ref_clear(&a);
    ref_clear(&t);
    ref_clear(&s);
}

/* u of order dividing 4 on curve448 or its twist: [4]u = infinity by two x-only doublings. */
static int ref_u_low_order(const mpz_t u) {
    mpz_t x, z, a, b, c, t;
    mpz_inits(x, z, a, b, c, t, NULL);
    mpz_mod(x, u, P);
    mpz_set_ui(z, 1);
    for (int i = 0; i < 2; i++) {
        /* RFC 7748 section 5: AA = (x + z)^2, BB = (x - z)^2, E = AA - BB, x2 = AA BB, z2 = E (AA + a24 E) */
        mpz_add(a, x, z);
        mpz_mul(a, a, a);
        mpz_sub(b, x, z);
        mpz_mul(b, b, b);
        mpz_sub(c, a, b);
        mpz_mul(x, a, b);
        mpz_mod(x, x, P);
        mpz_mul_ui(t, c, 39081);
        mpz_add(t, t, a);
        mpz_mul(z, c, t);
        mpz_mod(z, z, P);
    }
    int low = mpz_sgn(z) == 0;
    mpz_clears(x, z, a, b, c, t, NULL);
    return low;
}

static void check_u(const mpz_t u, const char *what) {
    uint8_t enc[XN];
    mpz_to_le(enc, XN, u);
    int want = mpz_cmp(u, P) < 0 && !ref_u_low_order(u) ? 0 : -1;
    int got = goldilocks_x448_public_key_check(enc);
    check(got == want, "%s: x448_public_key_check %d, the reference says %d", what, got, want);
}

static void test_x448_key_check(void) {
    check_test("x448_public_key_check vs the GMP reference");
    mpz_t u;
    mpz_init(u);
    /* The reference finds exactly 0, 1 and p - 1 low-order among small and near-p values. */
    int lows = 0;
    for (long i = -20; i <= 20; i++) {
        mpz_set_si(u, i);
        mpz_mod(u, u, P);
        int low = ref_u_low_order(u);
        lows += low;
        check(low == (i == 0 || i == 1 || i == -1), "u = %ld: low order %d", i, low);
        check_u(u, "small or near p");
    }
    check(lows == 3, "%d low-order values", lows);
    const long offsets[] = {0, 1, 2, 5, 1000};
    for (size_t i = 0; i < sizeof offsets / sizeof offsets[0]; i++) {
        mpz_add_ui(u, P, (unsigned long)offsets[i]);
        check_u(u, "p + small");
    }
    mpz_ui_pow_ui(u, 2, 448);
    mpz_sub_ui(u, u, 1);
    check_u(u, "2^448 - 1");
    uint8_t secret[XN], pub[XN];
    for (int i = 0; i < 30; i++) {
        random_mod(u, P);
        check(!ref_u_low_order(u), "random u of low order");
        check_u(u, "random u < p");
        check_randbytes(pub, 28);
        le_to_mpz(u, pub, 28);
        mpz_add(u, u, P); /* p <= u < p + 2^224 <= 2^448 */
        check_u(u, "random u >= p");
        check_randbytes(secret, sizeof secret);
        goldilocks_x448_public_key(pub, secret);
        check(goldilocks_x448_public_key_check(pub) == 0, "a public key rejected");
    }
    check(goldilocks_x448_public_key_check(NULL) == -1, "NULL accepted");
    mpz_clear(u);
}

/* dom4(0, ctx) || R || A || M hashed and reduced mod l: the k of RFC 8032 section 5.2.6 step 4. */
static void ref_k(mpz_t k, const uint8_t r[PUB], const uint8_t a[PUB], const uint8_t *m, size_t m_len,
                  const uint8_t *ctx, size_t ctx_len, int phflag) {
    uint8_t head[10] = {'S', 'i', 'g', 'E', 'd', '4', '4', '8', (uint8_t)phflag, (uint8_t)ctx_len}, h[114];
    shake256_ctx s;
    shake256_init(&s);
    shake256_absorb(&s, head, sizeof head);
    shake256_absorb(&s, ctx, ctx_len);
    shake256_absorb(&s, r, PUB);
    shake256_absorb(&s, a, PUB);
    shake256_absorb(&s, m, m_len);
    shake256_squeeze(&s, h, sizeof h);
    le_to_mpz(k, h, sizeof h);
    mpz_mod(k, k, L);
}

/* Both verdicts; returns verify's. */
static int check_strict(const uint8_t sig[SIG], const uint8_t pub[PUB], const uint8_t *m, size_t m_len,
                        const uint8_t *ctx, size_t ctx_len, const char *what) {
    int v = goldilocks_ed448_verify(sig, pub, m, m_len, ctx, ctx_len);
    int s = goldilocks_ed448_verify_strict(sig, pub, m, m_len, ctx, ctx_len);
    ref_point a, r;
    ref_init(&a);
    ref_init(&r);
    int small = ref_decode(&a, pub) && ref_decode(&r, sig) && (ref_small_order(&a) || ref_small_order(&r));
    int want = v == 0 && !small ? 0 : -1;
    check(s == want, "%s: verify %d, verify_strict %d, small order %d", what, v, s, small);
    ref_clear(&a);
    ref_clear(&r);
    return v;
}

/* A fixed-size Wycheproof case: verify_strict's verdict is the reference's (check_strict); *arg counts them. */
static void wycheproof_strict(const wycheproof_ed448_case *c, void *arg) {
    char what[64];
    if (!c->fixed_size)
        return;
    snprintf(what, sizeof what, "Wycheproof tcId %d", c->id);
    check_strict(c->sig, c->pub, c->msg, c->msg_len, NULL, 0, what);
    ++*(size_t *)arg;
}

static void test_strict(void) {
    check_test("verify_strict: small-order A and R rejected, everything else as verify");
    ref_point a, t, b;
    ref_init(&a);
    ref_init(&t);
    ref_init(&b);
    ref_base(&b);
    uint8_t msg[40], sig[SIG], pub[PUB];
    char what[96];
    check_randbytes(msg, sizeof msg);

    /* A of small order, R = 0, S = 0: [4]0B = [4]R + [4][k]A for every message. */
    for (int i = 0; i < 4; i++) {
        torsion_point(&t, i);
        ref_encode(pub, &t);
        ref_set_ui(&a, 0, 1);
        ref_encode(sig, &a);
        memset(sig + PUB, 0, PUB);
        snprintf(what, sizeof what, "A = torsion %d, R = 0, S = 0", i);
        check(check_strict(sig, pub, msg, sizeof msg, NULL, 0, what) == 0, "%s: verify rejects", what);
        check(goldilocks_ed448ph_verify(sig, pub, msg, sizeof msg, NULL, 0) == 0, "%s: ph verify rejects", what);
        check(goldilocks_ed448ph_verify_strict(sig, pub, msg, sizeof msg, NULL, 0) == -1, "%s: ph strict", what);
    }

    /* A = [x]B of prime order, R of small order, S = k x: verifies, R is the cheat. */
    mpz_t x, k, sv;
    mpz_inits(x, k, sv, NULL);
    for (int i = 0; i < 4; i++) {
        random_mod(x, L);
        ref_mul(&a, x, &b);
        ref_encode(pub, &a);
        torsion_point(&t, i);
        ref_encode(sig, &t);
        ref_k(k, sig, pub, msg, sizeof msg, NULL, 0, 0);
        mpz_mul(sv, k, x);
        mpz_mod(sv, sv, L);
        mpz_to_le(sig + PUB, PUB, sv);
        snprintf(what, sizeof what, "R = torsion %d, S = k x", i);
        check(check_strict(sig, pub, msg, sizeof msg, NULL, 0, what) == 0, "%s: verify rejects", what);
        /* A of mixed order A + T: [4](A + T) = [4]A; a real signature under it passes both. */
        uint8_t seed[SEED], p2[PUB], sec[SEC];
        check_randbytes(seed, sizeof seed);
        goldilocks_ed448_keypair_from_seed(p2, sec, seed);
        ref_decode(&a, p2);
        ref_add(&a, &a, &t);
        ref_encode(sec + SEED, &a);
        check(goldilocks_ed448_sign(sig, sec, msg, sizeof msg, NULL, 0) == 0, "sign");
        snprintf(what, sizeof what, "A + torsion %d, signed", i);
        check(check_strict(sig, sec + SEED, msg, sizeof msg, NULL, 0, what) == 0, "%s: verify rejects", what);
    }
    mpz_clears(x, k, sv, NULL);

    /* RFC 8032 and Wycheproof: the same verdict except for small order. */
    json_value *v = json_load(check_vector_path("rfc8032_ed448.json"));
    if (check(v != NULL, "cannot read rfc8032_ed448.json")) {
        const json_value *vec = json_get(v, "vectors");
        for (size_t i = 0; i < json_len(vec); i++) {
            const json_value *c = json_at(vec, i);
            uint8_t *m, *ctx;
            int mlen = check_unhex_alloc(&m, json_get_str(c, "message"));
            int clen = check_unhex_alloc(&ctx, json_get_str(c, "context"));
            check(check_unhex(pub, PUB, json_get_str(c, "public_key")) == PUB, "pub hex");
            check(check_unhex(sig, SIG, json_get_str(c, "signature")) == SIG, "sig hex");
            if (strcmp(json_get_str(c, "algorithm"), "Ed448ph") == 0) {
                int r = goldilocks_ed448ph_verify(sig, pub, m, (size_t)mlen, ctx, (size_t)clen);
                int s = goldilocks_ed448ph_verify_strict(sig, pub, m, (size_t)mlen, ctx, (size_t)clen);
                check(r == 0 && s == 0, "%s: ph verify %d, strict %d", json_get_str(c, "name"), r, s);
            } else {
                check(check_strict(sig, pub, m, (size_t)mlen, ctx, (size_t)clen, json_get_str(c, "name")) == 0,
                      "%s rejected", json_get_str(c, "name"));
            }
            free(m);
            free(ctx);
        }
    }
    json_free(v);
    size_t total = 0;
    wycheproof_ed448_each(wycheproof_strict, &total);
    check(total > 60, "only %zu Wycheproof cases of the right sizes", total);

    uint8_t seed[SEED], sec[SEC];
    check_randbytes(seed, sizeof seed);
    goldilocks_ed448_keypair_from_seed(pub, sec, seed);
    check(goldilocks_ed448_sign(sig, sec, msg, sizeof msg, NULL, 0) == 0, "sign");
    check(goldilocks_ed448_verify_strict(sig, pub, msg, sizeof msg, NULL, 0) == 0, "strict rejects a signature");
    check(goldilocks_ed448_verify_strict(sig, pub, msg, sizeof msg - 1, NULL, 0) == -1, "strict: wrong message");
    check(goldilocks_ed448_verify_strict(sig, pub, NULL, 1, NULL, 0) == -1, "strict: NULL message of length 1");
    check(goldilocks_ed448_verify_strict(sig, pub, msg, sizeof msg, NULL, 256) == -1, "strict: context 256");
    check(goldilocks_ed448_verify_strict(NULL, pub, msg, sizeof msg, NULL, 0) == -1, "strict: NULL sig");
    check(goldilocks_ed448_verify_strict(sig, NULL, msg, sizeof msg, NULL, 0) == -1, "strict: NULL pub");
    ref_clear(&a);
    ref_clear(&t);
    ref_clear(&b);
}

/* The clamped secret scalar of a seed (RFC 8032 section 5.2.5), mod l. */
static void ref_seed_scalar(mpz_t s, const uint8_t seed[SEED]) {
    uint8_t h[114];
    shake256(h, sizeof h, seed, SEED);
    h[0] &= 0xfc;
    h[55] |= 0x80;
    h[56] = 0;
    le_to_mpz(s, h, 57);
    mpz_mod(s, s, L);
}

static void test_sign_seed(void) {
    check_test("sign_seed = sign with the right public half (random seeds, RFC 8032)");
    uint8_t seed[SEED], pub[PUB], sec[SEC], sig[SIG], sig2[SIG], msg[300], ctx[40];
    for (int i = 0; i < 30; i++) {
        check_randbytes(seed, sizeof seed);
        check_randbytes(msg, sizeof msg);
        check_randbytes(ctx, sizeof ctx);
        size_t mlen = (size_t)(check_rand64() % sizeof msg), clen = (size_t)(check_rand64() % sizeof ctx);
        goldilocks_ed448_keypair_from_seed(pub, sec, seed);
        check(goldilocks_ed448_sign(sig, sec, msg, mlen, ctx, clen) == 0, "sign");
        memset(sig2, (int)i, SIG);
        check(goldilocks_ed448_sign_seed(sig2, seed, msg, mlen, ctx, clen) == 0, "sign_seed");
        check(memcmp(sig, sig2, SIG) == 0, "sign_seed != sign (mlen %zu clen %zu)", mlen, clen);
        check(goldilocks_ed448_verify(sig2, pub, msg, mlen, ctx, clen) == 0, "sign_seed's signature rejected");
    }
    check(goldilocks_ed448_sign_seed(sig, seed, NULL, 0, NULL, 0) == 0, "sign_seed of NULL, 0");
    check(goldilocks_ed448_verify(sig, pub, NULL, 0, NULL, 0) == 0, "sign_seed of NULL, 0 rejected");
    memset(sig, 0x77, SIG);
    uint8_t zero[SIG] = {0};
    check(goldilocks_ed448_sign_seed(sig, seed, NULL, 1, NULL, 0) == -1 && memcmp(sig, zero, SIG) == 0,
          "sign_seed: NULL message of length 1");
    memset(sig, 0x77, SIG);
    check(goldilocks_ed448_sign_seed(sig, seed, msg, 1, ctx, 256) == -1 && memcmp(sig, zero, SIG) == 0,
          "sign_seed: context of 256 bytes");
    memset(sig, 0x77, SIG);
    check(goldilocks_ed448_sign_seed(sig, NULL, msg, 1, NULL, 0) == -1 && memcmp(sig, zero, SIG) == 0,
          "sign_seed: NULL seed");

    json_value *v = json_load(check_vector_path("rfc8032_ed448.json"));
    int n = 0;
    if (check(v != NULL, "cannot read rfc8032_ed448.json")) {
        const json_value *vec = json_get(v, "vectors");
        for (size_t i = 0; i < json_len(vec); i++) {
            const json_value *c = json_at(vec, i);
            if (strcmp(json_get_str(c, "algorithm"), "Ed448") != 0)
                continue;
            uint8_t want[SIG], *m, *cx;
            int mlen = check_unhex_alloc(&m, json_get_str(c, "message"));
            int clen = check_unhex_alloc(&cx, json_get_str(c, "context"));
            check(check_unhex(seed, SEED, json_get_str(c, "secret_key")) == SEED, "seed hex");
            check(check_unhex(want, SIG, json_get_str(c, "signature")) == SIG, "sig hex");
            check(goldilocks_ed448_sign_seed(sig, seed, m, (size_t)mlen, cx, (size_t)clen) == 0, "sign_seed");
            check(memcmp(sig, want, SIG) == 0, "%s: sign_seed differs from RFC 8032", json_get_str(c, "name"));
            n++;
            free(m);
            free(cx);
        }
    }
    check(n == 9, "%d Ed448 vectors, expected 9", n);
    json_free(v);

    check_test("sign with a wrong public half leaks the scalar; sign_seed does not depend on it");
    mpz_t s1, s2, k1, k2, x, want_x;
    mpz_inits(s1, s2, k1, k2, x, want_x, NULL);
    for (int i = 0; i < 5; i++) {
        uint8_t other[SEED], pub2[PUB], sec2[SEC], sig_a[SIG], sig_b[SIG];
        check_randbytes(seed, sizeof seed);
        check_randbytes(other, sizeof other);
        check_randbytes(msg, 64);
        goldilocks_ed448_keypair_from_seed(pub, sec, seed);
        goldilocks_ed448_keypair_from_seed(pub2, sec2, other);
        memcpy(sec2, seed, SEED); /* the right seed, another key's public half */
        check(goldilocks_ed448_sign(sig_a, sec, msg, 64, ctx, 3) == 0, "sign");
        check(goldilocks_ed448_sign(sig_b, sec2, msg, 64, ctx, 3) == 0, "sign");
        check(memcmp(sig_a, sig_b, PUB) == 0, "R depends on the public half");
        /* S1 - S2 = (k1 - k2) x mod l */
        le_to_mpz(s1, sig_a + PUB, PUB);
        le_to_mpz(s2, sig_b + PUB, PUB);
        ref_k(k1, sig_a, pub, msg, 64, ctx, 3, 0);
        ref_k(k2, sig_b, pub2, msg, 64, ctx, 3, 0);
        mpz_sub(s1, s1, s2);
        mpz_sub(k1, k1, k2);
        mpz_mod(k1, k1, L);
        check(mpz_invert(k1, k1, L) != 0, "k1 = k2");
        mpz_mul(x, s1, k1);
        mpz_mod(x, x, L);
        ref_seed_scalar(want_x, seed);
        check(mpz_cmp(x, want_x) == 0, "the scalar solved from two signatures is not the seed's");
        /* A signature made with the solved scalar verifies: the key is really lost. */
        ref_point b, a;
        ref_init(&b);
        ref_init(&a);
        ref_base(&b);
        ref_mul(&a, x, &b);
        uint8_t enc[PUB];
        ref_encode(enc, &a);
        check(memcmp(enc, pub, PUB) == 0, "[x]B is not the public key");
        ref_clear(&b);
        ref_clear(&a);

        /* sign_seed gives the right signature whatever the buffer held, twice. */
        memset(sig_b, 0xff, SIG);
        check(goldilocks_ed448_sign_seed(sig_b, seed, msg, 64, ctx, 3) == 0, "sign_seed");
        check(memcmp(sig_a, sig_b, SIG) == 0, "sign_seed != sign with the right public half");
        memcpy(sig_b, sec2, SIG); /* the bad secret in the output buffer changes nothing */
        check(goldilocks_ed448_sign_seed(sig_b, seed, msg, 64, ctx, 3) == 0, "sign_seed");
        check(memcmp(sig_a, sig_b, SIG) == 0, "sign_seed depends on the output buffer");
    }
    mpz_clears(s1, s2, k1, k2, x, want_x, NULL);

    check_test("keypair_from_seed with pub over the seed (reads the seed first)");
    uint8_t buf[SEED], want_pub[PUB], want_sec[SEC];
    check_randbytes(seed, sizeof seed);
    goldilocks_ed448_keypair_from_seed(want_pub, want_sec, seed);
    memcpy(buf, seed, SEED);
    goldilocks_ed448_keypair_from_seed(buf, sec, buf);
    check(memcmp(buf, want_pub, PUB) == 0 && memcmp(sec, want_sec, SEC) == 0, "pub written over the seed");
}

int main(void) {
    check_init("test_ed448_keys");
    oracle_init();
    test_reference();
    test_ed448_key_check();
    test_x448_key_check();
    test_strict();
    test_sign_seed();
    mpz_clears(P, D, L, SQRT_EXP, NULL);
    return check_done();
}
