/*
 * goldilocks-speed: internal routines, through the library's internal
 * headers (the program links the library's objects): the field (field.h)
 * on a dependent chain, each output feeding the next call, and the
 * multi-scalar multiplication of batch verification (point.h) by Straus,
 * which the batch uses, and by Pippenger, its alternative (point_msm.c says
 * why Straus). No peer has these; the msm rows check each other instead.
 */
#include <string.h>
#include "field.h"
#include "point.h"
#include "scalar.h"
#include "speed.h"

static struct {
    gf x, y;
    point_t p[MSM_MAX_POINTS], out;
    scalar_t k[MSM_MAX_POINTS], b;
} o;

/* The field: x = x * y, x = x^2, x = 1/x; the output is x serialized. */
static const char *field_setup(void) {
    uint8_t b[GF_SER_BYTES];
    uint64_t s = 0xf1e1d;
    speed_fill(b, sizeof b, &s);
    b[55] &= 0x7f;
    (void)gf_deserialize(o.x, b);
    speed_fill(b, sizeof b, &s);
    b[55] &= 0x7f;
    (void)gf_deserialize(o.y, b);
    return NULL;
}
static void f_mul(void) { gf_mul(o.x, o.x, o.y); }
static void f_sqr(void) { gf_sqr(o.x, o.x); }
static void f_inv(void) { gf_invert(o.x, o.x); }
static size_t field_out(uint8_t out[SPEED_OUT_MAX]) {
    gf_serialize(out, o.x);
    return GF_SER_BYTES;
}

/*
 * [b]B + sum [k_i]p_i over MSM_MAX_POINTS points, as a batch of
 * MSM_MAX_POINTS / 2 signatures makes it: scalars alternately of 446 bits
 * (the k_i z_i) and 128 bits (the z_i).
 */
static const char *msm_setup(void) {
    uint64_t s = 0x6d736d;
    for (size_t i = 0; i < MSM_MAX_POINTS; i++) {
        uint8_t rnd[64];
        scalar_t x;
        speed_fill(rnd, sizeof rnd, &s);
        scalar_reduce_bytes(&x, rnd, sizeof rnd);
        point_scalarmul_base(&o.p[i], &x);
        speed_fill(rnd, sizeof rnd, &s);
        scalar_reduce_bytes(&o.k[i], rnd, i % 2 ? 16 : 64);
    }
    uint8_t rnd[64];
    speed_fill(rnd, sizeof rnd, &s);
    scalar_reduce_bytes(&o.b, rnd, sizeof rnd);
    return NULL;
}
static void msm_straus(void) { point_msm_base_vartime(&o.out, &o.b, MSM_MAX_POINTS, o.p, o.k); }
static void msm_pippenger(void) { point_msm_pippenger_vartime(&o.out, &o.b, MSM_MAX_POINTS, o.p, o.k); }
/* The result's Ed448 encoding if the other method agrees, else one zero byte. */
static size_t msm_out(uint8_t out[SPEED_OUT_MAX], void (*other)(void)) {
    point_t mine = o.out;
    other();
    if (!point_eq(&mine, &o.out)) {
        out[0] = 0;
        return 1;
    }
    point_encode_ed448(out, &mine);
    return ED448_POINT_BYTES;
}
static size_t straus_out(uint8_t out[SPEED_OUT_MAX]) { return msm_out(out, msm_pippenger); }
static size_t pippenger_out(uint8_t out[SPEED_OUT_MAX]) { return msm_out(out, msm_straus); }

const struct speed_op speed_ops_internal[] = {
    { "field_mul", "field multiplication (internal gf_mul)", 1, { "field_mul", field_setup, f_mul, field_out } },
    { "field_sqr", "field squaring (internal gf_sqr)", 1, { "field_sqr", field_setup, f_sqr, field_out } },
    { "field_invert", "field inversion (internal gf_invert)", 1,
      { "field_invert", field_setup, f_inv, field_out } },
    { "msm_straus", "[b]B + 64 points by Straus (batch verification's; per point)", MSM_MAX_POINTS,
      { "msm_straus", msm_setup, msm_straus, straus_out } },
    { "msm_pippenger", "the same by Pippenger's buckets (per point)", MSM_MAX_POINTS,
      { "msm_pippenger", msm_setup, msm_pippenger, pippenger_out } },
};
const size_t speed_n_ops_internal = sizeof speed_ops_internal / sizeof speed_ops_internal[0];
