/*
 * Constant-time variable-base scalar multiplication [k]P: a fixed window of
 * VAR_BITS bits with signed digits.
 *
 * Recoding: k < l < 2^446 is cut into VAR_WINDOWS windows of VAR_BITS bits;
 * each window value v (plus the carry from below) in [0, 2^w] becomes a digit
 * d in [-2^(w-1), 2^(w-1)) and a carry: d = v - 2^w c, c = 1 when v >= 2^(w-1).
 * The top window holds at most bit 445 (value <= 2 with the carry), so no
 * carry leaves it and sum d_i 2^(w i) = k exactly.
 *
 * Evaluation: the table holds 0P, 1P, ..., 2^(w-1) P; each digit reads every
 * entry (point_cached_lookup) at index |d| and negates by mask when d < 0. Then w
 * doublings per window. The digits are computed with arithmetic only.
 */
#include "point.h"
#include "ct.h"

#define VAR_BITS 5
#define VAR_WINDOWS ((446 + VAR_BITS - 1) / VAR_BITS)
#define VAR_ENTRIES ((1 << (VAR_BITS - 1)) + 1)

_Static_assert(VAR_BITS * VAR_WINDOWS <= 32 * SCALAR_WORDS + 31, "windows read past the scalar");

/* Bits [pos, pos + VAR_BITS) of k; pos is public. */
static uint32_t window(const scalar_t *k, unsigned pos) {
    unsigned w = pos / 32, s = pos % 32;
    uint64_t v = k->word[w];
    if (w + 1 < SCALAR_WORDS)
        v |= (uint64_t)k->word[w + 1] << 32;
    return (uint32_t)(v >> s) & ((1u << VAR_BITS) - 1);
}

void point_scalarmul(point_t *out, const point_t *a, const scalar_t *k) {
    point_cached_t table[VAR_ENTRIES], entry;
    point_t acc, multiple;
    int8_t digit[VAR_WINDOWS];

    /* Signed digits, constant time. */
    uint32_t carry = 0;
    for (unsigned i = 0; i < VAR_WINDOWS; i++) {
        uint32_t v = window(k, VAR_BITS * i) + carry;
        carry = (v + (1u << (VAR_BITS - 1))) >> VAR_BITS;
        digit[i] = (int8_t)((int32_t)v - (int32_t)(carry << VAR_BITS));
    }

    /* table[i] = [i]a. */
    point_identity(&multiple);
    point_to_cached(&table[0], &multiple);
    point_to_cached(&table[1], a);
    point_double(&multiple, a);
    point_to_cached(&table[2], &multiple);
    for (unsigned i = 3; i < VAR_ENTRIES; i++) {
        point_add_cached(&multiple, &multiple, &table[1]);
        point_to_cached(&table[i], &multiple);
    }

    point_identity(&acc);
    for (int i = VAR_WINDOWS - 1; i >= 0; i--) {
        if (i != VAR_WINDOWS - 1) {
            for (unsigned d = 0; d < VAR_BITS - 1; d++)
                point_double_no_t(&acc, &acc);
            point_double(&acc, &acc);
        }
        uint32_t dw = (uint32_t)(int32_t)digit[i];
        uint32_t neg = dw >> 31;
        uint32_t mag = (dw ^ (0u - neg)) + neg;
        point_cached_lookup(&entry, table, VAR_ENTRIES, mag);
        point_cached_cond_neg(&entry, ct_mask_from_bit(neg));
        point_add_cached(&acc, &acc, &entry);
    }
    point_copy(out, &acc);

    ct_wipe(table, sizeof table);
    ct_wipe(&entry, sizeof entry);
    ct_wipe(digit, sizeof digit);
    ct_wipe(&carry, sizeof carry);
    point_wipe(&acc);
    point_wipe(&multiple);
}
