/*
 * goldilocks_x448_batch against n single goldilocks_x448 calls, and against
 * the RFC 7748 and Wycheproof vectors directly.
 *
 * The items come from a pool: the RFC 7748 section 5.2 and 6.2 vectors,
 * every Wycheproof x448_test.json case with a 56-byte public key (its
 * low-order peers included), the small-order u values of RFC 7748 (0, 1,
 * p - 1 and their non-canonical forms p, p + 1) with random secrets, and
 * random items. A batch of n draws its items from the pool so that some
 * lanes of a group end all zero and others not; every shared[i] and rc[i]
 * must be what the single call gives, the return value 0 exactly when every
 * rc[i] is 0, and where the item is a vector, the vector's own result.
 * Inputs are allocated with exactly n items, so that AddressSanitizer
 * catches a read past them (the partial last group).
 */
#include <stdlib.h>
#include <string.h>
#include "goldilocks.h"
#include "check.h"
#include "json.h"
#include "x448_rfc7748.h"
#include "field.h"

#define N GOLDILOCKS_X448_BYTES

typedef struct {
    uint8_t secret[N], peer[N];
    uint8_t want[N]; /* the vector's shared secret, when known */
    int has_want;
    int low_order; /* the vector's shared secret is all zero */
} item;

#define POOL_MAX 1024
static item pool[POOL_MAX];
static size_t pool_n, pool_low, pool_rfc[4];
static size_t wy_first, wy_count; /* the Wycheproof items, in file order */
static size_t n_rfc;

static item *pool_add(void) {
    if (pool_n == POOL_MAX) {
        check(0, "pool full");
        return &pool[POOL_MAX - 1];
    }
    memset(&pool[pool_n], 0, sizeof pool[0]);
    return &pool[pool_n++];
}

static void add_rfc(const json_value *rfc) {
    const json_value *sm = json_get(rfc, "scalarmult");
    for (size_t i = 0; i < json_len(sm); i++) {
        const json_value *t = json_at(sm, i);
        item *it = pool_add();
        it->has_want = check(check_unhex_exact(it->secret, N, json_get_str(t, "scalar")) &&
                                 check_unhex_exact(it->peer, N, json_get_str(t, "u")) &&
                                 check_unhex_exact(it->want, N, json_get_str(t, "output")),
                             "bad RFC 7748 scalarmult vector %zu", i);
        pool_rfc[n_rfc++] = (size_t)(it - pool);
    }
    uint8_t apriv[N], apub[N], bpriv[N], bpub[N], shared[N];
    if (x448_rfc7748_dh(rfc, apriv, apub, bpriv, bpub, shared, "bad RFC 7748 section 6.2 vector")) {
        item *a = pool_add();
        memcpy(a->secret, apriv, N);
        memcpy(a->peer, bpub, N);
        memcpy(a->want, shared, N);
        a->has_want = 1;
        pool_rfc[n_rfc++] = (size_t)(a - pool);
        item *b = pool_add();
        memcpy(b->secret, bpriv, N);
        memcpy(b->peer, apub, N);
        memcpy(b->want, shared, N);
        b->has_want = 1;
        pool_rfc[n_rfc++] = (size_t)(b - pool);
    }
    check(n_rfc == 4, "expected 4 RFC 7748 items, got %zu", n_rfc);
}

static void add_wycheproof(const json_value *w) {
    size_t added = 0;
    wy_first = pool_n;
    const json_value *groups = json_get(w, "testGroups");
    for (size_t g = 0; g < json_len(groups); g++) {
        const json_value *tests = json_get(json_at(groups, g), "tests");
        for (size_t i = 0; i < json_len(tests); i++) {
            const json_value *t = json_at(tests, i);
            const char *pub = json_get_str(t, "public");
            /* the 57-byte public keys do not fit a fixed-size API (test_x448 covers them) */
            if (!pub || strlen(pub) != 2 * N)
                continue;
            item *it = pool_add();
            it->has_want = check(check_unhex_exact(it->secret, N, json_get_str(t, "private")) &&
                                     check_unhex_exact(it->peer, N, pub) &&
                                     check_unhex_exact(it->want, N, json_get_str(t, "shared")),
                                 "bad Wycheproof case %zu", i);
            it->low_order = it->has_want && check_all_zero(it->want, N);
            pool_low += (size_t)it->low_order;
            added++;
        }
    }
    wy_count = added;
    check(added > 400, "only %zu Wycheproof cases", added);
}

/*
 * RFC 7748's small-order u values: 0, 1 and p - 1, and the non-canonical p
 * and p + 1 (read mod p: 0 and 1), each with random secrets. Little-endian,
 * p = 2^448 - 2^224 - 1 is bytes 0..27 0xff, byte 28 0xfe, bytes 29..55 0xff.
 */
static void add_small_order(void) {
    for (int v = 0; v < 5; v++) {
        for (int rep = 0; rep < 3; rep++) {
            item *it = pool_add();
            check_randbytes(it->secret, N);
            memset(it->peer, 0xff, N);
            it->peer[28] = 0xfe; /* p */
            switch (v) {
            case 0: memset(it->peer, 0, N); break;
            case 1: memset(it->peer, 0, N); it->peer[0] = 1; break;
            case 2: it->peer[0] = 0xfe; break;                                 /* p - 1 */
            case 3: break;                                                     /* p */
            case 4: memset(it->peer, 0, 28); memset(it->peer + 28, 0xff, 28); break; /* p + 1 = 2^448 - 2^224 */
            }
            memset(it->want, 0, N);
            it->has_want = 1;
            it->low_order = 1;
            pool_low++;
        }
    }
}

static void add_random(size_t count) {
    for (size_t i = 0; i < count; i++) {
        item *it = pool_add();
        check_randbytes(it->secret, N);
        check_randbytes(it->peer, N);
    }
}

/* The batch's inputs and outputs, each exactly n items (malloc: ASan sees the ends). */
typedef struct {
    size_t n;
    uint8_t (*secret)[N], (*peer)[N], (*shared)[N], (*want)[N];
    int *rc, *want_rc;
    int want_status;
} batch;

static void batch_alloc(batch *b, size_t n) {
    b->n = n;
    size_t m = n ? n : 1;
    b->secret = malloc(m * N);
    b->peer = malloc(m * N);
    b->shared = malloc(m * N);
    b->want = malloc(m * N);
    b->rc = malloc(m * sizeof(int));
    b->want_rc = malloc(m * sizeof(int));
    if (!b->secret || !b->peer || !b->shared || !b->want || !b->rc || !b->want_rc)
        abort();
}

static void batch_free(batch *b) {
    free(b->secret);
    free(b->peer);
    free(b->shared);
    free(b->want);
    free(b->rc);
    free(b->want_rc);
}

/* The expected outputs, from n single calls (and the vectors where known). */
static void batch_expect(batch *b, const size_t *idx) {
    b->want_status = 0;
    for (size_t i = 0; i < b->n; i++) {
        const item *it = &pool[idx[i]];
        memcpy(b->secret[i], it->secret, N);
        memcpy(b->peer[i], it->peer, N);
        b->want_rc[i] = goldilocks_x448(b->want[i], it->secret, it->peer);
        if (it->has_want)
            check(memcmp(b->want[i], it->want, N) == 0, "pool item %zu: the single call disagrees with its vector",
                  idx[i]);
        if (b->want_rc[i])
            b->want_status = -1;
        memset(b->shared[i], 0xa5, N);
        b->rc[i] = 7;
    }
}

/* Checks the outputs against the single calls and the vectors. Returns the number of all-zero lanes. */
static size_t batch_verify(const batch *b, const size_t *idx, int status, const char *what) {
    size_t zeros = 0;
    check(status == b->want_status, "%s, n = %zu: returned %d, want %d", what, b->n, status, b->want_status);
    for (size_t i = 0; i < b->n; i++) {
        const item *it = &pool[idx[i]];
        check(memcmp(b->shared[i], b->want[i], N) == 0, "%s, n = %zu: shared[%zu] differs from the single call",
              what, b->n, i);
        check(b->rc[i] == b->want_rc[i], "%s, n = %zu: rc[%zu] = %d, the single call %d", what, b->n, i, b->rc[i],
              b->want_rc[i]);
        if (it->has_want)
            check(memcmp(b->shared[i], it->want, N) == 0, "%s, n = %zu: shared[%zu] is not the vector's", what,
                  b->n, i);
        check(b->want_rc[i] == (check_all_zero(b->want[i], N) ? -1 : 0), "single call rc vs all-zero output, item %zu", i);
        zeros += (size_t)(b->rc[i] != 0);
    }
    return zeros;
}

/* n items from the pool: a mix where some lanes of a group are low-order and others not. */
static void draw(size_t *idx, size_t n, unsigned pattern) {
    for (size_t i = 0; i < n; i++) {
        size_t j;
        unsigned r = (unsigned)(check_rand64() % 8);
        /* low-order roughly one lane in four, following a pattern of lanes that moves with i */
        int want_low = ((pattern >> (i % GF_LANES)) & 1) && r < 6;
        do {
            j = (size_t)(check_rand64() % pool_n);
        } while (pool_low && pool[j].low_order != want_low && (check_rand64() % 16) != 0);
        idx[i] = j;
    }
}

static void test_sizes(void) {
    const size_t sizes[] = {0, 1, GF_LANES - 1, GF_LANES, GF_LANES + 1, 3 * GF_LANES + 2, 1000};
    static size_t idx[1000];
    check_test("x448_batch against single calls, n = 0, 1, L-1, L, L+1, 3L+2, 1000 (L = GF_LANES)");
    size_t zeros_total = 0, nonzero_total = 0;
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        for (unsigned pattern = 0; pattern < 4; pattern++) {
            size_t n = sizes[s];
            if (n == 1000 && pattern > 1)
                continue; /* the long one twice is enough */
            batch b;
            batch_alloc(&b, n);
            draw(idx, n, pattern == 0 ? 0 : pattern == 1 ? 0x5u : pattern == 2 ? 0xau : 0x9u);
            batch_expect(&b, idx);
            int status = goldilocks_x448_batch(n, b.shared, b.rc, (const uint8_t(*)[N])b.secret,
                                               (const uint8_t(*)[N])b.peer);
            size_t z = batch_verify(&b, idx, status, "mixed items");
            zeros_total += z;
            nonzero_total += n - z;
            batch_free(&b);
        }
    }
    check(zeros_total > 100 && nonzero_total > 1000, "too few all-zero (%zu) or nonzero (%zu) items", zeros_total,
          nonzero_total);
}

/* Every pattern of low-order lanes in one group, in a partial group and in two groups. */
static void test_zero_patterns(void) {
    const size_t sizes[] = {GF_LANES, GF_LANES - 1, 2 * GF_LANES};
    size_t idx[2 * GF_LANES], low[3], normal[2 * GF_LANES];
    size_t n_low = 0, n_normal = 0;
    check_test("x448_batch: every pattern of all-zero lanes in a group");
    for (size_t j = 0; j < pool_n; j++) {
        if (pool[j].low_order && n_low < 3)
            low[n_low++] = j;
        if (!pool[j].low_order && pool[j].has_want && n_normal < 2 * GF_LANES)
            normal[n_normal++] = j;
    }
    if (!check(n_low == 3 && n_normal == 2 * GF_LANES, "too few low-order or normal items"))
        return;
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        size_t n = sizes[s];
        for (unsigned pattern = 0; pattern < (1u << GF_LANES); pattern++) {
            for (size_t i = 0; i < n; i++)
                idx[i] = ((pattern >> (i % GF_LANES)) & 1) ? low[i % 3] : normal[i];
            batch b;
            batch_alloc(&b, n);
            batch_expect(&b, idx);
            int status = goldilocks_x448_batch(n, b.shared, b.rc, (const uint8_t(*)[N])b.secret,
                                               (const uint8_t(*)[N])b.peer);
            batch_verify(&b, idx, status, "zero pattern");
            batch_free(&b);
        }
    }
}

/* The RFC 7748 vectors in every lane position, with random items around them. */
static void test_rfc_every_lane(void) {
    size_t idx[3 * GF_LANES];
    check_test("x448_batch: the RFC 7748 vectors in every lane position");
    for (size_t v = 0; v < n_rfc; v++) {
        for (size_t pos = 0; pos < 2 * GF_LANES + 1; pos++) {
            size_t n = pos + 1 + (size_t)(check_rand64() % GF_LANES);
            for (size_t i = 0; i < n; i++)
                idx[i] = pool_n - 1 - (size_t)(check_rand64() % 64); /* random items are last in the pool */
            idx[pos] = pool_rfc[v];
            batch b;
            batch_alloc(&b, n);
            batch_expect(&b, idx);
            int status = goldilocks_x448_batch(n, b.shared, b.rc, (const uint8_t(*)[N])b.secret,
                                               (const uint8_t(*)[N])b.peer);
            batch_verify(&b, idx, status, "RFC vector in a lane");
            check(memcmp(b.shared[pos], pool[pool_rfc[v]].want, N) == 0, "RFC item %zu at lane position %zu", v,
                  pos);
            batch_free(&b);
        }
    }
}

/* Every Wycheproof case in one batch, in file order: each its vector's result. */
static void test_wycheproof_in_order(void) {
    static size_t idx[POOL_MAX];
    check_test("x448_batch: every Wycheproof case (56-byte keys) in one batch, in file order");
    for (size_t i = 0; i < wy_count; i++)
        idx[i] = wy_first + i;
    batch b;
    batch_alloc(&b, wy_count);
    batch_expect(&b, idx);
    int status = goldilocks_x448_batch(wy_count, b.shared, b.rc, (const uint8_t(*)[N])b.secret,
                                       (const uint8_t(*)[N])b.peer);
    size_t zeros = batch_verify(&b, idx, status, "Wycheproof in order");
    check(zeros > 0 && zeros < wy_count, "all-zero results: %zu of %zu", zeros, wy_count);
    batch_free(&b);
}

static void test_null(void) {
    enum { M = GF_LANES + 1 };
    uint8_t secret[M][N], peer[M][N], shared[M][N];
    int rc[M];
    check_test("x448_batch: n = 0 and NULL arguments");
    check(goldilocks_x448_batch(0, NULL, NULL, NULL, NULL) == 0, "n = 0 with NULLs");
    memset(shared, 0xa5, sizeof shared);
    for (int i = 0; i < M; i++)
        rc[i] = 7;
    check(goldilocks_x448_batch(0, shared, rc, (const uint8_t(*)[N])secret, (const uint8_t(*)[N])peer) == 0,
          "n = 0");
    check(shared[0][0] == 0xa5 && rc[0] == 7, "n = 0 wrote an output");

    for (size_t i = 0; i < M; i++) {
        memcpy(secret[i], pool[pool_rfc[0]].secret, N);
        memcpy(peer[i], pool[pool_rfc[0]].peer, N);
    }
    /* what n single calls with a NULL argument give: zero outputs, -1 each */
    for (int which = 0; which < 3; which++) {
        memset(shared, 0xa5, sizeof shared);
        for (int i = 0; i < M; i++)
            rc[i] = 7;
        int r = goldilocks_x448_batch(M, which == 0 ? NULL : shared, rc,
                                      which == 1 ? NULL : (const uint8_t(*)[N])secret,
                                      which == 2 ? NULL : (const uint8_t(*)[N])peer);
        check(r == -1, "NULL argument %d: returned %d", which, r);
        for (int i = 0; i < M; i++) {
            check(rc[i] == -1, "NULL argument %d: rc[%d] = %d", which, i, rc[i]);
            if (which != 0)
                check(check_all_zero(shared[i], N), "NULL argument %d: shared[%d] not zero", which, i);
            uint8_t single[N];
            memset(single, 0xa5, N);
            int sr = goldilocks_x448(which == 0 ? NULL : single, which == 1 ? NULL : secret[i],
                                     which == 2 ? NULL : peer[i]);
            check(sr == rc[i], "NULL argument %d: single call returns %d", which, sr);
            if (which != 0)
                check(memcmp(single, shared[i], N) == 0, "NULL argument %d: the single call's output differs", which);
        }
    }
    /* rc NULL too, and rc NULL alone: the return value still reports */
    memset(shared, 0xa5, sizeof shared);
    check(goldilocks_x448_batch(M, shared, NULL, NULL, (const uint8_t(*)[N])peer) == -1, "NULL secret, NULL rc");
    check(check_all_zero(shared[M - 1], N), "NULL secret, NULL rc: output not zero");
    check(goldilocks_x448_batch(M, shared, NULL, (const uint8_t(*)[N])secret, (const uint8_t(*)[N])peer) == 0,
          "rc NULL, all good");
    for (int i = 0; i < M; i++)
        check(memcmp(shared[i], pool[pool_rfc[0]].want, N) == 0, "rc NULL: shared[%d] wrong", i);
    memset(peer[1], 0, N); /* u = 0: low order */
    check(goldilocks_x448_batch(M, shared, NULL, (const uint8_t(*)[N])secret, (const uint8_t(*)[N])peer) == -1,
          "rc NULL, one low-order peer");
    check(check_all_zero(shared[1], N), "rc NULL, one low-order peer: its output is not zero");
    for (int i = 0; i < M; i++)
        if (i != 1)
            check(memcmp(shared[i], pool[pool_rfc[0]].want, N) == 0, "rc NULL, one low-order peer: shared[%d]", i);
}

/*
 * shared over secret or peer: the same array, or offset by fewer than 56
 * bytes either way (the header's promise); every item must get the result
 * of its original inputs.
 */
static void test_aliasing(void) {
    enum { M = 3 * GF_LANES + 2 };
    static const long offsets[] = {0, 1, 8, 55, -1, -8, -55};
    static size_t idx[M];
    static uint8_t area[(M + 4) * N];
    check_test("x448_batch: shared over secret or peer, exactly and partially");
    draw(idx, M, 0x6u);
    batch b;
    batch_alloc(&b, M);
    batch_expect(&b, idx);
    for (int over = 0; over < 2; over++) {
        for (size_t o = 0; o < sizeof offsets / sizeof offsets[0]; o++) {
            /* the overlapped input at 2N into area, shared at 2N + offset */
            uint8_t(*in)[N] = (uint8_t(*)[N])(area + 2 * N);
            uint8_t(*out)[N] = (uint8_t(*)[N])(area + 2 * N + offsets[o]);
            memcpy(in, over == 0 ? b.secret : b.peer, (size_t)M * N);
            int rc[M];
            int status = goldilocks_x448_batch(M, out, rc, over == 0 ? (const uint8_t(*)[N])in : (const uint8_t(*)[N])b.secret,
                                               over == 1 ? (const uint8_t(*)[N])in : (const uint8_t(*)[N])b.peer);
            check(status == b.want_status, "%s, offset %ld: returned %d", over ? "peer" : "secret", offsets[o], status);
            for (size_t i = 0; i < M; i++) {
                check(memcmp(out[i], b.want[i], N) == 0, "shared over %s, offset %ld: item %zu wrong",
                      over ? "peer" : "secret", offsets[o], i);
                check(rc[i] == b.want_rc[i], "shared over %s, offset %ld: rc[%zu]", over ? "peer" : "secret",
                      offsets[o], i);
            }
        }
    }
    batch_free(&b);
}

int main(int argc, char **argv) {
    check_init("test_x448_batch");
    (void)check_slow(argc, argv);
    json_value *rfc = json_load(check_vector_path("rfc7748_x448.json"));
    json_value *w = json_load(check_vector_path("wycheproof_x448_test.json"));
    check_test("vectors loaded");
    check(rfc && w, "cannot load the vectors");
    add_rfc(rfc);
    add_wycheproof(w);
    add_small_order();
    add_random(64); /* last: test_rfc_every_lane draws from the end */
    check(pool_low >= 15, "only %zu low-order items", pool_low);
    json_free(rfc);
    json_free(w);

    test_sizes();
    test_zero_patterns();
    test_rfc_every_lane();
    test_wycheproof_in_order();
    test_null();
    test_aliasing();
    return check_done();
}
