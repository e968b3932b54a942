/*
 * Ticks of Ed448 batch verification and of the precomputed keys, each
 * beside the plain call it replaces, measured in the same run.
 *
 *   bench_batch [--reps R] [--calls C]
 *       For each row, R rounds; each round times C repetitions of both
 *       contenders in turn (the order alternates each round), so they see
 *       the same machine state. Reported: the median over the rounds of the
 *       ticks per signature (per verification, per shared secret) and the
 *       ratio plain / fast; then the same for the fastest round, which a
 *       machine shared with other work disturbs least. Ticks are rdtsc on
 *       x86 (elsewhere nanoseconds).
 *
 * Rows:
 *   verify n = 1, 4, 16, 64   n goldilocks_ed448_verify calls against one
 *                             goldilocks_ed448_verify_batch of the same n
 *                             signatures (n distinct keys, 32-byte
 *                             messages), per signature
 *   verify batch, 64, one bad the same with one invalid signature (S changed):
 *                             what the bisection costs
 *   verify precomputed        goldilocks_ed448_verify against
 *                             goldilocks_ed448_verify_precomputed, the table
 *                             built beforehand
 *   x448 precomputed peer     goldilocks_x448 against
 *                             goldilocks_x448_precomputed
 *   msm, 2n points            the multi-scalar multiplication of a batch of
 *                             n (point layer): Straus (what the batch uses)
 *                             against Pippenger, on 2n points whose
 *                             scalars alternate 446 and 128 bits, per
 *                             signature
 *   and the one-time cost of building each table.
 *
 *   bench_batch --only OP [--n N] [--iterations K]
 *       Runs one operation (singles, batch, plain_verify, pre_verify,
 *       plain_x448, pre_x448, msm_straus, msm_pippenger: 2N points) K times in bench_only_loop() and nothing else,
 *       for instruction counts:
 *         valgrind --tool=callgrind --toggle-collect=bench_only_loop \
 *             bench_batch --only batch --n 64 --iterations 2
 *       then divide the Ir of bench_only_loop by K (and by N for singles and batch).
 *
 * Before timing, every fast result is compared with the plain one; the
 * program aborts on a mismatch.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "goldilocks.h"
#include "point.h"

#include "ticks.h"

#define MAXN 64
#define MSG_BYTES 32

static struct {
    uint8_t sig[MAXN][GOLDILOCKS_ED448_SIG_BYTES], pub[MAXN][GOLDILOCKS_ED448_PUBLIC_BYTES], msg[MAXN][MSG_BYTES];
    const uint8_t *sigp[MAXN], *pubp[MAXN], *msgp[MAXN];
    size_t msg_len[MAXN];
    int rc[MAXN];
    size_t n; /* the batch size of the current row */
    uint8_t x_secret[56], x_peer[56], out[2][56];
    goldilocks_ed448_precomputed ed_table;
    struct goldilocks_x448_precomputed x_table;
    volatile int sink;
    point_t msm_p[MSM_MAX_POINTS], msm_out;
    scalar_t msm_k[MSM_MAX_POINTS], msm_b;
} in;

static void die(const char *what) {
    fprintf(stderr, "bench_batch: %s\n", what);
    exit(1);
}

static void singles(void) {
    int acc = 0;
    for (size_t i = 0; i < in.n; i++)
        acc |= goldilocks_ed448_verify(in.sig[i], in.pub[i], in.msg[i], MSG_BYTES, NULL, 0);
    in.sink = acc;
}
static void batch(void) {
    in.sink = goldilocks_ed448_verify_batch(in.n, in.sigp, in.pubp, in.msgp, in.msg_len, NULL, 0, in.rc);
}
static void plain_verify(void) { in.sink = goldilocks_ed448_verify(in.sig[0], in.pub[0], in.msg[0], MSG_BYTES, NULL, 0); }
static void pre_verify(void) {
    in.sink = goldilocks_ed448_verify_precomputed(in.sig[0], &in.ed_table, in.msg[0], MSG_BYTES, NULL, 0);
}
static void plain_x448(void) { in.sink = goldilocks_x448(in.out[0], in.x_secret, in.x_peer); }
static void pre_x448(void) { in.sink = goldilocks_x448_precomputed(in.out[1], in.x_secret, &in.x_table); }
static void ed_precompute(void) { in.sink = goldilocks_ed448_precompute(&in.ed_table, in.pub[0]); }
static void x_precompute(void) { in.sink = goldilocks_x448_precompute(&in.x_table, in.x_peer); }

static void msm_straus(void) { point_msm_base_vartime(&in.msm_out, &in.msm_b, 2 * in.n, in.msm_p, in.msm_k); }
static void msm_pippenger(void) {
    point_msm_pippenger_vartime(&in.msm_out, &in.msm_b, 2 * in.n, in.msm_p, in.msm_k);
}

static void fill(uint8_t *p, size_t len, uint64_t *state) {
    for (size_t i = 0; i < len; i++) {
        *state = *state * 6364136223846793005u + 1442695040888963407u;
        p[i] = (uint8_t)(*state >> 56);
    }
}

static void setup(void) {
    uint64_t st = 0x62617463682d3434u;
    for (size_t i = 0; i < MAXN; i++) {
        uint8_t seed[57], secret[114];
        fill(seed, sizeof seed, &st);
        fill(in.msg[i], MSG_BYTES, &st);
        goldilocks_ed448_keypair_from_seed(in.pub[i], secret, seed);
        if (goldilocks_ed448_sign(in.sig[i], secret, in.msg[i], MSG_BYTES, NULL, 0) != 0)
            die("sign failed");
        in.sigp[i] = in.sig[i];
        in.pubp[i] = in.pub[i];
        in.msgp[i] = in.msg[i];
        in.msg_len[i] = MSG_BYTES;
    }
    for (size_t i = 0; i < MSM_MAX_POINTS; i++) {
        uint8_t rnd[64];
        scalar_t x;
        fill(rnd, sizeof rnd, &st);
        scalar_reduce_bytes(&x, rnd, sizeof rnd);
        point_scalarmul_base(&in.msm_p[i], &x);
        fill(rnd, sizeof rnd, &st);
        scalar_reduce_bytes(&in.msm_k[i], rnd, i % 2 ? 16 : 64);
    }
    uint8_t rnd[64];
    fill(rnd, sizeof rnd, &st);
    scalar_reduce_bytes(&in.msm_b, rnd, sizeof rnd);
    uint8_t peer_secret[56];
    fill(peer_secret, sizeof peer_secret, &st);
    fill(in.x_secret, sizeof in.x_secret, &st);
    goldilocks_x448_public_key(in.x_peer, peer_secret);
    if (goldilocks_ed448_precompute(&in.ed_table, in.pub[0]) != 0 ||
        goldilocks_x448_precompute(&in.x_table, in.x_peer) != 0)
        die("precompute failed");
    /* sanity: the fast calls agree with the plain ones */
    in.n = MAXN;
    if (goldilocks_ed448_verify_batch(in.n, in.sigp, in.pubp, in.msgp, in.msg_len, NULL, 0, in.rc) != 0)
        die("the batch rejects valid signatures");
    if (goldilocks_ed448_verify_precomputed(in.sig[0], &in.ed_table, in.msg[0], MSG_BYTES, NULL, 0) != 0)
        die("verify_precomputed rejects a valid signature");
    plain_x448();
    pre_x448();
    if (memcmp(in.out[0], in.out[1], 56) != 0)
        die("x448_precomputed differs from x448");
}

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/*
 * Median (out[0..1]) and minimum (out[2..3]) ticks per call over reps rounds
 * of `calls` calls, the two contenders interleaved; b may be NULL.
 */
static void measure(void (*a)(void), void (*b)(void), int reps, int calls, uint64_t out[4]) {
    uint64_t *s[2] = { calloc((size_t)reps, 8), calloc((size_t)reps, 8) };
    if (!s[0] || !s[1])
        die("out of memory");
    void (*fn[2])(void) = { a, b };
    for (int r = 0; r < reps; r++)
        for (int i = 0; i < 2; i++) {
            int c = (r + i) % 2;
            if (!fn[c])
                continue;
            uint64_t t0 = ticks();
            for (int k = 0; k < calls; k++)
                fn[c]();
            s[c][r] = (ticks() - t0) / (uint64_t)calls;
        }
    for (int c = 0; c < 2; c++) {
        qsort(s[c], (size_t)reps, 8, cmp_u64);
        out[c] = fn[c] ? s[c][reps / 2] : 0;
        out[2 + c] = fn[c] ? s[c][0] : 0;
        free(s[c]);
    }
}

static void row(const char *name, const uint64_t m[4]) {
    printf("%-26s %10llu %10llu %6.2f   %10llu %10llu %6.2f\n", name, (unsigned long long)m[0],
           (unsigned long long)m[1], (double)m[0] / (double)m[1], (unsigned long long)m[2], (unsigned long long)m[3],
           (double)m[2] / (double)m[3]);
}

/* Kept out of line so that callgrind's --toggle-collect can count it alone. */
__attribute__((noinline)) void bench_only_loop(void (*fn)(void), long iterations);
__attribute__((noinline)) void bench_only_loop(void (*fn)(void), long iterations) {
    for (long i = 0; i < iterations; i++)
        fn();
}

static const struct {
    const char *name;
    void (*fn)(void);
} only_ops[] = {
    { "singles", singles },       { "batch", batch },       { "plain_verify", plain_verify },
    { "pre_verify", pre_verify }, { "plain_x448", plain_x448 }, { "pre_x448", pre_x448 },
    { "msm_straus", msm_straus }, { "msm_pippenger", msm_pippenger },
};

int main(int argc, char **argv) {
    int reps = 31, calls = 4;
    long iterations = 1;
    const char *only = NULL;
    size_t n = MAXN;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--reps") && i + 1 < argc)
            reps = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--calls") && i + 1 < argc)
            calls = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--only") && i + 1 < argc)
            only = argv[++i];
        else if (!strcmp(argv[i], "--iterations") && i + 1 < argc)
            iterations = atol(argv[++i]);
        else if (!strcmp(argv[i], "--n") && i + 1 < argc)
            n = (size_t)atol(argv[++i]);
        else
            die("usage: bench_batch [--reps R] [--calls C] | --only OP [--n N] [--iterations K]");
    }
    if (reps < 1 || calls < 1 || iterations < 1 || n < 1 || n > MAXN)
        die("--reps, --calls, --iterations must be positive, --n in 1..64");
    if (only && !strncmp(only, "msm", 3) && n > MSM_MAX_POINTS / 2)
        die("--n in 1..32 for the msm operations");
    setup();
    if (only) {
        for (size_t i = 0; i < sizeof only_ops / sizeof *only_ops; i++)
            if (!strcmp(only, only_ops[i].name)) {
                in.n = n;
                bench_only_loop(only_ops[i].fn, iterations);
                return 0;
            }
        die("unknown --only operation");
    }
    printf("%s per signature / operation: %d rounds of %d calls, interleaved; median, then fastest round\n",
           TICK_UNIT, reps, calls);
    printf("%-26s %10s %10s %6s   %10s %10s %6s\n", "operation", "plain", "fast", "ratio", "min plain", "min fast",
           "ratio");
    static const size_t sizes[] = { 1, 4, 16, 64 };
    uint64_t m[4];
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        in.n = sizes[i];
        /* fewer calls for the large batches: each call is n signatures */
        int c = calls * 4 / (int)(sizes[i] < 4 ? 1 : sizes[i] / 4 + 1);
        measure(singles, batch, reps, c < 1 ? 1 : c, m);
        char name[64];
        snprintf(name, sizeof name, "verify batch, n = %zu", sizes[i]);
        for (int j = 0; j < 4; j++)
            m[j] /= in.n;
        row(name, m);
    }
    static const size_t msm_sizes[] = { 1, 4, 16, 32 };
    for (size_t i = 0; i < sizeof msm_sizes / sizeof *msm_sizes; i++) {
        in.n = msm_sizes[i];
        measure(msm_pippenger, msm_straus, reps, calls, m);
        char name[64];
        snprintf(name, sizeof name, "msm %zu points: Pip. / Straus", 2 * msm_sizes[i]);
        for (int j = 0; j < 4; j++)
            m[j] /= in.n;
        row(name, m);
    }
    /* one invalid signature among 64: the bisection's cost */
    in.n = MAXN;
    in.sig[MAXN / 3][60] ^= 1;
    measure(singles, batch, reps, 1, m);
    for (int j = 0; j < 4; j++)
        m[j] /= in.n;
    row("verify batch, 64, one bad", m);
    in.sig[MAXN / 3][60] ^= 1;
    measure(plain_verify, pre_verify, reps, calls * 4, m);
    row("verify precomputed key", m);
    measure(plain_x448, pre_x448, reps, calls * 4, m);
    row("x448 precomputed peer", m);
    measure(ed_precompute, NULL, reps, calls, m);
    printf("%-26s %10s %10llu %6s   %10s %10llu\n", "ed448_precompute (once)", "-", (unsigned long long)m[0], "",
           "-", (unsigned long long)m[2]);
    measure(x_precompute, NULL, reps, calls, m);
    printf("%-26s %10s %10llu %6s   %10s %10llu\n", "x448_precompute (once)", "-", (unsigned long long)m[0], "",
           "-", (unsigned long long)m[2]);
    return 0;
}
