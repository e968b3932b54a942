/*
 * X448 (RFC 7748 section 5): the Montgomery ladder on the u coordinate of
 * Curve448, v^2 = u^3 + 156326 u^2 + u.
 */
#include <string.h>
#include "goldilocks.h"
#include "field.h"
#include "ct.h"
#include "random.h"
#include "x448_base.h"

/* (A - 2) / 4 for A = 156326 (RFC 7748 section 5, "a24"). */
#define X448_A24 39081u

/* Everything the ladder keeps that depends on the scalar, to be wiped in one go. */
typedef struct {
    uint8_t k[GOLDILOCKS_X448_BYTES];
    gf x2, z2, x3, z3;
    gf a, aa, b, bb, e, c, d, da, cb;
} ladder_state;

/* decodeScalar448 (RFC 7748 section 5): clear the 2 low bits, set bit 447. */
static void clamp(uint8_t k[GOLDILOCKS_X448_BYTES], const uint8_t secret[GOLDILOCKS_X448_BYTES]) {
    memcpy(k, secret, GOLDILOCKS_X448_BYTES);
    k[0] &= 252;
    k[55] |= 128;
}

/*
 * out = the u coordinate of [k]P for the clamped secret and P with u
 * coordinate x1, by the ladder of RFC 7748 section 5 with the constant-time
 * conditional swap. Returns all ones when the result is zero.
 */
static mask_t ladder(uint8_t out[GOLDILOCKS_X448_BYTES], const uint8_t secret[GOLDILOCKS_X448_BYTES],
                     const gf x1) {
    ladder_state s;
    mask_t swap = 0;

    clamp(s.k, secret);
    gf_set_small(s.x2, 1);
    gf_set_small(s.z2, 0);
    gf_copy(s.x3, x1);
    gf_set_small(s.z3, 1);

    for (int t = 447; t >= 0; t--) {
        mask_t k_t = ct_mask_from_bit((uint32_t)(s.k[t >> 3] >> (t & 7)));
        swap ^= k_t;
        gf_cond_swap(s.x2, s.x3, swap);
        gf_cond_swap(s.z2, s.z3, swap);
        swap = k_t;

        /* The _nr sums feed gf_mul, gf_sqr or gf_mulw only, which accept loose inputs. */
        gf_add_nr(s.a, s.x2, s.z2);
        gf_sqr(s.aa, s.a);
        gf_sub_nr(s.b, s.x2, s.z2);
        gf_sqr(s.bb, s.b);
        gf_sub_nr(s.e, s.aa, s.bb);
        gf_add_nr(s.c, s.x3, s.z3);
        gf_sub_nr(s.d, s.x3, s.z3);
        gf_mul(s.da, s.d, s.a);
        gf_mul(s.cb, s.c, s.b);
        gf_add_nr(s.x3, s.da, s.cb);
        gf_sqr(s.x3, s.x3);
        gf_sub_nr(s.z3, s.da, s.cb);
        gf_sqr(s.z3, s.z3);
        gf_mul(s.z3, s.z3, x1);
        gf_mul(s.x2, s.aa, s.bb);
        gf_mulw(s.z2, s.e, X448_A24);
        gf_add_nr(s.z2, s.aa, s.z2);
        gf_mul(s.z2, s.e, s.z2);
    }
    /* swap is now k_0, which clamping made 0; kept as the RFC writes it */
    gf_cond_swap(s.x2, s.x3, swap);
    gf_cond_swap(s.z2, s.z3, swap);

    /* x2 / z2; z2 = 0 (a low-order point) gives 0, as x * 0^(p-2) = 0 in the RFC. */
    gf_invert(s.z2, s.z2);
    gf_mul(s.x2, s.x2, s.z2);
    gf_serialize(out, s.x2);

    ct_wipe(&s, sizeof s);
    return ct_mask_bytes_zero(out, GOLDILOCKS_X448_BYTES);
}

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
    mask_t zero = ladder(shared, secret, u);
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
    clamp(k, secret); /* the secret is copied before pub is written */
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
