/*
 * The signed all-bits comb of point_comb.c over a point known only at run
 * time (X448 against a fixed peer): the same recoding and the same table
 * layout, COMB_N tables of COMB_ENTRIES affine points, built once here by
 * point_comb_table and then used by point_scalarmul_comb (point_comb.c, the
 * one comb loop, which also runs [k]B on the generated table).
 *
 * Recoding (see point_comb.c for the proof): with N = COMB_N COMB_T COMB_S,
 * the bits b_i of c = (k + 2^N - 1)/2 mod l give digits d_i = 2 b_i - 1 in
 * {-1, +1} with sum d_i 2^i = k (mod l). For a point p of order dividing
 * 4l this is [k']p with k' = k (mod l) but possibly k' != k (mod 4): the
 * caller must only use the result up to a point of order dividing 4 where
 * p has a small-order part (x448_precomputed does: the 4-isogeny kills it).
 *
 * Constant time in k: every table entry is read for every lookup
 * (point_niels_lookup), the sign is applied with a mask, and the scalar's
 * bits only ever become masks and lookup indices. Building the table is
 * constant time too (the point is public, but nothing here needs branches).
 */
#include <string.h>
#include "point.h"
#include "ct.h"

#define TEETH (COMB_N * COMB_T)

void point_comb_table(point_comb_table_t table, const point_t *p) {
    point_t g[TEETH];              /* g[t] = 2^(COMB_S t) p */
    point_t entries[COMB_ENTRIES]; /* one comb's entries, projective */
    gf scratch[COMB_ENTRIES];

    point_copy(&g[0], p);
    for (unsigned t = 1; t < TEETH; t++) {
        point_copy(&g[t], &g[t - 1]);
        for (unsigned i = 0; i < COMB_S; i++)
            point_double(&g[t], &g[t]);
    }
    for (unsigned j = 0; j < COMB_N; j++) {
        /* entry 0: every tooth but the first negative; then Gray code: one tooth flips per step, +-2 g */
        point_t twice[COMB_T];
        point_copy(&entries[0], &g[COMB_T * j]);
        for (unsigned t = 1; t < COMB_T; t++) {
            point_sub(&entries[0], &entries[0], &g[COMB_T * j + t]);
            point_double(&twice[t], &g[COMB_T * j + t]);
        }
        point_t acc;
        point_copy(&acc, &entries[0]);
        unsigned gray = 0;
        for (unsigned step = 1; step < COMB_ENTRIES; step++) {
            unsigned next = step ^ (step >> 1);
            unsigned bit = (unsigned)__builtin_ctz(gray ^ next); /* index bit bit = tooth bit + 1 */
            if (next & (1u << bit))
                point_add(&acc, &acc, &twice[bit + 1]);
            else
                point_sub(&acc, &acc, &twice[bit + 1]);
            point_copy(&entries[next], &acc);
            gray = next;
        }
        point_to_niels_batch(table[j], entries, COMB_ENTRIES, scratch);
    }
}
