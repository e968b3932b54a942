/*
 * The cofactored Ed448 verification equation (RFC 8032 section 5.2.7),
 *     [4]([S]B - [k]A - R) = 0,
 * in variable time (every input is public), with the half-size scalars of
 * point_verify_scalars.c: [4]([w0]B + [w1]2^224 B + [u](-A) + [|v|](+-R)) = 0,
 * on edwards448, with point_straus_loop.h's loop. The default of every
 * target; point_verify_r50.c is the alternative of the avx512ifma lanes.
 */
#include "point.h"
#include "point_straus_loop.h"

/* out = [4]([S]B - [k]A - R) == 0. */
mask_t point_verify_equation_vartime(const scalar_t *s, const point_t *a, const scalar_t *k, const point_t *r) {
    point_verify_digits_t g;
    point_verify_digits(&g, s, a, k, r);
    const int8_t *n0 = g.n0, *n1 = g.n1, *na = g.na, *nr = g.nr;
    int top = g.top;

    point_cached_t ta[WNAF_VAR_ENTRIES], tr[WNAF_VAR_ENTRIES];
    point_odd_multiples(ta, WNAF_VAR_ENTRIES, &g.pa);
    point_odd_multiples(tr, WNAF_VAR_ENTRIES, &g.pr);

    /* the sum is only tested for small order (after the loop, no T): t_at_end 0 */
    point_t acc;
    POINT_STRAUS(point_straus, 0, acc, top, 0, 4, n0, point_base_wnaf, n1, point_base2_wnaf, na, ta, nr, tr);
    /* [4] acc = 0: acc is of small order (T of acc may be undefined: not read) */
    return point_is_small_order_vartime(&acc) ? (mask_t)-1 : 0;
}
