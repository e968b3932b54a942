/*
 * The X448 ladder's shell (src/proto/x448_ladder_shell.h) for the curve-formula
 * prover: x448_ladder_r50.c, compiled in trace_r50.c, sets up its state and
 * public inputs as in the library and hands them to this shell, which runs one
 * swap and one step of the ladder on the driver's fresh state instead of the
 * loop, so that the step is traced as that file instantiates it. The swap is
 * bit 0 of the secret's first byte. Everything else is the real header's.
 */
#ifndef GOLDILOCKS_TRACE_X448_LADDER_SHELL_H
#define GOLDILOCKS_TRACE_X448_LADDER_SHELL_H

#define x448_ladder_shell x448_ladder_shell_loop
#include_next "x448_ladder_shell.h"
#undef x448_ladder_shell

/* trace_r50.c's: the fresh state of the step (inputs X2, Z2, X3, Z3), and its outputs. */
void trace_ladder_state(void *state);
void trace_ladder_result(void *state);

static inline __attribute__((always_inline)) mask_t x448_ladder_shell(uint8_t out[GOLDILOCKS_X448_BYTES],
                                       const uint8_t secret[GOLDILOCKS_X448_BYTES], void *state, size_t size,
                                       void (*cswap)(void *state, const void *arg, mask_t swap),
                                       void (*step)(void *state, const void *arg),
                                       void (*result)(void *state, gf_s **x2, gf_s **z2), const void *arg) {
    (void)out;
    (void)size;
    (void)result;
    trace_ladder_state(state);
    cswap(state, arg, (mask_t)0 - (secret[0] & 1));
    step(state, arg);
    trace_ladder_result(state);
    return 0;
}

#endif
