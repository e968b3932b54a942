/*
 * goldilocks-speed's clock and statistics, on bench/ticks.h and
 * bench/stats.h. The clock is rdtsc on x86 (lfence on both sides keeps it
 * in program order): ticks of the time-stamp counter, which on CPUs with
 * constant_tsc runs at a fixed rate, not at the core's current clock;
 * elsewhere CLOCK_MONOTONIC nanoseconds. Every round also reads
 * CLOCK_MONOTONIC, so ns/op is measured, not converted, and
 * CLOCK_THREAD_CPUTIME_ID around both: a round whose wall time exceeds the
 * thread's CPU time was preempted (a machine shared with other work), and
 * speed_main.c leaves it out.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "speed.h"
#include "stats.h"
#include "ticks.h"

const char *speed_tick_unit(void) { return TICKS_RDTSC ? "rdtsc ticks" : "ns"; }

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
#if TICKS_RDTSC
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

void speed_summarize(double *ticks, double *ns, size_t n, struct speed_stats *out) {
    bench_sort(ticks, n);
    bench_sort(ns, n);
    out->median = bench_median_sorted(ticks, n);
    out->min = ticks[0];
    out->max = ticks[n - 1];
    out->median_ns = bench_median_sorted(ns, n);
    out->rounds = (unsigned long)n;
}
