/*
 * decaf448's constant-time variable-base multiplication on the 4-isogenous
 * twisted curve E' (point_twisted.h), with point_scalarmul.c's signed
 * windows (point_window.h). The default of every target;
 * point_scalarmul_decaf_edwards.c is the alternative of the targets whose
 * edwards448 doublings run on two lanes (point_arith_lanes2.c).
 */
#include "point.h"
#include "point_window_loop.h"
#include "point_twisted.h"
#include "ct.h"

/*
 * [k/4 mod l] phi(a) on the twisted curve (point_twisted.h), whose phi_hat
 * is [k]a up to a point of order 1, 2 or 4 (of order 1 or 2 for a decaf448
 * point a, in 2E: the decaf448 element [k]a). Q = phi(a) has odd order
 * whatever a's torsion, so every point the loop sees is a multiple of Q and
 * the a = -1 formulas are exact for it (point_base_twisted.c says why); the
 * loop is point_scalarmul's on Q with k' = k/4 mod l, and
 * phi_hat([k']Q) = [4k']a = [k]a minus [k] of a's torsion part.
 * What the curve buys: an addition of a table entry is 8M instead of 9M,
 * with no weak reduction, and a negation is two conditional swaps. The loop
 * (windows, table, the top digit's start) is point_window_loop.h's.
 */

/*
 * The loop's steps out of line, each its own small frame: inlined into the
 * loop (one frame for the table, the accumulator and every temporary) the
 * same code ran 1,852,811 instructions but more ticks than these calls'
 * 1,874,285 (decaf448_scalarmult before its twisted encoding; alternated
 * in one process, Zen 3: 355.9k against 334.6k at the minimum); with a
 * constant n the lookup kept its sums on the stack: n a parameter (gcc's
 * noipa; clang has no such attribute), 1,863,386.
 */
#if defined(__clang__)
#define LOOKUP_NOIPA __attribute__((noinline))
#else
#define LOOKUP_NOIPA __attribute__((noipa))
#endif
static __attribute__((noinline)) void twisted_double_no_t_step(point_t *acc) {
    twisted_double(acc, acc, 0);
}
static __attribute__((noinline)) void twisted_double_step(point_t *acc) {
    twisted_double(acc, acc, 1);
}
static __attribute__((noinline)) void twisted_add_step(point_t *acc, point_tcached_t *b, mask_t neg) {
    twisted_add_tcached(acc, acc, b, neg, 1);
}
static LOOKUP_NOIPA void twisted_lookup(point_tcached_t *out, const point_tcached_t *table, unsigned n,
                                         uint32_t index) {
    ct_lookup(out, table, sizeof *out, n, index);
}

/* POINT_WINDOW_MUL's operations (point_window_loop.h) on E'; no context. */
#define twisted_window_from_input(x, p, a) twisted_from_edwards(&(p), a)
#define twisted_window_entry(x, table, i, p) twisted_to_tcached(&(table)[i], &(p))
#define twisted_window_identity(x, p) point_identity(&(p))
#define twisted_window_table_double(x, p) twisted_double(&(p), &(p), 1)
#define twisted_window_table_add(x, p, table) twisted_add_tcached(&(p), &(p), &(table)[1], 0, 0)
#define twisted_window_lookup(x, e, table, n, index) twisted_lookup(&(e), table, n, index)
#define twisted_window_start(x, acc, e) twisted_from_tcached_no_t(&(acc), &(e))
#define twisted_window_double(x, acc, with_t) \
    ((with_t) ? twisted_double_step(&(acc)) : twisted_double_no_t_step(&(acc)))
#define twisted_window_add(x, acc, e, neg) twisted_add_step(&(acc), &(e), neg)

void point_scalarmul_twisted(point_t *out, const point_t *a, const scalar_t *k) {
    point_tcached_t table[VAR_ENTRIES], entry;
    point_t acc, multiple;
    scalar_t kq;
    int8_t digit[VAR_WINDOWS];

    scalar_halve(&kq, k);
    scalar_halve(&kq, &kq);
    point_window_digits(digit, &kq);
    POINT_WINDOW_MUL(twisted_window, point_window_one, 0, table, entry, acc, multiple, digit, a);
    point_copy(out, &acc);

    ct_wipe(table, sizeof table);
    ct_wipe(&entry, sizeof entry);
    ct_wipe(digit, sizeof digit);
    ct_wipe(&kq, sizeof kq);
    point_wipe(&acc);
    point_wipe(&multiple);
}

void point_scalarmul_decaf(point_t *out, const point_t *a, const scalar_t *k) {
    point_t r;
    point_scalarmul_twisted(&r, a, k);
    twisted_to_edwards(out, &r);
    point_wipe(&r);
}
