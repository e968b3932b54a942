/*
 * The cofactored Ed448 verification equation (RFC 8032 section 5.2.7),
 *     [4]([S]B - [k]A - R) = 0,
 * in variable time (every input is public), with the half-size scalars of
 * point_verify_scalars.c: [4]([w0]B + [w1]2^224 B + [u](-A) + [|v|](+-R)) = 0,
 * on edwards448. The default of every target; point_verify_r50.c is the
 * alternative of the avx512ifma lanes.
 */
#include "point.h"

/* out = [4]([S]B - [k]A - R) == 0. */
mask_t point_verify_equation_vartime(const scalar_t *s, const point_t *a, const scalar_t *k, const point_t *r) {
    point_verify_digits_t g;
    point_verify_digits(&g, s, a, k, r);
    const int8_t *n0 = g.n0, *n1 = g.n1, *na = g.na, *nr = g.nr;
    int top = g.top;

    point_cached_t ta[WNAF_VAR_ENTRIES], tr[WNAF_VAR_ENTRIES];
    point_odd_multiples(ta, WNAF_VAR_ENTRIES, &g.pa);
    point_odd_multiples(tr, WNAF_VAR_ENTRIES, &g.pr);

    point_t acc;
    point_identity(&acc);
    for (int i = top - 1; i >= 0; i--) {
        if (n0[i] || n1[i] || na[i] || nr[i])
            point_double(&acc, &acc);
        else
            point_double_no_t(&acc, &acc);
        /* the last sum of a step is doubled next (after the loop too): without T */
        point_add_niels_digit_vartime(&acc, point_base_wnaf, n0[i], n1[i] || na[i] || nr[i]);
        point_add_niels_digit_vartime(&acc, point_base2_wnaf, n1[i], na[i] || nr[i]);
        point_add_cached_digit_vartime(&acc, ta, na[i], nr[i]);
        point_add_cached_digit_vartime(&acc, tr, nr[i], 0);
    }
    /* [4] acc = 0: acc is of small order (T of acc may be undefined: not read) */
    return point_is_small_order_vartime(&acc) ? (mask_t)-1 : 0;
}
