/*
 * [a]P + [b]Q for public scalars and elements, in variable time:
 * point_double_scalarmul_decaf_vartime (src/backend/portable/point_double_scalarmul_decaf.c,
 * or its alternative on the avx512ifma lanes; on edwards448 src/point/point_wnaf.c's Straus's
 * interleaving of width-w NAF digits, a run-time table of odd multiples for
 * each point), or point_double_scalarmul_base_decaf_vartime with the base point's
 * generated table when one of the points is the generator. A non-point
 * (decaf448_typed.h) as P or Q gives the non-point, whatever the scalars.
 */
#include "decaf448_typed.h"

void goldilocks_decaf448_point_double_scalarmult_vartime(goldilocks_decaf448_point *out,
                                                         const goldilocks_decaf448_scalar *a,
                                                         const goldilocks_decaf448_point *p,
                                                         const goldilocks_decaf448_scalar *b,
                                                         const goldilocks_decaf448_point *q) {
    /* a non-point gives the non-point (the inputs are public: this may branch) */
    if (!out || !a || !p || !b || !q || !typed_is_point(p) || !typed_is_point(q)) {
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
        point_double_scalarmul_base_decaf_vartime(&r, &kb, &pp, &ka);
    } else if (decaf448_eq(&pp, &g)) {
        scalar_add(&ka, &ka, &ka);
        point_double_scalarmul_base_decaf_vartime(&r, &ka, &qq, &kb);
    } else {
        point_double_scalarmul_decaf_vartime(&r, &ka, &pp, &kb, &qq);
    }
    typed_store_point(out, &r);
}
