/*
 * goldilocks-speed's clock and statistics. The clock is rdtsc on x86-64
 * (lfence on both sides keeps it in program order): ticks of the
 * time-stamp counter, which on CPUs with constant_tsc runs at a fixed rate,
 * not at the core's current clock; elsewhere CLOCK_MONOTONIC nanoseconds.
 * Every round also reads CLOCK_MONOTONIC, so ns/op is measured, not
 * converted, and CLOCK_THREAD_CPUTIME_ID around both: a round whose wall
 * time exceeds the thread's CPU time was preempted (a machine shared with
 * other work), and speed_main.c leaves it out.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "speed.h"

#if defined(__x86_64__)
#include <x86intrin.h>
uint64_t speed_ticks(void) {
    _mm_lfence();
    uint64_t t = __rdtsc();
    _mm_lfence();
    return t;
}
const char *speed_tick_unit(void) { return "rdtsc ticks"; }
#else
uint64_t speed_ticks(void) { return speed_ns(); }
const char *speed_tick_unit(void) { return "ns"; }
#endif

uint64_t speed_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

uint64_t speed_cpu_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Whether /proc/cpuinfo's first "flags" line has the word w. */
static int cpu_flag(const char *w) {
    FILE *f = fopen("/proc/cpuinfo", "r");
    char line[8192];
    int found = 0;
    if (!f)
        return 0;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "flags", 5) != 0)
            continue;
        for (char *t = strtok(strchr(line, ':') ? strchr(line, ':') + 1 : line, " \t\n"); t; t = strtok(NULL, " \t\n"))
            if (strcmp(t, w) == 0)
                found = 1;
        break;
    }
    fclose(f);
    return found;
}

void speed_clock_note(char *buf, size_t len) {
#if defined(__x86_64__)
    int constant = cpu_flag("constant_tsc"), nonstop = cpu_flag("nonstop_tsc");
    if (constant && nonstop)
        snprintf(buf, len, "rdtsc ticks; the TSC is invariant (constant_tsc nonstop_tsc): a fixed rate, not the "
                           "core's clock, which turbo and power states change");
    else
        snprintf(buf, len, "rdtsc ticks; the TSC is not known to be invariant (%s%s missing in /proc/cpuinfo): "
                           "ticks may follow the core's clock",
                 constant ? "" : "constant_tsc ", nonstop ? "" : "nonstop_tsc");
#else
    (void)cpu_flag;
    snprintf(buf, len, "CLOCK_MONOTONIC ns (no cycle counter read on this target)");
#endif
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median_sorted(const double *v, size_t n) {
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

void speed_summarize(double *ticks, double *ns, size_t n, struct speed_stats *out) {
    qsort(ticks, n, sizeof *ticks, cmp_double);
    qsort(ns, n, sizeof *ns, cmp_double);
    out->median = median_sorted(ticks, n);
    out->min = ticks[0];
    out->max = ticks[n - 1];
    out->median_ns = median_sorted(ns, n);
    out->rounds = (unsigned long)n;
}
