/*
 * decaf448's constant-time variable-base multiplication, point_scalarmul_twisted.c's
 * (the same signed windows of k/4 on phi(a) of the twisted curve, the same table of
 * [0..16]Q, the same formulas and signs), with each formula's four products as one
 * lane product of the radix-2^50 lane elements (point_r50.h): a
 * doubling and an addition are two lane products each, against 3M + 4S (4M + 4S
 * with T) and 8M. The loop is point_window_loop.h's; this file gives its
 * operations on point_r50.h. The r50 backend's form of point_scalarmul_twisted.c (configure.py
 * BACKENDS); test_point and test_decaf448 check it against the GMP
 * model and RFC 9496's vectors.
 */
#include "point.h"
#include "point_window_loop.h"
#include "point_r50.h"
#include "ct.h"

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

/*
 * POINT_WINDOW_MUL's operations (point_window_loop.h) on point_r50.h's points,
 * whose T is always there. The context x is the parenthesized pair (perms,
 * scratch), handed on as two arguments by point_r50.h's R50_PAIR: a struct
 * of the two pointers (or always-inline functions taking one) changed clang's
 * code.
 */
#define r50_window_from_input(x, p, a) point_r50_from_edwards(p, a)
#define r50_window_entry(x, table, i, p) point_r50_entry((table)[i], p, R50_PAIR x)
#define r50_window_identity(x, p) point_r50_identity(p)
#define r50_window_table_double(x, p) point_r50_double(p, R50_PAIR x)
#define r50_window_table_add(x, p, table) point_r50_add(p, (table)[1], 0, R50_PAIR x)
#define r50_window_lookup(x, e, table, n, index) gf4r50_lookup(e, (table)[0], n, index)
#define r50_window_start(x, acc, e) point_r50_from_entry_no_t(acc, e, R50_PAIR x)
#define r50_window_double(x, acc, with_t) r50_double_step(acc, R50_PAIR x)
#define r50_window_add(x, acc, e, neg) r50_add_step(acc, e, neg, R50_PAIR x)

void point_scalarmul_twisted(point_t *out, const point_t *a, const scalar_t *k) {
    r50_mul_state st;
    point_r50_perms c;

    point_r50_perms_init(&c);
    scalar_halve(&st.kq, k);
    scalar_halve(&st.kq, &st.kq);
    point_window_digits(st.digit, &st.kq);
    POINT_WINDOW_MUL(r50_window, point_window_one, (&c, &st.s), st.table, st.entry, st.acc, st.multiple, st.digit, a);
    point_r50_to_point(out, st.acc);

    ct_wipe(&st, sizeof st);
}

void point_scalarmul_decaf(point_t *out, const point_t *a, const scalar_t *k) {
    point_t r;
    point_scalarmul_twisted(&r, a, k);
    twisted_to_edwards(out, &r);
    point_wipe(&r);
}
