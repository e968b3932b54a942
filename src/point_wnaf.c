/*
 * Variable-time double-scalar multiplication [a]B + [b]P for signature
 * verification (public inputs only): interleaved width-w NAF (Straus-Shamir
 * with wNAF digits; Hankerson-Menezes-Vanstone, "Guide to ECC", algorithms
 * 3.35 and 3.51). The base point uses the generated table of its odd
 * multiples (width WNAF_BASE_BITS); P gets a run-time table of width
 * WNAF_VAR_BITS.
 */
#include <string.h>
#include "point.h"

#define WNAF_VAR_BITS 5
#define WNAF_VAR_ENTRIES (1 << (WNAF_VAR_BITS - 2))
#define NAF_LEN (32 * SCALAR_WORDS + 1)

/*
 * The width-w NAF of k: naf[i] odd in (-2^(w-1), 2^(w-1)) or zero, at most
 * one nonzero digit in any w consecutive positions, sum naf[i] 2^i = k.
 * Returns the number of digits (the index of the top nonzero one plus one).
 */
static int wnaf(int8_t naf[NAF_LEN], const scalar_t *k, unsigned w) {
    /* Work on a copy of the scalar as a little-endian array with spare words. */
    uint32_t n[SCALAR_WORDS + 1];
    memcpy(n, k->word, sizeof k->word);
    n[SCALAR_WORDS] = 0;
    memset(naf, 0, NAF_LEN);
    int top = 0;
    const int32_t half = 1 << (w - 1), full = 1 << w;
    for (int i = 0; i < NAF_LEN; i++) {
        if (n[0] & 1) {
            int32_t d = (int32_t)(n[0] & (uint32_t)(full - 1));
            if (d >= half)
                d -= full;
            naf[i] = (int8_t)d;
            top = i + 1;
            /* n -= d: add -d as a signed word with borrow/carry. */
            int64_t carry = -(int64_t)d;
            for (unsigned j = 0; j <= SCALAR_WORDS && carry; j++) {
                int64_t s = (int64_t)n[j] + carry;
                n[j] = (uint32_t)s;
                carry = s >> 32; /* arithmetic: -1, 0 or 1 */
            }
        }
        /* n >>= 1 */
        for (unsigned j = 0; j < SCALAR_WORDS; j++)
            n[j] = (n[j] >> 1) | (n[j + 1] << 31);
        n[SCALAR_WORDS] >>= 1;
    }
    return top;
}

void point_double_scalarmul_base_vartime(point_t *out, const scalar_t *a,
                                         const point_t *p, const scalar_t *b) {
    int8_t naf_a[NAF_LEN], naf_b[NAF_LEN];
    int top_a = wnaf(naf_a, a, WNAF_BASE_BITS);
    int top_b = wnaf(naf_b, b, WNAF_VAR_BITS);
    int top = top_a > top_b ? top_a : top_b;

    /* table[i] = (2i + 1) P. */
    point_cached_t table[WNAF_VAR_ENTRIES], neg;
    point_t twice, acc;
    point_to_cached(&table[0], p);
    point_double(&twice, p);
    point_copy(&acc, p);
    point_cached_t twice_c;
    point_to_cached(&twice_c, &twice);
    for (unsigned i = 1; i < WNAF_VAR_ENTRIES; i++) {
        point_add_cached(&acc, &acc, &twice_c);
        point_to_cached(&table[i], &acc);
    }

    point_identity(&acc);
    for (int i = top - 1; i >= 0; i--) {
        point_double(&acc, &acc);
        int da = naf_a[i], db = naf_b[i];
        if (da > 0) {
            point_add_niels(&acc, &acc, &point_base_wnaf[da / 2]);
        } else if (da < 0) {
            point_niels_t n = point_base_wnaf[-da / 2];
            point_niels_cond_neg(&n, (mask_t)-1);
            point_add_niels(&acc, &acc, &n);
        }
        if (db > 0) {
            point_add_cached(&acc, &acc, &table[db / 2]);
        } else if (db < 0) {
            neg = table[-db / 2];
            point_cached_cond_neg(&neg, (mask_t)-1);
            point_add_cached(&acc, &acc, &neg);
        }
    }
    point_copy(out, &acc);
}
