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
 * u w^2 - 2 v^2 (u^2 + 1), the second numerator as -u (w^2 - 4 v^2).
 */
#include "h2c.h"
#include "ct.h"

/*
 * At u = U / W: with q = U^2 - W^2 (w = q / W^2), multiplying numerators
 * and denominators by powers of W,
 *   x = 4 v q W^2 / (q^2 + 4 v^2 W^4)
 *   y = U (4 v^2 W^4 - q^2) / (U q^2 - 2 v^2 W^3 (U^2 + W^2)).
 */
void h2c_curve448_to_edwards(point_t *out, const gf un, const gf ud, const gf v) {
    gf uu, ww, w4, q, qq, vv, vw4, xn, xd, yn, yd, t;
    gf_sqr(uu, un);
    gf_sqr(ww, ud);
    gf_sqr(w4, ww);
    gf_sub(q, uu, ww);                     /* q = U^2 - W^2 */
    gf_sqr(qq, q);
    gf_sqr(vv, v);
    gf_mul(vw4, vv, w4);
    gf_mulw(vw4, vw4, 4);                  /* 4 v^2 W^4 */
    gf_mul(xn, v, q);
    gf_mul(xn, xn, ww);
    gf_mulw(xn, xn, 4);                    /* xn = 4 v q W^2 */
    gf_add(xd, qq, vw4);                   /* xd = q^2 + 4 v^2 W^4 */
    gf_sub(yn, vw4, qq);
    gf_mul(yn, yn, un);                    /* yn = U (4 v^2 W^4 - q^2) */
    gf_add(t, uu, ww);
    gf_mul(t, t, vv);
    gf_mul(t, t, ww);
    gf_mul(t, t, ud);
    gf_add(t, t, t);                       /* 2 v^2 W^3 (U^2 + W^2) */
    gf_mul(yd, un, qq);
    gf_sub(yd, yd, t);                     /* yd = U q^2 - 2 v^2 W^3 (U^2 + W^2) */

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
    ct_wipe(ww, sizeof ww);
    ct_wipe(w4, sizeof w4);
    ct_wipe(q, sizeof q);
    ct_wipe(qq, sizeof qq);
    ct_wipe(vv, sizeof vv);
    ct_wipe(vw4, sizeof vw4);
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
