/*
 * The clock of every program in bench/:
 *
 *   ticks()         rdtsc on x86 (x86-64 and i386; TICKS_RDTSC is 1): ticks
 *                   of the time-stamp counter, which need not run at the
 *                   core's clock, with lfence on both sides (where the CPU
 *                   has SSE2) to keep the read in program order; elsewhere
 *                   (TICKS_RDTSC is 0) CLOCK_MONOTONIC nanoseconds.
 *                   TICK_UNIT names its unit for the tables: "ticks" or "ns".
 *   ticks_ns()      CLOCK_MONOTONIC nanoseconds, on every target.
 *   ticks_cpu_ns()  CLOCK_THREAD_CPUTIME_ID nanoseconds: this thread's time
 *                   on a CPU (what a preempted round lacks).
 *
 * clock_gettime needs _POSIX_C_SOURCE (or _DEFAULT_SOURCE) defined before
 * the first system header. bench/stats.h holds the statistics.
 */
#ifndef GOLDILOCKS_BENCH_TICKS_H
#define GOLDILOCKS_BENCH_TICKS_H

#include <stdint.h>
#include <time.h>

static inline uint64_t ticks_clock_ns(clockid_t clock) {
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}
static inline uint64_t ticks_ns(void) { return ticks_clock_ns(CLOCK_MONOTONIC); }
static inline uint64_t ticks_cpu_ns(void) { return ticks_clock_ns(CLOCK_THREAD_CPUTIME_ID); }

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#define TICKS_RDTSC 1
#define TICK_UNIT "ticks"
/* lfence came with SSE2, which i686 lacks */
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
#define TICKS_RDTSC 0
#define TICK_UNIT "ns"
static inline uint64_t ticks(void) { return ticks_ns(); }
#endif

#endif
