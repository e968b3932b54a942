/*
 * ED448 and X448 key management (OpenSSL's "KEYMGMT" operation, see
 * provider-keymgmt(7)), with the parameters OpenSSL's default provider
 * uses, so that its decoders and encoders (PEM, PKCS#8, SubjectPublicKeyInfo,
 * certificates) read and write our keys through import and export:
 *
 *   "pub", "priv"        octet strings: RFC 8032's 57-byte public key and
 *                        seed, RFC 7748's 56-byte u coordinate and secret
 *   "bits"               456 for ED448, 448 for X448 (as OpenSSL)
 *   "security-bits"      224
 *   "max-size"           114 (a signature) and 56 (a shared secret)
 *   "encoded-pub-key"    X448, get and set: the TLS key share (RFC 8446 4.2.8.2)
 *   "mandatory-digest"   ED448: "" (no digest may be named)
 *
 * Generation takes the group name "x448" for X448 (libssl sets it) and a
 * parameters-only selection, which makes an empty key (libssl's server
 * side makes one to receive the client's encoded-pub-key).
 */
#include <string.h>
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/params.h>
#include "provider.h"

#define SELECT_KEYPAIR OSSL_KEYMGMT_SELECT_KEYPAIR
#define SELECT_PUBLIC OSSL_KEYMGMT_SELECT_PUBLIC_KEY
#define SELECT_PRIVATE OSSL_KEYMGMT_SELECT_PRIVATE_KEY

size_t prov_key_len(enum prov_key_type type)
{
    return type == PROV_ED448 ? GOLDILOCKS_ED448_PUBLIC_BYTES : GOLDILOCKS_X448_BYTES;
}

static const char *type_name(enum prov_key_type type)
{
    return type == PROV_ED448 ? "ED448" : "X448";
}

static prov_key *key_new(enum prov_key_type type)
{
    prov_key *key = OPENSSL_zalloc(sizeof *key);
    if (key != NULL)
        key->type = type;
    return key;
}

static void *ed448_new(void *provctx)
{
    (void)provctx;
    return key_new(PROV_ED448);
}

static void *x448_new(void *provctx)
{
    (void)provctx;
    return key_new(PROV_X448);
}

static void key_free(void *keydata)
{
    OPENSSL_clear_free(keydata, sizeof(prov_key));
}

/* Sets priv (and pub from it): the public key is always derived, never trusted. */
static void key_set_private(prov_key *key, const uint8_t *priv)
{
    size_t len = prov_key_len(key->type);
    memcpy(key->priv, priv, len);
    if (key->type == PROV_ED448)
        goldilocks_ed448_keypair_from_seed(key->pub, key->secret, key->priv);
    else
        goldilocks_x448_public_key(key->pub, key->priv);
    key->has_priv = 1;
    key->has_pub = 1;
}

static void key_clear_private(prov_key *key)
{
    OPENSSL_cleanse(key->priv, sizeof key->priv);
    OPENSSL_cleanse(key->secret, sizeof key->secret);
    key->has_priv = 0;
}

static int key_has(const void *keydata, int selection)
{
    const prov_key *key = keydata;
    if (key == NULL)
        return 0;
    /* These keys have no domain parameters: any other selection is met. */
    int ok = 1;
    if (selection & SELECT_PUBLIC)
        ok = ok && key->has_pub;
    if (selection & SELECT_PRIVATE)
        ok = ok && key->has_priv;
    return ok;
}

static int key_match(const void *keydata1, const void *keydata2, int selection)
{
    const prov_key *a = keydata1, *b = keydata2;
    if (a == NULL || b == NULL || a->type != b->type)
        return 0;
    if ((selection & SELECT_KEYPAIR) == 0)
        return 1;
    size_t len = prov_key_len(a->type);
    /* pub is a function of priv, so equal public keys mean equal pairs. */
    if (a->has_pub && b->has_pub)
        return CRYPTO_memcmp(a->pub, b->pub, len) == 0;
    if ((selection & SELECT_PRIVATE) && a->has_priv && b->has_priv)
        return CRYPTO_memcmp(a->priv, b->priv, len) == 0;
    return 0;
}

static int key_validate(const void *keydata, int selection, int checktype)
{
    (void)checktype;
    const prov_key *key = keydata;
    if (!key_has(keydata, selection))
        return 0;
    if ((selection & SELECT_KEYPAIR) == SELECT_KEYPAIR) {
        /* The pairwise check: recompute the public key. */
        prov_key check = *key;
        key_set_private(&check, key->priv);
        int ok = memcmp(check.pub, key->pub, prov_key_len(key->type)) == 0;
        OPENSSL_cleanse(&check, sizeof check);
        return ok;
    }
    return 1;
}

/* An octet string parameter of exactly len bytes, or NULL when absent; *bad when malformed. */
static const OSSL_PARAM *locate_octets(const OSSL_PARAM params[], const char *name, size_t len, int *bad)
{
    const OSSL_PARAM *p = OSSL_PARAM_locate_const(params, name);
    if (p != NULL && (p->data_type != OSSL_PARAM_OCTET_STRING || p->data_size != len || p->data == NULL)) {
        *bad = 1;
        return NULL;
    }
    return p;
}

static int key_import(void *keydata, int selection, const OSSL_PARAM params[])
{
    prov_key *key = keydata;
    if (key == NULL || (selection & SELECT_KEYPAIR) == 0)
        return 0;
    size_t len = prov_key_len(key->type);
    int bad = 0;
    const OSSL_PARAM *pub = locate_octets(params, OSSL_PKEY_PARAM_PUB_KEY, len, &bad);
    const OSSL_PARAM *priv = (selection & SELECT_PRIVATE)
        ? locate_octets(params, OSSL_PKEY_PARAM_PRIV_KEY, len, &bad) : NULL;
    if (bad || (pub == NULL && priv == NULL))
        return 0;
    if (priv != NULL) {
        key_set_private(key, priv->data);
        /*
         * A public key given beside the private one must be its own: a
         * signature made with a wrong public half reveals the private
         * scalar (goldilocks_ed448_sign's comment).
         */
        if (pub != NULL && memcmp(pub->data, key->pub, len) != 0) {
            key_clear_private(key);
            memset(key->pub, 0, sizeof key->pub);
            key->has_pub = 0;
            return 0;
        }
    } else {
        key_clear_private(key);
        memcpy(key->pub, pub->data, len);
        key->has_pub = 1;
    }
    return 1;
}

static int key_export(void *keydata, int selection, OSSL_CALLBACK *param_cb, void *cbarg)
{
    prov_key *key = keydata;
    if (key == NULL || (selection & SELECT_KEYPAIR) == 0)
        return 0;
    size_t len = prov_key_len(key->type);
    OSSL_PARAM params[3];
    size_t n = 0;
    if (key->has_pub)
        params[n++] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, key->pub, len);
    if ((selection & SELECT_PRIVATE) && key->has_priv)
        params[n++] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, key->priv, len);
    params[n] = OSSL_PARAM_construct_end();
    return param_cb(params, cbarg);
}

static const OSSL_PARAM key_types[] = {
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, NULL, 0),
    OSSL_PARAM_END
};

static const OSSL_PARAM *key_imexport_types(int selection)
{
    return (selection & SELECT_KEYPAIR) ? key_types : NULL;
}

static void *key_dup(const void *keydata, int selection)
{
    const prov_key *from = keydata;
    if (from == NULL)
        return NULL;
    prov_key *key = key_new(from->type);
    if (key == NULL)
        return NULL;
    if (selection & SELECT_KEYPAIR)
        *key = *from;   /* a consistent pair stays one: no need to derive pub again */
    if ((selection & SELECT_PRIVATE) == 0)
        key_clear_private(key);
    if ((selection & SELECT_PUBLIC) == 0 && !key->has_priv) {
        memset(key->pub, 0, sizeof key->pub);
        key->has_pub = 0;
    }
    return key;
}

static int key_get_params(void *keydata, OSSL_PARAM params[])
{
    prov_key *key = keydata;
    if (key == NULL)
        return 0;
    int ed = key->type == PROV_ED448;
    size_t len = prov_key_len(key->type);
    OSSL_PARAM *p;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_BITS)) != NULL && !OSSL_PARAM_set_int(p, ed ? 456 : 448))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_SECURITY_BITS)) != NULL && !OSSL_PARAM_set_int(p, 224))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_MAX_SIZE)) != NULL
        && !OSSL_PARAM_set_int(p, ed ? GOLDILOCKS_ED448_SIG_BYTES : GOLDILOCKS_X448_BYTES))
        return 0;
    if (ed && (p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_MANDATORY_DIGEST)) != NULL
        && !OSSL_PARAM_set_utf8_string(p, ""))
        return 0;
    if (!ed && key->has_pub && (p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY)) != NULL
        && !OSSL_PARAM_set_octet_string(p, key->pub, len))
        return 0;
    if (key->has_pub && (p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_PUB_KEY)) != NULL
        && !OSSL_PARAM_set_octet_string(p, key->pub, len))
        return 0;
    if (key->has_priv && (p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_PRIV_KEY)) != NULL
        && !OSSL_PARAM_set_octet_string(p, key->priv, len))
        return 0;
    return 1;
}

static const OSSL_PARAM ed448_gettable[] = {
    OSSL_PARAM_int(OSSL_PKEY_PARAM_BITS, NULL),
    OSSL_PARAM_int(OSSL_PKEY_PARAM_SECURITY_BITS, NULL),
    OSSL_PARAM_int(OSSL_PKEY_PARAM_MAX_SIZE, NULL),
    OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_MANDATORY_DIGEST, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, NULL, 0),
    OSSL_PARAM_END
};

static const OSSL_PARAM x448_gettable[] = {
    OSSL_PARAM_int(OSSL_PKEY_PARAM_BITS, NULL),
    OSSL_PARAM_int(OSSL_PKEY_PARAM_SECURITY_BITS, NULL),
    OSSL_PARAM_int(OSSL_PKEY_PARAM_MAX_SIZE, NULL),
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, NULL, 0),
    OSSL_PARAM_END
};

static const OSSL_PARAM *ed448_gettable_params(void *provctx)
{
    (void)provctx;
    return ed448_gettable;
}

static const OSSL_PARAM *x448_gettable_params(void *provctx)
{
    (void)provctx;
    return x448_gettable;
}

/* ED448 keys have nothing to set; X448 takes the peer's TLS key share. */
static int key_set_params(void *keydata, const OSSL_PARAM params[])
{
    prov_key *key = keydata;
    if (key == NULL)
        return 0;
    if (key->type != PROV_X448 || params == NULL)
        return 1;
    const OSSL_PARAM *p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY);
    if (p != NULL) {
        if (p->data_type != OSSL_PARAM_OCTET_STRING || p->data_size != GOLDILOCKS_X448_BYTES || p->data == NULL)
            return 0;
        /* A new public key: any private key no longer belongs to it. */
        key_clear_private(key);
        memcpy(key->pub, p->data, GOLDILOCKS_X448_BYTES);
        key->has_pub = 1;
    }
    p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_PROPERTIES);
    if (p != NULL && p->data_type != OSSL_PARAM_UTF8_STRING)
        return 0;
    return 1;
}

static const OSSL_PARAM x448_settable[] = {
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, NULL, 0),
    OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_PROPERTIES, NULL, 0),
    OSSL_PARAM_END
};

static const OSSL_PARAM no_params[] = { OSSL_PARAM_END };

static const OSSL_PARAM *ed448_settable_params(void *provctx)
{
    (void)provctx;
    return no_params;
}

static const OSSL_PARAM *x448_settable_params(void *provctx)
{
    (void)provctx;
    return x448_settable;
}

/* ---- generation ---- */

typedef struct {
    enum prov_key_type type;
    int selection;
} gen_ctx;

/* ASCII case-insensitive equality (the locale must not matter). */
static int name_eq(const char *a, const char *b)
{
    for (;; a++, b++) {
        unsigned char x = (unsigned char)*a, y = (unsigned char)*b;
        if (x >= 'A' && x <= 'Z')
            x = (unsigned char)(x - 'A' + 'a');
        if (y >= 'A' && y <= 'Z')
            y = (unsigned char)(y - 'A' + 'a');
        if (x != y)
            return 0;
        if (x == '\0')
            return 1;
    }
}

static int gen_set_params(void *genctx, const OSSL_PARAM params[])
{
    gen_ctx *gctx = genctx;
    if (gctx == NULL)
        return 0;
    if (params == NULL)
        return 1;
    /* A group name is the key exchange's one group (libssl names it); Ed448 has none. */
    const OSSL_PARAM *p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_GROUP_NAME);
    if (p != NULL && (p->data_type != OSSL_PARAM_UTF8_STRING || p->data == NULL
                      || gctx->type != PROV_X448 || !name_eq(p->data, "x448")))
        return 0;
    p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_PROPERTIES);
    if (p != NULL && p->data_type != OSSL_PARAM_UTF8_STRING)
        return 0;
    return 1;
}

static const OSSL_PARAM x448_gen_settable[] = {
    OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, NULL, 0),
    OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_PROPERTIES, NULL, 0),
    OSSL_PARAM_END
};

static const OSSL_PARAM ed448_gen_settable[] = {
    OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_PROPERTIES, NULL, 0),
    OSSL_PARAM_END
};

static const OSSL_PARAM *x448_gen_settable_params(void *genctx, void *provctx)
{
    (void)genctx;
    (void)provctx;
    return x448_gen_settable;
}

static const OSSL_PARAM *ed448_gen_settable_params(void *genctx, void *provctx)
{
    (void)genctx;
    (void)provctx;
    return ed448_gen_settable;
}

static void gen_cleanup(void *genctx)
{
    OPENSSL_free(genctx);
}

static void *gen_init(enum prov_key_type type, int selection, const OSSL_PARAM params[])
{
    gen_ctx *gctx = OPENSSL_zalloc(sizeof *gctx);
    if (gctx == NULL)
        return NULL;
    gctx->type = type;
    gctx->selection = selection;
    if (!gen_set_params(gctx, params)) {
        gen_cleanup(gctx);
        return NULL;
    }
    return gctx;
}

static void *ed448_gen_init(void *provctx, int selection, const OSSL_PARAM params[])
{
    (void)provctx;
    return gen_init(PROV_ED448, selection, params);
}

static void *x448_gen_init(void *provctx, int selection, const OSSL_PARAM params[])
{
    (void)provctx;
    return gen_init(PROV_X448, selection, params);
}

/* The key pair from getrandom(2), through the library's own key generation. */
static void *gen(void *genctx, OSSL_CALLBACK *cb, void *cbarg)
{
    (void)cb;
    (void)cbarg;
    gen_ctx *gctx = genctx;
    if (gctx == NULL)
        return NULL;
    prov_key *key = key_new(gctx->type);
    if (key == NULL || (gctx->selection & SELECT_KEYPAIR) == 0)
        return key;   /* parameters only: an empty key */
    int rc;
    if (key->type == PROV_ED448) {
        rc = goldilocks_ed448_keypair(key->pub, key->secret);
        memcpy(key->priv, key->secret, GOLDILOCKS_ED448_SEED_BYTES);
    } else {
        rc = goldilocks_x448_keypair(key->pub, key->priv);
    }
    if (rc != 0) {
        key_free(key);
        return NULL;
    }
    key->has_pub = key->has_priv = 1;
    prov_trace("keygen", type_name(key->type));
    return key;
}

#define FN(id, f) { id, (void (*)(void))(f) }

#define KEYMGMT_COMMON                                                        \
    FN(OSSL_FUNC_KEYMGMT_FREE, key_free),                                     \
    FN(OSSL_FUNC_KEYMGMT_HAS, key_has),                                       \
    FN(OSSL_FUNC_KEYMGMT_MATCH, key_match),                                   \
    FN(OSSL_FUNC_KEYMGMT_VALIDATE, key_validate),                             \
    FN(OSSL_FUNC_KEYMGMT_IMPORT, key_import),                                 \
    FN(OSSL_FUNC_KEYMGMT_IMPORT_TYPES, key_imexport_types),                   \
    FN(OSSL_FUNC_KEYMGMT_EXPORT, key_export),                                 \
    FN(OSSL_FUNC_KEYMGMT_EXPORT_TYPES, key_imexport_types),                   \
    FN(OSSL_FUNC_KEYMGMT_DUP, key_dup),                                       \
    FN(OSSL_FUNC_KEYMGMT_GET_PARAMS, key_get_params),                         \
    FN(OSSL_FUNC_KEYMGMT_SET_PARAMS, key_set_params),                         \
    FN(OSSL_FUNC_KEYMGMT_GEN_SET_PARAMS, gen_set_params),                     \
    FN(OSSL_FUNC_KEYMGMT_GEN, gen),                                           \
    FN(OSSL_FUNC_KEYMGMT_GEN_CLEANUP, gen_cleanup)

const OSSL_DISPATCH prov_ed448_keymgmt_functions[] = {
    FN(OSSL_FUNC_KEYMGMT_NEW, ed448_new),
    FN(OSSL_FUNC_KEYMGMT_GEN_INIT, ed448_gen_init),
    FN(OSSL_FUNC_KEYMGMT_GEN_SETTABLE_PARAMS, ed448_gen_settable_params),
    FN(OSSL_FUNC_KEYMGMT_GETTABLE_PARAMS, ed448_gettable_params),
    FN(OSSL_FUNC_KEYMGMT_SETTABLE_PARAMS, ed448_settable_params),
    KEYMGMT_COMMON,
    { 0, NULL }
};

const OSSL_DISPATCH prov_x448_keymgmt_functions[] = {
    FN(OSSL_FUNC_KEYMGMT_NEW, x448_new),
    FN(OSSL_FUNC_KEYMGMT_GEN_INIT, x448_gen_init),
    FN(OSSL_FUNC_KEYMGMT_GEN_SETTABLE_PARAMS, x448_gen_settable_params),
    FN(OSSL_FUNC_KEYMGMT_GETTABLE_PARAMS, x448_gettable_params),
    FN(OSSL_FUNC_KEYMGMT_SETTABLE_PARAMS, x448_settable_params),
    KEYMGMT_COMMON,
    { 0, NULL }
};
