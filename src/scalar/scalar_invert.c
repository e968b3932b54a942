/*
 * Inversion mod the prime group order l by Fermat's little theorem:
 * a^(l-2) = a^-1 mod l for a != 0 (and 0 for a = 0).
 *
 * The exponent l - 2 is public and fixed, so the code may follow its bits:
 * its top 222 bits are all ones, computed by an addition chain of
 * a^(2^k - 1) (219 squarings, 8 products), and its low 224 bits go through
 * a fixed 4-bit window that indexes a table of a^0 .. a^15 by the digits of
 * the exponent (224 squarings, 56 products; digit 0 multiplies by a^0 = 1,
 * nothing is skipped). The sequence of operations and the memory accesses
 * are the same for every a.
 *
 * The 560 products run in Montgomery form (Montgomery, "Modular
 * multiplication without trial division", Math. Comp. 1985), with
 * R = 2^448, in the layout's machine words (field.h's gf_word_t and
 * gf_dword_t: 7 x 64 bits with 128-bit products, or 14 x 32 bits with
 * 64-bit products): one pass per word of b that multiplies and reduces
 * (Koc, Acar, Kaliski, "Analyzing and comparing Montgomery multiplication
 * algorithms", IEEE Micro 1996: CIOS). scalar_mul's reduction by the shape
 * of l needs a 28-word product first; this is about 3 times faster on
 * 64-bit targets. Since l < 2^446 < R / 4, inputs below l give a result
 * below 2l, and one masked subtraction makes it canonical.
 */
#include <string.h>
#include "ct.h"
#include "scalar.h"

typedef gf_word_t word_t;
typedef gf_dword_t dword_t;

#define WORD_BITS (8 * sizeof(word_t))
#define MONT_WORDS (448 / (8 * sizeof(word_t))) /* R = 2^448 */
#define HALVES (sizeof(word_t) / sizeof(uint32_t))

_Static_assert(sizeof(word_t) == 4 || sizeof(word_t) == 8, "32- or 64-bit words");
_Static_assert(sizeof(dword_t) == 2 * sizeof(word_t), "double words");

/* l and l - 2, little-endian 32-bit words (l is also in scalar.c). */
static const uint32_t L32[SCALAR_WORDS] = {
    0xab5844f3, 0x2378c292, 0x8dc58f55, 0x216cc272, 0xaed63690, 0xc44edb49, 0x7cca23e9,
    0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0x3fffffff,
};
static const uint32_t L_MINUS_2[SCALAR_WORDS] = {
    0xab5844f1, 0x2378c292, 0x8dc58f55, 0x216cc272, 0xaed63690, 0xc44edb49, 0x7cca23e9,
    0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0x3fffffff,
};

/* The modulus in machine words, with -1/l mod 2^WORD_BITS; built per call (no global state). */
typedef struct {
    word_t l[MONT_WORDS];
    word_t minus_inv; /* -l^-1 mod 2^WORD_BITS */
} modulus_t;

static void pack(word_t out[MONT_WORDS], const uint32_t in[SCALAR_WORDS]) {
    for (size_t i = 0; i < MONT_WORDS; i++) {
        word_t w = 0;
        for (size_t h = 0; h < HALVES; h++)
            w |= (word_t)in[HALVES * i + h] << (32 * h);
        out[i] = w;
    }
}

static void unpack(uint32_t out[SCALAR_WORDS], const word_t in[MONT_WORDS]) {
    for (size_t i = 0; i < MONT_WORDS; i++)
        for (size_t h = 0; h < HALVES; h++)
            out[HALVES * i + h] = (uint32_t)(in[i] >> (32 * h));
}

static void modulus_init(modulus_t *m) {
    pack(m->l, L32);
    /* Newton's iteration x <- x (2 - l x) doubles the correct low bits; l x = 1 mod 8 for x = l (l odd). */
    word_t x = m->l[0];
    for (int i = 0; i < 5; i++)
        x *= 2 - m->l[0] * x;
    m->minus_inv = (word_t)0 - x;
}

/* r = a b / R mod l for a, b < l; r may alias a or b. */
static void mont_mul(word_t r[MONT_WORDS], const word_t a[MONT_WORDS], const word_t b[MONT_WORDS],
                     const modulus_t *m) {
    word_t t[MONT_WORDS + 2] = {0};
    for (size_t i = 0; i < MONT_WORDS; i++) {
        /* t += a b[i]: each step is below (2^w - 1) + (2^w - 1)^2 + (2^w - 1) < 2^2w */
        dword_t c = 0;
#pragma GCC unroll 16
        for (size_t j = 0; j < MONT_WORDS; j++) {
            c += (dword_t)t[j] + (dword_t)a[j] * b[i];
            t[j] = (word_t)c;
            c >>= WORD_BITS;
        }
        c += t[MONT_WORDS];
        t[MONT_WORDS] = (word_t)c;
        t[MONT_WORDS + 1] = (word_t)(c >> WORD_BITS);
        /* t = (t + q l) / 2^w with q = -t / l mod 2^w: the low word cancels */
        word_t q = t[0] * m->minus_inv;
        c = ((dword_t)t[0] + (dword_t)q * m->l[0]) >> WORD_BITS;
#pragma GCC unroll 16
        for (size_t j = 1; j < MONT_WORDS; j++) {
            c += (dword_t)t[j] + (dword_t)q * m->l[j];
            t[j - 1] = (word_t)c;
            c >>= WORD_BITS;
        }
        c += t[MONT_WORDS];
        t[MONT_WORDS - 1] = (word_t)c;
        t[MONT_WORDS] = t[MONT_WORDS + 1] + (word_t)(c >> WORD_BITS);
    }
    /* t < 2l < 2^447 (so t[MONT_WORDS] = 0): subtract l unless that borrows */
    word_t s[MONT_WORDS], borrow = 0;
    for (size_t j = 0; j < MONT_WORDS; j++) {
        dword_t d = (dword_t)t[j] - m->l[j] - borrow;
        s[j] = (word_t)d;
        borrow = (word_t)(d >> WORD_BITS) & 1;
    }
    word_t keep_t = (word_t)0 - borrow;
    for (size_t j = 0; j < MONT_WORDS; j++)
        r[j] = (t[j] & keep_t) | (s[j] & ~keep_t);
    /*
     * t and s are not wiped here: 560 calls would pay two wipes each (a
     * tenth of the inversion). They are in this frame, below the public
     * function's, whose ct_wipe_stack clears them with everything else.
     */
}

/*
 * r = a^2 / R mod l for a < l; r may alias a. The square first, with each
 * product of two different words once and then doubled (MONT_WORDS
 * (MONT_WORDS - 1) / 2 products, and MONT_WORDS squares), then one
 * Montgomery reduction of the double-length result (MONT_WORDS^2
 * products): 77 products of 64-bit words where mont_mul takes 98. a^2 <
 * l^2 < 2^892 fits 2 MONT_WORDS words; the reduced value is below
 * (l^2 + R l) / R < 2l < R, so no carry leaves the top.
 */
static void mont_sqr(word_t r[MONT_WORDS], const word_t a[MONT_WORDS], const modulus_t *m) {
    word_t t[2 * MONT_WORDS] = {0};
    for (size_t i = 0; i + 1 < MONT_WORDS; i++) {
        dword_t c = 0;
#pragma GCC unroll 16
        for (size_t j = i + 1; j < MONT_WORDS; j++) {
            c += (dword_t)t[i + j] + (dword_t)a[i] * a[j];
            t[i + j] = (word_t)c;
            c >>= WORD_BITS;
        }
        t[i + MONT_WORDS] = (word_t)c; /* a word no earlier row reached */
    }
    /* t = 2 t + the squares a[i]^2 at word 2i (2 t < a^2: no bit leaves the top) */
    word_t top = 0;
    dword_t c = 0;
#pragma GCC unroll 16
    for (size_t i = 0; i < MONT_WORDS; i++) {
        dword_t sq = (dword_t)a[i] * a[i];
        word_t lo = t[2 * i], hi = t[2 * i + 1];
        word_t lo2 = (lo << 1) | top, hi2 = (hi << 1) | (lo >> (WORD_BITS - 1));
        top = hi >> (WORD_BITS - 1);
        c += (dword_t)lo2 + (word_t)sq;
        t[2 * i] = (word_t)c;
        c >>= WORD_BITS;
        c += (dword_t)hi2 + (word_t)(sq >> WORD_BITS);
        t[2 * i + 1] = (word_t)c;
        c >>= WORD_BITS;
    }
    /* REDC, a word at a time: t += q l 2^(w i) with q = -t[i] / l mod 2^w clears word i */
    word_t carry = 0;
    for (size_t i = 0; i < MONT_WORDS; i++) {
        word_t q = t[i] * m->minus_inv;
        dword_t d = 0;
#pragma GCC unroll 16
        for (size_t j = 0; j < MONT_WORDS; j++) {
            d += (dword_t)t[i + j] + (dword_t)q * m->l[j];
            t[i + j] = (word_t)d;
            d >>= WORD_BITS;
        }
        d += (dword_t)t[i + MONT_WORDS] + carry;
        t[i + MONT_WORDS] = (word_t)d;
        carry = (word_t)(d >> WORD_BITS);
    }
    /* t[MONT_WORDS ..) < 2l, carry = 0: subtract l unless that borrows */
    word_t s[MONT_WORDS], borrow = 0;
    for (size_t j = 0; j < MONT_WORDS; j++) {
        dword_t d = (dword_t)t[MONT_WORDS + j] - m->l[j] - borrow;
        s[j] = (word_t)d;
        borrow = (word_t)(d >> WORD_BITS) & 1;
    }
    word_t keep_t = (word_t)0 - borrow;
    for (size_t j = 0; j < MONT_WORDS; j++)
        r[j] = (t[MONT_WORDS + j] & keep_t) | (s[j] & ~keep_t);
    /* t and s: as in mont_mul */
}

/* r = a^(2^n) b (Montgomery form); r may alias a and b (a is copied first, b read last). */
static void sqr_n_mul(word_t r[MONT_WORDS], const word_t a[MONT_WORDS], int n, const word_t b[MONT_WORDS],
                      const modulus_t *m) {
    word_t t[MONT_WORDS];
    memcpy(t, a, sizeof t);
    for (int i = 0; i < n; i++)
        mont_sqr(t, t, m);
    mont_mul(r, t, b, m);
    ct_wipe(t, sizeof t);
}

void scalar_invert(scalar_t *out, const scalar_t *a) {
    modulus_t m;
    modulus_init(&m);

    /* R^2 mod l = 2^896 mod l, from the reduction of scalar.c; one = R mod l. */
    uint8_t r2_bytes[113] = {0};
    r2_bytes[112] = 1;
    scalar_t r2s;
    scalar_reduce_bytes(&r2s, r2_bytes, sizeof r2_bytes);
    word_t r2[MONT_WORDS], one[MONT_WORDS], x[MONT_WORDS], acc[MONT_WORDS];
    pack(r2, r2s.word);
    memset(one, 0, sizeof one);
    one[0] = 1;

    word_t table[16][MONT_WORDS]; /* table[i] = a^i */
    pack(x, a->word);
    mont_mul(table[1], x, r2, &m);   /* a R */
    mont_mul(table[0], one, r2, &m); /* R = 1 in Montgomery form */
    for (int i = 2; i < 16; i++)
        mont_mul(table[i], table[i - 1], table[1], &m);

    /*
     * l - 2 = (2^222 - 1) 2^224 + low, low < 2^224: bits 224 to 445 are all
     * ones. x_k = a^(2^k - 1) by x_(j+k) = x_j^(2^k) x_k: 219 squarings and
     * 8 products for x_222 where the window would take 56 products.
     */
    word_t x6[MONT_WORDS], x12[MONT_WORDS], x24[MONT_WORDS];
    sqr_n_mul(x6, table[7], 3, table[7], &m); /* x3 = a^7 */
    sqr_n_mul(x12, x6, 6, x6, &m);
    sqr_n_mul(x24, x12, 12, x12, &m);
    sqr_n_mul(acc, x24, 24, x24, &m);  /* x48 */
    sqr_n_mul(acc, acc, 48, acc, &m);  /* x96: acc^(2^48) acc, the copy in sqr_n_mul keeps b intact */
    sqr_n_mul(acc, acc, 96, acc, &m);  /* x192 */
    sqr_n_mul(acc, acc, 24, x24, &m);  /* x216 */
    sqr_n_mul(acc, acc, 6, x6, &m);    /* x222 */

    /* then low, 4 bits at a time: 56 nibbles, top first */
    for (int i = SCALAR_WORDS / 2 * 8 - 1; i >= 0; i--) {
        for (int s = 0; s < 4; s++)
            mont_sqr(acc, acc, &m);
        uint32_t digit = (L_MINUS_2[i / 8] >> (4 * (i % 8))) & 15; /* public */
        mont_mul(acc, acc, table[digit], &m);
    }
    mont_mul(acc, acc, one, &m); /* out of Montgomery form */
    unpack(out->word, acc);

    ct_wipe(table, sizeof table);
    ct_wipe(acc, sizeof acc);
    ct_wipe(x, sizeof x);
    ct_wipe(x6, sizeof x6);
    ct_wipe(x12, sizeof x12);
    ct_wipe(x24, sizeof x24);
}
