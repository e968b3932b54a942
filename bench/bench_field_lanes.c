/*
 * Lane benchmark: ticks (rdtsc on x86, else nanoseconds) of the target's
 * lane layout (src/field/field.h, "Lanes") against GF_LANES scalar calls.
 *
 * Rows: gfl_mul, gfl_sqr, gfl_mulw, gfl_add (GF_LANES elements per call)
 * and, in the same run, GF_LANES scalar gf_mul, gf_sqr, gf_mulw, gf_add on
 * GF_LANES independent elements (what the lanes replace). Each row is a
 * batch of dependent calls (out feeds the next input); the batches of all
 * rows are interleaved and the median batch of ROUNDS is reported, so that
 * frequency drift and neighbours hit every row alike. The last column is
 * the scalar time over the lane time (above 1: the lanes are faster).
 *
 *   bench_field_lanes               the table
 *   bench_field_lanes --only OP N   OP (mul, sqr, gf_mul, gf_sqr) N times, for callgrind
 */
#define _POSIX_C_SOURCE 200809L     /* clock_gettime (ticks.h) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "field.h"
#include "stats.h"
#include "ticks.h"

enum { ROUNDS = 301, BATCH = 100 };

static gfl lx, ly;
static gf sx[GF_LANES], sy[GF_LANES];

static void op_lmul(void) { gfl_mul(lx, lx, ly); }
static void op_lsqr(void) { gfl_sqr(lx, lx); }
static void op_lmulw(void) { gfl_mulw(lx, lx, 39081); }
static void op_ladd(void) { gfl_add(lx, lx, ly); }
static void op_smul(void) { for (int k = 0; k < GF_LANES; k++) gf_mul(sx[k], sx[k], sy[k]); }
static void op_ssqr(void) { for (int k = 0; k < GF_LANES; k++) gf_sqr(sx[k], sx[k]); }
static void op_smulw(void) { for (int k = 0; k < GF_LANES; k++) gf_mulw(sx[k], sx[k], 39081); }
static void op_sadd(void) { for (int k = 0; k < GF_LANES; k++) gf_add(sx[k], sx[k], sy[k]); }

static const struct {
    const char *name;
    void (*lane)(void), (*scalar)(void);
} OPS[] = {
    {"mul", op_lmul, op_smul}, {"sqr", op_lsqr, op_ssqr}, {"mulw", op_lmulw, op_smulw}, {"add", op_ladd, op_sadd},
};
enum { NOPS = sizeof OPS / sizeof OPS[0] };

static void setup(void) {
    for (int k = 0; k < GF_LANES; k++) {
        gf_set_small(sx[k], 0x1234567u + (uint32_t)k);
        gf_set_small(sy[k], 0x89abcdeu + (uint32_t)k);
        gf_sqr(sx[k], sx[k]);
        gf_sqr(sy[k], sy[k]);
        gfl_insert(lx, (unsigned)k, sx[k]);
        gfl_insert(ly, (unsigned)k, sy[k]);
    }
}

int main(int argc, char **argv) {
#if defined(__x86_64__) || defined(__i386__)
    if (strcmp(GF_LANES_NAME, "avx2") == 0 && !__builtin_cpu_supports("avx2")) {
        printf("bench_field_lanes: skipped: this CPU lacks AVX2\n");
        return 0;
    }
    if (strcmp(GF_LANES_NAME, "avx512ifma") == 0
        && !(__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512ifma"))) {
        printf("bench_field_lanes: skipped: this CPU lacks AVX-512 IFMA\n");
        return 0;
    }
#endif
    setup();
    if (argc == 4 && strcmp(argv[1], "--only") == 0) {
        long n = atol(argv[3]);
        void (*fn)(void) = NULL;
        for (int k = 0; k < NOPS; k++) {
            if (strcmp(argv[2], OPS[k].name) == 0) fn = OPS[k].lane;
            if (strncmp(argv[2], "gf_", 3) == 0 && strcmp(argv[2] + 3, OPS[k].name) == 0) fn = OPS[k].scalar;
        }
        if (!fn || n <= 0) {
            fprintf(stderr, "usage: bench_field_lanes [--only mul|sqr|mulw|add|gf_mul|gf_sqr|gf_mulw|gf_add N]\n");
            return 2;
        }
        for (long i = 0; i < n; i++) fn();
        return 0;
    }
    static uint64_t t[2 * NOPS][ROUNDS];
    for (int warm = 0; warm < 2000; warm++) {
        op_lmul();
        op_smul();
    }
    for (int r = 0; r < ROUNDS; r++) {
        for (int k = 0; k < 2 * NOPS; k++) {
            void (*fn)(void) = k % 2 ? OPS[k / 2].scalar : OPS[k / 2].lane;
            uint64_t t0 = ticks();
            for (int i = 0; i < BATCH; i++) fn();
            t[k][r] = ticks() - t0;
        }
        if (r % 16 == 15) setup();    /* keep the values away from fixed points */
    }
    printf("lanes \"%s\", %d lanes: median %s per call (%d interleaved rounds of %d calls)\n",
           GF_LANES_NAME, GF_LANES, TICK_UNIT, ROUNDS, BATCH);
    printf("  %-6s %14s %18s %8s\n", "op", "gfl_ (lanes)", "lanes x gf_", "ratio");
    for (int k = 0; k < NOPS; k++) {
        double m[2];
        for (int j = 0; j < 2; j++)
            m[j] = (double)bench_stats(t[2 * k + j], ROUNDS).median / BATCH;
        printf("  %-6s %14.1f %18.1f %8.2f\n", OPS[k].name, m[0], m[1], m[1] / m[0]);
    }
    return 0;
}
