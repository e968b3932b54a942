/*
 * GMP differential test of src/field/bingcd.c (the optimized binary GCD
 * inversion, on the build's word size) mod p = 2^448 - 2^224 - 1 and mod
 * the group order l, against mpz_invert (0 for x = 0), and in place.
 *
 * Inputs below M: 0, 1, 2, M - 1, M - 2, (M -+ 1) / 2; 2^k, 2^k -+ 1,
 * M - 2^k, M - 2^k - 1 for every k with the value in range (2^(len M - 1)
 * takes the most iterations, the paper's bound is tight there); random
 * values of every length (the approximations see numbers of all sizes and
 * gaps); numbers sharing long top runs with M (a and b close, where a
 * comparison of approximations can go wrong); uniform random values.
 */
#include <stdio.h>
#include "check.h"
#include "bingcd_test.h"

/*
 * bingcd(x) in place and bingcd_jacobi(x) out of place and in place against
 * mpz_invert, the latter's Jacobi symbol (the Legendre symbol: M is prime)
 * against mpz_jacobi; 1 when all are right.
 */
static int inverts(const modinv_modulus_t *mod, const mpz_t m, const mpz_t x) {
    uint8_t in[BINGCD_BYTES], out[BINGCD_BYTES], want_b[BINGCD_BYTES];
    mpz_t want;
    mpz_init(want);
    if (mpz_sgn(x) == 0)
        mpz_set_ui(want, 0);
    else if (!mpz_invert(want, x, m))
        mpz_set_si(want, -1); /* never: M is prime and 0 < x < M */
    mpz_to_le(want_b, sizeof want_b, want);
    mpz_to_le(in, sizeof in, x);
    const int symbol = bingcd_jacobi(out, in, mod), want_symbol = mpz_jacobi(x, m);
    uint8_t inv[BINGCD_BYTES];
    memcpy(inv, in, sizeof inv);
    bingcd(inv, inv, mod);
    const int symbol_in_place = bingcd_jacobi(in, in, mod);
    const int ok = mpz_sgn(want) >= 0 && memcmp(out, want_b, sizeof out) == 0 && memcmp(in, want_b, sizeof in) == 0 &&
                   memcmp(inv, want_b, sizeof inv) == 0 &&
                   symbol == want_symbol && symbol_in_place == want_symbol;
    mpz_clear(want);
    return ok;
}

static void run(const char *name, const char *hex) {
    mpz_t m, x, t;
    mpz_inits(m, x, t, NULL);
    const modinv_modulus_t *mod = bingcd_test_modulus(m, hex);
    const unsigned bits = (unsigned)mpz_sizeinbase(m, 2);
    char title[96];

    snprintf(title, sizeof title, "bingcd mod %s: 0, 1, 2, M - 1, M - 2, (M -+ 1) / 2", name);
    check_test(title);
    for (unsigned long s = 0; s < 3; s++) {
        mpz_set_ui(x, s);
        check(inverts(mod, m, x), "%s: x = %lu", name, s);
        if (s) {
            mpz_sub_ui(x, m, s);
            check(inverts(mod, m, x), "%s: x = M - %lu", name, s);
        }
    }
    mpz_fdiv_q_2exp(x, m, 1);
    check(inverts(mod, m, x), "%s: (M - 1) / 2", name);
    mpz_add_ui(x, x, 1);
    check(inverts(mod, m, x), "%s: (M + 1) / 2", name);

    snprintf(title, sizeof title, "bingcd mod %s: 2^k, 2^k -+ 1, M - 2^k, M - 2^k - 1", name);
    check_test(title);
    long n = 0;
    for (unsigned k = 0; k < bits; k++) {
        mpz_set_ui(t, 0);
        mpz_setbit(t, k);
        if (mpz_cmp(t, m) >= 0)
            break;
        for (int d = -1; d <= 1; d++) {
            mpz_set(x, t);
            if (d < 0)
                mpz_sub_ui(x, x, 1);
            else if (d > 0)
                mpz_add_ui(x, x, 1);
            if (mpz_cmp(x, m) < 0)
                n += check(inverts(mod, m, x), "%s: 2^%u %+d", name, k, d);
        }
        mpz_sub(x, m, t);
        n += check(inverts(mod, m, x), "%s: M - 2^%u", name, k);
        mpz_sub_ui(x, x, 1);
        n += check(inverts(mod, m, x), "%s: M - 2^%u - 1", name, k);
    }
    check(n >= 5 * (long)(bits - 1) - 1, "%s: %ld powers of two and neighbours", name, n);

    snprintf(title, sizeof title, "bingcd mod %s: random lengths, close to M, uniform", name);
    check_test(title);
    const long reps = check_reps(30000);
    for (long i = 0; i < reps; i++) {
        random_mod(x, m);
        if (i % 3 == 0) { /* a random length */
            mpz_fdiv_q_2exp(x, x, (mp_bitcnt_t)(check_rand64() % bits));
        } else if (i % 3 == 1) { /* M minus a random shorter number: long common top bits */
            random_mod(t, m);
            mpz_fdiv_q_2exp(t, t, (mp_bitcnt_t)(check_rand64() % bits));
            mpz_sub(x, m, t);
            if (mpz_cmp(x, m) >= 0 || mpz_sgn(x) <= 0)
                mpz_set_ui(x, 1);
        }
        check(inverts(mod, m, x), "%s: case %ld", name, i);
    }
    mpz_clears(m, x, t, NULL);
}

int main(void) {
    check_init("test_bingcd");
    run("p", BINGCD_P_HEX);
    run("l", BINGCD_L_HEX);
    return check_done();
}
