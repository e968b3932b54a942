/*
 * Ed448 and Ed448ph, RFC 8032 section 5.2.
 *
 * Verification checks the cofactored equation of section 5.2.7,
 * [4][S]B = [4]R + [4][k]A, as [4]([S]B - [k]A - R) = 0, after rejecting
 * S >= l and non-canonical encodings of A and R.
 *
 * The contract of include/goldilocks.h: every input is read before any
 * output is written (signatures are built in a local buffer and copied
 * out last), and a NULL argument fails without being dereferenced.
 */
#include <string.h>
#include "goldilocks.h"
#include "point.h"
#include "ct.h"
#include "random.h"
#include "scalar.h"
#include "shake256.h"
#include "ed448_sign.h"

#define ED448_HASH_BYTES 114
#define SEED_BYTES GOLDILOCKS_ED448_SEED_BYTES
#define PUB_BYTES GOLDILOCKS_ED448_PUBLIC_BYTES
#define SIG_BYTES GOLDILOCKS_ED448_SIG_BYTES
#define PH_BYTES GOLDILOCKS_ED448_PREHASH_BYTES

/* A pointer with a length is usable when it is non-NULL or the length is 0. */
static int buffer_ok(const uint8_t *p, size_t len) {
    return p != NULL || len == 0;
}

static int ctx_ok(const uint8_t *ctx, size_t ctx_len) {
    return ctx_len <= GOLDILOCKS_ED448_CONTEXT_MAX && buffer_ok(ctx, ctx_len);
}

static void absorb(shake256_ctx *h, const uint8_t *p, size_t len) {
    if (len)
        shake256_absorb(h, p, len);
}

/* SHAKE256 with dom4(phflag, ctx) absorbed (section 2, "dom4"). */
void ed448_hash_init_dom4(shake256_ctx *h, int phflag, const uint8_t *ctx, size_t ctx_len) {
    static const uint8_t prefix[8] = {'S', 'i', 'g', 'E', 'd', '4', '4', '8'};
    uint8_t lens[2] = {(uint8_t)phflag, (uint8_t)ctx_len};
    shake256_init(h);
    shake256_absorb(h, prefix, sizeof prefix);
    shake256_absorb(h, lens, sizeof lens);
    absorb(h, ctx, ctx_len);
}

/* The 114-byte digest of the seed (section 5.2.5): clamped scalar s mod l, and the prefix. */
void ed448_expand_seed(scalar_t *s, uint8_t prefix[57], const uint8_t seed[SEED_BYTES]) {
    uint8_t h[ED448_HASH_BYTES];
    shake256(h, sizeof h, seed, SEED_BYTES);
    h[0] &= 0xfc;
    h[55] |= 0x80;
    h[56] = 0;
    scalar_reduce_bytes(s, h, 57);
    if (prefix)
        memcpy(prefix, h + 57, 57);
    ct_wipe(h, sizeof h);
}

/* The encoding of A = [s]B. */
static void public_from_scalar(uint8_t pub[PUB_BYTES], const scalar_t *s) {
    point_t a;
    point_scalarmul_base(&a, s);
    point_encode_ed448(pub, &a);
    point_wipe(&a);
}

void goldilocks_ed448_keypair_from_seed(uint8_t pub[PUB_BYTES], uint8_t secret[GOLDILOCKS_ED448_SECRET_BYTES],
                                        const uint8_t seed[SEED_BYTES]) {
    if (!pub || !secret || !seed) {
        if (pub)
            memset(pub, 0, PUB_BYTES);
        if (secret)
            memset(secret, 0, GOLDILOCKS_ED448_SECRET_BYTES);
        return;
    }
    /* seed may overlap either output: read it whole first. */
    uint8_t key[GOLDILOCKS_ED448_SECRET_BYTES];
    scalar_t s;
    memcpy(key, seed, SEED_BYTES);
    ed448_expand_seed(&s, NULL, key);
    public_from_scalar(key + SEED_BYTES, &s);
    memcpy(secret, key, sizeof key);
    memcpy(pub, key + SEED_BYTES, PUB_BYTES);
    ct_wipe(&s, sizeof s);
    ct_wipe(key, sizeof key);
    ct_wipe_stack();
}

int goldilocks_ed448_keypair(uint8_t pub[PUB_BYTES], uint8_t secret[GOLDILOCKS_ED448_SECRET_BYTES]) {
    uint8_t seed[SEED_BYTES];
    if (!pub || !secret || random_bytes(seed, sizeof seed) != 0) {
        if (pub)
            memset(pub, 0, PUB_BYTES);
        if (secret)
            memset(secret, 0, GOLDILOCKS_ED448_SECRET_BYTES);
        ct_wipe(seed, sizeof seed);
        return -1;
    }
    goldilocks_ed448_keypair_from_seed(pub, secret, seed);
    ct_wipe(seed, sizeof seed);
    return 0;
}

/*
 * Section 5.2.6 steps 2-6 on the message m (already the prehash for
 * Ed448ph), from the expanded secret (s, prefix) and the public key
 * encoding pub. The arguments are checked by the callers. The signature is
 * assembled in a local buffer: sig may overlap m, ctx, pub or the caller's
 * secret, all of which are read before the final copy.
 */
static void sign_expanded(uint8_t sig[SIG_BYTES], const scalar_t *s, const uint8_t prefix[57],
                          const uint8_t pub[PUB_BYTES], int phflag, const uint8_t *m, size_t m_len,
                          const uint8_t *ctx, size_t ctx_len) {
    scalar_t r, k;
    uint8_t digest[ED448_HASH_BYTES], out[SIG_BYTES];
    shake256_ctx h;
    point_t rp;

    /* r = SHAKE256(dom4(F, C) || prefix || M, 114) mod l */
    ed448_hash_init_dom4(&h, phflag, ctx, ctx_len);
    shake256_absorb(&h, prefix, 57);
    absorb(&h, m, m_len);
    shake256_squeeze(&h, digest, sizeof digest);
    scalar_reduce_bytes(&r, digest, sizeof digest);

    /* R = [r]B */
    point_scalarmul_base(&rp, &r);
    point_encode_ed448(out, &rp);

    /* k = SHAKE256(dom4(F, C) || R || A || M, 114) mod l */
    shake256_wipe(&h);
    ed448_hash_init_dom4(&h, phflag, ctx, ctx_len);
    shake256_absorb(&h, out, PUB_BYTES);
    shake256_absorb(&h, pub, PUB_BYTES);
    absorb(&h, m, m_len);
    shake256_squeeze(&h, digest, sizeof digest);
    scalar_reduce_bytes(&k, digest, sizeof digest);

    /* S = r + k s mod l */
    scalar_mul(&k, &k, s);
    scalar_add(&k, &k, &r);
    scalar_to_bytes(out + PUB_BYTES, &k);
    out[SIG_BYTES - 1] = 0;
    memcpy(sig, out, SIG_BYTES);

    ct_wipe(&r, sizeof r);
    ct_wipe(&k, sizeof k);
    ct_wipe(digest, sizeof digest);
    ct_wipe(out, sizeof out);
    shake256_wipe(&h);
    point_wipe(&rp);
}

/* Signs with secret = seed || pub, the public half as stored (see goldilocks.h). */
static void sign_secret(uint8_t sig[SIG_BYTES], const uint8_t secret[GOLDILOCKS_ED448_SECRET_BYTES], int phflag,
                        const uint8_t *m, size_t m_len, const uint8_t *ctx, size_t ctx_len) {
    scalar_t s;
    uint8_t prefix[57];
    ed448_expand_seed(&s, prefix, secret);
    sign_expanded(sig, &s, prefix, secret + SEED_BYTES, phflag, m, m_len, ctx, ctx_len);
    ct_wipe(&s, sizeof s);
    ct_wipe(prefix, sizeof prefix);
    ct_wipe_stack();
}

/* The failure output of a signing function: -1 and, when there is one, an all-zero signature. */
static int sign_fail(uint8_t *sig) {
    if (sig)
        memset(sig, 0, SIG_BYTES);
    return -1;
}

/* Section 5.2.7. Everything here is public: variable time is fine. */
static int verify(const uint8_t sig[SIG_BYTES], const uint8_t pub[PUB_BYTES], int phflag, int strict,
                  const uint8_t *m, size_t m_len, const uint8_t *ctx, size_t ctx_len) {
    if (!sig || !pub || !buffer_ok(m, m_len) || !ctx_ok(ctx, ctx_len))
        return -1;
    scalar_t s, k;
    point_t ar[2];
    mask_t ok[2];
    uint8_t digest[ED448_HASH_BYTES];
    shake256_ctx h;

    if (scalar_from_canonical_bytes(&s, sig + PUB_BYTES, 57) != 0)
        return -1;
    /* A and R, both roots at once (gf_isr2: side by side in the lanes where the target has them) */
    point_decode_ed448_2(ar, ok, (const uint8_t *const[2]){pub, sig});
    if (!(ok[0] & ok[1]))
        return -1;
    const point_t *a = &ar[0], *r = &ar[1];
    /* The strict rule: neither A nor R of small order ([4]A or [4]R = 0). */
    if (strict && (point_is_small_order_vartime(a) || point_is_small_order_vartime(r)))
        return -1;

    ed448_hash_init_dom4(&h, phflag, ctx, ctx_len);
    shake256_absorb(&h, sig, PUB_BYTES);
    shake256_absorb(&h, pub, PUB_BYTES);
    absorb(&h, m, m_len);
    shake256_squeeze(&h, digest, sizeof digest);
    scalar_reduce_bytes(&k, digest, sizeof digest);

    return point_verify_equation_vartime(&s, a, &k, r) ? 0 : -1;
}

/* Ed448ph's PH(M) = SHAKE256(M, 64) (section 5.2). */
static void prehash(uint8_t out[PH_BYTES], const uint8_t *msg, size_t msg_len) {
    shake256_ctx h;
    shake256_init(&h);
    absorb(&h, msg, msg_len);
    shake256_squeeze(&h, out, PH_BYTES);
    shake256_wipe(&h);
}

/* ---- Ed448 ---- */

int goldilocks_ed448_sign(uint8_t sig[SIG_BYTES], const uint8_t secret[GOLDILOCKS_ED448_SECRET_BYTES],
                          const uint8_t *msg, size_t msg_len, const uint8_t *ctx, size_t ctx_len) {
    if (!sig || !secret || !buffer_ok(msg, msg_len) || !ctx_ok(ctx, ctx_len))
        return sign_fail(sig);
    sign_secret(sig, secret, 0, msg, msg_len, ctx, ctx_len);
    return 0;
}

/*
 * The public key is derived from the seed, as keypair_from_seed does, so
 * the signature depends on nothing but seed, msg and ctx: one fixed-base
 * multiplication more than goldilocks_ed448_sign.
 */
int goldilocks_ed448_sign_seed(uint8_t sig[SIG_BYTES], const uint8_t seed[SEED_BYTES], const uint8_t *msg,
                               size_t msg_len, const uint8_t *ctx, size_t ctx_len) {
    if (!sig || !seed || !buffer_ok(msg, msg_len) || !ctx_ok(ctx, ctx_len))
        return sign_fail(sig);
    scalar_t s;
    uint8_t prefix[57], pub[PUB_BYTES];
    ed448_expand_seed(&s, prefix, seed);
    public_from_scalar(pub, &s);
    sign_expanded(sig, &s, prefix, pub, 0, msg, msg_len, ctx, ctx_len);
    ct_wipe(&s, sizeof s);
    ct_wipe(prefix, sizeof prefix);
    ct_wipe(pub, sizeof pub);
    ct_wipe_stack();
    return 0;
}

int goldilocks_ed448_verify(const uint8_t sig[SIG_BYTES], const uint8_t pub[PUB_BYTES], const uint8_t *msg,
                            size_t msg_len, const uint8_t *ctx, size_t ctx_len) {
    return verify(sig, pub, 0, 0, msg, msg_len, ctx, ctx_len);
}

int goldilocks_ed448_verify_strict(const uint8_t sig[SIG_BYTES], const uint8_t pub[PUB_BYTES], const uint8_t *msg,
                                   size_t msg_len, const uint8_t *ctx, size_t ctx_len) {
    return verify(sig, pub, 0, 1, msg, msg_len, ctx, ctx_len);
}

/* ---- Ed448ph ---- */

int goldilocks_ed448ph_sign_prehashed(uint8_t sig[SIG_BYTES], const uint8_t secret[GOLDILOCKS_ED448_SECRET_BYTES],
                                      const uint8_t ph[PH_BYTES], const uint8_t *ctx, size_t ctx_len) {
    if (!sig || !secret || !ph || !ctx_ok(ctx, ctx_len))
        return sign_fail(sig);
    sign_secret(sig, secret, 1, ph, PH_BYTES, ctx, ctx_len);
    return 0;
}

int goldilocks_ed448ph_verify_prehashed(const uint8_t sig[SIG_BYTES], const uint8_t pub[PUB_BYTES],
                                        const uint8_t ph[PH_BYTES], const uint8_t *ctx, size_t ctx_len) {
    if (!ph)
        return -1;
    return verify(sig, pub, 1, 0, ph, PH_BYTES, ctx, ctx_len);
}

int goldilocks_ed448ph_sign(uint8_t sig[SIG_BYTES], const uint8_t secret[GOLDILOCKS_ED448_SECRET_BYTES],
                            const uint8_t *msg, size_t msg_len, const uint8_t *ctx, size_t ctx_len) {
    if (!sig || !secret || !buffer_ok(msg, msg_len) || !ctx_ok(ctx, ctx_len))
        return sign_fail(sig);
    uint8_t ph[PH_BYTES];
    prehash(ph, msg, msg_len);
    sign_secret(sig, secret, 1, ph, sizeof ph, ctx, ctx_len);
    ct_wipe(ph, sizeof ph);
    return 0;
}

static int ph_verify(const uint8_t sig[SIG_BYTES], const uint8_t pub[PUB_BYTES], int strict, const uint8_t *msg,
                     size_t msg_len, const uint8_t *ctx, size_t ctx_len) {
    if (!buffer_ok(msg, msg_len))
        return -1;
    uint8_t ph[PH_BYTES];
    prehash(ph, msg, msg_len);
    return verify(sig, pub, 1, strict, ph, sizeof ph, ctx, ctx_len);
}

int goldilocks_ed448ph_verify(const uint8_t sig[SIG_BYTES], const uint8_t pub[PUB_BYTES], const uint8_t *msg,
                              size_t msg_len, const uint8_t *ctx, size_t ctx_len) {
    return ph_verify(sig, pub, 0, msg, msg_len, ctx, ctx_len);
}

int goldilocks_ed448ph_verify_strict(const uint8_t sig[SIG_BYTES], const uint8_t pub[PUB_BYTES], const uint8_t *msg,
                                     size_t msg_len, const uint8_t *ctx, size_t ctx_len) {
    return ph_verify(sig, pub, 1, msg, msg_len, ctx, ctx_len);
}

/* ---- key checks ---- */

int goldilocks_ed448_public_key_check(const uint8_t pub[PUB_BYTES]) {
    point_t a;
    if (!pub || !point_decode_ed448(&a, pub))
        return -1;
    /* [l]A = 0 and A != 0; the neutral element is the one small-order point of the subgroup. */
    if (point_is_small_order_vartime(&a) || !point_in_prime_subgroup_vartime(&a))
        return -1;
    return 0;
}
