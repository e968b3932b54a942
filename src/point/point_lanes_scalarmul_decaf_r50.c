/*
 * pointl_scalarmul_decaf (point_lanes.h) on the avx512ifma target: lane by lane,
 * point_scalarmul_decaf, which there runs each formula's four products as one
 * product of the radix-2^50 lanes (point_scalarmul_r50.c). Measured on Zen 5
 * (goldilocks-speed decaf448_scalarmult_batch, README "AVX-512 IFMA"): faster per
 * item than pointl_scalarmul's eight lanes of 16x28, while the batch's decoding
 * and encoding stay on those eight lanes (one inverse square root for eight).
 * The alternative of point_lanes_scalarmul_decaf.c (configure.py
 * ALTERNATIVE_LANES); test_decaf448_scalarmult_batch checks the batch against the
 * single call. Constant time: the lane index is public.
 */
#include "point_lanes.h"
#include "ct.h"

void pointl_scalarmul_decaf(pointl_t *out, const pointl_t *a, const scalar_t k[GF_LANES]) {
    point_t p;
    for (unsigned l = 0; l < GF_LANES; l++) {
        pointl_extract(&p, a, l);
        point_scalarmul_decaf(&p, &p, &k[l]);
        pointl_insert(out, l, &p);
    }
    point_wipe(&p);
}
