/*
 * The GMP model of edwards448 that the curve tests check the library
 * against: the constants (p, d, l, (p + 1) / 4), affine points of
 * x^2 + y^2 = 1 + d x^2 y^2 with d = -39081
 * (RFC 8032 section 5.2), their addition, multiplication, encoding and
 * decoding (section 5.2.2, 5.2.3), the base point. It shares no code with
 * the library (bytes and random residues: gmp_bytes.h).
 *
 * Header-only (static inline), for one test program each: oracle_init()
 * once, before anything else here; oracle_clear() at the end.
 */
#ifndef GOLDILOCKS_TEST_ED448_ORACLE_H
#define GOLDILOCKS_TEST_ED448_ORACLE_H

#include <gmp.h>
#include <stdint.h>
#include <stdlib.h>
#include "gmp_bytes.h"

static mpz_t P, D, L, SQRT_EXP; /* p = 2^448 - 2^224 - 1, d mod p, l, (p + 1) / 4 */

static inline void oracle_init(void) {
    mpz_t t;
    mpz_inits(P, D, L, SQRT_EXP, t, NULL);
    mpz_ui_pow_ui(P, 2, 448);
    mpz_ui_pow_ui(t, 2, 224);
    mpz_sub(P, P, t);
    mpz_sub_ui(P, P, 1);
    mpz_sub_ui(D, P, 39081);
    /* l = 2^446 - 13818066809895115352007386748515426880336692474882178609894547503885 (RFC 8032 5.2) */
    mpz_ui_pow_ui(L, 2, 446);
    mpz_set_str(t, "13818066809895115352007386748515426880336692474882178609894547503885", 10);
    mpz_sub(L, L, t);
    mpz_add_ui(SQRT_EXP, P, 1);
    mpz_fdiv_q_2exp(SQRT_EXP, SQRT_EXP, 2);
    mpz_clear(t);
}

static inline void oracle_clear(void) { mpz_clears(P, D, L, SQRT_EXP, NULL); }

/* ---- affine points ---- */

typedef struct {
    mpz_t x, y;
} ref_point;

static inline void ref_init(ref_point *a) { mpz_inits(a->x, a->y, NULL); }
static inline void ref_clear(ref_point *a) { mpz_clears(a->x, a->y, NULL); }
static inline void ref_set(ref_point *a, const ref_point *b) {
    mpz_set(a->x, b->x);
    mpz_set(a->y, b->y);
}
static inline void ref_set_ui(ref_point *a, unsigned long x, unsigned long y) {
    mpz_set_ui(a->x, x);
    mpz_set_ui(a->y, y);
}
static inline int ref_is_identity(const ref_point *a) { return mpz_sgn(a->x) == 0 && mpz_cmp_ui(a->y, 1) == 0; }

static inline int ref_on_curve(const ref_point *a) {
    mpz_t l, r, xx, yy;
    mpz_inits(l, r, xx, yy, NULL);
    mpz_mul(xx, a->x, a->x);
    mpz_mul(yy, a->y, a->y);
    mpz_add(l, xx, yy);
    mpz_mul(r, xx, yy);
    mpz_mul(r, r, D);
    mpz_add_ui(r, r, 1);
    mpz_sub(l, l, r);
    int ok = mpz_divisible_p(l, P);
    mpz_clears(l, r, xx, yy, NULL);
    return ok;
}

/* r = a + b (any may alias): x3 = (x1 y2 + y1 x2) / (1 + d x1 x2 y1 y2), y3 = (y1 y2 - x1 x2) / (1 - d x1 x2 y1 y2). */
static inline void ref_add(ref_point *r, const ref_point *a, const ref_point *b) {
    mpz_t t, num, den, x3;
    mpz_inits(t, num, den, x3, NULL);
    mpz_mul(t, a->x, b->x);
    mpz_mul(t, t, a->y);
    mpz_mul(t, t, b->y);
    mpz_mul(t, t, D);
    mpz_mod(t, t, P); /* d x1 x2 y1 y2 */
    mpz_mul(num, a->x, b->y);
    mpz_addmul(num, a->y, b->x);
    mpz_add_ui(den, t, 1);
    if (!mpz_invert(den, den, P))
        abort(); /* the law is complete: never for points of the curve */
    mpz_mul(x3, num, den);
    mpz_mod(x3, x3, P);
    mpz_mul(num, a->y, b->y);
    mpz_submul(num, a->x, b->x);
    mpz_ui_sub(den, 1, t);
    mpz_mod(den, den, P);
    if (!mpz_invert(den, den, P))
        abort();
    mpz_mul(num, num, den);
    mpz_mod(r->y, num, P);
    mpz_set(r->x, x3);
    mpz_clears(t, num, den, x3, NULL);
}

/* r = [k]a for k >= 0 (r may alias a), double and add from the top bit. */
static inline void ref_mul(ref_point *r, const mpz_t k, const ref_point *a) {
    ref_point acc, base;
    ref_init(&acc);
    ref_init(&base);
    ref_set_ui(&acc, 0, 1);
    ref_set(&base, a);
    for (mp_bitcnt_t i = mpz_sizeinbase(k, 2); i-- > 0;) {
        ref_add(&acc, &acc, &acc);
        if (mpz_tstbit(k, i))
            ref_add(&acc, &acc, &base);
    }
    ref_set(r, &acc);
    ref_clear(&acc);
    ref_clear(&base);
}

/* The base point of RFC 8032 section 5.2. */
static inline void ref_base(ref_point *b) {
    mpz_set_str(b->x,
                "224580040295924300187604334099896036246789641632564134246125461686950415467406032909029192869357953282"
                "578032075146446173674602635247710",
                10);
    mpz_set_str(b->y,
                "298819210078481492676017930443930673437544040154080242095928241372331506189835876003536878655418784733"
                "982303233503462500531545062832660",
                10);
}

/* x from y and the sign, when x^2 = (y^2 - 1) / (d y^2 - 1) is a square; 0 when not. */
static inline int ref_recover_x(mpz_t x, const mpz_t y, int sign) {
    mpz_t u, v, xx;
    mpz_inits(u, v, xx, NULL);
    mpz_mul(u, y, y);
    mpz_mul(v, u, D);
    mpz_sub_ui(u, u, 1);
    mpz_sub_ui(v, v, 1);
    mpz_mod(v, v, P);
    int ok = mpz_invert(v, v, P) != 0;
    mpz_mul(xx, u, v);
    mpz_mod(xx, xx, P);
    mpz_powm(x, xx, SQRT_EXP, P); /* p = 3 mod 4 */
    mpz_mul(u, x, x);
    mpz_mod(u, u, P);
    ok = ok && mpz_cmp(u, xx) == 0;
    if (ok && mpz_sgn(x) == 0 && sign)
        ok = 0;
    if (ok && (int)mpz_tstbit(x, 0) != sign)
        mpz_sub(x, P, x);
    mpz_clears(u, v, xx, NULL);
    return ok;
}

/* RFC 8032 section 5.2.3: 1 and the point when enc is a canonical encoding of a curve point, else 0. */
static inline int ref_decode(ref_point *a, const uint8_t enc[57]) {
    if (enc[56] & 0x7f)
        return 0;
    le_to_mpz(a->y, enc, 56);
    if (mpz_cmp(a->y, P) >= 0)
        return 0;
    return ref_recover_x(a->x, a->y, enc[56] >> 7);
}

/* The encodings of the four points of order 1, 2, 4, 4 (which & 3): (0, 1), (0, -1), (-1, 0), (1, 0). */
static inline void ref_small_order_enc(uint8_t enc[57], unsigned which) {
    memset(enc, 0, 57);
    switch (which & 3) {
    case 0: enc[0] = 1; break;                                        /* y = 1 */
    case 1: memset(enc, 0xff, 56); enc[0] = 0xfe; enc[28] = 0xfe; break; /* y = p - 1 */
    case 2: break;                                                    /* y = 0, x even: (-1, 0) */
    default: enc[56] = 0x80; break;                                   /* y = 0, x odd: (1, 0) */
    }
}

/* RFC 8032 section 5.2.2 (a reduced). */
static inline void ref_encode(uint8_t enc[57], const ref_point *a) {
    mpz_to_le(enc, 57, a->y);
    enc[56] = (uint8_t)(mpz_tstbit(a->x, 0) << 7);
}

#endif
