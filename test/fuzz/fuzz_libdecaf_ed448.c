/*
 * libFuzzer target: Ed448 and Ed448ph (RFC 8032) against libdecaf and
 * OpenSSL 3, with an independent GMP verifier (ed448_ref.c) as the arbiter.
 *
 * Input (zero-padded when short):
 *   seed[57] || pub[57] || sig[114] || flags[1] || ctx_len[1] || ctx || msg
 * ctx is the next min(ctx_len, what is left) bytes, msg the rest.
 * flags bit 0: the verifications below are Ed448ph rather than Ed448;
 * flags bit 1: also verify our own signature and key XORed with the
 *              input's sig and pub (a difference: zero bytes keep ours);
 * flags bit 7: run the GMP verifier even when the libraries agree.
 *
 * 1. The public key of seed: goldilocks = libdecaf = OpenSSL.
 * 2. Ed448 and Ed448ph signatures of msg under ctx by goldilocks and
 *    libdecaf are the same bytes (deterministic, section 5.2.6), and the
 *    same as OpenSSL's when ctx is empty (OpenSSL 3.0's EVP interface has
 *    no context and no Ed448ph). Each library accepts them.
 * 3. The input's (sig, pub) as they are (the seeds hold the vectors'
 *    valid and invalid signatures, so mutations start near them), and
 *    with flags bit 1 our own signature and key XORed with them (a few
 *    set bits are a near-valid signature), are verified by the three
 *    libraries (OpenSSL again only for Ed448 without context). When they
 *    disagree, or flags bit 7 asks (the crafted seeds set it), the GMP
 *    verifier classifies the case and each library must answer as the RFC
 *    says:
 *    - S >= l, or A or R not canonical / not on the curve (5.2.3): reject;
 *    - [S]B = R + [k]A: accept;
 *    - neither [S]B = R + [k]A nor [4][S]B = [4]R + [4][k]A: reject;
 *    - only the cofactored equation: EXCLUDED. The two differ by a point of
 *      small order in R or A; 5.2.7 asks for the cofactored equation but
 *      allows the cofactorless one, so either answer keeps the RFC.
 *      goldilocks documents the cofactored check, so it must accept;
 *      OpenSSL and libdecaf may answer either way (both check the
 *      cofactored equation too, and accept these cases but where A or R
 *      has x = 0);
 *    - EXCLUDED as well: libdecaf's and OpenSSL's rejection of a valid
 *      signature whose A or R has x = 0 (compare_verify says why).
 */
#include <decaf/ed448.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ed448_ref.h"
#include "goldilocks.h"

enum { HEAD = 57 + 57 + 114 + 2 };

static void fail(const char *what) {
    fprintf(stderr, "fuzz_libdecaf_ed448: %s\n", what);
    abort();
}

typedef struct {
    const uint8_t *msg;
    size_t msg_len;
    const uint8_t *ctx;
    size_t ctx_len;
    uint8_t ph_msg[64]; /* SHAKE256(msg, 64) by OpenSSL, libdecaf's Ed448ph input */
} input;

static int ossl_verify(const uint8_t sig[114], const uint8_t pub[57], const uint8_t *msg, size_t len) {
    EVP_PKEY *key = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED448, NULL, pub, 57);
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    /* OpenSSL refuses a public key it cannot decode: a rejection. */
    int ok = key && ctx && EVP_DigestVerifyInit(ctx, NULL, NULL, NULL, key) == 1 &&
             EVP_DigestVerify(ctx, sig, 114, msg ? msg : (const uint8_t *)"", len) == 1;
    EVP_MD_CTX_free(ctx);
    EVP_PKEY_free(key);
    return ok;
}

static void ossl_sign(uint8_t sig[114], uint8_t pub[57], const uint8_t seed[57], const uint8_t *msg,
                      size_t len) {
    EVP_PKEY *key = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED448, NULL, seed, 57);
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    size_t sig_len = 114, pub_len = 57;
    if (!key || !ctx || EVP_PKEY_get_raw_public_key(key, pub, &pub_len) != 1 || pub_len != 57 ||
        EVP_DigestSignInit(ctx, NULL, NULL, NULL, key) != 1 ||
        EVP_DigestSign(ctx, sig, &sig_len, msg ? msg : (const uint8_t *)"", len) != 1 || sig_len != 114)
        fail("OpenSSL could not sign");
    EVP_MD_CTX_free(ctx);
    EVP_PKEY_free(key);
}

static int ours_verify(const uint8_t sig[114], const uint8_t pub[57], const input *in, int ph) {
    int r = ph ? goldilocks_ed448ph_verify(sig, pub, in->msg, in->msg_len, in->ctx, in->ctx_len)
               : goldilocks_ed448_verify(sig, pub, in->msg, in->msg_len, in->ctx, in->ctx_len);
    if (r != 0 && r != -1)
        fail("verify returned neither 0 nor -1");
    return r == 0;
}

static int decaf_verify(const uint8_t sig[114], const uint8_t pub[57], const input *in, int ph) {
    return decaf_ed448_verify(sig, pub, ph ? in->ph_msg : in->msg, ph ? 64 : in->msg_len, (uint8_t)ph,
                              in->ctx, (uint8_t)in->ctx_len) == DECAF_SUCCESS;
}

/* Step 3 for one (sig, pub): the three verifiers, the arbiter when needed. */
static void compare_verify(const uint8_t sig[114], const uint8_t pub[57], const input *in, int ph,
                           int force_ref) {
    const int with_ossl = !ph && in->ctx_len == 0;
    int ours = ours_verify(sig, pub, in, ph);
    int decaf = decaf_verify(sig, pub, in, ph);
    int ossl = with_ossl ? ossl_verify(sig, pub, in->msg, in->msg_len) : ours;
    if (ours == decaf && ours == ossl && !force_ref)
        return;
    ref_result ref = ed448_ref_verify(sig, pub, in->msg, in->msg_len, ph, in->ctx, in->ctx_len);
    if (ref == REF_VALID_COFACTORED_ONLY) {
        /* Excluded for libdecaf and OpenSSL (see the top); ours is cofactored. */
        if (!ours)
            fail("goldilocks rejects a signature that satisfies the cofactored equation");
        return;
    }
    int want = ref == REF_VALID;
    if (ours != want)
        fail(want ? "goldilocks rejects a valid signature" : "goldilocks accepts an invalid signature");
    /*
     * EXCLUDED: libdecaf 1.0.2 and OpenSSL 3.0 (whose curve448 code comes
     * from libdecaf) reject every signature whose A or R is a point with
     * x = 0, that is the identity (0, 1) or the point of order 2 (0, -1),
     * even one that satisfies both equations (the other small-order points,
     * (+-1, 0) of order 4, they accept). RFC 8032 accepts it: both points
     * decode (5.2.3: x = 0 is refused only with the sign bit set) and
     * 5.2.7 asks for no order check. Their rule is stricter than the RFC's,
     * not looser, so only their rejection of such a valid signature is let
     * through; goldilocks_ed448_verify follows the RFC and is checked.
     */
    const int x_zero = want && (ed448_ref_x_zero(pub) || ed448_ref_x_zero(sig));
    if (decaf != want && !(x_zero && !decaf))
        fail(want ? "libdecaf rejects a valid signature" : "libdecaf accepts an invalid signature");
    if (ossl != want && !(x_zero && !ossl))
        fail(want ? "OpenSSL rejects a valid signature" : "OpenSSL accepts an invalid signature");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    uint8_t head[HEAD] = {0};
    memcpy(head, data, size < HEAD ? size : HEAD);
    const uint8_t *seed = head, *in_pub = head + 57, *in_sig = head + 114;
    const int ph = head[228] & 1, near = (head[228] >> 1) & 1, force_ref = head[228] >> 7;
    input in;
    const uint8_t *rest = size > HEAD ? data + HEAD : NULL;
    size_t rest_len = size > HEAD ? size - HEAD : 0;
    in.ctx_len = head[229] < rest_len ? head[229] : rest_len;
    in.ctx = in.ctx_len ? rest : NULL;
    in.msg_len = rest_len - in.ctx_len;
    in.msg = in.msg_len ? rest + in.ctx_len : NULL;
    ed448_ref_shake256(in.ph_msg, 64, in.msg ? in.msg : (const uint8_t *)"", in.msg_len);

    /* 1. Keys. */
    uint8_t pub[57], secret[114], dpub[57], opub[57], osig[114];
    goldilocks_ed448_keypair_from_seed(pub, secret, seed);
    decaf_ed448_derive_public_key(dpub, seed);
    ossl_sign(osig, opub, seed, in.msg, in.msg_len);
    if (memcmp(pub, dpub, 57) != 0)
        fail("public key differs from libdecaf's");
    if (memcmp(pub, opub, 57) != 0)
        fail("public key differs from OpenSSL's");

    /* 2. Signatures: Ed448 and Ed448ph. */
    uint8_t sig[114], sig_ph[114], dsig[114], dsig_ph[114];
    decaf_eddsa_448_keypair_t kp;
    decaf_ed448_derive_keypair(kp, seed);
    decaf_ed448_keypair_sign(dsig, kp, in.msg ? in.msg : (const uint8_t *)"", in.msg_len, 0, in.ctx,
                             (uint8_t)in.ctx_len);
    decaf_ed448_keypair_sign(dsig_ph, kp, in.ph_msg, 64, 1, in.ctx, (uint8_t)in.ctx_len);
    decaf_ed448_keypair_destroy(kp);
    if (goldilocks_ed448_sign(sig, secret, in.msg, in.msg_len, in.ctx, in.ctx_len) != 0)
        fail("sign failed");
    if (goldilocks_ed448ph_sign(sig_ph, secret, in.msg, in.msg_len, in.ctx, in.ctx_len) != 0)
        fail("Ed448ph sign failed");
    if (memcmp(sig, dsig, 114) != 0)
        fail("signature differs from libdecaf's");
    if (memcmp(sig_ph, dsig_ph, 114) != 0)
        fail("Ed448ph signature differs from libdecaf's");
    if (in.ctx_len == 0 && memcmp(sig, osig, 114) != 0)
        fail("signature differs from OpenSSL's");
    if (!ours_verify(sig, pub, &in, 0) || !decaf_verify(sig, pub, &in, 0) ||
        !ours_verify(sig_ph, pub, &in, 1) || !decaf_verify(sig_ph, pub, &in, 1) ||
        (in.ctx_len == 0 && !ossl_verify(sig, pub, in.msg, in.msg_len)))
        fail("a library rejects a fresh signature");

    /* 3. Verification of the input's bytes, and of our own changed by them. */
    compare_verify(in_sig, in_pub, &in, ph, force_ref);
    if (!near)
        return 0;
    uint8_t near_sig[114], near_pub[57];
    for (int i = 0; i < 114; i++)
        near_sig[i] = (ph ? sig_ph : sig)[i] ^ in_sig[i];
    for (int i = 0; i < 57; i++)
        near_pub[i] = pub[i] ^ in_pub[i];
    compare_verify(near_sig, near_pub, &in, ph, force_ref);
    return 0;
}
