/*
 * X448 tests: RFC 7748 vectors (sections 5.2 and 6.2), Wycheproof's 510
 * cases, and a GMP implementation of the RFC 7748 ladder as the oracle for
 * random and edge-case inputs. `--slow` adds the 1,000,000-iteration vector.
 */
#include <gmp.h>
#include <stdio.h>
#include <string.h>
#include "goldilocks.h"
#include "check.h"
#include "json.h"
#include "gmp_bytes.h"
#include "x448_rfc7748.h"

enum { N = GOLDILOCKS_X448_BYTES };

/* ---- the GMP reference: RFC 7748 section 5, written directly from the pseudocode ---- */

static void ref_x448(uint8_t out[N], const uint8_t scalar[N], const uint8_t u_in[N]) {
    mpz_t p, k, x1, x2, z2, x3, z3, a, aa, b, bb, e, c, d, da, cb, t;
    mpz_inits(p, k, x1, x2, z2, x3, z3, a, aa, b, bb, e, c, d, da, cb, t, NULL);
    /* p = 2^448 - 2^224 - 1 */
    mpz_ui_pow_ui(p, 2, 448);
    mpz_ui_pow_ui(t, 2, 224);
    mpz_sub(p, p, t);
    mpz_sub_ui(p, p, 1);

    uint8_t kb[N];
    memcpy(kb, scalar, N);
    kb[0] &= 252;
    kb[55] |= 128;
    le_to_mpz(k, kb, N);
    le_to_mpz(x1, u_in, N);
    mpz_mod(x1, x1, p);

    mpz_set_ui(x2, 1);
    mpz_set_ui(z2, 0);
    mpz_set(x3, x1);
    mpz_set_ui(z3, 1);
    int swap = 0;
    for (int i = 447; i >= 0; i--) {
        int bit = mpz_tstbit(k, (mp_bitcnt_t)i);
        swap ^= bit;
        if (swap) {
            mpz_swap(x2, x3);
            mpz_swap(z2, z3);
        }
        swap = bit;
        mpz_add(a, x2, z2);
        mpz_mul(aa, a, a);
        mpz_mod(aa, aa, p);
        mpz_sub(b, x2, z2);
        mpz_mul(bb, b, b);
        mpz_mod(bb, bb, p);
        mpz_sub(e, aa, bb);
        mpz_add(c, x3, z3);
        mpz_sub(d, x3, z3);
        mpz_mul(da, d, a);
        mpz_mod(da, da, p);
        mpz_mul(cb, c, b);
        mpz_mod(cb, cb, p);
        mpz_add(t, da, cb);
        mpz_mul(x3, t, t);
        mpz_mod(x3, x3, p);
        mpz_sub(t, da, cb);
        mpz_mul(t, t, t);
        mpz_mul(z3, t, x1);
        mpz_mod(z3, z3, p);
        mpz_mul(x2, aa, bb);
        mpz_mod(x2, x2, p);
        mpz_mul_ui(t, e, 39081);
        mpz_add(t, t, aa);
        mpz_mul(z2, e, t);
        mpz_mod(z2, z2, p);
    }
    if (swap) {
        mpz_swap(x2, x3);
        mpz_swap(z2, z3);
    }
    mpz_sub_ui(t, p, 2);
    mpz_powm(z2, z2, t, p);
    mpz_mul(x2, x2, z2);
    mpz_mod(x2, x2, p);
    mpz_to_le(out, N, x2);
    mpz_clears(p, k, x1, x2, z2, x3, z3, a, aa, b, bb, e, c, d, da, cb, t, NULL);
}

static json_value *load(const char *name) {
    json_value *v = json_load(check_vector_path(name));
    check(v != NULL, "cannot load %s", name);
    return v;
}

/* ---- RFC 7748 ---- */

static int lib_x448(uint8_t out[N], const uint8_t k[N], const uint8_t u[N], int unused) {
    (void)unused;
    return goldilocks_x448(out, k, u);
}

static void test_rfc7748(const json_value *rfc, int slow) {
    uint8_t got[N];

    check_test("rfc7748 5.2 scalarmult vectors");
    x448_rfc7748_scalarmult(rfc, lib_x448, 0);

    /* (k, u) = (X448(k, u), k), checking k after 1, 1,000 (and 1,000,000) iterations. */
    check_test(slow ? "rfc7748 5.2 iterated (1, 1000, 1000000)" : "rfc7748 5.2 iterated (1, 1000)");
    x448_rfc7748_iterated(rfc, lib_x448, 0, slow);

    check_test("rfc7748 6.2 key exchange");
    uint8_t apriv[N], apub[N], bpriv[N], bpub[N], shared[N];
    if (x448_rfc7748_dh(rfc, apriv, apub, bpriv, bpub, shared, "dh: bad hex")) {
        goldilocks_x448_public_key(got, apriv);
        check(memcmp(got, apub, N) == 0, "Alice's public key");
        goldilocks_x448_public_key(got, bpriv);
        check(memcmp(got, bpub, N) == 0, "Bob's public key");
        check(goldilocks_x448(got, apriv, bpub) == 0 && memcmp(got, shared, N) == 0, "Alice's shared secret");
        check(goldilocks_x448(got, bpriv, apub) == 0 && memcmp(got, shared, N) == 0, "Bob's shared secret");
    }
}

/* ---- Wycheproof ---- */

static void test_wycheproof(const json_value *w) {
    check_test("wycheproof x448 (510 cases)");
    size_t total = 0, matched = 0, zero = 0, wrong_length = 0;
    const json_value *groups = json_get(w, "testGroups");
    for (size_t g = 0; g < json_len(groups); g++) {
        const json_value *tests = json_get(json_at(groups, g), "tests");
        for (size_t i = 0; i < json_len(tests); i++) {
            const json_value *t = json_at(tests, i);
            int id = (int)json_num(json_get(t, "tcId"));
            const char *result = json_get_str(t, "result");
            const char *pub_hex = json_get_str(t, "public");
            uint8_t priv[N], pub[N + 8], want[N], got[N];
            total++;
            if (!check(result && pub_hex && check_unhex_exact(priv, N, json_get_str(t, "private")),
                       "tcId %d: malformed case", id))
                continue;
            int pub_len = check_unhex(pub, sizeof pub, pub_hex);
            if (pub_len != N) {
                /* A fixed-size API rejects these before computing; they are the invalid ones
                 * (57-byte keys, no expected shared secret). */
                check(pub_len > 0 && strcmp(result, "invalid") == 0, "tcId %d: %d-byte key but result %s", id,
                      pub_len, result);
                wrong_length++;
                continue;
            }
            check(strcmp(result, "invalid") != 0, "tcId %d: 56-byte key marked invalid", id);
            if (!check(check_unhex_exact(want, N, json_get_str(t, "shared")), "tcId %d: no shared secret", id))
                continue;
            memset(got, 0xaa, N);
            int rc = goldilocks_x448(got, priv, pub);
            if (check_all_zero(want, N)) {
                zero++;
                check(rc == -1 && check_all_zero(got, N), "tcId %d: low-order peer gave rc %d", id, rc);
            } else if (check(rc == 0 && memcmp(got, want, N) == 0, "tcId %d (%s): wrong shared secret", id,
                             result)) {
                matched++;
            }
        }
    }
    check(total == 510, "expected 510 cases, read %zu", total);
    check(wrong_length == 12, "expected 12 wrong-length keys, saw %zu", wrong_length);
    check(zero == 11, "expected 11 all-zero results, saw %zu", zero);
    printf("  wycheproof: %zu cases: %zu matched, %zu zero results rejected, %zu wrong-length keys\n", total,
           matched, zero, wrong_length);
}

/* ---- GMP reference ---- */

/* u values that stress the reduction: 0, 1, p - 1, p, p + 1, 2^448 - 1, and the like. */
static void edge_u(uint8_t u[N], unsigned which) {
    /* p = ff..ff fe ff..ff: bytes 0..27 are 0xff, byte 28 is 0xfe, bytes 29..55 0xff. */
    memset(u, 0xff, N);
    u[28] = 0xfe;
    switch (which) {
    case 0: memset(u, 0, N); break;                     /* 0 */
    case 1: memset(u, 0, N); u[0] = 1; break;          /* 1 */
    case 2: u[0] = 0xfe; break;                         /* p - 1 */
    case 3: break;                                      /* p */
    case 4: memset(u, 0, 28); u[28] = 0xff; break;      /* p + 1 = 2^448 - 2^224 */
    case 5: memset(u, 0xff, N); break;                  /* 2^448 - 1 = p + 2^224 */
    case 6: u[0] = 0x00; u[28] = 0xff; break;           /* 2^448 - 256 */
    case 7: memset(u, 0, N); u[0] = 5; break;          /* the base point */
    default: u[0] = (uint8_t)(0xff - which); break;     /* p - small */
    }
}

static void test_reference(void) {
    /* The 16 edge u-coordinates and the extreme scalars come first: quick mode keeps them all. */
    unsigned reference_cases = check_quick() ? 100 : 1000;
    if (reference_cases != 1000)
        printf("  quick mode (GOLDILOCKS_TEST_QUICK=1): 100 reference cases instead of 1000\n");
    check_test(reference_cases == 1000 ? "x448 vs GMP reference ladder (1000 random + edge cases)"
                                       : "x448 vs GMP reference ladder (100, quick: random cases cut, edge cases all)");
    uint8_t k[N], u[N], want[N], got[N];
    for (unsigned i = 0; i < reference_cases; i++) {
        check_randbytes(k, N);
        if (i < 16) {
            edge_u(u, i);
        } else {
            check_randbytes(u, N);
            /* a quarter of the cases in [p, 2^448): top bytes all ones, above p */
            if (i % 4 == 0) {
                memset(u + 28, 0xff, N - 28);
            }
        }
        if (i % 50 == 1)
            memset(k, i % 100 == 1 ? 0 : 0xff, N); /* extreme scalars (clamped) */
        ref_x448(want, k, u);
        int rc = goldilocks_x448(got, k, u);
        check(memcmp(got, want, N) == 0, "case %u: differs from GMP", i);
        check(rc == (check_all_zero(want, N) ? -1 : 0), "case %u: rc %d", i, rc);
    }

    check_test("x448_public_key vs GMP reference (200 random)");
    uint8_t five[N] = { 5 };
    unsigned public_cases = (unsigned)check_reps(200);
    for (unsigned i = 0; i < public_cases; i++) {
        check_randbytes(k, N);
        ref_x448(want, k, five);
        goldilocks_x448_public_key(got, k);
        check(memcmp(got, want, N) == 0, "case %u: differs from GMP", i);
    }
}

static void test_keypair(void) {
    check_test("x448_keypair");
    uint8_t pub1[N], sec1[N], pub2[N], sec2[N], want[N];
    check(goldilocks_x448_keypair(pub1, sec1) == 0, "first keypair failed");
    check(goldilocks_x448_keypair(pub2, sec2) == 0, "second keypair failed");
    check(memcmp(sec1, sec2, N) != 0, "two random secrets are equal");
    ref_x448(want, sec1, (const uint8_t[N]){ 5 });
    check(memcmp(pub1, want, N) == 0, "public key does not match its secret");
    uint8_t s12[N], s21[N];
    check(goldilocks_x448(s12, sec1, pub2) == 0 && goldilocks_x448(s21, sec2, pub1) == 0, "exchange failed");
    check(memcmp(s12, s21, N) == 0, "the two sides disagree");
}

int main(int argc, char **argv) {
    int slow = check_slow(argc, argv);
    check_init("test_x448");

    json_value *rfc = load("rfc7748_x448.json");
    test_rfc7748(rfc, slow);
    json_free(rfc);

    json_value *w = load("wycheproof_x448_test.json");
    test_wycheproof(w);
    json_free(w);

    test_reference();
    test_keypair();
    return check_done();
}
