/*
 * GF_LANES independent edwards448 points side by side, one per lane, on the
 * lane-parallel field API of field.h: the batch calls across operations
 * (goldilocks_*_batch) run one formula on GF_LANES points at once.
 *
 * The coordinates and formulas are point.h's (extended coordinates, the
 * complete a = 1 addition law of point_arith.c), lane by lane; every lane
 * of every function computes exactly what the function of point.h of the
 * same name computes, so a lane's result is bit-for-bit the single call's
 * (the field operations are the same gf_ operations, lane by lane).
 * Outputs may alias inputs. Nothing branches on or indexes memory by a
 * point's value or a per-lane mask.
 */
#ifndef GOLDILOCKS_POINT_LANES_H
#define GOLDILOCKS_POINT_LANES_H

#include <stdint.h>
#include "field.h"
#include "point.h"

/* Extended coordinates (X : Y : Z : T), lane by lane. */
typedef struct {
    gfl x, y, z, t;
} pointl_t;

/* Affine with d x y (point_niels_t) and projective with d T (point_cached_t), lane by lane. */
typedef struct {
    gfl x, y, dxy;
} pointl_niels_t;

typedef struct {
    gfl x, y, z, dt;
} pointl_cached_t;

/* ---- src/point/point_lanes.c ---- */

void pointl_identity(pointl_t *out);
void pointl_copy(pointl_t *out, const pointl_t *a);
/* Lane `lane` (public, below GF_LANES) of out = a; the other lanes kept (out must be set). */
void pointl_insert(pointl_t *out, unsigned lane, const point_t *a);
/* out = lane `lane` of a. */
void pointl_extract(point_t *out, const pointl_t *a, unsigned lane);
/* Lanes of pick_b from b, the others from a. */
void pointl_select(pointl_t *out, const pointl_t *a, const pointl_t *b, lmask_t pick_b);
/* out = a + b (point_add_cached), a + b (point_add_niels), a + b (point_add). */
void pointl_add_cached(pointl_t *out, const pointl_t *a, const pointl_cached_t *b);
void pointl_add_niels(pointl_t *out, const pointl_t *a, const pointl_niels_t *b);
void pointl_add(pointl_t *out, const pointl_t *a, const pointl_t *b);
/* out = 2a (point_double), and without T (point_double_no_t). */
void pointl_double(pointl_t *out, const pointl_t *a);
void pointl_double_no_t(pointl_t *out, const pointl_t *a);
void pointl_to_cached(pointl_cached_t *out, const pointl_t *a);
/* Negates the lanes of neg. */
void pointl_cond_neg(pointl_t *a, lmask_t neg);
void pointl_niels_cond_neg(pointl_niels_t *a, lmask_t neg);
void pointl_cached_cond_neg(pointl_cached_t *a, lmask_t neg);

/*
 * The constant-time per-lane table lookup: lane k of out = table[k][idx[k]],
 * table[k] an array of n entries (lanes may share one table, as the comb's
 * do, or have one each, as the variable-base multiplication's). Every entry
 * of every lane's table is read; idx[k] only becomes masks (ct_lookup).
 */
void pointl_niels_lookup(pointl_niels_t *out, const point_niels_t *const table[GF_LANES], unsigned n,
                         const uint32_t idx[GF_LANES]);
void pointl_cached_lookup(pointl_cached_t *out, const point_cached_t *const table[GF_LANES], unsigned n,
                          const uint32_t idx[GF_LANES]);

void pointl_wipe(pointl_t *a);

/* ---- src/point/point_lanes_comb.c: constant time ---- */

/* out lane k = [k[k]]p for the comb table of p (point_comb_table_t; point_base_comb for B). */
void pointl_scalarmul_comb(pointl_t *out, const point_comb_table_t table, const scalar_t k[GF_LANES]);
/* out lane k = [k[k]]B. */
void pointl_scalarmul_base(pointl_t *out, const scalar_t k[GF_LANES]);

/* ---- src/point/point_lanes_scalarmul.c: constant time ---- */

/* out lane k = [k[k]] (lane k of a), by point_scalarmul's signed fixed windows. */
void pointl_scalarmul(pointl_t *out, const pointl_t *a, const scalar_t k[GF_LANES]);

/* ---- src/proto/decaf448_lanes.c: RFC 9496 sections 5.3.1 and 5.3.2, lane by lane ---- */

/*
 * Lane l of out = decaf448_decode(in[l]) and ok[l] its mask (all ones when
 * in[l] is a valid canonical encoding; a lane that is not holds no point).
 */
void pointl_decaf448_decode(pointl_t *out, mask_t ok[GF_LANES], const uint8_t in[GF_LANES][DECAF448_BYTES]);
/* out[l] = decaf448_encode(lane l of a): the same bytes. Constant time. */
void pointl_decaf448_encode(uint8_t out[GF_LANES][DECAF448_BYTES], const pointl_t *a);

#endif
