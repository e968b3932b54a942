/*
 * The shell of the X448 ladder's three forms (x448_ladder.c, x448_ladder_lanes2.c,
 * x448_ladder_r50.c): RFC 7748 section 5's loop over the bits of the
 * clamped scalar with the constant-time swap before every step and after
 * the last, then x2 / z2, and the wipe. Each form gives its state and three
 * functions on it: its conditional swap (or one that records the swap for
 * the step and the result to apply, as x448_ladder.c's does), its step and
 * where its x2, z2 are.
 * Below it, what a lane form on field.h's lanes needs (x448_ladder_lanes2.c):
 * x1 in one lane (round 3) and x2, z2 out of lanes 0 and 1.
 */
#ifndef GOLDILOCKS_X448_LADDER_SHELL_H
#define GOLDILOCKS_X448_LADDER_SHELL_H

#include <stddef.h>
#include "x448_ladder.h"
#include "ct.h"

/* What the shell keeps in a form's state: its first member. */
typedef struct {
    uint8_t k[GOLDILOCKS_X448_BYTES]; /* the clamped secret */
} x448_shell_head;

/*
 * x448_ladder for a form: clamps secret into the head's k, then for t = 447
 * down to 0
 *     swap ^= k_t;  cswap(state, arg, swap);  swap = k_t;  step(state, arg);
 * (swap all ones or zero: no branch on it), cswap(state, arg, swap) once
 * more, result(state, &x2, &z2), which points x2 and z2 at the tight x2, z2
 * in the state (a lane form extracts them into gf members of its state), and
 * out = x2 / z2, computed in place there, which is 0 when z2 = 0 (a
 * low-order point), as x * 0^(p-2) = 0 in the RFC.
 *
 * state: the form's state, a struct whose first member is an
 * x448_shell_head and which holds everything that depends on the secret;
 * its size bytes are wiped before return. The form sets its start values
 * (they do not depend on the secret) before the call. arg: the form's
 * public inputs (x1, constants), passed to cswap and step as they are.
 * Returns all ones when out is zero. The secret is copied before out is
 * written (they may overlap).
 *
 * Always inlined, and a form passes its own always-inline static functions,
 * so the calls through the pointers become the form's code in the loop, as
 * if written there. The code gcc 12 -O2 makes of it is the same as of the
 * loop written out but for the register allocation, which the order of
 * independent lines steers (x448_ladder.c's step); goldilocks_x448,
 * instructions, loop written out in the form -> through the shell:
 * avx2 (callgrind) 1,670,548 -> 1,669,211, aarch64 1,224,720 -> 1,222,931,
 * armv7-noneon 3,444,599 -> 3,445,048, armv7 (x448_ladder_lanes2.c)
 * 2,468,492 -> 2,468,454 (`ninja count`).
 */
static inline __attribute__((always_inline)) mask_t x448_ladder_shell(
    uint8_t out[GOLDILOCKS_X448_BYTES], const uint8_t secret[GOLDILOCKS_X448_BYTES], void *state, size_t size,
    void (*cswap)(void *state, const void *arg, mask_t swap), void (*step)(void *state, const void *arg),
    void (*result)(void *state, gf_s **x2, gf_s **z2), const void *arg) {
    x448_shell_head *h = state;
    gf_s *x2, *z2;
    mask_t swap = 0;

    x448_clamp(h->k, secret);
    for (int t = 447; t >= 0; t--) {
        mask_t k_t = ct_mask_from_bit((uint32_t)(h->k[t >> 3] >> (t & 7)));
        swap ^= k_t;
        cswap(state, arg, swap);
        swap = k_t;
        step(state, arg);
    }
    /* swap is now k_0, which clamping made 0; kept as the RFC writes it */
    cswap(state, arg, swap);

    result(state, &x2, &z2);
    gf_invert(z2, z2);
    gf_mul(x2, x2, z2);
    gf_serialize(out, x2);

    ct_wipe(state, size);
    return ct_mask_bytes_zero(out, GOLDILOCKS_X448_BYTES);
}

/* ---- The lane form (x448_ladder_lanes2.c): x1 in one lane, x2 and z2 out of lanes 0 and 1 ---- */

/*
 * Round 3 of a lane form, z3 = x1 w, where w is in one lane of the state and
 * no other product can share the step's last round: either a lane product by
 * x1v (x1 in that lane, 1 in the others) or a scalar product on that lane
 * alone (extract, gf_mul, insert). All public.
 */
typedef struct {
    const gfl_s *x1v; /* x1 in lane `lane`, 1 elsewhere (gfl_mul reads it: it lives apart) */
    const gf_s *x1;
    unsigned lane;
    int on_lane; /* 0: the lane product by x1v; 1: the scalar product on the lane */
} x448_lanes_x1;

/* Fills x1v and r for x1 in lane `lane` and the variant on_lane (public). */
static inline void x448_lanes_x1_init(x448_lanes_x1 *r, gfl x1v, const gf x1, unsigned lane, int on_lane) {
    gfl_set_small(x1v, 1);
    gfl_insert(x1v, lane, x1);
    r->x1v = x1v;
    r->x1 = x1;
    r->lane = lane;
    r->on_lane = on_lane;
}

/* st = st * x1v, by r's variant; w is the scalar variant's element of the state. */
static inline __attribute__((always_inline)) void x448_lanes_x1_mul(gfl st, gf w, const x448_lanes_x1 *r) {
    if (r->on_lane) {
        gfl_extract(w, st, r->lane);
        gf_mul(w, w, r->x1);
        gfl_insert(st, r->lane, w);
    } else {
        gfl_mul(st, st, r->x1v);
    }
}

/* A lane form's result for the shell: x2, z2 (members of its state) = lanes 0, 1 of u. */
static inline __attribute__((always_inline)) void x448_lanes_result(gf x2, gf z2, const gfl u, gf_s **px2,
                                                                    gf_s **pz2) {
    gfl_extract(x2, u, 0);
    gfl_extract(z2, u, 1);
    *px2 = x2;
    *pz2 = z2;
}

#endif
