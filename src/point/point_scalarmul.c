/*
 * Constant-time variable-base scalar multiplication [k]P on edwards448's
 * extended points: point_window_loop.h's signed fixed windows, table and
 * evaluation, with the cached points of point.h (a negation by
 * point_cached_cond_neg, an addition of 8M + 1 weak reduction).
 */
#include "point.h"
#include "point_window_loop.h"
#include "ct.h"

/* POINT_WINDOW_MUL's operations on edwards448; no context. */
#define edwards_window_from_input(x, p, a) point_copy(&(p), a)
#define edwards_window_entry(x, table, i, p) point_to_cached(&(table)[i], &(p))
#define edwards_window_identity(x, p) point_identity(&(p))
#define edwards_window_table_double(x, p) point_double(&(p), &(p))
#define edwards_window_table_add(x, p, table) point_add_cached(&(p), &(p), &(table)[1])
#define edwards_window_lookup(x, e, table, n, index) point_cached_lookup(&(e), table, n, index)
#define edwards_window_start(x, acc, e) point_add_cached_no_t(&(acc), &(acc), &(e))
#define edwards_window_double(x, acc, with_t) ((with_t) ? point_double(&(acc), &(acc)) : point_double_no_t(&(acc), &(acc)))
#define edwards_window_add(x, acc, e, neg)                                                              \
    do {                                                                                                \
        point_cached_cond_neg(&(e), neg);                                                               \
        point_add_cached(&(acc), &(acc), &(e));                                                         \
    } while (0)

void point_scalarmul(point_t *out, const point_t *a, const scalar_t *k) {
    point_cached_t table[VAR_ENTRIES], entry;
    point_t acc, multiple;
    int8_t digit[VAR_WINDOWS];

    point_window_digits(digit, k);
    POINT_WINDOW_MUL(edwards_window, point_window_one, 0, table, entry, acc, multiple, digit, a);
    point_copy(out, &acc);

    ct_wipe(table, sizeof table);
    ct_wipe(&entry, sizeof entry);
    ct_wipe(digit, sizeof digit);
    point_wipe(&acc);
    point_wipe(&multiple);
}
