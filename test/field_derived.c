/*
 * GMP differential test of src/field/field.c on the layout: gf_eq, gf_is_zero,
 * gf_lobit, gf_sqrn, gf_invert, gf_invert_square, gf_isr.
 *
 * Inputs: the edge elements (0, 1, p-1, p, p+1, 2^448-1, every limb at the
 * tight bound), elements equal mod p but with different limbs, and random
 * tight elements. invert is checked by a * out == 1 (out == 0 for a == 0),
 * invert_square the same and its mask against mpz_legendre;
 * isr by out^2 a == 1 for nonzero squares, == -1 for non-squares (so out
 * is a^((p-3)/4) up to sign), the mask against mpz_legendre, and every
 * 64th case exactly against mpz_powm(a, (p-3)/4). Built once per layout.
 */
#include <string.h>
#include "check.h"
#include "field.h"
#include "field_oracle.h"

static long cases = 100000;

static void element(gf out, long i) {
    if (i < FO_EDGES)
        fo_edge(out, (int)i, GF_TIGHT_MAX);
    else
        fo_random_limbs(out, GF_TIGHT_MAX, check_rand64);
}

static const mask_t ONES = (mask_t)~(mask_t)0;

static void run_eq_is_zero_lobit(void) {
    mpz_t x, y;
    mpz_init(x);
    mpz_init(y);
    check_test("eq, is_zero, lobit");
    for (long i = 0; i < cases; i++) {
        gf a, b;
        element(a, i);
        if (i % 3 == 0) {
            /* b = a + p or a - p with other limbs: equal mod p */
            fo_to_mpz(x, a);
            fo_mod(x);
            if (mpz_cmp(x, *fo_p()) < 0 && i % 2) {
                mpz_add(y, x, *fo_p());
                mpz_ui_pow_ui(x, 2, 448);
                if (mpz_cmp(y, x) >= 0)
                    mpz_sub(y, y, *fo_p());
            } else {
                mpz_set(y, x);
            }
            fo_from_mpz(b, y);
        } else {
            fo_random_limbs(b, GF_TIGHT_MAX, check_rand64);
        }
        fo_to_mpz(x, a);
        fo_to_mpz(y, b);
        fo_mod(x);
        fo_mod(y);
        check(gf_eq(a, b) == (mpz_cmp(x, y) == 0 ? ONES : 0), "case %ld: eq", i);
        check(gf_eq(a, a) == ONES, "case %ld: eq(a, a)", i);
        check(gf_is_zero(a) == (mpz_sgn(x) == 0 ? ONES : 0), "case %ld: is_zero", i);
        check(gf_lobit(a) == (mpz_odd_p(x) ? ONES : 0), "case %ld: lobit", i);
    }
    check_test("is_zero of multiples of p");
    for (int k = 0; k < 2; k++) {
        gf z;
        mpz_set_ui(x, 0);
        mpz_mul_ui(x, *fo_p(), (unsigned long)k);
        fo_from_mpz(z, x);
        check(gf_is_zero(z) == ONES, "%d p", k);
    }
    mpz_clear(x);
    mpz_clear(y);
}

/*
 * gf_eq and gf_is_zero carry the limbs once and compare with 0 and k p
 * (field.c, is_multiple_of_p), so every difference a - b in {-p, 0, p} and
 * its neighbours must be tried, with a's limbs near the tight bound (its
 * value near or above 2^448, where the top carry is 1) and b canonical.
 */
static void run_eq_carries(void) {
    mpz_t x, y, lim;
    mpz_inits(x, y, lim, NULL);
    mpz_ui_pow_ui(lim, 2, 448);
    check_test("eq and is_zero at every top carry");
    for (long i = 0; i < cases / 4; i++) {
        gf a, b;
        /* limbs in [GF_TIGHT_MAX - 2^(radix - 8), GF_TIGHT_MAX]: a's value is near 2^448 */
        for (unsigned l = 0; l < GF_LIMBS; l++)
            a->limb[l] = GF_TIGHT_MAX - (gf_word_t)(check_rand64() & ((((gf_word_t)1) << (GF_LIMB_BITS - 8)) - 1));
        fo_to_mpz(x, a);
        int shift = (int)(i % 3) - 1; /* b = a - shift p, then nudged by -1, 0 or +1 */
        int nudge = (int)((i / 3) % 3) - 1;
        mpz_set(y, x);
        if (shift > 0)
            mpz_sub(y, y, *fo_p());
        else if (shift < 0)
            mpz_add(y, y, *fo_p());
        if (nudge > 0)
            mpz_add_ui(y, y, 1);
        else if (nudge < 0)
            mpz_sub_ui(y, y, 1);
        if (mpz_sgn(y) < 0 || mpz_cmp(y, lim) >= 0)
            continue; /* b must be a canonical-limbed element below 2^448 */
        fo_from_mpz(b, y);
        mask_t want = nudge == 0 ? ONES : 0;
        check(gf_eq(a, b) == want, "case %ld: eq, a - b = %d p %+d", i, shift, -nudge);
        check(gf_eq(b, a) == want, "case %ld: eq reversed, a - b = %d p %+d", i, shift, -nudge);
        fo_mod(x);
        check(gf_is_zero(a) == (mpz_sgn(x) == 0 ? ONES : 0), "case %ld: is_zero near 2^448", i);
    }
    /* top carry 1 with zero digits: 2^448 (limb GF_LIMBS-1 at 2^radix) is 2^224 + 1, not 0 */
    check_test("eq and is_zero of 2^448");
    gf top, c, zero;
    memset(top, 0, sizeof top);
    top->limb[GF_LIMBS - 1] = ((gf_word_t)1) << GF_LIMB_BITS;
    mpz_ui_pow_ui(x, 2, 224);
    mpz_add_ui(x, x, 1);
    fo_from_mpz(c, x);
    check(gf_is_zero(top) == 0, "2^448 is zero");
    check(gf_eq(top, c) == ONES, "2^448 != 2^224 + 1");
    /* 0 - b where gf_sub_nr's 0 + 2p - b is 2^448: b = 2p - 2^448 */
    mpz_mul_2exp(x, *fo_p(), 1);
    mpz_sub(x, x, lim);
    fo_from_mpz(c, x);
    gf_set_small(zero, 0);
    check(gf_eq(zero, c) == 0, "0 = 2p - 2^448");
    mpz_clears(x, y, lim, NULL);
}

static void run_sqrn(void) {
    mpz_t x, e;
    mpz_init(x);
    mpz_init(e);
    check_test("sqrn");
    for (long i = 0; i < cases; i++) {
        gf a, c;
        element(a, i);
        unsigned n = (unsigned)(i % 9);
        gf_sqrn(c, a, n);
        fo_to_mpz(x, a);
        mpz_ui_pow_ui(e, 2, n);
        mpz_powm(x, x, e, *fo_p());
        check(fo_eq_mod_p(c, x), "case %ld: n=%u", i, n);
        check(fo_limbs_le(c, GF_TIGHT_MAX), "case %ld: over tight", i);
    }
    mpz_clear(x);
    mpz_clear(e);
}

static void run_invert_isr(void) {
    mpz_t x, y, e;
    mpz_init(x);
    mpz_init(y);
    mpz_init(e);
    mpz_sub_ui(e, *fo_p(), 3);
    mpz_fdiv_q_2exp(e, e, 2); /* (p-3)/4 */
    /* form 0: gf_invert; form 1: gf_invert_square, on squares half of the time, its mask too */
    for (int form = 0; form < 2; form++) {
        check_test(form ? "invert_square" : "invert");
        for (long i = 0; i < cases; i++) {
            gf a, c;
            element(a, i);
            if (form && i % 2 == 1)
                gf_sqr(a, a);
            mask_t m = 0;
            if (form)
                m = gf_invert_square(c, a);
            else
                gf_invert(c, a);
            fo_to_mpz(x, a);
            fo_mod(x);
            const int square = mpz_sgn(x) != 0 && mpz_legendre(x, *fo_p()) == 1;
            if (form)
                check(m == (square ? ONES : 0), "case %ld: mask", i);
            fo_to_mpz(y, c);
            mpz_mul(y, y, x);
            fo_mod(y);
            if (mpz_sgn(x) == 0)
                check(gf_is_zero(c) == ONES, "case %ld: 1/0 != 0", i);
            else
                check(mpz_cmp_ui(y, 1) == 0, "case %ld: a * (1/a) != 1", i);
            check(fo_limbs_le(c, GF_TIGHT_MAX), "case %ld: over tight", i);
        }
    }
    check_test("isr");
    for (long i = 0; i < cases; i++) {
        gf a, c;
        element(a, i);
        if (i % 2 == 1)
            gf_sqr(a, a); /* squares half of the time */
        mask_t m = gf_isr(c, a);
        fo_to_mpz(x, a);
        fo_mod(x);
        int square = mpz_sgn(x) != 0 && mpz_legendre(x, *fo_p()) == 1;
        check(m == (square ? ONES : 0), "case %ld: mask", i);
        fo_to_mpz(y, c);
        mpz_mul(y, y, y);
        mpz_mul(y, y, x);
        fo_mod(y);
        if (mpz_sgn(x) == 0)
            check(mpz_sgn(y) == 0 && gf_is_zero(c) == ONES, "case %ld: isr(0) != 0", i);
        else if (square)
            check(mpz_cmp_ui(y, 1) == 0, "case %ld: out^2 a != 1", i);
        else {
            mpz_add_ui(y, y, 1);
            check(mpz_cmp(y, *fo_p()) == 0, "case %ld: out^2 a != -1", i);
        }
        if (i % 64 == 0) {
            mpz_powm(y, x, e, *fo_p());
            check(fo_eq_mod_p(c, y), "case %ld: out != a^((p-3)/4)", i);
        }
        check(fo_limbs_le(c, GF_TIGHT_MAX), "case %ld: over tight", i);
    }
    mpz_clear(x);
    mpz_clear(y);
    mpz_clear(e);
}

int main(int argc, char **argv) {
    check_init("field_derived");
    if (check_slow(argc, argv))
        cases *= 10;
    cases = check_reps(cases);
    fo_init();
    run_eq_is_zero_lobit();
    run_eq_carries();
    run_sqrn();
    run_invert_isr();
    return check_done();
}
