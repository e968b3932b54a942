/*
 * Throughput of the batch calls across operations against as many single
 * calls, in the same run:
 *
 *   bench_point_batch [--reps R] [--n N]
 *       Each row: R rounds; each round times one batch call of N items and
 *       N single calls on the same inputs, in alternating order, so both see
 *       the same machine state. Reported: the median over the rounds of the
 *       ticks per item of each, the ratio single / batch (the batch's
 *       throughput gain), then the same for the fastest round (which a
 *       machine shared with other work disturbs least), and the lane
 *       backend (GF_LANES_NAME, GF_LANES).
 *       Ticks are rdtsc on x86 (elsewhere nanoseconds).
 *
 *   bench_point_batch --only OP:single|OP:batch [--iterations K] [--n N]
 *       Runs only that side K times, untimed: for callgrind's instruction
 *       counts (the difference of two K, divided by their difference and N,
 *       is the cost of one item). OP: x448_public_key, ed448_sign, decaf448_scalarmult.
 *
 * Rows: X448 public key (goldilocks_x448_public_key_batch), Ed448 sign of
 * 32-byte messages under one key (goldilocks_ed448_sign_batch), decaf448
 * scalarmult (goldilocks_decaf448_scalarmult_batch).
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime (ticks.h) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "goldilocks.h"
#include "field.h"
#include "stats.h"
#include "ticks.h"

#define MAXN 256

static uint8_t xs[MAXN][56], xp[MAXN][56], sk[114], sig[MAXN][114], msgs[MAXN][32];
static uint8_t dp[MAXN][56], ds[MAXN][56], dout[MAXN][56];
static const uint8_t *msg[MAXN];
static size_t len[MAXN];
static int rc[MAXN];
static volatile int sink;

static void fill(uint8_t *p, size_t n) {
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)rand();
}

enum { X448_PUB, ED448_SIGN, DECAF448_MUL };

static void run(int op, int batch, size_t n) {
    int r = 0;
    switch (op) {
    case X448_PUB:
        if (batch)
            r |= goldilocks_x448_public_key_batch(n, xp, (const uint8_t(*)[56])xs);
        else
            for (size_t i = 0; i < n; i++)
                goldilocks_x448_public_key(xp[i], xs[i]);
        break;
    case ED448_SIGN:
        if (batch)
            r |= goldilocks_ed448_sign_batch(n, sig, sk, msg, len, NULL, 0);
        else
            for (size_t i = 0; i < n; i++)
                r |= goldilocks_ed448_sign(sig[i], sk, msg[i], len[i], NULL, 0);
        break;
    default:
        if (batch)
            r |= goldilocks_decaf448_scalarmult_batch(n, dout, rc, (const uint8_t(*)[56])dp,
                                                      (const uint8_t(*)[56])ds);
        else
            for (size_t i = 0; i < n; i++)
                r |= goldilocks_decaf448_scalarmult(dout[i], dp[i], ds[i]);
        break;
    }
    sink += r;
}

int main(int argc, char **argv) {
    int reps = 15;
    long iterations = 1;
    const char *only = NULL;
    size_t n = 64;
    for (int i = 1; i < argc; i++) {
        if (i + 1 < argc && strcmp(argv[i], "--reps") == 0)
            reps = atoi(argv[++i]);
        else if (i + 1 < argc && strcmp(argv[i], "--only") == 0)
            only = argv[++i];
        else if (i + 1 < argc && strcmp(argv[i], "--iterations") == 0)
            iterations = atol(argv[++i]);
        else if (i + 1 < argc && strcmp(argv[i], "--n") == 0)
            n = (size_t)atoi(argv[++i]);
        else {
            fprintf(stderr, "usage: bench_point_batch [--reps R] [--n N]\n"
                            "       bench_point_batch --only OP:single|OP:batch [--iterations K] [--n N]\n");
            return 2;
        }
    }
    if (reps < 1 || reps > 1000 || n < 1 || n > MAXN) {
        fprintf(stderr, "bench_point_batch: --reps 1..1000, --n 1..%d\n", MAXN);
        return 2;
    }
    srand(1);
    fill(&xs[0][0], sizeof xs);
    uint8_t seed[57], pub[57];
    fill(seed, sizeof seed);
    goldilocks_ed448_keypair_from_seed(pub, sk, seed);
    fill(&msgs[0][0], sizeof msgs);
    for (size_t i = 0; i < MAXN; i++) {
        msg[i] = msgs[i];
        len[i] = sizeof msgs[i];
        uint8_t k[56];
        fill(k, sizeof k);
        sink += goldilocks_decaf448_scalarmult_base(dp[i], k);
    }
    fill(&ds[0][0], sizeof ds);

    static const char *const names[] = {"X448 public key", "Ed448 sign (32 bytes)", "decaf448 scalarmult"};
    static const char *const ops[] = {"x448_public_key", "ed448_sign", "decaf448_scalarmult"};
    if (only) {
        for (int op = 0; op < 3; op++) {
            size_t l = strlen(ops[op]);
            if (strncmp(only, ops[op], l) == 0 && only[l] == ':' &&
                (strcmp(only + l + 1, "single") == 0 || strcmp(only + l + 1, "batch") == 0)) {
                int batch = strcmp(only + l + 1, "batch") == 0;
                for (long k = 0; k < iterations; k++)
                    run(op, batch, n);
                return 0;
            }
        }
        fprintf(stderr, "bench_point_batch: unknown --only %s\n", only);
        return 2;
    }
    uint64_t *t[2];
    t[0] = malloc(sizeof(uint64_t) * (size_t)reps);
    t[1] = malloc(sizeof(uint64_t) * (size_t)reps);
    if (!t[0] || !t[1])
        return 1;
    printf("batch calls, n = %zu, lanes \"%s\" x %d: %s per item, %d interleaved rounds: median | fastest\n", n,
           GF_LANES_NAME, GF_LANES, TICK_UNIT, reps);
    printf("  %-24s %10s %10s %8s | %10s %10s %8s\n", "operation", "single", "batch", "ratio", "single", "batch",
           "ratio");
    for (int op = 0; op < 3; op++) {
        run(op, 0, n); /* warm-up */
        run(op, 1, n);
        for (int r = 0; r < reps; r++) {
            for (int k = 0; k < 2; k++) {
                int batch = (r + k) % 2;
                uint64_t t0 = ticks();
                run(op, batch, n);
                t[batch][r] = ticks() - t0;
            }
        }
        struct bench_stats s = bench_stats(t[0], (size_t)reps), b = bench_stats(t[1], (size_t)reps);
        double single = (double)s.median / (double)n, batch = (double)b.median / (double)n;
        double fs = (double)s.min / (double)n, fb = (double)b.min / (double)n;
        printf("  %-24s %9.1fk %9.1fk %8.2f | %9.1fk %9.1fk %8.2f\n", names[op], single / 1000, batch / 1000,
               single / batch, fs / 1000, fb / 1000, fs / fb);
    }
    free(t[0]);
    free(t[1]);
    return 0;
}
