/*
 * The single point operations (point.h) on the four radix-2^50 lanes
 * (gf4r50.h), the alternative of
 * point_single.c: a point (X, Y, T, Z) of edwards448 (a = 1) goes into the
 * lanes (field_r50.h: the 56-bit limbs straight across), each formula's
 * independent products are lane products, and the four coordinates come
 * back together. The formulas are point_hwcd_steps.h's and
 * point_dbl_shape.h's ("add-2008-hwcd" and "dbl-2008-hwcd" of Hisil, Wong,
 * Carter and Dawson with a = 1, C = 39081 T1 T2 = -d T1 T2), scheduled on
 * lanes:
 *
 *   addition, two lane products and a scalar one beside the first (a lane
 *   product takes the vector multiplier as long as four scalar ones, and
 *   E0 would fill one lane of its four):
 *     (A, B, C, D) = (X1, Y1, T1, Z1) * (X2, Y2, 39081 T2, Z2)
 *     E0 = (X1 + Y1) (X2 + Y2), gf_mul, into every lane
 *     (F, G, B + A, H) = (D + C, D - C, B + A, B - A),  E = E0 - (B + A)
 *     (X3, Y3, T3, Z3) = (E, G, E, F) * (F, H, H, G)
 *   subtraction, a + (-X2, Y2, Z2, -T2): A and C change sign, E0 takes Y2 - X2:
 *     (F, G, B - A, H) = (D - C, D + C, B - A, B + A),  E = E0 - (B - A)
 *   doubling, two lane products:
 *     (A, B, C, XY) = (X, Y, Z, X) * (X, Y, 2Z, Y)                 C = 2 Z^2
 *     (E, G, H) = (2 XY, A + B, A - B), F = G - C
 *     (X3, Y3, T3, Z3) = (E, G, E, F) * (F, H, H, G)
 *
 * Bounds (gf4r50.h): the lanes from field_r50.h and the products are
 * reduced, which gf4r50_add and gf4r50_addsub take; their loose outputs feed
 * products only, or gf4r50_carry first. The lanes a formula leaves unused
 * hold bounded values of the same operations, which nothing reads.
 * Straight-line, as the scalar formulas: no branch and no address from a
 * point. out may alias a and b (both are read into the lanes first).
 */
#include "point.h"
#include "field_r50.h"

/* The lanes (X, Y, T, Z) of p. */
static inline __attribute__((always_inline)) void to_lanes(gf4r50 out, const point_t *p) {
    const gf_s *const lanes[GF4R50_LANES] = {p->x, p->y, p->t, p->z};
    gf4r50_from_gf(out, lanes);
}

static inline __attribute__((always_inline)) void from_lanes(point_t *out, const gf4r50 a) {
    gf_s *const lanes[GF4R50_LANES] = {out->x, out->y, out->t, out->z};
    gf4r50_to_gf4(lanes, a);
}

/* a + b, or a - b when sub (a constant at both call sites). */
static inline __attribute__((always_inline)) void add_lanes(point_t *out, const point_t *a, const point_t *b,
                                                            int sub) {
    gf4r50 p1, p2, m1, m2, w, u, l, r;
    gf s1, s2, e0;
    /* E0 by the scalar product: the integer multiplier's work beside the lanes' first product */
    gf_add_nr(s1, a->x, a->y);
    if (sub)
        gf_sub_nr(s2, b->y, b->x);
    else
        gf_add_nr(s2, b->x, b->y);
    gf_mul(e0, s1, s2);
    to_lanes(p1, a);                                                   /* (X1, Y1, T1, Z1) */
    to_lanes(p2, b);                                                   /* (X2, Y2, T2, Z2) */
    gf4r50_mulw(u, p2, CURVE_MINUS_D);
    gf4r50_blend(p2, p2, u, 0x4);                                     /* (X2, Y2, 39081 T2, Z2) */
    gf4r50_mul(m1, p1, p2);                                           /* (A, B, C, D) */
    gf4r50_broadcast_gf(m2, e0);                                      /* E0 */
    gf4r50_permute(l, m1, gf4r50_lanes(3, 3, 1, 1));                      /* (D, D, B, B) */
    gf4r50_permute(r, m1, gf4r50_lanes(2, 2, 0, 0));                      /* (C, C, A, A) */
    gf4r50_addsub(w, l, r, sub ? 0x5 : 0xa);                          /* (F, G, B +- A, H) */
    gf4r50_permute(u, w, gf4r50_lanes(2, 2, 2, 2));
    gf4r50_carry(u, u);                                               /* B +- A, reduced */
    gf4r50_addsub(m2, m2, u, 0xf);                                    /* E, every lane */
    gf4r50_permute(l, w, gf4r50_lanes(0, 1, 0, 0));
    gf4r50_blend(l, l, m2, 0x5);                                      /* (E, G, E, F) */
    gf4r50_permute(r, w, gf4r50_lanes(0, 3, 3, 1));                       /* (F, H, H, G) */
    gf4r50_mul(l, l, r);                                              /* (X3, Y3, T3, Z3) */
    from_lanes(out, l);
}

void point_add_single(point_t *out, const point_t *a, const point_t *b) {
    add_lanes(out, a, b, 0);
}

void point_sub_single(point_t *out, const point_t *a, const point_t *b) {
    add_lanes(out, a, b, 1);
}

void point_double_single(point_t *out, const point_t *a) {
    gf4r50 p, l, r, f, u, g;
    to_lanes(p, a);                                                   /* (X, Y, T, Z) */
    gf4r50_permute(l, p, gf4r50_lanes(0, 1, 3, 0));                       /* (X, Y, Z, X) */
    gf4r50_add(u, p, p);
    gf4r50_permute(r, p, gf4r50_lanes(0, 1, 3, 1));
    gf4r50_permute(u, u, gf4r50_lanes(3, 3, 3, 3));
    gf4r50_blend(r, r, u, 0x4);                                       /* (X, Y, 2Z, Y) */
    gf4r50_mul(f, l, r);                                              /* (A, B, C, XY) */
    gf4r50_permute(l, f, gf4r50_lanes(3, 0, 0, 0));
    gf4r50_permute(r, f, gf4r50_lanes(3, 1, 1, 1));
    gf4r50_addsub(u, l, r, 0x4);                                      /* (E, G, H, .) */
    gf4r50_carry(g, u);
    gf4r50_permute(l, g, gf4r50_lanes(1, 1, 1, 1));                       /* G */
    gf4r50_permute(r, f, gf4r50_lanes(2, 2, 2, 2));                       /* C */
    gf4r50_addsub(g, l, r, 0xf);                                      /* F, every lane */
    gf4r50_permute(l, u, gf4r50_lanes(0, 1, 0, 0));
    gf4r50_blend(l, l, g, 0x8);                                       /* (E, G, E, F) */
    gf4r50_permute(r, u, gf4r50_lanes(0, 2, 2, 1));
    gf4r50_blend(r, r, g, 0x1);                                       /* (F, H, H, G) */
    gf4r50_mul(l, l, r);                                              /* (X3, Y3, T3, Z3) */
    from_lanes(out, l);
}
