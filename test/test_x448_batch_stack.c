/*
 * goldilocks_x448_batch leaves no copy of a secret on the stack (the wipe
 * rule of include/goldilocks.h), by the method of test_stack_secrets.c: a
 * pattern is written over the STACK_DEPTH bytes below one frame, the batch
 * runs inside that region, and the region is then copied out and searched
 * for every item's secret, its clamped form (RFC 7748 section 5) and its
 * shared secret (which only the caller's array may hold), as 8-byte windows
 * at every offset and as pairs of aligned 4-byte words.
 *
 * The search is not vacuous: a control frame that keeps a copy of a secret
 * must be found, and one that wipes it must not; the bottom of the region
 * must still hold the pattern (the region held every frame). Under
 * AddressSanitizer, whose fake stack can keep frames elsewhere, a control
 * that is not found skips the tests instead of passing them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "goldilocks.h"
#include "check.h"
#include "field.h"

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

#if defined(__clang__)
#define NOINLINE __attribute__((noinline))
#else
#define NOINLINE __attribute__((noinline, noclone))
#endif

#define N GOLDILOCKS_X448_BYTES
enum { STACK_DEPTH = 64 * 1024, FILL = 0x5c, PAD = 4096 };
/* Two full groups and a partial one (dummy lanes), one item with a low-order peer. */
enum { ITEMS = 2 * GF_LANES + 1 };

static uint8_t snap[STACK_DEPTH];
static uintptr_t region_address;

/* Fills (copy = 0) or copies out (copy = 1) the same STACK_DEPTH bytes of stack. */
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

/* op runs PAD bytes deeper than run()'s frame, inside the region even with ASan's redzones. */
NOINLINE static void at_depth(void (*op)(void)) {
    uint8_t pad[PAD];
    __asm__ __volatile__("" : : "r"(pad) : "memory");
    op();
    __asm__ __volatile__("" : : "r"(pad) : "memory");
}

NOINLINE static void run(void (*op)(void)) {
    stack_pass(0);
    at_depth(op);
    stack_pass(1);
    __asm__ __volatile__("" : : : "memory");
}

static size_t untouched_bottom(void) {
    size_t i = 0;
    while (i < STACK_DEPTH && snap[i] == FILL)
        i++;
    return i;
}

/* ---- the needles: 3 per item ---- */

enum { NEEDLES = 3 * ITEMS };
static uint8_t needle[NEEDLES][N];
static const char *needle_kind[3] = {"secret", "clamped scalar", "shared secret"};

typedef struct {
    uint64_t v;
    unsigned needle, offset;
} window_t;
static window_t win8[NEEDLES * N], win4[NEEDLES * N];
static size_t n8, n4;

static uint64_t load(const uint8_t *p, size_t n) {
    uint64_t v = 0;
    for (size_t i = n; i-- > 0;)
        v = v << 8 | p[i];
    return v;
}

/* Fewer than 3 distinct byte values (zeros, the fill) say nothing. */
static int informative(const uint8_t *w, size_t n) {
    unsigned distinct = 0;
    for (size_t i = 0; i < n; i++) {
        int seen = 0;
        for (size_t j = 0; j < i; j++)
            seen |= w[j] == w[i];
        distinct += !seen;
    }
    return distinct >= 3;
}

static int cmp_window(const void *a, const void *b) {
    uint64_t x = ((const window_t *)a)->v, y = ((const window_t *)b)->v;
    return x < y ? -1 : x > y;
}

static void index_needles(void) {
    n8 = n4 = 0;
    for (unsigned k = 0; k < NEEDLES; k++) {
        for (unsigned o = 0; o + 8 <= N; o++)
            if (informative(needle[k] + o, 8))
                win8[n8++] = (window_t){load(needle[k] + o, 8), k, o};
        for (unsigned o = 0; o + 4 <= N; o += 4)
            if (informative(needle[k] + o, 4))
                win4[n4++] = (window_t){load(needle[k] + o, 4), k, o};
    }
    qsort(win8, n8, sizeof win8[0], cmp_window);
    qsort(win4, n4, sizeof win4[0], cmp_window);
}

static size_t lookup(const window_t *t, size_t n, uint64_t v) {
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (t[mid].v < v)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* The number of needles found in the snapshot (by an 8-byte window, or two different 4-byte words). */
static size_t search(const char *what, int quiet) {
    int hit8[NEEDLES] = {0};
    long word1[NEEDLES], word2[NEEDLES];
    size_t where[NEEDLES] = {0};
    for (unsigned k = 0; k < NEEDLES; k++)
        word1[k] = word2[k] = -1;
    for (size_t i = 0; i + 8 <= STACK_DEPTH; i++) {
        uint64_t v = load(snap + i, 8);
        for (size_t j = lookup(win8, n8, v); j < n8 && win8[j].v == v; j++)
            if (!hit8[win8[j].needle]++)
                where[win8[j].needle] = i;
    }
    for (size_t i = (4 - region_address % 4) % 4; i + 4 <= STACK_DEPTH; i += 4) {
        uint64_t v = load(snap + i, 4);
        for (size_t j = lookup(win4, n4, v); j < n4 && win4[j].v == v; j++) {
            unsigned k = win4[j].needle;
            if (word1[k] < 0)
                word1[k] = win4[j].offset;
            else if (word2[k] < 0 && (long)win4[j].offset != word1[k])
                word2[k] = win4[j].offset, where[k] = i;
        }
    }
    size_t found = 0;
    for (unsigned k = 0; k < NEEDLES; k++) {
        if (!hit8[k] && word2[k] < 0)
            continue;
        found++;
        if (!quiet)
            printf("  %s: item %u's %s found %zu bytes below the top of the region\n", what, k / 3,
                   needle_kind[k % 3], (size_t)STACK_DEPTH - where[k]);
    }
    return found;
}

/* ---- the operations; their data is static, so no secret is in a frame of ours ---- */

static uint8_t g_secret[ITEMS][N], g_peer[ITEMS][N], g_shared[ITEMS][N];
static int g_rc[ITEMS], g_status;

NOINLINE static void op_control_leak(void) {
    uint8_t copy[N];
    volatile uint8_t *p = copy;
    for (size_t i = 0; i < N; i++)
        p[i] = g_secret[1][i];
    __asm__ __volatile__("" : : "r"(copy) : "memory");
}
NOINLINE static void op_control_wiped(void) {
    uint8_t copy[N];
    volatile uint8_t *p = copy;
    for (size_t i = 0; i < N; i++)
        p[i] = g_secret[1][i];
    for (size_t i = 0; i < N; i++)
        p[i] = 0;
    __asm__ __volatile__("" : : "r"(copy) : "memory");
}
NOINLINE static void op_batch(void) {
    g_status = goldilocks_x448_batch(ITEMS, g_shared, g_rc, (const uint8_t(*)[N])g_secret, (const uint8_t(*)[N])g_peer);
}

int main(void) {
    check_init("test_x448_batch_stack");
    for (unsigned i = 0; i < ITEMS; i++) {
        check_randbytes(g_secret[i], N);
        check_randbytes(g_peer[i], N);
        if (i == GF_LANES + 1)
            memset(g_peer[i], 0, N); /* u = 0: an all-zero result in one lane */
        memcpy(needle[3 * i], g_secret[i], N);
        memcpy(needle[3 * i + 1], g_secret[i], N);
        needle[3 * i + 1][0] &= 252;
        needle[3 * i + 1][55] |= 128;
        int r = goldilocks_x448(needle[3 * i + 2], g_secret[i], g_peer[i]);
        check(r == (i == GF_LANES + 1 ? -1 : 0), "single call %u returned %d", i, r);
    }
    index_needles();

    check_test("control: an unwiped copy of a secret is found");
    run(op_control_leak);
    size_t found = search("control", 1);
    int meaningful = found > 0;
    if (!meaningful && UNDER_ASAN) {
        check_skip("AddressSanitizer keeps frames off this stack: the search would be vacuous");
    } else {
        check(found > 0, "the control's copy was not found: the search is vacuous");
        check_test("control: a wiped copy is not found");
        run(op_control_wiped);
        check(search("control (wiped)", 0) == 0, "a wiped copy was found: the fill or the scan is wrong");
    }

    check_test("x448_batch leaves no secret on the stack");
    if (!meaningful) {
        check_skip("the control copy is not found on this build's stack");
    } else {
        run(op_batch);
        size_t bottom = untouched_bottom();
        check(bottom >= 1024, "only %zu bytes at the bottom of the region untouched", bottom);
        check(search("x448_batch", 0) == 0, "secrets found on the stack");
        printf("  x448_batch (%d items): written down to %zu bytes below the top of the region\n", ITEMS,
               (size_t)STACK_DEPTH - bottom);
        check(g_status == -1, "returned %d", g_status);
        for (unsigned i = 0; i < ITEMS; i++)
            check(memcmp(g_shared[i], needle[3 * i + 2], N) == 0 && g_rc[i] == (i == GF_LANES + 1 ? -1 : 0),
                  "item %u differs from the single call", i);
    }
    return check_done();
}
