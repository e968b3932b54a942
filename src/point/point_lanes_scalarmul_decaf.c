/*
 * pointl_scalarmul_decaf (point_lanes.h) for the lane layouts whose lane
 * multiplication is the fastest way to the batch's products: pointl_scalarmul,
 * exact (T = 0). point_lanes_scalarmul_decaf_r50.c is its alternative on the
 * avx512ifma target, where the single multiplication on the radix-2^50 lanes is
 * faster per item than eight lanes of 16x28 (README, "AVX-512 IFMA").
 */
#include "point_lanes.h"

void pointl_scalarmul_decaf(pointl_t *out, const pointl_t *a, const scalar_t k[GF_LANES]) {
    pointl_scalarmul(out, a, k);
}
