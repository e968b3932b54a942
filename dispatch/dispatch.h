/*
 * Run-time choice of a backend in a library that holds several (target
 * x86-64; HACKING.md, "Targets, backends and dispatch"). The generated
 * dispatch.c (gen/gen_dispatch.py) defines every public function by a call
 * through the table of the backend that dispatch_choose picks, once.
 */
#ifndef GOLDILOCKS_DISPATCH_H
#define GOLDILOCKS_DISPATCH_H

#include <stddef.h>

/*
 * 1 when this CPU and its OS run the code of the backend called name (a level
 * of configure.py's X86_64_LEVELS, in cpu_x86_64.c's table: scalar, avx2,
 * avx512ifma), else 0. The program dispatch/cpu_probe.c prints the same
 * answers for configure and the tests.
 */
__attribute__((visibility("hidden"))) int dispatch_cpu_runs(const char *name);

/*
 * The index in names[0..n-1] of the backend to use. names[0] is "scalar"
 * (runs anywhere), the others in increasing order of preference. With
 * GOLDILOCKS_BACKEND set and not empty: that backend if the library holds it
 * and the CPU runs it, else one line on stderr and 0. Unset: the last one the
 * CPU runs. Called once per process (pthread_once).
 */
__attribute__((visibility("hidden"))) size_t dispatch_choose(const char *const names[], size_t n);

#endif
