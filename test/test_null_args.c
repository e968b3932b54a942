/*
 * The NULL contract of include/goldilocks.h, for every pointer parameter of
 * every public function:
 *
 * - msg, ctx, data NULL with length 0 is the empty string: the same result
 *   as a valid pointer with length 0 (and, for the signers, a signature
 *   that verifies);
 * - NULL with a nonzero length: -1, every output all zero, no crash;
 * - a NULL fixed-size argument: -1 (int functions) and every non-NULL
 *   output all zero; void functions zero their non-NULL outputs.
 *
 * Outputs are pre-filled with 0xAA so that "all zero" is really checked.
 * The hash-to-curve functions take msg as above; their dst must not be
 * empty (RFC 9380 section 3.1), so dst_len 0 fails whether dst is NULL or
 * not, and a NULL dst with a nonzero length (oversize or not) fails too.
 * The streaming Ed448ph: update(st, NULL, 5) marks the state failed, so
 * final fails (and wipes the state: it is then as after init).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "goldilocks.h"
#include "check.h"

static void fill(uint8_t *p, size_t n) { memset(p, 0xAA, n); }

/* A non-NULL pointer to no bytes that are ever read (length 0). */
static const uint8_t EMPTY[1] = {0x42};

static uint8_t seed[57], secret[114], pub[57], msg[64], ctx[16];

static void test_misc(void) {
    check_test("goldilocks_version is GOLDILOCKS_VERSION_STRING");
    const char *v = goldilocks_version();
    check(v && strcmp(v, GOLDILOCKS_VERSION_STRING) == 0, "version \"%s\", header says \"%s\"", v ? v : "(null)",
          GOLDILOCKS_VERSION_STRING);
}

static void test_x448(void) {
    uint8_t s[56], p[56], out[56], out2[56];
    check_randbytes(s, 56);
    goldilocks_x448_public_key(p, s);

    check_test("x448_public_key(NULL, secret) and (pub, NULL)");
    goldilocks_x448_public_key(NULL, s); /* nothing to zero, must not crash */
    fill(out, 56);
    goldilocks_x448_public_key(out, NULL);
    check(check_all_zero(out, 56), "pub not zeroed for a NULL secret");

    check_test("x448 with each argument NULL");
    check(goldilocks_x448(NULL, s, p) == -1, "NULL shared: not -1");
    fill(out, 56);
    check(goldilocks_x448(out, NULL, p) == -1 && check_all_zero(out, 56), "NULL secret: not -1 with a zero output");
    fill(out, 56);
    check(goldilocks_x448(out, s, NULL) == -1 && check_all_zero(out, 56), "NULL peer: not -1 with a zero output");
    fill(out, 56);
    check(goldilocks_x448(out, NULL, NULL) == -1 && check_all_zero(out, 56), "NULL secret and peer");
    /* and the non-NULL call still works */
    check(goldilocks_x448(out2, s, p) == 0, "valid call failed");

    check_test("x448_keypair with each output NULL");
    fill(out, 56);
    check(goldilocks_x448_keypair(NULL, out) == -1 && check_all_zero(out, 56), "NULL pub: not -1 with a zero secret");
    fill(out, 56);
    check(goldilocks_x448_keypair(out, NULL) == -1 && check_all_zero(out, 56), "NULL secret: not -1 with a zero pub");
    check(goldilocks_x448_keypair(NULL, NULL) == -1, "both NULL: not -1");

    check_test("x448_public_key_check(NULL)");
    check(goldilocks_x448_public_key_check(NULL) == -1, "NULL accepted");
    check(goldilocks_x448_public_key_check(p) == 0, "a real public key refused");
}

static void test_ed448_keys(void) {
    uint8_t o_pub[57], o_sec[114], want_pub[57], want_sec[114];
    goldilocks_ed448_keypair_from_seed(want_pub, want_sec, seed);

    check_test("ed448_keypair_from_seed with each argument NULL");
    fill(o_sec, 114);
    goldilocks_ed448_keypair_from_seed(NULL, o_sec, seed);
    check(check_all_zero(o_sec, 114), "NULL pub: secret not zeroed");
    fill(o_pub, 57);
    goldilocks_ed448_keypair_from_seed(o_pub, NULL, seed);
    check(check_all_zero(o_pub, 57), "NULL secret: pub not zeroed");
    fill(o_pub, 57);
    fill(o_sec, 114);
    goldilocks_ed448_keypair_from_seed(o_pub, o_sec, NULL);
    check(check_all_zero(o_pub, 57) && check_all_zero(o_sec, 114), "NULL seed: outputs not zeroed");
    goldilocks_ed448_keypair_from_seed(NULL, NULL, NULL);
    goldilocks_ed448_keypair_from_seed(o_pub, o_sec, seed);
    check(memcmp(o_pub, want_pub, 57) == 0 && memcmp(o_sec, want_sec, 114) == 0, "valid call differs");

    check_test("ed448_keypair with each output NULL");
    fill(o_sec, 114);
    check(goldilocks_ed448_keypair(NULL, o_sec) == -1 && check_all_zero(o_sec, 114), "NULL pub: not -1 with zero secret");
    fill(o_pub, 57);
    check(goldilocks_ed448_keypair(o_pub, NULL) == -1 && check_all_zero(o_pub, 57), "NULL secret: not -1 with zero pub");
    check(goldilocks_ed448_keypair(NULL, NULL) == -1, "both NULL: not -1");

    check_test("ed448_public_key_check(NULL)");
    check(goldilocks_ed448_public_key_check(NULL) == -1, "NULL accepted");
    check(goldilocks_ed448_public_key_check(pub) == 0, "a real public key refused");
}

/* The one-shot signers and verifiers in one shape. */
typedef int (*sign_fn)(uint8_t *, const uint8_t *, const uint8_t *, size_t, const uint8_t *, size_t);
typedef int (*verify_fn)(const uint8_t *, const uint8_t *, const uint8_t *, size_t, const uint8_t *, size_t);

static void test_signer(const char *name, sign_fn sign, const uint8_t *key, verify_fn verify) {
    uint8_t sig[114], want[114];
    char title[128];

    snprintf(title, sizeof title, "%s: msg or ctx NULL with length 0 is the empty string", name);
    check_test(title);
    check(sign(want, key, EMPTY, 0, EMPTY, 0) == 0, "valid empty call failed");
    check(verify(want, pub, EMPTY, 0, EMPTY, 0) == 0, "its signature does not verify");
    fill(sig, 114);
    check(sign(sig, key, NULL, 0, EMPTY, 0) == 0 && memcmp(sig, want, 114) == 0, "msg NULL, 0 differs");
    fill(sig, 114);
    check(sign(sig, key, EMPTY, 0, NULL, 0) == 0 && memcmp(sig, want, 114) == 0, "ctx NULL, 0 differs");
    fill(sig, 114);
    check(sign(sig, key, NULL, 0, NULL, 0) == 0 && memcmp(sig, want, 114) == 0, "both NULL, 0 differs");
    /* with a context and no message, and the other way round */
    check(sign(want, key, EMPTY, 0, ctx, sizeof ctx) == 0, "valid call failed");
    check(sign(sig, key, NULL, 0, ctx, sizeof ctx) == 0 && memcmp(sig, want, 114) == 0, "msg NULL, 0 with ctx");
    check(sign(want, key, msg, sizeof msg, EMPTY, 0) == 0, "valid call failed");
    check(sign(sig, key, msg, sizeof msg, NULL, 0) == 0 && memcmp(sig, want, 114) == 0, "ctx NULL, 0 with msg");

    snprintf(title, sizeof title, "%s: NULL with a nonzero length, NULL sig or key", name);
    check_test(title);
    fill(sig, 114);
    check(sign(sig, key, NULL, 5, ctx, sizeof ctx) == -1 && check_all_zero(sig, 114), "msg NULL, 5: not -1 with zero sig");
    fill(sig, 114);
    check(sign(sig, key, msg, sizeof msg, NULL, 5) == -1 && check_all_zero(sig, 114), "ctx NULL, 5: not -1 with zero sig");
    fill(sig, 114);
    check(sign(sig, key, NULL, 1, NULL, 1) == -1 && check_all_zero(sig, 114), "both NULL, 1: not -1 with zero sig");
    fill(sig, 114);
    check(sign(sig, NULL, msg, sizeof msg, ctx, sizeof ctx) == -1 && check_all_zero(sig, 114),
          "NULL key: not -1 with zero sig");
    check(sign(NULL, key, msg, sizeof msg, ctx, sizeof ctx) == -1, "NULL sig: not -1");
    check(sign(NULL, NULL, NULL, 3, NULL, 3) == -1, "all NULL: not -1");
    fill(sig, 114);
    check(sign(sig, key, NULL, SIZE_MAX, ctx, sizeof ctx) == -1 && check_all_zero(sig, 114),
          "msg NULL, SIZE_MAX: not -1 with zero sig");
}

static void test_verifier(const char *name, verify_fn verify, sign_fn sign) {
    uint8_t sig_empty[114], sig_msg[114], sig_ctx[114];
    char title[128];
    if (sign(sig_empty, secret, EMPTY, 0, EMPTY, 0) != 0 || sign(sig_msg, secret, msg, sizeof msg, EMPTY, 0) != 0 ||
        sign(sig_ctx, secret, EMPTY, 0, ctx, sizeof ctx) != 0)
        check(0, "%s: could not sign", name);

    snprintf(title, sizeof title, "%s: msg or ctx NULL with length 0 is the empty string", name);
    check_test(title);
    check(verify(sig_empty, pub, EMPTY, 0, EMPTY, 0) == 0, "valid pointers: refused");
    check(verify(sig_empty, pub, NULL, 0, EMPTY, 0) == 0, "msg NULL, 0: refused");
    check(verify(sig_empty, pub, EMPTY, 0, NULL, 0) == 0, "ctx NULL, 0: refused");
    check(verify(sig_empty, pub, NULL, 0, NULL, 0) == 0, "both NULL, 0: refused");
    check(verify(sig_msg, pub, msg, sizeof msg, NULL, 0) == 0, "ctx NULL, 0 with a message: refused");
    check(verify(sig_ctx, pub, NULL, 0, ctx, sizeof ctx) == 0, "msg NULL, 0 with a context: refused");
    /* still a real verification: the wrong signature is refused with NULL, 0 too */
    check(verify(sig_msg, pub, NULL, 0, NULL, 0) == -1, "msg NULL, 0 accepts another message's signature");

    snprintf(title, sizeof title, "%s: NULL with a nonzero length, NULL sig or pub", name);
    check_test(title);
    check(verify(sig_msg, pub, NULL, sizeof msg, NULL, 0) == -1, "msg NULL, nonzero: not -1");
    check(verify(sig_ctx, pub, NULL, 0, NULL, sizeof ctx) == -1, "ctx NULL, nonzero: not -1");
    check(verify(NULL, pub, msg, sizeof msg, NULL, 0) == -1, "NULL sig: not -1");
    check(verify(sig_msg, NULL, msg, sizeof msg, NULL, 0) == -1, "NULL pub: not -1");
    check(verify(NULL, NULL, NULL, 1, NULL, 1) == -1, "all NULL: not -1");
    check(verify(sig_msg, pub, NULL, SIZE_MAX, NULL, 0) == -1, "msg NULL, SIZE_MAX: not -1");
}

static int sign_secret(uint8_t *sig, const uint8_t *key, const uint8_t *m, size_t ml, const uint8_t *c, size_t cl) {
    return goldilocks_ed448_sign(sig, key, m, ml, c, cl);
}
static int sign_seed(uint8_t *sig, const uint8_t *key, const uint8_t *m, size_t ml, const uint8_t *c, size_t cl) {
    return goldilocks_ed448_sign_seed(sig, key, m, ml, c, cl);
}
static int ph_sign(uint8_t *sig, const uint8_t *key, const uint8_t *m, size_t ml, const uint8_t *c, size_t cl) {
    return goldilocks_ed448ph_sign(sig, key, m, ml, c, cl);
}
/* The streaming signer on the whole message in one update. */
static int ph_stream_sign(uint8_t *sig, const uint8_t *key, const uint8_t *m, size_t ml, const uint8_t *c, size_t cl) {
    goldilocks_ed448ph_state st;
    goldilocks_ed448ph_init(&st);
    goldilocks_ed448ph_update(&st, m, ml);
    return goldilocks_ed448ph_final_sign(&st, sig, key, c, cl);
}
static int verify(const uint8_t *sig, const uint8_t *k, const uint8_t *m, size_t ml, const uint8_t *c, size_t cl) {
    return goldilocks_ed448_verify(sig, k, m, ml, c, cl);
}
static int verify_strict(const uint8_t *sig, const uint8_t *k, const uint8_t *m, size_t ml, const uint8_t *c,
                         size_t cl) {
    return goldilocks_ed448_verify_strict(sig, k, m, ml, c, cl);
}
static int ph_verify(const uint8_t *sig, const uint8_t *k, const uint8_t *m, size_t ml, const uint8_t *c, size_t cl) {
    return goldilocks_ed448ph_verify(sig, k, m, ml, c, cl);
}
static int ph_verify_strict(const uint8_t *sig, const uint8_t *k, const uint8_t *m, size_t ml, const uint8_t *c,
                            size_t cl) {
    return goldilocks_ed448ph_verify_strict(sig, k, m, ml, c, cl);
}
static int ph_stream_verify(const uint8_t *sig, const uint8_t *k, const uint8_t *m, size_t ml, const uint8_t *c,
                            size_t cl) {
    goldilocks_ed448ph_state st;
    goldilocks_ed448ph_init(&st);
    goldilocks_ed448ph_update(&st, m, ml);
    return goldilocks_ed448ph_final_verify(&st, sig, k, c, cl);
}

static void test_prehashed(void) {
    uint8_t ph[64], sig[114], want[114];
    check_randbytes(ph, sizeof ph);

    check_test("ed448ph_sign_prehashed: ctx NULL with length 0, and NULL arguments");
    check(goldilocks_ed448ph_sign_prehashed(want, secret, ph, EMPTY, 0) == 0, "valid call failed");
    fill(sig, 114);
    check(goldilocks_ed448ph_sign_prehashed(sig, secret, ph, NULL, 0) == 0 && memcmp(sig, want, 114) == 0,
          "ctx NULL, 0 differs");
    fill(sig, 114);
    check(goldilocks_ed448ph_sign_prehashed(sig, secret, ph, NULL, 3) == -1 && check_all_zero(sig, 114),
          "ctx NULL, 3: not -1 with zero sig");
    fill(sig, 114);
    check(goldilocks_ed448ph_sign_prehashed(sig, secret, NULL, ctx, sizeof ctx) == -1 && check_all_zero(sig, 114),
          "NULL ph: not -1 with zero sig");
    fill(sig, 114);
    check(goldilocks_ed448ph_sign_prehashed(sig, NULL, ph, ctx, sizeof ctx) == -1 && check_all_zero(sig, 114),
          "NULL secret: not -1 with zero sig");
    check(goldilocks_ed448ph_sign_prehashed(NULL, secret, ph, ctx, sizeof ctx) == -1, "NULL sig: not -1");

    check_test("ed448ph_verify_prehashed: ctx NULL with length 0, and NULL arguments");
    check(goldilocks_ed448ph_verify_prehashed(want, pub, ph, EMPTY, 0) == 0, "valid pointers: refused");
    check(goldilocks_ed448ph_verify_prehashed(want, pub, ph, NULL, 0) == 0, "ctx NULL, 0: refused");
    check(goldilocks_ed448ph_verify_prehashed(want, pub, ph, NULL, 3) == -1, "ctx NULL, 3: not -1");
    check(goldilocks_ed448ph_verify_prehashed(want, pub, NULL, NULL, 0) == -1, "NULL ph: not -1");
    check(goldilocks_ed448ph_verify_prehashed(want, NULL, ph, NULL, 0) == -1, "NULL pub: not -1");
    check(goldilocks_ed448ph_verify_prehashed(NULL, pub, ph, NULL, 0) == -1, "NULL sig: not -1");
}

static void test_stream(void) {
    goldilocks_ed448ph_state st, fresh;
    uint8_t sig[114], want[114], want_empty[114];
    if (goldilocks_ed448ph_sign(want, secret, msg, sizeof msg, ctx, sizeof ctx) != 0 ||
        goldilocks_ed448ph_sign(want_empty, secret, EMPTY, 0, ctx, sizeof ctx) != 0)
        check(0, "ed448ph_sign failed");

    check_test("ed448ph streaming: NULL state never dereferenced");
    goldilocks_ed448ph_init(NULL);
    goldilocks_ed448ph_update(NULL, msg, sizeof msg);
    goldilocks_ed448ph_update(NULL, NULL, 5);
    fill(sig, 114);
    check(goldilocks_ed448ph_final_sign(NULL, sig, secret, ctx, sizeof ctx) == -1 && check_all_zero(sig, 114),
          "final_sign(NULL state): not -1 with zero sig");
    check(goldilocks_ed448ph_final_verify(NULL, want, pub, ctx, sizeof ctx) == -1, "final_verify(NULL state): not -1");

    check_test("ed448ph streaming: update(st, NULL, 0) is the empty string");
    goldilocks_ed448ph_init(&st);
    goldilocks_ed448ph_update(&st, NULL, 0);
    goldilocks_ed448ph_update(&st, msg, 10);
    goldilocks_ed448ph_update(&st, NULL, 0);
    goldilocks_ed448ph_update(&st, msg + 10, sizeof msg - 10);
    fill(sig, 114);
    check(goldilocks_ed448ph_final_sign(&st, sig, secret, ctx, sizeof ctx) == 0 && memcmp(sig, want, 114) == 0,
          "signature differs from ed448ph_sign");
    goldilocks_ed448ph_init(&st);
    goldilocks_ed448ph_update(&st, NULL, 0);
    check(goldilocks_ed448ph_final_verify(&st, want_empty, pub, ctx, sizeof ctx) == 0,
          "empty message's signature refused");

    check_test("ed448ph streaming: update(st, NULL, 5) makes final fail");
    goldilocks_ed448ph_init(&st);
    goldilocks_ed448ph_update(&st, msg, sizeof msg);
    goldilocks_ed448ph_update(&st, NULL, 5);
    fill(sig, 114);
    check(goldilocks_ed448ph_final_sign(&st, sig, secret, ctx, sizeof ctx) == -1 && check_all_zero(sig, 114),
          "final_sign after update(NULL, 5): not -1 with zero sig");
    /* final wiped the state: it is as after init, so it now signs the empty message */
    fill(sig, 114);
    check(goldilocks_ed448ph_final_sign(&st, sig, secret, ctx, sizeof ctx) == 0 && memcmp(sig, want_empty, 114) == 0,
          "after a failed final the state is not as after init");
    goldilocks_ed448ph_init(&st);
    goldilocks_ed448ph_update(&st, NULL, 5);
    goldilocks_ed448ph_update(&st, msg, sizeof msg); /* a later good update does not clear the failure */
    check(goldilocks_ed448ph_final_verify(&st, want, pub, ctx, sizeof ctx) == -1,
          "final_verify after update(NULL, 5): not -1");
    fill(sig, 114);
    check(goldilocks_ed448ph_final_sign(&st, sig, secret, ctx, sizeof ctx) == 0 && memcmp(sig, want_empty, 114) == 0,
          "after a failed final_verify the state is not as after init");
    /* a forked failed state fails too (the mark lives in the state) */
    goldilocks_ed448ph_init(&st);
    goldilocks_ed448ph_update(&st, NULL, 1);
    memcpy(&fresh, &st, sizeof st);
    fill(sig, 114);
    check(goldilocks_ed448ph_final_sign(&fresh, sig, secret, ctx, sizeof ctx) == -1 && check_all_zero(sig, 114),
          "a copy of a failed state signs");
    check(goldilocks_ed448ph_final_sign(&st, sig, secret, ctx, sizeof ctx) == -1, "failed state signs");

    check_test("ed448ph streaming: NULL sig, secret, pub, ctx in final");
    goldilocks_ed448ph_init(&st);
    goldilocks_ed448ph_update(&st, msg, sizeof msg);
    memcpy(&fresh, &st, sizeof st);
    check(goldilocks_ed448ph_final_sign(&st, NULL, secret, ctx, sizeof ctx) == -1, "NULL sig: not -1");
    memcpy(&st, &fresh, sizeof st);
    fill(sig, 114);
    check(goldilocks_ed448ph_final_sign(&st, sig, NULL, ctx, sizeof ctx) == -1 && check_all_zero(sig, 114),
          "NULL secret: not -1 with zero sig");
    memcpy(&st, &fresh, sizeof st);
    fill(sig, 114);
    check(goldilocks_ed448ph_final_sign(&st, sig, secret, NULL, 4) == -1 && check_all_zero(sig, 114),
          "ctx NULL, 4: not -1 with zero sig");
    memcpy(&st, &fresh, sizeof st);
    check(goldilocks_ed448ph_final_verify(&st, NULL, pub, ctx, sizeof ctx) == -1, "verify NULL sig: not -1");
    memcpy(&st, &fresh, sizeof st);
    check(goldilocks_ed448ph_final_verify(&st, want, NULL, ctx, sizeof ctx) == -1, "verify NULL pub: not -1");
    memcpy(&st, &fresh, sizeof st);
    check(goldilocks_ed448ph_final_verify(&st, want, pub, NULL, 4) == -1, "verify ctx NULL, 4: not -1");
    memcpy(&st, &fresh, sizeof st);
    check(goldilocks_ed448ph_final_verify(&st, want, pub, ctx, sizeof ctx) == 0, "the forked state refuses");
    uint8_t want_noctx[114];
    if (goldilocks_ed448ph_sign(want_noctx, secret, msg, sizeof msg, EMPTY, 0) != 0)
        check(0, "ed448ph_sign failed");
    memcpy(&st, &fresh, sizeof st);
    fill(sig, 114);
    check(goldilocks_ed448ph_final_sign(&st, sig, secret, NULL, 0) == 0 && memcmp(sig, want_noctx, 114) == 0,
          "ctx NULL, 0 differs");
    memcpy(&st, &fresh, sizeof st);
    check(goldilocks_ed448ph_final_verify(&st, want_noctx, pub, NULL, 0) == 0, "verify ctx NULL, 0 refuses");
}

static void test_decaf448(void) {
    uint8_t k[56], u[113], p[56], q[56], out[56];
    check_randbytes(k, 56);
    check_randbytes(u, sizeof u);
    goldilocks_decaf448_from_uniform(p, u);
    goldilocks_decaf448_from_uniform(q, u + 1);

    check_test("decaf448_validate(NULL)");
    check(goldilocks_decaf448_validate(NULL) == -1, "NULL accepted");
    check(goldilocks_decaf448_validate(p) == 0, "a valid encoding refused");

    check_test("decaf448_scalarmult_base with each argument NULL");
    check(goldilocks_decaf448_scalarmult_base(NULL, k) == -1, "NULL out: not -1");
    fill(out, 56);
    check(goldilocks_decaf448_scalarmult_base(out, NULL) == -1 && check_all_zero(out, 56), "NULL scalar: not -1, zero out");

    check_test("decaf448_scalarmult with each argument NULL");
    check(goldilocks_decaf448_scalarmult(NULL, p, k) == -1, "NULL out: not -1");
    fill(out, 56);
    check(goldilocks_decaf448_scalarmult(out, NULL, k) == -1 && check_all_zero(out, 56), "NULL point: not -1, zero out");
    fill(out, 56);
    check(goldilocks_decaf448_scalarmult(out, p, NULL) == -1 && check_all_zero(out, 56), "NULL scalar: not -1, zero out");

    check_test("decaf448_add with each argument NULL");
    check(goldilocks_decaf448_add(NULL, p, q) == -1, "NULL out: not -1");
    fill(out, 56);
    check(goldilocks_decaf448_add(out, NULL, q) == -1 && check_all_zero(out, 56), "NULL a: not -1, zero out");
    fill(out, 56);
    check(goldilocks_decaf448_add(out, p, NULL) == -1 && check_all_zero(out, 56), "NULL b: not -1, zero out");
    check(goldilocks_decaf448_add(out, p, q) == 0, "valid add failed");
    check(goldilocks_decaf448_add(NULL, NULL, NULL) == -1 && goldilocks_decaf448_scalarmult(NULL, NULL, NULL) == -1 &&
              goldilocks_decaf448_scalarmult_base(NULL, NULL) == -1,
          "all NULL: not -1");

    check_test("decaf448_from_uniform with each argument NULL");
    goldilocks_decaf448_from_uniform(NULL, u);
    fill(out, 56);
    goldilocks_decaf448_from_uniform(out, NULL);
    check(check_all_zero(out, 56), "NULL uniform: out not zeroed");
}

/* ---- hash to curve, RFC 9380 (the four suites share one shape) ---- */

typedef int (*h2c_fn)(uint8_t *, const uint8_t *, size_t, const uint8_t *, size_t);

static const uint8_t DST[] = "QUUX-V01-CS02-with-test-null-args";

static void test_h2c(const char *name, h2c_fn h, size_t out_len) {
    uint8_t out[57], want[57], want_empty[57];
    char title[128];
    const size_t dst_len = sizeof DST - 1;

    snprintf(title, sizeof title, "%s: msg NULL with length 0 is the empty string", name);
    check_test(title);
    check(h(want_empty, EMPTY, 0, DST, dst_len) == 0, "valid empty call failed");
    check(h(want, msg, sizeof msg, DST, dst_len) == 0, "valid call failed");
    check(memcmp(want, want_empty, out_len) != 0, "the empty message and a 64-byte one hash alike");
    fill(out, 57);
    check(h(out, NULL, 0, DST, dst_len) == 0 && memcmp(out, want_empty, out_len) == 0, "msg NULL, 0 differs");

    snprintf(title, sizeof title, "%s: dst_len 0 is refused, with dst NULL or not", name);
    check_test(title);
    fill(out, 57);
    check(h(out, msg, sizeof msg, EMPTY, 0) == -1 && check_all_zero(out, out_len), "dst EMPTY, 0: not -1 with zero out");
    fill(out, 57);
    check(h(out, msg, sizeof msg, NULL, 0) == -1 && check_all_zero(out, out_len), "dst NULL, 0: not -1 with zero out");
    fill(out, 57);
    check(h(out, NULL, 0, NULL, 0) == -1 && check_all_zero(out, out_len), "msg and dst NULL, 0: not -1 with zero out");

    snprintf(title, sizeof title, "%s: NULL with a nonzero length, NULL out", name);
    check_test(title);
    fill(out, 57);
    check(h(out, NULL, 5, DST, dst_len) == -1 && check_all_zero(out, out_len), "msg NULL, 5: not -1 with zero out");
    fill(out, 57);
    check(h(out, NULL, SIZE_MAX, DST, dst_len) == -1 && check_all_zero(out, out_len),
          "msg NULL, SIZE_MAX: not -1 with zero out");
    fill(out, 57);
    check(h(out, msg, sizeof msg, NULL, dst_len) == -1 && check_all_zero(out, out_len),
          "dst NULL, nonzero: not -1 with zero out");
    fill(out, 57);
    check(h(out, msg, sizeof msg, NULL, 300) == -1 && check_all_zero(out, out_len),
          "dst NULL, 300 (the oversize rule): not -1 with zero out");
    fill(out, 57);
    check(h(out, NULL, 1, NULL, 1) == -1 && check_all_zero(out, out_len), "msg and dst NULL, 1: not -1 with zero out");
    check(h(NULL, msg, sizeof msg, DST, dst_len) == -1, "NULL out: not -1");
    check(h(NULL, NULL, 0, DST, dst_len) == -1, "NULL out, msg NULL, 0: not -1");
    check(h(NULL, NULL, 3, NULL, 3) == -1, "all NULL: not -1");
    /* and a failed call left nothing behind: the valid call still gives the same point */
    fill(out, 57);
    check(h(out, msg, sizeof msg, DST, dst_len) == 0 && memcmp(out, want, out_len) == 0, "valid call differs");
    if (out_len < 57)
        check(out[out_len] == 0xAA, "wrote past its %zu-byte output", out_len);
}

static int ed448_h2c(uint8_t *o, const uint8_t *m, size_t ml, const uint8_t *d, size_t dl) {
    return goldilocks_ed448_hash_to_curve(o, m, ml, d, dl);
}
static int ed448_e2c(uint8_t *o, const uint8_t *m, size_t ml, const uint8_t *d, size_t dl) {
    return goldilocks_ed448_encode_to_curve(o, m, ml, d, dl);
}
static int x448_h2c(uint8_t *o, const uint8_t *m, size_t ml, const uint8_t *d, size_t dl) {
    return goldilocks_x448_hash_to_curve(o, m, ml, d, dl);
}
static int x448_e2c(uint8_t *o, const uint8_t *m, size_t ml, const uint8_t *d, size_t dl) {
    return goldilocks_x448_encode_to_curve(o, m, ml, d, dl);
}

/* ---- key conversion ---- */

static void test_convert(void) {
    uint8_t out[57], want[56], x_pub[56];

    check_test("ed448_public_to_x448 with each argument NULL");
    check(goldilocks_ed448_public_to_x448(want, pub) == 0, "a real public key refused");
    fill(out, 57);
    check(goldilocks_ed448_public_to_x448(out, NULL) == -1 && check_all_zero(out, 56), "NULL ed_pub: not -1, zero x_pub");
    check(out[56] == 0xAA, "wrote past x_pub");
    check(goldilocks_ed448_public_to_x448(NULL, pub) == -1, "NULL x_pub: not -1");
    check(goldilocks_ed448_public_to_x448(NULL, NULL) == -1, "both NULL: not -1");
    fill(out, 57);
    check(goldilocks_ed448_public_to_x448(out, pub) == 0 && memcmp(out, want, 56) == 0, "valid call differs");

    check_test("ed448_secret_to_x448 with each argument NULL");
    uint8_t x_secret[56];
    goldilocks_ed448_secret_to_x448(want, secret);
    goldilocks_x448_public_key(x_pub, want);
    check(goldilocks_ed448_public_to_x448(out, pub) == 0 && memcmp(out, x_pub, 56) == 0,
          "the converted secret's X448 public key is not the converted public key");
    goldilocks_ed448_secret_to_x448(NULL, secret); /* nothing to zero, must not crash */
    fill(out, 57);
    goldilocks_ed448_secret_to_x448(out, NULL);
    check(check_all_zero(out, 56) && out[56] == 0xAA, "NULL ed_secret: x_secret not zeroed (or written past)");
    goldilocks_ed448_secret_to_x448(NULL, NULL);
    fill(x_secret, 56);
    goldilocks_ed448_secret_to_x448(x_secret, secret);
    check(memcmp(x_secret, want, 56) == 0, "valid call differs");
}

/* ---- batch verification and precomputed keys ---- */

static void test_verify_batch(void) {
    uint8_t sigs[2][114], bad_sig[114];
    const uint8_t *sig_p[2] = {sigs[0], sigs[1]}, *pub_p[2] = {pub, pub}, *msg_p[2] = {msg, EMPTY};
    size_t lens[2] = {sizeof msg, 0};
    int rc[2];
    if (goldilocks_ed448_sign(sigs[0], secret, msg, sizeof msg, ctx, sizeof ctx) != 0 ||
        goldilocks_ed448_sign(sigs[1], secret, EMPTY, 0, ctx, sizeof ctx) != 0)
        check(0, "could not sign");
    memcpy(bad_sig, sigs[0], 114);
    bad_sig[3] ^= 1;

    check_test("ed448_verify_batch: n = 0 whatever the pointers, and the valid call");
    check(goldilocks_ed448_verify_batch(0, NULL, NULL, NULL, NULL, NULL, 5, NULL) == 0, "n = 0, all NULL: not 0");
    rc[0] = rc[1] = 7;
    check(goldilocks_ed448_verify_batch(2, sig_p, pub_p, msg_p, lens, ctx, sizeof ctx, rc) == 0 && rc[0] == 0 &&
              rc[1] == 0,
          "two valid signatures: refused (rc %d %d)", rc[0], rc[1]);

    check_test("ed448_verify_batch: msg[i] or ctx NULL with length 0 is the empty string");
    const uint8_t *msg_null[2] = {msg, NULL};
    rc[0] = rc[1] = 7;
    check(goldilocks_ed448_verify_batch(2, sig_p, pub_p, msg_null, lens, ctx, sizeof ctx, rc) == 0 && rc[0] == 0 &&
              rc[1] == 0,
          "msg[1] NULL, 0: refused (rc %d %d)", rc[0], rc[1]);
    uint8_t sig_noctx[114];
    if (goldilocks_ed448_sign(sig_noctx, secret, msg, sizeof msg, EMPTY, 0) != 0)
        check(0, "could not sign");
    const uint8_t *noctx_p[1] = {sig_noctx};
    rc[0] = 7;
    check(goldilocks_ed448_verify_batch(1, noctx_p, pub_p, msg_p, lens, NULL, 0, rc) == 0 && rc[0] == 0,
          "ctx NULL, 0: refused");
    rc[0] = 7;
    check(goldilocks_ed448_verify_batch(1, sig_p, pub_p, msg_p, lens, NULL, 0, rc) == -1 && rc[0] == -1,
          "ctx NULL, 0 accepts a signature made with a context");

    check_test("ed448_verify_batch: NULL arrays, NULL entries, NULL with a nonzero length");
    check(goldilocks_ed448_verify_batch(2, sig_p, pub_p, msg_p, lens, ctx, sizeof ctx, NULL) == -1, "rc NULL: not -1");
    for (int a = 0; a < 4; a++) {
        rc[0] = rc[1] = 7;
        int r = goldilocks_ed448_verify_batch(2, a == 0 ? NULL : sig_p, a == 1 ? NULL : pub_p, a == 2 ? NULL : msg_p,
                                              a == 3 ? NULL : lens, ctx, sizeof ctx, rc);
        check(r == -1 && rc[0] == -1 && rc[1] == -1, "%s NULL: not -1 with every rc -1 (rc %d %d)",
              a == 0 ? "sig" : a == 1 ? "pub" : a == 2 ? "msg" : "msg_len", rc[0], rc[1]);
    }
    const uint8_t *sig_hole[2] = {sigs[0], NULL}, *pub_hole[2] = {NULL, pub}, *msg_hole[2] = {NULL, EMPTY};
    size_t lens5[2] = {5, 0};
    rc[0] = rc[1] = 7;
    check(goldilocks_ed448_verify_batch(2, sig_hole, pub_p, msg_p, lens, ctx, sizeof ctx, rc) == -1 && rc[0] == 0 &&
              rc[1] == -1,
          "sig[1] NULL: rc %d %d, expected 0 -1", rc[0], rc[1]);
    rc[0] = rc[1] = 7;
    check(goldilocks_ed448_verify_batch(2, sig_p, pub_hole, msg_p, lens, ctx, sizeof ctx, rc) == -1 && rc[0] == -1 &&
              rc[1] == 0,
          "pub[0] NULL: rc %d %d, expected -1 0", rc[0], rc[1]);
    rc[0] = rc[1] = 7;
    check(goldilocks_ed448_verify_batch(2, sig_p, pub_p, msg_hole, lens5, ctx, sizeof ctx, rc) == -1 && rc[0] == -1 &&
              rc[1] == 0,
          "msg[0] NULL, 5: rc %d %d, expected -1 0", rc[0], rc[1]);
    size_t lens_max[2] = {SIZE_MAX, 0};
    rc[0] = rc[1] = 7;
    check(goldilocks_ed448_verify_batch(2, sig_p, pub_p, msg_hole, lens_max, ctx, sizeof ctx, rc) == -1 &&
              rc[0] == -1 && rc[1] == 0,
          "msg[0] NULL, SIZE_MAX: rc %d %d, expected -1 0", rc[0], rc[1]);
    rc[0] = rc[1] = 7;
    check(goldilocks_ed448_verify_batch(2, sig_p, pub_p, msg_p, lens, NULL, 3, rc) == -1 && rc[0] == -1 &&
              rc[1] == -1,
          "ctx NULL, 3: rc %d %d, expected -1 -1", rc[0], rc[1]);
    /* still a real verification: a bad signature among good ones is refused, alone */
    const uint8_t *mixed[2] = {bad_sig, sigs[1]};
    rc[0] = rc[1] = 7;
    check(goldilocks_ed448_verify_batch(2, mixed, pub_p, msg_p, lens, ctx, sizeof ctx, rc) == -1 && rc[0] == -1 &&
              rc[1] == 0,
          "a bad signature: rc %d %d, expected -1 0", rc[0], rc[1]);
}

static void test_precomputed(void) {
    static goldilocks_ed448_precomputed t, t_want;
    static struct goldilocks_x448_precomputed xt, xt_want;
    uint8_t sig[114], sig_empty[114], s[56], peer[56], out[56], want[56];
    if (goldilocks_ed448_sign(sig, secret, msg, sizeof msg, ctx, sizeof ctx) != 0 ||
        goldilocks_ed448_sign(sig_empty, secret, EMPTY, 0, EMPTY, 0) != 0)
        check(0, "could not sign");

    check_test("ed448_precompute with each argument NULL");
    check(goldilocks_ed448_precompute(&t_want, pub) == 0, "a real public key refused");
    check(goldilocks_ed448_precompute(NULL, pub) == -1, "NULL table: not -1");
    fill((uint8_t *)&t, sizeof t);
    check(goldilocks_ed448_precompute(&t, NULL) == -1 && check_all_zero((const uint8_t *)&t, sizeof t),
          "NULL pub: not -1 with a zero table");
    check(goldilocks_ed448_precompute(NULL, NULL) == -1, "both NULL: not -1");

    check_test("ed448_verify_precomputed: msg or ctx NULL with length 0, and NULL arguments");
    check(goldilocks_ed448_verify_precomputed(sig, &t_want, msg, sizeof msg, ctx, sizeof ctx) == 0,
          "valid signature refused");
    check(goldilocks_ed448_verify_precomputed(sig_empty, &t_want, NULL, 0, NULL, 0) == 0, "msg, ctx NULL, 0: refused");
    check(goldilocks_ed448_verify_precomputed(sig_empty, &t_want, NULL, 0, EMPTY, 0) == 0, "msg NULL, 0: refused");
    check(goldilocks_ed448_verify_precomputed(sig_empty, &t_want, EMPTY, 0, NULL, 0) == 0, "ctx NULL, 0: refused");
    check(goldilocks_ed448_verify_precomputed(sig, &t_want, NULL, 0, ctx, sizeof ctx) == -1,
          "msg NULL, 0 accepts another message's signature");
    check(goldilocks_ed448_verify_precomputed(sig, &t_want, NULL, sizeof msg, ctx, sizeof ctx) == -1,
          "msg NULL, nonzero: not -1");
    check(goldilocks_ed448_verify_precomputed(sig, &t_want, NULL, SIZE_MAX, ctx, sizeof ctx) == -1,
          "msg NULL, SIZE_MAX: not -1");
    check(goldilocks_ed448_verify_precomputed(sig, &t_want, msg, sizeof msg, NULL, sizeof ctx) == -1,
          "ctx NULL, nonzero: not -1");
    check(goldilocks_ed448_verify_precomputed(NULL, &t_want, msg, sizeof msg, ctx, sizeof ctx) == -1,
          "NULL sig: not -1");
    check(goldilocks_ed448_verify_precomputed(sig, NULL, msg, sizeof msg, ctx, sizeof ctx) == -1,
          "NULL table: not -1");
    check(goldilocks_ed448_verify_precomputed(sig, &t, msg, sizeof msg, ctx, sizeof ctx) == -1,
          "the zero table of a failed precompute: not -1");

    check_randbytes(s, 56);
    check_randbytes(out, 56);
    goldilocks_x448_public_key(peer, out);
    check_test("x448_precompute with each argument NULL");
    check(goldilocks_x448_precompute(&xt_want, peer) == 0, "a real public key refused");
    check(goldilocks_x448_precompute(NULL, peer) == -1, "NULL table: not -1");
    fill((uint8_t *)&xt, sizeof xt);
    check(goldilocks_x448_precompute(&xt, NULL) == -1 && check_all_zero((const uint8_t *)&xt, sizeof xt),
          "NULL peer: not -1 with a zero table");
    check(goldilocks_x448_precompute(NULL, NULL) == -1, "both NULL: not -1");

    check_test("x448_precomputed with each argument NULL");
    check(goldilocks_x448(want, s, peer) == 0, "x448 failed");
    fill(out, 56);
    check(goldilocks_x448_precomputed(out, s, &xt_want) == 0 && memcmp(out, want, 56) == 0,
          "valid call differs from x448");
    check(goldilocks_x448_precomputed(NULL, s, &xt_want) == -1, "NULL shared: not -1");
    fill(out, 56);
    check(goldilocks_x448_precomputed(out, NULL, &xt_want) == -1 && check_all_zero(out, 56),
          "NULL secret: not -1 with a zero output");
    fill(out, 56);
    check(goldilocks_x448_precomputed(out, s, NULL) == -1 && check_all_zero(out, 56), "NULL table: not -1 with a zero output");
    fill(out, 56);
    check(goldilocks_x448_precomputed(out, s, &xt) == -1 && check_all_zero(out, 56),
          "the zero table of a failed precompute: not -1 with a zero output");
    check(goldilocks_x448_precomputed(NULL, NULL, NULL) == -1, "all NULL: not -1");
}

int main(void) {
    check_init("test_null_args");
    check_randbytes(seed, sizeof seed);
    check_randbytes(msg, sizeof msg);
    check_randbytes(ctx, sizeof ctx);
    goldilocks_ed448_keypair_from_seed(pub, secret, seed);

    test_misc();
    test_x448();
    test_ed448_keys();
    test_signer("ed448_sign", sign_secret, secret, verify);
    test_signer("ed448_sign_seed", sign_seed, seed, verify);
    test_signer("ed448ph_sign", ph_sign, secret, ph_verify);
    test_signer("ed448ph_final_sign", ph_stream_sign, secret, ph_verify);
    test_verifier("ed448_verify", verify, sign_secret);
    test_verifier("ed448_verify_strict", verify_strict, sign_secret);
    test_verifier("ed448ph_verify", ph_verify, ph_sign);
    test_verifier("ed448ph_verify_strict", ph_verify_strict, ph_sign);
    test_verifier("ed448ph_final_verify", ph_stream_verify, ph_sign);
    test_prehashed();
    test_stream();
    test_decaf448();
    test_h2c("ed448_hash_to_curve", ed448_h2c, 57);
    test_h2c("ed448_encode_to_curve", ed448_e2c, 57);
    test_h2c("x448_hash_to_curve", x448_h2c, 56);
    test_h2c("x448_encode_to_curve", x448_e2c, 56);
    test_convert();
    test_verify_batch();
    test_precomputed();
    return check_done();
}
