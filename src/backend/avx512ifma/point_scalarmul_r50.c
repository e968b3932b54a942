/*
 * decaf448's constant-time variable-base multiplication, point_scalarmul_twisted.c's
 * (the same signed windows of k/4 on phi(a) of the twisted curve, the same table of
 * [0..16]Q, the same formulas and signs), with each formula's four products as one
 * lane product of the avx512ifma lanes' radix-2^50 elements (point_r50.h): a
 * doubling and an addition are two lane products each, against 3M + 4S (4M + 4S
 * with T) and 8M. The alternative of point_scalarmul_twisted.c for the targets
 * whose lane layout is avx512ifma (configure.py ALTERNATIVE_LANES); test_point and
 * test_decaf448 check it against the GMP model and RFC 9496's vectors.
 */
#include "point.h"
#include "point_window.h"
#include "point_r50.h"
#include "ct.h"

#define TOP_DIGIT_MAX (1 << (446 - VAR_BITS * (VAR_WINDOWS - 1)))

/* Everything that depends on the scalar, to be wiped in one go. */
typedef struct {
    gf4r50 table[VAR_ENTRIES], entry, acc, multiple;
    point_r50_scratch s;
    scalar_t kq;
    int8_t digit[VAR_WINDOWS];
} r50_mul_state;

/* The loop's steps out of line (each its own small frame, as point_scalarmul_twisted.c's). */
static __attribute__((noinline)) void r50_double_step(gf4r50 acc, const point_r50_perms *c, point_r50_scratch *s) {
    point_r50_double(acc, c, s);
}
static __attribute__((noinline)) void r50_add_step(gf4r50 acc, const gf4r50 e, mask_t neg, const point_r50_perms *c,
                                                   point_r50_scratch *s) {
    point_r50_add(acc, e, neg, c, s);
}

void point_scalarmul_twisted(point_t *out, const point_t *a, const scalar_t *k) {
    r50_mul_state st;
    point_r50_perms c;

    _Static_assert(VAR_WINDOWS > 1 && TOP_DIGIT_MAX < (1 << (VAR_BITS - 1)), "the top digit is non-negative");
    point_r50_perms_init(&c);
    scalar_halve(&st.kq, k);
    scalar_halve(&st.kq, &st.kq);
    point_window_digits(st.digit, &st.kq);

    /* table[i] = the entry of [i]Q, Q = phi(a) */
    point_r50_from_edwards(st.multiple, a);
    point_r50_entry(st.table[1], st.multiple, &c, &st.s);
    point_r50_identity(st.acc);
    point_r50_entry(st.table[0], st.acc, &c, &st.s);
    point_r50_double(st.multiple, &c, &st.s);
    point_r50_entry(st.table[2], st.multiple, &c, &st.s);
    for (unsigned i = 3; i < VAR_ENTRIES; i++) {
        point_r50_add(st.multiple, st.table[1], 0, &c, &st.s);
        point_r50_entry(st.table[i], st.multiple, &c, &st.s);
    }

    gf4r50_lookup(st.entry, st.table[0], TOP_DIGIT_MAX + 1, (uint32_t)st.digit[VAR_WINDOWS - 1]);
    point_r50_from_entry_no_t(st.acc, st.entry, &c, &st.s);
    for (int i = VAR_WINDOWS - 2; i >= 0; i--) {
        for (unsigned d = 0; d < VAR_BITS; d++)
            r50_double_step(st.acc, &c, &st.s);
        uint32_t neg;
        uint32_t mag = point_window_magnitude(st.digit[i], &neg);
        gf4r50_lookup(st.entry, st.table[0], VAR_ENTRIES, mag);
        r50_add_step(st.acc, st.entry, ct_mask_from_bit(neg), &c, &st.s);
    }
    point_r50_to_point(out, st.acc);

    ct_wipe(&st, sizeof st);
}

void point_scalarmul_decaf(point_t *out, const point_t *a, const scalar_t *k) {
    point_t r;
    point_scalarmul_twisted(&r, a, k);
    twisted_to_edwards(out, &r);
    point_wipe(&r);
}
