/*
 * Between the field API's gf and the avx512ifma lanes' radix-2^50 elements
 * (generated/lanes_avx512ifma/gf4r50.h), through the 56 bytes of
 * gf_serialize / gf_deserialize, for the code written for those lanes
 * (configure.py ALTERNATIVE_LANES: x448_ladder_r50.c, field_isr2_r50.c and point_r50.h's users).
 * Straight-line on the values: the secret ones go through it.
 */
#ifndef GOLDILOCKS_FIELD_R50_H
#define GOLDILOCKS_FIELD_R50_H

#include "gf4r50.h"
#include "field.h"
#include "ct.h"

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

#endif
