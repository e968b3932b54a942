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
#include "point_window.h"
#include "ct.h"

void point_scalarmul(point_t *out, const point_t *a, const scalar_t *k) {
    point_cached_t table[VAR_ENTRIES], entry;
    point_t acc, multiple;
    int8_t digit[VAR_WINDOWS];

    /* Signed digits, constant time. */
    point_window_digits(digit, k);

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
        uint32_t neg;
        uint32_t mag = point_window_magnitude(digit[i], &neg);
        point_cached_lookup(&entry, table, VAR_ENTRIES, mag);
        point_cached_cond_neg(&entry, ct_mask_from_bit(neg));
        point_add_cached(&acc, &acc, &entry);
    }
    point_copy(out, &acc);

    ct_wipe(table, sizeof table);
    ct_wipe(&entry, sizeof entry);
    ct_wipe(digit, sizeof digit);
    point_wipe(&acc);
    point_wipe(&multiple);
}
