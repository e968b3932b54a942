/*
 * The aliasing contract of include/goldilocks.h: any output may alias any
 * input, exactly or partially overlapping, and the call gives byte for byte
 * what it gives with separate buffers (the oracle here is the same function
 * on non-overlapping copies, which the other tests check against RFC
 * vectors, GMP and OpenSSL).
 *
 * Every public function with an output and an input is wrapped into one
 * shape (outputs, inputs, input lengths). For each output and each input,
 * the output is placed at a few offsets d from the input inside one big
 * buffer (the input is memmoved in last, so the overlap really holds the
 * input's bytes when the call starts): d = 0 is the exact alias, the others
 * overlap partially from either side. Functions without an output (verify,
 * the key checks, validate) have nothing to alias. With --slow, every
 * overlapping offset is tried. The inputs are random, and
 * also failure inputs: low-order X448 peers, invalid decaf448 encodings,
 * over-long Ed448 contexts (the all-zero failure output must not depend on
 * the layout either).
 */
#include <stdio.h>
#include <string.h>
#include "goldilocks.h"
#include "check.h"

enum { MAX_IN = 3, MAX_OUT = 2, MAX_LEN = 300 };

typedef struct {
    const char *name;
    int n_out, n_in;
    size_t out_len[MAX_OUT];
    /* The call; in_len[] holds every input's length (fixed or message/context). */
    int (*call)(uint8_t *const out[], const uint8_t *const in[], const size_t in_len[]);
    const char *in_name[MAX_IN], *out_name[MAX_OUT];
} fn_t;

/* ---- the public functions in one shape ---- */

static int c_x448_public_key(uint8_t *const o[], const uint8_t *const i[], const size_t n[]) {
    (void)n;
    goldilocks_x448_public_key(o[0], i[0]);
    return 0;
}
static int c_x448(uint8_t *const o[], const uint8_t *const i[], const size_t n[]) {
    (void)n;
    return goldilocks_x448(o[0], i[0], i[1]);
}
static int c_keypair_from_seed(uint8_t *const o[], const uint8_t *const i[], const size_t n[]) {
    (void)n;
    goldilocks_ed448_keypair_from_seed(o[0], o[1], i[0]);
    return 0;
}
static int c_sign(uint8_t *const o[], const uint8_t *const i[], const size_t n[]) {
    return goldilocks_ed448_sign(o[0], i[0], i[1], n[1], i[2], n[2]);
}
static int c_sign_seed(uint8_t *const o[], const uint8_t *const i[], const size_t n[]) {
    return goldilocks_ed448_sign_seed(o[0], i[0], i[1], n[1], i[2], n[2]);
}
static int c_ph_sign(uint8_t *const o[], const uint8_t *const i[], const size_t n[]) {
    return goldilocks_ed448ph_sign(o[0], i[0], i[1], n[1], i[2], n[2]);
}
static int c_ph_sign_prehashed(uint8_t *const o[], const uint8_t *const i[], const size_t n[]) {
    return goldilocks_ed448ph_sign_prehashed(o[0], i[0], i[1], i[2], n[2]);
}
/* The message goes in by two updates; the signature may alias the secret, message or context. */
static int c_ph_final_sign(uint8_t *const o[], const uint8_t *const i[], const size_t n[]) {
    goldilocks_ed448ph_state st;
    goldilocks_ed448ph_init(&st);
    goldilocks_ed448ph_update(&st, i[1], n[1] / 3);
    goldilocks_ed448ph_update(&st, i[1] + n[1] / 3, n[1] - n[1] / 3);
    return goldilocks_ed448ph_final_sign(&st, o[0], i[0], i[2], n[2]);
}
static int c_decaf_base(uint8_t *const o[], const uint8_t *const i[], const size_t n[]) {
    (void)n;
    return goldilocks_decaf448_scalarmult_base(o[0], i[0]);
}
static int c_decaf_mul(uint8_t *const o[], const uint8_t *const i[], const size_t n[]) {
    (void)n;
    return goldilocks_decaf448_scalarmult(o[0], i[0], i[1]);
}
static int c_decaf_add(uint8_t *const o[], const uint8_t *const i[], const size_t n[]) {
    (void)n;
    return goldilocks_decaf448_add(o[0], i[0], i[1]);
}
static int c_from_uniform(uint8_t *const o[], const uint8_t *const i[], const size_t n[]) {
    (void)n;
    goldilocks_decaf448_from_uniform(o[0], i[0]);
    return 0;
}

static int c_ed448_h2c(uint8_t *const o[], const uint8_t *const i[], const size_t n[]) {
    return goldilocks_ed448_hash_to_curve(o[0], i[0], n[0], i[1], n[1]);
}
static int c_ed448_e2c(uint8_t *const o[], const uint8_t *const i[], const size_t n[]) {
    return goldilocks_ed448_encode_to_curve(o[0], i[0], n[0], i[1], n[1]);
}
static int c_x448_h2c(uint8_t *const o[], const uint8_t *const i[], const size_t n[]) {
    return goldilocks_x448_hash_to_curve(o[0], i[0], n[0], i[1], n[1]);
}
static int c_x448_e2c(uint8_t *const o[], const uint8_t *const i[], const size_t n[]) {
    return goldilocks_x448_encode_to_curve(o[0], i[0], n[0], i[1], n[1]);
}
static int c_public_to_x448(uint8_t *const o[], const uint8_t *const i[], const size_t n[]) {
    (void)n;
    return goldilocks_ed448_public_to_x448(o[0], i[0]);
}
static int c_secret_to_x448(uint8_t *const o[], const uint8_t *const i[], const size_t n[]) {
    (void)n;
    goldilocks_ed448_secret_to_x448(o[0], i[0]);
    return 0;
}

static const fn_t X448_PUBLIC_KEY = {"x448_public_key", 1, 1, {56}, c_x448_public_key, {"secret"}, {"pub"}};
static const fn_t X448 = {"x448", 1, 2, {56}, c_x448, {"secret", "peer"}, {"shared"}};
static const fn_t KEYPAIR_FROM_SEED = {"ed448_keypair_from_seed", 2, 1, {57, 114}, c_keypair_from_seed,
                                       {"seed"}, {"pub", "secret"}};
static const fn_t SIGN = {"ed448_sign", 1, 3, {114}, c_sign, {"secret", "msg", "ctx"}, {"sig"}};
static const fn_t SIGN_SEED = {"ed448_sign_seed", 1, 3, {114}, c_sign_seed, {"seed", "msg", "ctx"}, {"sig"}};
static const fn_t PH_SIGN = {"ed448ph_sign", 1, 3, {114}, c_ph_sign, {"secret", "msg", "ctx"}, {"sig"}};
static const fn_t PH_SIGN_PREHASHED = {"ed448ph_sign_prehashed", 1, 3, {114}, c_ph_sign_prehashed,
                                       {"secret", "ph", "ctx"}, {"sig"}};
static const fn_t PH_FINAL_SIGN = {"ed448ph_final_sign", 1, 3, {114}, c_ph_final_sign,
                                   {"secret", "msg", "ctx"}, {"sig"}};
static const fn_t DECAF_BASE = {"decaf448_scalarmult_base", 1, 1, {56}, c_decaf_base, {"scalar"}, {"out"}};
static const fn_t DECAF_MUL = {"decaf448_scalarmult", 1, 2, {56}, c_decaf_mul, {"point", "scalar"}, {"out"}};
static const fn_t DECAF_ADD = {"decaf448_add", 1, 2, {56}, c_decaf_add, {"a", "b"}, {"out"}};
static const fn_t FROM_UNIFORM = {"decaf448_from_uniform", 1, 1, {56}, c_from_uniform, {"uniform"}, {"out"}};
static const fn_t ED448_H2C = {"ed448_hash_to_curve", 1, 2, {57}, c_ed448_h2c, {"msg", "dst"}, {"out"}};
static const fn_t ED448_E2C = {"ed448_encode_to_curve", 1, 2, {57}, c_ed448_e2c, {"msg", "dst"}, {"out"}};
static const fn_t X448_H2C = {"x448_hash_to_curve", 1, 2, {56}, c_x448_h2c, {"msg", "dst"}, {"out"}};
static const fn_t X448_E2C = {"x448_encode_to_curve", 1, 2, {56}, c_x448_e2c, {"msg", "dst"}, {"out"}};
static const fn_t PUBLIC_TO_X448 = {"ed448_public_to_x448", 1, 1, {56}, c_public_to_x448, {"ed_pub"}, {"x_pub"}};
static const fn_t SECRET_TO_X448 = {"ed448_secret_to_x448", 1, 1, {56}, c_secret_to_x448, {"ed_secret"},
                                    {"x_secret"}};

/* ---- the driver ---- */

/* The big buffer: the input starts at BASE, the output at BASE + d. */
enum { BIG = 4 * MAX_LEN, BASE = 2 * MAX_LEN };
static uint8_t big[BIG];

static unsigned cases_run;
static int every_offset; /* --slow: every overlapping offset, not a few */

/*
 * The offsets d at which an out_len-byte output overlaps an in_len-byte
 * input: 0, +-1, +-7, the middles and both extremes (every one with --slow).
 */
static size_t overlap_offsets(long d[], size_t out_len, size_t in_len) {
    const long lo = -(long)out_len + 1, hi = (long)in_len - 1;
    if (every_offset) {
        size_t n = 0;
        for (long v = lo; v <= hi; v++)
            d[n++] = v;
        return n;
    }
    const long want[] = {0, 1, 7, -1, -7, (long)in_len / 2, -(long)out_len / 2, hi, lo};
    size_t n = 0;
    for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
        long v = want[k];
        int dup = v < lo || v > hi;
        for (size_t j = 0; j < n && !dup; j++)
            dup = d[j] == v;
        if (!dup)
            d[n++] = v;
    }
    return n;
}

/*
 * Runs f on in[] with separate buffers, then with each output over each
 * input at each overlapping offset, and compares return value and outputs.
 * want_rc is what the separate call must return (0, or -1 for a failure input).
 */
static void alias_all(const fn_t *f, const uint8_t *const in[], const size_t in_len[], int want_rc,
                      const char *label) {
    uint8_t ref[MAX_OUT][MAX_LEN], copy[MAX_IN][MAX_LEN], sep[MAX_OUT][MAX_LEN];
    uint8_t *ref_out[MAX_OUT];
    const uint8_t *ins[MAX_IN];
    for (int k = 0; k < f->n_in; k++) {
        memcpy(copy[k], in[k], in_len[k]);
        ins[k] = copy[k];
    }
    for (int o = 0; o < f->n_out; o++) {
        memset(ref[o], 0xAA, MAX_LEN);
        ref_out[o] = ref[o];
    }
    int ref_rc = f->call(ref_out, ins, in_len);
    check(ref_rc == want_rc, "%s (%s): separate buffers: rc %d, expected %d", f->name, label, ref_rc, want_rc);
    if (want_rc != 0)
        for (int o = 0; o < f->n_out; o++) {
            uint8_t acc = 0;
            for (size_t j = 0; j < f->out_len[o]; j++)
                acc |= ref[o][j];
            check(acc == 0, "%s (%s): failure output %s not all zero", f->name, label, f->out_name[o]);
        }

    for (int o = 0; o < f->n_out; o++) {
        for (int i = 0; i < f->n_in; i++) {
            if (in_len[i] == 0)
                continue;
            long d[2 * MAX_LEN];
            size_t nd = overlap_offsets(d, f->out_len[o], in_len[i]);
            for (size_t t = 0; t < nd; t++) {
                uint8_t *outs[MAX_OUT];
                const uint8_t *args[MAX_IN];
                for (int k = 0; k < f->n_in; k++) {
                    memcpy(copy[k], in[k], in_len[k]);
                    args[k] = copy[k];
                }
                for (int k = 0; k < f->n_out; k++) {
                    memset(sep[k], 0xAA, MAX_LEN);
                    outs[k] = sep[k];
                }
                memset(big, 0x55, sizeof big);
                uint8_t *out_at = big + BASE + d[t];
                memset(out_at, 0xAA, f->out_len[o]);
                memmove(big + BASE, in[i], in_len[i]); /* the overlap holds the input */
                args[i] = big + BASE;
                outs[o] = out_at;
                int rc = f->call(outs, args, in_len);
                cases_run++;
                int same = rc == ref_rc;
                for (int k = 0; k < f->n_out; k++)
                    same &= memcmp(outs[k], ref[k], f->out_len[k]) == 0;
                check(same, "%s (%s): %s at %s%+ld: rc %d (separate %d) or outputs differ", f->name, label,
                      f->out_name[o], f->in_name[i], d[t], rc, ref_rc);
            }
        }
    }
}

/* All inputs and the output in one place (out = a = b and the like). */
static void alias_everything(const fn_t *f, const uint8_t *in, size_t len, int want_rc, const char *label) {
    uint8_t ref[MAX_LEN], buf[MAX_LEN];
    const uint8_t *ins[MAX_IN];
    size_t lens[MAX_IN];
    for (int k = 0; k < f->n_in; k++) {
        ins[k] = in;
        lens[k] = len;
    }
    uint8_t *outs[MAX_OUT] = {ref};
    memset(ref, 0xAA, sizeof ref);
    int ref_rc = f->call(outs, ins, lens);
    check(ref_rc == want_rc, "%s (%s): rc %d, expected %d", f->name, label, ref_rc, want_rc);
    memcpy(buf, in, len);
    for (int k = 0; k < f->n_in; k++)
        ins[k] = buf;
    outs[0] = buf;
    int rc = f->call(outs, ins, lens);
    cases_run++;
    check(rc == ref_rc && memcmp(buf, ref, f->out_len[0]) == 0, "%s (%s): every argument the same buffer differs",
          f->name, label);
}

static void rand_in(uint8_t *p, size_t n) { check_randbytes(p, n); }

/* A valid decaf448 encoding: from_uniform of random bytes (separately checked against RFC 9496). */
static void rand_decaf(uint8_t out[56]) {
    uint8_t u[112];
    rand_in(u, sizeof u);
    goldilocks_decaf448_from_uniform(out, u);
}

static void test_x448(void) {
    check_test("x448_public_key: pub over the secret");
    for (int r = 0; r < 3; r++) {
        uint8_t s[56];
        rand_in(s, 56);
        const uint8_t *in[] = {s};
        const size_t n[] = {56};
        alias_all(&X448_PUBLIC_KEY, in, n, 0, "random");
    }

    check_test("x448: shared over the secret and over the peer");
    for (int r = 0; r < 3; r++) {
        uint8_t s[56], p[56];
        rand_in(s, 56);
        rand_in(p, 56);
        const uint8_t *in[] = {s, p};
        const size_t n[] = {56, 56};
        alias_all(&X448, in, n, 0, "random");
        alias_everything(&X448, s, 56, 0, "shared = secret = peer");
    }

    check_test("x448 failure: low-order peers 0, 1, p - 1, p, p + 1");
    for (int k = 0; k < 5; k++) {
        uint8_t s[56], p[56];
        rand_in(s, 56);
        memset(p, 0, 56);
        if (k == 1) {
            p[0] = 1;
        } else if (k >= 2) {
            /* p = 2^448 - 2^224 - 1: bytes ff..ff fe ff..ff (byte 28 is fe) */
            memset(p, 0xff, 56);
            p[28] = 0xfe;
            if (k == 2) /* p - 1 */
                p[0] = 0xfe;
            if (k == 4) { /* p + 1 = 2^448 - 2^224 */
                memset(p, 0, 28);
                p[28] = 0xff;
            }
        }
        const uint8_t *in[] = {s, p};
        const size_t n[] = {56, 56};
        char label[32];
        snprintf(label, sizeof label, "low-order peer %d", k);
        alias_all(&X448, in, n, -1, label);
    }
}

static void test_ed448(void) {
    uint8_t seed[57], secret[114], pub[57], msg[200], ctx[256], ph[64];

    check_test("ed448_keypair_from_seed: pub over the seed, secret over the seed");
    for (int r = 0; r < 3; r++) {
        rand_in(seed, 57);
        const uint8_t *in[] = {seed};
        const size_t n[] = {57};
        alias_all(&KEYPAIR_FROM_SEED, in, n, 0, "random");
    }

    check_test("ed448_keypair_from_seed: pub over the seed's start and secret over its end at once");
    for (int r = 0; r < 3; r++) {
        uint8_t want_pub[57], want_secret[114];
        rand_in(seed, 57);
        goldilocks_ed448_keypair_from_seed(want_pub, want_secret, seed);
        /* pub = big[0..57), seed = big[50..107), secret = big[57..171): both outputs overlap the seed */
        memset(big, 0xAA, sizeof big);
        memmove(big + 50, seed, 57);
        goldilocks_ed448_keypair_from_seed(big, big + 57, big + 50);
        cases_run++;
        check(memcmp(big, want_pub, 57) == 0 && memcmp(big + 57, want_secret, 114) == 0,
              "pub at seed-50 and secret at seed+7 differ from separate buffers");
    }

    /* msg lengths: short, longer than the signature (so sig lies inside it), ctx: some and none */
    static const size_t msg_lens[] = {37, 200, 0};
    static const size_t ctx_lens[] = {11, 0, 255};
    const fn_t *const signers[] = {&SIGN, &SIGN_SEED, &PH_SIGN, &PH_FINAL_SIGN};
    for (size_t f = 0; f < sizeof signers / sizeof signers[0]; f++) {
        char name[96];
        snprintf(name, sizeof name, "%s: sig over the %s, the message and the context", signers[f]->name,
                 signers[f] == &SIGN_SEED ? "seed" : "secret");
        check_test(name);
        for (size_t r = 0; r < 3; r++) {
            rand_in(seed, 57);
            goldilocks_ed448_keypair_from_seed(pub, secret, seed);
            rand_in(msg, sizeof msg);
            rand_in(ctx, sizeof ctx);
            const uint8_t *in[] = {signers[f] == &SIGN_SEED ? seed : secret, msg, ctx};
            const size_t n[] = {signers[f] == &SIGN_SEED ? 57u : 114u, msg_lens[r], ctx_lens[r]};
            alias_all(signers[f], in, n, 0, "random");
        }
        /* The failure: a 256-byte context gives -1 and a zero signature, also over the context. */
        const uint8_t *in[] = {signers[f] == &SIGN_SEED ? seed : secret, msg, ctx};
        const size_t n[] = {signers[f] == &SIGN_SEED ? 57u : 114u, 50, 256};
        alias_all(signers[f], in, n, -1, "256-byte context");
    }

    check_test("ed448_sign and sign_seed: sig across the end of the key and the start of the message");
    for (size_t r = 0; r < 3; r++) {
        uint8_t want[114];
        rand_in(seed, 57);
        goldilocks_ed448_keypair_from_seed(pub, secret, seed);
        rand_in(msg, 100);
        for (int with_seed = 0; with_seed < 2; with_seed++) {
            const size_t klen = with_seed ? 57 : 114;
            int rc_want = with_seed ? goldilocks_ed448_sign_seed(want, seed, msg, 100, ctx, 3)
                                    : goldilocks_ed448_sign(want, secret, msg, 100, ctx, 3);
            /* key = big[0..klen), msg = big[klen..klen+100), sig from klen - 40: over both */
            memset(big, 0xAA, sizeof big);
            memmove(big, with_seed ? seed : secret, klen);
            memmove(big + klen, msg, 100);
            uint8_t *sig = big + klen - 40;
            int rc = with_seed ? goldilocks_ed448_sign_seed(sig, big, big + klen, 100, ctx, 3)
                               : goldilocks_ed448_sign(sig, big, big + klen, 100, ctx, 3);
            cases_run++;
            check(rc_want == 0 && rc == 0 && memcmp(sig, want, 114) == 0, "%s: sig over key and msg differs",
                  with_seed ? "sign_seed" : "sign");
        }
    }

    check_test("ed448ph_sign_prehashed: sig over the secret, the prehash and the context");
    for (size_t r = 0; r < 3; r++) {
        rand_in(seed, 57);
        goldilocks_ed448_keypair_from_seed(pub, secret, seed);
        rand_in(ph, sizeof ph);
        rand_in(ctx, sizeof ctx);
        const uint8_t *in[] = {secret, ph, ctx};
        const size_t n[] = {114, 64, ctx_lens[r]};
        alias_all(&PH_SIGN_PREHASHED, in, n, 0, "random");
    }
    const uint8_t *in[] = {secret, ph, ctx};
    const size_t n[] = {114, 64, 256};
    alias_all(&PH_SIGN_PREHASHED, in, n, -1, "256-byte context");
}

/*
 * The streaming state is an output of update and final (they write it), so
 * an input may lie inside it: data, secret and context read from the
 * state's own bytes give what copies of those bytes give. The message is
 * longer than a SHAKE256 block, so that every byte of the state is in use.
 */
static void test_stream(void) {
    uint8_t msg[200], secret[114], pub[57], seed[57], copy[114], want[114], sig[114];
    goldilocks_ed448ph_state st, ref;
    const uint8_t *inside = (const uint8_t *)st.opaque;
    rand_in(seed, 57);
    goldilocks_ed448_keypair_from_seed(pub, secret, seed);
    rand_in(msg, sizeof msg);

    check_test("ed448ph streaming: data, secret and context inside the state");
    for (size_t off = 0; off + 114 <= sizeof st; off += 37) {
        /* update(st, bytes of st) */
        goldilocks_ed448ph_init(&st);
        goldilocks_ed448ph_update(&st, msg, sizeof msg);
        memcpy(&ref, &st, sizeof st);
        memcpy(copy, inside + off, 50);
        goldilocks_ed448ph_update(&ref, copy, 50);
        goldilocks_ed448ph_update(&st, inside + off, 50);
        int rc_want = goldilocks_ed448ph_final_sign(&ref, want, secret, NULL, 0);
        int rc = goldilocks_ed448ph_final_sign(&st, sig, secret, NULL, 0);
        cases_run++;
        check(rc == rc_want && memcmp(sig, want, 114) == 0, "update with data at state+%zu differs", off);

        /* final_sign(st, sig, secret in st, ctx in st) */
        goldilocks_ed448ph_init(&st);
        goldilocks_ed448ph_update(&st, msg, sizeof msg);
        memcpy(&ref, &st, sizeof st);
        memcpy(copy, inside + off, 114);
        rc_want = goldilocks_ed448ph_final_sign(&ref, want, copy, msg, 20);
        rc = goldilocks_ed448ph_final_sign(&st, sig, inside + off, msg, 20);
        cases_run++;
        check(rc == rc_want && memcmp(sig, want, 114) == 0, "final_sign with the secret at state+%zu differs", off);
        goldilocks_ed448ph_init(&st);
        goldilocks_ed448ph_update(&st, msg, sizeof msg);
        memcpy(&ref, &st, sizeof st);
        memcpy(copy, inside + off, 30);
        rc_want = goldilocks_ed448ph_final_sign(&ref, want, secret, copy, 30);
        rc = goldilocks_ed448ph_final_sign(&st, sig, secret, inside + off, 30);
        cases_run++;
        check(rc == rc_want && memcmp(sig, want, 114) == 0, "final_sign with the context at state+%zu differs", off);

        /* final_verify(st, a valid signature, pub, ctx in st) */
        goldilocks_ed448ph_init(&st);
        goldilocks_ed448ph_update(&st, msg, sizeof msg);
        memcpy(copy, inside + off, 30);
        rc_want = goldilocks_ed448ph_sign(want, secret, msg, sizeof msg, copy, 30);
        rc = goldilocks_ed448ph_final_verify(&st, want, pub, inside + off, 30);
        cases_run++;
        check(rc_want == 0 && rc == 0, "final_verify with the context at state+%zu refuses a valid signature", off);
    }
}

static void test_decaf448(void) {
    /* Invalid encodings: s >= p (all ones), s negative (odd), and s = p exactly. */
    uint8_t invalid[3][56];
    memset(invalid[0], 0xff, 56);
    memset(invalid[1], 0, 56);
    invalid[1][0] = 1;
    memset(invalid[2], 0xff, 56);
    invalid[2][28] = 0xfe;

    check_test("decaf448_scalarmult_base: out over the scalar");
    for (int r = 0; r < 3; r++) {
        uint8_t k[56];
        rand_in(k, 56);
        const uint8_t *in[] = {k};
        const size_t n[] = {56};
        alias_all(&DECAF_BASE, in, n, 0, "random");
    }

    check_test("decaf448_scalarmult: out over the point and over the scalar");
    for (int r = 0; r < 3; r++) {
        uint8_t p[56], k[56];
        rand_decaf(p);
        rand_in(k, 56);
        const uint8_t *in[] = {p, k};
        const size_t n[] = {56, 56};
        alias_all(&DECAF_MUL, in, n, 0, "random");
        alias_everything(&DECAF_MUL, p, 56, 0, "out = point = scalar");
    }
    for (int v = 0; v < 3; v++) {
        uint8_t k[56];
        rand_in(k, 56);
        const uint8_t *in[] = {invalid[v], k};
        const size_t n[] = {56, 56};
        alias_all(&DECAF_MUL, in, n, -1, "invalid point");
    }

    check_test("decaf448_add: out == a, out == b, partial overlaps, invalid inputs");
    for (int r = 0; r < 3; r++) {
        uint8_t a[56], b[56];
        rand_decaf(a);
        rand_decaf(b);
        const uint8_t *in[] = {a, b};
        const size_t n[] = {56, 56};
        alias_all(&DECAF_ADD, in, n, 0, "random");
        alias_everything(&DECAF_ADD, a, 56, 0, "out = a = b");
    }
    for (int v = 0; v < 3; v++) {
        uint8_t good[56];
        rand_decaf(good);
        const uint8_t *in1[] = {invalid[v], good}, *in2[] = {good, invalid[v]};
        const size_t n[] = {56, 56};
        alias_all(&DECAF_ADD, in1, n, -1, "invalid a");
        alias_all(&DECAF_ADD, in2, n, -1, "invalid b");
        alias_everything(&DECAF_ADD, invalid[v], 56, -1, "out = a = b invalid");
    }

    check_test("decaf448_from_uniform: out inside uniform");
    for (int r = 0; r < 3; r++) {
        uint8_t u[112];
        rand_in(u, 112);
        const uint8_t *in[] = {u};
        const size_t n[] = {112};
        alias_all(&FROM_UNIFORM, in, n, 0, "random");
    }
}

/*
 * Hash to curve: out over msg and over dst. The message lengths put out
 * inside msg, msg inside out, and none; the DST lengths: short, the longest
 * used as is (255) and oversize (hashed first, section 5.3.3). The
 * failures: dst_len 0 (out over msg only, dst has no bytes).
 */
static void test_h2c(void) {
    static const size_t msg_lens[] = {0, 20, 200};
    static const size_t dst_lens[] = {33, 255, 290};
    const fn_t *const fns[] = {&ED448_H2C, &ED448_E2C, &X448_H2C, &X448_E2C};
    uint8_t msg[200], dst[290];
    for (size_t f = 0; f < sizeof fns / sizeof fns[0]; f++) {
        char name[96];
        snprintf(name, sizeof name, "%s: out over msg and over dst", fns[f]->name);
        check_test(name);
        for (size_t r = 0; r < 3; r++) {
            rand_in(msg, sizeof msg);
            rand_in(dst, sizeof dst);
            for (size_t k = 0; k < 3; k++) {
                const uint8_t *in[] = {msg, dst};
                const size_t n[] = {msg_lens[(r + k) % 3], dst_lens[k]};
                alias_all(fns[f], in, n, 0, "random");
            }
        }
        const uint8_t *in[] = {msg, dst};
        const size_t n[] = {100, 0};
        alias_all(fns[f], in, n, -1, "empty dst");
        alias_everything(fns[f], msg, 64, 0, "out = msg = dst");

        snprintf(name, sizeof name, "%s: out across the end of msg and the start of dst", fns[f]->name);
        check_test(name);
        for (size_t r = 0; r < 3; r++) {
            uint8_t want[57];
            const size_t ol = fns[f]->out_len[0], ml = 30 + 10 * r, dl = 40;
            rand_in(msg, ml);
            rand_in(dst, dl);
            const uint8_t *in[] = {msg, dst};
            const size_t n[] = {ml, dl};
            uint8_t *wo[] = {want};
            int rc_want = fns[f]->call(wo, in, n);
            /* msg = big[0..ml), dst = big[ml..ml+dl), out from ml - 20: over both */
            memset(big, 0xAA, sizeof big);
            memmove(big, msg, ml);
            memmove(big + ml, dst, dl);
            uint8_t *o[] = {big + ml - 20};
            const uint8_t *args[] = {big, big + ml};
            int rc = fns[f]->call(o, args, n);
            cases_run++;
            check(rc_want == 0 && rc == 0 && memcmp(big + ml - 20, want, ol) == 0,
                  "msg length %zu: out over msg and dst differs", ml);
        }
    }
}

/*
 * Key conversion: x_pub over ed_pub, x_secret over ed_secret (also over its
 * public half, which is not read). The public-key failures: y >= p, a set
 * bit other than the sign in the last byte, the identity (y = 1), the
 * point of order 2 (y = -1), those of order 4 (y = 0), and a y off the curve.
 */
static void test_convert(void) {
    uint8_t seed[57], pub[57], secret[114];
    check_test("ed448_public_to_x448: x_pub over ed_pub");
    for (int r = 0; r < 3; r++) {
        rand_in(seed, 57);
        goldilocks_ed448_keypair_from_seed(pub, secret, seed);
        const uint8_t *in[] = {pub};
        const size_t n[] = {57};
        alias_all(&PUBLIC_TO_X448, in, n, 0, "random key");
    }

    check_test("ed448_public_to_x448 failure: non-canonical, small order, off the curve");
    uint8_t bad[7][57];
    memset(bad, 0, sizeof bad);
    memset(bad[0], 0xff, 56); /* y = 2^448 - 1 >= p */
    memset(bad[1], 0xff, 56);
    bad[1][28] = 0xfe; /* y = p */
    memcpy(bad[2], pub, 57);
    bad[2][56] |= 0x01; /* a bit of the last byte other than the sign */
    bad[3][0] = 1;      /* y = 1: the identity */
    memset(bad[4], 0xff, 56);
    bad[4][28] = 0xfe;
    bad[4][0] = 0xfe; /* y = p - 1 = -1: order 2 */
    /* bad[5]: y = 0, order 4 */
    bad[6][0] = 2; /* y = 2: x^2 = 3 / (4 d - 1), and 3 / (4 d - 1) is not a square mod p */
    for (int v = 0; v < 7; v++) {
        const uint8_t *in[] = {bad[v]};
        const size_t n[] = {57};
        char label[32];
        snprintf(label, sizeof label, "bad key %d", v);
        alias_all(&PUBLIC_TO_X448, in, n, -1, label);
    }

    check_test("ed448_secret_to_x448: x_secret over ed_secret");
    for (int r = 0; r < 3; r++) {
        rand_in(seed, 57);
        goldilocks_ed448_keypair_from_seed(pub, secret, seed);
        const uint8_t *in[] = {secret};
        const size_t n[] = {114};
        alias_all(&SECRET_TO_X448, in, n, 0, "random key");
    }
}

/*
 * Precomputed keys: the tables are larger than the driver's buffers, so
 * they have a driver of their own. The table (aligned, as its type needs)
 * is an output over the key (precompute), and an input under the shared
 * secret (x448_precomputed); the key or the output is placed at offsets
 * that overlap the table's start, inside and end, from either side.
 */
enum { TABLE_PAD = 128 };
static union {
    uint64_t align;
    uint8_t b[TABLE_PAD + GOLDILOCKS_ED448_PRECOMPUTED_BYTES + TABLE_PAD];
} tbig;

/* Offsets of a len-byte object relative to a table of size bytes that overlap it. */
static size_t table_offsets(long d[], size_t len, size_t size) {
    const long v[] = {-(long)len + 1, -7, -1, 0, 1, 7, (long)size / 2, (long)size - (long)len, (long)size - 1};
    size_t n = 0;
    for (size_t k = 0; k < sizeof v / sizeof v[0]; k++)
        d[n++] = v[k];
    return n;
}

static int precompute_at(int x448, void *table, const uint8_t *key) {
    return x448 ? goldilocks_x448_precompute((struct goldilocks_x448_precomputed *)table, key)
                : goldilocks_ed448_precompute((goldilocks_ed448_precomputed *)table, key);
}

/* The table of key at each overlapping position equals the separate one (rc want_rc). */
static void alias_precompute(int x448, const uint8_t *key, int want_rc, const char *label) {
    static goldilocks_ed448_precomputed ref_ed;
    static struct goldilocks_x448_precomputed ref_x;
    const size_t size = x448 ? sizeof ref_x : sizeof ref_ed, klen = x448 ? 56 : 57;
    const char *name = x448 ? "x448_precompute" : "ed448_precompute";
    uint8_t *ref = x448 ? (uint8_t *)&ref_x : (uint8_t *)&ref_ed;
    uint8_t k[57];
    memcpy(k, key, klen);
    int ref_rc = precompute_at(x448, ref, k);
    check(ref_rc == want_rc, "%s (%s): separate buffers: rc %d, expected %d", name, label, ref_rc, want_rc);
    if (want_rc != 0) {
        uint8_t acc = 0;
        for (size_t j = 0; j < size; j++)
            acc |= ref[j];
        check(acc == 0, "%s (%s): failure table not all zero", name, label);
    }
    long d[9];
    size_t nd = table_offsets(d, klen, size);
    for (size_t t = 0; t < nd; t++) {
        uint8_t *table = tbig.b + TABLE_PAD;
        memset(tbig.b, 0x55, sizeof tbig.b);
        memset(table, 0xAA, size);
        memmove(table + d[t], key, klen);
        int rc = precompute_at(x448, table, table + d[t]);
        cases_run++;
        check(rc == ref_rc && memcmp(table, ref, size) == 0, "%s (%s): key at table%+ld: rc %d (separate %d) or tables differ",
              name, label, d[t], rc, ref_rc);
    }
}

static struct goldilocks_x448_precomputed g_xt;
static int c_x448_precomputed(uint8_t *const o[], const uint8_t *const i[], const size_t n[]) {
    (void)n;
    return goldilocks_x448_precomputed(o[0], i[0], &g_xt);
}
static const fn_t X448_PRECOMPUTED = {"x448_precomputed", 1, 1, {56}, c_x448_precomputed, {"secret"}, {"shared"}};

/* shared inside the table (an input): each overlapping position equals the separate call. */
static void alias_shared_over_table(const uint8_t s[56], int want_rc, const char *label) {
    uint8_t ref[56], copy[56];
    memcpy(copy, s, 56);
    memset(ref, 0xAA, 56);
    int ref_rc = goldilocks_x448_precomputed(ref, copy, &g_xt);
    check(ref_rc == want_rc, "x448_precomputed (%s): separate buffers: rc %d, expected %d", label, ref_rc, want_rc);
    long d[9];
    size_t nd = table_offsets(d, 56, sizeof g_xt);
    for (size_t t = 0; t < nd; t++) {
        uint8_t *table = tbig.b + TABLE_PAD;
        memset(tbig.b, 0x55, sizeof tbig.b);
        memcpy(table, &g_xt, sizeof g_xt);
        uint8_t *out = table + d[t];
        int rc = goldilocks_x448_precomputed(out, copy, (const struct goldilocks_x448_precomputed *)(void *)table);
        cases_run++;
        check(rc == ref_rc && memcmp(out, ref, 56) == 0,
              "x448_precomputed (%s): shared at table%+ld: rc %d (separate %d) or outputs differ", label, d[t], rc,
              ref_rc);
    }
}

static void test_precomputed(void) {
    uint8_t seed[57], pub[57], secret[114], s[56], peer[56], bad[57];

    check_test("ed448_precompute: table over the public key");
    for (int r = 0; r < 2; r++) {
        rand_in(seed, 57);
        goldilocks_ed448_keypair_from_seed(pub, secret, seed);
        alias_precompute(0, pub, 0, "random key");
    }
    memset(bad, 0xff, 57);
    bad[56] = 0;
    alias_precompute(0, bad, -1, "y >= p");

    check_test("x448_precompute: table over the peer");
    for (int r = 0; r < 2; r++) {
        rand_in(s, 56);
        goldilocks_x448_public_key(peer, s);
        alias_precompute(1, peer, 0, "random peer");
    }

    check_test("x448_precomputed: shared over the secret, and inside the table");
    rand_in(s, 56);
    goldilocks_x448_public_key(peer, s);
    if (goldilocks_x448_precompute(&g_xt, peer) != 0)
        check(0, "x448_precompute failed");
    for (int r = 0; r < 2; r++) {
        rand_in(s, 56);
        const uint8_t *in[] = {s};
        const size_t n[] = {56};
        alias_all(&X448_PRECOMPUTED, in, n, 0, "random");
        alias_shared_over_table(s, 0, "random");
    }
    /* the failure: the peer u = 0 (order 2, on the curve) gives -1 and a zero output */
    memset(peer, 0, 56);
    if (goldilocks_x448_precompute(&g_xt, peer) != 0)
        check(0, "x448_precompute refused u = 0");
    const uint8_t *in[] = {s};
    const size_t n[] = {56};
    alias_all(&X448_PRECOMPUTED, in, n, -1, "low-order peer");
    alias_shared_over_table(s, -1, "low-order peer");
}

int main(int argc, char **argv) {
    check_init("test_aliasing");
    every_offset = check_slow(argc, argv);
    test_x448();
    test_ed448();
    test_stream();
    test_decaf448();
    test_h2c();
    test_convert();
    test_precomputed();
    check_test("every case ran");
    check(cases_run > 500, "only %u aliased calls", cases_run);
    printf("%u aliased calls compared\n", cases_run);
    return check_done();
}
