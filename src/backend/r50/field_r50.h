/*
 * Between the field API's gf and the radix-2^50 lane elements
 * (gf4r50.h), for the code written for those lanes
 * (the r50 backend: x448_ladder_r50.c, field_isr2_r50.c and
 * point_r50.h's users). On the layouts of 8 limbs of 56 bits (8x56, 8x56mulx:
 * every IFMA target's) the limbs go straight across, by gf4r50.h's transposes
 * and its proven gf4r50_from_limbs56 / gf4r50_to_limbs56; on any other layout
 * through the 56 bytes of gf_serialize / gf_deserialize. Straight-line on the
 * values: the secret ones go through it.
 */
#ifndef GOLDILOCKS_FIELD_R50_H
#define GOLDILOCKS_FIELD_R50_H

#include "gf4r50.h"
#include "field.h"
#include "ct.h"

#if GF_LIMBS == 8 && GF_LIMB_BITS == 56
_Static_assert(GF_LOOSE_MAX <= GF4R50_LIMBS56_IN_MAX, "a loose gf is an input of gf4r50_from_limbs56");
_Static_assert(GF4R50_LIMBS56_OUT_MAX <= GF_TIGHT_MAX, "gf4r50_to_limbs56 returns tight elements");
_Static_assert(sizeof(gf_word_t) == 8, "64-bit limbs");

/* Lane k of out = in[k] (tight or loose; a reduced result). */
static inline void gf4r50_from_gf(gf4r50 out, const gf_s *const in[GF4R50_LANES]) {
    const uint64_t *const rows[GF4R50_LANES] = {in[0]->limb, in[1]->limb, in[2]->limb, in[3]->limb};
    gf4r50_word v[8];
    gf4r50_rows_to_columns56(v, rows);
    gf4r50_from_limbs56(out, v);
}

/* Every lane of out = a (tight or loose; a reduced result). */
static inline void gf4r50_broadcast_gf(gf4r50 out, const gf a) {
    gf4r50_word v[8];
    gf4r50_broadcast_row56(v, a->limb);
    gf4r50_from_limbs56(out, v);
}

/* out[k] = lane k of a (loose), tight; out[k] may be the same element as out[j] only for k = j. */
static inline void gf4r50_to_gf4(gf_s *const out[GF4R50_LANES], const gf4r50 a) {
    uint64_t *const rows[GF4R50_LANES] = {out[0]->limb, out[1]->limb, out[2]->limb, out[3]->limb};
    gf4r50_word v[8];
    gf4r50_to_limbs56(v, a);
    gf4r50_columns_to_rows56(rows, v);
}

/* out = lane `lane` (public) of a (loose), tight. */
static inline void gf4r50_to_gf(gf out, const gf4r50 a, unsigned lane) {
    gf all[GF4R50_LANES];
    gf_s *const each[GF4R50_LANES] = {all[0], all[1], all[2], all[3]};
    gf4r50_to_gf4(each, a);
    gf_copy(out, all[lane]);
    ct_wipe(all, sizeof all);
}
#else
/* Lane k of out = in[k] (reduced limbs: the canonical value's bits). */
static inline void gf4r50_from_gf(gf4r50 out, const gf_s *const in[GF4R50_LANES]) {
    uint8_t b[GF4R50_LANES][56];
    for (unsigned k = 0; k < GF4R50_LANES; k++) gf_serialize(b[k], in[k]);
    gf4r50_from_bytes(out, (const uint8_t(*)[56])b);
    ct_wipe(b, sizeof b);
}

/* out = lane `lane` (public) of a, mod p: the 57 bytes of gf4r50_to_bytes are
 * low + 2^448 b[56], and 2^448 = 2^224 + 1 (mod p). */
static inline void gf4r50_to_gf(gf out, const gf4r50 a, unsigned lane) {
    uint8_t b[57], hi[GF_SER_BYTES] = {0};
    gf h;
    gf4r50_to_bytes(b, a, lane);
    hi[0] = b[56];
    hi[28] = b[56];
    (void)gf_deserialize(out, b);
    (void)gf_deserialize(h, hi);
    gf_add(out, out, h);
    ct_wipe(b, sizeof b);
    ct_wipe(hi, sizeof hi);
    ct_wipe(h, sizeof(gf));
}

/* Every lane of out = a. */
static inline void gf4r50_broadcast_gf(gf4r50 out, const gf a) {
    const gf_s *const in[GF4R50_LANES] = {a, a, a, a};
    gf4r50_from_gf(out, in);
}

/* out[k] = lane k of a. */
static inline void gf4r50_to_gf4(gf_s *const out[GF4R50_LANES], const gf4r50 a) {
    for (unsigned k = 0; k < GF4R50_LANES; k++) gf4r50_to_gf(out[k], a, k);
}
#endif

#endif
