/* expand_message_xof with SHAKE256, RFC 9380 sections 5.3.2 and 5.3.3. */
#include "h2c.h"
#include "ct.h"
#include "shake256.h"

static void absorb(shake256_ctx *h, const uint8_t *p, size_t len) {
    if (len)
        shake256_absorb(h, p, len);
}

void h2c_expand_xof(uint8_t *out, size_t out_len, const uint8_t *msg, size_t msg_len,
                    const uint8_t *dst, size_t dst_len) {
    static const uint8_t oversize[] = "H2C-OVERSIZE-DST-";
    uint8_t hashed_dst[H2C_DST_HASH_BYTES];
    shake256_ctx h;

    /* Section 5.3.3: DST = H("H2C-OVERSIZE-DST-" || DST, ceil(2k / 8)). */
    if (dst_len > H2C_DST_MAX) {
        shake256_init(&h);
        shake256_absorb(&h, oversize, sizeof oversize - 1);
        shake256_absorb(&h, dst, dst_len);
        shake256_squeeze(&h, hashed_dst, sizeof hashed_dst);
        dst = hashed_dst;
        dst_len = sizeof hashed_dst;
    }

    /* msg_prime = msg || I2OSP(len_in_bytes, 2) || DST || I2OSP(len(DST), 1). */
    const uint8_t lens[2] = {(uint8_t)(out_len >> 8), (uint8_t)out_len};
    const uint8_t dst_len_byte = (uint8_t)dst_len;
    shake256_init(&h);
    absorb(&h, msg, msg_len);
    shake256_absorb(&h, lens, sizeof lens);
    shake256_absorb(&h, dst, dst_len);
    shake256_absorb(&h, &dst_len_byte, 1);
    shake256_squeeze(&h, out, out_len);
    shake256_wipe(&h);
}
