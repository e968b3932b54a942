/*
 * The additions of edwards448 (a = 1) in extended coordinates, one text for
 * every element type with the operations it names, as
 * src/proto/decaf448_steps.h is for decaf448's steps: point_arith.c runs
 * them on gf, point_lanes.c on gfl (every lane at once); the doublings'
 * shape is point_dbl_shape.h's, which ends with POINT_EFGH_OUT too.
 *
 * Addition: "add-2008-hwcd" of Hisil-Wong-Carter-Dawson 2008, section 3.1,
 * with a = 1 (Explicit-Formulas Database, g2-twisted extended coordinates):
 *   A = X1 X2, B = Y1 Y2, C = d T1 T2, D = Z1 Z2,
 *   E = (X1 + Y1)(X2 + Y2) - A - B,   (= Z1 Z2 (x1 y2 + y1 x2))
 *   F = D - C, G = D + C, H = B - A,
 *   X3 = E F, Y3 = G H, T3 = E H, Z3 = F G,
 * so that x3 = E/G = (x1 y2 + y1 x2)/(1 + d x1 x2 y1 y2) and
 * y3 = H/F = (y1 y2 - x1 x2)/(1 - d x1 x2 y1 y2), the complete Edwards law.
 * The second point comes cached, (X2, Y2, Z2, d T2) (9M), or niels,
 * (x2, y2, d x2 y2) with Z2 = 1, D = Z1 (8M).
 *
 * TYPE is the element type, gf or gfl, and the prefix of its operations:
 * TYPE##_mul, _add_nr, _sub, _sub_nr. Bounds (field.h): the _nr outputs
 * (loose) only ever feed TYPE##_mul; everything that feeds a sum is tight.
 * No branch, no table: constant time.
 */
#ifndef GOLDILOCKS_POINT_HWCD_STEPS_H
#define GOLDILOCKS_POINT_HWCD_STEPS_H

/* The last round of the additions and the doublings: X3 = E F, Y3 = G H, T3 = E H (when with_t), Z3 = F G. */
#define POINT_EFGH_OUT(TYPE, out, e, f, g, h, with_t)                                    \
    do {                                                                                 \
        TYPE##_mul((out)->x, (e), (f));                                                  \
        TYPE##_mul((out)->y, (g), (h));                                                  \
        if (with_t)                                                                      \
            TYPE##_mul((out)->t, (e), (h));                                              \
        TYPE##_mul((out)->z, (f), (g));                                                  \
    } while (0)

/*
 * The addition up to its last round: e, f, g, h = E, F, G, H of a + (bx, by,
 * bd), where bd is d T2 (cached) or d x2 y2 (niels), and dz is D (Z1 Z2,
 * which the statement make_d computes after C, or Z1 with make_d (void)0).
 * A, B, C, s1, s2 are temporaries of the type.
 */
#define POINT_ADD_EFGH(TYPE, e, f, g, h, a, bx, by, bd, dz, make_d, A, B, C, s1, s2)    \
    do {                                                                                 \
        TYPE##_mul((A), (a)->x, (bx));                                                   \
        TYPE##_mul((B), (a)->y, (by));                                                   \
        TYPE##_mul((C), (a)->t, (bd));                                                   \
        make_d;                                                                          \
        TYPE##_add_nr((s1), (a)->x, (a)->y);                                             \
        TYPE##_add_nr((s2), (bx), (by));                                                 \
        TYPE##_mul((e), (s1), (s2));                                                     \
        TYPE##_sub((e), (e), (A));                                                       \
        TYPE##_sub_nr((e), (e), (B));                                                    \
        TYPE##_sub_nr((f), (dz), (C));                                                   \
        TYPE##_add_nr((g), (dz), (C));                                                   \
        TYPE##_sub_nr((h), (B), (A));                                                    \
    } while (0)

#endif
