/*
 * The field routines that are the same for every limb layout, written on
 * the field API of field.h only (never inside a gf), except that gf_lobit
 * reads the limbs of a canonical element (gf_strong_reduce's: in every layout
 * the integer's digits, limb 0 the lowest), where the bytes of gf_serialize
 * cost three times as much (decaf448's encode), and that gf_is_zero and gf_eq
 * read the limbs of a loose element, limb i of weight 2^(radix i) in every
 * scalar layout, and carry them once themselves (is_multiple_of_p).
 *
 * Exponentiations use fixed addition chains, so their sequence of
 * operations does not depend on the element; the inversion runs divsteps
 * (modinv.c), constant time too.
 */
#include "field.h"
#include "ct.h"
#include "modinv.h"
#include "bingcd.h"

/* The comparisons' copies are one element each: wiped by ct_wipe_inline's vector stores. */
_Static_assert(sizeof(gf) % sizeof(ct_wipe_vec) == 0, "an element is whole 16-byte vectors");

/*
 * The integer a of a loose element (every limb <= GF_LOOSE_MAX < 3.75 2^radix, so
 * a < 3.76 2^448 < 4p) is zero mod p exactly when it is 0, p, 2p or 3p. One carry
 * pass writes a = c 2^448 + w, w in digits (each below 2^radix), c <= 3. For k >= 1,
 *     k p = (k - 1) 2^448 + (2^448 - k (2^224 + 1)),
 * whose second term lies in [0, 2^448): so a is a nonzero multiple of p exactly
 * when w = 2^448 - (c + 1)(2^224 + 1), the number whose digits are all 2^radix - 1
 * except digit 0 (2^radix - 1 - c) and digit GF_LIMBS/2, of weight 2^224
 * (2^radix - 2 - c); and a = 0 exactly when c = 0 and w = 0. (c = 3 would need
 * a = 4p, above a's bound, and matches nothing.) One carry chain and two
 * comparisons: gf_strong_reduce's canonical form takes two chains, and gf_sub's
 * carry a third.
 */
_Static_assert(GF_LIMBS * GF_LIMB_BITS == 448 && GF_LIMBS % 2 == 0, "digit GF_LIMBS/2 has weight 2^224");
_Static_assert(GF_LOOSE_MAX <= ((gf_word_t)15 << (GF_LIMB_BITS - 2)), "a loose element is below 3.76 2^448, so below 4p");
_Static_assert(GF_TIGHT_MAX <= GF_LOOSE_MAX, "a tight element is loose");
static inline __attribute__((always_inline)) mask_t is_multiple_of_p(const gf a) {
    gf_word_t carry = 0, digit0 = 0, digit_half = 0;
    uint64_t any = 0, off = 0; /* the digits ORed; those of the middle limbs XOR 2^radix - 1, ORed */
#pragma GCC unroll 16
    for (size_t i = 0; i < GF_LIMBS; i++) {
        gf_word_t t = a->limb[i] + carry; /* at most GF_LOOSE_MAX + 3: no wrap (static assert above) */
        gf_word_t digit = t & GF_LIMB_MASK;
        carry = t >> GF_LIMB_BITS;
        any |= digit;
        if (i == 0)
            digit0 = digit;
        else if (i == GF_LIMBS / 2)
            digit_half = digit;
        else
            off |= digit ^ GF_LIMB_MASK;
    }
    any |= carry;
    off |= digit0 ^ (GF_LIMB_MASK - carry);
    off |= digit_half ^ (GF_LIMB_MASK - 1 - carry);
    mask_t is_zero = ct_mask_is_zero_u32((uint32_t)(any | (any >> 32)));
    mask_t is_kp = ct_mask_is_zero_u32((uint32_t)(off | (off >> 32)));
    return ct_barrier(is_zero | is_kp);
}

mask_t gf_is_zero(const gf a) {
    return is_multiple_of_p(a);
}

mask_t gf_eq(const gf a, const gf b) {
    gf d;
    gf_sub_nr(d, a, b); /* loose: is_multiple_of_p carries it */
    mask_t eq = is_multiple_of_p(d);
    ct_wipe_inline(d, sizeof d);
    return eq;
}

mask_t gf_lobit(const gf a) {
    gf c;
    gf_copy(c, a);
    gf_strong_reduce(c);
    mask_t bit = ct_mask_from_bit((uint32_t)(c->limb[0] & 1));
    ct_wipe_inline(c, sizeof c);
    return bit;
}

void gf_sqrn(gf out, const gf a, unsigned n) {
    if (n == 0) {
        gf_copy(out, a);
        return;
    }
    gf_sqr(out, a);
    while (--n)
        gf_sqr(out, out);
}

/* out = a^((p-3)/4): field.h's GF_POW_P3_4_CHAIN derives it. */
void gf_pow_p3_4(gf out, const gf a) {
    gf x3, x111, x222, t;

    GF_POW_P3_4_CHAIN(gf_sqr, gf_sqrn, gf_mul, out, a, x3, x111, x222, t);

    ct_wipe(x3, sizeof x3);
    ct_wipe(x111, sizeof x111);
    ct_wipe(x222, sizeof x222);
    ct_wipe(t, sizeof t);
}

mask_t gf_isr(gf out, const gf a) {
    gf r, check, one;
    gf_pow_p3_4(r, a);
    /* r^2 a = a^((p-1)/2), the Legendre symbol: 1 exactly when a is a nonzero square. */
    gf_sqr(check, r);
    gf_mul(check, check, a);
    gf_set_small(one, 1);
    mask_t ok = gf_eq(check, one);
    gf_copy(out, r);
    ct_wipe(r, sizeof r);
    ct_wipe(check, sizeof check);
    return ok;
}

/*
 * 1/a on the canonical form, the serialized bytes: by the binary GCD
 * (bingcd.c) on 64-bit words, by the divsteps (modinv.c) on 32-bit ones.
 */
void gf_invert(gf out, const gf a) {
    _Static_assert(GF_SER_BYTES == MODINV_BYTES, "56 bytes");
    uint8_t buf[GF_SER_BYTES];
    gf_serialize(buf, a); /* canonical: below p, as modinv wants */
#if BINGCD_INVERTS
    bingcd(buf, buf, &modinv_p); /* 64-bit words: the binary GCD, faster there (bingcd.h) */
#else
    modinv(buf, buf, &modinv_p);
#endif
    (void)gf_deserialize(out, buf); /* canonical, so the mask is all ones */
    ct_wipe(buf, sizeof buf);
}

mask_t gf_invert_square(gf out, const gf a) {
    uint8_t buf[GF_SER_BYTES];
    gf_serialize(buf, a);
    const int symbol = bingcd_jacobi(buf, buf, &modinv_p); /* 1, -1, or 0 for a = 0 */
    (void)gf_deserialize(out, buf);
    ct_wipe(buf, sizeof buf);
    return ct_mask_is_zero_u32((uint32_t)(symbol - 1));
}
