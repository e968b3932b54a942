/*
 * One side of test/test_gf4r50_twin.c (test/gf4r50_side.h): gf4r50.h's routines and the
 * intrinsics of the portable twin, wrapped over plain words. Compiled once per side with
 * -DGF4R50_SIDE=hw_p0 (etc.) and the include path of one gf4r50.h: the IFMA header (and
 * its flags) or the twin's. The wrappers are static; GF4R50_SIDE##_side is the one name
 * each object exports, so the four objects link into one program.
 */
#include <string.h>
#include "gf4r50.h"
#include "gf4r50_side.h"

#ifndef GF4R50_SIDE
#error "compile with -DGF4R50_SIDE=hw_p0 (the name of this side)"
#endif
#define SIDE_CAT2(a, b) a##b
#define SIDE_CAT(a, b) SIDE_CAT2(a, b)
#define SIDE_STR2(a) #a
#define SIDE_STR(a) SIDE_STR2(a)

/* Each intrinsic by the routines' name for it (r50_mm...): Intel's own on the IFMA side,
 * the plain-C definition on the portable one. */
#define I(op) r50##op
typedef r50_m256i v256;
typedef r50_m512i v512;
typedef r50_mmask8 mask8;

_Static_assert(sizeof(gf4r50_s) == sizeof(side_elem), "gf4r50_s is 9 x 4 words");
_Static_assert(sizeof(v256) == 32 && sizeof(v512) == 64, "the vectors are 4 and 8 words");

/* ---- the routines ---- */

static void in(gf4r50 x, const side_elem *a) { memcpy(x->limb, a->w, sizeof a->w); }
static void out(side_elem *o, const gf4r50 x) { memcpy(o->w, x->limb, sizeof o->w); }
static void cols_in(gf4r50_word v[8], const side_cols *c) { memcpy(v, c->w, sizeof c->w); }
static void cols_out(side_cols *c, const gf4r50_word v[8]) { memcpy(c->w, v, sizeof c->w); }
static gf4r50_word word_in(const long long l[SIDE_LANES]) {
    gf4r50_word v;
    memcpy(&v, l, sizeof v);
    return v;
}

static void r_mul(side_elem *o, const side_elem *a, const side_elem *b) {
    gf4r50 x, y, z;
    in(x, a);
    in(y, b);
    gf4r50_mul(z, x, y);
    out(o, z);
}
static void r_sqr(side_elem *o, const side_elem *a) {
    gf4r50 x, z;
    in(x, a);
    gf4r50_sqr(z, x);
    out(o, z);
}
static void r_mulw(side_elem *o, const side_elem *a, uint32_t w) {
    gf4r50 x, z;
    in(x, a);
    gf4r50_mulw(z, x, w);
    out(o, z);
}
static void r_addsub(side_elem *o, const side_elem *a, const side_elem *b, unsigned sub) {
    gf4r50 x, y, z;
    in(x, a);
    in(y, b);
    gf4r50_addsub(z, x, y, (gf4r50_lanemask)sub);
    out(o, z);
}
static void r_add(side_elem *o, const side_elem *a, const side_elem *b) {
    gf4r50 x, y, z;
    in(x, a);
    in(y, b);
    gf4r50_add(z, x, y);
    out(o, z);
}
static void r_carry(side_elem *o, const side_elem *a) {
    gf4r50 x, z;
    in(x, a);
    gf4r50_carry(z, x);
    out(o, z);
}
static void r_from_limbs56(side_elem *o, const side_cols *c) {
    gf4r50_word v[8];
    gf4r50 z;
    cols_in(v, c);
    gf4r50_from_limbs56(z, v);
    out(o, z);
}
static void r_to_limbs56(side_cols *c, const side_elem *a) {
    gf4r50_word v[8];
    gf4r50 x;
    in(x, a);
    gf4r50_to_limbs56(v, x);
    cols_out(c, v);
}
static void r_rows_to_columns56(side_cols *c, const side_rows *r) {
    const uint64_t *const rows[SIDE_LANES] = {r->w[0], r->w[1], r->w[2], r->w[3]};
    gf4r50_word v[8];
    gf4r50_rows_to_columns56(v, rows);
    cols_out(c, v);
}
static void r_columns_to_rows56(side_rows *r, const side_cols *c) {
    uint64_t *const rows[SIDE_LANES] = {r->w[0], r->w[1], r->w[2], r->w[3]};
    gf4r50_word v[8];
    cols_in(v, c);
    gf4r50_columns_to_rows56(rows, v);
}
static void r_broadcast_row56(side_cols *c, const uint64_t row[8]) {
    gf4r50_word v[8];
    gf4r50_broadcast_row56(v, row);
    cols_out(c, v);
}
static void r_permute(side_elem *o, const side_elem *a, const long long idx[SIDE_LANES]) {
    gf4r50 x, z;
    in(x, a);
    gf4r50_permute(z, x, word_in(idx));
    out(o, z);
}
static void r_blend(side_elem *o, const side_elem *a, const side_elem *b, unsigned m) {
    gf4r50 x, y, z;
    in(x, a);
    in(y, b);
    gf4r50_blend(z, x, y, (gf4r50_lanemask)m);
    out(o, z);
}
static void r_select(side_elem *o, const side_elem *a, const side_elem *b, const long long mask[SIDE_LANES]) {
    gf4r50 x, y, z;
    in(x, a);
    in(y, b);
    gf4r50_select(z, x, y, word_in(mask));
    out(o, z);
}
/* n: one of SIDE_LOOKUP_SIZES (the routine's loop is unrolled in full, so n is a constant
 * in each case); any other n leaves the output zero. */
static void r_lookup(side_elem *o, const side_elem table[SIDE_TABLE_MAX], unsigned n, uint32_t index) {
    gf4r50_s t[SIDE_TABLE_MAX];
    gf4r50 z;
    memset(z, 0, sizeof z);
    memcpy(t, table, sizeof t);
#define E(k) case k: gf4r50_lookup(z, t, k, index); break;
    switch (n) { SIDE_LOOKUP_SIZES(E) }
#undef E
    out(o, z);
}
static void r_from_bytes(side_elem *o, const uint8_t b[SIDE_LANES * 56]) {
    uint8_t x[GF4R50_LANES][56];
    gf4r50 z;
    memcpy(x, b, sizeof x);
    gf4r50_from_bytes(z, (const uint8_t(*)[56])x);
    out(o, z);
}
static void r_to_bytes(uint8_t o[57], const side_elem *a, unsigned lane) {
    gf4r50 x;
    in(x, a);
    gf4r50_to_bytes(o, x, lane % GF4R50_LANES);
}
static void r_lanes(uint64_t o[SIDE_LANES], const long long l[SIDE_LANES]) {
    const gf4r50_word v = gf4r50_lanes(l[0], l[1], l[2], l[3]);
    memcpy(o, &v, sizeof v);
}
static void r_splat(uint64_t o[SIDE_LANES], uint64_t x) {
    const gf4r50_word v = gf4r50_splat(x);
    memcpy(o, &v, sizeof v);
}
static void r_zero_word(uint64_t o[SIDE_LANES]) {
    const gf4r50_word v = gf4r50_zero_word();
    memcpy(o, &v, sizeof v);
}

/* ---- the intrinsics: one wrapper each, with the signature of side_intrinsic_fn ---- */

static v256 ld256(const uint64_t *w) {
    v256 v;
    memcpy(&v, w, sizeof v);
    return v;
}
static v512 ld512(const uint64_t *w) {
    v512 v;
    memcpy(&v, w, sizeof v);
    return v;
}
static void st256(uint64_t *o, v256 v) {
    memset(o, 0, 8 * sizeof o[0]);
    memcpy(o, &v, sizeof v);
}
static void st512(uint64_t *o, v512 v) { memcpy(o, &v, sizeof v); }

#define UNUSED (void)a, (void)b, (void)c, (void)s
#define WRAP(op) static void w##op(uint64_t *o, const uint64_t *a, const uint64_t *b, const uint64_t *c, uint64_t s)
/* op(a, b) and op(acc = a, x = b, y = c) on 256 or 512 bits */
#define BIN(op, n) WRAP(op) { UNUSED; st##n(o, I(op)(ld##n(a), ld##n(b))); }
#define TER(op, n) WRAP(op) { UNUSED; st##n(o, I(op)(ld##n(a), ld##n(b), ld##n(c))); }

/* An immediate operand s: a switch over every value the instruction's field holds, each
 * case with its constant (the intrinsics take no variable there). */
#define C1(E, n) case (n): E(n); break;
#define C2(E, n) C1(E, n) C1(E, (n) + 1)
#define C8(E, n) C2(E, n) C2(E, (n) + 2) C2(E, (n) + 4) C2(E, (n) + 6)
#define C64(E, n) C8(E, n) C8(E, (n) + 8) C8(E, (n) + 16) C8(E, (n) + 24) C8(E, (n) + 32) C8(E, (n) + 40) \
    C8(E, (n) + 48) C8(E, (n) + 56)
#define C256(E) C64(E, 0) C64(E, 64) C64(E, 128) C64(E, 192)

BIN(_mm256_add_epi64, 256)
BIN(_mm256_sub_epi64, 256)
BIN(_mm256_and_si256, 256)
BIN(_mm256_or_si256, 256)
BIN(_mm256_xor_si256, 256)
BIN(_mm256_cmpeq_epi64, 256)
BIN(_mm256_unpacklo_epi64, 256)
BIN(_mm256_unpackhi_epi64, 256)
BIN(_mm256_permutexvar_epi64, 256)   /* idx = a */
TER(_mm256_madd52lo_epu64, 256)
TER(_mm256_madd52hi_epu64, 256)
BIN(_mm512_add_epi64, 512)
TER(_mm512_madd52lo_epu64, 512)
TER(_mm512_madd52hi_epu64, 512)

/* shift a by the count s (0..255) */
WRAP(_mm256_slli_epi64) {
    UNUSED;
    const v256 x = ld256(a);
    v256 r = x;
#define E(n) r = I(_mm256_slli_epi64)(x, (n))
    switch (s & 255) { C256(E) }
#undef E
    st256(o, r);
}
WRAP(_mm256_srli_epi64) {
    UNUSED;
    const v256 x = ld256(a);
    v256 r = x;
#define E(n) r = I(_mm256_srli_epi64)(x, (n))
    switch (s & 255) { C256(E) }
#undef E
    st256(o, r);
}
WRAP(_mm512_slli_epi64) {
    UNUSED;
    const v512 x = ld512(a);
    v512 r = x;
#define E(n) r = I(_mm512_slli_epi64)(x, (n))
    switch (s & 255) { C256(E) }
#undef E
    st512(o, r);
}
/* a's halves and b's by the immediate s (0..255) */
WRAP(_mm256_permute2x128_si256) {
    UNUSED;
    const v256 x = ld256(a), y = ld256(b);
    v256 r = x;
#define E(n) r = I(_mm256_permute2x128_si256)(x, y, (n))
    switch (s & 255) { C256(E) }
#undef E
    st256(o, r);
}
/* a's half s (0..1) */
WRAP(_mm512_extracti64x4_epi64) {
    UNUSED;
    const v512 x = ld512(a);
    v256 r = ld256(b);
#define E(n) r = I(_mm512_extracti64x4_epi64)(x, (n))
    switch (s & 1) { C2(E, 0) }
#undef E
    st256(o, r);
}
/* a with its half s (0..1) replaced by b's low half */
WRAP(_mm512_inserti64x4) {
    UNUSED;
    const v512 x = ld512(a);
    const v256 y = ld256(b);
    v512 r = x;
#define E(n) r = I(_mm512_inserti64x4)(x, y, (n))
    switch (s & 1) { C2(E, 0) }
#undef E
    st512(o, r);
}
/* lane k from b where bit k of s is set, else from a */
WRAP(_mm256_mask_blend_epi64) { UNUSED; st256(o, I(_mm256_mask_blend_epi64)((mask8)s, ld256(a), ld256(b))); }
/* the words of a as long long: set1 (a[0]), setr (a[0..3]) */
WRAP(_mm256_set1_epi64x) { UNUSED; st256(o, I(_mm256_set1_epi64x)((long long)a[0])); }
WRAP(_mm256_setr_epi64x) {
    UNUSED;
    st256(o, I(_mm256_setr_epi64x)((long long)a[0], (long long)a[1], (long long)a[2], (long long)a[3]));
}
WRAP(_mm256_setzero_si256) { UNUSED; st256(o, I(_mm256_setzero_si256)()); }
WRAP(_mm512_setzero_si512) { UNUSED; st512(o, I(_mm512_setzero_si512)()); }
/* loadu from the words of a; storeu of a into a buffer */
WRAP(_mm256_loadu_si256) { UNUSED; st256(o, I(_mm256_loadu_si256)((const v256 *)(const void *)a)); }
WRAP(_mm256_storeu_si256) {
    UNUSED;
    uint64_t buf[4];
    I(_mm256_storeu_si256)((v256 *)(void *)buf, ld256(a));
    memset(o, 0, 8 * sizeof o[0]);
    memcpy(o, buf, sizeof buf);
}
WRAP(_mm512_broadcast_i64x4) { UNUSED; st512(o, I(_mm512_broadcast_i64x4)(ld256(a))); }
/* the widened word's high half is undefined to Intel: the table says 4 words are defined */
WRAP(_mm512_castsi256_si512) { UNUSED; st512(o, I(_mm512_castsi256_si512)(ld256(a))); }
WRAP(_mm512_castsi512_si256) { UNUSED; st256(o, I(_mm512_castsi512_si256)(ld512(a))); }

#define ENTRY(op, words, imm_max) {#op, w##op, words, imm_max}
/* Every intrinsic of gen/r50_portable.py OPS, in its order (test_gf4r50_twin checks the
 * count against the twin header's definitions). */
static const struct side_intrinsic intrinsics[] = {
    ENTRY(_mm256_add_epi64, 4, 0),
    ENTRY(_mm256_sub_epi64, 4, 0),
    ENTRY(_mm256_and_si256, 4, 0),
    ENTRY(_mm256_or_si256, 4, 0),
    ENTRY(_mm256_xor_si256, 4, 0),
    ENTRY(_mm256_slli_epi64, 4, 255),
    ENTRY(_mm256_srli_epi64, 4, 255),
    ENTRY(_mm256_madd52lo_epu64, 4, 0),
    ENTRY(_mm256_madd52hi_epu64, 4, 0),
    ENTRY(_mm256_set1_epi64x, 4, 0),
    ENTRY(_mm256_setr_epi64x, 4, 0),
    ENTRY(_mm256_setzero_si256, 4, 0),
    ENTRY(_mm256_cmpeq_epi64, 4, 0),
    ENTRY(_mm256_mask_blend_epi64, 4, 0),
    ENTRY(_mm256_permutexvar_epi64, 4, 0),
    ENTRY(_mm256_unpacklo_epi64, 4, 0),
    ENTRY(_mm256_unpackhi_epi64, 4, 0),
    ENTRY(_mm256_permute2x128_si256, 4, 255),
    ENTRY(_mm256_loadu_si256, 4, 0),
    ENTRY(_mm256_storeu_si256, 4, 0),
    ENTRY(_mm512_add_epi64, 8, 0),
    ENTRY(_mm512_slli_epi64, 8, 255),
    ENTRY(_mm512_madd52lo_epu64, 8, 0),
    ENTRY(_mm512_madd52hi_epu64, 8, 0),
    ENTRY(_mm512_setzero_si512, 8, 0),
    ENTRY(_mm512_broadcast_i64x4, 8, 0),
    ENTRY(_mm512_castsi256_si512, 4, 0),
    ENTRY(_mm512_castsi512_si256, 4, 0),
    ENTRY(_mm512_extracti64x4_epi64, 4, 1),
    ENTRY(_mm512_inserti64x4, 8, 1),
};

const struct gf4r50_side SIDE_CAT(GF4R50_SIDE, _side) = {
    SIDE_STR(GF4R50_SIDE), GF4R50_PORTABLE, GF4R50_PAIRED,
    r_mul, r_sqr, r_mulw, r_addsub, r_add, r_carry, r_from_limbs56, r_to_limbs56, r_rows_to_columns56,
    r_columns_to_rows56, r_broadcast_row56, r_permute, r_blend, r_select, r_lookup, r_from_bytes, r_to_bytes,
    r_lanes, r_splat, r_zero_word, intrinsics, sizeof intrinsics / sizeof intrinsics[0],
};
