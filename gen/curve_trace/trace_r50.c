/*
 * The r50 backend's formula instances (src/backend/r50/: point_r50.h's
 * doubling, addition of a table entry, entry and point of an entry, phi into
 * the lanes, and x448_ladder_r50.c's ladder step), traced for
 * gen/prove_curve.py on the symbolic radix-2^50 lanes (r50/gf4r50.h): a point
 * is (X, Y, T, Z) of E' in lanes 0..3, an entry (Y - X, Y + X, 2d' T, 2Z).
 * Each formula runs with the permutations of point_r50_perms_init, set up
 * inside its trace; the ladder step with the state and inputs x448_ladder
 * sets up (r50/x448_ladder_shell.h).
 */
#include "trace_edwards.h"
#include "point_r50.h"
#include "x448_ladder_r50.c"

static const char *const POINT_LANES[GF4R50_LANES] = {"X", "Y", "T", "Z"};
static const char *const ENTRY_LANES[GF4R50_LANES] = {"YMX", "YPX", "TD", "ZZ"};

/* a = fresh inputs NAMES[k] TAG in lane k. */
static void in_lanes(gf4r50 a, const char *const names[GF4R50_LANES], const char *tag, const char *kind) {
    for (unsigned k = 0; k < GF4R50_LANES; k++) {
        gf g;
        in_gf(g, names[k], tag, kind);
        a->limb[0].q[k] = g->limb[0];
    }
}

/* Lanes k of a with names[k] set, as outputs NAMES[k] TAG. */
static void out_lanes(const char *const names[GF4R50_LANES], const char *tag, const gf4r50 a, const char *kind) {
    for (unsigned k = 0; k < GF4R50_LANES; k++) {
        if (names[k]) {
            gf_s g = gf4r50_lane(a, k);
            out_gf(names[k], tag, &g, kind);
        }
    }
}

/* Begins formula name (claim spec) of point_r50.h on fresh inputs names[k] tag in lane k of in,
 * with c set up inside its trace. */
static void begin_r50(const char *name, const char *spec, gf4r50 in, const char *const names[GF4R50_LANES],
                      const char *tag, const char *kind, point_r50_perms *c) {
    trace_begin(name, spec, "src/backend/r50/point_r50.h");
    in_lanes(in, names, tag, kind);
    point_r50_perms_init(c);
}

static void trace_points(void) {
    point_r50_perms c;
    point_r50_scratch s;
    gf4r50 p, e;

    begin_r50("point_r50_double", "tw_dbl", p, POINT_LANES, "1", "tight", &c);
    point_r50_double(p, &c, &s);
    out_lanes(POINT_LANES, "3", p, "tight");
    trace_end();

    for (mask_t neg = 0; neg <= 1; neg++) {
        begin_r50(neg ? "point_r50_add(-)" : "point_r50_add(+)", neg ? "tw_sub" : "tw_add", p, POINT_LANES, "1",
                  "tight", &c);
        in_lanes(e, ENTRY_LANES, "2", "loose");
        point_r50_add(p, e, (mask_t)0 - neg, &c, &s);
        out_lanes(POINT_LANES, "3", p, "tight");
        trace_end();
    }

    begin_r50("point_r50_entry", "to_tcached", p, POINT_LANES, "1", "tight", &c);
    point_r50_entry(e, p, &c, &s);
    out_lanes(ENTRY_LANES, "1", e, "loose");
    trace_end();

    begin_r50("point_r50_from_entry_no_t", "from_tcached", e, ENTRY_LANES, "1", "loose", &c);
    point_r50_from_entry_no_t(p, e, &c, &s);
    out_lanes((const char *const[GF4R50_LANES]){"X", "Y", NULL, "Z"}, "1", p, "tight");
    trace_end();

    point_t q;
    trace_begin("point_r50_from_edwards", "phi", "src/backend/r50/point_r50.h");
    in_point(&q, "1");
    point_r50_from_edwards(p, &q);
    out_lanes(POINT_LANES, "3", p, "tight");
    trace_end();
}

/* The ladder's step as x448_ladder sets it up: r50/x448_ladder_shell.h calls these around it. */
void trace_ladder_state(void *state) {
    in_lanes(((r50_state *)state)->st, (const char *const[GF4R50_LANES]){"X2", "Z2", "X3", "Z3"}, "", "tight");
}

void trace_ladder_result(void *state) {
    out_lanes((const char *const[GF4R50_LANES]){"X2o", "Z2o", "X3o", "Z3o"}, "", ((r50_state *)state)->st, "tight");
}

static void trace_x448_r50(void) {
    for (uint8_t swap = 0; swap <= 1; swap++) {
        uint8_t out[GOLDILOCKS_X448_BYTES], secret[GOLDILOCKS_X448_BYTES] = {swap};
        gf x1;
        trace_begin(swap ? "x448_ladder_step(swap)" : "x448_ladder_step", swap ? "x448_step_swap" : "x448_step",
                    "src/backend/r50/x448_ladder_r50.c");
        trace_input(x1, "U1", "tight");
        (void)x448_ladder(out, secret, x1);
        trace_end();
    }
}

int main(void) {
    trace_points();
    trace_single("src/backend/r50/point_single_r50.c");
    trace_x448_r50();
    return 0;
}
