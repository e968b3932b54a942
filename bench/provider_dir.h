/*
 * Where the benchmarks that load the goldilocks provider (bench_provider,
 * bench_handshake) find goldilocks.so: $GOLDILOCKS_PROVIDER_DIR when set and
 * not empty, else the directory of the program (the build directory, where
 * ninja builds both). Needs _POSIX_C_SOURCE for dirname.
 */
#ifndef GOLDILOCKS_BENCH_PROVIDER_DIR_H
#define GOLDILOCKS_BENCH_PROVIDER_DIR_H

#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>

/* The directory; argv0 is the program's argv[0]. The answer lives in a static buffer. */
static inline const char *bench_provider_dir(const char *argv0) {
    const char *dir = getenv("GOLDILOCKS_PROVIDER_DIR");
    static char self[4096];
    if (dir != NULL && *dir != '\0')
        return dir;
    snprintf(self, sizeof self, "%s", argv0);
    return dirname(self);
}

#endif
