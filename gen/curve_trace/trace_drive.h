/*
 * The drivers' side of the trace (trace.h): fresh symbolic points and table
 * entries under the names the prover's claims use (gen/prove_curve.py,
 * INPUT_FORMS), and their outputs.
 */
#ifndef GOLDILOCKS_CURVE_TRACE_DRIVE_H
#define GOLDILOCKS_CURVE_TRACE_DRIVE_H

#include <stdio.h>
#include "trace.h"
#include "point.h"

/* in_gf(a, "X", "1", kind): a = the fresh input X1. */
static inline void in_gf(gf_s *a, const char *name, const char *tag, const char *kind) {
    char n[32];
    snprintf(n, sizeof n, "%s%s", name, tag);
    trace_input(a, n, kind);
}

static inline void out_gf(const char *name, const char *tag, const gf_s *a, const char *kind) {
    char n[32];
    snprintf(n, sizeof n, "%s%s", name, tag);
    trace_output(n, a, kind);
}

/* Extended coordinates (X : Y : Z : T), tight. */
static inline void in_point(point_t *p, const char *tag) {
    in_gf(p->x, "X", tag, "tight");
    in_gf(p->y, "Y", tag, "tight");
    in_gf(p->z, "Z", tag, "tight");
    in_gf(p->t, "T", tag, "tight");
}

static inline void out_point(const char *tag, const point_t *p, int with_t) {
    out_gf("X", tag, p->x, "tight");
    out_gf("Y", tag, p->y, "tight");
    out_gf("Z", tag, p->z, "tight");
    if (with_t)
        out_gf("T", tag, p->t, "tight");
}

#endif
