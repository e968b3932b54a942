/*
 * The twisted curve E': -x^2 + y^2 = 1 + d' x^2 y^2, d' = d - 1 = -39082,
 * 4-isogenous to edwards448 E (point_base_twisted.c gives the maps and why
 * the a = -1 formulas are exact on the points of odd order, the only ones
 * they see), and the operations on it that its two users share: the
 * single calls' fixed-base comb (point_base_twisted.c) and the decaf448
 * variable-base multiplication (point_scalarmul_twisted.c). Points of E' are
 * point_t's in extended coordinates, as on E. Static inline: each user
 * keeps its loop inlined.
 *
 * The maps, projective (A = X^2, B = Y^2, E = 2XY = (X + Y)^2 - A - B):
 *     phi:     E -> E', x' = E / (B - A),  y' = (A + B) / (2 Z^2 - A - B),
 *     phi_hat: E' -> E, x = E / (A + B),   y = (B - A) / (2 Z^2 - B + A),
 * phi_hat(phi(P)) = [4]P; phi maps the four points of order 1, 2 and 4 of E
 * to the neutral element ((0, +-1) and (+-1, 0) all land on (0, 1)), so
 * phi(P) has odd order for every P of E(GF(p)) = Z/4 x Z/l.
 *
 * Bounds (field.h): a gf_sub_nr/gf_add_nr output feeds only products; what
 * feeds a sum or difference is tight. Each formula below takes the fewest
 * weak reductions its sums allow: E = s^2 - (A + B) is one difference once
 * A + B is tight.
 */
#ifndef GOLDILOCKS_POINT_TWISTED_H
#define GOLDILOCKS_POINT_TWISTED_H

#include "point.h"
#include "point_dbl_shape.h"

/* 2 d' = -78164. */
#define TWISTED_MINUS_2D 78164

/*
 * A run-time table entry of E': (Y - X, Y + X, 2Z, 2 d' T), tight. Its
 * negation is (Y + X, Y - X, 2Z, -2 d' T): the first two trade places.
 */
typedef struct {
    gf ymx, ypx, z2, td;
} point_tcached_t;

/*
 * out = 2a on E' ("dbl-2008-hwcd", a = -1): A = X^2, B = Y^2, C = 2 Z^2,
 * E = 2XY, G = B - A; its F = G - C and H = -A - B are both negated here
 * (F = C - G, H = A + B), which negates X3, Y3, Z3 and T3 together: the same
 * projective point. T3 only when with_t (a constant at every call site).
 * 4M + 4S (3M + 4S without T).
 */
static inline __attribute__((always_inline)) void twisted_double(point_t *out, const point_t *a, int with_t) {
    point_dbl_shape(out, a, 1, 1, with_t);
}

/* out = phi(a), E to E': x' = E/(B - A), y' = (A + B)/(2 Z^2 - A - B). 4M + 4S. */
static inline __attribute__((always_inline)) void twisted_from_edwards(point_t *out, const point_t *a) {
    point_dbl_shape(out, a, 1, 0, 1);
}

/* out = phi_hat(a), E' to E: x = E/(A + B), y = (B - A)/(2 Z^2 - B + A). 4M + 4S. */
static inline __attribute__((always_inline)) void twisted_to_edwards(point_t *out, const point_t *a) {
    point_dbl_shape(out, a, 0, 1, 1);
}

/* The table entry of a (tight: the first window's digit reads it back, twisted_from_tcached). */
static inline void twisted_to_tcached(point_tcached_t *out, const point_t *a) {
    gf_sub(out->ymx, a->y, a->x);
    gf_add(out->ypx, a->y, a->x);
    gf_add(out->z2, a->z, a->z);
    gf_mulw(out->td, a->t, TWISTED_MINUS_2D);
    gf_neg(out->td, out->td);
}

/*
 * The point of an entry without T: (2X, 2Y, 2Z) = (ypx - ymx, ypx + ymx, z2),
 * only for a point whose next operation is a doubling (which does not read T).
 */
static inline void twisted_from_tcached_no_t(point_t *out, const point_tcached_t *a) {
    gf_sub(out->x, a->ypx, a->ymx);
    gf_add(out->y, a->ypx, a->ymx);
    gf_copy(out->z, a->z2);
}

/*
 * out = a + b on E' from b's Y2 - X2, Y2 + X2, 2 d' T2 and 2 Z2, or from
 * its affine y - x, y + x, 2 d' x y when z2 is NULL (a constant at every
 * call site: Z2 = 1) ("add-2008-hwcd-3" of HWCD 2008, section 3.1, a = -1):
 *   A = (Y1 - X1)(Y2 - X2), B = (Y1 + X1)(Y2 + X2), C = T1 2d'T2, D = Z1 2Z2,
 *   E = B - A, H = B + A, F = D - C, G = D + C,
 *   X3 = E F, Y3 = G H, T3 = E H, Z3 = F G   (8M, 7M affine; no weak
 * reduction but 2 Z1's). E = 2 Z1 Z2 (x1 y2 + y1 x2), H = 2 Z1 Z2 (y1 y2 + x1 x2),
 * G = 2 Z1 Z2 (1 + d' x1 x2 y1 y2), F = 2 Z1 Z2 (1 - d' x1 x2 y1 y2): the
 * twisted law x3 = E/G, y3 = H/F. When negc is all ones (and may_neg, a
 * constant) C is negated by trading F and G: with Y2 - X2 and Y2 + X2
 * traded by the caller, that adds -b.
 */
static inline __attribute__((always_inline)) void twisted_add_core(point_t *out, const point_t *a, const gf ymx,
                                                                    const gf ypx, const gf td, const gf_s *z2,
                                                                    mask_t negc, int may_neg) {
    gf A, B, C, D, E, F, G, H, s;
    gf_sub_nr(s, a->y, a->x);
    gf_mul(A, s, ymx);
    gf_add_nr(s, a->y, a->x);
    gf_mul(B, s, ypx);
    gf_mul(C, a->t, td);
    if (z2)
        gf_mul(D, a->z, z2);
    else
        gf_add(D, a->z, a->z);
    gf_sub_nr(E, B, A);
    gf_add_nr(H, B, A);
    gf_sub_nr(F, D, C);
    gf_add_nr(G, D, C);
    if (may_neg)
        gf_cond_swap(F, G, negc);
    POINT_EFGH_OUT(gf, out, E, F, G, H, 1);
}

/*
 * out = a + b for a table entry b, -b when may_neg and neg is all ones
 * (b's first two are traded in place): 8M, a negation is two conditional
 * swaps.
 */
static inline __attribute__((always_inline)) void twisted_add_tcached(point_t *out, const point_t *a,
                                                                       point_tcached_t *b, mask_t neg,
                                                                       int may_neg) {
    if (may_neg)
        gf_cond_swap(b->ymx, b->ypx, neg);
    twisted_add_core(out, a, b->ymx, b->ypx, b->td, b->z2, neg, may_neg);
}

/*
 * acc += b on E', b affine (y - x, y + x, 2 d' x y: twisted_add_core with
 * Z2 = 1, 7M), -b when neg: -(x, y) = (-x, y), y - x and y + x trade places
 * and 2 d' x y changes sign. (Trading F and G instead of negating 2 d' x y,
 * as twisted_add_tcached does, counted 1,596 instructions fewer for the X448
 * public key on avx2 but 1,584 more on aarch64.) The fixed-base comb's addition
 * (point_base_twisted.c).
 */
static inline __attribute__((always_inline)) void twisted_add_tniels(point_t *acc, point_tniels_t *b, mask_t neg) {
    gf_cond_swap(b->ymx, b->ypx, neg);
    gf_cond_neg(b->td, neg);
    twisted_add_core(acc, acc, b->ymx, b->ypx, b->td, NULL, 0, 0);
}

#endif
