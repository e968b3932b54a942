/*
 * The X448 ladder on scalar field operations (RFC 7748 section 5, its
 * pseudocode's step): per step 4 squarings, 5 products and one product by
 * a24. The default of every target; x448_ladder_lanes2.c (two lanes) and
 * x448_ladder_r50.c (the radix-2^50 lanes) are the lane forms. The loop over
 * the scalar's bits around the swap and the step, the last swap, x2 / z2 and
 * the wipe are x448_ladder_shell.h's, which the lane forms share.
 */
#include "x448_ladder_shell.h"

/* Everything the ladder keeps that depends on the scalar, to be wiped in one go. */
typedef struct {
    x448_shell_head head; /* k */
    gf x2, z2, x3, z3;
    gf a, aa, b, bb, e, c, d, da, cb;
    mask_t swap; /* the shell's pending swap, which the step and the result apply */
} ladder_state;

/*
 * The shell's conditional swap, not done: the step takes it instead. The
 * step's differential addition is symmetric in its two points (swapping
 * (x2, z2) with (x3, z3) exchanges DA and CB, which leaves (DA + CB)^2 and
 * (DA - CB)^2 as they are), so only the doubling needs the swapped pair:
 * selecting the doubled point's A and B (2 elements) replaces swapping the
 * four coordinates (4 elements, each written twice).
 */
static inline __attribute__((always_inline)) void ladder_cswap(void *state, const void *arg, mask_t swap) {
    ladder_state *s = state;
    (void)arg;
    s->swap = swap;
}

/* One step after the swap; arg is x1. */
static inline __attribute__((always_inline)) void ladder_step(void *state, const void *arg) {
    ladder_state *s = state;
    const gf_s *x1 = arg;

    /* The _nr sums feed gf_mul, gf_sqr or gf_mulw only, which accept loose
     * inputs (gf_select moves limbs, whatever their bounds). a, b, c, d are
     * x2 + z2, x2 - z2, x3 + z3, x3 - z3 of the unswapped pair; aa, bb start
     * as the A, B of the point the swap puts first (RFC 7748's x_2 after its
     * cswap), and DA, CB are those of the unswapped pair. The order of the
     * lines is gcc 12's best on x86-64 (selecting into aa, bb before the two
     * products: 6k instructions fewer than after them). */
    gf_add_nr(s->a, s->x2, s->z2);
    gf_sub_nr(s->b, s->x2, s->z2);
    /* Without this barrier gcc 12 loads x3, z3 with x2, z2 and spills them
     * (goldilocks_x448 on avx2: 1,607,484 instructions with it, 1,654,064
     * without). */
    __asm__ __volatile__("" : : "r"(s) : "memory");
    gf_sub_nr(s->d, s->x3, s->z3);
    gf_add_nr(s->c, s->x3, s->z3);
    gf_select(s->aa, s->a, s->c, s->swap);
    gf_select(s->bb, s->b, s->d, s->swap);
    gf_mul(s->da, s->d, s->a);
    gf_mul(s->cb, s->c, s->b);
    gf_sqr(s->aa, s->aa);
    gf_sqr(s->bb, s->bb);
    gf_sub_nr(s->e, s->aa, s->bb);
    gf_add_nr(s->x3, s->da, s->cb);
    gf_sqr(s->x3, s->x3);
    gf_sub_nr(s->z3, s->da, s->cb);
    gf_sqr(s->z3, s->z3);
    gf_mul(s->z3, s->z3, x1);
    gf_mul(s->x2, s->aa, s->bb);
    gf_mulw(s->z2, s->e, X448_A24);
    gf_add_nr(s->z2, s->aa, s->z2);
    gf_mul(s->z2, s->e, s->z2);
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
