/*
 * The shell of the X448 ladder's lane forms (x448_ladder_lanes.c,
 * x448_ladder_lanes2.c): RFC 7748 section 5's loop over the bits of the
 * clamped scalar with the constant-time swap before every step and after
 * the last, then x2 / z2, and the wipe. Each form gives its state and three
 * functions on it: its conditional swap, its step and where its x2, z2 are.
 */
#ifndef GOLDILOCKS_X448_LADDER_SHELL_H
#define GOLDILOCKS_X448_LADDER_SHELL_H

#include <stddef.h>
#include "x448_ladder.h"
#include "ct.h"

/* What the shell keeps in a form's state: its first member (x2 and z2 are the
 * shell's own, so that the form's values stay near the start of its state,
 * within the short load offsets of 32-bit ARM). */
typedef struct {
    uint8_t k[GOLDILOCKS_X448_BYTES]; /* the clamped secret */
} x448_shell_head;

/*
 * x448_ladder for a form: clamps secret into the head's k, then for t = 447
 * down to 0
 *     swap ^= k_t;  cswap(state, arg, swap);  swap = k_t;  step(state, arg);
 * (swap all ones or zero: no branch on it), cswap(state, arg, swap) once
 * more, result(state, x2, z2) (tight) and out = x2 / z2, which is 0 when
 * z2 = 0 (a low-order point), as x * 0^(p-2) = 0 in the RFC.
 *
 * state: the form's state, a struct whose first member is an
 * x448_shell_head and which holds everything that depends on the secret;
 * its size bytes are wiped before return, and so are the shell's x2, z2.
 * The form sets its start values (they do not depend on the secret) before
 * the call. arg: the form's public inputs (x1, constants), passed to cswap
 * and step as they are. Returns all ones when out is zero. The secret is
 * copied before out is written (they may overlap).
 *
 * Always inlined, and a form passes its own always-inline static functions,
 * so the calls through the pointers become the form's code in the loop, as
 * if written there: gcc 12 -O2, armv7 `ninja count`, goldilocks_x448
 * 2,684,963 instructions written out, 2,685,453 through the shell.
 */
static inline __attribute__((always_inline)) mask_t x448_ladder_shell(
    uint8_t out[GOLDILOCKS_X448_BYTES], const uint8_t secret[GOLDILOCKS_X448_BYTES], void *state, size_t size,
    void (*cswap)(void *state, const void *arg, mask_t swap), void (*step)(void *state, const void *arg),
    void (*result)(const void *state, gf x2, gf z2), const void *arg) {
    x448_shell_head *h = state;
    struct {
        gf x2, z2;
    } r;
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

    result(state, r.x2, r.z2);
    gf_invert(r.z2, r.z2);
    gf_mul(r.x2, r.x2, r.z2);
    gf_serialize(out, r.x2);

    ct_wipe(state, size);
    ct_wipe(&r, sizeof r);
    return ct_mask_bytes_zero(out, GOLDILOCKS_X448_BYTES);
}

#endif
