/*
 * goldilocks-speed --stack: the deepest stack each of our operations reaches.
 *
 * paint() fills a large array in its frame with a pattern and returns; the
 * operation then runs from the same caller, so its frames lie over that dead
 * array; scan() finds the lowest byte of it that is no longer the pattern.
 * The distance from there to the array's top is the operation's stack use,
 * within a few words (paint's frame header). Every byte the operation writes
 * counts, including the stack wipe of src/core/ct.h that the secret operations
 * end with: that is the memory a caller must have.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "speed.h"

enum { STACK_REGION = 512 * 1024, STACK_PATTERN = 0x5c };

static uintptr_t painted_at;

__attribute__((noinline)) static void paint(void) {
    volatile uint8_t region[STACK_REGION];
    for (size_t i = 0; i < sizeof region; i++)
        region[i] = STACK_PATTERN;
    painted_at = (uintptr_t)region;
}

/*
 * Bytes used below the painted region's top: read where paint()'s array was
 * (this function's own small frame lies at the region's top, above anything
 * the operation reached deeper down).
 */
__attribute__((noinline)) static size_t scan(void) {
    const volatile uint8_t *left = (const volatile uint8_t *)painted_at;
    __asm__ volatile("" : "+r"(left) : : "memory");
    size_t i = 0;
    while (i < STACK_REGION && left[i] == STACK_PATTERN)
        i++;
    return STACK_REGION - i;
}

__attribute__((noinline)) static size_t stack_of(void (*run)(void)) {
    paint();
    run();
    return scan();
}

int speed_stack(void) {
    struct speed_run *R = &speed_run;
    printf("stack use per call of ours (bytes, the deepest write below the caller; "
           "the secret operations' 16 KiB stack wipe included):\n");
    printf("%-42s %10s\n", "operation", "bytes");
    int bad = 0;
    for (size_t o = 0; o < R->n_ops; o++) {
        if (!R->impl[o][0])
            continue;
        size_t used = stack_of(R->impl[o][0]->run);
        if (used >= STACK_REGION) {
            printf("%-42s %10s\n", R->ops[o]->name, "> 512 KiB");
            bad = 1;
        } else {
            printf("%-42s %10zu\n", R->ops[o]->name, used);
        }
    }
    return bad;
}
