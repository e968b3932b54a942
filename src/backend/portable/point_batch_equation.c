/*
 * The batch verification equation (point.h, point_batch_equation_vartime) by
 * point_msm.c's Straus on edwards448; point_batch_equation_r50.c is its
 * form in the avx512ifma backend, on its lanes, with the same loop
 * (point_straus_loop.h's POINT_STRAUS_MSM; configure.py BACKENDS).
 */
#include "point.h"

mask_t point_batch_equation_vartime(size_t n, const scalar_t *s, const point_t *a, const scalar_t *k,
                                    const point_t *r, const scalar_t *z) {
    point_t pts[MSM_MAX_POINTS], acc;
    scalar_t ks[MSM_MAX_POINTS], b;

    if (n > BATCH_MAX)
        n = BATCH_MAX; /* callers never pass more */
    point_batch_terms(&b, pts, ks, n, s, a, k, r, z);
    point_msm_base_vartime(&acc, &b, 2 * n, pts, ks);
    /* The cofactor: [4] kills the small-order parts of A_i and R_i. */
    return point_is_small_order_vartime(&acc) ? (mask_t)-1 : 0;
}
