/*
 * The edwards448 formulas on a point spread over four lanes
 * (src/point/point_spread.h) against point_arith.c's on random points
 * (multiples of B by random scalars), the identity, and points of small
 * order: the same projective point after one doubling, one affine and one
 * projective addition, and after chains of 20 of them.
 */
#include <stdio.h>
#include <string.h>
#include "check.h"
#include "point.h"
#include "field.h"
/* The four-lane forms need GF_LANES >= 4 (NEON has 2 lanes): skipped below otherwise. */
#if GF_LANES >= 4
#include "point_spread.h"

static void random_point(point_t *p) {
    uint8_t k[64];
    scalar_t s;
    check_randbytes(k, sizeof k);
    scalar_reduce_bytes(&s, k, sizeof k);
    point_scalarmul_base(p, &s);
}

/* A point of order 2 or 4: (0, -1), or (1, 0) (x^2 = 1 + d 0 = 1). */
static void small_order_point(point_t *p, int which) {
    gf_set_small(p->x, which ? 1 : 0);
    gf_set_small(p->y, which ? 0 : 1);
    if (!which)
        gf_neg(p->y, p->y);
    gf_set_small(p->z, 1);
    gf_mul(p->t, p->x, p->y);
}

static void some_point(point_t *p, unsigned i) {
    if (i == 0)
        point_identity(p);
    else if (i == 1 || i == 2)
        small_order_point(p, (int)i - 1);
    else
        random_point(p);
}

static void to_niels(point_niels_t *n, const point_t *p) {
    point_affine(n->x, n->y, p);
    gf_mul(n->dxy, n->x, n->y);
    gf_mulw(n->dxy, n->dxy, CURVE_MINUS_D);
    gf_neg(n->dxy, n->dxy);
}

static int same(const point_t *a, const point_spread_t *b) {
    point_t c;
    point_spread_to(&c, b);
    return point_valid(&c) != 0 && point_eq(a, &c) != 0;
}

static int run(void) {
    check_init("test_point_spread");
    printf("  lanes: %s, GF_LANES = %d\n", GF_LANES_NAME, GF_LANES);

    check_test("double, add_niels, add_cached vs point_arith (200 pairs, identity and small order)");
    for (unsigned i = 0; i < 200; i++) {
        point_t a, b, want;
        point_niels_t bn;
        point_cached_t bc;
        point_spread_t sa, got;
        point_spread_niels_t sbn;
        point_spread_cached_t sbc;
        some_point(&a, i % 5);
        some_point(&b, i / 5 % 5);
        /* a projective b with Z != 1 */
        point_double(&b, &b);
        point_add(&b, &b, &a);
        to_niels(&bn, &b);
        point_to_cached(&bc, &b);
        point_spread_from(&sa, &a);
        point_spread_niels_from(&sbn, &bn);
        point_spread_cached_from(&sbc, &bc);

        point_double(&want, &a);
        point_spread_double(&got, &sa);
        check(same(&want, &got), "case %u: double", i);
        point_add_niels(&want, &a, &bn);
        point_spread_add_niels(&got, &sa, &sbn);
        check(same(&want, &got), "case %u: add_niels", i);
        point_add_cached(&want, &a, &bc);
        point_spread_add_cached(&got, &sa, &sbc);
        check(same(&want, &got), "case %u: add_cached", i);
        /* aliasing: out = a */
        got = sa;
        point_spread_double(&got, &got);
        point_double(&want, &a);
        check(same(&want, &got), "case %u: double in place", i);
    }

    check_test("chains of 20 doublings and additions");
    for (unsigned i = 0; i < 10; i++) {
        point_t a, b, want;
        point_niels_t bn;
        point_cached_t bc;
        point_spread_t sa;
        point_spread_niels_t sbn;
        point_spread_cached_t sbc;
        random_point(&a);
        random_point(&b);
        point_double(&b, &b);
        to_niels(&bn, &b);
        point_to_cached(&bc, &b);
        point_spread_niels_from(&sbn, &bn);
        point_spread_cached_from(&sbc, &bc);
        point_copy(&want, &a);
        point_spread_from(&sa, &a);
        for (unsigned j = 0; j < 20; j++) {
            point_double(&want, &want);
            point_spread_double(&sa, &sa);
            point_add_niels(&want, &want, &bn);
            point_spread_add_niels(&sa, &sa, &sbn);
            point_add_cached(&want, &want, &bc);
            point_spread_add_cached(&sa, &sa, &sbc);
        }
        check(same(&want, &sa), "chain %u", i);
    }
    return check_done();
}
#endif

int main(void) {
#if GF_LANES >= 4
    return run();
#else
    check_skip("the four-lane form needs at least four lanes; this lane layout has fewer");
    return check_done();
#endif
}
