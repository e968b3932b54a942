/*
 * What a benchmark that sets contenders side by side needs
 * (bench_comb_split.c): its command line
 *     [--reps R] [--batch B] | --only NAME [--iterations N]
 * and its timing loop, rounds in which every contender runs once, the
 * order rotated by one from round to round, so that no contender always
 * runs right after the same other one, and per contender its rounds sorted
 * (the median and the fastest).
 */
#ifndef GOLDILOCKS_BENCH_ROUNDS_H
#define GOLDILOCKS_BENCH_ROUNDS_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "stats.h"
#include "ticks.h"

#define BENCH_ROUNDS_MAX 1001

/*
 * Runs reps rounds (clamped to 1 .. BENCH_ROUNDS_MAX; returns the number
 * run) of the n contenders: round r runs contender (j + r) mod n for
 * j = 0 .. n-1, each by run(i), which returns how many calls it made.
 * t[i][r] = TICK_UNIT per call of contender i in round r; each t[i] is then
 * sorted, so t[i][0] is its fastest round and t[i][reps / 2] its median.
 */
static inline unsigned bench_rounds(uint64_t (*t)[BENCH_ROUNDS_MAX], unsigned n, unsigned reps,
                                    unsigned (*run)(unsigned i)) {
    if (reps < 1)
        reps = 1;
    if (reps > BENCH_ROUNDS_MAX)
        reps = BENCH_ROUNDS_MAX;
    for (unsigned r = 0; r < reps; r++) {
        for (unsigned j = 0; j < n; j++) {
            unsigned i = (j + r) % n;
            uint64_t t0 = ticks();
            unsigned calls = run(i);
            t[i][r] = (ticks() - t0) / calls;
        }
    }
    for (unsigned i = 0; i < n; i++)
        bench_sort(t[i], reps);
    return reps;
}

/*
 * Reads the command line into *reps, *only and *iterations, and *batch when
 * batch is not NULL (else --batch is refused); what is not given keeps its
 * value. Returns 0, or 2 after printing usage (the program's usage line) to
 * stderr.
 */
static inline int bench_args(int argc, char **argv, const char *usage, unsigned *reps, const char **only,
                             unsigned *iterations, unsigned *batch) {
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--reps") && i + 1 < argc)
            *reps = (unsigned)strtoul(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--only") && i + 1 < argc)
            *only = argv[++i];
        else if (!strcmp(argv[i], "--iterations") && i + 1 < argc)
            *iterations = (unsigned)strtoul(argv[++i], NULL, 10);
        else if (batch && !strcmp(argv[i], "--batch") && i + 1 < argc)
            *batch = (unsigned)strtoul(argv[++i], NULL, 10);
        else {
            fprintf(stderr, "%s\n", usage);
            return 2;
        }
    }
    return 0;
}

/* The i below n with name_of(i) equal to name, or -1. */
static inline int bench_find(unsigned n, const char *(*name_of)(unsigned i), const char *name) {
    for (unsigned i = 0; i < n; i++)
        if (!strcmp(name_of(i), name))
            return (int)i;
    return -1;
}

#endif
