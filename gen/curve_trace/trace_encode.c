/*
 * Ed448's point encoding and decoding (src/point/point_encode.c, RFC 8032
 * sections 5.2.2 and 5.2.3), traced for gen/prove_curve_encode.py once per
 * case of each test they take (trace_assume); point_decode_ed448_2 and _lanes
 * once per item too. The bytes carry trace values
 * (trace.c's gf_serialize and gf_deserialize are the identity on values): the
 * encoded y is read back from them as an output, the decoded y written into
 * them as an input; the sign bit is a mask ("sign") of the instance. Also
 * the other inversions of one point's or several points' coordinates:
 * Montgomery's simultaneous inversion in src/point/point_msm.c's
 * point_to_niels_batch (three points: the first, a middle and the last step
 * of its walk back), src/proto/x448_base_batch.c's x448_base_u_lanes and
 * src/proto/ed448_sign_batch.c's encode_lanes (GF_LANES = 2 lanes), and
 * src/proto/precomputed.c's dual_isogeny and u_times_4; and the masks of
 * point_arith_common.c's point_eq and point_valid. The last three files
 * are included for their static functions (and x448_base_u_lanes' comb is
 * replaced by fresh points, below).
 */
#include <string.h>
#include "trace_drive.h"
/* Its static dual_isogeny and u_times_4, called here; the rest of the file, which calls what the
 * symbolic field lacks, is dropped at link time (gen/prove_curve.py's BACKENDS entry). */
#include "precomputed.c"
#include "x448_base_batch.c"
#include "ed448_sign_batch.c"

/* The library's gf_isr2 (the portable backend's: gf_isr of each) and field_lanes.c's gfl_isr_lanes,
 * which point_encode.c's point_decode_ed448_2 and _lanes call. gfl_pow_p3_4's chain is
 * GF_POW_P3_4_CHAIN, the one gf_isr and gf_pow_p3_4 run: here gf_pow_p3_4 lane by lane (its "isr",
 * field.h's contract of gfl_pow_p3_4), the rest of field_lanes.c as compiled (gfl_isr_lanes' square,
 * product, gfl_eq_lanes' gf_eq per lane). Its gfl_invert is trace.c's (never called), renamed. */
#include "field.h"
#undef GF_POW_P3_4_CHAIN
#define GF_POW_P3_4_CHAIN(SQR, SQRN, MUL, out, a, x3, x111, x222, t)                          \
    TRACE_LANEWISE(gf_pow_p3_4(&(out)->lane[i_], &(a)->lane[i_]))
#define gfl_invert field_lanes_invert
#include "field_lanes.c"
#undef gfl_invert
#include "field_isr2.c"

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

static void append(char *list, size_t size, const char *word) {
    size_t len = strlen(list);
    snprintf(list + len, size - len, "%s%s", len ? " " : "", word);
}

/* The idle item's answers: a square, x and u nonzero, x's sign 0. */
static const char *const idle_answers[] = {"square", "nonzero", "nonzero", "lobit0"};

/* point_decode_ed448_2 (lanes 0: its two items, gf_isr2) or point_decode_ed448_lanes (lanes
 * GF_LANES, gfl_isr_lanes) as trace_decode, for item `item`: its y named "y", the others' "_<k>y"
 * with sign and other bits 0; the tests in the order taken (the roots, gfl_isr_lanes' gf_eq of
 * each item, then each item's three), `answers` the item's four (the root's first), the idle
 * items' idle_answers; gf_eq's is "eq" exactly where the root's input is a square. */
static void trace_decode_item(const char *name, const char *answers, unsigned sign, unsigned rest, unsigned lanes,
                              unsigned item) {
    unsigned n = lanes ? lanes : 2;
    point_t p[GF_LANES > 2 ? GF_LANES : 2];
    mask_t ok[GF_LANES > 2 ? GF_LANES : 2];
    uint8_t in[GF_LANES > 2 ? GF_LANES : 2][ED448_POINT_BYTES];
    const uint8_t *ins[GF_LANES > 2 ? GF_LANES : 2];
    char nb[96], all[256] = "", own[4][16];
    sscanf(answers, "%15s %15s %15s %15s", own[0], own[1], own[2], own[3]);
    for (unsigned k = 0; k < n; k++) /* the roots */
        append(all, sizeof all, k == item ? own[0] : idle_answers[0]);
    for (unsigned k = 0; k < n && lanes; k++) /* gfl_isr_lanes' gf_eq */
        append(all, sizeof all, strcmp(k == item ? own[0] : idle_answers[0], "square") ? "ne" : "eq");
    for (unsigned k = 0; k < n; k++)
        for (unsigned w = 1; w < 4; w++)
            append(all, sizeof all, k == item ? own[w] : idle_answers[w]);
    snprintf(nb, sizeof nb, "%s[%u]", name, item);
    trace_begin(nb, "enc_decode_item", "src/point/point_encode.c");
    for (unsigned k = 0; k < n; k++) {
        gf y;
        char yn[16];
        if (k == item)
            snprintf(yn, sizeof yn, "y");
        else
            snprintf(yn, sizeof yn, "_%uy", k);
        trace_input(y, yn, "tight");
        memset(in[k], 0, sizeof in[k]);
        memcpy(in[k], &y->limb[0], sizeof y->limb[0]);
        if (k == item)
            in[k][56] = (uint8_t)(sign << 7 | rest);
        ins[k] = in[k];
    }
    trace_assume(all);
    if (lanes)
        point_decode_ed448_lanes(p, ok, ins, n);
    else
        point_decode_ed448_2(p, ok, ins);
    trace_mask("ok", ok[item]);
    trace_mask("sign", sign ? (mask_t)-1 : 0);
    trace_mask("rest", rest ? (mask_t)-1 : 0);
    if (ok[item])
        out_point("3", &p[item], 1);
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

/* x448_base_batch.c's comb, [k]B per lane: here lane l is the fresh point of tag l + 1 (the
 * formula traced is the u of each lane, with one inversion). The scalars are not read. */
void pointl_scalarmul_base(pointl_t *out, const scalar_t k[GF_LANES]) {
    (void)k;
    for (unsigned l = 0; l < GF_LANES; l++) {
        char tag[4];
        point_t p;
        snprintf(tag, sizeof tag, "%u", l + 1);
        in_point(&p, tag);
        pointl_insert(out, l, &p);
    }
}

/* x448_base_u_lanes' scalars, which the comb above does not read. */
void scalar_reduce_bytes(scalar_t *out, const uint8_t *in, size_t len) {
    (void)in;
    (void)len;
    memset(out, 0, sizeof *out);
}

/* x448_base_u_lanes in each case of its zero tests of the lanes' X (then the inversion), and
 * ed448_sign_batch.c's encode_lanes in each case of its signs, on GF_LANES = 2 lanes. */
static void trace_lanes_batches(void) {
    static const char *const base[][2] = {
        {"x448_base_u_lanes", "nonzero nonzero nonzero"},
        {"x448_base_u_lanes_x0_lane0", "zero nonzero nonzero"},
        {"x448_base_u_lanes_x0_lane1", "nonzero zero nonzero"},
        {"x448_base_u_lanes_x0_both", "zero zero nonzero"},
    };
    for (unsigned i = 0; i < sizeof base / sizeof base[0]; i++) {
        uint8_t out[GF_LANES][56], clamped[GF_LANES][56] = {{0}};
        trace_begin(base[i][0], "enc_base_u_lanes", "src/proto/x448_base_batch.c");
        trace_assume(base[i][1]);
        x448_base_u_lanes(out, (const uint8_t(*)[56])clamped, GF_LANES);
        for (unsigned l = 0; l < GF_LANES; l++) {
            gf u;
            char name[8];
            from_bytes(u, out[l]);
            snprintf(name, sizeof name, "u%u", l + 1);
            trace_output(name, u, "tight");
        }
        trace_end();
    }
    static const char *const signs[] = {"nonzero lobit0 lobit1", "nonzero lobit1 lobit0"};
    for (unsigned i = 0; i < 2; i++) {
        static sign_batch_state st;
        char name[40];
        snprintf(name, sizeof name, "encode_lanes_%u", i);
        trace_begin(name, "enc_encode_lanes", "src/proto/ed448_sign_batch.c");
        pointl_scalarmul_base(&st.rp, st.r);
        trace_assume(signs[i]);
        encode_lanes(&st);
        for (unsigned l = 0; l < GF_LANES; l++) {
            gf y;
            char n[8];
            from_bytes(y, st.out[l]);
            snprintf(n, sizeof n, "y%u", l + 1);
            trace_output(n, y, "tight");
            snprintf(n, sizeof n, "sign%u", l + 1);
            trace_mask(n, st.out[l][56] == 0x80 ? (mask_t)-1 : 0);
            snprintf(n, sizeof n, "rest%u", l + 1);
            trace_mask(n, st.out[l][56] & 0x7f ? (mask_t)-1 : 0);
        }
        trace_end();
    }
}

/* point_arith_common.c's masks, in each case of their tests: point_eq's two gf_eq, point_valid's
 * two gf_eq and its zero test of Z. */
static void trace_point_masks(void) {
    static const char *const eq[] = {"eq", "ne"}, *const zero[] = {"nonzero", "zero"};
    for (unsigned i = 0; i < 4; i++) {
        char name[40], answers[16];
        point_t a, b;
        snprintf(name, sizeof name, "point_eq_%s_%s", eq[i & 1], eq[i >> 1]);
        snprintf(answers, sizeof answers, "%s %s", eq[i & 1], eq[i >> 1]);
        trace_begin(name, "enc_point_eq", "src/point/point_arith_common.c");
        in_point(&a, "1");
        in_point(&b, "2");
        trace_assume(answers);
        trace_mask("ok", point_eq(&a, &b));
        trace_end();
    }
    for (unsigned i = 0; i < 8; i++) {
        char name[40], answers[24];
        point_t a;
        snprintf(name, sizeof name, "point_valid_%s_%s_%s", eq[i & 1], eq[i >> 1 & 1], zero[i >> 2]);
        snprintf(answers, sizeof answers, "%s %s %s", eq[i & 1], eq[i >> 1 & 1], zero[i >> 2]);
        trace_begin(name, "enc_point_valid", "src/point/point_arith_common.c");
        in_point(&a, "1");
        trace_assume(answers);
        trace_mask("ok", point_valid(&a));
        trace_end();
    }
}

int main(void) {
    trace_point_masks();
    trace_lanes_batches();
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
    for (unsigned i = 0; i < sizeof dec / sizeof dec[0]; i++) {
        trace_decode(dec[i].name, dec[i].answers, dec[i].sign, dec[i].rest);
        char name[64];
        for (unsigned item = 0; item < 2; item++) {
            snprintf(name, sizeof name, "%s_2", dec[i].name);
            trace_decode_item(name, dec[i].answers, dec[i].sign, dec[i].rest, 0, item);
        }
        for (unsigned item = 0; item < GF_LANES; item++) {
            snprintf(name, sizeof name, "%s_lanes", dec[i].name);
            trace_decode_item(name, dec[i].answers, dec[i].sign, dec[i].rest, GF_LANES, item);
        }
    }
    return 0;
}
