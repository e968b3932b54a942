/*
 * goldilocks speed: a small timing of the library's operations through its
 * public API, in the process's CPU time (as openssl speed does by default,
 * so that other work on the machine does not count) or, with --elapsed,
 * wall-clock time. Each operation is run in rounds of a fixed count
 * (calibrated to at least 20 ms a round); the median round gives the time per
 * operation. bench/ has the fuller benchmarks (cycle counts, OpenSSL and
 * libdecaf side by side).
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "commands.h"
#include "goldilocks.h"
#include "util.h"

#define N_OPTS(o) (sizeof(o) / sizeof((o)[0]))
#define MAX_ROUNDS 101

/* The operands, fed back from each result so that every call does fresh work. */
struct bench {
    uint8_t x_secret[GOLDILOCKS_X448_BYTES], x_peer[GOLDILOCKS_X448_BYTES], x_out[GOLDILOCKS_X448_BYTES];
    uint8_t seed[GOLDILOCKS_ED448_SEED_BYTES], pub[GOLDILOCKS_ED448_PUBLIC_BYTES];
    uint8_t secret[GOLDILOCKS_ED448_SECRET_BYTES], sig[GOLDILOCKS_ED448_SIG_BYTES], msg[32];
    uint8_t d_point[GOLDILOCKS_DECAF448_BYTES], d_scalar[GOLDILOCKS_DECAF448_SCALAR_BYTES];
    uint8_t d_out[GOLDILOCKS_DECAF448_BYTES];
    int failures;
};

static void op_x448(struct bench *b) {
    b->failures += goldilocks_x448(b->x_out, b->x_secret, b->x_peer) != 0;
    b->x_secret[0] ^= b->x_out[0];
}
static void op_x448_public(struct bench *b) {
    goldilocks_x448_public_key(b->x_out, b->x_secret);
    b->x_secret[1] ^= b->x_out[1];
}
static void op_ed448_keypair(struct bench *b) {
    goldilocks_ed448_keypair_from_seed(b->pub, b->secret, b->seed);
    b->seed[0] ^= b->pub[0];
}
static void op_ed448_sign(struct bench *b) {
    /* The library is opaque to the compiler: every call is made, with or without fresh inputs. */
    b->failures += goldilocks_ed448_sign(b->sig, b->secret, b->msg, sizeof b->msg, NULL, 0) != 0;
}
static void op_ed448_verify(struct bench *b) {
    b->failures += goldilocks_ed448_verify(b->sig, b->pub, b->msg, sizeof b->msg, NULL, 0) != 0;
}
static void op_decaf448_scalarmult(struct bench *b) {
    b->failures += goldilocks_decaf448_scalarmult(b->d_out, b->d_point, b->d_scalar) != 0;
    b->d_scalar[0] ^= b->d_out[0];
}
static void op_decaf448_scalarmult_base(struct bench *b) {
    b->failures += goldilocks_decaf448_scalarmult_base(b->d_out, b->d_scalar) != 0;
    b->d_scalar[1] ^= b->d_out[1];
}

static const struct {
    const char *name;
    void (*run)(struct bench *);
} OPS[] = {
    {"X448 shared secret", op_x448},
    {"X448 public key", op_x448_public},
    {"Ed448 key pair from seed", op_ed448_keypair},
    {"Ed448 sign (32 bytes)", op_ed448_sign},
    {"Ed448 verify (32 bytes)", op_ed448_verify},
    {"decaf448 scalarmult", op_decaf448_scalarmult},
    {"decaf448 scalarmult_base", op_decaf448_scalarmult_base},
};

static double now(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Fixed operands; verification is timed on a valid signature (of the last key pair made). */
static void setup(struct bench *b) {
    memset(b, 0, sizeof *b);
    for (size_t i = 0; i < sizeof b->x_secret; i++) {
        b->x_secret[i] = (uint8_t)(i * 7 + 1);
        b->seed[i] = (uint8_t)(i * 13 + 5);
        b->d_scalar[i] = (uint8_t)(i * 11 + 3);
    }
    b->seed[56] = 0x42;
    goldilocks_x448_public_key(b->x_peer, b->seed);
    goldilocks_ed448_keypair_from_seed(b->pub, b->secret, b->seed);
    b->failures += goldilocks_ed448_sign(b->sig, b->secret, b->msg, sizeof b->msg, NULL, 0) != 0;
    b->failures += goldilocks_decaf448_scalarmult_base(b->d_point, b->seed) != 0;
}

static const char SPEED_HELP[] =
    "usage: goldilocks speed [--rounds N] [--elapsed]\n"
    "\n"
    "Times the library's operations through its public API on this machine, in\n"
    "the process's CPU time, as openssl speed does (--elapsed: in wall-clock\n"
    "time, which also counts the time other programs hold the CPU). Each\n"
    "operation runs in N rounds (default 9) of a count calibrated to at least\n"
    "20 ms a round; the median round gives the time per operation and the\n"
    "operations per second. A quick look, not a benchmark: the source tree's\n"
    "bench/ (ninja speed) counts cycles and compares with OpenSSL and libdecaf.\n";

int cmd_speed(int argc, char **argv) {
    struct cli_opt opts[] = {{"rounds", 1, NULL, 0}, {"elapsed", 0, NULL, 0}};
    const char *pos[1];
    size_t npos;
    int r = cli_parse(argc, argv, opts, N_OPTS(opts), pos, 0, &npos, SPEED_HELP);
    if (r != 0)
        return r > 0 ? EXIT_OK : EXIT_USAGE;
    long rounds = 9;
    if (opts[0].given) {
        char *end;
        rounds = strtol(opts[0].value, &end, 10);
        if (*opts[0].value == 0 || *end != 0 || rounds < 1 || rounds > MAX_ROUNDS) {
            cli_error("--rounds %s: give a number from 1 to %d", opts[0].value, MAX_ROUNDS);
            return EXIT_USAGE;
        }
    }
    clockid_t clock = opts[1].given ? CLOCK_MONOTONIC : CLOCK_PROCESS_CPUTIME_ID;
    struct bench b;
    setup(&b);
    printf("goldilocks %s: %s through the public API, median of %ld rounds\n", goldilocks_version(),
           opts[1].given ? "wall-clock time" : "CPU time of the process", rounds);
    printf("%-26s %12s %12s %10s\n", "operation", "us/op", "ops/s", "ops/round");
    for (size_t k = 0; k < sizeof OPS / sizeof OPS[0]; k++) {
        long count = 1;
        for (;;) {
            /* Calibration: double the count until the fastest of 3 rounds takes 20 ms (the
             * fastest, so that a round slowed by other work on the machine does not stop it early). */
            double fastest = 1e9;
            for (int tries = 0; tries < 3; tries++) {
                double t0 = now(clock);
                for (long i = 0; i < count; i++)
                    OPS[k].run(&b);
                double t = now(clock) - t0;
                fastest = t < fastest ? t : fastest;
            }
            if (fastest >= 0.02 || count >= (1L << 24))
                break;
            count *= 2;
        }
        double per_op[MAX_ROUNDS];
        for (long round = 0; round < rounds; round++) {
            double t0 = now(clock);
            for (long i = 0; i < count; i++)
                OPS[k].run(&b);
            per_op[round] = (now(clock) - t0) / (double)count;
        }
        qsort(per_op, (size_t)rounds, sizeof per_op[0], by_value);
        double median = per_op[rounds / 2];
        printf("%-26s %12.1f %12.0f %10ld\n", OPS[k].name, median * 1e6, 1.0 / median, count);
        fflush(stdout);
    }
    int failures = b.failures;
    cli_wipe(&b, sizeof b);
    if (failures) {
        cli_error("%d operations failed: the timings above are not of working code", failures);
        return EXIT_USAGE;
    }
    return EXIT_OK;
}
