/* SHAKE256 (FIPS 202 section 6.2), incremental: absorb any number of times, then squeeze. */
#ifndef GOLDILOCKS_SHAKE256_H
#define GOLDILOCKS_SHAKE256_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint64_t lanes[25]; /* the Keccak-f[1600] state */
    unsigned offset;    /* bytes absorbed into, or squeezed from, the current block */
    unsigned squeezing; /* 0 while absorbing, 1 once padded */
} shake256_ctx;

void shake256_init(shake256_ctx *ctx);
/* Any number of calls of any lengths (0 included); not after the first squeeze. */
void shake256_absorb(shake256_ctx *ctx, const uint8_t *in, size_t len);
/*
 * The first call pads and switches to squeezing; later calls continue the
 * output stream, so any split of the output gives the same bytes.
 */
void shake256_squeeze(shake256_ctx *ctx, uint8_t *out, size_t len);
/*
 * 1 when ctx's bookkeeping is one the functions above can leave (offset
 * below the rate while absorbing, at most the rate while squeezing;
 * squeezing 0 or 1), else 0: for a state kept in memory the caller owns
 * (the streaming Ed448ph state), which absorb and squeeze must never be
 * given otherwise (they index the lanes by offset). Reads only offset and
 * squeezing, which follow from the length absorbed (public), not the lanes.
 */
int shake256_ctx_valid(const shake256_ctx *ctx);
/* Wipes the state. */
void shake256_wipe(shake256_ctx *ctx);

/* out = SHAKE256(in, 8 * out_len). */
void shake256(uint8_t *out, size_t out_len, const uint8_t *in, size_t in_len);

#endif
