/*
 * Constant-time fixed-base scalar multiplication [k]B with a signed comb
 * (Lim-Lee combs; the signed all-bits recoding as in Hamburg, "Fast and
 * compact elliptic-curve cryptography", IACR ePrint 2012/309).
 *
 * Recoding. Let N = COMB_N * COMB_T * COMB_S >= 446. Every odd integer
 * n in (-2^N, 2^N) is sum_{i<N} d_i 2^i with all d_i in {-1, +1}: with
 * b_i = (d_i + 1)/2, n = 2 sum b_i 2^i - (2^N - 1). So for k mod l we take
 * the bits b of c = (k + 2^N - 1)/2 mod l (l is odd, so halving mod l is
 * exact; c < l < 2^N) and get sum d_i 2^i = 2c - (2^N - 1) = k (mod l).
 *
 * Comb. Bit i + COMB_S (t + COMB_T j) is tooth t of comb j at offset i.
 * Table j holds sum_t e_t 2^(COMB_S (t + COMB_T j)) B for e_0 = +1 and every
 * sign pattern of the other teeth (index bit t-1 set when e_t = +1). At
 * offset i the digits of comb j select an entry: when d of tooth 0 is +1 the
 * entry is the one whose index is the other teeth's bits; otherwise it is
 * the negation of the entry with the complemented index. Horner over i from
 * COMB_S - 1 down to 0: COMB_S - 1 doublings and COMB_N COMB_S additions.
 *
 * The evaluation is point_comb_loop.h's, here with point_niels_lookup (every
 * table entry read for every lookup) and the sign applied with a mask. The
 * recoding is point_comb_recode.c's (point_comb.h);
 * point_comb_split.c is this file's measured alternative, the combs split
 * between the lanes on the same loop (the lanes2 backend; configure.py BACKENDS).
 */
#include "point.h"
#include "point_comb_loop.h"
#include "ct.h"

/* POINT_COMB_EVAL's operations (point_comb_loop.h) on edwards448's niels points; the context is the table. */
#define edwards_comb_identity(table, acc) point_identity(&(acc))
#define edwards_comb_double(table, acc) point_double(&(acc), &(acc))
#define edwards_comb_lookup(table, entry, j, index) point_niels_lookup(&(entry), (table)[j], COMB_ENTRIES, index)
#define edwards_comb_add(table, acc, entry, neg)                                                        \
    do {                                                                                                \
        point_niels_cond_neg(&(entry), neg);                                                            \
        point_add_niels(&(acc), &(acc), &(entry));                                                      \
    } while (0)

/* Any table of point_base_comb's shape: the generated one of B, or point_comb_table's of a run-time point. */
void point_scalarmul_comb(point_t *out, const point_comb_table_t table, const scalar_t *k) {
    scalar_t c;
    point_niels_t entry;
    point_t acc;

    point_comb_recode(&c, k);
    POINT_COMB_EVAL(edwards_comb, point_comb_one, table, acc, entry, &c, COMB_N, COMB_T, COMB_S);
    point_copy(out, &acc);

    ct_wipe(&c, sizeof c);
    ct_wipe(&entry, sizeof entry);
    point_wipe(&acc);
}

/* [k]B: the comb on the twisted curve (point_base_twisted.c; 7M additions, its own shape). */
void point_scalarmul_base(point_t *out, const scalar_t *k) {
    point_scalarmul_base_twisted(out, k);
}

/* The comb's own sum on the twisted curve, before phi_hat. */
void point_scalarmul_base_on_twist(point_t *r, const scalar_t *k) {
    point_scalarmul_base_twisted_raw(r, k);
}
