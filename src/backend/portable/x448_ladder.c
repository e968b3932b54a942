/*
 * The X448 ladder on scalar field operations: x448_ladder_step.h's step
 * (RFC 7748 section 5) on gf. The default of every target;
 * x448_ladder_lanes2.c (two lanes) and x448_ladder_r50.c (the radix-2^50
 * lanes) are the lane forms. The loop over
 * the scalar's bits around the swap and the step, the last swap, x2 / z2 and
 * the wipe are x448_ladder_shell.h's, which the lane forms share.
 */
#include "x448_ladder_shell.h"
#include "x448_ladder_step.h"

/* Everything the ladder keeps that depends on the scalar, to be wiped in one go. */
typedef struct {
    x448_shell_head head; /* k */
    gf x2, z2, x3, z3;
    gf a, aa, b, bb, e, c, d, da, cb;
    mask_t swap; /* the shell's pending swap, which the step and the result apply */
} ladder_state;

/*
 * The shell's conditional swap, not done: the step takes it instead
 * (x448_ladder_step.h: only the doubled point's A and B are selected).
 */
static inline __attribute__((always_inline)) void ladder_cswap(void *state, const void *arg, mask_t swap) {
    ladder_state *s = state;
    (void)arg;
    s->swap = swap;
}

/* One step after the swap; arg is x1: x448_ladder_step.h's, with the pending swap. */
static inline __attribute__((always_inline)) void ladder_step(void *state, const void *arg) {
    ladder_state *s = state;
    const gf_s *x1 = arg;

    /* aa, bb take the swapped pair's A, B and are squared in place. Without
     * the barrier after a and b gcc 12 loads x3, z3 with x2, z2 and spills
     * them (goldilocks_x448 on avx2: 1,607,484 instructions with it,
     * 1,654,064 without). */
    X448_LADDER_STEP(gf, x1, s->swap, s->x2, s->z2, s->x3, s->z3, s->a, s->b, s->c, s->d, s->aa, s->bb, s->aa,
                     s->bb, s->da, s->cb, s->e, __asm__ __volatile__("" : : "r"(s) : "memory"));
}

/* x2, z2 are the state's own, after the last swap (the shell's, pending). */
static inline __attribute__((always_inline)) void ladder_result(void *state, gf_s **x2, gf_s **z2) {
    ladder_state *s = state;
    gf_select(s->x2, s->x2, s->x3, s->swap);
    gf_select(s->z2, s->z2, s->z3, s->swap);
    *x2 = s->x2;
    *z2 = s->z2;
}

mask_t x448_ladder(uint8_t out[GOLDILOCKS_X448_BYTES], const uint8_t secret[GOLDILOCKS_X448_BYTES], const gf x1) {
    ladder_state s;

    gf_set_small(s.x2, 1);
    gf_set_small(s.z2, 0);
    gf_copy(s.x3, x1);
    gf_set_small(s.z3, 1);
    return x448_ladder_shell(out, secret, &s, sizeof s, ladder_cswap, ladder_step, ladder_result, x1);
}
