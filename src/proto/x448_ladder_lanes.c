/*
 * The X448 ladder (RFC 7748 section 5) with the independent products of each
 * step side by side in lanes (src/field/field.h, "Lanes"). The ladder state
 * (x2, z2, x3, z3) lives in lanes 0..3 of one gfl, and a step is
 *
 *   swap:    (x2, z2, x3, z3) <-> (x3, z3, x2, z2)       a permute and a select
 *   sums:    (A, B, C, D) = (x2+z2, x2-z2, x3+z3, x3-z3)  one addsub
 *   round 1: (AA, BB, CB, DA) = (A, B, C, D) * (A, B, B, A)
 *   sums:    E = AA-BB, F = AA + a24 E, DA+CB, DA-CB      one addsub, one mulw, one add
 *   round 2: (x2, z2, x3, w) = (AA, E, DA+CB, DA-CB) * (BB, F, DA+CB, DA-CB)
 *   round 3: z3 = x1 * w                                 lane 3 alone
 *
 * which is RFC 7748's step with its 9 products in 3 rounds (2 full, one
 * with a single useful lane) instead of 9 scalar ones; the squarings are
 * lane products like the others. Round 3 depends on round 2 and round 1 of
 * the next step on it, so no product of the RFC's step can fill its idle
 * lanes; it is done on the one lane (extract, gf_mul, insert), or, as a
 * variant kept for measurement (bench/bench_ladder_lanes.c), as a lane
 * product by (1, 1, 1, x1).
 *
 * Needs GF_LANES >= 4: the lanes from 4 on start at 1 and carry bounded
 * values nobody reads (every permute keeps them in place). Bounds: every
 * gfl operation used returns tight lanes and takes tight ones, so no loose
 * value is ever stored in the state.
 * The loop over the scalar's bits around the step, the last swap, x2 / z2
 * and the wipe are x448_ladder_shell.h's, which x448_ladder.c and the other
 * lane form share; so is round 3's product by x1 (x448_lanes_x1_mul).
 *
 * One of the two sources of x448_ladder (x448_ladder.h): configure.py builds
 * it for the targets that list it in their `alternatives`, today none. On
 * Zen 3 with the AVX2 lanes (bench/bench_ladder_lanes.c) a 4-lane product
 * costs 2.9 scalar (mulx) products, so the 2 rounds and the one-lane product
 * save 15% of the scalar step's products (4 of its 9 are the cheaper
 * squarings), and the 6 permutes, 4 selects and one extract/insert per step
 * cost twice that saving: the ladder is 17% slower than x448_ladder.c (README).
 */
#include "x448_ladder_shell.h"

_Static_assert(GF_LANES >= 4, "the lane ladder needs at least four lanes");

/* Everything the ladder keeps that depends on the scalar, to be wiped in one go. */
typedef struct {
    x448_shell_head head; /* k */
    gfl st, g, h, t, v, w;
    gf w3, x2, z2;
} lane_state;

/*
 * The public inputs of the swap and the step. The struct's address goes to
 * nothing but them (inline), so that the compiler sees its permutations and
 * masks as the constants they are.
 */
typedef struct {
    lperm_t cross, evens, odds, abba, round2_a, round2_b;
    lmask_t sub13, lane0, lane1;
    x448_lanes_x1 x1; /* round 3: x1 in lane 3 */
} lane_args;

/* (x2, z2) <-> (x3, z3) where swap is all ones (the shell's conditional swap). */
static inline __attribute__((always_inline)) void lane_cswap(void *state, const void *arg, mask_t swap) {
    lane_state *s = state;
    const lane_args *a = arg;
    gfl_permute(s->t, s->st, a->cross.idx);
    gfl_select(s->st, s->st, s->t, lmask_broadcast(swap));
}

/* One step after the swap (see the top of the file). */
static inline __attribute__((always_inline)) void lane_step(void *state, const void *arg) {
    lane_state *s = state;
    const lane_args *a = arg;

    gfl_permute(s->g, s->st, a->evens.idx);
    gfl_permute(s->h, s->st, a->odds.idx);
    gfl_addsub(s->t, s->g, s->h, a->sub13);   /* (A, B, C, D) */
    gfl_permute(s->v, s->t, a->abba.idx);
    gfl_mul(s->t, s->t, s->v);             /* (AA, BB, CB, DA) */

    gfl_permute(s->g, s->t, a->round2_a.idx);
    gfl_permute(s->h, s->t, a->round2_b.idx);
    gfl_addsub(s->v, s->g, s->h, a->sub13);   /* (AA+BB, E, DA+CB, DA-CB) */
    gfl_select(s->v, s->v, s->g, a->lane0);   /* (AA, E, DA+CB, DA-CB) */
    gfl_mulw(s->w, s->v, X448_A24);
    gfl_add_nr(s->w, s->g, s->w);          /* lane 1: F = AA + a24 E, loose: it feeds gfl_mul only */
    gfl_select(s->w, s->v, s->w, a->lane1);
    gfl_select(s->w, s->w, s->h, a->lane0);   /* (BB, F, DA+CB, DA-CB) */
    gfl_mul(s->st, s->v, s->w);            /* (x2, z2, x3, (DA-CB)^2) */
    x448_lanes_x1_mul(s->st, s->w3, &a->x1);  /* z3 = x1 (DA-CB)^2 */
}

/* x2, z2 out of lanes 0 and 1, after the last swap. */
static inline __attribute__((always_inline)) void lane_result(void *state, gf_s **x2, gf_s **z2) {
    lane_state *s = state;
    x448_lanes_result(s->x2, s->z2, s->st, x2, z2);
}

/*
 * The ladder; x1_in_lanes chooses how round 3 is done (a public constant:
 * 0, the one lane; 1, a lane product by (1, 1, 1, x1)).
 */
static inline mask_t ladder_lanes(uint8_t out[GOLDILOCKS_X448_BYTES], const uint8_t secret[GOLDILOCKS_X448_BYTES],
                                  const gf x1, int x1_in_lanes) {
    lane_state s;
    lane_args a;
    gfl x1v;

    a.cross = lperm_make((const unsigned char[]){2, 3, 0, 1}, 4); /* (x2, z2) <-> (x3, z3) */
    a.evens = lperm_make((const unsigned char[]){0, 0, 2, 2}, 4);
    a.odds = lperm_make((const unsigned char[]){1, 1, 3, 3}, 4);
    a.abba = lperm_make((const unsigned char[]){0, 1, 1, 0}, 4);
    a.round2_a = lperm_make((const unsigned char[]){0, 0, 3, 3}, 4); /* (AA, AA, DA, DA) */
    a.round2_b = lperm_make((const unsigned char[]){1, 1, 2, 2}, 4); /* (BB, BB, CB, CB) */
    a.sub13 = lmask_pattern(0xa);                                   /* subtract in lanes 1 and 3 */
    a.lane0 = lmask_pattern(0x1);
    a.lane1 = lmask_pattern(0x2);
    x448_lanes_x1_init(&a.x1, x1v, x1, 3, !x1_in_lanes);

    gfl_set_small(s.st, 1); /* x2 = 1, x3 = x1, z2 = 0, z3 = 1; lanes from 4 on: 1 */
    gf_set_small(s.w3, 0);
    gfl_insert(s.st, 1, s.w3);
    gfl_insert(s.st, 2, x1);
    return x448_ladder_shell(out, secret, &s, sizeof s, lane_cswap, lane_step, lane_result, &a);
}

mask_t x448_ladder(uint8_t out[GOLDILOCKS_X448_BYTES], const uint8_t secret[GOLDILOCKS_X448_BYTES], const gf x1) {
    return ladder_lanes(out, secret, x1, 0);
}
