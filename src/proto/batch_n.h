/*
 * The item counts of the batch calls (include/goldilocks.h): an n whose
 * arrays could not exist, because n items of the call's largest kind
 * (item_bytes each) would take more than SIZE_MAX bytes, is refused before
 * any array is touched. Below that bound every product n * item_bytes and
 * every index the calls form (i + GF_LANES, first + BATCH_MAX) fits in a
 * size_t.
 */
#ifndef GOLDILOCKS_BATCH_N_H
#define GOLDILOCKS_BATCH_N_H

#include <stddef.h>
#include <stdint.h>
#include "field.h"

/* 1 when n items of item_bytes bytes each exceed SIZE_MAX bytes, else 0. */
static inline int batch_n_impossible(size_t n, size_t item_bytes) {
    return n > SIZE_MAX / item_bytes;
}

/*
 * Whether the X448, X448 public key and decaf448 batch calls run item by item as the
 * single calls: with one lane (field.h GF_LANES_BY_SINGLE, as the Ed448 sign batch's
 * comb), or where the target's backend record says its single calls are the faster
 * (configure.py Backend.batch_by_single, which defines GOLDILOCKS_BATCH_BY_SINGLE).
 * A constant: the other path is not compiled in.
 */
#ifndef GOLDILOCKS_BATCH_BY_SINGLE
#define GOLDILOCKS_BATCH_BY_SINGLE 0
#endif
#define BATCH_BY_SINGLE (GF_LANES_BY_SINGLE || GOLDILOCKS_BATCH_BY_SINGLE)

#endif
