/*
 * Constant-time check of the binary GCD inversion (src/field/bingcd.c),
 * run under valgrind memcheck by `ninja ctcheck`: bingcd and bingcd_jacobi, on the
 * build's word size, mod p and mod l, with the input bytes marked undefined
 * (VALGRIND_MAKE_MEM_UNDEFINED), so that memcheck reports any branch or
 * memory address that depends on them. The inputs: 0, 1, 2, M - 1,
 * 2^(len M - 1) (the most iterations), M minus a short number (long equal
 * top bits) and random values. Only the output is marked defined again,
 * then checked with GMP (x out = 1 mod M, 0 for 0); outside valgrind the
 * marks are no-ops. The symbol is checked against mpz_jacobi.
 */
#include <stdio.h>
#include <string.h>
#include <valgrind/memcheck.h>
#include "check.h"
#include "bingcd_test.h"

#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))

static void run(const char *name, const char *hex) {
    mpz_t m, x, y;
    mpz_inits(m, x, y, NULL);
    const modinv_modulus_t *mod = bingcd_test_modulus(m, hex);
    char title[64];
    snprintf(title, sizeof title, "bingcd mod %s with the input undefined", name);
    check_test(title);
    for (int i = 0; i < 10; i++) {
        if (i < 3)
            mpz_set_ui(x, (unsigned long)i);
        else if (i == 3)
            mpz_sub_ui(x, m, 1);
        else if (i == 4) {
            mpz_set_ui(x, 0);
            mpz_setbit(x, (mp_bitcnt_t)mpz_sizeinbase(m, 2) - 1);
        }
        else if (i == 5)
            mpz_sub_ui(x, m, 0x12345678ul); /* fits a 32-bit unsigned long (i386) */
        else
            random_mod(x, m);
        uint8_t in[BINGCD_BYTES], out[BINGCD_BYTES], out_j[BINGCD_BYTES];
        mpz_to_le(in, sizeof in, x);
        SECRET(in, sizeof in);
        bingcd(out, in, mod);
        int symbol = bingcd_jacobi(out_j, in, mod);
        PUBLIC(out, sizeof out);
        PUBLIC(out_j, sizeof out_j);
        PUBLIC(&symbol, sizeof symbol);
        PUBLIC(in, sizeof in);
        le_to_mpz(y, out, sizeof out);
        mpz_mul(y, y, x);
        mpz_mod(y, y, m);
        check(mpz_cmp_ui(y, i == 0 ? 0 : 1) == 0, "%s: case %d: x (1/x) != 1", name, i);
        check(memcmp(out, out_j, sizeof out) == 0, "%s: case %d: bingcd_jacobi's inverse differs", name, i);
        check(symbol == mpz_jacobi(x, m), "%s: case %d: the symbol", name, i);
    }
    mpz_clears(m, x, y, NULL);
}

int main(void) {
    check_init("ct_bingcd");
    run("p", BINGCD_P_HEX);
    run("l", BINGCD_L_HEX);
    return check_done();
}
