/*
 * Elligator 2 for curve448, v^2 = u^3 + A u^2 + u (A = 156326, B = 1, so
 * J = A and K = 1), with Z = -1: RFC 9380 section 6.7.1, as straight-line
 * constant-time code with a single exponentiation and no inversion:
 *
 *   x1 = -A / (1 - r^2), or -A when 1 - r^2 = 0 (inv0(0) = 0 gives x1 = 0)
 *   x2 = -x1 - A
 *   g(x) = x^3 + A x^2 + x
 *   (u, v) = (x1, sqrt(g(x1))) with sgn0(v) = 1 if g(x1) is square,
 *            (x2, sqrt(g(x2))) with sgn0(v) = 0 otherwise.
 *
 * u is kept as a fraction xn / xd (xd = 1 - r^2, or 1), so
 * g(x1) = gn / gd with gn = xn (xn (xn + A xd) + xd^2), gd = xd^3. For
 * p = 3 mod 4, y1 = gn gd (gn gd^3)^((p-3)/4) = (gn / gd)^((p+1)/4): the
 * exponents of gn and gd are (p+1)/4 and 1 + 3 (p-3)/4 = (3p-5)/4, and
 * gd^((3p-5)/4) = gd^(-(p+1)/4) since gd^(p-1) = 1. By Euler's criterion
 * y1^2 = g(x1) when g(x1) is a square and -g(x1) otherwise.
 *
 * One exponentiation serves both branches. x1 + x2 = -A gives
 * x1^2 + A x1 = x2^2 + A x2 = -x1 x2, hence g(x2) / g(x1) = x2 / x1 = -r^2
 * (x2 = -r^2 x1 by the definition of x1, when 1 - r^2 != 0), and y2 = r y1
 * has y2^2 = -r^2 g(x1) = g(x2) when g(x1) is not a square. g(x1) is never
 * 0: x1 != 0, and x^2 + A x + 1 has no root since A^2 - 4 is not a square
 * mod p (curve448 has a single point of order 2). In the exceptional case
 * r = +-1, x1 = -A, g(-A) = -A is not a square, and the RFC's point is
 * (x2, 0) = (0, 0): x2 = -x1 - A is computed as such, and y2 is set to 0.
 */
#include "h2c.h"
#include "ct.h"

void h2c_elligator2_start(h2c_ell2_state *s, gf isr_in, const gf r) {
    gf one, rr, t;
    gf_set_small(one, 1);
    gf_set_small(s->xn, CURVE448_A);
    gf_neg(s->xn, s->xn);                  /* xn = -A */

    gf_sqr(rr, r);
    gf_sub(s->xd, one, rr);                /* 1 + Z r^2 = 1 - r^2 */
    s->exceptional = gf_is_zero(s->xd);
    gf_select(s->xd, s->xd, one, s->exceptional); /* x1 = -A */

    gf_mulw(t, s->xd, CURVE448_A);
    gf_add(s->gn, s->xn, t);
    gf_mul(s->gn, s->gn, s->xn);
    gf_sqr(t, s->xd);
    gf_add(s->gn, s->gn, t);
    gf_mul(s->gn, s->gn, s->xn);           /* gn = xn (xn (xn + A xd) + xd^2) */
    gf_mul(s->gd, t, s->xd);               /* gd = xd^3 */

    gf_sqr(t, s->gd);
    gf_mul(t, t, s->gd);
    gf_mul(isr_in, t, s->gn);              /* gn gd^3 */
    ct_wipe(rr, sizeof rr);
    ct_wipe(t, sizeof t);
}

void h2c_elligator2_finish(gf un, gf ud, gf v, const h2c_ell2_state *s, const gf r, const gf isr_out) {
    gf t, y1, y2, zero;
    gf_set_small(zero, 0);
    gf_mul(y1, isr_out, s->gn);
    gf_mul(y1, y1, s->gd);                 /* y1 = (gn / gd)^((p+1)/4) */
    gf_sqr(t, y1);
    gf_mul(t, t, s->gd);
    mask_t e1 = gf_eq(t, s->gn);           /* is_square(g(x1)) */

    gf_mul(y2, y1, r);
    gf_select(y2, y2, zero, s->exceptional);
    gf_mulw(t, s->xd, CURVE448_A);
    gf_add(t, t, s->xn);
    gf_neg(t, t);                          /* x2 xd = -xn - A xd */

    gf_select(un, t, s->xn, e1);
    gf_copy(ud, s->xd);
    gf_select(v, y2, y1, e1);
    /* sgn0(v) must be 1 for x1 and 0 for x2: negate when sgn0(v) differs from e1. */
    gf_cond_neg(v, gf_lobit(v) ^ e1);

    ct_wipe(t, sizeof t);
    ct_wipe(y1, sizeof y1);
    ct_wipe(y2, sizeof y2);
}

void h2c_elligator2_curve448(gf un, gf ud, gf v, const gf r) {
    h2c_ell2_state s;
    gf t;
    h2c_elligator2_start(&s, t, r);
    gf_isr(t, t);                          /* (gn gd^3)^((p-3)/4), square or not */
    h2c_elligator2_finish(un, ud, v, &s, r, t);
    ct_wipe(&s, sizeof s);
    ct_wipe(t, sizeof t);
}
