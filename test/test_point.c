/*
 * Edwards point layer tests (src/point/point*.c, src/proto/x448_base.c).
 *
 * The oracle is a GMP implementation of the affine edwards448 addition law
 * (RFC 8032 section 5.2.4) with double-and-add, independent of our field
 * code. Checked: the generated tables entry by entry, the group law, the
 * three scalar multiplications against the oracle and each other for random
 * scalars and 0, 1, l - 1, l, and x448_base_u against the X448 ladder.
 */
#include <gmp.h>
#include <stdio.h>
#include <string.h>
#include "goldilocks.h"
#include "point.h"
#include "scalar.h"
#include "x448_base.h"
#include "check.h"
#include "point_ref.h"

/* ---- tests ---- */

static void base_from_table(point_t *b) { point_from_niels(b, &point_base_niels); }

static int niels_consistent(const point_niels_t *n) {
    gf t;
    gf_mul(t, n->x, n->y);
    gf_mulw(t, t, CURVE_MINUS_D);
    gf_add(t, t, n->dxy); /* d x y + 39081 x y = 0 */
    return gf_is_zero(t) != 0;
}

static void test_constants(void) {
    check_test("base point and constants");
    ref_point b;
    ref_init(&b);
    ref_base(&b);
    point_t pb, id, q;
    base_from_table(&pb);
    check(point_is_ref(&pb, &b), "point_base_niels is not B");
    check(point_valid(&pb) != 0, "B not on the curve");
    check(niels_consistent(&point_base_niels), "B: dxy != d x y");
    point_identity(&id);
    check(point_valid(&id) != 0, "identity invalid");
    /* [l]B = 0 by the oracle and by our arithmetic (double-and-add over the bits of l). */
    point_identity(&q);
    for (long i = (long)mpz_sizeinbase(L, 2) - 1; i >= 0; i--) {
        point_double(&q, &q);
        if (mpz_tstbit(L, (mp_bitcnt_t)i))
            point_add(&q, &q, &pb);
    }
    check(point_eq(&q, &id) != 0, "[l]B != 0");
    gf s, one;
    gf_sqr(s, curve_sqrt_minus_d);
    gf_set_small(one, CURVE_MINUS_D);
    check(gf_eq(s, one) != 0, "sqrt(-d)^2 != -d");
    gf_mul(s, curve_sqrt_minus_d, curve_invsqrt_minus_d);
    gf_set_small(one, 1);
    check(gf_eq(s, one) != 0, "sqrt(-d) * invsqrt(-d) != 1");
    check(gf_lobit(curve_sqrt_minus_d) == 0, "sqrt(-d) negative");
    ref_clear(&b);
}

static void test_tables(void) {
    check_test("comb tables recomputed from B");
    point_t pw[COMB_N * COMB_T], b, e;
    base_from_table(&b);
    /* pw[m] = 2^(COMB_S m) B */
    point_copy(&pw[0], &b);
    for (unsigned m = 1; m < COMB_N * COMB_T; m++) {
        point_copy(&pw[m], &pw[m - 1]);
        for (unsigned i = 0; i < COMB_S; i++)
            point_double(&pw[m], &pw[m]);
    }
    for (unsigned j = 0; j < COMB_N; j++) {
        for (unsigned i = 0; i < COMB_ENTRIES; i++) {
            point_copy(&e, &pw[COMB_T * j]);
            for (unsigned t = 1; t < COMB_T; t++) {
                if ((i >> (t - 1)) & 1)
                    point_add(&e, &e, &pw[t + COMB_T * j]);
                else
                    point_sub(&e, &e, &pw[t + COMB_T * j]);
            }
            point_t entry;
            point_from_niels(&entry, &point_base_comb[j][i]);
            check(point_eq(&entry, &e) != 0, "comb %u entry %u", j, i);
            check(niels_consistent(&point_base_comb[j][i]), "comb %u entry %u: dxy", j, i);
        }
    }

    check_test("wNAF base table recomputed from B");
    point_t twice, acc;
    point_double(&twice, &b);
    point_copy(&acc, &b);
    for (unsigned i = 0; i < WNAF_BASE_ENTRIES; i++) {
        point_t entry;
        point_from_niels(&entry, &point_base_wnaf[i]);
        check(point_eq(&entry, &acc) != 0, "wnaf entry %u", i);
        check(niels_consistent(&point_base_wnaf[i]), "wnaf entry %u: dxy", i);
        point_add(&acc, &acc, &twice);
    }
}

/*
 * The twisted comb (point_base_twisted.c): each entry (y - x, y + x, 2 d' x y)
 * is a point of -x^2 + y^2 = 1 + d' x^2 y^2, d' = d - 1, whose image under
 * phi_hat(x, y) = (2xy / (y^2 + x^2), (y^2 - x^2) / (2 - y^2 + x^2)), computed
 * here in affine coordinates with field inversions (apart from the library's
 * projective map), is the comb entry sum_t e_t 2^(BASE_COMB_S (t + BASE_COMB_T j)) B,
 * recomputed here from B on edwards448.
 */
static void test_twisted_table(void) {
    check_test("twisted comb table: on the twisted curve, phi_hat(entry) == the comb entry from B");
    point_t pw[BASE_COMB_N * BASE_COMB_T], b, pe;
    base_from_table(&b);
    point_copy(&pw[0], &b);
    for (unsigned m = 1; m < BASE_COMB_N * BASE_COMB_T; m++) {
        point_copy(&pw[m], &pw[m - 1]);
        for (unsigned i = 0; i < BASE_COMB_S; i++)
            point_double(&pw[m], &pw[m]);
    }
    for (unsigned j = 0; j < BASE_COMB_N; j++) {
        for (unsigned i = 0; i < BASE_COMB_ENTRIES; i++) {
            gf ex, ey;
            point_copy(&pe, &pw[BASE_COMB_T * j]);
            for (unsigned t = 1; t < BASE_COMB_T; t++) {
                if ((i >> (t - 1)) & 1)
                    point_add(&pe, &pe, &pw[t + BASE_COMB_T * j]);
                else
                    point_sub(&pe, &pe, &pw[t + BASE_COMB_T * j]);
            }
            point_affine(ex, ey, &pe);
            const point_tniels_t *e = &point_base_comb_twisted[j][i];
            gf half, x, y, xx, yy, l, r, t, num, den;
            gf_set_small(half, 2);
            gf_invert(half, half);
            gf_sub(x, e->ypx, e->ymx);
            gf_mul(x, x, half);
            gf_add(y, e->ypx, e->ymx);
            gf_mul(y, y, half);
            gf_sqr(xx, x);
            gf_sqr(yy, y);
            /* -x^2 + y^2 = 1 + d' x^2 y^2, with d' = -(39081 + 1) */
            gf_sub(l, yy, xx);
            gf_mul(t, xx, yy);
            gf_mulw(t, t, CURVE_MINUS_D + 1);
            gf_set_small(r, 1);
            gf_sub(r, r, t);
            check(gf_eq(l, r) != 0, "comb %u entry %u: not on the twisted curve", j, i);
            gf_mul(t, x, y);
            gf_mulw(t, t, 2 * (CURVE_MINUS_D + 1));
            gf_add(t, t, e->td); /* 2 d' x y + 2 (39082) x y = 0 */
            check(gf_is_zero(t) != 0, "comb %u entry %u: td", j, i);
            /* x_E = 2xy / (y^2 + x^2) */
            gf_mul(num, x, y);
            gf_add(num, num, num);
            gf_add(den, yy, xx);
            gf_invert(den, den);
            gf_mul(num, num, den);
            check(gf_eq(num, ex) != 0, "comb %u entry %u: phi_hat x", j, i);
            /* y_E = (y^2 - x^2) / (2 - y^2 + x^2) */
            gf_sub(num, yy, xx);
            gf_set_small(den, 2);
            gf_sub(den, den, yy);
            gf_add(den, den, xx);
            gf_invert(den, den);
            gf_mul(num, num, den);
            check(gf_eq(num, ey) != 0, "comb %u entry %u: phi_hat y", j, i);
        }
    }
}

/* A random point [k]B with its oracle value. */
static void random_point(point_t *p, ref_point *r) {
    mpz_t k;
    mpz_init(k);
    random_mod(k, L);
    ref_point b;
    ref_init(&b);
    ref_base(&b);
    ref_mul(r, k, &b);
    scalar_t s;
    scalar_from_mpz(&s, k);
    point_scalarmul_base(p, &s);
    ref_clear(&b);
    mpz_clear(k);
}

static void test_group_law(void) {
    check_test("group law against the oracle");
    long iterations = check_reps_at_least(20, 4);
    for (long it = 0; it < iterations; it++) {
        point_t a, b, c, s, t, id, n;
        ref_point ra, rb, rc, rs;
        ref_init(&ra); ref_init(&rb); ref_init(&rc); ref_init(&rs);
        random_point(&a, &ra);
        random_point(&b, &rb);
        random_point(&c, &rc);
        check(point_is_ref(&a, &ra), "[k]B (comb) differs from the oracle");
        check(point_valid(&a) != 0, "random point invalid");

        point_add(&s, &a, &b);
        ref_add(&rs, &ra, &rb);
        check(point_is_ref(&s, &rs), "a + b");
        check(point_valid(&s) != 0, "a + b invalid");
        point_add(&t, &b, &a);
        check(point_eq(&s, &t) != 0, "a + b != b + a");
        point_add(&s, &s, &c);
        point_add(&t, &b, &c);
        point_add(&t, &a, &t);
        check(point_eq(&s, &t) != 0, "(a + b) + c != a + (b + c)");

        point_double(&s, &a);
        ref_add(&rs, &ra, &ra);
        check(point_is_ref(&s, &rs), "2a");
        check(point_valid(&s) != 0, "2a invalid");
        point_add(&t, &a, &a);
        check(point_eq(&s, &t) != 0, "a + a != 2a");

        point_identity(&id);
        point_add(&t, &a, &id);
        check(point_eq(&t, &a) != 0, "a + 0 != a");
        point_neg(&n, &a);
        point_add(&t, &a, &n);
        check(point_eq(&t, &id) != 0, "a - a != 0");
        point_sub(&t, &s, &a);
        check(point_eq(&t, &a) != 0, "2a - a != a");
        point_double(&t, &id);
        check(point_eq(&t, &id) != 0, "2 * 0 != 0");

        point_niels_t nb = point_base_niels;
        point_t bb;
        point_from_niels(&bb, &nb);
        point_add_niels(&s, &a, &nb);
        point_add(&t, &a, &bb);
        check(point_eq(&s, &t) != 0, "add_niels != add");
        point_niels_cond_neg(&nb, (mask_t)-1);
        point_add_niels(&s, &s, &nb);
        check(point_eq(&s, &a) != 0, "a + B - B != a (niels negation)");
        /* The forms without T: X, Y, Z of the full additions (T is left undefined). */
        point_t full, part;
        point_cached_t cb;
        point_to_cached(&cb, &b);
        point_add_cached(&full, &a, &cb);
        point_add_cached_no_t(&part, &a, &cb);
        check(gf_eq(full.x, part.x) && gf_eq(full.y, part.y) && gf_eq(full.z, part.z),
              "add_cached_no_t != add_cached (X, Y, Z)");
        point_add_niels_no_t(&part, &a, &point_base_niels);
        point_add_niels(&full, &a, &point_base_niels);
        check(gf_eq(full.x, part.x) && gf_eq(full.y, part.y) && gf_eq(full.z, part.z),
              "add_niels_no_t != add_niels (X, Y, Z)");
        point_copy(&part, &a); /* aliased */
        point_add_niels_no_t(&part, &part, &point_base_niels);
        check(gf_eq(full.x, part.x) && gf_eq(full.y, part.y) && gf_eq(full.z, part.z),
              "add_niels_no_t aliased != add_niels (X, Y, Z)");
        ref_clear(&ra); ref_clear(&rb); ref_clear(&rc); ref_clear(&rs);
    }
    /* The 4-torsion: (0, -1) has order 2, (1, 0) order 4; the complete law handles them. */
    point_t t4, t2, id, q;
    point_identity(&id);
    point_identity(&t4);
    gf_set_small(t4.x, 1);
    gf_set_small(t4.y, 0);
    check(point_valid(&t4) != 0, "(1, 0) invalid");
    point_double(&t2, &t4);
    check(point_eq(&t2, &id) == 0, "2 (1, 0) == 0");
    point_add(&q, &t4, &t4);
    check(point_eq(&q, &t2) != 0, "(1, 0) + (1, 0) != 2 (1, 0)");
    point_double(&q, &t2);
    check(point_eq(&q, &id) != 0, "4 (1, 0) != 0");
}

/*
 * The single calls (point_single.c, or point_single_r50.c on the avx512ifma
 * lanes) against the oracle and the valid-point check (T too), out of place
 * and in place, and on the 4-torsion and the identity, where the complete
 * formulas must hold as well.
 */
static void test_single_calls(void) {
    check_test("point_add_single, point_sub_single, point_double_single against the oracle");
    long iterations = check_reps_at_least(40, 8);
    point_t t4, id;
    point_identity(&id);
    point_identity(&t4);
    gf_set_small(t4.x, 1);
    gf_set_small(t4.y, 0);
    for (long it = 0; it < iterations; it++) {
        point_t a, b, s, t;
        ref_point ra, rb, rs;
        ref_init(&ra); ref_init(&rb); ref_init(&rs);
        random_point(&a, &ra);
        random_point(&b, &rb);
        point_add_single(&s, &a, &b);
        ref_add(&rs, &ra, &rb);
        check(point_is_ref(&s, &rs) && point_valid(&s) != 0, "add_single: a + b");
        point_copy(&t, &a);
        point_add_single(&t, &t, &b);
        check(point_is_ref(&t, &rs), "add_single: a + b in place");
        point_sub_single(&t, &s, &b);
        check(point_is_ref(&t, &ra) && point_valid(&t) != 0, "sub_single: (a + b) - b");
        point_copy(&t, &s);
        point_sub_single(&t, &t, &t);
        check(point_eq(&t, &id) != 0 && point_valid(&t) != 0, "sub_single: s - s in place");
        point_double_single(&s, &a);
        ref_add(&rs, &ra, &ra);
        check(point_is_ref(&s, &rs) && point_valid(&s) != 0, "double_single: 2a");
        point_copy(&t, &a);
        point_double_single(&t, &t);
        check(point_is_ref(&t, &rs), "double_single: 2a in place");
        /* the complete law at the 4-torsion and the identity */
        point_add_single(&s, &a, &t4);
        point_add(&t, &a, &t4);
        check(point_eq(&s, &t) != 0 && point_valid(&s) != 0, "add_single: a + (1, 0)");
        point_sub_single(&s, &a, &t4);
        point_sub(&t, &a, &t4);
        check(point_eq(&s, &t) != 0 && point_valid(&s) != 0, "sub_single: a - (1, 0)");
        point_add_single(&s, &id, &a);
        check(point_eq(&s, &a) != 0, "add_single: 0 + a");
        point_double_single(&s, &t4);
        point_double(&t, &t4);
        check(point_eq(&s, &t) != 0 && point_valid(&s) != 0, "double_single: 2 (1, 0)");
        point_double_single(&s, &id);
        check(point_eq(&s, &id) != 0, "double_single: 2 * 0");
        ref_clear(&ra); ref_clear(&rb); ref_clear(&rs);
    }
}

/* 1 when p + [j]t4 is the oracle's r for one j < 4 (t4 of order 4). */
static int is_ref_up_to_t4(const point_t *p, const point_t *t4, const ref_point *r) {
    point_t q = *p;
    int hits = 0;
    for (int j = 0; j < 4; j++) {
        hits += point_is_ref(&q, r) ? 1 : 0;
        point_add(&q, &q, t4);
    }
    return hits == 1;
}

static void check_scalar(const mpz_t k, const char *what) {
    ref_point b, r, ra;
    ref_init(&b); ref_init(&r); ref_init(&ra);
    ref_base(&b);
    ref_mul(&r, k, &b);
    scalar_t s;
    scalar_from_mpz(&s, k);
    point_t pb, out, base;
    base_from_table(&base);

    point_scalarmul_base(&out, &s);
    check(point_is_ref(&out, &r), "%s: scalarmul_base", what);
    point_scalarmul(&out, &base, &s);
    check(point_is_ref(&out, &r), "%s: scalarmul(B)", what);

    /* A second base: a = [7]B + (1, 0) carries a 4-torsion part, so [k]a is checked without reduction mod l. */
    point_t a, t4;
    point_identity(&t4);
    gf_set_small(t4.x, 1);
    gf_set_small(t4.y, 0);
    scalar_t seven;
    scalar_set_small(&seven, 7);
    point_scalarmul_base(&a, &seven);
    point_add(&a, &a, &t4);
    mpz_t k7, kk;
    mpz_inits(k7, kk, NULL);
    mpz_mod(kk, k, L); /* the scalar the code sees */
    ref_point rt;
    ref_init(&rt);
    mpz_set_ui(rt.x, 1);
    mpz_set_ui(rt.y, 0);
    mpz_set_ui(k7, 7);
    ref_mul(&ra, k7, &b);
    ref_add(&ra, &ra, &rt);
    ref_mul(&r, kk, &ra);
    point_scalarmul(&out, &a, &s);
    check(point_is_ref(&out, &r), "%s: scalarmul(7B + T4)", what);
    /* The decaf448 form: [k]a plus one of the four points of order dividing 4. */
    point_scalarmul_decaf(&out, &a, &s);
    check(is_ref_up_to_t4(&out, &t4, &r), "%s: scalarmul_decaf(7B + T4)", what);
    /*
     * The encoding from the twisted curve's point against section 5.3.2 on
     * the exact [k]a, for a = [7]B + (0, -1): a decaf448 point (in 2E, where
     * decaf448 identifies P and P + (0, -1); [7]B + (1, 0) is not one).
     */
    point_t tw, exact, a2;
    uint8_t enc_tw[DECAF448_BYTES], enc_rfc[DECAF448_BYTES];
    point_double(&a2, &t4);
    point_add(&a2, &a2, &a);
    point_sub(&a2, &a2, &t4);
    point_scalarmul_twisted(&tw, &a2, &s);
    decaf448_encode_twisted(enc_tw, &tw);
    point_scalarmul(&exact, &a2, &s);
    decaf448_encode(enc_rfc, &exact);
    check(memcmp(enc_tw, enc_rfc, sizeof enc_tw) == 0, "%s: decaf448_encode_twisted(scalarmul_twisted(7B + (0, -1)))",
          what);
    ref_point rb;
    ref_init(&rb);
    ref_mul(&rb, kk, &b);
    point_scalarmul_decaf(&out, &base, &s);
    check(is_ref_up_to_t4(&out, &t4, &rb), "%s: scalarmul_decaf(B)", what);
    ref_clear(&rb);

    /* [k]B + [k2]a with k2 = k + 12345 mod l, vartime. */
    scalar_t s2, t;
    scalar_set_small(&t, 12345);
    scalar_add(&s2, &s, &t);
    mpz_add_ui(kk, kk, 12345);
    mpz_mod(kk, kk, L);
    ref_point r1, r2;
    ref_init(&r1); ref_init(&r2);
    mpz_mod(k7, k, L);
    ref_mul(&r1, k7, &b);
    ref_mul(&r2, kk, &ra);
    ref_add(&r1, &r1, &r2);
    point_double_scalarmul_base_vartime(&pb, &s, &a, &s2);
    check(point_is_ref(&pb, &r1), "%s: double_scalarmul_vartime", what);

    ref_clear(&b); ref_clear(&r); ref_clear(&ra); ref_clear(&rt); ref_clear(&r1); ref_clear(&r2);
    mpz_clears(k7, kk, NULL);
}

static void test_scalarmul(void) {
    check_test("scalar multiplications against the oracle");
    mpz_t k;
    mpz_init(k);
    mpz_set_ui(k, 0);
    check_scalar(k, "0");
    mpz_set_ui(k, 1);
    check_scalar(k, "1");
    mpz_set_ui(k, 2);
    check_scalar(k, "2");
    mpz_sub_ui(k, L, 1);
    check_scalar(k, "l-1");
    mpz_set(k, L);
    check_scalar(k, "l");
    mpz_ui_pow_ui(k, 2, 445);
    check_scalar(k, "2^445");
    mpz_ui_pow_ui(k, 2, 446);
    mpz_sub_ui(k, k, 1);
    check_scalar(k, "2^446-1");
    long randoms = check_reps_at_least(24, 4);
    for (long i = 0; i < randoms; i++) {
        random_mod(k, L);
        check_scalar(k, "random");
    }
    mpz_clear(k);
}

/* The half-size-scalar verification equation against the plain one, with torsion in A and R. */
static void test_verify_equation(void) {
    check_test("verification equation (half-size scalars) == plain double-scalar check");
    point_t t4, t2;
    point_identity(&t4);
    gf_set_small(t4.x, 1);
    gf_set_small(t4.y, 0);
    point_double(&t2, &t4);
    const point_t *torsion[4] = {NULL, &t4, &t2, NULL};
    int valid = 0, invalid = 0;
    for (int it = 0; it < 200; it++) {
        uint8_t b[64];
        scalar_t a, k, r, s, one;
        check_randbytes(b, sizeof b);
        scalar_reduce_bytes(&a, b, sizeof b);
        check_randbytes(b, sizeof b);
        scalar_reduce_bytes(&k, b, sizeof b);
        check_randbytes(b, sizeof b);
        scalar_reduce_bytes(&r, b, sizeof b);
        if (it == 0)
            scalar_set_small(&k, 0);
        if (it == 1)
            scalar_set_small(&k, 1);
        if (it == 2) {
            scalar_set_small(&k, 1);
            scalar_neg(&k, &k);
        }
        /* k = 2^j (+ 1): Euclid's quotients of 2^32 and more, the long division of halfsize() */
        if (it >= 3 && it < 23) {
            unsigned j = 225 + 11 * (unsigned)(it - 3);
            scalar_set_small(&k, it % 3 == 0);
            k.word[j / 32] |= 1u << (j % 32);
        }
        point_t pa, pr, q, id;
        point_scalarmul_base(&pa, &a);
        point_scalarmul_base(&pr, &r);
        if (torsion[it % 4])
            point_add(&pa, &pa, torsion[it % 4]);
        if (torsion[(it / 4) % 4])
            point_add(&pr, &pr, torsion[(it / 4) % 4]);
        /* S = r + k a (valid), or off by one (invalid) every other time */
        scalar_mul(&s, &k, &a);
        scalar_add(&s, &s, &r);
        if (it % 2) {
            scalar_set_small(&one, 1 + (unsigned)(check_rand64() % 1000));
            scalar_add(&s, &s, &one);
        }
        scalar_t negk;
        scalar_neg(&negk, &k);
        point_double_scalarmul_base_vartime(&q, &s, &pa, &negk);
        point_sub(&q, &q, &pr);
        point_double(&q, &q);
        point_double(&q, &q);
        point_identity(&id);
        int plain = point_eq(&q, &id) != 0;
        int fast = point_verify_equation_vartime(&s, &pa, &k, &pr) != 0;
        check(plain == fast, "iteration %d: plain %d, half-size %d", it, plain, fast);
        check(plain == !(it % 2), "iteration %d: plain check gives %d", it, plain);
        valid += plain;
        invalid += !plain;
    }
    check(valid == 100 && invalid == 100, "%d valid, %d invalid", valid, invalid);
}

/* point_is_small_order_vartime (X = 0 or Y = 0) against [4]P = 0 by doublings, on the torsion and off it. */
static void test_small_order(void) {
    check_test("point_is_small_order_vartime == ([4]P == 0), torsion points alone and added to [r]B");
    point_t t[4], id;
    point_identity(&t[0]);
    point_identity(&t[1]);
    gf_set_small(t[1].x, 1);
    gf_set_small(t[1].y, 0);
    point_double(&t[2], &t[1]);
    point_add(&t[3], &t[2], &t[1]);
    point_identity(&id);
    int small = 0;
    for (int it = 0; it < 40; it++) {
        point_t p = t[it % 4], q;
        if (it >= 4) {
            uint8_t b[64];
            scalar_t r;
            check_randbytes(b, sizeof b);
            scalar_reduce_bytes(&r, b, sizeof b);
            point_scalarmul_base(&q, &r);
            point_add(&p, &p, &q);
        }
        /* a projective representative with Z != 1 */
        point_double(&q, &p);
        point_add(&p, &q, &p);
        point_sub(&p, &p, &q);
        point_double(&q, &p);
        point_double(&q, &q);
        int want = point_eq(&q, &id) != 0;
        check(point_is_small_order_vartime(&p) == want, "iteration %d: small order %d, [4]P == 0 %d", it,
              point_is_small_order_vartime(&p), want);
        small += want;
    }
    check(small == 4, "%d small-order points of 40", small);
}

static void test_x448_base(void) {
    check_test("x448_base_u == X448(k, 5)");
    uint8_t five[56] = {5}, k[56], a[56], b[56];
    for (int i = 0; i < 100; i++) {
        check_randbytes(k, sizeof k);
        if (i == 0) {
            /* k = 4l, a clamped scalar with [k]B = 0 */
            mpz_t t;
            mpz_init(t);
            mpz_mul_ui(t, L, 4);
            mpz_to_le(k, 56, t);
            mpz_clear(t);
        }
        k[0] &= 0xfc;
        k[55] |= 0x80;
        x448_base_u(a, k);
        int ret = goldilocks_x448(b, k, five);
        check(memcmp(a, b, 56) == 0, "case %d: comb and ladder differ", i);
        if (i == 0)
            check(ret == -1, "k = 4l: the ladder should give the all-zero result");
    }
}

int main(void) {
    check_init("test_point");
    oracle_init();
    test_constants();
    test_tables();
    test_twisted_table();
    test_group_law();
    test_single_calls();
    test_scalarmul();
    test_verify_equation();
    test_small_order();
    test_x448_base();
    oracle_clear();
    return check_done();
}
