/*
 * The radix-2^50 lane elements (generated/lanes_avx512ifma/gf4r50.h, gen/radix50.py, or
 * its portable twin generated/r50_portable/gf4r50.h on target r50-portable), against GMP: products, products by a constant, sums and
 * differences, carries, the table lookup, lane moves, the byte conversions and those to and from
 * the scalar layouts' 56-bit limbs, on random limbs and on every
 * limb at the bounds the header promises (which the X448 tests never reach), each
 * output checked mod p and against those bounds. Skipped where the library has no
 * such lanes, or (the IFMA header) where the CPU lacks AVX-512 IFMA.
 */
#include <stdio.h>
#include <string.h>
#include "check.h"
#include "field.h"

#if __has_include("gf4r50.h")
#include "gf4r50.h"
#include "ed448_oracle.h"

enum { NL = 9, LANES = 4 };
/* The bounds gf4r50.h promises: reduced (products' outputs) and loose (the multiplier's inputs). */
static const uint64_t REDUCED_MAX = (1ull << 50) - 1 + (1ull << 10), REDUCED_TOP = (1ull << 48) - 1 + (1ull << 10);
static const uint64_t LOOSE_MAX = (1ull << 52) - 1;

static uint64_t reduced_max(int i) { return i == NL - 1 ? REDUCED_TOP : REDUCED_MAX; }

static void get(uint64_t v[NL][LANES], const gf4r50 a) { memcpy(v, a->limb, sizeof(uint64_t) * NL * LANES); }
static void put(gf4r50 a, const uint64_t v[NL][LANES]) { memcpy(a->limb, v, sizeof(uint64_t) * NL * LANES); }

static void lane_value(mpz_t out, const uint64_t v[NL][LANES], int k) {
    mpz_set_ui(out, 0);
    for (int i = NL - 1; i >= 0; i--) {
        mpz_mul_2exp(out, out, 50);
        mpz_add_ui(out, out, v[i][k]);
    }
}

/* Limbs by kind: 0 random up to max, 1 all at max, 2 all zero, 3 max or zero at random. */
static void fill(uint64_t v[NL][LANES], int kind, int reduced) {
    for (int i = 0; i < NL; i++)
        for (int k = 0; k < LANES; k++) {
            uint64_t max = reduced ? reduced_max(i) : LOOSE_MAX;
            int kk = kind == 4 ? (int)((i + k) % 4) : kind;
            uint64_t r = check_rand64();
            v[i][k] = kk == 0 ? r % (max + 1) : kk == 1 ? max : kk == 2 ? 0 : (r & 1) ? max : 0;
        }
}

/* a, b filled by kinds (fill) and their lanes' values in x[], y[]. */
static void random_pair(gf4r50 a, gf4r50 b, mpz_t x[LANES], mpz_t y[LANES], int kind_a, int kind_b, int reduced_a,
                        int reduced_b) {
    uint64_t va[NL][LANES], vb[NL][LANES];
    fill(va, kind_a, reduced_a);
    fill(vb, kind_b, reduced_b);
    put(a, va);
    put(b, vb);
    for (int k = 0; k < LANES; k++) {
        lane_value(x[k], va, k);
        lane_value(y[k], vb, k);
    }
}

/* Every output lane == want(lane) mod p and within the bound (reduced or < 2^52). */
static int check_out(const gf4r50 out, mpz_t want[LANES], int reduced, const char *what, int t) {
    uint64_t v[NL][LANES];
    mpz_t x;
    int ok = 1;
    get(v, out);
    mpz_init(x);
    for (int k = 0; k < LANES; k++) {
        lane_value(x, v, k);
        mpz_sub(x, x, want[k]);
        ok &= check(mpz_divisible_p(x, P), "%s, case %d, lane %d: wrong value mod p", what, t, k);
        for (int i = 0; i < NL; i++)
            ok &= check(v[i][k] <= (reduced ? reduced_max(i) : LOOSE_MAX), "%s, case %d, lane %d: limb %d 0x%llx out of bounds",
                        what, t, k, i, (unsigned long long)v[i][k]);
    }
    mpz_clear(x);
    return ok;
}

/* gf4r50_mul (square: 0) or gf4r50_sqr (1) on the same random and extreme inputs, each also in place. */
static void test_product(int square) {
    check_test(square ? "gf4r50_sqr vs GMP: random and extreme loose limbs, reduced outputs, in place"
                      : "gf4r50_mul vs GMP: random and extreme loose limbs, reduced outputs");
    long n = check_reps(20000);
    mpz_t x[LANES], y[LANES], want[LANES];
    for (int k = 0; k < LANES; k++) mpz_inits(x[k], y[k], want[k], NULL);
    for (long t = 0; t < n; t++) {
        gf4r50 a, b, c;
        random_pair(a, b, x, y, t < 25 ? (int)(t % 5) : 0, t < 25 ? (int)(t / 5) : 0, t % 7 == 6, t % 5 == 4);
        for (int k = 0; k < LANES; k++) mpz_mul(want[k], x[k], square ? x[k] : y[k]);
        if (square)
            gf4r50_sqr(c, a);
        else
            gf4r50_mul(c, a, b);
        if (!check_out(c, want, 1, square ? "sqr" : "mul", (int)t)) break;
        /* out aliasing the inputs */
        if (square)
            gf4r50_sqr(b, b);
        else
            gf4r50_mul(b, b, b);
        for (int k = 0; k < LANES; k++) mpz_mul(want[k], y[k], y[k]);
        if (!check_out(b, want, 1, "square in place", (int)t)) break;
    }
    for (int k = 0; k < LANES; k++) mpz_clears(x[k], y[k], want[k], NULL);
}

static void test_mulw(void) {
    check_test("gf4r50_mulw vs GMP: w = 0, 1, a24, GF4R50_MULW_MAX and random");
    long n = check_reps(5000);
    mpz_t x, want[LANES];
    mpz_init(x);
    for (int k = 0; k < LANES; k++) mpz_init(want[k]);
    for (long t = 0; t < n; t++) {
        uint32_t ws[] = {0, 1, 39081, GF4R50_MULW_MAX};
        uint32_t w = t < 4 * 5 ? ws[t % 4] : (uint32_t)(check_rand64() % (GF4R50_MULW_MAX + 1));
        uint64_t va[NL][LANES];
        fill(va, t < 20 ? (int)(t / 4) : 0, 0);
        gf4r50 a, c;
        put(a, va);
        for (int k = 0; k < LANES; k++) {
            lane_value(x, va, k);
            mpz_mul_ui(want[k], x, w);
        }
        gf4r50_mulw(c, a, w);
        if (!check_out(c, want, 1, "mulw", (int)t)) break;
    }
    mpz_clear(x);
    for (int k = 0; k < LANES; k++) mpz_clear(want[k]);
}

static void test_addsub(void) {
    check_test("gf4r50_addsub and gf4r50_add vs GMP: every lane mask, reduced inputs, outputs below 2^52");
    long n = check_reps(5000);
    mpz_t x[LANES], y[LANES], want[LANES], sum[LANES];
    for (int k = 0; k < LANES; k++) mpz_inits(x[k], y[k], want[k], sum[k], NULL);
    for (long t = 0; t < n; t++) {
        gf4r50_lanemask sub = (gf4r50_lanemask)(t % 16);
        gf4r50 a, b, c, d;
        random_pair(a, b, x, y, t < 80 ? (int)(t / 16) : 0, t < 80 ? (int)((t / 16 + 1) % 5) : 0, 1, 1);
        for (int k = 0; k < LANES; k++) {
            mpz_add(sum[k], x[k], y[k]);
            if (sub >> k & 1) mpz_sub(want[k], x[k], y[k]);
            else mpz_set(want[k], sum[k]);
        }
        gf4r50_addsub(c, a, b, sub);
        gf4r50_add(d, a, b);
        if (!check_out(c, want, 0, "addsub", (int)t) || !check_out(d, sum, 0, "add", (int)t)) break;
    }
    for (int k = 0; k < LANES; k++) mpz_clears(x[k], y[k], want[k], sum[k], NULL);
}

static void test_carry(void) {
    check_test("gf4r50_carry vs GMP: loose limbs (random, all 2^52 - 1, zero) to reduced, the same value mod p");
    mpz_t want[LANES];
    for (int k = 0; k < LANES; k++) mpz_init(want[k]);
    for (long t = 0; t < check_reps(5000); t++) {
        uint64_t va[NL][LANES];
        fill(va, t < 5 ? (int)t : 0, 0);
        gf4r50 a;
        put(a, va);
        for (int k = 0; k < LANES; k++) lane_value(want[k], va, k);
        gf4r50_carry(a, a);
        if (!check_out(a, want, 1, "carry", (int)t)) break;
    }
    for (int k = 0; k < LANES; k++) mpz_clear(want[k]);
}

/*
 * gf4r50_from_limbs56 and gf4r50_to_limbs56 (the 8 x 56-bit limbs of the scalar layouts,
 * through the transposes gf4r50_rows_to_columns56 / _columns_to_rows56) vs GMP: rows of
 * limbs random up to GF4R50_LIMBS56_IN_MAX, all at it, zero, mixed; loose radix-2^50 limbs
 * back to limbs within GF4R50_LIMBS56_OUT_MAX; each the same value mod p.
 */
static void test_limbs56(void) {
    check_test("gf4r50_from_limbs56 / gf4r50_to_limbs56 and the transposes vs GMP: every bound, the same value mod p");
    mpz_t want[LANES], x;
    for (int k = 0; k < LANES; k++) mpz_init(want[k]);
    mpz_init(x);
    for (long t = 0; t < check_reps(5000); t++) {
        _Alignas(32) uint64_t rows[LANES][8];
        const int kind = t < 5 ? (int)t : 0;
        for (int k = 0; k < LANES; k++) {
            mpz_set_ui(want[k], 0);
            for (int j = 7; j >= 0; j--) {
                const uint64_t max = GF4R50_LIMBS56_IN_MAX, r = check_rand64();
                const int kk = kind == 4 ? (j + k) % 4 : kind;
                rows[k][j] = kk == 0 ? r % (max + 1) : kk == 1 ? max : kk == 2 ? 0 : (r & 1) ? max : 0;
                mpz_mul_2exp(want[k], want[k], 56);
                mpz_add_ui(want[k], want[k], rows[k][j]);
            }
        }
        const uint64_t *const in[LANES] = {rows[0], rows[1], rows[2], rows[3]};
        gf4r50_word v[8];
        gf4r50 a;
        gf4r50_rows_to_columns56(v, in);
        gf4r50_from_limbs56(a, v);
        if (!check_out(a, want, 1, "from_limbs56", (int)t)) break;
        /* and back, from loose limbs (the multiplier's inputs, what a sum leaves) */
        uint64_t va[NL][LANES];
        fill(va, kind, 0);
        put(a, va);
        gf4r50_to_limbs56(v, a);
        uint64_t *const out[LANES] = {rows[0], rows[1], rows[2], rows[3]};
        gf4r50_columns_to_rows56(out, v);
        int ok = 1;
        for (int k = 0; k < LANES && ok; k++) {
            lane_value(want[k], va, k);
            mpz_set_ui(x, 0);
            for (int j = 7; j >= 0; j--) {
                ok &= check(rows[k][j] <= GF4R50_LIMBS56_OUT_MAX, "to_limbs56, case %ld, lane %d: limb %d 0x%llx out of bounds",
                            t, k, j, (unsigned long long)rows[k][j]);
                mpz_mul_2exp(x, x, 56);
                mpz_add_ui(x, x, rows[k][j]);
            }
            mpz_sub(x, x, want[k]);
            ok &= check(mpz_divisible_p(x, P), "to_limbs56, case %ld, lane %d: wrong value mod p", t, k);
        }
        if (!ok) break;
    }
    for (int k = 0; k < LANES; k++) mpz_clear(want[k]);
    mpz_clear(x);
}

static void test_lookup(void) {
    check_test("gf4r50_lookup: every index of 17 entries and of 3, the entry itself");
    gf4r50 table[17], out;
    for (int j = 0; j < 17; j++) {
        uint64_t v[NL][LANES];
        fill(v, 0, 0);
        put(table[j], v);
    }
    int ok = 1;
    for (uint32_t idx = 0; idx < 17; idx++) {
        gf4r50_lookup(out, table[0], 17, idx);
        ok &= memcmp(out, table[idx], sizeof out) == 0;
        if (idx < 3) {
            gf4r50_lookup(out, table[0], 3, idx);
            ok &= memcmp(out, table[idx], sizeof out) == 0;
        }
    }
    check(ok, "a lookup returned another entry");
}

static void test_moves(void) {
    check_test("gf4r50_permute, gf4r50_blend, gf4r50_select: lane by lane");
    for (long t = 0; t < check_reps(2000); t++) {
        uint64_t va[NL][LANES], vb[NL][LANES], vo[NL][LANES];
        fill(va, 0, 0);
        fill(vb, 0, 0);
        gf4r50 a, b, o;
        put(a, va);
        put(b, vb);
        long long idx[LANES], mask[LANES];
        unsigned m = (unsigned)(t % 16);
        for (int k = 0; k < LANES; k++) {
            idx[k] = (long long)(check_rand64() % LANES);
            mask[k] = (check_rand64() & 1) ? -1 : 0;
        }
        gf4r50_permute(o, a, gf4r50_lanes(idx[0], idx[1], idx[2], idx[3]));
        get(vo, o);
        int ok = 1;
        for (int i = 0; i < NL; i++)
            for (int k = 0; k < LANES; k++) ok &= vo[i][k] == va[i][idx[k]];
        gf4r50_blend(o, a, b, (gf4r50_lanemask)m);
        get(vo, o);
        for (int i = 0; i < NL; i++)
            for (int k = 0; k < LANES; k++) ok &= vo[i][k] == ((m >> k & 1) ? vb : va)[i][k];
        gf4r50_select(o, a, b, gf4r50_lanes(mask[0], mask[1], mask[2], mask[3]));
        get(vo, o);
        for (int i = 0; i < NL; i++)
            for (int k = 0; k < LANES; k++) ok &= vo[i][k] == (mask[k] ? vb : va)[i][k];
        if (!check(ok, "case %ld: a lane moved wrong", t)) break;
    }
}

static void test_bytes(void) {
    check_test("gf4r50_from_bytes / gf4r50_to_bytes vs GMP: 0, p - 1, p, 2^448 - 1, random; every bound");
    mpz_t x, y;
    mpz_inits(x, y, NULL);
    for (long t = 0; t < check_reps(3000); t++) {
        uint8_t in[LANES][56], out[57];
        for (int k = 0; k < LANES; k++) {
            check_randbytes(in[k], 56);
            int e = (int)((t + k) % 8);
            if (t < 8 && e == 0) memset(in[k], 0, 56);
            if (t < 8 && e == 1) memset(in[k], 0xff, 56);
            if (t < 8 && (e == 2 || e == 3)) {
                mpz_sub_ui(x, P, (unsigned long)(e - 2));
                mpz_to_le(in[k], 56, x);
            }
        }
        gf4r50 a;
        gf4r50_from_bytes(a, (const uint8_t(*)[56])in);
        uint64_t v[NL][LANES];
        get(v, a);
        int ok = 1;
        for (int k = 0; k < LANES; k++) {
            le_to_mpz(x, in[k], 56);
            lane_value(y, v, k);
            ok &= mpz_cmp(x, y) == 0;
            for (int i = 0; i < NL; i++) ok &= v[i][k] <= reduced_max(i);
            gf4r50_to_bytes(out, a, (unsigned)k);
            le_to_mpz(y, out, 57);
            ok &= mpz_cmp(x, y) == 0;
        }
        /* to_bytes of limbs at the loose bound (the largest it is promised to take) */
        fill(v, t % 2 ? 1 : 0, 0);
        put(a, v);
        for (int k = 0; k < LANES; k++) {
            lane_value(x, v, k);
            gf4r50_to_bytes(out, a, (unsigned)k);
            le_to_mpz(y, out, 57);
            ok &= mpz_cmp(x, y) == 0;
        }
        if (!check(ok, "case %ld: bytes and limbs differ", t)) break;
    }
    mpz_clears(x, y, NULL);
}

int main(int argc, char **argv) {
    (void)argc;
    (void)argv;
    check_init("test_gf4r50");
#if !GF4R50_PORTABLE
    if (!(__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
          __builtin_cpu_supports("avx512ifma"))) {
        check_skip("this CPU lacks AVX-512 IFMA");
        return check_done();
    }
#endif
    oracle_init(); /* P, from test/ed448_oracle.h */
    test_bytes();
    test_product(0);
    test_product(1);
    test_mulw();
    test_addsub();
    test_carry();
    test_limbs56();
    test_lookup();
    test_moves();
    oracle_clear();
    return check_done();
}
#else
int main(void) {
    check_init("test_gf4r50");
    check_skip("the library has no radix-2^50 lanes (targets avx512ifma and r50-portable have)");
    return check_done();
}
#endif
