/*
 * decaf448_lanes.c's decoding and encoding (pointl_decaf448_decode,
 * pointl_decaf448_encode), traced for gen/prove_curve_decaf.py as
 * trace_lanes.c traces point_lanes.c: each instance once per lane, that
 * lane's input under the claim's name and every other lane's an idle input
 * ("_" names), which no output of the claim may read; the other lanes' tests
 * take fixed answers (the prover keeps only the claimed lane's). The byte
 * steps are redirected as trace_decaf.c's: gf_deserialize of lane l gives its
 * fresh input s, gf_serialize of the claimed lane outputs s, and
 * curve_sqrt_minus_d is the input c (c^2 = -d). field_lanes.c's per-lane
 * tests and power, which this symbolic field does not link, are redirected
 * too, to their contract in field.h: lane by lane, the gf ones (static here,
 * so that a symbolic gfl_ version elsewhere cannot clash with them).
 */
#include "point.h"

static gf sqrt_minus_d_input;
static void serialize_lane(uint8_t out[GF_SER_BYTES], const gf a);
static mask_t deserialize_lane(gf out, const uint8_t in[GF_SER_BYTES]);
static void pow_p3_4_lanes(gfl out, const gfl a);
static void eq_lanes(mask_t m[GF_LANES], const gfl a, const gfl b);
static lmask_t lobit_lanes(const gfl a);
#define curve_sqrt_minus_d sqrt_minus_d_input
#define gf_serialize serialize_lane
#define gf_deserialize deserialize_lane
#define gfl_pow_p3_4 pow_p3_4_lanes
#define gfl_eq_lanes eq_lanes
#define gfl_lobit lobit_lanes
#include "decaf448_lanes.c"
#undef curve_sqrt_minus_d
#undef gf_serialize
#undef gf_deserialize
#undef gfl_pow_p3_4
#undef gfl_eq_lanes
#undef gfl_lobit

#include "trace_drive.h"
#include "trace_decaf.h"

static void pow_p3_4_lanes(gfl out, const gfl a) {
    TRACE_LANEWISE(gf_pow_p3_4(&out->lane[i_], &a->lane[i_]));
}

static void eq_lanes(mask_t m[GF_LANES], const gfl a, const gfl b) {
    TRACE_LANEWISE(m[i_] = gf_eq(&a->lane[i_], &b->lane[i_]));
}

static lmask_t lobit_lanes(const gfl a) {
    mask_t m[GF_LANES];
    TRACE_LANEWISE(m[i_] = gf_lobit(&a->lane[i_]));
    return lmask_make(m);
}

static unsigned claimed_lane, bytes_calls; /* the instance's lane; gf_(de)serialize calls so far */

static void serialize_lane(uint8_t out[GF_SER_BYTES], const gf a) {
    (void)out;
    if (bytes_calls++ == claimed_lane)
        trace_output("s", a, "tight");
}

static mask_t deserialize_lane(gf out, const uint8_t in[GF_SER_BYTES]) {
    char n[16];
    (void)in;
    if (bytes_calls == claimed_lane)
        snprintf(n, sizeof n, "s");
    else
        snprintf(n, sizeof n, "_%us", bytes_calls);
    bytes_calls++;
    trace_input(out, n, "tight");
    return (mask_t)-1; /* canonical: the sign test after it is the claim's */
}

static void begin(const char *name, const char *claim, const char *source, unsigned lane, const char *answers) {
    char nb[96];
    snprintf(nb, sizeof nb, "%s[%u]", name, lane);
    claimed_lane = lane;
    bytes_calls = 0;
    trace_begin(nb, claim, source);
    trace_input(sqrt_minus_d_input, "c", "tight");
    trace_assume(answers);
}

/* The answers of one test taken in every lane: `own` in the claimed lane, `idle` elsewhere. */
static void lane_answers(char *buf, size_t size, unsigned lane, const char *own, const char *idle) {
    for (unsigned k = 0; k < GF_LANES; k++) {
        size_t n = strlen(buf);
        snprintf(buf + n, size - n, "%s%s", n ? " " : "", k == lane ? own : idle);
    }
}

/* The decoding in each case of the lane's tests: s's sign (the canonical check), the root's
 * input t (square, nonsquare, zero), gf_eq's was_square, CT_ABS's two signs. The combinations
 * of the root and gf_eq that contradict each other are claimed so (decaf_lanes_decode_never),
 * with s non-negative. */
static void trace_decode(unsigned lane) {
    static const char *const root[] = {"square", "nonsquare", "zero"}, *const eq[] = {"eq", "ne"};
    for (unsigned i = 0; i < 48; i++) {
        unsigned ri = i % 3, ei = i / 3 % 2, signs = i / 6 % 4, neg = i / 24;
        int never = (ri == 0) != (ei == 0);
        if ((never || ri || neg) && signs) /* one sign case where the point is not read */
            continue;
        if (neg && (never || ri)) /* s negative: one case (the others' tests are s's sign's) */
            continue;
        char name[64], answers[256] = "", own[16];
        snprintf(name, sizeof name, "pointl_decaf448_decode_s%u_%s_%s_%u", neg, root[ri], eq[ei], signs);
        snprintf(own, sizeof own, "lobit%u", neg);
        lane_answers(answers, sizeof answers, lane, own, "lobit0");
        lane_answers(answers, sizeof answers, lane, root[ri], "square");
        lane_answers(answers, sizeof answers, lane, eq[ei], "eq");
        snprintf(own, sizeof own, "lobit%u", signs & 1);
        lane_answers(answers, sizeof answers, lane, own, "lobit0");
        snprintf(own, sizeof own, "lobit%u", signs >> 1);
        lane_answers(answers, sizeof answers, lane, own, "lobit0");
        pointl_t p;
        mask_t ok[GF_LANES];
        uint8_t in[GF_LANES][DECAF448_BYTES];
        begin(name, never ? "decaf_lanes_decode_never" : "decaf_lanes_decode", "src/proto/decaf448_lanes.c", lane,
              answers);
        pointl_decaf448_decode(&p, ok, (const uint8_t(*)[DECAF448_BYTES])in);
        trace_mask("ok", ok[lane]);
        if (!never && ok[lane]) /* the caller reads the point only then */
            out_form(FORM_POINT, 4, "3", FORM_ELEMS(&p.x->lane[lane], &p.y->lane[lane], &p.z->lane[lane], &p.t->lane[lane]));
        trace_end();
    }
}

/* The encoding in each case of the lane's root (a square's, or of 0) and three signs, as
 * trace_maps.c's scalar DECAF448_ENCODE_S. */
static void trace_encode(unsigned lane) {
    for (unsigned i = 0; i < 9; i++) {
        char name[64], answers[256] = "", own[16];
        snprintf(name, sizeof name, "pointl_decaf448_encode_%u", i);
        lane_answers(answers, sizeof answers, lane, i & 8 ? "zero" : "square", "square");
        for (unsigned b = 0; b < 3; b++) {
            snprintf(own, sizeof own, "lobit%u", i >> b & 1);
            lane_answers(answers, sizeof answers, lane, own, "lobit0");
        }
        pointl_t p;
        uint8_t out[GF_LANES][DECAF448_BYTES];
        begin(name, "decaf_lanes_encode", "src/proto/decaf448_lanes.c", lane, answers);
        gfl_s *const el[] = {p.x, p.y, p.z, p.t};
        for (unsigned k = 0; k < GF_LANES; k++)
            for (unsigned e = 0; e < 4; e++) {
                char n[16];
                if (k == lane)
                    snprintf(n, sizeof n, "%s1", FORM_POINT[e]);
                else
                    snprintf(n, sizeof n, "_%u%s1", k, FORM_POINT[e]);
                trace_input(&el[e]->lane[k], n, "tight");
            }
        pointl_decaf448_encode(out, &p);
        trace_end();
    }
}

void trace_decaf_lanes(void) {
    for (unsigned lane = 0; lane < GF_LANES; lane++) {
        trace_decode(lane);
        trace_encode(lane);
    }
}
