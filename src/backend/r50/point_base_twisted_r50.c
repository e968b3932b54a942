/*
 * [k]B for the single calls, point_base_twisted.c's signed comb on the twisted
 * curve E' (the same shape, digits, recoding and signs; that file gives the
 * isogenies and why the a = -1 formulas are exact on every point the comb
 * sees), with each formula's four products as one lane product of the
 * radix-2^50 lane elements (point_r50.h): a mixed addition and a
 * doubling are two lane products each, against 7M and 4M + 4S. The table is
 * point_base_comb_twisted's as lane entries (generated/r50/
 * gf4r50_base_comb.c), read whole at every lookup (gf4r50_lookup). The loop
 * is point_comb_loop.h's; this file gives its operations on point_r50.h. The
 * r50 backend's form of point_base_twisted.c (configure.py BACKENDS); every fixed-base call's tests
 * (X448 public keys, Ed448 keys and signatures, decaf448 scalarmult_base, their
 * RFC vectors and OpenSSL interop) check it. Constant time: the lookup and the
 * formulas are straight-line (test/straightline_check.py), the loops public.
 */
#include "point.h"
#include "point_comb_loop.h"
#include "point_twisted.h"
#include "point_r50.h"
#include "ct.h"

#define BASE_COMB_BITS (BASE_COMB_N * BASE_COMB_T * BASE_COMB_S)
_Static_assert(BASE_COMB_N == GF4R50_COMB_N && BASE_COMB_T == GF4R50_COMB_T && BASE_COMB_S == GF4R50_COMB_S &&
                   BASE_COMB_ENTRIES == GF4R50_COMB_ENTRIES,
               "gf4r50_base_comb.c is of another comb shape");

/* Everything that depends on the scalar, to be wiped in one go. */
typedef struct {
    gf4r50 entry, acc;
    point_r50_scratch s;
    scalar_t c;
} r50_comb_state;

/* POINT_COMB_EVAL's operations (point_comb_loop.h) on point_r50.h's points and gf4r50_base_comb. */
typedef struct {
    const point_r50_perms *p;
    point_r50_scratch *s;
} r50_comb_ctx;

#define R50_COMB_OP static inline __attribute__((always_inline)) void
R50_COMB_OP r50_comb_identity(const r50_comb_ctx *x, gf4r50 acc) {
    (void)x;
    point_r50_identity(acc);
}
R50_COMB_OP r50_comb_double(const r50_comb_ctx *x, gf4r50 acc) {
    point_r50_double(acc, x->p, x->s);
}
R50_COMB_OP r50_comb_lookup(const r50_comb_ctx *x, gf4r50 entry, unsigned j, uint32_t index) {
    (void)x;
    gf4r50_lookup(entry, gf4r50_base_comb[j], GF4R50_COMB_ENTRIES, index);
}
R50_COMB_OP r50_comb_add(const r50_comb_ctx *x, gf4r50 acc, const gf4r50 entry, mask_t neg) {
    point_r50_add(acc, entry, neg, x->p, x->s);
}

void point_scalarmul_base_twisted_raw(point_t *out, const scalar_t *k) {
    r50_comb_state st;
    point_r50_perms p;
    const r50_comb_ctx x = {&p, &st.s};

    point_r50_perms_init(&p);
    point_comb_recode_bits(&st.c, k, BASE_COMB_BITS);
    POINT_COMB_EVAL(r50_comb, point_comb_one, &x, st.acc, st.entry, &st.c, BASE_COMB_N, BASE_COMB_T, BASE_COMB_S);
    point_r50_to_point(out, st.acc);

    ct_wipe(&st, sizeof st);
}

void point_scalarmul_base_twisted(point_t *out, const scalar_t *k) {
    point_t acc;
    point_scalarmul_base_twisted_raw(&acc, k);
    twisted_to_edwards(out, &acc);
    point_wipe(&acc);
}
