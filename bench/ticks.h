/*
 * The benchmarks' clock: rdtsc on x86 (ticks of the time-stamp counter,
 * which need not run at the core's clock), CLOCK_MONOTONIC nanoseconds
 * elsewhere. TICK_UNIT names the unit for the tables.
 */
#ifndef GOLDILOCKS_BENCH_TICKS_H
#define GOLDILOCKS_BENCH_TICKS_H

#include <stdint.h>
#include <time.h>

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#define TICK_UNIT "ticks"
/* lfence keeps rdtsc in program order; it came with SSE2, which i686 lacks */
#if defined(__SSE2__)
#define TICK_FENCE() _mm_lfence()
#else
#define TICK_FENCE() ((void)0)
#endif
static inline uint64_t ticks(void) {
    TICK_FENCE();
    uint64_t t = __rdtsc();
    TICK_FENCE();
    return t;
}
#else
#define TICK_UNIT "ns"
static inline uint64_t ticks(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}
#endif

#endif
