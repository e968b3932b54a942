/*
 * Variable-time multi-scalar multiplication for batch verification (public
 * inputs only): [b]B + sum [k_i]P_i by Straus's interleaving ("Addition
 * chains of vectors", 1964) with width-w NAF digits (Hankerson-Menezes-
 * Vanstone, "Guide to ECC", algorithm 3.51): one shared chain of doublings,
 * each point with its own table of odd multiples. The loop is
 * point_straus_loop.h's (POINT_STRAUS_MSM), which the avx512ifma backend's
 * point_batch_equation_r50.c runs on its lanes.
 *
 * Why Straus and not Pippenger or Bos-Coster. A b-bit scalar costs Straus
 * about b/(w + 1) additions plus 2^(w-2) - 1 to build the table (and one
 * doubling), shared doublings aside. Pippenger's buckets with c-bit windows
 * cost b/c additions per point plus about 2^c b/c per window set, i.e.
 * 2^c b/(c n) per point: for the n <= 64 points of a chunk with b = 446
 * (c = 6: 74 + 37 additions per point against Straus's 74 + 8 at w = 5) it
 * only catches up past a few hundred points, which the bounded stack does not
 * allow. Bos-Coster needs a heap of n scalars and full-size subtractions at
 * every step; it too wins only for large n.
 *
 * Windows. A point whose scalar has more than 160 bits (the z_i k_i of a
 * batch) gets w = 5 (8 entries); a short one (the 128-bit z_i) gets w = 4
 * (4 entries: 128/5 + 3 additions against 128/6 + 7, the same time, half
 * the memory). B uses the generated table (width WNAF_BASE_BITS).
 *
 * Stack: MSM_POOL cached points (96 KiB) and the digits (28 KiB).
 */
#include <string.h>
#include "point.h"
#include "point_straus_loop.h"

void point_to_niels_batch(point_niels_t *out, const point_t *in, size_t n, gf *scratch) {
    if (n == 0)
        return;
    /* scratch[i] = Z_0 ... Z_i; then walk back with the inverse of the product. */
    gf inv, zi, t;
    gf_copy(scratch[0], in[0].z);
    for (size_t i = 1; i < n; i++)
        gf_mul(scratch[i], scratch[i - 1], in[i].z);
    gf_invert(inv, scratch[n - 1]);
    for (size_t i = n; i-- > 0;) {
        if (i > 0) {
            gf_mul(zi, inv, scratch[i - 1]); /* 1 / Z_i */
            gf_mul(inv, inv, in[i].z);       /* 1 / (Z_0 ... Z_(i-1)) */
        } else {
            gf_copy(zi, inv);
        }
        gf_mul(out[i].x, in[i].x, zi);
        gf_mul(out[i].y, in[i].y, zi);
        gf_mul(t, out[i].x, out[i].y);
        gf_mulw(t, t, CURVE_MINUS_D);
        gf_neg(out[i].dxy, t);
    }
}

static unsigned scalar_bits(const scalar_t *k) {
    for (int i = SCALAR_WORDS - 1; i >= 0; i--)
        if (k->word[i])
            return 32 * (unsigned)i + 32 - (unsigned)__builtin_clz(k->word[i]);
    return 0;
}

void point_msm_digits(point_msm_digits_t *g, const scalar_t *b, size_t n, const scalar_t *k) {
    if (n > MSM_MAX_POINTS)
        n = MSM_MAX_POINTS; /* callers never pass more */
    g->n = n;
    g->top = point_wnaf_recode(g->naf_b, MSM_NAF_LEN, b->word, SCALAR_WORDS, WNAF_BASE_BITS);
    for (unsigned i = 0; i < MSM_NAF_LEN; i++)
        g->busy[i] = g->naf_b[i] != 0;
    memset(g->last, 0, sizeof g->last);
    size_t used = 0;
    for (size_t i = 0; i < n; i++) {
        /* w = 5 for a long scalar while the pool keeps 4 entries for each point still to come */
        unsigned w = 4;
        if (scalar_bits(&k[i]) > MSM_SHORT_BITS && used + 8 + 4 * (n - 1 - i) <= MSM_POOL)
            w = 5;
        g->entries[i] = (uint8_t)(1u << (w - 2));
        used += g->entries[i];
        int t = point_wnaf_recode(g->naf[i], MSM_NAF_LEN, k[i].word, SCALAR_WORDS, w);
        g->top = t > g->top ? t : g->top;
        for (int j = 0; j < t; j++)
            if (g->naf[i][j]) {
                g->busy[j] = 1;
                g->last[j] = (uint8_t)(i + 1);
            }
    }
}

void point_msm_base_vartime(point_t *out, const scalar_t *b, size_t n, const point_t *p, const scalar_t *k) {
    point_cached_t pool[MSM_POOL];
    const point_cached_t *table[MSM_MAX_POINTS];
    point_msm_digits_t g;
    point_t acc;

    point_msm_digits(&g, b, n, k);
    POINT_STRAUS_MSM(point_straus, 0, acc, g, point_base_wnaf, p, pool, table);
    point_copy(out, &acc);
}

/*
 * Pippenger's bucket method with signed c-bit digits, kept to measure
 * against Straus (goldilocks-speed's msm rows) and as a second oracle in the
 * tests; the batch uses Straus at every n it can hold (see the top).
 * Digits: k = sum d_j 2^(c j), d_j in [-2^(c-1), 2^(c-1)). Per window, from
 * the top: c doublings, each point added to (or subtracted from) bucket |d|,
 * then sum_b b * bucket[b] by running sums (2 additions per bucket).
 */
#define PIPPENGER_C 5
#define PIPPENGER_WINDOWS ((32 * SCALAR_WORDS + PIPPENGER_C) / PIPPENGER_C)
#define PIPPENGER_BUCKETS (1 << (PIPPENGER_C - 1))

static void signed_digits(int8_t d[PIPPENGER_WINDOWS], const scalar_t *k) {
    uint32_t carry = 0;
    for (unsigned j = 0; j < PIPPENGER_WINDOWS; j++) {
        uint32_t v = point_bits_at(k->word, SCALAR_WORDS, PIPPENGER_C * j, PIPPENGER_C) + carry;
        carry = (v + PIPPENGER_BUCKETS) >> PIPPENGER_C;
        d[j] = (int8_t)((int32_t)v - (int32_t)(carry << PIPPENGER_C));
    }
}

void point_msm_pippenger_vartime(point_t *out, const scalar_t *b, size_t n, const point_t *p,
                                 const scalar_t *k) {
    point_cached_t pc[MSM_MAX_POINTS + 1], neg;
    int8_t d[MSM_MAX_POINTS + 1][PIPPENGER_WINDOWS];
    point_t bucket[PIPPENGER_BUCKETS + 1], acc, sum, total;
    int full[PIPPENGER_BUCKETS + 1];
    if (n > MSM_MAX_POINTS)
        n = MSM_MAX_POINTS;
    point_t base;
    point_from_niels(&base, &point_base_niels);
    point_to_cached(&pc[n], &base);
    signed_digits(d[n], b);
    for (size_t i = 0; i < n; i++) {
        point_to_cached(&pc[i], &p[i]);
        signed_digits(d[i], &k[i]);
    }
    point_identity(&acc);
    for (int j = PIPPENGER_WINDOWS - 1; j >= 0; j--) {
        for (unsigned t = 0; t < PIPPENGER_C; t++)
            point_double(&acc, &acc);
        memset(full, 0, sizeof full);
        for (size_t i = 0; i <= n; i++) {
            int v = d[i][j];
            if (v == 0)
                continue;
            unsigned m = (unsigned)(v < 0 ? -v : v);
            const point_cached_t *e = &pc[i];
            if (v < 0) {
                neg = pc[i];
                point_cached_cond_neg(&neg, (mask_t)-1);
                e = &neg;
            }
            if (!full[m]) {
                point_identity(&bucket[m]);
                full[m] = 1;
            }
            point_add_cached(&bucket[m], &bucket[m], e);
        }
        /* total = sum_m m * bucket[m] = sum over m of (bucket[top] + ... + bucket[m]) */
        int started = 0;
        for (int m = PIPPENGER_BUCKETS; m >= 1; m--) {
            if (full[m]) {
                if (started)
                    point_add(&sum, &sum, &bucket[m]);
                else
                    point_copy(&sum, &bucket[m]);
                if (!started)
                    point_identity(&total);
                started = 1;
            }
            if (started)
                point_add(&total, &total, &sum);
        }
        if (started)
            point_add(&acc, &acc, &total);
    }
    point_copy(out, &acc);
}

void point_batch_terms(scalar_t *b, point_t pts[MSM_MAX_POINTS], scalar_t ks[MSM_MAX_POINTS], size_t n,
                       const scalar_t *s, const point_t *a, const scalar_t *k, const point_t *r, const scalar_t *z) {
    scalar_t t;
    scalar_set_small(b, 0);
    for (size_t i = 0; i < n; i++) {
        scalar_mul(&t, &z[i], &s[i]);
        scalar_add(b, b, &t);
        point_neg(&pts[2 * i], &a[i]);
        scalar_mul(&ks[2 * i], &z[i], &k[i]);
        point_neg(&pts[2 * i + 1], &r[i]);
        ks[2 * i + 1] = z[i];
    }
}
