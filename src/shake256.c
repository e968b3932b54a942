/*
 * SHAKE256 (FIPS 202): the sponge of section 4 on Keccak-f[1600]
 * (section 3.3, in the lane form of section 3.2), with rate 1088 bits
 * (136 bytes), capacity 512 and the SHAKE domain suffix 1111 followed by
 * pad10*1 (section 6.2 and B.2: the byte 0x1f after the message, 0x80
 * at the last byte of the block).
 *
 * Portable C on uint64_t lanes; one round is written out in full so that
 * the compiler keeps the 5x5 state in named temporaries.
 */
#include <string.h>
#include "ct.h"
#include "keccak.h"
#include "shake256.h"

enum { RATE = 136, RATE_LANES = RATE / 8 };

/*
 * iota's round constants RC[i_r] (section 3.2.5): bit 2^j - 1 of RC[i_r] is
 * rc(j + 7 i_r) for j = 0..6, where rc(t) is the output bit of the LFSR
 * with feedback polynomial x^8 + x^6 + x^5 + x^4 + 1 (Algorithm 5).
 * test/test_shake256.c recomputes them from that definition.
 */
static const uint64_t round_constants[24] = {
    0x0000000000000001ull, 0x0000000000008082ull, 0x800000000000808aull,
    0x8000000080008000ull, 0x000000000000808bull, 0x0000000080000001ull,
    0x8000000080008081ull, 0x8000000000008009ull, 0x000000000000008aull,
    0x0000000000000088ull, 0x0000000080008009ull, 0x000000008000000aull,
    0x000000008000808bull, 0x800000000000008bull, 0x8000000000008089ull,
    0x8000000000008003ull, 0x8000000000008002ull, 0x8000000000000080ull,
    0x000000000000800aull, 0x800000008000000aull, 0x8000000080008081ull,
    0x8000000000008080ull, 0x0000000080000001ull, 0x8000000080008008ull,
};

/* Left rotation of a lane by a constant 0 <= n < 64 (the "& 63" keeps n = 0 defined). */
#define ROL64(v, n) (((v) << (n)) | ((v) >> ((64 - (n)) & 63)))

/*
 * One output plane y of theta's last step, rho, pi and chi (sections
 * 3.2.1-3.2.4). theta adds d[x] to every lane of column x. pi moves lane
 * (x', y') to (y', 2x' + 3y'), so output lane (x, y) comes from input lane
 * s_x = (x + 3y mod 5) + 5x, rotated by rho's offset r_x for that lane
 * (Table 2: (t + 1)(t + 2)/2 mod 64 along the walk (x, y) -> (y, 2x + 3y)).
 * chi: out(x, y) = B(x) ^ (~B(x + 1) & B(x + 2)).
 */
#define PLANE(out, in, y, s0, r0, s1, r1, s2, r2, s3, r3, s4, r4)                                 \
    do {                                                                                         \
        uint64_t b0 = ROL64((in)[s0] ^ d[(s0) % 5], r0), b1 = ROL64((in)[s1] ^ d[(s1) % 5], r1); \
        uint64_t b2 = ROL64((in)[s2] ^ d[(s2) % 5], r2), b3 = ROL64((in)[s3] ^ d[(s3) % 5], r3); \
        uint64_t b4 = ROL64((in)[s4] ^ d[(s4) % 5], r4);                                         \
        (out)[5 * (y) + 0] = b0 ^ (~b1 & b2);                                                    \
        (out)[5 * (y) + 1] = b1 ^ (~b2 & b3);                                                    \
        (out)[5 * (y) + 2] = b2 ^ (~b3 & b4);                                                    \
        (out)[5 * (y) + 3] = b3 ^ (~b4 & b0);                                                    \
        (out)[5 * (y) + 4] = b4 ^ (~b0 & b1);                                                    \
    } while (0)

/* out = Rnd(in, i_r) (section 3.3); out and in are distinct. */
static inline void keccak_round(uint64_t out[25], const uint64_t in[25], uint64_t rc) {
    uint64_t c0 = in[0] ^ in[5] ^ in[10] ^ in[15] ^ in[20];
    uint64_t c1 = in[1] ^ in[6] ^ in[11] ^ in[16] ^ in[21];
    uint64_t c2 = in[2] ^ in[7] ^ in[12] ^ in[17] ^ in[22];
    uint64_t c3 = in[3] ^ in[8] ^ in[13] ^ in[18] ^ in[23];
    uint64_t c4 = in[4] ^ in[9] ^ in[14] ^ in[19] ^ in[24];
    uint64_t d[5]; /* theta: d[x] = C[x - 1] ^ rot(C[x + 1], 1), C the column parities */
    d[0] = c4 ^ ROL64(c1, 1);
    d[1] = c0 ^ ROL64(c2, 1);
    d[2] = c1 ^ ROL64(c3, 1);
    d[3] = c2 ^ ROL64(c4, 1);
    d[4] = c3 ^ ROL64(c0, 1);

    PLANE(out, in, 0, 0, 0, 6, 44, 12, 43, 18, 21, 24, 14);
    PLANE(out, in, 1, 3, 28, 9, 20, 10, 3, 16, 45, 22, 61);
    PLANE(out, in, 2, 1, 1, 7, 6, 13, 25, 19, 8, 20, 18);
    PLANE(out, in, 3, 4, 27, 5, 36, 11, 10, 17, 15, 23, 56);
    PLANE(out, in, 4, 2, 62, 8, 55, 14, 39, 15, 41, 21, 2);

    /* iota (section 3.2.5) */
    out[0] ^= rc;
}

void keccak_f1600(uint64_t lanes[25]) {
    uint64_t tmp[25];
    for (int i = 0; i < 24; i += 2) {
        keccak_round(tmp, lanes, round_constants[i]);
        keccak_round(lanes, tmp, round_constants[i + 1]);
    }
    ct_wipe(tmp, sizeof tmp);
}

static uint64_t load64_le(const uint8_t *p) {
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = (v << 8) | p[i];
    return v;
}

static void store64_le(uint8_t *p, uint64_t v) {
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (8 * i));
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

void shake256_wipe(shake256_ctx *ctx) {
    ct_wipe(ctx, sizeof *ctx);
}

void shake256(uint8_t *out, size_t out_len, const uint8_t *in, size_t in_len) {
    shake256_ctx ctx;
    shake256_init(&ctx);
    shake256_absorb(&ctx, in, in_len);
    shake256_squeeze(&ctx, out, out_len);
    shake256_wipe(&ctx);
}
