/*
 * The cofactored Ed448 verification equation [4]([S]B - [k]A - R) = 0 of
 * point_verify.c (the same half-size scalars and wNAFs, point_verify_scalars.c),
 * on the twisted curve E' with each formula's four products as one lane product
 * of the avx512ifma lanes' radix-2^50 elements (point_r50.h). phi (point_twisted.h)
 * is a homomorphism from edwards448 to E' whose kernel is the 4-torsion, so
 *     [4]([w0]B + [w1]2^224 B + [u]pa + [|v|]pr) = 0
 *     <=>   [w0]phi(B) + [w1]phi(2^224 B) + [u]phi(pa) + [|v|]phi(pr) = 0 on E',
 * and every point of that sum has odd order (phi's image), where the a = -1
 * formulas are exact and the neutral element is the only point with X = 0.
 * phi of the odd multiples of B and 2^224 B are generated
 * (generated/lanes_avx512ifma/gf4r50_base_wnaf.c); those of pa and pr are made
 * here. The alternative of point_verify.c for the targets whose lane layout is
 * avx512ifma (configure.py ALTERNATIVE_LANES); test_ed448, the Wycheproof and
 * RFC 8032 vectors and the libdecaf and OpenSSL interop tests check it.
 */
#include "point.h"
#include "point_r50.h"
#include "field_r50.h"

_Static_assert(GF4R50_BASE_WNAF_ENTRIES == WNAF_BASE_ENTRIES, "gf4r50_base_wnaf.c is of another WNAF_BASE_BITS");

/* table[i] = the entry of (2i + 1) phi(p), i < WNAF_VAR_ENTRIES. */
static void r50_odd_multiples(gf4r50_s table[WNAF_VAR_ENTRIES], const point_t *p, const point_r50_perms *c,
                              point_r50_scratch *s) {
    point_t q;
    gf4r50 m, twice, e2;
    twisted_from_edwards(&q, p);
    const gf_s *const lanes[GF4R50_LANES] = {q.x, q.y, q.t, q.z};
    gf4r50_from_gf(m, lanes);
    point_r50_entry(&table[0], m, c, s);
    *twice = *m;
    point_r50_double(twice, c, s);
    point_r50_entry(e2, twice, c, s);
    for (unsigned i = 1; i < WNAF_VAR_ENTRIES; i++) {
        point_r50_add(m, e2, 0, c, s);
        point_r50_entry(&table[i], m, c, s);
    }
}

/* acc += [d] of the odd multiples in table (d odd or 0, public). */
static inline void r50_add_digit(gf4r50 acc, const gf4r50_s *table, int d, const point_r50_perms *c,
                                 point_r50_scratch *s) {
    if (d > 0)
        point_r50_add(acc, &table[d >> 1], 0, c, s);
    else if (d < 0)
        point_r50_add(acc, &table[(-d) >> 1], (mask_t)-1, c, s);
}

/* out = [4]([S]B - [k]A - R) == 0. */
mask_t point_verify_equation_vartime(const scalar_t *s, const point_t *a, const scalar_t *k, const point_t *r) {
    point_verify_digits_t g;
    point_r50_perms c;
    point_r50_scratch scratch;
    gf4r50_s ta[WNAF_VAR_ENTRIES], tr[WNAF_VAR_ENTRIES];
    gf4r50 acc;
    gf x, zero;

    point_verify_digits(&g, s, a, k, r);
    point_r50_perms_init(&c);
    r50_odd_multiples(ta, &g.pa, &c, &scratch);
    r50_odd_multiples(tr, &g.pr, &c, &scratch);

    /* the neutral element (X, Y, T, Z) = (0, 1, 0, 1) */
    {
        gf one;
        gf_set_small(one, 1);
        gf_set_small(zero, 0);
        const gf_s *const lanes[GF4R50_LANES] = {zero, one, zero, one};
        gf4r50_from_gf(acc, lanes);
    }
    for (int i = g.top - 1; i >= 0; i--) {
        point_r50_double(acc, &c, &scratch);
        r50_add_digit(acc, gf4r50_base_wnaf[0], g.n0[i], &c, &scratch);
        r50_add_digit(acc, gf4r50_base_wnaf[1], g.n1[i], &c, &scratch);
        r50_add_digit(acc, ta, g.na[i], &c, &scratch);
        r50_add_digit(acc, tr, g.nr[i], &c, &scratch);
    }
    gf4r50_to_gf(x, acc, 0);
    return gf_eq(x, zero);
}
