/*
 * [a]p + [b]q as decaf448 elements (up to a point of order 1 or 2 for
 * decaf448 points p and q, which the encoding does not see), in variable
 * time: point_wnaf.c's exact double-scalar multiplications, which these
 * are on every target but those with the avx512ifma lanes
 * (point_double_scalarmul_decaf_r50.c, the alternative).
 */
#include "point.h"

void point_double_scalarmul_decaf_vartime(point_t *out, const scalar_t *a, const point_t *p, const scalar_t *b,
                                          const point_t *q) {
    point_double_scalarmul_vartime(out, a, p, b, q);
}

void point_double_scalarmul_base_decaf_vartime(point_t *out, const scalar_t *a, const point_t *p, const scalar_t *b) {
    point_double_scalarmul_base_vartime(out, a, p, b);
}
