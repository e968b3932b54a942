/*
 * decaf448's constant-time variable-base multiplication on the 4-isogenous
 * twisted curve E' (point_twisted.h), with point_scalarmul.c's signed
 * windows (point_window.h). The default of every target;
 * point_scalarmul_decaf_edwards.c is the alternative of the targets whose
 * edwards448 doublings run on two lanes (point_arith_lanes2.c).
 */
#include "point.h"
#include "point_window.h"
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
 * with no weak reduction, and a negation is two conditional swaps.
 *
 * The top window's digit is at most TOP_DIGIT_MAX (k' < l < 2^446: its bits
 * below 446 plus the carry; 2 with 5-bit windows, only bit 445) and
 * non-negative: the accumulator starts as that entry (reading entries 0 to
 * TOP_DIGIT_MAX, a public range), without the addition to the neutral
 * element and without T, since a doubling comes next.
 */
#define TOP_DIGIT_MAX (1 << (446 - VAR_BITS * (VAR_WINDOWS - 1)))

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

void point_scalarmul_twisted(point_t *out, const point_t *a, const scalar_t *k) {
    point_tcached_t table[VAR_ENTRIES], entry;
    point_t acc, multiple;
    scalar_t kq;
    int8_t digit[VAR_WINDOWS];

    _Static_assert(VAR_WINDOWS > 1 && TOP_DIGIT_MAX < (1 << (VAR_BITS - 1)), "the top digit is non-negative");

    scalar_halve(&kq, k);
    scalar_halve(&kq, &kq);
    point_window_digits(digit, &kq);

    /* table[i] = [i]Q. */
    twisted_from_edwards(&multiple, a);
    twisted_to_tcached(&table[1], &multiple);
    point_identity(&acc);
    twisted_to_tcached(&table[0], &acc);
    twisted_double(&multiple, &multiple, 1);
    twisted_to_tcached(&table[2], &multiple);
    for (unsigned i = 3; i < VAR_ENTRIES; i++) {
        twisted_add_tcached(&multiple, &multiple, &table[1], 0, 0);
        twisted_to_tcached(&table[i], &multiple);
    }

    ct_lookup(&entry, table, sizeof entry, TOP_DIGIT_MAX + 1, (uint32_t)digit[VAR_WINDOWS - 1]);
    twisted_from_tcached_no_t(&acc, &entry);
    for (int i = VAR_WINDOWS - 2; i >= 0; i--) {
        for (unsigned d = 0; d < VAR_BITS - 1; d++)
            twisted_double_no_t_step(&acc);
        twisted_double_step(&acc);
        uint32_t neg;
        uint32_t mag = point_window_magnitude(digit[i], &neg);
        twisted_lookup(&entry, table, VAR_ENTRIES, mag);
        twisted_add_step(&acc, &entry, ct_mask_from_bit(neg));
    }
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
