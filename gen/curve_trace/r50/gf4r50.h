/*
 * The symbolic radix-2^50 lanes of the curve-formula prover, in place of
 * generated/r50_portable/gf4r50.h or generated/lanes_avx512ifma/gf4r50.h for
 * the r50 backend's formulas (src/backend/r50/, traced by trace_r50.c): a
 * gf4r50 is four symbolic elements (gf_layout.h), lane k's trace number in
 * lane k of its one limb word, and each lane routine is the traced gf
 * operation it performs in every lane (trace.c), so the prover reads the lane
 * schedule as scalar operations, as with gf_lanes.h.
 *
 * Bounds: gf4r50.h's kinds are read as field.h's, "reduced" as tight and
 * "loose" as loose, for the two contracts have one shape: gf4r50_add and
 * gf4r50_addsub take reduced inputs and return loose ones (gf_add_nr,
 * gf_sub_nr), gf4r50_mul, _sqr and _mulw take loose ones and return reduced
 * ones (gf_mul, gf_sqr, gf_mulw), gf4r50_carry takes a loose one and returns
 * it reduced (gf_weak_reduce). gf4r50_mulw's smaller maximum is checked by
 * gen/prove_curve.py (BACKENDS' mulw_max). The conversions from and to the
 * scalar layout (field_r50.h's 8x56 branch) are gf_weak_reduce too: a gf,
 * tight or loose, in, a reduced lane out, and a loose lane in, a tight gf out.
 * Lane numbers and lane masks stay concrete.
 */
#ifndef GOLDILOCKS_GF4R50_H
#define GOLDILOCKS_GF4R50_H

#include <stdio.h>
#include <stdlib.h>
#include "field.h"
#include "trace.h"

#define GF4R50_PORTABLE 1
#define GF4R50_LANES 4
/* One word: lane k of limb[0] is lane k's number in the trace. */
#define GF4R50_LIMBS 1
/* The kinds of the conversions' inputs and outputs are the prover's (see above), not limb values. */
#define GF4R50_LIMBS56_IN_MAX GF_LOOSE_MAX
#define GF4R50_LIMBS56_OUT_MAX GF_TIGHT_MAX

typedef struct gf4r50_word {
    uint64_t q[GF4R50_LANES];
} gf4r50_word;
typedef uint8_t gf4r50_lanemask;

typedef struct gf4r50_s {
    gf4r50_word limb[GF4R50_LIMBS];
} gf4r50_s;
typedef gf4r50_s gf4r50[1];

static inline gf4r50_word gf4r50_lanes(long long l0, long long l1, long long l2, long long l3) {
    gf4r50_word r = {{(uint64_t)l0, (uint64_t)l1, (uint64_t)l2, (uint64_t)l3}};
    return r;
}

static inline gf4r50_word gf4r50_splat(uint64_t v) {
    gf4r50_word r = {{v, v, v, v}};
    return r;
}

/* The zero word is an element's limb (point_r50_perms' zero): four traced zeros. */
static inline gf4r50_word gf4r50_zero_word(void) {
    gf4r50_word r;
    for (unsigned k = 0; k < GF4R50_LANES; k++) {
        gf z;
        gf_set_small(z, 0);
        r.q[k] = z->limb[0];
    }
    return r;
}

/* The symbolic element of lane k of a. */
static inline gf_s gf4r50_lane(const gf4r50 a, unsigned k) {
    gf_s g = {{0}};
    g.limb[0] = a->limb[0].q[k];
    return g;
}

/* out = the o_ that call makes in lane k, for every lane k; GF4R50_L(a) is lane k of a there. */
#define GF4R50_LANEWISE(out, call)                                                             \
    do {                                                                                       \
        gf4r50_word r_;                                                                        \
        for (unsigned k = 0; k < GF4R50_LANES; k++) {                                          \
            gf_s o_;                                                                           \
            call;                                                                              \
            r_.q[k] = o_.limb[0];                                                              \
        }                                                                                      \
        (out)->limb[0] = r_;                                                                   \
    } while (0)

#define GF4R50_L(a) (gf_s[1]){gf4r50_lane((a), k)}

static inline void gf4r50_mul(gf4r50 out, const gf4r50 a, const gf4r50 b) {
    GF4R50_LANEWISE(out, gf_mul(&o_, GF4R50_L(a), GF4R50_L(b)));
}
static inline void gf4r50_sqr(gf4r50 out, const gf4r50 a) { GF4R50_LANEWISE(out, gf_sqr(&o_, GF4R50_L(a))); }
static inline void gf4r50_mulw(gf4r50 out, const gf4r50 a, uint32_t w) {
    GF4R50_LANEWISE(out, gf_mulw(&o_, GF4R50_L(a), w));
}
static inline void gf4r50_add(gf4r50 out, const gf4r50 a, const gf4r50 b) {
    GF4R50_LANEWISE(out, gf_add_nr(&o_, GF4R50_L(a), GF4R50_L(b)));
}
/* a - b in the lanes of sub, a + b elsewhere. */
static inline void gf4r50_addsub(gf4r50 out, const gf4r50 a, const gf4r50 b, gf4r50_lanemask sub) {
    GF4R50_LANEWISE(out, ((sub >> k) & 1 ? gf_sub_nr : gf_add_nr)(&o_, GF4R50_L(a), GF4R50_L(b)));
}
static inline void gf4r50_carry(gf4r50 out, const gf4r50 a) {
    GF4R50_LANEWISE(out, (o_ = gf4r50_lane(a, k), gf_weak_reduce(&o_)));
}
/* Lane k: b where bit k of m is set, else a. */
static inline void gf4r50_blend(gf4r50 out, const gf4r50 a, const gf4r50 b, gf4r50_lanemask m) {
    GF4R50_LANEWISE(out, gf_select(&o_, GF4R50_L(a), GF4R50_L(b), (m >> k) & 1));
}
/* Lane k: b where lane k of mask is all ones, else a. */
static inline void gf4r50_select(gf4r50 out, const gf4r50 a, const gf4r50 b, gf4r50_word mask) {
    GF4R50_LANEWISE(out, gf_select(&o_, GF4R50_L(a), GF4R50_L(b), mask.q[k]));
}

/* Lane k of out = lane idx[k] of a: one "perm" line (the prover's mutants change idx). */
static inline void gf4r50_permute(gf4r50 out, const gf4r50 a, gf4r50_word idx) {
    gf_s src[GF4R50_LANES], dst[GF4R50_LANES];
    unsigned char i[GF4R50_LANES];
    for (unsigned k = 0; k < GF4R50_LANES; k++) {
        if (idx.q[k] >= GF4R50_LANES) {
            fprintf(stderr, "curve trace: gf4r50_permute lane %u takes lane %llu of 4\n", k,
                    (unsigned long long)idx.q[k]);
            exit(2);
        }
        src[k] = gf4r50_lane(a, k);
        i[k] = (unsigned char)idx.q[k];
    }
    trace_permute(dst, src, i, GF4R50_LANES);
    for (unsigned k = 0; k < GF4R50_LANES; k++) out->limb[0].q[k] = dst[k].limb[0];
}

/* ---- field_r50.h's 8x56 branch: a gf's number is its limb[0] (gf_layout.h) ---- */

/* v[0] = the rows' numbers (limb 0 of each), the other columns unused. */
static inline void gf4r50_rows_to_columns56(gf4r50_word v[8], const uint64_t *const rows[GF4R50_LANES]) {
    for (unsigned j = 0; j < 8; j++)
        for (unsigned k = 0; k < GF4R50_LANES; k++) v[j].q[k] = j ? 0 : rows[k][0];
}

static inline void gf4r50_broadcast_row56(gf4r50_word v[8], const uint64_t *row) {
    for (unsigned j = 0; j < 8; j++) v[j] = gf4r50_splat(j ? 0 : row[0]);
}

static inline void gf4r50_columns_to_rows56(uint64_t *const rows[GF4R50_LANES], const gf4r50_word v[8]) {
    for (unsigned k = 0; k < GF4R50_LANES; k++) rows[k][0] = v[0].q[k];
}

/* A gf (tight or loose) to a reduced lane, and a loose lane to a tight gf: gf_weak_reduce. */
static inline void gf4r50_from_limbs56(gf4r50 out, const gf4r50_word v[8]) {
    gf4r50 a;
    a->limb[0] = v[0];
    gf4r50_carry(out, a);
}

static inline void gf4r50_to_limbs56(gf4r50_word v[8], const gf4r50 a) {
    gf4r50 r;
    gf4r50_carry(r, a);
    for (unsigned j = 0; j < 8; j++) v[j] = j ? gf4r50_splat(0) : r->limb[0];
}

#endif
