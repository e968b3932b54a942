/*
 * goldilocks_decaf448_scalarmult_batch against n calls of
 * goldilocks_decaf448_scalarmult for n = 0, 1, GF_LANES - 1, GF_LANES,
 * GF_LANES + 1, 3 GF_LANES + 2 and 1000 (200 without --slow: the suite also
 * runs under qemu), random elements and scalars; RFC 9496 appendix A.1's
 * multiples [a]G, [b]([a]G) = [ab]G, each at every item of GF_LANES + 1
 * (every lane position, and a partial chunk; 2 GF_LANES + 1 with --slow); its invalid encodings in some lanes and not others, each
 * with a lane pattern of its own (every pattern with --slow), rc[i] and
 * out[i] of the single call, the other items unaffected; libdecaf (where configure finds it) on
 * the same random items; NULL arguments and out == point, out == scalar.
 */
#include <stdio.h>
#include <string.h>
#include "goldilocks.h"
#include "check.h"
#include "json.h"
#include "field.h" /* GF_LANES: the batch's chunk, to place items at every lane position */

#ifdef HAVE_LIBDECAF
#include <decaf/point_448.h>
#endif

enum { N = GOLDILOCKS_DECAF448_BYTES, S = GOLDILOCKS_DECAF448_SCALAR_BYTES, MAXN = 1000 };

static uint8_t pt[MAXN][N], sc[MAXN][S], out[MAXN][N], want[MAXN][N];
static int rc[MAXN], want_rc[MAXN];
static uint8_t mult[16][N], invalid[32][N];
static size_t n_invalid;
static int slow; /* --slow: every combination below, not a rotating sample */

/* Random valid elements: [random]G through the library's base multiplication. */
static void random_items(size_t n) {
    for (size_t i = 0; i < n; i++) {
        uint8_t k[S];
        check_randbytes(k, S);
        if (goldilocks_decaf448_scalarmult_base(pt[i], k) != 0)
            memset(pt[i], 0, N);
        check_randbytes(sc[i], S);
    }
}

static int singles(size_t n) {
    int any = 0;
    for (size_t i = 0; i < n; i++) {
        want_rc[i] = goldilocks_decaf448_scalarmult(want[i], pt[i], sc[i]);
        any |= want_rc[i];
    }
    return any ? -1 : 0;
}

static size_t differing(size_t n) {
    size_t bad = 0;
    for (size_t i = 0; i < n; i++)
        bad += memcmp(out[i], want[i], N) != 0 || rc[i] != want_rc[i];
    return bad;
}

static void test_sizes(size_t maxn) {
    const size_t sizes[] = {0, 1, GF_LANES - 1, GF_LANES, GF_LANES + 1, 3 * GF_LANES + 2, maxn};
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
        size_t n = sizes[s];
        char name[64];
        snprintf(name, sizeof name, "n = %zu against single calls", n);
        check_test(name);
        random_items(n);
        int wr = singles(n);
        memset(out, 0xa5, sizeof out);
        int r = goldilocks_decaf448_scalarmult_batch(n, out, rc, (const uint8_t(*)[N])pt, (const uint8_t(*)[S])sc);
        check(r == 0 && wr == 0, "rc %d", r);
        check(differing(n) == 0, "%zu of %zu items differ", differing(n), n);
        check(n == MAXN || (out[n][0] == 0xa5 && out[n][N - 1] == 0xa5), "item %zu written", n);
    }
}

static int load_vectors(void) {
    json_value *v = json_load(check_vector_path("rfc9496_decaf448.json"));
    check(v != NULL, "cannot read rfc9496_decaf448.json");
    if (!v)
        return 0;
    const json_value *m = json_get(v, "multiples");
    check(json_len(m) == 16, "16 multiples");
    for (size_t i = 0; i < 16 && i < json_len(m); i++)
        check(check_unhex(mult[i], N, json_str(json_at(m, i))) == N, "hex %zu", i);
    const json_value *inv = json_get(v, "invalid");
    n_invalid = json_len(inv) < 32 ? json_len(inv) : 32;
    check(n_invalid == 21, "21 invalid encodings");
    for (size_t i = 0; i < n_invalid; i++)
        check(check_unhex(invalid[i], N, json_get_str(json_at(inv, i), "encoding")) == N, "hex %zu", i);
    json_free(v);
    return 1;
}

static void test_vectors(void) {
    check_test("RFC 9496 multiples: [b]([a]G) = [ab]G in every lane position");
    if (!load_vectors())
        return;
    /* GF_LANES + 1 items: every lane of a full chunk and the lone lane of a partial one (2 GF_LANES + 1 with --slow) */
    size_t n = slow ? 2 * GF_LANES + 1 : GF_LANES + 1;
    for (unsigned a = 1; a < 16; a++) {
        for (size_t pos = 0; pos < n; pos++) {
            random_items(n);
            unsigned b = (unsigned)(check_rand64() % (15 / a)) + 1; /* a b < 16 */
            memcpy(pt[pos], mult[a], N);
            memset(sc[pos], 0, S);
            sc[pos][0] = (uint8_t)b;
            int r = goldilocks_decaf448_scalarmult_batch(n, out, rc, (const uint8_t(*)[N])pt,
                                                         (const uint8_t(*)[S])sc);
            check(r == 0 && rc[pos] == 0, "[%u]([%u]G) at item %zu: rc %d", b, a, pos, r);
            check(memcmp(out[pos], mult[a * b], N) == 0, "[%u]([%u]G) at item %zu", b, a, pos);
            singles(n);
            check(differing(n) == 0, "[%u]([%u]G) at item %zu: others differ", b, a, pos);
        }
    }

    check_test("RFC 9496 invalid encodings in some lanes, every one at every lane position");
    n = 3 * GF_LANES + 2;
    for (size_t e = 0; e < n_invalid; e++) {
        for (size_t pattern = 1 + e % 15; pattern < (1u << GF_LANES); pattern += slow ? 1 : 16) {
            random_items(n);
            size_t bad_items = 0;
            for (size_t i = 0; i < n; i++)
                if ((pattern >> (i % GF_LANES)) & 1 && (i + e) % 5 != 0) {
                    memcpy(pt[i], invalid[(e + i) % n_invalid], N);
                    bad_items++;
                }
            int wr = singles(n);
            memset(out, 0xff, sizeof out);
            int r = goldilocks_decaf448_scalarmult_batch(n, out, rc, (const uint8_t(*)[N])pt,
                                                         (const uint8_t(*)[S])sc);
            check(r == wr && r == (bad_items ? -1 : 0), "invalid %zu pattern %zu: rc %d", e, pattern, r);
            check(differing(n) == 0, "invalid %zu pattern %zu: %zu items differ", e, pattern, differing(n));
            for (size_t i = 0; i < n; i++)
                if (rc[i])
                    check(check_all_zero(out[i], N), "invalid %zu pattern %zu item %zu: out not zero", e, pattern, i);
        }
    }
}

static void test_libdecaf(void) {
    check_test("libdecaf: the same random items");
#ifdef HAVE_LIBDECAF
    size_t n = 3 * GF_LANES + 2;
    for (int round = 0; round < 8; round++) {
        random_items(n);
        int r = goldilocks_decaf448_scalarmult_batch(n, out, rc, (const uint8_t(*)[N])pt,
                                                     (const uint8_t(*)[S])sc);
        check(r == 0, "rc %d", r);
        for (size_t i = 0; i < n; i++) {
            decaf_448_point_t p, q;
            decaf_448_scalar_t k;
            uint8_t theirs[N];
            check(decaf_448_point_decode(p, pt[i], DECAF_TRUE) == DECAF_SUCCESS, "libdecaf decodes %zu", i);
            decaf_448_scalar_decode_long(k, sc[i], S);
            decaf_448_point_scalarmul(q, p, k);
            decaf_448_point_encode(theirs, q);
            check(memcmp(out[i], theirs, N) == 0, "round %d item %zu differs from libdecaf", round, i);
        }
    }
#else
    check_skip(LIBDECAF_SKIP);
#endif
}

static void test_null_alias(void) {
    size_t n = GF_LANES + 3;
    check_test("NULL arguments");
    random_items(n);
    memset(out, 0xff, sizeof out);
    memset(rc, 0, sizeof rc);
    check(goldilocks_decaf448_scalarmult_batch(n, out, rc, NULL, (const uint8_t(*)[S])sc) == -1, "point NULL");
    int rcs_bad = 1;
    for (size_t i = 0; i < n; i++)
        rcs_bad &= rc[i] == -1;
    check(rcs_bad && rc[n] == 0 && check_all_zero(&out[0][0], n * N) && out[n][0] == 0xff,
          "point NULL: rc -1 and out zero for the n items only");
    memset(out, 0xff, sizeof out);
    check(goldilocks_decaf448_scalarmult_batch(n, out, rc, (const uint8_t(*)[N])pt, NULL) == -1 &&
              check_all_zero(&out[0][0], n * N), "scalar NULL");
    memset(out, 0xff, sizeof out);
    check(goldilocks_decaf448_scalarmult_batch(n, out, NULL, (const uint8_t(*)[N])pt, (const uint8_t(*)[S])sc) ==
              -1 && check_all_zero(&out[0][0], n * N), "rc NULL");
    check(goldilocks_decaf448_scalarmult_batch(n, NULL, rc, (const uint8_t(*)[N])pt, (const uint8_t(*)[S])sc) == -1,
          "out NULL");
    check(goldilocks_decaf448_scalarmult_batch(0, NULL, NULL, NULL, NULL) == 0, "n = 0 with NULLs");

    check_test("out == point and out == scalar (in place)");
    n = 3 * GF_LANES + 2;
    random_items(n);
    memcpy(pt[3], invalid[0], N); /* one invalid item among them */
    singles(n);
    static uint8_t buf[MAXN][N];
    memcpy(buf, pt, n * N);
    int r = goldilocks_decaf448_scalarmult_batch(n, buf, rc, (const uint8_t(*)[N])buf, (const uint8_t(*)[S])sc);
    memcpy(out, buf, n * N);
    check(r == -1 && differing(n) == 0, "out == point: %zu items differ", differing(n));
    memcpy(buf, sc, n * S);
    r = goldilocks_decaf448_scalarmult_batch(n, buf, rc, (const uint8_t(*)[N])pt, (const uint8_t(*)[S])buf);
    memcpy(out, buf, n * N);
    check(r == -1 && differing(n) == 0, "out == scalar: %zu items differ", differing(n));
}

int main(int argc, char **argv) {
    check_init("test_decaf448_scalarmult_batch");
    slow = check_slow(argc, argv);
    test_sizes(slow ? MAXN : 200);
    test_vectors();
    test_libdecaf();
    test_null_alias();
    return check_done();
}
