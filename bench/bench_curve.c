/*
 * Ticks per curve operation: ours, OpenSSL 3 (EVP, when HAVE_OPENSSL) and
 * libdecaf (when HAVE_LIBDECAF; Debian's headers need -I/usr/include/decaf),
 * measured in the same run.
 *
 *   bench_curve [--reps R] [--batch B] [--ops x448,ed448_sign,...]
 *       The table: for each operation, R rounds; each round times a batch of
 *       B calls of every contender in turn (the order rotates each round), so
 *       the contenders see the same machine state. Reported: the median over
 *       the rounds of (batch ticks / B). Ticks are rdtsc on x86 (on other
 *       hosts, nanoseconds from clock_gettime).
 *   bench_curve --only CONTENDER:OP [--iterations N]
 *       Runs one contender's one operation N times in bench_only_loop() and
 *       nothing else of the benchmark, for instruction counts:
 *         valgrind --tool=callgrind --toggle-collect=bench_only_loop \
 *             bench_curve --only ours:x448 --iterations 20
 *       then divide the Ir of bench_only_loop by N.
 *
 * Before timing, every operation's output is compared with OpenSSL's (and
 * libdecaf's) for the benchmarked inputs; the program aborts on a mismatch.
 *
 * What each timed call includes:
 *   ours      the public API call, bytes in and bytes out (ed448_sign_seed:
 *             goldilocks_ed448_sign_seed, which derives the public key from
 *             the seed on every call; the other contenders sign as in
 *             ed448_sign).
 *   OpenSSL   x448: EVP_PKEY_CTX_new + EVP_PKEY_derive_init + _set_peer +
 *             EVP_PKEY_derive + free, on EVP_PKEYs built once beforehand
 *             (building a private EVP_PKEY from raw bytes computes its public
 *             key, which would double the count).
 *             x448_public_key, ed448 keygen: EVP_PKEY_new_raw_private_key (which
 *             derives the public key) + EVP_PKEY_get_raw_public_key + free.
 *             ed448 sign / verify: EVP_MD_CTX_new + EVP_DigestSignInit /
 *             EVP_DigestVerifyInit (NULL md) + EVP_DigestSign / EVP_DigestVerify
 *             + free, on EVP_PKEYs built once beforehand.
 *   libdecaf  the byte-oriented calls (decaf_x448, decaf_x448_derive_public_key,
 *             decaf_ed448_derive_public_key, decaf_ed448_sign, decaf_ed448_verify,
 *             decaf_448_direct_scalarmul); scalarmult_base is
 *             decaf_448_precomputed_scalarmul + decaf_448_point_encode. The
 *             decaf scalars are decoded (reduced) once beforehand.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "goldilocks.h"

#ifdef HAVE_OPENSSL
#include <openssl/err.h>
#include <openssl/evp.h>
#endif

#ifdef HAVE_LIBDECAF
#define DECAF_EDDSA_NON_KEYPAIR_API_IS_DEPRECATED 0
#include <decaf.h>
#include <decaf/ed448.h>
#endif

#include "ticks.h"

enum { MSG_LEN = 32 };
enum contender { OURS, OPENSSL, LIBDECAF, CONTENDERS };
static const char *const contender_names[CONTENDERS] = { "ours", "openssl", "libdecaf" };

/* The inputs and outputs of every operation, set up once. */
static struct {
    uint8_t x_secret[56], x_peer[56];    /* X448 secret, peer public key */
    uint8_t ed_seed[57], ed_secret[114], ed_pub[57], ed_sig[114], msg[MSG_LEN];
    uint8_t dc_scalar[56], dc_point[56];
    uint8_t out[CONTENDERS][114];         /* each contender's last output */
    int rc[CONTENDERS];                   /* and its return value, where there is one */
#ifdef HAVE_OPENSSL
    EVP_PKEY *ossl_x_priv, *ossl_x_peer, *ossl_ed_priv, *ossl_ed_pub;
#endif
#ifdef HAVE_LIBDECAF
    decaf_448_scalar_t dc_scalar_decaf;
#endif
} in;

static void die(const char *what) {
    fprintf(stderr, "bench_curve: %s\n", what);
#ifdef HAVE_OPENSSL
    ERR_print_errors_fp(stderr);
#endif
    abort();
}

/* ---- ours ---- */

static void ours_x448(void) { in.rc[OURS] = goldilocks_x448(in.out[OURS], in.x_secret, in.x_peer); }
static void ours_x448_pub(void) { goldilocks_x448_public_key(in.out[OURS], in.x_secret); }
static void ours_ed_keygen(void) {
    uint8_t secret[114];
    goldilocks_ed448_keypair_from_seed(in.out[OURS], secret, in.ed_seed);
}
static void ours_ed_sign(void) {
    in.rc[OURS] = goldilocks_ed448_sign(in.out[OURS], in.ed_secret, in.msg, MSG_LEN, NULL, 0);
}
static void ours_ed_sign_seed(void) {
    in.rc[OURS] = goldilocks_ed448_sign_seed(in.out[OURS], in.ed_seed, in.msg, MSG_LEN, NULL, 0);
}
static void ours_ed_verify(void) {
    in.rc[OURS] = goldilocks_ed448_verify(in.ed_sig, in.ed_pub, in.msg, MSG_LEN, NULL, 0);
}
static void ours_decaf_mul(void) {
    in.rc[OURS] = goldilocks_decaf448_scalarmult(in.out[OURS], in.dc_point, in.dc_scalar);
}
static void ours_decaf_mul_base(void) {
    in.rc[OURS] = goldilocks_decaf448_scalarmult_base(in.out[OURS], in.dc_scalar);
}

/* ---- OpenSSL 3, EVP ---- */

#ifdef HAVE_OPENSSL
static void ossl_x448(void) {
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new(in.ossl_x_priv, NULL);
    size_t len = 56;
    in.rc[OPENSSL] = ctx && EVP_PKEY_derive_init(ctx) == 1 && EVP_PKEY_derive_set_peer(ctx, in.ossl_x_peer) == 1 &&
                             EVP_PKEY_derive(ctx, in.out[OPENSSL], &len) == 1 && len == 56
                         ? 0 : -1;
    EVP_PKEY_CTX_free(ctx);
}

static void ossl_raw_public(int type, const uint8_t *secret, size_t len) {
    EVP_PKEY *key = EVP_PKEY_new_raw_private_key(type, NULL, secret, len);
    size_t out_len = len;
    in.rc[OPENSSL] = key && EVP_PKEY_get_raw_public_key(key, in.out[OPENSSL], &out_len) == 1 ? 0 : -1;
    EVP_PKEY_free(key);
}
static void ossl_x448_pub(void) { ossl_raw_public(EVP_PKEY_X448, in.x_secret, 56); }
static void ossl_ed_keygen(void) { ossl_raw_public(EVP_PKEY_ED448, in.ed_seed, 57); }

static void ossl_ed_sign(void) {
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    size_t len = 114;
    in.rc[OPENSSL] = md && EVP_DigestSignInit(md, NULL, NULL, NULL, in.ossl_ed_priv) == 1 &&
                             EVP_DigestSign(md, in.out[OPENSSL], &len, in.msg, MSG_LEN) == 1 && len == 114
                         ? 0 : -1;
    EVP_MD_CTX_free(md);
}

static void ossl_ed_verify(void) {
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    in.rc[OPENSSL] = md && EVP_DigestVerifyInit(md, NULL, NULL, NULL, in.ossl_ed_pub) == 1 &&
                             EVP_DigestVerify(md, in.ed_sig, 114, in.msg, MSG_LEN) == 1
                         ? 0 : -1;
    EVP_MD_CTX_free(md);
}
#define OSSL_FN(f) f
#else
#define OSSL_FN(f) NULL
#endif

/* ---- libdecaf ---- */

#ifdef HAVE_LIBDECAF
static void decaf_x448_op(void) {
    in.rc[LIBDECAF] = decaf_x448(in.out[LIBDECAF], in.x_peer, in.x_secret) == DECAF_SUCCESS ? 0 : -1;
}
static void decaf_x448_pub(void) { decaf_x448_derive_public_key(in.out[LIBDECAF], in.x_secret); }
static void decaf_ed_keygen(void) { decaf_ed448_derive_public_key(in.out[LIBDECAF], in.ed_seed); }
static void decaf_ed_sign(void) {
    decaf_ed448_sign(in.out[LIBDECAF], in.ed_seed, in.ed_pub, in.msg, MSG_LEN, 0, NULL, 0);
}
static void decaf_ed_verify(void) {
    in.rc[LIBDECAF] = decaf_ed448_verify(in.ed_sig, in.ed_pub, in.msg, MSG_LEN, 0, NULL, 0) == DECAF_SUCCESS ? 0 : -1;
}
static void decaf_mul(void) {
    in.rc[LIBDECAF] = decaf_448_direct_scalarmul(in.out[LIBDECAF], in.dc_point, in.dc_scalar_decaf, DECAF_FALSE,
                                                 DECAF_TRUE) == DECAF_SUCCESS ? 0 : -1;
}
static void decaf_mul_base(void) {
    decaf_448_point_t p;
    decaf_448_precomputed_scalarmul(p, decaf_448_precomputed_base, in.dc_scalar_decaf);
    decaf_448_point_encode(in.out[LIBDECAF], p);
}
#define DECAF_FN(f) f
#else
#define DECAF_FN(f) NULL
#endif

typedef void (*op_fn)(void);

static const struct op {
    const char *name;
    op_fn fn[CONTENDERS];
    size_t out_len;     /* bytes of out[] to compare, 0 for verify */
    int check_rc;       /* the return value must be 0 */
} ops[] = {
    { "x448", { ours_x448, OSSL_FN(ossl_x448), DECAF_FN(decaf_x448_op) }, 56, 1 },
    { "x448_public_key", { ours_x448_pub, OSSL_FN(ossl_x448_pub), DECAF_FN(decaf_x448_pub) }, 56, 0 },
    { "ed448_keygen", { ours_ed_keygen, OSSL_FN(ossl_ed_keygen), DECAF_FN(decaf_ed_keygen) }, 57, 0 },
    { "ed448_sign", { ours_ed_sign, OSSL_FN(ossl_ed_sign), DECAF_FN(decaf_ed_sign) }, 114, 1 },
    /* the same signature from the seed alone (the public key derived inside); the others sign as above */
    { "ed448_sign_seed", { ours_ed_sign_seed, OSSL_FN(ossl_ed_sign), DECAF_FN(decaf_ed_sign) }, 114, 1 },
    { "ed448_verify", { ours_ed_verify, OSSL_FN(ossl_ed_verify), DECAF_FN(decaf_ed_verify) }, 0, 1 },
    { "decaf448_scalarmult", { ours_decaf_mul, NULL, DECAF_FN(decaf_mul) }, 56, 1 },
    { "decaf448_scalarmult_base", { ours_decaf_mul_base, NULL, DECAF_FN(decaf_mul_base) }, 56, 1 },
};
enum { OPS = sizeof ops / sizeof ops[0] };

/* Deterministic inputs (splitmix64), so runs compare like with like. */
static void fill(uint8_t *p, size_t len, uint64_t *state) {
    for (size_t i = 0; i < len; i++) {
        uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        p[i] = (uint8_t)((z ^ (z >> 31)) >> 56);
    }
}

static void setup(void) {
    uint64_t s = 0x6011d10c5ull;
    uint8_t peer_secret[56];
    fill(in.x_secret, 56, &s);
    fill(peer_secret, 56, &s);
    goldilocks_x448_public_key(in.x_peer, peer_secret);
    fill(in.ed_seed, 57, &s);
    fill(in.msg, MSG_LEN, &s);
    goldilocks_ed448_keypair_from_seed(in.ed_pub, in.ed_secret, in.ed_seed);
    if (goldilocks_ed448_sign(in.ed_sig, in.ed_secret, in.msg, MSG_LEN, NULL, 0) != 0)
        die("our ed448_sign failed during setup");
    uint8_t dc_base_scalar[56];
    fill(dc_base_scalar, 56, &s);
    fill(in.dc_scalar, 56, &s);
    if (goldilocks_decaf448_scalarmult_base(in.dc_point, dc_base_scalar) != 0)
        die("our decaf448_scalarmult_base failed during setup");

#ifdef HAVE_OPENSSL
    in.ossl_x_priv = EVP_PKEY_new_raw_private_key(EVP_PKEY_X448, NULL, in.x_secret, 56);
    in.ossl_x_peer = EVP_PKEY_new_raw_public_key(EVP_PKEY_X448, NULL, in.x_peer, 56);
    in.ossl_ed_priv = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED448, NULL, in.ed_seed, 57);
    in.ossl_ed_pub = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED448, NULL, in.ed_pub, 57);
    if (!in.ossl_x_priv || !in.ossl_x_peer || !in.ossl_ed_priv || !in.ossl_ed_pub)
        die("OpenSSL key setup failed");
#endif
#ifdef HAVE_LIBDECAF
    decaf_448_scalar_decode_long(in.dc_scalar_decaf, in.dc_scalar, 56);
#endif
}

static void hex(const char *label, const uint8_t *p, size_t len) {
    fprintf(stderr, "  %-9s ", label);
    for (size_t i = 0; i < len; i++)
        fprintf(stderr, "%02x", p[i]);
    fprintf(stderr, "\n");
}

/* Runs every contender of op once and aborts unless all agree (and verify accepts). */
static void sanity_check(const struct op *op) {
    for (int c = 0; c < CONTENDERS; c++) {
        if (!op->fn[c])
            continue;
        memset(in.out[c], 0x5a, sizeof in.out[c]);
        in.rc[c] = 0;
        op->fn[c]();
        if (op->check_rc && in.rc[c] != 0) {
            fprintf(stderr, "bench_curve: %s: %s returned %d\n", op->name, contender_names[c], in.rc[c]);
            abort();
        }
        if (c != OURS && op->out_len && memcmp(in.out[c], in.out[OURS], op->out_len) != 0) {
            fprintf(stderr, "bench_curve: MISMATCH: %s: %s's output differs from ours\n", op->name,
                    contender_names[c]);
            hex("ours", in.out[OURS], op->out_len);
            hex(contender_names[c], in.out[c], op->out_len);
            abort();
        }
    }
}

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* The median over reps rounds of the per-call ticks of a batch, contenders interleaved. */
static void measure(const struct op *op, int reps, int batch, uint64_t median[CONTENDERS]) {
    uint64_t *samples[CONTENDERS];
    for (int c = 0; c < CONTENDERS; c++) {
        samples[c] = calloc((size_t)reps, sizeof(uint64_t));
        if (!samples[c])
            die("out of memory");
    }
    for (int r = 0; r < reps; r++) {
        for (int i = 0; i < CONTENDERS; i++) {
            int c = (r + i) % CONTENDERS; /* rotate who goes first */
            if (!op->fn[c])
                continue;
            uint64_t t0 = ticks();
            for (int b = 0; b < batch; b++)
                op->fn[c]();
            samples[c][r] = (ticks() - t0) / (uint64_t)batch;
        }
    }
    for (int c = 0; c < CONTENDERS; c++) {
        qsort(samples[c], (size_t)reps, sizeof(uint64_t), cmp_u64);
        median[c] = op->fn[c] ? samples[c][reps / 2] : 0;
        free(samples[c]);
    }
}

/* Kept out of line so that callgrind's --toggle-collect can count it alone. */
__attribute__((noinline)) void bench_only_loop(op_fn fn, long iterations);
__attribute__((noinline)) void bench_only_loop(op_fn fn, long iterations) {
    for (long i = 0; i < iterations; i++)
        fn();
}

static const struct op *find_op(const char *name, size_t len) {
    for (int i = 0; i < OPS; i++)
        if (strlen(ops[i].name) == len && strncmp(ops[i].name, name, len) == 0)
            return &ops[i];
    return NULL;
}

static void usage(void) {
    fprintf(stderr, "usage: bench_curve [--reps R] [--batch B] [--ops OP,OP...]\n"
                    "       bench_curve --only CONTENDER:OP [--iterations N]\n"
                    "contenders: ours openssl libdecaf; operations:");
    for (int i = 0; i < OPS; i++)
        fprintf(stderr, " %s", ops[i].name);
    fprintf(stderr, "\n");
    exit(2);
}

static void print_ratio(uint64_t theirs, uint64_t ours) {
    if (theirs && ours)
        printf(" %12.2f", (double)theirs / (double)ours);
    else
        printf(" %12s", "-");
}

int main(int argc, char **argv) {
    int reps = 101, batch = 4;
    long iterations = 20;
    const char *only = NULL, *op_list = NULL;
    for (int i = 1; i < argc; i++) {
        if (i + 1 < argc && strcmp(argv[i], "--reps") == 0)
            reps = atoi(argv[++i]);
        else if (i + 1 < argc && strcmp(argv[i], "--batch") == 0)
            batch = atoi(argv[++i]);
        else if (i + 1 < argc && strcmp(argv[i], "--iterations") == 0)
            iterations = atol(argv[++i]);
        else if (i + 1 < argc && strcmp(argv[i], "--only") == 0)
            only = argv[++i];
        else if (i + 1 < argc && strcmp(argv[i], "--ops") == 0)
            op_list = argv[++i];
        else
            usage();
    }
    if (reps < 1 || batch < 1 || iterations < 1)
        usage();

    setup();

    if (only) {
        const char *colon = strchr(only, ':');
        const struct op *op = colon ? find_op(colon + 1, strlen(colon + 1)) : NULL;
        int c = 0;
        while (c < CONTENDERS && !(colon && strlen(contender_names[c]) == (size_t)(colon - only) &&
                                   strncmp(contender_names[c], only, (size_t)(colon - only)) == 0))
            c++;
        if (!op || c == CONTENDERS)
            usage();
        if (!op->fn[c]) {
            fprintf(stderr, "bench_curve: %s has no %s\n", contender_names[c], op->name);
            return 2;
        }
        bench_only_loop(op->fn[c], iterations);
        printf("%s:%s x %ld done\n", contender_names[c], op->name, iterations);
        return 0;
    }

    int selected[OPS];
    for (int i = 0; i < OPS; i++)
        selected[i] = op_list == NULL;
    for (const char *p = op_list; p && *p;) {
        size_t len = strcspn(p, ",");
        const struct op *op = find_op(p, len);
        if (!op)
            usage();
        selected[op - ops] = 1;
        p += len + (p[len] == ',');
    }

    printf("median %s per operation: %d rounds of %d calls, contenders interleaved%s%s\n", TICK_UNIT, reps, batch,
#ifdef HAVE_OPENSSL
           "",
#else
           " (OpenSSL not built in)",
#endif
#ifdef HAVE_LIBDECAF
           ""
#else
           " (libdecaf not built in)"
#endif
    );
    printf("%-26s %12s %12s %12s %12s %12s\n", "operation", "ours", "openssl", "libdecaf", "openssl/ours",
           "libdecaf/ours");
    for (int i = 0; i < OPS; i++) {
        if (!selected[i])
            continue;
        uint64_t median[CONTENDERS];
        sanity_check(&ops[i]);
        measure(&ops[i], reps, batch, median);
        printf("%-26s", ops[i].name);
        for (int c = 0; c < CONTENDERS; c++) {
            if (median[c])
                printf(" %12llu", (unsigned long long)median[c]);
            else
                printf(" %12s", "-");
        }
        print_ratio(median[OPENSSL], median[OURS]);
        print_ratio(median[LIBDECAF], median[OURS]);
        printf("\n");
        fflush(stdout);
    }

#ifdef HAVE_OPENSSL
    EVP_PKEY_free(in.ossl_x_priv);
    EVP_PKEY_free(in.ossl_x_peer);
    EVP_PKEY_free(in.ossl_ed_priv);
    EVP_PKEY_free(in.ossl_ed_pub);
#endif
    return 0;
}
