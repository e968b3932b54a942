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
/* The decoding up to its inverse square root: y, u, v and the checks of the bytes; isr_in = u v. */
typedef struct {
    gf y, u;
    mask_t ok, sign;
} decode_state;

static void decode_start(decode_state *d, gf isr_in, const uint8_t in[ED448_POINT_BYTES]) {
    gf v, one;
    d->ok = gf_deserialize(d->y, in);                         /* y < p */
    d->ok &= ct_mask_is_zero_u32(in[56] & 0x7f);
    d->sign = ct_mask_from_bit(in[56] >> 7);

    gf_set_small(one, 1);
    gf_sqr(d->u, d->y);
    gf_mulw(v, d->u, CURVE_MINUS_D);
    gf_neg(v, v);
    gf_sub(v, v, one);                                        /* d y^2 - 1 */
    gf_sub(d->u, d->u, one);                                  /* y^2 - 1 */
    gf_mul(isr_in, d->u, v);
}

/* From r = (u v)^((p-3)/4) and gf_isr's mask (square: u v a nonzero square). */
static mask_t decode_finish(point_t *out, const decode_state *d, const gf r, mask_t square) {
    gf x;
    mask_t ok = d->ok;
    gf_mul(x, d->u, r);
    mask_t x_zero = gf_is_zero(x);
    ok &= square | gf_is_zero(d->u);
    ok &= ~(x_zero & d->sign);                                /* x = 0 with the sign bit set */
    gf_cond_neg(x, gf_lobit(x) ^ d->sign);

    gf_copy(out->x, x);
    gf_copy(out->y, d->y);
    gf_set_small(out->z, 1);
    gf_mul(out->t, x, d->y);
    return ok;
}

mask_t point_decode_ed448(point_t *out, const uint8_t in[ED448_POINT_BYTES]) {
    decode_state d;
    gf r;
    decode_start(&d, r, in);
    mask_t square = gf_isr(r, r);
    return decode_finish(out, &d, r, square);
}

void point_decode_ed448_2(point_t out[2], mask_t ok[2], const uint8_t *const in[2]) {
    decode_state d[2];
    gf r[2];
    mask_t square[2];
    decode_start(&d[0], r[0], in[0]);
    decode_start(&d[1], r[1], in[1]);
    gf_isr2(r, square, (const gf_s(*)[1])r);
    ok[0] = decode_finish(&out[0], &d[0], r[0], square[0]);
    ok[1] = decode_finish(&out[1], &d[1], r[1], square[1]);
}

void point_decode_ed448_lanes(point_t *out, mask_t *ok, const uint8_t *const in[], size_t n) {
    for (size_t first = 0; first < n; first += GF_LANES) {
        size_t len = n - first < GF_LANES ? n - first : GF_LANES;
        decode_state d[GF_LANES];
        mask_t square[GF_LANES];
        gfl rl;
        gf r;
        gfl_set_small(rl, 1); /* the lanes from len on: discarded */
        for (size_t l = 0; l < len; l++) {
            decode_start(&d[l], r, in[first + l]);
            gfl_insert(rl, (unsigned)l, r);
        }
        gfl_isr_lanes(rl, square, rl);
        for (size_t l = 0; l < len; l++) {
            gfl_extract(r, rl, (unsigned)l);
            ok[first + l] = decode_finish(&out[first + l], &d[l], r, square[l]);
        }
    }
}
