/*
 * decaf448's constant-time variable-base multiplication loop, written once
 * for every representation of its points, as decaf448_steps.h is for the
 * element types: point_scalarmul_twisted.c runs it on the twisted curve E'
 * (point_twisted.h), the avx512ifma backend's point_scalarmul_r50.c on E' in
 * the radix-2^50 lanes (point_r50.h), point_scalarmul.c on edwards448's
 * cached points, point_lanes_scalarmul.c on GF_LANES of those at once
 * (pointl_t, a scalar per lane).
 *
 * Windows (point_window.h): the scalar (k < l < 2^446) is cut into
 * VAR_WINDOWS windows of VAR_BITS bits; each window value v (plus the carry
 * from below) in [0, 2^w] becomes a signed digit d in [-2^(w-1), 2^(w-1))
 * and a carry, d = v - 2^w c with c = 1 when v >= 2^(w-1), computed with
 * arithmetic only. The top window holds at most bit 445 plus the carry, so
 * no carry leaves it and sum d_i 2^(w i) = k exactly.
 *
 * Table: [0]P, [1]P, ..., [2^(w-1)]P (VAR_ENTRIES entries): P, [2]P by a
 * doubling, the rest by adding P.
 *
 * Evaluation, from the top window down: the top digit is at most
 * POINT_WINDOW_TOP_MAX (2 with 5-bit windows: bit 445 and the carry) and
 * non-negative, so the accumulator starts as that entry, read from entries
 * 0 to POINT_WINDOW_TOP_MAX only (a public range), without an addition to
 * the neutral element and without T, since a doubling comes next. Each
 * window below: w doublings (T only in the last, for the addition), then
 * the entry of |d|, every entry read (the representation's constant-time
 * lookup), added negated by mask when d < 0. The loop's bounds and the
 * table's indices are public; the digits select only through the lookup's
 * masks.
 *
 * F is the representation's prefix and x its context (what its operations
 * share, e.g. the lanes' permutations); the loop calls, each with x first:
 *   F##_from_input(x, p, a)      p = the point to multiply, from a
 *   F##_entry(x, table, i, p)    table's entry i = the entry of p
 *   F##_identity(x, p)           p = the neutral element
 *   F##_table_double(x, p)       p = [2]p
 *   F##_table_add(x, p, table)   p = p + table's entry 1
 *   F##_start(x, acc, e)         acc = the point of entry e (acc is the neutral
 *                                element; T may be left out)
 *   F##_double(x, acc, with_t)   acc = [2]acc, with T when with_t
 *   F##_add(x, acc, e, neg)      acc = acc + e, acc - e when neg (a D##_mask)
 * D is the form of the digits and their lookups: point_window_one (below)
 * for one scalar's (int8_t digit[VAR_WINDOWS], from point_window_digits)
 * over the representation's
 *   F##_lookup(x, e, table, n, index)  e = table[index] of the first n, all read
 * or the representation's own (the lanes': a scalar per lane); it gives
 *   D##_mask                               the type of a sign mask
 *   D##_top(F, x, e, table, n, digit)      e = the entry of the top digit (>= 0)
 *                                          of the first n, all read
 *   D##_lookup(F, x, e, neg, table, digit, i)  e = the entry of |d_i|, all
 *                                          read, neg = the mask of d_i < 0
 * table, entry, acc and multiple are the caller's storage (VAR_ENTRIES
 * entries, one entry, two points), digit the caller's digits; the caller
 * wipes them.
 */
#ifndef GOLDILOCKS_POINT_WINDOW_LOOP_H
#define GOLDILOCKS_POINT_WINDOW_LOOP_H

#include "point_window.h"
#include "ct.h"

#define POINT_WINDOW_TOP_MAX (1 << (446 - VAR_BITS * (VAR_WINDOWS - 1)))
_Static_assert(VAR_WINDOWS > 1 && POINT_WINDOW_TOP_MAX < (1 << (VAR_BITS - 1)), "the top digit is non-negative");

/* One scalar's digits (point_window_digits), over F##_lookup. */
#define point_window_one_mask mask_t
#define point_window_one_top(F, x, e, table, n, digit) F##_lookup(x, e, table, n, (uint32_t)(digit)[VAR_WINDOWS - 1])
#define point_window_one_lookup(F, x, e, neg, table, digit, i)                                          \
    do {                                                                                                \
        uint32_t s_;                                                                                    \
        uint32_t mag_ = point_window_magnitude((digit)[i], &s_);                                        \
        F##_lookup(x, e, table, VAR_ENTRIES, mag_);                                                     \
        (neg) = ct_mask_from_bit(s_);                                                                   \
    } while (0)

#define POINT_WINDOW_MUL(F, D, x, table, entry, acc, multiple, digit, a)                                \
    do {                                                                                                \
        F##_from_input(x, multiple, a);                                                                 \
        F##_entry(x, table, 1, multiple);                                                               \
        F##_identity(x, acc);                                                                           \
        F##_entry(x, table, 0, acc);                                                                    \
        F##_table_double(x, multiple);                                                                  \
        F##_entry(x, table, 2, multiple);                                                               \
        for (unsigned i_ = 3; i_ < VAR_ENTRIES; i_++) {                                                 \
            F##_table_add(x, multiple, table);                                                          \
            F##_entry(x, table, i_, multiple);                                                          \
        }                                                                                               \
                                                                                                        \
        D##_top(F, x, entry, table, POINT_WINDOW_TOP_MAX + 1, digit);                                   \
        F##_start(x, acc, entry);                                                                       \
        for (int i_ = VAR_WINDOWS - 2; i_ >= 0; i_--) {                                                 \
            for (unsigned d_ = 0; d_ < VAR_BITS; d_++)                                                  \
                F##_double(x, acc, d_ == VAR_BITS - 1);                                                 \
            D##_mask neg_;                                                                              \
            D##_lookup(F, x, entry, neg_, table, digit, i_);                                            \
            F##_add(x, acc, entry, neg_);                                                               \
        }                                                                                               \
    } while (0)

#endif
