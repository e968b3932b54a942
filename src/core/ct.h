/*
 * Constant-time helpers and wiping, in one place.
 *
 * A mask_t (from the layout's gf_layout.h) is all ones for true, zero for
 * false. Secret values never steer a branch or a memory index: code turns
 * them into masks with the functions here and selects with AND/OR.
 */
#ifndef GOLDILOCKS_CT_H
#define GOLDILOCKS_CT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "field.h"

/*
 * Hides a value from the optimizer, so that the compiler cannot prove it is
 * 0 or all ones and turn the mask arithmetic that follows into a branch.
 */
static inline mask_t ct_barrier(mask_t x) {
    __asm__("" : "+r"(x));
    return x;
}

/* All ones when x == 0. */
static inline mask_t ct_mask_is_zero_u32(uint32_t x) {
    uint64_t wide = (uint64_t)x;
    return (mask_t)0 - (mask_t)((wide - 1) >> 63);
}

/* All ones when b != 0, for b in {0, 1}. */
static inline mask_t ct_mask_from_bit(uint32_t b) {
    return ct_barrier((mask_t)0 - (mask_t)(b & 1));
}

/* All ones when the len bytes at p are all zero; reads every byte. */
static inline mask_t ct_mask_bytes_zero(const uint8_t *p, size_t len) {
    uint32_t acc = 0;
    for (size_t i = 0; i < len; i++)
        acc |= p[i];
    return ct_mask_is_zero_u32(acc);
}

/* All ones when a == b. */
static inline mask_t ct_mask_eq_u32(uint32_t a, uint32_t b) {
    return ct_mask_is_zero_u32(a ^ b);
}

/*
 * Generic vectors of mask_t words, the unit of ct_lookup; GCC and clang lower
 * them to the target's vector registers (SSE, AVX2, NEON) or to plain words
 * where there are none. 32 bytes where AVX2 is on (one ymm register: a
 * niels entry of 8x56 limbs is 6 loads instead of 12: a 16-entry lookup of
 * the fixed-base comb, 90 per call, ran 631 instructions with 16 bytes and
 * 407 with 32), 16 elsewhere.
 */
#if defined(__AVX2__)
#define CT_VEC_BYTES 32
#else
#define CT_VEC_BYTES 16
#endif
typedef mask_t ct_vec __attribute__((vector_size(CT_VEC_BYTES)));

/* The largest entry ct_lookup takes. */
#define CT_LOOKUP_MAX_BYTES 256
/* Entries whose masks ct_lookup keeps (more are allowed: their masks are made per chunk). */
#define CT_LOOKUP_MAX_ENTRIES 64

/*
 * How much of an entry ct_lookup sums at a time. Where ct_vec is a vector
 * register, a whole entry's sum stays in registers (an edwards448 niels
 * entry is 6 ymm or 12 NEON registers). On 32-bit ARM without NEON a niels
 * entry of 16x28 limbs is 48 words against 16 registers: summed whole, every
 * word of every entry was a load, a mask, a load of the sum, an or and a
 * store; in chunks of one ct_vec (4 words) the sum stays in registers and each entry's
 * chunk is read with one ldm. Counted on armv7-noneon (X448 public key):
 * whole entries 1,234,361 instructions; chunks of 16 bytes 1,143,635 (32:
 * 1,187,653, 48: 1,259,458, 64: 1,224,816); 16 with the masks made once
 * 1,123,967.
 */
#if defined(__arm__) && !defined(__ARM_NEON)
#define CT_LOOKUP_CHUNK_BYTES 16
#else
#define CT_LOOKUP_CHUNK_BYTES CT_LOOKUP_MAX_BYTES
#endif

/*
 * out = table[index], reading every entry of the table (n entries of `size`
 * bytes each, size a multiple of CT_VEC_BYTES and at most CT_LOOKUP_MAX_BYTES), so that
 * the memory access pattern does not depend on the secret index. The sum is
 * kept in a local array that cannot alias the table, which lets the compiler
 * keep it in registers; inlined with a constant size, the loops unroll. The
 * entries are summed CT_LOOKUP_CHUNK_BYTES at a time (above): every chunk of
 * every entry is read, in an order fixed by n and size alone.
 *
 * out and table must be aligned as mask_t (entries made of field elements,
 * whose limbs are mask_t-sized words, are). The copies say so to the
 * compiler: from a pointer of unknown alignment, a target without unaligned
 * loads (ARMv5) gets a call to the C library's memcpy for every 16 bytes
 * instead of four word loads.
 */
static inline __attribute__((always_inline)) void ct_lookup(void *out, const void *table, size_t size,
                                                            size_t n, uint32_t index) {
    enum { CHUNK = CT_LOOKUP_CHUNK_BYTES / sizeof(ct_vec), VEC_WORDS = sizeof(ct_vec) / sizeof(mask_t) };
    const mask_t *words = __builtin_assume_aligned(table, _Alignof(mask_t));
    mask_t *dst = __builtin_assume_aligned(out, _Alignof(mask_t));
    size_t vecs = size / sizeof(ct_vec);
    /* In chunks, each entry's mask serves every chunk: made once (for the first CT_LOOKUP_MAX_ENTRIES). */
    const int chunked = vecs > CHUNK; /* public; a constant where inlined */
    mask_t masks[CT_LOOKUP_MAX_ENTRIES];
    if (chunked)
        for (size_t i = 0; i < n && i < CT_LOOKUP_MAX_ENTRIES; i++)
            masks[i] = ct_barrier(ct_mask_eq_u32((uint32_t)i, index));
    for (size_t w0 = 0; w0 < vecs; w0 += CHUNK) {
        size_t len = vecs - w0 < CHUNK ? vecs - w0 : CHUNK;
        ct_vec acc[CHUNK];
        for (size_t w = 0; w < len; w++)
            acc[w] = (ct_vec){0};
        for (size_t i = 0; i < n; i++) {
            mask_t m = chunked && i < CT_LOOKUP_MAX_ENTRIES ? masks[i]
                                                            : ct_barrier(ct_mask_eq_u32((uint32_t)i, index));
            const mask_t *entry = words + i * (size / sizeof(mask_t)) + w0 * VEC_WORDS;
#pragma GCC unroll 16
            for (size_t w = 0; w < len; w++) {
                ct_vec v;
                memcpy(&v, entry + w * VEC_WORDS, sizeof v);
                acc[w] |= v & m;
            }
        }
        memcpy(dst + w0 * VEC_WORDS, acc, len * sizeof(ct_vec));
    }
}

/* Overwrites a secret with zeros in a way the compiler may not remove. */
void ct_wipe(void *p, size_t len);

/*
 * The same, inlined, for a small local whose length is a constant multiple
 * of 16 bytes (the cheap calls' copies): volatile 16-byte stores, any
 * alignment, where ct_wipe's call into memset costs more than the stores.
 */
typedef uint64_t ct_wipe_vec __attribute__((vector_size(16), aligned(1), may_alias));
static inline __attribute__((always_inline)) void ct_wipe_inline(void *p, size_t len) {
    volatile ct_wipe_vec *v = (volatile ct_wipe_vec *)p;
#pragma GCC unroll 32
    for (size_t i = 0; i < len / sizeof(ct_wipe_vec); i++)
        v[i] = (ct_wipe_vec){ 0 };
}

/*
 * The deepest stack the library's operations use, with room to spare: the
 * deepest measured by test_stack_secrets is about 6.7 KiB (decaf448
 * scalarmult), 9.3 KiB under AddressSanitizer.
 */
#define CT_STACK_WIPE_BYTES 16384

/*
 * Zeroes the CT_STACK_WIPE_BYTES of stack below the caller's frame, where
 * the frames of the functions it called were. ct_wipe clears the secrets a
 * function names; this clears what the compiler put there unnamed: spilled
 * registers and the callee-saved registers a callee pushed while they held
 * words of a secret. Every public function that handles a secret calls it
 * last (about 500 cycles).
 */
void ct_wipe_stack(void);

/*
 * The same for the shallow functions (scalar arithmetic mod l, nothing of
 * the field or the curve), whose frames stay within CT_STACK_WIPE_SMALL_BYTES
 * (test_stack_secrets checks it): the full wipe would cost them ten times
 * their own time.
 */
#define CT_STACK_WIPE_SMALL_BYTES 2048
void ct_wipe_stack_small(void);

/*
 * The same for the typed scalar operations of a few dozen instructions
 * (add, sub, neg: src/proto/decaf448_typed_scalar.c), which do all their
 * work in one frame of their own below the public function: about 120
 * bytes with 64-bit words (gcc 12 and clang 14, x86-64), more with 32-bit
 * words (14 of them, mostly spilled), and some 700 under AddressSanitizer,
 * whose redzones surround each array. test_stack_secrets checks that the
 * wipe reaches all of it. A 2 KiB wipe would be most of their time.
 */
#if defined(__SANITIZE_ADDRESS__)
#define CT_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CT_UNDER_ASAN 1
#endif
#endif
#ifndef CT_UNDER_ASAN
#define CT_UNDER_ASAN 0
#endif
#define CT_STACK_WIPE_TINY_BYTES (CT_UNDER_ASAN ? 2048 : sizeof(mask_t) == 8 ? 256 : 512)
void ct_wipe_stack_tiny(void);

/*
 * The same for the batch calls across operations (goldilocks_*_batch),
 * whose frames hold GF_LANES operations' state at once: the lane
 * variable-base multiplication keeps GF_LANES tables of 17 cached points,
 * and its deepest call (-fstack-usage, x86-64-v3, gcc 12) is about 27 KiB
 * with the portable four lanes and 35 KiB with AVX2's. 16 KiB a lane, once
 * per batch call.
 */
#define CT_STACK_WIPE_BATCH_BYTES (16384 * GF_LANES)
void ct_wipe_stack_batch(void);

#endif
