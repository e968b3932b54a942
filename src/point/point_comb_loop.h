/*
 * The signed comb's evaluation, written once for every point representation
 * (as point_window_loop.h is for the windows): point_comb.c runs it on
 * edwards448's niels points, point_base_twisted.c on the twisted curve E'
 * and the avx512ifma backend's point_base_twisted_r50.c on E' in the
 * radix-2^50 lanes, each with its own comb shape, point_lanes_comb.c on
 * GF_LANES points at once (pointl_t, a scalar per lane), and the lanes2
 * backend's point_comb_split.c on pointl_t with one scalar's offsets and
 * combs split among the lanes (its digits its own, its neutral element a
 * flag that makes the first addition a copy).
 *
 * Comb (Lim-Lee; the signed all-bits recoding of Hamburg, "Fast and compact
 * elliptic-curve cryptography", IACR ePrint 2012/309; point_comb.c gives the
 * recoding and the tables): c = (k + 2^N - 1)/2 mod l for N = combs * teeth
 * * spacing (point_comb_recode_bits); at offset i, comb j's teeth select
 * entry index of table j, negated when tooth 0's digit is -1
 * (point_comb_digit_shape). Horner over i from spacing - 1 down to 0:
 * spacing - 1 doublings and combs * spacing additions, from the neutral
 * element (0, 1) of both curves.
 *
 * Constant time: the bounds are public, every entry of a table is read for
 * every lookup (the representation's constant-time lookup) and the sign is
 * applied by a mask; the scalar's bits become only masks and indices.
 *
 * F is the representation's prefix and x its context (its table, or what
 * its operations share); the loop calls, each with x first:
 *   F##_identity(x, acc)                 acc = the neutral element
 *   F##_double(x, acc)                   acc = [2]acc
 *   F##_add(x, acc, entry, neg)          acc = acc + entry, acc - entry when neg (a D##_mask)
 * D is the form of the recoded scalar and its lookups: point_comb_one
 * (below) for one scalar's (c a pointer to it, point_comb_recode) over the
 * representation's
 *   F##_lookup(x, entry, j, index)       entry = table j's entry index, all read
 * or the representation's own (the lanes': a scalar per lane); it gives
 *   D##_mask                             the type of a sign mask
 *   D##_lookup(F, x, entry, neg, c, i, j, teeth, spacing)
 *                                        entry = comb j's entry at offset i, all
 *                                        read, neg = the mask of its sign
 * acc and entry are the caller's storage, c the recoded scalar; the caller
 * wipes them.
 */
#ifndef GOLDILOCKS_POINT_COMB_LOOP_H
#define GOLDILOCKS_POINT_COMB_LOOP_H

#include "point_comb.h"
#include "ct.h"

/* One scalar's digits (point_comb_digit_shape), over F##_lookup. */
#define point_comb_one_mask mask_t
#define point_comb_one_lookup(F, x, entry, neg, c, i, j, teeth, spacing)                                \
    do {                                                                                                \
        uint32_t index_, s_;                                                                            \
        point_comb_digit_shape(&index_, &s_, c, i, j, teeth, spacing);                                  \
        F##_lookup(x, entry, j, index_);                                                                \
        (neg) = ct_mask_from_bit(s_);                                                                   \
    } while (0)

#define POINT_COMB_EVAL(F, D, x, acc, entry, c, combs, teeth, spacing)                                  \
    do {                                                                                                \
        F##_identity(x, acc);                                                                           \
        for (int i_ = (spacing) - 1; i_ >= 0; i_--) {                                                   \
            if (i_ != (spacing) - 1)                                                                    \
                F##_double(x, acc);                                                                     \
            for (unsigned j_ = 0; j_ < (combs); j_++) {                                                 \
                D##_mask neg_;                                                                          \
                D##_lookup(F, x, entry, neg_, c, (unsigned)i_, j_, teeth, spacing);                     \
                F##_add(x, acc, entry, neg_);                                                           \
            }                                                                                           \
        }                                                                                               \
    } while (0)

#endif
