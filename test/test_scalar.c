/*
 * Scalars mod l (src/scalar/scalar.c) against GMP: every function on random and
 * edge-case inputs, with mpz arithmetic mod l as the oracle. Inputs are
 * built from mpz values and written into scalar_t words directly, so that
 * no function under test is trusted to make the inputs of another.
 * --slow runs ten times as many random cases.
 */
#include <gmp.h>
#include <stdio.h>
#include <string.h>
#include "check.h"
#include "gmp_bytes.h"
#include "scalar.h"

static unsigned long cases = 100000;
static mpz_t l; /* the group order, from its decimal definition */

/* ---- conversions between the library's types and mpz ---- */

static void mpz_from_scalar(mpz_t z, const scalar_t *s) {
    mpz_import(z, SCALAR_WORDS, -1, sizeof s->word[0], 0, 0, s->word);
}

/* s = z for 0 <= z < 2^448 (any bit pattern, canonical or not). */
static void scalar_from_mpz(scalar_t *s, const mpz_t z) {
    size_t n = 0;
    memset(s, 0, sizeof *s);
    mpz_export(s->word, &n, -1, sizeof s->word[0], 0, 0, z);
}

static void mpz_from_bytes(mpz_t z, const uint8_t *p, size_t len) {
    mpz_import(z, len, -1, 1, 0, 0, p);
}

/* out[0 .. len) = z little-endian; z < 2^(8 len). */
static void bytes_from_mpz(uint8_t *out, size_t len, const mpz_t z) {
    size_t n = 0;
    memset(out, 0, len);
    mpz_export(out, &n, -1, 1, 0, 0, z);
}

static int scalar_equals_mpz(const scalar_t *s, const mpz_t want) {
    mpz_t got;
    mpz_init(got);
    mpz_from_scalar(got, s);
    int ok = mpz_cmp(got, want) == 0;
    if (!ok)
        gmp_printf("  got  %Zx\n  want %Zx\n", got, want);
    mpz_clear(got);
    return ok;
}

/* ---- inputs ---- */

enum { N_EDGES = 16 };
static mpz_t edges[N_EDGES]; /* canonical edge values, all in [0, l) */

static void init_edges(void) {
    for (int i = 0; i < N_EDGES; i++)
        mpz_init(edges[i]);
    mpz_set_ui(edges[0], 0);
    mpz_set_ui(edges[1], 1);
    mpz_set_ui(edges[2], 2);
    mpz_sub_ui(edges[3], l, 1);
    mpz_sub_ui(edges[4], l, 2);
    mpz_fdiv_q_2exp(edges[5], l, 1);     /* (l - 1) / 2 */
    mpz_add_ui(edges[6], edges[5], 1);   /* (l + 1) / 2 */
    mpz_setbit(edges[7], 445);           /* 2^445 */
    mpz_ui_pow_ui(edges[8], 2, 446);     /* 2^446 - l = c */
    mpz_sub(edges[8], edges[8], l);
    mpz_sub_ui(edges[9], edges[8], 1);   /* c - 1 */
    mpz_set_ui(edges[10], 0xffffffffu);  /* one full word */
    mpz_ui_pow_ui(edges[11], 2, 224);    /* 2^224 */
    mpz_sub_ui(edges[12], edges[11], 1); /* 2^224 - 1 */
    mpz_sub(edges[13], l, edges[11]);    /* l - 2^224 */
    mpz_ui_pow_ui(edges[14], 2, 32 * 13); /* 2^416: only the top word set */
    mpz_set_ui(edges[15], 39081);
}

/*
 * A random value in [0, l): mostly uniform, sometimes an edge value,
 * sometimes words of all zeros or all ones (carry and borrow chains), reduced.
 */
static void random_canonical(mpz_t z) {
    uint8_t b[56];
    uint64_t kind = check_rand64() % 16;
    if (kind == 0) {
        mpz_set(z, edges[check_rand64() % N_EDGES]);
        return;
    }
    check_randbytes(b, sizeof b);
    if (kind == 1) {
        for (size_t i = 0; i < sizeof b; i++)
            b[i] = (check_rand64() & 1) ? 0xff : 0x00;
    }
    mpz_from_bytes(z, b, sizeof b);
    if (kind == 2) { /* near l from below */
        mpz_fdiv_r_2exp(z, z, 64);
        mpz_sub(z, l, z);
        mpz_sub_ui(z, z, 1);
    }
    mpz_mod(z, z, l);
}

static void random_scalar(scalar_t *s, mpz_t z) {
    random_canonical(z);
    scalar_from_mpz(s, z);
}

/* ---- tests ---- */

static void test_constants(void) {
    mpz_t two446;
    check_test("l = 2^446 - 13818066809895115352007386748515426880336692474882178609894547503885 is prime");
    mpz_init(two446);
    mpz_ui_pow_ui(two446, 2, 446);
    check(mpz_sizeinbase(l, 2) == 446, "l has 446 bits");
    check(mpz_probab_prime_p(l, 30) != 0, "l is (probably) prime");
    mpz_clear(two446);
}

/* Reduction of byte strings: every length 0..114 with random bytes, all 0xff, and chosen values. */
static void test_reduce_bytes(void) {
    static uint8_t in[400];
    mpz_t x, want;
    scalar_t s;
    mpz_inits(x, want, NULL);

    check_test("scalar_reduce_bytes: random lengths 0..114 and bytes against mpz_mod");
    for (unsigned long i = 0; i < cases; i++) {
        size_t len = (size_t)(check_rand64() % 115);
        check_randbytes(in, len);
        if (i % 7 == 0) /* long runs of 0xff and 0x00 */
            for (size_t k = 0; k < len; k++)
                in[k] = (check_rand64() % 4) ? 0xff : (uint8_t)(check_rand64() % 3 ? 0 : in[k]);
        mpz_from_bytes(x, in, len);
        mpz_mod(want, x, l);
        scalar_reduce_bytes(&s, in, len);
        if (!check(scalar_equals_mpz(&s, want), "len %zu", len))
            check_print_hex("in", in, len);
    }

    check_test("scalar_reduce_bytes: all-0xff input of every length 0..114 (2^(8 len) - 1)");
    memset(in, 0xff, 114);
    for (size_t len = 0; len <= 114; len++) {
        mpz_from_bytes(x, in, len);
        mpz_mod(want, x, l);
        scalar_reduce_bytes(&s, in, len);
        check(scalar_equals_mpz(&s, want), "len %zu", len);
    }

    check_test("scalar_reduce_bytes: 0, 1, l-1, l, l+1, 2^446-1, 2^448-1, k l + r, l^2, 2^912-1");
    {
        /* values x and the byte length they are presented in */
        static const struct { const char *what; size_t len; } named[] = {
            {"0", 57}, {"1", 56}, {"l-1", 56}, {"l", 56}, {"l+1", 56}, {"2^446-1", 56},
            {"2^448-1", 56}, {"2l", 57}, {"3l", 56}, {"4l-1", 56}, {"4l", 56}, {"7l+6", 57},
            {"l^2", 112}, {"l^2 2^16 - 1", 114}, {"2^912-1", 114}, {"l 2^448", 114},
        };
        for (size_t k = 0; k < sizeof named / sizeof named[0]; k++) {
            const char *w = named[k].what;
            if (!strcmp(w, "0")) mpz_set_ui(x, 0);
            else if (!strcmp(w, "1")) mpz_set_ui(x, 1);
            else if (!strcmp(w, "l-1")) mpz_sub_ui(x, l, 1);
            else if (!strcmp(w, "l")) mpz_set(x, l);
            else if (!strcmp(w, "l+1")) mpz_add_ui(x, l, 1);
            else if (!strcmp(w, "2^446-1")) { mpz_ui_pow_ui(x, 2, 446); mpz_sub_ui(x, x, 1); }
            else if (!strcmp(w, "2^448-1")) { mpz_ui_pow_ui(x, 2, 448); mpz_sub_ui(x, x, 1); }
            else if (!strcmp(w, "2l")) mpz_mul_ui(x, l, 2);
            else if (!strcmp(w, "3l")) mpz_mul_ui(x, l, 3);
            else if (!strcmp(w, "4l-1")) { mpz_mul_ui(x, l, 4); mpz_sub_ui(x, x, 1); }
            else if (!strcmp(w, "4l")) mpz_mul_ui(x, l, 4);
            else if (!strcmp(w, "7l+6")) { mpz_mul_ui(x, l, 7); mpz_add_ui(x, x, 6); }
            else if (!strcmp(w, "l^2")) mpz_mul(x, l, l);
            else if (!strcmp(w, "l^2 2^16 - 1")) { mpz_mul(x, l, l); mpz_mul_2exp(x, x, 16); mpz_sub_ui(x, x, 1); }
            else if (!strcmp(w, "2^912-1")) { mpz_ui_pow_ui(x, 2, 912); mpz_sub_ui(x, x, 1); }
            else { mpz_mul_2exp(x, l, 448); }
            bytes_from_mpz(in, named[k].len, x);
            mpz_mod(want, x, l);
            scalar_reduce_bytes(&s, in, named[k].len);
            check(scalar_equals_mpz(&s, want), "%s", w);
        }
    }

    check_test("scalar_reduce_bytes: inputs longer than 114 bytes (115..400)");
    for (unsigned long i = 0; i < cases / 20; i++) {
        size_t len = 115 + (size_t)(check_rand64() % (sizeof in - 114));
        check_randbytes(in, len);
        if (i % 5 == 0)
            memset(in, 0xff, len);
        mpz_from_bytes(x, in, len);
        mpz_mod(want, x, l);
        scalar_reduce_bytes(&s, in, len);
        check(scalar_equals_mpz(&s, want), "len %zu", len);
    }
    mpz_clears(x, want, NULL);
}

static void test_canonical_bytes(void) {
    uint8_t in[57], out[SCALAR_BYTES];
    mpz_t x, got;
    scalar_t s;
    mpz_inits(x, got, NULL);

    check_test("scalar_from_canonical_bytes: accepts exactly x < l (57 and 56 bytes), random near l");
    for (unsigned long i = 0; i < cases; i++) {
        size_t len = (i & 1) ? 57 : 56;
        uint64_t kind = check_rand64() % 4;
        check_randbytes(in, len);
        mpz_from_bytes(x, in, len);
        if (kind == 0) { /* l + small signed delta */
            long delta = (long)(check_rand64() % 2001) - 1000;
            if (delta >= 0)
                mpz_add_ui(x, l, (unsigned long)delta);
            else
                mpz_sub_ui(x, l, (unsigned long)-delta);
        } else if (kind == 1) { /* below 2^446: about 1 in 2^222 are >= l, so mostly accepted */
            mpz_fdiv_r_2exp(x, x, 446);
        } else if (kind == 2) { /* l + a random number below 2^224: the words that differ from l */
            mpz_fdiv_r_2exp(x, x, 224);
            if (check_rand64() & 1)
                mpz_add(x, l, x);
            else
                mpz_sub(x, l, x);
        }
        bytes_from_mpz(in, len, x);
        int want_ok = mpz_cmp(x, l) < 0;
        memset(&s, 0xa5, sizeof s);
        int r = scalar_from_canonical_bytes(&s, in, len);
        check(r == (want_ok ? 0 : -1), "len %zu: returned %d", len, r);
        mpz_from_scalar(got, &s);
        check(want_ok ? mpz_cmp(got, x) == 0 : mpz_sgn(got) == 0, "len %zu: value", len);
        if (want_ok) {
            scalar_to_bytes(out, &s);
            check(memcmp(out, in, SCALAR_BYTES) == 0, "scalar_to_bytes round trip");
        }
    }

    check_test("scalar_from_canonical_bytes: 0, 1, l-1 accepted; l, l+1, 2^446-1, 2^448-1, top byte set rejected");
    {
        static const struct { int k; int ok; } named[] = {{0, 1}, {1, 1}, {2, 1}, {3, 0}, {4, 0}, {5, 0}, {6, 0}, {7, 0}, {8, 0}};
        for (size_t k = 0; k < sizeof named / sizeof named[0]; k++) {
            switch (named[k].k) {
            case 0: mpz_set_ui(x, 0); break;
            case 1: mpz_set_ui(x, 1); break;
            case 2: mpz_sub_ui(x, l, 1); break;
            case 3: mpz_set(x, l); break;
            case 4: mpz_add_ui(x, l, 1); break;
            case 5: mpz_ui_pow_ui(x, 2, 446); mpz_sub_ui(x, x, 1); break;
            case 6: mpz_ui_pow_ui(x, 2, 448); mpz_sub_ui(x, x, 1); break;
            case 7: mpz_ui_pow_ui(x, 2, 448); break;            /* byte 56 = 1 */
            default: mpz_ui_pow_ui(x, 2, 456); mpz_sub_ui(x, x, 1); break; /* all 57 bytes 0xff */
            }
            for (size_t len = 56; len <= 57; len++) {
                if (mpz_byte_len(x) > len)
                    continue;
                bytes_from_mpz(in, len, x);
                int r = scalar_from_canonical_bytes(&s, in, len);
                check(r == (named[k].ok ? 0 : -1), "case %d len %zu: returned %d", named[k].k, len, r);
                mpz_from_scalar(got, &s);
                check(named[k].ok ? mpz_cmp(got, x) == 0 : mpz_sgn(got) == 0, "case %d len %zu value", named[k].k, len);
            }
        }
        /* Short inputs are always below l; 58 bytes is out of range. */
        memset(in, 0xff, sizeof in);
        for (size_t len = 0; len < 56; len++) {
            int r = scalar_from_canonical_bytes(&s, in, len);
            mpz_from_bytes(x, in, len);
            check(r == 0 && scalar_equals_mpz(&s, x), "len %zu of 0xff", len);
        }
        uint8_t big[58] = {0};
        check(scalar_from_canonical_bytes(&s, big, sizeof big) == -1, "58 bytes rejected");
    }
    mpz_clears(x, got, NULL);
}

static void test_set_small(void) {
    mpz_t want;
    scalar_t s;
    uint32_t ws[] = {0, 1, 2, 39081, 0x7fffffff, 0x80000000, 0xffffffff};
    mpz_init(want);
    check_test("scalar_set_small");
    for (unsigned long i = 0; i < cases / 10 + 7; i++) {
        uint32_t w = i < 7 ? ws[i] : (uint32_t)check_rand64();
        memset(&s, 0x5a, sizeof s);
        scalar_set_small(&s, w);
        mpz_set_ui(want, w);
        check(scalar_equals_mpz(&s, want), "w = %u", w);
    }
    mpz_clear(want);
}

enum op { OP_ADD, OP_SUB, OP_MUL, OP_NEG, OP_HALVE };
static const char *const op_names[] = {"scalar_add", "scalar_sub", "scalar_mul", "scalar_neg", "scalar_halve"};

static void apply(enum op op, scalar_t *out, const scalar_t *a, const scalar_t *b) {
    switch (op) {
    case OP_ADD: scalar_add(out, a, b); break;
    case OP_SUB: scalar_sub(out, a, b); break;
    case OP_MUL: scalar_mul(out, a, b); break;
    case OP_NEG: scalar_neg(out, a); break;
    case OP_HALVE: scalar_halve(out, a); break;
    }
}

static mpz_t half; /* (l + 1) / 2, the inverse of 2 */

static void oracle(enum op op, mpz_t want, const mpz_t a, const mpz_t b) {
    switch (op) {
    case OP_ADD: mpz_add(want, a, b); break;
    case OP_SUB: mpz_sub(want, a, b); break;
    case OP_MUL: mpz_mul(want, a, b); break;
    case OP_NEG: mpz_neg(want, a); break;
    case OP_HALVE: mpz_mul(want, a, half); break;
    }
    mpz_mod(want, want, l); /* mpz_mod is never negative */
}

/* One check of op on (a, b): out separate, out aliasing a, out aliasing b. */
static void check_op(enum op op, const scalar_t *a, const scalar_t *b, const mpz_t za, const mpz_t zb,
                     mpz_t want) {
    scalar_t out, alias;
    oracle(op, want, za, zb);
    apply(op, &out, a, b);
    if (!check(scalar_equals_mpz(&out, want), "%s", op_names[op]))
        gmp_printf("  a %Zx\n  b %Zx\n", za, zb);
    alias = *a;
    apply(op, &alias, &alias, b);
    check(memcmp(&alias, &out, sizeof out) == 0, "%s with out = a", op_names[op]);
    alias = *b;
    apply(op, &alias, a, &alias);
    check(memcmp(&alias, &out, sizeof out) == 0, "%s with out = b", op_names[op]);
}

static void test_arithmetic(void) {
    mpz_t za, zb, want;
    scalar_t a, b;
    static char names[2 * (OP_HALVE + 1)][96]; /* check_test keeps the pointer */
    mpz_inits(za, zb, want, NULL);
    for (int op = OP_ADD; op <= OP_HALVE; op++) {
        char *name = names[2 * op];
        snprintf(name, sizeof names[0], "%s: %lu random cases against mpz mod l", op_names[op], cases);
        check_test(name);
        for (unsigned long i = 0; i < cases; i++) {
            random_scalar(&a, za);
            random_scalar(&b, zb);
            check_op((enum op)op, &a, &b, za, zb, want);
        }
        name = names[2 * op + 1];
        snprintf(name, sizeof names[0], "%s: every pair of edge values", op_names[op]);
        check_test(name);
        for (int i = 0; i < N_EDGES; i++)
            for (int j = 0; j < N_EDGES; j++) {
                scalar_from_mpz(&a, edges[i]);
                scalar_from_mpz(&b, edges[j]);
                check_op((enum op)op, &a, &b, edges[i], edges[j], want);
            }
    }
    mpz_clears(za, zb, want, NULL);
}

static void test_eq(void) {
    mpz_t za, zb;
    scalar_t a, b;
    mpz_inits(za, zb, NULL);
    check_test("scalar_eq: equal, random and one-bit-apart pairs");
    for (unsigned long i = 0; i < cases; i++) {
        random_scalar(&a, za);
        b = a;
        check(scalar_eq(&a, &b) == 1, "equal copies");
        uint64_t kind = i % 3;
        if (kind == 0) {
            random_scalar(&b, zb);
        } else {
            unsigned bitpos = (unsigned)(check_rand64() % (32 * SCALAR_WORDS));
            b.word[bitpos / 32] ^= (uint32_t)1 << (bitpos % 32);
            mpz_from_scalar(zb, &b);
        }
        check(scalar_eq(&a, &b) == (mpz_cmp(za, zb) == 0), "random pair");
    }
    mpz_clears(za, zb, NULL);
}

/*
 * scalar_invert against mpz_invert: every edge value and random values of
 * every kind (all-ones and all-zero words among them),
 * and 0 -> 0. A hundredth of the cases: an inversion is some 1300 divsteps.
 */
static void test_invert(void) {
    mpz_t za, want;
    scalar_t a, r;
    mpz_inits(za, want, NULL);
    check_test("scalar_invert against mpz_invert: edge and random values, 0 -> 0");
    unsigned long n = cases / 100 + N_EDGES;
    for (unsigned long i = 0; i < n; i++) {
        if (i < N_EDGES) {
            mpz_set(za, edges[i]);
            scalar_from_mpz(&a, za);
        } else {
            random_scalar(&a, za);
        }
        scalar_invert(&r, &a);
        if (mpz_sgn(za) == 0)
            mpz_set_ui(want, 0);
        else
            check(mpz_invert(want, za, l) != 0, "GMP: no inverse");
        check(scalar_equals_mpz(&r, want), "invert case %lu", i);
    }
    mpz_clears(za, want, NULL);
}

int main(int argc, char **argv) {
    if (check_slow(argc, argv))
        cases *= 10;
    check_init("test_scalar");
    cases = (unsigned long)check_reps((long)cases);
    mpz_inits(l, half, NULL);
    mpz_set_str(l, "13818066809895115352007386748515426880336692474882178609894547503885", 10);
    mpz_neg(l, l);
    {
        mpz_t p;
        mpz_init(p);
        mpz_ui_pow_ui(p, 2, 446);
        mpz_add(l, l, p);
        mpz_clear(p);
    }
    mpz_add_ui(half, l, 1);
    mpz_fdiv_q_2exp(half, half, 1);
    init_edges();

    test_constants();
    test_reduce_bytes();
    test_canonical_bytes();
    test_set_small();
    test_arithmetic();
    test_eq();
    test_invert();

    for (int i = 0; i < N_EDGES; i++)
        mpz_clear(edges[i]);
    mpz_clears(l, half, NULL);
    return check_done();
}
