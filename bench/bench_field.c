/*
 * Field benchmark: rdtsc ticks per operation (x86; nanoseconds elsewhere)
 * of gf_mul, gf_sqr, gf_mulw, gf_invert and gf_isr of the layout the library
 * is built for, beside a GMP baseline (mpn_mul_n of 7 64-bit limbs and
 * mpn_tdiv_qr by p) measured in the same run.
 *
 * Each operation runs in batches of dependent calls (out feeds the next
 * input); the batches of all operations are interleaved, and the median
 * batch is reported, so that frequency drift and neighbours hit them alike.
 *
 *   bench_field                 the table
 *   bench_field --only OP N     OP (mul, sqr, mulw, invert, isr, gmp) N times
 *                               alone, for valgrind --tool=callgrind
 */
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "field.h"

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
static uint64_t ticks(void) { return __rdtsc(); }
static const char *UNIT = "ticks";
#else
#include <time.h>
static uint64_t ticks(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}
static const char *UNIT = "ns";
#endif

enum { GMP_LIMBS = 7, ROUNDS = 301 };

static gf x, y;
static mp_limb_t gx[2 * GMP_LIMBS], gy[GMP_LIMBS], gp[GMP_LIMBS], gq[GMP_LIMBS + 1];

static void op_mul(void) { gf_mul(x, x, y); }
static void op_sqr(void) { gf_sqr(x, x); }
static void op_mulw(void) { gf_mulw(x, x, 39081); }
static void op_invert(void) { gf_invert(x, x); }
static void op_isr(void) { (void)gf_isr(x, x); }
static void op_gmp(void) {
    mp_limb_t prod[2 * GMP_LIMBS];
    mpn_mul_n(prod, gx, gy, GMP_LIMBS);
    mpn_tdiv_qr(gq, gx, 0, prod, 2 * GMP_LIMBS, gp, GMP_LIMBS);
}

static const struct {
    const char *name;
    void (*fn)(void);
    int batch;
} OPS[] = {
    {"mul", op_mul, 100},       {"sqr", op_sqr, 100},    {"mulw", op_mulw, 100},
    {"invert", op_invert, 4},   {"isr", op_isr, 4},      {"gmp mul+mod", op_gmp, 100},
};
enum { NOPS = sizeof OPS / sizeof OPS[0] };

static void setup(void) {
    gf_set_small(x, 0x1234567);
    gf_set_small(y, 0x89abcde);
    for (int i = 0; i < 8; i++) {
        gf_mul(x, x, y);
        gf_add(y, y, x);
    }
    /* p = 2^448 - 2^224 - 1 in 64-bit limbs: 3.5 limbs of ones, a zero bit at 224 */
    if (sizeof(mp_limb_t) != 8) {
        fprintf(stderr, "bench_field: GMP baseline needs 64-bit limbs\n");
        exit(1);
    }
    for (int i = 0; i < GMP_LIMBS; i++) {
        gp[i] = ~(mp_limb_t)0;
        gx[i] = (mp_limb_t)0x0123456789abcdefull * (mp_limb_t)(i + 3);
        gy[i] = (mp_limb_t)0xfedcba9876543210ull ^ (mp_limb_t)i;
    }
    gp[3] = ~((mp_limb_t)1 << 32);
    gx[GMP_LIMBS - 1] >>= 1;
    gy[GMP_LIMBS - 1] >>= 1;
}

static int cmp_u64(const void *a, const void *b) {
    uint64_t u = *(const uint64_t *)a, v = *(const uint64_t *)b;
    return u < v ? -1 : u > v;
}

int main(int argc, char **argv) {
    setup();
    if (argc == 4 && strcmp(argv[1], "--only") == 0) {
        long n = atol(argv[3]);
        for (int k = 0; k < NOPS; k++) {
            if (strcmp(OPS[k].name, argv[2]) == 0 ||
                (strcmp(argv[2], "gmp") == 0 && strncmp(OPS[k].name, "gmp", 3) == 0)) {
                for (long i = 0; i < n; i++)
                    OPS[k].fn();
                uint8_t out[GF_SER_BYTES];
                gf_serialize(out, x);
                printf("%s x %ld done (%02x)\n", OPS[k].name, n, out[0] ^ (uint8_t)gx[0]);
                return 0;
            }
        }
        fprintf(stderr, "bench_field: unknown op %s (mul, sqr, mulw, invert, isr, gmp)\n", argv[2]);
        return 2;
    }
    if (argc > 1) {
        fprintf(stderr, "usage: bench_field [--only OP N]\n");
        return 2;
    }
    static uint64_t samples[NOPS][ROUNDS];
    for (int warm = 0; warm < 2000; warm++)
        op_mul();
    for (int r = 0; r < ROUNDS; r++) {
        for (int k = 0; k < NOPS; k++) {
            uint64_t t0 = ticks();
            for (int i = 0; i < OPS[k].batch; i++)
                OPS[k].fn();
            samples[k][r] = ticks() - t0;
        }
    }
    printf("field, %d limbs of %d bits: median %s per operation (%d interleaved rounds)\n",
           GF_LIMBS, GF_LIMB_BITS, UNIT, ROUNDS);
    for (int k = 0; k < NOPS; k++) {
        qsort(samples[k], ROUNDS, sizeof(uint64_t), cmp_u64);
        printf("  %-12s %10.1f\n", OPS[k].name, (double)samples[k][ROUNDS / 2] / OPS[k].batch);
    }
    return 0;
}
