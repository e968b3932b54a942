/*
 * The fixed-base comb of point_comb.c for GF_LANES scalars at once:
 * point_comb_loop.h's Horner loop on pointl_t, the same table and the same
 * digits (point_comb.h) per lane, every lane's entry taken by the per-lane
 * lookup and negated by its own mask. Constant time: the scalars only ever
 * become masks and lookup indices inside ct_lookup.
 */
#include "point_lanes.h"
#include "point_comb_loop.h"
#include "ct.h"

/* The table and what depends on the scalars (wiped field by field: one memset of the whole
 * struct is glibc's rep stosb, more instructions under callgrind). */
typedef struct {
    const point_niels_t (*table)[COMB_ENTRIES]; /* point_comb_table_t's combs */
    scalar_t c[GF_LANES];
    pointl_niels_t entry;
    pointl_t acc;
    uint32_t index[GF_LANES];
    mask_t sign[GF_LANES];
} lanes_comb_state;

/* Comb j's entry at offset i of every lane's recoded scalar, lane l's sign in s->sign[l]. */
static inline void lanes_comb_digits(lanes_comb_state *s, unsigned i, unsigned j, unsigned teeth, unsigned spacing) {
    const point_niels_t *tables[GF_LANES];
    for (unsigned l = 0; l < GF_LANES; l++) {
        uint32_t bit;
        point_comb_digit_shape(&s->index[l], &bit, &s->c[l], i, j, teeth, spacing);
        s->sign[l] = ct_mask_from_bit(bit);
        tables[l] = s->table[j];
    }
    pointl_niels_lookup(&s->entry, tables, COMB_ENTRIES, s->index);
}

/* POINT_COMB_EVAL's operations and digits (point_comb_loop.h) on pointl_t; the context is the state. */
#define lanes_comb_identity(s, acc) pointl_identity(&(acc))
#define lanes_comb_double(s, acc) pointl_double(&(acc), &(acc))
#define lanes_comb_add(s, acc, entry, neg)                                                              \
    do {                                                                                                \
        pointl_niels_cond_neg(&(entry), neg);                                                           \
        pointl_add_niels(&(acc), &(acc), &(entry));                                                     \
    } while (0)
#define lanes_comb_mask lmask_t
#define lanes_comb_lookup(F, s, entry, neg, c, i, j, teeth, spacing)                                    \
    do {                                                                                                \
        lanes_comb_digits(s, i, j, teeth, spacing);                                                     \
        (neg) = lmask_make((s)->sign);                                                                  \
    } while (0)

void pointl_scalarmul_comb(pointl_t *out, const point_comb_table_t table, const scalar_t k[GF_LANES]) {
    lanes_comb_state s;

    s.table = table;
    for (unsigned l = 0; l < GF_LANES; l++)
        point_comb_recode(&s.c[l], &k[l]);
    POINT_COMB_EVAL(lanes_comb, lanes_comb, &s, s.acc, s.entry, s.c, COMB_N, COMB_T, COMB_S);
    pointl_copy(out, &s.acc);

    ct_wipe(s.c, sizeof s.c);
    ct_wipe(&s.entry, sizeof s.entry);
    ct_wipe(s.index, sizeof s.index);
    ct_wipe(s.sign, sizeof s.sign);
    pointl_wipe(&s.acc);
}

/*
 * With one lane (GF_LANES_BY_SINGLE, field.h: the portable lane layout) the single call's
 * comb is the faster code: it runs on the twisted curve, 7M an addition, with the layout's
 * own comb shape (point_base_twisted.c). On ref64, Zen 3, the Ed448 sign batch executed
 * 1.10 times the single calls' instructions per item through the lane comb, 0.96 through
 * this. A constant: the other branch is not compiled in.
 */
void pointl_scalarmul_base(pointl_t *out, const scalar_t k[GF_LANES]) {
    if (GF_LANES_BY_SINGLE) {
        point_t p;
        point_scalarmul_base(&p, &k[0]);
        pointl_insert(out, 0, &p);
        point_wipe(&p);
        return;
    }
    pointl_scalarmul_comb(out, point_base_comb, k);
}
