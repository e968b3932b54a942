/*
 * goldilocks_decaf448_scalarmult_batch: goldilocks_decaf448_scalarmult for
 * n items, GF_LANES at a time: each lane's point decoded (RFC 9496 section
 * 5.3.1), the lane variable-base multiplication (point_lanes_scalarmul.c:
 * point_scalarmul's fixed signed windows, the shared per-lane lookup), each
 * lane encoded (section 5.3.2). A lane whose encoding is invalid (public,
 * as for the single call, which returns at once) computes on the neutral
 * element and its output is zeroed, the other lanes unaffected.
 */
#include <string.h>
#include "goldilocks.h"
#include "point_lanes.h"
#include "ct.h"

#define BYTES GOLDILOCKS_DECAF448_BYTES

typedef struct {
    scalar_t k[GF_LANES];
    point_t p;
    pointl_t pl;
    uint8_t out[GF_LANES][BYTES];
} decaf_batch_state;

int goldilocks_decaf448_scalarmult_batch(size_t n, uint8_t out[][GOLDILOCKS_DECAF448_BYTES], int rc[],
                                         const uint8_t point[][GOLDILOCKS_DECAF448_BYTES],
                                         const uint8_t scalar[][GOLDILOCKS_DECAF448_SCALAR_BYTES]) {
    if (n == 0)
        return 0;
    if (!out || !rc || !point || !scalar) {
        if (out)
            memset(out, 0, n * BYTES);
        if (rc)
            for (size_t i = 0; i < n; i++)
                rc[i] = -1;
        return -1;
    }
    decaf_batch_state st;
    int any = 0;
    for (size_t i = 0; i < n; i += GF_LANES) {
        unsigned count = n - i < GF_LANES ? (unsigned)(n - i) : GF_LANES;
        int ok[GF_LANES];
        /* every input of the chunk is read before its outputs are written */
        pointl_identity(&st.pl);
        for (unsigned l = 0; l < GF_LANES; l++) {
            ok[l] = l < count && decaf448_decode(&st.p, point[i + l]) != 0;
            if (!ok[l])
                point_identity(&st.p); /* an unused lane, or an invalid encoding: discarded */
            pointl_insert(&st.pl, l, &st.p);
            if (l < count)
                scalar_reduce_bytes(&st.k[l], scalar[i + l], GOLDILOCKS_DECAF448_SCALAR_BYTES);
            else
                memset(&st.k[l], 0, sizeof st.k[l]);
        }
        pointl_scalarmul(&st.pl, &st.pl, st.k);
        for (unsigned l = 0; l < count; l++) {
            if (ok[l]) {
                pointl_extract(&st.p, &st.pl, l);
                decaf448_encode(st.out[l], &st.p);
            } else {
                memset(st.out[l], 0, BYTES);
            }
        }
        for (unsigned l = 0; l < count; l++) {
            memcpy(out[i + l], st.out[l], BYTES);
            rc[i + l] = ok[l] ? 0 : -1;
            any |= !ok[l];
        }
    }
    ct_wipe(&st, sizeof st);
    ct_wipe_stack_batch();
    return any ? -1 : 0;
}
