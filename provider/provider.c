/*
 * The goldilocks OpenSSL 3 provider: the module's entry point.
 *
 *   openssl genpkey -provider goldilocks -provider default \
 *       -propquery '?provider=goldilocks' -algorithm ED448
 *
 * It offers ED448 and X448 key management, Ed448 signatures and X448 key
 * exchange under OpenSSL's names, and the TLS-GROUP capability of x448, so
 * that libssl, which keeps a group only from the provider whose key
 * management it fetches for it, can still negotiate X448. Encoders and
 * decoders stay OpenSSL's: they reach our keys through import and export.
 *
 * The module keeps no global state. Its one per-instance state is the
 * build-info string, which names the backend (prov_ctx below); no
 * operation reads the provider context.
 */
#include <stdio.h>
#include <string.h>
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/params.h>
#include <openssl/prov_ssl.h>
#include "provider.h"

static const OSSL_ALGORITHM keymgmt_algorithms[] = {
    { PROV_NAMES_ED448, PROV_PROPERTIES, prov_ed448_keymgmt_functions, "Ed448 keys on goldilocks" },
    { PROV_NAMES_X448, PROV_PROPERTIES, prov_x448_keymgmt_functions, "X448 keys on goldilocks" },
    { NULL, NULL, NULL, NULL }
};

static const OSSL_ALGORITHM signature_algorithms[] = {
    { PROV_NAMES_ED448, PROV_PROPERTIES, prov_ed448_signature_functions, "Ed448 (RFC 8032) on goldilocks" },
    { NULL, NULL, NULL, NULL }
};

static const OSSL_ALGORITHM keyexch_algorithms[] = {
    { PROV_NAMES_X448, PROV_PROPERTIES, prov_x448_keyexch_functions, "X448 (RFC 7748) on goldilocks" },
    { NULL, NULL, NULL, NULL }
};

static const OSSL_ALGORITHM *prov_query_operation(void *provctx, int operation_id, int *no_cache)
{
    (void)provctx;
    *no_cache = 0;
    switch (operation_id) {
    case OSSL_OP_KEYMGMT:
        return keymgmt_algorithms;
    case OSSL_OP_SIGNATURE:
        return signature_algorithms;
    case OSSL_OP_KEYEXCH:
        return keyexch_algorithms;
    default:
        return NULL;
    }
}

/*
 * The library's backend, the code that runs every operation: "scalar",
 * "avx2", "avx512ifma"... (goldilocks_backend()). A module built for the
 * target x86-64 holds several and picks one at its first call (the CPU's
 * best, or GOLDILOCKS_BACKEND's), so only this says which one runs.
 */
#define PROV_PARAM_BACKEND "goldilocks-backend"

static const OSSL_PARAM prov_param_types[] = {
    OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_NAME, NULL, 0),
    OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_VERSION, NULL, 0),
    OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_BUILDINFO, NULL, 0),
    OSSL_PARAM_int(OSSL_PROV_PARAM_STATUS, NULL),
    OSSL_PARAM_utf8_ptr(PROV_PARAM_BACKEND, NULL, 0),
    OSSL_PARAM_END
};

static const OSSL_PARAM *prov_gettable_params(void *provctx)
{
    (void)provctx;
    return prov_param_types;
}

/*
 * The provider context: the build-info string, "goldilocks VERSION, backend
 * NAME". `openssl list -providers` prints build info (and only the names of
 * other parameters), so that is where an administrator sees the backend.
 * The library picks its backend once per process, so the string made at
 * load time stays true.
 */
typedef struct {
    char buildinfo[80];
} prov_ctx;

static int prov_get_params(void *provctx, OSSL_PARAM params[])
{
    const prov_ctx *ctx = provctx;
    OSSL_PARAM *p;
    if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_NAME)) != NULL
        && !OSSL_PARAM_set_utf8_ptr(p, "goldilocks Ed448 and X448 provider"))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_VERSION)) != NULL
        && !OSSL_PARAM_set_utf8_ptr(p, goldilocks_version()))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_BUILDINFO)) != NULL
        && !OSSL_PARAM_set_utf8_ptr(p, ctx->buildinfo))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_STATUS)) != NULL && !OSSL_PARAM_set_int(p, 1))
        return 0;
    if ((p = OSSL_PARAM_locate(params, PROV_PARAM_BACKEND)) != NULL
        && !OSSL_PARAM_set_utf8_ptr(p, goldilocks_backend()))
        return 0;
    return 1;
}

/*
 * The TLS-GROUP capability (provider-base(7), "TLS-GROUP"), with the
 * values OpenSSL's default provider gives x448: TLS group id 30 (RFC 8446
 * section 4.2.7), 224 security bits, TLS 1.0 and later, DTLS 1.0 and later
 * (a maximum of 0 is no maximum). The key-exchange algorithm is our X448.
 */
static int tls_group_x448(OSSL_CALLBACK *cb, void *arg)
{
    unsigned int group_id = 30, secbits = 224;
    int min_tls = TLS1_VERSION, max_tls = 0, min_dtls = DTLS1_VERSION, max_dtls = 0;
    char name[] = "x448", internal[] = "X448", alg[] = "X448";
    OSSL_PARAM params[] = {
        OSSL_PARAM_utf8_string(OSSL_CAPABILITY_TLS_GROUP_NAME, name, sizeof name),
        OSSL_PARAM_utf8_string(OSSL_CAPABILITY_TLS_GROUP_NAME_INTERNAL, internal, sizeof internal),
        OSSL_PARAM_utf8_string(OSSL_CAPABILITY_TLS_GROUP_ALG, alg, sizeof alg),
        OSSL_PARAM_uint(OSSL_CAPABILITY_TLS_GROUP_ID, &group_id),
        OSSL_PARAM_uint(OSSL_CAPABILITY_TLS_GROUP_SECURITY_BITS, &secbits),
        OSSL_PARAM_int(OSSL_CAPABILITY_TLS_GROUP_MIN_TLS, &min_tls),
        OSSL_PARAM_int(OSSL_CAPABILITY_TLS_GROUP_MAX_TLS, &max_tls),
        OSSL_PARAM_int(OSSL_CAPABILITY_TLS_GROUP_MIN_DTLS, &min_dtls),
        OSSL_PARAM_int(OSSL_CAPABILITY_TLS_GROUP_MAX_DTLS, &max_dtls),
        OSSL_PARAM_END
    };
    return cb(params, arg);
}

static int prov_get_capabilities(void *provctx, const char *capability, OSSL_CALLBACK *cb, void *arg)
{
    (void)provctx;
    if (capability != NULL && strcmp(capability, "TLS-GROUP") == 0)
        return tls_group_x448(cb, arg);
    return 0;   /* no other capability */
}

static void prov_teardown(void *provctx)
{
    OPENSSL_free(provctx);
}

#define FN(id, f) { id, (void (*)(void))(f) }

static const OSSL_DISPATCH provider_functions[] = {
    FN(OSSL_FUNC_PROVIDER_TEARDOWN, prov_teardown),
    FN(OSSL_FUNC_PROVIDER_GETTABLE_PARAMS, prov_gettable_params),
    FN(OSSL_FUNC_PROVIDER_GET_PARAMS, prov_get_params),
    FN(OSSL_FUNC_PROVIDER_QUERY_OPERATION, prov_query_operation),
    FN(OSSL_FUNC_PROVIDER_GET_CAPABILITIES, prov_get_capabilities),
    { 0, NULL }
};

/* The one symbol the module exports; OpenSSL looks it up by this name. */
__attribute__((visibility("default")))
int OSSL_provider_init(const OSSL_CORE_HANDLE *handle, const OSSL_DISPATCH *in,
                       const OSSL_DISPATCH **out, void **provctx)
{
    (void)handle;
    (void)in;
    prov_ctx *ctx = OPENSSL_zalloc(sizeof *ctx);
    if (ctx == NULL)
        return 0;
    int n = snprintf(ctx->buildinfo, sizeof ctx->buildinfo, "goldilocks %s, backend %s",
                     goldilocks_version(), goldilocks_backend());
    if (n < 0 || (size_t)n >= sizeof ctx->buildinfo) {
        OPENSSL_free(ctx);
        return 0;
    }
    *out = provider_functions;
    *provctx = ctx;
    return 1;
}
