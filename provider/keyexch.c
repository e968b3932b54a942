/*
 * X448 key exchange (OpenSSL's "KEYEXCH" operation, provider-keyexch(7)):
 * the shared secret X448(secret, peer) of RFC 7748 section 6.2, 56 bytes.
 * An all-zero result (a peer of small order) is an error, as in OpenSSL's
 * own X448 and as RFC 7748 section 6.2 allows; libssl then aborts the
 * handshake.
 */
#include <string.h>
#include <openssl/core_dispatch.h>
#include <openssl/crypto.h>
#include "provider.h"

typedef struct {
    prov_key key;     /* copies: no lifetime ties to the key objects */
    int have_key;
    uint8_t peer[GOLDILOCKS_X448_BYTES];
    int have_peer;
} exch_ctx;

static void *exch_newctx(void *provctx)
{
    (void)provctx;
    return OPENSSL_zalloc(sizeof(exch_ctx));
}

static void exch_freectx(void *vctx)
{
    OPENSSL_clear_free(vctx, sizeof(exch_ctx));
}

static void *exch_dupctx(void *vctx)
{
    exch_ctx *ctx = vctx, *dup = OPENSSL_malloc(sizeof *dup);
    if (dup != NULL)
        *dup = *ctx;
    return dup;
}

static int exch_init(void *vctx, void *provkey, const OSSL_PARAM params[])
{
    (void)params;
    exch_ctx *ctx = vctx;
    const prov_key *key = provkey;
    if (ctx == NULL || key == NULL || key->type != PROV_X448 || !key->has_priv)
        return 0;
    ctx->key = *key;
    ctx->have_key = 1;
    return 1;
}

static int exch_set_peer(void *vctx, void *provkey)
{
    exch_ctx *ctx = vctx;
    const prov_key *peer = provkey;
    if (ctx == NULL || peer == NULL || peer->type != PROV_X448 || !peer->has_pub)
        return 0;
    memcpy(ctx->peer, peer->pub, sizeof ctx->peer);
    ctx->have_peer = 1;
    return 1;
}

static int exch_derive(void *vctx, unsigned char *secret, size_t *secretlen, size_t outlen)
{
    exch_ctx *ctx = vctx;
    if (ctx == NULL || secretlen == NULL || !ctx->have_key || !ctx->have_peer)
        return 0;
    if (secret == NULL) {   /* the size query */
        *secretlen = GOLDILOCKS_X448_BYTES;
        return 1;
    }
    if (outlen < GOLDILOCKS_X448_BYTES)
        return 0;
    int rc = goldilocks_x448(secret, ctx->key.priv, ctx->peer);
    prov_trace("derive", "X448");
    if (rc != 0)
        return 0;
    *secretlen = GOLDILOCKS_X448_BYTES;
    return 1;
}

#define FN(id, f) { id, (void (*)(void))(f) }

const OSSL_DISPATCH prov_x448_keyexch_functions[] = {
    FN(OSSL_FUNC_KEYEXCH_NEWCTX, exch_newctx),
    FN(OSSL_FUNC_KEYEXCH_FREECTX, exch_freectx),
    FN(OSSL_FUNC_KEYEXCH_DUPCTX, exch_dupctx),
    FN(OSSL_FUNC_KEYEXCH_INIT, exch_init),
    FN(OSSL_FUNC_KEYEXCH_SET_PEER, exch_set_peer),
    FN(OSSL_FUNC_KEYEXCH_DERIVE, exch_derive),
    { 0, NULL }
};
