/*
 * The portable twin (generated/r50_portable/gf4r50.h) and the IFMA intrinsics
 * (generated/lanes_avx512ifma/gf4r50.h) agree, byte for byte: every intrinsic the twin
 * defines and every gf4r50.h routine, on random words and on the boundary words (0, 1,
 * 2^52 - 1, 2^52, 2^63, 2^64 - 1, the bounds of test_gf4r50.c), for both schedules of the
 * products (GF4R50_PAIRED 0 and 1). The two headers define the same names, so each is
 * compiled into its own objects (test/gf4r50_side.c, test/gf4r50_side.h): hw_p0 / hw_p1
 * with the IFMA flags, tw_p0 / tw_p1 without.
 *
 * Where the twin is built (targets avx512ifma, x86-64, r50-portable) its intrinsics are
 * also checked against a plain reference written here, lane by lane from Intel's
 * description, its table against the twin header's definitions (none missed), and its two
 * schedules of the products against each other (the same bytes on any input). The
 * comparison with the hardware is skipped, never passed, where the CPU lacks AVX-512 IFMA
 * or the build has no IFMA lanes (r50-portable).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "gf4r50_side.h"

#if GF4R50_TWIN_TW

#define M52 ((1ull << 52) - 1)

/* The boundary words: the instruction's (52-bit multiplier inputs, the sign bit, all ones)
 * and the bounds of gf4r50.h (test_gf4r50.c: reduced, loose, the 56-bit limbs' in and out). */
static const uint64_t BOUNDARY[] = {
    0, 1, 2, 3, 63, 64, (1ull << 50) - 1, 1ull << 50, (1ull << 50) - 1 + (1ull << 10), (1ull << 48) - 1 + (1ull << 10),
    M52, 1ull << 52, (1ull << 52) + 1, (1ull << 56) - 1, 0x300000010000000ull, 0x100000010000000ull, 131071, 131072,
    1ull << 63, (1ull << 63) - 1, ~0ull, ~0ull - 1, 0xffffffffull, 0x8000000000000001ull,
};
enum { NBOUNDARY = sizeof BOUNDARY / sizeof BOUNDARY[0] };

/* Words by kind: 0 random, 1 boundary, 2 random below 2^52, 3 below 2^50 + 2^10 (reduced), 4 any of these. */
static uint64_t word(int kind) {
    const uint64_t r = check_rand64();
    if (kind == 4) kind = (int)(check_rand64() % 4);
    switch (kind) {
    case 0: return r;
    case 1: return BOUNDARY[r % NBOUNDARY];
    case 2: return r & M52;
    default: return r % ((1ull << 50) + (1ull << 10));
    }
}

static void words(uint64_t *w, size_t n, int kind) {
    for (size_t i = 0; i < n; i++) w[i] = word(kind);
}

static void print_words(const char *label, const uint64_t *w, size_t n) {
    fprintf(stderr, "  %s:", label);
    for (size_t i = 0; i < n; i++) fprintf(stderr, " %016llx", (unsigned long long)w[i]);
    fprintf(stderr, "\n");
}

/* ---- the reference: each intrinsic lane by lane, as Intel describes the instruction ---- */

typedef side_intrinsic_fn ref_fn;
#define REF(name) static void ref##name(uint64_t o[8], const uint64_t a[8], const uint64_t b[8], const uint64_t c[8], uint64_t s)
#define FOR(n) for (int k = 0; k < (n); k++)
#define SILENCE (void)a, (void)b, (void)c, (void)s

/* The low and high 52 bits of the 104-bit product of x and y's low 52 bits, from 26-bit
 * halves (no 128-bit integer, unlike the twin). */
static uint64_t mul52_lo(uint64_t x, uint64_t y) {
    x &= M52, y &= M52;
    const uint64_t x0 = x & 0x3ffffff, x1 = x >> 26, y0 = y & 0x3ffffff, y1 = y >> 26;
    return (x0 * y0 + ((x1 * y0 + x0 * y1) << 26)) & M52;
}
static uint64_t mul52_hi(uint64_t x, uint64_t y) {
    x &= M52, y &= M52;
    const uint64_t x0 = x & 0x3ffffff, x1 = x >> 26, y0 = y & 0x3ffffff, y1 = y >> 26;
    const uint64_t lo = x0 * y0, mid = x1 * y0 + x0 * y1;
    return x1 * y1 + ((mid + (lo >> 26)) >> 26);
}

REF(_mm256_add_epi64) { SILENCE; FOR(4) o[k] = a[k] + b[k]; }
REF(_mm256_sub_epi64) { SILENCE; FOR(4) o[k] = a[k] - b[k]; }
REF(_mm256_and_si256) { SILENCE; FOR(4) o[k] = a[k] & b[k]; }
REF(_mm256_or_si256) { SILENCE; FOR(4) o[k] = a[k] | b[k]; }
REF(_mm256_xor_si256) { SILENCE; FOR(4) o[k] = a[k] ^ b[k]; }
REF(_mm256_slli_epi64) { SILENCE; FOR(4) o[k] = s < 64 ? a[k] << s : 0; }
REF(_mm256_srli_epi64) { SILENCE; FOR(4) o[k] = s < 64 ? a[k] >> s : 0; }
REF(_mm256_madd52lo_epu64) { SILENCE; FOR(4) o[k] = a[k] + mul52_lo(b[k], c[k]); }
REF(_mm256_madd52hi_epu64) { SILENCE; FOR(4) o[k] = a[k] + mul52_hi(b[k], c[k]); }
REF(_mm256_set1_epi64x) { SILENCE; FOR(4) o[k] = a[0]; }
REF(_mm256_setr_epi64x) { SILENCE; FOR(4) o[k] = a[k]; }
REF(_mm256_setzero_si256) { SILENCE; FOR(4) o[k] = 0; }
REF(_mm256_cmpeq_epi64) { SILENCE; FOR(4) o[k] = a[k] == b[k] ? ~0ull : 0; }
REF(_mm256_mask_blend_epi64) { SILENCE; FOR(4) o[k] = (s >> k & 1) ? b[k] : a[k]; }
REF(_mm256_permutexvar_epi64) { SILENCE; FOR(4) o[k] = b[a[k] % 4]; }
REF(_mm256_unpacklo_epi64) { SILENCE; o[0] = a[0], o[1] = b[0], o[2] = a[2], o[3] = b[2]; }
REF(_mm256_unpackhi_epi64) { SILENCE; o[0] = a[1], o[1] = b[1], o[2] = a[3], o[3] = b[3]; }
REF(_mm256_permute2x128_si256) {
    SILENCE;
    for (int h = 0; h < 2; h++) {
        const unsigned ctl = (unsigned)(s >> (4 * h)) & 15;
        const uint64_t *from = (ctl & 2) ? b : a;
        const int half = ctl & 1;
        for (int j = 0; j < 2; j++) o[2 * h + j] = (ctl & 8) ? 0 : from[2 * half + j];
    }
}
REF(_mm256_loadu_si256) { SILENCE; FOR(4) o[k] = a[k]; }
REF(_mm256_storeu_si256) { SILENCE; FOR(4) o[k] = a[k]; }
REF(_mm512_add_epi64) { SILENCE; FOR(8) o[k] = a[k] + b[k]; }
REF(_mm512_slli_epi64) { SILENCE; FOR(8) o[k] = s < 64 ? a[k] << s : 0; }
REF(_mm512_madd52lo_epu64) { SILENCE; FOR(8) o[k] = a[k] + mul52_lo(b[k], c[k]); }
REF(_mm512_madd52hi_epu64) { SILENCE; FOR(8) o[k] = a[k] + mul52_hi(b[k], c[k]); }
REF(_mm512_setzero_si512) { SILENCE; FOR(8) o[k] = 0; }
REF(_mm512_broadcast_i64x4) { SILENCE; FOR(8) o[k] = a[k % 4]; }
REF(_mm512_castsi256_si512) { SILENCE; FOR(4) o[k] = a[k]; }
REF(_mm512_castsi512_si256) { SILENCE; FOR(4) o[k] = a[k]; }
REF(_mm512_extracti64x4_epi64) { SILENCE; FOR(4) o[k] = a[4 * (s & 1) + k]; }
REF(_mm512_inserti64x4) { SILENCE; FOR(8) o[k] = (unsigned)k / 4 == (s & 1) ? b[k % 4] : a[k]; }

#define R(name) {#name, ref##name}
static const struct {
    const char *name;
    ref_fn *fn;
} REFERENCE[] = {
    R(_mm256_add_epi64), R(_mm256_sub_epi64), R(_mm256_and_si256), R(_mm256_or_si256), R(_mm256_xor_si256),
    R(_mm256_slli_epi64), R(_mm256_srli_epi64), R(_mm256_madd52lo_epu64), R(_mm256_madd52hi_epu64),
    R(_mm256_set1_epi64x), R(_mm256_setr_epi64x), R(_mm256_setzero_si256), R(_mm256_cmpeq_epi64),
    R(_mm256_mask_blend_epi64), R(_mm256_permutexvar_epi64), R(_mm256_unpacklo_epi64), R(_mm256_unpackhi_epi64),
    R(_mm256_permute2x128_si256), R(_mm256_loadu_si256), R(_mm256_storeu_si256), R(_mm512_add_epi64),
    R(_mm512_slli_epi64), R(_mm512_madd52lo_epu64), R(_mm512_madd52hi_epu64), R(_mm512_setzero_si512),
    R(_mm512_broadcast_i64x4), R(_mm512_castsi256_si512), R(_mm512_castsi512_si256), R(_mm512_extracti64x4_epi64),
    R(_mm512_inserti64x4),
};
enum { NREFERENCE = sizeof REFERENCE / sizeof REFERENCE[0] };

static ref_fn *reference(const char *name) {
    for (int i = 0; i < NREFERENCE; i++)
        if (strcmp(REFERENCE[i].name, name) == 0) return REFERENCE[i].fn;
    return NULL;
}

/* ---- the lists: the twin header's definitions, each side's table ---- */

/* The names (Intel's: "r50" dropped) of every r50_mm* the twin header defines, in its order. */
static int twin_header_names(char names[][48], int max) {
    char path[4096];
    snprintf(path, sizeof path, "%s/generated/r50_portable/gf4r50.h", GOLDILOCKS_SOURCE_DIR);
    FILE *f = fopen(path, "r");
    if (!check(f != NULL, "cannot read %s", path)) return -1;
    char line[512];
    int n = 0;
    while (fgets(line, sizeof line, f)) {
        const char *p = strstr(line, " r50_mm");
        if (strncmp(line, "R50_TWIN_INLINE ", 16) != 0 || !p) continue;
        p += strlen(" r50");
        size_t len = strcspn(p, "(");
        if (n < max && len < 48) {
            memcpy(names[n], p, len);
            names[n][len] = 0;
        }
        n++;
    }
    fclose(f);
    return n;
}

static void test_lists(void) {
    check_test("the sides' tables: every r50_mm* of the twin header, in its order, on every side, "
               "and a reference for each");
    char names[64][48];
    const int n = twin_header_names(names, 64);
    if (n < 0) return;
    const struct gf4r50_side *sides[] = {
        &tw_p0_side, &tw_p1_side,
#if GF4R50_TWIN_HW
        &hw_p0_side, &hw_p1_side,
#endif
    };
    check(n > 0 && n <= 64, "the twin header defines %d intrinsics", n);
    for (size_t s = 0; s < sizeof sides / sizeof sides[0]; s++) {
        const struct gf4r50_side *side = sides[s];
        if (!check((int)side->n_intrinsics == n, "side %s wraps %u intrinsics, the twin header defines %d",
                   side->name, side->n_intrinsics, n))
            continue;
        for (int i = 0; i < n && i < 64; i++)
            check(strcmp(side->intrinsics[i].name, names[i]) == 0, "side %s: entry %d is %s, the twin header's is %s",
                  side->name, i, side->intrinsics[i].name, names[i]);
    }
    check(NREFERENCE == n, "%d references for %d intrinsics", NREFERENCE, n);
    for (int i = 0; i < n && i < 64; i++) check(reference(names[i]) != NULL, "no reference for %s", names[i]);
}

/* ---- one intrinsic on two implementations (two sides, or a side and the reference) ---- */

/* The number s of case t: every immediate in turn, then at random; masks at random. */
static uint64_t operand_s(const struct side_intrinsic *e, long t) {
    if (e->imm_max) return t <= (long)e->imm_max ? (uint64_t)t : check_rand64() % (e->imm_max + 1);
    return t < 256 ? (uint64_t)t : word(4);
}

static int same_intrinsic(const struct side_intrinsic *e, side_intrinsic_fn *f, side_intrinsic_fn *g,
                          const char *what, long n) {
    for (long t = 0; t < n; t++) {
        uint64_t a[8], b[8], c[8], x[8], y[8];
        const int kind = t < 5 * 64 ? (int)(t % 5) : 4;
        words(a, 8, kind);
        words(b, 8, kind);
        words(c, 8, kind);
        if (t % 7 == 3) memcpy(b, a, sizeof b);   /* equal lanes, for cmpeq */
        const uint64_t s = operand_s(e, t);
        memset(x, 0x5a, sizeof x);
        memset(y, 0xa5, sizeof y);
        f(x, a, b, c, s);
        g(y, a, b, c, s);
        if (!check(memcmp(x, y, e->words * sizeof x[0]) == 0, "%s %s, case %ld: the words differ", what, e->name, t)) {
            print_words("a", a, 8), print_words("b", b, 8), print_words("c", c, 8);
            fprintf(stderr, "  s: %llu\n", (unsigned long long)s);
            print_words("first", x, e->words), print_words("second", y, e->words);
            return 0;
        }
    }
    return 1;
}

static void test_twin_vs_reference(const struct gf4r50_side *tw) {
    char name[160];
    snprintf(name, sizeof name, "the twin's intrinsics (%s) vs the reference: random and boundary words, "
             "every immediate", tw->name);
    check_test(name);
    for (unsigned i = 0; i < tw->n_intrinsics; i++) {
        const struct side_intrinsic *e = &tw->intrinsics[i];
        ref_fn *r = reference(e->name);
        if (!check(r != NULL, "no reference for %s", e->name)) continue;
        same_intrinsic(e, e->fn, r, "twin vs reference:", check_reps(4000));
    }
}

/* ---- the routines on two sides ---- */

static int same(const void *x, const void *y, size_t len, const char *what, const char *routine, long t) {
    return check(memcmp(x, y, len) == 0, "%s: gf4r50_%s, case %ld: the bytes differ", what, routine, t);
}

static void elem(side_elem *e, int kind) { words(&e->w[0][0], SIDE_LIMBS * SIDE_LANES, kind); }

static void same_routines(const struct gf4r50_side *p, const struct gf4r50_side *q, long n) {
    char what[64];
    snprintf(what, sizeof what, "%s vs %s", p->name, q->name);
    static const uint32_t MULW[] = {0, 1, 2, 39081, 131071, 131072, 0xffffffffu};
    static const unsigned LOOKUP_SIZES[] = {
#define E(k) k,
        SIDE_LOOKUP_SIZES(E)
#undef E
    };
    int ok = 1;
    for (long t = 0; t < n && ok; t++) {
        const int kind = t < 50 ? (int)(t % 5) : 4;
        side_elem a, b, x, y;
        elem(&a, kind);
        elem(&b, t % 3 ? kind : 4);
        ok &= (p->mul(&x, &a, &b), q->mul(&y, &a, &b), same(&x, &y, sizeof x, what, "mul", t));
        ok &= (p->sqr(&x, &a), q->sqr(&y, &a), same(&x, &y, sizeof x, what, "sqr", t));
        const uint32_t w = t < 7 ? MULW[t] : t % 2 ? (uint32_t)check_rand64() % 131072 : (uint32_t)check_rand64();
        ok &= (p->mulw(&x, &a, w), q->mulw(&y, &a, w), same(&x, &y, sizeof x, what, "mulw", t));
        ok &= (p->addsub(&x, &a, &b, (unsigned)t & 255), q->addsub(&y, &a, &b, (unsigned)t & 255),
               same(&x, &y, sizeof x, what, "addsub", t));
        ok &= (p->add(&x, &a, &b), q->add(&y, &a, &b), same(&x, &y, sizeof x, what, "add", t));
        ok &= (p->carry(&x, &a), q->carry(&y, &a), same(&x, &y, sizeof x, what, "carry", t));
        side_cols cv, cx, cy;
        side_rows rv, rx, ry;
        words(&cv.w[0][0], 8 * SIDE_LANES, kind);
        words(&rv.w[0][0], 8 * SIDE_LANES, kind);
        ok &= (p->from_limbs56(&x, &cv), q->from_limbs56(&y, &cv), same(&x, &y, sizeof x, what, "from_limbs56", t));
        ok &= (p->to_limbs56(&cx, &a), q->to_limbs56(&cy, &a), same(&cx, &cy, sizeof cx, what, "to_limbs56", t));
        ok &= (p->rows_to_columns56(&cx, &rv), q->rows_to_columns56(&cy, &rv),
               same(&cx, &cy, sizeof cx, what, "rows_to_columns56", t));
        ok &= (p->columns_to_rows56(&rx, &cv), q->columns_to_rows56(&ry, &cv),
               same(&rx, &ry, sizeof rx, what, "columns_to_rows56", t));
        ok &= (p->broadcast_row56(&cx, rv.w[0]), q->broadcast_row56(&cy, rv.w[0]),
               same(&cx, &cy, sizeof cx, what, "broadcast_row56", t));
        long long l[SIDE_LANES];
        for (int k = 0; k < SIDE_LANES; k++) l[k] = (long long)word(kind);
        ok &= (p->permute(&x, &a, l), q->permute(&y, &a, l), same(&x, &y, sizeof x, what, "permute", t));
        ok &= (p->blend(&x, &a, &b, (unsigned)t & 255), q->blend(&y, &a, &b, (unsigned)t & 255),
               same(&x, &y, sizeof x, what, "blend", t));
        ok &= (p->select(&x, &a, &b, l), q->select(&y, &a, &b, l), same(&x, &y, sizeof x, what, "select", t));
        static side_elem table[SIDE_TABLE_MAX];
        for (int j = 0; j < SIDE_TABLE_MAX; j++) elem(&table[j], kind);
        const unsigned size = LOOKUP_SIZES[t % (sizeof LOOKUP_SIZES / sizeof LOOKUP_SIZES[0])];
        const uint32_t index = t % 4 == 3 ? (uint32_t)check_rand64() : (uint32_t)(check_rand64() % (size + 2));
        ok &= (p->lookup(&x, table, size, index), q->lookup(&y, table, size, index), same(&x, &y, sizeof x, what, "lookup", t));
        uint8_t bytes[SIDE_LANES * 56], bx[57], by[57];
        if (kind == 1 && t % 2) memset(bytes, t % 4 ? 0xff : 0, sizeof bytes);
        else
            for (size_t i = 0; i < sizeof bytes; i += 8) {
                const uint64_t v = word(kind);
                memcpy(bytes + i, &v, 8);
            }
        ok &= (p->from_bytes(&x, bytes), q->from_bytes(&y, bytes), same(&x, &y, sizeof x, what, "from_bytes", t));
        ok &= (p->to_bytes(bx, &a, (unsigned)t % 4), q->to_bytes(by, &a, (unsigned)t % 4), same(bx, by, sizeof bx, what, "to_bytes", t));
        uint64_t wx[SIDE_LANES], wy[SIDE_LANES];
        ok &= (p->lanes(wx, l), q->lanes(wy, l), same(wx, wy, sizeof wx, what, "lanes", t));
        ok &= (p->splat(wx, (uint64_t)l[0]), q->splat(wy, (uint64_t)l[0]), same(wx, wy, sizeof wx, what, "splat", t));
        ok &= (p->zero_word(wx), q->zero_word(wy), same(wx, wy, sizeof wx, what, "zero_word", t));
    }
}

/* The twin's two schedules of the products (and the rest, the same text): the same bytes on any
 * input, in or out of gf4r50.h's bounds (the words the hardware is compared on). */
static void test_twin_schedules(void) {
    check_test("tw_p0 vs tw_p1: the twin's routines with GF4R50_PAIRED 0 and 1, byte for byte");
    same_routines(&tw_p0_side, &tw_p1_side, check_reps(3000));
}

#if GF4R50_TWIN_HW || defined(__AVX512IFMA__)
static int cpu_has_ifma(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
           __builtin_cpu_supports("avx512ifma");
}
#endif

#if GF4R50_TWIN_HW

static void test_hw_vs_twin(const struct gf4r50_side *hw, const struct gf4r50_side *tw) {
    char name[200];
    snprintf(name, sizeof name, "%s vs %s: every intrinsic and every routine (GF4R50_PAIRED %d), random and boundary "
             "words, byte for byte", hw->name, tw->name, hw->paired);
    check_test(name);
    if (!cpu_has_ifma()) {
        check_skip("this CPU lacks AVX-512 IFMA: the intrinsics cannot run here (the twin was checked "
                   "against the reference only)");
        return;
    }
    if (!check(hw->n_intrinsics == tw->n_intrinsics, "the sides wrap %u and %u intrinsics", hw->n_intrinsics,
               tw->n_intrinsics))
        return;
    for (unsigned i = 0; i < hw->n_intrinsics; i++) {
        if (!check(strcmp(hw->intrinsics[i].name, tw->intrinsics[i].name) == 0, "entry %u: %s and %s", i,
                   hw->intrinsics[i].name, tw->intrinsics[i].name))
            continue;
        same_intrinsic(&hw->intrinsics[i], hw->intrinsics[i].fn, tw->intrinsics[i].fn, "hw vs twin:", check_reps(4000));
    }
    same_routines(hw, tw, check_reps(3000));
}
#endif

int main(int argc, char **argv) {
    (void)argc;
    (void)argv;
    check_init("test_gf4r50_twin");
#ifdef __AVX512IFMA__
    /* target avx512ifma: every object here, the twin's too, is built for IFMA */
    if (!cpu_has_ifma()) {
        check_test("the IFMA intrinsics vs the twin, and the twin vs the reference");
        check_skip("this CPU lacks AVX-512 IFMA, which this whole program (target avx512ifma) is built for");
        return check_done();
    }
#endif
    test_lists();
    test_twin_vs_reference(&tw_p0_side);
    test_twin_vs_reference(&tw_p1_side);
    test_twin_schedules();
#if GF4R50_TWIN_HW
    test_hw_vs_twin(&hw_p0_side, &tw_p0_side);
    test_hw_vs_twin(&hw_p1_side, &tw_p1_side);
#else
    check_test("the IFMA intrinsics vs the twin");
    check_skip("this build has no IFMA lanes (target r50-portable): the twin was checked against the reference only");
#endif
    return check_done();
}

#else
int main(void) {
    check_init("test_gf4r50_twin");
    check_test("the IFMA intrinsics vs the twin");
    check_skip("the build has no radix-2^50 lanes (targets avx512ifma, x86-64 and r50-portable have)");
    return check_done();
}
#endif
