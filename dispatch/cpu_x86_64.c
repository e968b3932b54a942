/*
 * CPUID probes for the backends of target x86-64, and the choice among them.
 * The same code, as the program dispatch/cpu_probe.c, is what configure.py
 * (--target auto), test/run_tests.py (--needs) and test/all-targets.sh ask
 * (dispatch/cpu_levels.py): /proc/cpuinfo's flags are not read, since a
 * hypervisor or kernel may leave a flag out that CPUID reports (abm, LZCNT).
 *
 * A level is a backend's name, and needs every instruction set its
 * code-generation flags let the compiler use, and the OS's support of the
 * registers (XGETBV: the OS saves YMM, and for AVX-512 the opmask and ZMM
 * state, on a context switch; a CPU with AVX2 under an OS without XSAVE
 * support faults on it). The levels are records of configure.py's
 * X86_64_LEVELS (name, flags, backend, and the features and XCR0 state
 * components below that it needs, by name), from which gen/gen_levels.py
 * writes LEVELS[], generated/dispatch/x86_64_levels.h; what the hardware
 * reports where, and what each feature's flags define, is here. Each feature
 * names the compiler macros its flags define, and test/cpu_probe_test.py
 * requires (configure warns) that a level's flags define exactly the macros
 * of its features under gcc and clang: the flags and the features are one fact.
 * Intel SDM vol. 2A, CPUID leaves 1, 7 and 80000001H, and XCR0 (vol. 1, 13.3).
 */
#include <cpuid.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dispatch.h"

/* The CPUID leaves the features are in, read once per probe. */
enum { LEAF_1, LEAF_7, LEAF_EXT1, LEAVES };
enum { EAX, EBX, ECX, EDX };

/* One feature: its name (/proc/cpuinfo's, where it has one; the name a level's record
   in configure.py lists it by), the compiler's macros that say its instructions may be
   used (space-separated; none for osxsave, the OS's), and where CPUID reports it. */
struct feature {
    const char *name;
    const char *macros;
    uint8_t leaf, reg, bit;
};

/* X(name, macros, leaf, register, bit): the one list the enum F_<name> and FEATURES[] are
   both made of. */
#define CPU_FEATURES(X)                                                                         \
    X(sse3, "__SSE3__", LEAF_1, ECX, 0)                                                         \
    X(ssse3, "__SSSE3__", LEAF_1, ECX, 9)                                                       \
    X(fma, "__FMA__", LEAF_1, ECX, 12)                                                          \
    X(cx16, "__GCC_HAVE_SYNC_COMPARE_AND_SWAP_16", LEAF_1, ECX, 13)                             \
    X(sse4_1, "__SSE4_1__", LEAF_1, ECX, 19)                                                    \
    X(sse4_2, "__SSE4_2__ __CRC32__", LEAF_1, ECX, 20)                                          \
    X(movbe, "__MOVBE__", LEAF_1, ECX, 22)                                                      \
    X(popcnt, "__POPCNT__", LEAF_1, ECX, 23)                                                    \
    X(xsave, "__XSAVE__", LEAF_1, ECX, 26)                                                      \
    X(osxsave, "", LEAF_1, ECX, 27)                                                             \
    X(avx, "__AVX__", LEAF_1, ECX, 28)                                                          \
    X(f16c, "__F16C__", LEAF_1, ECX, 29)                                                        \
    X(lahf_lm, "__LAHF_SAHF__", LEAF_EXT1, ECX, 0)                                              \
    X(abm, "__LZCNT__", LEAF_EXT1, ECX, 5) /* LZCNT, which /proc/cpuinfo calls abm */           \
    X(bmi1, "__BMI__", LEAF_7, EBX, 3)                                                          \
    X(avx2, "__AVX2__", LEAF_7, EBX, 5)                                                         \
    X(bmi2, "__BMI2__", LEAF_7, EBX, 8)                                                         \
    X(avx512f, "__AVX512F__", LEAF_7, EBX, 16)                                                  \
    X(avx512ifma, "__AVX512IFMA__", LEAF_7, EBX, 21)                                            \
    X(avx512vl, "__AVX512VL__", LEAF_7, EBX, 31)

#define FEATURE_ID(name, macros, leaf, reg, bit) F_##name,
enum { CPU_FEATURES(FEATURE_ID) FEATURES_N };
_Static_assert(FEATURES_N <= 32, "a level's features are a uint32_t");

#define FEATURE_ROW(name, macros, leaf, reg, bit) {#name, macros, leaf, reg, bit},
static const struct feature FEATURES[FEATURES_N] = {CPU_FEATURES(FEATURE_ROW)};

/* The XCR0 state components a level may need the OS to save (Intel SDM vol. 1, 13.1):
   sse the XMM registers, avx the upper halves of YMM, opmask k0-k7, zmm_hi256 the upper
   halves of ZMM0-15, hi16_zmm ZMM16-31. X(name, bit), as CPU_FEATURES: the enum S_<name>
   here, their names in dispatch/cpu_probe.c's messages. */
#define XCR0_STATES(X) X(sse, 1) X(avx, 2) X(opmask, 5) X(zmm_hi256, 6) X(hi16_zmm, 7)

#define STATE_ID(name, bit) S_##name = bit,
enum { XCR0_STATES(STATE_ID) };

/* A level: the features it needs and the XCR0 state components the OS must enable. */
struct level {
    const char *name;
    uint32_t features;
    uint64_t xcr0;
};

/* The levels, LEVELS[], as F(name) and S(name) of the names above: what gen/gen_levels.py
   writes from configure.py's X86_64_LEVELS (generated/dispatch/, ninja regen). */
#define F(name) (UINT32_C(1) << F_##name)
#define S(name) (UINT64_C(1) << S_##name)
#include "x86_64_levels.h"
#define LEVELS_N (sizeof LEVELS / sizeof LEVELS[0])

/* What CPUID says of this CPU: the features it has, and XCR0 (0 without OSXSAVE). */
struct cpu {
    uint32_t features;
    uint64_t xcr0;
};

static struct cpu cpu_probe(void) {
    static const unsigned leaf_number[LEAVES] = {[LEAF_1] = 1, [LEAF_7] = 7, [LEAF_EXT1] = 0x80000001};
    unsigned regs[LEAVES][4] = {{0}};
    const unsigned max = __get_cpuid_max(0, NULL), max_ext = __get_cpuid_max(0x80000000, NULL);
    for (int l = 0; l < LEAVES; l++) {
        const unsigned n = leaf_number[l];
        if (n <= (n >= 0x80000000 ? max_ext : max))
            __cpuid_count(n, 0, regs[l][EAX], regs[l][EBX], regs[l][ECX], regs[l][EDX]);
    }
    struct cpu c = {0, 0};
    for (int f = 0; f < FEATURES_N; f++)
        if ((regs[FEATURES[f].leaf][FEATURES[f].reg] >> FEATURES[f].bit) & 1)
            c.features |= UINT32_C(1) << f;
    if (c.features & F(osxsave)) {    /* XGETBV faults without it */
        uint32_t lo, hi;
        __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
        c.xcr0 = ((uint64_t)hi << 32) | lo;
    }
    return c;
}

static const struct level *level_named(const char *name) {
    for (size_t i = 0; i < LEVELS_N; i++)
        if (strcmp(LEVELS[i].name, name) == 0)
            return &LEVELS[i];
    return NULL;
}

/* The features of level l that the CPU lacks (0: none); *os_ok whether the OS enables its state. */
static uint32_t level_missing(const struct level *l, struct cpu c, int *os_ok) {
    *os_ok = (c.xcr0 & l->xcr0) == l->xcr0;
    return l->features & ~c.features;
}

int dispatch_cpu_runs(const char *name) {
    const struct level *l = level_named(name);
    if (!l)
        return 0;
    int os_ok;
    return level_missing(l, cpu_probe(), &os_ok) == 0 && os_ok;
}

size_t dispatch_choose(const char *const names[], size_t n) {
    const char *want = getenv("GOLDILOCKS_BACKEND");
    if (want && *want) {
        for (size_t i = 0; i < n; i++)
            if (strcmp(names[i], want) == 0) {
                if (dispatch_cpu_runs(names[i]))
                    return i;
                fprintf(stderr, "goldilocks: GOLDILOCKS_BACKEND=%s: this CPU cannot run it; using scalar\n", want);
                return 0;
            }
        char held[128] = "";
        for (size_t i = 0; i < n; i++) {
            strncat(held, i ? ", " : "", sizeof held - strlen(held) - 1);
            strncat(held, names[i], sizeof held - strlen(held) - 1);
        }
        fprintf(stderr, "goldilocks: GOLDILOCKS_BACKEND=%.64s is not a backend of this library (%s); using scalar\n",
                want, held);
        return 0;
    }
    size_t best = 0;
    for (size_t i = 1; i < n; i++)
        if (dispatch_cpu_runs(names[i]))
            best = i;
    return best;
}
