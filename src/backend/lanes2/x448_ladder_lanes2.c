/*
 * The X448 ladder (RFC 7748 section 5) with the step's products paired in two
 * lanes (x448_ladder_step.h has the RFC's step, the formula and its bounds,
 * for gf and gfl; this is its schedule on paired lanes). The state is
 * U = (x2, z2) in lanes 0, 1 of one gfl and V = (x3, z3) in another, and a
 * step is
 *
 *   swap:    U <-> V                                 gfl_cond_swap, every lane
 *   sums:    S = (x2+z2, z2-x2) = (A, -B)            a permute and an addsub
 *            T = (z3-x3, x3+z3) = (-D, C)            likewise
 *   round 1: (AA, BB) = S^2                          gfl_sqr
 *            (-DA, -CB) = S * T                      gfl_mul
 *   sums:    Y = (-DA-CB, DA-CB)                     a permute and an addsub
 *            L = (AA, E), R = (BB, AA + a24 E)       E = AA - BB: a permute, a sub, a mulw,
 *                                                    an add and two selects
 *   round 2: (x3, w) = Y^2                           gfl_sqr: ((DA+CB)^2, (DA-CB)^2)
 *            (x2, z2) = L * R                        gfl_mul
 *   round 3: z3 = x1 w                               see below
 *
 * The signs do not matter: B only enters squared or as C B, D only as D A,
 * and both of those are negated together, then only squared. The 9 products
 * of the RFC's step are 4 squarings and 5 products; here they are 2 lane
 * squarings and 2 lane products, plus round 3, whose one product depends on
 * round 2 and feeds round 1 of the next step, so no other product can share
 * its lanes. Round 3 is either a lane product (x3, w) * (1, x1) (variant 0,
 * the default: on 32-bit NEON a 2-lane gfl_mul costs about one scalar gf_mul,
 * and it leaves V in place) or a scalar gf_mul on lane 1 (variant 1:
 * extract, gf_mul, insert), kept for the counts (bench/count_ops.c does not
 * see it; test/test_x448_ladder_lanes2.c checks both).
 *
 * Needs GF_LANES >= 2 (configure.py refuses it on a lane layout of fewer).
 * Lanes from 2 on start at 1 in U and V and x1's lane holds 1 there: they go
 * through the same operations (every permute keeps them in place, no subtract
 * mask covers them) and carry tight values that nobody reads.
 * Bounds: every gfl operation returns tight lanes, except the loose sums K
 * and R, which feed gfl_mulw, gfl_mul and gfl_select only.
 * Constant time: the secret bit only makes the masks of gfl_cond_swap.
 * The loop over the scalar's bits around the step, the last swap, x2 / z2
 * and the wipe are x448_ladder_shell.h's, which x448_ladder.c and
 * x448_ladder_r50.c share; so is round 3's product by x1 (x448_lanes_x1_mul).
 *
 * One of the sources of x448_ladder (x448_ladder.h): the lanes2 backend's, which
 * configure.py builds for the targets whose record names it, today armv7. There
 * (`ninja count`, qemu-arm -cpu cortex-a9) goldilocks_x448 executes 2,721,623
 * instructions with variant 0 and 2,800,406 with variant 1, against 4,324,135
 * with x448_ladder.c and 5,822,899 for libdecaf; on aarch64 with --lanes neon,
 * where a 2-lane gfl_mul costs 2.1 scalar 8x56 ones, 1,936,975 against 1,389,829.
 */
/* Before the headers, so that it covers the lane layout's inline operations:
 * gcc -O2 leaves their 16-limb loops rolled (select, cond_swap, permute,
 * extract), clang unrolls them itself. On armv7 it saves 170k instructions. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("unroll-loops")
#endif
#include "x448_ladder_shell.h"

_Static_assert(GF_LANES >= 2, "the two-lane ladder needs at least two lanes (configure.py refuses it otherwise)");

/* Everything the ladder keeps that depends on the scalar, to be wiped in one go. */
typedef struct {
    x448_shell_head head; /* k */
    gfl u, v, s, t, n, m, p;
    gf w3, x2, z2;
} lane2_state;

/*
 * The public inputs of the swap and the step. The struct's address goes to
 * nothing but them (inline), so that the compiler sees its permutation and
 * masks as the constants they are.
 */
typedef struct {
    lperm_t cross;        /* lanes 0 and 1 swapped */
    lmask_t lane0, lane1; /* lane 0 alone, lane 1 alone */
    x448_lanes_x1 x1;     /* round 3: x1 in lane 1 */
} lane2_args;

/* U <-> V where swap is all ones (the shell's conditional swap). */
static inline __attribute__((always_inline)) void lane2_cswap(void *state, const void *arg, mask_t swap) {
    lane2_state *s = state;
    (void)arg;
    gfl_cond_swap(s->u, s->v, lmask_broadcast(swap));
}

/* One step after the swap (see the top of the file). */
static inline __attribute__((always_inline)) void lane2_step(void *state, const void *arg) {
    lane2_state *s = state;
    const lane2_args *a = arg;

    gfl_permute(s->t, s->u, a->cross.idx);
    gfl_addsub(s->s, s->u, s->t, a->lane1);   /* S = (A, -B) */
    gfl_permute(s->t, s->v, a->cross.idx);
    gfl_addsub(s->t, s->t, s->v, a->lane0);   /* T = (z3-x3, x3+z3) = (-D, C) */
    gfl_sqr(s->n, s->s);                      /* N = (AA, BB) */
    gfl_mul(s->m, s->s, s->t);                /* M = (-DA, -CB) */

    gfl_permute(s->t, s->m, a->cross.idx);
    gfl_addsub(s->m, s->m, s->t, a->lane1);   /* Y = (-DA-CB, DA-CB) */
    gfl_sqr(s->v, s->m);                      /* (x3, w) */

    gfl_permute(s->p, s->n, a->cross.idx);    /* N' = (BB, AA) */
    gfl_sub_nr(s->t, s->p, s->n);             /* K = (-E, E), loose */
    gfl_select(s->s, s->n, s->t, a->lane1);   /* L = (AA, E) */
    gfl_mulw(s->t, s->t, X448_A24);           /* (-a24 E, a24 E) */
    gfl_add_nr(s->t, s->p, s->t);             /* (BB - a24 E, AA + a24 E), loose */
    gfl_select(s->t, s->t, s->p, a->lane0);   /* R = (BB, AA + a24 E) */
    gfl_mul(s->u, s->s, s->t);                /* (x2, z2) */
    x448_lanes_x1_mul(s->v, s->w3, &a->x1);   /* (x3, z3) */
}

/* x2, z2 out of U, after the last swap. */
static inline __attribute__((always_inline)) void lane2_result(void *state, gf_s **x2, gf_s **z2) {
    lane2_state *s = state;
    x448_lanes_result(s->x2, s->z2, s->u, x2, z2);
}

/*
 * The ladder; x1_on_lane chooses how round 3 is done (a public constant:
 * 0, a lane product by (1, x1); 1, a scalar product on lane 1).
 */
/* The step's public inputs for the point of u coordinate x1 (x1v: x448_lanes_x1_init's storage). */
static inline void lane2_args_init(lane2_args *a, gfl x1v, const gf x1, int x1_on_lane) {
    a->cross = lperm_make((const unsigned char[]){1, 0}, 2);
    a->lane0 = lmask_pattern(0x1);
    a->lane1 = lmask_pattern(0x2);
    x448_lanes_x1_init(&a->x1, x1v, x1, 1, x1_on_lane);
}

static inline mask_t ladder_lanes2(uint8_t out[GOLDILOCKS_X448_BYTES], const uint8_t secret[GOLDILOCKS_X448_BYTES],
                                   const gf x1, int x1_on_lane) {
    lane2_state s;
    lane2_args a;
    gfl x1v;

    lane2_args_init(&a, x1v, x1, x1_on_lane);

    gfl_set_small(s.u, 1); /* (x2, z2) = (1, 0), (x3, z3) = (x1, 1); lanes from 2 on: 1 */
    gf_set_small(s.w3, 0);
    gfl_insert(s.u, 1, s.w3);
    gfl_set_small(s.v, 1);
    gfl_insert(s.v, 0, x1);
    return x448_ladder_shell(out, secret, &s, sizeof s, lane2_cswap, lane2_step, lane2_result, &a);
}

mask_t x448_ladder(uint8_t out[GOLDILOCKS_X448_BYTES], const uint8_t secret[GOLDILOCKS_X448_BYTES], const gf x1) {
    return ladder_lanes2(out, secret, x1, 0);
}
