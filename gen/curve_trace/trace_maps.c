/*
 * The maps between curve448 and edwards448 that are not straight-line sums
 * and products, traced for gen/prove_curve_maps.py once per case of each
 * data-dependent test they take (trace_assume): RFC 7748 section 4.2's
 * 4-isogenies in src/h2c/isogeny.c, the conversion of an Ed448 public
 * key's y to X448's u (src/proto/x448_from_ed448.h, convert.c's arithmetic)
 * RFC 9380's Elligator 2 (src/h2c/elligator2.c) and RFC 9496's decaf448
 * decoding and encoding (src/proto/decaf448_steps.h).
 * The curve448 point is (u, v) with u = U / W; the edwards448 point is
 * extended (X : Y : Z : T), as the other drivers' (trace_drive.h).
 */
#include "trace_drive.h"
#include "h2c.h"
#include "x448_from_ed448.h"
#include "decaf448_steps.h"

static void trace_curve448_to_edwards(const char *name, const char *answer) {
    gf un, ud, v;
    point_t p;
    trace_begin(name, "map_c2e", "src/h2c/isogeny.c");
    trace_input(un, "U", "tight");
    trace_input(ud, "W", "tight");
    trace_input(v, "v", "tight");
    trace_assume(answer);
    h2c_curve448_to_edwards(&p, un, ud, v);
    out_point("3", &p, 1);
    trace_end();
}

static void trace_edwards_to_curve448_u(const char *name, const char *answer) {
    point_t p;
    gf u;
    trace_begin(name, "map_e2u", "src/h2c/isogeny.c");
    in_point(&p, "1");
    trace_assume(answer);
    h2c_edwards_to_curve448_u(u, &p);
    trace_output("u", u, "tight");
    trace_end();
}

/* Every case of Elligator 2's tests: 1 - r^2 zero or not, the root's square test, gf_eq's
 * is_square(g(x1)), and v's sign. The combinations that contradict each other are claimed so
 * ("map_ell2_never", without outputs; the prover says why): gf_eq true exactly where the root's
 * g(x1) is a square, and g(x1) = -A, not a square, where 1 - r^2 = 0. Those are traced with one
 * sign, which they never reach. */
static void trace_elligator2(void) {
    static const char *const xd[] = {"nonzero", "zero"}, *const sq[] = {"square", "nonsquare"},
                             *const eq[] = {"eq", "ne"}, *const sign[] = {"lobit0", "lobit1"};
    for (unsigned i = 0; i < 16; i++) {
        char name[80], answers[80];
        snprintf(name, sizeof name, "h2c_elligator2_curve448_%s_%s_%s_%s", xd[i & 1], sq[i >> 1 & 1],
                 eq[i >> 2 & 1], sign[i >> 3]);
        snprintf(answers, sizeof answers, "%s %s %s %s", xd[i & 1], sq[i >> 1 & 1], eq[i >> 2 & 1], sign[i >> 3]);
        int square = !(i >> 1 & 1), eq_true = !(i >> 2 & 1), never = square != eq_true || ((i & 1) && square);
        if (never && i >> 3)
            continue;
        gf r, un, ud, v;
        trace_begin(name, never ? "map_ell2_never" : "map_ell2", "src/h2c/elligator2.c");
        trace_input(r, "r", "tight");
        trace_assume(answers);
        h2c_elligator2_curve448(un, ud, v, r);
        if (!never) {
            trace_output("un", un, "tight");
            trace_output("ud", ud, "tight");
            trace_output("v", v, "tight");
        }
        trace_end();
    }
}

/* decaf448.c's temporaries of the decoding. */
typedef struct {
    gf s, ss, u1, u2, u1sq, t, r, w, sw, one;
} decode_temps;

/* The decoding's square test in each case of its root (w = t r^2 is the caller's test), then
 * the point where t is a square, in each case of its two signs. c is SQRT_MINUS_D. */
static void trace_decaf448_decode(void) {
    static const char *const cases[] = {"square", "nonsquare", "zero"};
    for (unsigned i = 0; i < 3; i++) {
        char name[64];
        decode_temps v;
        snprintf(name, sizeof name, "DECAF448_DECODE_TO_TEST_%s", cases[i]);
        trace_begin(name, "map_decaf_test", "src/proto/decaf448_steps.h");
        trace_input(v.s, "s", "tight");
        trace_assume(cases[i]);
        DECAF448_DECODE_TO_TEST(gf, v);
        trace_output("w", v.w, "tight");
        trace_end();
    }
    static const char *const signs[] = {"lobit0 lobit0", "lobit0 lobit1", "lobit1 lobit0", "lobit1 lobit1"};
    for (unsigned i = 0; i < 4; i++) {
        char name[64], answers[64];
        decode_temps v;
        gf c;
        point_t p;
        snprintf(name, sizeof name, "DECAF448_DECODE_POINT_%u", i);
        snprintf(answers, sizeof answers, "square %s", signs[i]);
        trace_begin(name, "map_decaf_decode", "src/proto/decaf448_steps.h");
        trace_input(v.s, "s", "tight");
        trace_input(c, "c", "tight");
        trace_assume(answers);
        DECAF448_DECODE_TO_TEST(gf, v);
        DECAF448_DECODE_POINT(gf, v, &p, c);
        out_point("3", &p, 1);
        trace_end();
    }
}

/* The encoding's s of a point, in each case of its three signs (CT_ABS of the root, of the
 * ratio, of s), its root a square's (the RFC ignores the square test: a nonsquare's root is the
 * same variable, its relation unused), and once where the root's input is 0 (x0 = 0 or
 * x0 = +-t0: s = 0). c is SQRT_MINUS_D. */
static void trace_decaf448_encode(void) {
    for (unsigned i = 0; i < 9; i++) {
        char name[64], answers[64];
        struct {
            gf u1, t, invsqrt, w, u2;
        } v; /* decaf448.c's temporaries of the encoding */
        point_t p;
        gf c;
        snprintf(name, sizeof name, "DECAF448_ENCODE_S_%u", i);
        snprintf(answers, sizeof answers, "%s lobit%u lobit%u lobit%u", i & 8 ? "zero" : "square", i & 1,
                 i >> 1 & 1, i >> 2 & 1);
        trace_begin(name, "map_decaf_encode", "src/proto/decaf448_steps.h");
        in_point(&p, "1");
        trace_input(c, "c", "tight");
        trace_assume(answers);
        DECAF448_ENCODE_S(gf, v, &p, c);
        trace_output("s", v.t, "tight");
        trace_end();
    }
}

int main(void) {
    trace_decaf448_decode();
    trace_decaf448_encode();
    trace_elligator2();
    trace_curve448_to_edwards("h2c_curve448_to_edwards", "nonzero");
    trace_curve448_to_edwards("h2c_curve448_to_edwards_kernel", "zero");
    trace_edwards_to_curve448_u("h2c_edwards_to_curve448_u", "nonzero");
    trace_edwards_to_curve448_u("h2c_edwards_to_curve448_u_x0", "zero");
    /* gf_invert_square's answer on a b, then gf_is_zero's on y */
    static const char *const cases[][2] = {
        {"x448_u_from_ed448_y", "square nonzero"},   {"x448_u_from_ed448_y_order4", "square zero"},
        {"x448_u_from_ed448_y_off", "nonsquare nonzero"}, {"x448_u_from_ed448_y_off_y0", "nonsquare zero"},
        {"x448_u_from_ed448_y_x0", "zero nonzero"},  {"x448_u_from_ed448_y_x0_y0", "zero zero"},
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gf y, u;
        trace_begin(cases[i][0], "map_ed_u", "src/proto/x448_from_ed448.h");
        trace_input(y, "y", "tight");
        trace_assume(cases[i][1]);
        mask_t ok = x448_u_from_ed448_y(u, y, (mask_t)-1);
        trace_mask("ok", ok);
        if (ok) /* the caller reads u only then */
            trace_output("u", u, "tight");
        trace_end();
    }
    return 0;
}
