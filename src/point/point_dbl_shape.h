/*
 * The four maps of edwards448 (E, a = 1) and its 4-isogenous twisted curve
 * (E', a = -1; point_twisted.h) that have the doubling's shape: E's and E''s
 * doublings and the isogenies phi: E -> E' and phi_hat: E' -> E. With
 *     A = X^2, B = Y^2, C = 2 Z^2, E = 2XY = (X + Y)^2 - (A + B),
 *     S = A + B, D = B - A,
 * each is (X3 : Y3 : Z3 : T3) = (E F : G H : F G : E H) for
 *     E's doubling   (G, H) = (S, D), F = C - S   (x3 = E/S, y3 = D/(2Z^2 - S))
 *     phi            (G, H) = (D, S), F = C - S
 *     E''s doubling  (G, H) = (D, S), F = C - D   (F, H negated, see point_twisted.h)
 *     phi_hat        (G, H) = (S, D), F = C - D
 * (HWCD 2008, section 3.3: the doubling formulas with the curve's a, or the
 * other curve's a for the isogenies). Bounds (field.h): S is tight (E and
 * maybe F subtract it), D is tight when F subtracts it and loose otherwise,
 * C is tight: two or three weak reductions, six sums. 4M + 4S, 3M + 4S
 * without T (only for a result that is doubled next: no doubling reads T).
 * Static inline, for constant flags.
 */
#ifndef GOLDILOCKS_POINT_DBL_SHAPE_H
#define GOLDILOCKS_POINT_DBL_SHAPE_H

#include "point.h"

static inline __attribute__((always_inline)) void point_dbl_shape(point_t *out, const point_t *a, int gh_is_ds,
                                                                   int f_minus_d, int with_t) {
    gf A, B, C, D, E, F, S, s;
    gf_sqr(A, a->x);
    gf_sqr(B, a->y);
    gf_sqr(C, a->z);
    gf_add(C, C, C);
    gf_add_nr(s, a->x, a->y);
    gf_sqr(E, s);
    gf_add(S, A, B);
    gf_sub_nr(E, E, S);
    if (f_minus_d) {
        gf_sub(D, B, A);
        gf_sub_nr(F, C, D);
    } else {
        gf_sub_nr(D, B, A);
        gf_sub_nr(F, C, S);
    }
    gf *G = gh_is_ds ? &D : &S, *H = gh_is_ds ? &S : &D;
    gf_mul(out->x, E, F);
    gf_mul(out->y, *G, *H);
    if (with_t)
        gf_mul(out->t, E, *H);
    gf_mul(out->z, F, *G);
}

#endif
