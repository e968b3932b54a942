/*
 * x^-1 mod M by divsteps (Bernstein and Yang, "Fast constant-time gcd
 * computation and modular inversion", TCHES 2019, sections 8 to 11).
 *
 * divstep(delta, f, g), f odd:
 *   delta > 0 and g odd: (1 - delta, g, (g - f) / 2)
 *   g odd:               (1 + delta, f, (g + f) / 2)
 *   else:                (1 + delta, f, g / 2)
 * Starting from (1, M, x), Theorem 11.2 of the paper: when f^2 + 4 g^2 <=
 * 5 * 2^(2 b), m >= (49 b + 57) / 17 divsteps (b >= 46) reach g = 0, and then
 * f = +-gcd(M, x). Here f = M < 2^448 and 0 <= g = x < M, so f^2 + 4 g^2 <
 * 5 * 2^896 and b = 448: (49 * 448 + 57) / 17 = 22009 / 17 = 1294.6..., so
 * 1295 steps suffice (the next integer, whether the bound is read with or
 * without its floor); we run whole batches, 22 x 60 = 1320 (64-bit words)
 * or 47 x 28 = 1316 (32-bit words). Steps after g = 0 change nothing we
 * use: with g = 0 (even) each step is (1 + delta, f, 0), the matrix
 * [[2, 0], [0, 1]] / 2, which leaves f and d unchanged (only e and delta
 * move).
 *
 * f and g never grow: |g - f| / 2, |g + f| / 2 and |g| / 2 are at most
 * max(|f|, |g|), so |f|, |g| <= M throughout, 449-bit signed numbers.
 *
 * Batches (the paper's section 8 and its "jumping" transition matrices).
 * N divsteps depend only on delta and the low N bits of f and g: step i
 * reads the parity of g, i.e. bit 0 after i halvings. So N steps run on one
 * machine word of f and g (N = word bits - 4) and give an integer matrix
 * T = [[u, v], [q, r]] with 2^N (f_N, g_N) = T (f, g). Every row of the
 * matrix of one step times 2 is [0, 2], [-1, 1], [2, 0], [1, 1] or [0, 1]
 * (absolute values summing to at most 2), so |u| + |v| <= 2^N and |q| + |r|
 * <= 2^N: every entry fits a signed word (and after S = N / 2 steps a
 * signed half word: divsteps() runs two halves of S steps with each row of
 * the matrix packed in one word, then multiplies their matrices). The
 * batch then applies T to the
 * full f, g (the division by 2^N is exact) and to d, e with e, d such that
 * d x = f and e x = g (mod M), from d = 0, e = 1: (d, e) <- T (d, e) / 2^N
 * mod M, where the division adds the multiple k M, k = -M^-1 (low N bits)
 * mod 2^N, that clears the low N bits. At the end g = 0, f = +-1 (M prime,
 * x != 0), so x^-1 = +-d; for x = 0, g is 0 from the start, f = M and d = 0.
 *
 * Numbers: signed radix-2^N limbs, N = W - 4 (28 on 32-bit words, 60 on
 * 64-bit ones), L = 17 or 8 of them, the fewest that hold 449 bits
 * (modinv.h's MODINV_LIMB_BITS and MODINV_LIMBS): a = sum a_i 2^(N i),
 * every a_i in [0, 2^N) but the top one a_(L-1), signed (floor(a /
 * 2^(N (L-1)))), whose magnitude is at most 2^N for |a| < 2^449 <= 2^(N L). A row update is then, limb by limb, two signed products
 * x a_i + y b_i (and md M_i for d, e) accumulated into a signed double
 * word; its low N bits are the output limb one place down (the division by
 * 2^N is a shift of the limb index), the rest, shifted arithmetically, the
 * signed carry. Signed right shifts are arithmetic (gcc, clang; checked
 * below); words convert to limbs modulo 2^W (gcc, clang: implementation-
 * defined, not undefined), and only values that fit are converted.
 * modinv_modulus_t holds M in these limbs and M^-1 mod 2^W (the constants
 * modinv_p, modinv_l below); x comes in and the result goes out as bytes,
 * converted once each way (to_limbs, from_limbs).
 *
 * d and e stay in (-2M, M), not [0, M): before an update, md = u [d < 0] +
 * v [e < 0] (and alike with q, r for e); then d' = u (d + M [d < 0]) +
 * v (e + M [e < 0]) = u d + v e + md M, with both brackets in (-M, M), is in
 * (-2^N M, 2^N M) as |u| + |v| <= 2^N. Subtracting k M, k in [0, 2^N) the
 * value that clears the low N bits, gives (-2^(N+1) M, 2^N M), and the
 * division by 2^N (-2M, M) again. So md - k is in [-2^(N+1) + 1, 2^N], a
 * signed word. Only the end brings d to [0, M), once.
 */
#include <string.h>
#include "modinv.h"
#include "ct.h"

typedef gf_word_t word_t;
typedef gf_dword_t dword_t;

#define W (8 * sizeof(word_t))
#define N MODINV_LIMB_BITS /* W - 4 */
#define L MODINV_LIMBS     /* 17 or 8 */
#define H (W / 2)
#define S (N / 2) /* a half batch: H - 2 steps */
#define STEPS_MIN 1295 /* Theorem 11.2 with b = 448, above */
#define BATCHES ((STEPS_MIN + N - 1) / N)
#define LOW_N (((word_t)1 << N) - 1)

/* Signed limbs (one word, modinv.h) and their accumulators (a double word). */
typedef modinv_limb_t limb_t;
#if GF_LIMBS == 8
__extension__ typedef __int128 acc_t;
#else
typedef int64_t acc_t;
#endif

_Static_assert(sizeof(word_t) == 4 || sizeof(word_t) == 8, "32- or 64-bit words");
_Static_assert(sizeof(dword_t) == 2 * sizeof(word_t), "double words");
_Static_assert((word_t)-1 > 0 && (dword_t)-1 > 0, "unsigned words");
_Static_assert(MODINV_BYTES * 8 == MODINV_BITS && MODINV_BITS % W == 0, "whole words");
_Static_assert(N == W - 4 && N == 2 * S && S == H - 2, "limbs of W - 4 bits, two half batches of H - 2 steps");
_Static_assert(N * L >= MODINV_BITS + 1 && N * (L - 1) < MODINV_BITS + 1, "the fewest limbs of 449 bits");
_Static_assert(BATCHES * N >= STEPS_MIN, "enough divsteps");
_Static_assert(sizeof(limb_t) == sizeof(word_t) && sizeof(acc_t) == sizeof(dword_t), "limbs of a word");
_Static_assert(((limb_t)-5 >> 1) == -3 && ((acc_t)-5 >> 1) == -3, "arithmetic signed right shifts");
/* The W / 8 bytes at in[at..] as a little-endian word, bytes past the number's end zero. */
static inline word_t load_word(const uint8_t in[MODINV_BYTES], size_t at) {
    word_t v = 0;
#pragma GCC unroll 8
    for (size_t j = 0; j < W / 8; j++)
        if (at + j < MODINV_BYTES)
            v |= (word_t)in[at + j] << (8 * j);
    return v;
}

/*
 * Bytes (a number in [0, 2^MODINV_BITS)) to limbs: limb i is bits N i ..
 * N i + N - 1, the word at byte N i / 8 shifted down by N i % 8 and, when
 * that leaves fewer than N bits, the next byte's bits above them. Out of
 * line: inlined into modinv (its one caller), gcc 12 no longer merges
 * load_word's bytes into one load (187 more instructions a call on avx2).
 */
static __attribute__((noinline)) void to_limbs(limb_t out[L], const uint8_t in[MODINV_BYTES]) {
#pragma GCC unroll 16
    for (size_t i = 0; i < L; i++) {
        const size_t bit = N * i, at = bit / 8, s = bit % 8;
        word_t v = load_word(in, at) >> s;
        if (s + N > W && at + W / 8 < MODINV_BYTES)
            v |= (word_t)in[at + W / 8] << (W - s);
        out[i] = (limb_t)(v & LOW_N);
    }
}

/*
 * The two moduli (modinv.h), constants of the word size: limb i of M is
 * floor(M / 2^(N i)) mod 2^N, and inv = M^-1 mod 2^W (in Python,
 * [(M >> N * i) % 2**N for i in range(L)] and pow(M, -1, 2**W));
 * test/field_modinv.c derives both with GMP and compares. p = -1 mod 2^224,
 * so p^-1 = -1 mod 2^W.
 */
#if GF_LIMBS == 8
_Static_assert(MODINV_LIMBS == 8, "8 limbs of 60 bits");
const modinv_modulus_t modinv_p = {
    .m = { 0xfffffffffffffff, 0xfffffffffffffff, 0xfffffffffffffff, 0xfffefffffffffff,
           0xfffffffffffffff, 0xfffffffffffffff, 0xfffffffffffffff, 0x00000000fffffff },
    .inv = 0xffffffffffffffff,
};
const modinv_modulus_t modinv_l = {
    .m = { 0x378c292ab5844f3, 0x6cc2728dc58f552, 0xedb49aed6369021, 0xffff7cca23e9c44,
           0xfffffffffffffff, 0xfffffffffffffff, 0xfffffffffffffff, 0x000000003ffffff },
    .inv = 0xfc42bbf0516e743b,
};
#else
_Static_assert(MODINV_LIMBS == 17, "17 limbs of 28 bits");
const modinv_modulus_t modinv_p = {
    .m = { 0xfffffff, 0xfffffff, 0xfffffff, 0xfffffff, 0xfffffff, 0xfffffff, 0xfffffff, 0xfffffff, 0xffffffe,
           0xfffffff, 0xfffffff, 0xfffffff, 0xfffffff, 0xfffffff, 0xfffffff, 0xfffffff, 0x0000000 },
    .inv = 0xffffffff,
};
const modinv_modulus_t modinv_l = {
    .m = { 0xb5844f3, 0x78c292a, 0x58f5523, 0xc2728dc, 0x690216c, 0x49aed63, 0x9c44edb, 0x7cca23e, 0xfffffff,
           0xfffffff, 0xfffffff, 0xfffffff, 0xfffffff, 0xfffffff, 0xfffffff, 0x3ffffff, 0x0000000 },
    .inv = 0x516e743b,
};
#endif

/* The transition matrix of N divsteps, entries as two's complement words. */
typedef struct {
    word_t u, v, q, r;
} trans_t;

/*
 * S = N / 2 divsteps on the low words f, g (f odd) from z = delta - 1, the
 * two rows of the matrix packed in one word each: *pf = u + v 2^H, *pg =
 * q + r 2^H (mod 2^W, H = W / 2). Every update of a row is linear (adds,
 * negations, doublings), so it is the same update of the packed word; and
 * as |u| + |v| <= 2^S = 2^(H-2) (alike q, r), every entry fits a signed
 * half word, from which unpack() recovers it. Invariant after i steps:
 * 2^i (f_i, g_i) = [[u, v], [q, r]] (f, g), and when the words held f, g
 * mod 2^w (w >= W - S), they hold f_i, g_i mod 2^(w - i), enough for the
 * parity of g at every step (w - i > W - 2 S = 4). Branch-free: each case
 * is a mask.
 */
static inline __attribute__((always_inline)) void half_divsteps(word_t *zp, word_t f, word_t g, word_t *pf,
                                                                word_t *pg) {
    /*
     * z = delta - 1, so that delta > 0 is z's sign bit clear (|delta| <= 1 +
     * steps, far from it), and the update is one xor and one add: z <- ~z
     * (delta <- 1 - delta) when swapping, else z + 1.
     */
    word_t z = *zp, a = 1, b = (word_t)1 << H;
#pragma GCC unroll 30
    for (unsigned i = 0; i < S; i++) {
        /*
         * pos: all ones when delta > 0; odd: when g is odd; swap: both.
         * First f and its row a, when odd, negated when swap, added to g
         * and its row b: g becomes g - f, g + f or g (times 2, as the
         * halving comes last). Then, swapping, f + (g - f) = g is the new
         * f, and the rows alike. The row of f doubled keeps the common 2^i.
         */
        const word_t pos = ~ct_barrier((word_t)((limb_t)z >> (W - 1)));
        const word_t odd = ct_barrier(0 - (g & 1));
        const word_t swap = pos & odd;
        g += ((f & odd) ^ swap) - swap;
        b += ((a & odd) ^ swap) - swap;
        f += g & swap;
        a += b & swap;
        z = (z ^ swap) + (swap + 1); /* delta <- 1 - delta (z <- ~z) or 1 + delta */
        g >>= 1;
        a <<= 1;
    }
    *zp = z;
    *pf = a;
    *pg = b;
}

/* The entries x + y 2^H of a packed row, each in [-2^S, 2^S], as two's complement words. */
static inline void unpack(word_t p, word_t *x, word_t *y) {
    *x = (word_t)((limb_t)(p << H) >> H);
    *y = (word_t)((limb_t)(p - *x) >> H);
}

/*
 * N divsteps on the low words f, g (f odd) from *delta; 2^N (f_N, g_N) =
 * T (f, g), as two halves: T1 from f, g, then T2 from the low words of
 * f_S = (u1 f + v1 g) / 2^S and g_S (exact divisions: their low bits, W - S
 * of them, are right, more than the S steps of T2 read), and T = T2 T1,
 * whose entries fit (|u| + |v| <= 2^N as for any N steps).
 */
static __attribute__((noinline)) void divsteps(word_t *delta, word_t f, word_t g, trans_t *t) {
    word_t z = *delta - 1, pf, pg, u1, v1, q1, r1, u2, v2, q2, r2;
    half_divsteps(&z, f, g, &pf, &pg);
    unpack(pf, &u1, &v1);
    unpack(pg, &q1, &r1);
    const word_t f1 = (u1 * f + v1 * g) >> S, g1 = (q1 * f + r1 * g) >> S;
    half_divsteps(&z, f1, g1, &pf, &pg);
    unpack(pf, &u2, &v2);
    unpack(pg, &q2, &r2);
    *delta = z + 1;
    t->u = u2 * u1 + v2 * q1;
    t->v = u2 * v1 + v2 * r1;
    t->q = q2 * u1 + r2 * q1;
    t->r = q2 * v1 + r2 * r1;
}

/* All ones when the number a is negative (its top limb is). */
static inline word_t sign_mask(const limb_t a[L]) {
    return ct_barrier((word_t)(a[L - 1] >> (W - 1)));
}

/* The low N bits of c as a limb (c >> N is the carry, an arithmetic shift). */
static inline limb_t low_limb(acc_t c) {
    return (limb_t)((word_t)c & LOW_N);
}

/*
 * Limbs (of a number in [0, 2^MODINV_BITS), every limb in [0, 2^N)) to
 * bytes: word j of the output, bits W j .. W j + W - 1, gathers the limbs
 * that overlap it, each shifted to its place, and is stored little-endian.
 */
static void from_limbs(uint8_t out[MODINV_BYTES], const limb_t in[L]) {
#pragma GCC unroll 16
    for (size_t j = 0; j < MODINV_BYTES / (W / 8); j++) {
        word_t v = 0;
        /* at most three limbs: W = N + 4 bits may end one limb, hold the next and begin a third */
        for (size_t n = 0; n < 3; n++) {
            const size_t i = W * j / N + n;
            if (i < L && N * i < W * (j + 1))
                v |= N * i >= W * j ? (word_t)in[i] << (N * i - W * j) : (word_t)in[i] >> (W * j - N * i);
        }
#pragma GCC unroll 8
        for (size_t k = 0; k < W / 8; k++)
            out[W / 8 * j + k] = (uint8_t)(v >> (8 * k));
    }
}

/*
 * out = (x a + y b + md M) / 2^N for numbers a, b in limbs, a transition
 * matrix row (x, y) with |x| + |y| <= 2^N and (with_m, a constant at each
 * call; 0 for f and g, whose division is exact by construction) md in
 * [-2^(N+1), 2^N], chosen so that the low N bits of the sum vanish.
 * The accumulator: the limbs a_i, b_i are in [0, 2^N), the top ones too in
 * magnitude (f, g in [-M, M], d, e in (-2M, M), below 2^(MODINV_BITS + 1)
 * <= 2^(N (L - 1) + N)), so |x a_i + y b_i| <= 2^(2N), |md M_i| < 2^(2N+1)
 * and the carry in is below 2^(N+2) (the sum before it below 2^(2N+2),
 * shifted by N): together below 2^(2N) + 2^(2N+1) + 2^(N+2) < 2^(2N+2) =
 * 2^(2W-6), inside the signed double word. The output is in limbs again
 * (the low ones N bits each, the top one the signed rest; the value fits,
 * its range being that of f, g or d, e).
 */
static inline __attribute__((always_inline)) void combine(limb_t *restrict out, const limb_t a[L], const limb_t b[L],
                                                          limb_t x, limb_t y, limb_t md, const limb_t m[L],
                                                          int with_m) {
    acc_t c = (acc_t)x * a[0] + (acc_t)y * b[0];
    if (with_m)
        c += (acc_t)md * m[0];
    c >>= N; /* the low N bits are zero */
#pragma GCC unroll 16
    for (size_t i = 1; i < L; i++) {
        c += (acc_t)x * a[i] + (acc_t)y * b[i];
        if (with_m)
            c += (acc_t)md * m[i];
        out[i - 1] = low_limb(c);
        c >>= N;
    }
    out[L - 1] = (limb_t)c;
}

/* The two uses, each a function of its own (registers allocated for its loop alone). */
static __attribute__((noinline)) void combine_exact(limb_t *restrict out, const limb_t a[L], const limb_t b[L],
                                                    limb_t x, limb_t y) {
    combine(out, a, b, x, y, 0, NULL, 0);
}

static __attribute__((noinline)) void combine_mod(limb_t *restrict out, const limb_t a[L], const limb_t b[L],
                                                  limb_t x, limb_t y, limb_t md, const limb_t m[L]) {
    combine(out, a, b, x, y, md, m, 1);
}

/*
 * The M multiple of one row (x, y) of the d, e update: md = x [d < 0] +
 * y [e < 0] - k, k in [0, 2^N) with x d + y e + md M = 0 mod 2^N, i.e.
 * k = md0 + M^-1 (x d_0 + y e_0) mod 2^N (in words, mod 2^W). The result
 * is in [-2^(N+1) + 1, 2^N] (above), a signed word.
 */
static inline limb_t m_multiple(word_t x, word_t y, word_t sd, word_t se, const limb_t d[L], const limb_t e[L],
                                word_t inv) {
    const word_t md0 = (x & sd) + (y & se);
    const word_t k = (md0 + inv * (x * (word_t)d[0] + y * (word_t)e[0])) & LOW_N;
    return (limb_t)(md0 - k);
}

/* a <- a + M when mask is all ones (a otherwise), carried back to limbs; a + M fits. */
static void add_masked(limb_t a[L], const limb_t m[L], word_t mask) {
    acc_t c = 0;
    for (size_t i = 0; i < L; i++) {
        c += (acc_t)a[i] + (limb_t)((word_t)m[i] & mask);
        a[i] = i < L - 1 ? low_limb(c) : (limb_t)c;
        c >>= N;
    }
}

/* a <- -a when mask is all ones (a otherwise): limb by limb (a_i ^ mask) - mask, carried. */
static void neg_masked(limb_t a[L], word_t mask) {
    acc_t c = 0;
    for (size_t i = 0; i < L; i++) {
        c += (acc_t)(limb_t)(((word_t)a[i] ^ mask) - mask);
        a[i] = i < L - 1 ? low_limb(c) : (limb_t)c;
        c >>= N;
    }
}

/*
 * Each number has two buffers, [0] and [1]: batch b reads [b % 2] and
 * writes [1 - b % 2] (a public index), so no update works in place and no
 * temporary holds a copy of a secret.
 */
void modinv(uint8_t out[MODINV_BYTES], const uint8_t x[MODINV_BYTES], const modinv_modulus_t *mod) {
    limb_t f[2][L], g[2][L], d[2][L] = {{0}}, e[2][L] = {{0}};
    const limb_t *m = mod->m;
    word_t delta = 1, sd, se;
    trans_t t;
    const word_t inv = mod->inv; /* M^-1 mod 2^W */
    memcpy(f[0], m, sizeof f[0]);
    to_limbs(g[0], x);
    e[0][0] = 1;

    for (unsigned b = 0; b < BATCHES; b++) {
        const unsigned c = b % 2, n = 1 - c;
        /* the low W bits of f and g (from limbs 0 and 1), more than N steps need */
        divsteps(&delta, (word_t)f[c][0] | (word_t)f[c][1] << N, (word_t)g[c][0] | (word_t)g[c][1] << N, &t);
        /* (f, g) <- T (f, g) / 2^N, exact; |f|, |g| <= M before and after */
        combine_exact(f[n], f[c], g[c], (limb_t)t.u, (limb_t)t.v);
        combine_exact(g[n], f[c], g[c], (limb_t)t.q, (limb_t)t.r);
        /* (d, e) <- (T (d, e) + (md, me) M) / 2^N, from (-2M, M) to (-2M, M) */
        sd = sign_mask(d[c]);
        se = sign_mask(e[c]);
        const limb_t md = m_multiple(t.u, t.v, sd, se, d[c], e[c], inv);
        const limb_t me = m_multiple(t.q, t.r, sd, se, d[c], e[c], inv);
        combine_mod(d[n], d[c], e[c], (limb_t)t.u, (limb_t)t.v, md, m);
        combine_mod(e[n], d[c], e[c], (limb_t)t.q, (limb_t)t.r, me, m);
    }
    limb_t *fin = f[BATCHES % 2], *din = d[BATCHES % 2];

    /*
     * f = +-1, d in (-2M, M), and x^-1 = d f mod M: d + M when negative is
     * in (-M, M); negated when f < 0, still in (-M, M); + M when negative,
     * in [0, M).
     */
    add_masked(din, m, sign_mask(din));
    neg_masked(din, sign_mask(fin));
    add_masked(din, m, sign_mask(din));
    from_limbs(out, din);

    ct_wipe(f, sizeof f);
    ct_wipe(g, sizeof g);
    ct_wipe(d, sizeof d);
    ct_wipe(e, sizeof e);
    ct_wipe(&t, sizeof t);
    ct_wipe(&delta, sizeof delta);
    ct_wipe(&sd, sizeof sd);
    ct_wipe(&se, sizeof se);
}
