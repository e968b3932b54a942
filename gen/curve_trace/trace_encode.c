/*
 * Ed448's point encoding and decoding (src/point/point_encode.c, RFC 8032
 * sections 5.2.2 and 5.2.3), traced for gen/prove_curve_encode.py once per
 * case of each test they take (trace_assume). The bytes carry trace values
 * (trace.c's gf_serialize and gf_deserialize are the identity on values): the
 * encoded y is read back from them as an output, the decoded y written into
 * them as an input; the sign bit is a mask ("sign") of the instance. Also
 * src/point/point_msm.c's point_to_niels_batch, Montgomery's simultaneous
 * inversion of the Z's, on three points (the first, the middle, the last
 * steps of its walk back).
 */
#include <string.h>
#include "trace_drive.h"
/* Its static dual_isogeny and u_times_4, called here; the rest of the file, which calls what the
 * symbolic field lacks, is dropped at link time (gen/prove_curve.py's BACKENDS entry). */
#include "precomputed.c"

/* field.h's two-at-a-time and lane-wise inverse square roots, which point_encode.c's
 * point_decode_ed448_2 and _lanes call: gf_isr of each (its "isr" and its answer, in order). */
void gf_isr2(gf out[2], mask_t ok[2], const gf a[2]) {
    for (unsigned i = 0; i < 2; i++) ok[i] = gf_isr(out[i], a[i]);
}

void gfl_isr_lanes(gfl out, mask_t ok[GF_LANES], const gfl a) {
    for (unsigned i = 0; i < GF_LANES; i++) ok[i] = gf_isr(&out->lane[i], &a->lane[i]);
}

/* The value whose number gf_serialize wrote into bytes. */
static void from_bytes(gf_s *a, const uint8_t *bytes) {
    memset(a, 0, sizeof *a);
    memcpy(&a->limb[0], bytes, sizeof a->limb[0]);
}

static void trace_encode(const char *name, const char *answers) {
    point_t p;
    uint8_t out[ED448_POINT_BYTES];
    gf y;
    trace_begin(name, "enc_encode", "src/point/point_encode.c");
    in_point(&p, "1");
    trace_assume(answers);
    point_encode_ed448(out, &p);
    from_bytes(y, out);
    trace_output("y", y, "tight");
    trace_mask("sign", out[56] == 0x80 ? (mask_t)-1 : 0);
    trace_mask("rest", out[56] & 0x7f ? (mask_t)-1 : 0);
    trace_end();
}

/* The decoding of y with the sign bit `sign` and the other bits of the last byte `rest`, in
 * the case of its answers: gf_isr's on (y^2 - 1)(d y^2 - 1), gf_is_zero's on x and on
 * y^2 - 1, gf_lobit's on x. */
static void trace_decode(const char *name, const char *answers, unsigned sign, unsigned rest) {
    point_t p;
    uint8_t in[ED448_POINT_BYTES] = {0};
    gf y;
    trace_begin(name, "enc_decode", "src/point/point_encode.c");
    trace_input(y, "y", "tight");
    memcpy(in, &y->limb[0], sizeof y->limb[0]);
    in[56] = (uint8_t)(sign << 7 | rest);
    trace_assume(answers);
    mask_t ok = point_decode_ed448(&p, in);
    trace_mask("ok", ok);
    trace_mask("sign", sign ? (mask_t)-1 : 0);
    trace_mask("rest", rest ? (mask_t)-1 : 0);
    if (ok) /* the callers read the point only then */
        out_point("3", &p, 1);
    trace_end();
}

static void trace_niels_batch(void) {
    point_t p[3];
    point_niels_t n[3];
    gf scratch[3];
    static const char *const tags[] = {"1", "2", "3"};
    trace_begin("point_to_niels_batch", "enc_niels_batch", "src/point/point_msm.c");
    for (unsigned i = 0; i < 3; i++) in_point(&p[i], tags[i]);
    trace_assume("nonzero"); /* the inversion of Z_1 Z_2 Z_3: points have Z != 0 */
    point_to_niels_batch(n, p, 3, scratch);
    for (unsigned i = 0; i < 3; i++) out_niels(tags[i], &n[i]);
    trace_end();
}

/* precomputed.c's P = phi(Q) from u, in each case of its tests: u zero (the identity), v^2 a
 * nonsquare (the twist, -1), a square, then h2c_curve448_to_edwards's test (its kernel) and
 * point_affine's inversion of Z. */
static void trace_dual_isogeny(void) {
    static const char *const cases[][2] = {
        {"dual_isogeny", "nonzero square nonzero nonzero"},
        {"dual_isogeny_kernel", "nonzero square zero nonzero"},
        {"dual_isogeny_twist", "nonzero nonsquare"},
        {"dual_isogeny_u0", "zero"},
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gf u;
        point_t p;
        trace_begin(cases[i][0], "enc_dual_isogeny", "src/proto/precomputed.c");
        trace_input(u, "u", "tight");
        trace_assume(cases[i][1]);
        int rc = dual_isogeny(&p, u);
        trace_mask("ok", rc == 0 ? (mask_t)-1 : 0);
        if (rc == 0)
            out_point("3", &p, 1);
        trace_end();
    }
    gf u, U, W;
    trace_begin("u_times_4", "enc_u_times_4", "src/proto/precomputed.c");
    trace_input(u, "u", "tight");
    u_times_4(U, W, u);
    trace_output("U", U, "tight");
    trace_output("W", W, "tight");
    trace_end();
}

int main(void) {
    trace_dual_isogeny();
    trace_niels_batch();
    trace_encode("point_encode_ed448_lobit0", "nonzero lobit0");
    trace_encode("point_encode_ed448_lobit1", "nonzero lobit1");
    static const struct {
        const char *name, *answers;
        unsigned sign, rest;
    } dec[] = {
        {"point_decode_ed448", "square nonzero nonzero lobit0", 0, 0},
        {"point_decode_ed448_neg", "square nonzero nonzero lobit1", 0, 0},
        {"point_decode_ed448_sign", "square nonzero nonzero lobit0", 1, 0},
        {"point_decode_ed448_sign_neg", "square nonzero nonzero lobit1", 1, 0},
        {"point_decode_ed448_high_bits", "square nonzero nonzero lobit0", 0, 0x40},
        {"point_decode_ed448_nonsquare", "nonsquare nonzero nonzero lobit0", 0, 0},
        {"point_decode_ed448_nonsquare_sign", "nonsquare nonzero nonzero lobit1", 1, 0},
        {"point_decode_ed448_x0", "zero zero zero lobit0", 0, 0},
        {"point_decode_ed448_x0_sign", "zero zero zero lobit0", 1, 0},
    };
    for (unsigned i = 0; i < sizeof dec / sizeof dec[0]; i++)
        trace_decode(dec[i].name, dec[i].answers, dec[i].sign, dec[i].rest);
    return 0;
}
