/*
 * goldilocks_x448_public_key_batch: goldilocks_x448_public_key for n
 * secrets, GF_LANES at a time through the lane comb (x448_base_batch.c).
 */
#include <string.h>
#include "goldilocks.h"
#include "x448_base.h"
#include "field.h"
#include "ct.h"
#include "x448_ladder.h"
#include "batch_n.h"

int goldilocks_x448_public_key_batch(size_t n, uint8_t pub[][GOLDILOCKS_X448_BYTES],
                                     const uint8_t secret[][GOLDILOCKS_X448_BYTES]) {
    if (n == 0)
        return 0;
    /* no array of n items exists: nothing is touched */
    if (batch_n_impossible(n, GOLDILOCKS_X448_BYTES))
        return -1;
    if (!pub || !secret) {
        if (pub)
            memset(pub, 0, n * GOLDILOCKS_X448_BYTES);
        return -1;
    }
    uint8_t k[GF_LANES][GOLDILOCKS_X448_BYTES];
    if (BATCH_BY_SINGLE) {
        /* the single call's comb on the twisted curve, item by item (batch_n.h): with one
         * lane, on ref64, Zen 3, the lane comb executed 1.12 times its instructions */
        for (size_t i = 0; i < n; i++) {
            x448_clamp(k[0], secret[i]);
            x448_base_u(pub[i], k[0]);
        }
        ct_wipe(k, sizeof k);
        ct_wipe_stack_batch();
        return 0;
    }
    for (size_t i = 0; i < n; i += GF_LANES) {
        unsigned count = n - i < GF_LANES ? (unsigned)(n - i) : GF_LANES;
        /* decodeScalar448 (RFC 7748 section 5), copied before pub[i..] is written */
        for (unsigned l = 0; l < count; l++)
            x448_clamp(k[l], secret[i + l]);
        x448_base_u_lanes(pub + i, (const uint8_t(*)[56])k, count);
    }
    ct_wipe(k, sizeof k);
    ct_wipe_stack_batch();
    return 0;
}
