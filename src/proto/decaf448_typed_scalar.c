/*
 * decaf448 scalars as objects (include/goldilocks.h, "decaf448, typed"):
 * scalar.c's arithmetic mod l on values held between calls. Scalars are
 * secret: each function leaves no copy of one in memory, as every public
 * function that handles a secret does, in one of three ways by its cost:
 *
 * - from_*_bytes, random, invert: copies wiped by name, then the stack
 *   below (ct_wipe_stack_small; invert, deeper, ct_wipe_stack).
 * - add, sub, neg, mul: all of the work, copies included, in a frame of
 *   its own below the public function (a noinline *_work function, with
 *   scalar_words.h inline for add, sub, neg, and scalar_mul below it for
 *   mul), which the stack wipe then zeroes whole, spills and copies alike:
 *   ct_wipe_stack_tiny (CT_STACK_WIPE_TINY_BYTES: 256 bytes with 64-bit
 *   words, 512 with 32-bit ones) for add, sub, neg, ct_wipe_stack_small for
 *   mul, whose product and folds take about 900 bytes of frames.
 * - to_bytes, eq: no copy at all; they read the objects straight into
 *   registers (to_bytes: memmove on little-endian hosts) and call nothing
 *   else, so there is no frame below them to wipe.
 *
 * test_stack_secrets checks each of them (with the secrets and every
 * result as needles), ct_secrets runs them under valgrind with the scalars
 * undefined.
 */
#include <string.h>
#include "decaf448_typed.h"
#include "scalar_words.h"
#include "ct.h"
#include "random.h"

static void zero_scalar(goldilocks_decaf448_scalar *out) {
    if (out)
        memset(out, 0, sizeof *out);
}

static void from_bytes(goldilocks_decaf448_scalar *out, const uint8_t *in, size_t len) {
    if (!out || !in) {
        zero_scalar(out);
        return;
    }
    scalar_t s;
    scalar_reduce_bytes(&s, in, len);
    typed_store_scalar(out, &s);
    ct_wipe(&s, sizeof s);
    ct_wipe_stack_small();
}

void goldilocks_decaf448_scalar_from_bytes(goldilocks_decaf448_scalar *out, const uint8_t in[56]) {
    from_bytes(out, in, SCALAR_BYTES);
}

void goldilocks_decaf448_scalar_from_wide_bytes(goldilocks_decaf448_scalar *out, const uint8_t in[112]) {
    from_bytes(out, in, 2 * SCALAR_BYTES);
}

int goldilocks_decaf448_scalar_from_canonical_bytes(goldilocks_decaf448_scalar *out, const uint8_t in[56]) {
    if (!out || !in) {
        zero_scalar(out);
        return -1;
    }
    scalar_t s;
    int rc = scalar_from_canonical_bytes(&s, in, SCALAR_BYTES); /* s is zero when rc is -1 */
    typed_store_scalar(out, &s);
    ct_wipe(&s, sizeof s);
    ct_wipe_stack_small();
    return rc;
}

/*
 * The bytes of the object's 32-bit words (scalar_t), little-endian,
 * straight into out. On a little-endian host those are the object's own
 * bytes: memmove, whose copy goes through registers. Elsewhere one word at
 * a time, and since out may overlap s, like memmove: front to back when out
 * starts below s, back to front otherwise, so that each word is read
 * before any store reaches it. The direction depends on the addresses only.
 */
void goldilocks_decaf448_scalar_to_bytes(uint8_t out[56], const goldilocks_decaf448_scalar *a) {
    if (!out || !a) {
        if (out)
            memset(out, 0, SCALAR_BYTES);
        return;
    }
    if (__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__) {
        memmove(out, a, SCALAR_BYTES);
        return;
    }
    const uint8_t *in = (const uint8_t *)a;
    int backward = (uintptr_t)out > (uintptr_t)in;
    for (int k = 0; k < SCALAR_WORDS; k++) {
        int i = backward ? SCALAR_WORDS - 1 - k : k;
        uint32_t w;
        memcpy(&w, in + 4 * i, 4);
        out[4 * i] = (uint8_t)w;
        out[4 * i + 1] = (uint8_t)(w >> 8);
        out[4 * i + 2] = (uint8_t)(w >> 16);
        out[4 * i + 3] = (uint8_t)(w >> 24);
    }
}

/*
 * The work of add, sub, neg and mul, on the objects' bytes (scalar_words.h:
 * machine words in registers, no scalar_t copy in between); all inputs are
 * read before out is written. Its frame (and scalar_mul's below it) is
 * what the caller's stack wipe clears.
 */
static __attribute__((noinline)) void add_work(goldilocks_decaf448_scalar *out, const goldilocks_decaf448_scalar *a,
                                               const goldilocks_decaf448_scalar *b) {
    sw_binary_at(out, a, b, sw_add);
}

static __attribute__((noinline)) void sub_work(goldilocks_decaf448_scalar *out, const goldilocks_decaf448_scalar *a,
                                               const goldilocks_decaf448_scalar *b) {
    sw_binary_at(out, a, b, sw_sub);
}

/*
 * mul's copies are also wiped by name: its frame is the top of the region
 * ct_wipe_stack_small clears, and under AddressSanitizer the redzone above
 * that function's array leaves the top unwritten.
 */
static __attribute__((noinline)) void mul_work(goldilocks_decaf448_scalar *out, const goldilocks_decaf448_scalar *a,
                                               const goldilocks_decaf448_scalar *b) {
    struct {
        scalar_t x, y;
    } c;
    typed_load_scalar(&c.x, a);
    typed_load_scalar(&c.y, b);
    scalar_mul(&c.x, &c.x, &c.y);
    typed_store_scalar(out, &c.x);
    ct_wipe(&c, sizeof c);
}

static __attribute__((noinline)) void neg_work(goldilocks_decaf448_scalar *out, const goldilocks_decaf448_scalar *a) {
    sw_neg_at(out, a);
}

static void binary(goldilocks_decaf448_scalar *out, const goldilocks_decaf448_scalar *a,
                   const goldilocks_decaf448_scalar *b,
                   void (*work)(goldilocks_decaf448_scalar *, const goldilocks_decaf448_scalar *,
                                const goldilocks_decaf448_scalar *),
                   void (*wipe)(void)) {
    if (!out || !a || !b) {
        zero_scalar(out);
        return;
    }
    work(out, a, b);
    wipe();
}

void goldilocks_decaf448_scalar_add(goldilocks_decaf448_scalar *out, const goldilocks_decaf448_scalar *a,
                                    const goldilocks_decaf448_scalar *b) {
    binary(out, a, b, add_work, ct_wipe_stack_tiny);
}

void goldilocks_decaf448_scalar_sub(goldilocks_decaf448_scalar *out, const goldilocks_decaf448_scalar *a,
                                    const goldilocks_decaf448_scalar *b) {
    binary(out, a, b, sub_work, ct_wipe_stack_tiny);
}

void goldilocks_decaf448_scalar_mul(goldilocks_decaf448_scalar *out, const goldilocks_decaf448_scalar *a,
                                    const goldilocks_decaf448_scalar *b) {
    binary(out, a, b, mul_work, ct_wipe_stack_small);
}

void goldilocks_decaf448_scalar_neg(goldilocks_decaf448_scalar *out, const goldilocks_decaf448_scalar *a) {
    if (!out || !a) {
        zero_scalar(out);
        return;
    }
    neg_work(out, a);
    ct_wipe_stack_tiny();
}

int goldilocks_decaf448_scalar_invert(goldilocks_decaf448_scalar *out, const goldilocks_decaf448_scalar *a) {
    if (!out || !a) {
        zero_scalar(out);
        return -1;
    }
    static const scalar_t zero;
    scalar_t x, r;
    typed_load_scalar(&x, a);
    int is_zero = scalar_eq(&x, &zero); /* 1 or 0, computed without a branch */
    scalar_invert(&r, &x);              /* 0 for 0: the failure output comes for free */
    typed_store_scalar(out, &r);
    ct_wipe(&x, sizeof x);
    ct_wipe(&r, sizeof r);
    ct_wipe_stack();
    return -is_zero;
}

int goldilocks_decaf448_scalar_random(goldilocks_decaf448_scalar *out) {
    if (!out)
        return -1;
    uint8_t buf[2 * SCALAR_BYTES];
    if (random_bytes(buf, sizeof buf) != 0) {
        zero_scalar(out);
        return -1;
    }
    scalar_t s;
    scalar_reduce_bytes(&s, buf, sizeof buf);
    typed_store_scalar(out, &s);
    ct_wipe(buf, sizeof buf);
    ct_wipe(&s, sizeof s);
    ct_wipe_stack_small();
    return 0;
}

/* The OR of the differences of the objects' words: the scalars themselves pass through registers only. */
int goldilocks_decaf448_scalar_eq(const goldilocks_decaf448_scalar *a, const goldilocks_decaf448_scalar *b) {
    if (!a || !b)
        return -1;
    uint64_t diff = 0;
#pragma GCC unroll 8
    for (size_t i = 0; i < sizeof a->opaque / sizeof a->opaque[0]; i++)
        diff |= a->opaque[i] ^ b->opaque[i];
    /* a scalar_t is always reduced (below l), so equal values have equal words */
    return -(int)((diff | (0 - diff)) >> 63);
}
