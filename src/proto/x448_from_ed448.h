/*
 * The field arithmetic of goldilocks_ed448_public_to_x448 (convert.c): the
 * decoding of RFC 8032 section 5.2.3 (as point_decode_ed448) fused with the
 * conversion, so that one binary GCD does both. With a = y^2 - 1 and
 * b = d y^2 - 1 (never 0), y is on the curve exactly when x^2 = a / b has
 * a root, when a b is a square (a / b = a b / b^2); and u = y^2 / x^2 =
 * y^2 b / a = (y b)^2 / (a b): one inversion, of a b, whose binary GCD
 * gives its Legendre symbol too (gf_invert_square), with no root taken.
 * The points of small order are those with x = 0 (a = 0, y = +-1: orders 1
 * and 2; then a b = 0 is no nonzero square) or y = 0 (x = +-1: order 4).
 * A header of its own so that gen/prove_curve_maps.py traces this text.
 */
#ifndef GOLDILOCKS_X448_FROM_ED448_H
#define GOLDILOCKS_X448_FROM_ED448_H

#include "point.h"

/* u = y^2 / x^2 for the edwards448 point (x, y) with this y; returns ok with the checks
 * and-ed in: all ones when there is such a point with x != 0 and y != 0. */
static inline mask_t x448_u_from_ed448_y(gf u, const gf y, mask_t ok) {
    gf yy, a, b, ab, one;
    gf_set_small(one, 1);
    gf_sqr(yy, y);
    gf_sub(a, yy, one);                                       /* y^2 - 1 */
    gf_mulw(b, yy, CURVE_MINUS_D);
    gf_neg(b, b);
    gf_sub(b, b, one);                                        /* d y^2 - 1 */
    gf_mul(ab, a, b);
    ok &= gf_invert_square(ab, ab);                           /* on the curve, x != 0 */
    ok &= ~gf_is_zero(y);                                     /* not of order 4 */
    gf_mul(u, y, b);
    gf_sqr(u, u);
    gf_mul(u, u, ab);                                         /* u = (y b)^2 / (a b) = y^2 / x^2 */
    return ok;
}

#endif
