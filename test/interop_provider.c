/*
 * The goldilocks OpenSSL provider (goldilocks.so) through libcrypto's EVP
 * API: what the openssl command cannot reach (test/provider_test.py runs
 * the command). Two library contexts: one with the goldilocks provider
 * alone, so that nothing can silently fall back to OpenSSL's own code, and
 * one with OpenSSL's default provider alone, the oracle; and the RFC 8032
 * vectors.
 *
 * - Every RFC 8032 section 7.4 and 7.5 vector (the empty message, contexts
 *   and Ed448ph, through the "instance" and "context-string" parameters),
 *   signed and verified; bad instance names, contexts over 255 bytes and a
 *   named digest refused.
 * - Random keys and messages of 0 to 300 bytes: signatures and X448 shared
 *   secrets byte-identical to the default provider's, each verifying the
 *   other's; public keys of raw private keys equal.
 * - A re-init with a NULL key signs and verifies with the same key again.
 * - Key management as libssl uses it: a parameters-only X448 key made with
 *   the group name, given the peer's encoded-pub-key, derives; the group
 *   names x25519 (for X448) and any (for ED448) are refused; bits,
 *   security bits, maximum size; keys compare equal through match.
 * - A private key imported beside a public key that is not its own is
 *   refused (signing with it would reveal the private scalar).
 * - Verdicts as the default provider's on crafted inputs: Ed448 with A and
 *   R of order 1, 2 and 4, mixed-order (test/torsion_sig.h), non-canonical
 *   (y + p, x = 0 with the sign bit set, bit 448 set) or off the curve,
 *   S = l and S >= l (Ed448ph too where the default provider has it,
 *   OpenSSL 3.2 and later); public key import and EVP_PKEY_public_check of
 *   small-order and non-canonical keys; X448 with low-order and
 *   non-canonical peers.
 * - "algorithm-id" equals the default provider's.
 * - The TLS-GROUP capability: our one group has every field (name,
 *   internal name, algorithm, id, security bits, TLS and DTLS versions) as
 *   the default provider's x448 entry.
 * - Four threads sign, verify and derive at once through the one provider
 *   (no state is shared between calls), each against the library itself.
 *
 * The module is loaded from $GOLDILOCKS_PROVIDER_DIR, else the current
 * directory (the build directory, where ninja runs the tests).
 */
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/provider.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "goldilocks.h"
#include "check.h"
#include "ed448_oracle.h"
#include "json.h"
#include "torsion_sig.h"

enum { SIG = 114, CASES = 200, MAX_MSG = 300 };

static OSSL_LIB_CTX *gl, *def;   /* the goldilocks provider alone; the default provider alone */

static EVP_PKEY *raw_key(OSSL_LIB_CTX *lib, const char *alg, int priv, const uint8_t *bytes, size_t len) {
    return priv ? EVP_PKEY_new_raw_private_key_ex(lib, alg, NULL, bytes, len)
                : EVP_PKEY_new_raw_public_key_ex(lib, alg, NULL, bytes, len);
}

/* params: NULL, or instance and context for EVP_DigestSignInit_ex. */
static int sign(OSSL_LIB_CTX *lib, EVP_PKEY *key, const char *instance, const uint8_t *ctx, size_t ctx_len,
                const uint8_t *msg, size_t len, uint8_t sig[SIG]) {
    OSSL_PARAM params[3], *p = NULL;
    if (instance) {
        params[0] = OSSL_PARAM_construct_utf8_string("instance", (char *)instance, 0);
        params[1] = OSSL_PARAM_construct_octet_string("context-string", (void *)ctx, ctx_len);
        params[2] = OSSL_PARAM_construct_end();
        p = params;
    }
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    size_t siglen = SIG;
    memset(sig, 0, SIG);
    int ok = md && EVP_DigestSignInit_ex(md, NULL, NULL, lib, NULL, key, p) == 1
             && EVP_DigestSign(md, sig, &siglen, msg, len) == 1 && siglen == SIG;
    EVP_MD_CTX_free(md);
    return ok;
}

static int verify(OSSL_LIB_CTX *lib, EVP_PKEY *key, const char *instance, const uint8_t *ctx, size_t ctx_len,
                  const uint8_t *msg, size_t len, const uint8_t sig[SIG]) {
    OSSL_PARAM params[3], *p = NULL;
    if (instance) {
        params[0] = OSSL_PARAM_construct_utf8_string("instance", (char *)instance, 0);
        params[1] = OSSL_PARAM_construct_octet_string("context-string", (void *)ctx, ctx_len);
        params[2] = OSSL_PARAM_construct_end();
        p = params;
    }
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    int ok = md && EVP_DigestVerifyInit_ex(md, NULL, NULL, lib, NULL, key, p) == 1
             && EVP_DigestVerify(md, sig, SIG, msg, len) == 1;
    EVP_MD_CTX_free(md);
    ERR_clear_error();
    return ok;
}

static int derive(OSSL_LIB_CTX *lib, EVP_PKEY *key, EVP_PKEY *peer, uint8_t out[56]) {
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_pkey(lib, key, NULL);
    size_t len = 56;
    memset(out, 0, 56);
    int ok = ctx && EVP_PKEY_derive_init(ctx) == 1 && EVP_PKEY_derive_set_peer(ctx, peer) == 1
             && EVP_PKEY_derive(ctx, out, &len) == 1 && len == 56;
    EVP_PKEY_CTX_free(ctx);
    ERR_clear_error();
    return ok;
}

static size_t unhex_field(uint8_t *out, size_t max, const json_value *v, const char *key) {
    int n = check_unhex(out, max, json_get_str(v, key));
    check(n >= 0, "bad hex in %s", key);
    return n < 0 ? 0 : (size_t)n;
}

static void test_rfc8032(void) {
    check_test("RFC 8032 sections 7.4 and 7.5: every vector, contexts and Ed448ph through the provider");
    json_value *doc = json_load(check_vector_path("rfc8032_ed448.json"));
    const json_value *vectors = json_get(doc, "vectors");
    check(json_len(vectors) >= 10, "only %zu vectors", json_len(vectors));
    for (size_t i = 0; i < json_len(vectors); i++) {
        const json_value *v = json_at(vectors, i);
        static uint8_t msg[2048];
        uint8_t seed[57], pub[57], ctx[255], want[SIG], sig[SIG];
        check(unhex_field(seed, sizeof seed, v, "secret_key") == 57, "seed length");
        check(unhex_field(pub, sizeof pub, v, "public_key") == 57, "public key length");
        size_t len = unhex_field(msg, sizeof msg, v, "message");
        size_t ctx_len = unhex_field(ctx, sizeof ctx, v, "context");
        check(unhex_field(want, sizeof want, v, "signature") == SIG, "signature length");
        const char *name = json_get_str(v, "name");
        const char *instance = strcmp(json_get_str(v, "algorithm"), "Ed448ph") == 0 ? "Ed448ph" : "Ed448";
        EVP_PKEY *key = raw_key(gl, "ED448", 1, seed, 57), *pkey = raw_key(gl, "ED448", 0, pub, 57);
        uint8_t got_pub[57];
        size_t pub_len = 57;
        check(key && EVP_PKEY_get_raw_public_key(key, got_pub, &pub_len) == 1 && memcmp(got_pub, pub, 57) == 0,
              "%s: public key", name);
        check(sign(gl, key, instance, ctx, ctx_len, msg, len, sig) && memcmp(sig, want, SIG) == 0,
              "%s: signature differs from the RFC's", name);
        check(verify(gl, pkey, instance, ctx, ctx_len, msg, len, want), "%s: RFC signature rejected", name);
        want[SIG - 60] ^= 1;
        check(!verify(gl, pkey, instance, ctx, ctx_len, msg, len, want), "%s: tampered signature accepted", name);
        want[SIG - 60] ^= 1;
        /* The same signature under the other instance, or another context, must fail. */
        const char *other = instance[5] == 'p' ? "Ed448" : "Ed448ph";
        check(!verify(gl, pkey, other, ctx, ctx_len, msg, len, want), "%s: accepted as %s", name, other);
        check(!verify(gl, pkey, instance, (const uint8_t *)"x", 1, msg, len, want) || (ctx_len == 1 && ctx[0] == 'x'),
              "%s: accepted under another context", name);
        EVP_PKEY_free(key);
        EVP_PKEY_free(pkey);
    }
    json_free(doc);
}

static void test_refusals(void) {
    check_test("refused: an unknown instance, a 256-byte context, a named digest, an X448 key for Ed448");
    uint8_t seed[57], sig[SIG], ctx[256], msg[8] = "refusals";
    check_randbytes(seed, sizeof seed);
    memset(ctx, 7, sizeof ctx);
    EVP_PKEY *key = raw_key(gl, "ED448", 1, seed, 57);
    check(key != NULL, "key");
    check(sign(gl, key, "Ed448", ctx, 255, msg, sizeof msg, sig), "a 255-byte context is refused");
    check(!sign(gl, key, "Ed448", ctx, 256, msg, sizeof msg, sig), "a 256-byte context is accepted");
    check(!sign(gl, key, "Ed25519", NULL, 0, msg, sizeof msg, sig), "instance Ed25519 accepted");
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    check(EVP_DigestSignInit_ex(md, NULL, "SHA256", gl, NULL, key, NULL) != 1, "a digest name accepted");
    EVP_MD_CTX_free(md);
    EVP_PKEY *xkey = raw_key(gl, "X448", 1, seed, 56);
    check(xkey && !sign(gl, xkey, NULL, NULL, 0, msg, sizeof msg, sig), "an X448 key signs");
    EVP_PKEY_free(xkey);
    EVP_PKEY_free(key);
    ERR_clear_error();
}

static void test_against_default(void) {
    check_test("random keys and messages of 0 to 300 bytes: signatures and shared secrets as the default provider's");
    static uint8_t msg[MAX_MSG];
    for (int i = 0; i < CASES; i++) {
        uint8_t seed[57], a[56], b[56], sig_gl[SIG], sig_def[SIG], s_gl[56], s_def[56], s_lib[56], b_pub[56];
        uint8_t pub_gl[57], pub_def[57];
        size_t len = i == 0 ? 0 : (size_t)(check_rand64() % (MAX_MSG + 1)), n1 = 57, n2 = 57;
        check_randbytes(seed, sizeof seed);
        check_randbytes(a, sizeof a);
        check_randbytes(b, sizeof b);
        check_randbytes(msg, len);
        EVP_PKEY *k_gl = raw_key(gl, "ED448", 1, seed, 57), *k_def = raw_key(def, "ED448", 1, seed, 57);
        check(k_gl && k_def && EVP_PKEY_get_raw_public_key(k_gl, pub_gl, &n1) == 1
                  && EVP_PKEY_get_raw_public_key(k_def, pub_def, &n2) == 1 && memcmp(pub_gl, pub_def, 57) == 0,
              "case %d: Ed448 public keys", i);
        check(sign(gl, k_gl, NULL, NULL, 0, msg, len, sig_gl) && sign(def, k_def, NULL, NULL, 0, msg, len, sig_def)
                  && memcmp(sig_gl, sig_def, SIG) == 0, "case %d (%zu bytes): signatures differ", i, len);
        check(verify(gl, k_gl, NULL, NULL, 0, msg, len, sig_def), "case %d: the provider rejects default's", i);
        check(verify(def, k_def, NULL, NULL, 0, msg, len, sig_gl), "case %d: default rejects the provider's", i);
        if (len) {
            msg[len - 1] ^= 0x80;
            check(!verify(gl, k_gl, NULL, NULL, 0, msg, len, sig_def), "case %d: changed message accepted", i);
        }
        goldilocks_x448_public_key(b_pub, b);
        EVP_PKEY *x_gl = raw_key(gl, "X448", 1, a, 56), *p_gl = raw_key(gl, "X448", 0, b_pub, 56);
        EVP_PKEY *x_def = raw_key(def, "X448", 1, a, 56), *p_def = raw_key(def, "X448", 0, b_pub, 56);
        check(derive(gl, x_gl, p_gl, s_gl) && derive(def, x_def, p_def, s_def) && memcmp(s_gl, s_def, 56) == 0,
              "case %d: shared secrets differ", i);
        check(goldilocks_x448(s_lib, a, b_pub) == 0 && memcmp(s_lib, s_def, 56) == 0, "case %d: library differs", i);
        EVP_PKEY_free(k_gl);
        EVP_PKEY_free(k_def);
        EVP_PKEY_free(x_gl);
        EVP_PKEY_free(p_gl);
        EVP_PKEY_free(x_def);
        EVP_PKEY_free(p_def);
    }
}

static void test_reinit(void) {
    check_test("a re-init with a NULL key signs and verifies with the key of the first init");
    uint8_t seed[57], want[SIG], sig[SIG], msg[20] = "openssl speed's loop";
    check_randbytes(seed, sizeof seed);
    EVP_PKEY *key = raw_key(gl, "ED448", 1, seed, 57), *key_def = raw_key(def, "ED448", 1, seed, 57);
    check(key && key_def && sign(def, key_def, NULL, NULL, 0, msg, sizeof msg, want), "setup");
    EVP_PKEY_free(key_def);
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    check(EVP_DigestSignInit_ex(md, NULL, NULL, gl, NULL, key, NULL) == 1, "first init");
    for (int i = 0; i < 3; i++) {
        size_t len = SIG;
        memset(sig, 0, SIG);
        check(EVP_DigestSignInit(md, NULL, NULL, NULL, NULL) == 1, "re-init %d", i);
        check(EVP_DigestSign(md, sig, &len, msg, sizeof msg) == 1 && len == SIG && memcmp(sig, want, SIG) == 0,
              "signature %d after a re-init", i);
    }
    check(EVP_DigestVerifyInit_ex(md, NULL, NULL, gl, NULL, key, NULL) == 1, "verify init");
    for (int i = 0; i < 3; i++) {
        check(EVP_DigestVerifyInit(md, NULL, NULL, NULL, NULL) == 1, "verify re-init %d", i);
        check(EVP_DigestVerify(md, want, SIG, msg, sizeof msg) == 1, "verify %d after a re-init", i);
    }
    EVP_MD_CTX_free(md);
    /* A fresh context has no key to reuse. */
    md = EVP_MD_CTX_new();
    check(EVP_DigestSignInit(md, NULL, NULL, NULL, NULL) != 1, "a first init without a key succeeded");
    EVP_MD_CTX_free(md);
    EVP_PKEY_free(key);
    ERR_clear_error();
}

static void test_keymgmt(void) {
    check_test("key management as libssl uses it: group name, parameters-only key, encoded-pub-key; sizes");
    /* The client's key share: a key generated with the group name. */
    EVP_PKEY_CTX *kctx = EVP_PKEY_CTX_new_from_name(gl, "X448", NULL);
    EVP_PKEY *client = NULL, *params_only = NULL, *server = NULL;
    check(kctx && EVP_PKEY_keygen_init(kctx) == 1 && EVP_PKEY_CTX_set_group_name(kctx, "X448") == 1
              && EVP_PKEY_keygen(kctx, &client) == 1, "X448 keygen with the group name X448");
    EVP_PKEY_CTX_free(kctx);
    kctx = EVP_PKEY_CTX_new_from_name(gl, "X448", NULL);
    check(kctx && EVP_PKEY_keygen_init(kctx) == 1 && EVP_PKEY_CTX_set_group_name(kctx, "x25519") != 1,
          "group x25519 accepted for X448");
    EVP_PKEY_CTX_free(kctx);
    kctx = EVP_PKEY_CTX_new_from_name(gl, "ED448", NULL);
    check(kctx && EVP_PKEY_keygen_init(kctx) == 1 && EVP_PKEY_CTX_set_group_name(kctx, "x448") != 1,
          "a group name accepted for ED448");
    EVP_PKEY_CTX_free(kctx);
    ERR_clear_error();
    /* The server's side: a parameters-only key that receives the client's share. */
    kctx = EVP_PKEY_CTX_new_from_name(gl, "X448", NULL);
    check(kctx && EVP_PKEY_paramgen_init(kctx) == 1 && EVP_PKEY_CTX_set_group_name(kctx, "X448") == 1
              && EVP_PKEY_paramgen(kctx, &params_only) == 1, "X448 paramgen");
    EVP_PKEY_CTX_free(kctx);
    unsigned char *enc = NULL, *enc2 = NULL;
    size_t enc_len = client ? EVP_PKEY_get1_encoded_public_key(client, &enc) : 0;
    check(enc_len == 56, "encoded-pub-key of %zu bytes", enc_len);
    check(params_only && EVP_PKEY_set1_encoded_public_key(params_only, enc, enc_len) == 1, "set encoded-pub-key");
    size_t enc2_len = params_only ? EVP_PKEY_get1_encoded_public_key(params_only, &enc2) : 0;
    check(enc2_len == 56 && enc && enc2 && memcmp(enc, enc2, 56) == 0, "encoded-pub-key round trip");
    /* The server's own key from the template, then both shared secrets. */
    kctx = params_only ? EVP_PKEY_CTX_new_from_pkey(gl, params_only, NULL) : NULL;
    check(kctx && EVP_PKEY_keygen_init(kctx) == 1 && EVP_PKEY_keygen(kctx, &server) == 1, "server keygen");
    EVP_PKEY_CTX_free(kctx);
    uint8_t s1[56], s2[56];
    check(server && client && derive(gl, server, params_only, s1) && derive(gl, client, server, s2)
              && memcmp(s1, s2, 56) == 0, "both sides' shared secrets agree");
    check(client && EVP_PKEY_eq(client, params_only) == 1, "the client's key and its share do not match");
    check(server && EVP_PKEY_eq(client, server) != 1, "two different keys match");
    check(client && EVP_PKEY_get_bits(client) == 448 && EVP_PKEY_get_security_bits(client) == 224
              && EVP_PKEY_get_size(client) == 56, "X448 bits, security bits, size");
    OPENSSL_free(enc);
    OPENSSL_free(enc2);
    EVP_PKEY_free(client);
    EVP_PKEY_free(server);
    EVP_PKEY_free(params_only);

    uint8_t seed[57];
    check_randbytes(seed, sizeof seed);
    EVP_PKEY *ed = raw_key(gl, "ED448", 1, seed, 57);
    check(ed && EVP_PKEY_get_bits(ed) == 456 && EVP_PKEY_get_security_bits(ed) == 224 && EVP_PKEY_get_size(ed) == 114,
          "ED448 bits, security bits, size");
    EVP_PKEY_free(ed);
    ERR_clear_error();
}

static EVP_PKEY *fromdata(const char *alg, uint8_t *priv, size_t priv_len, uint8_t *pub, size_t pub_len) {
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(gl, alg, NULL);
    EVP_PKEY *key = NULL;
    OSSL_PARAM params[] = {
        OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, priv, priv_len),
        OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, pub, pub_len),
        OSSL_PARAM_construct_end(),
    };
    if (ctx == NULL || EVP_PKEY_fromdata_init(ctx) != 1 || EVP_PKEY_fromdata(ctx, &key, EVP_PKEY_KEYPAIR, params) != 1)
        key = NULL;
    EVP_PKEY_CTX_free(ctx);
    ERR_clear_error();
    return key;
}

static void test_import(void) {
    check_test("import: a private key with its own public key loads; with another one, or of a wrong length, not");
    uint8_t seed[57], other[57], pub[57], sec[114], other_pub[57], x[56], x_pub[56];
    check_randbytes(seed, sizeof seed);
    check_randbytes(other, sizeof other);
    check_randbytes(x, sizeof x);
    goldilocks_ed448_keypair_from_seed(pub, sec, seed);
    goldilocks_ed448_keypair_from_seed(other_pub, sec, other);
    goldilocks_x448_public_key(x_pub, x);
    EVP_PKEY *k;
    check((k = fromdata("ED448", seed, 57, pub, 57)) != NULL, "ED448 pair refused");
    EVP_PKEY_free(k);
    check((k = fromdata("ED448", seed, 57, other_pub, 57)) == NULL, "ED448 seed with another public key loaded");
    EVP_PKEY_free(k);
    check((k = fromdata("ED448", seed, 56, pub, 57)) == NULL, "a 56-byte ED448 seed loaded");
    EVP_PKEY_free(k);
    check((k = fromdata("X448", x, 56, x_pub, 56)) != NULL, "X448 pair refused");
    EVP_PKEY_free(k);
    x_pub[0] ^= 1;
    check((k = fromdata("X448", x, 56, x_pub, 56)) == NULL, "X448 secret with another public key loaded");
    EVP_PKEY_free(k);
}

static void test_algorithm_id(void) {
    check_test("algorithm-id: the default provider's DER (id-Ed448, RFC 8410)");
    uint8_t seed[57], ours[64], theirs[64];
    size_t n_ours = 0, n_theirs = 0;
    check_randbytes(seed, sizeof seed);
    for (int side = 0; side < 2; side++) {
        OSSL_LIB_CTX *lib = side ? def : gl;
        EVP_PKEY *key = raw_key(lib, "ED448", 1, seed, 57);
        EVP_MD_CTX *md = EVP_MD_CTX_new();
        EVP_PKEY_CTX *pctx = NULL;
        uint8_t *buf = side ? theirs : ours;
        OSSL_PARAM params[] = { OSSL_PARAM_construct_octet_string(OSSL_SIGNATURE_PARAM_ALGORITHM_ID, buf, 64),
                                OSSL_PARAM_construct_end() };
        check(key && md && EVP_DigestSignInit_ex(md, &pctx, NULL, lib, NULL, key, NULL) == 1
                  && EVP_PKEY_CTX_get_params(pctx, params) == 1, "%s: get algorithm-id", side ? "default" : "ours");
        *(side ? &n_theirs : &n_ours) = params[0].return_size;
        EVP_MD_CTX_free(md);
        EVP_PKEY_free(key);
    }
    check(n_ours == 7 && n_ours == n_theirs && memcmp(ours, theirs, n_ours) == 0, "algorithm-id differs (%zu, %zu bytes)",
          n_ours, n_theirs);
}

/* One TLS-GROUP entry: its fields as text, for comparison. */
struct tls_group {
    char fields[10][64];
    int count;
};
struct tls_groups {
    struct tls_group group[64];
    int count;
};

static int collect_group(const OSSL_PARAM params[], void *arg) {
    struct tls_groups *all = arg;
    if (all->count == 64)
        return 0;
    struct tls_group *g = &all->group[all->count++];
    static const char *const keys[] = { OSSL_CAPABILITY_TLS_GROUP_NAME, OSSL_CAPABILITY_TLS_GROUP_NAME_INTERNAL,
                                        OSSL_CAPABILITY_TLS_GROUP_ALG, OSSL_CAPABILITY_TLS_GROUP_ID,
                                        OSSL_CAPABILITY_TLS_GROUP_SECURITY_BITS, OSSL_CAPABILITY_TLS_GROUP_MIN_TLS,
                                        OSSL_CAPABILITY_TLS_GROUP_MAX_TLS, OSSL_CAPABILITY_TLS_GROUP_MIN_DTLS,
                                        OSSL_CAPABILITY_TLS_GROUP_MAX_DTLS };
    g->count = 0;
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        const OSSL_PARAM *p = OSSL_PARAM_locate_const(params, keys[i]);
        const char *str = NULL;
        int64_t n = 0;
        if (p == NULL)
            snprintf(g->fields[i], sizeof g->fields[i], "%s absent", keys[i]);
        else if (p->data_type == OSSL_PARAM_UTF8_STRING && OSSL_PARAM_get_utf8_string_ptr(p, &str))
            snprintf(g->fields[i], sizeof g->fields[i], "%s=%s", keys[i], str);
        else if (OSSL_PARAM_get_int64(p, &n))
            snprintf(g->fields[i], sizeof g->fields[i], "%s=%lld (type %u)", keys[i], (long long)n, p->data_type);
        else
            snprintf(g->fields[i], sizeof g->fields[i], "%s unreadable", keys[i]);
        g->count++;
    }
    return 1;
}

static void test_tls_group(OSSL_PROVIDER *prov, OSSL_PROVIDER *prov_def) {
    check_test("TLS-GROUP: our x448 entry is field for field the default provider's");
    static struct tls_groups ours, theirs;
    check(OSSL_PROVIDER_get_capabilities(prov, "TLS-GROUP", collect_group, &ours) == 1, "our capability");
    check(OSSL_PROVIDER_get_capabilities(prov_def, "TLS-GROUP", collect_group, &theirs) == 1, "default's");
    check(ours.count == 1, "we declare %d groups", ours.count);
    const struct tls_group *x448 = NULL;
    for (int i = 0; i < theirs.count; i++)
        if (strcmp(theirs.group[i].fields[0], OSSL_CAPABILITY_TLS_GROUP_NAME "=x448") == 0)
            x448 = &theirs.group[i];
    if (!check(x448 != NULL && ours.count >= 1, "no x448 group in the default provider's list"))
        return;
    for (int f = 0; f < x448->count; f++)
        check(strcmp(ours.group[0].fields[f], x448->fields[f]) == 0, "%s, default: %s", ours.group[0].fields[f],
              x448->fields[f]);
}

/*
 * ---- strictness: the provider's verdicts are the default provider's on crafted inputs ----
 *
 * OpenSSL's Ed448 verification (3.0 to 4.0 alike) refuses an A or R that
 * encodes a point with x = 0, the identity or (0, -1) (its decoder's
 * inverse square root fails on 0), and otherwise checks the cofactored
 * equation: it accepts A and R of order 4, (-1, 0) and (1, 0), and
 * mixed-order ones. Each case below goes through both providers; every
 * verdict must be the same.
 */

static const char *const small_order_name[4] = { "identity", "order 2", "order 4 (-1, 0)", "order 4 (1, 0)" };

/* y += p in an RFC 8032 encoding (y is bits 0 to 454; the sign bit kept): the same point, y >= p. */
static void enc_add_p(uint8_t enc[57]) {
    uint8_t sign = enc[56] & 0x80;
    mpz_t y;
    mpz_init(y);
    enc[56] &= 0x7f;
    le_to_mpz(y, enc, 57);
    mpz_add(y, y, P);
    mpz_to_le(enc, 57, y);
    enc[56] |= sign;
    mpz_clear(y);
}

/* S (the signature's last 57 bytes) += add (the sum stays below 2^456 here). */
static void sig_s_add(uint8_t sig[SIG], const mpz_t add) {
    mpz_t s;
    mpz_init(s);
    le_to_mpz(s, sig + 57, 57);
    mpz_add(s, s, add);
    mpz_to_le(sig + 57, 57, s);
    mpz_clear(s);
}

/* Ed448 (instance NULL) or Ed448ph, no context, over one message. */
struct strict_run {
    const char *instance;
    const uint8_t *msg;
    size_t len;
    int cases, accepted;   /* accepted: by the default provider */
};

/* 1 when the public key imports into lib and the signature verifies there. */
static int ed448_verdict(OSSL_LIB_CTX *lib, const struct strict_run *run, const uint8_t pub[57],
                         const uint8_t sig[SIG]) {
    EVP_PKEY *key = raw_key(lib, "ED448", 0, pub, 57);
    int ok = key != NULL && verify(lib, key, run->instance, NULL, 0, run->msg, run->len, sig);
    EVP_PKEY_free(key);
    ERR_clear_error();
    return ok;
}

/* One crafted verification through both providers: they must agree. */
static void ed448_agree(struct strict_run *run, const char *what, const uint8_t pub[57], const uint8_t sig[SIG]) {
    int theirs = ed448_verdict(def, run, pub, sig), ours = ed448_verdict(gl, run, pub, sig);
    run->cases++;
    run->accepted += theirs;
    check(ours == theirs, "%s%s: the default provider %s, the provider %s", run->instance ? "Ed448ph, " : "", what,
          theirs ? "accepts" : "rejects", ours ? "accepts" : "rejects");
}

/*
 * The variants of one (A, R, S): as given, S + l, A and R each encoded with
 * y + p, and for a point with x = 0 (the identity, order 2; x0_a, x0_r),
 * that point with the sign bit set.
 */
static void ed448_agree_variants(struct strict_run *run, const char *what, const uint8_t pub[57],
                                 const uint8_t sig[SIG], int x0_a, int x0_r) {
    char name[160];
    uint8_t a[57], s[SIG];
    ed448_agree(run, what, pub, sig);
    memcpy(s, sig, SIG);
    sig_s_add(s, L);
    snprintf(name, sizeof name, "%s, S + l", what);
    ed448_agree(run, name, pub, s);
    memcpy(a, pub, 57);
    enc_add_p(a);
    snprintf(name, sizeof name, "%s, A with y + p", what);
    ed448_agree(run, name, a, sig);
    memcpy(s, sig, SIG);
    enc_add_p(s);
    snprintf(name, sizeof name, "%s, R with y + p", what);
    ed448_agree(run, name, pub, s);
    if (x0_a) {
        memcpy(a, pub, 57);
        a[56] |= 0x80;
        snprintf(name, sizeof name, "%s, A with x = 0 and the sign bit set", what);
        ed448_agree(run, name, a, sig);
    }
    if (x0_r) {
        memcpy(s, sig, SIG);
        s[56] |= 0x80;
        snprintf(name, sizeof name, "%s, R with x = 0 and the sign bit set", what);
        ed448_agree(run, name, pub, s);
    }
}

/* A and R of order 1, 2 or 4 and S = 0: [4][S]B = [4]R + [4][k]A holds for every message. */
static void ed448_agree_small_order(struct strict_run *run) {
    char name[96];
    uint8_t pub[57], sig[SIG];
    for (unsigned ta = 0; ta < 4; ta++)
        for (unsigned tr = 0; tr < 4; tr++) {
            ref_small_order_enc(pub, ta);
            memset(sig, 0, SIG);
            ref_small_order_enc(sig, tr);
            snprintf(name, sizeof name, "A %s, R %s, S = 0", small_order_name[ta], small_order_name[tr]);
            ed448_agree_variants(run, name, pub, sig, ta < 2, tr < 2);
        }
}

/* A genuine key and signature, and its malformed neighbours: S = l, S and A and R with bit 448 set, y off the curve. */
static void ed448_agree_genuine(struct strict_run *run) {
    uint8_t seed[57], secret[114], pub[57], sig[SIG], bad[SIG], a[57];
    char name[96];
    check_randbytes(seed, sizeof seed);
    goldilocks_ed448_keypair_from_seed(pub, secret, seed);
    check((run->instance ? goldilocks_ed448ph_sign(sig, secret, run->msg, run->len, NULL, 0)
                         : goldilocks_ed448_sign(sig, secret, run->msg, run->len, NULL, 0)) == 0, "sign");
    ed448_agree_variants(run, "a genuine signature", pub, sig, 0, 0);
    memcpy(bad, sig, SIG);
    memset(bad + 57, 0, 57);
    sig_s_add(bad, L);
    ed448_agree(run, "a genuine R, S = l", pub, bad);
    memcpy(bad, sig, SIG);
    bad[113] = 1;
    ed448_agree(run, "a genuine signature with bit 448 of S set", pub, bad);
    memcpy(a, pub, 57);
    a[56] |= 1;
    ed448_agree(run, "a genuine signature, A with bit 448 set", a, sig);
    memcpy(bad, sig, SIG);
    bad[56] |= 1;
    ed448_agree(run, "a genuine signature, R with bit 448 set", pub, bad);
    /* The first y from 2 up with no x on the curve, as A and as R. */
    ref_point q;
    ref_init(&q);
    memset(a, 0, 57);
    for (a[0] = 2; ref_decode(&q, a); a[0]++)
        continue;
    ref_clear(&q);
    snprintf(name, sizeof name, "A with y = %u, not on the curve", a[0]);
    ed448_agree(run, name, a, sig);
    memcpy(bad, a, 57);
    memcpy(bad + 57, sig + 57, 57);
    snprintf(name, sizeof name, "R with y = %u, not on the curve", a[0]);
    ed448_agree(run, name, pub, bad);
}

static void test_ed448_strict(void) {
    check_test("Ed448 verification exactly as strict as the default provider's: small-order, mixed-order and "
               "non-canonical A and R, S >= l, every verdict the same");
    static const uint8_t msg[] = "small order";
    struct strict_run run = { NULL, msg, sizeof msg - 1, 0, 0 };
    ed448_agree_small_order(&run);
    /* A = T_a (+ [a]B when mixed), R = T_r + [r]B, S = r + k a (one more when not valid): test/torsion_sig.h. */
    char name[160];
    uint8_t pub[57], sig[SIG];
    for (unsigned ta = 0; ta < 4; ta++)
        for (unsigned tr = 0; tr < 4; tr++)
            for (int mixed = 0; mixed < 2; mixed++)
                for (int valid = 0; valid < 2; valid++) {
                    torsion_sig(pub, sig, msg, sizeof msg - 1, ta, tr, mixed, valid);
                    snprintf(name, sizeof name, "A %s%s, R %s + [r]B, %s S", small_order_name[ta],
                             mixed ? " + [a]B" : "", small_order_name[tr], valid ? "cofactored-valid" : "invalid");
                    ed448_agree_variants(&run, name, pub, sig, ta < 2 && !mixed, 0);
                }
    ed448_agree_genuine(&run);
    check(run.accepted > 0 && run.accepted < run.cases, "the default provider accepts %d of %d: no contrast",
          run.accepted, run.cases);
    printf("     %d crafted verifications, %d accepted by the default provider\n", run.cases, run.accepted);
}

static void test_ed448ph_strict(void) {
    check_test("Ed448ph verification exactly as strict as the default provider's: small-order and non-canonical "
               "A and R, S >= l");
    static const uint8_t msg[] = "small order, prehashed";
    struct strict_run run = { "Ed448ph", msg, sizeof msg - 1, 0, 0 };
    /* OpenSSL 3.0 and 3.1 have no Ed448ph: then there is nothing to compare with. */
    uint8_t seed[57], secret[114], pub[57], sig[SIG];
    check_randbytes(seed, sizeof seed);
    goldilocks_ed448_keypair_from_seed(pub, secret, seed);
    check(goldilocks_ed448ph_sign(sig, secret, msg, sizeof msg - 1, NULL, 0) == 0, "sign");
    if (!ed448_verdict(def, &run, pub, sig)) {
        check_skip("the default provider has no Ed448ph (OpenSSL before 3.2)");
        return;
    }
    ed448_agree_small_order(&run);
    ed448_agree_genuine(&run);
    printf("     %d crafted verifications, %d accepted by the default provider\n", run.cases, run.accepted);
}

/* 1 when a public key imports into lib and passes EVP_PKEY_public_check; -1 when it does not import. */
static int ed448_key_verdict(OSSL_LIB_CTX *lib, const char *alg, const uint8_t *pub, size_t len) {
    EVP_PKEY *key = raw_key(lib, alg, 0, pub, len);
    if (key == NULL) {
        ERR_clear_error();
        return -1;
    }
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_pkey(lib, key, NULL);
    int ok = ctx != NULL && EVP_PKEY_public_check(ctx) == 1;
    EVP_PKEY_CTX_free(ctx);
    EVP_PKEY_free(key);
    ERR_clear_error();
    return ok;
}

static void test_key_check_strict(void) {
    check_test("public key import and EVP_PKEY_public_check: as the default provider for small-order and "
               "non-canonical ED448 keys");
    static const char *const verdict_name[3] = { "not imported", "imports, check fails", "imports, check passes" };
    uint8_t pub[57], secret[114], seed[57];
    char name[96];
    for (int i = 0; i < 12; i++) {
        if (i < 4) {
            ref_small_order_enc(pub, (unsigned)i);
            snprintf(name, sizeof name, "A %s", small_order_name[i]);
        } else if (i < 8) {
            ref_small_order_enc(pub, (unsigned)i - 4);
            enc_add_p(pub);
            snprintf(name, sizeof name, "A %s with y + p", small_order_name[i - 4]);
        } else if (i < 10) {
            ref_small_order_enc(pub, (unsigned)i - 8);
            pub[56] |= 0x80;
            snprintf(name, sizeof name, "A %s with the sign bit set", small_order_name[i - 8]);
        } else {
            check_randbytes(seed, sizeof seed);
            goldilocks_ed448_keypair_from_seed(pub, secret, seed);
            if (i == 11)
                enc_add_p(pub);
            snprintf(name, sizeof name, "a genuine key%s", i == 11 ? " with y + p" : "");
        }
        int theirs = ed448_key_verdict(def, "ED448", pub, 57), ours = ed448_key_verdict(gl, "ED448", pub, 57);
        check(ours == theirs, "%s: the default provider: %s; the provider: %s", name, verdict_name[theirs + 1],
              verdict_name[ours + 1]);
    }
}

static void test_x448_strict(void) {
    check_test("X448 with low-order and non-canonical peers: the same success and secret as the default provider");
    uint8_t u[56], secret[56], s_gl[56], s_def[56];
    mpz_t v, two448;
    mpz_inits(v, two448, NULL);
    mpz_ui_pow_ui(two448, 2, 448);
    check_randbytes(secret, sizeof secret);
    EVP_PKEY *k_gl = raw_key(gl, "X448", 1, secret, 56), *k_def = raw_key(def, "X448", 1, secret, 56);
    check(k_gl && k_def, "private keys");
    static const char *const peer_name[9] = { "0", "1", "p - 1", "p", "p + 1", "2^448 - 1", "a random u < 2^224",
                                              "that u + p", "a random u" };
    for (int i = 0; i < 9 && k_gl && k_def; i++) {
        switch (i) {
        case 0: mpz_set_ui(v, 0); break;
        case 1: mpz_set_ui(v, 1); break;
        case 2: mpz_sub_ui(v, P, 1); break;
        case 3: mpz_set(v, P); break;
        case 4: mpz_add_ui(v, P, 1); break;
        case 5: mpz_sub_ui(v, two448, 1); break;
        case 6: random_mod(v, P); mpz_fdiv_q_2exp(v, v, 224); break;
        case 7: mpz_add(v, v, P); break;
        default: random_mod(v, P); break;
        }
        mpz_to_le(u, 56, v);
        EVP_PKEY *p_gl = raw_key(gl, "X448", 0, u, 56), *p_def = raw_key(def, "X448", 0, u, 56);
        int ours = p_gl && derive(gl, k_gl, p_gl, s_gl), theirs = p_def && derive(def, k_def, p_def, s_def);
        check(ours == theirs && (!ours || memcmp(s_gl, s_def, 56) == 0), "peer u = %s: the default provider %s, "
              "the provider %s%s", peer_name[i], theirs ? "derives" : "refuses", ours ? "derives" : "refuses",
              ours && theirs ? " (secrets differ)" : "");
        EVP_PKEY_free(p_gl);
        EVP_PKEY_free(p_def);
        ERR_clear_error();
    }
    EVP_PKEY_free(k_gl);
    EVP_PKEY_free(k_def);
    mpz_clears(v, two448, NULL);
}

enum { THREADS = 4, THREAD_ROUNDS = 40 };

struct thread_job {
    uint8_t seed[57], x[56], peer[56], msg[64];
    int failures;
};

static void *thread_main(void *arg) {
    struct thread_job *job = arg;
    for (int i = 0; i < THREAD_ROUNDS; i++) {
        uint8_t pub[57], sec[114], want[SIG], sig[SIG], s_want[56], s_got[56];
        job->msg[i % sizeof job->msg] ^= (uint8_t)i;
        goldilocks_ed448_keypair_from_seed(pub, sec, job->seed);
        EVP_PKEY *k = raw_key(gl, "ED448", 1, job->seed, 57);
        EVP_PKEY *x = raw_key(gl, "X448", 1, job->x, 56), *p = raw_key(gl, "X448", 0, job->peer, 56);
        int ok = k && x && p && goldilocks_ed448_sign(want, sec, job->msg, sizeof job->msg, NULL, 0) == 0
                 && sign(gl, k, NULL, NULL, 0, job->msg, sizeof job->msg, sig) && memcmp(sig, want, SIG) == 0
                 && verify(gl, k, NULL, NULL, 0, job->msg, sizeof job->msg, sig)
                 && goldilocks_x448(s_want, job->x, job->peer) == 0 && derive(gl, x, p, s_got)
                 && memcmp(s_got, s_want, 56) == 0;
        job->failures += !ok;
        EVP_PKEY_free(k);
        EVP_PKEY_free(x);
        EVP_PKEY_free(p);
    }
    return NULL;
}

static void test_threads(void) {
    check_test("four threads at once through the provider, each against the library");
    static struct thread_job jobs[THREADS];
    pthread_t tid[THREADS];
    for (int t = 0; t < THREADS; t++) {
        uint8_t peer_secret[56];
        check_randbytes(jobs[t].seed, sizeof jobs[t].seed);
        check_randbytes(jobs[t].x, sizeof jobs[t].x);
        check_randbytes(peer_secret, sizeof peer_secret);
        check_randbytes(jobs[t].msg, sizeof jobs[t].msg);
        goldilocks_x448_public_key(jobs[t].peer, peer_secret);
        jobs[t].failures = 0;
    }
    int started[THREADS];
    for (int t = 0; t < THREADS; t++)
        started[t] = check(pthread_create(&tid[t], NULL, thread_main, &jobs[t]) == 0, "pthread_create %d", t);
    for (int t = 0; t < THREADS; t++) {
        if (!started[t])
            continue;
        pthread_join(tid[t], NULL);
        check(jobs[t].failures == 0, "thread %d: %d of %d rounds wrong", t, jobs[t].failures, THREAD_ROUNDS);
    }
}

int main(void) {
    check_init("interop_provider");
    const char *dir = getenv("GOLDILOCKS_PROVIDER_DIR");
    gl = OSSL_LIB_CTX_new();
    def = OSSL_LIB_CTX_new();
    check_test("goldilocks.so loads alone in its library context; the default provider in another");
    check(gl && def, "OSSL_LIB_CTX_new");
    check(OSSL_PROVIDER_set_default_search_path(gl, dir && *dir ? dir : ".") == 1, "search path");
    OSSL_PROVIDER *prov = OSSL_PROVIDER_load(gl, "goldilocks");
    OSSL_PROVIDER *prov_def = OSSL_PROVIDER_load(def, "default");
    if (!check(prov != NULL && prov_def != NULL, "cannot load goldilocks.so from %s", dir && *dir ? dir : ".")) {
        ERR_print_errors_fp(stdout);
        return check_done();
    }
    /* Nothing else in gl: a fetch the provider cannot serve fails instead of falling back. */
    check(EVP_PKEY_CTX_new_from_name(gl, "X25519", NULL) == NULL, "gl has an X25519 implementation");
    ERR_clear_error();
    test_rfc8032();
    test_refusals();
    test_against_default();
    test_reinit();
    test_keymgmt();
    test_import();
    oracle_init();
    test_ed448_strict();
    test_ed448ph_strict();
    test_key_check_strict();
    test_x448_strict();
    oracle_clear();
    test_algorithm_id();
    test_threads();
    test_tls_group(prov, prov_def);
    OSSL_PROVIDER_unload(prov);
    OSSL_PROVIDER_unload(prov_def);
    OSSL_LIB_CTX_free(gl);
    OSSL_LIB_CTX_free(def);
    return check_done();
}
