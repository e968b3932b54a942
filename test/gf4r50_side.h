/*
 * One side of test/test_gf4r50_twin.c: every gf4r50.h routine and every intrinsic the
 * portable twin defines, over plain words, so that the test (which includes neither
 * gf4r50.h) can hold both headers' code in one program. test/gf4r50_side.c is that one
 * text, compiled once per side (GF4R50_SIDE names its struct):
 *   hw_p0_side, hw_p1_side: generated/lanes_avx512ifma/gf4r50.h (IFMA flags), GF4R50_PAIRED 0 / 1;
 *   tw_p0_side, tw_p1_side: generated/r50_portable/gf4r50.h (no flags), GF4R50_PAIRED 0 / 1.
 */
#ifndef GOLDILOCKS_TEST_GF4R50_SIDE_H
#define GOLDILOCKS_TEST_GF4R50_SIDE_H

#include <stdint.h>

enum { SIDE_LIMBS = 9, SIDE_LANES = 4, SIDE_TABLE_MAX = 32 };
/* The table sizes lookup takes (gf4r50_lookup is unrolled for a constant size): small ones and
 * those of the r50 backend's tables (16, 17, GF4R50_COMB_ENTRIES 32). */
#define SIDE_LOOKUP_SIZES(E) E(1) E(2) E(3) E(4) E(5) E(8) E(9) E(16) E(17) E(32)

/* An element: limb i of lane k in w[i][k] (gf4r50_s's memory order). */
typedef struct side_elem { uint64_t w[SIDE_LIMBS][SIDE_LANES]; } side_elem;
/* The 8 words of radix-2^56 limbs by columns (word j: limb j of the four lanes), and by rows. */
typedef struct side_cols { uint64_t w[8][SIDE_LANES]; } side_cols;
typedef struct side_rows { uint64_t w[SIDE_LANES][8]; } side_rows;

/*
 * One intrinsic on up to three vectors a, b, c (8 words each; a 256-bit argument reads the
 * first 4) and one number s (a mask, a count, an immediate); out gets the result's words
 * (8; a 256-bit result's last 4 are zero). How each reads its arguments: gf4r50_side.c.
 */
typedef void side_intrinsic_fn(uint64_t out[8], const uint64_t a[8], const uint64_t b[8], const uint64_t c[8],
                               uint64_t s);
struct side_intrinsic {
    const char *name;    /* Intel's name (the twin's is "twin" before it) */
    side_intrinsic_fn *fn;
    unsigned words;      /* the result's defined words: 4, 8, or 4 for a widening cast */
    unsigned imm_max;    /* s is an immediate in 0..imm_max (0: s is no immediate) */
};

struct gf4r50_side {
    const char *name;
    int portable, paired;   /* GF4R50_PORTABLE, GF4R50_PAIRED of its objects */
    void (*mul)(side_elem *out, const side_elem *a, const side_elem *b);
    void (*sqr)(side_elem *out, const side_elem *a);
    void (*mulw)(side_elem *out, const side_elem *a, uint32_t w);
    void (*addsub)(side_elem *out, const side_elem *a, const side_elem *b, unsigned sub);
    void (*add)(side_elem *out, const side_elem *a, const side_elem *b);
    void (*carry)(side_elem *out, const side_elem *a);
    void (*from_limbs56)(side_elem *out, const side_cols *v);
    void (*to_limbs56)(side_cols *v, const side_elem *a);
    void (*rows_to_columns56)(side_cols *v, const side_rows *rows);
    void (*columns_to_rows56)(side_rows *rows, const side_cols *v);
    void (*broadcast_row56)(side_cols *v, const uint64_t row[8]);
    void (*permute)(side_elem *out, const side_elem *a, const long long idx[SIDE_LANES]);
    void (*blend)(side_elem *out, const side_elem *a, const side_elem *b, unsigned m);
    void (*select)(side_elem *out, const side_elem *a, const side_elem *b, const long long mask[SIDE_LANES]);
    /* table: SIDE_TABLE_MAX entries, of which the first n are read */
    void (*lookup)(side_elem *out, const side_elem table[SIDE_TABLE_MAX], unsigned n, uint32_t index);
    void (*from_bytes)(side_elem *out, const uint8_t in[SIDE_LANES * 56]);
    void (*to_bytes)(uint8_t out[57], const side_elem *a, unsigned lane);
    /* the words: gf4r50_lanes, gf4r50_splat, gf4r50_zero_word */
    void (*lanes)(uint64_t out[SIDE_LANES], const long long l[SIDE_LANES]);
    void (*splat)(uint64_t out[SIDE_LANES], uint64_t v);
    void (*zero_word)(uint64_t out[SIDE_LANES]);
    const struct side_intrinsic *intrinsics;
    unsigned n_intrinsics;
};

extern const struct gf4r50_side hw_p0_side, hw_p1_side, tw_p0_side, tw_p1_side;

#endif
