/*
 * decaf448 decoding and encoding (RFC 9496 sections 5.3.1 and 5.3.2) of
 * GF_LANES points at once, for the batch calls: decaf448.c's formulas,
 * operation for operation, on the lane API of field.h, so that the inverse
 * square root of every lane (445 squarings, the bulk of either formula)
 * runs once for all lanes. Each lane gives exactly decaf448_decode's mask
 * and decaf448_encode's bytes: the same steps (decaf448_steps.h) in the same
 * order, and every test (gf_deserialize, gf_lobit, gf_eq) is field.c's on
 * that lane's value.
 */
#include "point_lanes.h"
#include "ct.h"
#include "decaf448_steps.h"

/* CT_ABS (section 4.2) in every lane: out = -a in the lanes where a is negative (odd). */
static void gfl_abs(gfl out, const gfl a) {
    gfl_copy(out, a);
    gfl_cond_neg(out, gfl_lobit(out));
}

/* Section 5.3.1, each lane as decaf448_decode. */
void pointl_decaf448_decode(pointl_t *out, mask_t ok[GF_LANES], const uint8_t in[GF_LANES][DECAF448_BYTES]) {
    struct {
        gfl s, ss, u1, u2, u1sq, t, r, w, sw, one, c;
        mask_t was_square[GF_LANES];
        gf x;
    } v; /* one wipe */

    gfl_set_small(v.s, 0);
    for (unsigned l = 0; l < GF_LANES; l++) {
        ok[l] = gf_deserialize(v.x, in[l]);
        ok[l] &= ~gf_lobit(v.x);
        gfl_insert(v.s, l, v.x);
    }
    DECAF448_DECODE_TO_TEST(gfl, v);
    gfl_eq_lanes(v.was_square, v.w, v.one); /* t r^2 = 1 */
    for (unsigned l = 0; l < GF_LANES; l++)
        ok[l] &= v.was_square[l];
    gfl_broadcast(v.c, curve_sqrt_minus_d);
    DECAF448_DECODE_POINT(gfl, v, out, v.c);
    ct_wipe(&v, sizeof v);
}

/* Section 5.3.2 on projective coordinates, each lane as decaf448_encode. */
void pointl_decaf448_encode(uint8_t out[GF_LANES][DECAF448_BYTES], const pointl_t *a) {
    struct {
        gfl u1, t, invsqrt, w, u2, c;
        gf x;
    } v; /* one wipe */
    gfl_broadcast(v.c, curve_sqrt_minus_d);
    DECAF448_ENCODE_S(gfl, v, a, v.c);
    for (unsigned l = 0; l < GF_LANES; l++) {
        gfl_extract(v.x, v.t, l);
        gf_serialize(out[l], v.x);
    }
    ct_wipe(&v, sizeof v);
}
