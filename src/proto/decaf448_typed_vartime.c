/*
 * [a]P + [b]Q for public scalars and elements, in variable time: Straus's
 * interleaving with width-w NAF digits (Hankerson, Menezes, Vanstone, "Guide
 * to Elliptic Curve Cryptography", algorithm 3.51), one shared chain of
 * doublings and a run-time table of odd multiples for each point, as
 * point_double_scalarmul_base_vartime does with the base point's table
 * (which this uses when one of the points is the generator).
 */
#include "decaf448_typed.h"

#define NAF_LEN (32 * SCALAR_WORDS + 1)

static void double_scalarmul_vartime(point_t *out, const scalar_t *a, const point_t *p, const scalar_t *b,
                                     const point_t *q) {
    int8_t naf_a[NAF_LEN], naf_b[NAF_LEN];
    int top_a = point_wnaf_recode(naf_a, NAF_LEN, a->word, SCALAR_WORDS, WNAF_VAR_BITS);
    int top_b = point_wnaf_recode(naf_b, NAF_LEN, b->word, SCALAR_WORDS, WNAF_VAR_BITS);
    int top = top_a > top_b ? top_a : top_b;
    point_cached_t table_p[WNAF_VAR_ENTRIES], table_q[WNAF_VAR_ENTRIES];
    point_odd_multiples(table_p, p);
    point_odd_multiples(table_q, q);

    point_t acc;
    point_identity(&acc);
    for (int i = top - 1; i >= 0; i--) {
        /* T is needed only when an addition or the end follows. */
        if (naf_a[i] || naf_b[i] || i == 0)
            point_double(&acc, &acc);
        else
            point_double_no_t(&acc, &acc);
        point_add_cached_digit_vartime(&acc, table_p, naf_a[i]);
        point_add_cached_digit_vartime(&acc, table_q, naf_b[i]);
    }
    point_copy(out, &acc);
}

void goldilocks_decaf448_point_double_scalarmult_vartime(goldilocks_decaf448_point *out,
                                                         const goldilocks_decaf448_scalar *a,
                                                         const goldilocks_decaf448_point *p,
                                                         const goldilocks_decaf448_scalar *b,
                                                         const goldilocks_decaf448_point *q) {
    if (!out || !a || !p || !b || !q) {
        if (out)
            memset(out, 0, sizeof *out);
        return;
    }
    point_t pp, qq, r;
    scalar_t ka, kb;
    typed_load_point(&pp, p);
    typed_load_point(&qq, q);
    typed_load_scalar(&ka, a);
    typed_load_scalar(&kb, b);
    /*
     * With the generator G = [2]B as one of the points (a signature or
     * proof check, [s]G - [c]A), the base point's generated table of width
     * WNAF_BASE_BITS replaces a run-time table: [a]P + [b]G = [2b]B + [a]P.
     * The test is on public values, so it may branch.
     */
    point_t g;
    point_from_niels(&g, &point_base_niels);
    point_double(&g, &g);
    if (decaf448_eq(&qq, &g)) {
        scalar_add(&kb, &kb, &kb);
        point_double_scalarmul_base_vartime(&r, &kb, &pp, &ka);
    } else if (decaf448_eq(&pp, &g)) {
        scalar_add(&ka, &ka, &ka);
        point_double_scalarmul_base_vartime(&r, &ka, &qq, &kb);
    } else {
        double_scalarmul_vartime(&r, &ka, &pp, &kb, &qq);
    }
    typed_store_point(out, &r);
}
