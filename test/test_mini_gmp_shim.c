/*
 * test/mini_gmp_shim.h (what mini-gmp lacks, for the targets whose tests run on it)
 * against the real GMP, on a build linked with GMP: mpz_legendre for p = 2^448 -
 * 2^224 - 1, the group order l and small odd primes; mpz_jacobi for odd moduli of
 * every size, prime or not, and negative numerators; mpn_tdiv_qr on random limbs;
 * mpz_inits / mpz_clears; gmp_printf's output, byte for byte. On a mini-gmp build
 * there is no real GMP to compare with: skipped.
 */
#define _POSIX_C_SOURCE 200809L /* fileno, dup, dup2 */
#include <stdio.h>
#include <unistd.h>
#include "check.h"
#include "gmp_bytes.h"
#include "mini_gmp_shim.h"

#ifndef GOLDILOCKS_MINI_GMP
static const char *const PRIMES_HEX[] = {
    "fffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
    "3fffffffffffffffffffffffffffffffffffffffffffffffffffffff7cca23e9c44edb49aed63690216cc2728dc58f552378c292ab5844f3",
    "3", "5", "7", "b", "d", "65", "fffffffb",
};

/* a random integer of up to bits bits, negative when neg */
static void random_mpz(mpz_t x, unsigned bits, int neg) {
    uint8_t b[64];
    check_randbytes(b, sizeof b);
    mpz_import(x, sizeof b, -1, 1, 0, 0, b);
    mpz_fdiv_r_2exp(x, x, bits);
    if (neg)
        mpz_neg(x, x);
}

static void test_legendre(void) {
    check_test("mpz_legendre against GMP for odd primes, 0, +-1 and random numerators");
    mpz_t p, a;
    mpz_init(p);
    mpz_init(a);
    for (size_t i = 0; i < sizeof PRIMES_HEX / sizeof PRIMES_HEX[0]; i++) {
        mpz_set_str(p, PRIMES_HEX[i], 16);
        for (long r = 0; r < check_reps(200); r++) {
            if (r < 3)
                mpz_set_si(a, r - 1);
            else
                random_mpz(a, 1 + (unsigned)(check_rand64() % 500), r & 1);
            check(shim_mpz_legendre(a, p) == mpz_legendre(a, p), "prime %zu case %ld", i, r);
        }
    }
    mpz_clear(p);
    mpz_clear(a);
}

static void test_jacobi(void) {
    check_test("mpz_jacobi against GMP: odd moduli of every size, prime or not, numerators of any sign");
    mpz_t n, a;
    mpz_init(n);
    mpz_init(a);
    for (long r = 0; r < check_reps(20000); r++) {
        random_mpz(n, 1 + (unsigned)(check_rand64() % 460), 0);
        mpz_setbit(n, 0);
        random_mpz(a, 1 + (unsigned)(check_rand64() % 500), r & 1);
        if (r % 7 == 0)
            mpz_mul(a, a, n); /* a multiple of n: 0 */
        check(shim_mpz_jacobi(a, n) == mpz_jacobi(a, n), "case %ld", r);
    }
    mpz_clear(n);
    mpz_clear(a);
}

static void test_tdiv_qr(void) {
    check_test("mpn_tdiv_qr against GMP: random dividends and divisors of 1 to 8 limbs");
    enum { MAX = 16 };
    for (long r = 0; r < check_reps(5000); r++) {
        mp_size_t dn = 1 + (mp_size_t)(check_rand64() % 8), nn = dn + (mp_size_t)(check_rand64() % 9);
        mp_limb_t np[MAX], dp[MAX], q1[MAX], r1[MAX], q2[MAX], r2[MAX];
        check_randbytes((uint8_t *)np, sizeof np);
        check_randbytes((uint8_t *)dp, sizeof dp);
        if (r & 1)
            dp[dn - 1] >>= check_rand64() % GMP_NUMB_BITS;
        if (dp[dn - 1] == 0)
            dp[dn - 1] = 1;
        shim_mpn_tdiv_qr(q1, r1, 0, np, nn, dp, dn);
        mpn_tdiv_qr(q2, r2, 0, np, nn, dp, dn);
        check(memcmp(q1, q2, (size_t)(nn - dn + 1) * sizeof(mp_limb_t)) == 0 &&
                  memcmp(r1, r2, (size_t)dn * sizeof(mp_limb_t)) == 0,
              "case %ld: nn %ld dn %ld", r, (long)nn, (long)dn);
    }
}

static void test_inits(void) {
    check_test("mpz_inits / mpz_clears: every argument initialized, usable, cleared");
    mpz_t a, b, c;
    shim_mpz_inits(a, b, c, NULL);
    check(mpz_sgn(a) == 0 && mpz_sgn(b) == 0 && mpz_sgn(c) == 0, "zero after init");
    mpz_set_ui(a, 7);
    mpz_ui_pow_ui(b, 2, 448);
    mpz_mul(c, a, b);
    check(mpz_sizeinbase(c, 2) == 451, "usable");
    shim_mpz_clears(a, b, c, NULL);
}

/* what f prints on stdout, captured through a temporary file, into out */
static size_t captured(char *out, size_t max, const char *format, mpz_t x, mpz_t y, int shim) {
    fflush(stdout);
    FILE *tmp = tmpfile();
    int saved = dup(1);
    if (!tmp || saved < 0 || dup2(fileno(tmp), 1) < 0)
        return 0;
    int n = shim ? shim_gmp_printf(format, x, y, x) : gmp_printf(format, x, y, x);
    fflush(stdout);
    dup2(saved, 1);
    close(saved);
    rewind(tmp);
    size_t len = fread(out, 1, max, tmp);
    fclose(tmp);
    return n == (int)len ? len : 0;
}

static void test_printf(void) {
    check_test("gmp_printf %Zx %Zd %ZX %%: the same bytes as GMP's");
    mpz_t x, y;
    mpz_init(x);
    mpz_init(y);
    for (long r = 0; r < check_reps(200); r++) {
        random_mpz(x, 1 + (unsigned)(check_rand64() % 500), r & 1);
        random_mpz(y, 1 + (unsigned)(check_rand64() % 500), r & 2);
        if (r == 0)
            mpz_set_ui(x, 0);
        char a[512], b[512];
        size_t la = captured(a, sizeof a, "u %Zx, v %Zd (100%%) %ZX\n", x, y, 1);
        size_t lb = captured(b, sizeof b, "u %Zx, v %Zd (100%%) %ZX\n", x, y, 0);
        check(la > 0 && la == lb && memcmp(a, b, la) == 0, "case %ld", r);
    }
    mpz_clear(x);
    mpz_clear(y);
}
#endif

int main(void) {
    check_init("test_mini_gmp_shim");
#ifdef GOLDILOCKS_MINI_GMP
    check_test("test/mini_gmp_shim.h against the real GMP");
    check_skip("this build's GMP is mini-gmp with the shim itself: the shim is checked against the real GMP "
               "on native builds");
#else
    test_legendre();
    test_jacobi();
    test_tdiv_qr();
    test_inits();
    test_printf();
#endif
    return check_done();
}
