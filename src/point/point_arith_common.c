/*
 * The point operations that point_arith.c and its alternative
 * point_arith_lanes2.c share (point.h): everything but the doubling and the
 * two mixed additions, whose products those files schedule each in their own
 * way; the formulas are point_hwcd_steps.h's and point_dbl_shape.h's.
 * point_add_finish is the additions' last round, POINT_EFGH_OUT on gf.
 */
#include "point.h"
#include "point_hwcd_steps.h"
#include "ct.h"

void point_identity(point_t *out) {
    gf_set_small(out->x, 0);
    gf_set_small(out->y, 1);
    gf_set_small(out->z, 1);
    gf_set_small(out->t, 0);
}

void point_copy(point_t *out, const point_t *a) {
    gf_copy(out->x, a->x);
    gf_copy(out->y, a->y);
    gf_copy(out->z, a->z);
    gf_copy(out->t, a->t);
}

void point_from_niels(point_t *out, const point_niels_t *a) {
    gf_copy(out->x, a->x);
    gf_copy(out->y, a->y);
    gf_set_small(out->z, 1);
    gf_mul(out->t, a->x, a->y);
}

/* -(x, y) = (-x, y). */
void point_neg(point_t *out, const point_t *a) {
    gf_neg(out->x, a->x);
    gf_copy(out->y, a->y);
    gf_copy(out->z, a->z);
    gf_neg(out->t, a->t);
}

/* The common tail of the additions: from E, F, G, H (loose allowed) to the result (point.h). */
void point_add_finish(point_t *out, const gf e, const gf f, const gf g, const gf h) {
    POINT_EFGH_OUT(gf, out, e, f, g, h, 1);
}

void point_to_cached(point_cached_t *out, const point_t *a) {
    gf_copy(out->x, a->x);
    gf_copy(out->y, a->y);
    gf_copy(out->z, a->z);
    /* d T = -(39081 T). */
    gf_mulw(out->dt, a->t, CURVE_MINUS_D);
    gf_neg(out->dt, out->dt);
}

/*
 * a + b, or a - b = a + (-X2, Y2, Z2, -T2) when sub (a constant at both
 * call sites), straight from the extended coordinates: the formulas of
 * point_add_cached with C = 39081 T1 T2 = -d T1 T2 (one product and one
 * gf_mulw, as there), so F = D - d T1 T2 = D + C and G = D - C; b's
 * negation flips the signs of A = X1 X2 and C and the second factor of E.
 * No cached copy of b.
 */
static inline __attribute__((always_inline)) void add_extended(point_t *out, const point_t *a, const point_t *b,
                                                                int sub) {
    gf A, B, C, D, E, F, G, H, s1, s2;
    gf_mul(A, a->x, b->x);
    gf_mul(B, a->y, b->y);
    gf_mul(C, a->t, b->t);
    gf_mulw(C, C, CURVE_MINUS_D);
    gf_mul(D, a->z, b->z);
    gf_add_nr(s1, a->x, a->y);
    if (sub)
        gf_sub_nr(s2, b->y, b->x);
    else
        gf_add_nr(s2, b->x, b->y);
    gf_mul(E, s1, s2);
    if (sub) {
        gf_add(E, E, A); /* (X1 + Y1)(Y2 - X2) + X1 X2 - Y1 Y2 */
        gf_sub_nr(E, E, B);
        gf_sub_nr(F, D, C);
        gf_add_nr(G, D, C);
        gf_add_nr(H, B, A);
    } else {
        gf_sub(E, E, A);
        gf_sub_nr(E, E, B);
        gf_add_nr(F, D, C);
        gf_sub_nr(G, D, C);
        gf_sub_nr(H, B, A);
    }
    point_add_finish(out, E, F, G, H);
}

void point_add(point_t *out, const point_t *a, const point_t *b) {
    add_extended(out, a, b, 0);
}

void point_sub(point_t *out, const point_t *a, const point_t *b) {
    add_extended(out, a, b, 1);
}

/* -(x, y) = (-x, y), and d x y changes sign with x. */
void point_niels_cond_neg(point_niels_t *a, mask_t neg) {
    gf_cond_neg(a->x, neg);
    gf_cond_neg(a->dxy, neg);
}

void point_cached_cond_neg(point_cached_t *a, mask_t neg) {
    gf_cond_neg(a->x, neg);
    gf_cond_neg(a->dt, neg);
}

/* x1 = x2 and y1 = y2, i.e. X1 Z2 = X2 Z1 and Y1 Z2 = Y2 Z1. */
mask_t point_eq(const point_t *a, const point_t *b) {
    gf l, r;
    gf_mul(l, a->x, b->z);
    gf_mul(r, b->x, a->z);
    mask_t ok = gf_eq(l, r);
    gf_mul(l, a->y, b->z);
    gf_mul(r, b->y, a->z);
    return ok & gf_eq(l, r);
}

/* (X^2 + Y^2) Z^2 = Z^4 + d X^2 Y^2, T Z = X Y, Z != 0. */
mask_t point_valid(const point_t *a) {
    gf xx, yy, zz, l, r, t;
    gf_sqr(xx, a->x);
    gf_sqr(yy, a->y);
    gf_sqr(zz, a->z);
    gf_add(l, xx, yy);
    gf_mul(l, l, zz);
    gf_mul(t, xx, yy);
    gf_mulw(t, t, CURVE_MINUS_D);
    gf_sqr(r, zz);
    gf_sub(r, r, t);
    mask_t ok = gf_eq(l, r);
    gf_mul(l, a->t, a->z);
    gf_mul(r, a->x, a->y);
    ok &= gf_eq(l, r);
    return ok & ~gf_is_zero(a->z);
}

void point_affine(gf x, gf y, const point_t *a) {
    gf zi;
    gf_invert(zi, a->z);
    gf_mul(x, a->x, zi);
    gf_mul(y, a->y, zi);
    ct_wipe(zi, sizeof zi);
}

_Static_assert(sizeof(point_niels_t) % sizeof(ct_vec) == 0 && sizeof(point_niels_t) <= CT_LOOKUP_MAX_BYTES,
               "a niels point is a lookup entry");
_Static_assert(sizeof(point_cached_t) % sizeof(ct_vec) == 0 && sizeof(point_cached_t) <= CT_LOOKUP_MAX_BYTES,
               "a cached point is a lookup entry");

_Static_assert(_Alignof(point_niels_t) >= _Alignof(mask_t) && _Alignof(point_cached_t) >= _Alignof(mask_t),
               "ct_lookup's entries are aligned as mask_t");

void point_niels_lookup(point_niels_t *out, const point_niels_t *table, unsigned n, uint32_t index) {
    ct_lookup(out, table, sizeof *table, n, index);
}

void point_cached_lookup(point_cached_t *out, const point_cached_t *table, unsigned n, uint32_t index) {
    ct_lookup(out, table, sizeof *table, n, index);
}

void point_wipe(point_t *a) {
    ct_wipe(a, sizeof *a);
}
