/*
 * The constant-time variable-base multiplication of point_scalarmul.c for
 * GF_LANES points and scalars at once: the same signed windows
 * (point_window.h), the same table [0]P .. [2^(w-1)]P built in lanes, then
 * kept per lane as scalar cached points so that the shared per-lane lookup
 * (pointl_cached_lookup, every entry read) serves it as it serves the comb.
 */
#include "point_lanes.h"
#include "point_window.h"
#include "ct.h"

typedef struct {
    point_cached_t table[GF_LANES][VAR_ENTRIES];
    pointl_cached_t entry;
    pointl_t acc, multiple;
    int8_t digit[GF_LANES][VAR_WINDOWS];
} lanes_scalarmul_state;

void pointl_scalarmul(pointl_t *out, const pointl_t *a, const scalar_t k[GF_LANES]) {
    lanes_scalarmul_state s;
    const point_cached_t *tables[GF_LANES];
    uint32_t mag[GF_LANES];
    mask_t neg[GF_LANES];

    for (unsigned l = 0; l < GF_LANES; l++) {
        point_window_digits(s.digit[l], &k[l]);
        tables[l] = s.table[l];
    }

    /* table[i] = [i]a, computed in lanes, stored lane by lane. */
    for (unsigned i = 0; i < VAR_ENTRIES; i++) {
        if (i == 0)
            pointl_identity(&s.multiple);
        else if (i == 1)
            pointl_copy(&s.multiple, a);
        else if (i == 2)
            pointl_double(&s.multiple, a);
        else
            pointl_add_cached(&s.multiple, &s.multiple, &s.entry); /* entry = [1]a, kept from i = 1 */
        pointl_cached_t c;
        pointl_to_cached(&c, &s.multiple);
        if (i == 1)
            s.entry = c;
        for (unsigned l = 0; l < GF_LANES; l++) {
            gfl_extract(s.table[l][i].x, c.x, l);
            gfl_extract(s.table[l][i].y, c.y, l);
            gfl_extract(s.table[l][i].z, c.z, l);
            gfl_extract(s.table[l][i].dt, c.dt, l);
        }
        ct_wipe(&c, sizeof c);
    }

    pointl_identity(&s.acc);
    for (int i = VAR_WINDOWS - 1; i >= 0; i--) {
        if (i != VAR_WINDOWS - 1) {
            for (unsigned d = 0; d < VAR_BITS - 1; d++)
                pointl_double_no_t(&s.acc, &s.acc);
            pointl_double(&s.acc, &s.acc);
        }
        for (unsigned l = 0; l < GF_LANES; l++) {
            uint32_t n;
            mag[l] = point_window_magnitude(s.digit[l][i], &n);
            neg[l] = ct_mask_from_bit(n);
        }
        pointl_cached_lookup(&s.entry, tables, VAR_ENTRIES, mag);
        pointl_cached_cond_neg(&s.entry, lmask_make(neg));
        pointl_add_cached(&s.acc, &s.acc, &s.entry);
    }
    pointl_copy(out, &s.acc);

    ct_wipe(&s, sizeof s);
    ct_wipe(mag, sizeof mag);
    ct_wipe(neg, sizeof neg);
}
