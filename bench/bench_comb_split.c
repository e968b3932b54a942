/*
 * The single fixed-base comb in its forms side by side, whichever of them the
 * target's library holds: src/backend/portable/point_comb.c (single points) and
 * src/backend/lanes2/point_comb_split.c (the work split between the lanes) with
 * every split that file allows on this lane layout (SPLIT_OFFSETS = GF_LANES,
 * the offsets split; 1, the combs split; 2 on 4 lanes or more, both), all
 * compiled here from their sources under names of their own.
 *
 *   bench_comb_split [--reps R] [--batch B]
 *       ticks: R rounds (the order rotates each round) of a batch of B calls
 *       (4 by default: short rounds are seldom preempted) of each form; per
 *       form the median and the fastest round of (batch / B).
 *   bench_comb_split --only FORM [--iterations N]
 *       runs FORM N times in bench_only_loop() and nothing else, for
 *         valgrind --tool=callgrind --toggle-collect=bench_only_loop \
 *             bench_comb_split --only split --iterations 20
 *       (Ir of bench_only_loop / N).
 *
 * Before timing, every form's [k]B is compared with point_comb.c's for
 * random k; the program stops with exit status 1 on a difference.
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime (ticks.h) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "goldilocks.h"
#include "rounds.h"
#include "point.h"
#include "point_comb.h"

#define point_scalarmul_comb bench_comb_single
#define point_scalarmul_base bench_base_single
#define point_scalarmul_base_on_twist bench_base_single_on_twist
#include "../src/backend/portable/point_comb.c"
#undef point_scalarmul_comb
#undef point_scalarmul_base
#undef point_scalarmul_base_on_twist

#define point_scalarmul_comb bench_comb_split
#define point_scalarmul_base bench_base_split
#define point_scalarmul_base_on_twist bench_base_split_on_twist
#include "../src/backend/lanes2/point_comb_split.c"
static const unsigned split_default = SPLIT_OFFSETS;
#undef point_scalarmul_comb
#undef point_scalarmul_base
#undef point_scalarmul_base_on_twist
#undef SPLIT_OFFSETS
#undef SPLIT_COMBS
#undef CHUNK
#undef ROUNDS

#if GF_LANES > 1
#define SPLIT_OFFSETS 1
#define split_entry split_entry_combs
#define split_add split_add_combs
#define split_comb_state split_comb_state_combs
#define point_scalarmul_comb bench_comb_combs
#define point_scalarmul_base bench_base_combs
#define point_scalarmul_base_on_twist bench_base_combs_on_twist
#include "../src/backend/lanes2/point_comb_split.c"
#undef split_entry
#undef split_add
#undef split_comb_state
#undef point_scalarmul_comb
#undef point_scalarmul_base
#undef point_scalarmul_base_on_twist
#undef SPLIT_OFFSETS
#undef SPLIT_COMBS
#undef CHUNK
#undef ROUNDS
#endif

#if GF_LANES >= 4 && GF_LANES % 2 == 0
#define SPLIT_OFFSETS 2
#define split_entry split_entry_both
#define split_add split_add_both
#define split_comb_state split_comb_state_both
#define point_scalarmul_comb bench_comb_both
#define point_scalarmul_base bench_base_both
#define point_scalarmul_base_on_twist bench_base_both_on_twist
#include "../src/backend/lanes2/point_comb_split.c"
#undef split_entry
#undef split_add
#undef split_comb_state
#undef point_scalarmul_comb
#undef point_scalarmul_base
#undef point_scalarmul_base_on_twist
#endif

static scalar_t k_in;
static point_t p_out;
static uint8_t sk[GOLDILOCKS_X448_BYTES], pk[GOLDILOCKS_X448_BYTES];

static void op_single(unsigned n) { for (unsigned i = 0; i < n; i++) bench_base_single(&p_out, &k_in); }
static void op_split(unsigned n) { for (unsigned i = 0; i < n; i++) bench_base_split(&p_out, &k_in); }
#if GF_LANES > 1
static void op_combs(unsigned n) { for (unsigned i = 0; i < n; i++) bench_base_combs(&p_out, &k_in); }
#endif
#if GF_LANES >= 4 && GF_LANES % 2 == 0
static void op_both(unsigned n) { for (unsigned i = 0; i < n; i++) bench_base_both(&p_out, &k_in); }
#endif
/* The public call, with whichever comb the library holds. */
static void op_x448_public_key(unsigned n) { for (unsigned i = 0; i < n; i++) goldilocks_x448_public_key(pk, sk); }

typedef struct {
    const char *name;
    void (*run)(unsigned n);
    void (*base)(point_t *, const scalar_t *);
} form;

static const form FORMS[] = {
    { "single", op_single, bench_base_single },
    { "split", op_split, bench_base_split },
#if GF_LANES > 1
    { "split_combs", op_combs, bench_base_combs },
#endif
#if GF_LANES >= 4 && GF_LANES % 2 == 0
    { "split_both", op_both, bench_base_both },
#endif
    { "x448_public_key", op_x448_public_key, NULL },
};
enum { NFORMS = sizeof FORMS / sizeof FORMS[0] };

__attribute__((noinline)) void bench_only_loop(const form *f, unsigned n);
__attribute__((noinline)) void bench_only_loop(const form *f, unsigned n) {
    f->run(n);
}

static unsigned batch = 4;

static const char *form_name(unsigned f) {
    return FORMS[f].name;
}

/* One round of form f for bench_rounds: a batch of calls. */
static unsigned run_form(unsigned f) {
    FORMS[f].run(batch);
    return batch;
}

static void random_scalar(scalar_t *k) {
    uint8_t b[64];
    for (unsigned j = 0; j < sizeof b; j++)
        b[j] = (uint8_t)rand();
    scalar_reduce_bytes(k, b, sizeof b);
}

static void self_check(void) {
    for (unsigned i = 0; i < 16; i++) {
        random_scalar(&k_in);
        point_t want, got;
        bench_base_single(&want, &k_in);
        for (unsigned f = 0; f < NFORMS; f++) {
            if (!FORMS[f].base)
                continue;
            FORMS[f].base(&got, &k_in);
            if (!point_eq(&got, &want)) {
                fprintf(stderr, "bench_comb_split: %s differs from point_comb.c's [k]B\n", FORMS[f].name);
                exit(1);
            }
        }
    }
}

int main(int argc, char **argv) {
    unsigned reps = 101, iterations = 20;
    const char *only = NULL;
    if (bench_args(argc, argv, "usage: bench_comb_split [--reps R] [--batch B] | --only FORM [--iterations N]", &reps,
                   &only, &iterations, &batch))
        return 2;
    if (batch < 1)
        batch = 1;
    srand(1);
    self_check();
    random_scalar(&k_in);
    for (unsigned j = 0; j < sizeof sk; j++)
        sk[j] = (uint8_t)rand();

    if (only) {
        int f = bench_find(NFORMS, form_name, only);
        if (f < 0) {
            fprintf(stderr, "bench_comb_split: unknown form %s\n", only);
            return 2;
        }
        bench_only_loop(&FORMS[f], iterations);
        return 0;
    }

    static uint64_t t[NFORMS][BENCH_ROUNDS_MAX];
    reps = bench_rounds(t, NFORMS, reps, run_form);
    printf("[k]B by the comb (%d x %d x %d), lanes \"%s\" (GF_LANES = %d, SPLIT_OFFSETS %u by default); "
           "%s per call over %u rounds\n", COMB_N, COMB_T, COMB_S, GF_LANES_NAME, GF_LANES, split_default,
           TICK_UNIT, reps);
    printf("  %-16s %10s %10s\n", "form", "median", "fastest");
    for (unsigned f = 0; f < NFORMS; f++) {
        printf("  %-16s %10llu %10llu\n", FORMS[f].name, (unsigned long long)t[f][reps / 2],
               (unsigned long long)t[f][0]);
    }
    return 0;
}
