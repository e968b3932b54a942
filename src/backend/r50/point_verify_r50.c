/*
 * The cofactored Ed448 verification equation [4]([S]B - [k]A - R) = 0 of
 * point_verify.c (the same half-size scalars and wNAFs, point_verify_scalars.c),
 * on the twisted curve E' with each formula's four products as one lane product
 * of the radix-2^50 lane elements (point_r50.h). phi (point_twisted.h)
 * is a homomorphism from edwards448 to E' whose kernel is the 4-torsion, so
 *     [4]([w0]B + [w1]2^224 B + [u]pa + [|v|]pr) = 0
 *     <=>   [w0]phi(B) + [w1]phi(2^224 B) + [u]phi(pa) + [|v|]phi(pr) = 0 on E',
 * and every point of that sum has odd order (phi's image), where the a = -1
 * formulas are exact and the neutral element is the only point with X = 0.
 * phi of the odd multiples of B and 2^224 B are generated
 * (generated/r50/gf4r50_base_wnaf.c); those of pa and pr are made
 * here; the loop is point_straus_loop.h's. The r50 backend's form of point_verify.c (configure.py
 * BACKENDS); test_ed448, the Wycheproof and RFC 8032 vectors and the
 * libdecaf and OpenSSL interop tests check it.
 */
#include "point.h"
#include "point_r50.h"
#include "point_straus_loop.h"

_Static_assert(GF4R50_BASE_WNAF_ENTRIES == WNAF_BASE_ENTRIES, "gf4r50_base_wnaf.c is of another WNAF_BASE_BITS");

/* out = [4]([S]B - [k]A - R) == 0. */
mask_t point_verify_equation_vartime(const scalar_t *s, const point_t *a, const scalar_t *k, const point_t *r) {
    point_verify_digits_t g;
    point_r50_perms c;
    point_r50_scratch scratch;
    gf4r50_s ta[WNAF_VAR_ENTRIES], tr[WNAF_VAR_ENTRIES];
    gf4r50 acc;
    gf x;

    point_verify_digits(&g, s, a, k, r);
    point_r50_perms_init(&c);
    point_r50_odd_multiples(ta, WNAF_VAR_ENTRIES, &g.pa, &c, &scratch);
    point_r50_odd_multiples(tr, WNAF_VAR_ENTRIES, &g.pr, &c, &scratch);

    POINT_STRAUS(r50_straus, (&c, &scratch), acc, g.top, 0, 4, g.n0, gf4r50_base_wnaf[0], g.n1, gf4r50_base_wnaf[1],
                 g.na, ta, g.nr, tr);
    gf4r50_to_gf(x, acc, 0);
    return gf_is_zero(x);
}
