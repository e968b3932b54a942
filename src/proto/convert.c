/*
 * Ed448 keys to X448 keys.
 *
 * Public: u = y^2 / x^2, the 4-isogeny from edwards448 to curve448 of
 * RFC 7748 section 4.2, which maps the Ed448 base point to u = 5. Being a
 * homomorphism it maps A = [s]B to [s](u = 5), X448's public key of s.
 * Secret: Ed448's scalar s is SHAKE256(seed, 114)[0..56] with bits 0, 1
 * cleared and bit 447 set (RFC 8032 section 5.2.5), which is exactly what
 * X448's decodeScalar448 (RFC 7748 section 5) does to those 56 bytes; so the
 * unclamped 56 bytes are an X448 secret whose public key is the converted A.
 */
#include <string.h>
#include "goldilocks.h"
#include "point.h"
#include "ct.h"
#include "shake256.h"
#include "x448_from_ed448.h"

/*
 * The decoding fused with the conversion: x448_from_ed448.h. The sign bit
 * picks x, which u does not depend on; with x = 0 it would be non-canonical,
 * and x = 0 is refused.
 */
int goldilocks_ed448_public_to_x448(uint8_t x_pub[GOLDILOCKS_X448_BYTES],
                                    const uint8_t ed_pub[GOLDILOCKS_ED448_PUBLIC_BYTES]) {
    if (!x_pub)
        return -1;
    if (!ed_pub) {
        memset(x_pub, 0, GOLDILOCKS_X448_BYTES);
        return -1;
    }
    gf y, u;
    mask_t ok = gf_deserialize(y, ed_pub);                   /* y < p */
    ok &= ct_mask_is_zero_u32(ed_pub[56] & 0x7f);
    ok = x448_u_from_ed448_y(u, y, ok);
    /* A public key is public: returning early on a bad one leaks nothing. */
    if (!ok) {
        memset(x_pub, 0, GOLDILOCKS_X448_BYTES);
        return -1;
    }
    gf_serialize(x_pub, u);
    return 0;
}

void goldilocks_ed448_secret_to_x448(uint8_t x_secret[GOLDILOCKS_X448_BYTES],
                                     const uint8_t ed_secret[GOLDILOCKS_ED448_SECRET_BYTES]) {
    if (!x_secret)
        return;
    if (!ed_secret) {
        memset(x_secret, 0, GOLDILOCKS_X448_BYTES);
        return;
    }
    /*
     * The first 56 bytes of SHAKE256(seed, 114): an XOF's shorter output is
     * a prefix of its longer one (FIPS 202 section 6.2), so they are squeezed
     * straight into x_secret. The sponge absorbs all of the seed before it
     * squeezes a byte, so x_secret may overlap ed_secret.
     */
    shake256(x_secret, GOLDILOCKS_X448_BYTES, ed_secret, GOLDILOCKS_ED448_SEED_BYTES);
    /*
     * One SHAKE256 and nothing of the field or the curve: its frames (the
     * sponge and Keccak-f, about 600 bytes; 1 KiB under AddressSanitizer)
     * stay within the small wipe, where the full 16 KiB one would cost a
     * third of the call.
     */
    ct_wipe_stack_small();
}
