/*
 * Lane points (point_lanes.h): point_arith.c's formulas, the same texts
 * (point_hwcd_steps.h's additions, point_dbl_shape.h's doubling:
 * Hisil-Wong-Carter-Dawson 2008, add-2008-hwcd and dbl-2008-hwcd with
 * a = 1, with their bounds, which hold here lane by lane) on gfl.
 */
#include "point_lanes.h"
#include "point_dbl_shape.h"
#include "point_hwcd_steps.h"
#include "ct.h"

void pointl_identity(pointl_t *out) {
    gfl_set_small(out->x, 0);
    gfl_set_small(out->y, 1);
    gfl_set_small(out->z, 1);
    gfl_set_small(out->t, 0);
}

void pointl_copy(pointl_t *out, const pointl_t *a) {
    gfl_copy(out->x, a->x);
    gfl_copy(out->y, a->y);
    gfl_copy(out->z, a->z);
    gfl_copy(out->t, a->t);
}

/* The other lanes of out must hold values (gfl_insert may blend into them). */
void pointl_insert(pointl_t *out, unsigned lane, const point_t *a) {
    gfl_insert(out->x, lane, a->x);
    gfl_insert(out->y, lane, a->y);
    gfl_insert(out->z, lane, a->z);
    gfl_insert(out->t, lane, a->t);
}

void pointl_extract(point_t *out, const pointl_t *a, unsigned lane) {
    gfl_extract(out->x, a->x, lane);
    gfl_extract(out->y, a->y, lane);
    gfl_extract(out->z, a->z, lane);
    gfl_extract(out->t, a->t, lane);
}

void pointl_select(pointl_t *out, const pointl_t *a, const pointl_t *b, lmask_t pick_b) {
    gfl_select(out->x, a->x, b->x, pick_b);
    gfl_select(out->y, a->y, b->y, pick_b);
    gfl_select(out->z, a->z, b->z, pick_b);
    gfl_select(out->t, a->t, b->t, pick_b);
}

void pointl_add_cached(pointl_t *out, const pointl_t *a, const pointl_cached_t *b) {
    gfl A, B, C, D, E, F, G, H, s1, s2;
    POINT_ADD_EFGH(gfl, E, F, G, H, a, b->x, b->y, b->dt, D, gfl_mul(D, a->z, b->z), A, B, C, s1, s2);
    POINT_EFGH_OUT(gfl, out, E, F, G, H, 1);
}

void pointl_add_niels(pointl_t *out, const pointl_t *a, const pointl_niels_t *b) {
    gfl A, B, C, E, F, G, H, s1, s2;
    POINT_ADD_EFGH(gfl, E, F, G, H, a, b->x, b->y, b->dxy, a->z, (void)0, A, B, C, s1, s2);
    POINT_EFGH_OUT(gfl, out, E, F, G, H, 1);
}

void pointl_to_cached(pointl_cached_t *out, const pointl_t *a) {
    gfl_copy(out->x, a->x);
    gfl_copy(out->y, a->y);
    gfl_copy(out->z, a->z);
    /* d T = -(39081 T). */
    gfl_mulw(out->dt, a->t, CURVE_MINUS_D);
    gfl_neg(out->dt, out->dt);
}

void pointl_add(pointl_t *out, const pointl_t *a, const pointl_t *b) {
    pointl_cached_t c;
    pointl_to_cached(&c, b);
    pointl_add_cached(out, a, &c);
}

/* E's doubling, point_dbl_shape.h's first row; T3 only when with_t. */
static inline __attribute__((always_inline)) void double_inner(pointl_t *out, const pointl_t *a, int with_t) {
    POINT_DBL_SHAPE(gfl, out, a, 0, 0, with_t);
}

void pointl_double(pointl_t *out, const pointl_t *a) {
    double_inner(out, a, 1);
}

void pointl_double_no_t(pointl_t *out, const pointl_t *a) {
    double_inner(out, a, 0);
}

/* -(x, y) = (-x, y); T = x y Z changes sign with x, and so does d x y. */
void pointl_cond_neg(pointl_t *a, lmask_t neg) {
    gfl_cond_neg(a->x, neg);
    gfl_cond_neg(a->t, neg);
}

void pointl_niels_cond_neg(pointl_niels_t *a, lmask_t neg) {
    gfl_cond_neg(a->x, neg);
    gfl_cond_neg(a->dxy, neg);
}

void pointl_cached_cond_neg(pointl_cached_t *a, lmask_t neg) {
    gfl_cond_neg(a->x, neg);
    gfl_cond_neg(a->dt, neg);
}

/*
 * The one lookup behind both entry types: for each lane k, ct_lookup reads
 * every entry of table[k] (entries of `elems` consecutive gf, `size` bytes)
 * and keeps entry idx[k] by masks; its elements go into lane k of out[0..elems)
 * (lane 0 by a broadcast, so that out needs no initial value).
 * Inlined into the two wrappers below with constant sizes, so that
 * ct_lookup's loops unroll as they do for the single calls.
 */
static inline __attribute__((always_inline)) void lanes_lookup(gfl *const out[], unsigned elems,
                                                               const void *const table[GF_LANES], size_t size,
                                                               unsigned n, const uint32_t idx[GF_LANES]) {
    gf_s entry[CT_LOOKUP_MAX_BYTES / sizeof(gf_s)];
    for (unsigned k = 0; k < GF_LANES; k++) {
        ct_lookup(entry, table[k], size, n, idx[k]);
        for (unsigned e = 0; e < elems; e++) {
            if (k == 0) /* every lane set before the inserts blend into it */
                gfl_broadcast(*out[e], &entry[e]);
            else
                gfl_insert(*out[e], k, &entry[e]);
        }
    }
    ct_wipe(entry, size);
}

_Static_assert(sizeof(point_niels_t) == 3 * sizeof(gf_s) && sizeof(point_cached_t) == 4 * sizeof(gf_s),
               "lookup entries are consecutive field elements");
_Static_assert(sizeof(point_cached_t) <= CT_LOOKUP_MAX_BYTES, "a cached point is a lookup entry");

void pointl_niels_lookup(pointl_niels_t *out, const point_niels_t *const table[GF_LANES], unsigned n,
                         const uint32_t idx[GF_LANES]) {
    gfl *const parts[3] = {&out->x, &out->y, &out->dxy};
    const void *tables[GF_LANES];
    for (unsigned k = 0; k < GF_LANES; k++)
        tables[k] = table[k];
    lanes_lookup(parts, 3, tables, sizeof(point_niels_t), n, idx);
}

void pointl_cached_lookup(pointl_cached_t *out, const point_cached_t *const table[GF_LANES], unsigned n,
                          const uint32_t idx[GF_LANES]) {
    gfl *const parts[4] = {&out->x, &out->y, &out->z, &out->dt};
    const void *tables[GF_LANES];
    for (unsigned k = 0; k < GF_LANES; k++)
        tables[k] = table[k];
    lanes_lookup(parts, 4, tables, sizeof(point_cached_t), n, idx);
}

void pointl_wipe(pointl_t *a) {
    ct_wipe(a, sizeof *a);
}
