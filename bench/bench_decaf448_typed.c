/*
 * Ticks per operation of the typed decaf448 API, beside libdecaf's
 * decaf_448_* point and scalar functions on the same inputs (when
 * HAVE_LIBDECAF; Debian's headers need -I/usr/include/decaf).
 *
 *   bench_decaf448_typed [--reps R] [--batch B]
 *
 * For each operation, R rounds; each round times a batch of B calls of each
 * contender in turn (the order alternates), and the table shows the median
 * over the rounds of (batch ticks / B). Ticks are rdtsc on x86 (elsewhere
 * nanoseconds). Before timing, each operation's result is compared with
 * libdecaf's (by encoding); the program aborts on a difference.
 *
 * Notes on the pairs: libdecaf has no variable-time [a]P + [b]Q for two
 * arbitrary points; its row is decaf_448_point_double_scalarmul, which is
 * constant time. With Q = G (row "... G") libdecaf's is
 * decaf_448_base_double_scalarmul_non_secret, variable time like ours. libdecaf's scalar negation is decaf_448_scalar_sub from
 * zero, its canonical decoding decaf_448_scalar_decode, and it has no
 * random scalar. Every typed scalar function of ours ends by wiping the
 * 16 KiB of stack below it (ct_wipe_stack, goldilocks.h's contract); the
 * cheap scalar operations are mostly that wipe. The byte-function rows
 * (decode + operation + encode in one call) show what chaining saves.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "goldilocks.h"

#ifdef HAVE_LIBDECAF
#include <decaf/point_448.h>
#endif

#include "ticks.h"

enum { N = 56, W = 112 };

/* Inputs, set up once; each contender's output. */
static struct {
    uint8_t enc_p[N], uniform[W], wide[W], bytes[N];
    goldilocks_decaf448_point p, q, g, out;
    goldilocks_decaf448_scalar a, b, sout;
    uint8_t bout[N];
    int rc;
#ifdef HAVE_LIBDECAF
    decaf_448_point_t dp, dq, dout;
    decaf_448_scalar_t da, db, dsout, dbytes; /* dbytes: in.bytes mod l */
    uint8_t dbout[N];
    int drc;
#endif
} in;

/* What an operation writes, for the comparison before timing. */
enum result { R_POINT, R_SCALAR, R_BYTES, R_RC };

/* ---- ours ---- */
static void o_decode(void) { in.rc = goldilocks_decaf448_point_decode(&in.out, in.enc_p); }
static void o_encode(void) { goldilocks_decaf448_point_encode(in.bout, &in.p); }
static void o_add(void) { goldilocks_decaf448_point_add(&in.out, &in.p, &in.q); }
static void o_sub(void) { goldilocks_decaf448_point_sub(&in.out, &in.p, &in.q); }
static void o_neg(void) { goldilocks_decaf448_point_neg(&in.out, &in.p); }
static void o_double(void) { goldilocks_decaf448_point_double(&in.out, &in.p); }
static void o_eq(void) { in.rc = goldilocks_decaf448_point_eq(&in.p, &in.q); }
static void o_mul(void) { goldilocks_decaf448_point_scalarmult(&in.out, &in.p, &in.a); }
static void o_mul_base(void) { goldilocks_decaf448_point_scalarmult_base(&in.out, &in.a); }
static void o_dmul(void) { goldilocks_decaf448_point_double_scalarmult_vartime(&in.out, &in.a, &in.p, &in.b, &in.q); }
static void o_dmul_g(void) { goldilocks_decaf448_point_double_scalarmult_vartime(&in.out, &in.a, &in.p, &in.b, &in.g); }
static void o_uniform(void) { goldilocks_decaf448_point_from_uniform(&in.out, in.uniform); }
static void o_s_bytes(void) { goldilocks_decaf448_scalar_from_bytes(&in.sout, in.bytes); }
static void o_s_wide(void) { goldilocks_decaf448_scalar_from_wide_bytes(&in.sout, in.wide); }
static void o_s_canon(void) { in.rc = goldilocks_decaf448_scalar_from_canonical_bytes(&in.sout, in.bytes); }
static void o_s_to_bytes(void) { goldilocks_decaf448_scalar_to_bytes(in.bout, &in.a); }
static void o_s_add(void) { goldilocks_decaf448_scalar_add(&in.sout, &in.a, &in.b); }
static void o_s_sub(void) { goldilocks_decaf448_scalar_sub(&in.sout, &in.a, &in.b); }
static void o_s_mul(void) { goldilocks_decaf448_scalar_mul(&in.sout, &in.a, &in.b); }
static void o_s_neg(void) { goldilocks_decaf448_scalar_neg(&in.sout, &in.a); }
static void o_s_inv(void) { in.rc = goldilocks_decaf448_scalar_invert(&in.sout, &in.a); }
static void o_s_eq(void) { in.rc = goldilocks_decaf448_scalar_eq(&in.a, &in.b); }
static void o_s_random(void) { in.rc = goldilocks_decaf448_scalar_random(&in.sout); }
/* the byte functions, for comparison: decode, operate, encode in one call */
static void o_bytes_mul(void) { in.rc = goldilocks_decaf448_scalarmult(in.bout, in.enc_p, in.bytes); }
static void o_bytes_add(void) { in.rc = goldilocks_decaf448_add(in.bout, in.enc_p, in.enc_p); }

/* ---- libdecaf ---- */
#ifdef HAVE_LIBDECAF
static void d_decode(void) { in.drc = decaf_448_point_decode(in.dout, in.enc_p, DECAF_TRUE) == DECAF_SUCCESS ? 0 : -1; }
static void d_encode(void) { decaf_448_point_encode(in.dbout, in.dp); }
static void d_add(void) { decaf_448_point_add(in.dout, in.dp, in.dq); }
static void d_sub(void) { decaf_448_point_sub(in.dout, in.dp, in.dq); }
static void d_neg(void) { decaf_448_point_negate(in.dout, in.dp); }
static void d_double(void) { decaf_448_point_double(in.dout, in.dp); }
static void d_eq(void) { in.drc = decaf_448_point_eq(in.dp, in.dq) == DECAF_TRUE ? 0 : -1; }
static void d_mul(void) { decaf_448_point_scalarmul(in.dout, in.dp, in.da); }
static void d_mul_base(void) { decaf_448_precomputed_scalarmul(in.dout, decaf_448_precomputed_base, in.da); }
static void d_dmul(void) { decaf_448_point_double_scalarmul(in.dout, in.dp, in.da, in.dq, in.db); }
static void d_dmul_g(void) { decaf_448_base_double_scalarmul_non_secret(in.dout, in.db, in.dp, in.da); }
static void d_uniform(void) { decaf_448_point_from_hash_uniform(in.dout, in.uniform); }
static void d_s_bytes(void) { decaf_448_scalar_decode_long(in.dsout, in.bytes, N); }
static void d_s_wide(void) { decaf_448_scalar_decode_long(in.dsout, in.wide, W); }
static void d_s_canon(void) { in.drc = decaf_448_scalar_decode(in.dsout, in.bytes) == DECAF_SUCCESS ? 0 : -1; }
static void d_s_to_bytes(void) { decaf_448_scalar_encode(in.dbout, in.da); }
static void d_s_add(void) { decaf_448_scalar_add(in.dsout, in.da, in.db); }
static void d_s_sub(void) { decaf_448_scalar_sub(in.dsout, in.da, in.db); }
static void d_s_mul(void) { decaf_448_scalar_mul(in.dsout, in.da, in.db); }
static void d_s_neg(void) { decaf_448_scalar_sub(in.dsout, decaf_448_scalar_zero, in.da); }
static void d_s_inv(void) { in.drc = decaf_448_scalar_invert(in.dsout, in.da) == DECAF_SUCCESS ? 0 : -1; }
static void d_s_eq(void) { in.drc = decaf_448_scalar_eq(in.da, in.db) == DECAF_TRUE ? 0 : -1; }
static void d_bytes_mul(void) {
    in.drc = decaf_448_direct_scalarmul(in.dbout, in.enc_p, in.dbytes, DECAF_FALSE, DECAF_TRUE) == DECAF_SUCCESS ? 0 : -1;
}
#define D(f) f
#else
#define D(f) NULL
#endif

typedef void (*op_fn)(void);

static const struct op {
    const char *name;
    op_fn ours, theirs;
    enum result result;
} ops[] = {
    { "point_decode", o_decode, D(d_decode), R_POINT },
    { "point_encode", o_encode, D(d_encode), R_BYTES },
    { "point_add", o_add, D(d_add), R_POINT },
    { "point_sub", o_sub, D(d_sub), R_POINT },
    { "point_neg", o_neg, D(d_neg), R_POINT },
    { "point_double", o_double, D(d_double), R_POINT },
    { "point_eq", o_eq, D(d_eq), R_RC },
    { "point_scalarmult", o_mul, D(d_mul), R_POINT },
    { "point_scalarmult_base", o_mul_base, D(d_mul_base), R_POINT },
    { "point_double_scalarmult_vartime", o_dmul, D(d_dmul), R_POINT },
    { "point_double_scalarmult_vartime G", o_dmul_g, D(d_dmul_g), R_POINT },
    { "point_from_uniform", o_uniform, D(d_uniform), R_POINT },
    { "scalar_from_bytes", o_s_bytes, D(d_s_bytes), R_SCALAR },
    { "scalar_from_wide_bytes", o_s_wide, D(d_s_wide), R_SCALAR },
    { "scalar_from_canonical_bytes", o_s_canon, D(d_s_canon), R_SCALAR },
    { "scalar_to_bytes", o_s_to_bytes, D(d_s_to_bytes), R_BYTES },
    { "scalar_add", o_s_add, D(d_s_add), R_SCALAR },
    { "scalar_sub", o_s_sub, D(d_s_sub), R_SCALAR },
    { "scalar_mul", o_s_mul, D(d_s_mul), R_SCALAR },
    { "scalar_neg", o_s_neg, D(d_s_neg), R_SCALAR },
    { "scalar_invert", o_s_inv, D(d_s_inv), R_SCALAR },
    { "scalar_eq", o_s_eq, D(d_s_eq), R_RC },
    { "scalar_random", o_s_random, NULL, R_RC },
    { "bytes: decaf448_scalarmult", o_bytes_mul, D(d_bytes_mul), R_BYTES },
    { "bytes: decaf448_add", o_bytes_add, NULL, R_BYTES },
};
enum { OPS = sizeof ops / sizeof ops[0] };

static void die(const char *op, const char *what) {
    fprintf(stderr, "bench_decaf448_typed: %s: %s\n", op, what);
    abort();
}

/* Deterministic inputs (splitmix64). */
static void fill(uint8_t *p, size_t len, uint64_t *state) {
    for (size_t i = 0; i < len; i++) {
        uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        p[i] = (uint8_t)((z ^ (z >> 31)) >> 56);
    }
}

static void setup(void) {
    uint64_t s = 0xdecaf448ull;
    uint8_t u1[W], u2[W], wa[W], wb[W];
    fill(u1, W, &s);
    fill(u2, W, &s);
    fill(wa, W, &s);
    fill(wb, W, &s);
    fill(in.uniform, W, &s);
    fill(in.wide, W, &s);
    fill(in.bytes, N, &s);
    in.bytes[N - 1] &= 0x3f; /* below 2^446, and (for this input) below l: canonical */
    goldilocks_decaf448_point_from_uniform(&in.p, u1);
    goldilocks_decaf448_point_from_uniform(&in.q, u2);
    goldilocks_decaf448_point_encode(in.enc_p, &in.p);
    goldilocks_decaf448_point_base(&in.g);
    goldilocks_decaf448_scalar_from_wide_bytes(&in.a, wa);
    goldilocks_decaf448_scalar_from_wide_bytes(&in.b, wb);
#ifdef HAVE_LIBDECAF
    decaf_448_point_from_hash_uniform(in.dp, u1);
    decaf_448_point_from_hash_uniform(in.dq, u2);
    decaf_448_scalar_decode_long(in.da, wa, W);
    decaf_448_scalar_decode_long(in.db, wb, W);
    decaf_448_scalar_decode_long(in.dbytes, in.bytes, N);
#endif
}

/* Runs both contenders once and aborts unless their results agree. */
static void sanity_check(const struct op *op) {
    in.rc = 0;
#ifdef HAVE_LIBDECAF
    in.drc = 0;
#endif
    op->ours();
    if (op->result == R_RC && op->ours == o_s_random && in.rc != 0)
        die(op->name, "getrandom failed");
    if (!op->theirs)
        return;
#ifdef HAVE_LIBDECAF
    op->theirs();
    uint8_t a[N], b[N];
    switch (op->result) {
    case R_POINT:
        goldilocks_decaf448_point_encode(a, &in.out);
        decaf_448_point_encode(b, in.dout);
        break;
    case R_SCALAR:
        goldilocks_decaf448_scalar_to_bytes(a, &in.sout);
        decaf_448_scalar_encode(b, in.dsout);
        break;
    case R_BYTES:
        memcpy(a, in.bout, N);
        memcpy(b, in.dbout, N);
        break;
    case R_RC:
        memset(a, 0, N);
        memset(b, 0, N);
        a[0] = (uint8_t)in.rc;
        b[0] = (uint8_t)in.drc;
        break;
    }
    if (memcmp(a, b, N) != 0 || in.rc != in.drc)
        die(op->name, "MISMATCH: libdecaf's result differs from ours");
#endif
}

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

static uint64_t time_batch(op_fn fn, int batch) {
    uint64_t t0 = ticks();
    for (int b = 0; b < batch; b++)
        fn();
    return (ticks() - t0) / (uint64_t)batch;
}

int main(int argc, char **argv) {
    int reps = 101, batch = 4;
    for (int i = 1; i < argc; i++) {
        if (i + 1 < argc && strcmp(argv[i], "--reps") == 0)
            reps = atoi(argv[++i]);
        else if (i + 1 < argc && strcmp(argv[i], "--batch") == 0)
            batch = atoi(argv[++i]);
        else {
            fprintf(stderr, "usage: bench_decaf448_typed [--reps R] [--batch B]\n");
            return 2;
        }
    }
    if (reps < 1 || batch < 1)
        return 2;
    setup();
    uint64_t *so = calloc((size_t)reps, sizeof *so), *st = calloc((size_t)reps, sizeof *st);
    if (!so || !st)
        die("setup", "out of memory");

    printf("decaf448, typed: median %s per call (%d rounds of %d calls, interleaved)\n", TICK_UNIT, reps, batch);
    printf("| %-33s | %12s | %12s | %16s |\n", "operation", "goldilocks", "libdecaf", "libdecaf / ours");
    printf("| %-33s | %12s | %12s | %16s |\n", "---", "---:", "---:", "---:");
    for (int i = 0; i < OPS; i++) {
        const struct op *op = &ops[i];
        sanity_check(op);
        for (int r = 0; r < reps; r++) {
            if (r & 1) {
                so[r] = time_batch(op->ours, batch);
                st[r] = op->theirs ? time_batch(op->theirs, batch) : 0;
            } else {
                st[r] = op->theirs ? time_batch(op->theirs, batch) : 0;
                so[r] = time_batch(op->ours, batch);
            }
        }
        qsort(so, (size_t)reps, sizeof *so, cmp_u64);
        qsort(st, (size_t)reps, sizeof *st, cmp_u64);
        uint64_t mo = so[reps / 2], mt = st[reps / 2];
        char theirs[32] = "-", ratio[32] = "-";
        if (op->theirs) {
            snprintf(theirs, sizeof theirs, "%llu", (unsigned long long)mt);
            snprintf(ratio, sizeof ratio, "%.2f", mo ? (double)mt / (double)mo : 0.0);
        }
        printf("| %-33s | %12llu | %12s | %16s |\n", op->name, (unsigned long long)mo, theirs, ratio);
        fflush(stdout);
    }
    free(so);
    free(st);
    return 0;
}
