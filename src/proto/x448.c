/*
 * X448 (RFC 7748 section 5): the Montgomery ladder on the u coordinate of
 * Curve448, v^2 = u^3 + 156326 u^2 + u. The ladder itself is x448_ladder.h's
 * (one of two sources, chosen per target by configure.py).
 */
#include <string.h>
#include "goldilocks.h"
#include "field.h"
#include "ct.h"
#include "random.h"
#include "x448_base.h"
#include "x448_ladder.h"

int goldilocks_x448(uint8_t shared[GOLDILOCKS_X448_BYTES], const uint8_t secret[GOLDILOCKS_X448_BYTES],
                    const uint8_t peer[GOLDILOCKS_X448_BYTES]) {
    if (!shared || !secret || !peer) {
        if (shared)
            memset(shared, 0, GOLDILOCKS_X448_BYTES);
        return -1;
    }
    gf u;
    /* decodeUCoordinate: all 448 bits are used and u >= p is reduced mod p
     * (the returned canonicity mask does not matter here). The peer is read
     * whole here and the secret is copied by the ladder before shared is
     * written, so shared may overlap either. */
    (void)gf_deserialize(u, peer);
    mask_t zero = x448_ladder(shared, secret, u);
    ct_wipe_stack();
    /* An all-zero result is already an all-zero output; only the return value says so. */
    return -(int)(zero & 1);
}

/*
 * RFC 7748 section 5 takes every u; this refuses the ones no honest peer
 * sends: u >= p (non-canonical) and the u of the points of order 1, 2 and
 * 4 of curve448 and its twist, for which the ladder with a clamped scalar
 * (a multiple of 4) ends at the point at infinity: u = 0 has order 2, and
 * u = 1 and u = -1 order 4, since the doubling u' = (u^2 - 1)^2 /
 * (4 u (u^2 + A u + 1)) takes them to u = 0. Public input: variable time
 * is fine.
 */
int goldilocks_x448_public_key_check(const uint8_t pub[GOLDILOCKS_X448_BYTES]) {
    gf u, small;
    if (!pub || !gf_deserialize(u, pub))
        return -1;
    gf_set_small(small, 0);
    mask_t bad = gf_eq(u, small);
    gf_set_small(small, 1);
    bad |= gf_eq(u, small);
    gf_neg(small, small);
    bad |= gf_eq(u, small);
    return bad ? -1 : 0;
}

/*
 * X448(secret, 5) by the fixed-base comb on the Edwards side (x448_base.c),
 * about three times faster than the ladder; test_x448 checks it against a
 * GMP ladder and test_point against goldilocks_x448(secret, 5).
 */
void goldilocks_x448_public_key(uint8_t pub[GOLDILOCKS_X448_BYTES], const uint8_t secret[GOLDILOCKS_X448_BYTES]) {
    if (!pub || !secret) {
        if (pub)
            memset(pub, 0, GOLDILOCKS_X448_BYTES);
        return;
    }
    uint8_t k[GOLDILOCKS_X448_BYTES];
    x448_clamp(k, secret); /* the secret is copied before pub is written */
    x448_base_u(pub, k);
    ct_wipe(k, sizeof k);
    ct_wipe_stack();
}

int goldilocks_x448_keypair(uint8_t pub[GOLDILOCKS_X448_BYTES], uint8_t secret[GOLDILOCKS_X448_BYTES]) {
    uint8_t k[GOLDILOCKS_X448_BYTES];
    if (!pub || !secret || random_bytes(k, sizeof k) != 0) {
        if (pub)
            memset(pub, 0, GOLDILOCKS_X448_BYTES);
        if (secret)
            memset(secret, 0, GOLDILOCKS_X448_BYTES);
        ct_wipe(k, sizeof k);
        return -1;
    }
    goldilocks_x448_public_key(pub, k);
    memcpy(secret, k, sizeof k);
    ct_wipe(k, sizeof k);
    return 0;
}
