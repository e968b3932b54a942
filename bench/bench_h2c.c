/*
 * Ticks per call of the RFC 9380 hash-to-curve functions and the Ed448 ->
 * X448 key conversions (and libdecaf's conversions, when HAVE_LIBDECAF,
 * interleaved in the same rounds).
 *
 *   bench_h2c [--reps R] [--batch B]
 *   bench_h2c --only NAME [--iterations N]
 *       Runs one operation N times in bench_only_loop() and nothing else,
 *       for instruction counts:
 *         valgrind --tool=callgrind --toggle-collect=bench_only_loop \
 *             bench_h2c --only ed448_hash_to_curve --iterations 20
 *       then divide the Ir of bench_only_loop by N.
 *
 * Each of R rounds times a batch of B calls of every operation in turn;
 * reported: the median over the rounds of (batch ticks / B). Ticks are
 * rdtsc on x86 (elsewhere nanoseconds from clock_gettime). The message is
 * 32 bytes, the DST the 45-byte one of the RFC 9380 test vectors.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "goldilocks.h"

#ifdef HAVE_LIBDECAF
#define DECAF_EDDSA_NON_KEYPAIR_API_IS_DEPRECATED 0
#include <decaf.h>
#include <decaf/ed448.h>
#endif

#include "ticks.h"

static const char DST[] = "QUUX-V01-CS02-with-edwards448_XOF:SHAKE256_ELL2_RO_";
static uint8_t msg[32], seed[57], pub[57], secret[114], out[57];
static volatile int sink;

static void op_ed_h2c(void) { sink += goldilocks_ed448_hash_to_curve(out, msg, sizeof msg, (const uint8_t *)DST, sizeof DST - 1); }
static void op_ed_e2c(void) { sink += goldilocks_ed448_encode_to_curve(out, msg, sizeof msg, (const uint8_t *)DST, sizeof DST - 1); }
static void op_x_h2c(void) { sink += goldilocks_x448_hash_to_curve(out, msg, sizeof msg, (const uint8_t *)DST, sizeof DST - 1); }
static void op_x_e2c(void) { sink += goldilocks_x448_encode_to_curve(out, msg, sizeof msg, (const uint8_t *)DST, sizeof DST - 1); }
static void op_pub(void) { sink += goldilocks_ed448_public_to_x448(out, pub); }
static void op_sec(void) { goldilocks_ed448_secret_to_x448(out, secret); }
#ifdef HAVE_LIBDECAF
static void op_decaf_pub(void) { decaf_ed448_convert_public_key_to_x448(out, pub); }
static void op_decaf_sec(void) { decaf_ed448_convert_private_key_to_x448(out, seed); }
#endif

static const struct {
    const char *name;
    void (*fn)(void);
} ops[] = {
    {"ed448_hash_to_curve", op_ed_h2c},
    {"ed448_encode_to_curve", op_ed_e2c},
    {"x448_hash_to_curve", op_x_h2c},
    {"x448_encode_to_curve", op_x_e2c},
    {"ed448_public_to_x448", op_pub},
    {"ed448_secret_to_x448", op_sec},
#ifdef HAVE_LIBDECAF
    {"libdecaf:convert_public_key_to_x448", op_decaf_pub},
    {"libdecaf:convert_private_key_to_x448", op_decaf_sec},
#endif
};
enum { OPS = sizeof ops / sizeof ops[0], MAX_REPS = 1001 };

__attribute__((noinline)) void bench_only_loop(void (*fn)(void), int n);
__attribute__((noinline)) void bench_only_loop(void (*fn)(void), int n) {
    for (int i = 0; i < n; i++)
        fn();
}

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    int reps = 101, batch = 20, iterations = 10;
    const char *only = NULL;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--reps") == 0)
            reps = atoi(argv[i + 1]);
        else if (strcmp(argv[i], "--batch") == 0)
            batch = atoi(argv[i + 1]);
        else if (strcmp(argv[i], "--only") == 0)
            only = argv[i + 1];
        else if (strcmp(argv[i], "--iterations") == 0)
            iterations = atoi(argv[i + 1]);
    }
    if (reps < 1 || reps > MAX_REPS || batch < 1) {
        fprintf(stderr, "bench_h2c: --reps 1..%d, --batch >= 1\n", MAX_REPS);
        return 2;
    }
    for (size_t i = 0; i < sizeof msg; i++)
        msg[i] = (uint8_t)(i * 7 + 1);
    for (size_t i = 0; i < sizeof seed; i++)
        seed[i] = (uint8_t)(i * 13 + 5);
    goldilocks_ed448_keypair_from_seed(pub, secret, seed);

    if (only) {
        for (int o = 0; o < OPS; o++)
            if (strcmp(ops[o].name, only) == 0) {
                bench_only_loop(ops[o].fn, iterations);
                return 0;
            }
        fprintf(stderr, "bench_h2c: no operation %s\n", only);
        return 2;
    }
    static uint64_t t[OPS][MAX_REPS];
    for (int r = 0; r < reps; r++)
        for (int o = 0; o < OPS; o++) {
            uint64_t t0 = ticks();
            for (int b = 0; b < batch; b++)
                ops[o].fn();
            t[o][r] = (ticks() - t0) / (uint64_t)batch;
        }
    printf("bench_h2c: median %s per call, %d rounds of %d calls, 32-byte message\n", TICK_UNIT, reps, batch);
    for (int o = 0; o < OPS; o++) {
        qsort(t[o], (size_t)reps, sizeof t[o][0], cmp_u64);
        printf("  %-38s %10.1fk\n", ops[o].name, (double)t[o][reps / 2] / 1000.0);
    }
    return sink == 12345 ? 1 : 0;
}
