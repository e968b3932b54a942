/*
 * The fixed-base comb of point_comb.c for GF_LANES scalars at once: the
 * same table, the same digits (point_comb.h), the same Horner loop, with
 * every lane's entry taken by the per-lane lookup and negated by its own
 * mask. Constant time: the scalars only ever become masks and lookup
 * indices inside ct_lookup.
 */
#include "point_lanes.h"
#include "point_comb.h"
#include "ct.h"

void pointl_scalarmul_comb(pointl_t *out, const point_comb_table_t table, const scalar_t k[GF_LANES]) {
    scalar_t c[GF_LANES];
    pointl_niels_t entry;
    pointl_t acc;
    uint32_t index[GF_LANES];
    mask_t neg[GF_LANES];

    for (unsigned l = 0; l < GF_LANES; l++)
        point_comb_recode(&c[l], &k[l]);

    pointl_identity(&acc);
    for (int i = COMB_S - 1; i >= 0; i--) {
        if (i != COMB_S - 1)
            pointl_double(&acc, &acc);
        for (unsigned j = 0; j < COMB_N; j++) {
            const point_niels_t *tables[GF_LANES];
            for (unsigned l = 0; l < GF_LANES; l++) {
                uint32_t bit;
                point_comb_digit(&index[l], &bit, &c[l], (unsigned)i, j);
                neg[l] = ct_mask_from_bit(bit);
                tables[l] = table[j];
            }
            pointl_niels_lookup(&entry, tables, COMB_ENTRIES, index);
            pointl_niels_cond_neg(&entry, lmask_make(neg));
            pointl_add_niels(&acc, &acc, &entry);
        }
    }
    pointl_copy(out, &acc);

    ct_wipe(c, sizeof c);
    ct_wipe(&entry, sizeof entry);
    ct_wipe(index, sizeof index);
    ct_wipe(neg, sizeof neg);
    pointl_wipe(&acc);
}

/*
 * With one lane (the portable lane layout) the single call's comb is the faster code:
 * it runs on the twisted curve, 7M an addition, with the layout's own comb shape
 * (point_base_twisted.c). On ref64, Zen 3, the Ed448 sign batch executed 1.10 times the
 * single calls' instructions per item through the lane comb, 0.96 through this.
 * GF_LANES is a constant: the other branch is not compiled in.
 */
void pointl_scalarmul_base(pointl_t *out, const scalar_t k[GF_LANES]) {
    if (GF_LANES == 1) {
        point_t p;
        point_scalarmul_base(&p, &k[0]);
        pointl_insert(out, 0, &p);
        point_wipe(&p);
        return;
    }
    pointl_scalarmul_comb(out, point_base_comb, k);
}
