/*
 * The 4-isogenies between curve448 (v^2 = u^3 + A u^2 + u) and edwards448
 * (x^2 + y^2 = 1 + d x^2 y^2) of RFC 7748 section 4.2:
 *
 *   (u, v) -> (x, y) = (4 v (u^2 - 1) / (u^4 - 2 u^2 + 4 v^2 + 1),
 *                       -(u^5 - 2 u^3 - 4 u v^2 + u) / (u^5 - 2 u^2 v^2 - 2 u^3 - 2 v^2 + u))
 *   (x, y) -> (u, v) = (y^2 / x^2, (2 - x^2 - y^2) y / x^3)
 *
 * Both are group homomorphisms and their composition is [4] up to sign, so
 * the u coordinate of the composition is that of [4]P: hash_to_curve.c uses
 * this to clear curve448's cofactor (h_eff = 4) without Montgomery
 * addition. With w = u^2 - 1 the denominators factor as w^2 + 4 v^2 and
 * u w^2 - 2 v^2 (u^2 + 1), the first numerator as -u (w^2 - 4 v^2).
 */
#include "h2c.h"
#include "ct.h"

void h2c_curve448_to_edwards(point_t *out, const gf u, const gf v) {
    gf one, uu, vv, w, ww, vv4, xn, xd, yn, yd, t;
    gf_set_small(one, 1);
    gf_sqr(uu, u);
    gf_sqr(vv, v);
    gf_sub(w, uu, one);                    /* w = u^2 - 1 */
    gf_sqr(ww, w);
    gf_mulw(vv4, vv, 4);                   /* 4 v^2 */
    gf_mul(xn, v, w);
    gf_mulw(xn, xn, 4);                    /* xn = 4 v w */
    gf_add(xd, ww, vv4);                   /* xd = w^2 + 4 v^2 */
    gf_sub(yn, vv4, ww);
    gf_mul(yn, yn, u);                     /* yn = -u (w^2 - 4 v^2) */
    gf_mul(yd, u, ww);
    gf_add(t, uu, one);
    gf_mul(t, t, vv);
    gf_add(t, t, t);
    gf_sub(yd, yd, t);                     /* yd = u w^2 - 2 v^2 (u^2 + 1) */

    /* Extended coordinates: (xn yd : yn xd : xd yd : xn yn). */
    point_t p, id;
    gf_mul(p.x, xn, yd);
    gf_mul(p.y, yn, xd);
    gf_mul(p.z, xd, yd);
    gf_mul(p.t, xn, yn);
    /* A vanishing denominator (the kernel) gives the neutral element, as in RFC 9380's edwards448 map. */
    mask_t exceptional = gf_is_zero(p.z);
    point_identity(&id);
    gf_select(out->x, p.x, id.x, exceptional);
    gf_select(out->y, p.y, id.y, exceptional);
    gf_select(out->z, p.z, id.z, exceptional);
    gf_select(out->t, p.t, id.t, exceptional);

    point_wipe(&p);
    ct_wipe(uu, sizeof uu);
    ct_wipe(vv, sizeof vv);
    ct_wipe(w, sizeof w);
    ct_wipe(ww, sizeof ww);
    ct_wipe(vv4, sizeof vv4);
    ct_wipe(xn, sizeof xn);
    ct_wipe(xd, sizeof xd);
    ct_wipe(yn, sizeof yn);
    ct_wipe(yd, sizeof yd);
    ct_wipe(t, sizeof t);
    ct_wipe(&exceptional, sizeof exceptional);
}

/* u = Y^2 / X^2 on projective coordinates; inv0(0) = 0 for X = 0. */
void h2c_edwards_to_curve448_u(gf u, const point_t *a) {
    gf t;
    gf_invert(t, a->x);
    gf_mul(t, t, a->y);
    gf_sqr(u, t);
    ct_wipe(t, sizeof t);
}
