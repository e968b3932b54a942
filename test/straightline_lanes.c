/*
 * Every operation of the lane API (src/field/field.h, "Lanes") as an
 * out-of-line function, so that test/straightline_check.py can disassemble
 * what the target's lane layout compiles to (most of its operations are
 * static inline in gf_lanes.h). Built with the library's flags and include
 * path and -funroll-loops, never linked: the loops of gf_lanes.h over limbs
 * and lanes have constant trip counts and unroll away, so a branch that is
 * left depends on data.
 *
 * With -DSTRAIGHTLINE_PLANT it holds instead two functions the check must
 * refuse: a branch on a secret and a table lookup at a secret index.
 */
#include "field.h"

#ifndef STRAIGHTLINE_PLANT
void sl_lmask_make(lmask_t *out, const mask_t m[GF_LANES]) { *out = lmask_make(m); }
void sl_gfl_mul(gfl out, const gfl a, const gfl b) { gfl_mul(out, a, b); }
void sl_gfl_sqr(gfl out, const gfl a) { gfl_sqr(out, a); }
void sl_gfl_mulw(gfl out, const gfl a, uint32_t w) { gfl_mulw(out, a, w); }
void sl_gfl_add(gfl out, const gfl a, const gfl b) { gfl_add(out, a, b); }
void sl_gfl_sub(gfl out, const gfl a, const gfl b) { gfl_sub(out, a, b); }
void sl_gfl_add_nr(gfl out, const gfl a, const gfl b) { gfl_add_nr(out, a, b); }
void sl_gfl_sub_nr(gfl out, const gfl a, const gfl b) { gfl_sub_nr(out, a, b); }
void sl_gfl_neg(gfl out, const gfl a) { gfl_neg(out, a); }
void sl_gfl_weak_reduce(gfl a) { gfl_weak_reduce(a); }
void sl_gfl_copy(gfl out, const gfl a) { gfl_copy(out, a); }
void sl_gfl_set_small(gfl out, uint32_t w) { gfl_set_small(out, w); }
void sl_gfl_broadcast(gfl out, const gf a) { gfl_broadcast(out, a); }
void sl_gfl_cond_swap(gfl a, gfl b, const lmask_t *swap) { gfl_cond_swap(a, b, *swap); }
void sl_gfl_select(gfl out, const gfl a, const gfl b, const lmask_t *pick_b) { gfl_select(out, a, b, *pick_b); }
void sl_gfl_cond_neg(gfl a, const lmask_t *neg) { gfl_cond_neg(a, *neg); }
void sl_gfl_addsub(gfl out, const gfl a, const gfl b, const lmask_t *sub) { gfl_addsub(out, a, b, *sub); }
/* Public lane indexes: these may address memory by the index (the check allows it, by name). */
void sl_public_gfl_insert(gfl out, unsigned lane, const gf a) { gfl_insert(out, lane, a); }
void sl_public_gfl_extract(gf out, const gfl a, unsigned lane) { gfl_extract(out, a, lane); }
void sl_public_gfl_permute(gfl out, const gfl a, const unsigned char idx[GF_LANES]) { gfl_permute(out, a, idx); }
#if __has_include("gf4r50.h")
/* The avx512ifma lanes' radix-2^50 elements, the X448 ladder's swap and step on them
 * (src/backend/avx512ifma/x448_ladder_r50_step.h) and the twisted curve's formulas (src/backend/avx512ifma/point_r50.h). */
#include "x448_ladder_r50_step.h"
#include "point_r50.h"
void sl_gf4r50_mul(gf4r50 out, const gf4r50 a, const gf4r50 b) { gf4r50_mul(out, a, b); }
void sl_gf4r50_sqr(gf4r50 out, const gf4r50 a) { gf4r50_sqr(out, a); }
void sl_gf4r50_mulw(gf4r50 out, const gf4r50 a, uint32_t w) { gf4r50_mulw(out, a, w); }
void sl_gf4r50_addsub(gf4r50 out, const gf4r50 a, const gf4r50 b, __mmask8 sub) { gf4r50_addsub(out, a, b, sub); }
void sl_gf4r50_add(gf4r50 out, const gf4r50 a, const gf4r50 b) { gf4r50_add(out, a, b); }
void sl_gf4r50_select(gf4r50 out, const gf4r50 a, const gf4r50 b, const __m256i *m) { gf4r50_select(out, a, b, *m); }
void sl_gf4r50_permute(gf4r50 out, const gf4r50 a, const __m256i *idx) { gf4r50_permute(out, a, *idx); }
void sl_gf4r50_blend(gf4r50 out, const gf4r50 a, const gf4r50 b, __mmask8 m) { gf4r50_blend(out, a, b, m); }
void sl_x448_r50_cswap(r50_state *s, const r50_args *a, mask_t swap) { r50_cswap(s, a, swap); }
void sl_x448_r50_step(r50_state *s, const r50_args *a) { r50_step(s, a); }
void sl_gf4r50_carry(gf4r50 out, const gf4r50 a) { gf4r50_carry(out, a); }
/* the lookup of point_scalarmul_r50.c's table of 17 entries, at a secret index */
void sl_gf4r50_lookup(gf4r50 out, const gf4r50_s table[17], uint32_t index) { gf4r50_lookup(out, table, 17, index); }
/* the fixed-base comb's (point_base_twisted_r50.c) */
void sl_gf4r50_lookup_comb(gf4r50 out, const gf4r50_s table[GF4R50_COMB_ENTRIES], uint32_t index) {
    gf4r50_lookup(out, table, GF4R50_COMB_ENTRIES, index);
}
void sl_point_r50_double(gf4r50 p, const point_r50_perms *c, point_r50_scratch *s) { point_r50_double(p, c, s); }
void sl_point_r50_add(gf4r50 p, const gf4r50 e, mask_t neg, const point_r50_perms *c, point_r50_scratch *s) {
    point_r50_add(p, e, neg, c, s);
}
void sl_point_r50_entry(gf4r50 e, const gf4r50 p, const point_r50_perms *c, point_r50_scratch *s) {
    point_r50_entry(e, p, c, s);
}
void sl_point_r50_from_entry_no_t(gf4r50 p, const gf4r50 e, const point_r50_perms *c, point_r50_scratch *s) {
    point_r50_from_entry_no_t(p, e, c, s);
}
void sl_public_gf4r50_to_bytes(uint8_t out[57], const gf4r50 a, unsigned lane) { gf4r50_to_bytes(out, a, lane); }
void sl_public_gf4r50_from_bytes(gf4r50 out, const uint8_t in[GF4R50_LANES][56]) { gf4r50_from_bytes(out, in); }
void sl_gf4r50_from_limbs56(gf4r50 out, const __m256i v[8]) { gf4r50_from_limbs56(out, v); }
void sl_gf4r50_to_limbs56(__m256i v[8], const gf4r50 a) { gf4r50_to_limbs56(v, a); }
void sl_gf4r50_rows_to_columns56(__m256i v[8], const uint64_t *const rows[GF4R50_LANES]) {
    gf4r50_rows_to_columns56(v, rows);
}
void sl_gf4r50_columns_to_rows56(uint64_t *const rows[GF4R50_LANES], const __m256i v[8]) {
    gf4r50_columns_to_rows56(rows, v);
}
/* field_r50.h's moves between gf and the lanes (the limbs straight across on 8x56 layouts) */
void sl_gf4r50_from_gf(gf4r50 out, const gf_s *const in[GF4R50_LANES]) { gf4r50_from_gf(out, in); }
void sl_gf4r50_to_gf4(gf_s *const out[GF4R50_LANES], const gf4r50 a) { gf4r50_to_gf4(out, a); }
void sl_public_gf4r50_to_gf(gf out, const gf4r50 a, unsigned lane) { gf4r50_to_gf(out, a, lane); }
#endif
#else
void sl_planted_branch(gfl out, const gfl a, uint32_t secret) {
    gfl_copy(out, a);
    while (secret) {   /* the number of products depends on the secret */
        gfl_add(out, out, a);
        secret >>= 1;
    }
}

static const uint64_t table[16] = {1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610, 987, 1597};
void sl_planted_lookup(uint64_t *out, uint32_t secret) {
    *out = table[secret & 15];   /* the address depends on the secret */
}
#endif
