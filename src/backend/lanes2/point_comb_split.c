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
 * The Horner over s is point_comb_loop.h's POINT_COMB_EVAL on pointl_t
 * (spacing CHUNK, ROUNDS combs, step (s, r) its (i, j)) with this file's
 * digits, split_comb below, as point_lanes_comb.c runs it with a scalar per
 * lane; its first addition, to the neutral element, is a copy of the entry
 * with T = x y (the neutral element is a flag until then). The Horner over g
 * on single points is this file's own.
 *
 * Every lane's entry comes from its own comb's table by ct_lookup (every
 * entry read, the index only a mask) and is negated by its own mask: the
 * recoding and the digits are point_comb.h's, the same as point_comb.c's.
 * Which lane holds which offset and comb, and which idle, depend only on
 * public constants. Correct for any GF_LANES (1 as well: point_comb.c's
 * loop on one lane).
 */
#include "point.h"
#include "point_comb_loop.h"
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

/* The loop's context: the table, the lookups' scratch, and whether acc still stands for the neutral element. */
typedef struct {
    const point_niels_t (*table)[COMB_ENTRIES]; /* point_comb_table_t's combs */
    gf_s scratch[3];
    mask_t sign[GF_LANES];
    int started; /* public: 0 until the first addition */
} split_comb_state;

/*
 * Lane l = (g, m) of out = the entry of comb r SPLIT_COMBS + m at offset g CHUNK + s, its sign
 * in sign[l]; the neutral element past either end. Not inlined: inlined into the loop, GCC 12
 * spilled the lookup's sums on armv7 (15,600 more instructions a call, ninja count).
 */
static __attribute__((noinline)) void split_entry(pointl_niels_t *out, gf_s entry[3], mask_t sign[GF_LANES],
                                                  const point_comb_table_t table, const scalar_t *c, unsigned s,
                                                  unsigned r) {
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
        sign[l] = ct_mask_from_bit(bit);
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
}

/* acc = acc + e, acc - e when neg; while acc stands for the neutral element, the sum is e
 * itself, a copy with T = x y instead of an addition. The branch is on the public flag. */
static inline void split_add(split_comb_state *st, pointl_t *acc, pointl_niels_t *e, lmask_t neg) {
    pointl_niels_cond_neg(e, neg);
    if (st->started) {
        pointl_add_niels(acc, acc, e);
        return;
    }
    gfl_copy(acc->x, e->x);
    gfl_copy(acc->y, e->y);
    gfl_set_small(acc->z, 1);
    gfl_mul(acc->t, e->x, e->y);
    st->started = 1;
}

/*
 * POINT_COMB_EVAL's operations and digits (point_comb_loop.h) on pointl_t; the context is the
 * state. The loop's spacing is CHUNK and its combs ROUNDS: its (i, j) is the step (s, r)
 * above, lane l's digit that of comb r SPLIT_COMBS + l % SPLIT_COMBS at offset
 * (l / SPLIT_COMBS) CHUNK + s (point_comb_digit, the table's own shape, so teeth and spacing
 * go unused). The neutral element is the flag alone.
 */
#define split_comb_identity(st, acc) ((st)->started = 0)
#define split_comb_double(st, acc) pointl_double(&(acc), &(acc))
#define split_comb_add(st, acc, entry, neg) split_add(st, &(acc), &(entry), neg)
#define split_comb_mask lmask_t
#define split_comb_lookup(F, st, entry, neg, c, i, j, teeth, spacing)                                   \
    do {                                                                                                \
        split_entry(&(entry), (st)->scratch, (st)->sign, (st)->table, c, i, j);                         \
        (neg) = lmask_make((st)->sign);                                                                 \
    } while (0)

void point_scalarmul_comb(point_t *out, const point_comb_table_t table, const scalar_t *k) {
    split_comb_state st;
    scalar_t c;
    pointl_niels_t lentry;
    pointl_t acc;
    point_t sum, part;

    st.table = table;
    point_comb_recode(&c, k);
    POINT_COMB_EVAL(split_comb, split_comb, &st, acc, lentry, &c, ROUNDS, COMB_T, CHUNK);

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
    ct_wipe(st.scratch, sizeof st.scratch);
    ct_wipe(st.sign, sizeof st.sign);
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
