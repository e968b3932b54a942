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
static void divsteps(word_t *delta, word_t f, word_t g, trans_t *t) {
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
 * (a, b) <- (u a + v b, q a + r b) / 2^N for signed K-word a, b with |a|,
 * |b| <= M; the division is exact (the low N bits are 0 by construction).
 * Each column: |carry| <= 2^(W-1), |u a_i + v b_i| <= 2^N (2^W - 1), a sum
 * below 2^(2W-1), so the double word holds it in two's complement.
 */
static void update_fg(word_t a[K], word_t b[K], const trans_t *t) {
    const dword_t u = sext(t->u), v = sext(t->v), q = sext(t->q), r = sext(t->r);
    dword_t ca = 0, cb = 0;
    word_t la = 0, lb = 0;
#pragma GCC unroll 16
    for (size_t i = 0; i < K; i++) {
        dword_t ai = i == K - 1 ? sext(a[i]) : a[i]; /* i is public */
        dword_t bi = i == K - 1 ? sext(b[i]) : b[i];
        ca += u * ai + v * bi;
        cb += q * ai + r * bi;
        word_t na = (word_t)ca, nb = (word_t)cb;
        if (i > 0) {
            a[i - 1] = (la >> N) | (na << (W - N));
            b[i - 1] = (lb >> N) | (nb << (W - N));
        }
        la = na;
        lb = nb;
        ca = sext((word_t)(ca >> W));
        cb = sext((word_t)(cb >> W));
    }
    a[K - 1] = (la >> N) | ((word_t)ca << (W - N));
    b[K - 1] = (lb >> N) | ((word_t)cb << (W - N));
}

/* a <- a + (M & mask) (K words; M's top word is 0). */
static void add_masked_modulus(word_t a[K], const modinv_modulus_t *mod, word_t mask) {
    dword_t c = 0;
    for (size_t i = 0; i < K; i++) {
        c += (dword_t)a[i] + (i < MODINV_WORDS ? mod->m[i] & mask : 0);
        a[i] = (word_t)c;
        c >>= W;
    }
}

/* a <- a - M when that is not negative, for 0 <= a < 2M. */
static void sub_modulus_if_ge(word_t a[K], const modinv_modulus_t *mod) {
    word_t s[K];
    dword_t borrow = 0;
    for (size_t i = 0; i < K; i++) {
        dword_t x = (dword_t)a[i] - (i < MODINV_WORDS ? mod->m[i] : 0) - borrow;
        s[i] = (word_t)x;
        borrow = (x >> W) & 1;
    }
    word_t keep = sign_mask(s); /* s < 0: a < M, keep a */
    for (size_t i = 0; i < K; i++)
        a[i] = (a[i] & keep) | (s[i] & ~keep);
    ct_wipe(s, sizeof s);
}

/*
 * (d, e) <- T (d, e) / 2^N mod M, for d, e in [0, M), results in [0, M).
 * T (d, e) is in [-2^N (M - 1), 2^N (M - 1)] (|u| + |v| <= 2^N); adding
 * k M, 0 <= k < 2^N, clears the low N bits, and (T (d, e) + k M) / 2^N is
 * in (-M, 2M): one masked addition of M when negative, then one masked
 * subtraction when >= M. Column bound: |carry| <= 2^(W-1) and |u d_i +
 * v e_i| + k M_i <= (2^(N+1) - 1)(2^W - 1), a sum below 2^(2W-1).
 */
static void update_de(word_t d[K], word_t e[K], const trans_t *t, const modinv_modulus_t *mod) {
    const dword_t u = sext(t->u), v = sext(t->v), q = sext(t->q), r = sext(t->r);
    const word_t kd = ((t->u * d[0] + t->v * e[0]) * mod->neg_inv) & LOW_N;
    const word_t ke = ((t->q * d[0] + t->r * e[0]) * mod->neg_inv) & LOW_N;
    dword_t cd = 0, ce = 0;
    word_t ld = 0, le = 0;
#pragma GCC unroll 16
    for (size_t i = 0; i < K; i++) {
        dword_t di = i == K - 1 ? sext(d[i]) : d[i];
        dword_t ei = i == K - 1 ? sext(e[i]) : e[i];
        word_t mi = i < MODINV_WORDS ? mod->m[i] : 0;
        cd += u * di + v * ei + (dword_t)kd * mi;
        ce += q * di + r * ei + (dword_t)ke * mi;
        word_t nd = (word_t)cd, ne = (word_t)ce;
        if (i > 0) {
            d[i - 1] = (ld >> N) | (nd << (W - N));
            e[i - 1] = (le >> N) | (ne << (W - N));
        }
        ld = nd;
        le = ne;
        cd = sext((word_t)(cd >> W));
        ce = sext((word_t)(ce >> W));
    }
    d[K - 1] = (ld >> N) | ((word_t)cd << (W - N));
    e[K - 1] = (le >> N) | ((word_t)ce << (W - N));
    add_masked_modulus(d, mod, sign_mask(d));
    add_masked_modulus(e, mod, sign_mask(e));
    sub_modulus_if_ge(d, mod);
    sub_modulus_if_ge(e, mod);
}

void modinv(word_t out[MODINV_WORDS], const word_t x[MODINV_WORDS], const modinv_modulus_t *mod) {
    word_t f[K], g[K], d[K] = {0}, e[K] = {0}, delta = 1;
    trans_t t;
    for (size_t i = 0; i < MODINV_WORDS; i++) {
        f[i] = mod->m[i];
        g[i] = x[i];
    }
    f[K - 1] = g[K - 1] = 0;
    e[0] = 1;

    for (unsigned b = 0; b < BATCHES; b++) {
        divsteps(&delta, f[0], g[0], &t);
        update_fg(f, g, &t);
        update_de(d, e, &t, mod);
    }

    /*
     * f = +-1 and d in [0, M). When f = -1, x != 0 so d != 0 (d x = -1), and
     * M - d is in (0, M): out = d, or M - d when f is negative.
     */
    word_t neg = sign_mask(f), md[K];
    dword_t borrow = 0;
    for (size_t i = 0; i < K; i++) {
        dword_t y = (dword_t)(i < MODINV_WORDS ? mod->m[i] : 0) - d[i] - borrow;
        md[i] = (word_t)y;
        borrow = (y >> W) & 1;
    }
    for (size_t i = 0; i < MODINV_WORDS; i++)
        out[i] = (d[i] & ~neg) | (md[i] & neg);

    ct_wipe(f, sizeof f);
    ct_wipe(g, sizeof g);
    ct_wipe(d, sizeof d);
    ct_wipe(e, sizeof e);
    ct_wipe(md, sizeof md);
    ct_wipe(&t, sizeof t);
    ct_wipe(&delta, sizeof delta);
}
