/*
 * Scalars mod l in the layout's machine words: field.h's gf_word_t and
 * gf_dword_t, 7 x 64 bits with 128-bit products on the 64-bit layouts,
 * 14 x 32 bits with 64-bit products elsewhere. scalar_t keeps its 32-bit
 * words; sw_load and sw_store convert, from and to the bytes of one (which
 * is all a typed decaf448 object holds), so that a caller can work on an
 * object's bytes with the words in registers and no scalar_t in between.
 *
 * Everything is static inline, with fixed loop counts that the compiler
 * unrolls into straight carry chains; constant time (masks, no branch or
 * index on a value). Nothing here wipes: the temporaries are registers or
 * the caller's frame, which the public function clears with its stack wipe.
 */
#ifndef GOLDILOCKS_SCALAR_WORDS_H
#define GOLDILOCKS_SCALAR_WORDS_H

#include <string.h>
#include "field.h"
#include "scalar.h"

typedef gf_word_t sword_t;
typedef gf_dword_t sdword_t;

#define SW_BITS (8 * sizeof(sword_t))
enum {
    SW_N = 448 / (8 * sizeof(sword_t)),     /* words of a scalar: 7 or 14 */
    SW_HALVES = sizeof(sword_t) / sizeof(uint32_t),
};
_Static_assert(sizeof(sword_t) == 4 || sizeof(sword_t) == 8, "32- or 64-bit words");
_Static_assert(sizeof(sdword_t) == 2 * sizeof(sword_t), "double words");

/* l in 32-bit words, little-endian. */
static const uint32_t SW_L32[SCALAR_WORDS] = {
    0xab5844f3, 0x2378c292, 0x8dc58f55, 0x216cc272, 0xaed63690, 0xc44edb49, 0x7cca23e9,
    0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0x3fffffff,
};

/*
 * One step of a carry or borrow chain (carry, borrow: 0 or 1): the layout's
 * (generated gf_layout.h: portable comparisons, or the ISA's adc/sbb).
 */
static inline sword_t sw_adc(sword_t *r, sword_t x, sword_t y, sword_t carry) {
    return gf_word_adc(r, x, y, carry);
}

static inline sword_t sw_sbb(sword_t *r, sword_t x, sword_t y, sword_t borrow) {
    return gf_word_sbb(r, x, y, borrow);
}

/* out[0 .. n) = the 32-bit words in[0 .. n SW_HALVES), SW_HALVES to a word, low first. */
static inline void sw_pack(sword_t *out, const uint32_t *in, size_t n) {
#pragma GCC unroll 16
    for (size_t i = 0; i < n; i++) {
        sword_t w = 0;
        for (size_t h = 0; h < SW_HALVES; h++)
            w |= (sword_t)in[SW_HALVES * i + h] << (32 * h);
        out[i] = w;
    }
}

/*
 * The words of the scalar_t whose bytes are at p, and back. With 32-bit
 * words, or on a little-endian host, a word is the bytes of SW_HALVES
 * consecutive 32-bit words (the condition is a constant): one load or
 * store a word, straight between the object and a register.
 */
static inline void sw_load(sword_t out[SW_N], const void *p) {
    if (SW_HALVES == 1 || __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__) {
#pragma GCC unroll 16
        for (size_t i = 0; i < SW_N; i++)
            memcpy(&out[i], (const uint8_t *)p + i * sizeof(sword_t), sizeof(sword_t));
    } else {
        uint32_t w[SCALAR_WORDS];
        memcpy(w, p, sizeof w);
        sw_pack(out, w, SW_N);
    }
}

static inline void sw_store(void *p, const sword_t in[SW_N]) {
    if (SW_HALVES == 1 || __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__) {
#pragma GCC unroll 16
        for (size_t i = 0; i < SW_N; i++)
            memcpy((uint8_t *)p + i * sizeof(sword_t), &in[i], sizeof(sword_t));
    } else {
        uint32_t w[SCALAR_WORDS];
        for (size_t i = 0; i < SW_N; i++)
            for (size_t h = 0; h < SW_HALVES; h++)
                w[SW_HALVES * i + h] = (uint32_t)(in[i] >> (32 * h));
        memcpy(p, w, sizeof w);
    }
}

/* r = x - l when x >= l, else x, for x < 2l, by mask. r may alias x. */
static inline void sw_cond_sub_l(sword_t r[SW_N], const sword_t x[SW_N]) {
    sword_t l[SW_N], t[SW_N], borrow = 0;
    sw_pack(l, SW_L32, SW_N);
#pragma GCC unroll 16
    for (size_t i = 0; i < SW_N; i++)
        borrow = sw_sbb(&t[i], x[i], l[i], borrow);
    sword_t keep_x = (sword_t)0 - borrow; /* x < l */
#pragma GCC unroll 16
    for (size_t i = 0; i < SW_N; i++)
        r[i] = t[i] ^ ((t[i] ^ x[i]) & keep_x);
}

/* r = x + y mod l for x, y < l: the sum (below 2l < 2^447, no carry out), less l when it is not below l. */
static inline void sw_add(sword_t r[SW_N], const sword_t x[SW_N], const sword_t y[SW_N]) {
    sword_t s[SW_N], carry = 0;
#pragma GCC unroll 16
    for (size_t i = 0; i < SW_N; i++)
        carry = sw_adc(&s[i], x[i], y[i], carry);
    sw_cond_sub_l(r, s);
}

/* r = x - y mod l for x, y < l: the difference, plus l when it borrowed. r may alias x or y. */
static inline void sw_sub(sword_t r[SW_N], const sword_t x[SW_N], const sword_t y[SW_N]) {
    sword_t l[SW_N], t[SW_N], borrow = 0;
#pragma GCC unroll 16
    for (size_t i = 0; i < SW_N; i++)
        borrow = sw_sbb(&t[i], x[i], y[i], borrow);
    sw_pack(l, SW_L32, SW_N);
    sword_t negative = (sword_t)0 - borrow, carry = 0;
#pragma GCC unroll 16
    for (size_t i = 0; i < SW_N; i++)
        carry = sw_adc(&r[i], t[i], l[i] & negative, carry);
}

/* r = -x mod l for x < l: l - x (no borrow), masked to 0 when x = 0. r may alias x. */
static inline void sw_neg(sword_t r[SW_N], const sword_t x[SW_N]) {
    sword_t l[SW_N], any = 0, borrow = 0;
    sw_pack(l, SW_L32, SW_N);
#pragma GCC unroll 16
    for (size_t i = 0; i < SW_N; i++) {
        any |= x[i];
        borrow = sw_sbb(&l[i], l[i], x[i], borrow);
    }
    sword_t nonzero = (sword_t)0 - ((any | ((sword_t)0 - any)) >> (SW_BITS - 1));
#pragma GCC unroll 16
    for (size_t i = 0; i < SW_N; i++)
        r[i] = l[i] & nonzero;
}

/*
 * The same on the bytes of scalar_t objects (sw_load, sw_store), for
 * scalar.c and the typed decaf448 scalars: out = op(a, b) for op sw_add or
 * sw_sub (inlined: the pointer is a constant at every call), out = -a.
 * The inputs are read before out is written: out may alias a or b.
 */
static inline __attribute__((always_inline)) void sw_binary_at(void *out, const void *a, const void *b,
                                                               void (*op)(sword_t r[SW_N], const sword_t x[SW_N],
                                                                          const sword_t y[SW_N])) {
    sword_t x[SW_N], y[SW_N];
    sw_load(x, a);
    sw_load(y, b);
    op(x, x, y);
    sw_store(out, x);
}

static inline void sw_neg_at(void *out, const void *a) {
    sword_t x[SW_N];
    sw_load(x, a);
    sw_neg(x, x);
    sw_store(out, x);
}

#endif
