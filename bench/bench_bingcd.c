/*
 * The inversions side by side on the build's word size: the binary GCD
 * (src/field/bingcd.c), the same with the Jacobi symbol (bingcd_jacobi, as
 * gf_invert_square calls it) and the divsteps (src/field/modinv.c), mod p
 * (modinv_p, as gf_invert calls them).
 *
 *   bench_bingcd [--reps R] [--batch B]
 *       ticks: R rounds (the order rotates each round) of B chained calls
 *       (each inverts the last output; 20 by default) of each; the median
 *       and the fastest round per call.
 *   bench_bingcd --only bingcd|jacobi|modinv [--iterations N]
 *       runs one N times in bench_only_loop() and nothing else, for
 *         valgrind --tool=callgrind --toggle-collect=bench_only_loop \
 *             bench_bingcd --only bingcd --iterations 100
 *       (Ir of bench_only_loop / N).
 *
 * Before timing, all are compared on chained inputs; the program stops
 * with exit status 1 on a difference.
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime (ticks.h) */
#include "bingcd.h"
#include "modinv.h"
#include "rounds.h"

#define FORMS 3
static uint8_t state[FORMS][56];
static unsigned batch = 20;

static void invert(unsigned which, uint8_t x[56]) {
    if (which == 0)
        bingcd(x, x, &modinv_p);
    else if (which == 1)
        (void)bingcd_jacobi(x, x, &modinv_p);
    else
        modinv(x, x, &modinv_p);
}

static const char *name_of(unsigned i) {
    return i == 0 ? "bingcd" : i == 1 ? "jacobi" : "modinv";
}

static unsigned run(unsigned i) {
    for (unsigned k = 0; k < batch; k++)
        invert(i, state[i]);
    return batch;
}

__attribute__((noinline)) void bench_only_loop(unsigned which, unsigned n) {
    for (unsigned k = 0; k < n; k++)
        invert(which, state[which]);
}

int main(int argc, char **argv) {
    unsigned reps = 301, iterations = 100;
    const char *only = NULL;
    if (bench_args(argc, argv, "usage: bench_bingcd [--reps R] [--batch B] | --only bingcd|jacobi|modinv [--iterations N]",
                   &reps, &only, &iterations, &batch))
        return 2;
    for (unsigned f = 0; f < FORMS; f++) {
        for (unsigned i = 0; i < 56; i++)
            state[f][i] = (uint8_t)(37 * i + 11);
        state[f][55] = 0x7f; /* below p */
    }
    for (unsigned k = 0; k < 100; k++) {
        for (unsigned f = 0; f < FORMS; f++)
            invert(f, state[f]);
        for (unsigned f = 1; f < FORMS; f++)
            if (memcmp(state[0], state[f], 56)) {
                fprintf(stderr, "bench_bingcd: bingcd and %s differ at call %u\n", name_of(f), k);
                return 1;
            }
    }
    if (only) {
        const int which = bench_find(FORMS, name_of, only);
        if (which < 0) {
            fprintf(stderr, "bench_bingcd: no form %s\n", only);
            return 2;
        }
        bench_only_loop((unsigned)which, iterations);
        return 0;
    }
    static uint64_t t[FORMS][BENCH_ROUNDS_MAX];
    if (batch < 1)
        batch = 1;
    reps = bench_rounds(t, FORMS, reps, run);
    printf("inversion mod p, %u-bit words, %u rounds of %u calls (%s per call)\n", (unsigned)(8 * sizeof(gf_word_t)),
           reps, batch, TICK_UNIT);
    printf("%-8s %10s %10s\n", "form", "median", "fastest");
    for (unsigned i = 0; i < FORMS; i++)
        printf("%-8s %10llu %10llu\n", name_of(i), (unsigned long long)t[i][reps / 2], (unsigned long long)t[i][0]);
    printf("modinv / bingcd (medians): %.3f; jacobi / bingcd: %.3f\n", (double)t[2][reps / 2] / (double)t[0][reps / 2],
           (double)t[1][reps / 2] / (double)t[0][reps / 2]);
    return 0;
}
