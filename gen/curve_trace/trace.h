/*
 * The trace of the curve-formula prover (gen/prove_curve.py reads it): a
 * driver (trace_<backend>.c) names each formula instance, its inputs and its
 * outputs; the symbolic field (gf_layout.h, gf_lanes.h, trace.c) writes each
 * operation between them. One line each, on stdout:
 *   formula NAME SPEC SOURCE     an instance of the curve formula SPEC (the prover's claim)
 *   in ID NAME KIND              a fresh input (KIND tight or loose)
 *   v ID OP ARG...               a value: OP of earlier values (ARG an ID) or constants (#K)
 *   perm ID N SRC... : IDX...    N values ID.. = lanes IDX of SRC.. (a lane permutation)
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
void trace_end(void);

#endif
