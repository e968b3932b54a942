/*
 * Ed448 signatures (OpenSSL's "SIGNATURE" operation, provider-signature(7)):
 * one-shot EVP_DigestSign and EVP_DigestVerify only, as OpenSSL's own
 * EdDSA, since RFC 8032's Ed448 reads the message twice and cannot stream.
 *
 * - No digest may be named (mdname NULL or "").
 * - A re-init with a NULL key keeps the key of the previous init:
 *   `openssl speed` and EVP_DigestSignInit(ctx, NULL, NULL, NULL, NULL)
 *   reset a context that way between one-shot signatures.
 * - "algorithm-id" is the DER AlgorithmIdentifier of id-Ed448 (RFC 8410
 *   section 3: the OID 1.3.101.113 and no parameters), which X.509 signing
 *   writes into certificates.
 * - "instance" ("Ed448" or "Ed448ph") and "context-string" (at most 255
 *   bytes, RFC 8032 section 5.2) select Ed448ph and the context, as
 *   OpenSSL 3.2 and later name them (OSSL_SIGNATURE_PARAM_INSTANCE and
 *   _CONTEXT_STRING). The 3.0 headers lack the names; they are defined here
 *   then, so that a 3.0 application reaches them too, with
 *   EVP_PKEY_CTX_set_params or the params of EVP_DigestSignInit_ex. Each
 *   init starts again from plain Ed448 with an empty context.
 * - Verification gives OpenSSL's verdicts (openssl_refuses below).
 */
#include <string.h>
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/params.h>
#include "provider.h"

/* SEQUENCE { OBJECT IDENTIFIER 1.3.101.113 } */
static const uint8_t ed448_algorithm_id[] = { 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x71 };

typedef struct {
    prov_key key;     /* a copy of the key of the last init */
    int have_key;
    int prehash;      /* Ed448ph */
    size_t context_len;
    uint8_t context[GOLDILOCKS_ED448_CONTEXT_MAX];
} sig_ctx;

static void *sig_newctx(void *provctx, const char *propq)
{
    (void)provctx;
    (void)propq;
    return OPENSSL_zalloc(sizeof(sig_ctx));
}

static void sig_freectx(void *vctx)
{
    OPENSSL_clear_free(vctx, sizeof(sig_ctx));
}

static void *sig_dupctx(void *vctx)
{
    sig_ctx *ctx = vctx, *dup = OPENSSL_malloc(sizeof *dup);
    if (dup != NULL)
        *dup = *ctx;
    return dup;
}

static int sig_set_ctx_params(void *vctx, const OSSL_PARAM params[]);

static int sig_init(sig_ctx *ctx, const char *mdname, void *provkey, const OSSL_PARAM params[], int signing)
{
    if (ctx == NULL || (mdname != NULL && mdname[0] != '\0'))
        return 0;
    const prov_key *key = provkey;
    if (key != NULL) {
        if (key->type != PROV_ED448)
            return 0;
        ctx->key = *key;
        ctx->have_key = 1;
    } else if (!ctx->have_key) {
        return 0;
    }
    if (signing ? !ctx->key.has_priv : !ctx->key.has_pub)
        return 0;
    /* Each init starts from plain Ed448 with an empty context (as OpenSSL's own). */
    ctx->prehash = 0;
    ctx->context_len = 0;
    return sig_set_ctx_params(ctx, params);
}

static int sig_digest_sign_init(void *vctx, const char *mdname, void *provkey, const OSSL_PARAM params[])
{
    return sig_init(vctx, mdname, provkey, params, 1);
}

static int sig_digest_verify_init(void *vctx, const char *mdname, void *provkey, const OSSL_PARAM params[])
{
    return sig_init(vctx, mdname, provkey, params, 0);
}

static int sig_digest_sign(void *vctx, unsigned char *sig, size_t *siglen, size_t sigsize,
                           const unsigned char *tbs, size_t tbslen)
{
    sig_ctx *ctx = vctx;
    if (ctx == NULL || !ctx->have_key || !ctx->key.has_priv || siglen == NULL)
        return 0;
    if (sig == NULL) {   /* the size query */
        *siglen = GOLDILOCKS_ED448_SIG_BYTES;
        return 1;
    }
    if (sigsize < GOLDILOCKS_ED448_SIG_BYTES)
        return 0;
    int rc = ctx->prehash
        ? goldilocks_ed448ph_sign(sig, ctx->key.secret, tbs, tbslen, ctx->context, ctx->context_len)
        : goldilocks_ed448_sign(sig, ctx->key.secret, tbs, tbslen, ctx->context, ctx->context_len);
    prov_trace("sign", ctx->prehash ? "ED448PH" : "ED448");
    if (rc != 0)
        return 0;
    *siglen = GOLDILOCKS_ED448_SIG_BYTES;
    return 1;
}

/* 1 when bytes 0 to 55 of an encoded point are y = 1, or y = p - 1 = 2^448 - 2^224 - 2. */
static int y_is_one(const uint8_t *enc, int minus)
{
    for (size_t i = 0; i < GOLDILOCKS_ED448_PUBLIC_BYTES - 1; i++) {
        uint8_t want = minus ? (i == 0 || i == 28 ? 0xfe : 0xff) : (i == 0);
        if (enc[i] != want)
            return 0;
    }
    return 1;
}

/*
 * 1 when an encoded point (A, or R, the signature's first half) has x = 0:
 * y = 1 (the identity) or y = p - 1 (the point of order 2), whatever the
 * sign bit; bits 448 to 454 must be 0. Public data: it returns at the
 * first byte that differs.
 */
static int point_has_x_zero(const uint8_t enc[GOLDILOCKS_ED448_PUBLIC_BYTES])
{
    return (enc[GOLDILOCKS_ED448_PUBLIC_BYTES - 1] & 0x7f) == 0 && (y_is_one(enc, 0) || y_is_one(enc, 1));
}

/*
 * OpenSSL's verdicts, which a program that loads the provider expects
 * (RFC 8032 allows more than one; test/interop_provider.c checks ours
 * against the default provider's on small-order, mixed-order and
 * non-canonical A and R and on S >= l). OpenSSL's Ed448 (3.0 to 4.0)
 * refuses an A or R with x = 0, the identity and the point of order 2,
 * because its decoder's inverse square root fails on 0; everything else
 * gets the cofactored equation of goldilocks_ed448_verify, as in OpenSSL:
 * the two points of order 4, (-1, 0) and (1, 0), pass as A and as R there.
 * goldilocks_ed448_verify_strict (any small-order A or R refused) would be
 * stricter than OpenSSL on exactly those. The check reads a byte or two
 * of a genuine A and R.
 */
static int openssl_refuses(const uint8_t *sig, const uint8_t pub[GOLDILOCKS_ED448_PUBLIC_BYTES])
{
    return point_has_x_zero(pub) || point_has_x_zero(sig);
}

static int sig_digest_verify(void *vctx, const unsigned char *sig, size_t siglen,
                             const unsigned char *tbs, size_t tbslen)
{
    sig_ctx *ctx = vctx;
    if (ctx == NULL || !ctx->have_key || !ctx->key.has_pub || sig == NULL)
        return 0;
    prov_trace("verify", ctx->prehash ? "ED448PH" : "ED448");
    if (siglen != GOLDILOCKS_ED448_SIG_BYTES || openssl_refuses(sig, ctx->key.pub))
        return 0;
    int rc = ctx->prehash
        ? goldilocks_ed448ph_verify(sig, ctx->key.pub, tbs, tbslen, ctx->context, ctx->context_len)
        : goldilocks_ed448_verify(sig, ctx->key.pub, tbs, tbslen, ctx->context, ctx->context_len);
    return rc == 0;
}

static int sig_get_ctx_params(void *vctx, OSSL_PARAM params[])
{
    if (vctx == NULL)
        return 0;
    OSSL_PARAM *p = OSSL_PARAM_locate(params, OSSL_SIGNATURE_PARAM_ALGORITHM_ID);
    if (p != NULL && !OSSL_PARAM_set_octet_string(p, ed448_algorithm_id, sizeof ed448_algorithm_id))
        return 0;
    return 1;
}

static const OSSL_PARAM sig_gettable[] = {
    OSSL_PARAM_octet_string(OSSL_SIGNATURE_PARAM_ALGORITHM_ID, NULL, 0),
    OSSL_PARAM_END
};

static const OSSL_PARAM *sig_gettable_ctx_params(void *vctx, void *provctx)
{
    (void)vctx;
    (void)provctx;
    return sig_gettable;
}

#ifndef OSSL_SIGNATURE_PARAM_INSTANCE
#define OSSL_SIGNATURE_PARAM_INSTANCE "instance"
#endif
#ifndef OSSL_SIGNATURE_PARAM_CONTEXT_STRING
#define OSSL_SIGNATURE_PARAM_CONTEXT_STRING "context-string"
#endif

static int sig_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    sig_ctx *ctx = vctx;
    if (ctx == NULL)
        return 0;
    if (params == NULL)
        return 1;
    const OSSL_PARAM *p = OSSL_PARAM_locate_const(params, OSSL_SIGNATURE_PARAM_INSTANCE);
    if (p != NULL) {
        const char *name = NULL;
        if (!OSSL_PARAM_get_utf8_string_ptr(p, &name))
            return 0;
        if (strcmp(name, "Ed448") == 0)
            ctx->prehash = 0;
        else if (strcmp(name, "Ed448ph") == 0)
            ctx->prehash = 1;
        else
            return 0;
    }
    p = OSSL_PARAM_locate_const(params, OSSL_SIGNATURE_PARAM_CONTEXT_STRING);
    if (p != NULL) {
        void *buf = ctx->context;
        size_t len = 0;
        if (!OSSL_PARAM_get_octet_string(p, &buf, sizeof ctx->context, &len))
            return 0;
        ctx->context_len = len;
    }
    return 1;
}

static const OSSL_PARAM sig_settable[] = {
    OSSL_PARAM_utf8_string(OSSL_SIGNATURE_PARAM_INSTANCE, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_SIGNATURE_PARAM_CONTEXT_STRING, NULL, 0),
    OSSL_PARAM_END
};

static const OSSL_PARAM *sig_settable_ctx_params(void *vctx, void *provctx)
{
    (void)vctx;
    (void)provctx;
    return sig_settable;
}

#define FN(id, f) { id, (void (*)(void))(f) }

const OSSL_DISPATCH prov_ed448_signature_functions[] = {
    FN(OSSL_FUNC_SIGNATURE_NEWCTX, sig_newctx),
    FN(OSSL_FUNC_SIGNATURE_FREECTX, sig_freectx),
    FN(OSSL_FUNC_SIGNATURE_DUPCTX, sig_dupctx),
    FN(OSSL_FUNC_SIGNATURE_DIGEST_SIGN_INIT, sig_digest_sign_init),
    FN(OSSL_FUNC_SIGNATURE_DIGEST_SIGN, sig_digest_sign),
    FN(OSSL_FUNC_SIGNATURE_DIGEST_VERIFY_INIT, sig_digest_verify_init),
    FN(OSSL_FUNC_SIGNATURE_DIGEST_VERIFY, sig_digest_verify),
    FN(OSSL_FUNC_SIGNATURE_GET_CTX_PARAMS, sig_get_ctx_params),
    FN(OSSL_FUNC_SIGNATURE_GETTABLE_CTX_PARAMS, sig_gettable_ctx_params),
    FN(OSSL_FUNC_SIGNATURE_SET_CTX_PARAMS, sig_set_ctx_params),
    FN(OSSL_FUNC_SIGNATURE_SETTABLE_CTX_PARAMS, sig_settable_ctx_params),
    { 0, NULL }
};
