#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"

#ifndef GOLDILOCKS_SOURCE_DIR
#define GOLDILOCKS_SOURCE_DIR "."
#endif

enum { MAX_REPORTED_FAILURES = 5 };

static const char *current_test; /* NULL, or current_name */
static char current_name[256];
static unsigned long tests_passed, tests_failed, tests_skipped, test_failures;
static uint64_t rng_state[4];

static uint64_t splitmix64(uint64_t *x) {
    uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

void check_init(const char *program) {
    uint64_t seed = 0x60d11c0c5ull;
    const char *env = getenv("GOLDILOCKS_TEST_SEED");
    if (env && *env)
        seed = strtoull(env, NULL, 0);
    for (int i = 0; i < 4; i++)
        rng_state[i] = splitmix64(&seed);
    printf("%s: seed %s\n", program, env && *env ? env : "0x60d11c0c5");
    fflush(stdout);
}

int check_quick(void) {
    const char *env = getenv("GOLDILOCKS_TEST_QUICK");
    return env && strcmp(env, "1") == 0;
}

long check_reps(long n) {
    return check_reps_at_least(n, 1);
}

long check_reps_at_least(long n, long min) {
    if (!check_quick())
        return n;
    long q = n / CHECK_QUICK_DIVISOR;
    q = q > min ? q : min;
    if (q >= n)
        return n;
    printf("  quick mode (GOLDILOCKS_TEST_QUICK=1): %ld random repetitions instead of %ld\n", q, n);
    return q;
}

int check_slow(int argc, char **argv) {
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--slow") == 0)
            return 1;
    return 0;
}

static void end_test(void) {
    if (!current_test)
        return;
    if (test_failures) {
        tests_failed++;
        printf("FAIL %s (%lu failed checks)\n", current_test, test_failures);
    } else {
        tests_passed++;
        printf("ok   %s\n", current_test);
    }
    fflush(stdout);
    current_test = NULL;
}

void check_test(const char *name) {
    end_test();
    snprintf(current_name, sizeof current_name, "%s", name); /* the caller may reuse its buffer */
    current_test = current_name;
    test_failures = 0;
}

void check_skip(const char *why) {
    if (!current_test)
        check_test("(unnamed)");
    tests_skipped++;
    printf("skip %s (%s)\n", current_test, why);
    fflush(stdout);
    current_test = NULL;
}

int check(int ok, const char *fmt, ...) {
    if (ok)
        return 1;
    if (!current_test)
        check_test("(unnamed)");
    if (test_failures++ < MAX_REPORTED_FAILURES) {
        va_list ap;
        va_start(ap, fmt);
        printf("  %s: ", current_test);
        vprintf(fmt, ap);
        printf("\n");
        va_end(ap);
    }
    return 0;
}

int check_done(void) {
    end_test();
    if (tests_skipped)
        printf("%lu passed, %lu failed, %lu skipped\n", tests_passed, tests_failed, tests_skipped);
    else
        printf("%lu passed, %lu failed\n", tests_passed, tests_failed);
    return tests_failed || !(tests_passed || tests_skipped) ? 1 : 0;
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t check_rand64(void) {
    uint64_t *s = rng_state;
    uint64_t result = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

void check_randbytes(uint8_t *out, size_t len) {
    for (size_t i = 0; i < len; i += 8) {
        uint64_t r = check_rand64();
        for (size_t j = 0; j < 8 && i + j < len; j++)
            out[i + j] = (uint8_t)(r >> (8 * j));
    }
}

static int hexval(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

int check_unhex(uint8_t *out, size_t max, const char *hex) {
    size_t n = strlen(hex);
    if (n % 2 || n / 2 > max)
        return -1;
    for (size_t i = 0; i < n / 2; i++) {
        int hi = hexval(hex[2 * i]), lo = hexval(hex[2 * i + 1]);
        if (hi < 0 || lo < 0)
            return -1;
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    return (int)(n / 2);
}

int check_unhex_alloc(uint8_t **out, const char *hex) {
    size_t n = strlen(hex) / 2;
    *out = malloc(n ? n : 1);
    if (!*out) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    return check_unhex(*out, n, hex);
}

int check_unhex_exact(uint8_t *out, size_t len, const char *hex) {
    return hex && check_unhex(out, len, hex) == (int)len;
}

int check_all_zero(const void *p, size_t len) {
    const uint8_t *b = p;
    uint8_t acc = 0;
    for (size_t i = 0; i < len; i++)
        acc |= b[i];
    return acc == 0;
}

void check_print_hex(const char *label, const uint8_t *p, size_t len) {
    printf("  %s: ", label);
    for (size_t i = 0; i < len; i++)
        printf("%02x", p[i]);
    printf("\n");
}

const char *check_vector_path(const char *name) {
    static char path[4096];
    const char *dir = getenv("GOLDILOCKS_VECTORS");
    if (!dir || !*dir)
        dir = GOLDILOCKS_SOURCE_DIR "/test/vectors";
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return path;
}
