/*
 * The alternative of point_scalarmul_twisted.c for the targets whose
 * edwards448 doubling and additions run on two lanes (armv7 with NEON,
 * point_arith_lanes2.c): there a doubling on edwards448 costs fewer
 * instructions than one on the twisted curve, so the multiplication runs on
 * edwards448 (point_scalarmul.c) with k/4 mod l and maps the result by phi:
 * phi_hat(phi([k/4]a)) = [4][k/4]a = [k]a + T, T in E[4], the contract of
 * point.h. armv7, decaf448 scalarmult (ninja count): 3,212,695 instructions
 * with it against 3,816,329 on the twisted curve.
 */
#include "point.h"
#include "point_twisted.h"
#include "ct.h"

void point_scalarmul_twisted(point_t *out, const point_t *a, const scalar_t *k) {
    scalar_t kq;
    point_t r;
    scalar_halve(&kq, k);
    scalar_halve(&kq, &kq);
    point_scalarmul(&r, a, &kq);
    twisted_from_edwards(out, &r);
    ct_wipe(&kq, sizeof kq);
    point_wipe(&r);
}

void point_scalarmul_decaf(point_t *out, const point_t *a, const scalar_t *k) {
    point_scalarmul(out, a, k);
}
