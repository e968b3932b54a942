/*
 * The batch verification equation of point.h (point_batch_equation_vartime),
 *     [4]([b]B + sum [ks_j]pts_j) = 0,
 * by point_msm.c's Straus (the same digits and windows, point_msm_digits, and
 * point_straus_loop.h's loop, POINT_STRAUS_MSM) on the twisted curve E', each
 * formula's four products one lane product of the radix-2^50 lane elements
 * (point_r50.h). As in point_verify_r50.c:
 * phi (point_twisted.h) is a homomorphism from edwards448 to E' whose kernel is
 * the 4-torsion, so the equation holds if and only if
 *     [b]phi(B) + sum [ks_j]phi(pts_j) = 0 on E',
 * a sum of points of odd order (phi's image), where the a = -1 formulas are exact
 * and the neutral element is the only point with X = 0. phi of B's odd multiples
 * is generated (generated/r50/gf4r50_base_wnaf.c). The r50 backend's form
 * of point_batch_equation.c
 * (configure.py BACKENDS); test_ed448_batch checks it against the
 * constant-time multiplication and with torsion, and the batch calls against the
 * single verification.
 *
 * Stack: MSM_POOL lane entries (108 KiB), the digits (29 KiB), the terms (18 KiB).
 * Public inputs only: nothing to wipe.
 */
#include "point.h"
#include "point_r50.h"
#include "point_straus_loop.h"

_Static_assert(GF4R50_BASE_WNAF_ENTRIES == WNAF_BASE_ENTRIES, "gf4r50_base_wnaf.c is of another WNAF_BASE_BITS");

mask_t point_batch_equation_vartime(size_t n, const scalar_t *s, const point_t *a, const scalar_t *k,
                                    const point_t *r, const scalar_t *z) {
    point_t pts[MSM_MAX_POINTS];
    scalar_t ks[MSM_MAX_POINTS], b;
    gf4r50_s pool[MSM_POOL];
    const gf4r50_s *table[MSM_MAX_POINTS];
    point_msm_digits_t g;
    point_r50_perms c;
    point_r50_scratch scratch;
    gf4r50 acc;
    gf x;

    if (n > BATCH_MAX)
        n = BATCH_MAX; /* callers never pass more */
    point_batch_terms(&b, pts, ks, n, s, a, k, r, z);
    point_msm_digits(&g, &b, 2 * n, ks);
    point_r50_perms_init(&c);
    POINT_STRAUS_MSM(r50_straus, (&c, &scratch), acc, g, gf4r50_base_wnaf[0], pts, pool, table);
    gf4r50_to_gf(x, acc, 0);
    return gf_is_zero(x);
}
