/*
 * decaf448 decoding and encoding (RFC 9496 sections 5.3.1 and 5.3.2) of
 * GF_LANES points at once, for the batch calls: decaf448.c's formulas,
 * operation for operation, on the lane API of field.h, so that the inverse
 * square root of every lane (445 squarings, the bulk of either formula)
 * runs once for all lanes. Each lane gives exactly decaf448_decode's mask
 * and decaf448_encode's bytes: the same field operations in the same order
 * (decaf448.c's comments derive its shortened steps), and every test
 * (gf_deserialize, gf_lobit, gf_eq) is field.c's on that lane's value.
 */
#include "point_lanes.h"
#include "ct.h"

#define ONE_MINUS_D 39082 /* 1 - d */

/* CT_ABS (section 4.2) in every lane: out = -a in the lanes where a is negative (odd). */
static void gfl_abs(gfl out, const gfl a) {
    gfl_copy(out, a);
    gfl_cond_neg(out, gfl_lobit(out));
}

/* Section 5.3.1, each lane as decaf448_decode. */
void pointl_decaf448_decode(pointl_t *out, mask_t ok[GF_LANES], const uint8_t in[GF_LANES][DECAF448_BYTES]) {
    struct {
        gfl s, ss, u1, u2, u1sq, t, r, w, sw, u3, one, c;
        mask_t was_square[GF_LANES];
        gf x;
    } v; /* one wipe */

    gfl_set_small(v.s, 0);
    for (unsigned l = 0; l < GF_LANES; l++) {
        ok[l] = gf_deserialize(v.x, in[l]);
        ok[l] &= ~gf_lobit(v.x);
        gfl_insert(v.s, l, v.x);
    }

    gfl_set_small(v.one, 1);
    gfl_sqr(v.ss, v.s);
    gfl_add(v.u1, v.one, v.ss);             /* u1 = 1 + s^2 */
    gfl_sqr(v.u1sq, v.u1);
    gfl_mulw(v.u2, v.ss, 4 * CURVE_MINUS_D);
    gfl_add(v.u2, v.u1sq, v.u2);            /* u2 = u1^2 - 4 d s^2 */
    gfl_mul(v.t, v.u2, v.u1sq);
    gfl_pow_p3_4(v.r, v.t);
    gfl_sqr(v.w, v.r);
    gfl_mul(v.w, v.w, v.t);
    gfl_eq_lanes(v.was_square, v.w, v.one); /* t r^2 = 1 */
    for (unsigned l = 0; l < GF_LANES; l++)
        ok[l] &= v.was_square[l];
    gfl_abs(v.r, v.r);                      /* invsqrt */

    gfl_mul(v.w, v.r, v.u1);                /* w = invsqrt u1 */
    gfl_add(v.sw, v.s, v.s);
    gfl_mul(v.sw, v.sw, v.w);               /* 2 s w */
    gfl_broadcast(v.c, curve_sqrt_minus_d);
    gfl_mul(v.u3, v.sw, v.c);
    gfl_cond_neg(v.sw, gfl_lobit(v.u3));    /* e (2 s w) */
    gfl_mul(v.t, v.r, v.u2);
    gfl_mul(out->x, v.sw, v.t);             /* x = e (2 s w)(invsqrt u2) */
    gfl_sub(v.t, v.one, v.ss);
    gfl_mul(out->y, v.t, v.w);              /* y = (1 - s^2) w */
    gfl_set_small(out->z, 1);
    gfl_mul(out->t, out->x, out->y);
    ct_wipe(&v, sizeof v);
}

/* Section 5.3.2 on projective coordinates, each lane as decaf448_encode. */
void pointl_decaf448_encode(uint8_t out[GF_LANES][DECAF448_BYTES], const pointl_t *a) {
    struct {
        gfl u1, t, invsqrt, w, u2, c;
        gf x;
    } v; /* one wipe */
    gfl_add(v.t, a->x, a->t);
    gfl_sub(v.u1, a->x, a->t);
    gfl_mul(v.u1, v.u1, v.t);               /* u1 = (x0 + t0)(x0 - t0) */
    gfl_sqr(v.t, a->x);
    gfl_mul(v.t, v.t, v.u1);
    gfl_mulw(v.t, v.t, ONE_MINUS_D);
    gfl_pow_p3_4(v.invsqrt, v.t);
    gfl_abs(v.invsqrt, v.invsqrt);
    gfl_mul(v.w, v.invsqrt, v.u1);
    gfl_broadcast(v.c, curve_sqrt_minus_d);
    gfl_mul(v.t, v.w, v.c);
    gfl_cond_neg(v.w, gfl_lobit(v.t));      /* e w */
    gfl_mul(v.u2, v.w, a->z);
    gfl_sub(v.u2, v.u2, a->t);              /* u2 = (e w) z0 - t0 */
    gfl_mulw(v.t, v.invsqrt, ONE_MINUS_D);
    gfl_mul(v.t, v.t, a->x);
    gfl_mul(v.t, v.t, v.u2);
    gfl_abs(v.t, v.t);
    for (unsigned l = 0; l < GF_LANES; l++) {
        gfl_extract(v.x, v.t, l);
        gf_serialize(out[l], v.x);
    }
    ct_wipe(&v, sizeof v);
}
