/*
 * The library's points and scalars beside the GMP model of ed448_oracle.h:
 * a point_t compared with an affine oracle point, an mpz_t made a scalar_t.
 * Header-only, for test programs linked with the library's internals.
 */
#ifndef GOLDILOCKS_TEST_POINT_REF_H
#define GOLDILOCKS_TEST_POINT_REF_H

#include "ed448_oracle.h"
#include "point.h"
#include "scalar.h"

/* 1 when a is the affine point r, compared through canonical serialization. */
static inline int point_is_ref(const point_t *a, const ref_point *r) {
    gf x, y;
    uint8_t xb[56], yb[56], xr[56], yr[56];
    point_affine(x, y, a);
    gf_serialize(xb, x);
    gf_serialize(yb, y);
    mpz_to_le(xr, 56, r->x);
    mpz_to_le(yr, 56, r->y);
    return memcmp(xb, xr, 56) == 0 && memcmp(yb, yr, 56) == 0;
}

/* s = k mod l, for 0 <= k < 2^512. */
static inline void scalar_from_mpz(scalar_t *s, const mpz_t k) {
    uint8_t b[64];
    mpz_to_le(b, sizeof b, k);
    scalar_reduce_bytes(s, b, sizeof b);
}

#endif
