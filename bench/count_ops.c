/*
 * The driver of the instruction counter (bench/qemu_count.py,
 * bench/qemu_insn/insn_plugin.c): runs each operation between two markers
 * that the qemu plugin sees, so that its count of executed guest
 * instructions is one operation's, exact and the same on every run.
 *
 *   count_ops [--ops x448,ed448_sign,...]      count mode
 *   count_ops --trace [--ops ...]              constant-time mode
 *
 * A marker is syscall(COUNT_MARK_SYSCALL, 1 or 2, tag), a system call no
 * Linux architecture has (ENOSYS; natively the program runs as well, and
 * counts nothing). For every region it opens, it first prints on stdout
 *
 *     region <tag> <contender> <operation> <calls>
 *
 * and the plugin prints "qemu_insn: <tag> insns <N> ..." on stderr when it
 * closes. Region 0 is empty: its count is the markers' own cost, which
 * qemu_count.py subtracts. Every measured call is made twice beforehand (lazy
 * binding of libc's functions, first-touch of the tables) and its output is
 * checked against libdecaf's where the program is built with it
 * (HAVE_LIBDECAF) and libdecaf is an oracle on the target (without
 * LIBDECAF_SKIP); a mismatch aborts.
 *
 * Count mode measures each operation twice (two regions, the second a check
 * that the count repeats). Trace mode runs each secret operation once with
 * each of two secrets that differ in every byte, everything else equal:
 * the plugin's fingerprints of the two regions (the blocks executed and the
 * addresses loaded and stored) must be equal. It also runs a deliberately
 * leaky function (a branch and a table index on a secret bit) the same way,
 * whose two fingerprints must differ: the proof that the check can fail.
 */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "goldilocks.h"
#include "field.h"
#include "scalar.h"

#ifdef HAVE_LIBDECAF
#define DECAF_EDDSA_NON_KEYPAIR_API_IS_DEPRECATED 0
#include <decaf.h>
#include <decaf/ed448.h>
#endif

#define COUNT_MARK_SYSCALL 0x5a1d

static unsigned next_tag = 1;

static void mark(long what, long tag) {
    syscall(COUNT_MARK_SYSCALL, what, tag);
}

enum { MSG_LEN = 32, FIELD_CALLS = 16 };

/*
 * Two sets of inputs: trace mode runs an operation on each; count mode uses
 * set 0. The operations read the set in use from one place, cur (copied
 * before the region starts), so that both runs touch the same addresses.
 */
struct inputs {
    uint8_t x_secret[56], x_peer[56], ed_seed[57], ed_secret[114], ed_pub[57], ed_sig[114];
};
static _Alignas(16) struct inputs in[2];
static _Alignas(16) struct inputs cur[1];
static uint8_t msg[MSG_LEN];
static uint8_t out[2][114];
static int rc[2];
static gf fa, fb, fc;

static void use(int set) {
    memcpy(cur, &in[set], sizeof cur);
}

static void fill(uint8_t *p, size_t n, uint32_t *state) {
    for (size_t i = 0; i < n; i++) {
        *state = *state * 1103515245u + 12345u;
        p[i] = (uint8_t)(*state >> 16);
    }
}

static void ours_x448(void) { rc[0] = goldilocks_x448(out[0], cur[0].x_secret, in[0].x_peer); }
static void ours_x448_pub(void) { goldilocks_x448_public_key(out[0], cur[0].x_secret); }
static void ours_ed_keygen(void) {
    uint8_t secret[114];
    goldilocks_ed448_keypair_from_seed(out[0], secret, cur[0].ed_seed);
}
static void ours_ed_sign(void) {
    rc[0] = goldilocks_ed448_sign(out[0], cur[0].ed_secret, msg, MSG_LEN, NULL, 0);
}
static void ours_ed_sign_seed(void) {
    rc[0] = goldilocks_ed448_sign_seed(out[0], cur[0].ed_seed, msg, MSG_LEN, NULL, 0);
}
/* ---- decaf448 [s]B (RFC 9496), the scalar from x_secret's 56 bytes ---- */
static void ours_decaf_base(void) { rc[0] = goldilocks_decaf448_scalarmult_base(out[0], cur[0].x_secret); }
/* decaf448 [s]P, the same scalar, P a public point made beforehand (the same in both sets) */
static uint8_t decaf_point[56];
static void ours_decaf_mul(void) { rc[0] = goldilocks_decaf448_scalarmult(out[0], decaf_point, cur[0].x_secret); }

static void ours_ed_verify(void) { rc[0] = goldilocks_ed448_verify(in[0].ed_sig, in[0].ed_pub, msg, MSG_LEN, NULL, 0); }
static void ours_public_to_x448(void) { rc[0] = goldilocks_ed448_public_to_x448(out[0], in[0].ed_pub); }
/* The batch calls on BATCH_N copies of the same inputs, counted per item (calls = BATCH_N). */
enum { BATCH_N = 8 };
static uint8_t bsecret[BATCH_N][56], bpeer[BATCH_N][56], bout[BATCH_N][114];
static int brc[BATCH_N];
static void batch_inputs(void) {
    for (int i = 0; i < BATCH_N; i++) {
        memcpy(bsecret[i], cur[0].x_secret, 56);
        memcpy(bpeer[i], in[0].x_peer, 56);
    }
}
static void ours_x448_batch(void) {
    batch_inputs();
    rc[0] = goldilocks_x448_batch(BATCH_N, (uint8_t (*)[56])bout, brc, (const uint8_t (*)[56])bsecret,
                                  (const uint8_t (*)[56])bpeer);
}
static void ours_x448_pub_batch(void) {
    batch_inputs();
    if (goldilocks_x448_public_key_batch(BATCH_N, (uint8_t (*)[56])bout, (const uint8_t (*)[56])bsecret) != 0)
        abort();
}
static void ours_ed_sign_batch(void) {
    const uint8_t *m[BATCH_N];
    size_t len[BATCH_N];
    for (int i = 0; i < BATCH_N; i++) {
        m[i] = msg;
        len[i] = MSG_LEN;
    }
    rc[0] = goldilocks_ed448_sign_batch(BATCH_N, (uint8_t (*)[114])bout, cur[0].ed_secret, m, len, NULL, 0);
}
/* BATCH_N copies of one valid signature: the batch equation of one chunk (point_batch_equation_vartime) */
static void ours_ed_verify_batch(void) {
    const uint8_t *sig[BATCH_N], *pub[BATCH_N], *m[BATCH_N];
    size_t len[BATCH_N];
    for (int i = 0; i < BATCH_N; i++) {
        sig[i] = in[0].ed_sig;
        pub[i] = in[0].ed_pub;
        m[i] = msg;
        len[i] = MSG_LEN;
    }
    rc[0] = goldilocks_ed448_verify_batch(BATCH_N, sig, pub, m, len, NULL, 0, brc);
}
static void ours_decaf_mul_batch(void) {
    uint8_t pts[BATCH_N][56];
    for (int i = 0; i < BATCH_N; i++)
        memcpy(pts[i], decaf_point, 56);
    batch_inputs();
    rc[0] = goldilocks_decaf448_scalarmult_batch(BATCH_N, (uint8_t (*)[56])bout, brc, (const uint8_t (*)[56])pts,
                                                 (const uint8_t (*)[56])bsecret);
}
static void ours_gf_mul(void) {
    for (int i = 0; i < FIELD_CALLS; i++)
        gf_mul(fc, fa, fb);
}
static void ours_gf_sqr(void) {
    for (int i = 0; i < FIELD_CALLS; i++)
        gf_sqr(fc, fa);
}
static void ours_gf_mulw(void) {
    for (int i = 0; i < FIELD_CALLS; i++)
        gf_mulw(fc, fa, 39081);
}
static void ours_gf_invert(void) { gf_invert(fc, fa); }
/* The lane layout's products (GF_LANES elements a call), for the lane ladders' prices. */
static gfl la, lb, lc;
static void ours_gfl_mul(void) {
    for (int i = 0; i < FIELD_CALLS; i++)
        gfl_mul(lc, la, lb);
}
static void ours_gfl_sqr(void) {
    for (int i = 0; i < FIELD_CALLS; i++)
        gfl_sqr(lc, la);
}
static void ours_gfl_mulw(void) {
    for (int i = 0; i < FIELD_CALLS; i++)
        gfl_mulw(lc, la, 39081);
}
static void ours_gf_isr(void) { (void)gf_isr(fc, fa); }
static void ours_gf_invert_square(void) { (void)gf_invert_square(fc, fa); }
/* 1/s mod l (decaf448's scalar inversion), s = x_secret's 56 bytes reduced mod l, encoded */
static void ours_scalar_invert(void) {
    scalar_t s, r;
    scalar_reduce_bytes(&s, cur[0].x_secret, 56);
    scalar_invert(&r, &s);
    scalar_to_bytes(out[0], &r);
}

#ifdef HAVE_LIBDECAF
static void decaf_x448_op(void) {
    rc[1] = decaf_x448(out[1], in[0].x_peer, in[0].x_secret) == DECAF_SUCCESS ? 0 : -1;
}
static void decaf_x448_pub(void) { decaf_x448_derive_public_key(out[1], in[0].x_secret); }
static void decaf_ed_keygen(void) { decaf_ed448_derive_public_key(out[1], in[0].ed_seed); }
/* Like for like with goldilocks_ed448_sign, whose secret holds the public key:
 * libdecaf's keypair (seed and public key, scheduled once beforehand). */
static decaf_eddsa_448_keypair_t decaf_keypair;
static void decaf_ed_sign(void) {
    decaf_ed448_keypair_sign(out[1], decaf_keypair, msg, MSG_LEN, 0, NULL, 0);
}
/* decaf_ed448_sign derives the public key on every call, like goldilocks_ed448_sign_seed,
 * and aborts unless it equals the one given: libdecaf's own (ours, where libdecaf is right;
 * not where it is no oracle, LIBDECAF_SKIP). */
static uint8_t decaf_pub[DECAF_EDDSA_448_PUBLIC_BYTES];
static void decaf_ed_sign_seed(void) {
    decaf_ed448_sign(out[1], in[0].ed_seed, decaf_pub, msg, MSG_LEN, 0, NULL, 0);
}
static void decaf_ed_verify(void) {
    rc[1] = decaf_ed448_verify(in[0].ed_sig, in[0].ed_pub, msg, MSG_LEN, 0, NULL, 0) == DECAF_SUCCESS ? 0 : -1;
}
/* The same scalar decoding (reduced mod l), libdecaf's precomputed table of its base, the encoding. */
static void decaf_decaf_base(void) {
    decaf_448_scalar_t s;
    decaf_448_point_t p;
    decaf_448_scalar_decode_long(s, in[0].x_secret, 56);
    decaf_448_precomputed_scalarmul(p, decaf_448_precomputed_base, s);
    decaf_448_point_encode(out[1], p);
}
/* The same scalar decoding, libdecaf's bytes-to-bytes [s]P. */
static void decaf_decaf_mul(void) {
    decaf_448_scalar_t s;
    decaf_448_scalar_decode_long(s, in[0].x_secret, 56);
    rc[1] = decaf_448_direct_scalarmul(out[1], decaf_point, s, DECAF_FALSE, DECAF_TRUE) == DECAF_SUCCESS ? 0 : -1;
}
static void decaf_public_to_x448(void) { decaf_ed448_convert_public_key_to_x448(out[1], in[0].ed_pub); }
/* The same reduction mod l, libdecaf's scalar inversion, the encoding. */
static void decaf_scalar_inv(void) {
    decaf_448_scalar_t s, r;
    decaf_448_scalar_decode_long(s, in[0].x_secret, 56);
    rc[1] = decaf_448_scalar_invert(r, s) == DECAF_SUCCESS ? 0 : -1;
    decaf_448_scalar_encode(out[1], r);
}
#define DECAF_FN(f) f
#else
#define DECAF_FN(f) NULL
#endif

/*
 * The leaky function of trace mode: a branch and a table index on the
 * secret's low bit, each of which the fingerprint must catch.
 */
static volatile uint8_t leak_table[2][64];
static void leaky(void) {
    uint8_t bit = cur[0].x_secret[0] & 1;
    if (bit)
        out[0][0] ^= 1;
    out[0][1] = leak_table[bit][0];
}

struct op {
    const char *name;
    void (*ours)(void);
    void (*decaf)(void);
    size_t out_len;     /* bytes of out[] compared with libdecaf's; 0: none */
    int secret;         /* trace mode runs it with the two secrets */
    int calls;          /* calls per region */
};

static const struct op ops[] = {
    { "x448_public_key", ours_x448_pub, DECAF_FN(decaf_x448_pub), 56, 1, 1 },
    { "x448", ours_x448, DECAF_FN(decaf_x448_op), 56, 1, 1 },
    { "ed448_keygen", ours_ed_keygen, DECAF_FN(decaf_ed_keygen), 57, 1, 1 },
    { "ed448_sign", ours_ed_sign, DECAF_FN(decaf_ed_sign), 114, 1, 1 },
    { "ed448_sign_seed", ours_ed_sign_seed, DECAF_FN(decaf_ed_sign_seed), 114, 1, 1 },
    { "ed448_verify", ours_ed_verify, DECAF_FN(decaf_ed_verify), 0, 0, 1 },
    { "decaf448_scalarmult_base", ours_decaf_base, DECAF_FN(decaf_decaf_base), 56, 1, 1 },
    { "decaf448_scalarmult", ours_decaf_mul, DECAF_FN(decaf_decaf_mul), 56, 1, 1 },
    { "ed448_public_to_x448", ours_public_to_x448, DECAF_FN(decaf_public_to_x448), 56, 0, 1 },
    { "x448_batch", ours_x448_batch, NULL, 0, 1, BATCH_N },
    { "x448_public_key_batch", ours_x448_pub_batch, NULL, 0, 1, BATCH_N },
    { "ed448_sign_batch", ours_ed_sign_batch, NULL, 0, 0, BATCH_N },
    { "ed448_verify_batch", ours_ed_verify_batch, NULL, 0, 0, BATCH_N },
    { "decaf448_scalarmult_batch", ours_decaf_mul_batch, NULL, 0, 0, BATCH_N },
    { "gf_mul", ours_gf_mul, NULL, 0, 0, FIELD_CALLS },
    { "gf_sqr", ours_gf_sqr, NULL, 0, 0, FIELD_CALLS },
    { "gf_mulw", ours_gf_mulw, NULL, 0, 0, FIELD_CALLS },
    { "gf_invert", ours_gf_invert, NULL, 0, 0, 1 },
    { "gf_isr", ours_gf_isr, NULL, 0, 0, 1 },
    { "gf_invert_square", ours_gf_invert_square, NULL, 0, 0, 1 },
    { "scalar_invert", ours_scalar_invert, DECAF_FN(decaf_scalar_inv), 56, 1, 1 },
    { "gfl_mul", ours_gfl_mul, NULL, 0, 0, FIELD_CALLS },
    { "gfl_sqr", ours_gfl_sqr, NULL, 0, 0, FIELD_CALLS },
    { "gfl_mulw", ours_gfl_mulw, NULL, 0, 0, FIELD_CALLS },
};

/*
 * Not inlined: the two traced calls of an operation must run the same
 * bracketing code (the trace hashes block addresses; clang inlined this into
 * main's two call sites, whose code differed by two instructions).
 */
static __attribute__((noinline)) void region(const char *who, const char *op, int calls, void (*fn)(void)) {
    unsigned tag = next_tag++;
    printf("region %u %s %s %d\n", tag, who, op, calls);
    fflush(stdout);
    mark(1, tag);
    fn();
    mark(2, tag);
}

static int wanted(const char *list, const char *name) {
    if (!list)
        return 1;
    size_t n = strlen(name);
    for (const char *p = list; (p = strstr(p, name)) != NULL; p += n)
        if ((p == list || p[-1] == ',') && (p[n] == ',' || p[n] == '\0'))
            return 1;
    return 0;
}

static void nothing(void) {}

int main(int argc, char **argv) {
    int trace = 0;
    const char *list = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--trace") == 0) {
            trace = 1;
        } else if (strcmp(argv[i], "--ops") == 0 && i + 1 < argc) {
            list = argv[++i];
        } else {
            fprintf(stderr, "usage: count_ops [--trace] [--ops x448,x448_public_key,ed448_keygen,"
                            "ed448_sign,ed448_sign_seed,ed448_verify,decaf448_scalarmult_base,decaf448_scalarmult,ed448_public_to_x448,x448_batch,x448_public_key_batch,ed448_sign_batch,ed448_verify_batch,decaf448_scalarmult_batch,gf_mul,gf_sqr,gf_mulw,gf_invert,gf_isr,"
                            "gf_invert_square,scalar_invert,"
                            "gfl_mul,gfl_sqr,gfl_mulw]\n");
            return 2;
        }
    }
    uint32_t state = 0x60d110c5;
    for (int s = 0; s < 2; s++) {
        fill(in[s].x_secret, 56, &state);
        fill(in[s].x_peer, 56, &state);
        fill(in[s].ed_seed, 57, &state);
    }
    /* The second secrets differ from the first in every byte. */
    for (int i = 0; i < 56; i++)
        in[1].x_secret[i] = (uint8_t)~in[0].x_secret[i];
    for (int i = 0; i < 57; i++)
        in[1].ed_seed[i] = (uint8_t)~in[0].ed_seed[i];
    fill(msg, MSG_LEN, &state);
    for (int s = 0; s < 2; s++) {
        uint8_t pub[56];
        goldilocks_x448_public_key(pub, in[s].x_peer);   /* a valid peer key */
        memcpy(in[s].x_peer, pub, 56);
        goldilocks_ed448_keypair_from_seed(in[s].ed_pub, in[s].ed_secret, in[s].ed_seed);
        if (goldilocks_ed448_sign(in[s].ed_sig, in[s].ed_secret, msg, MSG_LEN, NULL, 0) != 0)
            return 1;
    }
    uint8_t bytes[56];
    if (goldilocks_decaf448_scalarmult_base(decaf_point, in[0].x_peer) != 0)   /* a valid point */
        return 1;
    fill(bytes, 56, &state);
    bytes[55] &= 0x7f;
    gf_deserialize(fa, bytes);
    fill(bytes, 56, &state);
    bytes[55] &= 0x7f;
    gf_deserialize(fb, bytes);
    gfl_broadcast(la, fa);
    gfl_insert(la, GF_LANES - 1, fb);
    gfl_broadcast(lb, fb);
    gfl_insert(lb, 0, fa);

#ifdef HAVE_LIBDECAF
    decaf_ed448_derive_keypair(decaf_keypair, in[0].ed_seed);
    decaf_ed448_derive_public_key(decaf_pub, in[0].ed_seed);
#endif
    /* The markers' own cost, measured like any region. */
    region("none", "empty", 1, nothing);
    for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++) {
        const struct op *op = &ops[k];
        if (!wanted(list, op->name) || (trace && !op->secret))
            continue;
        use(0);
        op->ours();
        op->ours();
        if (op->decaf) {
            op->decaf();
            op->decaf();
#ifndef LIBDECAF_SKIP   /* configure's -DLIBDECAF_SKIP="why": libdecaf counted, but no oracle here */
            if (memcmp(out[0], out[1], op->out_len) != 0 || rc[0] != rc[1]) {
                fprintf(stderr, "count_ops: %s: ours and libdecaf's results differ\n", op->name);
                return 1;
            }
#endif
        }
        if (rc[0] != 0) {
            fprintf(stderr, "count_ops: %s failed\n", op->name);
            return 1;
        }
        if (trace) {
            use(1);
            op->ours();
            use(0);
            region("ours", op->name, 1, op->ours);
            use(1);
            region("ours", op->name, 1, op->ours);
            use(0);
            continue;
        }
        for (int r = 0; r < 2; r++)
            region("ours", op->name, op->calls, op->ours);
        if (op->decaf)
            for (int r = 0; r < 2; r++)
                region("libdecaf", op->name, op->calls, op->decaf);
    }
    if (trace) {
        use(0);
        leaky();
        use(1);
        leaky();
        use(0);
        region("leaky", "selftest", 1, leaky);
        use(1);
        region("leaky", "selftest", 1, leaky);
    }
    return 0;
}
