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
const struct speed_op speed_ops_batch[] = {
    { "ed448_verify_batch", "Ed448 batch verification of 64 signatures (64 keys, 64-byte messages)",
      SPEED_BATCH_MAX, { "ed448_verify_batch", NULL, verify_batch, verify_batch_out } },
    { "ed448_verify_batch16", "Ed448 batch verification of 16 signatures", 16,
      { "ed448_verify_batch16", NULL, verify_batch16, verify_batch16_out } },
    { "ed448_verify_batch_bad", "Ed448 batch verification of 64 signatures, one invalid (bisection)",
      SPEED_BATCH_MAX, { "ed448_verify_batch_bad", NULL, verify_batch_bad, verify_batch_out } },

    /* ---- the batch functions still to come go here, one entry each:
     *   goldilocks_x448_batch, goldilocks_x448_public_key_batch,
     *   goldilocks_ed448_sign_batch, goldilocks_decaf448_scalarmult_batch
     * ---- */
};
const size_t speed_n_ops_batch = sizeof speed_ops_batch / sizeof speed_ops_batch[0];
