/*
 * The 57-byte point encoding of Ed448, RFC 8032 sections 5.2.2 and 5.2.3:
 * y in 56 bytes little-endian, then a byte whose top bit is the low bit of
 * x and whose other bits are zero.
 */
#include "point.h"
#include "ct.h"

void point_encode_ed448_affine(uint8_t out[ED448_POINT_BYTES], const gf x, const gf y) {
    gf_serialize(out, y);
    out[56] = (uint8_t)(gf_lobit(x) & 0x80);
}

void point_encode_ed448(uint8_t out[ED448_POINT_BYTES], const point_t *a) {
    gf x, y;
    point_affine(x, y, a);
    point_encode_ed448_affine(out, x, y);
    ct_wipe(x, sizeof x);
    ct_wipe(y, sizeof y);
}

/*
 * x^2 = (y^2 - 1) / (d y^2 - 1) (section 5.2.3 step 2). With u = y^2 - 1 and
 * v = d y^2 - 1 (never zero: d y^2 = 1 would make d = (1/y)^2 a square),
 * r = (u v)^((p-3)/4) gives x = u r, since then
 * x^2 = u^2 (u v)^((p-3)/2) = (u/v) (u v)^((p-1)/2) = u/v when u v is a square.
 * u = 0 (y = +-1) gives x = 0, which is valid.
 */
mask_t point_decode_ed448(point_t *out, const uint8_t in[ED448_POINT_BYTES]) {
    gf y, x, u, v, r, one;
    mask_t ok = gf_deserialize(y, in);                        /* y < p */
    ok &= ct_mask_is_zero_u32(in[56] & 0x7f);
    mask_t sign = ct_mask_from_bit(in[56] >> 7);

    gf_set_small(one, 1);
    gf_sqr(u, y);
    gf_mulw(v, u, CURVE_MINUS_D);
    gf_neg(v, v);
    gf_sub(v, v, one);                                        /* d y^2 - 1 */
    gf_sub(u, u, one);                                        /* y^2 - 1 */
    gf_mul(r, u, v);
    mask_t square = gf_isr(r, r);
    gf_mul(x, u, r);
    mask_t x_zero = gf_is_zero(x);
    ok &= square | gf_is_zero(u);
    ok &= ~(x_zero & sign);                                   /* x = 0 with the sign bit set */
    gf_cond_neg(x, gf_lobit(x) ^ sign);

    gf_copy(out->x, x);
    gf_copy(out->y, y);
    gf_set_small(out->z, 1);
    gf_mul(out->t, x, y);
    return ok;
}
