/*
 * One point of the twisted curve E' (point_twisted.h: -x^2 + y^2 = 1 + d' x^2 y^2)
 * spread over the four lanes of a radix-2^50 element
 * (gf4r50.h): extended coordinates (X, Y, T, Z) in
 * lanes 0..3, so that each formula's four independent products are one lane
 * product. For point_scalarmul_r50.c, point_verify_r50.c,
 * point_double_scalarmul_decaf_r50.c, point_batch_equation_r50.c, point_precomp_r50.c and
 * point_base_twisted_r50.c; apart so that test/straightline_lanes.c
 * can put them out of line for test/straightline_check.py (valgrind cannot run
 * AVX-512). The formulas are point_twisted.h's, with its signs:
 *
 *   doubling ("dbl-2008-hwcd", a = -1), two lane products:
 *     (A, B, C, XY) = (X, Y, Z, X) * (X, Y, 2Z, Y)                 C = 2 Z^2
 *     E = 2XY, G = B - A, H = A + B, F = A + C - B                 (F and H negated)
 *     (X3, Y3, T3, Z3) = (E, G, E, F) * (F, H, H, G)
 *   addition of a table entry (Y2 - X2, Y2 + X2, 2d' T2, 2 Z2) ("add-2008-hwcd-3"):
 *     (A, B, C, D) = (Y1 - X1, Y1 + X1, T1, Z1) * entry
 *     (E, H, F, G) = (B - A, B + A, D - C, D + C)
 *     (X3, Y3, T3, Z3) = (E, G, E, F) * (F, H, H, G)
 *   the entry's negation (Y2 + X2, Y2 - X2, -2d' T2, 2 Z2): its first two lanes
 *   traded (a select of a permute) and F, G traded (the difference's lane mask).
 *
 * Bounds (gf4r50.h): a point is reduced in every lane (the products' outputs); an
 * entry is loose (it only feeds products).
 */
#ifndef GOLDILOCKS_POINT_R50_H
#define GOLDILOCKS_POINT_R50_H

#include "gf4r50.h"
#include "field_r50.h"
#include "point_twisted.h"

/* The permutations of the formulas (public constants). */
typedef struct {
    gf4r50_word dbl_l, dbl_r, all3, u_l, u_r, all1, f_l, f_r, add_y, add_x, e_l, e_r, v_l, v_r, swap01;
    gf4r50 zero;
} point_r50_perms;

static inline void point_r50_perms_init(point_r50_perms *p) {
    p->dbl_l = gf4r50_lanes(0, 1, 3, 0);  /* (X, Y, Z, X) from (X, Y, T, Z) */
    p->dbl_r = gf4r50_lanes(0, 1, 3, 1);  /* (X, Y, Z, Y) */
    p->all3 = gf4r50_lanes(3, 3, 3, 3);
    p->u_l = gf4r50_lanes(3, 1, 0, 0);    /* (XY, B, A, A) */
    p->u_r = gf4r50_lanes(3, 0, 1, 2);    /* (XY, A, B, C) */
    p->all1 = gf4r50_lanes(1, 1, 1, 1);
    p->f_l = gf4r50_lanes(0, 1, 0, 0);    /* (E, G, E, .) */
    p->f_r = gf4r50_lanes(0, 2, 2, 1);    /* (., H, H, G) */
    p->add_y = gf4r50_lanes(1, 1, 2, 3);  /* (Y, Y, T, Z) */
    p->add_x = gf4r50_lanes(0, 0, 2, 3);  /* (X, X, T, Z) */
    p->v_l = gf4r50_lanes(1, 1, 3, 3);    /* (B, B, D, D) */
    p->v_r = gf4r50_lanes(0, 0, 2, 2);    /* (A, A, C, C) */
    p->e_l = gf4r50_lanes(0, 3, 0, 2);    /* (E, G, E, F) from (E, H, F, G) */
    p->e_r = gf4r50_lanes(2, 1, 1, 3);    /* (F, H, H, G) */
    p->swap01 = gf4r50_lanes(1, 0, 2, 3);
    for (unsigned i = 0; i < GF4R50_LIMBS; i++) p->zero->limb[i] = gf4r50_zero_word();
}

/* Scratch of the formulas: everything in it may depend on a secret (wipe it). */
typedef struct {
    gf4r50 l, r, u, f;
} point_r50_scratch;

/* p = 2p. */
static inline __attribute__((always_inline)) void point_r50_double(gf4r50 p, const point_r50_perms *c,
                                                                   point_r50_scratch *s) {
    gf4r50_permute(s->l, p, c->dbl_l);
    gf4r50_add(s->u, p, p);                                     /* 2Z in lane 3 */
    gf4r50_permute(s->u, s->u, c->all3);
    gf4r50_permute(s->r, p, c->dbl_r);
    gf4r50_blend(s->r, s->r, s->u, 0x4);                        /* (X, Y, 2Z, Y) */
    gf4r50_mul(s->f, s->l, s->r);                               /* (A, B, C, XY) */
    gf4r50_permute(s->l, s->f, c->u_l);
    gf4r50_permute(s->r, s->f, c->u_r);
    gf4r50_addsub(s->u, s->l, s->r, 0x2);                       /* (E, G, H, A + C) */
    gf4r50_carry(s->u, s->u);
    gf4r50_permute(s->l, s->u, c->all3);
    gf4r50_permute(s->r, s->f, c->all1);
    gf4r50_addsub(s->f, s->l, s->r, 0xf);                       /* F = A + C - B, every lane */
    gf4r50_permute(s->l, s->u, c->f_l);
    gf4r50_blend(s->l, s->l, s->f, 0x8);                        /* (E, G, E, F) */
    gf4r50_permute(s->r, s->u, c->f_r);
    gf4r50_blend(s->r, s->r, s->f, 0x1);                        /* (F, H, H, G) */
    gf4r50_mul(p, s->l, s->r);                                  /* (X3, Y3, T3, Z3) */
}

/* p = p + e, or p - e where neg is all ones (secret), for an entry e of point_r50_entry. */
static inline __attribute__((always_inline)) void point_r50_add(gf4r50 p, const gf4r50 e, mask_t neg,
                                                                const point_r50_perms *c, point_r50_scratch *s) {
    /* -e: its Y2 - X2 and Y2 + X2 traded here, its C negated by trading F and G below */
    gf4r50_permute(s->f, e, c->swap01);
    gf4r50_select(s->f, e, s->f, gf4r50_splat(neg));
    gf4r50_permute(s->l, p, c->add_y);
    gf4r50_permute(s->r, p, c->add_x);
    gf4r50_addsub(s->u, s->l, s->r, 0x1);
    gf4r50_blend(s->l, s->u, p, 0xc);                           /* (Y1 - X1, Y1 + X1, T1, Z1) */
    gf4r50_mul(s->u, s->l, s->f);                               /* (A, B, C, D) */
    gf4r50_permute(s->l, s->u, c->v_l);
    gf4r50_permute(s->r, s->u, c->v_r);
    /* lanes 0 and 2 the differences (E, F), or 0 and 3 (E, G = D - C for -C) */
    gf4r50_addsub(s->f, s->l, s->r, (gf4r50_lanemask)(0x5 ^ (0xc & neg)));   /* (E, H, F, G) */
    gf4r50_permute(s->l, s->f, c->e_l);
    gf4r50_permute(s->r, s->f, c->e_r);
    gf4r50_mul(p, s->l, s->r);                                  /* (X3, Y3, T3, Z3) */
}

/* e = the table entry of p: (Y - X, Y + X, 2d' T, 2Z), loose; 2d' T = -(78164 T). */
static inline __attribute__((always_inline)) void point_r50_entry(gf4r50 e, const gf4r50 p, const point_r50_perms *c,
                                                                  point_r50_scratch *s) {
    gf4r50_permute(s->l, p, c->add_y);
    gf4r50_permute(s->r, p, c->add_x);
    gf4r50_addsub(s->u, s->l, s->r, 0x1);                       /* (Y - X, Y + X, 2T, 2Z) */
    gf4r50_mulw(s->f, p, TWISTED_MINUS_2D);                     /* lane 2: 78164 T */
    gf4r50_addsub(s->f, c->zero, s->f, 0xf);                    /* -78164 T */
    gf4r50_blend(e, s->u, s->f, 0x4);
}

/* p = the point of an entry e, without T (a doubling comes next, which does not read it):
 * (2X, 2Y, ., 2Z) = (ypx - ymx, ypx + ymx, ., z2), reduced. */
static inline __attribute__((always_inline)) void point_r50_from_entry_no_t(gf4r50 p, const gf4r50 e,
                                                                           const point_r50_perms *c,
                                                                           point_r50_scratch *s) {
    gf4r50_carry(s->u, e);
    gf4r50_permute(s->l, s->u, c->all1);                        /* ypx */
    gf4r50_permute(s->r, s->u, c->v_r);                         /* (ymx, ymx, ., .) */
    gf4r50_addsub(s->f, s->l, s->r, 0x1);                       /* (ypx - ymx, ypx + ymx, ...) */
    gf4r50_permute(s->r, s->u, c->all3);                        /* z2 */
    gf4r50_blend(s->f, s->f, s->r, 0x8);
    gf4r50_carry(p, s->f);
}

/* ---- built on the above: tables of odd multiples and the variable-time digits of a wNAF ---- */

/* out = phi(p) (point_twisted.h) in the lanes (X, Y, T, Z). */
static inline void point_r50_from_edwards(gf4r50 out, const point_t *p) {
    point_t q;
    twisted_from_edwards(&q, p);
    const gf_s *const lanes[GF4R50_LANES] = {q.x, q.y, q.t, q.z};
    gf4r50_from_gf(out, lanes);
    point_wipe(&q);
}

/* table[i] = the entry of (2i + 1) phi(p), i < entries. */
static inline void point_r50_odd_multiples(gf4r50_s *table, unsigned entries, const point_t *p,
                                           const point_r50_perms *c, point_r50_scratch *s) {
    gf4r50 m, twice, e2;
    point_r50_from_edwards(m, p);
    point_r50_entry(&table[0], m, c, s);
    *twice = *m;
    point_r50_double(twice, c, s);
    point_r50_entry(e2, twice, c, s);
    for (unsigned i = 1; i < entries; i++) {
        point_r50_add(m, e2, 0, c, s);
        point_r50_entry(&table[i], m, c, s);
    }
}

/* acc += [d] of the odd multiples in table (d odd or 0, public). */
static inline void point_r50_add_digit_vartime(gf4r50 acc, const gf4r50_s *table, int d, const point_r50_perms *c,
                                 point_r50_scratch *s) {
    if (d > 0)
        point_r50_add(acc, &table[d >> 1], 0, c, s);
    else if (d < 0)
        point_r50_add(acc, &table[(-d) >> 1], (mask_t)-1, c, s);
}

/* p = the neutral element (X, Y, T, Z) = (0, 1, 0, 1). */
static inline void point_r50_identity(gf4r50 p) {
    gf one, zero;
    gf_set_small(one, 1);
    gf_set_small(zero, 0);
    const gf_s *const lanes[GF4R50_LANES] = {zero, one, zero, one};
    gf4r50_from_gf(p, lanes);
}

/* out = the point of E' in the lanes of p (X, Y, T, Z). */
static inline void point_r50_to_point(point_t *out, const gf4r50 p) {
    gf4r50_to_gf(out->x, p, 0);
    gf4r50_to_gf(out->y, p, 1);
    gf4r50_to_gf(out->t, p, 2);
    gf4r50_to_gf(out->z, p, 3);
}

/*
 * The Straus loops' operations (point_straus_loop.h) on these points, whose T
 * is always there (with_t is ignored), for point_verify_r50.c,
 * point_double_scalarmul_decaf_r50.c and point_batch_equation_r50.c. The
 * context x is the parenthesized pair (perms, scratch), handed on as two
 * arguments by R50_PAIR (point_scalarmul_r50.c says why).
 */
#define R50_PAIR(perms, scratch) perms, scratch
#define r50_straus_identity(x, acc) point_r50_identity(acc)
#define r50_straus_double(x, acc, with_t) point_r50_double(acc, R50_PAIR x)
#define r50_straus_add_digit(x, acc, table, d, with_t) point_r50_add_digit_vartime(acc, table, d, R50_PAIR x)
#define r50_straus_odd_multiples(x, out, entries, p) point_r50_odd_multiples(out, entries, p, R50_PAIR x)

#endif
