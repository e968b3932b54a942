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
 * without its floor); we run whole batches, 21 x 62 = 1302 (64-bit words)
 * or 44 x 30 = 1320 (32-bit words). Steps after g = 0 change nothing we
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
 * machine word of f and g (N = word bits - 2) and give an integer matrix
 * T = [[u, v], [q, r]] with 2^N (f_N, g_N) = T (f, g). Every row of the
 * matrix of one step times 2 is [0, 2], [-1, 1], [2, 0], [1, 1] or [0, 1]
 * (absolute values summing to at most 2), so |u| + |v| <= 2^N and |q| + |r|
 * <= 2^N: every entry fits a signed word. The batch then applies T to the
 * full f, g (the division by 2^N is exact) and to d, e with e, d such that
 * d x = f and e x = g (mod M), from d = 0, e = 1: (d, e) <- T (d, e) / 2^N
 * mod M, where the division adds the multiple k M, k = -M^-1 (low N bits)
 * mod 2^N, that clears the low N bits. At the end g = 0, f = +-1 (M prime,
 * x != 0), so x^-1 = +-d; for x = 0, g is 0 from the start, f = M and d = 0.
 *
 * Numbers: K = MODINV_WORDS + 1 words, two's complement (the top word
 * signed), all arithmetic on unsigned words and double words (no signed
 * shift, no signed overflow); a signed word w is widened by sext().
 */
#include "modinv.h"
#include "ct.h"

typedef gf_word_t word_t;
typedef gf_dword_t dword_t;

#define W (8 * sizeof(word_t))
#define N (W - 2)
#define K (MODINV_WORDS + 1)
#define STEPS_MIN 1295 /* Theorem 11.2 with b = 448, above */
#define BATCHES ((STEPS_MIN + N - 1) / N)
#define LOW_N (((word_t)1 << N) - 1)

_Static_assert(sizeof(word_t) == 4 || sizeof(word_t) == 8, "32- or 64-bit words");
_Static_assert(sizeof(dword_t) == 2 * sizeof(word_t), "double words");
_Static_assert((word_t)-1 > 0 && (dword_t)-1 > 0, "unsigned words");
_Static_assert(MODINV_WORDS * W == MODINV_BITS, "whole words");
_Static_assert(BATCHES * N >= STEPS_MIN, "enough divsteps");

/* The two's complement word w as a double word (sign-extended). */
static inline dword_t sext(word_t w) {
    return (dword_t)w | ((dword_t)(0 - (w >> (W - 1))) << W);
}

/* All ones when the two's complement number a[0..K) is negative. */
static inline word_t sign_mask(const word_t a[K]) {
    return ct_barrier(0 - (a[K - 1] >> (W - 1)));
}

void modinv_pack32(word_t out[MODINV_WORDS], const uint32_t in[MODINV_WORDS32]) {
    const size_t halves = sizeof(word_t) / sizeof(uint32_t);
    for (size_t i = 0; i < MODINV_WORDS; i++) {
        word_t w = 0;
        for (size_t h = 0; h < halves; h++)
            w |= (word_t)in[halves * i + h] << (32 * h);
        out[i] = w;
    }
}

void modinv_unpack32(uint32_t out[MODINV_WORDS32], const word_t in[MODINV_WORDS]) {
    const size_t halves = sizeof(word_t) / sizeof(uint32_t);
    for (size_t i = 0; i < MODINV_WORDS; i++)
        for (size_t h = 0; h < halves; h++)
            out[halves * i + h] = (uint32_t)(in[i] >> (32 * h));
}

void modinv_modulus_init(modinv_modulus_t *mod, const uint32_t m[MODINV_WORDS32]) {
    modinv_pack32(mod->m, m);
    /* Newton's x <- x (2 - M x) doubles the correct low bits; M x = 1 mod 8 for x = M (M odd): 3, 6, .., 96. */
    word_t x = mod->m[0];
    for (int i = 0; i < 5; i++)
        x *= 2 - mod->m[0] * x;
    mod->neg_inv = 0 - x;
}

/* The transition matrix of N divsteps, entries as two's complement words. */
typedef struct {
    word_t u, v, q, r;
} trans_t;

/*
 * N divsteps on the low words f, g (f odd) from *delta; 2^N (f_N, g_N) =
 * T (f, g). Invariant after i steps: 2^i (f_i, g_i) = [[u, v], [q, r]] (f, g),
 * and the words hold f_i, g_i mod 2^(W - i), enough for the parity of g
 * at every step (W - i >= 3). Branch-free: each case is a mask.
 */
static __attribute__((noinline)) void divsteps(word_t *delta, word_t f, word_t g, trans_t *t) {
    /*
     * z = delta - 1, so that delta > 0 is z's sign bit clear (|delta| <= 1 +
     * steps, far from it), and the update is one xor and one add: z <- ~z
     * (delta <- 1 - delta) when swapping, else z + 1.
     */
    word_t z = *delta - 1, u = 1, v = 0, q = 0, r = 1;
    for (unsigned i = 0; i < N; i++) {
        word_t odd = ct_barrier(0 - (g & 1));
        word_t swap = odd & ((z >> (W - 1)) - 1);
        /*
         * The three cases at once: with s = f & odd, negated when swapping
         * ((s ^ swap) - swap), g <- (g + s) / 2 is (g - f) / 2, (g + f) / 2
         * or g / 2, and f <- g when swapping; the rows of T alike, the row
         * of f doubled to keep the common 2^i.
         */
        word_t nf = f ^ ((f ^ g) & swap);
        word_t nu = u ^ ((u ^ q) & swap);
        word_t nv = v ^ ((v ^ r) & swap);
        g = (g - swap + ((f & odd) ^ swap)) >> 1;
        q = q - swap + ((u & odd) ^ swap);
        r = r - swap + ((v & odd) ^ swap);
        z = (z ^ swap) + (swap + 1);
        f = nf;
        u = nu << 1;
        v = nv << 1;
    }
    *delta = z + 1;
    t->u = u;
    t->v = v;
    t->q = q;
    t->r = r;
}

/*
 * out = (x a + y b + k M) / 2^N for signed K-word a, b and a transition
 * matrix row (x, y): |x| + |y| <= 2^N. with_m (a constant at each call,
 * so the compiler drops the k M products where it is 0): the update of f
 * and g passes 0 (the division is exact by construction), that of d and e
 * 1 with k making the low N bits zero. Column i: |carry| <= 2^(W-1), and
 * |x a_i + y b_i| + k M_i <= (2^(N+1) - 1)(2^W - 1), a sum below 2^(2W-1)
 * that the double word holds in two's complement.
 */
static inline __attribute__((always_inline)) void combine(word_t *restrict out, const word_t a[K], const word_t b[K],
                                                          word_t x, word_t y, word_t k, const modinv_modulus_t *mod,
                                                          int with_m) {
    const dword_t xs = sext(x), ys = sext(y);
    const word_t xm = 0 - (x >> (W - 1)), ym = 0 - (y >> (W - 1));
    dword_t c = 0;
    word_t low = 0;
#pragma GCC unroll 16
    for (size_t i = 0; i < K; i++) {
        if (i < K - 1) {
            /*
             * A signed x times an unsigned word a_i: x's unsigned form is x +
             * 2^W when x < 0, so x a_i = x_u a_i - 2^W (a_i when x < 0);
             * the double word works mod 2^2W, where the subtraction's word
             * may wrap.
             */
            c += (dword_t)x * a[i] + (dword_t)y * b[i];
            c -= (dword_t)(word_t)((a[i] & xm) + (b[i] & ym)) << W;
        } else {
            c += xs * sext(a[i]) + ys * sext(b[i]); /* the signed top words */
        }
        if (with_m && i < MODINV_WORDS)
            c += (dword_t)k * mod->m[i];
        word_t w = (word_t)c;
        if (i > 0)
            out[i - 1] = (low >> N) | (w << (W - N));
        low = w;
        c = sext((word_t)(c >> W));
    }
    out[K - 1] = (low >> N) | ((word_t)c << (W - N));
}

/* The two uses, each a function of its own (registers allocated for its loop alone). */
static __attribute__((noinline)) void combine_exact(word_t *restrict out, const word_t a[K], const word_t b[K],
                                                    word_t x, word_t y) {
    combine(out, a, b, x, y, 0, NULL, 0);
}

static __attribute__((noinline)) void combine_mod(word_t *restrict out, const word_t a[K], const word_t b[K],
                                                  word_t x, word_t y, word_t k, const modinv_modulus_t *mod) {
    combine(out, a, b, x, y, k, mod, 1);
}

/*
 * a in (-M, 2M) -> a mod M in [0, M), in two masked passes. First a + M
 * when a < 0 (then in (0, M): done), else a - M, in [-M, M); then + M
 * when that is negative (possible only in the second case). Adding -M is
 * adding ~M and 1.
 */
static __attribute__((noinline)) void reduce_once(word_t a[K], const modinv_modulus_t *mod) {
    const word_t keep = ~sign_mask(a); /* all ones: subtract M; zero: add M */
    dword_t c = keep & 1;
#pragma GCC unroll 16
    for (size_t i = 0; i < K; i++) {
        word_t mi = i < MODINV_WORDS ? mod->m[i] : 0;
        c += (dword_t)a[i] + (mi ^ keep);
        a[i] = (word_t)c;
        c >>= W;
    }
    const word_t neg = sign_mask(a);
    c = 0;
#pragma GCC unroll 16
    for (size_t i = 0; i < K; i++) {
        c += (dword_t)a[i] + ((i < MODINV_WORDS ? mod->m[i] : 0) & neg);
        a[i] = (word_t)c;
        c >>= W;
    }
}

/*
 * Each number has two buffers, [0] and [1]: batch b reads [b % 2] and
 * writes [1 - b % 2] (a public index), so no update works in place and no
 * temporary holds a copy of a secret.
 */
void modinv(word_t out[MODINV_WORDS], const word_t x[MODINV_WORDS], const modinv_modulus_t *mod) {
    word_t f[2][K], g[2][K], d[2][K] = {{0}}, e[2][K] = {{0}}, delta = 1;
    trans_t t;
    for (size_t i = 0; i < MODINV_WORDS; i++) {
        f[0][i] = mod->m[i];
        g[0][i] = x[i];
    }
    f[0][K - 1] = g[0][K - 1] = 0;
    e[0][0] = 1;

    for (unsigned b = 0; b < BATCHES; b++) {
        const unsigned c = b % 2, n = 1 - c;
        divsteps(&delta, f[c][0], g[c][0], &t);
        /* (f, g) <- T (f, g) / 2^N, exact; |f|, |g| <= M before and after */
        combine_exact(f[n], f[c], g[c], t.u, t.v);
        combine_exact(g[n], f[c], g[c], t.q, t.r);
        /*
         * (d, e) <- T (d, e) / 2^N mod M, for d, e in [0, M): T (d, e) is in
         * [-2^N (M - 1), 2^N (M - 1)] (|u| + |v| <= 2^N); adding k M, 0 <= k
         * < 2^N, k = -M^-1 (low N bits) mod 2^N, clears the low N bits, and
         * (T (d, e) + k M) / 2^N is in (-M, 2M): reduce_once makes it [0, M).
         */
        const word_t kd = ((t.u * d[c][0] + t.v * e[c][0]) * mod->neg_inv) & LOW_N;
        const word_t ke = ((t.q * d[c][0] + t.r * e[c][0]) * mod->neg_inv) & LOW_N;
        combine_mod(d[n], d[c], e[c], t.u, t.v, kd, mod);
        combine_mod(e[n], d[c], e[c], t.q, t.r, ke, mod);
        reduce_once(d[n], mod);
        reduce_once(e[n], mod);
    }
    const word_t *fin = f[BATCHES % 2], *din = d[BATCHES % 2];

    /*
     * f = +-1 and d in [0, M). When f = -1, x != 0 so d != 0 (d x = -1), and
     * M - d is in (0, M): out = d, or M - d when f is negative.
     */
    word_t neg = sign_mask(fin), md[K];
    dword_t borrow = 0;
    for (size_t i = 0; i < K; i++) {
        dword_t y = (dword_t)(i < MODINV_WORDS ? mod->m[i] : 0) - din[i] - borrow;
        md[i] = (word_t)y;
        borrow = (y >> W) & 1;
    }
    for (size_t i = 0; i < MODINV_WORDS; i++)
        out[i] = (din[i] & ~neg) | (md[i] & neg);

    ct_wipe(f, sizeof f);
    ct_wipe(g, sizeof g);
    ct_wipe(d, sizeof d);
    ct_wipe(e, sizeof e);
    ct_wipe(md, sizeof md);
    ct_wipe(&t, sizeof t);
    ct_wipe(&delta, sizeof delta);
}
