/*
 * No copy of a secret stays on the stack after a call returns (the wipe
 * rule of include/goldilocks.h): not in a named buffer, and not where the
 * compiler put it (a spill slot, a callee-saved register pushed by a callee
 * while it held a secret word), which only a wipe of the stack itself reaches.
 *
 * run() (test/stack_probe.h) calls, from one frame: stack_pass(0), which writes a pattern over
 * the STACK_DEPTH bytes below it; the operation under test; then
 * stack_pass(1), which declares the same array and copies it, through a
 * volatile pointer, into static memory (the snapshot). The library's frames
 * lay in that region, so whatever they left there is in the snapshot, which
 * is then searched for the secrets the operation handled: the seed, the
 * clamped scalar h[0..57] of SHAKE256(seed, 114) and s = h mod l (RFC 8032
 * section 5.2.5; scalar_t holds s as little-endian words, i.e. as these
 * bytes), the prefix h[57..114], the nonce digest SHAKE256(dom4 || prefix ||
 * M, 114) and r = digest mod l (section 5.2.6), every intermediate value of
 * the Keccak-f permutations of those two sponges, the X448 secret and its
 * clamped form (RFC 7748 section 5), the decaf448 scalar and the scalar mod
 * l. Each is looked for as 8-byte windows and as pairs of aligned 4-byte
 * words (see add_needle_step). The sponges are recomputed by a Keccak of this
 * file, checked against the library's SHAKE256 (itself checked against NIST
 * vectors in test_shake256); the reductions mod l are GMP's.
 *
 * The search is not vacuous: a control operation that leaves a copy of a
 * secret in its own frame must be found, and one that wipes its copy must
 * not be; and after each operation the bottom of the region must still hold
 * the fill, so that the region was deep enough for all its frames. The
 * operation runs PAD bytes below run()'s frame, inside the region even when
 * AddressSanitizer puts a large redzone above the region's array. Should
 * frames live elsewhere (ASan's fake stack, detect_stack_use_after_return=1),
 * the control copy is not found and, under ASan, the tests are skipped (not
 * counted as passed); without ASan that is a failure.
 */
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "goldilocks.h"
#include "check.h"
#include "shake256.h"
#include "field.h"

/*
 * 64 KiB for the single calls; the batch calls wipe 16 KiB a lane (CT_STACK_WIPE_BATCH_BYTES) below
 * frames of their own. The lanes are the most any backend has (8, avx512ifma): the x86-64 target's
 * tests see its scalar backend's GF_LANES, and its dispatcher runs avx512ifma's batch calls on a CPU
 * with IFMA.
 */
enum { STACK_LANES = GF_LANES > 8 ? GF_LANES : 8, STACK_DEPTH = 64 * 1024 + 16 * 1024 * STACK_LANES };
#include "stack_probe.h"

/* ---- the secrets to look for (the needles of stack_probe.h) ---- */

/*
 * ---- an independent Keccak-f[1600] (FIPS 202 section 3), traced ----
 *
 * Written from the specification with loops (theta, rho, pi, chi, iota in
 * turn), unlike the library's unrolled rounds. It records, for every round
 * of every permutation of a sponge on a secret input, the values a compiler
 * may spill: theta's column parities C and D, the state after theta, after
 * rho and pi (B), and the round's output.
 */
enum { TRACE_LANES_PER_ROUND = 5 + 5 + 25 + 25 + 25, TRACE_MAX_PERMS = 3 };
static uint64_t trace[TRACE_MAX_PERMS * 24 * TRACE_LANES_PER_ROUND];
static size_t trace_used;

static uint64_t rol64(uint64_t v, unsigned n) { return (n & 63) ? (v << (n & 63)) | (v >> (64 - (n & 63))) : v; }

/* rc(t), Algorithm 5: the LFSR x^8 + x^6 + x^5 + x^4 + 1, bit j of r being R[j]. */
static unsigned rc_bit(unsigned t) {
    unsigned r = 1;
    for (unsigned i = 1; i <= t % 255; i++) {
        r <<= 1;
        if (r & 0x100)
            r ^= 0x100 | 0x01 | 0x10 | 0x20 | 0x40;
    }
    return r & 1;
}

static void trace_lane(uint64_t v) {
    if (trace_used < sizeof trace / sizeof trace[0])
        trace[trace_used++] = v;
}

static void ref_keccak_f(uint64_t a[25]) {
    unsigned rho[25] = {0};
    for (unsigned t = 0, x = 1, y = 0; t < 24; t++) { /* section 3.2.2 */
        rho[x + 5 * y] = ((t + 1) * (t + 2) / 2) % 64;
        unsigned nx = y, ny = (2 * x + 3 * y) % 5;
        x = nx;
        y = ny;
    }
    for (unsigned ir = 0; ir < 24; ir++) {
        uint64_t c[5], d[5], b[25], rc = 0;
        for (unsigned x = 0; x < 5; x++)
            c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];
        for (unsigned x = 0; x < 5; x++)
            d[x] = c[(x + 4) % 5] ^ rol64(c[(x + 1) % 5], 1);
        for (unsigned i = 0; i < 25; i++)
            a[i] ^= d[i % 5];
        for (unsigned x = 0; x < 5; x++)
            for (unsigned y = 0; y < 5; y++) /* pi: B[y, 2x + 3y] = rho(A[x, y]) */
                b[y + 5 * ((2 * x + 3 * y) % 5)] = rol64(a[x + 5 * y], rho[x + 5 * y]);
        for (unsigned i = 0; i < 5; i++)
            trace_lane(c[i]), trace_lane(d[i]);
        for (unsigned i = 0; i < 25; i++)
            trace_lane(a[i]), trace_lane(b[i]);
        for (unsigned x = 0; x < 5; x++)
            for (unsigned y = 0; y < 5; y++)
                a[x + 5 * y] = b[x + 5 * y] ^ (~b[(x + 1) % 5 + 5 * y] & b[(x + 2) % 5 + 5 * y]);
        for (unsigned j = 0; j < 7; j++) /* iota, section 3.2.5 */
            rc |= (uint64_t)rc_bit(j + 7 * ir) << ((1u << j) - 1);
        a[0] ^= rc;
        for (unsigned i = 0; i < 25; i++)
            trace_lane(a[i]);
    }
}

/*
 * SHAKE256(in, 8 * out_len) by the sponge of section 4 (rate 136 bytes,
 * pad: 0x1f after the message, 0x80 at the end of the block), tracing every
 * permutation, those of the squeeze included; the trace becomes a needle.
 * At most TRACE_MAX_PERMS permutations in all.
 */
static void traced_shake256(const char *name, uint8_t *out, size_t out_len, const uint8_t *in, size_t len) {
    uint64_t a[25] = {0};
    uint8_t block[136];
    trace_used = 0;
    for (size_t done = 0;; done += 136) {
        size_t n = len - done < 136 ? len - done : 136;
        memset(block, 0, sizeof block);
        memcpy(block, in + done, n);
        int last = n < 136;
        if (last) {
            block[n] ^= 0x1f;
            block[135] ^= 0x80;
        }
        for (size_t i = 0; i < 136; i++)
            a[i / 8] ^= (uint64_t)block[i] << (8 * (i % 8));
        ref_keccak_f(a);
        if (last)
            break;
    }
    for (size_t done = 0; done < out_len; done += 136) {
        if (done)
            ref_keccak_f(a);
        for (size_t i = done; i < out_len && i < done + 136; i++)
            out[i] = (uint8_t)(a[(i - done) / 8] >> (8 * ((i - done) % 8)));
    }
    static uint8_t lanes[sizeof trace];
    for (size_t i = 0; i < trace_used * 8; i++)
        lanes[i] = (uint8_t)(trace[i / 8] >> (8 * (i % 8)));
    add_needle_step(name, lanes, trace_used * 8, 8);
}

/* The little-endian bytes of (in mod l), l the order of RFC 8032 section 5.2. */
static void mod_l(uint8_t out[56], const uint8_t *in, size_t len) {
    mpz_t x, l;
    mpz_inits(x, l, NULL);
    mpz_set_str(l, "3fffffffffffffffffffffffffffffffffffffffffffffffffffffff7cca23e9c44edb49aed63690216cc2728dc58f552378c292ab5844f3",
                16);
    mpz_import(x, len, -1, 1, 0, 0, in);
    mpz_mod(x, x, l);
    size_t count = 0;
    memset(out, 0, 56);
    mpz_export(out, &count, -1, 1, 0, 0, x);
    mpz_clears(x, l, NULL);
}

/* The secrets of an Ed448 key (section 5.2.5): seed, clamped h[0..57], s, prefix. */
static void ed448_key_needles(const uint8_t seed[57], uint8_t prefix[57]) {
    uint8_t h[114], s[56], lib[114];
    traced_shake256("Keccak states of SHAKE256(seed)", h, sizeof h, seed, 57);
    shake256(lib, sizeof lib, seed, 57);
    check(memcmp(h, lib, sizeof h) == 0, "the reference SHAKE256 and the library's differ");
    h[0] &= 0xfc;
    h[55] |= 0x80;
    h[56] = 0;
    mod_l(s, h, 57);
    add_needle("seed", seed, 57);
    add_needle("clamped scalar h[0..57]", h, 57);
    add_needle("scalar s = h mod l", s, 56);
    add_needle("prefix h[57..114]", h + 57, 57);
    memcpy(prefix, h + 57, 57);
}

/* The nonce of section 5.2.6: SHAKE256(dom4(phflag, ctx) || prefix || m, 114), and r = it mod l. */
static void nonce_needles(int phflag, const uint8_t *ctx, size_t ctx_len, const uint8_t prefix[57],
                          const uint8_t *m, size_t m_len) {
    static const uint8_t dom[8] = {'S', 'i', 'g', 'E', 'd', '4', '4', '8'};
    uint8_t in[8 + 2 + 255 + 57 + 128], digest[114], lib[114], r[56];
    size_t n = 0;
    if (ctx_len > 255 || m_len > 128)
        abort();
    memcpy(in, dom, 8);
    in[8] = (uint8_t)phflag;
    in[9] = (uint8_t)ctx_len;
    n = 10;
    memcpy(in + n, ctx, ctx_len);
    n += ctx_len;
    memcpy(in + n, prefix, 57);
    n += 57;
    memcpy(in + n, m, m_len);
    n += m_len;
    traced_shake256(phflag ? "Keccak states of the Ed448ph nonce" : "Keccak states of the Ed448 nonce", digest,
                    sizeof digest, in, n);
    shake256(lib, sizeof lib, in, n);
    check(memcmp(digest, lib, sizeof digest) == 0, "the reference SHAKE256 and the library's differ");
    mod_l(r, digest, sizeof digest);
    add_needle("nonce digest", digest, 114);
    add_needle("nonce r = digest mod l", r, 56);
}

static void x448_needles(const uint8_t secret[56]) {
    uint8_t k[56];
    memcpy(k, secret, 56);
    k[0] &= 252;
    k[55] |= 128;
    add_needle("X448 secret", secret, 56);
    add_needle("X448 clamped scalar", k, 56);
}

/* ---- the operations; their arguments are static, so no secret is in a frame of ours ---- */

static uint8_t g_seed[57], g_secret[114], g_pub[57], g_sig[114], g_msg[100], g_ctx[9], g_ph[64];
static uint8_t g_x_secret[56], g_x_peer[56], g_x_out[56], g_scalar[56], g_point[56], g_out[56];
static int g_rc;

/* A frame that keeps a copy of the seed and returns without wiping it. */
NOINLINE static void op_control_leak(void) {
    uint8_t copy[57];
    volatile uint8_t *p = copy;
    for (size_t i = 0; i < 57; i++)
        p[i] = g_seed[i];
    __asm__ __volatile__("" : : "r"(copy) : "memory");
}
/* The same copy, wiped before returning. */
NOINLINE static void op_control_wiped(void) {
    uint8_t copy[57];
    volatile uint8_t *p = copy;
    for (size_t i = 0; i < 57; i++)
        p[i] = g_seed[i];
    for (size_t i = 0; i < 57; i++)
        p[i] = 0;
    __asm__ __volatile__("" : : "r"(copy) : "memory");
}
NOINLINE static void op_nothing(void) {}
NOINLINE static void op_keypair_from_seed(void) { goldilocks_ed448_keypair_from_seed(g_pub, g_secret, g_seed); }
NOINLINE static void op_keypair(void) { g_rc = goldilocks_ed448_keypair(g_pub, g_secret); }
NOINLINE static void op_sign(void) {
    g_rc = goldilocks_ed448_sign(g_sig, g_secret, g_msg, sizeof g_msg, g_ctx, sizeof g_ctx);
}
NOINLINE static void op_sign_seed(void) {
    g_rc = goldilocks_ed448_sign_seed(g_sig, g_seed, g_msg, sizeof g_msg, g_ctx, sizeof g_ctx);
}
NOINLINE static void op_ph_sign(void) {
    g_rc = goldilocks_ed448ph_sign(g_sig, g_secret, g_msg, sizeof g_msg, g_ctx, sizeof g_ctx);
}
NOINLINE static void op_ph_sign_prehashed(void) {
    g_rc = goldilocks_ed448ph_sign_prehashed(g_sig, g_secret, g_ph, g_ctx, sizeof g_ctx);
}
/* The state is this frame's: a secret left in it by final would be found too. */
NOINLINE static void op_ph_stream_sign(void) {
    goldilocks_ed448ph_state st;
    goldilocks_ed448ph_init(&st);
    goldilocks_ed448ph_update(&st, g_msg, 40);
    goldilocks_ed448ph_update(&st, g_msg + 40, sizeof g_msg - 40);
    g_rc = goldilocks_ed448ph_final_sign(&st, g_sig, g_secret, g_ctx, sizeof g_ctx);
}
NOINLINE static void op_x448(void) { g_rc = goldilocks_x448(g_x_out, g_x_secret, g_x_peer); }
NOINLINE static void op_x448_public_key(void) { goldilocks_x448_public_key(g_x_out, g_x_secret); }
NOINLINE static void op_x448_keypair(void) { g_rc = goldilocks_x448_keypair(g_x_out, g_x_secret); }
NOINLINE static void op_decaf_mul(void) { g_rc = goldilocks_decaf448_scalarmult(g_out, g_point, g_scalar); }
NOINLINE static void op_decaf_base(void) { g_rc = goldilocks_decaf448_scalarmult_base(g_out, g_scalar); }

static int scan_meaningful;

/* Checks that the snapshot saw every frame and holds none of the current needles. */
static void check_snapshot(const char *name) {
    size_t bottom = untouched_bottom();
    check(bottom >= 1024, "only %zu bytes at the bottom of the region untouched: it may not hold every frame",
          bottom);
    size_t found = search(name, 0);
    check(found == 0, "%zu secrets found on the stack", found);
    printf("  %s: written down to %zu bytes below the top of the region\n", name, (size_t)STACK_DEPTH - bottom);
}

/* Runs op and checks that none of the current needles is in its stack. */
static void expect_clean(const char *name, void (*op)(void)) {
    check_test(name);
    if (!scan_meaningful) {
        check_skip("the control copy is not found on this build's stack");
        return;
    }
    run(op);
    check_snapshot(name);
}

static void fresh_ed448(void) {
    uint8_t prefix[57];
    clear_needles();
    check_randbytes(g_seed, sizeof g_seed);
    check_randbytes(g_msg, sizeof g_msg);
    check_randbytes(g_ctx, sizeof g_ctx);
    goldilocks_ed448_keypair_from_seed(g_pub, g_secret, g_seed);
    ed448_key_needles(g_seed, prefix);
    nonce_needles(0, g_ctx, sizeof g_ctx, prefix, g_msg, sizeof g_msg);
    shake256(g_ph, sizeof g_ph, g_msg, sizeof g_msg);
    nonce_needles(1, g_ctx, sizeof g_ctx, prefix, g_ph, sizeof g_ph);
}

/* ---- decaf448, typed: every function that handles a scalar ---- */

static goldilocks_decaf448_scalar g_ts_a, g_ts_b, g_ts_out;
static goldilocks_decaf448_point g_tp, g_tp_out;
static uint8_t g_t_bytes[56], g_t_canonical[56], g_t_wide[112], g_t_out[56];
static int g_t_rc;

NOINLINE static void op_typed_mul(void) { goldilocks_decaf448_point_scalarmult(&g_tp_out, &g_tp, &g_ts_a); }
NOINLINE static void op_typed_base(void) { goldilocks_decaf448_point_scalarmult_base(&g_tp_out, &g_ts_a); }
NOINLINE static void op_typed_from_bytes(void) { goldilocks_decaf448_scalar_from_bytes(&g_ts_out, g_t_bytes); }
NOINLINE static void op_typed_from_wide(void) { goldilocks_decaf448_scalar_from_wide_bytes(&g_ts_out, g_t_wide); }
NOINLINE static void op_typed_canonical(void) {
    g_t_rc = goldilocks_decaf448_scalar_from_canonical_bytes(&g_ts_out, g_t_canonical);
}
NOINLINE static void op_typed_to_bytes(void) { goldilocks_decaf448_scalar_to_bytes(g_t_out, &g_ts_a); }
NOINLINE static void op_typed_add(void) { goldilocks_decaf448_scalar_add(&g_ts_out, &g_ts_a, &g_ts_b); }
NOINLINE static void op_typed_sub(void) { goldilocks_decaf448_scalar_sub(&g_ts_out, &g_ts_a, &g_ts_b); }
NOINLINE static void op_typed_mul_scalars(void) { goldilocks_decaf448_scalar_mul(&g_ts_out, &g_ts_a, &g_ts_b); }
NOINLINE static void op_typed_neg(void) { goldilocks_decaf448_scalar_neg(&g_ts_out, &g_ts_a); }
NOINLINE static void op_typed_invert(void) { g_t_rc = goldilocks_decaf448_scalar_invert(&g_ts_out, &g_ts_a); }
NOINLINE static void op_typed_eq(void) { g_t_rc = goldilocks_decaf448_scalar_eq(&g_ts_a, &g_ts_b); }
NOINLINE static void op_typed_random(void) { g_t_rc = goldilocks_decaf448_scalar_random(&g_ts_out); }

/* The bytes of x R mod l, R = 2^448: the Montgomery form scalar_invert computes in. */
static void montgomery_needle(const char *name, const uint8_t x[56]) {
    uint8_t wide[112] = {0}, out[56];
    memcpy(wide + 56, x, 56);
    mod_l(out, wide, sizeof wide);
    add_needle(name, out, 56);
}

static void test_decaf448_typed(void) {
    uint8_t a[56], b[56], t[56], u[112];
    clear_needles();
    check_randbytes(g_t_bytes, sizeof g_t_bytes);
    check_randbytes(g_t_wide, sizeof g_t_wide);
    check_randbytes(u, sizeof u);
    goldilocks_decaf448_point_from_uniform(&g_tp, u);
    goldilocks_decaf448_scalar_from_wide_bytes(&g_ts_a, g_t_wide);
    check_randbytes(u, sizeof u);
    goldilocks_decaf448_scalar_from_wide_bytes(&g_ts_b, u);
    mod_l(a, g_t_wide, sizeof g_t_wide);
    mod_l(b, u, sizeof u);
    memcpy(g_t_canonical, a, 56);
    add_needle("typed scalar a", a, 56);
    add_needle("typed scalar b", b, 56);
    add_needle("scalar bytes", g_t_bytes, 56);
    mod_l(t, g_t_bytes, sizeof g_t_bytes);
    add_needle("scalar bytes mod l", t, 56);
    add_needle("wide scalar bytes", g_t_wide, 56);
    add_needle("wide scalar bytes, top half", g_t_wide + 56, 56);
    goldilocks_decaf448_scalar_add(&g_ts_out, &g_ts_a, &g_ts_b);
    goldilocks_decaf448_scalar_to_bytes(t, &g_ts_out);
    add_needle("a + b", t, 56);
    goldilocks_decaf448_scalar_sub(&g_ts_out, &g_ts_a, &g_ts_b);
    goldilocks_decaf448_scalar_to_bytes(t, &g_ts_out);
    add_needle("a - b", t, 56);
    goldilocks_decaf448_scalar_mul(&g_ts_out, &g_ts_a, &g_ts_b);
    goldilocks_decaf448_scalar_to_bytes(t, &g_ts_out);
    add_needle("a b", t, 56);
    goldilocks_decaf448_scalar_neg(&g_ts_out, &g_ts_a);
    goldilocks_decaf448_scalar_to_bytes(t, &g_ts_out);
    add_needle("-a", t, 56);
    if (goldilocks_decaf448_scalar_invert(&g_ts_out, &g_ts_a) != 0)
        check(0, "invert failed");
    goldilocks_decaf448_scalar_to_bytes(t, &g_ts_out);
    add_needle("1/a", t, 56);
    montgomery_needle("1/a R", t);
    montgomery_needle("a R", a);
    goldilocks_decaf448_scalar_mul(&g_ts_out, &g_ts_a, &g_ts_a);
    goldilocks_decaf448_scalar_to_bytes(t, &g_ts_out);
    montgomery_needle("a^2 R", t);

    expect_clean("decaf448 typed point_scalarmult leaves no secret on the stack", op_typed_mul);
    expect_clean("decaf448 typed point_scalarmult_base leaves no secret on the stack", op_typed_base);
    expect_clean("decaf448 typed scalar_from_bytes leaves no secret on the stack", op_typed_from_bytes);
    expect_clean("decaf448 typed scalar_from_wide_bytes leaves no secret on the stack", op_typed_from_wide);
    expect_clean("decaf448 typed scalar_from_canonical_bytes leaves no secret on the stack", op_typed_canonical);
    check(g_t_rc == 0, "from_canonical_bytes failed");
    expect_clean("decaf448 typed scalar_to_bytes leaves no secret on the stack", op_typed_to_bytes);
    expect_clean("decaf448 typed scalar_add leaves no secret on the stack", op_typed_add);
    expect_clean("decaf448 typed scalar_sub leaves no secret on the stack", op_typed_sub);
    expect_clean("decaf448 typed scalar_mul leaves no secret on the stack", op_typed_mul_scalars);
    expect_clean("decaf448 typed scalar_neg leaves no secret on the stack", op_typed_neg);
    expect_clean("decaf448 typed scalar_invert leaves no secret on the stack", op_typed_invert);
    check(g_t_rc == 0, "invert failed");
    expect_clean("decaf448 typed scalar_eq leaves no secret on the stack", op_typed_eq);

    /* random: its output is known only afterwards, so it becomes the needle after the run */
    check_test("decaf448 typed scalar_random leaves no secret on the stack");
    if (!scan_meaningful) {
        check_skip("the control copy is not found on this build's stack");
        return;
    }
    clear_needles();
    run(op_typed_random);
    check(g_t_rc == 0, "random failed");
    goldilocks_decaf448_scalar_to_bytes(t, &g_ts_out);
    add_needle("random scalar", t, 56);
    check_snapshot("decaf448 typed scalar_random");
}

/*
 * ---- hash to curve with a secret message, and the Ed448 to X448 secret ----
 *
 * RFC 9380 section 10.4: the message may be secret (a password in a PAKE),
 * so hash_to_curve and encode_to_curve must leave none of it behind: not the
 * message, not the Keccak states of expand_message_xof's SHAKE256 over
 * msg_prime = msg || I2OSP(len_in_bytes, 2) || DST || I2OSP(len(DST), 1)
 * (section 5.3.2), not its len_in_bytes output (the uniform bytes: 168 for
 * hash_to_curve, 84 for encode_to_curve), those bytes in reverse (each
 * 84-byte element is big-endian; a little-endian copy is what a field
 * decoder reads), nor each element's value u = OS2IP mod p (section 5.2),
 * in bytes and in the library's limbs, nor the output point, which is as
 * secret as the message (a PAKE's generator). secret_to_x448: the seed,
 * SHAKE256(seed, 114) (whose first 56 bytes are the output) and the Keccak
 * states of that sponge. Before each operation, a control per needle: a
 * frame that keeps a copy of it must be found, and a frame that runs the
 * library's SHAKE256 over msg_prime and wipes nothing must be found too.
 */
static const uint8_t H2C_DST[] = "QUUX-V01-CS02-with-test-stack-secrets";
static uint8_t g_h2c_msg[40], g_h2c_out[57];

NOINLINE static void op_ed448_h2c(void) {
    g_rc = goldilocks_ed448_hash_to_curve(g_h2c_out, g_h2c_msg, sizeof g_h2c_msg, H2C_DST, sizeof H2C_DST - 1);
}
NOINLINE static void op_ed448_e2c(void) {
    g_rc = goldilocks_ed448_encode_to_curve(g_h2c_out, g_h2c_msg, sizeof g_h2c_msg, H2C_DST, sizeof H2C_DST - 1);
}
NOINLINE static void op_x448_h2c(void) {
    g_rc = goldilocks_x448_hash_to_curve(g_h2c_out, g_h2c_msg, sizeof g_h2c_msg, H2C_DST, sizeof H2C_DST - 1);
}
NOINLINE static void op_x448_e2c(void) {
    g_rc = goldilocks_x448_encode_to_curve(g_h2c_out, g_h2c_msg, sizeof g_h2c_msg, H2C_DST, sizeof H2C_DST - 1);
}
NOINLINE static void op_secret_to_x448(void) { goldilocks_ed448_secret_to_x448(g_x_out, g_secret); }

/* msg_prime of section 5.3.2 for g_h2c_msg, H2C_DST and len_in_bytes; returns its length. */
static size_t h2c_msg_prime(uint8_t *out, size_t len_in_bytes) {
    const size_t ml = sizeof g_h2c_msg, dl = sizeof H2C_DST - 1;
    memcpy(out, g_h2c_msg, ml);
    out[ml] = (uint8_t)(len_in_bytes >> 8);
    out[ml + 1] = (uint8_t)len_in_bytes;
    memcpy(out + ml + 2, H2C_DST, dl);
    out[ml + 2 + dl] = (uint8_t)dl;
    return ml + 3 + dl;
}

/* A frame that runs the library's SHAKE256 over msg_prime and wipes neither the state nor the output. */
static size_t g_control_len_in_bytes;
NOINLINE static void op_control_xof_leak(void) {
    uint8_t in[sizeof g_h2c_msg + 3 + sizeof H2C_DST], out[168];
    shake256_ctx h;
    size_t n = h2c_msg_prime(in, g_control_len_in_bytes);
    shake256_init(&h);
    shake256_absorb(&h, in, n);
    shake256_squeeze(&h, out, g_control_len_in_bytes);
    __asm__ __volatile__("" : : "r"(in), "r"(out), "r"(&h) : "memory");
}

/* A frame that holds a copy of needle g_control_needle (its first 256 bytes at most), unwiped. */
static size_t g_control_needle;
NOINLINE static void op_control_copy_needle(void) {
    uint8_t copy[256];
    volatile uint8_t *p = copy;
    size_t len = needles[g_control_needle].len < sizeof copy ? needles[g_control_needle].len : sizeof copy;
    for (size_t i = 0; i < len; i++)
        p[i] = needles[g_control_needle].bytes[i];
    __asm__ __volatile__("" : : "r"(copy) : "memory");
}

/* The little-endian bytes of OS2IP(in[0..84)) mod p (RFC 9380 section 5.2 step 6). */
static void mod_p_be84(uint8_t out[56], const uint8_t in[84]) {
    mpz_t x, p;
    mpz_inits(x, p, NULL);
    mpz_ui_pow_ui(p, 2, 448);
    mpz_t t;
    mpz_init(t);
    mpz_ui_pow_ui(t, 2, 224);
    mpz_sub(p, p, t);
    mpz_sub_ui(p, p, 1);
    mpz_import(x, 84, 1, 1, 0, 0, in);
    mpz_mod(x, x, p);
    size_t count = 0;
    memset(out, 0, 56);
    mpz_export(out, &count, -1, 1, 0, 0, x);
    mpz_clears(x, p, t, NULL);
}

/* The needles of one suite: count field elements (2: hash_to_curve, 1: encode_to_curve). */
static void h2c_needles(unsigned count) {
    uint8_t in[sizeof g_h2c_msg + 3 + sizeof H2C_DST], uniform[168], lib[168], rev[168], u[2][56];
    const size_t len_in_bytes = 84 * (size_t)count;
    size_t n = h2c_msg_prime(in, len_in_bytes);
    clear_needles();
    add_needle("secret message", g_h2c_msg, sizeof g_h2c_msg);
    traced_shake256("Keccak states of expand_message_xof", uniform, len_in_bytes, in, n);
    shake256(lib, len_in_bytes, in, n);
    check(memcmp(uniform, lib, len_in_bytes) == 0, "the reference SHAKE256 and the library's differ");
    add_needle("uniform bytes (expand_message_xof output)", uniform, len_in_bytes);
    for (size_t i = 0; i < len_in_bytes; i++)
        rev[i] = uniform[len_in_bytes - 1 - i];
    add_needle("uniform bytes reversed", rev, len_in_bytes);
    for (unsigned i = 0; i < count; i++) {
        mod_p_be84(u[i], uniform + 84 * i);
        add_needle(i ? "u1 = OS2IP(uniform[84..168]) mod p" : "u0 = OS2IP(uniform[0..84]) mod p", u[i], 56);
    }
    /*
     * And the elements as the library holds them, in limbs: u = lo + hi (1 +
     * 2^224) mod p for the 84 bytes hi || lo (28 and 56 bytes, big-endian;
     * 2^448 = 2^224 + 1 mod p), with lo and hi (1 + 2^224) < 2^448 each
     * decoded by the library's gf_deserialize, and their sum by its gf_add
     * (a limb form is the layout's, so the library's own routines make it).
     * The sum's canonical bytes are checked against GMP's u above.
     */
    for (unsigned i = 0; i < count; i++) {
        uint8_t lo[56], hi2[56], back[56];
        gf a, b, sum;
        for (size_t j = 0; j < 56; j++)
            lo[j] = uniform[84 * i + 83 - j];
        for (size_t j = 0; j < 28; j++)
            hi2[j] = hi2[j + 28] = uniform[84 * i + 27 - j];
        gf_deserialize(a, lo);
        gf_deserialize(b, hi2);
        gf_add(sum, a, b);
        gf_serialize(back, sum);
        check(memcmp(back, u[i], 56) == 0, "the limb form of u%u is not GMP's u%u", i, i);
        add_needle(i ? "u1's low part in limbs" : "u0's low part in limbs", (const uint8_t *)a, sizeof a);
        add_needle(i ? "u1's high part in limbs" : "u0's high part in limbs", (const uint8_t *)b, sizeof b);
        add_needle(i ? "u1 in limbs" : "u0 in limbs", (const uint8_t *)sum, sizeof sum);
    }
}

/* Runs op with a control: each needle in a frame is found, and an unwiped SHAKE256 of msg_prime is. */
static void h2c_controls(const char *name, size_t len_in_bytes) {
    char title[160];
    snprintf(title, sizeof title, "control for %s: each needle is found when a frame keeps it", name);
    check_test(title);
    if (!scan_meaningful) {
        check_skip("the control copy is not found on this build's stack");
        return;
    }
    for (size_t k = 0; k < n_needles; k++) {
        g_control_needle = k;
        run(op_control_copy_needle);
        search("control", 1);
        check(needle_found[k], "a copy of \"%s\" in a frame was not found: the search is vacuous",
              needles[k].name);
    }
    if (!len_in_bytes)
        return;
    snprintf(title, sizeof title, "control for %s: an unwiped SHAKE256 of msg_prime is found", name);
    check_test(title);
    g_control_len_in_bytes = len_in_bytes;
    run(op_control_xof_leak);
    search("control", 1);
    check(needle_found[0], "the message in the frame's msg_prime was not found");
    check(needle_found[1], "the frame's Keccak state was not found");
    check(needle_found[2], "the frame's uniform bytes were not found");
}

static void test_h2c_and_convert(void) {
    static const struct {
        const char *name;
        void (*op)(void);
        unsigned count;
        size_t out_len;
    } suites[] = {
        {"ed448_hash_to_curve", op_ed448_h2c, 2, 57},
        {"ed448_encode_to_curve", op_ed448_e2c, 1, 57},
        {"x448_hash_to_curve", op_x448_h2c, 2, 56},
        {"x448_encode_to_curve", op_x448_e2c, 1, 56},
    };
    for (size_t i = 0; i < sizeof suites / sizeof suites[0]; i++) {
        char title[160];
        uint8_t out[57];
        check_randbytes(g_h2c_msg, sizeof g_h2c_msg);
        h2c_needles(suites[i].count);
        /* the output is a needle too: computed here, outside the run */
        suites[i].op();
        check(g_rc == 0, "%s failed", suites[i].name);
        memcpy(out, g_h2c_out, suites[i].out_len);
        add_needle("the output point", out, suites[i].out_len);
        h2c_controls(suites[i].name, 84 * suites[i].count);
        snprintf(title, sizeof title, "%s with a secret message leaves no secret on the stack", suites[i].name);
        expect_clean(title, suites[i].op);
        check(g_rc == 0 && memcmp(g_h2c_out, out, suites[i].out_len) == 0, "%s: a second call differs",
              suites[i].name);
    }

    /* secret_to_x448: the seed, its SHAKE256 digest and the digest's Keccak states */
    uint8_t h[114], lib[114];
    clear_needles();
    check_randbytes(g_seed, sizeof g_seed);
    goldilocks_ed448_keypair_from_seed(g_pub, g_secret, g_seed);
    add_needle("seed", g_seed, sizeof g_seed);
    traced_shake256("Keccak states of SHAKE256(seed)", h, sizeof h, g_seed, sizeof g_seed);
    shake256(lib, sizeof lib, g_seed, sizeof g_seed);
    check(memcmp(h, lib, sizeof h) == 0, "the reference SHAKE256 and the library's differ");
    add_needle("SHAKE256(seed, 114), its first 56 bytes the output", h, sizeof h);
    h2c_controls("ed448_secret_to_x448", 0);
    expect_clean("ed448_secret_to_x448 leaves no secret on the stack", op_secret_to_x448);
    check(memcmp(g_x_out, h, 56) == 0, "x_secret is not the first 56 bytes of SHAKE256(seed, 114)");
}

/* ---- x448_precomputed: the X448 secret against a precomputed peer ---- */

static struct goldilocks_x448_precomputed g_x_table;
NOINLINE static void op_x448_precomputed(void) { g_rc = goldilocks_x448_precomputed(g_x_out, g_x_secret, &g_x_table); }

static void test_x448_precomputed(void) {
    uint8_t s[56], peer[56], want[56];
    clear_needles();
    check_randbytes(s, sizeof s);
    goldilocks_x448_public_key(peer, s);
    if (goldilocks_x448_precompute(&g_x_table, peer) != 0)
        check(0, "x448_precompute failed");
    check_randbytes(g_x_secret, sizeof g_x_secret);
    x448_needles(g_x_secret);
    expect_clean("x448_precomputed leaves no secret on the stack", op_x448_precomputed);
    check(g_rc == 0 && goldilocks_x448(want, g_x_secret, peer) == 0 && memcmp(want, g_x_out, 56) == 0,
          "x448_precomputed failed or differs from x448");
}

/* ---- the batch calls across operations: the same secret in every item (a full chunk and a partial one) ---- */

enum { BATCH_ITEMS = GF_LANES + 1 };
static uint8_t g_b_sig[BATCH_ITEMS][114], g_b_x_secret[BATCH_ITEMS][56], g_b_x_out[BATCH_ITEMS][56];
static uint8_t g_b_point[BATCH_ITEMS][56], g_b_scalar[BATCH_ITEMS][56], g_b_out[BATCH_ITEMS][56];
static const uint8_t *g_b_msg[BATCH_ITEMS];
static size_t g_b_len[BATCH_ITEMS];
static int g_b_rc[BATCH_ITEMS];

NOINLINE static void op_sign_batch(void) {
    g_rc = goldilocks_ed448_sign_batch(BATCH_ITEMS, g_b_sig, g_secret, g_b_msg, g_b_len, g_ctx, sizeof g_ctx);
}
NOINLINE static void op_x448_public_key_batch(void) {
    if (goldilocks_x448_public_key_batch(BATCH_ITEMS, g_b_x_out, (const uint8_t(*)[56])g_b_x_secret) != 0)
        abort();
}
NOINLINE static void op_decaf_mul_batch(void) {
    g_rc = goldilocks_decaf448_scalarmult_batch(BATCH_ITEMS, g_b_out, g_b_rc, (const uint8_t(*)[56])g_b_point,
                                                (const uint8_t(*)[56])g_b_scalar);
}

static void test_batches(void) {
    fresh_ed448();
    for (unsigned i = 0; i < BATCH_ITEMS; i++) {
        g_b_msg[i] = g_msg;
        g_b_len[i] = sizeof g_msg;
    }
    expect_clean("ed448_sign_batch leaves no secret on the stack", op_sign_batch);
    check(g_rc == 0, "ed448_sign_batch failed");

    clear_needles();
    check_randbytes(g_x_secret, sizeof g_x_secret);
    x448_needles(g_x_secret);
    for (unsigned i = 0; i < BATCH_ITEMS; i++)
        memcpy(g_b_x_secret[i], g_x_secret, 56);
    expect_clean("x448_public_key_batch leaves no secret on the stack", op_x448_public_key_batch);

    clear_needles();
    uint8_t u[112], k_mod_l[56];
    check_randbytes(u, sizeof u);
    check_randbytes(g_scalar, sizeof g_scalar);
    mod_l(k_mod_l, g_scalar, sizeof g_scalar);
    add_needle("decaf448 scalar", g_scalar, 56);
    add_needle("decaf448 scalar mod l", k_mod_l, 56);
    for (unsigned i = 0; i < BATCH_ITEMS; i++) {
        goldilocks_decaf448_from_uniform(g_b_point[i], u);
        memcpy(g_b_scalar[i], g_scalar, 56);
    }
    expect_clean("decaf448_scalarmult_batch leaves no secret on the stack", op_decaf_mul_batch);
    check(g_rc == 0, "decaf448_scalarmult_batch failed");
}

int main(void) {
    check_init("test_stack_secrets");
    uint8_t prefix[57];

    /* The controls: the search finds a copy left in a frame, and nothing when it was wiped. */
    check_test("control: an unwiped copy of the seed is found");
    clear_needles();
    check_randbytes(g_seed, sizeof g_seed);
    ed448_key_needles(g_seed, prefix);
    run(op_control_leak);
    size_t found = search("control", 1);
    scan_meaningful = found > 0;
    if (!scan_meaningful && UNDER_ASAN) {
        check_skip("AddressSanitizer keeps frames off this stack: the search would be vacuous");
    } else {
        check(found > 0, "the copy left by op_control_leak was not found: the search is vacuous");
        check_test("control: a wiped copy is not found, nor any after a call that touches nothing");
        run(op_control_wiped);
        check(search("control (wiped)", 0) == 0, "a wiped copy was found: the fill or the scan is wrong");
        run(op_nothing);
        check(search("control (nothing)", 0) == 0, "found a secret after doing nothing");
    }
    printf("  control: %zu needle(s) of the unwiped copy found (%s)\n", found, UNDER_ASAN ? "ASan" : "no ASan");

    fresh_ed448();
    expect_clean("ed448_keypair_from_seed leaves no secret on the stack", op_keypair_from_seed);
    fresh_ed448();
    expect_clean("ed448_sign leaves no secret on the stack", op_sign);
    check(g_rc == 0, "sign failed");
    fresh_ed448();
    expect_clean("ed448_sign_seed leaves no secret on the stack", op_sign_seed);
    check(g_rc == 0, "sign_seed failed");
    fresh_ed448();
    expect_clean("ed448ph_sign leaves no secret on the stack", op_ph_sign);
    check(g_rc == 0, "ed448ph_sign failed");
    fresh_ed448();
    expect_clean("ed448ph_sign_prehashed leaves no secret on the stack", op_ph_sign_prehashed);
    check(g_rc == 0, "ed448ph_sign_prehashed failed");
    fresh_ed448();
    expect_clean("ed448ph streaming final_sign leaves no secret on the stack", op_ph_stream_sign);
    check(g_rc == 0, "ed448ph_final_sign failed");

    /* The random key pairs: the needles come from the output, after the snapshot. */
    check_test("ed448_keypair leaves no secret on the stack");
    if (scan_meaningful) {
        run(op_keypair);
        check(g_rc == 0, "ed448_keypair failed");
        clear_needles();
        ed448_key_needles(g_secret, prefix);
        check_snapshot("ed448_keypair");
    } else {
        check_skip("the control copy is not found on this build's stack");
    }
    check_test("x448_keypair leaves no secret on the stack");
    if (scan_meaningful) {
        run(op_x448_keypair);
        check(g_rc == 0, "x448_keypair failed");
        clear_needles();
        x448_needles(g_x_secret);
        check_snapshot("x448_keypair");
    } else {
        check_skip("the control copy is not found on this build's stack");
    }

    clear_needles();
    check_randbytes(g_x_secret, sizeof g_x_secret);
    check_randbytes(g_x_peer, sizeof g_x_peer);
    x448_needles(g_x_secret);
    expect_clean("x448 leaves no secret on the stack", op_x448);
    check(g_rc == 0, "x448 failed");
    expect_clean("x448_public_key leaves no secret on the stack", op_x448_public_key);

    clear_needles();
    uint8_t u[112], k_mod_l[56];
    check_randbytes(u, sizeof u);
    goldilocks_decaf448_from_uniform(g_point, u);
    check_randbytes(g_scalar, sizeof g_scalar);
    mod_l(k_mod_l, g_scalar, sizeof g_scalar);
    add_needle("decaf448 scalar", g_scalar, 56);
    add_needle("decaf448 scalar mod l", k_mod_l, 56);
    expect_clean("decaf448_scalarmult leaves no secret on the stack", op_decaf_mul);
    check(g_rc == 0, "decaf448_scalarmult failed");
    expect_clean("decaf448_scalarmult_base leaves no secret on the stack", op_decaf_base);
    check(g_rc == 0, "decaf448_scalarmult_base failed");

    test_batches();
    test_decaf448_typed();
    test_h2c_and_convert();
    test_x448_precomputed();
    return check_done();
}
