/*
 * Lane-parallel exponentiations on the lane API of field.h: the same
 * addition chains as src/field/field.c, applied to every lane at once.
 * Nothing here depends on the layout, so every lane backend (portable or
 * vector) shares this file.
 */
#include "field.h"
#include "ct.h"

void gfl_sqrn(gfl out, const gfl a, unsigned n) {
    if (n == 0) {
        gfl_copy(out, a);
        return;
    }
    gfl_sqr(out, a);
    while (--n)
        gfl_sqr(out, out);
}

/*
 * out = a^((p-3)/4) in every lane: gf_isr's chain (field.h, GF_POW_P3_4_CHAIN;
 * 445 squarings and 12 multiplications).
 */
void gfl_pow_p3_4(gfl out, const gfl a) {
    gfl x3, x111, x222, t;

    GF_POW_P3_4_CHAIN(gfl_sqr, gfl_sqrn, gfl_mul, out, a, x3, x111, x222, t);

    ct_wipe(x3, sizeof x3);
    ct_wipe(x111, sizeof x111);
    ct_wipe(x222, sizeof x222);
    ct_wipe(t, sizeof t);
}

/*
 * a^(p-2) = (a^((p-3)/4))^4 * a in every lane (Fermat; a lane holding 0
 * gives 0). With one or two lanes, gf_invert (divsteps, modinv.c) lane by
 * lane counts fewer instructions than the chain on the lanes: X448 batch
 * per item on armv7 (two NEON lanes) 2,046,129 to 2,028,499, on aarch64
 * with --lanes neon 1,509,078 to 1,470,106, and with one lane it is the
 * gap between gf_invert and the chain (docs/targets.md, "ARM"). With four lanes
 * (avx2) the chain stays: 818,651 instructions a batch item against
 * 847,034 lane by lane (callgrind), the same time.
 */
void gfl_invert(gfl out, const gfl a) {
#if GF_LANES <= 2
    gf x;
    for (unsigned i = 0; i < GF_LANES; i++) { /* lane i of a is read before out's lane i is written */
        gfl_extract(x, a, i);
        gf_invert(x, x);
        gfl_insert(out, i, x);
    }
    ct_wipe(x, sizeof x);
#else
    gfl t;
    gfl_pow_p3_4(t, a);
    gfl_sqrn(t, t, 2);
    gfl_mul(out, t, a);
    ct_wipe(t, sizeof t);
#endif
}

/*
 * Per-lane tests. Each lane is taken out as a gf (gfl_extract, constant
 * time) and tested by field.c's canonical comparisons, so every lane's mask
 * is exactly the one the gf_ test gives on that lane's value, whatever the
 * lane layout's representation. m[i] is the mask of lane i.
 */
void gfl_eq_lanes(mask_t m[GF_LANES], const gfl a, const gfl b) {
    gf x, y;
    for (unsigned i = 0; i < GF_LANES; i++) {
        gfl_extract(x, a, i);
        gfl_extract(y, b, i);
        m[i] = gf_eq(x, y);
    }
    ct_wipe(x, sizeof x);
    ct_wipe(y, sizeof y);
}

void gfl_lobit_lanes(mask_t m[GF_LANES], const gfl a) {
    gf x;
    for (unsigned i = 0; i < GF_LANES; i++) {
        gfl_extract(x, a, i);
        m[i] = gf_lobit(x);
    }
    ct_wipe(x, sizeof x);
}

lmask_t gfl_lobit(const gfl a) {
    mask_t m[GF_LANES];
    gfl_lobit_lanes(m, a);
    lmask_t r = lmask_make(m);
    ct_wipe(m, sizeof m);
    return r;
}

/*
 * out = a^((p-3)/4) in every lane, with gf_isr's mask per lane: all ones
 * exactly in the lanes where a is a nonzero square (r^2 a = a^((p-1)/2),
 * the Legendre symbol, equals 1). For a nonzero square, out is 1/sqrt(a).
 */
void gfl_isr_lanes(gfl out, mask_t ok[GF_LANES], const gfl a) {
    gfl r, check, one;
    gfl_pow_p3_4(r, a);
    gfl_sqr(check, r);
    gfl_mul(check, check, a);
    gfl_set_small(one, 1);
    gfl_eq_lanes(ok, check, one);
    gfl_copy(out, r);
    ct_wipe(r, sizeof r);
    ct_wipe(check, sizeof check);
}

lmask_t gfl_isr(gfl out, const gfl a) {
    mask_t ok[GF_LANES];
    gfl_isr_lanes(out, ok, a);
    lmask_t m = lmask_make(ok);
    ct_wipe(ok, sizeof ok);
    return m;
}
