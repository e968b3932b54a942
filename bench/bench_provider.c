/*
 * Ticks per operation through OpenSSL 3's EVP API: the same calls on two
 * library contexts, one with OpenSSL's default provider only and one with
 * the goldilocks provider (goldilocks.so) only, so that nothing can fall
 * back to the other; and, for scale, the goldilocks API called directly.
 *
 *   bench_provider [--reps R] [--batch B]
 *       R rounds; each round times a batch of B calls of every contender in
 *       turn (the order rotates each round). Reported: the median over the
 *       rounds of (batch ticks / B), and per operation goldilocks/direct, the
 *       cost of going through EVP and the provider (with the difference in
 *       ticks). Ticks are rdtsc on x86 (elsewhere, nanoseconds from
 *       clock_gettime).
 *   bench_provider --only KEY [--iterations N]
 *       runs the goldilocks provider's contender of one operation (KEY, the
 *       first column) N times in bench_only_loop() and nothing else, for
 *         valgrind --tool=callgrind --toggle-collect=bench_only_loop \
 *             bench_provider --only x448-peer --iterations 100
 *
 * The module is loaded from the directory of this program (the build
 * directory), or from $GOLDILOCKS_PROVIDER_DIR.
 *
 * What each timed EVP call includes (as goldilocks-speed's openssl rows,
 * bench/speed_ops_openssl.c):
 *   x448 shared secret   EVP_PKEY_CTX_new_from_pkey + derive_init + set_peer
 *                        + derive + free, on keys built once beforehand
 *   x448, ed448 keygen   EVP_PKEY_CTX_new_from_name + keygen_init + keygen
 *                        + the two frees (fresh random keys)
 *   ed448 sign / verify  EVP_MD_CTX_new + EVP_DigestSignInit_ex /
 *                        EVP_DigestVerifyInit_ex (no digest) + EVP_DigestSign /
 *                        EVP_DigestVerify + free, 32-byte message
 *   x448 derive with     the same, the peer's EVP_PKEY made from its 56 bytes
 *   peer import          (EVP_PKEY_new_raw_public_key_ex) and freed in the call,
 *                        as a TLS key share is
 *   key import           EVP_PKEY_new_raw_private_key_ex + free (the public key
 *                        derived from the private one), _public_key_ex + free
 *   key export           EVP_PKEY_get_raw_private_key + _get_raw_public_key
 *   set-up               the x448 and sign calls above without the derive or
 *                        the EVP_DigestSign: contexts made, initialised, freed
 *   direct               goldilocks_x448, _x448_keypair, _ed448_keypair,
 *                        _ed448_sign, _ed448_verify; for a key import
 *                        goldilocks_ed448_keypair_from_seed or
 *                        _x448_public_key (a public key: copying its bytes);
 *                        for an export, copying the bytes; for a set-up,
 *                        nothing (no direct column: the whole cost is EVP's)
 *
 * Before timing, the signatures and shared secrets of the two providers and
 * of the direct calls are compared; the program aborts on a mismatch.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "goldilocks.h"

#ifndef HAVE_OPENSSL
int main(void) {
    printf("bench_provider: built without OpenSSL (libssl-dev): nothing to measure\n");
    return 0;
}
#else
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/provider.h>

#include "provider_dir.h"
#include "rounds.h"

enum { MSG_LEN = 32 };
enum contender { DEFAULT, GOLDILOCKS, DIRECT, CONTENDERS };
static const char *const contender_names[CONTENDERS] = { "default provider", "goldilocks provider", "goldilocks API" };

/* One library context per provider, and the keys built in each. */
typedef struct {
    OSSL_LIB_CTX *libctx;
    OSSL_PROVIDER *provider;
    EVP_PKEY *x_priv, *x_peer, *ed_priv, *ed_pub;
} evp_side;

static struct {
    evp_side side[2];                       /* DEFAULT, GOLDILOCKS */
    uint8_t x_secret[56], x_peer[56], x_peer_secret[56];
    uint8_t ed_seed[57], ed_secret[114], ed_pub[57], ed_sig[114], msg[MSG_LEN];
    uint8_t out[CONTENDERS][114];
    size_t out_len[CONTENDERS];
    int rc[CONTENDERS];
} in;

static void die(const char *what) {
    fprintf(stderr, "bench_provider: %s\n", what);
    ERR_print_errors_fp(stderr);
    exit(1);
}

/* ---- the EVP calls, the same for both providers ---- */

static void evp_x448(int c) {
    evp_side *s = &in.side[c];
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_pkey(s->libctx, s->x_priv, NULL);
    size_t len = 56;
    in.rc[c] = ctx && EVP_PKEY_derive_init(ctx) == 1 && EVP_PKEY_derive_set_peer(ctx, s->x_peer) == 1
               && EVP_PKEY_derive(ctx, in.out[c], &len) == 1;
    in.out_len[c] = len;
    EVP_PKEY_CTX_free(ctx);
}

static void evp_keygen(int c, const char *alg) {
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(in.side[c].libctx, alg, NULL);
    EVP_PKEY *key = NULL;
    in.rc[c] = ctx && EVP_PKEY_keygen_init(ctx) == 1 && EVP_PKEY_keygen(ctx, &key) == 1;
    EVP_PKEY_free(key);
    EVP_PKEY_CTX_free(ctx);
}

static void evp_ed_sign(int c) {
    evp_side *s = &in.side[c];
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    size_t len = 114;
    in.rc[c] = md && EVP_DigestSignInit_ex(md, NULL, NULL, s->libctx, NULL, s->ed_priv, NULL) == 1
               && EVP_DigestSign(md, in.out[c], &len, in.msg, MSG_LEN) == 1;
    in.out_len[c] = len;
    EVP_MD_CTX_free(md);
}

static void evp_ed_verify(int c) {
    evp_side *s = &in.side[c];
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    in.rc[c] = md && EVP_DigestVerifyInit_ex(md, NULL, NULL, s->libctx, NULL, s->ed_pub, NULL) == 1
               && EVP_DigestVerify(md, in.ed_sig, 114, in.msg, MSG_LEN) == 1;
    EVP_MD_CTX_free(md);
}

/* The shared secret with a peer given as bytes, as libssl gets a TLS key share. */
static void evp_x448_peer_bytes(int c) {
    evp_side *s = &in.side[c];
    EVP_PKEY *peer = EVP_PKEY_new_raw_public_key_ex(s->libctx, "X448", NULL, in.x_peer, 56);
    EVP_PKEY_CTX *ctx = peer ? EVP_PKEY_CTX_new_from_pkey(s->libctx, s->x_priv, NULL) : NULL;
    size_t len = 56;
    in.rc[c] = ctx && EVP_PKEY_derive_init(ctx) == 1 && EVP_PKEY_derive_set_peer(ctx, peer) == 1
               && EVP_PKEY_derive(ctx, in.out[c], &len) == 1;
    in.out_len[c] = len;
    EVP_PKEY_CTX_free(ctx);
    EVP_PKEY_free(peer);
}

static void evp_x448_setup(int c) {
    evp_side *s = &in.side[c];
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_pkey(s->libctx, s->x_priv, NULL);
    in.rc[c] = ctx && EVP_PKEY_derive_init(ctx) == 1 && EVP_PKEY_derive_set_peer(ctx, s->x_peer) == 1;
    EVP_PKEY_CTX_free(ctx);
}

static void evp_ed_sign_setup(int c) {
    evp_side *s = &in.side[c];
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    in.rc[c] = md && EVP_DigestSignInit_ex(md, NULL, NULL, s->libctx, NULL, s->ed_priv, NULL) == 1;
    EVP_MD_CTX_free(md);
}

/* An EVP_PKEY made from raw bytes, then freed: the provider's import (a private key: its public key derived). */
static void evp_import(int c, const char *alg, const uint8_t *bytes, size_t len, int private) {
    evp_side *s = &in.side[c];
    EVP_PKEY *key = private ? EVP_PKEY_new_raw_private_key_ex(s->libctx, alg, NULL, bytes, len)
                            : EVP_PKEY_new_raw_public_key_ex(s->libctx, alg, NULL, bytes, len);
    in.rc[c] = key != NULL;
    EVP_PKEY_free(key);
}

static void evp_ed_export(int c) {
    evp_side *s = &in.side[c];
    size_t priv_len = 57, pub_len = 57;
    in.rc[c] = EVP_PKEY_get_raw_private_key(s->ed_priv, in.out[c], &priv_len) == 1
               && EVP_PKEY_get_raw_public_key(s->ed_priv, in.out[c] + 57, &pub_len) == 1;
    in.out_len[c] = priv_len + pub_len;
}

static void def_x448(void) { evp_x448(DEFAULT); }
static void gl_x448(void) { evp_x448(GOLDILOCKS); }
static void def_x_keygen(void) { evp_keygen(DEFAULT, "X448"); }
static void gl_x_keygen(void) { evp_keygen(GOLDILOCKS, "X448"); }
static void def_ed_keygen(void) { evp_keygen(DEFAULT, "ED448"); }
static void gl_ed_keygen(void) { evp_keygen(GOLDILOCKS, "ED448"); }
static void def_ed_sign(void) { evp_ed_sign(DEFAULT); }
static void gl_ed_sign(void) { evp_ed_sign(GOLDILOCKS); }
static void def_ed_verify(void) { evp_ed_verify(DEFAULT); }
static void gl_ed_verify(void) { evp_ed_verify(GOLDILOCKS); }
static void def_x448_peer(void) { evp_x448_peer_bytes(DEFAULT); }
static void gl_x448_peer(void) { evp_x448_peer_bytes(GOLDILOCKS); }
static void def_x448_setup(void) { evp_x448_setup(DEFAULT); }
static void gl_x448_setup(void) { evp_x448_setup(GOLDILOCKS); }
static void def_sign_setup(void) { evp_ed_sign_setup(DEFAULT); }
static void gl_sign_setup(void) { evp_ed_sign_setup(GOLDILOCKS); }
static void def_ed_import(void) { evp_import(DEFAULT, "ED448", in.ed_seed, 57, 1); }
static void gl_ed_import(void) { evp_import(GOLDILOCKS, "ED448", in.ed_seed, 57, 1); }
static void def_x_import(void) { evp_import(DEFAULT, "X448", in.x_secret, 56, 1); }
static void gl_x_import(void) { evp_import(GOLDILOCKS, "X448", in.x_secret, 56, 1); }
static void def_ed_pub_import(void) { evp_import(DEFAULT, "ED448", in.ed_pub, 57, 0); }
static void gl_ed_pub_import(void) { evp_import(GOLDILOCKS, "ED448", in.ed_pub, 57, 0); }
static void def_ed_export(void) { evp_ed_export(DEFAULT); }
static void gl_ed_export(void) { evp_ed_export(GOLDILOCKS); }

/* ---- the library itself ---- */

static void direct_x448(void) {
    in.rc[DIRECT] = goldilocks_x448(in.out[DIRECT], in.x_secret, in.x_peer) == 0;
    in.out_len[DIRECT] = 56;
}
static void direct_x_keygen(void) {
    uint8_t secret[56];
    in.rc[DIRECT] = goldilocks_x448_keypair(in.out[DIRECT], secret) == 0;
}
static void direct_ed_keygen(void) {
    uint8_t secret[114];
    in.rc[DIRECT] = goldilocks_ed448_keypair(in.out[DIRECT], secret) == 0;
}
static void direct_ed_sign(void) {
    in.rc[DIRECT] = goldilocks_ed448_sign(in.out[DIRECT], in.ed_secret, in.msg, MSG_LEN, NULL, 0) == 0;
    in.out_len[DIRECT] = 114;
}
static void direct_ed_verify(void) {
    in.rc[DIRECT] = goldilocks_ed448_verify(in.ed_sig, in.ed_pub, in.msg, MSG_LEN, NULL, 0) == 0;
}
static void direct_ed_import(void) {
    uint8_t pub[57], secret[114];
    goldilocks_ed448_keypair_from_seed(pub, secret, in.ed_seed);
    in.rc[DIRECT] = 1;
}
static void direct_x_import(void) {
    uint8_t pub[56];
    goldilocks_x448_public_key(pub, in.x_secret);
    in.rc[DIRECT] = 1;
}
/* What the library needs of a public key or an export: its bytes, copied. */
static void direct_ed_pub_import(void) {
    memcpy(in.out[DIRECT], in.ed_pub, 57);
    in.rc[DIRECT] = 1;
}
static void direct_ed_export(void) {
    memcpy(in.out[DIRECT], in.ed_seed, 57);
    memcpy(in.out[DIRECT] + 57, in.ed_pub, 57);
    in.out_len[DIRECT] = 114;
    in.rc[DIRECT] = 1;
}

/* An operation: its key (for --only), its name, its contenders (DIRECT NULL: a set-up, no direct call). */
static const struct op {
    const char *key, *name;
    void (*fn[CONTENDERS])(void);
    int compare;   /* the outputs must agree */
} ops[] = {
    { "x448", "x448 shared secret", { def_x448, gl_x448, direct_x448 }, 1 },
    { "x448-peer", "x448 derive, peer import", { def_x448_peer, gl_x448_peer, direct_x448 }, 1 },
    { "x448-keygen", "x448 keygen", { def_x_keygen, gl_x_keygen, direct_x_keygen }, 0 },
    { "ed448-keygen", "ed448 keygen", { def_ed_keygen, gl_ed_keygen, direct_ed_keygen }, 0 },
    { "sign", "ed448 sign (32 bytes)", { def_ed_sign, gl_ed_sign, direct_ed_sign }, 1 },
    { "verify", "ed448 verify", { def_ed_verify, gl_ed_verify, direct_ed_verify }, 0 },
    { "ed448-import", "ed448 private import", { def_ed_import, gl_ed_import, direct_ed_import }, 0 },
    { "x448-import", "x448 private import", { def_x_import, gl_x_import, direct_x_import }, 0 },
    { "ed448-pub-import", "ed448 public import", { def_ed_pub_import, gl_ed_pub_import, direct_ed_pub_import }, 0 },
    { "ed448-export", "ed448 export (both)", { def_ed_export, gl_ed_export, direct_ed_export }, 1 },
    { "x448-setup", "x448 derive set-up", { def_x448_setup, gl_x448_setup, NULL }, 0 },
    { "sign-setup", "ed448 sign set-up", { def_sign_setup, gl_sign_setup, NULL }, 0 },
};
enum { OPS = sizeof ops / sizeof ops[0] };

static void fill(uint8_t *p, size_t len, uint64_t *state) {
    for (size_t i = 0; i < len; i++) {
        *state = *state * 6364136223846793005u + 1442695040888963407u;
        p[i] = (uint8_t)(*state >> 56);
    }
}

static void load_side(evp_side *s, const char *provider, const char *dir) {
    s->libctx = OSSL_LIB_CTX_new();
    if (s->libctx == NULL)
        die("OSSL_LIB_CTX_new failed");
    if (dir != NULL && !OSSL_PROVIDER_set_default_search_path(s->libctx, dir))
        die("OSSL_PROVIDER_set_default_search_path failed");
    if ((s->provider = OSSL_PROVIDER_load(s->libctx, provider)) == NULL) {
        fprintf(stderr, "bench_provider: cannot load the %s provider%s%s (ninja goldilocks.so builds it)\n",
                provider, dir ? " from " : "", dir ? dir : "");
        die("OSSL_PROVIDER_load failed");
    }
    s->x_priv = EVP_PKEY_new_raw_private_key_ex(s->libctx, "X448", NULL, in.x_secret, 56);
    s->x_peer = EVP_PKEY_new_raw_public_key_ex(s->libctx, "X448", NULL, in.x_peer, 56);
    s->ed_priv = EVP_PKEY_new_raw_private_key_ex(s->libctx, "ED448", NULL, in.ed_seed, 57);
    s->ed_pub = EVP_PKEY_new_raw_public_key_ex(s->libctx, "ED448", NULL, in.ed_pub, 57);
    if (!s->x_priv || !s->x_peer || !s->ed_priv || !s->ed_pub)
        die("building the EVP keys failed");
}

static void setup(const char *argv0) {
    uint64_t state = 0x60d11c0c5u;
    fill(in.x_secret, 56, &state);
    fill(in.x_peer_secret, 56, &state);
    goldilocks_x448_public_key(in.x_peer, in.x_peer_secret);
    fill(in.ed_seed, 57, &state);
    fill(in.msg, MSG_LEN, &state);
    goldilocks_ed448_keypair_from_seed(in.ed_pub, in.ed_secret, in.ed_seed);
    if (goldilocks_ed448_sign(in.ed_sig, in.ed_secret, in.msg, MSG_LEN, NULL, 0) != 0)
        die("goldilocks_ed448_sign failed");

    load_side(&in.side[DEFAULT], "default", NULL);
    load_side(&in.side[GOLDILOCKS], "goldilocks", bench_provider_dir(argv0));
}

static int contenders(const struct op *op) {
    return op->fn[DIRECT] != NULL ? CONTENDERS : DIRECT;
}

static void sanity_check(const struct op *op) {
    for (int c = 0; c < contenders(op); c++) {
        memset(in.out[c], 0, sizeof in.out[c]);
        in.rc[c] = 0;
        op->fn[c]();
        if (!in.rc[c]) {
            fprintf(stderr, "bench_provider: %s: %s failed\n", op->name, contender_names[c]);
            die("an operation failed");
        }
    }
    for (int c = 1; op->compare && c < contenders(op); c++)
        if (in.out_len[c] != in.out_len[0] || memcmp(in.out[c], in.out[0], in.out_len[0]) != 0) {
            fprintf(stderr, "bench_provider: MISMATCH: %s: %s differs from %s\n", op->name, contender_names[c],
                    contender_names[0]);
            exit(1);
        }
}

/* The operation bench_rounds times, and its batch. */
static const struct op *timed;
static unsigned timed_batch;

static unsigned run_timed(unsigned c) {
    for (unsigned b = 0; b < timed_batch; b++)
        timed->fn[c]();
    return timed_batch;
}

static uint64_t samples[CONTENDERS][BENCH_ROUNDS_MAX];

static void measure(const struct op *op, unsigned reps, unsigned batch, uint64_t median[CONTENDERS]) {
    timed = op;
    timed_batch = batch;
    unsigned n = contenders(op);
    reps = bench_rounds(samples, n, reps, run_timed);
    for (unsigned c = 0; c < CONTENDERS; c++)
        median[c] = c < n ? samples[c][reps / 2] : 0;
}

__attribute__((noinline)) void bench_only_loop(const struct op *op, unsigned n) {
    for (unsigned k = 0; k < n; k++)
        op->fn[GOLDILOCKS]();
}

static const char *key_of(unsigned i) {
    return ops[i].key;
}

static void free_sides(void) {
    for (int c = 0; c < 2; c++) {
        evp_side *s = &in.side[c];
        EVP_PKEY_free(s->x_priv);
        EVP_PKEY_free(s->x_peer);
        EVP_PKEY_free(s->ed_priv);
        EVP_PKEY_free(s->ed_pub);
        OSSL_PROVIDER_unload(s->provider);
        OSSL_LIB_CTX_free(s->libctx);
    }
}

int main(int argc, char **argv) {
    unsigned reps = 101, batch = 4, iterations = 100;
    const char *only = NULL;
    if (bench_args(argc, argv, "usage: bench_provider [--reps R] [--batch B] | --only KEY [--iterations N]", &reps,
                   &only, &iterations, &batch))
        return 2;
    if (reps < 1 || batch < 1) {
        fprintf(stderr, "bench_provider: --reps and --batch must be at least 1\n");
        return 2;
    }
    int which = only ? bench_find(OPS, key_of, only) : -1;
    if (only && which < 0) {
        fprintf(stderr, "bench_provider: no operation %s; the keys:", only);
        for (unsigned i = 0; i < OPS; i++)
            fprintf(stderr, " %s", ops[i].key);
        fprintf(stderr, "\n");
        return 2;
    }
    setup(argv[0]);
    for (int i = 0; i < OPS; i++)
        sanity_check(&ops[i]);
    if (only) {
        bench_only_loop(&ops[which], iterations);
        free_sides();
        return 0;
    }

    printf("median %s per operation through OpenSSL %s's EVP API: %u rounds of %u calls, contenders interleaved\n",
           TICK_UNIT, OpenSSL_version(OPENSSL_VERSION_STRING), reps, batch);
    printf("goldilocks backend %s; EVP cost: goldilocks provider / goldilocks API, and their difference\n",
           goldilocks_backend());
    printf("%-16s %-26s %9s %11s %9s %10s %10s %10s\n", "key", "operation", "default", "goldilocks", "direct",
           "def/gold", "gold/dir", "gold-dir");
    for (int i = 0; i < OPS; i++) {
        uint64_t median[CONTENDERS];
        measure(&ops[i], reps, batch, median);
        printf("%-16s %-26s %8.1fk %10.1fk", ops[i].key, ops[i].name, median[DEFAULT] / 1000.0,
               median[GOLDILOCKS] / 1000.0);
        if (ops[i].fn[DIRECT] != NULL)
            printf(" %8.1fk %10.2f %10.2f %9.1fk\n", median[DIRECT] / 1000.0,
                   (double)median[DEFAULT] / (double)median[GOLDILOCKS],
                   (double)median[GOLDILOCKS] / (double)(median[DIRECT] ? median[DIRECT] : 1),
                   ((double)median[GOLDILOCKS] - (double)median[DIRECT]) / 1000.0);
        else
            printf(" %9s %10.2f %10s %9.1fk\n", "-", (double)median[DEFAULT] / (double)median[GOLDILOCKS], "-",
                   median[GOLDILOCKS] / 1000.0);
    }
    free_sides();
    return 0;
}
#endif
