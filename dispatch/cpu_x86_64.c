/*
 * CPUID probes for the backends of target x86-64, and the choice among them.
 *
 * A backend's code may use every instruction its -march allows, so the probe
 * asks for all of them and for the OS's support of the registers (XGETBV:
 * the OS saves YMM, and for AVX-512 the opmask and ZMM state, on a context
 * switch; a CPU with AVX2 under an OS without XSAVE support faults on it).
 *   avx2:       x86-64-v3 (AVX, AVX2, BMI1, BMI2, FMA, F16C, LZCNT, MOVBE,
 *               XSAVE/OSXSAVE). Not ADX: -march=x86-64-v3 never emits
 *               adcx/adox, Haswell has AVX2 without it, and valgrind (which
 *               hides ADX) must run this backend for ninja ctcheck.
 *   avx512ifma: the above and AVX-512 F, VL and IFMA (52-bit multiplies)
 * Intel SDM vol. 2A, CPUID leaves 1 and 7, and XCR0 (vol. 1, 13.3).
 */
#include <cpuid.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dispatch.h"

static uint64_t xcr0(void) {
    uint32_t lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return ((uint64_t)hi << 32) | lo;
}

/* Which of the levels the CPU and OS provide: 0 none, 1 avx2, 2 avx512ifma too. */
static int cpu_level(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d))
        return 0;
    const unsigned leaf1_c = c;
    const int fma = (leaf1_c >> 12) & 1, movbe = (leaf1_c >> 22) & 1, osxsave = (leaf1_c >> 27) & 1,
              avx = (leaf1_c >> 28) & 1, f16c = (leaf1_c >> 29) & 1;
    if (!(fma && movbe && osxsave && avx && f16c))
        return 0;
    if ((xcr0() & 0x6) != 0x6)              /* XMM and YMM state */
        return 0;
    if (!__get_cpuid(0x80000001, &a, &b, &c, &d) || !((c >> 5) & 1))   /* LZCNT */
        return 0;
    if (__get_cpuid_max(0, NULL) < 7)
        return 0;
    __cpuid_count(7, 0, a, b, c, d);
    const int bmi1 = (b >> 3) & 1, avx2 = (b >> 5) & 1, bmi2 = (b >> 8) & 1;
    if (!(bmi1 && avx2 && bmi2))
        return 0;
    const int avx512f = (b >> 16) & 1, ifma = (b >> 21) & 1, vl = (b >> 31) & 1;
    if (avx512f && ifma && vl && (xcr0() & 0xe0) == 0xe0)   /* opmask, ZMM0-15 upper, ZMM16-31 */
        return 2;
    return 1;
}

int dispatch_cpu_runs(const char *name) {
    if (strcmp(name, "scalar") == 0)
        return 1;
    if (strcmp(name, "avx2") == 0)
        return cpu_level() >= 1;
    if (strcmp(name, "avx512ifma") == 0)
        return cpu_level() >= 2;
    return 0;
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
