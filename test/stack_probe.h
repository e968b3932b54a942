/*
 * The stack probe of the wipe tests (test_stack_secrets.c,
 * test_x448_batch_stack.c): whether a call left a copy of a secret on the
 * stack, which only a wipe of the stack itself reaches (a spill slot, a
 * callee-saved register pushed while it held a secret word).
 *
 * run(op) calls, from one frame: stack_pass(0), which writes FILL over the
 * STACK_DEPTH bytes below it; op, PAD bytes deeper; then stack_pass(1),
 * which declares the same array and copies it, through a volatile pointer,
 * into snap[]. op's frames lay in that region, so whatever they left there
 * is in the snapshot, which search() looks through for the needles (the
 * secrets op handled, added with add_needle). untouched_bottom() says
 * whether the region was deep enough for all of op's frames.
 *
 * Header-only, for one test program each, which defines STACK_DEPTH (the
 * region's bytes) before including it and calls run() (stack_pass, at_depth
 * and run are not inline, the others are). The program shows the search is not
 * vacuous with a control op that keeps a copy (it must be found) and one
 * that wipes it (it must not be); under AddressSanitizer (UNDER_ASAN), whose
 * fake stack can keep frames elsewhere, a control not found skips the tests.
 */
#ifndef GOLDILOCKS_TEST_STACK_PROBE_H
#define GOLDILOCKS_TEST_STACK_PROBE_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* noclone: gcc must not split stack_pass(0) and stack_pass(1) into two clones with different frames. */
#if defined(__clang__)
#define NOINLINE __attribute__((noinline))
#else
#define NOINLINE __attribute__((noinline, noclone))
#endif

enum { FILL = 0x5c };

static uint8_t snap[STACK_DEPTH];
static uintptr_t region_address; /* for aligned word searches, and to point a debugger at a find */

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
    region_address = (uintptr_t)region;
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
static inline size_t untouched_bottom(void) {
    size_t i = 0;
    while (i < STACK_DEPTH && snap[i] == FILL)
        i++;
    return i;
}

/*
 * A needle is a secret byte string. Its 8-byte windows are looked for at
 * every stack offset, at every `step`-th offset of the needle (1 for byte
 * strings; 8 for a list of 64-bit Keccak lanes, whose neighbours in the list
 * are not neighbours in memory). Its aligned 4-byte words are looked for at
 * the stack's aligned offsets too (32-bit targets spill a lane or a scalar
 * word in halves); a lone 4-byte match can be chance, so a needle counts as
 * found by words only when two different words of it are found.
 */
enum { MAX_NEEDLES = 64, POOL_BYTES = 160 * 1024 };
static struct {
    const char *name;
    const uint8_t *bytes;
    size_t len, step;
} needles[MAX_NEEDLES];
static size_t n_needles, pool_used;
static int needle_found[MAX_NEEDLES]; /* by the last search */
static uint8_t pool[POOL_BYTES];

static inline void add_needle_step(const char *name, const uint8_t *p, size_t len, size_t step) {
    if (n_needles == MAX_NEEDLES || pool_used + len > POOL_BYTES)
        abort();
    memcpy(pool + pool_used, p, len);
    needles[n_needles].name = name;
    needles[n_needles].bytes = pool + pool_used;
    needles[n_needles].len = len;
    needles[n_needles].step = step;
    pool_used += len;
    n_needles++;
}

static inline void add_needle(const char *name, const uint8_t *p, size_t len) { add_needle_step(name, p, len, 1); }

static inline void clear_needles(void) { n_needles = pool_used = 0; }

/* ---- the search: the windows and words of every needle, sorted, looked up at every stack offset ---- */

typedef struct {
    uint64_t v;
    uint32_t offset;
    uint16_t needle;
} window_t;

enum { MAX_WINDOWS = POOL_BYTES / 2 };
static window_t win8[MAX_WINDOWS], win4[MAX_WINDOWS];

static inline int cmp_window(const void *a, const void *b) {
    uint64_t x = ((const window_t *)a)->v, y = ((const window_t *)b)->v;
    return x < y ? -1 : x > y;
}

static inline uint64_t load(const uint8_t *p, size_t n) {
    uint64_t v = 0;
    for (size_t i = n; i-- > 0;)
        v = v << 8 | p[i];
    return v;
}

/* A window of fewer than 3 distinct byte values (zeros, the fill, padding) says nothing. */
static inline int informative(const uint8_t *w, size_t n) {
    unsigned distinct = 0;
    for (size_t i = 0; i < n; i++) {
        int seen = 0;
        for (size_t j = 0; j < i; j++)
            seen |= w[j] == w[i];
        distinct += !seen;
    }
    return distinct >= 3;
}

/* The first entry of the sorted table t[0..n) equal to v, or n. */
static inline size_t lookup(const window_t *t, size_t n, uint64_t v) {
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (t[mid].v < v)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < n && t[lo].v == v ? lo : n;
}

/* The number of needles found in the snapshot; prints where, unless quiet. */
static inline size_t search(const char *what, int quiet) {
    size_t n8 = 0, n4 = 0;
    for (size_t n = 0; n < n_needles; n++) {
        const uint8_t *b = needles[n].bytes;
        for (size_t o = 0; o + 8 <= needles[n].len; o += needles[n].step)
            if (informative(b + o, 8) && n8 < MAX_WINDOWS)
                win8[n8++] = (window_t){load(b + o, 8), (uint32_t)o, (uint16_t)n};
        for (size_t o = 0; o + 4 <= needles[n].len; o += 4)
            if (informative(b + o, 4) && n4 < MAX_WINDOWS)
                win4[n4++] = (window_t){load(b + o, 4), (uint32_t)o, (uint16_t)n};
    }
    qsort(win8, n8, sizeof win8[0], cmp_window);
    qsort(win4, n4, sizeof win4[0], cmp_window);

    /* per needle: 8-byte hits, and the first two different word offsets hit */
    size_t hits8[MAX_NEEDLES] = {0}, where8[MAX_NEEDLES] = {0}, off8[MAX_NEEDLES] = {0};
    long word1[MAX_NEEDLES], word2[MAX_NEEDLES];
    size_t where4[MAX_NEEDLES][2] = {{0}};
    for (size_t n = 0; n < MAX_NEEDLES; n++)
        word1[n] = word2[n] = -1;
    for (size_t i = 0; i + 8 <= STACK_DEPTH; i++) {
        size_t k = lookup(win8, n8, load(snap + i, 8));
        for (; k < n8 && win8[k].v == load(snap + i, 8); k++) {
            unsigned n = win8[k].needle;
            if (!hits8[n]++)
                where8[n] = i, off8[n] = win8[k].offset;
        }
    }
    for (size_t i = (4 - region_address % 4) % 4; i + 4 <= STACK_DEPTH; i += 4) {
        size_t k = lookup(win4, n4, load(snap + i, 4));
        for (; k < n4 && win4[k].v == load(snap + i, 4); k++) {
            unsigned n = win4[k].needle;
            long o = (long)win4[k].offset;
            if (word1[n] < 0)
                word1[n] = o, where4[n][0] = i;
            else if (word2[n] < 0 && o != word1[n])
                word2[n] = o, where4[n][1] = i;
        }
    }

    size_t found = 0;
    for (size_t n = 0; n < n_needles; n++) {
        int by_words = word2[n] >= 0;
        needle_found[n] = hits8[n] || by_words;
        if (!needle_found[n])
            continue;
        found++;
        if (quiet)
            continue;
        if (hits8[n])
            printf("  %s: %s: bytes %zu..%zu at %zu bytes below the top of the region (%#lx; %zu 8-byte hits)\n",
                   what, needles[n].name, off8[n], off8[n] + 8, (size_t)STACK_DEPTH - where8[n],
                   (unsigned long)(region_address + where8[n]), hits8[n]);
        if (by_words)
            printf("  %s: %s: 4-byte words at bytes %ld and %ld found %zu and %zu bytes below the top of the region"
                   " (%#lx, %#lx)\n",
                   what, needles[n].name, word1[n], word2[n], (size_t)STACK_DEPTH - where4[n][0],
                   (size_t)STACK_DEPTH - where4[n][1], (unsigned long)(region_address + where4[n][0]),
                   (unsigned long)(region_address + where4[n][1]));
    }
    return found;
}

#endif
