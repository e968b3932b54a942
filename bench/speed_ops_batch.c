/*
 * goldilocks-speed: the batch functions of include/goldilocks.h, one table
 * entry each, timed per call and reported per operation (items = the
 * batch's size) and per batch (the JSON has both).
 *
 * A new batch function is one more entry below: a run that makes one
 * batched call on the speed_in inputs (SPEED_BATCH_MAX of each: b_x_secret
 * and b_x_peer, b_ed_secret and b_msg, b_dc_scalar and b_dc_point) and an
 * output that returns all its results as bytes (up to SPEED_OUT_MAX, 64
 * signatures), which the peers' entries of the same name (64 single calls)
 * must match.
 */
#include <stdlib.h>
#include <string.h>

#include "goldilocks.h"
#include "speed.h"

static struct {
    int rc[SPEED_BATCH_MAX];
    int ret;
} b;

#define IN speed_in

/* ed448_verify_batch: n signatures under as many keys. */
static void verify_batch_n(size_t n, const uint8_t *const *sig) {
    b.ret = goldilocks_ed448_verify_batch(n, sig, IN.b_pubp, IN.b_msgp, IN.b_msg_len, NULL, 0, b.rc);
}
static void verify_batch(void) { verify_batch_n(SPEED_BATCH_MAX, IN.b_sigp); }
static void verify_batch16(void) { verify_batch_n(16, IN.b_sigp); }
static void verify_batch_bad(void) { verify_batch_n(SPEED_BATCH_MAX, IN.b_bad_sigp); }
static size_t out_n(size_t n, uint8_t out[SPEED_OUT_MAX]) {
    for (size_t i = 0; i < n; i++)
        out[i] = b.rc[i] == 0; /* the return is -1 when any is invalid */
    return n;
}
static size_t verify_batch_out(uint8_t out[SPEED_OUT_MAX]) { return out_n(SPEED_BATCH_MAX, out); }
static size_t verify_batch16_out(uint8_t out[SPEED_OUT_MAX]) { return out_n(16, out); }
/* The batches across operations (lanes of the field code): 64 items each. */
static uint8_t bout[SPEED_BATCH_MAX][114];
static void x448_batch(void) {
    b.ret = goldilocks_x448_batch(SPEED_BATCH_MAX, (uint8_t (*)[56])bout, b.rc,
                                  (const uint8_t (*)[56])IN.b_x_secret, (const uint8_t (*)[56])IN.b_x_peer);
}
static void x448_pub_batch(void) {
    if (goldilocks_x448_public_key_batch(SPEED_BATCH_MAX, (uint8_t (*)[56])bout, (const uint8_t (*)[56])IN.b_x_secret) != 0)
        abort();
}
static void sign_batch(void) {
    b.ret = goldilocks_ed448_sign_batch(SPEED_BATCH_MAX, bout, IN.b_ed_secret[0], IN.b_msgp, IN.b_msg_len, NULL, 0);
}
static void decaf_batch(void) {
    b.ret = goldilocks_decaf448_scalarmult_batch(SPEED_BATCH_MAX, (uint8_t (*)[56])bout, b.rc,
                                                 (const uint8_t (*)[56])IN.b_dc_point,
                                                 (const uint8_t (*)[56])IN.b_dc_scalar);
}
/* the results as bytes, item after item (56 or 114 each, as the layout of bout says) */
static size_t bytes_out(uint8_t out[SPEED_OUT_MAX], size_t each) {
    const uint8_t (*v)[56] = (const uint8_t (*)[56])bout;
    for (size_t i = 0; i < SPEED_BATCH_MAX; i++)
        memcpy(out + i * each, each == 114 ? bout[i] : v[i], each);
    return SPEED_BATCH_MAX * each;
}
static size_t x448_batch_out(uint8_t out[SPEED_OUT_MAX]) { return bytes_out(out, 56); }
static size_t x448_pub_batch_out(uint8_t out[SPEED_OUT_MAX]) { return bytes_out(out, 56); }
static size_t sign_batch_out(uint8_t out[SPEED_OUT_MAX]) { return bytes_out(out, 114); }
static size_t decaf_batch_out(uint8_t out[SPEED_OUT_MAX]) { return bytes_out(out, 56); }

const struct speed_op speed_ops_batch[] = {
    { "ed448_verify_batch", "Ed448 batch verification of 64 signatures (64 keys, 64-byte messages)",
      SPEED_BATCH_MAX, { "ed448_verify_batch", NULL, verify_batch, verify_batch_out } },
    { "ed448_verify_batch16", "Ed448 batch verification of 16 signatures", 16,
      { "ed448_verify_batch16", NULL, verify_batch16, verify_batch16_out } },
    { "ed448_verify_batch_bad", "Ed448 batch verification of 64 signatures, one invalid (bisection)",
      SPEED_BATCH_MAX, { "ed448_verify_batch_bad", NULL, verify_batch_bad, verify_batch_out } },

    { "x448_batch", "X448 shared secrets, a batch of 64 (goldilocks_x448_batch)",
      SPEED_BATCH_MAX, { "x448_batch", NULL, x448_batch, x448_batch_out } },
    { "x448_public_key_batch", "X448 public keys, a batch of 64 (goldilocks_x448_public_key_batch)",
      SPEED_BATCH_MAX, { "x448_public_key_batch", NULL, x448_pub_batch, x448_pub_batch_out } },
    { "ed448_sign_batch", "Ed448 signatures of 64 64-byte messages under one key (goldilocks_ed448_sign_batch)",
      SPEED_BATCH_MAX, { "ed448_sign_batch", NULL, sign_batch, sign_batch_out } },
    { "decaf448_scalarmult_batch", "decaf448 scalar multiplications, a batch of 64 (goldilocks_decaf448_scalarmult_batch)",
      SPEED_BATCH_MAX, { "decaf448_scalarmult_batch", NULL, decaf_batch, decaf_batch_out } },
};
const size_t speed_n_ops_batch = sizeof speed_ops_batch / sizeof speed_ops_batch[0];
