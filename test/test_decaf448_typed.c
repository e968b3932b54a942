/*
 * The typed decaf448 API (include/goldilocks.h, "decaf448, typed"):
 *
 * - scalars against GMP: reduction of 56 and 112 bytes, the canonical
 *   check at its edges, add, sub, mul, neg, invert (mpz_invert), eq, random;
 * - points against the RFC 9496 vectors (generator multiples, invalid
 *   encodings, element derivation) and against the byte functions
 *   (scalarmult, scalarmult_base, add, from_uniform) on random inputs;
 * - algebraic identities: P - P, -(-P), 2P = P + P, [a]([b]P) = [ab]P,
 *   [1/a]([a]P) = P, [a]P + [b]Q = double_scalarmult_vartime(a, P, b, Q);
 * - the contract: every NULL argument (-1 or a zeroed output), and every
 *   output over every input, exactly and at partial offsets;
 * - the non-point (the all-zero object that a failed decode or a NULL
 *   argument leaves): equal to nothing, itself included, encoded as 56
 *   bytes of 0xff that no decode accepts, and every operation on it gives
 *   it again (never a point);
 * - Debian's libdecaf (built with HAVE_LIBDECAF, where configure finds it):
 *   every operation on the same random inputs, encoding by encoding.
 */
#include <gmp.h>
#include <stdio.h>
#include <string.h>
#include "goldilocks.h"
#include "check.h"
#include "json.h"
#include "ed448_oracle.h"

#ifdef HAVE_LIBDECAF
#include <decaf/point_448.h>
#endif

typedef goldilocks_decaf448_point point;
typedef goldilocks_decaf448_scalar scalar;

enum { N = GOLDILOCKS_DECAF448_BYTES, W = 2 * GOLDILOCKS_DECAF448_SCALAR_BYTES, ITER = 64 };

static const uint8_t ZERO[N];

/* A typed scalar from a value below l, through the canonical decoder. */
static void scalar_of(scalar *out, const mpz_t v) {
    uint8_t b[N];
    mpz_to_le(b, N, v);
    check(goldilocks_decaf448_scalar_from_canonical_bytes(out, b) == 0, "canonical decode of a value < l failed");
}

/* 1 when s holds the value want (read back with to_bytes). */
static int scalar_is(const scalar *s, const mpz_t want) {
    uint8_t got[N], exp[N];
    goldilocks_decaf448_scalar_to_bytes(got, s);
    mpz_to_le(exp, N, want);
    return memcmp(got, exp, N) == 0;
}

static void random_mod_l(mpz_t v) {
    uint8_t b[W];
    check_randbytes(b, W);
    le_to_mpz(v, b, W);
    mpz_mod(v, v, L);
}

/* ---- scalars against GMP ---- */

static void test_scalars(void) {
    mpz_t a, b, r, t;
    mpz_inits(a, b, r, t, NULL);
    scalar sa, sb, sr;

    check_test("scalar_from_bytes and _from_wide_bytes: the bytes mod l (GMP)");
    for (int i = 0; i < 4 * ITER; i++) {
        uint8_t in[W];
        check_randbytes(in, W);
        if (i < 4)
            memset(in, i < 2 ? 0xff : 0, W); /* the largest and zero */
        goldilocks_decaf448_scalar_from_bytes(&sr, in);
        le_to_mpz(t, in, N);
        mpz_mod(t, t, L);
        check(scalar_is(&sr, t), "from_bytes %d", i);
        goldilocks_decaf448_scalar_from_wide_bytes(&sr, in);
        le_to_mpz(t, in, W);
        mpz_mod(t, t, L);
        check(scalar_is(&sr, t), "from_wide_bytes %d", i);
    }

    check_test("scalar_from_canonical_bytes: accepts exactly the values below l");
    {
        /* 0, 1, l - 1 accepted; l, l + 1, 2^446, 2^448 - 1 and random values >= l refused. */
        static const int offsets[] = { -1, 0, 1 };
        uint8_t in[N];
        for (int k = 0; k < 3; k++) {
            mpz_set(t, L);
            if (offsets[k] < 0)
                mpz_sub_ui(t, t, 1);
            else
                mpz_add_ui(t, t, (unsigned long)offsets[k]);
            mpz_to_le(in, N, t);
            memset(&sr, 0xaa, sizeof sr);
            int rc = goldilocks_decaf448_scalar_from_canonical_bytes(&sr, in);
            if (offsets[k] < 0)
                check(rc == 0 && scalar_is(&sr, t), "l - 1 refused");
            else
                check(rc == -1 && check_all_zero(&sr, sizeof sr), "l + %d accepted (or output not zeroed)", offsets[k]);
        }
        memset(in, 0, N);
        mpz_set_ui(t, 0);
        check(goldilocks_decaf448_scalar_from_canonical_bytes(&sr, in) == 0 && scalar_is(&sr, t), "0 refused");
        in[0] = 1;
        mpz_set_ui(t, 1);
        check(goldilocks_decaf448_scalar_from_canonical_bytes(&sr, in) == 0 && scalar_is(&sr, t), "1 refused");
        memset(in, 0, N);
        in[55] = 0x40; /* 2^446 */
        check(goldilocks_decaf448_scalar_from_canonical_bytes(&sr, in) == -1 && check_all_zero(&sr, sizeof sr),
              "2^446 accepted");
        memset(in, 0xff, N);
        check(goldilocks_decaf448_scalar_from_canonical_bytes(&sr, in) == -1 && check_all_zero(&sr, sizeof sr),
              "2^448 - 1 accepted");
        for (int i = 0; i < 4 * ITER; i++) {
            check_randbytes(in, N);
            if (i & 1)
                in[55] &= 0x3f; /* below 2^446: mostly < l, sometimes in [l, 2^446) */
            le_to_mpz(t, in, N);
            int want = mpz_cmp(t, L) < 0 ? 0 : -1;
            memset(&sr, 0xaa, sizeof sr);
            int rc = goldilocks_decaf448_scalar_from_canonical_bytes(&sr, in);
            check(rc == want, "random %d: %d, want %d", i, rc, want);
            if (want == 0)
                check(scalar_is(&sr, t), "random %d: wrong value", i);
            else
                check(check_all_zero(&sr, sizeof sr), "random %d: refused but output not zeroed", i);
        }
        /* Values in [l, 2^446), where only the comparison with l decides. */
        for (int i = 0; i < ITER; i++) {
            random_mod_l(r);
            mpz_ui_pow_ui(t, 2, 446);
            mpz_sub(t, t, L);
            mpz_mod(r, r, t);
            mpz_add(t, L, r); /* l + (random mod 2^446 - l) */
            mpz_to_le(in, N, t);
            check(goldilocks_decaf448_scalar_from_canonical_bytes(&sr, in) == -1, "l + small %d accepted", i);
        }
    }

    check_test("scalar add, sub, mul, neg, eq against GMP");
    for (int i = 0; i < 4 * ITER; i++) {
        random_mod_l(a);
        random_mod_l(b);
        if (i == 0)
            mpz_sub_ui(a, L, 1), mpz_sub_ui(b, L, 1);
        if (i == 1)
            mpz_set_ui(a, 0);
        scalar_of(&sa, a);
        scalar_of(&sb, b);
        goldilocks_decaf448_scalar_add(&sr, &sa, &sb);
        mpz_add(t, a, b);
        mpz_mod(t, t, L);
        check(scalar_is(&sr, t), "add %d", i);
        goldilocks_decaf448_scalar_sub(&sr, &sa, &sb);
        mpz_sub(t, a, b);
        mpz_mod(t, t, L);
        check(scalar_is(&sr, t), "sub %d", i);
        goldilocks_decaf448_scalar_mul(&sr, &sa, &sb);
        mpz_mul(t, a, b);
        mpz_mod(t, t, L);
        check(scalar_is(&sr, t), "mul %d", i);
        goldilocks_decaf448_scalar_neg(&sr, &sa);
        mpz_neg(t, a);
        mpz_mod(t, t, L);
        check(scalar_is(&sr, t), "neg %d", i);
        check(goldilocks_decaf448_scalar_eq(&sa, &sa) == 0, "a != a");
        check(goldilocks_decaf448_scalar_eq(&sa, &sb) == (mpz_cmp(a, b) == 0 ? 0 : -1), "eq %d", i);
        mpz_add_ui(t, a, 1);
        mpz_mod(t, t, L);
        scalar_of(&sb, t);
        check(goldilocks_decaf448_scalar_eq(&sa, &sb) == -1, "a == a + 1");
    }

    check_test("scalar_invert against mpz_invert; zero refused");
    for (int i = 0; i < ITER; i++) {
        random_mod_l(a);
        if (i == 0)
            mpz_set_ui(a, 1);
        if (i == 1)
            mpz_sub_ui(a, L, 1);
        if (i == 2)
            mpz_set_ui(a, 2);
        if (mpz_sgn(a) == 0)
            continue;
        scalar_of(&sa, a);
        check(goldilocks_decaf448_scalar_invert(&sr, &sa) == 0, "invert %d returned -1", i);
        check(mpz_invert(t, a, L) != 0, "GMP: no inverse");
        check(scalar_is(&sr, t), "invert %d", i);
        goldilocks_decaf448_scalar_mul(&sb, &sr, &sa);
        mpz_set_ui(t, 1);
        check(scalar_is(&sb, t), "a (1/a) != 1");
    }
    mpz_set_ui(a, 0);
    scalar_of(&sa, a);
    memset(&sr, 0xaa, sizeof sr);
    check(goldilocks_decaf448_scalar_invert(&sr, &sa) == -1, "invert(0) returned 0");
    check(check_all_zero(&sr, sizeof sr), "invert(0): output not zeroed");

    check_test("scalar_random: canonical, distinct, top bits used");
    {
        int top_bit = 0, distinct = 1;
        uint8_t prev[N] = {0}, cur[N];
        for (int i = 0; i < ITER; i++) {
            check(goldilocks_decaf448_scalar_random(&sr) == 0, "random returned -1");
            goldilocks_decaf448_scalar_to_bytes(cur, &sr);
            le_to_mpz(t, cur, N);
            check(mpz_cmp(t, L) < 0, "random scalar >= l");
            if (mpz_tstbit(t, 445))
                top_bit++;
            if (i > 0 && memcmp(cur, prev, N) == 0)
                distinct = 0;
            memcpy(prev, cur, N);
            check(goldilocks_decaf448_scalar_from_canonical_bytes(&sa, cur) == 0 &&
                      goldilocks_decaf448_scalar_eq(&sa, &sr) == 0,
                  "to_bytes and from_canonical_bytes do not round-trip");
        }
        check(distinct, "two consecutive random scalars are equal");
        /* bit 445 is set with probability about 1/2: 64 draws without (or with only) it: 2^-64 */
        check(top_bit > 0 && top_bit < ITER, "bit 445 set in %d of %d random scalars", top_bit, ITER);
    }
    mpz_clears(a, b, r, t, NULL);
}

/* ---- points against the RFC 9496 vectors ---- */

static void small_scalar(scalar *out, unsigned v) {
    uint8_t b[N] = {0};
    b[0] = (uint8_t)v;
    b[1] = (uint8_t)(v >> 8);
    goldilocks_decaf448_scalar_from_bytes(out, b);
}

static int encodes_to(const point *p, const uint8_t want[N]) {
    uint8_t got[N];
    goldilocks_decaf448_point_encode(got, p);
    return memcmp(got, want, N) == 0;
}

static void test_vectors(const json_value *v) {
    uint8_t gen[N], mult[16][N];
    point g, p, q, acc;
    scalar k;

    check_test("RFC 9496 A.2: generator multiples by the typed functions");
    check(check_unhex(gen, N, json_get_str(v, "generator")) == N, "generator hex");
    const json_value *mj = json_get(v, "multiples");
    check(json_len(mj) == 16, "16 multiples");
    for (size_t i = 0; i < 16 && i < json_len(mj); i++)
        check(check_unhex(mult[i], N, json_str(json_at(mj, i))) == N, "hex %zu", i);
    goldilocks_decaf448_point_base(&g);
    check(encodes_to(&g, gen), "point_base does not encode to the generator");
    check(goldilocks_decaf448_point_decode(&p, gen) == 0, "generator does not decode");
    check(goldilocks_decaf448_point_eq(&p, &g) == 0, "decoded generator != point_base");
    goldilocks_decaf448_point_identity(&acc);
    check(encodes_to(&acc, ZERO), "identity does not encode to zeros");
    check(encodes_to(&acc, mult[0]), "vector 0 is not the identity");
    for (unsigned i = 0; i < 16; i++) {
        check(encodes_to(&acc, mult[i]), "[%u]G by repeated add", i);
        small_scalar(&k, i);
        goldilocks_decaf448_point_scalarmult_base(&p, &k);
        check(encodes_to(&p, mult[i]), "[%u]G by scalarmult_base", i);
        goldilocks_decaf448_point_scalarmult(&p, &g, &k);
        check(encodes_to(&p, mult[i]), "[%u]G by scalarmult", i);
        check(goldilocks_decaf448_point_decode(&q, mult[i]) == 0, "multiple %u does not decode", i);
        check(goldilocks_decaf448_point_eq(&q, &p) == 0, "decoded [%u]G != computed", i);
        check(goldilocks_decaf448_point_eq(&q, &g) == (i == 1 ? 0 : -1), "[%u]G eq G", i);
        check(encodes_to(&q, mult[i]), "decode-encode of multiple %u", i);
        if (i < 8) {
            goldilocks_decaf448_point_double(&p, &q);
            check(encodes_to(&p, mult[2 * i]), "2 [%u]G", i);
        }
        if (i > 0) {
            goldilocks_decaf448_point_sub(&p, &q, &g);
            check(encodes_to(&p, mult[i - 1]), "[%u]G - G", i);
            goldilocks_decaf448_point_neg(&p, &q);
            goldilocks_decaf448_point_add(&p, &p, &acc); /* -[i]G + [i]G */
            check(encodes_to(&p, ZERO), "-[%u]G + [%u]G", i, i);
        }
        goldilocks_decaf448_point_add(&acc, &acc, &g);
    }

    check_test("RFC 9496 A.2: invalid encodings refused by point_decode, output zeroed");
    const json_value *inv = json_get(v, "invalid");
    check(json_len(inv) == 21, "21 invalid encodings");
    for (size_t i = 0; i < json_len(inv); i++) {
        uint8_t enc[N];
        check(check_unhex(enc, N, json_get_str(json_at(inv, i), "encoding")) == N, "hex %zu", i);
        memset(&p, 0xaa, sizeof p);
        check(goldilocks_decaf448_point_decode(&p, enc) == -1, "invalid %zu (%s) accepted", i,
              json_get_str(json_at(inv, i), "reason"));
        check(check_all_zero(&p, sizeof p), "invalid %zu: output not zeroed", i);
    }

    check_test("RFC 9496 A.2: element derivation by point_from_uniform");
    const json_value *der = json_get(v, "element_derivation");
    check(json_len(der) == 7, "7 derivation vectors");
    for (size_t i = 0; i < json_len(der); i++) {
        uint8_t in[W], enc[N];
        check(check_unhex(in, W, json_get_str(json_at(der, i), "input")) == W, "hex in %zu", i);
        check(check_unhex(enc, N, json_get_str(json_at(der, i), "output")) == N, "hex out %zu", i);
        goldilocks_decaf448_point_from_uniform(&p, in);
        check(encodes_to(&p, enc), "derivation %zu", i);
    }
}

/* ---- points against the byte functions, and identities ---- */

/* A random element, from random uniform bytes (so not a known multiple of G). */
static void random_point(point *out, uint8_t enc[N]) {
    uint8_t u[W];
    check_randbytes(u, W);
    goldilocks_decaf448_point_from_uniform(out, u);
    goldilocks_decaf448_point_encode(enc, out);
}

static void test_against_bytes(void) {
    check_test("typed = byte functions: scalarmult, scalarmult_base, add, from_uniform");
    for (int i = 0; i < ITER; i++) {
        uint8_t kb[N], pe[N], qe[N], want[N], u[W];
        point p, q, r;
        scalar k;
        check_randbytes(kb, N);
        random_point(&p, pe);
        random_point(&q, qe);
        goldilocks_decaf448_scalar_from_bytes(&k, kb);

        check(goldilocks_decaf448_scalarmult(want, pe, kb) == 0, "byte scalarmult failed");
        check(goldilocks_decaf448_point_decode(&r, pe) == 0, "decode");
        goldilocks_decaf448_point_scalarmult(&r, &r, &k);
        check(encodes_to(&r, want), "scalarmult %d (decoded point)", i);
        goldilocks_decaf448_point_scalarmult(&r, &p, &k);
        check(encodes_to(&r, want), "scalarmult %d (derived point)", i);

        check(goldilocks_decaf448_scalarmult_base(want, kb) == 0, "byte scalarmult_base failed");
        goldilocks_decaf448_point_scalarmult_base(&r, &k);
        check(encodes_to(&r, want), "scalarmult_base %d", i);

        check(goldilocks_decaf448_add(want, pe, qe) == 0, "byte add failed");
        goldilocks_decaf448_point_add(&r, &p, &q);
        check(encodes_to(&r, want), "add %d", i);

        check_randbytes(u, W);
        goldilocks_decaf448_from_uniform(want, u);
        goldilocks_decaf448_point_from_uniform(&r, u);
        check(encodes_to(&r, want), "from_uniform %d", i);
    }
}

static void test_identities(void) {
    mpz_t a, b, t;
    mpz_inits(a, b, t, NULL);
    check_test("identities: P - P, -(-P), 2P, [a]([b]P) = [ab]P, [1/a]([a]P) = P, eq");
    for (int i = 0; i < ITER; i++) {
        uint8_t pe[N], qe[N], e1[N], e2[N];
        point p, q, r, s, id;
        scalar sa, sb, sab;
        random_point(&p, pe);
        random_point(&q, qe);
        goldilocks_decaf448_point_identity(&id);
        random_mod_l(a);
        random_mod_l(b);
        scalar_of(&sa, a);
        scalar_of(&sb, b);

        goldilocks_decaf448_point_sub(&r, &p, &p);
        check(encodes_to(&r, ZERO) && goldilocks_decaf448_point_eq(&r, &id) == 0, "P - P != 0");
        goldilocks_decaf448_point_neg(&r, &p);
        goldilocks_decaf448_point_neg(&r, &r);
        check(goldilocks_decaf448_point_eq(&r, &p) == 0 && encodes_to(&r, pe), "-(-P) != P");
        goldilocks_decaf448_point_double(&r, &p);
        goldilocks_decaf448_point_add(&s, &p, &p);
        goldilocks_decaf448_point_encode(e1, &r);
        goldilocks_decaf448_point_encode(e2, &s);
        check(memcmp(e1, e2, N) == 0 && goldilocks_decaf448_point_eq(&r, &s) == 0, "2P != P + P");
        /* (P + Q) - Q: another representative of P */
        goldilocks_decaf448_point_add(&r, &p, &q);
        goldilocks_decaf448_point_sub(&r, &r, &q);
        check(goldilocks_decaf448_point_eq(&r, &p) == 0 && encodes_to(&r, pe), "(P + Q) - Q != P");
        check(goldilocks_decaf448_point_eq(&p, &q) == -1, "P eq Q for random P, Q");
        goldilocks_decaf448_point_add(&r, &p, &q);
        goldilocks_decaf448_point_add(&s, &q, &p);
        check(goldilocks_decaf448_point_eq(&r, &s) == 0, "P + Q != Q + P");

        mpz_mul(t, a, b);
        mpz_mod(t, t, L);
        scalar_of(&sab, t);
        goldilocks_decaf448_point_scalarmult(&r, &p, &sb);
        goldilocks_decaf448_point_scalarmult(&r, &r, &sa);
        goldilocks_decaf448_point_scalarmult(&s, &p, &sab);
        check(goldilocks_decaf448_point_eq(&r, &s) == 0, "[a]([b]P) != [ab]P");
        goldilocks_decaf448_scalar_mul(&sab, &sa, &sb);
        goldilocks_decaf448_point_scalarmult(&s, &p, &sab);
        check(goldilocks_decaf448_point_eq(&r, &s) == 0, "[a]([b]P) != [a b]P (typed mul)");
        if (mpz_sgn(a) != 0) {
            scalar inv;
            check(goldilocks_decaf448_scalar_invert(&inv, &sa) == 0, "invert");
            goldilocks_decaf448_point_scalarmult(&r, &p, &sa);
            goldilocks_decaf448_point_scalarmult(&r, &r, &inv);
            check(goldilocks_decaf448_point_eq(&r, &p) == 0 && encodes_to(&r, pe), "[1/a]([a]P) != P");
        }
        /* [l - 1]P = -P, [0]P = 0 */
        mpz_sub_ui(t, L, 1);
        scalar_of(&sab, t);
        goldilocks_decaf448_point_scalarmult(&r, &p, &sab);
        goldilocks_decaf448_point_neg(&s, &p);
        check(goldilocks_decaf448_point_eq(&r, &s) == 0, "[l - 1]P != -P");
        mpz_set_ui(t, 0);
        scalar_of(&sab, t);
        goldilocks_decaf448_point_scalarmult(&r, &p, &sab);
        check(encodes_to(&r, ZERO), "[0]P != 0");
    }

    check_test("double_scalarmult_vartime: [a]P + [b]Q, zero and extreme scalars");
    for (int i = 0; i < ITER; i++) {
        uint8_t pe[N], qe[N];
        point p, q, r, s, u;
        scalar sa, sb;
        random_point(&p, pe);
        random_point(&q, qe);
        random_mod_l(a);
        random_mod_l(b);
        switch (i) {
        case 0: mpz_set_ui(a, 0); break;
        case 1: mpz_set_ui(b, 0); break;
        case 2: mpz_set_ui(a, 0), mpz_set_ui(b, 0); break;
        case 3: mpz_sub_ui(a, L, 1), mpz_sub_ui(b, L, 1); break;
        case 4: mpz_set_ui(a, 1), mpz_set_ui(b, 1); break;
        case 5: goldilocks_decaf448_point_base(&q); break;
        case 6: q = p; break; /* P = Q */
        case 7: goldilocks_decaf448_point_identity(&p); break;
        case 8: goldilocks_decaf448_point_base(&p); break; /* the generator first */
        case 9: goldilocks_decaf448_point_base(&p), goldilocks_decaf448_point_base(&q); break;
        case 10: mpz_set_ui(b, 0), goldilocks_decaf448_point_base(&q); break;
        case 11: { /* another representative of G: (G + P) - P */
            point g;
            goldilocks_decaf448_point_base(&g);
            goldilocks_decaf448_point_add(&q, &g, &p);
            goldilocks_decaf448_point_sub(&q, &q, &p);
            break;
        }
        case 12: case 13: case 14: case 15: goldilocks_decaf448_point_base(i & 1 ? &p : &q); break;
        default: break;
        }
        scalar_of(&sa, a);
        scalar_of(&sb, b);
        goldilocks_decaf448_point_double_scalarmult_vartime(&r, &sa, &p, &sb, &q);
        goldilocks_decaf448_point_scalarmult(&s, &p, &sa);
        goldilocks_decaf448_point_scalarmult(&u, &q, &sb);
        goldilocks_decaf448_point_add(&s, &s, &u);
        uint8_t e1[N], e2[N];
        goldilocks_decaf448_point_encode(e1, &r);
        goldilocks_decaf448_point_encode(e2, &s);
        check(memcmp(e1, e2, N) == 0, "case %d: [a]P + [b]Q", i);
    }
    mpz_clears(a, b, t, NULL);
}

/* ---- the contract: NULL arguments ---- */

static void test_null(void) {
    point p, out;
    scalar s, so;
    uint8_t enc[N], wide[W];
    check_test("NULL arguments: -1 and zeroed outputs, nothing dereferenced");
    goldilocks_decaf448_point_base(&p);
    check(goldilocks_decaf448_scalar_random(&s) == 0, "random");
    goldilocks_decaf448_point_encode(enc, &p);
    check_randbytes(wide, W);

#define FILL(x) memset(&(x), 0xaa, sizeof(x))
    FILL(out);
    check(goldilocks_decaf448_point_decode(&out, NULL) == -1 && check_all_zero(&out, sizeof out), "decode(out, NULL)");
    check(goldilocks_decaf448_point_decode(NULL, enc) == -1, "decode(NULL, enc)");
    memset(enc, 0xaa, N);
    goldilocks_decaf448_point_encode(enc, NULL);
    check(check_all_zero(enc, N), "encode(out, NULL)");
    goldilocks_decaf448_point_encode(NULL, &p);
    goldilocks_decaf448_point_identity(NULL);
    goldilocks_decaf448_point_base(NULL);
    check(goldilocks_decaf448_point_eq(NULL, &p) == -1 && goldilocks_decaf448_point_eq(&p, NULL) == -1 &&
              goldilocks_decaf448_point_eq(NULL, NULL) == -1,
          "point_eq with NULL");
    void (*bin[3])(point *, const point *, const point *) = {
        goldilocks_decaf448_point_add, goldilocks_decaf448_point_sub, NULL };
    for (int f = 0; bin[f]; f++) {
        FILL(out);
        bin[f](&out, NULL, &p);
        check(check_all_zero(&out, sizeof out), "point op %d (out, NULL, b)", f);
        FILL(out);
        bin[f](&out, &p, NULL);
        check(check_all_zero(&out, sizeof out), "point op %d (out, a, NULL)", f);
        bin[f](NULL, &p, &p);
    }
    void (*un[3])(point *, const point *) = { goldilocks_decaf448_point_neg, goldilocks_decaf448_point_double, NULL };
    for (int f = 0; un[f]; f++) {
        FILL(out);
        un[f](&out, NULL);
        check(check_all_zero(&out, sizeof out), "point op %d (out, NULL)", f);
        un[f](NULL, &p);
    }
    FILL(out);
    goldilocks_decaf448_point_scalarmult(&out, NULL, &s);
    check(check_all_zero(&out, sizeof out), "scalarmult(out, NULL, s)");
    FILL(out);
    goldilocks_decaf448_point_scalarmult(&out, &p, NULL);
    check(check_all_zero(&out, sizeof out), "scalarmult(out, p, NULL)");
    goldilocks_decaf448_point_scalarmult(NULL, &p, &s);
    FILL(out);
    goldilocks_decaf448_point_scalarmult_base(&out, NULL);
    check(check_all_zero(&out, sizeof out), "scalarmult_base(out, NULL)");
    goldilocks_decaf448_point_scalarmult_base(NULL, &s);
    for (int m = 1; m < 16; m++) {
        FILL(out);
        goldilocks_decaf448_point_double_scalarmult_vartime(&out, m & 1 ? NULL : &s, m & 2 ? NULL : &p,
                                                            m & 4 ? NULL : &s, m & 8 ? NULL : &p);
        check(check_all_zero(&out, sizeof out), "double_scalarmult_vartime NULL mask %d", m);
    }
    goldilocks_decaf448_point_double_scalarmult_vartime(NULL, &s, &p, &s, &p);
    FILL(out);
    goldilocks_decaf448_point_from_uniform(&out, NULL);
    check(check_all_zero(&out, sizeof out), "from_uniform(out, NULL)");
    goldilocks_decaf448_point_from_uniform(NULL, wide);

    FILL(so);
    goldilocks_decaf448_scalar_from_bytes(&so, NULL);
    check(check_all_zero(&so, sizeof so), "scalar_from_bytes(out, NULL)");
    goldilocks_decaf448_scalar_from_bytes(NULL, wide);
    FILL(so);
    goldilocks_decaf448_scalar_from_wide_bytes(&so, NULL);
    check(check_all_zero(&so, sizeof so), "scalar_from_wide_bytes(out, NULL)");
    goldilocks_decaf448_scalar_from_wide_bytes(NULL, wide);
    FILL(so);
    check(goldilocks_decaf448_scalar_from_canonical_bytes(&so, NULL) == -1 && check_all_zero(&so, sizeof so),
          "scalar_from_canonical_bytes(out, NULL)");
    memset(wide, 0, N);
    check(goldilocks_decaf448_scalar_from_canonical_bytes(NULL, wide) == -1, "from_canonical_bytes(NULL, in)");
    memset(enc, 0xaa, N);
    goldilocks_decaf448_scalar_to_bytes(enc, NULL);
    check(check_all_zero(enc, N), "scalar_to_bytes(out, NULL)");
    goldilocks_decaf448_scalar_to_bytes(NULL, &s);
    void (*sbin[4])(scalar *, const scalar *, const scalar *) = {
        goldilocks_decaf448_scalar_add, goldilocks_decaf448_scalar_sub, goldilocks_decaf448_scalar_mul, NULL };
    for (int f = 0; sbin[f]; f++) {
        FILL(so);
        sbin[f](&so, NULL, &s);
        check(check_all_zero(&so, sizeof so), "scalar op %d (out, NULL, b)", f);
        FILL(so);
        sbin[f](&so, &s, NULL);
        check(check_all_zero(&so, sizeof so), "scalar op %d (out, a, NULL)", f);
        sbin[f](NULL, &s, &s);
    }
    FILL(so);
    goldilocks_decaf448_scalar_neg(&so, NULL);
    check(check_all_zero(&so, sizeof so), "scalar_neg(out, NULL)");
    goldilocks_decaf448_scalar_neg(NULL, &s);
    FILL(so);
    check(goldilocks_decaf448_scalar_invert(&so, NULL) == -1 && check_all_zero(&so, sizeof so), "invert(out, NULL)");
    check(goldilocks_decaf448_scalar_invert(NULL, &s) == -1, "invert(NULL, a)");
    check(goldilocks_decaf448_scalar_random(NULL) == -1, "random(NULL)");
    check(goldilocks_decaf448_scalar_eq(NULL, &s) == -1 && goldilocks_decaf448_scalar_eq(&s, NULL) == -1,
          "scalar_eq with NULL");
#undef FILL
}

/* ---- the non-point ---- */

static const uint8_t NONPOINT_ENC[N] = {
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff};

/*
 * 1 when x is the non-point as the header defines it: the all-zero object,
 * equal to nothing (itself included), encoded as NONPOINT_ENC, which
 * neither decode nor validate accepts; and not equal to the points given.
 */
static int is_non_point(const point *x, const point *const pts[], int npts) {
    uint8_t enc[N];
    point back;
    memset(enc, 0x11, N);
    goldilocks_decaf448_point_encode(enc, x);
    int ok = check_all_zero(x, sizeof *x) && goldilocks_decaf448_point_eq(x, x) == -1 &&
             memcmp(enc, NONPOINT_ENC, N) == 0 && goldilocks_decaf448_point_decode(&back, enc) == -1 &&
             goldilocks_decaf448_validate(enc) == -1;
    for (int i = 0; i < npts; i++)
        ok &= goldilocks_decaf448_point_eq(x, pts[i]) == -1 && goldilocks_decaf448_point_eq(pts[i], x) == -1;
    return ok;
}

static void test_non_point(void) {
    point id, g, p, q, bad, bad2, r;
    scalar zero_s, one_s, a, b;
    uint8_t pe[N];
    goldilocks_decaf448_point_identity(&id);
    goldilocks_decaf448_point_base(&g);
    random_point(&p, pe);
    random_point(&q, pe);
    small_scalar(&zero_s, 0);
    small_scalar(&one_s, 1);
    check(goldilocks_decaf448_scalar_random(&a) == 0 && goldilocks_decaf448_scalar_random(&b) == 0, "random");
    const point *pts[] = {&id, &g, &p, &q};
    enum { NPTS = 4 };

    check_test("non-point: what a failed decode, a NULL argument and the zero object are");
    /* invalid encodings: above p, negative (odd), not a square root */
    static const uint8_t odd[N] = {1};
    uint8_t sources[3][N];
    memset(sources[0], 0xff, N);
    memcpy(sources[1], odd, N);
    memcpy(sources[2], pe, N);
    sources[2][0] ^= 2; /* another even s; refused unless it happens to be an element */
    for (int i = 0; i < 3; i++) {
        memset(&bad, 0xaa, sizeof bad);
        int rc = goldilocks_decaf448_point_decode(&bad, sources[i]);
        if (rc == 0 && i == 2)
            continue;
        check(rc == -1 && is_non_point(&bad, pts, NPTS), "failed decode %d does not leave the non-point", i);
    }
    memset(&bad, 0xaa, sizeof bad);
    check(goldilocks_decaf448_point_decode(&bad, NULL) == -1 && is_non_point(&bad, pts, NPTS), "decode(out, NULL)");
    memset(&bad, 0xaa, sizeof bad);
    goldilocks_decaf448_point_add(&bad, NULL, &p);
    check(is_non_point(&bad, pts, NPTS), "add(out, NULL, p)");
    memset(&bad, 0, sizeof bad);
    check(is_non_point(&bad, pts, NPTS), "the zero object");
    memset(&bad2, 0, sizeof bad2);
    check(goldilocks_decaf448_point_eq(&bad, &bad2) == -1, "two non-points compare equal");
    check(goldilocks_decaf448_point_eq(&id, &id) == 0 && encodes_to(&id, ZERO), "the identity is a point");
    check(goldilocks_decaf448_point_decode(&r, ZERO) == 0 && goldilocks_decaf448_point_eq(&r, &id) == 0,
          "the zero encoding decodes to the identity");

    check_test("non-point: every operation on it gives the non-point");
    goldilocks_decaf448_point_add(&r, &bad, &p);
    check(is_non_point(&r, pts, NPTS), "add(bad, p)");
    goldilocks_decaf448_point_add(&r, &p, &bad);
    check(is_non_point(&r, pts, NPTS), "add(p, bad)");
    goldilocks_decaf448_point_add(&r, &bad, &bad);
    check(is_non_point(&r, pts, NPTS), "add(bad, bad)");
    goldilocks_decaf448_point_add(&r, &bad, &id);
    check(is_non_point(&r, pts, NPTS), "add(bad, identity)");
    goldilocks_decaf448_point_sub(&r, &bad, &p);
    check(is_non_point(&r, pts, NPTS), "sub(bad, p)");
    goldilocks_decaf448_point_sub(&r, &p, &bad);
    check(is_non_point(&r, pts, NPTS), "sub(p, bad)");
    goldilocks_decaf448_point_sub(&r, &bad, &bad);
    check(is_non_point(&r, pts, NPTS), "sub(bad, bad)");
    goldilocks_decaf448_point_neg(&r, &bad);
    check(is_non_point(&r, pts, NPTS), "neg(bad)");
    goldilocks_decaf448_point_double(&r, &bad);
    check(is_non_point(&r, pts, NPTS), "double(bad)");
    const scalar *ks[] = {&zero_s, &one_s, &a};
    for (int k = 0; k < 3; k++) {
        goldilocks_decaf448_point_scalarmult(&r, &bad, ks[k]);
        check(is_non_point(&r, pts, NPTS), "scalarmult(bad, scalar %d)", k);
        for (int k2 = 0; k2 < 3; k2++) {
            goldilocks_decaf448_point_double_scalarmult_vartime(&r, ks[k], &bad, ks[k2], &q);
            check(is_non_point(&r, pts, NPTS), "[%d]bad + [%d]Q", k, k2);
            goldilocks_decaf448_point_double_scalarmult_vartime(&r, ks[k], &q, ks[k2], &bad);
            check(is_non_point(&r, pts, NPTS), "[%d]Q + [%d]bad", k, k2);
            goldilocks_decaf448_point_double_scalarmult_vartime(&r, ks[k], &bad, ks[k2], &g);
            check(is_non_point(&r, pts, NPTS), "[%d]bad + [%d]G", k, k2);
            goldilocks_decaf448_point_double_scalarmult_vartime(&r, ks[k], &g, ks[k2], &bad);
            check(is_non_point(&r, pts, NPTS), "[%d]G + [%d]bad", k, k2);
            goldilocks_decaf448_point_double_scalarmult_vartime(&r, ks[k], &bad, ks[k2], &bad);
            check(is_non_point(&r, pts, NPTS), "[%d]bad + [%d]bad", k, k2);
        }
    }
    /* in place, as the aliasing contract allows */
    r = bad;
    goldilocks_decaf448_point_add(&r, &r, &p);
    check(is_non_point(&r, pts, NPTS), "add in place");
    r = bad;
    goldilocks_decaf448_point_neg(&r, &r);
    check(is_non_point(&r, pts, NPTS), "neg in place");
    r = bad;
    goldilocks_decaf448_point_scalarmult(&r, &r, &a);
    check(is_non_point(&r, pts, NPTS), "scalarmult in place");

    check_test("non-point: points stay points (P - P, [0]P, [0]G, the identity's negation and double)");
    goldilocks_decaf448_point_sub(&r, &p, &p);
    check(goldilocks_decaf448_point_eq(&r, &id) == 0 && encodes_to(&r, ZERO), "P - P");
    goldilocks_decaf448_point_scalarmult(&r, &p, &zero_s);
    check(goldilocks_decaf448_point_eq(&r, &id) == 0 && encodes_to(&r, ZERO), "[0]P");
    goldilocks_decaf448_point_scalarmult_base(&r, &zero_s);
    check(goldilocks_decaf448_point_eq(&r, &id) == 0 && encodes_to(&r, ZERO), "[0]G");
    goldilocks_decaf448_point_double_scalarmult_vartime(&r, &zero_s, &p, &zero_s, &q);
    check(goldilocks_decaf448_point_eq(&r, &id) == 0 && encodes_to(&r, ZERO), "[0]P + [0]Q");
    goldilocks_decaf448_point_double_scalarmult_vartime(&r, &zero_s, &g, &zero_s, &g);
    check(goldilocks_decaf448_point_eq(&r, &id) == 0 && encodes_to(&r, ZERO), "[0]G + [0]G");
    goldilocks_decaf448_point_neg(&r, &id);
    check(goldilocks_decaf448_point_eq(&r, &id) == 0 && encodes_to(&r, ZERO), "-identity");
    goldilocks_decaf448_point_double(&r, &id);
    check(goldilocks_decaf448_point_eq(&r, &id) == 0 && encodes_to(&r, ZERO), "2 identity");
}

/* ---- the contract: outputs over inputs ---- */

/*
 * Two objects in one buffer: the input at the start, the output at byte
 * offset off (a multiple of the alignment, 8), so that off = 0 is exact
 * aliasing and 0 < off < size a partial overlap on either side.
 */
#define SLOTS 112 /* BASE 40, an output at up to 31 slots on either side, a point 32 slots long */
static uint64_t buf[SLOTS];

static void test_aliasing(void) {
    check_test("aliasing: every output over every input, exactly and partially");
    point p, q, want;
    scalar a, b, swant;
    uint8_t pe[N];
    random_point(&p, pe);
    random_point(&q, pe);
    check(goldilocks_decaf448_scalar_random(&a) == 0 && goldilocks_decaf448_scalar_random(&b) == 0, "random");
    /* the input at slot 40, the output at 40 + d for d in [-31, 31] slots (point: 32 slots) */
    enum { BASE = 40 };
    void (*bin[3])(point *, const point *, const point *) = {
        goldilocks_decaf448_point_add, goldilocks_decaf448_point_sub, NULL };
    for (int f = 0; bin[f]; f++) {
        bin[f](&want, &p, &q);
        for (int d = -31; d <= 31; d++) {
            for (int which = 0; which < 2; which++) {
                point *in = (point *)(buf + BASE), *out = (point *)(buf + BASE + d), got;
                memcpy(in, which ? &q : &p, sizeof *in);
                bin[f](out, which ? &p : in, which ? in : &q);
                memcpy(&got, out, sizeof got);
                check(memcmp(&got, &want, sizeof got) == 0, "point op %d, input %d, offset %d", f, which, d);
            }
        }
    }
    void (*un[3])(point *, const point *) = { goldilocks_decaf448_point_neg, goldilocks_decaf448_point_double, NULL };
    for (int f = 0; un[f]; f++) {
        un[f](&want, &p);
        for (int d = -31; d <= 31; d++) {
            point *in = (point *)(buf + BASE), *out = (point *)(buf + BASE + d), got;
            memcpy(in, &p, sizeof *in);
            un[f](out, in);
            memcpy(&got, out, sizeof got);
            check(memcmp(&got, &want, sizeof got) == 0, "unary point op %d, offset %d", f, d);
        }
    }
    goldilocks_decaf448_point_scalarmult(&want, &p, &a);
    for (int d = -31; d <= 31; d += 5) {
        point *in = (point *)(buf + BASE), *out = (point *)(buf + BASE + d), got;
        memcpy(in, &p, sizeof *in);
        goldilocks_decaf448_point_scalarmult(out, in, &a);
        memcpy(&got, out, sizeof got);
        check(memcmp(&got, &want, sizeof got) == 0, "scalarmult over the point, offset %d", d);
    }
    for (int d = -31; d <= 31; d += 5) {
        scalar *in = (scalar *)(buf + BASE);
        point *out = (point *)(buf + BASE + d), got;
        memcpy(in, &a, sizeof *in);
        goldilocks_decaf448_point_scalarmult(out, &p, in);
        memcpy(&got, out, sizeof got);
        check(memcmp(&got, &want, sizeof got) == 0, "scalarmult over the scalar, offset %d", d);
    }
    goldilocks_decaf448_point_scalarmult_base(&want, &a);
    for (int d = -31; d <= 6; d += 1) {
        scalar *in = (scalar *)(buf + BASE);
        point *out = (point *)(buf + BASE + d), got;
        memcpy(in, &a, sizeof *in);
        goldilocks_decaf448_point_scalarmult_base(out, in);
        memcpy(&got, out, sizeof got);
        check(memcmp(&got, &want, sizeof got) == 0, "scalarmult_base over the scalar, offset %d", d);
    }
    goldilocks_decaf448_point_double_scalarmult_vartime(&want, &a, &p, &b, &q);
    for (int which = 0; which < 4; which++) {
        for (int d = -31; d <= 31; d += 3) {
            void *in = buf + BASE;
            point *out = (point *)(buf + BASE + d), got;
            const void *args[4] = { &a, &p, &b, &q };
            memcpy(in, args[which], which & 1 ? sizeof(point) : sizeof(scalar));
            args[which] = in;
            goldilocks_decaf448_point_double_scalarmult_vartime(out, args[0], args[1], args[2], args[3]);
            memcpy(&got, out, sizeof got);
            check(memcmp(&got, &want, sizeof got) == 0, "double_scalarmult_vartime over input %d, offset %d",
                  which, d);
        }
    }
    /* byte inputs under typed outputs: decode, from_uniform; typed inputs under byte outputs: encode, to_bytes */
    {
        uint8_t enc[N], u[W];
        goldilocks_decaf448_point_encode(enc, &p);
        check(goldilocks_decaf448_point_decode(&want, enc) == 0, "decode");
        for (int d = -6; d <= 31; d++) {
            uint8_t *in = (uint8_t *)(buf + BASE);
            point *out = (point *)(buf + BASE + d), got;
            memcpy(in, enc, N);
            check(goldilocks_decaf448_point_decode(out, in) == 0, "decode over its input, offset %d", d);
            memcpy(&got, out, sizeof got);
            check(memcmp(&got, &want, sizeof got) == 0, "decode over its input, offset %d", d);
        }
        for (int d = -31; d <= 6; d++) {
            point *in = (point *)(buf + BASE);
            uint8_t *out = (uint8_t *)(buf + BASE + d), got[N];
            memcpy(in, &p, sizeof p);
            goldilocks_decaf448_point_encode(out, in);
            memcpy(got, out, N);
            check(memcmp(got, enc, N) == 0, "encode over its input, offset %d", d);
        }
        check_randbytes(u, W);
        goldilocks_decaf448_point_from_uniform(&want, u);
        for (int d = -31; d <= 13; d++) {
            uint8_t *in = (uint8_t *)(buf + BASE);
            point *out = (point *)(buf + BASE + d), got;
            memcpy(in, u, W);
            goldilocks_decaf448_point_from_uniform(out, in);
            memcpy(&got, out, sizeof got);
            check(memcmp(&got, &want, sizeof got) == 0, "from_uniform over its input, offset %d", d);
        }
    }
    /* scalars: 7 slots each */
    void (*sbin[4])(scalar *, const scalar *, const scalar *) = {
        goldilocks_decaf448_scalar_add, goldilocks_decaf448_scalar_sub, goldilocks_decaf448_scalar_mul, NULL };
    for (int f = 0; sbin[f]; f++) {
        sbin[f](&swant, &a, &b);
        for (int d = -6; d <= 6; d++) {
            for (int which = 0; which < 2; which++) {
                scalar *in = (scalar *)(buf + BASE), *out = (scalar *)(buf + BASE + d), got;
                memcpy(in, which ? &b : &a, sizeof *in);
                sbin[f](out, which ? &a : in, which ? in : &b);
                memcpy(&got, out, sizeof got);
                check(memcmp(&got, &swant, sizeof got) == 0, "scalar op %d, input %d, offset %d", f, which, d);
            }
        }
        /* a op a with the output over both */
        sbin[f](&swant, &a, &a);
        scalar *in = (scalar *)(buf + BASE), got;
        memcpy(in, &a, sizeof *in);
        sbin[f](in, in, in);
        memcpy(&got, in, sizeof got);
        check(memcmp(&got, &swant, sizeof got) == 0, "scalar op %d (x, x, x)", f);
    }
    {
        scalar inv;
        goldilocks_decaf448_scalar_neg(&swant, &a);
        check(goldilocks_decaf448_scalar_invert(&inv, &a) == 0, "invert");
        uint8_t bytes[N], wide[W];
        goldilocks_decaf448_scalar_to_bytes(bytes, &a);
        check_randbytes(wide, W);
        scalar wide_want, bytes_want;
        goldilocks_decaf448_scalar_from_wide_bytes(&wide_want, wide);
        goldilocks_decaf448_scalar_from_bytes(&bytes_want, bytes);
        for (int d = -6; d <= 6; d++) {
            scalar *in = (scalar *)(buf + BASE), *out = (scalar *)(buf + BASE + d), got;
            memcpy(in, &a, sizeof *in);
            goldilocks_decaf448_scalar_neg(out, in);
            memcpy(&got, out, sizeof got);
            check(memcmp(&got, &swant, sizeof got) == 0, "scalar_neg offset %d", d);
            memcpy(in, &a, sizeof *in);
            check(goldilocks_decaf448_scalar_invert(out, in) == 0, "invert");
            memcpy(&got, out, sizeof got);
            check(memcmp(&got, &inv, sizeof got) == 0, "scalar_invert offset %d", d);
            memcpy(in, &a, sizeof *in);
            uint8_t *bout = (uint8_t *)out, bgot[N];
            goldilocks_decaf448_scalar_to_bytes(bout, in);
            memcpy(bgot, bout, N);
            check(memcmp(bgot, bytes, N) == 0, "scalar_to_bytes offset %d", d);
            memcpy(in, bytes, N);
            goldilocks_decaf448_scalar_from_bytes(out, (uint8_t *)in);
            memcpy(&got, out, sizeof got);
            check(memcmp(&got, &bytes_want, sizeof got) == 0, "scalar_from_bytes offset %d", d);
            memcpy(in, bytes, N);
            check(goldilocks_decaf448_scalar_from_canonical_bytes(out, (uint8_t *)in) == 0, "canonical");
            memcpy(&got, out, sizeof got);
            check(memcmp(&got, &bytes_want, sizeof got) == 0, "scalar_from_canonical_bytes offset %d", d);
        }
        for (int d = -6; d <= 13; d++) {
            uint8_t *in = (uint8_t *)(buf + BASE);
            scalar *out = (scalar *)(buf + BASE + d), got;
            memcpy(in, wide, W);
            goldilocks_decaf448_scalar_from_wide_bytes(out, in);
            memcpy(&got, out, sizeof got);
            check(memcmp(&got, &wide_want, sizeof got) == 0, "scalar_from_wide_bytes offset %d", d);
        }
    }
}

/* ---- against libdecaf ---- */

#ifdef HAVE_LIBDECAF
static void decaf_enc(uint8_t out[N], const decaf_448_point_t p) { decaf_448_point_encode(out, p); }

static void test_libdecaf(void) {
    check_test("libdecaf: scalars (decode_long, add, sub, mul, invert, encode)");
    for (int i = 0; i < 4 * ITER; i++) {
        uint8_t wa[W], wb[W], ours[N], theirs[N];
        check_randbytes(wa, W);
        check_randbytes(wb, W);
        decaf_448_scalar_t da, db, dr;
        scalar sa, sb, sr;
        decaf_448_scalar_decode_long(da, wa, W);
        decaf_448_scalar_decode_long(db, wb, W);
        goldilocks_decaf448_scalar_from_wide_bytes(&sa, wa);
        goldilocks_decaf448_scalar_from_wide_bytes(&sb, wb);
        goldilocks_decaf448_scalar_to_bytes(ours, &sa);
        decaf_448_scalar_encode(theirs, da);
        check(memcmp(ours, theirs, N) == 0, "from_wide_bytes %d", i);
        decaf_448_scalar_decode_long(dr, wa, N);
        goldilocks_decaf448_scalar_from_bytes(&sr, wa);
        goldilocks_decaf448_scalar_to_bytes(ours, &sr);
        decaf_448_scalar_encode(theirs, dr);
        check(memcmp(ours, theirs, N) == 0, "from_bytes %d", i);
#define SAME(op_ours, op_theirs, what)                                                                         \
    do {                                                                                                       \
        op_ours;                                                                                               \
        op_theirs;                                                                                             \
        goldilocks_decaf448_scalar_to_bytes(ours, &sr);                                                        \
        decaf_448_scalar_encode(theirs, dr);                                                                   \
        check(memcmp(ours, theirs, N) == 0, "%s %d", what, i);                                                 \
    } while (0)
        SAME(goldilocks_decaf448_scalar_add(&sr, &sa, &sb), decaf_448_scalar_add(dr, da, db), "add");
        SAME(goldilocks_decaf448_scalar_sub(&sr, &sa, &sb), decaf_448_scalar_sub(dr, da, db), "sub");
        SAME(goldilocks_decaf448_scalar_mul(&sr, &sa, &sb), decaf_448_scalar_mul(dr, da, db), "mul");
        SAME(goldilocks_decaf448_scalar_neg(&sr, &sa), decaf_448_scalar_sub(dr, decaf_448_scalar_zero, da), "neg");
        SAME(check(goldilocks_decaf448_scalar_invert(&sr, &sa) == 0, "invert"),
             check(decaf_448_scalar_invert(dr, da) == DECAF_SUCCESS, "libdecaf invert"), "invert");
#undef SAME
        /* canonical decoding: both refuse exactly the same 56-byte strings */
        uint8_t c[N];
        memcpy(c, wa, N);
        c[55] &= (i & 1) ? 0x3f : 0xff;
        int rc = goldilocks_decaf448_scalar_from_canonical_bytes(&sr, c);
        check((rc == 0) == (decaf_448_scalar_decode(dr, c) == DECAF_SUCCESS), "canonical %d", i);
    }

    check_test("libdecaf: points (decode, add, sub, neg, double, scalarmult, base, double scalarmult, "
               "from_uniform, eq)");
    for (int i = 0; i < ITER; i++) {
        uint8_t u[W], pe[N], qe[N], ka[W], kb[W], ours[N], theirs[N];
        check_randbytes(u, W);
        check_randbytes(ka, W);
        check_randbytes(kb, W);
        point p, q, r;
        scalar sa, sb;
        decaf_448_point_t dp, dq, dr;
        decaf_448_scalar_t da, db;
        goldilocks_decaf448_point_from_uniform(&p, u);
        decaf_448_point_from_hash_uniform(dp, u);
        goldilocks_decaf448_point_encode(pe, &p);
        decaf_enc(theirs, dp);
        check(memcmp(pe, theirs, N) == 0, "from_uniform %d", i);
        check_randbytes(u, W);
        decaf_448_point_from_hash_uniform(dq, u);
        decaf_enc(qe, dq);
        check(goldilocks_decaf448_point_decode(&q, qe) == 0, "our decode refused libdecaf's encoding %d", i);
        goldilocks_decaf448_scalar_from_wide_bytes(&sa, ka);
        goldilocks_decaf448_scalar_from_wide_bytes(&sb, kb);
        decaf_448_scalar_decode_long(da, ka, W);
        decaf_448_scalar_decode_long(db, kb, W);
#define SAME(op_ours, op_theirs, what)                                                                         \
    do {                                                                                                       \
        op_ours;                                                                                               \
        op_theirs;                                                                                             \
        goldilocks_decaf448_point_encode(ours, &r);                                                            \
        decaf_enc(theirs, dr);                                                                                 \
        check(memcmp(ours, theirs, N) == 0, "%s %d", what, i);                                                 \
    } while (0)
        SAME(goldilocks_decaf448_point_add(&r, &p, &q), decaf_448_point_add(dr, dp, dq), "add");
        SAME(goldilocks_decaf448_point_sub(&r, &p, &q), decaf_448_point_sub(dr, dp, dq), "sub");
        SAME(goldilocks_decaf448_point_neg(&r, &p), decaf_448_point_negate(dr, dp), "neg");
        SAME(goldilocks_decaf448_point_double(&r, &p), decaf_448_point_double(dr, dp), "double");
        SAME(goldilocks_decaf448_point_scalarmult(&r, &p, &sa), decaf_448_point_scalarmul(dr, dp, da), "scalarmult");
        SAME(goldilocks_decaf448_point_scalarmult_base(&r, &sa),
             decaf_448_precomputed_scalarmul(dr, decaf_448_precomputed_base, da), "scalarmult_base");
        SAME(goldilocks_decaf448_point_base(&r), decaf_448_point_copy(dr, decaf_448_point_base), "base");
        SAME(goldilocks_decaf448_point_identity(&r), decaf_448_point_copy(dr, decaf_448_point_identity),
             "identity");
        SAME(goldilocks_decaf448_point_double_scalarmult_vartime(&r, &sa, &p, &sb, &q),
             decaf_448_point_double_scalarmul(dr, dp, da, dq, db), "double_scalarmult_vartime");
#undef SAME
        /* decoding: both accept or refuse the same random strings (about half are valid for even s) */
        uint8_t enc[N];
        check_randbytes(enc, N);
        enc[0] &= (uint8_t)(i & 1 ? 0xfe : 0xff);
        decaf_448_point_t dx;
        point x;
        int ours_ok = goldilocks_decaf448_point_decode(&x, enc) == 0;
        int theirs_ok = decaf_448_point_decode(dx, enc, DECAF_TRUE) == DECAF_SUCCESS;
        check(ours_ok == theirs_ok, "decode of random bytes %d: ours %d, libdecaf %d", i, ours_ok, theirs_ok);
        /* eq on both sides for equal and different elements */
        goldilocks_decaf448_point_add(&r, &p, &q);
        goldilocks_decaf448_point_sub(&r, &r, &q);
        check(goldilocks_decaf448_point_eq(&r, &p) == 0, "eq: (P + Q) - Q != P");
        check((goldilocks_decaf448_point_eq(&p, &q) == 0) == (decaf_448_point_eq(dp, dq) == DECAF_TRUE),
              "eq disagrees with libdecaf");
    }
}
#endif

int main(void) {
    check_init("test_decaf448_typed");
    oracle_init();

    test_scalars();
    json_value *v = json_load(check_vector_path("rfc9496_decaf448.json"));
    check_test("load vectors");
    check(v != NULL, "cannot read rfc9496_decaf448.json");
    if (v) {
        test_vectors(v);
        json_free(v);
    }
    test_against_bytes();
    test_identities();
    test_null();
    test_non_point();
    test_aliasing();
#ifdef HAVE_LIBDECAF
    test_libdecaf();
#else
    check_test("libdecaf: every operation on the same inputs");
    check_skip(LIBDECAF_SKIP);
#endif
    oracle_clear();
    return check_done();
}
