/* hash_to_field for GF(p), m = 1, L = 84: RFC 9380 section 5.2. */
#include <string.h>
#include "h2c.h"
#include "ct.h"

/*
 * An 84-byte big-endian e is hi 2^448 + lo with hi < 2^224 (28 bytes) and
 * lo < 2^448 (56 bytes). Since 2^448 = 2^224 + 1 (mod p),
 * e = lo + (hi + hi 2^224) (mod p), and hi + hi 2^224 < 2^448 is just hi
 * written twice, at bytes 0 and 28 of a little-endian 56-byte string: two
 * deserializations (each reduces mod p) and one addition, no multiplication.
 */
void h2c_field_from_bytes(gf out, const uint8_t in[H2C_L]) {
    uint8_t lo[GF_SER_BYTES], hi2[GF_SER_BYTES];
    for (size_t i = 0; i < GF_SER_BYTES; i++)
        lo[i] = in[H2C_L - 1 - i];
    for (size_t i = 0; i < H2C_L - GF_SER_BYTES; i++)
        hi2[i] = hi2[i + 28] = in[H2C_L - GF_SER_BYTES - 1 - i];
    gf a, b;
    gf_deserialize(a, lo);
    gf_deserialize(b, hi2);
    gf_add(out, a, b);
    ct_wipe(lo, sizeof lo);
    ct_wipe(hi2, sizeof hi2);
    ct_wipe(a, sizeof a);
    ct_wipe(b, sizeof b);
}

void h2c_hash_to_field(gf u[2], unsigned count, const uint8_t *msg, size_t msg_len,
                       const uint8_t *dst, size_t dst_len) {
    uint8_t bytes[2 * H2C_L];
    h2c_expand_xof(bytes, count * H2C_L, msg, msg_len, dst, dst_len);
    for (unsigned i = 0; i < count; i++)
        h2c_field_from_bytes(u[i], bytes + i * H2C_L);
    ct_wipe(bytes, sizeof bytes);
}
