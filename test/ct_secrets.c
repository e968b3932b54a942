/*
 * Constant-time check, run under valgrind memcheck (`ninja ctcheck`):
 *
 *   valgrind --error-exitcode=1 --track-origins=yes ./ct_secrets
 *
 * The secret inputs are marked undefined (VALGRIND_MAKE_MEM_UNDEFINED);
 * memcheck then reports every conditional jump, and every memory address,
 * that depends on them. Only the public outputs (public keys, signatures,
 * encodings, return values) are marked defined again, just before they are
 * compared with the RFC vectors below. Outside valgrind the marks are no-ops
 * and the program checks the same vectors.
 */
#include <stdio.h>
#include <string.h>
#include <valgrind/memcheck.h>
#include "goldilocks.h"
#include "check.h"
#include "json.h"

#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))

/* RFC 7748 section 6.2. */
static const char *const X448_ALICE_PRIVATE =
    "9a8f4925d1519f5775cf46b04b5800d4ee9ee8bae8bc5565d498c28dd9c9baf574a9419744897391006382a6f127ab1d9ac2d8c0a598726b";
static const char *const X448_ALICE_PUBLIC =
    "9b08f7cc31b7e3e67d22d5aea121074a273bd2b83de09c63faa73d2c22c5d9bbc836647241d953d40c5b12da88120d53177f80e532c41fa0";
static const char *const X448_BOB_PUBLIC =
    "3eb7a829b0cd20f5bcfc0b599b6feccf6da4627107bdb0d4f345b43027d8b972fc3e34fb4232a13ca706dcb57aec3dae07bdc1c67bf33609";
static const char *const X448_SHARED =
    "07fff4181ac6cc95ec1c16a94a0f74d12da232ce40a77552281d282bb60c0b56fd2464c335543936521c24403085d59a449a5037514a879d";

/* RFC 8032 section 7.4, "1 octet (with context)". */
static const char *const ED448_SEED =
    "c4eab05d357007c632f3dbb48489924d552b08fe0c353a0d4a1f00acda2c463afbea67c5e8d2877c5e3bc397a659949ef8021e954e0a12274e";
static const char *const ED448_PUBLIC =
    "43ba28f430cdff456ae531545f7ecd0ac834a55d9358c0372bfa0c6c6798c0866aea01eb00742802b8438ea4cb82169c235160627b4c3a9480";
static const char *const ED448_SIG =
    "d4f8f6131770dd46f40867d6fd5d5055de43541f8c5e35abbcd001b32a89f7d2151f7647f11d8ca2ae279fb842d607217fce6e042f6815ea"
    "000c85741de5c8da1144a6a1aba7f96de42505d7a7298524fda538fccbbb754f578c1cad10d54d0d5428407e85dcbc98a49155c13764e66c3c00";

/* RFC 8032 section 7.5, "TEST abc". */
static const char *const ED448PH_SEED =
    "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42ef7822e0d5104127dc05d6dbefde69e3ab2cec7c867c6e2c49";
static const char *const ED448PH_PUBLIC =
    "259b71c19f83ef77a7abd26524cbdb3161b590a48f7d17de3ee0ba9c52beb743c09428a131d6b1b57303d90d8132c276d5ed3d5d01c0f53880";
static const char *const ED448PH_SIG =
    "822f6901f7480f3d5f562c592994d9693602875614483256505600bbc281ae381f54d6bce2ea911574932f52a4e6cadd78769375ec3ffd1b"
    "801a0d9b3f4030cd433964b6457ea39476511214f97469b57dd32dbc560a9a94d00bff07620464a3ad203df7dc7ce360c3cd3696d9d9fab90f00";

/* RFC 9496 appendix A.2: the encodings of [3]B, [5]B and [15]B. */
static const char *const DECAF_3B =
    "a0c09bf2ba7208fda0f4bfe3d0f5b29a543012306d43831b5adc6fe7f8596fa308763db15468323b11cf6e4aeb8c18fe44678f44545a69bc";
static const char *const DECAF_5B =
    "1c5bbecf4741dfaae79db72dface00eaaac502c2060934b6eaaeca6a20bd3da9e0be8777f7d02033d1b15884232281a41fc7f80eed04af5e";
static const char *const DECAF_15B =
    "841981c3bfeec3f60cfeca75d9d8dc17f46cf0106f2422b59aec580a58f342272e3a5e575a055ddb051390c54c24c6ecb1e0aceb075f6056";

static void unhex(uint8_t *out, size_t len, const char *hex) {
    if (check_unhex(out, len, hex) != (int)len) {
        fprintf(stderr, "bad hex constant\n");
        check(0, "bad hex constant");
    }
}

static void test_x448(void) {
    uint8_t secret[56], peer[56], want[56], got[56];

    check_test("x448_public_key with the secret undefined");
    unhex(secret, 56, X448_ALICE_PRIVATE);
    unhex(want, 56, X448_ALICE_PUBLIC);
    SECRET(secret, sizeof secret);
    goldilocks_x448_public_key(got, secret);
    PUBLIC(got, sizeof got);
    check(memcmp(got, want, 56) == 0, "wrong public key");

    check_test("x448 with the secret undefined");
    unhex(peer, 56, X448_BOB_PUBLIC);
    unhex(want, 56, X448_SHARED);
    int rc = goldilocks_x448(got, secret, peer);
    /* The return value (low-order peer or not) and the output are results, not secrets of ours. */
    PUBLIC(&rc, sizeof rc);
    PUBLIC(got, sizeof got);
    check(rc == 0, "returned %d", rc);
    check(memcmp(got, want, 56) == 0, "wrong shared secret");
}

/* The table is public (built from the peer's public key); only the secret is marked. */
static struct goldilocks_x448_precomputed x448_table;

static void test_x448_precomputed(void) {
    uint8_t secret[56], peer[56], want[56], got[56];

    check_test("x448_precompute and x448_precomputed with the secret undefined");
    unhex(secret, 56, X448_ALICE_PRIVATE);
    unhex(peer, 56, X448_BOB_PUBLIC);
    unhex(want, 56, X448_SHARED);
    check(goldilocks_x448_precompute(&x448_table, peer) == 0, "precompute refused Bob's key");
    SECRET(secret, sizeof secret);
    int rc = goldilocks_x448_precomputed(got, secret, &x448_table);
    PUBLIC(&rc, sizeof rc);
    PUBLIC(got, sizeof got);
    check(rc == 0, "returned %d", rc);
    check(memcmp(got, want, 56) == 0, "wrong shared secret");
}

static void test_ed448(void) {
    uint8_t seed[57], pub[57], secret[114], sig[114], want_pub[57], want_sig[114];
    const uint8_t msg[1] = { 0x03 }, ctx[3] = { 'f', 'o', 'o' }, abc[3] = { 'a', 'b', 'c' };

    check_test("ed448_keypair_from_seed with the seed undefined");
    unhex(seed, 57, ED448_SEED);
    unhex(want_pub, 57, ED448_PUBLIC);
    SECRET(seed, sizeof seed);
    goldilocks_ed448_keypair_from_seed(pub, secret, seed);
    PUBLIC(pub, sizeof pub);
    PUBLIC(secret + 57, 57); /* the public half of the secret key */
    check(memcmp(pub, want_pub, 57) == 0, "wrong public key");

    check_test("ed448_sign with the seed undefined");
    unhex(want_sig, 114, ED448_SIG);
    /* secret = seed || public key: only the seed half is secret. */
    SECRET(secret, 57);
    int rc = goldilocks_ed448_sign(sig, secret, msg, sizeof msg, ctx, sizeof ctx);
    PUBLIC(&rc, sizeof rc);
    PUBLIC(sig, sizeof sig);
    check(rc == 0, "returned %d", rc);
    check(memcmp(sig, want_sig, 114) == 0, "wrong signature");

    check_test("ed448_sign_seed with the seed undefined");
    unhex(seed, 57, ED448_SEED);
    SECRET(seed, sizeof seed);
    memset(sig, 0, sizeof sig);
    rc = goldilocks_ed448_sign_seed(sig, seed, msg, sizeof msg, ctx, sizeof ctx);
    PUBLIC(&rc, sizeof rc);
    PUBLIC(sig, sizeof sig);
    check(rc == 0, "returned %d", rc);
    check(memcmp(sig, want_sig, 114) == 0, "wrong signature");

    check_test("ed448ph_sign with the seed undefined");
    unhex(seed, 57, ED448PH_SEED);
    unhex(want_pub, 57, ED448PH_PUBLIC);
    unhex(want_sig, 114, ED448PH_SIG);
    SECRET(seed, sizeof seed);
    goldilocks_ed448_keypair_from_seed(pub, secret, seed);
    PUBLIC(pub, sizeof pub);
    PUBLIC(secret + 57, 57); /* the public half of the secret key */
    check(memcmp(pub, want_pub, 57) == 0, "wrong public key");
    SECRET(secret, 57);
    rc = goldilocks_ed448ph_sign(sig, secret, abc, sizeof abc, NULL, 0);
    PUBLIC(&rc, sizeof rc);
    PUBLIC(sig, sizeof sig);
    check(rc == 0, "returned %d", rc);
    check(memcmp(sig, want_sig, 114) == 0, "wrong signature");

    /* The message of a signature is secret too (goldilocks.h: time): the stream absorbs it undefined. */
    check_test("ed448ph streaming final_sign with the seed and the message undefined");
    goldilocks_ed448ph_state st;
    uint8_t m[3];
    memcpy(m, abc, sizeof m);
    SECRET(m, sizeof m);
    SECRET(secret, 57);
    goldilocks_ed448ph_init(&st);
    goldilocks_ed448ph_update(&st, m, 1);
    goldilocks_ed448ph_update(&st, m + 1, 2);
    rc = goldilocks_ed448ph_final_sign(&st, sig, secret, NULL, 0);
    PUBLIC(&rc, sizeof rc);
    PUBLIC(sig, sizeof sig);
    check(rc == 0, "returned %d", rc);
    check(memcmp(sig, want_sig, 114) == 0, "wrong signature");
}

static void test_decaf448(void) {
    uint8_t scalar[56] = { 5 }, point[56], want[56], got[56];

    check_test("decaf448_scalarmult_base with the scalar undefined");
    unhex(want, 56, DECAF_5B);
    SECRET(scalar, sizeof scalar);
    int rc = goldilocks_decaf448_scalarmult_base(got, scalar);
    PUBLIC(&rc, sizeof rc);
    PUBLIC(got, sizeof got);
    check(rc == 0, "returned %d", rc);
    check(memcmp(got, want, 56) == 0, "[5]B is wrong");

    check_test("decaf448_scalarmult with the scalar undefined");
    unhex(point, 56, DECAF_3B);
    unhex(want, 56, DECAF_15B);
    rc = goldilocks_decaf448_scalarmult(got, point, scalar);
    PUBLIC(&rc, sizeof rc);
    PUBLIC(got, sizeof got);
    check(rc == 0, "returned %d", rc);
    check(memcmp(got, want, 56) == 0, "[5][3]B is wrong");
}

/* A "0x..." big-endian hex field element of the RFC 9380 files as 56 little-endian bytes; 0 when malformed. */
static int be_hex_to_le(uint8_t out[56], const char *hex) {
    uint8_t be[56];
    if (!hex || strncmp(hex, "0x", 2) != 0 || strlen(hex) != 2 + 112 || check_unhex(be, 56, hex + 2) != 56)
        return 0;
    for (int i = 0; i < 56; i++)
        out[i] = be[55 - i];
    return 1;
}

/*
 * The four RFC 9380 suites with the message undefined (it may be a
 * password), on every appendix J vector: the output point is public.
 */
static void test_h2c(void) {
    static const struct {
        const char *file;
        int edwards, ro;
    } suites[4] = {
        {"rfc9380_edwards448_xof_shake256_ell2_ro_.json", 1, 1},
        {"rfc9380_edwards448_xof_shake256_ell2_nu_.json", 1, 0},
        {"rfc9380_curve448_xof_shake256_ell2_ro_.json", 0, 1},
        {"rfc9380_curve448_xof_shake256_ell2_nu_.json", 0, 0},
    };
    for (int s = 0; s < 4; s++) {
        char name[160];
        snprintf(name, sizeof name, "%s with the message undefined", suites[s].file);
        check_test(name);
        json_value *v = json_load(check_vector_path(suites[s].file));
        const char *dst = json_get_str(v, "dst");
        const json_value *vec = json_get(v, "vectors");
        if (!check(v && dst && json_len(vec) == 5, "cannot read %s", suites[s].file)) {
            json_free(v);
            continue;
        }
        for (size_t i = 0; i < json_len(vec); i++) {
            const json_value *t = json_at(vec, i);
            const char *text = json_get_str(t, "msg");
            uint8_t want[57], x[56], got[57], msg[1024];
            size_t len = text ? strlen(text) : 0;
            int ok = text && len <= sizeof msg && be_hex_to_le(x, json_get_str(json_get(t, "P"), "x"));
            if (suites[s].edwards) {
                ok = ok && be_hex_to_le(want, json_get_str(json_get(t, "P"), "y"));
                want[56] = (uint8_t)((x[0] & 1) << 7);
            } else {
                memcpy(want, x, 56);
            }
            if (!check(ok, "vector %zu malformed", i))
                continue;
            memcpy(msg, text, len);
            SECRET(msg, len);
            int rc;
            if (suites[s].edwards)
                rc = suites[s].ro ? goldilocks_ed448_hash_to_curve(got, msg, len, (const uint8_t *)dst, strlen(dst))
                                  : goldilocks_ed448_encode_to_curve(got, msg, len, (const uint8_t *)dst, strlen(dst));
            else
                rc = suites[s].ro ? goldilocks_x448_hash_to_curve(got, msg, len, (const uint8_t *)dst, strlen(dst))
                                  : goldilocks_x448_encode_to_curve(got, msg, len, (const uint8_t *)dst, strlen(dst));
            PUBLIC(&rc, sizeof rc);
            PUBLIC(got, sizeof got);
            check(rc == 0, "vector %zu: returned %d", i, rc);
            check(memcmp(got, want, suites[s].edwards ? 57 : 56) == 0, "vector %zu: wrong point", i);
        }
        json_free(v);
    }
}

/* Ed448 -> X448: the converted secret is secret; X448's public key of it is the converted public key. */
static void test_convert(void) {
    uint8_t seed[57], pub[57], secret[114], xs[56], got[56], want[56];
    check_test("ed448_secret_to_x448 with the seed undefined");
    unhex(seed, 57, ED448_SEED);
    goldilocks_ed448_keypair_from_seed(pub, secret, seed);
    check(goldilocks_ed448_public_to_x448(want, pub) == 0, "public_to_x448 failed");
    SECRET(secret, 57);
    goldilocks_ed448_secret_to_x448(xs, secret);
    goldilocks_x448_public_key(got, xs);
    PUBLIC(got, sizeof got);
    check(memcmp(got, want, 56) == 0, "X448 public key of the converted secret");
}

/*
 * The typed decaf448 API: scalars (and, where the caller keeps them secret,
 * elements) undefined through a chain of operations; only the final
 * encodings and the return values are made defined.
 */
static void test_decaf448_typed(void) {
    uint8_t b5[56] = { 5 }, b3[56] = { 3 }, wide[112] = { 5 }, enc3[56], want[56], got[56], zero[56] = { 0 };
    goldilocks_decaf448_scalar a, b, c, inv, t;
    goldilocks_decaf448_point p, q, r;

    check_test("decaf448 typed scalars (from_bytes, from_wide_bytes, from_canonical_bytes, add, sub, mul, neg, "
               "invert, eq, to_bytes) with the scalars undefined");
    SECRET(b5, sizeof b5);
    SECRET(b3, sizeof b3);
    SECRET(wide, sizeof wide);
    goldilocks_decaf448_scalar_from_bytes(&a, b5);              /* a = 5 */
    int rc = goldilocks_decaf448_scalar_from_canonical_bytes(&b, b3); /* b = 3 */
    PUBLIC(&rc, sizeof rc);
    check(rc == 0, "from_canonical_bytes returned %d", rc);
    rc = goldilocks_decaf448_scalar_invert(&inv, &b);
    PUBLIC(&rc, sizeof rc);
    check(rc == 0, "invert returned %d", rc);
    goldilocks_decaf448_scalar_mul(&c, &a, &b);
    goldilocks_decaf448_scalar_mul(&c, &c, &inv);              /* 5 * 3 / 3 */
    goldilocks_decaf448_scalar_add(&c, &c, &b);
    goldilocks_decaf448_scalar_sub(&c, &c, &b);                /* + 3 - 3 */
    goldilocks_decaf448_scalar_neg(&c, &c);
    goldilocks_decaf448_scalar_neg(&c, &c);
    goldilocks_decaf448_scalar_from_wide_bytes(&t, wide);      /* 5 */
    rc = goldilocks_decaf448_scalar_eq(&c, &t);
    PUBLIC(&rc, sizeof rc);
    check(rc == 0, "the chain does not give 5 (eq %d)", rc);
    goldilocks_decaf448_scalar_to_bytes(got, &c);
    PUBLIC(got, sizeof got);
    uint8_t five[56] = { 5 };
    check(memcmp(got, five, 56) == 0, "to_bytes of the chain is not 5");
    goldilocks_decaf448_scalar_sub(&t, &t, &t);                /* 0, undefined */
    rc = goldilocks_decaf448_scalar_invert(&inv, &t);
    PUBLIC(&rc, sizeof rc);
    check(rc == -1, "invert(0) returned %d", rc);

    check_test("decaf448 typed point_scalarmult_base, point_scalarmult with the scalar undefined");
    goldilocks_decaf448_point_scalarmult_base(&p, &c);
    goldilocks_decaf448_point_encode(got, &p);
    PUBLIC(got, sizeof got);
    unhex(want, 56, DECAF_5B);
    check(memcmp(got, want, 56) == 0, "[5]G is wrong");
    unhex(enc3, 56, DECAF_3B);
    rc = goldilocks_decaf448_point_decode(&q, enc3);
    check(rc == 0, "decode [3]G returned %d", rc);
    goldilocks_decaf448_point_scalarmult(&r, &q, &c);
    goldilocks_decaf448_point_encode(got, &r);
    PUBLIC(got, sizeof got);
    unhex(want, 56, DECAF_15B);
    check(memcmp(got, want, 56) == 0, "[5][3]G is wrong");

    check_test("decaf448 typed points (decode, add, sub, neg, double, eq, from_uniform) with the elements undefined");
    SECRET(enc3, sizeof enc3);
    rc = goldilocks_decaf448_point_decode(&q, enc3);           /* [3]G */
    PUBLIC(&rc, sizeof rc);
    check(rc == 0, "decode returned %d", rc);
    goldilocks_decaf448_point_double(&r, &q);                  /* [6]G */
    goldilocks_decaf448_point_add(&r, &r, &q);                 /* [9]G */
    goldilocks_decaf448_point_neg(&p, &q);
    goldilocks_decaf448_point_sub(&r, &r, &p);                 /* [12]G */
    goldilocks_decaf448_point_add(&r, &r, &q);                 /* [15]G */
    goldilocks_decaf448_point_scalarmult_base(&p, &a);
    goldilocks_decaf448_point_scalarmult(&p, &p, &b);          /* [15]G, scalars and elements secret */
    rc = goldilocks_decaf448_point_eq(&r, &p);
    PUBLIC(&rc, sizeof rc);
    check(rc == 0, "[15]G two ways: eq returned %d", rc);
    goldilocks_decaf448_point_encode(got, &r);
    PUBLIC(got, sizeof got);
    check(memcmp(got, want, 56) == 0, "[15]G is wrong");
    uint8_t uniform[112];
    memset(uniform, 0x5c, sizeof uniform);
    goldilocks_decaf448_from_uniform(want, uniform);
    SECRET(uniform, sizeof uniform);
    goldilocks_decaf448_point_from_uniform(&p, uniform);
    goldilocks_decaf448_point_encode(got, &p);
    PUBLIC(got, sizeof got);
    check(memcmp(got, want, 56) == 0, "from_uniform differs from the byte function");

    check_test("decaf448 typed scalar_random, then [r]G + [-r]G with r undefined");
    rc = goldilocks_decaf448_scalar_random(&t);
    check(rc == 0, "random returned %d", rc);
    SECRET(&t, sizeof t);
    goldilocks_decaf448_scalar_neg(&c, &t);
    goldilocks_decaf448_point_scalarmult_base(&p, &t);
    goldilocks_decaf448_point_scalarmult_base(&q, &c);
    goldilocks_decaf448_point_add(&r, &p, &q);
    goldilocks_decaf448_point_encode(got, &r);
    PUBLIC(got, sizeof got);
    check(memcmp(got, zero, 56) == 0, "[r]G + [-r]G is not the identity");
}

int main(void) {
    check_init("ct_secrets");
    printf("running under valgrind: %s\n", RUNNING_ON_VALGRIND ? "yes" : "no (the marks are no-ops)");
    test_x448();
    test_x448_precomputed();
    test_ed448();
    test_decaf448();
    test_h2c();
    test_convert();
    test_decaf448_typed();
    return check_done();
}
