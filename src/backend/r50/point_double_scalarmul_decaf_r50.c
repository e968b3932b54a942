/*
 * [a]p + [b]q as decaf448 elements, in variable time, on the twisted curve in
 * the radix-2^50 lanes (point_r50.h): phi_hat([a/4]phi(p) + [b/4]phi(q)) is
 * [a]p + [b]q plus a point of the 4-torsion, of order 1 or 2 for decaf448
 * points (in 2E), which decaf448's encoding does not see (as
 * point_scalarmul_twisted.c argues for one point). Straus's interleaving of
 * width-w NAFs as point_wnaf.c's (point_straus_loop.h's loop), on phi's odd
 * multiples: of the points (WNAF_VAR_BITS, made here) and of B
 * (WNAF_BASE_BITS, generated: gf4r50_base_wnaf.c). The r50 backend's form of point_double_scalarmul_decaf.c; test_decaf448_typed checks it
 * against libdecaf and the GMP model.
 */
#include "point.h"
#include "point_r50.h"
#include "point_straus_loop.h"

#define NAF_BITS 450 /* a scalar below l < 2^446, and the NAF's carry */

static void r50_straus(point_t *out, const int8_t *naf_a, const gf4r50_s *odd_a, const int8_t *naf_b,
                       const gf4r50_s *odd_b, int top) {
    point_r50_perms c;
    point_r50_scratch s;
    gf4r50 acc;
    point_t r;
    point_r50_perms_init(&c);
    POINT_STRAUS(r50_straus, (&c, &s), acc, top, 1, 2, naf_a, odd_a, naf_b, odd_b);
    point_r50_to_point(&r, acc);
    twisted_to_edwards(out, &r);
}

/* k / 4 mod l. */
static void quarter(scalar_t *out, const scalar_t *k) {
    scalar_halve(out, k);
    scalar_halve(out, out);
}

/* [a] of odd_a (width wa) + [b]q, the latter's table made here. */
static void r50_double(point_t *out, const scalar_t *a, unsigned wa, const gf4r50_s *odd_a, const scalar_t *b,
                       const point_t *q) {
    scalar_t qa, qb;
    int8_t naf_a[NAF_BITS], naf_b[NAF_BITS];
    gf4r50_s table_q[WNAF_VAR_ENTRIES];
    point_r50_perms c;
    point_r50_scratch s;
    quarter(&qa, a);
    quarter(&qb, b);
    int top_a = point_wnaf_recode(naf_a, NAF_BITS, qa.word, SCALAR_WORDS, wa);
    int top_b = point_wnaf_recode(naf_b, NAF_BITS, qb.word, SCALAR_WORDS, WNAF_VAR_BITS);
    point_r50_perms_init(&c);
    point_r50_odd_multiples(table_q, WNAF_VAR_ENTRIES, q, &c, &s);
    r50_straus(out, naf_a, odd_a, naf_b, table_q, top_a > top_b ? top_a : top_b);
}

void point_double_scalarmul_decaf_vartime(point_t *out, const scalar_t *a, const point_t *p, const scalar_t *b,
                                          const point_t *q) {
    gf4r50_s table_p[WNAF_VAR_ENTRIES];
    point_r50_perms c;
    point_r50_scratch s;
    point_r50_perms_init(&c);
    point_r50_odd_multiples(table_p, WNAF_VAR_ENTRIES, p, &c, &s);
    r50_double(out, a, WNAF_VAR_BITS, table_p, b, q);
}

void point_double_scalarmul_base_decaf_vartime(point_t *out, const scalar_t *a, const point_t *p, const scalar_t *b) {
    r50_double(out, a, WNAF_BASE_BITS, gf4r50_base_wnaf[0], b, p);
}
