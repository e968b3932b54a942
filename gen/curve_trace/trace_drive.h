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

/* The forms' element names, as the prover's forms() knows them: a point (X : Y : Z : T), a
 * cached point (X, Y, Z, d T), a niels point (x, y, d x y), an entry of E' (Y - X, Y + X,
 * 2Z, 2d' T) and its affine form (y - x, y + x, 2d' x y). */
static const char *const FORM_POINT[] = {"X", "Y", "Z", "T"};
static const char *const FORM_CACHED[] = {"X", "Y", "Z", "DT"};
static const char *const FORM_NIELS[] = {"x", "y", "DXY"};
static const char *const FORM_TCACHED[] = {"YMX", "YPX", "ZZ", "TD"};
static const char *const FORM_TNIELS[] = {"ymx", "ypx", "td"};

/* el[i] = the fresh tight input names[i] tag, i < n. */
static inline void in_form(gf_s *const el[], const char *const names[], unsigned n, const char *tag) {
    for (unsigned i = 0; i < n; i++) in_gf(el[i], names[i], tag, "tight");
}

/* The outputs names[i] tag = el[i], tight, i < n. */
static inline void out_form(const char *const names[], unsigned n, const char *tag, gf_s *const el[]) {
    for (unsigned i = 0; i < n; i++) out_gf(names[i], tag, el[i], "tight");
}

#define FORM_ELEMS(...) ((gf_s *const[]){__VA_ARGS__})

static inline void in_point(point_t *p, const char *tag) {
    in_form(FORM_ELEMS(p->x, p->y, p->z, p->t), FORM_POINT, 4, tag);
}

/* Without T when with_t is 0. */
static inline void out_point(const char *tag, point_t *p, int with_t) {
    out_form(FORM_POINT, with_t ? 4 : 3, tag, FORM_ELEMS(p->x, p->y, p->z, p->t));
}

static inline void in_cached(point_cached_t *c, const char *tag) {
    in_form(FORM_ELEMS(c->x, c->y, c->z, c->dt), FORM_CACHED, 4, tag);
}

static inline void out_cached(const char *tag, point_cached_t *c) {
    out_form(FORM_CACHED, 4, tag, FORM_ELEMS(c->x, c->y, c->z, c->dt));
}

static inline void in_niels(point_niels_t *n, const char *tag) {
    in_form(FORM_ELEMS(n->x, n->y, n->dxy), FORM_NIELS, 3, tag);
}

static inline void out_niels(const char *tag, point_niels_t *n) {
    out_form(FORM_NIELS, 3, tag, FORM_ELEMS(n->x, n->y, n->dxy));
}

#endif
