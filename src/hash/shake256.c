/*
 * SHAKE256 (FIPS 202): the sponge of section 4 on Keccak-f[1600]
 * (section 3.3, in the lane form of section 3.2), with rate 1088 bits
 * (136 bytes), capacity 512 and the SHAKE domain suffix 1111 followed by
 * pad10*1 (section 6.2 and B.2: the byte 0x1f after the message, 0x80
 * at the last byte of the block). The permutation is keccak.h's.
 */
#include <string.h>
#include "ct.h"
#include "keccak.h"
#include "shake256.h"

enum { RATE = 136, RATE_LANES = RATE / 8 };

/*
 * A lane from and to 8 bytes, little-endian (section 3.1.2), written out byte by
 * byte: gcc and clang merge these into one 64-bit load or store on a
 * little-endian CPU (a load and a byte swap on a big-endian one). gcc 12
 * compiled the loop form of the same as 8 byte loads and shifts a lane,
 * which cost SHAKE256 of a 57-byte seed 110 of its 790 ticks (Zen 4).
 */
static uint64_t load64_le(const uint8_t *p) {
    return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 | (uint64_t)p[3] << 24 |
           (uint64_t)p[4] << 32 | (uint64_t)p[5] << 40 | (uint64_t)p[6] << 48 | (uint64_t)p[7] << 56;
}

static void store64_le(uint8_t *p, uint64_t v) {
    p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8), p[2] = (uint8_t)(v >> 16), p[3] = (uint8_t)(v >> 24);
    p[4] = (uint8_t)(v >> 32), p[5] = (uint8_t)(v >> 40), p[6] = (uint8_t)(v >> 48), p[7] = (uint8_t)(v >> 56);
}

void shake256_init(shake256_ctx *ctx) {
    memset(ctx, 0, sizeof *ctx);
}

void shake256_absorb(shake256_ctx *ctx, const uint8_t *in, size_t len) {
    if (len == 0)
        return; /* in may be NULL then (the empty string): no arithmetic on it */
    unsigned offset = ctx->offset;
    while (len > 0) {
        if (offset == 0 && len >= RATE) {
            for (int i = 0; i < RATE_LANES; i++)
                ctx->lanes[i] ^= load64_le(in + 8 * i);
            keccak_f1600(ctx->lanes);
            in += RATE;
            len -= RATE;
            continue;
        }
        size_t take = RATE - offset < len ? RATE - offset : len;
        for (size_t i = 0; i < take;) {
            if (offset % 8 == 0 && take - i >= 8) { /* a whole lane */
                ctx->lanes[offset / 8] ^= load64_le(in + i);
                i += 8;
                offset += 8;
            } else {
                ctx->lanes[offset / 8] ^= (uint64_t)in[i] << (8 * (offset % 8));
                i++;
                offset++;
            }
        }
        in += take;
        len -= take;
        if (offset == RATE) {
            keccak_f1600(ctx->lanes);
            offset = 0;
        }
    }
    ctx->offset = offset;
}

void shake256_squeeze(shake256_ctx *ctx, uint8_t *out, size_t len) {
    unsigned offset = ctx->offset;
    if (!ctx->squeezing) {
        /* offset < RATE here: absorb permutes as soon as a block is full. */
        ctx->lanes[offset / 8] ^= (uint64_t)0x1f << (8 * (offset % 8));
        ctx->lanes[RATE_LANES - 1] ^= (uint64_t)0x80 << 56;
        keccak_f1600(ctx->lanes);
        ctx->squeezing = 1;
        offset = 0;
    }
    while (len > 0) {
        if (offset == RATE) {
            keccak_f1600(ctx->lanes);
            offset = 0;
        }
        if (offset == 0 && len >= RATE) {
            for (int i = 0; i < RATE_LANES; i++)
                store64_le(out + 8 * i, ctx->lanes[i]);
            out += RATE;
            len -= RATE;
            offset = RATE;
            continue;
        }
        size_t take = RATE - offset < len ? RATE - offset : len;
        for (size_t i = 0; i < take;) {
            if (offset % 8 == 0 && take - i >= 8) { /* a whole lane */
                store64_le(out + i, ctx->lanes[offset / 8]);
                i += 8;
                offset += 8;
            } else {
                out[i] = (uint8_t)(ctx->lanes[offset / 8] >> (8 * (offset % 8)));
                i++;
                offset++;
            }
        }
        out += take;
        len -= take;
    }
    ctx->offset = offset;
}

int shake256_ctx_valid(const shake256_ctx *ctx) {
    if (ctx->squeezing == 0)
        return ctx->offset < RATE;
    return ctx->squeezing == 1 && ctx->offset <= RATE;
}

void shake256_wipe(shake256_ctx *ctx) {
    ct_wipe(ctx, sizeof *ctx);
}

/*
 * One block in, one block out (in_len < RATE, out_len <= RATE: the Ed448
 * seed hashes, 57 bytes to 114 or 56): the sponge's steps without its
 * bookkeeping, one permutation. The input's whole lanes, then its last
 * bytes, the padding, Keccak-f, and the output's lanes.
 */
static void shake256_one_block(uint8_t *out, size_t out_len, const uint8_t *in, size_t in_len) {
    /* 25 lanes and one of padding: 13 whole 16-byte vectors for ct_wipe_inline. */
    uint64_t lanes[26] = {0};
    size_t whole = in_len / 8;
    for (size_t i = 0; i < whole; i++)
        lanes[i] = load64_le(in + 8 * i);
    for (size_t k = 8 * whole; k < in_len; k++)
        lanes[whole] ^= (uint64_t)in[k] << (8 * (k % 8));
    lanes[in_len / 8] ^= (uint64_t)0x1f << (8 * (in_len % 8));
    lanes[RATE_LANES - 1] ^= (uint64_t)0x80 << 56;
    keccak_f1600(lanes);
    for (size_t i = 0; i < out_len / 8; i++)
        store64_le(out + 8 * i, lanes[i]);
    for (size_t k = out_len / 8 * 8; k < out_len; k++)
        out[k] = (uint8_t)(lanes[k / 8] >> (8 * (k % 8)));
    ct_wipe_inline(lanes, sizeof lanes);
}

void shake256(uint8_t *out, size_t out_len, const uint8_t *in, size_t in_len) {
    if (in_len < RATE && out_len <= RATE) {
        shake256_one_block(out, out_len, in, in_len);
        return;
    }
    shake256_ctx ctx;
    shake256_init(&ctx);
    shake256_absorb(&ctx, in, in_len);
    shake256_squeeze(&ctx, out, out_len);
    shake256_wipe(&ctx);
}
