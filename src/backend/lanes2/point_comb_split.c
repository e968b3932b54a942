/*
 * The single fixed-base multiplication of point_comb.c with its work split
 * between the lanes (the lanes2 backend, configure.py BACKENDS: it replaces point_comb.c
 * in the targets of that backend; the same functions, the same group elements).
 *
 * point_comb.c computes [k]B = sum over offsets i < COMB_S of 2^i E_i, where
 * E_i = sum over combs j < COMB_N of the signed entry of comb j at offset i,
 * by Horner over i with COMB_N additions per offset. Here the GF_LANES
 * lanes of one lane point share that sum, in SPLIT_OFFSETS groups of
 * offsets times SPLIT_COMBS = GF_LANES / SPLIT_OFFSETS groups of combs: lane
 * l = g SPLIT_COMBS + m runs Horner over the CHUNK = ceil(COMB_S /
 * SPLIT_OFFSETS) offsets i = g CHUNK + s (s from CHUNK - 1 down to 0), and
 * at each adds the entries of combs m, m + SPLIT_COMBS, m + 2 SPLIT_COMBS,
 * ... (ROUNDS = ceil(COMB_N / SPLIT_COMBS) lane additions per step; all
 * lanes double together, CHUNK - 1 lane doublings). So lane (g, m) ends with
 * A_(g,m) = sum over its offsets and combs of 2^(i - g CHUNK) (entry), and
 *
 *     [k]B = sum_g 2^(g CHUNK) A_g,   A_g = sum_m A_(g,m),
 *
 * taken on single points: the lanes extracted, GF_LANES - 1 additions and
 * (SPLIT_OFFSETS - 1) CHUNK doublings (Horner over g). A lane whose offset
 * passes COMB_S or whose comb passes COMB_N at some step adds the neutral
 * element (0, 1) with d x y = 0 instead (the complete addition law keeps its
 * point, projectively). On 2 lanes with 5 combs of 18 offsets, splitting the
 * offsets costs 45 lane additions, 8 lane and 9 single doublings where
 * point_comb.c costs 90 additions and 17 doublings (and splitting the combs,
 * SPLIT_OFFSETS = 1, 54 lane additions and 17 lane doublings).
 *
 * Every lane's entry comes from its own comb's table by ct_lookup (every
 * entry read, the index only a mask) and is negated by its own mask: the
 * recoding and the digits are point_comb.h's, the same as point_comb.c's.
 * Which lane holds which offset and comb, and which idle, depend only on
 * public constants. Correct for any GF_LANES (1 as well: point_comb.c's
 * loop on one lane).
 */
#include "point.h"
#include "point_comb.h"
#include "point_lanes.h"
#include "point_twisted.h"
#include "ct.h"

/* Groups of offsets (a divisor of GF_LANES; the rest of the lanes split the combs), chosen by counting. */
#ifndef SPLIT_OFFSETS
#define SPLIT_OFFSETS GF_LANES
#endif
#define SPLIT_COMBS (GF_LANES / SPLIT_OFFSETS)
#define CHUNK ((COMB_S + SPLIT_OFFSETS - 1) / SPLIT_OFFSETS)
#define ROUNDS ((COMB_N + SPLIT_COMBS - 1) / SPLIT_COMBS)

_Static_assert(SPLIT_OFFSETS >= 1 && GF_LANES % SPLIT_OFFSETS == 0, "SPLIT_OFFSETS divides GF_LANES");
_Static_assert(sizeof(point_niels_t) == 3 * sizeof(gf_s) && sizeof(point_niels_t) <= CT_LOOKUP_MAX_BYTES,
               "a comb entry is three consecutive field elements and a lookup entry");

/* Lane (g, m) of out = the signed entry of comb r SPLIT_COMBS + m at offset g CHUNK + s; the neutral element past either end. */
static void split_entry(pointl_niels_t *out, gf_s entry[3], mask_t neg[GF_LANES], const point_comb_table_t table,
                        const scalar_t *c, unsigned s, unsigned r) {
    gf zero, one;
    gf_set_small(zero, 0);
    gf_set_small(one, 1);
    for (unsigned l = 0; l < GF_LANES; l++) {
        unsigned i = (l / SPLIT_COMBS) * CHUNK + s; /* public */
        unsigned j = r * SPLIT_COMBS + l % SPLIT_COMBS;
        uint32_t index = 0, bit = 0;
        if (i < COMB_S && j < COMB_N) {
            point_comb_digit(&index, &bit, c, i, j);
            ct_lookup(entry, table[j], sizeof(point_niels_t), COMB_ENTRIES, index);
        } else {
            gf_copy(&entry[0], zero);
            gf_copy(&entry[1], one);
            gf_copy(&entry[2], zero);
        }
        neg[l] = ct_mask_from_bit(bit);
        if (l == 0) { /* lane 0 (offset s < COMB_S, comb r < COMB_N) always adds; its broadcast sets every lane */
            gfl_broadcast(out->x, &entry[0]);
            gfl_broadcast(out->y, &entry[1]);
            gfl_broadcast(out->dxy, &entry[2]);
        } else {
            gfl_insert(out->x, l, &entry[0]);
            gfl_insert(out->y, l, &entry[1]);
            gfl_insert(out->dxy, l, &entry[2]);
        }
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

    for (int s = CHUNK - 1; s >= 0; s--) {
        if (s != CHUNK - 1)
            pointl_double(&acc, &acc);
        for (unsigned r = 0; r < ROUNDS; r++) {
            split_entry(&lentry, entry, neg, table, &c, (unsigned)s, r);
            if (s == CHUNK - 1 && r == 0) { /* the neutral element plus the entry: the entry, T = x y */
                gfl_copy(acc.x, lentry.x);
                gfl_copy(acc.y, lentry.y);
                gfl_set_small(acc.z, 1);
                gfl_mul(acc.t, lentry.x, lentry.y);
            } else {
                pointl_add_niels(&acc, &acc, &lentry);
            }
        }
    }

    /* sum = sum_g 2^(g CHUNK) A_g, by Horner from the top group */
    for (int g = SPLIT_OFFSETS - 1; g >= 0; g--) {
        if (g != SPLIT_OFFSETS - 1) {
            for (unsigned d = 1; d < CHUNK; d++)
                point_double_no_t(&sum, &sum);
            point_double(&sum, &sum);
        }
        for (unsigned m = 0; m < SPLIT_COMBS; m++) {
            pointl_extract(&part, &acc, (unsigned)g * SPLIT_COMBS + m);
            if (g == SPLIT_OFFSETS - 1 && m == 0)
                point_copy(&sum, &part);
            else
                point_add(&sum, &sum, &part);
        }
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

/* phi([k/4 mod l]B): phi_hat(phi(P)) = [4]P, so phi_hat of it is [k]B; of odd order as B is. */
void point_scalarmul_base_on_twist(point_t *r, const scalar_t *k) {
    scalar_t kq;
    point_t p;
    scalar_halve(&kq, k);
    scalar_halve(&kq, &kq);
    point_scalarmul_comb(&p, point_base_comb, &kq);
    twisted_from_edwards(r, &p);
    ct_wipe(&kq, sizeof kq);
    point_wipe(&p);
}
