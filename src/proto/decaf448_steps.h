/*
 * RFC 9496's decode and encode steps (sections 5.3.1, 5.3.2) for any element
 * type, as field.h's GF_POW_P3_4_CHAIN is for the chain: decaf448.c runs
 * them on gf, decaf448_lanes.c on gfl (every lane at once), so that each
 * lane does the single call's field operations in the same order and gives
 * its mask and bytes exactly. What differs stays with the caller: reading
 * the encodings, the square test's mask (one mask_t, or one a lane) and
 * writing the bytes.
 *
 * F is the type's prefix, gf or gfl: the steps call F##_add, _sub, _mul,
 * _sqr, _mulw, _cond_neg, _lobit, _set_small, _pow_p3_4 and the caller's
 * F##_abs (CT_ABS, section 4.2). v is the caller's struct of temporaries,
 * with the members the steps name (wiped by the caller); sqrt_minus_d is
 * SQRT_MINUS_D as an element of the type.
 *
 * With SQRT_RATIO_M1(1, t) taken as r = t^((p-3)/4), was_square = (t r^2 ==
 * 1), invsqrt = |r| (section 5.2 with u = 1: its two products by u dropped),
 * and w = invsqrt u1, SQRT_MINUS_D INVSQRT_MINUS_D = 1 shortens both:
 *   decode, nine products after the root in seven:
 *     y  = (1 - s^2) invsqrt u1          = (1 - s^2) w,
 *     u3 = |2 s invsqrt u1 SQRT_MINUS_D| = e (2 s w) SQRT_MINUS_D, e = +-1,
 *     x  = u3 invsqrt u2 INVSQRT_MINUS_D = e (2 s w)(invsqrt u2),
 *   e the sign CT_ABS applies;
 *   encode, six in five:
 *     ratio = |w SQRT_MINUS_D| = e w SQRT_MINUS_D,
 *     u2 = INVSQRT_MINUS_D ratio z0 - t0 = (e w) z0 - t0.
 * The same x, y and u2 as the section's steps.
 */
#ifndef GOLDILOCKS_DECAF448_STEPS_H
#define GOLDILOCKS_DECAF448_STEPS_H

#include "point.h"

#define ONE_MINUS_D 39082 /* 1 - d = 1 + 39081 */

/*
 * Decode up to the square test, from v.s = s: v.one = 1, v.ss = s^2,
 * v.u1 = 1 + s^2, v.u2 = u1^2 - 4 d s^2, v.t = u2 u1^2, v.r = t^((p-3)/4)
 * and v.w = t r^2, which is 1 exactly when t is a nonzero square.
 */
#define DECAF448_DECODE_TO_TEST(F, v)                                               \
    do {                                                                            \
        F##_set_small((v).one, 1);                                                  \
        F##_sqr((v).ss, (v).s);                                                     \
        F##_add((v).u1, (v).one, (v).ss);                                           \
        F##_sqr((v).u1sq, (v).u1);                                                  \
        F##_mulw((v).u2, (v).ss, 4 * CURVE_MINUS_D);                                \
        F##_add((v).u2, (v).u1sq, (v).u2);                                          \
        F##_mul((v).t, (v).u2, (v).u1sq);                                           \
        F##_pow_p3_4((v).r, (v).t);                                                 \
        F##_sqr((v).w, (v).r);                                                      \
        F##_mul((v).w, (v).w, (v).t);                                               \
    } while (0)

/* Decode after the test: the point out = (x, y, 1, xy) (out->x ... out->t). */
#define DECAF448_DECODE_POINT(F, v, out, sqrt_minus_d)                              \
    do {                                                                            \
        F##_abs((v).r, (v).r);                  /* invsqrt */                       \
        F##_mul((v).w, (v).r, (v).u1);          /* w = invsqrt u1 */                \
        F##_add((v).sw, (v).s, (v).s);                                              \
        F##_mul((v).sw, (v).sw, (v).w);         /* 2 s w */                         \
        F##_mul((v).t, (v).sw, (sqrt_minus_d));                                     \
        F##_cond_neg((v).sw, F##_lobit((v).t)); /* e (2 s w) */                     \
        F##_mul((v).t, (v).r, (v).u2);                                              \
        F##_mul((out)->x, (v).sw, (v).t);       /* x = e (2 s w)(invsqrt u2) */     \
        F##_sub((v).t, (v).one, (v).ss);                                            \
        F##_mul((out)->y, (v).t, (v).w);        /* y = (1 - s^2) w */               \
        F##_set_small((out)->z, 1);                                                 \
        F##_mul((out)->t, (out)->x, (out)->y);                                      \
    } while (0)

/* Encode of the point a, projective (the formulas are homogeneous): v.t = s, non-negative, not yet in bytes. */
#define DECAF448_ENCODE_S(F, v, a, sqrt_minus_d)                                    \
    do {                                                                            \
        F##_add((v).t, (a)->x, (a)->t);                                             \
        F##_sub((v).u1, (a)->x, (a)->t);                                            \
        F##_mul((v).u1, (v).u1, (v).t);         /* u1 = (x0 + t0)(x0 - t0) */       \
        F##_sqr((v).t, (a)->x);                                                     \
        F##_mul((v).t, (v).t, (v).u1);                                              \
        F##_mulw((v).t, (v).t, ONE_MINUS_D);                                        \
        F##_pow_p3_4((v).invsqrt, (v).t);       /* its square test unused */        \
        F##_abs((v).invsqrt, (v).invsqrt);                                          \
        F##_mul((v).w, (v).invsqrt, (v).u1);                                        \
        F##_mul((v).t, (v).w, (sqrt_minus_d));                                      \
        F##_cond_neg((v).w, F##_lobit((v).t));  /* e w */                           \
        F##_mul((v).u2, (v).w, (a)->z);                                             \
        F##_sub((v).u2, (v).u2, (a)->t);        /* u2 = (e w) z0 - t0 */            \
        F##_mulw((v).t, (v).invsqrt, ONE_MINUS_D);                                  \
        F##_mul((v).t, (v).t, (a)->x);                                              \
        F##_mul((v).t, (v).t, (v).u2);                                              \
        F##_abs((v).t, (v).t);                                                      \
    } while (0)

#endif
