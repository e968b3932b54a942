/*
 * The formulas on the lane API (field.h "Lanes"): point_lanes.c's doubling,
 * additions and forms (POINT_DBL_SHAPE and POINT_ADD_EFGH on gfl, the batch
 * calls') and x448_batch.c's ladder step, traced for gen/prove_curve.py on
 * TRACE_LANES symbolic lanes. Each instance is traced once per lane: that
 * lane's inputs carry the claim's names, every other lane's are idle inputs
 * ("_" names), which the prover requires no output of the claim to read.
 */
#include "trace_drive.h"
#include "point_lanes.h"
#include "x448_batch.c"

/* lane `lane` of a: the input called name+tag there, an idle one elsewhere. */
static void in_lanes(gfl a, const char *name, const char *tag, unsigned lane, const char *kind) {
    for (unsigned k = 0; k < GF_LANES; k++) {
        char n[32];
        if (k == lane)
            snprintf(n, sizeof n, "%s%s", name, tag);
        else
            snprintf(n, sizeof n, "_%u%s%s", k, name, tag);
        trace_input(&a->lane[k], n, kind);
    }
}

/* el[i] lane `lane` = the input names[i] tag (idle inputs elsewhere), i < n. */
static void in_lanes_form(gfl_s *const el[], const char *const names[], unsigned n, const char *tag, unsigned lane) {
    for (unsigned i = 0; i < n; i++) in_lanes(el[i], names[i], tag, lane, "tight");
}

/* The outputs names[i] tag = lane `lane` of el[i], i < n. */
static void out_lanes_form(const char *const names[], unsigned n, const char *tag, gfl_s *const el[], unsigned lane) {
    for (unsigned i = 0; i < n; i++) out_gf(names[i], tag, &el[i]->lane[lane], "tight");
}

#define LANE_ELEMS(...) ((gfl_s *const[]){__VA_ARGS__})
#define POINTL(p) LANE_ELEMS((p)->x, (p)->y, (p)->z, (p)->t)
#define CACHEDL(c) LANE_ELEMS((c)->x, (c)->y, (c)->z, (c)->dt)
#define NIELSL(n) LANE_ELEMS((n)->x, (n)->y, (n)->dxy)

/* "name[lane]" */
static const char *lane_name(char *buf, size_t size, const char *name, unsigned lane) {
    snprintf(buf, size, "%s[%u]", name, lane);
    return buf;
}

static void trace_point_lanes(unsigned lane) {
    const char *src = "src/point/point_lanes.c";
    char nb[64];
    pointl_t p, q, r;
    pointl_cached_t c;
    pointl_niels_t n;

    for (int with_t = 0; with_t <= 1; with_t++) {
        trace_begin(lane_name(nb, sizeof nb, with_t ? "pointl_double" : "pointl_double_no_t", lane), "ed_dbl", src);
        in_lanes_form(POINTL(&p), FORM_POINT, 4, "1", lane);
        if (with_t)
            pointl_double(&r, &p);
        else
            pointl_double_no_t(&r, &p);
        out_lanes_form(FORM_POINT, with_t ? 4 : 3, "3", POINTL(&r), lane);
        trace_end();
    }

    trace_begin(lane_name(nb, sizeof nb, "pointl_add", lane), "ed_add", src);
    in_lanes_form(POINTL(&p), FORM_POINT, 4, "1", lane);
    in_lanes_form(POINTL(&q), FORM_POINT, 4, "2", lane);
    pointl_add(&r, &p, &q);
    out_lanes_form(FORM_POINT, 4, "3", POINTL(&r), lane);
    trace_end();

    trace_begin(lane_name(nb, sizeof nb, "pointl_add_cached", lane), "ed_add", src);
    in_lanes_form(POINTL(&p), FORM_POINT, 4, "1", lane);
    in_lanes_form(CACHEDL(&c), FORM_CACHED, 4, "2", lane);
    pointl_add_cached(&p, &p, &c);
    out_lanes_form(FORM_POINT, 4, "3", POINTL(&p), lane);
    trace_end();

    trace_begin(lane_name(nb, sizeof nb, "pointl_add_niels", lane), "ed_add", src);
    in_lanes_form(POINTL(&p), FORM_POINT, 4, "1", lane);
    in_lanes_form(NIELSL(&n), FORM_NIELS, 3, "2", lane);
    pointl_add_niels(&p, &p, &n);
    out_lanes_form(FORM_POINT, 4, "3", POINTL(&p), lane);
    trace_end();

    trace_begin(lane_name(nb, sizeof nb, "pointl_to_cached", lane), "to_cached", src);
    in_lanes_form(POINTL(&p), FORM_POINT, 4, "1", lane);
    pointl_to_cached(&c, &p);
    out_lanes_form(FORM_CACHED, 4, "1", CACHEDL(&c), lane);
    trace_end();

    /* the negations, this lane negated and the others not (and the reverse) */
    for (unsigned neg = 0; neg <= 1; neg++) {
        mask_t m[GF_LANES];
        for (unsigned k = 0; k < GF_LANES; k++) m[k] = (mask_t)0 - (mask_t)((k == lane) == neg);
        lmask_t lm = lmask_make(m);

        trace_begin(lane_name(nb, sizeof nb, neg ? "pointl_cond_neg(-1)" : "pointl_cond_neg(0)", lane),
                    neg ? "ed_neg" : "point_id", src);
        in_lanes_form(POINTL(&p), FORM_POINT, 4, "1", lane);
        pointl_cond_neg(&p, lm);
        out_lanes_form(FORM_POINT, 4, "1", POINTL(&p), lane);
        trace_end();

        trace_begin(lane_name(nb, sizeof nb, neg ? "pointl_cached_cond_neg(-1)" : "pointl_cached_cond_neg(0)", lane),
                    neg ? "cached_neg" : "cached_id", src);
        in_lanes_form(CACHEDL(&c), FORM_CACHED, 4, "1", lane);
        pointl_cached_cond_neg(&c, lm);
        out_lanes_form(FORM_CACHED, 4, "1", CACHEDL(&c), lane);
        trace_end();

        trace_begin(lane_name(nb, sizeof nb, neg ? "pointl_niels_cond_neg(-1)" : "pointl_niels_cond_neg(0)", lane),
                    neg ? "niels_neg" : "niels_id", src);
        in_lanes_form(NIELSL(&n), FORM_NIELS, 3, "1", lane);
        pointl_niels_cond_neg(&n, lm);
        out_lanes_form(FORM_NIELS, 3, "1", NIELSL(&n), lane);
        trace_end();
    }
}

/* x448_batch.c's step: this lane with the pending swap `swap`, the others with the opposite. */
static void trace_x448_batch(unsigned lane) {
    char nb[64];
    for (unsigned swap = 0; swap <= 1; swap++) {
        lanes_state s;
        mask_t m[GF_LANES];
        for (unsigned k = 0; k < GF_LANES; k++) m[k] = (mask_t)0 - (mask_t)((k == lane) == swap);
        trace_begin(lane_name(nb, sizeof nb, swap ? "lanes_step(swap)" : "lanes_step", lane),
                    swap ? "x448_step_swap" : "x448_step", "src/proto/x448_batch.c");
        in_lanes(s.x1, "U1", "", lane, "tight");
        in_lanes(s.x2, "X2", "", lane, "tight");
        in_lanes(s.z2, "Z2", "", lane, "tight");
        in_lanes(s.x3, "X3", "", lane, "tight");
        in_lanes(s.z3, "Z3", "", lane, "tight");
        lanes_step(&s, lmask_make(m));
        trace_output("X2o", &s.x2->lane[lane], "tight");
        trace_output("Z2o", &s.z2->lane[lane], "tight");
        trace_output("X3o", &s.x3->lane[lane], "tight");
        trace_output("Z3o", &s.z3->lane[lane], "tight");
        trace_end();
    }
}

int main(void) {
    for (unsigned lane = 0; lane < GF_LANES; lane++) {
        trace_point_lanes(lane);
        trace_x448_batch(lane);
    }
    return 0;
}
