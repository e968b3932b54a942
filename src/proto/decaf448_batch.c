/*
 * goldilocks_decaf448_scalarmult_batch: goldilocks_decaf448_scalarmult for
 * n items, GF_LANES at a time: the points decoded in lanes (RFC 9496
 * section 5.3.1, decaf448_lanes.c), the lane variable-base multiplication
 * (point_lanes_scalarmul.c: point_scalarmul's fixed signed windows, the
 * shared per-lane lookup), the results encoded in lanes (section 5.3.2). A
 * lane whose encoding is invalid (public, as for the single call, which
 * returns at once) computes on the neutral element and its output is
 * zeroed, the other lanes unaffected; an unused lane of the last chunk
 * decodes the zero encoding (the neutral element) and is discarded.
 */
#include <string.h>
#include "goldilocks.h"
#include "point_lanes.h"
#include "ct.h"
#include "batch_n.h"

#define BYTES GOLDILOCKS_DECAF448_BYTES

typedef struct {
    scalar_t k[GF_LANES];
    pointl_t pl, id;
    uint8_t in[GF_LANES][BYTES];
    uint8_t out[GF_LANES][BYTES];
} decaf_batch_state;

int goldilocks_decaf448_scalarmult_batch(size_t n, uint8_t out[][GOLDILOCKS_DECAF448_BYTES], int rc[],
                                         const uint8_t point[][GOLDILOCKS_DECAF448_BYTES],
                                         const uint8_t scalar[][GOLDILOCKS_DECAF448_SCALAR_BYTES]) {
    if (n == 0)
        return 0;
    if (batch_n_impossible(n, BYTES))
        return -1; /* no array of n items exists: none is touched */
    if (!out || !rc || !point || !scalar) {
        if (out)
            memset(out, 0, n * BYTES);
        if (rc)
            for (size_t i = 0; i < n; i++)
                rc[i] = -1;
        return -1;
    }
    if (GF_LANES == 1) {
        /*
         * One lane (the portable lane layout): the single calls, whose multiplication runs
         * on the twisted curve and whose encoding takes one inversion: on ref64, Zen 3, the
         * lane form executed 1.07 times their instructions per item. The aliasing the
         * header allows (out[i] over item i's own input) is the single call's.
         */
        int any = 0;
        for (size_t i = 0; i < n; i++) {
            rc[i] = goldilocks_decaf448_scalarmult(out[i], point[i], scalar[i]);
            any |= rc[i];
        }
        return any ? -1 : 0;
    }
    decaf_batch_state st;
    int any = 0;
    pointl_identity(&st.id);
    for (size_t i = 0; i < n; i += GF_LANES) {
        unsigned count = n - i < GF_LANES ? (unsigned)(n - i) : GF_LANES;
        mask_t ok[GF_LANES];
        /* every input of the chunk is read before its outputs are written */
        for (unsigned l = 0; l < GF_LANES; l++) {
            if (l < count) {
                memcpy(st.in[l], point[i + l], BYTES);
                scalar_reduce_bytes(&st.k[l], scalar[i + l], GOLDILOCKS_DECAF448_SCALAR_BYTES);
            } else {
                memset(st.in[l], 0, BYTES);
                memset(&st.k[l], 0, sizeof st.k[l]);
            }
        }
        pointl_decaf448_decode(&st.pl, ok, (const uint8_t(*)[BYTES])st.in);
        for (unsigned l = count; l < GF_LANES; l++)
            ok[l] = 0;
        /* the invalid lanes (public) compute on the neutral element */
        pointl_select(&st.pl, &st.id, &st.pl, lmask_make(ok));
        pointl_scalarmul(&st.pl, &st.pl, st.k);
        pointl_decaf448_encode(st.out, &st.pl);
        for (unsigned l = 0; l < count; l++) {
            if (ok[l])
                memcpy(out[i + l], st.out[l], BYTES);
            else
                memset(out[i + l], 0, BYTES);
            rc[i + l] = ok[l] ? 0 : -1;
            any |= !ok[l];
        }
    }
    ct_wipe(&st, sizeof st);
    ct_wipe_stack_batch();
    return any ? -1 : 0;
}
