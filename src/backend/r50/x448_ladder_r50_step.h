/*
 * The state, the swap and the step of src/backend/r50/x448_ladder_r50.c (the X448
 * ladder on four lanes of radix 2^50, AVX-512 IFMA; the step is described
 * there), apart so that test/straightline_lanes.c can put them out of line
 * for test/straightline_check.py: valgrind cannot run AVX-512.
 */
#ifndef GOLDILOCKS_X448_LADDER_R50_STEP_H
#define GOLDILOCKS_X448_LADDER_R50_STEP_H

#include "gf4r50.h"
#include "x448_ladder_shell.h"

/* Everything the ladder keeps that depends on the scalar, to be wiped in one go. */
typedef struct {
    x448_shell_head head; /* k */
    gf4r50 st, t, g, h, v, w;
    gf x2, z2, x3, z3; /* st's four lanes at the end (x3, z3 unused) */
} r50_state;

/* The public inputs of the swap and the step. */
typedef struct {
    gf4r50_word cross, evens, odds, abba, round2_a, round2_b;
    gf4r50 x1v; /* (1, 1, 1, x1) */
} r50_args;

/* Lane masks (bit k: lane k). */
#define LANES_13 0x0a /* lanes 1 and 3: the differences */
#define LANE_0 0x01
#define LANE_1 0x02

/* (x2, z2) <-> (x3, z3) where swap is all ones. */
static inline __attribute__((always_inline)) void r50_cswap(void *state, const void *arg, mask_t swap) {
    r50_state *s = state;
    const r50_args *a = arg;
    gf4r50_permute(s->t, s->st, a->cross);
    gf4r50_select(s->st, s->st, s->t, gf4r50_splat(swap));
}

static inline __attribute__((always_inline)) void r50_step(void *state, const void *arg) {
    r50_state *s = state;
    const r50_args *a = arg;
    gf4r50_permute(s->g, s->st, a->evens);         /* (x2, x2, x3, x3) */
    gf4r50_permute(s->h, s->st, a->odds);          /* (z2, z2, z3, z3) */
    gf4r50_addsub(s->t, s->g, s->h, LANES_13);      /* (A, B, C, D) */
    gf4r50_permute(s->v, s->t, a->abba);           /* (A, B, B, A) */
    gf4r50_mul(s->t, s->t, s->v);                   /* (AA, BB, CB, DA) */
    gf4r50_permute(s->g, s->t, a->round2_a);       /* (AA, AA, DA, DA) */
    gf4r50_permute(s->h, s->t, a->round2_b);       /* (BB, BB, CB, CB) */
    gf4r50_addsub(s->v, s->g, s->h, LANES_13);      /* (AA+BB, E, DA+CB, DA-CB) */
    gf4r50_blend(s->v, s->v, s->g, LANE_0);         /* (AA, E, DA+CB, DA-CB) */
    gf4r50_mulw(s->w, s->v, X448_A24);              /* lane 1: a24 E */
    gf4r50_add(s->w, s->g, s->w);                   /* lane 1: F = AA + a24 E */
    gf4r50_blend(s->w, s->v, s->w, LANE_1);         /* (AA, F, DA+CB, DA-CB) */
    gf4r50_blend(s->w, s->w, s->h, LANE_0);         /* (BB, F, DA+CB, DA-CB) */
    gf4r50_mul(s->st, s->v, s->w);                  /* (x2, z2, x3, (DA-CB)^2) */
    gf4r50_mul(s->st, s->st, a->x1v);               /* z3 = x1 (DA-CB)^2 */
}

#endif
