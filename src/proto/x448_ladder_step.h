/*
 * The X448 ladder step of RFC 7748 section 5, one text for every element
 * type with the operations it names, as decaf448_steps.h is for decaf448's
 * steps: x448_ladder.c runs it on gf, x448_batch.c on gfl (every lane its
 * own ladder), and precomputed.c's x-only doubling is its second half.
 *
 * F is the type's prefix, gf or gfl: the step calls F##_add_nr, _sub_nr,
 * _select, _mul, _sqr and _mulw. With (x2 : z2) and (x3 : z3) the ladder's
 * two points, x3/z3 - x2/z2 having u coordinate x1, the RFC's step is
 *     A = x2 + z2, AA = A^2, B = x2 - z2, BB = B^2, E = AA - BB,
 *     C = x3 + z3, D = x3 - z3, DA = D A, CB = C B,
 *     x3 = (DA + CB)^2, z3 = x1 (DA - CB)^2,
 *     x2 = AA BB,       z2 = E (AA + a24 E),   a24 = (A - 2)/4 = 39081:
 * the differential addition (Montgomery 1987, section 10.3.1) and the
 * doubling u([2]P) = (u^2 - 1)^2 / (4u (u^2 + A u + 1)) projectively
 * (E = 4 x2 z2, AA + a24 E = x2^2 + A x2 z2 + z2^2). 4 squarings, 5
 * products and one product by a24.
 *
 * The RFC's cswap before the step is taken into it: the differential
 * addition is symmetric in its two points (swapping them exchanges DA and
 * CB, which leaves (DA + CB)^2 and (DA - CB)^2 as they are), so only the
 * doubling needs the swapped pair, and selecting the doubled point's A and
 * B (2 elements) by the mask `swap` replaces swapping the four coordinates;
 * the caller applies the pending swap to (x2, z2), (x3, z3) after the last
 * step. Constant time: the secret bit only makes that select's mask.
 * Bounds (field.h): the _nr sums (loose) feed F##_mul, F##_sqr, F##_mulw
 * or F##_select only (which moves limbs, whatever their bounds); every
 * element the step keeps is a product's output, tight.
 */
#ifndef GOLDILOCKS_X448_LADDER_STEP_H
#define GOLDILOCKS_X448_LADDER_STEP_H

#include "x448_ladder.h"

/*
 * The doubling from AA = A^2 and BB = B^2: x2 = AA BB, z2 = E (AA + a24 E)
 * with E = AA - BB. e, x2 and z2 are apart from each other and from aa and
 * bb (aa is read after x2 and z2 are written).
 */
#define X448_DOUBLE_FROM_SQUARES(F, x2, z2, aa, bb, e)                                   \
    do {                                                                                 \
        F##_sub_nr((e), (aa), (bb));                                                     \
        F##_mul((x2), (aa), (bb));                                                       \
        F##_mulw((z2), (e), X448_A24);                                                   \
        F##_add_nr((z2), (aa), (z2));                                                    \
        F##_mul((z2), (e), (z2));                                                        \
    } while (0)

/*
 * One step on (x2, z2), (x3, z3) with the pending swap mask `swap` (see
 * above). The temporaries name the RFC's values; a caller short of room
 * may give one storage to several, as long as each is dead when the next
 * is written, in this order: a, b, d, c; sa, sb (the swapped pair's A and
 * B); da (may be d), cb (may be c); aa (may be a or sa), bb (may be b or
 * sb); e (may be da or cb, not aa or bb). between_sums is a statement
 * run after a and b (x448_ladder.c's compiler barrier; (void)0 for none).
 */
#define X448_LADDER_STEP(F, x1, swap, x2, z2, x3, z3, a, b, c, d, sa, sb, aa, bb, da, cb, e, between_sums) \
    do {                                                                                 \
        F##_add_nr((a), (x2), (z2));                                                     \
        F##_sub_nr((b), (x2), (z2));                                                     \
        between_sums;                                                                    \
        F##_sub_nr((d), (x3), (z3));                                                     \
        F##_add_nr((c), (x3), (z3));                                                     \
        F##_select((sa), (a), (c), (swap));                                              \
        F##_select((sb), (b), (d), (swap));                                              \
        F##_mul((da), (d), (a));                                                         \
        F##_mul((cb), (c), (b));                                                         \
        F##_sqr((aa), (sa));                                                             \
        F##_sqr((bb), (sb));                                                             \
        F##_add_nr((x3), (da), (cb));                                                    \
        F##_sqr((x3), (x3));                                                             \
        F##_sub_nr((z3), (da), (cb));                                                    \
        F##_sqr((z3), (z3));                                                             \
        F##_mul((z3), (z3), (x1));                                                       \
        X448_DOUBLE_FROM_SQUARES(F, (x2), (z2), (aa), (bb), (e));                        \
    } while (0)

/*
 * (xo : zo) = [2](x : z) on gf, the ladder's doubling alone (A = x + z,
 * B = x - z, then the above): precomputed.c's [4] on the u line. The inputs
 * are read before the outputs are written (they may be the same elements).
 */
static inline void x448_double(gf xo, gf zo, const gf x, const gf z) {
    gf a, b, aa, bb, e;
    gf_add_nr(a, x, z);
    gf_sub_nr(b, x, z);
    gf_sqr(aa, a);
    gf_sqr(bb, b);
    X448_DOUBLE_FROM_SQUARES(gf, xo, zo, aa, bb, e);
}

#endif
