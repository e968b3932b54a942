/*
 * No copy of a secret stays on the stack after a call returns (the wipe
 * rule of include/goldilocks.h).
 *
 * run() calls, from one frame: stack_pass(0), which writes a pattern over
 * the STACK_DEPTH bytes below it; the operation under test; then
 * stack_pass(1), which declares the same array and copies it, through a
 * volatile pointer, into static memory (the snapshot). The library's frames lay in that region, so
 * whatever they left there is in the snapshot, which is then searched for
 * every 8-byte window of the secrets the operation handled: the seed, the
 * clamped scalar h[0..57] of SHAKE256(seed, 114) and s = h mod l (RFC 8032
 * section 5.2.5; scalar_t holds s as little-endian words, i.e. as these
 * bytes), the prefix h[57..114], the nonce digest SHAKE256(dom4 || prefix ||
 * M, 114) and r = digest mod l (section 5.2.6), the X448 secret and its
 * clamped form (RFC 7748 section 5), the decaf448 scalar and the scalar mod
 * l. SHAKE256 is the library's (checked against NIST vectors in
 * test_shake256), the reductions mod l are GMP's.
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

#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif
#ifndef UNDER_ASAN
#define UNDER_ASAN 0
#endif

#define NOINLINE __attribute__((noinline, noclone))
#if defined(__clang__)
#undef NOINLINE
#define NOINLINE __attribute__((noinline))
#endif

enum { STACK_DEPTH = 64 * 1024, FILL = 0x5c };

static uint8_t snap[STACK_DEPTH];

/*
 * One function both fills and copies, so that the two passes cover exactly
 * the same addresses. The region is written and read through a volatile
 * pointer, and escapes through an asm with a memory clobber, so the
 * compiler keeps every access (the copy reads what earlier frames left:
 * that is the point).
 */
NOINLINE static void stack_pass(int copy) {
    uint8_t region[STACK_DEPTH];
    __asm__ __volatile__("" : : "r"(region) : "memory");
    volatile uint8_t *p = region;
    if (copy)
        for (size_t i = 0; i < STACK_DEPTH; i++)
            snap[i] = p[i];
    else
        for (size_t i = 0; i < STACK_DEPTH; i++)
            p[i] = FILL;
    __asm__ __volatile__("" : : "r"(region) : "memory");
}

/*
 * Calls op PAD bytes deeper: the top of stack_pass's frame holds more than
 * its region (under AddressSanitizer, a redzone of a kilobyte or more above
 * the array), and op's frames must lie inside the region, not above it.
 */
enum { PAD = 4096 };
NOINLINE static void at_depth(void (*op)(void)) {
    uint8_t pad[PAD];
    __asm__ __volatile__("" : : "r"(pad) : "memory");
    op();
    __asm__ __volatile__("" : : "r"(pad) : "memory");
}

/*
 * Fill, run op, copy: all from this frame, so op's frames lie in the copied
 * region. The asm after the last call keeps it from being a tail call, which
 * would move its frame.
 */
NOINLINE static void run(void (*op)(void)) {
    stack_pass(0);
    at_depth(op);
    stack_pass(1);
    __asm__ __volatile__("" : : : "memory");
}

/*
 * How deep the region was written since the fill: the bytes from the
 * bottom of the snapshot up to the first one that is not the fill. The
 * operation's frames must end above the bottom, or the region was too
 * small to see all of them.
 */
static size_t untouched_bottom(void) {
    size_t i = 0;
    while (i < STACK_DEPTH && snap[i] == FILL)
        i++;
    return i;
}

/* ---- the secrets to look for ---- */

enum { MAX_NEEDLES = 12 };
static struct {
    const char *name;
    uint8_t bytes[114];
    size_t len;
} needles[MAX_NEEDLES];
static size_t n_needles;

static void add_needle(const char *name, const uint8_t *p, size_t len) {
    if (n_needles == MAX_NEEDLES || len > sizeof needles[0].bytes)
        abort();
    needles[n_needles].name = name;
    memcpy(needles[n_needles].bytes, p, len);
    needles[n_needles].len = len;
    n_needles++;
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
    uint8_t h[114], s[56];
    shake256(h, sizeof h, seed, 57);
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
    uint8_t lens[2] = {(uint8_t)phflag, (uint8_t)ctx_len}, digest[114], r[56];
    shake256_ctx h;
    shake256_init(&h);
    shake256_absorb(&h, dom, sizeof dom);
    shake256_absorb(&h, lens, 2);
    shake256_absorb(&h, ctx, ctx_len);
    shake256_absorb(&h, prefix, 57);
    shake256_absorb(&h, m, m_len);
    shake256_squeeze(&h, digest, sizeof digest);
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

/* ---- the search: every 8-byte window of every needle, sorted, looked up at every stack offset ---- */

typedef struct {
    uint64_t v;
    uint16_t needle, offset;
} window_t;

static window_t windows[MAX_NEEDLES * 114];

static int cmp_window(const void *a, const void *b) {
    uint64_t x = ((const window_t *)a)->v, y = ((const window_t *)b)->v;
    return x < y ? -1 : x > y;
}

static uint64_t load64(const uint8_t *p) {
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}

/* The number of stack offsets that hold a window of a needle; prints the first few. */
static size_t search(const char *what, int quiet) {
    size_t nw = 0, found = 0;
    for (size_t n = 0; n < n_needles; n++)
        for (size_t o = 0; o + 8 <= needles[n].len; o++) {
            const uint8_t *w = needles[n].bytes + o;
            int uniform = 1;
            for (int j = 1; j < 8; j++)
                uniform &= w[j] == w[0];
            if (uniform) /* 8 equal bytes say nothing (the fill, zeros) */
                continue;
            windows[nw++] = (window_t){load64(w), (uint16_t)n, (uint16_t)o};
        }
    qsort(windows, nw, sizeof windows[0], cmp_window);
    unsigned long printed_mask = 0;
    for (size_t i = 0; i + 8 <= STACK_DEPTH; i++) {
        uint64_t v = load64(snap + i);
        size_t lo = 0, hi = nw;
        while (lo < hi) {
            size_t mid = (lo + hi) / 2;
            if (windows[mid].v < v)
                lo = mid + 1;
            else
                hi = mid;
        }
        if (lo < nw && windows[lo].v == v) {
            found++;
            unsigned n = windows[lo].needle;
            if (!quiet && !(printed_mask & (1ul << n))) {
                printed_mask |= 1ul << n;
                printf("  %s: %s, bytes %u..%u, found %zu bytes below the top of the region\n", what, needles[n].name,
                       windows[lo].offset, windows[lo].offset + 8u, (size_t)STACK_DEPTH - i);
            }
        }
    }
    return found;
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
    check(found == 0, "%zu stack offsets hold a window of a secret", found);
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
    n_needles = 0;
    check_randbytes(g_seed, sizeof g_seed);
    check_randbytes(g_msg, sizeof g_msg);
    check_randbytes(g_ctx, sizeof g_ctx);
    goldilocks_ed448_keypair_from_seed(g_pub, g_secret, g_seed);
    ed448_key_needles(g_seed, prefix);
    nonce_needles(0, g_ctx, sizeof g_ctx, prefix, g_msg, sizeof g_msg);
    shake256(g_ph, sizeof g_ph, g_msg, sizeof g_msg);
    nonce_needles(1, g_ctx, sizeof g_ctx, prefix, g_ph, sizeof g_ph);
}

int main(void) {
    check_init("test_stack_secrets");
    uint8_t prefix[57];

    /* The controls: the search finds a copy left in a frame, and nothing when it was wiped. */
    check_test("control: an unwiped copy of the seed is found");
    n_needles = 0;
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
    printf("  control: %zu offsets of the unwiped copy found (%s)\n", found, UNDER_ASAN ? "ASan" : "no ASan");

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
        n_needles = 0;
        ed448_key_needles(g_secret, prefix);
        check_snapshot("ed448_keypair");
    } else {
        check_skip("the control copy is not found on this build's stack");
    }
    check_test("x448_keypair leaves no secret on the stack");
    if (scan_meaningful) {
        run(op_x448_keypair);
        check(g_rc == 0, "x448_keypair failed");
        n_needles = 0;
        x448_needles(g_x_secret);
        check_snapshot("x448_keypair");
    } else {
        check_skip("the control copy is not found on this build's stack");
    }

    n_needles = 0;
    check_randbytes(g_x_secret, sizeof g_x_secret);
    check_randbytes(g_x_peer, sizeof g_x_peer);
    x448_needles(g_x_secret);
    expect_clean("x448 leaves no secret on the stack", op_x448);
    check(g_rc == 0, "x448 failed");
    expect_clean("x448_public_key leaves no secret on the stack", op_x448_public_key);

    n_needles = 0;
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

    return check_done();
}
