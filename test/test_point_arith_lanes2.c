/*
 * The two-lane point formulas (src/backend/lanes2/point_arith_lanes2.c) on every
 * target with two lanes or more, whichever form its library holds: both
 * src/backend/portable/point_arith.c and point_arith_lanes2.c are compiled here from
 * their sources under names of their own, and every output coordinate of
 * point_double, point_double_no_t, point_add_niels and point_add_cached must
 * equal (gf_eq) the scalar formulas' (the same projective representative:
 * the formulas are the same, only their products are scheduled otherwise),
 * and lie on the curve (point_valid). Inputs: random multiples of the base
 * point, the neutral element and the points of order 2 and 4, each rescaled
 * by a random Z; the outputs also aliased to the input. test_point checks
 * the library's own (on armv7, these) formulas against a GMP oracle.
 */
#include <stdio.h>
#include <string.h>
#include "check.h"
#include "field.h"

#if GF_LANES >= 2
#define point_double point_double_ref
#define point_double_no_t point_double_no_t_ref
#define point_add_niels point_add_niels_ref
#define point_add_cached point_add_cached_ref
#define point_add_niels_no_t point_add_niels_no_t_ref
#define point_add_cached_no_t point_add_cached_no_t_ref
#include "../src/backend/portable/point_arith.c"
#undef point_double
#undef point_double_no_t
#undef point_add_niels
#undef point_add_cached
#undef point_add_niels_no_t
#undef point_add_cached_no_t

#define point_double point_double_l2
#define point_double_no_t point_double_no_t_l2
#define point_add_niels point_add_niels_l2
#define point_add_cached point_add_cached_l2
#define point_add_niels_no_t point_add_niels_no_t_l2
#define point_add_cached_no_t point_add_cached_no_t_l2
#include "../src/backend/lanes2/point_arith_lanes2.c"
#undef point_double
#undef point_double_no_t
#undef point_add_niels
#undef point_add_cached
#undef point_add_niels_no_t
#undef point_add_cached_no_t

enum { N = 40 };

static void random_gf(gf out) {
    uint8_t b[GF_SER_BYTES];
    check_randbytes(b, sizeof b);
    b[GF_SER_BYTES - 1] &= 0x7f;
    (void)gf_deserialize(out, b);
}

/* (X, Y, Z, T) times a random nonzero r: the same point. */
static void rescale(point_t *p) {
    gf r;
    do
        random_gf(r);
    while (gf_is_zero(r));
    gf_mul(p->x, p->x, r);
    gf_mul(p->y, p->y, r);
    gf_mul(p->z, p->z, r);
    gf_mul(p->t, p->t, r);
}

/* The inputs: the neutral element, (0, -1), (1, 0), (-1, 0), then random multiples of B. */
static void make_points(point_t p[N]) {
    for (int i = 0; i < N; i++) {
        if (i < 4) {
            point_identity(&p[i]);
            if (i == 1)
                gf_neg(p[i].y, p[i].y);
            if (i >= 2) {
                gf_set_small(p[i].x, 1);
                gf_set_small(p[i].y, 0);
                if (i == 3)
                    gf_neg(p[i].x, p[i].x);
            }
        } else {
            uint8_t b[2 * SCALAR_BYTES];
            scalar_t k;
            check_randbytes(b, sizeof b);
            scalar_reduce_bytes(&k, b, sizeof b);
            point_scalarmul_base(&p[i], &k);
        }
        rescale(&p[i]);
    }
}

static int same(const point_t *a, const point_t *b, int with_t) {
    mask_t ok = gf_eq(a->x, b->x) & gf_eq(a->y, b->y) & gf_eq(a->z, b->z);
    if (with_t)
        ok &= gf_eq(a->t, b->t);
    return ok != 0;
}

static void test_double(const point_t p[N]) {
    check_test("point_double, point_double_no_t: the scalar formulas' coordinates, aliased too");
    for (int i = 0; i < N; i++) {
        point_t want, got, alias;
        point_double_ref(&want, &p[i]);
        point_double_l2(&got, &p[i]);
        check(same(&got, &want, 1) && point_valid(&got), "point %d: point_double differs", i);
        alias = p[i];
        point_double_l2(&alias, &alias);
        check(same(&alias, &want, 1), "point %d: point_double aliased differs", i);
        point_double_no_t_ref(&want, &p[i]);
        point_double_no_t_l2(&got, &p[i]);
        check(same(&got, &want, 0), "point %d: point_double_no_t differs", i);
        alias = p[i];
        point_double_no_t_l2(&alias, &alias);
        check(same(&alias, &want, 0), "point %d: point_double_no_t aliased differs", i);
    }
}

static void test_add(const point_t p[N]) {
    check_test("point_add_niels, point_add_cached: the scalar formulas' coordinates, aliased too");
    point_niels_t niels[N];
    gf scratch[N];
    point_to_niels_batch(niels, p, N, scratch);
    for (int i = 0; i < N; i++) {
        for (int j = 0; j < N; j += 7) {
            const point_t *a = &p[(i + j) % N];
            point_t want, got, alias;
            point_cached_t c;
            point_to_cached(&c, &p[i]);
            point_add_cached_ref(&want, a, &c);
            point_add_cached_l2(&got, a, &c);
            check(same(&got, &want, 1) && point_valid(&got), "points %d, %d: point_add_cached differs", i, j);
            alias = *a;
            point_add_cached_l2(&alias, &alias, &c);
            check(same(&alias, &want, 1), "points %d, %d: point_add_cached aliased differs", i, j);
            point_add_niels_ref(&want, a, &niels[i]);
            point_add_niels_l2(&got, a, &niels[i]);
            check(same(&got, &want, 1) && point_valid(&got), "points %d, %d: point_add_niels differs", i, j);
            alias = *a;
            point_add_niels_l2(&alias, &alias, &niels[i]);
            check(same(&alias, &want, 1), "points %d, %d: point_add_niels aliased differs", i, j);
        }
    }
}

/* The check can fail: a sum of two different points is not the double of either. */
static void test_selfcheck(const point_t p[N]) {
    check_test("selftest: a wrong result is caught");
    point_t d, s;
    point_cached_t c;
    point_double_l2(&d, &p[5]);
    point_to_cached(&c, &p[6]);
    point_add_cached_l2(&s, &p[5], &c);
    check(!same(&d, &s, 1), "the double of one point equals a sum of two");
}

static int run(void) {
    check_init("test_point_arith_lanes2");
    printf("  lanes: %s, GF_LANES = %d\n", GF_LANES_NAME, GF_LANES);
    point_t p[N];
    make_points(p);
    test_double(p);
    test_add(p);
    test_selfcheck(p);
    return check_done();
}
#endif

int main(void) {
#if GF_LANES >= 2
    return run();
#else
    check_skip("the two-lane formulas need at least two lanes; this lane layout has one");
    return check_done();
#endif
}
