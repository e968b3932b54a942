/*
 * Elligator 2 for curve448, v^2 = u^3 + A u^2 + u (A = 156326, B = 1, so
 * J = A and K = 1), with Z = -1: RFC 9380 section 6.7.1, as straight-line
 * constant-time code with one inversion and one exponentiation.
 *
 *   x1 = -A / (1 - r^2), or -A when 1 - r^2 = 0 (inv0(0) = 0 gives x1 = 0)
 *   x2 = -x1 - A
 *   g(x) = x^3 + A x^2 + x
 *   (x, y) = (x1, sqrt(g(x1))) with sgn0(y) = 1 if g(x1) is square,
 *            (x2, sqrt(g(x2))) with sgn0(y) = 0 otherwise.
 *
 * One exponentiation serves both branches. x1 + x2 = -A gives
 * x1^2 + A x1 = x2^2 + A x2 = -x1 x2, hence g(x2) / g(x1) = x2 / x1 = -r^2
 * (x2 = -r^2 x1 by the definition of x1). With t = g(x1)^((p-3)/4) and
 * y1 = g(x1) t = g(x1)^((p+1)/4): y1^2 = g(x1) (g(x1) / p) (Euler), so
 * y1^2 = g(x1) when g(x1) is a square and -g(x1) otherwise, and then
 * y2 = r y1 has y2^2 = -r^2 g(x1) = g(x2). g(x1) is never 0: x1 != 0, and
 * x^2 + A x + 1 has no root since A^2 - 4 is not a square mod p (curve448
 * has a single point of order 2).
 */
#include "h2c.h"
#include "ct.h"

/* out = g(x) = x ((x + A) x + 1). */
static void curve448_rhs(gf out, const gf x) {
    gf t, one, a;
    gf_set_small(one, 1);
    gf_set_small(a, CURVE448_A);
    gf_add(t, x, a);
    gf_mul(t, t, x);
    gf_add(t, t, one);
    gf_mul(out, t, x);
    ct_wipe(t, sizeof t);
}

void h2c_elligator2_curve448(gf u, gf v, const gf r) {
    gf one, minus_a, den, x1, x2, gx1, t, y1, y2, check;
    gf_set_small(one, 1);
    gf_set_small(minus_a, CURVE448_A);
    gf_neg(minus_a, minus_a);

    gf_sqr(den, r);
    gf_sub(den, one, den);                 /* 1 + Z r^2 = 1 - r^2 */
    gf_invert(den, den);                   /* inv0 */
    gf_mul(x1, minus_a, den);
    gf_select(x1, x1, minus_a, gf_is_zero(x1));
    gf_sub(x2, minus_a, x1);               /* x2 = -x1 - A */

    curve448_rhs(gx1, x1);
    gf_isr(t, gx1);                        /* t = g(x1)^((p-3)/4), square or not */
    gf_mul(y1, gx1, t);
    gf_mul(y2, y1, r);
    gf_sqr(check, y1);
    mask_t e1 = gf_eq(check, gx1);         /* is_square(g(x1)) */

    gf_select(u, x2, x1, e1);
    gf_select(v, y2, y1, e1);
    /* sgn0(v) must be 1 for x1 and 0 for x2: negate when sgn0(v) differs from e1. */
    gf_cond_neg(v, gf_lobit(v) ^ e1);

    ct_wipe(den, sizeof den);
    ct_wipe(x1, sizeof x1);
    ct_wipe(x2, sizeof x2);
    ct_wipe(gx1, sizeof gx1);
    ct_wipe(t, sizeof t);
    ct_wipe(y1, sizeof y1);
    ct_wipe(y2, sizeof y2);
    ct_wipe(check, sizeof check);
    ct_wipe(&e1, sizeof e1);
}
