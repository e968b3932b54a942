/*
 * The typed decaf448 API (include/goldilocks.h, "decaf448, typed"): its
 * public objects hold the library's point_t and scalar_t, copied in and out
 * with memcpy (the public types are opaque arrays of uint64_t, the internal
 * ones have their own alignment: no pointer casts between them).
 *
 * Every function copies all of its inputs into locals before it writes an
 * output, which is what lets any output overlap any input.
 */
#ifndef GOLDILOCKS_DECAF448_TYPED_H
#define GOLDILOCKS_DECAF448_TYPED_H

#include <stddef.h>
#include <string.h>
#include "goldilocks.h"
#include "point.h"
#include "scalar.h"
#include "ct.h"

/*
 * The public sizes are the same on every target (256 and 56 bytes); both
 * limb layouts fit them exactly today (8 x 64 bits and 16 x 32 bits per
 * field element). A layout that needs more must not silently truncate.
 */
_Static_assert(sizeof(point_t) <= sizeof(goldilocks_decaf448_point), "point_t does not fit the public point");
_Static_assert(sizeof(scalar_t) <= sizeof(goldilocks_decaf448_scalar), "scalar_t does not fit the public scalar");
_Static_assert(sizeof(goldilocks_decaf448_point) == 256, "the documented size of a point");
_Static_assert(sizeof(goldilocks_decaf448_scalar) == 56, "the documented size of a scalar");

static inline void typed_load_point(point_t *out, const goldilocks_decaf448_point *in) {
    memcpy(out, in, sizeof *out);
}

static inline void typed_store_point(goldilocks_decaf448_point *out, const point_t *p) {
    memcpy(out, p, sizeof *p);
    memset((uint8_t *)out + sizeof *p, 0, sizeof *out - sizeof *p);
}

/*
 * The non-point (include/goldilocks.h): what a failed call leaves, the
 * all-zero object. It is told from a point by the limbs of X and Y alone,
 * read as words: a point never has X = Y = 0 (Z != 0, and x = y = 0 is not
 * on the curve), so never all-zero limbs there, whatever its
 * representation. Every operation given a non-point writes the all-zero
 * object again (typed_store_point_if), so the non-points the library
 * writes are always that object. No branch: masks, in whole vectors
 * (ct_vec, as in ct_lookup: the build does not vectorize loops) where the
 * bytes come from memory. Counted on the avx2 target (callgrind): _eq 954
 * to 979 instructions, _encode 133,651 to 133,689, _neg 232 to 286, _add
 * 3,946 to 3,973.
 */
_Static_assert(offsetof(point_t, x) == 0 && offsetof(point_t, y) == sizeof(gf) &&
                   2 * sizeof(gf) % sizeof(ct_vec) == 0 && sizeof(point_t) % sizeof(ct_vec) == 0,
               "X, then Y, and the point in whole vectors");

/* All ones when the vector acc (an OR of words) is not all zero. */
static inline mask_t typed_vec_nonzero(ct_vec acc) {
    mask_t w[sizeof acc / sizeof(mask_t)], any = 0;
    memcpy(w, &acc, sizeof w);
    for (size_t i = 0; i < sizeof w / sizeof w[0]; i++)
        any |= w[i];
    uint64_t any64 = (uint64_t)any;
    return ct_barrier(~ct_mask_is_zero_u32((uint32_t)(any64 | any64 >> 32)));
}

/*
 * Copies the X and Y of p (2 sizeof(gf) bytes) to xy, unless xy is NULL;
 * all ones when p holds a point, zero for the non-point, from the same
 * loads.
 */
static inline mask_t typed_copy_xy(void *xy, const goldilocks_decaf448_point *p) {
    const uint8_t *b = (const uint8_t *)p->opaque;
    ct_vec acc = {0}, v;
#pragma GCC unroll 8
    for (size_t i = 0; i < 2 * sizeof(gf); i += sizeof v) {
        memcpy(&v, b + i, sizeof v);
        if (xy)
            memcpy((uint8_t *)xy + i, &v, sizeof v);
        acc |= v;
    }
    return typed_vec_nonzero(acc);
}

/* All ones when p holds a point, zero for the non-point. */
static inline mask_t typed_is_point(const goldilocks_decaf448_point *p) {
    return typed_copy_xy(NULL, p);
}

/*
 * The len bytes at p (a multiple of sizeof(mask_t)) ANDed with ok: zero
 * unless ok. Word by word, for values just computed in registers (a
 * vector load of words just stored one by one would wait for the stores).
 */
static inline void typed_mask_words(void *p, size_t len, mask_t ok) {
    uint8_t *b = p;
#pragma GCC unroll 32
    for (size_t i = 0; i < len; i += sizeof(mask_t)) {
        mask_t w;
        memcpy(&w, b + i, sizeof w);
        w &= ok;
        memcpy(b + i, &w, sizeof w);
    }
}

/*
 * typed_store_point, or the all-zero object unless ok (all ones): an
 * operation's result, which is a point only when its inputs were. Every
 * byte is written either way, by masks.
 */
static inline void typed_store_point_if(goldilocks_decaf448_point *out, const point_t *p, mask_t ok) {
    const uint8_t *src = (const uint8_t *)p;
    uint8_t *dst = (uint8_t *)out->opaque;
#pragma GCC unroll 16
    for (size_t i = 0; i < sizeof *p; i += sizeof(ct_vec)) {
        ct_vec v;
        memcpy(&v, src + i, sizeof v);
        v &= ok;
        memcpy(dst + i, &v, sizeof v);
    }
    memset(dst + sizeof *p, 0, sizeof *out - sizeof *p);
}

static inline void typed_load_scalar(scalar_t *out, const goldilocks_decaf448_scalar *in) {
    memcpy(out, in, sizeof *out);
}

static inline void typed_store_scalar(goldilocks_decaf448_scalar *out, const scalar_t *s) {
    memcpy(out, s, sizeof *s);
    memset((uint8_t *)out + sizeof *s, 0, sizeof *out - sizeof *s);
}

#endif
