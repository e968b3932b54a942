/*
 * The statistics of every program in bench/: samples sorted in place, then
 * read.
 *
 *   bench_sort(v, n)       sorts n samples ascending: uint64_t or double.
 *   bench_stats(v, n)      sorts n uint64_t samples (n >= 1) and returns the
 *                          fastest, the median and the slowest. The median is
 *                          v[n / 2]: one of the rounds, for an even n the
 *                          upper of the middle two (the bench_* programs).
 *   bench_median_sorted(v, n)  the median of n sorted doubles (n >= 1), the
 *                          mean of the middle two for an even n
 *                          (goldilocks-speed, speed_stats.c).
 */
#ifndef GOLDILOCKS_BENCH_STATS_H
#define GOLDILOCKS_BENCH_STATS_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

static inline int bench_cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}
static inline int bench_cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}
#define bench_sort(v, n) \
    qsort((v), (n), sizeof *(v), _Generic(*(v), uint64_t: bench_cmp_u64, double: bench_cmp_double))

struct bench_stats {
    uint64_t min, median, max;
};
static inline struct bench_stats bench_stats(uint64_t *v, size_t n) {
    bench_sort(v, n);
    return (struct bench_stats){ v[0], v[n / 2], v[n - 1] };
}

static inline double bench_median_sorted(const double *v, size_t n) {
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

#endif
