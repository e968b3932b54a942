/*
 * The instances of point.h's point_arith functions (the doubling, the
 * additions and their forms without T), traced for gen/prove_curve.py with
 * whichever backend file defines them (src is its path): the portable
 * point_arith.c or lanes2's point_arith_lanes2.c.
 */
#include "trace_edwards.h"

void trace_edwards(const char *src) {
    point_t p, q, r;
    point_cached_t c;
    point_niels_t n;

    trace_begin("point_double", "ed_dbl", src);
    in_point(&p, "1");
    point_double(&r, &p);
    out_point("3", &r, 1);
    trace_end();

    trace_begin("point_double_no_t", "ed_dbl", src);
    in_point(&p, "1");
    point_double_no_t(&p, &p);
    out_point("3", &p, 0);
    trace_end();

    trace_begin("point_add", "ed_add", "src/point/point_arith_common.c");
    in_point(&p, "1");
    in_point(&q, "2");
    point_add(&r, &p, &q);
    out_point("3", &r, 1);
    trace_end();

    trace_begin("point_sub", "ed_sub", "src/point/point_arith_common.c");
    in_point(&p, "1");
    in_point(&q, "2");
    point_sub(&r, &p, &q);
    out_point("3", &r, 1);
    trace_end();

    static const struct {
        const char *name;
        void (*add)(point_t *, const point_t *, const point_cached_t *);
        int with_t;
    } cached[] = {{"point_add_cached", point_add_cached, 1}, {"point_add_cached_no_t", point_add_cached_no_t, 0}};
    for (unsigned i = 0; i < 2; i++) {
        trace_begin(cached[i].name, "ed_add", src);
        in_point(&p, "1");
        in_cached(&c, "2");
        cached[i].add(&p, &p, &c);
        out_point("3", &p, cached[i].with_t);
        trace_end();
    }

    static const struct {
        const char *name;
        void (*add)(point_t *, const point_t *, const point_niels_t *);
        int with_t;
    } niels[] = {{"point_add_niels", point_add_niels, 1}, {"point_add_niels_no_t", point_add_niels_no_t, 0}};
    for (unsigned i = 0; i < 2; i++) {
        trace_begin(niels[i].name, "ed_add", src);
        in_point(&p, "1");
        in_niels(&n, "2");
        niels[i].add(&p, &p, &n);
        out_point("3", &p, niels[i].with_t);
        trace_end();
    }
}


/* point.h's single-call operations (point_add_single, point_sub_single, point_double_single):
 * the portable point_single.c's, or the r50 backend's four-lane ones; src is their text. */
void trace_single(const char *src) {
    point_t p, q, r;

    trace_begin("point_add_single", "ed_add", src);
    in_point(&p, "1");
    in_point(&q, "2");
    point_add_single(&r, &p, &q);
    out_point("3", &r, 1);
    trace_end();

    trace_begin("point_sub_single", "ed_sub", src);
    in_point(&p, "1");
    in_point(&q, "2");
    point_sub_single(&r, &p, &q);
    out_point("3", &r, 1);
    trace_end();

    trace_begin("point_double_single", "ed_dbl", src);
    in_point(&p, "1");
    point_double_single(&r, &p);
    out_point("3", &r, 1);
    trace_end();
}
