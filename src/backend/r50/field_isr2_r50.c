/*
 * gf_isr2 (field.h) on the r50 backend: the two inverse square roots side
 * by side in lanes 0 and 1 of the radix-2^50 elements (gf4r50.h), on field.c's addition chain for a^((p-3)/4) (445 squarings and 12
 * products). A four-lane gf4r50_sqr takes about 60 rdtsc ticks on Zen 5 against 42
 * for one scalar gf_sqr (docs/performance.md, "AVX-512 IFMA"), and 60 against 54 on
 * Zen 4 (29.1k
 * ticks for the two roots against 25.1k for one gf_isr), so two roots cost about 0.6
 * to 0.7 of two gf_isr; one root alone stays gf_isr's. The mask is gf_isr's test on the
 * result, lane by lane, in the scalar field. The r50 backend's form of
 * field_isr2.c (configure.py BACKENDS); test_field_isr2 checks it against gf_isr.
 * Straight-line: the inputs may be secret (decaf448_from_uniform's).
 */
#include "field.h"
#include "field_r50.h"
#include "ct.h"

static void sqrn(gf4r50 out, const gf4r50 a, unsigned n) {
    gf4r50_sqr(out, a);
    while (--n)
        gf4r50_sqr(out, out);
}

void gf_isr2(gf out[2], mask_t ok[2], const gf a[2]) {
    struct {
        gf4r50 v, r, x3, x111, x222, t;
        gf check, root[GF4R50_LANES]; /* the roots of a[0], a[1], then of 1 twice (unused) */
    } w; /* one wipe for all */
    gf one;
    gf_set_small(one, 1);
    const gf_s *const lanes[GF4R50_LANES] = {a[0], a[1], one, one};
    gf4r50_from_gf(w.v, lanes);
    GF_POW_P3_4_CHAIN(gf4r50_sqr, sqrn, gf4r50_mul, w.r, w.v, w.x3, w.x111, w.x222, w.t); /* gf_isr's chain */
    gf_s *const roots[GF4R50_LANES] = {w.root[0], w.root[1], w.root[2], w.root[3]};
    gf4r50_to_gf4(roots, w.r);
    for (unsigned l = 0; l < 2; l++) {
        /* r^2 a = a^((p-1)/2), the Legendre symbol: 1 exactly when a is a nonzero square */
        gf_sqr(w.check, w.root[l]);
        gf_mul(w.check, w.check, a[l]);
        ok[l] = gf_eq(w.check, one);
    }
    /* out may be a: written only after both tests read it */
    gf_copy(out[0], w.root[0]);
    gf_copy(out[1], w.root[1]);
    ct_wipe(&w, sizeof w);
}
