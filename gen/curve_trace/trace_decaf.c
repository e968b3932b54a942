/*
 * decaf448.c's formulas that are not decaf448_steps.h's (trace_maps.c traces
 * those), traced for gen/prove_curve_decaf.py once per case of each test
 * they take (trace_assume): decaf448_encode_twisted (RFC 9496 section 5.3.2
 * of phi_hat(r), one inversion), MAP (section 5.3.4: map_start, the root
 * decaf448_from_uniform takes with gf_isr2, map_finish) and decaf448_eq_xy
 * (section 5.3.3); and decaf448_lanes.c's (trace_decaf_lanes.c). decaf448.c is compiled in here, for its static halves of
 * MAP, with two names redirected before it: curve_sqrt_minus_d is the input
 * c (c^2 = -d, as trace_maps.c's), and gf_serialize (which the symbolic
 * field refuses) outputs the element serialized, "s". Its other functions
 * (the public API) are never called, and the link drops them
 * (BACKENDS["decaf"] in gen/prove_curve.py: -ffunction-sections, --gc-sections).
 */
#include "point.h"

static gf sqrt_minus_d_input;
static void serialize_output(uint8_t out[GF_SER_BYTES], const gf a);
#define curve_sqrt_minus_d sqrt_minus_d_input
#define gf_serialize serialize_output
#include "decaf448.c"
#undef curve_sqrt_minus_d
#undef gf_serialize

#include "trace_drive.h"
#include "trace_decaf.h"

static void serialize_output(uint8_t out[GF_SER_BYTES], const gf a) {
    (void)out;
    trace_output("s", a, "tight");
}

/* In each case of its inversion (X Y W zero: the neutral element) and of its two signs (rho's,
 * which picks y/x or x/y, and CT_ABS's of s). r is a point of E'. */
static void trace_encode_twisted(void) {
    static const char *const cases[] = {"nonzero lobit0 lobit0", "nonzero lobit0 lobit1", "nonzero lobit1 lobit0",
                                        "nonzero lobit1 lobit1", "zero lobit0 lobit0"};
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char name[64];
        uint8_t bytes[DECAF448_BYTES];
        point_t r;
        snprintf(name, sizeof name, "decaf448_encode_twisted_%u", i);
        trace_begin(name, "decaf_encode_twisted", "src/proto/decaf448.c");
        in_point(&r, "1");
        trace_input(sqrt_minus_d_input, "c", "tight");
        trace_assume(cases[i]);
        decaf448_encode_twisted(bytes, &r);
        trace_end();
    }
}

/* MAP(t) in each case of its root's input ((1 - 2d)(r + 1) u1 a nonzero square, a nonsquare
 * or 0), of sqrt_ratio_m1_finish's gf_eq (was_square) and of its two CT_ABS signs. The
 * combinations of the root and gf_eq that contradict each other are claimed so
 * ("decaf_map_never", without outputs), with one sign; so is the root's input 0, where
 * SQRT_RATIO_M1's r and s are 0, non-negative. */
static void trace_map(void) {
    static const char *const root[] = {"square", "nonsquare", "zero"}, *const eq[] = {"eq", "ne"};
    for (unsigned i = 0; i < 24; i++) {
        unsigned ri = i % 3, ei = i / 3 % 2, signs = i / 6;
        int never = (ri == 0) != (ei == 0);
        if ((never || ri == 2) && signs) /* with the root 0, both values whose signs are tested are 0 */
            continue;
        char name[80], answers[80];
        snprintf(name, sizeof name, "MAP_%s_%s_%u", root[ri], eq[ei], signs);
        snprintf(answers, sizeof answers, "%s %s lobit%u lobit%u", root[ri], eq[ei], signs & 1, signs >> 1);
        map_state m;
        gf t, isr_in, isr_out;
        point_t p;
        trace_begin(name, never ? "decaf_map_never" : "decaf_map", "src/proto/decaf448.c");
        trace_input(t, "t", "tight");
        trace_assume(answers);
        map_start(&m, isr_in, t);
        gf_isr(isr_out, isr_in); /* decaf448_from_uniform's gf_isr2, one of its two */
        map_finish(&p, &m, t, isr_out);
        if (!never)
            out_point("3", &p, 1);
        trace_end();
    }
}

/* Section 5.3.3's test, true and false: the mask and the value tested. */
static void trace_eq(void) {
    static const char *const cases[] = {"eq", "ne"};
    for (unsigned i = 0; i < 2; i++) {
        char name[64];
        point_t a, b;
        snprintf(name, sizeof name, "decaf448_eq_%s", cases[i]);
        trace_begin(name, "decaf_eq", "src/proto/decaf448.c");
        in_point(&a, "1");
        in_point(&b, "2");
        trace_assume(cases[i]);
        trace_mask("eq", decaf448_eq(&a, &b));
        trace_end();
    }
}

int main(void) {
    trace_encode_twisted();
    trace_map();
    trace_eq();
    trace_decaf_lanes();
    return 0;
}
