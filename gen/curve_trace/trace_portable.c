/*
 * The formula instances of the portable backend and of the layers above it,
 * traced on the symbolic field for gen/prove_curve.py: each is called once
 * (once per value of a mask it takes) on fresh inputs, exactly as compiled
 * into the library (the same headers and .c files, with the same aliasing as
 * their callers). The point_arith instances are trace_edwards.c's, shared
 * with trace_lanes2.c.
 */
#include "trace_drive.h"
#include "point_twisted.h"
#include "x448_ladder_step.h"
#include "trace_edwards.h"

/* The conversions between the forms, each claimed equal to its definition. */
static void trace_forms(void) {
    const char *common = "src/point/point_arith_common.c";
    point_t p, r;
    point_cached_t c;
    point_niels_t n;

    trace_begin("point_to_cached", "to_cached", common);
    in_point(&p, "1");
    point_to_cached(&c, &p);
    out_cached("1", &c);
    trace_end();

    trace_begin("point_from_niels", "from_niels", common);
    in_niels(&n, "1");
    point_from_niels(&r, &n);
    out_point("1", &r, 1);
    trace_end();

    trace_begin("point_niels_from_affine", "to_niels", "src/point/point.h");
    in_point(&p, "1");
    point_niels_from_affine(&n, &p);
    out_niels("1", &n);
    trace_end();

    trace_begin("point_neg", "ed_neg", common);
    in_point(&p, "1");
    point_neg(&r, &p);
    out_point("1", &r, 1);
    trace_end();

    for (mask_t neg = 0; neg <= 1; neg++) {
        trace_begin(neg ? "point_cached_cond_neg(-1)" : "point_cached_cond_neg(0)", neg ? "cached_neg" : "cached_id",
                    common);
        in_cached(&c, "1");
        point_cached_cond_neg(&c, (mask_t)0 - neg);
        out_cached("1", &c);
        trace_end();

        trace_begin(neg ? "point_niels_cond_neg(-1)" : "point_niels_cond_neg(0)", neg ? "niels_neg" : "niels_id",
                    common);
        in_niels(&n, "1");
        point_niels_cond_neg(&n, (mask_t)0 - neg);
        out_niels("1", &n);
        trace_end();
    }
}

/* E' (a = -1) and the isogenies, point_twisted.h. */
static void trace_twisted(void) {
    const char *src = "src/point/point_twisted.h";
    point_t p, r;
    point_tcached_t e;

    for (int with_t = 0; with_t <= 1; with_t++) {
        trace_begin(with_t ? "twisted_double" : "twisted_double_no_t", "tw_dbl", src);
        in_point(&p, "1");
        twisted_double(&p, &p, with_t);
        out_point("3", &p, with_t);
        trace_end();
    }

    trace_begin("twisted_from_edwards", "phi", src);
    in_point(&p, "1");
    twisted_from_edwards(&r, &p);
    out_point("3", &r, 1);
    trace_end();

    trace_begin("twisted_to_edwards", "phi_hat", src);
    in_point(&p, "1");
    twisted_to_edwards(&r, &p);
    out_point("3", &r, 1);
    trace_end();

    trace_begin("twisted_to_tcached", "to_tcached", src);
    in_point(&p, "1");
    twisted_to_tcached(&e, &p);
    out_form(FORM_TCACHED, 4, "1", FORM_ELEMS(e.ymx, e.ypx, e.z2, e.td));
    trace_end();

    trace_begin("twisted_from_tcached_no_t", "from_tcached", src);
    in_form(FORM_ELEMS(e.ymx, e.ypx, e.z2, e.td), FORM_TCACHED, 4, "1");
    twisted_from_tcached_no_t(&r, &e);
    out_point("1", &r, 0);
    trace_end();

    /* The variable-base loop's forms (point_scalarmul_twisted.c): may_neg with either sign, and not. */
    static const struct {
        const char *name, *spec;
        int may_neg;
        mask_t neg;
    } adds[] = {{"twisted_add_tcached", "tw_add", 0, 0},
                {"twisted_add_tcached(may_neg,+)", "tw_add", 1, 0},
                {"twisted_add_tcached(may_neg,-)", "tw_sub", 1, (mask_t)-1}};
    for (unsigned i = 0; i < 3; i++) {
        trace_begin(adds[i].name, adds[i].spec, src);
        in_point(&p, "1");
        in_form(FORM_ELEMS(e.ymx, e.ypx, e.z2, e.td), FORM_TCACHED, 4, "2");
        twisted_add_tcached(&p, &p, &e, adds[i].neg, adds[i].may_neg);
        out_point("3", &p, 1);
        trace_end();
    }

    for (mask_t neg = 0; neg <= 1; neg++) {
        point_tniels_t b;
        trace_begin(neg ? "twisted_add_tniels(-)" : "twisted_add_tniels(+)", neg ? "tw_sub" : "tw_add", src);
        in_point(&p, "1");
        in_form(FORM_ELEMS(b.ymx, b.ypx, b.td), FORM_TNIELS, 3, "2");
        twisted_add_tniels(&p, &b, (mask_t)0 - neg);
        out_point("3", &p, 1);
        trace_end();
    }
}

/* The X448 ladder step (x448_ladder_step.h) as the portable ladder instantiates it, and the x-only doubling. */
#include "x448_ladder.c"

static void trace_x448(void) {
    for (mask_t swap = 0; swap <= 1; swap++) {
        ladder_state s;
        gf x1;
        trace_begin(swap ? "x448_ladder_step(swap)" : "x448_ladder_step", swap ? "x448_step_swap" : "x448_step",
                    "src/backend/portable/x448_ladder.c");
        trace_input(x1, "U1", "tight");
        trace_input(s.x2, "X2", "tight");
        trace_input(s.z2, "Z2", "tight");
        trace_input(s.x3, "X3", "tight");
        trace_input(s.z3, "Z3", "tight");
        ladder_cswap(&s, x1, (mask_t)0 - swap);
        ladder_step(&s, x1);
        trace_output("X2o", s.x2, "tight");
        trace_output("Z2o", s.z2, "tight");
        trace_output("X3o", s.x3, "tight");
        trace_output("Z3o", s.z3, "tight");
        trace_end();
    }

    gf u, w, uo, wo;
    trace_begin("x448_double", "x448_double", "src/proto/x448_ladder_step.h");
    trace_input(u, "X2", "tight");
    trace_input(w, "Z2", "tight");
    x448_double(uo, wo, u, w);
    trace_output("X2o", uo, "tight");
    trace_output("Z2o", wo, "tight");
    trace_end();
}

int main(void) {
    trace_edwards("src/backend/portable/point_arith.c");
    trace_single("src/backend/portable/point_single.c");
    trace_forms();
    trace_twisted();
    trace_x448();
    return 0;
}
