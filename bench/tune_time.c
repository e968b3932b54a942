/*
 * The measuring program of ./configure.py --tune (bench/tune.py): linked
 * with one candidate's field code (its generated gf_*.c and src/field/field.c,
 * compiled against its gf_layout.h) and the library's other objects, it
 * measures what the candidates are ranked by:
 *
 *   tune_time --time N     one round: batches of N dependent gf_mul, of N
 *                          dependent gf_sqr, of N/1000 + 1 X448 ladders
 *                          (goldilocks_x448) and of N/100 + 1 dependent
 *                          inverse square roots (gf_isr: 446 squarings and
 *                          a dozen products), each the fastest of 9 batches
 *                          (a batch that the scheduler preempted is slower,
 *                          never faster; bench/tune.py takes the median over
 *                          rounds); prints "mul T", "sqr T", "x448 T", "isr T"
 *                          (ticks per call) and "clock rdtsc|ns"
 *   tune_time --count      the regions of bench/qemu_count.py (count_ops.c's
 *                          markers): an empty one, then each operation
 *                          twice; the plugin counts executed instructions
 *
 * Both modes first print "digest <hex>": bytes computed by every operation
 * from fixed inputs, which bench/tune.py requires to be the same for every
 * candidate (a candidate computing something else is dropped, whatever its
 * speed). The ranking is by the arbiter bench/tune.py names: the X448 ladder,
 * or gf_isr where the target's X448 runs on other field code (the avx512ifma
 * target's radix-2^50 lanes); the other operations are reported beside it.
 */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "goldilocks.h"
#include "field.h"
#include "ticks.h"

#define COUNT_MARK_SYSCALL 0x5a1d /* bench/count_ops.c's marker */
enum { FIELD_CALLS = 16, BATCHES = 9 };

static gf fa, fb, fc;
static uint8_t secret[GOLDILOCKS_X448_BYTES], point[GOLDILOCKS_X448_BYTES], shared[GOLDILOCKS_X448_BYTES];

static void fill(uint8_t *p, size_t n, uint32_t seed) {
    for (size_t i = 0; i < n; i++) {
        seed = seed * 1103515245u + 12345u;
        p[i] = (uint8_t)(seed >> 16);
    }
}

static void setup(void) {
    uint8_t bytes[GF_SER_BYTES];
    fill(bytes, sizeof bytes, 1);
    bytes[GF_SER_BYTES - 1] &= 0x7f; /* below p */
    gf_deserialize(fa, bytes);
    fill(bytes, sizeof bytes, 2);
    bytes[GF_SER_BYTES - 1] &= 0x7f;
    gf_deserialize(fb, bytes);
    fill(bytes, sizeof bytes, 5);
    bytes[GF_SER_BYTES - 1] &= 0x7f;
    gf_deserialize(fc, bytes);
    fill(secret, sizeof secret, 3);
    fill(point, sizeof point, 4);
}

static void run_mul(unsigned long n) {
    for (unsigned long i = 0; i < n; i++)
        gf_mul(fa, fa, fb);
}

static void run_sqr(unsigned long n) {
    for (unsigned long i = 0; i < n; i++)
        gf_sqr(fb, fb);
}

static void run_x448(unsigned long n) {
    for (unsigned long i = 0; i < n; i++)
        if (goldilocks_x448(shared, secret, point) != 0)
            abort(); /* a random point of this seed is not of low order */
}

/* fc = fc^((p-3)/4), n times: nonzero stays nonzero. The mask (whether fc was a square) is not needed. */
static void run_isr(unsigned long n) {
    for (unsigned long i = 0; i < n; i++)
        (void)gf_isr(fc, fc);
}

static void print_hex(const uint8_t *p, size_t n) {
    for (size_t i = 0; i < n; i++)
        printf("%02x", p[i]);
}

/* What every operation computed, from the fixed inputs: equal for every correct candidate. */
static void digest(void) {
    uint8_t bytes[GF_SER_BYTES];
    setup();
    run_mul(100);
    run_sqr(100);
    run_x448(1);
    run_isr(3);
    printf("digest ");
    gf_serialize(bytes, fa);
    print_hex(bytes, sizeof bytes);
    gf_serialize(bytes, fb);
    print_hex(bytes, sizeof bytes);
    gf_serialize(bytes, fc);
    print_hex(bytes, sizeof bytes);
    print_hex(shared, sizeof shared);
    printf("\n");
    setup();
}

static double fastest_ticks(void (*fn)(unsigned long), unsigned long n) {
    double best = 0;
    fn(n); /* warm */
    for (int b = 0; b < BATCHES; b++) {
        uint64_t t0 = ticks();
        fn(n);
        double t = (double)(ticks() - t0) / (double)n;
        if (b == 0 || t < best)
            best = t;
    }
    return best;
}

static void mark(long what, long tag) {
    syscall(COUNT_MARK_SYSCALL, what, tag);
}

static unsigned next_tag = 1;

static void region(const char *op, unsigned long calls, void (*fn)(unsigned long)) {
    unsigned tag = next_tag++;
    printf("region %u ours %s %lu\n", tag, op, calls);
    fflush(stdout);
    mark(1, tag);
    if (fn)
        fn(calls);
    mark(2, tag);
}

int main(int argc, char **argv) {
    if (argc == 3 && strcmp(argv[1], "--time") == 0) {
        unsigned long n = strtoul(argv[2], NULL, 10);
        if (n < 1 || n > 100000000ul) {
            fprintf(stderr, "tune_time: --time N: 1 <= N <= 100000000\n");
            return 2;
        }
        digest();
        printf("clock %s\n", TICKS_RDTSC ? "rdtsc" : "ns");
        printf("mul %.2f\n", fastest_ticks(run_mul, n));
        printf("sqr %.2f\n", fastest_ticks(run_sqr, n));
        printf("x448 %.1f\n", fastest_ticks(run_x448, n / 1000 + 1));
        printf("isr %.1f\n", fastest_ticks(run_isr, n / 100 + 1));
        return 0;
    }
    if (argc == 2 && strcmp(argv[1], "--count") == 0) {
        digest();
        run_mul(2); /* lazy binding, first touch */
        run_sqr(2);
        run_x448(1);
        run_isr(1);
        region("empty", 1, NULL);
        for (int rep = 0; rep < 2; rep++) {
            region("gf_mul", FIELD_CALLS, run_mul);
            region("gf_sqr", FIELD_CALLS, run_sqr);
            region("x448", 1, run_x448);
            region("isr", 1, run_isr);
        }
        return 0;
    }
    fprintf(stderr, "usage: tune_time --time N | --count\n");
    return 2;
}
