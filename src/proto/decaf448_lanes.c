/*
 * decaf448 decoding and encoding (RFC 9496 sections 5.3.1 and 5.3.2) of
 * GF_LANES points at once, for the batch calls: decaf448.c's formulas,
 * operation for operation, on the lane API of field.h, so that the inverse
 * square root of every lane (445 squarings, the bulk of either formula)
 * runs once for all lanes. Each lane gives exactly decaf448_decode's mask
 * and decaf448_encode's bytes: the same field operations in the same order,
 * and every test (gf_deserialize, gf_lobit, gf_eq) is field.c's on that
 * lane's value.
 */
#include "point_lanes.h"
#include "ct.h"

#define ONE_MINUS_D 39082 /* 1 - d */

/* CT_ABS (section 4.2) in every lane: out = -a in the lanes where a is negative (odd). */
static void gfl_abs(gfl out, const gfl a) {
    gfl_copy(out, a);
    gfl_cond_neg(out, gfl_lobit(out));
}

/*
 * SQRT_RATIO_M1(u, v) (section 5.2) in every lane, as decaf448.c's:
 * r = u (u v)^((p-3)/4), made non-negative; was_square[l] when v r^2 = u in
 * lane l (gfl_isr's own mask is not the one section 5.2 asks, as there).
 */
static void gfl_sqrt_ratio_m1(gfl r, mask_t was_square[GF_LANES], const gfl u, const gfl v) {
    gfl uv, check;
    gfl_mul(uv, u, v);
    (void)gfl_isr(uv, uv);
    gfl_mul(r, u, uv);
    gfl_sqr(check, r);
    gfl_mul(check, check, v);
    gfl_eq_lanes(was_square, check, u);
    gfl_abs(r, r);
    ct_wipe(uv, sizeof uv);
    ct_wipe(check, sizeof check);
}

/* Section 5.3.1, each lane as decaf448_decode. */
void pointl_decaf448_decode(pointl_t *out, mask_t ok[GF_LANES], const uint8_t in[GF_LANES][DECAF448_BYTES]) {
    gfl s, ss, u1, u2, u1sq, invsqrt, u3, one, t, c;
    mask_t was_square[GF_LANES];
    gf x;

    gfl_set_small(s, 0);
    for (unsigned l = 0; l < GF_LANES; l++) {
        ok[l] = gf_deserialize(x, in[l]);
        ok[l] &= ~gf_lobit(x);
        gfl_insert(s, l, x);
    }

    gfl_set_small(one, 1);
    gfl_sqr(ss, s);
    gfl_add(u1, one, ss);                 /* u1 = 1 + s^2 */
    gfl_sqr(u1sq, u1);
    gfl_mulw(u2, ss, 4 * CURVE_MINUS_D);
    gfl_add(u2, u1sq, u2);                /* u2 = u1^2 - 4 d s^2 */
    gfl_mul(t, u2, u1sq);
    gfl_sqrt_ratio_m1(invsqrt, was_square, one, t);
    for (unsigned l = 0; l < GF_LANES; l++)
        ok[l] &= was_square[l];

    gfl_add(u3, s, s);
    gfl_mul(u3, u3, invsqrt);
    gfl_mul(u3, u3, u1);
    gfl_broadcast(c, curve_sqrt_minus_d);
    gfl_mul(u3, u3, c);
    gfl_abs(u3, u3);                      /* u3 = |2 s invsqrt u1 sqrt(-d)| */
    gfl_mul(t, u3, invsqrt);
    gfl_mul(t, t, u2);
    gfl_broadcast(c, curve_invsqrt_minus_d);
    gfl_mul(out->x, t, c);
    gfl_sub(t, one, ss);
    gfl_mul(t, t, invsqrt);
    gfl_mul(out->y, t, u1);
    gfl_set_small(out->z, 1);
    gfl_mul(out->t, out->x, out->y);
}

/* Section 5.3.2 on projective coordinates, each lane as decaf448_encode. */
void pointl_decaf448_encode(uint8_t out[GF_LANES][DECAF448_BYTES], const pointl_t *a) {
    gfl u1, t, invsqrt, ratio, u2, one, c;
    mask_t was_square[GF_LANES]; /* unused, as decaf448_encode ignores it */
    gf x;
    gfl_add(t, a->x, a->t);
    gfl_sub(u1, a->x, a->t);
    gfl_mul(u1, u1, t);                   /* u1 = (x0 + t0)(x0 - t0) */
    gfl_sqr(t, a->x);
    gfl_mul(t, t, u1);
    gfl_mulw(t, t, ONE_MINUS_D);
    gfl_set_small(one, 1);
    gfl_sqrt_ratio_m1(invsqrt, was_square, one, t);
    gfl_mul(ratio, invsqrt, u1);
    gfl_broadcast(c, curve_sqrt_minus_d);
    gfl_mul(ratio, ratio, c);
    gfl_abs(ratio, ratio);
    gfl_broadcast(c, curve_invsqrt_minus_d);
    gfl_mul(u2, c, ratio);
    gfl_mul(u2, u2, a->z);
    gfl_sub(u2, u2, a->t);                /* u2 = INVSQRT_MINUS_D ratio z0 - t0 */
    gfl_mulw(t, invsqrt, ONE_MINUS_D);
    gfl_mul(t, t, a->x);
    gfl_mul(t, t, u2);
    gfl_abs(t, t);
    for (unsigned l = 0; l < GF_LANES; l++) {
        gfl_extract(x, t, l);
        gf_serialize(out[l], x);
    }
    ct_wipe(x, sizeof x);
    ct_wipe(t, sizeof t);
    ct_wipe(u1, sizeof u1);
    ct_wipe(u2, sizeof u2);
    ct_wipe(ratio, sizeof ratio);
    ct_wipe(invsqrt, sizeof invsqrt);
    ct_wipe(was_square, sizeof was_square);
}
