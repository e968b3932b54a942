/*
 * Field benchmark: rdtsc ticks per operation (x86; nanoseconds elsewhere)
 * of gf_mul, gf_sqr, gf_mulw, gf_invert and gf_isr of the layout the library
 * is built for, beside a GMP baseline (mpn_mul_n of 448 bits in GMP's limbs,
 * 7 of 64 bits or 14 of 32, and mpn_tdiv_qr by p) measured in the same run.
 *
 * Each operation runs in batches of dependent calls (out feeds the next
 * input); the batches of all operations are interleaved, and the median
 * batch is reported, so that frequency drift and neighbours hit them alike.
 *
 * On x86-64 the table also has "mul products" and "sqr products": a bare
 * stream of as many word products as gf_mul and gf_sqr make
 * (GF_MUL_PRODUCTS, GF_SQR_PRODUCTS: 48 and 30 for 8x56), each accumulated
 * and nothing else (mulx, add, adc into double words for 64-bit words; a
 * load, imul, add for 32-bit words). That is the work every schedule with
 * that many products does, so the gap between a routine and its stream is
 * what the rest (half sums, carries, loads and stores) costs. `--glue`
 * times what one more instruction per product costs beside the stream.
 *
 *   bench_field                 the table
 *   bench_field --glue          the glue study (x86-64 with BMI2)
 *   bench_field --only OP N     OP (mul, sqr, mulw, invert, isr, gmp) N times
 *                               alone, for valgrind --tool=callgrind
 */
#define _POSIX_C_SOURCE 200809L     /* clock_gettime (ticks.h) */
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "field.h"
#include "stats.h"
#include "ticks.h"

enum { GMP_LIMBS = 448 / GMP_NUMB_BITS, ROUNDS = 301 };

static gf x, y;
static mp_limb_t gx[2 * GMP_LIMBS], gy[GMP_LIMBS], gp[GMP_LIMBS], gq[GMP_LIMBS + 1];

static void op_mul(void) { gf_mul(x, x, y); }
static void op_sqr(void) { gf_sqr(x, x); }
static void op_mulw(void) { gf_mulw(x, x, 39081); }
static void op_invert(void) { gf_invert(x, x); }
static void op_isr(void) { (void)gf_isr(x, x); }
static void op_gmp(void) {
    mp_limb_t prod[2 * GMP_LIMBS];
    mpn_mul_n(prod, gx, gy, GMP_LIMBS);
    mpn_tdiv_qr(gq, gx, 0, prod, 2 * GMP_LIMBS, gp, GMP_LIMBS);
}

#if defined(__x86_64__) && (GF_LIMB_BITS <= 32 || defined(__BMI2__))
#define HAVE_STREAM 1     /* mulx needs BMI2 (-march=x86-64-v3) */
#else
#define HAVE_STREAM 0
#endif

#if HAVE_STREAM
/*
 * n word products (n even) into four accumulators, read from `words` (the
 * values do not matter: nothing reads the sums). EXTRA is one more
 * instruction per product for the glue study, on registers that no product
 * touches. Four accumulators, because the same stream into two runs
 * measurably slower (47.6 against 43.7 ticks for 48 products here); for
 * 32-bit words one load and a register imul, which ran faster than two
 * loads (86.5 against 88 ticks for 108 products).
 */
static uint64_t words[4] = {0x0123456789abcdefu, 0xfedcba9876543210u, 0x0f1e2d3c4b5a6978u, 0x1u};
#if GF_LIMB_BITS > 32
#define PRODUCT(off, lo, hi, extra) \
    "mulx " off "(%0), %%rax, %%rcx\n\tadd %%rax, %%" lo "\n\tadc %%rcx, %%" hi "\n\t" extra
#else
#define PRODUCT(off, lo, hi, extra) \
    "mov " off "(%0), %%eax\n\timul %%rsi, %%rax\n\tadd %%rax, %%" lo "\n\t" extra
#endif
#define PRODUCTS(n, extra)                                                                      \
    do {                                                                                        \
        _Static_assert((n) % 2 == 0, "an even number of products");                             \
        __asm__ volatile(".rept %c1\n\t" PRODUCT("0", "r8", "r9", extra)                         \
                         PRODUCT("8", "r10", "r11", extra) PRODUCT("16", "r12", "r13", extra)   \
                         PRODUCT("24", "r14", "r15", extra) ".endr\n\t"                          \
                         ".rept %c2\n\t" PRODUCT("0", "r8", "r9", extra)                         \
                         PRODUCT("8", "r10", "r11", extra) ".endr"                               \
                         :                                                                      \
                         : "r"(words), "i"((n) / 4), "i"((n) % 4 / 2), "d"(words[3]),           \
                           "S"(words[2])                                                        \
                         : "rax", "rcx", "rdi", "r8", "r9", "r10", "r11", "r12", "r13", "r14",   \
                           "r15", "cc", "memory");                                              \
    } while (0)

static void op_mul_products(void) { PRODUCTS(GF_MUL_PRODUCTS, ""); }
static void op_sqr_products(void) { PRODUCTS(GF_SQR_PRODUCTS, ""); }
#endif

static const struct {
    const char *name;
    void (*fn)(void);
    int batch;
} OPS[] = {
    {"mul", op_mul, 100},       {"sqr", op_sqr, 100},    {"mulw", op_mulw, 100},
    {"invert", op_invert, 4},   {"isr", op_isr, 4},      {"gmp mul+mod", op_gmp, 100},
#if HAVE_STREAM
    {"mul products", op_mul_products, 100}, {"sqr products", op_sqr_products, 100},
#endif
};
enum { NOPS = sizeof OPS / sizeof OPS[0] };

static void setup(void) {
    gf_set_small(x, 0x1234567);
    gf_set_small(y, 0x89abcde);
    for (int i = 0; i < 8; i++) {
        gf_mul(x, x, y);
        gf_add(y, y, x);
    }
    /* p = 2^448 - 2^224 - 1: all ones but bit 224 */
    _Static_assert(448 % GMP_NUMB_BITS == 0 && GMP_NAIL_BITS == 0, "GMP limbs that tile 448 bits");
    for (int i = 0; i < GMP_LIMBS; i++) {
        gp[i] = ~(mp_limb_t)0;
        gx[i] = (mp_limb_t)(0x0123456789abcdefull * (unsigned)(i + 3));
        gy[i] = (mp_limb_t)(0xfedcba9876543210ull ^ (unsigned)i);
    }
    gp[224 / GMP_NUMB_BITS] &= ~((mp_limb_t)1 << (224 % GMP_NUMB_BITS));
    gx[GMP_LIMBS - 1] >>= 1;      /* x, y < p */
    gy[GMP_LIMBS - 1] >>= 1;
}

#define MAX_TIMED 16

/* Median ticks per call of each of n <= MAX_TIMED functions, batches interleaved. */
static void time_interleaved(void (*const *fns)(void), const int *batch, int n, double *out) {
    static uint64_t samples[MAX_TIMED][ROUNDS];
    for (int r = 0; r < ROUNDS; r++) {
        for (int k = 0; k < n; k++) {
            uint64_t t0 = ticks();
            for (int i = 0; i < batch[k]; i++)
                fns[k]();
            samples[k][r] = ticks() - t0;
        }
    }
    for (int k = 0; k < n; k++)
        out[k] = (double)bench_stats(samples[k], ROUNDS).median / batch[k];
}

#if HAVE_STREAM && GF_LIMB_BITS > 32
/*
 * The glue study: 48 mulx alone, the 48-product stream of an 8x56 gf_mul,
 * then that stream with one more instruction per product. Each added
 * instruction writes rdi after a zeroing xor (which the core drops at
 * rename), so the added instructions form no dependency chain and touch
 * nothing the stream uses: what one costs beside the stream is what each
 * instruction of glue costs a multiplication.
 */
#define ZERO_RDI "xor %%edi, %%edi\n\t"
static void gl_mulx(void) {
    __asm__ volatile(".rept 12\n\tmulx (%0), %%rax, %%rcx\n\tmulx 8(%0), %%r8, %%r9\n\t"
                     "mulx 16(%0), %%r10, %%r11\n\tmulx 24(%0), %%rax, %%rcx\n\t.endr"
                     :
                     : "r"(words), "d"(words[3])
                     : "rax", "rcx", "r8", "r9", "r10", "r11", "memory");
}
static void gl_none(void) { PRODUCTS(48, ""); }
static void gl_xor(void) { PRODUCTS(48, ZERO_RDI); }
static void gl_add(void) { PRODUCTS(48, ZERO_RDI "add %%rsi, %%rdi\n\t"); }
static void gl_and(void) { PRODUCTS(48, ZERO_RDI "and %%rsi, %%rdi\n\t"); }
static void gl_lea(void) { PRODUCTS(48, "lea 3(%%rsi,%%rsi), %%rdi\n\t"); }
static void gl_shr(void) { PRODUCTS(48, ZERO_RDI "shr $5, %%rdi\n\t"); }
static void gl_shrd(void) { PRODUCTS(48, ZERO_RDI "shrd $56, %%rsi, %%rdi\n\t"); }
static void gl_load(void) { PRODUCTS(48, "mov 16(%0), %%rdi\n\t"); }

static int glue_study(void) {
    static void (*const fns[])(void) = {gl_mulx, gl_none, gl_xor, gl_add,  gl_and,
                                        gl_lea,  gl_shr,  gl_shrd, gl_load};
    static const char *const what[] = {"48 mulx alone", "48 x (mulx, add, adc)",
                                       "+ xor (zero idiom)", "+ add r,r", "+ and r,r", "+ lea",
                                       "+ shr imm", "+ shrd imm", "+ load"};
    enum { N = sizeof fns / sizeof fns[0] };
    _Static_assert(N <= MAX_TIMED, "too many functions to time");
    int batch[N];
    double t[N];
    for (int k = 0; k < N; k++)
        batch[k] = 100;
    time_interleaved(fns, batch, N, t);
    printf("glue study: median %s per stream (%d interleaved rounds)\n", TICK_UNIT, ROUNDS);
    printf("  %-24s %8.1f\n", what[0], t[0]);
    printf("  %-24s %8.1f\n", what[1], t[1]);
    for (int k = 2; k < N; k++)
        printf("  %-24s %8.1f   %+.2f %s per added instruction\n", what[k], t[k], (t[k] - t[1]) / 48,
               TICK_UNIT);
    return 0;
}
#endif

int main(int argc, char **argv) {
    setup();
    if (argc == 4 && strcmp(argv[1], "--only") == 0) {
        long n = atol(argv[3]);
        for (int k = 0; k < NOPS; k++) {
            if (strcmp(OPS[k].name, argv[2]) == 0 ||
                (strcmp(argv[2], "gmp") == 0 && strncmp(OPS[k].name, "gmp", 3) == 0)) {
                for (long i = 0; i < n; i++)
                    OPS[k].fn();
                uint8_t out[GF_SER_BYTES];
                gf_serialize(out, x);
                printf("%s x %ld done (%02x)\n", OPS[k].name, n, out[0] ^ (uint8_t)gx[0]);
                return 0;
            }
        }
        fprintf(stderr, "bench_field: unknown op %s (mul, sqr, mulw, invert, isr, gmp)\n", argv[2]);
        return 2;
    }
    if (argc == 2 && strcmp(argv[1], "--glue") == 0) {
#if HAVE_STREAM && GF_LIMB_BITS > 32
        return glue_study();
#else
        fprintf(stderr, "bench_field: --glue needs x86-64 with BMI2 and a 64-bit layout\n");
        return 2;
#endif
    }
    if (argc > 1) {
        fprintf(stderr, "usage: bench_field [--glue | --only OP N]\n");
        return 2;
    }
    for (int warm = 0; warm < 2000; warm++)
        op_mul();
    _Static_assert(NOPS <= MAX_TIMED, "too many functions to time");
    void (*fns[NOPS])(void);
    int batch[NOPS];
    double t[NOPS];
    for (int k = 0; k < NOPS; k++) {
        fns[k] = OPS[k].fn;
        batch[k] = OPS[k].batch;
    }
    time_interleaved(fns, batch, NOPS, t);
    printf("field, %d limbs of %d bits: median %s per operation (%d interleaved rounds)\n",
           GF_LIMBS, GF_LIMB_BITS, TICK_UNIT, ROUNDS);
    for (int k = 0; k < NOPS; k++)
        printf("  %-12s %10.1f\n", OPS[k].name, t[k]);
    return 0;
}
