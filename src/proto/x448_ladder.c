/*
 * The X448 ladder on scalar field operations (RFC 7748 section 5, written as
 * its pseudocode): per step 4 squarings, 5 products and one product by a24.
 * The default of every target; x448_ladder_lanes.c is the lane form.
 */
#include "x448_ladder.h"
#include "ct.h"

/* Everything the ladder keeps that depends on the scalar, to be wiped in one go. */
typedef struct {
    uint8_t k[GOLDILOCKS_X448_BYTES];
    gf x2, z2, x3, z3;
    gf a, aa, b, bb, e, c, d, da, cb;
} ladder_state;

mask_t x448_ladder(uint8_t out[GOLDILOCKS_X448_BYTES], const uint8_t secret[GOLDILOCKS_X448_BYTES], const gf x1) {
    ladder_state s;
    mask_t swap = 0;

    x448_clamp(s.k, secret);
    gf_set_small(s.x2, 1);
    gf_set_small(s.z2, 0);
    gf_copy(s.x3, x1);
    gf_set_small(s.z3, 1);

    for (int t = 447; t >= 0; t--) {
        mask_t k_t = ct_mask_from_bit((uint32_t)(s.k[t >> 3] >> (t & 7)));
        swap ^= k_t;
        gf_cond_swap(s.x2, s.x3, swap);
        gf_cond_swap(s.z2, s.z3, swap);
        swap = k_t;

        /* The _nr sums feed gf_mul, gf_sqr or gf_mulw only, which accept loose inputs. */
        gf_add_nr(s.a, s.x2, s.z2);
        gf_sqr(s.aa, s.a);
        gf_sub_nr(s.b, s.x2, s.z2);
        gf_sqr(s.bb, s.b);
        gf_sub_nr(s.e, s.aa, s.bb);
        gf_add_nr(s.c, s.x3, s.z3);
        gf_sub_nr(s.d, s.x3, s.z3);
        gf_mul(s.da, s.d, s.a);
        gf_mul(s.cb, s.c, s.b);
        gf_add_nr(s.x3, s.da, s.cb);
        gf_sqr(s.x3, s.x3);
        gf_sub_nr(s.z3, s.da, s.cb);
        gf_sqr(s.z3, s.z3);
        gf_mul(s.z3, s.z3, x1);
        gf_mul(s.x2, s.aa, s.bb);
        gf_mulw(s.z2, s.e, X448_A24);
        gf_add_nr(s.z2, s.aa, s.z2);
        gf_mul(s.z2, s.e, s.z2);
    }
    /* swap is now k_0, which clamping made 0; kept as the RFC writes it */
    gf_cond_swap(s.x2, s.x3, swap);
    gf_cond_swap(s.z2, s.z3, swap);

    /* x2 / z2; z2 = 0 (a low-order point) gives 0, as x * 0^(p-2) = 0 in the RFC. */
    gf_invert(s.z2, s.z2);
    gf_mul(s.x2, s.x2, s.z2);
    gf_serialize(out, s.x2);

    ct_wipe(&s, sizeof s);
    return ct_mask_bytes_zero(out, GOLDILOCKS_X448_BYTES);
}
