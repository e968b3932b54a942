/*
 * The X448 ladder in its two forms side by side (src/proto/x448_ladder.c,
 * scalar field operations; src/proto/x448_ladder_lanes.c, the step's
 * products in lanes, both round-3 variants), whichever of them the target's
 * library holds: both are compiled here from their sources under names of
 * their own. Also the field operations each form is made of, for the
 * per-step prices. All on the target's layouts (scalar: gf_layout.h; lanes:
 * gf_lanes.h, GF_LANES_NAME).
 *
 *   bench_ladder_lanes [--reps R]
 *       ticks: for each operation, R rounds (the order rotates each round)
 *       of a batch of calls; the median over the rounds of (batch / calls).
 *   bench_ladder_lanes --only OP [--iterations N]
 *       runs OP N times in bench_only_loop() and nothing else, for
 *         valgrind --tool=callgrind --toggle-collect=bench_only_loop \
 *             bench_ladder_lanes --only ladder_lanes --iterations 10
 *       (Ir of bench_only_loop / N).
 *
 * The Edwards doubling and additions of point_arith.c beside their spread
 * forms (src/point/point_spread.h), in dependent chains.
 *
 * Before timing, the three ladders' outputs are compared for random inputs;
 * the program aborts on a mismatch.
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime in bench/ticks.h off x86 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "goldilocks.h"
#include "rounds.h"
#include "point.h"
/* The four-lane forms need GF_LANES >= 4: on a lane layout of fewer, main says so. */
#if GF_LANES >= 4
#include "point_spread.h"

/* Both sources of x448_ladder under names of their own. */
#define x448_ladder bench_ladder_scalar
#include "x448_ladder.c"
#undef x448_ladder
mask_t bench_ladder_lanes(uint8_t out[GOLDILOCKS_X448_BYTES], const uint8_t secret[GOLDILOCKS_X448_BYTES],
                          const gf x1);
#define x448_ladder bench_ladder_lanes
#include "x448_ladder_lanes.c"
#undef x448_ladder

enum { N = GOLDILOCKS_X448_BYTES };

static uint8_t k_in[N], u_in[N], out_buf[N];
static gf fa, fb;
static gfl la, lb;
static volatile uint64_t sink;

static void op_ladder_scalar(unsigned n) {
    gf u;
    (void)gf_deserialize(u, u_in);
    for (unsigned i = 0; i < n; i++)
        bench_ladder_scalar(out_buf, k_in, u);
}

static void op_ladder_lanes(unsigned n) {
    gf u;
    (void)gf_deserialize(u, u_in);
    for (unsigned i = 0; i < n; i++)
        (void)ladder_lanes(out_buf, k_in, u, 0);
}

static void op_ladder_lanes_x1v(unsigned n) {
    gf u;
    (void)gf_deserialize(u, u_in);
    for (unsigned i = 0; i < n; i++)
        (void)ladder_lanes(out_buf, k_in, u, 1);
}

/* The public call, with whichever ladder the library holds. */
static void op_goldilocks_x448(unsigned n) {
    int rc = 0;
    for (unsigned i = 0; i < n; i++)
        rc |= goldilocks_x448(out_buf, k_in, u_in);
    sink += (uint64_t)rc;
}

/* Field operations in dependent chains (each result feeds the next call). */
static void op_gf_mul(unsigned n) { for (unsigned i = 0; i < n; i++) gf_mul(fa, fa, fb); }
static void op_gf_sqr(unsigned n) { for (unsigned i = 0; i < n; i++) gf_sqr(fa, fa); }
static void op_gf_mulw(unsigned n) { for (unsigned i = 0; i < n; i++) gf_mulw(fa, fa, X448_A24); }
/* Unreduced sums grow without bound here; the values do not matter, only the work. */
static void op_gf_add_nr(unsigned n) {
    for (unsigned i = 0; i < n; i++) {
        gf_add_nr(fa, fa, fb);
        __asm__ volatile("" : : "r"(fa) : "memory"); /* no folding of the loop into one product */
    }
}
static void op_gf_cond_swap(unsigned n) {
    for (unsigned i = 0; i < n; i++) gf_cond_swap(fa, fb, (mask_t)0 - (mask_t)(i & 1));
}
static void op_gfl_mul(unsigned n) { for (unsigned i = 0; i < n; i++) gfl_mul(la, la, lb); }
static void op_gfl_sqr(unsigned n) { for (unsigned i = 0; i < n; i++) gfl_sqr(la, la); }
static void op_gfl_mulw(unsigned n) { for (unsigned i = 0; i < n; i++) gfl_mulw(la, la, X448_A24); }
static void op_gfl_addsub(unsigned n) {
    lmask_t m = lmask_pattern(0xa);
    for (unsigned i = 0; i < n; i++) gfl_addsub(la, la, lb, m);
}
static void op_gfl_permute(unsigned n) {
    lperm_t p = lperm_make((const unsigned char[]){1, 0, 3, 2}, 4);
    for (unsigned i = 0; i < n; i++) gfl_permute(la, la, p.idx);
}
static void op_gfl_select(unsigned n) {
    for (unsigned i = 0; i < n; i++) gfl_select(la, la, lb, lmask_broadcast((mask_t)0 - (mask_t)(i & 1)));
}
static void op_gfl_extract_insert(unsigned n) {
    gf t;
    for (unsigned i = 0; i < n; i++) {
        gfl_extract(t, la, 3);
        gfl_insert(la, 3, t);
        __asm__ volatile("" : : "r"(la) : "memory");
    }
}

/* Edwards doubling and additions: point_arith.c against the spread forms (point_spread.h). */
static point_t pa;
static point_niels_t pn;
static point_cached_t pc;
static point_spread_t sa;
static point_spread_niels_t sn;
static point_spread_cached_t sc;
static void op_point_double(unsigned n) { for (unsigned i = 0; i < n; i++) point_double(&pa, &pa); }
static void op_point_add_niels(unsigned n) { for (unsigned i = 0; i < n; i++) point_add_niels(&pa, &pa, &pn); }
static void op_point_add_cached(unsigned n) { for (unsigned i = 0; i < n; i++) point_add_cached(&pa, &pa, &pc); }
static void op_spread_double(unsigned n) { for (unsigned i = 0; i < n; i++) point_spread_double(&sa, &sa); }
static void op_spread_add_niels(unsigned n) {
    for (unsigned i = 0; i < n; i++) point_spread_add_niels(&sa, &sa, &sn);
}
static void op_spread_add_cached(unsigned n) {
    for (unsigned i = 0; i < n; i++) point_spread_add_cached(&sa, &sa, &sc);
}

typedef struct {
    const char *name;
    void (*run)(unsigned n);
    unsigned batch;
} op;

static const op OPS[] = {
    { "ladder_scalar", op_ladder_scalar, 1 },
    { "ladder_lanes", op_ladder_lanes, 1 },
    { "ladder_lanes_x1v", op_ladder_lanes_x1v, 1 },
    { "goldilocks_x448", op_goldilocks_x448, 1 },
    { "gf_mul", op_gf_mul, 1000 },
    { "gf_sqr", op_gf_sqr, 1000 },
    { "gf_mulw", op_gf_mulw, 1000 },
    { "gf_add_nr", op_gf_add_nr, 1000 },
    { "gf_cond_swap", op_gf_cond_swap, 1000 },
    { "gfl_mul", op_gfl_mul, 1000 },
    { "gfl_sqr", op_gfl_sqr, 1000 },
    { "gfl_mulw", op_gfl_mulw, 1000 },
    { "gfl_addsub", op_gfl_addsub, 1000 },
    { "gfl_permute", op_gfl_permute, 1000 },
    { "gfl_select", op_gfl_select, 1000 },
    { "gfl_extract+insert", op_gfl_extract_insert, 1000 },
    { "point_double", op_point_double, 200 },
    { "spread_double", op_spread_double, 200 },
    { "point_add_niels", op_point_add_niels, 200 },
    { "spread_add_niels", op_spread_add_niels, 200 },
    { "point_add_cached", op_point_add_cached, 200 },
    { "spread_add_cached", op_spread_add_cached, 200 },
};
enum { NOPS = sizeof OPS / sizeof OPS[0] };

__attribute__((noinline)) void bench_only_loop(const op *o, unsigned n);
__attribute__((noinline)) void bench_only_loop(const op *o, unsigned n) {
    o->run(n);
}

static const char *op_name(unsigned o) {
    return OPS[o].name;
}

/* One round of operation o for bench_rounds: its batch of calls. */
static unsigned run_op(unsigned o) {
    OPS[o].run(OPS[o].batch);
    return OPS[o].batch;
}

static void self_check(void) {
    uint8_t a[N], b[N], c[N];
    for (unsigned i = 0; i < 16; i++) {
        for (unsigned j = 0; j < N; j++) {
            k_in[j] = (uint8_t)rand();
            u_in[j] = (uint8_t)rand();
        }
        gf u;
        (void)gf_deserialize(u, u_in);
        bench_ladder_scalar(a, k_in, u);
        (void)ladder_lanes(b, k_in, u, 0);
        (void)ladder_lanes(c, k_in, u, 1);
        if (memcmp(a, b, N) || memcmp(a, c, N)) {
            fprintf(stderr, "bench_ladder_lanes: the ladders disagree\n");
            exit(1);
        }
    }
}

static int run(int argc, char **argv) {
    unsigned reps = 101, iterations = 10;
    const char *only = NULL;
    if (bench_args(argc, argv, "usage: bench_ladder_lanes [--reps R] | --only OP [--iterations N]", &reps, &only,
                   &iterations, NULL))
        return 2;
    srand(1);
    self_check();
    for (unsigned j = 0; j < N; j++) {
        k_in[j] = (uint8_t)rand();
        u_in[j] = (uint8_t)rand();
    }
    (void)gf_deserialize(fa, u_in);
    (void)gf_deserialize(fb, k_in);
    gfl_broadcast(la, fa);
    gfl_broadcast(lb, fb);
    for (unsigned i = 0; i < GF_LANES; i++) {
        gf t;
        gf_mulw(t, fa, i + 2);
        gfl_insert(la, i, t);
    }

    {
        scalar_t k;
        scalar_reduce_bytes(&k, u_in, N);
        point_scalarmul_base(&pa, &k);
        point_affine(pn.x, pn.y, &pa);
        gf_mul(pn.dxy, pn.x, pn.y);
        gf_mulw(pn.dxy, pn.dxy, CURVE_MINUS_D);
        gf_neg(pn.dxy, pn.dxy);
        point_double(&pa, &pa);
        point_to_cached(&pc, &pa);
        point_spread_from(&sa, &pa);
        point_spread_niels_from(&sn, &pn);
        point_spread_cached_from(&sc, &pc);
    }

    if (only) {
        int o = bench_find(NOPS, op_name, only);
        if (o < 0) {
            fprintf(stderr, "bench_ladder_lanes: unknown operation %s\n", only);
            return 2;
        }
        bench_only_loop(&OPS[o], iterations);
        return 0;
    }

    static uint64_t t[NOPS][BENCH_ROUNDS_MAX];
    reps = bench_rounds(t, NOPS, reps, run_op);
    printf("X448 ladder, scalar layout beside lanes \"%s\" (GF_LANES = %d); %s per call, median of %u\n",
           GF_LANES_NAME, GF_LANES, TICK_UNIT, reps);
    for (unsigned o = 0; o < NOPS; o++)
        printf("  %-22s %10llu\n", OPS[o].name, (unsigned long long)t[o][reps / 2]);
    gf_serialize(out_buf, fa);
    sink = out_buf[0];
    gfl_extract(fa, la, 0);
    gf_serialize(out_buf, fa);
    sink += out_buf[0];
    return 0;
}
#endif

int main(int argc, char **argv) {
#if GF_LANES >= 4
    return run(argc, argv);
#else
    (void)argc;
    (void)argv;
    printf("bench_ladder_lanes: the four-lane ladder and spread points need four lanes; this "
           "target's lane layout (%s) has %d\n", GF_LANES_NAME, GF_LANES);
    return 0;
#endif
}
