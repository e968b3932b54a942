/*
 * The single fixed-base multiplication of point_comb.c with its combs split
 * between the lanes (configure.py ALTERNATIVES: it replaces point_comb.c
 * where a target lists it; the same functions, the same results).
 *
 * point_comb.c's Horner loop adds, at every offset i, one entry of each of
 * the COMB_N combs to one accumulator. The sum of those entries can be taken
 * in any grouping: here lane l of a lane point accumulates combs l,
 * l + GF_LANES, l + 2 GF_LANES, ... (all lanes double together), so each
 * offset costs ROUNDS = ceil(COMB_N / GF_LANES) lane additions instead of
 * COMB_N single ones, and the COMB_S - 1 doublings are lane doublings. A
 * lane whose comb index passes COMB_N in the last round adds the neutral
 * element (0, 1) with d x y = 0 (the complete addition law keeps the point,
 * projectively). At the end the lanes' points are extracted and added:
 * sum_l acc_l = sum_j sum_i 2^i (entry of comb j at offset i) = [k]B,
 * GF_LANES - 1 single additions.
 *
 * Per offset and round every lane's entry comes from its own comb's table
 * by ct_lookup (every entry read, the index only a mask) and is negated by
 * its own mask: the recoding and the digits are point_comb.h's, the same as
 * point_comb.c's. Which lane holds which comb, and which lanes idle, depend
 * only on public constants. Correct for any GF_LANES (1 as well, where it
 * is point_comb.c's loop on one lane).
 */
#include "point.h"
#include "point_comb.h"
#include "point_lanes.h"
#include "ct.h"

/* Lane additions per offset: the combs dealt round-robin to the lanes. */
#define ROUNDS ((COMB_N + GF_LANES - 1) / GF_LANES)

_Static_assert(sizeof(point_niels_t) == 3 * sizeof(gf_s) && sizeof(point_niels_t) <= CT_LOOKUP_MAX_BYTES,
               "a comb entry is three consecutive field elements and a lookup entry");

/* Lane l of out = the entry of comb r GF_LANES + l at offset i, signed; the neutral element past COMB_N. */
static void split_entry(pointl_niels_t *out, gf_s entry[3], mask_t neg[GF_LANES], const point_comb_table_t table,
                        const scalar_t *c, unsigned i, unsigned r) {
    gf zero, one;
    gf_set_small(zero, 0);
    gf_set_small(one, 1);
    for (unsigned l = 0; l < GF_LANES; l++) {
        unsigned j = r * GF_LANES + l; /* public */
        uint32_t index = 0, bit = 0;
        if (j < COMB_N) {
            point_comb_digit(&index, &bit, c, i, j);
            ct_lookup(entry, table[j], sizeof(point_niels_t), COMB_ENTRIES, index);
        } else {
            gf_copy(&entry[0], zero);
            gf_copy(&entry[1], one);
            gf_copy(&entry[2], zero);
        }
        neg[l] = ct_mask_from_bit(bit);
        if (l == 0) { /* lane 0 always holds a comb (r < ROUNDS); its broadcast sets every lane */
            gfl_broadcast(out->x, &entry[0]);
            gfl_broadcast(out->y, &entry[1]);
            gfl_broadcast(out->dxy, &entry[2]);
        } else {
            gfl_insert(out->x, l, &entry[0]);
            gfl_insert(out->y, l, &entry[1]);
            gfl_insert(out->dxy, l, &entry[2]);
        }
        index = 0;
        bit = 0;
    }
    pointl_niels_cond_neg(out, lmask_make(neg));
}

void point_scalarmul_comb(point_t *out, const point_comb_table_t table, const scalar_t *k) {
    scalar_t c;
    gf_s entry[3];
    mask_t neg[GF_LANES];
    pointl_niels_t lentry;
    pointl_t acc;
    point_t sum, part;

    point_comb_recode(&c, k);

    pointl_identity(&acc);
    for (int i = COMB_S - 1; i >= 0; i--) {
        if (i != COMB_S - 1)
            pointl_double(&acc, &acc);
        for (unsigned r = 0; r < ROUNDS; r++) {
            split_entry(&lentry, entry, neg, table, &c, (unsigned)i, r);
            pointl_add_niels(&acc, &acc, &lentry);
        }
    }
    pointl_extract(&sum, &acc, 0);
    for (unsigned l = 1; l < GF_LANES && l < COMB_N; l++) {
        pointl_extract(&part, &acc, l);
        point_add(&sum, &sum, &part);
    }
    point_copy(out, &sum);

    ct_wipe(&c, sizeof c);
    ct_wipe(entry, sizeof entry);
    ct_wipe(neg, sizeof neg);
    ct_wipe(&lentry, sizeof lentry);
    pointl_wipe(&acc);
    point_wipe(&sum);
    point_wipe(&part);
}

void point_scalarmul_base(point_t *out, const scalar_t *k) {
    point_scalarmul_comb(out, point_base_comb, k);
}
