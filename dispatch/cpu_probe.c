/*
 * The dispatcher's CPUID and XGETBV probe (cpu_x86_64.c, included whole: the
 * same code, not a copy) as a program, built with the host's compiler by
 * dispatch/cpu_levels.py for configure.py, test/run_tests.py and
 * test/all-targets.sh, which ask it instead of /proc/cpuinfo.
 *
 *   cpu_probe            the levels this CPU and OS run, on one line: "scalar avx2"
 *   cpu_probe --explain  a line per level: "avx2: runs", "avx512ifma: lacks avx512f
 *                        avx512ifma avx512vl", or the XCR0 state components the OS
 *                        does not enable ("opmask zmm_hi256 hi16_zmm")
 *   cpu_probe --macros   a line per level: the compiler macros of the features it
 *                        checks ("avx2: __SSE3__ ..."), which configure compares with
 *                        what the level's flags define
 */
#include "cpu_x86_64.c"

/* The XCR0 state components by name, for --explain. */
static const struct state {
    const char *name;
    uint8_t bit;
} STATES[] = {
#define STATE_ROW(name, bit) {#name, bit},
    XCR0_STATES(STATE_ROW)};
#define STATES_N (sizeof STATES / sizeof STATES[0])

static void explain(const struct level *l, struct cpu c) {
    int os_ok;
    const uint32_t missing = level_missing(l, c, &os_ok);
    printf("%s:", l->name);
    if (missing) {
        printf(" lacks");
        for (int f = 0; f < FEATURES_N; f++)
            if (missing & (UINT32_C(1) << f))
                printf(" %s", FEATURES[f].name);
    } else if (!os_ok) {
        printf(" the OS does not enable the XCR0 state");
        for (size_t s = 0; s < STATES_N; s++)
            if (((l->xcr0 & ~c.xcr0) >> STATES[s].bit) & 1)
                printf(" %s", STATES[s].name);
        printf(" (XCR0 0x%llx, needs 0x%llx)", (unsigned long long)c.xcr0, (unsigned long long)l->xcr0);
    } else {
        printf(" runs");
    }
    printf("\n");
}

static void macros(const struct level *l) {
    printf("%s:", l->name);
    for (int f = 0; f < FEATURES_N; f++)
        if ((l->features & (UINT32_C(1) << f)) && FEATURES[f].macros[0])
            printf(" %s", FEATURES[f].macros);
    printf("\n");
}

int main(int argc, char **argv) {
    const struct cpu c = cpu_probe();
    const char *mode = argc > 1 ? argv[1] : "";
    if (argc > 2 || (argc == 2 && strcmp(mode, "--explain") != 0 && strcmp(mode, "--macros") != 0)) {
        fprintf(stderr, "usage: %s [--explain | --macros]\n", argv[0]);
        return 2;
    }
    const char *sep = "";
    for (size_t i = 0; i < LEVELS_N; i++) {
        if (strcmp(mode, "--explain") == 0) {
            explain(&LEVELS[i], c);
        } else if (strcmp(mode, "--macros") == 0) {
            macros(&LEVELS[i]);
        } else if (dispatch_cpu_runs(LEVELS[i].name)) {
            printf("%s%s", sep, LEVELS[i].name);
            sep = " ";
        }
    }
    if (!*mode)
        printf("\n");
    return fflush(stdout) == 0 && !ferror(stdout) ? 0 : 1;
}
