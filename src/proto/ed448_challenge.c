/*
 * The challenge k of Ed448 verification, RFC 8032 section 5.2.7 step 2,
 * with dom4 of section 2 (phflag 0: Ed448, not Ed448ph).
 */
#include "ed448_challenge.h"
#include "shake256.h"

int ed448_buffer_ok(const uint8_t *p, size_t len) {
    return p != NULL || len == 0;
}

int ed448_ctx_ok(const uint8_t *ctx, size_t ctx_len) {
    return ctx_len <= 255 && ed448_buffer_ok(ctx, ctx_len);
}

void ed448_challenge(scalar_t *k, const uint8_t r[57], const uint8_t pub[57], const uint8_t *msg, size_t msg_len,
                     const uint8_t *ctx, size_t ctx_len) {
    static const uint8_t prefix[8] = { 'S', 'i', 'g', 'E', 'd', '4', '4', '8' };
    const uint8_t lens[2] = { 0, (uint8_t)ctx_len };
    uint8_t digest[114];
    shake256_ctx h;
    shake256_init(&h);
    shake256_absorb(&h, prefix, sizeof prefix);
    shake256_absorb(&h, lens, sizeof lens);
    if (ctx_len)
        shake256_absorb(&h, ctx, ctx_len);
    shake256_absorb(&h, r, 57);
    shake256_absorb(&h, pub, 57);
    if (msg_len)
        shake256_absorb(&h, msg, msg_len);
    shake256_squeeze(&h, digest, sizeof digest);
    scalar_reduce_bytes(k, digest, sizeof digest);
}
