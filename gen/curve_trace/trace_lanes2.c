/*
 * The lanes2 backend's formula instances (src/backend/lanes2/: the doubling,
 * the additions and the X448 ladder step with their products paired on two
 * lanes), traced for gen/prove_curve.py on two symbolic lanes: the same
 * claims as the portable backend's, on its own schedule.
 */
#include "trace_edwards.h"
#include "x448_ladder_lanes2.c"

static void trace_x448_lanes2(void) {
    for (mask_t swap = 0; swap <= 1; swap++) {
        lane2_state s;
        lane2_args a;
        gfl x1v;
        gf x1, x2, z2, x3, z3;
        const char *src = "src/backend/lanes2/x448_ladder_lanes2.c";
        trace_begin(swap ? "x448_ladder_step(swap)" : "x448_ladder_step", swap ? "x448_step_swap" : "x448_step", src);
        trace_input(x1, "U1", "tight");
        trace_input(x2, "X2", "tight");
        trace_input(z2, "Z2", "tight");
        trace_input(x3, "X3", "tight");
        trace_input(z3, "Z3", "tight");
        lane2_args_init(&a, x1v, x1, 0); /* x448_ladder's variant: the lane product by (1, x1) */
        gfl_insert(s.u, 0, x2);
        gfl_insert(s.u, 1, z2);
        gfl_insert(s.v, 0, x3);
        gfl_insert(s.v, 1, z3);
        lane2_cswap(&s, &a, (mask_t)0 - swap);
        lane2_step(&s, &a);
        gfl_extract(x2, s.u, 0);
        gfl_extract(z2, s.u, 1);
        gfl_extract(x3, s.v, 0);
        gfl_extract(z3, s.v, 1);
        trace_output("X2o", x2, "tight");
        trace_output("Z2o", z2, "tight");
        trace_output("X3o", x3, "tight");
        trace_output("Z3o", z3, "tight");
        trace_end();
    }
}

int main(void) {
    trace_edwards("src/backend/lanes2/point_arith_lanes2.c");
    trace_single("src/backend/portable/point_single.c");
    trace_x448_lanes2();
    return 0;
}
