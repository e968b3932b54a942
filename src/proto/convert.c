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

int goldilocks_ed448_public_to_x448(uint8_t x_pub[GOLDILOCKS_X448_BYTES],
                                    const uint8_t ed_pub[GOLDILOCKS_ED448_PUBLIC_BYTES]) {
    if (!x_pub)
        return -1;
    point_t a;
    gf u;
    /* A public key is public: the small-order test may take variable time. */
    if (!ed_pub || !point_decode_ed448(&a, ed_pub) || point_is_small_order_vartime(&a)) {
        memset(x_pub, 0, GOLDILOCKS_X448_BYTES);
        return -1;
    }
    gf_invert(u, a.x); /* x != 0: the points with x = 0 have order 1 and 2 */
    gf_mul(u, u, a.y);
    gf_sqr(u, u);
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
    uint8_t h[2 * GOLDILOCKS_ED448_SEED_BYTES];
    shake256(h, sizeof h, ed_secret, GOLDILOCKS_ED448_SEED_BYTES);
    memcpy(x_secret, h, GOLDILOCKS_X448_BYTES);
    ct_wipe(h, sizeof h);
    ct_wipe_stack();
}
