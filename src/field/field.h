/*
 * The one field API of goldilocks: arithmetic in GF(p), p = 2^448 - 2^224 - 1.
 *
 * Every limb layout (8x56, 16x28, and the vector layouts) implements this API.
 * The layout is chosen by configure.py --target, which puts exactly one
 * generated/p448_<layout>/ directory on the include path; its gf_layout.h
 * supplies the types and the cheap operations as static inline functions,
 * its .c files supply the rest. The curve code includes this header only and
 * never looks inside a gf.
 *
 * Bounds. A gf is either "tight" or "loose"; the exact per-limb bounds of
 * each are proved by the generator and written into gf_layout.h.
 *   - Every function below returns a tight element, except gf_add_nr and
 *     gf_sub_nr, which return a loose one.
 *   - Every function accepts tight inputs. gf_mul, gf_sqr, gf_mulw and
 *     gf_weak_reduce also accept loose inputs.
 *   - A tight element is not necessarily canonical (it may be >= p); only
 *     gf_strong_reduce and gf_serialize produce the canonical representative.
 *
 * Aliasing: outputs may alias inputs everywhere unless said otherwise.
 * Constant time: nothing here branches on or indexes memory by the value of
 * an element.
 */
#ifndef GOLDILOCKS_FIELD_H
#define GOLDILOCKS_FIELD_H

#include <stdint.h>
#include "gf_layout.h"

/* Bytes of a serialized element: 448 bits, little-endian (RFC 7748 section 5). */
#define GF_SER_BYTES 56

/*
 * Provided inline by gf_layout.h (generated):
 *   typedef ... gf_s; typedef gf_s gf[1];  an element
 *   typedef ... mask_t;                    all ones (true) or zero (false),
 *                                          the layout's word size
 *   GF_LIMBS, GF_LIMB_BITS                 for tests and generated tables only
 *   GF_MULW_MAX                            the largest constant gf_mulw takes
 *
 *   void gf_copy(gf out, const gf a);
 *   void gf_set_small(gf out, uint32_t w);                 out = w
 *   void gf_add(gf out, const gf a, const gf b);           out = a + b
 *   void gf_sub(gf out, const gf a, const gf b);           out = a - b
 *   void gf_neg(gf out, const gf a);                       out = -a
 *   void gf_add_nr(gf out, const gf a, const gf b);        out = a + b, loose
 *   void gf_sub_nr(gf out, const gf a, const gf b);        out = a - b, loose
 *   void gf_weak_reduce(gf a);                             loose -> tight
 *   void gf_cond_swap(gf a, gf b, mask_t swap);            swap if mask set
 *   void gf_select(gf out, const gf a, const gf b, mask_t pick_b);
 *                                                          out = pick_b ? b : a
 *   void gf_cond_neg(gf a, mask_t neg);                    a = neg ? -a : a
 */

/* out = a * b. */
void gf_mul(gf out, const gf a, const gf b);

/* out = a^2. */
void gf_sqr(gf out, const gf a);

/* out = a * w, for 0 <= w <= GF_MULW_MAX (at least 2^20). */
void gf_mulw(gf out, const gf a, uint32_t w);

/* a = a mod p, the canonical representative (every limb in [0, 2^radix)). */
void gf_strong_reduce(gf a);

/* out = a mod p, 56 bytes little-endian. */
void gf_serialize(uint8_t out[GF_SER_BYTES], const gf a);

/*
 * out = in mod p, reading 56 bytes little-endian. Returns all ones when
 * in < p (canonical), zero otherwise; out is the reduced value either way.
 */
mask_t gf_deserialize(gf out, const uint8_t in[GF_SER_BYTES]);

/* ---- src/field/field.c: the same for every layout, built on the above ---- */

/* All ones when a == b (mod p). */
mask_t gf_eq(const gf a, const gf b);

/* All ones when a == 0 (mod p). */
mask_t gf_is_zero(const gf a);

/* The low bit of the canonical representative, as a mask ("negative" in RFC 9496). */
mask_t gf_lobit(const gf a);

/* out = a^(2^n): n squarings. */
void gf_sqrn(gf out, const gf a, unsigned n);

/* out = 1/a (the binary GCD of src/field/bingcd.c on 64-bit words, the divsteps of modinv.c on 32-bit ones); out = 0 when a = 0. */
void gf_invert(gf out, const gf a);

/*
 * out = 1/a as gf_invert, and the Legendre symbol of a from the same binary
 * GCD (bingcd_jacobi, on either word size): returns all ones when a is a
 * nonzero square, zero otherwise (including a = 0, where out = 0). The
 * symbol without an exponentiation: for a check of squareness where no
 * root is wanted (goldilocks_ed448_public_to_x448).
 */
mask_t gf_invert_square(gf out, const gf a);

/*
 * out = 1/sqrt(a) = a^((p-3)/4) (p = 3 mod 4). Returns all ones when a is a
 * nonzero square (then out^2 * a == 1), zero otherwise (including a = 0).
 */
mask_t gf_isr(gf out, const gf a);
/*
 * out = a^((p-3)/4) alone: gf_isr without its square test (one square, one
 * product and a comparison), for callers that test squareness their own way
 * (decaf448's SQRT_RATIO_M1) or not at all (its encode).
 */
void gf_pow_p3_4(gf out, const gf a);
/*
 * The addition chain of a^((p-3)/4), (p-3)/4 = 2^446 - 2^222 - 1, for any element
 * type: gf_isr's (field.c), the lanes' (field_lanes.c) and the radix-2^50 lanes'
 * (field_isr2_r50.c). SQR(o, a), SQRN(o, a, n) and MUL(o, a, b) are the type's
 * square, n squarings and product; x3, x111, x222, t its temporaries (out may be t).
 *
 * In binary that exponent is 223 ones, a zero, then 222 ones:
 *   2^446 - 2^222 - 1 = (2^223 - 1) * 2^223 + (2^222 - 1).
 * Write x_k = a^(2^k - 1) (k ones). Then x_(m+n) = x_m^(2^n) * x_n, so
 *   x2 = x1^2 x1, x3 = x2^2 x1, x6 = x3^(2^3) x3, x12, x24 by doubling,
 *   x27 = x24^(2^3) x3, x54, x108 by doubling, x111 = x108^(2^3) x3,
 *   x222 = x111^(2^111) x111, x223 = x222^2 x1,
 * and the result is x223^(2^223) * x222.
 * Cost: 445 squarings and 12 multiplications.
 */
#define GF_POW_P3_4_CHAIN(SQR, SQRN, MUL, out, a, x3, x111, x222, t)                          \
    do {                                                                                     \
        SQR(t, a);                                                                           \
        MUL(t, t, a); /* x2 */                                                               \
        SQR(t, t);                                                                           \
        MUL(x3, t, a); /* x3 */                                                              \
        SQRN(t, x3, 3);                                                                      \
        MUL(t, t, x3); /* x6 */                                                              \
        SQRN(x111, t, 6);                                                                    \
        MUL(t, x111, t); /* x12 */                                                           \
        SQRN(x111, t, 12);                                                                   \
        MUL(t, x111, t); /* x24 */                                                           \
        SQRN(t, t, 3);                                                                       \
        MUL(t, t, x3); /* x27 */                                                             \
        SQRN(x111, t, 27);                                                                   \
        MUL(t, x111, t); /* x54 */                                                           \
        SQRN(x111, t, 54);                                                                   \
        MUL(t, x111, t); /* x108 */                                                          \
        SQRN(t, t, 3);                                                                       \
        MUL(x111, t, x3); /* x111 */                                                         \
        SQRN(t, x111, 111);                                                                  \
        MUL(x222, t, x111); /* x222 */                                                       \
        SQR(t, x222);                                                                        \
        MUL(t, t, a); /* x223 */                                                             \
        SQRN(t, t, 223);                                                                     \
        MUL(out, t, x222);                                                                   \
    } while (0)
/*
 * out[i] = a[i]^((p-3)/4) with gf_isr's mask ok[i], for i = 0, 1: two independent
 * inverse square roots (field_isr2.c: one after the other; on the avx512ifma
 * target field_isr2_r50.c, side by side in the radix-2^50 lanes). out may be a.
 * Constant time.
 */
void gf_isr2(gf out[2], mask_t ok[2], const gf a[2]);

/* ---- Lanes: GF_LANES independent elements, one per lane ----
 *
 * The target's lane layout (generated/lanes_<name>/gf_lanes.h, chosen by
 * configure.py --target like the scalar layout) holds GF_LANES elements side
 * by side: the portable one ("scalar") is GF_LANES gf of the scalar layout,
 * a vector one keeps limb i of every lane in one SIMD register. Curve code
 * that works on several elements at once (batch calls across operations, the
 * independent products inside one formula) is written once on these
 * operations and never asks which layout it runs on.
 *
 * Provided by gf_lanes.h (static inline or generated .c):
 *   GF_LANES                               lanes, 1 to 8
 *   GF_LANES_NAME                          "scalar", "avx2", ... (the backend's name)
 *   typedef ... gfl_s; typedef gfl_s gfl[1];   GF_LANES elements
 *   typedef ... lmask_t;                   one mask per lane, by value
 *   lmask_t lmask_make(const mask_t m[GF_LANES]);  lane i all ones iff m[i] is
 *
 * Arithmetic, lane by lane, with the bounds contract of the gf_ function of
 * the same name above (tight/loose per lane; outputs may alias inputs):
 *   void gfl_mul(gfl out, const gfl a, const gfl b);
 *   void gfl_sqr(gfl out, const gfl a);
 *   void gfl_mulw(gfl out, const gfl a, uint32_t w);   the same w in every lane
 *   void gfl_add(gfl out, const gfl a, const gfl b);
 *   void gfl_sub(gfl out, const gfl a, const gfl b);
 *   void gfl_add_nr(gfl out, const gfl a, const gfl b);   loose
 *   void gfl_sub_nr(gfl out, const gfl a, const gfl b);   loose
 *   void gfl_neg(gfl out, const gfl a);
 *   void gfl_weak_reduce(gfl a);
 *   void gfl_copy(gfl out, const gfl a);
 *   void gfl_set_small(gfl out, uint32_t w);           every lane = w
 *
 * Between gf and lanes (lane is a public index below GF_LANES; the gf is
 * tight in, tight out):
 *   void gfl_broadcast(gfl out, const gf a);           every lane = a
 *   void gfl_insert(gfl out, unsigned lane, const gf a);   that lane = a, the others kept
 *   void gfl_extract(gf out, const gfl a, unsigned lane);  out = that lane of a
 *
 * Selection by per-lane masks (constant time, like gf_cond_swap and friends):
 *   void gfl_cond_swap(gfl a, gfl b, lmask_t swap);
 *   void gfl_select(gfl out, const gfl a, const gfl b, lmask_t pick_b);
 *   void gfl_cond_neg(gfl a, lmask_t neg);
 *
 * Lane patterns, for formulas whose independent products share one call:
 *   void gfl_addsub(gfl out, const gfl a, const gfl b, lmask_t sub);
 *                                    out = a - b in the lanes of sub, a + b elsewhere (tight)
 *   void gfl_permute(gfl out, const gfl a, const unsigned char idx[GF_LANES]);
 *                                    lane i of out = lane idx[i] of a (idx public)
 */
#include "gf_lanes.h"

/*
 * Whether the batch calls run the single calls' code item by item for want
 * of lanes: with one lane (the portable lane layout, every lane operation a
 * loop over the gf_ function) nothing runs side by side and the single
 * calls' own code is the faster (the twisted comb, the X448 ladder). Used by
 * batch_n.h's BATCH_BY_SINGLE and point_lanes_comb.c's
 * pointl_scalarmul_base; configure.py --explain reads it from here (its
 * form is fixed: configure.py gf_lanes_by_single). A constant: the other
 * path is not compiled in.
 */
#define GF_LANES_BY_SINGLE (GF_LANES == 1)

/* ---- Lane masks and permutations from public patterns, static inline on the above ---- */

/* Every lane = m (m may be secret: no branch on it). */
static inline lmask_t lmask_broadcast(mask_t m) {
    mask_t a[GF_LANES];
    for (unsigned i = 0; i < GF_LANES; i++)
        a[i] = m;
    return lmask_make(a);
}

/* Lane i all ones iff bit i of the public bits is set (bits from GF_LANES on are ignored). */
static inline lmask_t lmask_pattern(unsigned bits) {
    mask_t m[GF_LANES];
    for (unsigned i = 0; i < GF_LANES; i++)
        m[i] = (mask_t)0 - (mask_t)((bits >> i) & 1);
    return lmask_make(m);
}

/* A public lane permutation for gfl_permute: lane i of the result = lane idx[i] of its input. */
typedef struct {
    unsigned char idx[GF_LANES];
} lperm_t;

/* The permutation taking lane first[i] to lane i for i < n, the lanes from n on kept in place
 * (n <= GF_LANES, every first[i] < GF_LANES; public), e.g. lperm_make((const unsigned char[]){1, 0}, 2). */
static inline lperm_t lperm_make(const unsigned char *first, unsigned n) {
    lperm_t p;
    for (unsigned i = 0; i < GF_LANES; i++)
        p.idx[i] = i < n ? first[i] : (unsigned char)i;
    return p;
}

/* ---- src/field/field_lanes.c: the same for every lane layout, built on the above ---- */

/* out = a^(2^n) in every lane: n squarings. */
void gfl_sqrn(gfl out, const gfl a, unsigned n);

/* out = 1/a in every lane (up to two lanes gf_invert lane by lane, else a^(p-2) by the chain of gf_isr); a lane holding 0 gives 0. */
void gfl_invert(gfl out, const gfl a);

/* out = a^((p-3)/4) in every lane (the chain of gf_isr); the mask is gf_isr's, lane by
 * lane: all ones in the lanes where a is a nonzero square (out = 1/sqrt(a) there). */
lmask_t gfl_isr(gfl out, const gfl a);
/* The same power without the square test, as gf_pow_p3_4. */
void gfl_pow_p3_4(gfl out, const gfl a);
/* The same, its mask as one mask_t a lane: ok[i] for lane i. */
void gfl_isr_lanes(gfl out, mask_t ok[GF_LANES], const gfl a);

/* Per-lane tests, m[i] (or lane i of the lmask_t) = the gf_ test on lane i:
 * gf_eq(a, b), gf_lobit(a). Constant time. */
void gfl_eq_lanes(mask_t m[GF_LANES], const gfl a, const gfl b);
void gfl_lobit_lanes(mask_t m[GF_LANES], const gfl a);
lmask_t gfl_lobit(const gfl a);

#endif
