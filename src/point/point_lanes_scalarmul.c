/*
 * The constant-time variable-base multiplication of point_scalarmul.c for
 * GF_LANES points and scalars at once: point_window_loop.h's loop (the same
 * signed windows, table [0]P .. [2^(w-1)]P, top digit's start and
 * evaluation) on pointl_t, with a scalar's digits per lane. The table is
 * built in lanes, then kept per lane as scalar cached points so that the
 * shared per-lane lookup (pointl_cached_lookup, every entry read) serves it
 * as it serves the comb; each lane's sign is its own mask.
 */
#include "point_lanes.h"
#include "point_window_loop.h"
#include "ct.h"

/* Everything that depends on the scalars, to be wiped in one go. */
typedef struct {
    point_cached_t table[GF_LANES][VAR_ENTRIES];
    pointl_cached_t entry; /* while the table is built, the entry of [1]a for its additions */
    pointl_t acc, multiple;
    int8_t digit[GF_LANES][VAR_WINDOWS];
    uint32_t mag[GF_LANES];
    mask_t sign[GF_LANES];
} lanes_scalarmul_state;

/* Entry i of every lane's table: the cached p, lane by lane. */
static void lanes_store_entry(lanes_scalarmul_state *s, unsigned i, const pointl_t *p) {
    pointl_cached_t c;
    pointl_to_cached(&c, p);
    if (i == 1)
        s->entry = c;
    for (unsigned l = 0; l < GF_LANES; l++) {
        gfl_extract(s->table[l][i].x, c.x, l);
        gfl_extract(s->table[l][i].y, c.y, l);
        gfl_extract(s->table[l][i].z, c.z, l);
        gfl_extract(s->table[l][i].dt, c.dt, l);
    }
    ct_wipe(&c, sizeof c);
}

/* Lane l's entry of window i's digit of the first n entries (|d| when signed), its sign in s->sign. */
static void lanes_window_fetch(lanes_scalarmul_state *s, unsigned n, unsigned i, int is_signed) {
    const point_cached_t *tables[GF_LANES];
    for (unsigned l = 0; l < GF_LANES; l++) {
        uint32_t b = 0;
        s->mag[l] = is_signed ? point_window_magnitude(s->digit[l][i], &b) : (uint32_t)s->digit[l][i];
        s->sign[l] = ct_mask_from_bit(b);
        tables[l] = s->table[l];
    }
    pointl_cached_lookup(&s->entry, tables, n, s->mag);
}

/* POINT_WINDOW_MUL's operations and digits (point_window_loop.h) on pointl_t; the context is the state. */
#define lanes_window_from_input(s, p, a) pointl_copy(&(p), a)
#define lanes_window_entry(s, table, i, p) lanes_store_entry(s, i, &(p))
#define lanes_window_identity(s, p) pointl_identity(&(p))
#define lanes_window_table_double(s, p) pointl_double(&(p), &(p))
#define lanes_window_table_add(s, p, table) pointl_add_cached(&(p), &(p), &(s)->entry)
#define lanes_window_start(s, acc, e) pointl_add_cached(&(acc), &(acc), &(e))
#define lanes_window_double(s, acc, with_t) \
    ((with_t) ? pointl_double(&(acc), &(acc)) : pointl_double_no_t(&(acc), &(acc)))
#define lanes_window_add(s, acc, e, neg)                                                                \
    do {                                                                                                \
        pointl_cached_cond_neg(&(e), neg);                                                              \
        pointl_add_cached(&(acc), &(acc), &(e));                                                        \
    } while (0)
#define lanes_window_mask lmask_t
#define lanes_window_top(F, s, e, table, n, digit) lanes_window_fetch(s, n, VAR_WINDOWS - 1, 0)
#define lanes_window_lookup(F, s, e, neg, table, digit, i)                                              \
    do {                                                                                                \
        lanes_window_fetch(s, VAR_ENTRIES, (unsigned)(i), 1);                                           \
        (neg) = lmask_make((s)->sign);                                                                  \
    } while (0)

void pointl_scalarmul(pointl_t *out, const pointl_t *a, const scalar_t k[GF_LANES]) {
    lanes_scalarmul_state s;

    for (unsigned l = 0; l < GF_LANES; l++)
        point_window_digits(s.digit[l], &k[l]);
    POINT_WINDOW_MUL(lanes_window, lanes_window, &s, s.table, s.entry, s.acc, s.multiple, s.digit, a);
    pointl_copy(out, &s.acc);

    ct_wipe(&s, sizeof s);
}
