/*
 * GMP differential test of src/field/modinv.c (divsteps, on limbs of the
 * layout's word size less 4 bits; numbers in and out as little-endian
 * bytes), for both moduli it serves, p = 2^448 - 2^224 - 1 and the group
 * order l: their constants (limbs, M^-1 mod 2^W) against GMP's, the
 * inversion against mpz_invert; and of gf_invert exactly (not only
 * a * out == 1) on tight elements that are not reduced.
 *
 * Inputs below M: 0, 1, 2, 3, M - 1, M - 2, M - 3, (M -+ 1) / 2, 2^k,
 * 2^k - 1, 2^k + 1, M - 2^k for every k with the value in range, values
 * made of long runs of ones and zeros, and random values. Built once per
 * layout, so both word sizes (64 and 32 bits) run on a 64-bit host.
 */
#include <stdio.h>
#include <string.h>
#include "check.h"
#include "field.h"
#include "field_oracle.h"
#include "modinv.h"

static long cases = 20000;

static const char *const P_HEX =
    "fffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffffffffffffffffffffffffffffffffffffffffffffffffffff";
static const char *const L_HEX =
    "3fffffffffffffffffffffffffffffffffffffffffffffffffffffff7cca23e9c44edb49aed63690216cc2728dc58f552378c292ab5844f3";

/* x (below 2^MODINV_BITS) as modinv's MODINV_BYTES little-endian bytes, and back. */
static void to_bytes(uint8_t b[MODINV_BYTES], const mpz_t x) {
    memset(b, 0, MODINV_BYTES);
    mpz_export(b, NULL, -1, 1, 0, 0, x);
}

static void from_bytes(mpz_t x, const uint8_t b[MODINV_BYTES]) {
    mpz_import(x, MODINV_BYTES, -1, 1, 0, 0, b);
}

/* A value with runs of equal bits, each 1 to 128 bits long, reduced mod m. */
static void runs_value(mpz_t x, const mpz_t m) {
    mpz_set_ui(x, 0);
    unsigned bit = 0, one = (unsigned)(check_rand64() & 1);
    while (bit < MODINV_BITS) {
        unsigned len = 1 + (unsigned)(check_rand64() % 128);
        for (unsigned i = 0; i < len && bit < MODINV_BITS; i++, bit++)
            if (one)
                mpz_setbit(x, bit);
        one ^= 1;
    }
    mpz_mod(x, x, m);
}

static void random_value(mpz_t x, const mpz_t m) {
    uint8_t buf[MODINV_BITS / 8 + 8];
    check_randbytes(buf, sizeof buf);
    mpz_import(x, sizeof buf, -1, 1, 0, 0, buf);
    mpz_mod(x, x, m);
}

/* One inversion: modinv(x) against mpz_invert (0 for x = 0); 1 when right. */
static int one_case(const modinv_modulus_t *mod, const mpz_t m, const mpz_t x, mpz_t got, mpz_t want) {
    uint8_t w[MODINV_BYTES], r[MODINV_BYTES];
    to_bytes(w, x);
    modinv(r, w, mod);
    from_bytes(got, r);
    if (mpz_sgn(x) == 0)
        mpz_set_ui(want, 0);
    else if (!mpz_invert(want, x, m))
        return 0;
    /* and in place */
    modinv(w, w, mod);
    return mpz_cmp(got, want) == 0 && memcmp(w, r, sizeof w) == 0;
}

/*
 * The library's constant for M (modinv_p, modinv_l) against GMP: limb i is
 * floor(M / 2^(N i)) mod 2^N, inv is M^-1 mod 2^W.
 */
static void check_constant(const char *name, const modinv_modulus_t *mod, const mpz_t m) {
    char title[96];
    snprintf(title, sizeof title, "modinv_%s: the limbs of M and M^-1 mod 2^W against GMP", name);
    check_test(title);
    mpz_t limb, w, inv, got;
    mpz_inits(limb, w, inv, got, NULL);
    for (unsigned i = 0; i < MODINV_LIMBS; i++) {
        mpz_fdiv_q_2exp(limb, m, MODINV_LIMB_BITS * i);
        mpz_fdiv_r_2exp(limb, limb, MODINV_LIMB_BITS);
        mpz_set_si(got, (long)mod->m[i]); /* a limb is in [0, 2^N), N <= 60 */
        check(mpz_cmp(got, limb) == 0, "%s: limb %u is %s", name, i, fo_hex(got));
    }
    mpz_set_ui(w, 0);
    mpz_setbit(w, 8 * sizeof(gf_word_t));
    check(mpz_invert(inv, m, w) != 0, "GMP: M even");
    mpz_import(got, 1, -1, sizeof mod->inv, 0, 0, &mod->inv);
    check(mpz_cmp(got, inv) == 0, "%s: inv is %s", name, fo_hex(got));
    mpz_clears(limb, w, inv, got, NULL);
}

static void run_modulus(const char *name, const char *hex, const modinv_modulus_t *mod) {
    mpz_t m, x, got, want, t;
    mpz_inits(m, x, got, want, t, NULL);
    mpz_set_str(m, hex, 16);
    check_constant(name, mod, m);

    char title[96];
    snprintf(title, sizeof title, "modinv mod %s: edges, 2^k, M - 2^k against mpz_invert", name);
    check_test(title);
    long n = 0;
    for (unsigned long small = 0; small < 4; small++) {
        mpz_set_ui(x, small);
        check(one_case(mod, m, x, got, want), "%s: x = %lu: got %s", name, small, fo_hex(got));
        mpz_sub_ui(x, m, small + 1);
        check(one_case(mod, m, x, got, want), "%s: x = M - %lu", name, small + 1);
        n += 2;
    }
    mpz_sub_ui(x, m, 1);
    mpz_fdiv_q_2exp(x, x, 1);
    check(one_case(mod, m, x, got, want), "%s: (M - 1) / 2", name);
    mpz_add_ui(x, x, 1);
    check(one_case(mod, m, x, got, want), "%s: (M + 1) / 2", name);
    for (unsigned k = 0; k < MODINV_BITS; k++) {
        mpz_set_ui(t, 0);
        mpz_setbit(t, k);
        if (mpz_cmp(t, m) >= 0)
            break;
        check(one_case(mod, m, t, got, want), "%s: 2^%u", name, k);
        mpz_sub_ui(x, t, 1);
        check(one_case(mod, m, x, got, want), "%s: 2^%u - 1", name, k);
        mpz_add_ui(x, t, 1);
        if (mpz_cmp(x, m) < 0)
            check(one_case(mod, m, x, got, want), "%s: 2^%u + 1", name, k);
        mpz_sub(x, m, t);
        check(one_case(mod, m, x, got, want), "%s: M - 2^%u", name, k);
        n += 4;
    }
    check(n > 4 * 440, "%s: %ld edge cases", name, n);

    snprintf(title, sizeof title, "modinv mod %s: runs of ones and zeros, random, against mpz_invert", name);
    check_test(title);
    long reps = check_reps(cases);
    for (long i = 0; i < reps; i++) {
        if (i % 2)
            runs_value(x, m);
        else
            random_value(x, m);
        check(one_case(mod, m, x, got, want), "%s: case %ld: x = %s", name, i, fo_hex(x));
    }
    mpz_clears(m, x, got, want, t, NULL);
}

/*
 * gf_invert exactly against mpz_invert of a mod p, on tight elements with
 * random extreme limbs (many at or above p: the canonical form is what is
 * inverted), the edge elements of field_oracle, and 2^448 - 1 - k.
 */
static void run_gf_invert(void) {
    mpz_t x, want;
    mpz_inits(x, want, NULL);
    check_test("gf_invert against mpz_invert, unreduced tight inputs");
    long reps = check_reps(cases);
    long above = 0;
    for (long i = 0; i < reps + FO_EDGES + 4; i++) {
        gf a, c;
        if (i < FO_EDGES) {
            fo_edge(a, (int)i, GF_TIGHT_MAX);
        } else if (i < FO_EDGES + 4) {
            mpz_set_ui(x, 0);
            mpz_setbit(x, 448);
            mpz_sub_ui(x, x, (unsigned long)(i - FO_EDGES + 1)); /* 2^448 - 1 .. - 4, above p */
            fo_from_mpz(a, x);
        } else {
            fo_random_limbs(a, GF_TIGHT_MAX, check_rand64);
        }
        fo_to_mpz(x, a);
        if (mpz_cmp(x, *fo_p()) >= 0)
            above++;
        fo_mod(x);
        gf_invert(c, a);
        if (mpz_sgn(x) == 0)
            mpz_set_ui(want, 0);
        else
            check(mpz_invert(want, x, *fo_p()) != 0, "GMP: no inverse");
        check(fo_eq_mod_p(c, want), "case %ld: 1/a", i);
        check(fo_limbs_le(c, GF_TIGHT_MAX), "case %ld: over tight", i);
    }
    check(above >= 6, "%ld inputs at or above p", above);
    mpz_clears(x, want, NULL);
}

int main(int argc, char **argv) {
    check_init("field_modinv");
    if (check_slow(argc, argv))
        cases *= 10;
    fo_init();
    run_modulus("p", P_HEX, &modinv_p);
    run_modulus("l", L_HEX, &modinv_l);
    run_gf_invert();
    return check_done();
}
