/*
 * goldilocks-speed: nettle (HAVE_NETTLE, nettle-dev's libhogweed):
 * curve448_mul_g (X448 public key), curve448_mul (X448),
 * ed448_shake256_public_key (key from seed), ed448_shake256_sign and
 * _verify (pure Ed448, no context; nettle has no Ed448ph). For its verify,
 * nettle takes the public key as bytes on every call, as ours does.
 */
#include "speed.h"

#ifndef HAVE_NETTLE
const struct speed_contender speed_nettle = { "nettle", "not built in: configure found no nettle-dev", NULL, NULL,
                                              0 };
#else
#include <nettle/curve448.h>
#include <nettle/eddsa.h>
#include <nettle/version.h>
#include <string.h>

#define IN speed_in

static struct {
    uint8_t out[SPEED_OUT_MAX];
    size_t len;
    int ok;
    int b_ok[SPEED_BATCH_MAX];
} s;

static size_t bytes_out(uint8_t out[SPEED_OUT_MAX]) {
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

static void x448_pub(void) { curve448_mul_g(s.out, IN.x_secret), s.len = 56; }
/* nettle's curve448_mul returns nothing: an all-zero result is the caller's to refuse */
static void x448(void) { curve448_mul(s.out, IN.x_secret, IN.x_peer), s.len = 56; }
static void keygen(void) { ed448_shake256_public_key(s.out, IN.ed_seed), s.len = 57; }
static void sign_short(void) {
    ed448_shake256_sign(IN.ed_pub, IN.ed_seed, sizeof IN.msg_short, IN.msg_short, s.out), s.len = 114;
}
static void sign_long(void) {
    ed448_shake256_sign(IN.ed_pub, IN.ed_seed, sizeof IN.msg_long, IN.msg_long, s.out), s.len = 114;
}
static void verify_short(void) {
    s.ok = ed448_shake256_verify(IN.ed_pub, sizeof IN.msg_short, IN.msg_short, IN.sig_short);
}
static void verify_long(void) {
    s.ok = ed448_shake256_verify(IN.ed_pub, sizeof IN.msg_long, IN.msg_long, IN.sig_long);
}
static void verify_batch(void) {
    for (int i = 0; i < SPEED_BATCH_MAX; i++)
        s.b_ok[i] = ed448_shake256_verify(IN.b_pub[i], SPEED_MSG_SHORT, IN.b_msg[i], IN.b_sig[i]);
}
static void verify_batch_bad(void) {
    for (int i = 0; i < SPEED_BATCH_MAX; i++)
        s.b_ok[i] = ed448_shake256_verify(IN.b_pub[i], SPEED_MSG_SHORT, IN.b_msg[i], IN.b_bad_sig[i]);
}

static const struct speed_impl impls[] = {
    { "x448_public_key", NULL, x448_pub, bytes_out },
    { "x448", NULL, x448, bytes_out },
    { "ed448_keygen", NULL, keygen, bytes_out },
    { "ed448_sign", NULL, sign_short, bytes_out },
    { "ed448_sign_1k", NULL, sign_long, bytes_out },
    { "ed448_verify", NULL, verify_short, verdict_out },
    { "ed448_verify_1k", NULL, verify_long, verdict_out },
    { "ed448_verify_batch", NULL, verify_batch, batch_out },
    { "ed448_verify_batch_bad", NULL, verify_batch_bad, batch_out },
};

#define STR2(x) #x
#define STR(x) STR2(x)
const struct speed_contender speed_nettle = { "nettle", NULL,
                                              "nettle " STR(NETTLE_VERSION_MAJOR) "." STR(NETTLE_VERSION_MINOR), impls,
                                              sizeof impls / sizeof impls[0] };
#endif
