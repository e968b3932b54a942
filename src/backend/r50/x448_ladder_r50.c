/*
 * The X448 ladder (RFC 7748 section 5) with each step's products four at a
 * time in lanes of radix 2^50 (AVX-512 IFMA, or its portable twin: gf4r50.h, gen/radix50.py): the four-lane step of the former
 * x448_ladder_lanes.c (docs/removed-forms.md), on an element
 * whose sums and differences are multiplier inputs without a carry and whose
 * product is reduced by one parallel carry round. The state is
 * (x2, z2, x3, z3) in lanes 0..3 and a step is
 *
 *   swap:    (x2, z2, x3, z3) <-> (x3, z3, x2, z2)       a permute and a select
 *   sums:    (A, B, C, D) = (x2+z2, x2-z2, x3+z3, x3-z3)  one addsub
 *   round 1: (AA, BB, CB, DA) = (A, B, C, D) * (A, B, B, A)
 *   sums:    (AA, E, DA+CB, DA-CB), E = AA - BB           one addsub and a blend
 *            F = AA + a24 E                              one mulw, one add
 *   round 2: (x2, z2, x3, w) = (AA, E, DA+CB, DA-CB) * (BB, F, DA+CB, DA-CB)
 *   round 3: z3 = x1 w, as the lane product (x2, z2, x3, w) * (1, 1, 1, x1)
 *
 * Round 3 uses one lane of four; it depends on round 2, and round 1 of the
 * next step on it. Every value the state keeps is reduced (gf4r50.h): the
 * products' outputs. Measured on Zen 5 (docs/performance.md, "AVX-512 IFMA"):
 * goldilocks_x448
 * 136.7k and 138.5k ticks (fastest rounds, two runs) against the scalar
 * ladder's (x448_ladder.c, 8x56mulx) 230.6k and 232.1k.
 *
 * One of the sources of x448_ladder (x448_ladder.h), for the r50 backend
 * (configure.py BACKENDS).
 */
#include "x448_ladder_r50_step.h"
#include "field_r50.h"

static inline __attribute__((always_inline)) void r50_result(void *state, gf_s **x2, gf_s **z2) {
    r50_state *s = state;
    gf_s *const lanes[GF4R50_LANES] = {s->x2, s->z2, s->x3, s->z3};
    gf4r50_to_gf4(lanes, s->st);
    *x2 = s->x2;
    *z2 = s->z2;
}

mask_t x448_ladder(uint8_t out[GOLDILOCKS_X448_BYTES], const uint8_t secret[GOLDILOCKS_X448_BYTES], const gf x1) {
    r50_state s;
    r50_args a;
    gf one, zero;

    a.cross = gf4r50_lanes(2, 3, 0, 1);
    a.evens = gf4r50_lanes(0, 0, 2, 2);
    a.odds = gf4r50_lanes(1, 1, 3, 3);
    a.abba = gf4r50_lanes(0, 1, 1, 0);
    a.round2_a = gf4r50_lanes(0, 0, 3, 3);
    a.round2_b = gf4r50_lanes(1, 1, 2, 2);
    /* (x2, z2, x3, z3) = (1, 0, x1, 1); x1v = (1, 1, 1, x1) */
    gf_set_small(one, 1);
    gf_set_small(zero, 0);
    const gf_s *const start[GF4R50_LANES] = {one, zero, x1, one}, *const x1v[GF4R50_LANES] = {one, one, one, x1};
    gf4r50_from_gf(s.st, start);
    gf4r50_from_gf(a.x1v, x1v);
    return x448_ladder_shell(out, secret, &s, sizeof s, r50_cswap, r50_step, r50_result, &a);
}
