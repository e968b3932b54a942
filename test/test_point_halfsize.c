/*
 * point_halfsize() of src/point/point_verify_scalars.c against the extended Euclidean algorithm in GMP:
 * for k < l, the remainders r_(i-1) = q r_i + r_(i+1) from (r_0, r_1) = (l, k),
 * t_(i+1) = t_(i-1) - q t_i from (t_0, t_1) = (0, 1), stopped at the first
 * r_i below 2^224; halfsize() must give u = r_i, |v| = |t_i| and the sign of
 * t_i, exactly (its Lehmer steps, quotient estimates and long divisions are
 * shortcuts of this sequence). Inputs: random k, k = 2^j and 2^j + 1 (large
 * quotients), k = l - 1, small k, and k whose Euclid runs near the stopping
 * point (u just below 2^224).
 */
#include <gmp.h>
#include <stdio.h>
#include "check.h"
#include "gmp_bytes.h"

#include "point.h"

static mpz_t l_mpz;

static void oracle(mpz_t u, mpz_t v, const mpz_t k) {
    mpz_t r0, r1, t0, t1, q, x;
    mpz_inits(r0, r1, t0, t1, q, x, NULL);
    mpz_set(r0, l_mpz);
    mpz_set(r1, k);
    mpz_set_ui(t0, 0);
    mpz_set_ui(t1, 1);
    while (mpz_sizeinbase(r1, 2) > 224 && mpz_sgn(r1) > 0) {
        mpz_fdiv_qr(q, x, r0, r1);
        mpz_swap(r0, r1);
        mpz_swap(r1, x); /* r1 = r0 mod r1 */
        mpz_mul(x, q, t1);
        mpz_sub(x, t0, x);
        mpz_swap(t0, t1);
        mpz_swap(t1, x);
    }
    mpz_set(u, r1);
    mpz_set(v, t1);
    mpz_clears(r0, r1, t0, t1, q, x, NULL);
}

static int one(const mpz_t k) {
    scalar_t ks;
    uint8_t b[SCALAR_WORDS * 4];
    mpz_to_le(b, sizeof b, k);
    for (unsigned i = 0; i < SCALAR_WORDS; i++)
        ks.word[i] = (uint32_t)b[4 * i] | (uint32_t)b[4 * i + 1] << 8 | (uint32_t)b[4 * i + 2] << 16 |
                     (uint32_t)b[4 * i + 3] << 24;
    uint32_t u[8], v[8];
    int v_neg;
    point_halfsize(u, v, &v_neg, &ks);
    mpz_t want_u, want_v, got_u, got_v;
    mpz_inits(want_u, want_v, got_u, got_v, NULL);
    oracle(want_u, want_v, k);
    mpz_import(got_u, 8, -1, 4, 0, 0, u);
    mpz_import(got_v, 8, -1, 4, 0, 0, v);
    if (v_neg)
        mpz_neg(got_v, got_v);
    int ok = mpz_cmp(got_u, want_u) == 0 && mpz_cmp(got_v, want_v) == 0;
    if (!ok)
        gmp_printf("  k = %Zx: u %Zx (want %Zx), v %Zd (want %Zd)\n", k, got_u, want_u, got_v, want_v);
    mpz_clears(want_u, want_v, got_u, got_v, NULL);
    return ok;
}

int main(void) {
    check_init("test_point_halfsize");
    /* l = 2^446 - 13818066809895115352007386748515426880336692474882178609894547503885 (RFC 8032 section 5.2) */
    mpz_t c;
    mpz_init_set_str(c, "13818066809895115352007386748515426880336692474882178609894547503885", 10);
    mpz_init(l_mpz);
    mpz_setbit(l_mpz, 446);
    mpz_sub(l_mpz, l_mpz, c);
    mpz_clear(c);
    mpz_t k;
    mpz_init(k);

    check_test("halfsize == GMP's extended Euclid, random k");
    long reps = check_reps(20000), bad = 0;
    for (long i = 0; i < reps; i++) {
        random_mod(k, l_mpz);
        bad += !one(k);
    }
    check(bad == 0, "%ld of %ld differ", bad, reps);

    check_test("halfsize == GMP's extended Euclid, k = 2^j, 2^j + 1, l - 1, small k");
    bad = 0;
    for (unsigned j = 0; j < 446; j++) {
        mpz_set_ui(k, 0);
        mpz_setbit(k, j);
        bad += !one(k);
        mpz_add_ui(k, k, 1);
        bad += !one(k);
    }
    mpz_sub_ui(k, l_mpz, 1);
    bad += !one(k);
    for (unsigned s = 0; s < 100; s++) {
        mpz_set_ui(k, s);
        bad += !one(k);
    }
    check(bad == 0, "%d differ", (int)bad);

    check_test("halfsize == GMP's extended Euclid, k = (a 2^224 + b) / c mod l, small a, c (short Euclid runs)");
    bad = 0;
    for (long i = 0; i < check_reps(2000); i++) {
        mpz_t a;
        mpz_init(a);
        /* k = m / c mod l for small c and m near 2^224: u, v near the bounds */
        mpz_set_ui(a, 1 + check_rand64() % 1000);
        mpz_t m;
        mpz_init(m);
        random_mod(m, l_mpz);
        mpz_fdiv_r_2exp(m, m, 224 - (unsigned)(check_rand64() % 8));
        mpz_invert(k, a, l_mpz);
        mpz_mul(k, k, m);
        mpz_mod(k, k, l_mpz);
        bad += !one(k);
        mpz_clears(a, m, NULL);
    }
    check(bad == 0, "%d differ", (int)bad);

    mpz_clears(k, l_mpz, NULL);
    return check_done();
}
