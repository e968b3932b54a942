/*
 * Point arithmetic on edwards448 in extended coordinates (see point.h), on
 * gf: the additions are point_hwcd_steps.h's ("add-2008-hwcd" of
 * Hisil-Wong-Carter-Dawson 2008, a = 1), the doubling point_dbl_shape.h's
 * first row ("dbl-2008-hwcd", a = 1); the formulas, their operation counts
 * and bounds are written there, once for gf and gfl.
 *
 * This file holds the four operations (and the additions' forms without T) whose products a target may schedule
 * otherwise (the lanes2 backend's point_arith_lanes2.c pairs them on
 * two lanes; configure.py BACKENDS); the rest of point.h's point_arith functions are in
 * point_arith_common.c, built with either.
 */
#include "point.h"
#include "point_dbl_shape.h"
#include "point_hwcd_steps.h"

/* The additions' last round; T3 only when with_t (a constant at every call site). */
static inline __attribute__((always_inline)) void add_finish(point_t *out, const gf e, const gf f, const gf g,
                                                             const gf h, int with_t) {
    if (with_t) {
        point_add_finish(out, e, f, g, h);
    } else {
        POINT_EFGH_OUT(gf, out, e, f, g, h, 0);
    }
}

static inline __attribute__((always_inline)) void add_cached_inner(point_t *out, const point_t *a,
                                                                   const point_cached_t *b, int with_t) {
    gf A, B, C, D, E, F, G, H, s1, s2;
    POINT_ADD_EFGH(gf, E, F, G, H, a, b->x, b->y, b->dt, D, gf_mul(D, a->z, b->z), A, B, C, s1, s2);
    add_finish(out, E, F, G, H, with_t);
}

/* As add_cached_inner with Z2 = 1: D = Z1. */
static inline __attribute__((always_inline)) void add_niels_inner(point_t *out, const point_t *a,
                                                                  const point_niels_t *b, int with_t) {
    gf A, B, C, E, F, G, H, s1, s2;
    POINT_ADD_EFGH(gf, E, F, G, H, a, b->x, b->y, b->dxy, a->z, (void)0, A, B, C, s1, s2);
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
