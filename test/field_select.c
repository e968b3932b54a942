/*
 * GMP differential test of the constant-time helpers of the layout:
 * gf_cond_swap, gf_select and gf_cond_neg, with masks all ones and zero,
 * on edge and random tight elements (loose for swap/select, which only move
 * limbs). Built once per layout.
 */
#include <string.h>
#include "check.h"
#include "field.h"
#include "field_oracle.h"

static long cases = 100000;

static void element(gf out, long i, gf_word_t max) {
    if (i < FO_EDGES)
        fo_edge(out, (int)i, max);
    else
        fo_random_limbs(out, max, check_rand64);
}

int main(int argc, char **argv) {
    check_init("field_select");
    if (check_slow(argc, argv))
        cases *= 10;
    cases = check_reps(cases);
    fo_init();
    const mask_t ones = (mask_t)~(mask_t)0;

    check_test("cond_swap");
    for (long i = 0; i < cases; i++) {
        gf a, b, x, y;
        element(a, i, GF_LOOSE_MAX);
        fo_random_limbs(b, GF_LOOSE_MAX, check_rand64);
        mask_t m = (i & 1) ? ones : 0;
        gf_copy(x, a);
        gf_copy(y, b);
        gf_cond_swap(x, y, m);
        check(memcmp(x, m ? b : a, sizeof(gf)) == 0 && memcmp(y, m ? a : b, sizeof(gf)) == 0,
              "case %ld: mask %d", i, (int)(i & 1));
    }

    check_test("select");
    for (long i = 0; i < cases; i++) {
        gf a, b, c;
        element(a, i, GF_LOOSE_MAX);
        fo_random_limbs(b, GF_LOOSE_MAX, check_rand64);
        mask_t m = (i & 1) ? ones : 0;
        gf_select(c, a, b, m);
        check(memcmp(c, m ? b : a, sizeof(gf)) == 0, "case %ld: mask %d", i, (int)(i & 1));
        gf_copy(c, a);
        gf_select(c, c, b, m); /* out aliases a */
        check(memcmp(c, m ? b : a, sizeof(gf)) == 0, "case %ld: aliased, mask %d", i, (int)(i & 1));
    }

    check_test("cond_neg");
    mpz_t want;
    mpz_init(want);
    for (long i = 0; i < cases; i++) {
        gf a, c;
        element(a, i / 2, GF_TIGHT_MAX);
        mask_t m = (i & 1) ? ones : 0;
        fo_to_mpz(want, a);
        if (m)
            mpz_neg(want, want);
        gf_copy(c, a);
        gf_cond_neg(c, m);
        check(fo_eq_mod_p(c, want), "case %ld: wrong value, mask %d", i, (int)(i & 1));
        check(fo_limbs_le(c, GF_TIGHT_MAX), "case %ld: over tight", i);
        if (!m)
            check(memcmp(c, a, sizeof(gf)) == 0, "case %ld: mask 0 changed the limbs", i);
    }
    mpz_clear(want);
    return check_done();
}
