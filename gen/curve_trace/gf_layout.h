/*
 * The symbolic element of the curve-formula prover (gen/prove_curve.py): the
 * curve code is compiled on this "layout" in place of a generated one, and
 * each field operation it calls appends one line to a trace (trace.c) instead
 * of computing. A gf holds the number of the trace value it names, in
 * limb[0]; the prover reads the trace back as polynomials over GF(p). The
 * bounds contract of field.h (tight, loose) is checked there, op by op.
 * Masks stay concrete: a formula is traced once per value of each mask it takes.
 */
#ifndef GOLDILOCKS_GF_LAYOUT_H
#define GOLDILOCKS_GF_LAYOUT_H

#include <stdint.h>

typedef uint64_t gf_word_t;
typedef gf_word_t mask_t;

/* The shape of the 8x56 layouts, so that the code written for it (field_r50.h) compiles
 * here too; only limb[0] is used: the value's number in the trace. */
#define GF_LIMBS 8
#define GF_LIMB_BITS 56
#define GF_WORD_BITS 64
#define GF_MULW_MAX 0xffffffu
#define GF_TIGHT_MAX ((gf_word_t)1)
#define GF_LOOSE_MAX ((gf_word_t)1)
#define BASE_COMB_N 5
#define BASE_COMB_T 6
#define BASE_COMB_S 15

typedef struct gf_s {
    gf_word_t limb[GF_LIMBS];
} gf_s;
typedef gf_s gf[1];

void gf_copy(gf out, const gf a);
void gf_set_small(gf out, uint32_t w);
void gf_add(gf out, const gf a, const gf b);
void gf_sub(gf out, const gf a, const gf b);
void gf_neg(gf out, const gf a);
void gf_add_nr(gf out, const gf a, const gf b);
void gf_sub_nr(gf out, const gf a, const gf b);
void gf_weak_reduce(gf a);
void gf_cond_swap(gf a, gf b, mask_t swap);
void gf_select(gf out, const gf a, const gf b, mask_t pick_b);
void gf_cond_neg(gf a, mask_t neg);

#endif
