/*
 * TLS 1.3 full handshakes in one process, client and server over a BIO
 * pair (memory, no socket), taking turns: an Ed448 certificate chain (a CA
 * and a leaf for "localhost", made here) and the X448 group only, through
 * libssl with OpenSSL's default provider against the same with the
 * goldilocks provider put first ("?provider=goldilocks" as the library
 * context's default properties; SHA-2, HKDF and AES-GCM stay the default
 * provider's).
 *
 *   bench_handshake [--reps R] [--batch B]
 *       R rounds; each round runs B handshakes of each contender in turn (the
 *       order rotates each round). Reported per side, the median over the
 *       rounds of the thread CPU time per handshake (CLOCK_THREAD_CPUTIME_ID
 *       around that side's SSL_new, SSL_do_handshake calls and SSL_free),
 *       and the handshakes per CPU second that gives.
 *   bench_handshake --only default|goldilocks [--iterations N]
 *       N handshakes of one contender in bench_only_loop() and nothing else,
 *       for valgrind --tool=callgrind --toggle-collect=bench_only_loop.
 *
 * Each handshake is a new connection with no resumption: the server sends
 * no session tickets, the client verifies the chain (SSL_VERIFY_PEER,
 * host name localhost). Before timing, one handshake of each contender is
 * checked: TLS 1.3, group X448, the server's signature Ed448, the chain
 * verified. The goldilocks provider is loaded from the directory of this
 * program (the build directory), or from $GOLDILOCKS_PROVIDER_DIR.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "goldilocks.h"

#ifndef HAVE_OPENSSL
int main(void) {
    printf("bench_handshake: built without OpenSSL (libssl-dev): nothing to measure\n");
    return 0;
}
#else
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/provider.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>

#include "provider_dir.h"
#include "rounds.h"

enum { DEFAULT, GOLDILOCKS, CONTENDERS };
static const char *const contender_names[CONTENDERS] = { "default", "goldilocks" };
enum { CLIENT, SERVER, SIDES };

/* The chain as PEM, made once on the default provider; each contender reads it in its own library context. */
static struct {
    char *ca_crt, *leaf_crt, *leaf_key;
} pem;

typedef struct {
    OSSL_LIB_CTX *libctx;
    OSSL_PROVIDER *providers[2];
    SSL_CTX *client, *server;
} contender;

static contender contenders[CONTENDERS];

static _Noreturn void die(const char *what) {
    fprintf(stderr, "bench_handshake: %s\n", what);
    ERR_print_errors_fp(stderr);
    exit(1);
}

/* ---- the Ed448 chain ---- */

static char *to_pem(int (*write)(BIO *, const void *), const void *obj) {
    BIO *bio = BIO_new(BIO_s_mem());
    char *data = NULL;
    long len;
    if (bio == NULL || !write(bio, obj) || (len = BIO_get_mem_data(bio, &data)) <= 0)
        die("writing PEM failed");
    char *copy = malloc((size_t)len + 1);
    if (copy == NULL)
        die("out of memory");
    memcpy(copy, data, (size_t)len);
    copy[len] = '\0';
    BIO_free(bio);
    return copy;
}

static int write_cert(BIO *bio, const void *x) { return PEM_write_bio_X509(bio, (X509 *)x); }
static int write_key(BIO *bio, const void *k) {
    return PEM_write_bio_PrivateKey(bio, (EVP_PKEY *)k, NULL, NULL, 0, NULL, NULL);
}

static void add_ext(X509 *cert, X509 *issuer, int nid, const char *value) {
    X509V3_CTX v3;
    X509V3_set_ctx(&v3, issuer, cert, NULL, NULL, 0);
    X509_EXTENSION *ext = X509V3_EXT_conf_nid(NULL, &v3, nid, value);
    if (ext == NULL || !X509_add_ext(cert, ext, -1))
        die("adding an extension failed");
    X509_EXTENSION_free(ext);
}

/* A certificate for key, named cn, signed by issuer_key (issuer NULL: self-signed). */
static X509 *make_cert(EVP_PKEY *key, const char *cn, X509 *issuer, EVP_PKEY *issuer_key, long serial, int ca) {
    X509 *cert = X509_new();
    X509_NAME *name = X509_NAME_new();
    if (cert == NULL || name == NULL || !X509_set_version(cert, 2)
        || !ASN1_INTEGER_set(X509_get_serialNumber(cert), serial)
        || !X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC, (const unsigned char *)cn, -1, -1, 0)
        || !X509_set_subject_name(cert, name)
        || !X509_set_issuer_name(cert, issuer ? X509_get_subject_name(issuer) : name)
        || !X509_gmtime_adj(X509_getm_notBefore(cert), -3600) || !X509_gmtime_adj(X509_getm_notAfter(cert), 86400)
        || !X509_set_pubkey(cert, key))
        die("making a certificate failed");
    X509_NAME_free(name);
    if (ca) {
        add_ext(cert, cert, NID_basic_constraints, "critical,CA:TRUE");
        add_ext(cert, cert, NID_key_usage, "critical,keyCertSign");
    } else {
        add_ext(cert, issuer, NID_subject_alt_name, "DNS:localhost");
    }
    if (!X509_sign(cert, issuer_key, NULL))   /* Ed448: no digest */
        die("signing a certificate failed");
    return cert;
}

static void make_chain(void) {
    EVP_PKEY *ca_key = EVP_PKEY_Q_keygen(NULL, NULL, "ED448"), *leaf_key = EVP_PKEY_Q_keygen(NULL, NULL, "ED448");
    if (ca_key == NULL || leaf_key == NULL)
        die("Ed448 key generation failed");
    X509 *ca = make_cert(ca_key, "bench_handshake CA", NULL, ca_key, 1, 1);
    X509 *leaf = make_cert(leaf_key, "localhost", ca, ca_key, 2, 0);
    pem.ca_crt = to_pem(write_cert, ca);
    pem.leaf_crt = to_pem(write_cert, leaf);
    pem.leaf_key = to_pem(write_key, leaf_key);
    X509_free(ca);
    X509_free(leaf);
    EVP_PKEY_free(ca_key);
    EVP_PKEY_free(leaf_key);
}

/* ---- the two contenders ---- */

static X509 *read_cert(OSSL_LIB_CTX *libctx, const char *text) {
    BIO *bio = BIO_new_mem_buf(text, -1);
    X509 *cert = X509_new_ex(libctx, NULL);
    if (bio == NULL || cert == NULL || PEM_read_bio_X509(bio, &cert, NULL, NULL) == NULL)
        die("reading a certificate failed");
    BIO_free(bio);
    return cert;
}

static SSL_CTX *new_ssl_ctx(OSSL_LIB_CTX *libctx, const SSL_METHOD *method) {
    SSL_CTX *ctx = SSL_CTX_new_ex(libctx, NULL, method);
    if (ctx == NULL || !SSL_CTX_set_min_proto_version(ctx, TLS1_3_VERSION)
        || !SSL_CTX_set_max_proto_version(ctx, TLS1_3_VERSION) || !SSL_CTX_set1_groups_list(ctx, "X448")
        || !SSL_CTX_set1_sigalgs_list(ctx, "ed448"))
        die("setting up an SSL_CTX failed");
    return ctx;
}

static void load_contender(contender *c, int goldilocks, const char *dir) {
    if ((c->libctx = OSSL_LIB_CTX_new()) == NULL)
        die("OSSL_LIB_CTX_new failed");
    if (goldilocks) {
        if (!OSSL_PROVIDER_set_default_search_path(c->libctx, dir)
            || (c->providers[1] = OSSL_PROVIDER_load(c->libctx, "goldilocks")) == NULL) {
            fprintf(stderr, "bench_handshake: cannot load the goldilocks provider from %s (ninja goldilocks.so)\n", dir);
            die("OSSL_PROVIDER_load failed");
        }
        if (!EVP_set_default_properties(c->libctx, "?provider=goldilocks"))
            die("EVP_set_default_properties failed");
    }
    if ((c->providers[0] = OSSL_PROVIDER_load(c->libctx, "default")) == NULL)
        die("loading the default provider failed");

    c->server = new_ssl_ctx(c->libctx, TLS_server_method());
    X509 *leaf = read_cert(c->libctx, pem.leaf_crt);
    BIO *bio = BIO_new_mem_buf(pem.leaf_key, -1);
    EVP_PKEY *key = bio ? PEM_read_bio_PrivateKey_ex(bio, NULL, NULL, NULL, c->libctx, NULL) : NULL;
    if (key == NULL || !SSL_CTX_use_certificate(c->server, leaf) || !SSL_CTX_use_PrivateKey(c->server, key)
        || !SSL_CTX_set_num_tickets(c->server, 0))
        die("setting up the server failed");
    BIO_free(bio);
    EVP_PKEY_free(key);
    X509_free(leaf);

    c->client = new_ssl_ctx(c->libctx, TLS_client_method());
    X509 *ca = read_cert(c->libctx, pem.ca_crt);
    if (!X509_STORE_add_cert(SSL_CTX_get_cert_store(c->client), ca))
        die("setting up the client's trust failed");
    X509_free(ca);
    SSL_CTX_set_verify(c->client, SSL_VERIFY_PEER, NULL);
}

/* ---- one handshake ---- */

/* One full handshake of contender c; adds each side's CPU nanoseconds to ns[side]. With check, its outcome is checked. */
static void handshake(const contender *c, uint64_t ns[SIDES], int check) {
    uint64_t t0 = ticks_cpu_ns();
    SSL *client = SSL_new(c->client);
    BIO *client_bio = NULL, *server_bio = NULL;
    if (client == NULL || !BIO_new_bio_pair(&client_bio, 0, &server_bio, 0) || !SSL_set1_host(client, "localhost")
        || !SSL_set_tlsext_host_name(client, "localhost"))
        die("setting up the client failed");
    SSL_set_bio(client, client_bio, client_bio);
    SSL_set_connect_state(client);
    uint64_t t1 = ticks_cpu_ns();
    SSL *server = SSL_new(c->server);
    if (server == NULL)
        die("SSL_new failed");
    SSL_set_bio(server, server_bio, server_bio);
    SSL_set_accept_state(server);
    uint64_t t2 = ticks_cpu_ns();
    ns[CLIENT] += t1 - t0;
    ns[SERVER] += t2 - t1;
    int done[SIDES] = { 0, 0 };
    for (int turn = 0; !(done[CLIENT] && done[SERVER]); turn++) {
        if (turn > 20)
            die("the handshake does not finish");
        for (int side = 0; side < SIDES; side++) {
            if (done[side])
                continue;
            SSL *ssl = side == CLIENT ? client : server;
            uint64_t s0 = ticks_cpu_ns();
            int rc = SSL_do_handshake(ssl);
            ns[side] += ticks_cpu_ns() - s0;
            if (rc == 1)
                done[side] = 1;
            else if (SSL_get_error(ssl, rc) != SSL_ERROR_WANT_READ)
                die(side == CLIENT ? "the client's handshake failed" : "the server's handshake failed");
        }
    }
    if (check) {
        int sig_nid = 0;
        if (SSL_version(client) != TLS1_3_VERSION || SSL_get_negotiated_group(client) != NID_X448
            || !SSL_get_peer_signature_type_nid(client, &sig_nid) || sig_nid != NID_ED448
            || SSL_get_verify_result(client) != X509_V_OK)
            die("the handshake is not TLS 1.3 with X448, an Ed448 signature and a verified chain");
    }
    uint64_t t3 = ticks_cpu_ns();
    SSL_free(client);
    uint64_t t4 = ticks_cpu_ns();
    SSL_free(server);
    ns[CLIENT] += t4 - t3;
    ns[SERVER] += ticks_cpu_ns() - t4;
}

/* ---- timing ---- */

static unsigned batch = 10;
static uint64_t side_ns[SIDES][CONTENDERS][BENCH_ROUNDS_MAX];

static uint64_t median(uint64_t *v, unsigned n) {
    return bench_stats(v, n).median;
}

__attribute__((noinline)) void bench_only_loop(const contender *c, unsigned n) {
    uint64_t ns[SIDES] = { 0, 0 };
    for (unsigned k = 0; k < n; k++)
        handshake(c, ns, 0);
}

static const char *name_of(unsigned i) {
    return contender_names[i];
}

int main(int argc, char **argv) {
    unsigned reps = 31, iterations = 100;
    const char *only = NULL;
    if (bench_args(argc, argv, "usage: bench_handshake [--reps R] [--batch B] | --only default|goldilocks [--iterations N]",
                   &reps, &only, &iterations, &batch))
        return 2;
    if (reps < 1 || reps > BENCH_ROUNDS_MAX || batch < 1) {
        fprintf(stderr, "bench_handshake: --reps must be 1 to %d and --batch at least 1\n", BENCH_ROUNDS_MAX);
        return 2;
    }
    int which = only ? bench_find(CONTENDERS, name_of, only) : -1;
    if (only && which < 0) {
        fprintf(stderr, "bench_handshake: no contender %s (default or goldilocks)\n", only);
        return 2;
    }
    const char *dir = bench_provider_dir(argv[0]);
    make_chain();
    for (int c = 0; c < CONTENDERS; c++) {
        load_contender(&contenders[c], c == GOLDILOCKS, dir);
        uint64_t ns[SIDES] = { 0, 0 };
        handshake(&contenders[c], ns, 1);
    }
    if (only) {
        bench_only_loop(&contenders[which], iterations);
        return 0;
    }

    const char *backend = "?";
    OSSL_PARAM params[] = { OSSL_PARAM_utf8_ptr("goldilocks-backend", (char **)&backend, 0), OSSL_PARAM_END };
    OSSL_PROVIDER_get_params(contenders[GOLDILOCKS].providers[1], params);
    printf("TLS 1.3 full handshakes (Ed448 chain, X448), libssl %s in one process over a BIO pair; goldilocks backend %s\n",
           OpenSSL_version(OPENSSL_VERSION_STRING), backend);
    printf("median CPU per handshake, %u rounds of %u handshakes per contender, contenders interleaved\n", reps, batch);
    for (unsigned r = 0; r < reps; r++) {
        for (unsigned j = 0; j < CONTENDERS; j++) {
            unsigned c = (j + r) % CONTENDERS;
            uint64_t ns[SIDES] = { 0, 0 };
            for (unsigned b = 0; b < batch; b++)
                handshake(&contenders[c], ns, 0);
            for (int side = 0; side < SIDES; side++)
                side_ns[side][c][r] = ns[side] / batch;
        }
    }
    printf("%-8s %14s %14s %12s %20s\n", "side", "default us", "goldilocks us", "ratio", "goldilocks per s");
    for (int side = 0; side < SIDES; side++) {
        uint64_t d = median(side_ns[side][DEFAULT], reps), g = median(side_ns[side][GOLDILOCKS], reps);
        printf("%-8s %14.1f %14.1f %12.2f %20.0f\n", side == CLIENT ? "client" : "server", d / 1000.0, g / 1000.0,
               (double)d / (double)g, 1e9 / (double)g);
    }
    for (int c = 0; c < CONTENDERS; c++) {
        SSL_CTX_free(contenders[c].client);
        SSL_CTX_free(contenders[c].server);
        OSSL_PROVIDER_unload(contenders[c].providers[1]);
        OSSL_PROVIDER_unload(contenders[c].providers[0]);
        OSSL_LIB_CTX_free(contenders[c].libctx);
    }
    free(pem.ca_crt);
    free(pem.leaf_crt);
    free(pem.leaf_key);
    return 0;
}
#endif
