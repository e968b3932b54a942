/*
 * One edwards448 point spread over four lanes: (X, Y, Z, T) in lanes 0..3 of
 * one gfl (src/field/field.h, "Lanes"), so that the independent products of
 * one addition or doubling are one lane product. This is the parallel
 * execution of Hisil, Wong, Carter, Dawson, "Twisted Edwards curves
 * revisited" (Asiacrypt 2008), section 4, for the formulas of point_arith.c
 * (a = 1):
 *
 *   doubling:    round 1  (X, Y, Z, X+Y)^2 = (A, B, Z^2, S)           one gfl_sqr
 *                E = S - A - B, F = 2 Z^2 - A - B, G = A + B, H = B - A
 *                round 2  (E, G, F, E) * (F, H, G, H) = (X3, Y3, Z3, T3)   one gfl_mul
 *   addition of an affine point (x2, y2, d x2 y2), kept spread as
 *   (x2, y2, d x2 y2, x2 + y2):
 *                round 1  (X1, Y1, T1, X1+Y1) * that = (A, B, C, S)    one gfl_mul
 *                E = S - A - B, F = Z1 - C, G = Z1 + C, H = B - A
 *                round 2  as the doubling's                           one gfl_mul
 *   addition of a projective point (X2, Y2, Z2, d T2), kept spread as
 *   (X2, Y2, d T2, X2 + Y2) beside Z2: the same, with D = Z1 Z2 for Z1 on
 *   one lane (extract, gf_mul, insert): a = 1 needs A and B apart (point.h),
 *   so round 1 has five products, one more than four lanes.
 *
 * So 2 lane products per operation (the projective addition: 2 and one
 * scalar product) where point_arith.c does 8 or 9 (4M + 4S for the doubling).
 * Needs GF_LANES >= 4; lanes from 4 on carry bounded values nobody reads.
 * Every gfl operation used takes and returns tight lanes.
 *
 * Static inline and used by no caller of the library yet: test_point_spread
 * checks these against point_arith.c, bench_ladder_lanes measures them; the
 * double-scalar multiplication of verification would call them, if they
 * were faster (README, "Speed").
 */
#ifndef GOLDILOCKS_POINT_SPREAD_H
#define GOLDILOCKS_POINT_SPREAD_H

#include "point.h"

_Static_assert(GF_LANES >= 4, "a spread point needs at least four lanes");

/* (X, Y, Z, T) in lanes 0..3. */
typedef struct {
    gfl p;
} point_spread_t;

/* (x, y, d x y, x + y) of an affine point in lanes 0..3. */
typedef struct {
    gfl p;
} point_spread_niels_t;

/* (X, Y, d T, X + Y) in lanes 0..3, and Z. */
typedef struct {
    gfl p;
    gf z;
} point_spread_cached_t;

static inline void point_spread_from(point_spread_t *out, const point_t *a) {
    gfl_broadcast(out->p, a->x);
    gfl_insert(out->p, 1, a->y);
    gfl_insert(out->p, 2, a->z);
    gfl_insert(out->p, 3, a->t);
}

static inline void point_spread_to(point_t *out, const point_spread_t *a) {
    gfl_extract(out->x, a->p, 0);
    gfl_extract(out->y, a->p, 1);
    gfl_extract(out->z, a->p, 2);
    gfl_extract(out->t, a->p, 3);
}

/* out = (x, y, c, x + y) in lanes 0..3, x in the lanes from 4 on; all tight. */
static inline void spread_xy_sum(gfl out, const gf x, const gf y, const gf c) {
    gf s;
    gf_add(s, x, y);
    gfl_broadcast(out, x);
    gfl_insert(out, 1, y);
    gfl_insert(out, 2, c);
    gfl_insert(out, 3, s);
}

static inline void point_spread_niels_from(point_spread_niels_t *out, const point_niels_t *a) {
    spread_xy_sum(out->p, a->x, a->y, a->dxy);
}

static inline void point_spread_cached_from(point_spread_cached_t *out, const point_cached_t *a) {
    spread_xy_sum(out->p, a->x, a->y, a->dt);
    gf_copy(out->z, a->z);
}

/* (X, Y, ., X + Y) with lane 2 = lane 2 of a (Z or T as the caller permuted it in). */
static inline void spread_with_sum(gfl out, const gfl a) {
    gfl s, t;
    const lperm_t xy = lperm_make((const unsigned char[]){0, 1, 2, 0}, 4);
    const lperm_t yx = lperm_make((const unsigned char[]){1, 0, 2, 1}, 4);
    gfl_permute(s, a, xy.idx);
    gfl_permute(t, a, yx.idx);
    gfl_add_nr(t, s, t);                       /* lane 3: X + Y, loose: it feeds a product only */
    gfl_select(out, s, t, lmask_pattern(0x8));
}

/* Round 2 of every formula: from (E, F, G, H) in lanes 0..3 to (EF, GH, FG, EH). */
static inline void spread_finish(point_spread_t *out, const gfl efgh) {
    gfl l, r;
    const lperm_t egfe = lperm_make((const unsigned char[]){0, 2, 1, 0}, 4);
    const lperm_t fhgh = lperm_make((const unsigned char[]){1, 3, 2, 3}, 4);
    gfl_permute(l, efgh, egfe.idx);
    gfl_permute(r, efgh, fhgh.idx);
    gfl_mul(out->p, l, r);
}

/*
 * From round 1's (A, B, C, S) and Z (= D, in lane 2 of zv) to (E, F, G, H) =
 * (S - A - B, D - C, D + C, B - A): one addsub of (S, D, D, B) and (A + B, C, C, A).
 */
static inline void spread_efgh_add(gfl efgh, const gfl abcs, const gfl zv) {
    gfl o1, o2, ab;
    const lperm_t a4 = lperm_make((const unsigned char[]){0, 0, 0, 0}, 4);
    const lperm_t b4 = lperm_make((const unsigned char[]){1, 1, 1, 1}, 4);
    const lperm_t sbb = lperm_make((const unsigned char[]){3, 1, 1, 1}, 4);
    const lperm_t dddd = lperm_make((const unsigned char[]){2, 2, 2, 2}, 4);
    const lperm_t acca = lperm_make((const unsigned char[]){0, 2, 2, 0}, 4);
    gfl_permute(o1, abcs, a4.idx);
    gfl_permute(o2, abcs, b4.idx);
    gfl_add(ab, o1, o2);                           /* A + B in every lane */
    gfl_permute(o1, abcs, sbb.idx);
    gfl_permute(o2, zv, dddd.idx);
    gfl_select(o1, o1, o2, lmask_pattern(0x6));    /* (S, D, D, B) */
    gfl_permute(o2, abcs, acca.idx);
    gfl_select(o2, o2, ab, lmask_pattern(0x1));    /* (A + B, C, C, A) */
    gfl_addsub(efgh, o1, o2, lmask_pattern(0xb));
}

/* out = 2a (point_double's formula). */
static inline void point_spread_double(point_spread_t *out, const point_spread_t *a) {
    gfl v, t, o1, o2, g;
    const lperm_t a4 = lperm_make((const unsigned char[]){0, 0, 0, 0}, 4);
    const lperm_t b4 = lperm_make((const unsigned char[]){1, 1, 1, 1}, 4);
    const lperm_t scbb = lperm_make((const unsigned char[]){3, 2, 1, 1}, 4);
    spread_with_sum(v, a->p);                      /* (X, Y, Z, X + Y) */
    gfl_sqr(v, v);                                 /* (A, B, Z^2, S) */
    gfl_add(t, v, v);
    gfl_select(t, v, t, lmask_pattern(0x4));       /* (A, B, 2 Z^2, S) */
    gfl_permute(o1, t, a4.idx);
    gfl_permute(o2, t, b4.idx);
    gfl_add(g, o1, o2);                            /* G = A + B in every lane */
    gfl_permute(o1, t, scbb.idx);                  /* (S, 2 Z^2, B, B) */
    gfl_permute(o2, t, a4.idx);
    gfl_select(o2, g, o2, lmask_pattern(0xc));     /* (G, G, A, A) */
    gfl_addsub(v, o1, o2, lmask_pattern(0xb));     /* (E, F, G, H) */
    spread_finish(out, v);
}

/* out = a + b for b affine (point_add_niels's formula). */
static inline void point_spread_add_niels(point_spread_t *out, const point_spread_t *a,
                                          const point_spread_niels_t *b) {
    gfl v, efgh;
    const lperm_t xyt = lperm_make((const unsigned char[]){0, 1, 3, 0}, 4);
    gfl_permute(v, a->p, xyt.idx);                 /* (X1, Y1, T1, X1) */
    spread_with_sum(v, v);                         /* (X1, Y1, T1, X1 + Y1) */
    gfl_mul(v, v, b->p);                           /* (A, B, C, S) */
    spread_efgh_add(efgh, v, a->p);                /* D = Z1 */
    spread_finish(out, efgh);
}

/* out = a + b for b projective (point_add_cached's formula). */
static inline void point_spread_add_cached(point_spread_t *out, const point_spread_t *a,
                                           const point_spread_cached_t *b) {
    gfl v, efgh, dv;
    gf d;
    const lperm_t xyt = lperm_make((const unsigned char[]){0, 1, 3, 0}, 4);
    gfl_permute(v, a->p, xyt.idx);
    spread_with_sum(v, v);
    gfl_mul(v, v, b->p);                           /* (A, B, C, S) */
    gfl_extract(d, a->p, 2);
    gf_mul(d, d, b->z);                            /* D = Z1 Z2, on one lane */
    gfl_copy(dv, a->p);
    gfl_insert(dv, 2, d);
    spread_efgh_add(efgh, v, dv);
    spread_finish(out, efgh);
}

#endif
