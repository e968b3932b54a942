/*
 * decaf448 elements as objects (include/goldilocks.h, "decaf448, typed"):
 * the RFC 9496 operations of decaf448.c on points held between calls.
 *
 * An element is held as any edwards448 point that represents it (decode
 * gives Z = 1, the arithmetic projective points); encode and eq do not
 * depend on the representative (RFC 9496 sections 5.3.2, 5.3.3). Nothing
 * here branches on a point or a scalar, except the function named _vartime.
 *
 * The non-point (decaf448_typed.h): a failed decode writes it, eq finds it
 * equal to nothing, encode writes 56 bytes of 0xff for it (above p: no
 * decode accepts them), and every operation given it writes it, each by
 * masks from typed_is_point, read before any output is written.
 */
#include <stddef.h>
#include <string.h>
#include "decaf448_typed.h"
#include "ct.h"

/* The failure output of the contract: all zero. */
static void zero_point(goldilocks_decaf448_point *out) {
    if (out)
        memset(out, 0, sizeof *out);
}

int goldilocks_decaf448_point_decode(goldilocks_decaf448_point *out, const uint8_t enc[56]) {
    if (!out || !enc) {
        zero_point(out);
        return -1;
    }
    point_t p;
    gf zero;
    mask_t ok = decaf448_decode(&p, enc);
    /* Zero the point unless ok, by mask: validity is the result, but no branch is needed. */
    memset(zero, 0, sizeof zero);
    gf_select(p.x, zero, p.x, ok);
    gf_select(p.y, zero, p.y, ok);
    gf_select(p.z, zero, p.z, ok);
    gf_select(p.t, zero, p.t, ok);
    typed_store_point(out, &p);
    point_wipe(&p);
    return -(int)(~ok & 1);
}

void goldilocks_decaf448_point_encode(uint8_t out[56], const goldilocks_decaf448_point *p) {
    if (!out || !p) {
        if (out)
            memset(out, 0, DECAF448_BYTES);
        return;
    }
    point_t a;
    mask_t ok = typed_is_point(p);
    typed_load_point(&a, p);
    decaf448_encode(out, &a);
    /* the non-point: every byte 0xff, never the identity's zeros (7 words, by mask) */
    uint64_t bad = (uint64_t)0 - (uint64_t)(~ok & 1);
#pragma GCC unroll 7
    for (size_t i = 0; i < DECAF448_BYTES; i += 8) {
        uint64_t w;
        memcpy(&w, out + i, 8);
        w |= bad;
        memcpy(out + i, &w, 8);
    }
    point_wipe(&a);
}

void goldilocks_decaf448_point_identity(goldilocks_decaf448_point *out) {
    if (!out)
        return;
    point_t p;
    point_identity(&p);
    typed_store_point(out, &p);
}

void goldilocks_decaf448_point_base(goldilocks_decaf448_point *out) {
    if (!out)
        return;
    point_t p;
    point_from_niels(&p, &point_base_niels);
    point_double(&p, &p); /* the generator is the class of [2]B */
    typed_store_point(out, &p);
}

/*
 * Section 5.3.3 reads X and Y only: those of each point go through aligned
 * locals, wiped by ct_wipe_inline's vector stores (ct_wipe's call to memset
 * costs more at this size); the non-point test reads the same loads.
 */
int goldilocks_decaf448_point_eq(const goldilocks_decaf448_point *a, const goldilocks_decaf448_point *b) {
    if (!a || !b)
        return -1;
    struct eq_copies {
        gf ax, ay, bx, by;
    } c; /* one wipe for all four */
    _Static_assert(offsetof(struct eq_copies, ay) == sizeof(gf) && offsetof(struct eq_copies, by) == 3 * sizeof(gf),
                   "X and Y of each point side by side");
    /* a non-point equals nothing, itself included */
    mask_t points = typed_copy_xy(c.ax, a) & typed_copy_xy(c.bx, b);
    mask_t eq = decaf448_eq_xy(c.ax, c.ay, c.bx, c.by) & points;
    _Static_assert(sizeof c % sizeof(ct_wipe_vec) == 0, "whole vectors");
    ct_wipe_inline(&c, sizeof c);
    return -(int)(~eq & 1);
}

/* out = a op b for the two-operand operations. */
static void binary(goldilocks_decaf448_point *out, const goldilocks_decaf448_point *a,
                   const goldilocks_decaf448_point *b,
                   void (*op)(point_t *, const point_t *, const point_t *)) {
    if (!out || !a || !b) {
        zero_point(out);
        return;
    }
    struct {
        point_t p, q;
    } c; /* one wipe for both copies */
    mask_t ok = typed_is_point(a) & typed_is_point(b);
    typed_load_point(&c.p, a);
    typed_load_point(&c.q, b);
    op(&c.p, &c.p, &c.q);
    typed_store_point_if(out, &c.p, ok);
    ct_wipe(&c, sizeof c);
}

static void unary(goldilocks_decaf448_point *out, const goldilocks_decaf448_point *a,
                  void (*op)(point_t *, const point_t *)) {
    if (!out || !a) {
        zero_point(out);
        return;
    }
    point_t p;
    mask_t ok = typed_is_point(a);
    typed_load_point(&p, a);
    op(&p, &p);
    typed_store_point_if(out, &p, ok);
    point_wipe(&p);
}

void goldilocks_decaf448_point_add(goldilocks_decaf448_point *out, const goldilocks_decaf448_point *a,
                                   const goldilocks_decaf448_point *b) {
    binary(out, a, b, point_add_single);
}

void goldilocks_decaf448_point_sub(goldilocks_decaf448_point *out, const goldilocks_decaf448_point *a,
                                   const goldilocks_decaf448_point *b) {
    binary(out, a, b, point_sub_single);
}

/*
 * -(X : Y : Z : T) = (-X : Y : Z : -T): only X and T go through locals and
 * the field, Y and Z (and the object's tail) move byte for byte. X and T
 * are read before anything is written, and memmove takes any overlap, so
 * out may overlap a. goldilocks-speed on a Zen 5: 28 -> 23 rdtsc ticks
 * against the whole point copied in, negated, copied out and wiped.
 */
_Static_assert(offsetof(point_t, y) == sizeof(gf) && offsetof(point_t, z) == 2 * sizeof(gf) &&
                   offsetof(point_t, t) == 3 * sizeof(gf),
               "X, Y, Z, T in this order");
void goldilocks_decaf448_point_neg(goldilocks_decaf448_point *out, const goldilocks_decaf448_point *a) {
    if (!out || !a) {
        zero_point(out);
        return;
    }
    uint8_t *o = (uint8_t *)out;
    const uint8_t *in = (const uint8_t *)a;
    mask_t ok = typed_is_point(a);
    struct {
        gf x, t;
    } c; /* one wipe for both */
    memcpy(c.x, in + offsetof(point_t, x), sizeof c.x);
    memcpy(c.t, in + offsetof(point_t, t), sizeof c.t);
    gf_neg(c.x, c.x);
    gf_neg(c.t, c.t);
    /* a non-point's X and T become zero; its Y (zero) and Z move as they are */
    typed_mask_words(&c, sizeof c, ok);
    memmove(o + offsetof(point_t, y), in + offsetof(point_t, y), 2 * sizeof(gf));
    memmove(o + sizeof(point_t), in + sizeof(point_t), sizeof *out - sizeof(point_t));
    memcpy(o + offsetof(point_t, x), c.x, sizeof c.x);
    memcpy(o + offsetof(point_t, t), c.t, sizeof c.t);
    _Static_assert(sizeof c % sizeof(ct_wipe_vec) == 0, "whole vectors");
    ct_wipe_inline(&c, sizeof c);
}

void goldilocks_decaf448_point_double(goldilocks_decaf448_point *out, const goldilocks_decaf448_point *a) {
    unary(out, a, point_double_single);
}

void goldilocks_decaf448_point_scalarmult(goldilocks_decaf448_point *out, const goldilocks_decaf448_point *p,
                                          const goldilocks_decaf448_scalar *s) {
    if (!out || !p || !s) {
        zero_point(out);
        return;
    }
    point_t a;
    scalar_t k;
    mask_t ok = typed_is_point(p);
    typed_load_point(&a, p);
    typed_load_scalar(&k, s);
    point_scalarmul_decaf(&a, &a, &k);
    typed_store_point_if(out, &a, ok);
    point_wipe(&a);
    ct_wipe(&k, sizeof k);
    ct_wipe_stack();
}

void goldilocks_decaf448_point_scalarmult_base(goldilocks_decaf448_point *out, const goldilocks_decaf448_scalar *s) {
    if (!out || !s) {
        zero_point(out);
        return;
    }
    point_t a;
    scalar_t k;
    typed_load_scalar(&k, s);
    scalar_add(&k, &k, &k); /* [s]G = [2s]B */
    point_scalarmul_base(&a, &k);
    typed_store_point(out, &a);
    point_wipe(&a);
    ct_wipe(&k, sizeof k);
    ct_wipe_stack();
}

void goldilocks_decaf448_point_from_uniform(goldilocks_decaf448_point *out, const uint8_t uniform[112]) {
    if (!out || !uniform) {
        zero_point(out);
        return;
    }
    point_t p;
    decaf448_from_uniform(&p, uniform);
    typed_store_point(out, &p);
    point_wipe(&p);
}
