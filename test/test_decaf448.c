/*
 * decaf448 tests: every RFC 9496 vector (multiples of the generator, invalid
 * encodings, element derivation) through the public API, and algebraic
 * identities with random scalars: [a]([b]P) = [ab]P, commutativity and
 * associativity of add, scalarmult_base = scalarmult(generator), and
 * [a]G + [b]G = [a + b]G, with GMP computing the scalar sums and products
 * mod the group order.
 */
#include <gmp.h>
#include <stdio.h>
#include <string.h>
#include "goldilocks.h"
#include "check.h"
#include "json.h"
#include "ed448_oracle.h"

enum { N = GOLDILOCKS_DECAF448_BYTES };

static void scalar_small(uint8_t out[N], unsigned v) {
    memset(out, 0, N);
    out[0] = (uint8_t)v;
    out[1] = (uint8_t)(v >> 8);
}

static void test_vectors(const json_value *v) {
    uint8_t gen[N], enc[N], out[N], k[N];
    check_test("RFC 9496 A.2: generator multiples (scalarmult_base, scalarmult, add)");
    check(check_unhex(gen, N, json_get_str(v, "generator")) == N, "generator hex");
    const json_value *mult = json_get(v, "multiples");
    check(json_len(mult) == 16, "16 multiples");
    uint8_t prev[N];
    memset(prev, 0, N); /* the identity encodes as zeros */
    for (size_t i = 0; i < json_len(mult); i++) {
        check(check_unhex(enc, N, json_str(json_at(mult, i))) == N, "hex %zu", i);
        check(goldilocks_decaf448_validate(enc) == 0, "multiple %zu does not validate", i);
        scalar_small(k, (unsigned)i);
        check(goldilocks_decaf448_scalarmult_base(out, k) == 0, "scalarmult_base ret");
        check(memcmp(out, enc, N) == 0, "[%zu]G by scalarmult_base", i);
        check(goldilocks_decaf448_scalarmult(out, gen, k) == 0, "scalarmult ret");
        check(memcmp(out, enc, N) == 0, "[%zu]G by scalarmult", i);
        if (i > 0) {
            check(goldilocks_decaf448_add(out, prev, gen) == 0, "add ret");
            check(memcmp(out, enc, N) == 0, "[%zu]G = [%zu]G + G", i, i - 1);
        }
        memcpy(prev, enc, N);
    }

    check_test("RFC 9496 A.2: invalid encodings rejected");
    const json_value *inv = json_get(v, "invalid");
    check(json_len(inv) == 21, "21 invalid encodings");
    for (size_t i = 0; i < json_len(inv); i++) {
        const json_value *c = json_at(inv, i);
        check(check_unhex(enc, N, json_get_str(c, "encoding")) == N, "hex %zu", i);
        check(goldilocks_decaf448_validate(enc) == -1, "invalid %zu (%s) accepted", i, json_get_str(c, "reason"));
        scalar_small(k, 3);
        memset(out, 0xaa, N);
        check(goldilocks_decaf448_scalarmult(out, enc, k) == -1, "scalarmult accepted invalid %zu", i);
        uint8_t zero[N] = {0};
        check(memcmp(out, zero, N) == 0, "scalarmult output not zeroed");
        check(goldilocks_decaf448_add(out, enc, gen) == -1, "add accepted invalid %zu", i);
        check(goldilocks_decaf448_add(out, gen, enc) == -1, "add accepted invalid %zu", i);
    }

    check_test("RFC 9496 A.2: element derivation");
    const json_value *der = json_get(v, "element_derivation");
    check(json_len(der) == 7, "7 derivation vectors");
    for (size_t i = 0; i < json_len(der); i++) {
        const json_value *c = json_at(der, i);
        uint8_t in[GOLDILOCKS_DECAF448_UNIFORM_BYTES];
        check(check_unhex(in, sizeof in, json_get_str(c, "input")) == (int)sizeof in, "hex in %zu", i);
        check(check_unhex(enc, N, json_get_str(c, "output")) == N, "hex out %zu", i);
        goldilocks_decaf448_from_uniform(out, in);
        check(memcmp(out, enc, N) == 0, "derivation %zu", i);
    }
}

static void random_scalar(uint8_t out[N], mpz_t value) {
    check_randbytes(out, N);
    le_to_mpz(value, out, N);
    mpz_mod(value, value, L);
}

static void test_identities(const uint8_t gen[N]) {
    check_test("identities with random scalars");
    mpz_t a, b, ab;
    mpz_inits(a, b, ab, NULL);
    for (int it = 0; it < 32; it++) {
        uint8_t ka[N], kb[N], kab[N], pa[N], pb[N], x[N], y[N], z[N], pc[N];
        random_scalar(ka, a);
        random_scalar(kb, b);
        check(goldilocks_decaf448_scalarmult_base(pa, ka) == 0, "scalarmult_base ret");
        check(goldilocks_decaf448_validate(pa) == 0, "[a]G does not validate");
        check(goldilocks_decaf448_scalarmult(x, gen, ka) == 0 && memcmp(x, pa, N) == 0,
              "scalarmult_base(a) != scalarmult(G, a)");
        check(goldilocks_decaf448_scalarmult_base(pb, kb) == 0, "scalarmult_base ret");

        /* [a]([b]G) = [b]([a]G) = [ab mod l]G */
        mpz_mul(ab, a, b);
        mpz_mod(ab, ab, L);
        mpz_to_le(kab, N, ab);
        check(goldilocks_decaf448_scalarmult(x, pb, ka) == 0, "ret");
        check(goldilocks_decaf448_scalarmult(y, pa, kb) == 0, "ret");
        check(goldilocks_decaf448_scalarmult_base(z, kab) == 0, "scalarmult_base ret");
        check(memcmp(x, y, N) == 0 && memcmp(x, z, N) == 0, "[a][b]G, [b][a]G, [ab]G differ");

        /* [a]G + [b]G = [b]G + [a]G = [a + b]G */
        mpz_add(ab, a, b);
        mpz_mod(ab, ab, L);
        mpz_to_le(kab, N, ab);
        check(goldilocks_decaf448_add(x, pa, pb) == 0, "ret");
        check(goldilocks_decaf448_add(y, pb, pa) == 0, "ret");
        check(goldilocks_decaf448_scalarmult_base(z, kab) == 0, "scalarmult_base ret");
        check(memcmp(x, y, N) == 0, "add not commutative");
        check(memcmp(x, z, N) == 0, "[a]G + [b]G != [a+b]G");

        /* (P + Q) + R = P + (Q + R), R from element derivation */
        uint8_t u[GOLDILOCKS_DECAF448_UNIFORM_BYTES];
        check_randbytes(u, sizeof u);
        goldilocks_decaf448_from_uniform(pc, u);
        check(goldilocks_decaf448_validate(pc) == 0, "derived element does not validate");
        check(goldilocks_decaf448_add(x, pa, pb) == 0 && goldilocks_decaf448_add(x, x, pc) == 0, "ret");
        check(goldilocks_decaf448_add(y, pb, pc) == 0 && goldilocks_decaf448_add(y, pa, y) == 0, "ret");
        check(memcmp(x, y, N) == 0, "add not associative");

        /* [l - 1]P + P = identity, and [a]P for a derived P: [a]([b]P) = [ab]P */
        mpz_sub_ui(ab, L, 1);
        mpz_to_le(kab, N, ab);
        check(goldilocks_decaf448_scalarmult(x, pc, kab) == 0, "ret");
        check(goldilocks_decaf448_add(x, x, pc) == 0, "ret");
        uint8_t zero[N] = {0};
        check(memcmp(x, zero, N) == 0, "[l-1]P + P != 0");
        mpz_mul(ab, a, b);
        mpz_mod(ab, ab, L);
        mpz_to_le(kab, N, ab);
        check(goldilocks_decaf448_scalarmult(x, pc, kb) == 0 && goldilocks_decaf448_scalarmult(x, x, ka) == 0, "ret");
        check(goldilocks_decaf448_scalarmult(y, pc, kab) == 0, "ret");
        check(memcmp(x, y, N) == 0, "[a]([b]P) != [ab]P");

        /* scalars are taken mod l: [a + l]G = [a]G for a + l < 2^448 */
        mpz_add(ab, a, L);
        mpz_to_le(kab, N, ab);
        check(goldilocks_decaf448_scalarmult_base(x, kab) == 0, "scalarmult_base ret");
        check(memcmp(x, pa, N) == 0, "[a + l]G != [a]G");
    }
    mpz_clears(a, b, ab, NULL);
}

static void test_rejections(void) {
    check_test("non-canonical, negative and non-square encodings rejected");
    uint8_t enc[N];
    /* p, and p + 2 = 2^448 - 2^224 + 1 (= 2 mod p, and s = 2 is valid): only the canonical check rejects p + 2. */
    memset(enc, 0xff, N);
    enc[28] = 0xfe;
    check(goldilocks_decaf448_validate(enc) == -1, "p accepted");
    memset(enc, 0, 28);
    memset(enc + 28, 0xff, 28);
    enc[0] = 1;
    check(goldilocks_decaf448_validate(enc) == -1, "p + 2 accepted");
    memset(enc, 0, N);
    enc[0] = 2;
    check(goldilocks_decaf448_validate(enc) == 0, "s = 2 rejected");
    enc[0] = 4;
    check(goldilocks_decaf448_validate(enc) == -1, "s = 4 (u2 u1^2 not a square) accepted");
    memset(enc, 0, N);
    enc[0] = 1; /* s = 1: negative */
    check(goldilocks_decaf448_validate(enc) == -1, "s = 1 (negative) accepted");
    /* Count rejections among random even s: about half are non-squares. */
    int rejected = 0, accepted = 0;
    for (int i = 0; i < 200; i++) {
        check_randbytes(enc, N);
        enc[0] &= 0xfe;
        enc[55] &= 0x7f;
        if (goldilocks_decaf448_validate(enc) == 0)
            accepted++;
        else
            rejected++;
    }
    check(rejected > 50 && accepted > 50, "random even s: %d accepted, %d rejected", accepted, rejected);
}

int main(void) {
    check_init("test_decaf448");
    oracle_init();

    json_value *v = json_load(check_vector_path("rfc9496_decaf448.json"));
    check_test("load vectors");
    check(v != NULL, "cannot read rfc9496_decaf448.json");
    if (v) {
        test_vectors(v);
        uint8_t gen[N];
        check_unhex(gen, N, json_get_str(v, "generator"));
        test_identities(gen);
        json_free(v);
    }
    test_rejections();
    oracle_clear();
    return check_done();
}
