/*
 * goldilocks-speed: wolfCrypt, wolfSSL's crypto (HAVE_WOLFSSL,
 * libwolfssl-dev). Debian 12's build (5.5.4) enables Curve448 and Ed448
 * (HAVE_CURVE448, HAVE_ED448 in wolfssl/options.h); a build without them
 * makes these rows missing and says so. Keys are imported once in setup:
 *
 *   x448_public_key   wc_curve448_make_pub on the secret clamped once in setup
 *                     (wolfCrypt's make_pub does not clamp: its keys come
 *                     clamped from wc_curve448_make_key)
 *   x448              wc_curve448_shared_secret_ex (little-endian) on keys
 *                     imported once
 *   ed448_keygen      wc_ed448_make_public on a key holding the seed
 *   ed448_sign*       wc_ed448_sign_msg, ed448ph_sign wc_ed448ph_sign_msg
 *   ed448_verify*     wc_ed448_verify_msg, ed448ph_verify wc_ed448ph_verify_msg
 *   ed448_verify_batch(_bad)  64 single verifications (wolfCrypt has no batch)
 */
#include "speed.h"

#if defined(HAVE_WOLFSSL)
#include <wolfssl/options.h>
#endif

#if !defined(HAVE_WOLFSSL)
const struct speed_contender speed_wolfssl = { "wolfssl", "not built in: configure found no libwolfssl-dev", NULL,
                                               NULL, 0 };
#elif !defined(HAVE_CURVE448) || !defined(HAVE_ED448)
const struct speed_contender speed_wolfssl = {
    "wolfssl", "this wolfSSL was built without Curve448 or Ed448 (HAVE_CURVE448/HAVE_ED448 unset in options.h)",
    NULL, NULL, 0 };
#else
#include <string.h>
#include <wolfssl/version.h>
#include <wolfssl/wolfcrypt/curve448.h>
#include <wolfssl/wolfcrypt/ed448.h>
#include <wolfssl/wolfcrypt/wc_port.h>

#define IN speed_in

static struct {
    int ready;
    curve448_key x_priv, x_peer;
    ed448_key ed_priv, ed_seed_only, ed_pub, b_pub[SPEED_BATCH_MAX];
    uint8_t out[SPEED_OUT_MAX], x_clamped[56];
    word32 len;
    int ok;
    int b_ok[SPEED_BATCH_MAX];
} s;

static const char *setup(void) {
    if (s.ready)
        return s.ready > 0 ? NULL : "wolfCrypt key setup failed";
    s.ready = -1;
    memcpy(s.x_clamped, IN.x_secret, 56); /* RFC 7748 section 5, decodeScalar448 */
    s.x_clamped[0] &= 252;
    s.x_clamped[55] |= 128;
    if (wolfCrypt_Init() != 0 || wc_curve448_init(&s.x_priv) != 0 || wc_curve448_init(&s.x_peer) != 0 ||
        wc_curve448_import_private_ex(IN.x_secret, 56, &s.x_priv, EC448_LITTLE_ENDIAN) != 0 ||
        wc_curve448_import_public_ex(IN.x_peer, 56, &s.x_peer, EC448_LITTLE_ENDIAN) != 0 ||
        wc_ed448_init(&s.ed_priv) != 0 || wc_ed448_init(&s.ed_seed_only) != 0 || wc_ed448_init(&s.ed_pub) != 0 ||
        wc_ed448_import_private_key(IN.ed_seed, 57, IN.ed_pub, 57, &s.ed_priv) != 0 ||
        wc_ed448_import_private_only(IN.ed_seed, 57, &s.ed_seed_only) != 0 ||
        wc_ed448_import_public(IN.ed_pub, 57, &s.ed_pub) != 0)
        return "wolfCrypt key setup failed";
    for (int i = 0; i < SPEED_BATCH_MAX; i++)
        if (wc_ed448_init(&s.b_pub[i]) != 0 || wc_ed448_import_public(IN.b_pub[i], 57, &s.b_pub[i]) != 0)
            return "wolfCrypt key setup failed";
    s.ready = 1;
    return NULL;
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
static size_t batch_out(uint8_t out[SPEED_OUT_MAX]) {
    for (int i = 0; i < SPEED_BATCH_MAX; i++)
        out[i] = (uint8_t)s.b_ok[i];
    return SPEED_BATCH_MAX;
}

static void x448_pub(void) { s.ok = wc_curve448_make_pub(56, s.out, 56, s.x_clamped) == 0, s.len = 56; }
static void x448(void) {
    s.len = 56;
    s.ok = wc_curve448_shared_secret_ex(&s.x_priv, &s.x_peer, s.out, &s.len, EC448_LITTLE_ENDIAN) == 0;
}
static void keygen(void) { s.ok = wc_ed448_make_public(&s.ed_seed_only, s.out, 57) == 0, s.len = 57; }
static void sign(const uint8_t *msg, word32 len, int ph) {
    s.len = 114;
    s.ok = (ph ? wc_ed448ph_sign_msg(msg, len, s.out, &s.len, &s.ed_priv, NULL, 0)
               : wc_ed448_sign_msg(msg, len, s.out, &s.len, &s.ed_priv, NULL, 0)) == 0;
}
static int verify(ed448_key *key, const uint8_t *sig, const uint8_t *msg, word32 len, int ph) {
    int res = 0;
    int rc = ph ? wc_ed448ph_verify_msg(sig, 114, msg, len, &res, key, NULL, 0)
                : wc_ed448_verify_msg(sig, 114, msg, len, &res, key, NULL, 0);
    return rc == 0 && res == 1;
}
static void sign_short(void) { sign(IN.msg_short, sizeof IN.msg_short, 0); }
static void sign_long(void) { sign(IN.msg_long, sizeof IN.msg_long, 0); }
static void ph_sign(void) { sign(IN.msg_long, sizeof IN.msg_long, 1); }
static void verify_short(void) { s.ok = verify(&s.ed_pub, IN.sig_short, IN.msg_short, sizeof IN.msg_short, 0); }
static void verify_long(void) { s.ok = verify(&s.ed_pub, IN.sig_long, IN.msg_long, sizeof IN.msg_long, 0); }
static void ph_verify(void) { s.ok = verify(&s.ed_pub, IN.sig_ph, IN.msg_long, sizeof IN.msg_long, 1); }
static void verify_batch(void) {
    for (int i = 0; i < SPEED_BATCH_MAX; i++)
        s.b_ok[i] = verify(&s.b_pub[i], IN.b_sig[i], IN.b_msg[i], SPEED_MSG_SHORT, 0);
}
static void verify_batch_bad(void) {
    for (int i = 0; i < SPEED_BATCH_MAX; i++)
        s.b_ok[i] = verify(&s.b_pub[i], IN.b_bad_sig[i], IN.b_msg[i], SPEED_MSG_SHORT, 0);
}

static const struct speed_impl impls[] = {
    { "x448_public_key", setup, x448_pub, bytes_out },
    { "x448", setup, x448, bytes_out },
    { "ed448_keygen", setup, keygen, bytes_out },
    { "ed448_sign", setup, sign_short, bytes_out },
    { "ed448_sign_1k", setup, sign_long, bytes_out },
    { "ed448_verify", setup, verify_short, verdict_out },
    { "ed448_verify_1k", setup, verify_long, verdict_out },
    { "ed448ph_sign", setup, ph_sign, bytes_out },
    { "ed448ph_verify", setup, ph_verify, verdict_out },
    { "ed448_verify_batch", setup, verify_batch, batch_out },
    { "ed448_verify_batch_bad", setup, verify_batch_bad, batch_out },
};

const struct speed_contender speed_wolfssl = { "wolfssl", NULL, "wolfSSL " LIBWOLFSSL_VERSION_STRING, impls,
                                               sizeof impls / sizeof impls[0] };
#endif
