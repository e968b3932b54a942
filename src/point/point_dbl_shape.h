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
 *
 * One text for every element type, as point_hwcd_steps.h's additions:
 * POINT_DBL_SHAPE's TYPE is gf or gfl, the type and the prefix of its
 * operations (_sqr, _mul, _add, _add_nr, _sub, _sub_nr); point_dbl_shape is
 * it on gf (point_arith.c, point_twisted.h), point_lanes.c runs E's
 * doubling on gfl. Flags are constants at every call site.
 */
#ifndef GOLDILOCKS_POINT_DBL_SHAPE_H
#define GOLDILOCKS_POINT_DBL_SHAPE_H

#include "point.h"
#include "point_hwcd_steps.h"

#define POINT_DBL_SHAPE(TYPE, out, a, gh_is_ds, f_minus_d, with_t)                       \
    do {                                                                                 \
        TYPE A_, B_, C_, D_, E_, F_, S_, s_;                                             \
        TYPE##_sqr(A_, (a)->x);                                                          \
        TYPE##_sqr(B_, (a)->y);                                                          \
        TYPE##_sqr(C_, (a)->z);                                                          \
        TYPE##_add(C_, C_, C_);                                                          \
        TYPE##_add_nr(s_, (a)->x, (a)->y);                                               \
        TYPE##_sqr(E_, s_);                                                              \
        TYPE##_add(S_, A_, B_);                                                          \
        TYPE##_sub_nr(E_, E_, S_);                                                       \
        if (f_minus_d) {                                                                 \
            TYPE##_sub(D_, B_, A_);                                                      \
            TYPE##_sub_nr(F_, C_, D_);                                                   \
        } else {                                                                         \
            TYPE##_sub_nr(D_, B_, A_);                                                   \
            TYPE##_sub_nr(F_, C_, S_);                                                   \
        }                                                                                \
        TYPE *G_ = (gh_is_ds) ? &D_ : &S_, *H_ = (gh_is_ds) ? &S_ : &D_;                 \
        POINT_EFGH_OUT(TYPE, out, E_, F_, *G_, *H_, with_t);                             \
    } while (0)

static inline __attribute__((always_inline)) void point_dbl_shape(point_t *out, const point_t *a, int gh_is_ds,
                                                                   int f_minus_d, int with_t) {
    POINT_DBL_SHAPE(gf, out, a, gh_is_ds, f_minus_d, with_t);
}

#endif
