/*
 * goldilocks-speed: the batch functions of include/goldilocks.h, one table
 * entry each, timed per call and reported per operation (items = the
 * batch's size) and per batch (the JSON has both).
 *
 * A new batch function is one more entry below: a run that makes one
 * batched call on the speed_in inputs (SPEED_BATCH_MAX of each) and an
 * output that returns its results as bytes, which the peers' single calls
 * (where a peer file implements the same name) must match.
 */
#include <string.h>
#include "goldilocks.h"
#include "speed.h"

static struct {
    int rc[SPEED_BATCH_MAX];
    int ret;
} b;

#define IN speed_in

/* ed448_verify_batch: SPEED_BATCH_MAX signatures under as many keys. */
static void verify_batch(void) {
    b.ret = goldilocks_ed448_verify_batch(SPEED_BATCH_MAX, IN.b_sigp, IN.b_pubp, IN.b_msgp, IN.b_msg_len, NULL, 0,
                                          b.rc);
}
static size_t verify_batch_out(uint8_t out[SPEED_OUT_MAX]) {
    for (int i = 0; i < SPEED_BATCH_MAX; i++)
        out[i] = b.ret == 0 && b.rc[i] == 0;
    return SPEED_BATCH_MAX;
}

const struct speed_op speed_ops_batch[] = {
    { "ed448_verify_batch", "Ed448 batch verification of 64 signatures (64 keys, 64-byte messages)",
      SPEED_BATCH_MAX, { "ed448_verify_batch", NULL, verify_batch, verify_batch_out } },

    /* ---- the batch functions still to come go here, one entry each:
     *   goldilocks_x448_batch, goldilocks_x448_public_key_batch,
     *   goldilocks_ed448_sign_batch, goldilocks_decaf448_scalarmult_batch
     * ---- */
};
const size_t speed_n_ops_batch = sizeof speed_ops_batch / sizeof speed_ops_batch[0];
