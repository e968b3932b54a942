/*
 * Ed448 and Ed448ph, RFC 8032 section 5.2.
 *
 * Verification checks the cofactored equation of section 5.2.7,
 * [4][S]B = [4]R + [4][k]A, as [4]([S]B - [k]A - R) = 0, after rejecting
 * S >= l and non-canonical encodings of A and R.
 */
#include <string.h>
#include "goldilocks.h"
#include "point.h"
#include "ct.h"
#include "random.h"
#include "scalar.h"
#include "shake256.h"

#define ED448_HASH_BYTES 114
#define ED448_PREHASH_BYTES 64

/* SHAKE256 with dom4(phflag, ctx) absorbed (section 2, "dom4"). */
static void hash_init_dom4(shake256_ctx *h, int phflag, const uint8_t *ctx, size_t ctx_len) {
    static const uint8_t prefix[8] = {'S', 'i', 'g', 'E', 'd', '4', '4', '8'};
    uint8_t lens[2] = {(uint8_t)phflag, (uint8_t)ctx_len};
    shake256_init(h);
    shake256_absorb(h, prefix, sizeof prefix);
    shake256_absorb(h, lens, sizeof lens);
    if (ctx_len)
        shake256_absorb(h, ctx, ctx_len);
}

static void absorb(shake256_ctx *h, const uint8_t *p, size_t len) {
    if (len)
        shake256_absorb(h, p, len);
}

/* The 114-byte digest of the seed (section 5.2.5): clamped scalar s mod l, and the prefix. */
static void expand_seed(scalar_t *s, uint8_t prefix[57], const uint8_t seed[57]) {
    uint8_t h[ED448_HASH_BYTES];
    shake256(h, sizeof h, seed, 57);
    h[0] &= 0xfc;
    h[55] |= 0x80;
    h[56] = 0;
    scalar_reduce_bytes(s, h, 57);
    if (prefix)
        memcpy(prefix, h + 57, 57);
    ct_wipe(h, sizeof h);
}

void goldilocks_ed448_keypair_from_seed(uint8_t pub[57], uint8_t secret[114], const uint8_t seed[57]) {
    scalar_t s;
    point_t a;
    expand_seed(&s, NULL, seed);
    point_scalarmul_base(&a, &s);
    point_encode_ed448(pub, &a);
    memmove(secret, seed, 57);
    memcpy(secret + 57, pub, 57);
    ct_wipe(&s, sizeof s);
    point_wipe(&a);
}

int goldilocks_ed448_keypair(uint8_t pub[57], uint8_t secret[114]) {
    uint8_t seed[57];
    if (random_bytes(seed, sizeof seed) != 0) {
        memset(pub, 0, 57);
        memset(secret, 0, 114);
        return -1;
    }
    goldilocks_ed448_keypair_from_seed(pub, secret, seed);
    ct_wipe(seed, sizeof seed);
    return 0;
}

/* Section 5.2.6, on the message m (already the prehash for Ed448ph). */
static int sign(uint8_t sig[114], const uint8_t secret[114], int phflag,
                const uint8_t *m, size_t m_len, const uint8_t *ctx, size_t ctx_len) {
    if (ctx_len > 255) {
        memset(sig, 0, 114);
        return -1;
    }
    scalar_t s, r, k;
    uint8_t prefix[57], digest[ED448_HASH_BYTES], rbytes[57];
    shake256_ctx h;
    point_t rp;

    expand_seed(&s, prefix, secret);

    /* r = SHAKE256(dom4(F, C) || prefix || M, 114) mod l */
    hash_init_dom4(&h, phflag, ctx, ctx_len);
    shake256_absorb(&h, prefix, sizeof prefix);
    absorb(&h, m, m_len);
    shake256_squeeze(&h, digest, sizeof digest);
    scalar_reduce_bytes(&r, digest, sizeof digest);

    /* R = [r]B */
    point_scalarmul_base(&rp, &r);
    point_encode_ed448(rbytes, &rp);

    /* k = SHAKE256(dom4(F, C) || R || A || M, 114) mod l */
    shake256_wipe(&h);
    hash_init_dom4(&h, phflag, ctx, ctx_len);
    shake256_absorb(&h, rbytes, 57);
    shake256_absorb(&h, secret + 57, 57);
    absorb(&h, m, m_len);
    shake256_squeeze(&h, digest, sizeof digest);
    scalar_reduce_bytes(&k, digest, sizeof digest);

    /* S = r + k s mod l */
    scalar_mul(&k, &k, &s);
    scalar_add(&k, &k, &r);
    memcpy(sig, rbytes, 57);
    scalar_to_bytes(sig + 57, &k);
    sig[113] = 0;

    ct_wipe(&s, sizeof s);
    ct_wipe(&r, sizeof r);
    ct_wipe(&k, sizeof k);
    ct_wipe(prefix, sizeof prefix);
    ct_wipe(digest, sizeof digest);
    shake256_wipe(&h);
    point_wipe(&rp);
    return 0;
}

/* Section 5.2.7. Everything here is public: variable time is fine. */
static int verify(const uint8_t sig[114], const uint8_t pub[57], int phflag,
                  const uint8_t *m, size_t m_len, const uint8_t *ctx, size_t ctx_len) {
    if (ctx_len > 255)
        return -1;
    scalar_t s, k;
    point_t a, r;
    uint8_t digest[ED448_HASH_BYTES];
    shake256_ctx h;

    if (scalar_from_canonical_bytes(&s, sig + 57, 57) != 0)
        return -1;
    if (!point_decode_ed448(&a, pub) || !point_decode_ed448(&r, sig))
        return -1;

    hash_init_dom4(&h, phflag, ctx, ctx_len);
    shake256_absorb(&h, sig, 57);
    shake256_absorb(&h, pub, 57);
    absorb(&h, m, m_len);
    shake256_squeeze(&h, digest, sizeof digest);
    scalar_reduce_bytes(&k, digest, sizeof digest);

    return point_verify_equation_vartime(&s, &a, &k, &r) ? 0 : -1;
}

static void prehash(uint8_t out[ED448_PREHASH_BYTES], const uint8_t *msg, size_t msg_len) {
    shake256_ctx h;
    shake256_init(&h);
    absorb(&h, msg, msg_len);
    shake256_squeeze(&h, out, ED448_PREHASH_BYTES);
    shake256_wipe(&h);
}

int goldilocks_ed448_sign(uint8_t sig[114], const uint8_t secret[114],
                          const uint8_t *msg, size_t msg_len, const uint8_t *ctx, size_t ctx_len) {
    return sign(sig, secret, 0, msg, msg_len, ctx, ctx_len);
}

int goldilocks_ed448_verify(const uint8_t sig[114], const uint8_t pub[57],
                            const uint8_t *msg, size_t msg_len, const uint8_t *ctx, size_t ctx_len) {
    return verify(sig, pub, 0, msg, msg_len, ctx, ctx_len);
}

int goldilocks_ed448ph_sign(uint8_t sig[114], const uint8_t secret[114],
                            const uint8_t *msg, size_t msg_len, const uint8_t *ctx, size_t ctx_len) {
    uint8_t ph[ED448_PREHASH_BYTES];
    prehash(ph, msg, msg_len);
    int ret = sign(sig, secret, 1, ph, sizeof ph, ctx, ctx_len);
    ct_wipe(ph, sizeof ph);
    return ret;
}

int goldilocks_ed448ph_verify(const uint8_t sig[114], const uint8_t pub[57],
                              const uint8_t *msg, size_t msg_len, const uint8_t *ctx, size_t ctx_len) {
    uint8_t ph[ED448_PREHASH_BYTES];
    prehash(ph, msg, msg_len);
    return verify(sig, pub, 1, ph, sizeof ph, ctx, ctx_len);
}
