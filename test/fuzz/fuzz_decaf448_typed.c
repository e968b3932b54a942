/*
 * libFuzzer target: the typed decaf448 API (include/goldilocks.h, "decaf448,
 * typed") on inputs the fuzzer chooses, against independent computations:
 *
 * - scalars against GMP: the input's first 112 bytes (zero-padded) reduced
 *   as wide bytes into a, the next 112 into b, the first 56 as bytes and as
 *   a canonical scalar; add, sub, mul, neg, invert, eq;
 * - elements against libdecaf (when built with HAVE_LIBDECAF, where
 *   configure finds Debian's libdecaf): decoding the first 56 bytes (valid
 *   or not), two elements from the same bytes as uniform strings, then add,
 *   sub, neg, double, scalarmult, scalarmult_base, [a]P + [b]Q and eq,
 *   compared by encoding. Without libdecaf the elements are checked by
 *   identities instead: [a]P + [b]Q two ways, decode(encode(X)) = X.
 *
 * Any difference aborts.
 */
#include <gmp.h>
#include <stdlib.h>
#include <string.h>
#include "goldilocks.h"

#ifdef HAVE_LIBDECAF
#include <decaf/point_448.h>
#endif

enum { N = 56, W = 112, INPUT = 4 * W };

typedef goldilocks_decaf448_point point;
typedef goldilocks_decaf448_scalar scalar;

static mpz_t l, x, y, want, got;

static void init_once(void) {
    static int done;
    if (done)
        return;
    done = 1;
    mpz_inits(l, x, y, want, got, NULL);
    mpz_ui_pow_ui(l, 2, 446);
    mpz_set_str(x, "13818066809895115352007386748515426880336692474882178609894547503885", 10);
    mpz_sub(l, l, x);
}

static void expect_scalar(const scalar *s, const mpz_t w) {
    uint8_t b[N];
    goldilocks_decaf448_scalar_to_bytes(b, s);
    mpz_import(got, N, -1, 1, 0, 0, b);
    if (mpz_cmp(got, w) != 0)
        abort();
}

static void expect_same_point(const point *a, const point *b) {
    uint8_t ea[N], eb[N];
    goldilocks_decaf448_point_encode(ea, a);
    goldilocks_decaf448_point_encode(eb, b);
    if (memcmp(ea, eb, N) != 0 || goldilocks_decaf448_point_eq(a, b) != 0)
        abort();
}

#ifdef HAVE_LIBDECAF
static void expect_decaf(const point *ours, const decaf_448_point_t theirs) {
    uint8_t eo[N], et[N];
    goldilocks_decaf448_point_encode(eo, ours);
    decaf_448_point_encode(et, theirs);
    if (memcmp(eo, et, N) != 0)
        abort();
}
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    uint8_t in[INPUT] = {0};
    memcpy(in, data, size < INPUT ? size : INPUT);
    init_once();

    /* ---- scalars against GMP ---- */
    scalar a, b, r, t;
    goldilocks_decaf448_scalar_from_wide_bytes(&a, in);
    mpz_import(x, W, -1, 1, 0, 0, in);
    mpz_mod(x, x, l);
    expect_scalar(&a, x);
    goldilocks_decaf448_scalar_from_wide_bytes(&b, in + W);
    mpz_import(y, W, -1, 1, 0, 0, in + W);
    mpz_mod(y, y, l);
    expect_scalar(&b, y);

    goldilocks_decaf448_scalar_from_bytes(&r, in);
    mpz_import(want, N, -1, 1, 0, 0, in);
    int canonical = mpz_cmp(want, l) < 0;
    mpz_mod(want, want, l);
    expect_scalar(&r, want);
    int rc = goldilocks_decaf448_scalar_from_canonical_bytes(&t, in);
    if (rc != (canonical ? 0 : -1))
        abort();
    if (canonical) {
        if (goldilocks_decaf448_scalar_eq(&t, &r) != 0)
            abort();
    } else {
        mpz_set_ui(want, 0);
        expect_scalar(&t, want);
    }

    goldilocks_decaf448_scalar_add(&r, &a, &b);
    mpz_add(want, x, y);
    mpz_mod(want, want, l);
    expect_scalar(&r, want);
    goldilocks_decaf448_scalar_sub(&r, &a, &b);
    mpz_sub(want, x, y);
    mpz_mod(want, want, l);
    expect_scalar(&r, want);
    goldilocks_decaf448_scalar_mul(&r, &a, &b);
    mpz_mul(want, x, y);
    mpz_mod(want, want, l);
    expect_scalar(&r, want);
    goldilocks_decaf448_scalar_neg(&r, &a);
    mpz_neg(want, x);
    mpz_mod(want, want, l);
    expect_scalar(&r, want);
    rc = goldilocks_decaf448_scalar_invert(&r, &a);
    if (mpz_sgn(x) == 0) {
        mpz_set_ui(want, 0);
        if (rc != -1)
            abort();
    } else if (rc != 0 || !mpz_invert(want, x, l)) {
        abort();
    }
    expect_scalar(&r, want);
    if (goldilocks_decaf448_scalar_eq(&a, &b) != (mpz_cmp(x, y) == 0 ? 0 : -1))
        abort();

    /* ---- elements ---- */
    point p, q, d, s, u;
    goldilocks_decaf448_point_from_uniform(&p, in + 2 * W);
    goldilocks_decaf448_point_from_uniform(&q, in + W); /* b's bytes: some inputs share them */
    int decoded = goldilocks_decaf448_point_decode(&d, in) == 0;

    goldilocks_decaf448_point_double_scalarmult_vartime(&s, &a, &p, &b, &q);
    goldilocks_decaf448_point_scalarmult(&u, &p, &a);
    goldilocks_decaf448_point_scalarmult(&d, &d, &b); /* [b]D, D as decoded (the non-point when refused) */
    /* A point equals itself; the non-point a refused decode leaves, and [b] of it, equal nothing. */
    if ((goldilocks_decaf448_point_eq(&d, &d) == 0) != decoded)
        abort();
    point v;
    goldilocks_decaf448_point_scalarmult(&v, &q, &b);
    goldilocks_decaf448_point_add(&u, &u, &v);
    expect_same_point(&s, &u);
    {
        uint8_t e[N];
        goldilocks_decaf448_point_encode(e, &s);
        point back;
        if (goldilocks_decaf448_point_decode(&back, e) != 0)
            abort();
        expect_same_point(&back, &s);
    }

#ifdef HAVE_LIBDECAF
    {
        decaf_448_point_t dp, dq, dd, dr, dv;
        decaf_448_scalar_t da, db;
        decaf_448_scalar_decode_long(da, in, W);
        decaf_448_scalar_decode_long(db, in + W, W);
        decaf_448_point_from_hash_uniform(dp, in + 2 * W);
        decaf_448_point_from_hash_uniform(dq, in + W);
        expect_decaf(&p, dp);
        expect_decaf(&q, dq);
        int theirs_decoded = decaf_448_point_decode(dd, in, DECAF_TRUE) == DECAF_SUCCESS;
        if (decoded != theirs_decoded)
            abort();
        if (decoded) {
            decaf_448_point_scalarmul(dd, dd, db);
            expect_decaf(&d, dd);
        }
        goldilocks_decaf448_point_add(&v, &p, &q);
        decaf_448_point_add(dr, dp, dq);
        expect_decaf(&v, dr);
        goldilocks_decaf448_point_sub(&v, &p, &q);
        decaf_448_point_sub(dr, dp, dq);
        expect_decaf(&v, dr);
        goldilocks_decaf448_point_neg(&v, &p);
        decaf_448_point_negate(dr, dp);
        expect_decaf(&v, dr);
        goldilocks_decaf448_point_double(&v, &q);
        decaf_448_point_double(dr, dq);
        expect_decaf(&v, dr);
        goldilocks_decaf448_point_scalarmult_base(&v, &b);
        decaf_448_precomputed_scalarmul(dr, decaf_448_precomputed_base, db);
        expect_decaf(&v, dr);
        decaf_448_point_double_scalarmul(dv, dp, da, dq, db);
        expect_decaf(&s, dv);
        if ((goldilocks_decaf448_point_eq(&p, &q) == 0) != (decaf_448_point_eq(dp, dq) == DECAF_TRUE))
            abort();
    }
#endif
    return 0;
}
