/*
 * The field routines that are the same for every limb layout, written on
 * the field API of field.h only (never inside a gf), except that gf_is_zero
 * and gf_lobit read the limbs of a canonical element (gf_strong_reduce's:
 * in every layout the integer's digits, limb 0 the lowest), where the bytes
 * of gf_serialize cost three times as much (decaf448's eq and encode).
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

mask_t gf_is_zero(const gf a) {
    gf c;
    gf_copy(c, a);
    gf_strong_reduce(c); /* canonical, so zero mod p is every limb zero */
    uint64_t acc = 0;
    for (size_t i = 0; i < sizeof c->limb / sizeof c->limb[0]; i++)
        acc |= c->limb[i];
    ct_wipe_inline(c, sizeof c);
    return ct_barrier(ct_mask_is_zero_u32((uint32_t)(acc | (acc >> 32))));
}

mask_t gf_eq(const gf a, const gf b) {
    gf d;
    gf_sub(d, a, b);
    mask_t eq = gf_is_zero(d);
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
static void gf_pow_p3_4(gf out, const gf a) {
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
