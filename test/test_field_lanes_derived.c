/*
 * GMP differential test of src/field/field_lanes.c: gfl_sqrn,
 * gfl_invert, gfl_isr and the per-lane tests (gfl_eq_lanes,
 * gfl_lobit_lanes, gfl_lobit), lane by lane, on the target's lane layout.
 *
 * Every case fills the GF_LANES lanes with different values: random
 * elements, the edges 0, 1, p - 1, p (= 0), p + 1 and 2^448 - 1 (read
 * through gf_deserialize, which reduces mod p), elements whose every limb
 * is at the tight bound (not canonical), and tight sums from gfl_add. Each
 * lane of the result is extracted, serialized and compared with GMP:
 * a^(2^n) mod p, a^-1 mod p (0 for a = 0), a^((p-3)/4) mod p with the
 * mask of mpz_legendre(a, p) == 1 (all ones exactly for nonzero squares).
 * All are also run in place (out == a). An lmask_t is read through
 * gfl_select (0 where the lane's mask is zero, 1 where it is all ones).
 */
#include <gmp.h>
#include <string.h>
#include "check.h"
#include "field.h"
#include "ed448_oracle.h"

static void to_mpz(mpz_t out, const uint8_t in[GF_SER_BYTES]) { mpz_import(out, GF_SER_BYTES, -1, 1, 0, 0, in); }

/* The value of a gf's limbs, not reduced (limb i weighs 2^(GF_LIMB_BITS i)). */
static void limbs_to_mpz(mpz_t out, const gf a) {
    mpz_set_ui(out, 0);
    for (int i = GF_LIMBS - 1; i >= 0; i--) {
        mpz_mul_2exp(out, out, GF_LIMB_BITS);
        mpz_add_ui(out, out, (unsigned long)a->limb[i]);
    }
}

/* The canonical bytes of x mod p. */
static void mpz_to_bytes(uint8_t out[GF_SER_BYTES], const mpz_t x) {
    mpz_t r;
    mpz_init(r);
    mpz_mod(r, x, P);
    memset(out, 0, GF_SER_BYTES);
    mpz_export(out, NULL, -1, 1, 0, 0, r);
    mpz_clear(r);
}

/*
 * Lane l of case c: an element and its value (any representative). The
 * kind cycles with c * GF_LANES + l, so the lanes of one case differ.
 */
static void element(gf out, mpz_t val, long c, unsigned l) {
    uint8_t b[GF_SER_BYTES];
    long kind = (c * GF_LANES + l) % 11;
    switch (kind) {
    case 0: mpz_set_ui(val, 0); break;
    case 1: mpz_set_ui(val, 1); break;
    case 2: mpz_sub_ui(val, P, 1); break;
    case 3: mpz_set(val, P); break;
    case 4: mpz_add_ui(val, P, 1); break;
    case 5: mpz_ui_pow_ui(val, 2, 448); mpz_sub_ui(val, val, 1); break;
    case 6:
    case 7:
        /* every limb at the tight bound, or one at it and the others random: not canonical */
        for (int i = 0; i < GF_LIMBS; i++)
            out->limb[i] = kind == 6 ? GF_TIGHT_MAX : (gf_word_t)(check_rand64() % (GF_TIGHT_MAX + 1));
        out->limb[check_rand64() % GF_LIMBS] = GF_TIGHT_MAX;
        limbs_to_mpz(val, out);
        return;
    default:
        check_randbytes(b, sizeof b);
        to_mpz(val, b);
        break;
    }
    /* 0 <= val < 2^448: through the bytes, as gf_deserialize reads them (reduced mod p) */
    memset(b, 0, sizeof b);
    mpz_export(b, NULL, -1, 1, 0, 0, val);
    (void)gf_deserialize(out, b);
}

/* Fills every lane of a; vals[l] gets lane l's value. Every third case also adds a second
 * element lane by lane (gfl_add: tight, not canonical). */
static void lanes(gfl a, mpz_t vals[GF_LANES], long c) {
    gfl b;
    mpz_t v;
    mpz_init(v);
    gfl_set_small(a, 0); /* gfl_insert keeps the other lanes: they must hold something */
    gfl_set_small(b, 0);
    for (unsigned l = 0; l < GF_LANES; l++) {
        gf t;
        element(t, vals[l], c, l);
        gfl_insert(a, l, t);
        element(t, v, c + 7, l);
        gfl_insert(b, l, t);
        if (c % 3 == 2)
            mpz_add(vals[l], vals[l], v);
    }
    if (c % 3 == 2)
        gfl_add(a, a, b);
    mpz_clear(v);
}

/* Every lane of got against want[l] (mod p). */
static void check_lanes(const gfl got, mpz_t want[GF_LANES], const char *what, long c) {
    for (unsigned l = 0; l < GF_LANES; l++) {
        gf t;
        uint8_t g[GF_SER_BYTES], w[GF_SER_BYTES];
        gfl_extract(t, got, l);
        gf_serialize(g, t);
        mpz_to_bytes(w, want[l]);
        check(memcmp(g, w, sizeof g) == 0, "case %ld lane %u: %s", c, l, what);
    }
}

static void run_sqrn(long cases) {
    static const unsigned ns[] = {0, 1, 2, 3, 5, 27, 111, 223, 446};
    mpz_t vals[GF_LANES], want[GF_LANES], e;
    mpz_init(e);
    for (unsigned l = 0; l < GF_LANES; l++) {
        mpz_init(vals[l]);
        mpz_init(want[l]);
    }
    check_test("gfl_sqrn against mpz_powm, lane by lane");
    for (long c = 0; c < cases; c++) {
        gfl a, out;
        lanes(a, vals, c);
        unsigned n = ns[c % (sizeof ns / sizeof ns[0])];
        mpz_ui_pow_ui(e, 2, n);
        for (unsigned l = 0; l < GF_LANES; l++)
            mpz_powm(want[l], vals[l], e, P);
        gfl_sqrn(out, a, n);
        check_lanes(out, want, "sqrn", c);
        gfl_sqrn(a, a, n); /* in place */
        check_lanes(a, want, "sqrn in place", c);
    }
    mpz_clear(e);
    for (unsigned l = 0; l < GF_LANES; l++) {
        mpz_clear(vals[l]);
        mpz_clear(want[l]);
    }
}

static void run_invert(long cases) {
    mpz_t vals[GF_LANES], want[GF_LANES];
    int zeros = 0, pm1 = 0;
    for (unsigned l = 0; l < GF_LANES; l++) {
        mpz_init(vals[l]);
        mpz_init(want[l]);
    }
    check_test("gfl_invert against mpz_invert, lane by lane (0 -> 0)");
    for (long c = 0; c < cases; c++) {
        gfl a, out;
        lanes(a, vals, c);
        for (unsigned l = 0; l < GF_LANES; l++) {
            mpz_mod(vals[l], vals[l], P);
            if (mpz_sgn(vals[l]) == 0) {
                mpz_set_ui(want[l], 0);
                zeros++;
            } else {
                check(mpz_invert(want[l], vals[l], P) != 0, "GMP cannot invert");
            }
            mpz_add_ui(vals[l], vals[l], 1);
            pm1 += mpz_cmp(vals[l], P) == 0;
        }
        gfl_invert(out, a);
        check_lanes(out, want, "invert", c);
        gfl_invert(a, a);
        check_lanes(a, want, "invert in place", c);
    }
    /* the cases must have held 0 and p - 1 in some lanes */
    check(zeros > 0 && pm1 > 0, "no lane held 0 (%d) or p - 1 (%d)", zeros, pm1);
    for (unsigned l = 0; l < GF_LANES; l++) {
        mpz_clear(vals[l]);
        mpz_clear(want[l]);
    }
}

/* Lane l of m: 1 where all ones, 0 where zero, -1 otherwise (read through gfl_select). */
static int lmask_lane(lmask_t m, unsigned l) {
    gfl zero, one, t;
    gf x, y;
    gfl_set_small(zero, 0);
    gfl_set_small(one, 1);
    gfl_select(t, zero, one, m);
    gfl_extract(x, t, l);
    gf_set_small(y, 1);
    if (gf_eq(x, y))
        return 1;
    return gf_is_zero(x) ? 0 : -1;
}

static void run_isr(long cases) {
    mpz_t vals[GF_LANES], want[GF_LANES], e;
    int squares = 0, nonsquares = 0, zeros = 0, mixed = 0;
    mpz_init(e);
    mpz_sub_ui(e, P, 3);
    mpz_fdiv_q_2exp(e, e, 2); /* (p-3)/4 */
    for (unsigned l = 0; l < GF_LANES; l++) {
        mpz_init(vals[l]);
        mpz_init(want[l]);
    }
    check_test("gfl_isr against mpz_powm and mpz_legendre, lane by lane");
    for (long c = 0; c < cases; c++) {
        gfl a, out;
        int sq[GF_LANES], kinds = 0;
        lanes(a, vals, c);
        if (c % 5 == 4) {
            /* lane l squared in the even lanes: squares of random and edge elements */
            gfl s;
            gfl_sqr(s, a);
            for (unsigned l = 0; l < GF_LANES; l += 2) {
                gf t;
                gfl_extract(t, s, l);
                gfl_insert(a, l, t);
                mpz_mul(vals[l], vals[l], vals[l]);
            }
        }
        for (unsigned l = 0; l < GF_LANES; l++) {
            mpz_mod(vals[l], vals[l], P);
            mpz_powm(want[l], vals[l], e, P);
            sq[l] = mpz_sgn(vals[l]) != 0 && mpz_legendre(vals[l], P) == 1;
            if (mpz_sgn(vals[l]) == 0) {
                zeros++;
                kinds |= 1;
            } else if (sq[l]) {
                squares++;
                kinds |= 2;
            } else {
                nonsquares++;
                kinds |= 4;
            }
        }
        /* as many of the three kinds (0, square, non-square) in one case as there are lanes, up to 3 */
        mixed += (kinds & 1) + (kinds >> 1 & 1) + (kinds >> 2 & 1) >= (GF_LANES < 3 ? GF_LANES : 3);
        lmask_t m = gfl_isr(out, a);
        check_lanes(out, want, "isr", c);
        for (unsigned l = 0; l < GF_LANES; l++)
            check(lmask_lane(m, l) == sq[l], "case %ld lane %u: isr mask", c, l);
        m = gfl_isr(a, a);
        check_lanes(a, want, "isr in place", c);
        for (unsigned l = 0; l < GF_LANES; l++)
            check(lmask_lane(m, l) == sq[l], "case %ld lane %u: isr mask in place", c, l);
    }
    check(zeros > 0 && squares > 0 && nonsquares > 0, "lanes: %d zero, %d squares, %d non-squares", zeros,
          squares, nonsquares);
    check(mixed > 0, "no case held 0, a square and a non-square in different lanes at once");
    mpz_clear(e);
    for (unsigned l = 0; l < GF_LANES; l++) {
        mpz_clear(vals[l]);
        mpz_clear(want[l]);
    }
}

/* gf_isr2 (field_isr2.c, or field_isr2_r50.c on avx512ifma) against mpz_powm and mpz_legendre:
 * both elements from element()'s kinds (0, 1, p - 1, p, non-canonical limbs, random), squared
 * every other case, out aliasing a, or not. */
static void run_isr2(long cases) {
    mpz_t v[2], want, e;
    int squares = 0, nonsquares = 0;
    mpz_inits(v[0], v[1], want, e, NULL);
    mpz_sub_ui(e, P, 3);
    mpz_fdiv_q_2exp(e, e, 2); /* (p-3)/4 */
    check_test("gf_isr2 against mpz_powm and mpz_legendre, both elements, in place and not");
    for (long c = 0; c < cases; c++) {
        gf a[2], out[2];
        mask_t ok[2];
        for (unsigned i = 0; i < 2; i++) {
            element(a[i], v[i], c, i);
            if ((c >> i) & 1) {
                gf_sqr(a[i], a[i]);
                mpz_mul(v[i], v[i], v[i]);
            }
            mpz_mod(v[i], v[i], P);
        }
        int in_place = c % 3 == 0;
        if (in_place) {
            gf_isr2(a, ok, (const gf_s(*)[1])a);
            memcpy(out, a, sizeof out);
        } else {
            gf_isr2(out, ok, (const gf_s(*)[1])a);
        }
        for (unsigned i = 0; i < 2; i++) {
            int sq = mpz_sgn(v[i]) != 0 && mpz_legendre(v[i], P) == 1;
            squares += sq;
            nonsquares += !sq && mpz_sgn(v[i]) != 0;
            mpz_powm(want, v[i], e, P);
            uint8_t got[GF_SER_BYTES];
            mpz_t g;
            mpz_init(g);
            gf_serialize(got, out[i]);
            to_mpz(g, got);
            check(mpz_cmp(g, want) == 0, "case %ld element %u%s: not a^((p-3)/4)", c, i, in_place ? " (in place)" : "");
            check(ok[i] == (sq ? (mask_t)-1 : 0), "case %ld element %u: mask", c, i);
            mpz_clear(g);
        }
    }
    check(squares > 0 && nonsquares > 0, "%d squares, %d non-squares", squares, nonsquares);
    mpz_clears(v[0], v[1], want, e, NULL);
}

/* gfl_eq_lanes against equal values in other representations and one lane changed;
 * gfl_lobit_lanes and gfl_lobit against the parity of the canonical value. */
static void run_tests(long cases) {
    mpz_t vals[GF_LANES];
    int odd = 0, even = 0;
    for (unsigned l = 0; l < GF_LANES; l++)
        mpz_init(vals[l]);
    check_test("gfl_eq_lanes, gfl_lobit_lanes, gfl_lobit against GMP, lane by lane");
    for (long c = 0; c < cases; c++) {
        gfl a, b;
        mask_t m[GF_LANES];
        unsigned diff = (unsigned)(c % (GF_LANES + 1)); /* GF_LANES: no lane differs */
        lanes(a, vals, c);
        gfl_set_small(b, 0);
        for (unsigned l = 0; l < GF_LANES; l++) {
            uint8_t w[GF_SER_BYTES];
            gf t;
            mpz_mod(vals[l], vals[l], P);
            if (l == diff)
                mpz_add_ui(vals[l], vals[l], 1 + (unsigned long)(c % 3) * 12345);
            mpz_to_bytes(w, vals[l]);
            check(gf_deserialize(t, w) != 0, "canonical bytes refused");
            gfl_insert(b, l, t); /* canonical limbs; a's may not be */
            if (l == diff)
                mpz_sub_ui(vals[l], vals[l], 1 + (unsigned long)(c % 3) * 12345);
        }
        gfl_eq_lanes(m, a, b);
        for (unsigned l = 0; l < GF_LANES; l++)
            check(m[l] == (l == diff ? 0 : (mask_t)-1), "case %ld lane %u: eq", c, l);
        gfl_lobit_lanes(m, a);
        lmask_t lm = gfl_lobit(a);
        for (unsigned l = 0; l < GF_LANES; l++) {
            int o = mpz_odd_p(vals[l]) != 0;
            odd += o;
            even += !o;
            check(m[l] == (o ? (mask_t)-1 : 0), "case %ld lane %u: lobit_lanes", c, l);
            check(lmask_lane(lm, l) == o, "case %ld lane %u: lobit", c, l);
        }
    }
    check(odd > 0 && even > 0, "no odd (%d) or even (%d) lane", odd, even);
    for (unsigned l = 0; l < GF_LANES; l++)
        mpz_clear(vals[l]);
}

int main(int argc, char **argv) {
    check_init("test_field_lanes_derived");
    long cases = check_slow(argc, argv) ? 20000 : 600;
    oracle_init();
    run_sqrn(cases);
    run_invert(cases);
    run_isr(cases);
    run_isr2(cases);
    run_tests(cases);
    oracle_clear();
    return check_done();
}
