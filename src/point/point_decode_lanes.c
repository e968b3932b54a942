/*
 * Ed448 point decoding (RFC 8032 section 5.2.3) of many encodings, GF_LANES at
 * a time: point_encode.c's point_decode_ed448, operation for operation, on the
 * lane API of field.h, so that the inverse square root (445 squarings, nearly
 * all of a decoding) runs once for all lanes. For the batch verification
 * (ed448_batch.c: two decodings a signature). Each lane gives exactly
 * point_decode_ed448's point and mask: the same field operations in the same
 * order, and every test (gf_deserialize, gf_eq, gf_lobit) is field.c's on that
 * lane's value; test_ed448_batch compares the two on valid, invalid and edge
 * encodings.
 */
#include "point_lanes.h"
#include "ct.h"

/* in[first .. first + len), len <= GF_LANES; the lanes from len on decode y = 0 and are dropped. */
static void decode_group(point_t *out, mask_t *ok, const uint8_t *const in[], size_t len) {
    gfl y, x, u, v, r, t, one, zero;
    mask_t square[GF_LANES], x_zero[GF_LANES], u_zero[GF_LANES], low[GF_LANES], sign[GF_LANES], neg[GF_LANES];
    gf g;

    gfl_set_small(y, 0);
    for (size_t l = 0; l < len; l++) {
        ok[l] = gf_deserialize(g, in[l]);                     /* y < p */
        ok[l] &= ct_mask_is_zero_u32(in[l][56] & 0x7f);
        sign[l] = ct_mask_from_bit(in[l][56] >> 7);
        gfl_insert(y, (unsigned)l, g);
    }
    for (size_t l = len; l < GF_LANES; l++)
        sign[l] = 0;

    gfl_set_small(one, 1);
    gfl_set_small(zero, 0);
    gfl_sqr(u, y);
    gfl_mulw(v, u, CURVE_MINUS_D);
    gfl_neg(v, v);
    gfl_sub(v, v, one);                                       /* d y^2 - 1 */
    gfl_sub(u, u, one);                                       /* y^2 - 1 */
    gfl_mul(r, u, v);
    gfl_isr_lanes(r, square, r);
    gfl_mul(x, u, r);
    gfl_eq_lanes(x_zero, x, zero);
    gfl_eq_lanes(u_zero, u, zero);
    gfl_lobit_lanes(low, x);
    for (unsigned l = 0; l < GF_LANES; l++)
        neg[l] = low[l] ^ sign[l];
    gfl_cond_neg(x, lmask_make(neg));
    gfl_mul(t, x, y);

    for (size_t l = 0; l < len; l++) {
        ok[l] &= square[l] | u_zero[l];
        ok[l] &= ~(x_zero[l] & sign[l]);                      /* x = 0 with the sign bit set */
        gfl_extract(out[l].x, x, (unsigned)l);
        gfl_extract(out[l].y, y, (unsigned)l);
        gf_set_small(out[l].z, 1);
        gfl_extract(out[l].t, t, (unsigned)l);
    }
}

void point_decode_ed448_lanes(point_t *out, mask_t *ok, const uint8_t *const in[], size_t n) {
    for (size_t first = 0; first < n; first += GF_LANES)
        decode_group(out + first, ok + first, in + first, n - first < GF_LANES ? n - first : GF_LANES);
}
