/*
 * Scalars modulo l = 2^446 - c, c = 13818066809895115352007386748515426880336692474882178609894547503885
 * (a 224-bit number; RFC 8032 section 5.2). The byte reductions use 32-bit
 * words and 64-bit products; add, sub, neg and mul the layout's machine
 * words (scalar_words.h). Fixed loop counts: the time depends on input
 * lengths only.
 *
 * Reduction uses the shape of l instead of Montgomery or Barrett constants:
 * 2^446 = c (mod l), so 2^448 = 4c (mod l) with 4c < 2^226, and
 *   x = lo + hi * 2^448  ==  lo + hi * 4c  (mod l),  lo = x mod 2^448.
 * Each such fold shrinks a value below 2^B to one below 2^(max(448, B - 222) + 1);
 * two folds take a 912-bit input (114 bytes) or an 892-bit product below
 * 2^478. Then, with q = x >> 446 < 2^32,
 *   x - q l = (x mod 2^446) + q c < 2^446 + 2^256 < 2l,
 * and one conditional subtraction of l gives the canonical value.
 */
#include <string.h>
#include "ct.h"
#include "scalar.h"
#include "scalar_words.h"

/* Longest input read in one pass: 114 bytes (an Ed448 SHAKE256 output). */
enum { WIDE_BYTES = 114, WIDE_WORDS = (WIDE_BYTES + 3) / 4 + 1 };

/* l, c = 2^446 - l and 4c = 2^448 mod l, in little-endian 32-bit words. */
static const uint32_t L[SCALAR_WORDS] = {
    0xab5844f3, 0x2378c292, 0x8dc58f55, 0x216cc272, 0xaed63690, 0xc44edb49, 0x7cca23e9,
    0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0x3fffffff,
};
static const uint32_t C[7] = {
    0x54a7bb0d, 0xdc873d6d, 0x723a70aa, 0xde933d8d, 0x5129c96f, 0x3bb124b6, 0x8335dc16,
};
static const uint32_t FOUR_C[8] = {
    0x529eec34, 0x721cf5b5, 0xc8e9c2ab, 0x7a4cf635, 0x44a725bf, 0xeec492d9, 0x0cd77058, 0x00000002,
};

/* All ones when b = 1, zero when b = 0. */
static uint32_t mask32(uint32_t b) {
    return (uint32_t)ct_mask_from_bit(b);
}

/* out = a - b over n words; returns the borrow out (0 or 1). out may alias a or b. */
static uint32_t sub_words(uint32_t *out, const uint32_t *a, const uint32_t *b, size_t n) {
    uint32_t borrow = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t t = (uint64_t)a[i] - b[i] - borrow;
        out[i] = (uint32_t)t;
        borrow = (uint32_t)(t >> 32) & 1;
    }
    return borrow;
}

/* out = a + (b & mask) over n words; returns the carry out. out may alias a or b. */
static uint32_t add_masked(uint32_t *out, const uint32_t *a, const uint32_t *b, uint32_t mask, size_t n) {
    uint64_t carry = 0;
    for (size_t i = 0; i < n; i++) {
        carry += (uint64_t)a[i] + (b[i] & mask);
        out[i] = (uint32_t)carry;
        carry >>= 32;
    }
    return (uint32_t)carry;
}

/*
 * r[0 .. n) = c[0 .. nc) + a * b, for na + nb <= n, nc <= n, n <= WIDE_WORDS
 * and nb even, when the result fits n words. r may alias c, a or b:
 * everything is read before r is written. The halves of every product go
 * into 64-bit column sums without carrying (a column gets at most 2 na + 1
 * terms below 2^32), and one pass at the end carries, so the inner loop has
 * no dependency chain; two products per step.
 */
static void mul_add_words(uint32_t *r, size_t n, const uint32_t *c, size_t nc, const uint32_t *a, size_t na,
                          const uint32_t *b, size_t nb) {
    uint64_t col[WIDE_WORDS], carry = 0;
    for (size_t k = 0; k < n; k++)
        col[k] = k < nc ? c[k] : 0;
    for (size_t i = 0; i < na; i++) {
        uint64_t ai = a[i];
        for (size_t j = 0; j < nb; j += 2) {
            uint64_t p0 = ai * b[j], p1 = ai * b[j + 1];
            col[i + j] += p0 & 0xffffffff;
            col[i + j + 1] += (p0 >> 32) + (p1 & 0xffffffff);
            col[i + j + 2] += p1 >> 32;
        }
    }
    for (size_t k = 0; k < n; k++) {
        carry += col[k];
        r[k] = (uint32_t)carry;
        carry >>= 32;
    }
    ct_wipe(col, n * sizeof col[0]);
}

/* out = x mod l for x in [0, 2l), given as 14 words. out may alias x. */
static void cond_sub_l(uint32_t out[SCALAR_WORDS], const uint32_t x[SCALAR_WORDS]) {
    uint32_t t[SCALAR_WORDS];
    uint32_t keep_x = mask32(sub_words(t, x, L, SCALAR_WORDS)); /* x < l */
    for (int i = 0; i < SCALAR_WORDS; i++)
        out[i] = (x[i] & keep_x) | (t[i] & ~keep_x);
    ct_wipe(t, sizeof t);
}

/*
 * out = x mod l, for x < 2^bits given in WIDE_WORDS words (words above
 * ceil(bits / 32) zero), bits <= 8 * WIDE_BYTES. Clobbers x.
 */
static void reduce_wide(scalar_t *out, uint32_t x[WIDE_WORDS], unsigned bits) {
    while (bits > 478) {
        /* x = lo + hi 2^448 -> lo + hi 4c: below 2^448 + 2^(bits - 448 + 226). */
        size_t hi_words = (bits + 31) / 32 - SCALAR_WORDS;
        size_t sum_words = (hi_words + 8 > SCALAR_WORDS ? hi_words + 8 : SCALAR_WORDS) + 1;
        mul_add_words(x, sum_words, x, SCALAR_WORDS, x + SCALAR_WORDS, hi_words, FOUR_C, 8);
        for (size_t i = sum_words; i < WIDE_WORDS; i++)
            x[i] = 0;
        bits = (bits - 222 > 448 ? bits - 222 : 448) + 1;
    }

    /*
     * x < 2^478: subtract q l with q = x >> 446 < 2^32, i.e. keep x mod 2^446
     * and add q c. Each step fits: q C[i] + x[i] + carry <= (2^32 - 1)^2 + 2 (2^32 - 1).
     */
    uint32_t q = (x[13] >> 30) | (x[14] << 2);
    x[13] &= 0x3fffffff;
    uint64_t carry = 0;
    for (int i = 0; i < SCALAR_WORDS; i++) {
        carry += (uint64_t)x[i] + (i < 7 ? (uint64_t)q * C[i] : 0);
        x[i] = (uint32_t)carry;
        carry >>= 32;
    }
    cond_sub_l(out->word, x);
}

/* w[0 .. WIDE_WORDS) = the little-endian integer in[0 .. len), len <= WIDE_BYTES. */
static void load_words(uint32_t w[WIDE_WORDS], const uint8_t *in, size_t len) {
    size_t i = 0;
    for (; i < len / 4; i++) {
        const uint8_t *p = in + 4 * i;
        w[i] = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
    }
    for (; i < WIDE_WORDS; i++)
        w[i] = 0;
    for (size_t k = len / 4 * 4; k < len; k++)
        w[k / 4] |= (uint32_t)in[k] << (8 * (k % 4));
}

void scalar_reduce_bytes(scalar_t *out, const uint8_t *in, size_t len) {
    uint32_t x[WIDE_WORDS];
    /*
     * The top part (at most WIDE_BYTES) in one pass; anything longer is taken
     * 56 bytes at a time below it, Horner-style: acc = acc 2^448 + chunk mod l
     * (below 2^894, one more reduce_wide).
     */
    size_t rest = len > WIDE_BYTES ? (len - WIDE_BYTES + 55) / 56 * 56 : 0;
    load_words(x, in + rest, len - rest);
    reduce_wide(out, x, (unsigned)(8 * (len - rest)));
    while (rest > 0) {
        rest -= 56;
        load_words(x, in + rest, 56);
        memcpy(x + SCALAR_WORDS, out->word, sizeof out->word);
        reduce_wide(out, x, 894);
    }
    ct_wipe(x, sizeof x);
}

int scalar_from_canonical_bytes(scalar_t *out, const uint8_t *in, size_t len) {
    uint32_t x[WIDE_WORDS], t[SCALAR_WORDS];
    if (len > 57) {
        memset(out, 0, sizeof *out);
        return -1;
    }
    load_words(x, in, len);
    /* x < l exactly when x - l borrows across all 15 words (l's 15th word is 0). */
    uint32_t borrow = sub_words(t, x, L, SCALAR_WORDS);
    uint32_t below = (uint32_t)(((uint64_t)x[SCALAR_WORDS] - borrow) >> 32) & 1;
    uint32_t keep = mask32(below);
    for (int i = 0; i < SCALAR_WORDS; i++)
        out->word[i] = x[i] & keep;
    ct_wipe(x, sizeof x);
    ct_wipe(t, sizeof t);
    return (int)below - 1;
}

void scalar_to_bytes(uint8_t out[SCALAR_BYTES], const scalar_t *a) {
    /* a word at a time, unrolled, so that compilers store whole words (out, bytes, could alias a) */
#pragma GCC unroll 14
    for (int i = 0; i < SCALAR_WORDS; i++) {
        const uint32_t w = a->word[i];
#pragma GCC unroll 4
        for (int k = 0; k < 4; k++)
            out[4 * i + k] = (uint8_t)(w >> (8 * k));
    }
}

void scalar_set_small(scalar_t *out, uint32_t w) {
    memset(out, 0, sizeof *out);
    out->word[0] = w;
}

/*
 * ---- add, sub, neg, mul in the layout's machine words (scalar_words.h) ----
 *
 * These wipe nothing themselves: their temporaries are registers or their
 * own frame, which the public function that called them clears with its
 * stack wipe (ct_wipe_stack*, include/goldilocks.h's rule), as it clears
 * every other callee's.
 */
enum { NC = 256 / SW_BITS }; /* words of c and 4c (below 2^226): 4 or 8 */
_Static_assert(2 * NC >= SW_N + 1, "the second fold's sum fits 2 NC words");

/* c over 8 words (its top word 0), for sw_pack. */
static const uint32_t C8[8] = { 0x54a7bb0d, 0xdc873d6d, 0x723a70aa, 0xde933d8d,
                                0x5129c96f, 0x3bb124b6, 0x8335dc16, 0 };

void scalar_add(scalar_t *out, const scalar_t *a, const scalar_t *b) {
    sw_binary_at(out, a, b, sw_add);
}

void scalar_sub(scalar_t *out, const scalar_t *a, const scalar_t *b) {
    sw_binary_at(out, a, b, sw_sub);
}

void scalar_neg(scalar_t *out, const scalar_t *a) {
    sw_neg_at(out, a);
}

/*
 * r[0 .. na + nb) = c[0 .. nc) + a b, nc <= na + nb, when the sum fits
 * na + nb words; r must not alias a, b or c. Product scanning: a column's
 * products are independent of each other, and their low and high words go
 * into two double-word sums (lo, hi) that need no carry inside the column:
 * at most min(na, nb) <= 14 terms below 2^w, plus c[k], below 2^(w + 4).
 * The only chain is one addition a column, carry + lo_k + hi_(k-1) below
 * 2^(w + 5) (a schoolbook row's chain runs through every product). The
 * loops' bounds are indices only. The columns are unrolled with 64-bit
 * words (7-word scalars: 276 -> 171 rdtsc ticks a typed scalar_mul on a
 * Zen 5), not with 32-bit ones, whose 28 columns gcc then keeps in a
 * 3.6 KiB frame of spills.
 */
#if GF_WORD_BITS == 64
#define SW_UNROLL_COLUMNS _Pragma("GCC unroll 16")
#else
#define SW_UNROLL_COLUMNS
#endif
static inline void mul_add_n(sword_t *r, const sword_t *c, size_t nc, const sword_t *a, size_t na, const sword_t *b,
                             size_t nb) {
    sdword_t carry = 0, hi_prev = 0;
    SW_UNROLL_COLUMNS
    for (size_t k = 0; k < na + nb; k++) {
        sdword_t lo = k < nc ? c[k] : 0, hi = 0;
        size_t first = k < nb ? 0 : k - nb + 1, end = k < na ? k + 1 : na;
#pragma GCC unroll 16
        for (size_t i = first; i < end; i++) {
            sdword_t p = (sdword_t)a[i] * b[k - i];
            lo += (sword_t)p;
            hi += p >> SW_BITS;
        }
        carry += lo + hi_prev;
        r[k] = (sword_t)carry;
        carry >>= SW_BITS;
        hi_prev = hi;
    }
}

/*
 * The product, reduced by the shape of l (the top comment) in machine
 * words: 2^448 = 4c (mod l), 4c < 2^226 in NC words.
 *   ab < 2^892                       SW_N x SW_N products
 *   lo + hi 4c, hi < 2^444: < 2^671  SW_N x NC products
 *   lo + hi 4c, hi < 2^223: < 2^450  NC x NC products
 *   (x mod 2^446) + q c, q = x >> 446 < 16: < 2^446 + 2^228 < 2l, then one
 *   masked subtraction of l.
 * 97 products of words on 64-bit layouts (49 + 28 + 16 + 4), where a
 * Montgomery product and the conversion out of Montgomery form take 196;
 * product scanning (mul_add_n) took it from 253 to 149 rdtsc ticks on a
 * Zen 5, where the schoolbook rows' carry chains had bounded it.
 */
void scalar_mul(scalar_t *out, const scalar_t *a, const scalar_t *b) {
    sword_t x[SW_N], y[SW_N], p[2 * SW_N], f[SW_N + NC], g[2 * NC], fc[NC], c[NC];
    sw_load(x, a);
    sw_load(y, b);
    sw_pack(fc, FOUR_C, NC);
    sw_pack(c, C8, NC);
    mul_add_n(p, NULL, 0, x, SW_N, y, SW_N);
    mul_add_n(f, p, SW_N, p + SW_N, SW_N, fc, NC);
    mul_add_n(g, f, SW_N, f + SW_N, NC, fc, NC);
    /* g < 2^450: bits 446 and up are q */
    sword_t q = (g[SW_N - 1] >> (SW_BITS - 2)) | (g[SW_N] << 2);
    g[SW_N - 1] &= (sword_t)-1 >> 2;
    sdword_t carry = 0;
    for (size_t i = 0; i < SW_N; i++) {
        carry += (sdword_t)g[i] + (i < NC ? (sdword_t)q * c[i] : 0);
        g[i] = (sword_t)carry;
        carry >>= SW_BITS;
    }
    sw_cond_sub_l(g, g);
    sw_store(out, g);
}

void scalar_halve(scalar_t *out, const scalar_t *a) {
    /* a odd: a + l is even and < 2^447; shift it right. */
    uint32_t t[SCALAR_WORDS];
    add_masked(t, a->word, L, mask32(a->word[0] & 1), SCALAR_WORDS);
    for (int i = 0; i < SCALAR_WORDS - 1; i++)
        out->word[i] = (t[i] >> 1) | (t[i + 1] << 31);
    out->word[SCALAR_WORDS - 1] = t[SCALAR_WORDS - 1] >> 1;
    ct_wipe(t, sizeof t);
}

int scalar_eq(const scalar_t *a, const scalar_t *b) {
    uint32_t diff = 0;
    for (int i = 0; i < SCALAR_WORDS; i++)
        diff |= a->word[i] ^ b->word[i];
    return (int)(((uint64_t)diff - 1) >> 63);
}
