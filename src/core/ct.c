#include <string.h>
#include "ct.h"

/*
 * The stores go through a volatile function pointer to memset, so the
 * compiler cannot see that the buffer is dead and drop them.
 */
static void *(*const volatile wipe_memset)(void *, int, size_t) = memset;

void ct_wipe(void *p, size_t len) {
    wipe_memset(p, 0, len);
    __asm__ __volatile__("" : : "r"(p) : "memory");
}

/*
 * The stack wipes are not instrumented by AddressSanitizer: its redzones
 * around `region` would be left unwritten, and a secret in the one at the
 * top (right below the caller's frame) would stay (test_stack_secrets
 * under --sanitize).
 */
__attribute__((noinline, no_sanitize_address)) void ct_wipe_stack(void) {
    uint8_t region[CT_STACK_WIPE_BYTES];
    ct_wipe(region, sizeof region);
}

__attribute__((noinline, no_sanitize_address)) void ct_wipe_stack_small(void) {
    uint8_t region[CT_STACK_WIPE_SMALL_BYTES];
    ct_wipe(region, sizeof region);
}

/*
 * 16-byte vector stores through a volatile pointer (narrower stores where
 * the target has no such vectors): memset here becomes rep stos, which
 * starts slowly. 16 bytes is the stack alignment every ABI the library
 * builds for keeps at a call, so the array needs no realigned frame, whose
 * padding under the return address would stay unwritten (on i386 a 32-byte
 * vector left a secret of scalar_add there, test_stack_secrets). Not
 * instrumented by AddressSanitizer, whose redzone above the array would
 * leave the first hundred-odd bytes below the caller unwritten: the work
 * frames start there.
 */
typedef uint64_t wipe_vec __attribute__((vector_size(16)));
__attribute__((noinline, no_sanitize_address)) void ct_wipe_stack_tiny(void) {
    wipe_vec region[CT_STACK_WIPE_TINY_BYTES / sizeof(wipe_vec)];
    volatile wipe_vec *p = region;
#pragma GCC unroll 128
    for (size_t i = 0; i < sizeof region / sizeof region[0]; i++)
        p[i] = (wipe_vec){0};
}

__attribute__((noinline, no_sanitize_address)) void ct_wipe_stack_batch(void) {
    uint8_t region[CT_STACK_WIPE_BATCH_BYTES];
    ct_wipe(region, sizeof region);
}
