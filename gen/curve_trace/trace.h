/*
 * The trace of the curve-formula prover (gen/prove_curve.py reads it): a
 * driver (trace_<backend>.c) names each formula instance, its inputs and its
 * outputs; the symbolic field (gf_layout.h, gf_lanes.h, trace.c) writes each
 * operation between them. One line each, on stdout:
 *   formula NAME SPEC SOURCE     an instance of the curve formula SPEC (the prover's claim)
 *   in ID NAME KIND              a fresh input (KIND tight or loose)
 *   v ID OP ARG...               a value: OP of earlier values (ARG an ID) or constants (#K)
 *   perm ID N SRC... : IDX...    N values ID.. = lanes IDX of SRC.. (a lane permutation)
 *   assume ID ANSWER             a test of value ID (gf_is_zero, gf_invert, gf_invert_square,
 *                                gf_isr, gf_eq of a difference, gf_lobit) answered ANSWER (zero,
 *                                nonzero, square, nonsquare, lobit0, lobit1): a case
 *   v ID inv A                   1/A, or 0 when A is assumed zero
 *   v ID isr A                   A^((p-3)/4): its square times A is 1 or -1 as A is assumed
 *                                a square or not, 0 when A is assumed zero
 *   mask NAME 0|1                a mask the instance returns, in its case
 *   out NAME ID KIND             an output and the bound it must meet
 *   end
 */
#ifndef GOLDILOCKS_CURVE_TRACE_H
#define GOLDILOCKS_CURVE_TRACE_H

#include "field.h"

void trace_begin(const char *name, const char *spec, const char *source);
/* a = a fresh input called name (tight or loose). */
void trace_input(gf_s *a, const char *name, const char *kind);
void trace_output(const char *name, const gf_s *a, const char *kind);
/* The answers of the next tests the instance takes, in order, space-separated (e.g.
 * "square nonzero"); trace_end requires all taken. */
void trace_assume(const char *answers);
/* A mask the instance returns (all ones or zero), printed as "mask NAME 1|0". */
void trace_mask(const char *name, mask_t m);
/* decaf448.c's CT_ABS (static there), for the driver of decaf448_steps.h: a sign case. */
void gf_abs(gf out, const gf a);
void trace_end(void);

#endif
