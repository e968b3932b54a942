/*
 * GMP differential test of the layout's arithmetic: gf_add, gf_sub, gf_neg,
 * gf_add_nr, gf_sub_nr, gf_weak_reduce, gf_mul, gf_sqr, gf_mulw.
 *
 * Every routine gets the edge elements (0, 1, p-1, p, p+1, 2^448-1, every
 * limb at the bound of its precondition) against each other, then random
 * inputs with limbs up to that bound (tight or loose per src/field/field.h); the
 * result must equal the mpz result mod p and respect its own bound (tight,
 * or loose for the _nr routines). Outputs aliasing inputs are checked too.
 * Built once per layout (-Igenerated/p448_<layout>).
 */
#include <stdio.h>
#include <string.h>
#include "check.h"
#include "field.h"
#include "field_oracle.h"

static long cases = 100000;

enum op { OP_ADD, OP_SUB, OP_MUL, OP_NEG, OP_SQR, OP_MULW, OP_ID };

static void oracle(mpz_t want, enum op op, const gf a, const gf b, uint32_t w) {
    mpz_t x, y;
    mpz_init(x);
    mpz_init(y);
    fo_to_mpz(x, a);
    if (b)
        fo_to_mpz(y, b);
    switch (op) {
    case OP_ADD: mpz_add(want, x, y); break;
    case OP_SUB: mpz_sub(want, x, y); break;
    case OP_MUL: mpz_mul(want, x, y); break;
    case OP_NEG: mpz_neg(want, x); break;
    case OP_SQR: mpz_mul(want, x, x); break;
    case OP_MULW: mpz_mul_ui(want, x, w); break;
    case OP_ID: mpz_set(want, x); break;
    }
    fo_mod(want);
    mpz_clear(x);
    mpz_clear(y);
}

typedef void (*binop_fn)(gf, const gf, const gf);

static void run_binop(const char *name, binop_fn f, enum op op, gf_word_t in_max,
                      gf_word_t out_max) {
    /* check_test keeps the pointer until the next test starts: one buffer per test */
    static char titles[32][96];
    static int used;
    mpz_t want;
    mpz_init(want);
    for (int pass = 0; pass < 2; pass++) {
        char *title = titles[used++ % 32];
        snprintf(title, sizeof titles[0], "%s %s", name, pass ? "random" : "edges");
        check_test(title);
        long n = pass ? cases : FO_EDGES * FO_EDGES;
        for (long i = 0; i < n; i++) {
            gf a, b, c, d;
            if (pass) {
                fo_random_limbs(a, in_max, check_rand64);
                fo_random_limbs(b, in_max, check_rand64);
            } else {
                fo_edge(a, (int)(i / FO_EDGES), in_max);
                fo_edge(b, (int)(i % FO_EDGES), in_max);
            }
            oracle(want, op, a, b, 0);
            f(c, a, b);
            check(fo_eq_mod_p(c, want), "case %ld: wrong value, want %s", i, fo_hex(want));
            check(fo_limbs_le(c, out_max), "case %ld: a limb is over its bound", i);
            /* out aliasing a, then out aliasing b */
            gf_copy(d, a);
            f(d, d, b);
            check(memcmp(c, d, sizeof(gf)) == 0, "case %ld: out == a differs", i);
            gf_copy(d, b);
            f(d, a, d);
            check(memcmp(c, d, sizeof(gf)) == 0, "case %ld: out == b differs", i);
        }
    }
    mpz_clear(want);
}

static void mul_fn(gf o, const gf a, const gf b) { gf_mul(o, a, b); }
static void add_fn(gf o, const gf a, const gf b) { gf_add(o, a, b); }
static void sub_fn(gf o, const gf a, const gf b) { gf_sub(o, a, b); }
static void add_nr_fn(gf o, const gf a, const gf b) { gf_add_nr(o, a, b); }
static void sub_nr_fn(gf o, const gf a, const gf b) { gf_sub_nr(o, a, b); }

static void sqr_fn(gf o, const gf a, const gf b) { (void)b; gf_sqr(o, a); }
static void neg_fn(gf o, const gf a, const gf b) { (void)b; gf_neg(o, a); }

/* gf_mulw with w = edge / random constants up to GF_MULW_MAX */
static void run_mulw(void) {
    static const uint32_t fixed[] = {0, 1, 2, 39081, 39082, 0xffff, GF_MULW_MAX - 1, GF_MULW_MAX};
    mpz_t want;
    mpz_init(want);
    for (int pass = 0; pass < 2; pass++) {
        check_test(pass ? "mulw random" : "mulw edges");
        long n = pass ? cases : (long)(FO_EDGES * (sizeof fixed / sizeof fixed[0]));
        for (long i = 0; i < n; i++) {
            gf a, c, d;
            uint32_t w;
            if (pass) {
                fo_random_limbs(a, GF_LOOSE_MAX, check_rand64);
                uint64_t r = check_rand64();
                w = (r & 3) == 0 ? (uint32_t)GF_MULW_MAX : (uint32_t)((r >> 8) % ((uint64_t)GF_MULW_MAX + 1));
            } else {
                fo_edge(a, (int)(i % FO_EDGES), GF_LOOSE_MAX);
                w = fixed[i / FO_EDGES];
            }
            oracle(want, OP_MULW, a, NULL, w);
            gf_mulw(c, a, w);
            check(fo_eq_mod_p(c, want), "case %ld (w=%u): wrong value", i, (unsigned)w);
            check(fo_limbs_le(c, GF_TIGHT_MAX), "case %ld: a limb is over tight", i);
            gf_copy(d, a);
            gf_mulw(d, d, w);
            check(memcmp(c, d, sizeof(gf)) == 0, "case %ld: in place differs", i);
        }
    }
    mpz_clear(want);
}

static void run_weak_reduce(void) {
    mpz_t want;
    mpz_init(want);
    for (int pass = 0; pass < 2; pass++) {
        check_test(pass ? "weak_reduce random" : "weak_reduce edges");
        long n = pass ? cases : FO_EDGES;
        for (long i = 0; i < n; i++) {
            gf a, c;
            if (pass)
                fo_random_limbs(a, GF_LOOSE_MAX, check_rand64);
            else
                fo_edge(a, (int)i, GF_LOOSE_MAX);
            oracle(want, OP_ID, a, NULL, 0);
            gf_copy(c, a);
            gf_weak_reduce(c);
            check(fo_eq_mod_p(c, want), "case %ld: wrong value", i);
            check(fo_limbs_le(c, GF_TIGHT_MAX), "case %ld: a limb is over tight", i);
        }
    }
    mpz_clear(want);
}

/* The contract chain of src/field/field.h: _nr results go straight into mul/sqr. */
static void run_nr_into_mul(void) {
    check_test("add_nr/sub_nr of tight into mul and sqr");
    mpz_t x, y, want;
    mpz_init(x);
    mpz_init(y);
    mpz_init(want);
    for (long i = 0; i < cases / 4; i++) {
        gf a, b, s, t, c;
        fo_random_limbs(a, GF_TIGHT_MAX, check_rand64);
        fo_random_limbs(b, GF_TIGHT_MAX, check_rand64);
        gf_add_nr(s, a, b);
        gf_sub_nr(t, a, b);
        gf_mul(c, s, t);
        fo_to_mpz(x, a);
        fo_to_mpz(y, b);
        mpz_mul(x, x, x);
        mpz_mul(y, y, y);
        mpz_sub(want, x, y); /* (a + b)(a - b) */
        check(fo_eq_mod_p(c, want), "case %ld: (a+b)(a-b) wrong", i);
        gf_sqr(c, t);
        fo_to_mpz(x, a);
        fo_to_mpz(y, b);
        mpz_sub(want, x, y);
        mpz_mul(want, want, want);
        check(fo_eq_mod_p(c, want), "case %ld: (a-b)^2 wrong", i);
    }
    mpz_clear(x);
    mpz_clear(y);
    mpz_clear(want);
}

int main(int argc, char **argv) {
    check_init("field_arith (layout)");
    if (check_slow(argc, argv))
        cases *= 10;
    cases = check_reps(cases);
    fo_init();
    run_binop("add", add_fn, OP_ADD, GF_TIGHT_MAX, GF_TIGHT_MAX);
    run_binop("sub", sub_fn, OP_SUB, GF_TIGHT_MAX, GF_TIGHT_MAX);
    run_binop("neg", neg_fn, OP_NEG, GF_TIGHT_MAX, GF_TIGHT_MAX);
    run_binop("add_nr", add_nr_fn, OP_ADD, GF_TIGHT_MAX, GF_LOOSE_MAX);
    run_binop("sub_nr", sub_nr_fn, OP_SUB, GF_TIGHT_MAX, GF_LOOSE_MAX);
    run_binop("mul loose", mul_fn, OP_MUL, GF_LOOSE_MAX, GF_TIGHT_MAX);
    run_binop("mul tight", mul_fn, OP_MUL, GF_TIGHT_MAX, GF_TIGHT_MAX);
    run_binop("sqr loose", sqr_fn, OP_SQR, GF_LOOSE_MAX, GF_TIGHT_MAX);
    run_binop("sqr tight", sqr_fn, OP_SQR, GF_TIGHT_MAX, GF_TIGHT_MAX);
    run_mulw();
    run_weak_reduce();
    run_nr_into_mul();
    return check_done();
}
