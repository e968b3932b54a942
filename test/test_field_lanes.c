/*
 * The lane-parallel field API (src/field/field.h, "Lanes") of the target's
 * lane layout, against GMP lane by lane and against the scalar gf_ functions.
 *
 * Every lane of every input holds a different element: random limbs, and
 * the extremes of every limb (all at the tight or loose maximum, zero, the
 * limbs of p and of 2p, one limb at its maximum and the others zero, ...),
 * a different pattern in each lane. Each result lane must be congruent mod p
 * to what GMP computes from that lane's limbs, and within its bound (tight,
 * or loose for add_nr / sub_nr, which must also be exact). Then: insert /
 * extract round trips, broadcast, set_small, copy; per-lane masks (all 16
 * patterns of 4 lanes, or every pattern of the layout's lanes) for select,
 * cond_swap, cond_neg and addsub; every permutation index vector; and the
 * lanes against gf_mul, gf_sqr, ... on the extracted elements.
 * The limbs of a lane are read through the layout's own representation
 * (raw_get below): the test knows the two shapes, a gf per lane (scalar)
 * and limb i of every lane in one vector (avx2: 64-bit lanes; neon: 32-bit lanes).
 * On the avx2 target a CPU without AVX2 skips the whole program, and one
 * without AVX-512 IFMA on a target with the avx512ifma lanes.
 */
#include <gmp.h>
#include <stdio.h>
#include <string.h>
#include "field.h"
#include "check.h"
#include "ed448_oracle.h"

/* ---- raw limbs of a lane ---- */

#ifdef GFL_LIMBS
/* a vector layout: limb i of every lane in a->limb[i] */
#define RAW_LIMBS GFL_LIMBS
#define RAW_BITS GFL_LIMB_BITS
#define RAW_TIGHT ((uint64_t)GFL_TIGHT_MAX)
#define RAW_LOOSE ((uint64_t)GFL_LOOSE_MAX)
/* lanes of 64 bits (AVX2) or of 32 bits (NEON's uint32x2_t) */
#define RAW_LANE_BYTES (sizeof(((gfl_s *)0)->limb[0]) / GF_LANES)
static uint64_t raw_get(const gfl a, unsigned lane, unsigned i) {
    if (RAW_LANE_BYTES == 8) {
        uint64_t v[GF_LANES];
        memcpy(v, &a->limb[i], sizeof v);
        return v[lane];
    }
    uint32_t v[GF_LANES];
    memcpy(v, &a->limb[i], sizeof v);
    return v[lane];
}
static void raw_set(gfl a, unsigned lane, unsigned i, uint64_t x) {
    if (RAW_LANE_BYTES == 8) {
        uint64_t v[GF_LANES];
        memcpy(v, &a->limb[i], sizeof v);
        v[lane] = x;
        memcpy(&a->limb[i], v, sizeof v);
        return;
    }
    uint32_t v[GF_LANES];
    memcpy(v, &a->limb[i], sizeof v);
    v[lane] = (uint32_t)x;
    memcpy(&a->limb[i], v, sizeof v);
}
#else
/* the portable layout: a gf per lane */
#define RAW_LIMBS GF_LIMBS
#define RAW_BITS GF_LIMB_BITS
#define RAW_TIGHT ((uint64_t)GF_TIGHT_MAX)
#define RAW_LOOSE ((uint64_t)GF_LOOSE_MAX)
static uint64_t raw_get(const gfl a, unsigned lane, unsigned i) { return a->lane[lane].limb[i]; }
static void raw_set(gfl a, unsigned lane, unsigned i, uint64_t x) { a->lane[lane].limb[i] = (gf_word_t)x; }
#endif

#define RAW_MASK ((((uint64_t)1) << RAW_BITS) - 1)

static void lane_mpz(mpz_t out, const gfl a, unsigned lane) {
    mpz_set_ui(out, 0);
    for (int i = RAW_LIMBS - 1; i >= 0; i--) {
        mpz_mul_2exp(out, out, RAW_BITS);
        mpz_add_ui(out, out, (unsigned long)raw_get(a, lane, (unsigned)i));
    }
}

static int lane_le(const gfl a, unsigned lane, uint64_t max) {
    for (unsigned i = 0; i < RAW_LIMBS; i++)
        if (raw_get(a, lane, i) > max) return 0;
    return 1;
}

static void gf_mpz(mpz_t out, const gf a) {
    mpz_set_ui(out, 0);
    for (int i = GF_LIMBS - 1; i >= 0; i--) {
        mpz_mul_2exp(out, out, GF_LIMB_BITS);
        mpz_add_ui(out, out, (unsigned long)a->limb[i]);
    }
}

static int eq_mod_p(const mpz_t x, const mpz_t y) {
    mpz_t d;
    mpz_init(d);
    mpz_sub(d, x, y);
    mpz_mod(d, d, P);
    int ok = mpz_sgn(d) == 0;
    mpz_clear(d);
    return ok;
}

/* Number of lane input patterns (fill_lane) beyond the random ones. */
enum { PATTERNS = 12 };

/* Lane `lane` of a = pattern `pat` with limbs at most max (tight or loose). */
static void fill_lane(gfl a, unsigned lane, int pat, uint64_t max) {
    for (unsigned i = 0; i < RAW_LIMBS; i++) {
        uint64_t v;
        uint64_t p_i = (i == RAW_LIMBS / 2) ? RAW_MASK - 1 : RAW_MASK;   /* limbs of p */
        switch (pat) {
        case 0: v = max; break;                                   /* every limb at its bound */
        case 1: v = 0; break;
        case 2: v = p_i; break;                                   /* p */
        case 3: v = 2 * p_i <= max ? 2 * p_i : p_i; break;        /* 2p where it fits */
        case 4: v = RAW_MASK; break;                              /* 2^448 - 1 */
        case 5: v = i == 0 ? 1 : 0; break;
        case 6: v = i == RAW_LIMBS - 1 ? max : 0; break;          /* top limb alone */
        case 7: v = i == RAW_LIMBS / 2 ? max : 0; break;          /* the limb at 2^224 alone */
        case 8: v = (i & 1) ? max : 0; break;
        case 9: v = max - (i & 1); break;
        case 10: v = (i == RAW_LIMBS - 1 || i == RAW_LIMBS / 2 - 1) ? max : p_i; break;
        case 11: v = p_i + 1 <= max ? p_i + 1 : max; break;       /* p + 1 per limb */
        default: {
            uint64_t r = check_rand64();
            switch (r & 7) {
            case 0: v = max; break;
            case 1: v = max - 1; break;
            case 2: v = 0; break;
            case 3: v = RAW_MASK <= max ? RAW_MASK : max; break;
            default: v = (r >> 3) % (max + 1); break;
            }
        }
        }
        raw_set(a, lane, i, v);
    }
}

/* Every lane of a with a different pattern, shifted by round. */
static void fill(gfl a, int round, uint64_t max) {
    for (unsigned k = 0; k < GF_LANES; k++) {
        int pat = (round + 5 * (int)k) % (PATTERNS + 8);
        fill_lane(a, k, pat, max);
    }
}

/* ---- arithmetic against GMP, lane by lane ---- */

enum op { MUL, SQR, MULW, ADD, SUB, ADD_NR, SUB_NR, NEG, WEAK };
static const char *const OP_NAMES[] = {"gfl_mul", "gfl_sqr", "gfl_mulw", "gfl_add", "gfl_sub",
                                       "gfl_add_nr", "gfl_sub_nr", "gfl_neg", "gfl_weak_reduce"};

static void test_op(enum op op, int rounds) {
    char name[64];
    snprintf(name, sizeof name, "%s against GMP, lane by lane", OP_NAMES[op]);
    check_test(name);
    int loose_in = op == MUL || op == SQR || op == MULW || op == WEAK;
    uint64_t max = loose_in ? RAW_LOOSE : RAW_TIGHT;
    mpz_t x, y, want, got;
    mpz_inits(x, y, want, got, NULL);
    for (int r = 0; r < rounds; r++) {
        gfl a, b, out;
        fill(a, r, max);
        fill(b, r * 7 + 3, max);
        uint32_t w = (uint32_t)(r % 3 == 0 ? GF_MULW_MAX : r % 3 == 1 ? check_rand64() % (GF_MULW_MAX + 1) : (uint64_t)r);
        gfl a_in;
        gfl_copy(a_in, a);
        switch (op) {
        case MUL: gfl_mul(out, a, b); break;
        case SQR: gfl_sqr(out, a); break;
        case MULW: gfl_mulw(out, a, w); break;
        case ADD: gfl_add(out, a, b); break;
        case SUB: gfl_sub(out, a, b); break;
        case ADD_NR: gfl_add_nr(out, a, b); break;
        case SUB_NR: gfl_sub_nr(out, a, b); break;
        case NEG: gfl_neg(out, a); break;
        case WEAK: gfl_copy(out, a); gfl_weak_reduce(out); break;
        }
        for (unsigned k = 0; k < GF_LANES; k++) {
            lane_mpz(x, a_in, k);
            lane_mpz(y, b, k);
            switch (op) {
            case MUL: mpz_mul(want, x, y); break;
            case SQR: mpz_mul(want, x, x); break;
            case MULW: mpz_mul_ui(want, x, w); break;
            case ADD: case ADD_NR: mpz_add(want, x, y); break;
            case SUB: case SUB_NR: mpz_sub(want, x, y); break;
            case NEG: mpz_neg(want, x); break;
            case WEAK: mpz_set(want, x); break;
            }
            lane_mpz(got, out, k);
            check(eq_mod_p(got, want), "%s round %d lane %u: wrong value", OP_NAMES[op], r, k);
            uint64_t bound = (op == ADD_NR || op == SUB_NR) ? RAW_LOOSE : RAW_TIGHT;
            check(lane_le(out, k, bound), "%s round %d lane %u: a limb over its bound", OP_NAMES[op], r, k);
            if (op == ADD_NR) {
                check(mpz_cmp(got, want) == 0, "gfl_add_nr round %d lane %u: not exact", r, k);
                for (unsigned i = 0; i < RAW_LIMBS; i++)
                    check(raw_get(out, k, i) == raw_get(a_in, k, i) + raw_get(b, k, i),
                          "gfl_add_nr round %d lane %u limb %u", r, k, i);
            }
            if (op == SUB_NR) {
                /* exact: a - b plus a multiple of p that makes every limb nonnegative */
                mpz_sub(got, got, want);
                check(mpz_sgn(got) > 0 && mpz_divisible_p(got, P), "gfl_sub_nr round %d lane %u: not a - b + kp", r, k);
            }
        }
        /* in place: out aliasing a */
        gfl c;
        gfl_copy(c, a_in);
        switch (op) {
        case MUL: gfl_mul(c, c, b); break;
        case SQR: gfl_sqr(c, c); break;
        case MULW: gfl_mulw(c, c, w); break;
        case ADD: gfl_add(c, c, b); break;
        case SUB: gfl_sub(c, c, b); break;
        case ADD_NR: gfl_add_nr(c, c, b); break;
        case SUB_NR: gfl_sub_nr(c, c, b); break;
        case NEG: gfl_neg(c, c); break;
        case WEAK: gfl_weak_reduce(c); break;
        }
        check(memcmp(c, out, sizeof c) == 0, "%s round %d: in place differs", OP_NAMES[op], r);
    }
    mpz_clears(x, y, want, got, NULL);
}

/* ---- between gf and lanes ---- */

/* A tight gf: random limbs, or extremes of the scalar layout. */
static void random_gf(gf out, int r) {
    for (unsigned i = 0; i < GF_LIMBS; i++) {
        uint64_t x = check_rand64();
        switch ((r + (int)i) % 6) {
        case 0: out->limb[i] = GF_TIGHT_MAX; break;
        case 1: out->limb[i] = 0; break;
        case 2: out->limb[i] = GF_LIMB_MASK; break;
        default: out->limb[i] = (gf_word_t)(x % ((uint64_t)GF_TIGHT_MAX + 1)); break;
        }
    }
    if (r % 11 == 0)
        for (unsigned i = 0; i < GF_LIMBS; i++) out->limb[i] = GF_TIGHT_MAX;
}

static int gf_le(const gf a, uint64_t max) {
    for (unsigned i = 0; i < GF_LIMBS; i++)
        if ((uint64_t)a->limb[i] > max) return 0;
    return 1;
}

static void test_insert_extract(void) {
    check_test("gfl_insert / gfl_extract / gfl_broadcast round trips");
    mpz_t x, y;
    mpz_inits(x, y, NULL);
    for (int r = 0; r < 300; r++) {
        gfl a, before;
        fill(a, r, RAW_TIGHT);
        gfl_copy(before, a);
        gf g, h;
        random_gf(g, r);
        unsigned lane = (unsigned)r % GF_LANES;
        gfl_insert(a, lane, g);
        gf_mpz(x, g);
        for (unsigned k = 0; k < GF_LANES; k++) {
            lane_mpz(y, a, k);
            if (k == lane) {
                check(mpz_cmp(x, y) == 0, "insert round %d: lane %u is not the element", r, k);
                check(lane_le(a, k, RAW_TIGHT), "insert round %d: lane %u not tight", r, k);
            } else {
                for (unsigned i = 0; i < RAW_LIMBS; i++)
                    check(raw_get(a, k, i) == raw_get(before, k, i), "insert round %d: lane %u changed", r, k);
            }
            gfl_extract(h, a, k);
            gf_mpz(x, h);
            check(eq_mod_p(x, y), "extract round %d lane %u: wrong value", r, k);
            check(gf_le(h, GF_TIGHT_MAX), "extract round %d lane %u: not tight", r, k);
            gf_mpz(x, g);
        }
        gfl_broadcast(a, g);
        for (unsigned k = 0; k < GF_LANES; k++) {
            lane_mpz(y, a, k);
            check(mpz_cmp(x, y) == 0 && lane_le(a, k, RAW_TIGHT), "broadcast round %d lane %u", r, k);
        }
    }
    /* extract of the extreme tight lanes (every limb at the tight maximum, ...) */
    for (int pat = 0; pat < PATTERNS; pat++) {
        gfl a;
        for (unsigned k = 0; k < GF_LANES; k++) fill_lane(a, k, pat, RAW_TIGHT);
        gf h;
        gfl_extract(h, a, (unsigned)pat % GF_LANES);
        lane_mpz(y, a, (unsigned)pat % GF_LANES);
        gf_mpz(x, h);
        check(eq_mod_p(x, y) && gf_le(h, GF_TIGHT_MAX), "extract of pattern %d", pat);
    }
    for (int r = 0; r < 40; r++) {
        uint32_t w = r == 0 ? 0xffffffffu : r == 1 ? 0 : (uint32_t)check_rand64();
        gfl a;
        gfl_set_small(a, w);
        for (unsigned k = 0; k < GF_LANES; k++) {
            lane_mpz(y, a, k);
            check(mpz_cmp_ui(y, w) == 0 && lane_le(a, k, RAW_MASK), "set_small %#x lane %u", w, k);
        }
    }
    mpz_clears(x, y, NULL);
}

/* ---- masks, selection, patterns ---- */

static void test_masks(void) {
    check_test("gfl_select / gfl_cond_swap / gfl_cond_neg / gfl_addsub, a different mask per lane");
    mpz_t x, y, z, want;
    mpz_inits(x, y, z, want, NULL);
    for (unsigned pattern = 0; pattern < (1u << GF_LANES); pattern++) {
        for (int r = 0; r < 12; r++) {
            lmask_t lm = lmask_pattern(pattern); /* lmask_make of (pattern bit k) ? -1 : 0 in lane k */
            gfl a, b, out, a2, b2;
            fill(a, r + (int)pattern, RAW_TIGHT);
            fill(b, 3 * r + 1, RAW_TIGHT);
            gfl_select(out, a, b, lm);
            gfl_copy(a2, a);
            gfl_copy(b2, b);
            gfl_cond_swap(a2, b2, lm);
            for (unsigned k = 0; k < GF_LANES; k++) {
                int on = (pattern >> k) & 1;
                for (unsigned i = 0; i < RAW_LIMBS; i++) {
                    check(raw_get(out, k, i) == raw_get(on ? b : a, k, i), "select %#x lane %u limb %u", pattern, k, i);
                    check(raw_get(a2, k, i) == raw_get(on ? b : a, k, i)
                          && raw_get(b2, k, i) == raw_get(on ? a : b, k, i), "cond_swap %#x lane %u limb %u", pattern, k, i);
                }
            }
            gfl_copy(a2, a);
            gfl_cond_neg(a2, lm);
            gfl_addsub(out, a, b, lm);
            for (unsigned k = 0; k < GF_LANES; k++) {
                int on = (pattern >> k) & 1;
                lane_mpz(x, a, k);
                lane_mpz(y, b, k);
                lane_mpz(z, a2, k);
                if (on) {
                    mpz_neg(want, x);
                    check(eq_mod_p(z, want) && lane_le(a2, k, RAW_TIGHT), "cond_neg %#x lane %u", pattern, k);
                } else {
                    for (unsigned i = 0; i < RAW_LIMBS; i++)
                        check(raw_get(a2, k, i) == raw_get(a, k, i), "cond_neg %#x lane %u changed", pattern, k);
                }
                if (on) mpz_sub(want, x, y); else mpz_add(want, x, y);
                lane_mpz(z, out, k);
                check(eq_mod_p(z, want) && lane_le(out, k, RAW_TIGHT), "addsub %#x lane %u round %d", pattern, k, r);
            }
            /* addsub in place */
            gfl_copy(a2, a);
            gfl_addsub(a2, a2, b, lm);
            check(memcmp(a2, out, sizeof out) == 0, "addsub in place %#x", pattern);
        }
    }
    mpz_clears(x, y, z, want, NULL);
}

static void test_permute(void) {
    unsigned total = 1;
    for (unsigned k = 0; k < GF_LANES; k++) total *= GF_LANES;
    /* every index vector up to 4 lanes (256 of them); 4096 random ones beyond */
    int every = total <= 4096;
    check_test(every ? "gfl_permute, every index vector" : "gfl_permute, 4096 random index vectors");
    for (unsigned code = 0; code < (every ? total : 4096); code++) {
        unsigned char idx[GF_LANES];
        unsigned c = every ? code : (unsigned)(check_rand64() % total);
        for (unsigned k = 0; k < GF_LANES; k++) {
            idx[k] = (unsigned char)(c % GF_LANES);
            c /= GF_LANES;
        }
        gfl a, out;
        fill(a, (int)code, RAW_LOOSE);
        gfl_permute(out, a, idx);
        for (unsigned k = 0; k < GF_LANES; k++)
            for (unsigned i = 0; i < RAW_LIMBS; i++)
                check(raw_get(out, k, i) == raw_get(a, idx[k], i), "permute %u lane %u limb %u", code, k, i);
        gfl_permute(a, a, idx);
        check(memcmp(a, out, sizeof out) == 0, "permute %u in place", code);
    }
}

/* ---- against the scalar gf_ functions ---- */

static void test_against_scalar(void) {
    check_test("lanes against gf_mul, gf_sqr, gf_mulw, gf_add, gf_sub, gf_neg on the extracted elements");
    for (int r = 0; r < 200; r++) {
        gf ga[GF_LANES], gb[GF_LANES];
        gfl a, b, o[6];
        for (unsigned k = 0; k < GF_LANES; k++) {
            random_gf(ga[k], r * 4 + (int)k);
            random_gf(gb[k], r * 9 + (int)k + 1);
            gfl_insert(a, k, ga[k]);
            gfl_insert(b, k, gb[k]);
        }
        uint32_t w = (uint32_t)(check_rand64() % (GF_MULW_MAX + 1));
        gfl_mul(o[0], a, b);
        gfl_sqr(o[1], a);
        gfl_mulw(o[2], a, w);
        gfl_add(o[3], a, b);
        gfl_sub(o[4], a, b);
        gfl_neg(o[5], a);
        for (unsigned k = 0; k < GF_LANES; k++) {
            gf want[6], got;
            gf_mul(want[0], ga[k], gb[k]);
            gf_sqr(want[1], ga[k]);
            gf_mulw(want[2], ga[k], w);
            gf_add(want[3], ga[k], gb[k]);
            gf_sub(want[4], ga[k], gb[k]);
            gf_neg(want[5], ga[k]);
            for (int j = 0; j < 6; j++) {
                uint8_t x[GF_SER_BYTES], y[GF_SER_BYTES];
                gfl_extract(got, o[j], k);
                gf_serialize(x, got);
                gf_serialize(y, want[j]);
                check(memcmp(x, y, sizeof x) == 0, "operation %d round %d lane %u differs from gf_", j, r, k);
            }
        }
    }
}

int main(int argc, char **argv) {
    check_init("test_field_lanes");
    int slow = check_slow(argc, argv);
#if defined(__x86_64__) || defined(__i386__)
    if (strcmp(GF_LANES_NAME, "avx2") == 0 && !__builtin_cpu_supports("avx2")) {
        check_test("the avx2 lane layout");
        check_skip("this CPU lacks AVX2");
        return check_done();
    }
    if (strcmp(GF_LANES_NAME, "avx512ifma") == 0
        && !(__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512ifma"))) {
        check_test("the avx512ifma lane layout");
        check_skip("this CPU lacks AVX-512 IFMA");
        return check_done();
    }
#endif
    printf("lane layout %s, %d lanes\n", GF_LANES_NAME, GF_LANES);
    oracle_init();
    int rounds = slow ? 20000 : 600;
    for (int op = MUL; op <= WEAK; op++) test_op((enum op)op, rounds);
    test_insert_extract();
    test_masks();
    test_permute();
    test_against_scalar();
    oracle_clear();
    return check_done();
}
