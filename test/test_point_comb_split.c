/*
 * The fixed-base comb with its work split between the lanes (src/backend/lanes2/point_comb_split.c),
 * on every target whichever comb its library holds: compiled here from its
 * source under other names, beside the library's point_scalarmul_comb.
 *
 * Oracles: a GMP double-and-add on the affine edwards448 law (RFC 8032
 * section 5.2.4), independent of our field code, for edge and random
 * scalars; the library's variable-base multiplication point_scalarmul (a
 * different algorithm, tested against GMP by test_point) and its comb, for
 * more random scalars, on the generated table of B and on a comb table made
 * at run time (point_comb_table) of a point with a 4-torsion part; for the
 * default split and the others the file allows (below). The edge
 * scalars include those whose recoded digits (point_comb_recode) are all
 * -1 or all +1, and every comb's digits all +1 with the others -1, so each
 * lane, and the idle lanes of the last round, see their extreme entries.
 */
#include <gmp.h>
#include <stdio.h>
#include <string.h>
#include "check.h"
#include "point_ref.h"
#include "point.h"
#include "point_comb.h"
#include "scalar.h"

/*
 * The file under other names, once per split: the default (SPLIT_OFFSETS =
 * GF_LANES: the offsets split), the combs split (SPLIT_OFFSETS = 1) and, on
 * 4 lanes or more, both (SPLIT_OFFSETS = 2).
 */
#define point_scalarmul_comb split_scalarmul_comb
#define point_scalarmul_base split_scalarmul_base
#define point_scalarmul_base_on_twist split_scalarmul_base_on_twist
#include "../src/backend/lanes2/point_comb_split.c"
static const unsigned split_default = SPLIT_OFFSETS;
#undef point_scalarmul_comb
#undef point_scalarmul_base
#undef point_scalarmul_base_on_twist
#undef SPLIT_OFFSETS
#undef SPLIT_COMBS
#undef CHUNK
#undef ROUNDS

#define SPLIT_OFFSETS 1
#define split_entry split_entry_combs
#define split_add split_add_combs
#define split_comb_state split_comb_state_combs
#define point_scalarmul_comb combs_scalarmul_comb
#define point_scalarmul_base combs_scalarmul_base
#define point_scalarmul_base_on_twist combs_scalarmul_base_on_twist
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

#if GF_LANES >= 4 && GF_LANES % 2 == 0
#define SPLIT_OFFSETS 2
#define split_entry split_entry_both
#define split_add split_add_both
#define split_comb_state split_comb_state_both
#define point_scalarmul_comb both_scalarmul_comb
#define point_scalarmul_base both_scalarmul_base
#define point_scalarmul_base_on_twist both_scalarmul_base_on_twist
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

static const struct split {
    const char *name;
    void (*comb)(point_t *, const point_comb_table_t, const scalar_t *);
    void (*base)(point_t *, const scalar_t *);
    void (*on_twist)(point_t *, const scalar_t *);
} splits[] = {
    { "default split", split_scalarmul_comb, split_scalarmul_base, split_scalarmul_base_on_twist },
    { "combs split (SPLIT_OFFSETS 1)", combs_scalarmul_comb, combs_scalarmul_base, combs_scalarmul_base_on_twist },
#if GF_LANES >= 4 && GF_LANES % 2 == 0
    { "offsets and combs split (SPLIT_OFFSETS 2)", both_scalarmul_comb, both_scalarmul_base,
      both_scalarmul_base_on_twist },
#endif
};

/* ---- the GMP oracle (ed448_oracle.h) ---- */

/* 1 when a is [k]B (k >= 0) by double-and-add in GMP, compared through canonical bytes. */
static int is_ref_multiple(const point_t *a, const mpz_t k) {
    ref_point r;
    ref_init(&r);
    ref_base(&r);
    ref_mul(&r, k, &r);
    int ok = point_is_ref(a, &r);
    ref_clear(&r);
    return ok;
}

/* k with recoded c (point_comb_recode): k = 2c - (2^N - 1) mod l. */
static void k_of_recoded(mpz_t k, const mpz_t c) {
    mpz_t t;
    mpz_init(t);
    mpz_ui_pow_ui(t, 2, COMB_BITS);
    mpz_sub_ui(t, t, 1);
    mpz_mul_2exp(k, c, 1);
    mpz_sub(k, k, t);
    mpz_mod(k, k, L);
    mpz_clear(t);
}

/* ---- tests ---- */

#define EDGES (8 + COMB_N)

/* The edge scalars: 0, 1, 2, l - 1, l - 2, (l + 1)/2, then by recoded c: 0, l - 1, comb j's digits +1. */
static void edge_scalar(mpz_t k, unsigned e) {
    mpz_t c;
    mpz_init(c);
    switch (e) {
    case 0: mpz_set_ui(k, 0); break;
    case 1: mpz_set_ui(k, 1); break;
    case 2: mpz_set_ui(k, 2); break;
    case 3: mpz_sub_ui(k, L, 1); break;
    case 4: mpz_sub_ui(k, L, 2); break;
    case 5: mpz_add_ui(k, L, 1); mpz_fdiv_q_2exp(k, k, 1); break;
    case 6: mpz_set_ui(c, 0); k_of_recoded(k, c); break;
    case 7: mpz_sub_ui(c, L, 1); k_of_recoded(k, c); break;
    default: { /* comb j = e - 8: every tooth's digit +1 at every offset, c < l since j's bits end below 446 or wrap */
        unsigned j = e - 8;
        for (unsigned t = 0; t < COMB_T; t++)
            for (unsigned i = 0; i < COMB_S; i++)
                mpz_setbit(c, i + COMB_S * (t + COMB_T * j));
        mpz_mod(c, c, L);
        k_of_recoded(k, c);
    }
    }
    mpz_clear(c);
}

static void test_oracle(const struct split *sp) {
    char name[160];
    snprintf(name, sizeof name, "%s: [k]B and its twisted form against the GMP oracle: edge scalars and random ones", sp->name);
    check_test(name);
    long randoms = check_reps_at_least(16, 4);
    mpz_t k;
    mpz_init(k);
    for (long e = 0; e < EDGES + randoms; e++) {
        if (e < EDGES)
            edge_scalar(k, (unsigned)e);
        else
            random_mod(k, L);
        scalar_t s;
        point_t got;
        scalar_from_mpz(&s, k);
        sp->base(&got, &s);
        check(point_valid(&got) != 0, "case %ld: not a valid point", e);
        check(is_ref_multiple(&got, k), "case %ld: [k]B differs from the oracle", e);
        /* the twisted form decaf448 encodes: phi_hat of it is [k]B */
        point_t r, back;
        sp->on_twist(&r, &s);
        twisted_to_edwards(&back, &r);
        check(is_ref_multiple(&back, k), "case %ld: phi_hat of the twisted [k]B differs from the oracle", e);
        point_scalarmul_base_on_twist(&r, &s);
        twisted_to_edwards(&back, &r);
        check(is_ref_multiple(&back, k), "case %ld: the library's twisted [k]B differs from the oracle", e);
    }
    mpz_clear(k);
}

static void test_against_library(const struct split *sp) {
    char name[160];
    snprintf(name, sizeof name, "%s: against point_scalarmul and point_scalarmul_comb, B and a run-time table",
             sp->name);
    check_test(name);
    static point_comb_table_t table; /* 15 KiB and more: off the stack */
    point_t b, q, t4;
    point_from_niels(&b, &point_base_niels);
    /* q = [7]B + (1, 0): a 4-torsion part, so the table's entries are not all in the prime-order group */
    scalar_t seven;
    scalar_set_small(&seven, 7);
    point_scalarmul(&q, &b, &seven);
    point_identity(&t4);
    gf_set_small(t4.x, 1);
    gf_set_small(t4.y, 0);
    point_add(&q, &q, &t4);
    point_comb_table(table, &q);

    long reps = check_reps_at_least(100, 10);
    for (long r = 0; r < reps; r++) {
        uint8_t bytes[64];
        check_randbytes(bytes, sizeof bytes);
        scalar_t s;
        scalar_reduce_bytes(&s, bytes, sizeof bytes);
        point_t got, want, got_t, want_t;
        sp->base(&got, &s);
        point_scalarmul(&want, &b, &s);
        check(point_eq(&got, &want) != 0, "rep %ld: base: differs from point_scalarmul", r);
        point_scalarmul_comb(&want, point_base_comb, &s);
        check(point_eq(&got, &want) != 0, "rep %ld: base: differs from point_scalarmul_comb", r);
        /* the same digits of the same table: the same element, torsion part included */
        sp->comb(&got_t, (const point_niels_t(*)[COMB_ENTRIES])table, &s);
        point_scalarmul_comb(&want_t, (const point_niels_t(*)[COMB_ENTRIES])table, &s);
        check(point_valid(&got_t) != 0, "rep %ld: run-time table: not a valid point", r);
        check(point_eq(&got_t, &want_t) != 0, "rep %ld: run-time table: differs from point_scalarmul_comb", r);
        /* and up to the 4-torsion, [k]q: [4]([k]q - result) = 0 */
        point_scalarmul(&want, &q, &s);
        point_sub(&want, &want, &got_t);
        point_double(&want, &want);
        point_double(&want, &want);
        point_identity(&t4);
        check(point_eq(&want, &t4) != 0, "rep %ld: run-time table: not [k]q up to 4-torsion", r);
    }
}

int main(void) {
    check_init("test_point_comb_split");
    printf("GF_LANES %d, combs %d x teeth %d x offsets %d, SPLIT_OFFSETS %u by default\n", GF_LANES, COMB_N,
           COMB_T, COMB_S, split_default);
    oracle_init();
    for (size_t v = 0; v < sizeof splits / sizeof splits[0]; v++) {
        test_oracle(&splits[v]);
        test_against_library(&splits[v]);
    }
    oracle_clear();
    return check_done();
}
