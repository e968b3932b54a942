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

#define NAF_LEN (32 * SCALAR_WORDS + 1)

int point_wnaf_recode(int8_t *naf, unsigned naf_len, const uint32_t *k, unsigned words, unsigned w) {
    /* Work on a copy with a spare word: n - d can carry one word up. */
    uint32_t n[WNAF_MAX_WORDS + 1];
    memcpy(n, k, words * sizeof *k);
    n[words] = 0;
    memset(naf, 0, naf_len);
    int top = 0;
    const int32_t half = 1 << (w - 1), full = 1 << w;
    for (unsigned i = 0; i < naf_len; i++) {
        if (n[0] & 1) {
            int32_t d = (int32_t)(n[0] & (uint32_t)(full - 1));
            if (d >= half)
                d -= full;
            naf[i] = (int8_t)d;
            top = (int)i + 1;
            /* n -= d; n >= d, and n - d = 0 mod 2^w */
            int64_t carry = -(int64_t)d;
            for (unsigned j = 0; j <= words && carry; j++) {
                int64_t s = (int64_t)n[j] + carry;
                n[j] = (uint32_t)s;
                carry = s < 0 ? -1 : s >> 32;
            }
        }
        for (unsigned j = 0; j < words; j++)
            n[j] = (n[j] >> 1) | (n[j + 1] << 31);
        n[words] >>= 1;
    }
    return top;
}

void point_odd_multiples(point_cached_t table[WNAF_VAR_ENTRIES], const point_t *p) {
    point_t acc, twice;
    point_cached_t twice_c;
    point_to_cached(&table[0], p);
    point_double(&twice, p);
    point_to_cached(&twice_c, &twice);
    point_copy(&acc, p);
    for (unsigned i = 1; i < WNAF_VAR_ENTRIES; i++) {
        point_add_cached(&acc, &acc, &twice_c);
        point_to_cached(&table[i], &acc);
    }
}

void point_add_niels_digit_vartime(point_t *acc, const point_niels_t *odd, int d) {
    if (d > 0) {
        point_add_niels(acc, acc, &odd[d / 2]);
    } else if (d < 0) {
        point_niels_t n = odd[-d / 2];
        point_niels_cond_neg(&n, (mask_t)-1);
        point_add_niels(acc, acc, &n);
    }
}

void point_add_cached_digit_vartime(point_t *acc, const point_cached_t *odd, int d) {
    if (d > 0) {
        point_add_cached(acc, acc, &odd[d / 2]);
    } else if (d < 0) {
        point_cached_t n = odd[-d / 2];
        point_cached_cond_neg(&n, (mask_t)-1);
        point_add_cached(acc, acc, &n);
    }
}

void point_double_scalarmul_base_vartime(point_t *out, const scalar_t *a,
                                         const point_t *p, const scalar_t *b) {
    int8_t naf_a[NAF_LEN], naf_b[NAF_LEN];
    int top_a = point_wnaf_recode(naf_a, NAF_LEN, a->word, SCALAR_WORDS, WNAF_BASE_BITS);
    int top_b = point_wnaf_recode(naf_b, NAF_LEN, b->word, SCALAR_WORDS, WNAF_VAR_BITS);
    int top = top_a > top_b ? top_a : top_b;
    point_cached_t table[WNAF_VAR_ENTRIES];
    point_odd_multiples(table, p);

    point_t acc;
    point_identity(&acc);
    for (int i = top - 1; i >= 0; i--) {
        /* T is needed only when an addition or the end follows. */
        if (naf_a[i] || naf_b[i] || i == 0)
            point_double(&acc, &acc);
        else
            point_double_no_t(&acc, &acc);
        point_add_niels_digit_vartime(&acc, point_base_wnaf, naf_a[i]);
        point_add_cached_digit_vartime(&acc, table, naf_b[i]);
    }
    point_copy(out, &acc);
}
