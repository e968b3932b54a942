/*
 * decaf448, RFC 9496 section 5, on the edwards448 points of point.h (the
 * RFC states its formulas on this curve, a = 1, d = -39081). A decaf448
 * element is represented by any of the points that encode to it; the
 * generator is the class of [2]B, B the Ed448 base point.
 */
#include <string.h>
#include "goldilocks.h"
#include "point.h"
#include "ct.h"
#include "decaf448_steps.h"

#define ONE_MINUS_TWO_D 78163 /* 1 - 2d */

/* CT_ABS (section 4.2): out = -a when a is negative (odd), else a. */
static void gf_abs(gf out, const gf a) {
    gf_copy(out, a);
    gf_cond_neg(out, gf_lobit(out));
}

/*
 * SQRT_RATIO_M1(u, v) for p = 3 mod 4 (section 5.2): r = u (u v)^((p-3)/4);
 * was_square when v r^2 = u; r made non-negative. For a non-square u/v this
 * r is sqrt(-u/v). sqrt_ratio_m1_finish is its part after the exponentiation,
 * from uv_isr = (u v)^((p-3)/4), which MAP's halves use too.
 */
static mask_t sqrt_ratio_m1_finish(gf r, const gf u, const gf v, const gf uv_isr) {
    gf check;
    gf_mul(r, u, uv_isr);
    gf_sqr(check, r);
    gf_mul(check, check, v);
    mask_t was_square = gf_eq(check, u);
    gf_abs(r, r);
    return was_square;
}

/* Section 5.3.1 (decaf448_steps.h). */
mask_t decaf448_decode(point_t *out, const uint8_t in[DECAF448_BYTES]) {
    struct {
        gf s, ss, u1, u2, u1sq, t, r, w, sw, one;
    } v; /* one wipe */
    mask_t ok = gf_deserialize(v.s, in);
    ok &= ~gf_lobit(v.s);
    DECAF448_DECODE_TO_TEST(gf, v);
    ok &= gf_eq(v.w, v.one); /* was_square: t r^2 = 1 */
    DECAF448_DECODE_POINT(gf, v, out, curve_sqrt_minus_d);
    ct_wipe(&v, sizeof v);
    return ok;
}

/* Section 5.3.2 (decaf448_steps.h). */
void decaf448_encode(uint8_t out[DECAF448_BYTES], const point_t *a) {
    struct {
        gf u1, t, invsqrt, w, u2;
    } v; /* one wipe */
    DECAF448_ENCODE_S(gf, v, a, curve_sqrt_minus_d);
    gf_serialize(out, v.t);
    ct_wipe(&v, sizeof v);
}

/*
 * Section 5.3.2 for phi_hat(r), r = (X : Y : Z) of odd order on the twisted
 * curve E' (point_twisted.h), without phi_hat and without the inverse square
 * root: for a point phi_hat(r) the square root the encoding takes is a
 * rational function of r, and s comes out as |y/x| or |x/y|.
 *
 * With (x, y) = r affine and m = d' x^2 y^2, P0 = phi_hat(r) = (x0, y0) has
 * x0 = 2xy / (x^2 + y^2), y0 = (1 + m) / (1 - m) (on E', y^2 - x^2 = 1 + m),
 * and 1 - y0^2 = -4m / (1 - m)^2. In affine terms section 5.3.2 takes
 * invsqrt = 1/sqrt(+-(1 - d) x0^4 (1 - y0^2)), that is 1/(x0^2 r) for a root
 * r of (1 - d)(1 - y0^2) = 4 d'^2 x^2 y^2 / (1 - m)^2 (1 - d = -d'), a
 * square: r = +-2 d' xy / (1 - m). Then ratio = r' sqrt(-d) / (1 - d) for the
 * sign r' = e 2 d' xy / (1 - m) that makes it non-negative, u2 =
 * r' / (1 - d) - x0 y0 and s = |(1 - d) u2 / (x0 r')| = |1/x0 + d' y0 / r'|
 *   = |(x^2 + y^2 + e (y^2 - x^2)) / (2xy)|,
 * y/x when e = 1 and x/y when e = -1, where
 *   r' sqrt(-d) / (1 - d) = e rho,  rho = -2 sqrt(-d) xy / (1 - m).
 * Projectively, with W = 2Z^2 - Y^2 + X^2 (= Z^2 (1 - m)) and the one
 * inversion I = 1 / (X Y W): rho = -2 sqrt(-d) (XY)^2 I, y/x = Y^2 W I,
 * x/y = X^2 W I. The neutral element (X = 0) gets I = 0 and s = 0, as in
 * section 5.3.2. 6M + 4S, gf_invert, in place of phi_hat (4M + 4S) and
 * decaf448_encode (an inverse square root and 10M).
 */
void decaf448_encode_twisted(uint8_t out[DECAF448_BYTES], const point_t *r) {
    struct {
        gf xx, yy, w, xy, inv, rho, s;
    } v; /* one wipe */
    gf_sqr(v.xx, r->x);
    gf_sqr(v.yy, r->y);
    gf_sqr(v.w, r->z);
    gf_add(v.w, v.w, v.w);
    gf_sub(v.w, v.w, v.yy);
    gf_add(v.w, v.w, v.xx); /* W = 2Z^2 - Y^2 + X^2 */
    gf_mul(v.xy, r->x, r->y);
    gf_mul(v.inv, v.xy, v.w);
    gf_invert(v.inv, v.inv); /* I = 1 / (X Y W) */
    gf_sqr(v.rho, v.xy);
    gf_mul(v.rho, v.rho, v.inv);
    gf_mul(v.rho, v.rho, curve_sqrt_minus_d);
    gf_mulw(v.rho, v.rho, 2);
    gf_neg(v.rho, v.rho); /* rho = -2 sqrt(-d) (XY)^2 I */
    /* e = -1 (x/y) when rho is negative */
    gf_select(v.s, v.yy, v.xx, gf_lobit(v.rho));
    gf_mul(v.s, v.s, v.w);
    gf_mul(v.s, v.s, v.inv);
    gf_abs(v.s, v.s);
    gf_serialize(out, v.s);
    ct_wipe(&v, sizeof v);
}

/* Section 5.3.3: x1 y2 = y1 x2. */
mask_t decaf448_eq_xy(const gf ax, const gf ay, const gf bx, const gf by) {
    struct {
        gf l, r;
    } c;
    gf_mul(c.l, ax, by);
    gf_mul(c.r, ay, bx);
    mask_t eq = gf_eq(c.l, c.r);
    _Static_assert(sizeof c % sizeof(ct_wipe_vec) == 0, "whole vectors");
    ct_wipe_inline(&c, sizeof c);
    return eq;
}

mask_t decaf448_eq(const point_t *a, const point_t *b) {
    return decaf448_eq_xy(a->x, a->y, b->x, b->y);
}

/*
 * MAP(t), section 5.3.4, in two halves around SQRT_RATIO_M1(1 - 2d, (r + 1) u1)'s
 * inverse square root, so that decaf448_from_uniform takes the two maps' roots
 * together (gf_isr2).
 */
typedef struct {
    gf r, rp1, v; /* r = -t^2, r + 1, and (r + 1) u1: the ratio's denominator */
} map_state;

/* Up to the root: isr_in = (1 - 2d) (r + 1) u1, whose (p-3)/4 power map_finish takes. */
static void map_start(map_state *m, gf isr_in, const gf t) {
    gf u0, u1, one, tmp;
    gf_set_small(one, 1);
    gf_sqr(m->r, t);
    gf_neg(m->r, m->r);                   /* r = -t^2 */
    gf_sub(u0, one, m->r);
    gf_mulw(u0, u0, CURVE_MINUS_D);       /* u0 = d (r - 1) = 39081 (1 - r) */
    gf_add(u1, u0, one);
    gf_sub(tmp, u0, m->r);
    gf_mul(u1, u1, tmp);                  /* u1 = (u0 + 1)(u0 - r) */
    gf_add(m->rp1, m->r, one);
    gf_mul(m->v, m->rp1, u1);
    gf_mulw(isr_in, m->v, ONE_MINUS_TWO_D);
}

static void map_finish(point_t *out, const map_state *m, const gf t, const gf isr_out) {
    gf v, tv, s, w0, w1, w2, w3, one, tmp;
    gf_set_small(one, 1);
    gf_set_small(w0, ONE_MINUS_TWO_D);
    mask_t was_square = sqrt_ratio_m1_finish(v, w0, m->v, isr_out);
    gf_mul(tv, t, v);
    gf_select(v, tv, v, was_square);      /* v' = was_square ? v : t v */
    gf_mul(s, v, m->rp1);                 /* s = v' (r + 1) */
    gf_abs(w0, s);
    gf_add(w0, w0, w0);                   /* w0 = 2 |s| */
    gf_sqr(tmp, s);
    gf_add(w1, tmp, one);                 /* w1 = s^2 + 1 */
    gf_sub(w2, tmp, one);                 /* w2 = s^2 - 1 */
    gf_sub(tmp, m->r, one);
    gf_mul(w3, v, s);
    gf_mul(w3, w3, tmp);
    gf_mulw(w3, w3, ONE_MINUS_TWO_D);
    gf_copy(tmp, one);
    gf_cond_neg(tmp, ~was_square);        /* sgn = was_square ? 1 : -1 */
    gf_add(w3, w3, tmp);                  /* w3 = v' s (r - 1)(1 - 2d) + sgn */
    gf_mul(out->x, w0, w3);
    gf_mul(out->y, w2, w1);
    gf_mul(out->z, w1, w3);
    gf_mul(out->t, w0, w2);
}

void decaf448_from_uniform(point_t *out, const uint8_t in[DECAF448_UNIFORM_BYTES]) {
    struct {
        gf t[2], isr_in[2], isr_out[2];
        map_state m[2];
        point_t p2;
    } w; /* one wipe for all */
    mask_t square[2];
    gf_deserialize(w.t[0], in); /* reduced mod p whether canonical or not */
    gf_deserialize(w.t[1], in + DECAF448_BYTES);
    map_start(&w.m[0], w.isr_in[0], w.t[0]);
    map_start(&w.m[1], w.isr_in[1], w.t[1]);
    gf_isr2(w.isr_out, square, (const gf_s(*)[1])w.isr_in); /* the mask: sqrt_ratio_m1_finish's test instead */
    map_finish(out, &w.m[0], w.t[0], w.isr_out[0]);
    map_finish(&w.p2, &w.m[1], w.t[1], w.isr_out[1]);
    point_add_single(out, out, &w.p2);
    ct_wipe(&w, sizeof w);
}

/*
 * ---- the public API ----
 *
 * Every input is decoded into a local point or scalar before the output is
 * written (by decaf448_encode, from a local point), so out may overlap any
 * input. A NULL argument fails before anything is read.
 */

static int fail(uint8_t *out) {
    if (out)
        memset(out, 0, DECAF448_BYTES);
    return -1;
}

int goldilocks_decaf448_validate(const uint8_t enc[56]) {
    point_t p;
    if (!enc)
        return -1;
    return decaf448_decode(&p, enc) ? 0 : -1;
}

int goldilocks_decaf448_scalarmult_base(uint8_t out[56], const uint8_t scalar[56]) {
    if (!out || !scalar)
        return fail(out);
    scalar_t k;
    point_t p;
    scalar_reduce_bytes(&k, scalar, 56);
    scalar_add(&k, &k, &k); /* the generator is [2]B */
    point_scalarmul_base_on_twist(&p, &k); /* phi_hat(p) = [k]B */
    decaf448_encode_twisted(out, &p);
    ct_wipe(&k, sizeof k);
    point_wipe(&p);
    ct_wipe_stack();
    return 0;
}

int goldilocks_decaf448_scalarmult(uint8_t out[56], const uint8_t point[56], const uint8_t scalar[56]) {
    if (!out || !point || !scalar)
        return fail(out);
    scalar_t k;
    point_t p;
    if (!decaf448_decode(&p, point))
        return fail(out);
    scalar_reduce_bytes(&k, scalar, 56);
    point_scalarmul_twisted(&p, &p, &k);
    decaf448_encode_twisted(out, &p);
    ct_wipe(&k, sizeof k);
    point_wipe(&p);
    ct_wipe_stack();
    return 0;
}

int goldilocks_decaf448_add(uint8_t out[56], const uint8_t a[56], const uint8_t b[56]) {
    if (!out || !a || !b)
        return fail(out);
    point_t p, q;
    mask_t ok = decaf448_decode(&p, a);
    ok &= decaf448_decode(&q, b);
    if (!ok)
        return fail(out);
    point_add_single(&p, &p, &q);
    decaf448_encode(out, &p);
    point_wipe(&p);
    point_wipe(&q);
    return 0;
}

void goldilocks_decaf448_from_uniform(uint8_t out[56], const uint8_t uniform[112]) {
    if (!out || !uniform) {
        (void)fail(out);
        return;
    }
    point_t p;
    decaf448_from_uniform(&p, uniform);
    decaf448_encode(out, &p);
    point_wipe(&p);
}
