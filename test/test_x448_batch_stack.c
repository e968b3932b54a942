/*
 * goldilocks_x448_batch leaves no copy of a secret on the stack (the wipe
 * rule of include/goldilocks.h), by the probe of test/stack_probe.h (as
 * test_stack_secrets.c): a pattern is written over the STACK_DEPTH bytes
 * below one frame, the batch runs inside that region, and the region is then copied out and searched
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

#define N GOLDILOCKS_X448_BYTES
enum { STACK_DEPTH = 64 * 1024 };
#include "stack_probe.h"

/* Two full groups and a partial one (dummy lanes), one item with a low-order peer. */
enum { ITEMS = 2 * GF_LANES + 1 };

/* ---- the needles: 3 per item, named "item I's KIND" ---- */

static const char *needle_kind[3] = {"secret", "clamped scalar", "shared secret"};
static char needle_name[3 * ITEMS][40];

/* ---- the operations; their data is static, so no secret is in a frame of ours ---- */

static uint8_t g_secret[ITEMS][N], g_peer[ITEMS][N], g_shared[ITEMS][N], g_single[ITEMS][N];
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
        uint8_t clamped[N];
        memcpy(clamped, g_secret[i], N);
        clamped[0] &= 252;
        clamped[55] |= 128;
        int r = goldilocks_x448(g_single[i], g_secret[i], g_peer[i]);
        check(r == (i == GF_LANES + 1 ? -1 : 0), "single call %u returned %d", i, r);
        const uint8_t *bytes[3] = {g_secret[i], clamped, g_single[i]};
        for (unsigned k = 0; k < 3; k++) {
            snprintf(needle_name[3 * i + k], sizeof needle_name[0], "item %u's %s", i, needle_kind[k]);
            add_needle(needle_name[3 * i + k], bytes[k], N);
        }
    }

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
            check(memcmp(g_shared[i], g_single[i], N) == 0 && g_rc[i] == (i == GF_LANES + 1 ? -1 : 0),
                  "item %u differs from the single call", i);
    }
    return check_done();
}
