/*
 * The doubling and the two mixed additions of point_arith.c (the same
 * formulas, "dbl-2008-hwcd" and "add-2008-hwcd" with a = 1, written once in
 * point_dbl_shape.h and point_hwcd_steps.h) with
 * their independent products paired on lanes 0 and 1 of the lane layout
 * (src/field/field.h, "Lanes"): the parallel execution of Hisil, Wong,
 * Carter, Dawson, "Twisted Edwards curves revisited" (Asiacrypt 2008),
 * section 4, on two lanes. The points stay in gf form (point.h); each
 * formula packs its inputs into lanes and extracts its four outputs.
 *
 *   doubling   round 1  (X, Y)^2 = (A, B),  (X+Y, Z)^2 = (S, Z^2)     two gfl_sqr
 *              (H, G) = (B - A, A + B), (E, Z^2 - G) = (S, Z^2) - (G, G),
 *              F = Z^2 + (Z^2 - G)
 *   addition   round 1  (X1, Y1) * (x2, y2) = (A, B),
 *                       (T1, X1+Y1) * (d x2 y2, x2+y2) = (C, S)       two gfl_mul
 *              (H, A + B) = (B - A, A + B), E = S - (A + B),
 *              (G, F) = (D + C, D - C), D = Z1 (niels) or Z1 Z2 (cached: one gf_mul)
 *   both       round 2  with u = (G, E) (addition) or (E, G) (doubling), v = (H, F):
 *                       u * v and swap(u) * v = the four of
 *                       X3 = E F, Y3 = G H, T3 = E H, Z3 = F G         two gfl_mul
 *
 * So 2 lane squarings and 2 lane products for a doubling (4S + 4M in
 * point_arith.c; point_double_no_t's 3M + 4S would not save a lane product)
 * and 4 lane products for an addition (8M; the cached one 9M, here 4 lane
 * products and one gf_mul). On 32-bit NEON a two-lane product costs about
 * one scalar product (ninja count: gfl_mul 970, gf_mul 995 instructions).
 *
 * Needs GF_LANES >= 2 (configure.py BACKENDS, min_lanes). Lanes from 2 on
 * hold broadcast copies of tight inputs and go through the same operations
 * (every permutation keeps them in place, no addsub or select mask covers
 * them): tight values that nobody reads.
 * Bounds: every gfl operation used takes and returns tight lanes (gfl_add,
 * gfl_sub, gfl_addsub, not their _nr forms); the gf sums packed into lanes
 * are gf_add's, tight, as gfl_insert and gfl_broadcast require.
 * Constant time: lanes and permutations are public constants; no branch.
 *
 * One of the two sources of these four functions (the lanes2 backend, configure.py
 * BACKENDS): the targets of that backend build it, today armv7. There (`ninja count`,
 * qemu-arm -cpu cortex-a9, instructions, with point_comb_split.c) Ed448
 * verify executes 2,952,508 against 4,005,771 with point_arith.c (libdecaf
 * 6,387,391), decaf448 scalarmult 3,544,477 against 4,934,419 (6,709,406),
 * keygen 977,718 against 998,497. On aarch64 with --lanes neon, where a
 * two-lane gfl_mul costs 2.1 scalar 8x56 ones, it loses: verify 1,966,195
 * against 1,454,935.
 */
/* Before the headers, so that it covers the lane layout's inline operations
 * (gcc -O2 leaves their 16-limb loops rolled; see x448_ladder_lanes2.c).
 * On armv7 it saves 141k instructions of Ed448 verify's 3.09M. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("unroll-loops")
#endif
#include "point.h"

_Static_assert(GF_LANES >= 2, "point_arith_lanes2.c needs at least two lanes (configure.py refuses it otherwise)");

/* out = (a, b) in lanes 0, 1; a in the lanes from 2 on. a, b tight. */
static inline void pack2(gfl out, const gf a, const gf b) {
    gfl_broadcast(out, a);
    gfl_insert(out, 1, b);
}

/*
 * Round 2, shared: from u = (u0, u1), v = (v0, v1) to
 * (p0, p1) = u * v and (q0, q1) = swap(u) * v, extracted into the named
 * coordinates (q1 only when q1 is not NULL).
 */
static inline __attribute__((always_inline)) void round2(gf p0, gf p1, gf q0, gf q1, gfl u, const gfl v) {
    const lperm_t swap = lperm_make((const unsigned char[]){1, 0}, 2);
    gfl r;
    gfl_mul(r, u, v);
    gfl_extract(p0, r, 0);
    gfl_extract(p1, r, 1);
    gfl_permute(u, u, swap.idx);
    gfl_mul(r, u, v);
    gfl_extract(q0, r, 0);
    if (q1)
        gfl_extract(q1, r, 1);
}

/* The doubling; T3 only when with_t (a constant at every call site). */
static inline __attribute__((always_inline)) void double_lanes2(point_t *out, const point_t *a, int with_t) {
    const lperm_t swap = lperm_make((const unsigned char[]){1, 0}, 2);
    const lperm_t lane1_both = lperm_make((const unsigned char[]){1, 1}, 2);
    const lmask_t lane0 = lmask_pattern(0x1), lane1 = lmask_pattern(0x2);
    gfl n, m, hg, t;
    gf s;

    gf_add(s, a->x, a->y);
    pack2(n, a->x, a->y);
    pack2(m, s, a->z);
    gfl_sqr(n, n);                      /* (A, B) */
    gfl_sqr(m, m);                      /* (S, Z^2), S = (X + Y)^2 */

    gfl_permute(t, n, swap.idx);        /* (B, A) */
    gfl_addsub(hg, t, n, lane0);        /* (H, G) = (B - A, A + B) */
    gfl_permute(t, hg, lane1_both.idx); /* (G, G) */
    gfl_sub(t, m, t);                   /* (E, Z^2 - G) */
    gfl_add(m, m, t);                   /* lane 1: F = 2 Z^2 - G */
    gfl_select(m, hg, m, lane1);        /* v = (H, F) */
    gfl_select(t, t, hg, lane1);        /* u = (E, G) */
    /* u v = (E H, G F), swap(u) v = (G H, E F) */
    if (with_t)
        round2(out->t, out->z, out->y, out->x, t, m);
    else {
        gf z;
        round2(z, out->z, out->y, out->x, t, m);
    }
}

void point_double(point_t *out, const point_t *a) {
    double_lanes2(out, a, 1);
}

/* The doubling does not read T; without it one extraction fewer (the lane product stays). */
void point_double_no_t(point_t *out, const point_t *a) {
    double_lanes2(out, a, 0);
}

/*
 * The additions from round 1 on: a + (bx, by, bd) where bd is d x2 y2
 * (niels) or d T2 (cached), and dz the tight D (Z1, or Z1 Z2).
 */
static inline __attribute__((always_inline)) void add_lanes2(point_t *out, const point_t *a, const gf bx,
                                                             const gf by, const gf bd, const gf dz) {
    const lperm_t swap = lperm_make((const unsigned char[]){1, 0}, 2);
    const lperm_t lane0_both = lperm_make((const unsigned char[]){0, 0}, 2);
    const lmask_t lane0 = lmask_pattern(0x1), lane1 = lmask_pattern(0x2);
    gfl n, m, t, g;
    gf s;

    pack2(n, a->x, a->y);
    pack2(t, bx, by);
    gfl_mul(n, n, t);                   /* (A, B) */
    gf_add(s, a->x, a->y);
    pack2(m, a->t, s);
    gf_add(s, bx, by);
    pack2(t, bd, s);
    gfl_mul(m, m, t);                   /* (C, S), S = (X1 + Y1)(x2 + y2) */

    gfl_permute(t, n, swap.idx);        /* (B, A) */
    gfl_addsub(n, t, n, lane0);         /* (H, A + B) */
    gfl_sub(t, m, n);                   /* lane 1: E = S - (A + B) */
    gfl_permute(m, m, lane0_both.idx);  /* (C, C) */
    gfl_broadcast(g, dz);
    gfl_addsub(g, g, m, lane1);         /* (G, F) = (D + C, D - C) */
    gfl_select(t, g, t, lane1);         /* u = (G, E) */
    gfl_select(n, n, g, lane1);         /* v = (H, F) */
    /* u v = (G H, E F), swap(u) v = (E H, G F) */
    round2(out->y, out->x, out->t, out->z, t, n);
}

void point_add_cached(point_t *out, const point_t *a, const point_cached_t *b) {
    gf d;
    gf_mul(d, a->z, b->z);
    add_lanes2(out, a, b->x, b->y, b->dt, d);
}

/* As point_add_cached with Z2 = 1: D = Z1. */
void point_add_niels(point_t *out, const point_t *a, const point_niels_t *b) {
    gf d;
    gf_copy(d, a->z);
    add_lanes2(out, a, b->x, b->y, b->dxy, d);
}

/* The forms without T3 of point_arith.c: here the lane product of T3 stays, so they are the full additions. */
void point_add_cached_no_t(point_t *out, const point_t *a, const point_cached_t *b) {
    point_add_cached(out, a, b);
}

void point_add_niels_no_t(point_t *out, const point_t *a, const point_niels_t *b) {
    point_add_niels(out, a, b);
}
