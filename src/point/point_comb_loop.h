/*
 * The signed comb's evaluation, written once for every point representation
 * (as point_window_loop.h is for the windows): point_comb.c runs it on
 * edwards448's niels points, point_base_twisted.c on the twisted curve E'
 * and the avx512ifma backend's point_base_twisted_r50.c on E' in the
 * radix-2^50 lanes, each with its own comb shape.
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
 *   F##_lookup(x, entry, j, index)       entry = table j's entry index, all read
 *   F##_add(x, acc, entry, neg)          acc = acc + entry, acc - entry when neg (a mask)
 * acc and entry are the caller's storage, c a pointer to the recoded scalar;
 * the caller wipes them.
 */
#ifndef GOLDILOCKS_POINT_COMB_LOOP_H
#define GOLDILOCKS_POINT_COMB_LOOP_H

#include "point_comb.h"
#include "ct.h"

#define POINT_COMB_EVAL(F, x, acc, entry, c, combs, teeth, spacing)                                     \
    do {                                                                                                \
        F##_identity(x, acc);                                                                           \
        for (int i_ = (spacing) - 1; i_ >= 0; i_--) {                                                   \
            if (i_ != (spacing) - 1)                                                                    \
                F##_double(x, acc);                                                                     \
            for (unsigned j_ = 0; j_ < (combs); j_++) {                                                 \
                uint32_t index_, neg_;                                                                  \
                point_comb_digit_shape(&index_, &neg_, c, (unsigned)i_, j_, teeth, spacing);            \
                F##_lookup(x, entry, j_, index_);                                                       \
                F##_add(x, acc, entry, ct_mask_from_bit(neg_));                                         \
            }                                                                                           \
        }                                                                                               \
    } while (0)

#endif
