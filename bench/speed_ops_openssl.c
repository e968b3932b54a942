/*
 * goldilocks-speed: OpenSSL 3 through EVP (HAVE_OPENSSL). The EVP_PKEYs are
 * built once in setup, outside the timed loop (building a private X448 or
 * Ed448 EVP_PKEY from raw bytes computes its public key).
 *
 *   x448              EVP_PKEY_CTX_new + derive_init + set_peer + derive + free
 *   x448_public_key,  EVP_PKEY_new_raw_private_key (which derives the public
 *   ed448_keygen      key) + EVP_PKEY_get_raw_public_key + free
 *   ed448_sign/verify EVP_MD_CTX_new + EVP_DigestSignInit/VerifyInit (NULL md)
 *                     + EVP_DigestSign/Verify + free
 *   ed448ph_*         the same with the "instance" parameter "Ed448ph", where
 *                     the OpenSSL in use accepts it (3.2 and later); else missing
 *   ed448_verify_batch(_bad)  no batch verification in OpenSSL: 64 single
 *                     verifications, so the ratio is what the batch gains
 */
#include "speed.h"

#ifndef HAVE_OPENSSL
const struct speed_contender speed_openssl = { "openssl", "not built in: configure found no libssl-dev", NULL, NULL,
                                               0 };
#else
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <string.h>

#define IN speed_in

static struct {
    EVP_PKEY *x_priv, *x_peer, *ed_priv, *ed_pub, *b_pub[SPEED_BATCH_MAX];
    uint8_t out[SPEED_OUT_MAX];
    size_t len;
    int ok;
    int b_ok[SPEED_BATCH_MAX];
} s;

static const char *keys(void) {
    if (!s.x_priv) {
        s.x_priv = EVP_PKEY_new_raw_private_key(EVP_PKEY_X448, NULL, IN.x_secret, 56);
        s.x_peer = EVP_PKEY_new_raw_public_key(EVP_PKEY_X448, NULL, IN.x_peer, 56);
        s.ed_priv = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED448, NULL, IN.ed_seed, 57);
        s.ed_pub = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED448, NULL, IN.ed_pub, 57);
    }
    return s.x_priv && s.x_peer && s.ed_priv && s.ed_pub ? NULL : "EVP_PKEY_new_raw_*_key failed";
}

static size_t bytes_out(uint8_t out[SPEED_OUT_MAX]) {
    if (!s.ok) {
        out[0] = 0;
        return 1;
    }
    memcpy(out, s.out, s.len);
    return s.len;
}
static size_t verdict_out(uint8_t out[SPEED_OUT_MAX]) {
    out[0] = (uint8_t)s.ok;
    return 1;
}

static void x448(void) {
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new(s.x_priv, NULL);
    s.len = 56;
    s.ok = ctx && EVP_PKEY_derive_init(ctx) == 1 && EVP_PKEY_derive_set_peer(ctx, s.x_peer) == 1 &&
           EVP_PKEY_derive(ctx, s.out, &s.len) == 1 && s.len == 56;
    EVP_PKEY_CTX_free(ctx);
}
static void raw_public(int type, const uint8_t *secret, size_t len) {
    EVP_PKEY *key = EVP_PKEY_new_raw_private_key(type, NULL, secret, len);
    s.len = len;
    s.ok = key && EVP_PKEY_get_raw_public_key(key, s.out, &s.len) == 1;
    EVP_PKEY_free(key);
}
static void x448_pub(void) { raw_public(EVP_PKEY_X448, IN.x_secret, 56); }
static void keygen(void) { raw_public(EVP_PKEY_ED448, IN.ed_seed, 57); }

static OSSL_PARAM ph_params[] = {
    OSSL_PARAM_utf8_string("instance", (char *)"Ed448ph", 7),
    OSSL_PARAM_END,
};

static void sign(const uint8_t *msg, size_t len, const OSSL_PARAM *params) {
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    s.len = 114;
    s.ok = md && EVP_DigestSignInit_ex(md, NULL, NULL, NULL, NULL, s.ed_priv, params) == 1 &&
           EVP_DigestSign(md, s.out, &s.len, msg, len) == 1 && s.len == 114;
    EVP_MD_CTX_free(md);
}
static int verify(EVP_PKEY *pub, const uint8_t *sig, const uint8_t *msg, size_t len, const OSSL_PARAM *params) {
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    int ok = md && EVP_DigestVerifyInit_ex(md, NULL, NULL, NULL, NULL, pub, params) == 1 &&
             EVP_DigestVerify(md, sig, 114, msg, len) == 1;
    EVP_MD_CTX_free(md);
    return ok;
}
static void sign_short(void) { sign(IN.msg_short, sizeof IN.msg_short, NULL); }
static void sign_long(void) { sign(IN.msg_long, sizeof IN.msg_long, NULL); }
static void verify_short(void) { s.ok = verify(s.ed_pub, IN.sig_short, IN.msg_short, sizeof IN.msg_short, NULL); }
static void verify_long(void) { s.ok = verify(s.ed_pub, IN.sig_long, IN.msg_long, sizeof IN.msg_long, NULL); }
static void ph_sign(void) { sign(IN.msg_long, sizeof IN.msg_long, ph_params); }
static void ph_verify(void) { s.ok = verify(s.ed_pub, IN.sig_ph, IN.msg_long, sizeof IN.msg_long, ph_params); }

/* OpenSSL 3.0 and 3.1 ignore no parameter silently: they refuse "instance", or sign pure Ed448. */
static const char *ph_setup(void) {
    const char *why = keys();
    if (why)
        return why;
    ph_sign();
    if (!s.ok || memcmp(s.out, IN.sig_ph, 114) != 0)
        return "this OpenSSL's EVP has no Ed448ph (the \"instance\" parameter came in 3.2)";
    return NULL;
}

static const char *batch_setup(void) {
    for (int i = 0; i < SPEED_BATCH_MAX; i++)
        if (!s.b_pub[i] && !(s.b_pub[i] = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED448, NULL, IN.b_pub[i], 57)))
            return "EVP_PKEY_new_raw_public_key failed";
    return NULL;
}
static void verify_batch(void) {
    for (int i = 0; i < SPEED_BATCH_MAX; i++)
        s.b_ok[i] = verify(s.b_pub[i], IN.b_sig[i], IN.b_msg[i], SPEED_MSG_SHORT, NULL);
}
static void verify_batch_bad(void) {
    for (int i = 0; i < SPEED_BATCH_MAX; i++)
        s.b_ok[i] = verify(s.b_pub[i], IN.b_bad_sig[i], IN.b_msg[i], SPEED_MSG_SHORT, NULL);
}
static size_t batch_out(uint8_t out[SPEED_OUT_MAX]) {
    for (int i = 0; i < SPEED_BATCH_MAX; i++)
        out[i] = (uint8_t)s.b_ok[i];
    return SPEED_BATCH_MAX;
}

static const struct speed_impl impls[] = {
    { "x448_public_key", keys, x448_pub, bytes_out },
    { "x448", keys, x448, bytes_out },
    { "ed448_keygen", keys, keygen, bytes_out },
    { "ed448_sign", keys, sign_short, bytes_out },
    { "ed448_sign_1k", keys, sign_long, bytes_out },
    { "ed448_verify", keys, verify_short, verdict_out },
    { "ed448_verify_1k", keys, verify_long, verdict_out },
    { "ed448ph_sign", ph_setup, ph_sign, bytes_out },
    { "ed448ph_verify", ph_setup, ph_verify, verdict_out },
    { "ed448_verify_batch", batch_setup, verify_batch, batch_out },
    { "ed448_verify_batch_bad", batch_setup, verify_batch_bad, batch_out },
};

const struct speed_contender speed_openssl = { "openssl", NULL, OPENSSL_FULL_VERSION_STR, impls,
                                               sizeof impls / sizeof impls[0] };
#endif
