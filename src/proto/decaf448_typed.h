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

#include <string.h>
#include "goldilocks.h"
#include "point.h"
#include "scalar.h"

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

static inline void typed_load_scalar(scalar_t *out, const goldilocks_decaf448_scalar *in) {
    memcpy(out, in, sizeof *out);
}

static inline void typed_store_scalar(goldilocks_decaf448_scalar *out, const scalar_t *s) {
    memcpy(out, s, sizeof *s);
    memset((uint8_t *)out + sizeof *s, 0, sizeof *out - sizeof *s);
}

#endif
