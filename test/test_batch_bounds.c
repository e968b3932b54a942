/*
 * Impossible batch sizes: every batch call of include/goldilocks.h refuses an
 * n whose arrays could not exist (n times the call's largest item, in bytes,
 * overflows size_t) before it touches memory: each returns -1, and none of
 * them reads or writes an array. Each call is made with small real arrays
 * (two items, on the heap, so that ASan sees any access past them) and with
 * every combination of NULL arrays, for n = SIZE_MAX, SIZE_MAX / 2, the first
 * n past the bound of each item size (8, 56, 114) and past the call's own
 * bound. At the largest n a call accepts, every array NULL, the calls return
 * -1 at once (no loop over n items that writes nothing: the alarm ends it).
 */
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "goldilocks.h"
#include "check.h"

enum { ITEMS = 2, FILL = 0xA5, ARRAYS = 5, SECONDS = 5 };
enum { EXIT_RC = 10, EXIT_WRITTEN = 11 };

/* The calls, each with its arrays (at most ARRAYS) and the size of its largest item. */
typedef struct {
    const char *name;
    size_t item_bytes;  /* n > SIZE_MAX / item_bytes is impossible */
    int arrays;         /* how many of the ARRAYS pointers the call takes */
    int (*call)(size_t n, void *const a[ARRAYS]);
} batch_call;

static const uint8_t ctx[3] = {'c', 't', 'x'};

static int call_x448(size_t n, void *const a[ARRAYS]) {
    return goldilocks_x448_batch(n, a[0], a[1], a[2], a[3]);
}
static int call_x448_public_key(size_t n, void *const a[ARRAYS]) {
    return goldilocks_x448_public_key_batch(n, a[0], a[1]);
}
/* The secret is one key, not an array; it is the second pointer here all the same. */
static int call_ed448_sign(size_t n, void *const a[ARRAYS]) {
    return goldilocks_ed448_sign_batch(n, a[0], a[1], a[2], a[3], ctx, sizeof ctx);
}
static int call_decaf448_scalarmult(size_t n, void *const a[ARRAYS]) {
    return goldilocks_decaf448_scalarmult_batch(n, a[0], a[1], a[2], a[3]);
}
static int call_ed448_verify(size_t n, void *const a[ARRAYS]) {
    return goldilocks_ed448_verify_batch(n, a[0], a[1], a[2], a[3], ctx, sizeof ctx, a[4]);
}

static size_t largest3(size_t a, size_t b, size_t c) {
    size_t m = a > b ? a : b;
    return m > c ? m : c;
}

/* The bytes each pointer of a call points to: ITEMS items of the largest kind there is. */
enum { AREA = ITEMS * GOLDILOCKS_ED448_SIG_BYTES };

/*
 * One call: the arrays not named by null_mask point to AREA bytes of FILL on
 * the heap (the pointer arrays of ed448_verify_batch too: their entries are
 * then garbage pointers, which a refusing call never reads), under an alarm
 * (a call that loops over n items ends the program, which counts as a
 * failure, as a crash or a sanitizer report does). 1 when the call returned
 * -1 and wrote nothing, else prints why. The calls run in this process: a
 * forked child is not reliable under Debian 12's qemu-user (the child of a
 * dynamically linked guest dies with SIGSEGV on _exit).
 */
static int refused(const batch_call *c, size_t n, unsigned null_mask, const char *what) {
    void *a[ARRAYS] = {0};
    for (int i = 0; i < c->arrays; i++)
        if (!(null_mask >> i & 1)) {
            a[i] = malloc(AREA);
            if (!a[i])
                abort();
            memset(a[i], FILL, AREA);
        }
    fflush(stdout);
    alarm(SECONDS);
    int rc = c->call(n, a);
    alarm(0);
    int written = 0;
    for (int i = 0; i < c->arrays; i++)
        if (a[i]) {
            for (size_t k = 0; k < AREA; k++)
                written |= ((uint8_t *)a[i])[k] != FILL;
            free(a[i]);
        }
    if (rc == -1 && !written)
        return 1;
    check(0, "%s(n = %zu%s, NULL mask %#x): %s", c->name, n, what, null_mask,
          rc != -1 ? "did not return -1" : "wrote into an array");
    return 0;
}

int main(void) {
    check_init("test_batch_bounds");
    const batch_call calls[] = {
        {"x448_batch", GOLDILOCKS_X448_BYTES, 4, call_x448},
        {"x448_public_key_batch", GOLDILOCKS_X448_BYTES, 2, call_x448_public_key},
        {"ed448_sign_batch", GOLDILOCKS_ED448_SIG_BYTES, 4, call_ed448_sign},
        {"decaf448_scalarmult_batch", GOLDILOCKS_DECAF448_BYTES, 4, call_decaf448_scalarmult},
        {"ed448_verify_batch", largest3(sizeof(const uint8_t *), sizeof(size_t), sizeof(int)), 5,
         call_ed448_verify},
    };
    for (size_t f = 0; f < sizeof calls / sizeof calls[0]; f++) {
        const batch_call *c = &calls[f];
        size_t bound = SIZE_MAX / c->item_bytes;
        char name[128];
        snprintf(name, sizeof name, "%s: n past SIZE_MAX / %zu refused before any access", c->name, c->item_bytes);
        check_test(name);
        const size_t ns[] = {SIZE_MAX,           SIZE_MAX - 1,        SIZE_MAX / 2,        SIZE_MAX / 2 + 1,
                             SIZE_MAX / 8 + 1,   SIZE_MAX / 56 + 1,   SIZE_MAX / 114 + 1,  bound + 1,
                             bound + 2,          bound + 4,           bound + 7,           bound * 2};
        int cases = 0;
        for (size_t k = 0; k < sizeof ns / sizeof ns[0]; k++) {
            if (ns[k] <= bound)
                continue; /* a size the call may be given */
            for (unsigned mask = 0; mask < 1u << c->arrays; mask++) {
                refused(c, ns[k], mask, "");
                cases++;
            }
        }
        check(cases >= 4 << c->arrays, "only %d cases", cases);

        snprintf(name, sizeof name, "%s: n = SIZE_MAX / %zu (the largest accepted), every array NULL", c->name,
                 c->item_bytes);
        check_test(name);
        refused(c, bound, (1u << c->arrays) - 1, ", the bound");
    }
    return check_done();
}
