/*
 * The test harness shared by every test program.
 *
 * A program runs named tests; a test passes when none of its checks fails.
 * check_done() prints "N passed, N failed" (and ", N skipped" when a test
 * was skipped) and returns the exit code.
 * Random inputs come from a seeded generator whose seed is printed, so any
 * failure can be replayed with GOLDILOCKS_TEST_SEED=<seed>.
 */
#ifndef GOLDILOCKS_TEST_CHECK_H
#define GOLDILOCKS_TEST_CHECK_H

#include <stddef.h>
#include <stdint.h>

/* Starts the program: prints its name and the seed. */
void check_init(const char *program);

/* 1 when the program was run with --slow (the long suites), else 0. */
int check_slow(int argc, char **argv);

/*
 * Quick mode, for runs under an emulator (test/run_tests.py --quick, which
 * qemu-user builds use, sets GOLDILOCKS_TEST_QUICK=1): every vector and
 * every edge or extreme-bound case still runs, but the random repetitions
 * are divided by CHECK_QUICK_DIVISOR. check_reps(n) is the number of random
 * repetitions to run for a suite of n (n itself outside quick mode, at
 * least 1); check_init says when quick mode is on.
 */
#define CHECK_QUICK_DIVISOR 10
int check_quick(void);
long check_reps(long n);
/* check_reps(n), but at least min (for suites of a few costly cases). */
long check_reps_at_least(long n, long min);

/* Starts a named test; ends the previous one. The name is copied (up to 255 bytes). */
void check_test(const char *name);

/*
 * Records one check of the current test. On failure prints the message
 * (printf-style) for the first few failures. Returns ok.
 */
int check(int ok, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/*
 * Ends the current test as skipped: it could not be meaningful here (the
 * reason is printed). A skipped test counts neither as passed nor as failed;
 * its checks so far are discarded.
 */
void check_skip(const char *why);

/*
 * Why a test's comparisons with Debian's libdecaf are skipped when it is built
 * without HAVE_LIBDECAF: configure's -DLIBDECAF_SKIP="..." where libdecaf is
 * there but no oracle for the target (configure.py Target.libdecaf_wrong).
 */
#ifndef LIBDECAF_SKIP
#define LIBDECAF_SKIP "built without libdecaf (libdecaf-dev not found by configure)"
#endif

/*
 * Ends the last test, prints "N passed, N failed" (", N skipped" appended
 * when any test was skipped), returns 0 or 1 for main.
 */
int check_done(void);

/* Deterministic random bytes and words (xoshiro256**), seeded by check_init. */
uint64_t check_rand64(void);
void check_randbytes(uint8_t *out, size_t len);

/* Hex helpers: returns the number of bytes decoded, or -1 on bad hex / overflow. */
int check_unhex(uint8_t *out, size_t max, const char *hex);
void check_print_hex(const char *label, const uint8_t *p, size_t len);
/* check_unhex into a new malloc'd buffer *out (at least 1 byte; the caller frees it): bytes decoded, or -1. */
int check_unhex_alloc(uint8_t **out, const char *hex);
/* 1 when hex is not NULL and is exactly len bytes, decoded into out; else 0. */
int check_unhex_exact(uint8_t *out, size_t len, const char *hex);

/* 1 when the len bytes at p are all zero. */
int check_all_zero(const void *p, size_t len);

/* The path of a file under test/vectors/ (GOLDILOCKS_VECTORS overrides the directory). */
const char *check_vector_path(const char *name);

#endif
