/*
 * Variable-time double-scalar multiplications, [a]B + [b]P for signature
 * verification and [a]P + [b]Q for the typed API (public inputs only):
 * interleaved width-w NAF (Straus-Shamir with wNAF digits;
 * Hankerson-Menezes-Vanstone, "Guide to ECC", algorithms 3.35 and 3.51).
 * The base point uses the generated table of its odd multiples (width
 * WNAF_BASE_BITS); other points get a run-time table of width WNAF_VAR_BITS.
 * The loop is point_straus_loop.h's.
 */
#include <string.h>
#include "point.h"
#include "point_straus_loop.h"

#define NAF_LEN (32 * SCALAR_WORDS + 1)

uint32_t point_bits_at(const uint32_t *k, unsigned words, unsigned pos, unsigned n) {
    unsigned w = pos / 32, s = pos % 32;
    uint64_t v = 0;
    if (w < words)
        v = k[w];
    if (w + 1 < words)
        v |= (uint64_t)k[w + 1] << 32;
    return (uint32_t)(v >> s) & ((1u << n) - 1);
}

/*
 * By windows, without a shift of the whole integer per bit: at the lowest
 * position i where the integer left (the bits above i plus the carry) is
 * odd, the w bits there plus the carry give an odd value v in [1, 2^w); the
 * digit is v, or v - 2^w with a carry into position i + w when v >= 2^(w-1);
 * then skip w positions (the next w - 1 digits are zero).
 */
int point_wnaf_recode(int8_t *naf, unsigned naf_len, const uint32_t *k, unsigned words, unsigned w) {
    memset(naf, 0, naf_len);
    uint32_t carry = 0;
    int top = 0;
    for (unsigned i = 0; i < naf_len;) {
        if (point_bits_at(k, words, i, 1) == carry) {
            i++;
            continue;
        }
        int32_t v = (int32_t)(point_bits_at(k, words, i, w) + carry);
        carry = (uint32_t)(v >> (w - 1)) & 1;
        v -= (int32_t)(carry << w);
        naf[i] = (int8_t)v;
        top = (int)i + 1;
        i += w;
    }
    return top;
}

void point_odd_multiples(point_cached_t *table, unsigned entries, const point_t *p) {
    point_t acc, twice;
    point_cached_t twice_c;
    point_to_cached(&table[0], p);
    point_double(&twice, p);
    point_to_cached(&twice_c, &twice);
    point_copy(&acc, p);
    for (unsigned i = 1; i < entries; i++) {
        point_add_cached(&acc, &acc, &twice_c);
        point_to_cached(&table[i], &acc);
    }
}

/*
 * acc += [d]P on a table of one entry type (point_niels_t or point_cached_t,
 * with its negation and its two additions): one body for both.
 */
#define ADD_DIGIT_VARTIME(name, entry_t, cond_neg, add, add_no_t)               \
    void name(point_t *acc, const entry_t *odd, int d, int with_t) {           \
        if (d == 0)                                                            \
            return;                                                            \
        entry_t n;                                                             \
        const entry_t *e = &odd[(d > 0 ? d : -d) / 2];                         \
        if (d < 0) {                                                           \
            n = *e;                                                            \
            cond_neg(&n, (mask_t)-1);                                          \
            e = &n;                                                            \
        }                                                                      \
        if (with_t)                                                            \
            add(acc, acc, e);                                                  \
        else                                                                   \
            add_no_t(acc, acc, e);                                             \
    }

ADD_DIGIT_VARTIME(point_add_niels_digit_vartime, point_niels_t, point_niels_cond_neg, point_add_niels,
                  point_add_niels_no_t)
ADD_DIGIT_VARTIME(point_add_cached_digit_vartime, point_cached_t, point_cached_cond_neg, point_add_cached,
                  point_add_cached_no_t)

/* The digit additions as one type, for straus2 (inlined: the calls are direct). */
static inline void add_niels_digit(point_t *acc, const void *odd, int d, int with_t) {
    point_add_niels_digit_vartime(acc, odd, d, with_t);
}

static inline void add_cached_digit(point_t *acc, const void *odd, int d, int with_t) {
    point_add_cached_digit_vartime(acc, odd, d, with_t);
}

/* POINT_STRAUS's operations: point_straus_loop.h's, but odd_a's additions are add_a. */
#define wnaf_identity point_straus_identity
#define wnaf_double point_straus_double
#define wnaf_add_digit(add_a, acc, table, d, with_t)                                                    \
    _Generic((table), const void *: (add_a), default: point_add_cached_digit_vartime)(&(acc), table, d, with_t)

/*
 * out = the sum of naf_a's digits on odd_a and naf_b's on odd_b (cached odd
 * multiples), both strings below top: Straus's interleaving, one chain of
 * doublings (algorithm 3.51 of the Guide). add_a adds a digit of odd_a's kind.
 */
static inline __attribute__((always_inline)) void straus2(point_t *out, const int8_t *naf_a, const int8_t *naf_b,
                                                          int top, void (*add_a)(point_t *, const void *, int, int),
                                                          const void *odd_a, const point_cached_t *odd_b) {
    point_t acc;
    POINT_STRAUS(wnaf, add_a, acc, top, 1, 2, naf_a, odd_a, naf_b, odd_b);
    point_copy(out, &acc);
}

void point_double_scalarmul_base_vartime(point_t *out, const scalar_t *a,
                                         const point_t *p, const scalar_t *b) {
    int8_t naf_a[NAF_LEN], naf_b[NAF_LEN];
    int top_a = point_wnaf_recode(naf_a, NAF_LEN, a->word, SCALAR_WORDS, WNAF_BASE_BITS);
    int top_b = point_wnaf_recode(naf_b, NAF_LEN, b->word, SCALAR_WORDS, WNAF_VAR_BITS);
    point_cached_t table[WNAF_VAR_ENTRIES];
    point_odd_multiples(table, WNAF_VAR_ENTRIES, p);
    straus2(out, naf_a, naf_b, top_a > top_b ? top_a : top_b, add_niels_digit, point_base_wnaf, table);
}

void point_double_scalarmul_vartime(point_t *out, const scalar_t *a, const point_t *p,
                                    const scalar_t *b, const point_t *q) {
    int8_t naf_a[NAF_LEN], naf_b[NAF_LEN];
    int top_a = point_wnaf_recode(naf_a, NAF_LEN, a->word, SCALAR_WORDS, WNAF_VAR_BITS);
    int top_b = point_wnaf_recode(naf_b, NAF_LEN, b->word, SCALAR_WORDS, WNAF_VAR_BITS);
    point_cached_t table_p[WNAF_VAR_ENTRIES], table_q[WNAF_VAR_ENTRIES];
    point_odd_multiples(table_p, WNAF_VAR_ENTRIES, p);
    point_odd_multiples(table_q, WNAF_VAR_ENTRIES, q);
    straus2(out, naf_a, naf_b, top_a > top_b ? top_a : top_b, add_cached_digit, table_p, table_q);
}
