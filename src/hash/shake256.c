/*
 * SHAKE256 (FIPS 202): the sponge of section 4 on Keccak-f[1600]
 * (section 3.3, in the lane form of section 3.2), with rate 1088 bits
 * (136 bytes), capacity 512 and the SHAKE domain suffix 1111 followed by
 * pad10*1 (section 6.2 and B.2: the byte 0x1f after the message, 0x80
 * at the last byte of the block).
 *
 * Portable C on uint64_t lanes; one round is written out in full on
 * named variables, so that the compiler keeps the 5x5 state in registers
 * as far as it can.
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
 * One output plane of theta's last step, rho, pi and chi (sections
 * 3.2.1-3.2.4), from the lanes i0 .. i24 into o<k0> .. o<k4> (the plane y:
 * k = 5y .. 5y + 4). theta adds d[x] to every lane of column x. pi moves
 * lane (x', y') to (y', 2x' + 3y'), so output lane (x, y) comes from input
 * lane s_x = (x + 3y mod 5) + 5x, rotated by rho's offset r_x for that lane
 * (Table 2: (t + 1)(t + 2)/2 mod 64 along the walk (x, y) -> (y, 2x + 3y)).
 * chi: out(x, y) = B(x) ^ (~B(x + 1) & B(x + 2)). Each output lane also
 * goes into n<x>, the next round's column parity, while it is in a register.
 */
#define PLANE(o, i, k0, k1, k2, k3, k4, s0, r0, s1, r1, s2, r2, s3, r3, s4, r4)                 \
    do {                                                                                     \
        uint64_t b0 = ROL64(i##s0 ^ d[(s0) % 5], r0), b1 = ROL64(i##s1 ^ d[(s1) % 5], r1);   \
        uint64_t b2 = ROL64(i##s2 ^ d[(s2) % 5], r2), b3 = ROL64(i##s3 ^ d[(s3) % 5], r3);   \
        uint64_t b4 = ROL64(i##s4 ^ d[(s4) % 5], r4);                                        \
        o##k0 = b0 ^ (~b1 & b2);                                                             \
        o##k1 = b1 ^ (~b2 & b3);                                                             \
        o##k2 = b2 ^ (~b3 & b4);                                                             \
        o##k3 = b3 ^ (~b4 & b0);                                                             \
        o##k4 = b4 ^ (~b0 & b1);                                                             \
        n0 ^= o##k0, n1 ^= o##k1, n2 ^= o##k2, n3 ^= o##k3, n4 ^= o##k4;                     \
    } while (0)

/*
 * o = Rnd(i, i_r) (section 3.3), on the lanes named i0 .. i24 and o0 ..
 * o24; rc is RC[i_r]. c0 .. c4 hold the column parities of i on entry
 * (theta's C) and of o on exit.
 */
#define ROUND(o, i, rc)                                                                      \
    do {                                                                                     \
        uint64_t d[5]; /* theta: d[x] = C[x - 1] ^ rot(C[x + 1], 1) */                       \
        d[0] = c4 ^ ROL64(c1, 1);                                                            \
        d[1] = c0 ^ ROL64(c2, 1);                                                            \
        d[2] = c1 ^ ROL64(c3, 1);                                                            \
        d[3] = c2 ^ ROL64(c4, 1);                                                            \
        d[4] = c3 ^ ROL64(c0, 1);                                                            \
        uint64_t n0 = 0, n1 = 0, n2 = 0, n3 = 0, n4 = 0;                                     \
        PLANE(o, i, 0, 1, 2, 3, 4, 0, 0, 6, 44, 12, 43, 18, 21, 24, 14);                     \
        PLANE(o, i, 5, 6, 7, 8, 9, 3, 28, 9, 20, 10, 3, 16, 45, 22, 61);                     \
        PLANE(o, i, 10, 11, 12, 13, 14, 1, 1, 7, 6, 13, 25, 19, 8, 20, 18);                  \
        PLANE(o, i, 15, 16, 17, 18, 19, 4, 27, 5, 36, 11, 10, 17, 15, 23, 56);               \
        PLANE(o, i, 20, 21, 22, 23, 24, 2, 62, 8, 55, 14, 39, 15, 41, 21, 2);                \
        o##0 ^= (rc); /* iota (section 3.2.5) */                                             \
        c0 = n0 ^ (rc), c1 = n1, c2 = n2, c3 = n3, c4 = n4;                                  \
    } while (0)

#define EACH_LANE(X)                                                                         \
    X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) X(12) X(13) X(14) X(15)     \
    X(16) X(17) X(18) X(19) X(20) X(21) X(22) X(23) X(24)

/*
 * The state in 25 named variables (a0 .. a24, and e0 .. e24 for every other
 * round), not arrays, and the column parities carried from one round to
 * the next: the compiler keeps what it can in registers and reads each
 * lane once a round, about 20% faster than rounds between two arrays (gcc
 * 12 and clang 14, x86-64). What it spills lies in this frame, which the
 * public caller's stack wipe clears (test_stack_secrets looks for every
 * round's lanes).
 */
void keccak_f1600(uint64_t lanes[25]) {
#define LOAD(k) uint64_t a##k = lanes[k], e##k;
    EACH_LANE(LOAD)
    uint64_t c0 = a0 ^ a5 ^ a10 ^ a15 ^ a20, c1 = a1 ^ a6 ^ a11 ^ a16 ^ a21, c2 = a2 ^ a7 ^ a12 ^ a17 ^ a22;
    uint64_t c3 = a3 ^ a8 ^ a13 ^ a18 ^ a23, c4 = a4 ^ a9 ^ a14 ^ a19 ^ a24;
    for (int r = 0; r < 24; r += 2) {
        ROUND(e, a, round_constants[r]);
        ROUND(a, e, round_constants[r + 1]);
    }
#define STORE(k) lanes[k] = a##k;
    EACH_LANE(STORE)
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

/*
 * One block in, one block out (in_len < RATE, out_len <= RATE: the Ed448
 * seed hashes, 57 bytes to 114 or 56): the sponge's steps without its
 * bookkeeping, one permutation. The input's whole lanes, then its last
 * bytes, the padding, Keccak-f, and the output's lanes.
 */
static void shake256_one_block(uint8_t *out, size_t out_len, const uint8_t *in, size_t in_len) {
    uint64_t lanes[25] = {0};
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
    ct_wipe(lanes, sizeof lanes);
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
