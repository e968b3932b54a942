/*
 * Point arithmetic on edwards448 in extended coordinates (see point.h).
 *
 * Addition: "add-2008-hwcd" of Hisil-Wong-Carter-Dawson 2008, section 3.1,
 * with a = 1 (Explicit-Formulas Database, g2-twisted extended coordinates):
 *   A = X1 X2, B = Y1 Y2, C = d T1 T2, D = Z1 Z2,
 *   E = (X1 + Y1)(X2 + Y2) - A - B,   (= Z1 Z2 (x1 y2 + y1 x2))
 *   F = D - C, G = D + C, H = B - A,
 *   X3 = E F, Y3 = G H, T3 = E H, Z3 = F G,
 * so that x3 = E/G = (x1 y2 + y1 x2)/(1 + d x1 x2 y1 y2) and
 * y3 = H/F = (y1 y2 - x1 x2)/(1 - d x1 x2 y1 y2), the complete Edwards law.
 *
 * Doubling: "dbl-2008-hwcd" with a = 1, using x^2 + y^2 = 1 + d x^2 y^2:
 *   2(x, y) = (2xy / (x^2 + y^2), (y^2 - x^2) / (2 - x^2 - y^2)), so
 *   E = 2XY = (X + Y)^2 - X^2 - Y^2, G = X^2 + Y^2, H = Y^2 - X^2,
 *   F = 2Z^2 - G, X3 = E F, Y3 = G H, T3 = E H, Z3 = F G.
 *
 * Bounds (field.h): gf_add_nr/gf_sub_nr outputs (loose) only ever feed
 * gf_mul/gf_sqr; everything that feeds an addition is tight.
 *
 * This file holds the four operations (and the additions' forms without T) whose products a target may schedule
 * otherwise (configure.py ALTERNATIVES: point_arith_lanes2.c pairs them on
 * two lanes); the rest of point.h's point_arith functions are in
 * point_arith_common.c, built with either.
 */
#include "point.h"
#include "point_dbl_shape.h"

/* The additions' last round; T3 only when with_t (a constant at every call site). */
static inline __attribute__((always_inline)) void add_finish(point_t *out, const gf e, const gf f, const gf g,
                                                             const gf h, int with_t) {
    if (with_t) {
        point_add_finish(out, e, f, g, h);
    } else {
        gf_mul(out->x, e, f);
        gf_mul(out->y, g, h);
        gf_mul(out->z, f, g);
    }
}

static inline __attribute__((always_inline)) void add_cached_inner(point_t *out, const point_t *a,
                                                                   const point_cached_t *b, int with_t) {
    gf A, B, C, D, E, F, G, H, s1, s2;
    gf_mul(A, a->x, b->x);
    gf_mul(B, a->y, b->y);
    gf_mul(C, a->t, b->dt);
    gf_mul(D, a->z, b->z);
    gf_add_nr(s1, a->x, a->y);
    gf_add_nr(s2, b->x, b->y);
    gf_mul(E, s1, s2);
    gf_sub(E, E, A);
    gf_sub_nr(E, E, B);
    gf_sub_nr(F, D, C);
    gf_add_nr(G, D, C);
    gf_sub_nr(H, B, A);
    add_finish(out, E, F, G, H, with_t);
}

/* As add_cached_inner with Z2 = 1: D = Z1. */
static inline __attribute__((always_inline)) void add_niels_inner(point_t *out, const point_t *a,
                                                                  const point_niels_t *b, int with_t) {
    gf A, B, C, E, F, G, H, s1, s2;
    gf_mul(A, a->x, b->x);
    gf_mul(B, a->y, b->y);
    gf_mul(C, a->t, b->dxy);
    gf_add_nr(s1, a->x, a->y);
    gf_add_nr(s2, b->x, b->y);
    gf_mul(E, s1, s2);
    gf_sub(E, E, A);
    gf_sub_nr(E, E, B);
    gf_sub_nr(F, a->z, C);
    gf_add_nr(G, a->z, C);
    gf_sub_nr(H, B, A);
    add_finish(out, E, F, G, H, with_t);
}

void point_add_cached(point_t *out, const point_t *a, const point_cached_t *b) {
    add_cached_inner(out, a, b, 1);
}

void point_add_niels(point_t *out, const point_t *a, const point_niels_t *b) {
    add_niels_inner(out, a, b, 1);
}

/* Without T3 (one product fewer): for a sum that is doubled next (the doubling does not read T). */
void point_add_cached_no_t(point_t *out, const point_t *a, const point_cached_t *b) {
    add_cached_inner(out, a, b, 0);
}

void point_add_niels_no_t(point_t *out, const point_t *a, const point_niels_t *b) {
    add_niels_inner(out, a, b, 0);
}

/* The doubling; T3 only when with_t (a constant at every call site): point_dbl_shape.h's first row. */
static inline __attribute__((always_inline)) void double_inner(point_t *out, const point_t *a, int with_t) {
    point_dbl_shape(out, a, 0, 0, with_t);
}

void point_double(point_t *out, const point_t *a) {
    double_inner(out, a, 1);
}

/* The doubling does not read T, so a doubling that feeds another doubling can skip it. */
void point_double_no_t(point_t *out, const point_t *a) {
    double_inner(out, a, 0);
}
