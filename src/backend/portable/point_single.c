/*
 * The point operations of one call each (point.h, "single calls"): the typed
 * decaf448 API's addition, subtraction and doubling, and the sums of
 * decaf448_from_uniform and of the two-map hash to curve, where nothing
 * around the operation is on lanes. Here they are point_arith's own; the
 * alternative point_single_r50.c (avx512ifma) moves the two points into the
 * radix-2^50 lanes for two or three lane products instead.
 */
#include "point.h"

void point_add_single(point_t *out, const point_t *a, const point_t *b) {
    point_add(out, a, b);
}

void point_sub_single(point_t *out, const point_t *a, const point_t *b) {
    point_sub(out, a, b);
}

void point_double_single(point_t *out, const point_t *a) {
    point_double(out, a);
}
