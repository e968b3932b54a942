/*
 * Throughput of goldilocks_x448_batch against the same items as single
 * goldilocks_x448 calls, in one run.
 *
 *   bench_x448_batch [--reps R] [--n N]
 *       R rounds (default 31); each times N single calls (default 64, at
 *       most 1024) and one batch of the same N items, in an order that
 *       alternates each round, so both see the same machine state.
 *       Reported: the median over the rounds of the ticks per shared secret
 *       of each and the ratio single / batch (the batch's throughput gain),
 *       then the same for the fastest round. Ticks are rdtsc on x86
 *       (elsewhere nanoseconds). The lane backend is GF_LANES_NAME.
 *       With --cpu-time, nanoseconds of this thread's CPU time
 *       (CLOCK_THREAD_CPUTIME_ID) instead: on a machine shared with other
 *       work, the rounds then do not count the time the thread waited.
 *
 *   bench_x448_batch --only singles|batch [--n N] [--iterations K]
 *       Runs one contender K times in bench_only_loop() and nothing else,
 *       for instruction counts:
 *         valgrind --tool=callgrind --toggle-collect=bench_only_loop \
 *             bench_x448_batch --only batch --n 64 --iterations 1
 *       then divide the Ir of bench_only_loop by K * N.
 *
 * Before timing, the batch's results are compared with the single calls';
 * the program aborts on a mismatch.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "goldilocks.h"
#include "field.h"
#include "stats.h"
#include "ticks.h"

#define B GOLDILOCKS_X448_BYTES
#define MAXN 1024

static uint8_t secret[MAXN][B], peer[MAXN][B], shared[MAXN][B], single[MAXN][B];
static int rc[MAXN];
static volatile int sink;

/* Deterministic inputs (the speed does not depend on them): a xorshift stream. */
static void fill(uint8_t *p, size_t len, uint64_t *state) {
    for (size_t i = 0; i < len; i++) {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        p[i] = (uint8_t)(*state >> 32);
    }
}

static void run_singles(size_t n) {
    int acc = 0;
    for (size_t i = 0; i < n; i++)
        acc |= goldilocks_x448(single[i], secret[i], peer[i]);
    sink = acc;
}

static void run_batch(size_t n) {
    sink = goldilocks_x448_batch(n, shared, rc, (const uint8_t(*)[B])secret, (const uint8_t(*)[B])peer);
}

__attribute__((noinline)) void bench_only_loop(int batch, size_t n, long k);
__attribute__((noinline)) void bench_only_loop(int batch, size_t n, long k) {
    for (long i = 0; i < k; i++) {
        if (batch)
            run_batch(n);
        else
            run_singles(n);
    }
}

static int use_cpu_time;

static uint64_t now(void) {
    return use_cpu_time ? ticks_cpu_ns() : ticks();
}

int main(int argc, char **argv) {
    long reps = 31, iterations = 1;
    size_t n = 64;
    const char *only = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--reps") && i + 1 < argc)
            reps = atol(argv[++i]);
        else if (!strcmp(argv[i], "--n") && i + 1 < argc)
            n = (size_t)atol(argv[++i]);
        else if (!strcmp(argv[i], "--only") && i + 1 < argc)
            only = argv[++i];
        else if (!strcmp(argv[i], "--iterations") && i + 1 < argc)
            iterations = atol(argv[++i]);
        else if (!strcmp(argv[i], "--cpu-time"))
            use_cpu_time = 1;
        else {
            fprintf(stderr, "usage: %s [--reps R] [--n N] [--cpu-time] | --only singles|batch [--n N] [--iterations K]\n",
                    argv[0]);
            return 2;
        }
    }
    if (reps < 1 || reps > 1001 || n < 1 || n > MAXN || iterations < 1) {
        fprintf(stderr, "%s: --reps 1..1001, --n 1..%d, --iterations >= 1\n", argv[0], MAXN);
        return 2;
    }

    uint64_t state = 0x9e3779b97f4a7c15u;
    fill(&secret[0][0], sizeof secret, &state);
    fill(&peer[0][0], sizeof peer, &state);
    run_singles(n);
    run_batch(n);
    for (size_t i = 0; i < n; i++) {
        if (memcmp(shared[i], single[i], B) != 0 || rc[i] != 0) {
            fprintf(stderr, "%s: item %zu: the batch differs from the single call\n", argv[0], i);
            return 1;
        }
    }

    if (only) {
        int batch = !strcmp(only, "batch");
        if (!batch && strcmp(only, "singles")) {
            fprintf(stderr, "%s: --only singles or batch\n", argv[0]);
            return 2;
        }
        bench_only_loop(batch, n, iterations);
        return 0;
    }

    static uint64_t t_single[1001], t_batch[1001];
    for (long r = 0; r < reps; r++) {
        for (int half = 0; half < 2; half++) {
            int batch = (int)((r + half) & 1);
            uint64_t t0 = now();
            if (batch)
                run_batch(n);
            else
                run_singles(n);
            uint64_t t = now() - t0;
            (batch ? t_batch : t_single)[r] = t;
        }
    }
    struct bench_stats s = bench_stats(t_single, (size_t)reps), b = bench_stats(t_batch, (size_t)reps);
    double med_s = (double)s.median / (double)n, med_b = (double)b.median / (double)n;
    double fast_s = (double)s.min / (double)n, fast_b = (double)b.min / (double)n;

    printf("X448 shared secrets, n = %zu, lanes backend \"%s\" (GF_LANES = %d), %ld rounds; %s per shared secret\n",
           n, GF_LANES_NAME, GF_LANES, reps, use_cpu_time ? "ns of thread CPU time" : TICK_UNIT);
    printf("| round | %zu x goldilocks_x448 | goldilocks_x448_batch(%zu) | single / batch |\n", n, n);
    printf("| --- | ---: | ---: | ---: |\n");
    printf("| median | %.1fk | %.1fk | %.2f |\n", med_s / 1000, med_b / 1000, med_s / med_b);
    printf("| fastest | %.1fk | %.1fk | %.2f |\n", fast_s / 1000, fast_b / 1000, fast_s / fast_b);
    return 0;
}
