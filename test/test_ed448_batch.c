/*
 * Ed448 batch verification: every rc[i] against goldilocks_ed448_verify of
 * the same signature (and the Wycheproof verdicts), for batches of valid
 * signatures of every size around the chunk boundaries, one, several and
 * all invalid at every position, the Wycheproof cases mixed into batches,
 * small-order and mixed-order components that only the cofactored equation
 * tolerates, errors built to cancel in an unweighted sum, and the NULL and
 * length rules.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gmp.h>
#include "goldilocks.h"
#include "point.h"
#include "shake256.h"
#include "check.h"
#include "json.h"
#include "torsion_sig.h"
#include "wycheproof_ed448.h"

enum { PUB = GOLDILOCKS_ED448_PUBLIC_BYTES, SIG = GOLDILOCKS_ED448_SIG_BYTES, MAXN = 200, MSG = 64 };

/* A batch under construction: its own copies of every input. */
typedef struct {
    size_t n;
    uint8_t sig[MAXN][SIG], pub[MAXN][PUB], msg[MAXN][MSG];
    size_t msg_len[MAXN];
    const uint8_t *sigp[MAXN], *pubp[MAXN], *msgp[MAXN];
    int rc[MAXN];
} batch_t;

static batch_t B;
static uint8_t ctx[16];
static size_t ctx_len;

/* Appends a fresh valid signature by a random key. */
static void add_valid(batch_t *b) {
    size_t i = b->n++;
    uint8_t seed[57], secret[114];
    check_randbytes(seed, sizeof seed);
    goldilocks_ed448_keypair_from_seed(b->pub[i], secret, seed);
    b->msg_len[i] = check_rand64() % MSG;
    check_randbytes(b->msg[i], b->msg_len[i]);
    if (goldilocks_ed448_sign(b->sig[i], secret, b->msg[i], b->msg_len[i], ctx, ctx_len) != 0)
        check(0, "sign");
}

/* Makes signature i invalid in one of several ways (some caught by the encoding checks, most by the equation). */
static void spoil(batch_t *b, size_t i) {
    switch (check_rand64() % 6) {
    case 0: b->sig[i][57 + check_rand64() % 56] ^= (uint8_t)(1u << (check_rand64() % 8)); break; /* S */
    case 1: b->sig[i][check_rand64() % 56] ^= (uint8_t)(1u << (check_rand64() % 8)); break;      /* R */
    case 2: b->pub[i][check_rand64() % 56] ^= (uint8_t)(1u << (check_rand64() % 8)); break;      /* A */
    case 3:
        if (b->msg_len[i] < MSG)
            b->msg[i][b->msg_len[i]++] = 0;
        else
            b->msg_len[i]--;
        break;
    case 4: b->sig[i][113] = 1; break; /* S >= 2^448: not canonical */
    default: {
        /* S + 1: canonical (S + 1 < l almost surely), a wrong equation */
        unsigned k = 57;
        while (k < 113 && ++b->sig[i][k] == 0)
            k++;
        break;
    }
    }
}

/* Runs the batch and compares every rc[i] with the single verification. Returns the batch's return value. */
static int run(batch_t *b, const char *what) {
    for (size_t i = 0; i < b->n; i++) {
        b->sigp[i] = b->sig[i];
        b->pubp[i] = b->pub[i];
        b->msgp[i] = b->msg[i];
        b->rc[i] = 12345;
    }
    int ret = goldilocks_ed448_verify_batch(b->n, b->sigp, b->pubp, b->msgp, b->msg_len, ctx, ctx_len, b->rc);
    int all = 1, same = 1;
    for (size_t i = 0; i < b->n; i++) {
        int single = goldilocks_ed448_verify(b->sig[i], b->pub[i], b->msg[i], b->msg_len[i], ctx, ctx_len);
        if (!check(b->rc[i] == single, "%s: n %zu, rc[%zu] = %d, single %d", what, b->n, i, b->rc[i], single))
            same = 0;
        all &= single == 0;
    }
    check(ret == (all ? 0 : -1), "%s: n %zu: returned %d", what, b->n, ret);
    return same ? ret : -2;
}

static void test_valid(void) {
    check_test("batches of valid signatures, n = 0 .. 130 around the chunks");
    static const size_t sizes[] = { 0, 1, 2, 3, 5, 16, 31, 32, 33, 63, 64, 65, 97, 130 };
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
        ctx_len = s % 3 == 0 ? 0 : check_rand64() % sizeof ctx;
        check_randbytes(ctx, ctx_len);
        B.n = 0;
        while (B.n < sizes[s])
            add_valid(&B);
        check(run(&B, "valid") == 0, "n %zu: not all accepted", sizes[s]);
    }
}

static void test_one_invalid(void) {
    check_test("one invalid signature at every position (n = 70: three chunks)");
    ctx_len = 3;
    memcpy(ctx, "foo", 3);
    batch_t *base = malloc(sizeof *base);
    base->n = 0;
    while (base->n < 70)
        add_valid(base);
    /* Quick mode (emulated runs): the first two and last two positions of every
     * chunk and every seventh in between, not all 70. */
    int quick = check_quick();
    if (quick)
        printf("  quick mode (GOLDILOCKS_TEST_QUICK=1): the positions at the chunk edges and every 7th\n");
    for (size_t pos = 0; pos < base->n; pos++) {
        size_t in_chunk = pos % GOLDILOCKS_ED448_BATCH_CHUNK;
        if (quick && in_chunk > 1 && in_chunk < GOLDILOCKS_ED448_BATCH_CHUNK - 2 && pos < base->n - 2 && pos % 7 != 0)
            continue;
        memcpy(&B, base, sizeof B);
        spoil(&B, pos);
        if (goldilocks_ed448_verify(B.sig[pos], B.pub[pos], B.msg[pos], B.msg_len[pos], ctx, ctx_len) == 0)
            continue; /* the change happened to keep it valid (cannot, but do not count it) */
        check(run(&B, "one invalid") == -1, "position %zu", pos);
    }
    free(base);
}

static void test_several_invalid(void) {
    check_test("several, most and all invalid, random positions");
    ctx_len = 0;
    for (int iter = 0; iter < 12; iter++) {
        B.n = 0;
        size_t n = 1 + check_rand64() % 80;
        while (B.n < n)
            add_valid(&B);
        unsigned percent = iter < 4 ? 10 : iter < 8 ? 60 : 100;
        for (size_t i = 0; i < n; i++)
            if (check_rand64() % 100 < percent)
                spoil(&B, i);
        check(run(&B, "several invalid") != -2, "iter %d", iter);
    }
}

/* Two invalid signatures whose errors cancel in the unweighted sum: S_1 + 1 and S_2 - 1. */
static void test_cancelling(void) {
    check_test("two errors that cancel without the random coefficients");
    ctx_len = 0;
    for (int iter = 0; iter < 4; iter++) {
        B.n = 0;
        while (B.n < 10)
            add_valid(&B);
        size_t i = check_rand64() % 5, j = 5 + check_rand64() % 5;
        scalar_t s, one;
        scalar_set_small(&one, 1);
        check(scalar_from_canonical_bytes(&s, B.sig[i] + 57, 57) == 0, "S");
        scalar_add(&s, &s, &one);
        scalar_to_bytes(B.sig[i] + 57, &s);
        check(scalar_from_canonical_bytes(&s, B.sig[j] + 57, 57) == 0, "S");
        scalar_sub(&s, &s, &one);
        scalar_to_bytes(B.sig[j] + 57, &s);
        check(run(&B, "cancelling") == -1 && B.rc[i] == -1 && B.rc[j] == -1, "iter %d: not caught", iter);
    }
}

/* The fixed-size Wycheproof cases (of messages up to MSG bytes), with their expected verdicts. */
static batch_t cases;
static int expect[MAXN];

static void collect_case(const wycheproof_ed448_case *c, void *unused) {
    (void)unused;
    size_t k = cases.n;
    if (!c->fixed_size || c->msg_len > MSG || k == MAXN)
        return;
    memcpy(cases.sig[k], c->sig, SIG);
    memcpy(cases.pub[k], c->pub, PUB);
    memcpy(cases.msg[k], c->msg, c->msg_len);
    cases.msg_len[k] = c->msg_len;
    expect[k] = c->valid ? 0 : -1;
    cases.n++;
}

static void test_wycheproof(void) {
    check_test("the Wycheproof Ed448 cases mixed into batches");
    cases.n = 0;
    if (!wycheproof_ed448_each(collect_case, NULL))
        return;
    check(cases.n >= 60, "%zu fixed-size cases", cases.n);
    ctx_len = 0;
    for (int round = 0; round < 6; round++) {
        /* A batch of valid signatures with the cases inserted at random positions. */
        B.n = 0;
        size_t where[MAXN]; /* 1 + the case at position i, 0 for a fresh valid signature */
        memset(where, 0, sizeof where);
        size_t take = round == 0 ? cases.n : 1 + check_rand64() % 20;
        for (size_t c = 0; c < take && B.n < MAXN - 2; c++) {
            if (check_rand64() % 2)
                add_valid(&B);
            size_t k = round == 0 ? c : check_rand64() % cases.n, i = B.n++;
            memcpy(B.sig[i], cases.sig[k], SIG);
            memcpy(B.pub[i], cases.pub[k], PUB);
            memcpy(B.msg[i], cases.msg[k], cases.msg_len[k]);
            B.msg_len[i] = cases.msg_len[k];
            where[i] = k + 1;
        }
        check(run(&B, "wycheproof") != -2, "round %d", round);
        for (size_t i = 0; i < B.n; i++)
            if (where[i])
                check(B.rc[i] == expect[where[i] - 1], "round %d: case %zu verdict %d", round, where[i] - 1,
                      B.rc[i]);
        memset(where, 0, sizeof where);
    }
}

/*
 * Item n: a signature of a random 5-byte message with A = T_a + [a]B and
 * R = T_r + [r]B, T of small order and S = r + k a (test/torsion_sig.h): the
 * cofactored equation holds, the cofactorless one fails unless
 * [k]T_a + T_r = 0. With valid = 0, S + 1 instead.
 */
static void add_torsion(batch_t *b, unsigned ta_i, unsigned tr_i, int mixed, int valid) {
    size_t i = b->n++;
    b->msg_len[i] = 5;
    check_randbytes(b->msg[i], 5);
    torsion_sig(b->pub[i], b->sig[i], b->msg[i], 5, ta_i, tr_i, mixed, valid);
}

static void test_small_order(void) {
    check_test("small-order and mixed-order A and R: only the cofactored equation accepts them");
    ctx_len = 0;
    B.n = 0;
    for (unsigned ta = 0; ta < 4; ta++)
        for (unsigned tr = 0; tr < 4; tr++)
            for (int mixed = 0; mixed < 2; mixed++) {
                add_torsion(&B, ta, tr, mixed, 1);
                add_valid(&B);
            }
    check(run(&B, "torsion, all valid") == 0, "the cofactored batch accepts them all");
    /* the same with invalid ones among them */
    B.n = 0;
    for (unsigned ta = 0; ta < 4; ta++)
        for (unsigned tr = 0; tr < 4; tr++) {
            add_torsion(&B, ta, tr, 1, (ta + tr) % 3 != 0);
            add_torsion(&B, tr, ta, 0, 1);
        }
    check(run(&B, "torsion, some invalid") == -1, "returned");
}

static void test_args(void) {
    check_test("NULL and lengths");
    ctx_len = 0;
    B.n = 0;
    while (B.n < 5)
        add_valid(&B);
    for (size_t i = 0; i < B.n; i++) {
        B.sigp[i] = B.sig[i];
        B.pubp[i] = B.pub[i];
        B.msgp[i] = B.msg[i];
    }
    int rc[5];
    check(goldilocks_ed448_verify_batch(0, NULL, NULL, NULL, NULL, NULL, 0, NULL) == 0, "n = 0");
    check(goldilocks_ed448_verify_batch(5, B.sigp, B.pubp, B.msgp, B.msg_len, NULL, 0, NULL) == -1, "rc NULL");
    for (int which = 0; which < 4; which++) {
        memset(rc, 0, sizeof rc);
        int ret = goldilocks_ed448_verify_batch(5, which == 0 ? NULL : B.sigp, which == 1 ? NULL : B.pubp,
                                                which == 2 ? NULL : B.msgp, which == 3 ? NULL : B.msg_len, NULL, 0,
                                                rc);
        check(ret == -1 && rc[0] == -1 && rc[4] == -1, "array %d NULL", which);
    }
    memset(rc, 0, sizeof rc);
    check(goldilocks_ed448_verify_batch(5, B.sigp, B.pubp, B.msgp, B.msg_len, ctx, 256, rc) == -1 && rc[2] == -1,
          "ctx_len 256");
    check(goldilocks_ed448_verify_batch(5, B.sigp, B.pubp, B.msgp, B.msg_len, NULL, 1, rc) == -1 && rc[2] == -1,
          "NULL ctx, length 1");
    check(goldilocks_ed448_verify_batch(5, B.sigp, B.pubp, B.msgp, B.msg_len, NULL, 0, rc) == 0 && rc[2] == 0,
          "all valid");
    const uint8_t *save = B.sigp[1];
    B.sigp[1] = NULL;
    B.pubp[3] = NULL;
    check(goldilocks_ed448_verify_batch(5, B.sigp, B.pubp, B.msgp, B.msg_len, NULL, 0, rc) == -1 && rc[0] == 0 &&
              rc[1] == -1 && rc[2] == 0 && rc[3] == -1 && rc[4] == 0,
          "sig[1], pub[3] NULL");
    B.sigp[1] = save;
    B.pubp[3] = B.pub[3];
    B.msgp[2] = NULL;
    int want2 = B.msg_len[2] ? -1 : 0;
    check(goldilocks_ed448_verify_batch(5, B.sigp, B.pubp, B.msgp, B.msg_len, NULL, 0, rc) == (want2 ? -1 : 0) &&
              rc[2] == want2 && rc[1] == 0,
          "msg[2] NULL with length %zu", B.msg_len[2]);
}

/* ---- the point layer directly: a failing batch equation would be hidden by the bisection ---- */

static void random_scalar(scalar_t *k, size_t bytes) {
    uint8_t rnd[64];
    check_randbytes(rnd, bytes);
    scalar_reduce_bytes(k, rnd, bytes);
}

/*
 * point_wnaf_recode against its contract, the integer checked by GMP: every
 * digit odd or zero with |d| < 2^(w-1), no two nonzero digits within w
 * positions, top one past the last nonzero digit and sum d_i 2^i = k. These
 * properties make the width-w NAF unique, so they are the whole answer.
 */
static void test_wnaf_digits(void) {
    check_test("point_wnaf_recode: the width-w NAF of k by GMP (w = 2 .. 8, 1 to 14 words, extreme bits)");
    int ok = 1;
    long iterations = check_reps(3000);
    mpz_t want, got, term;
    mpz_inits(want, got, term, NULL);
    for (long iter = 0; iter < iterations && ok; iter++) {
        uint32_t k[WNAF_MAX_WORDS];
        unsigned words = 1 + (unsigned)(check_rand64() % 14), w = 2 + (unsigned)(check_rand64() % 7);
        for (unsigned i = 0; i < words; i++) {
            uint64_t r = check_rand64();
            k[i] = (uint32_t)r;
            if (iter % 4 == 1)
                k[i] = (r >> 32) & 1 ? 0xffffffffu : 0; /* long runs of ones and zeros */
            if (iter % 16 == 2)
                k[i] = 0xffffffffu; /* all ones: the carry out of the top word */
        }
        unsigned len = 32 * words + 1;
        int8_t naf[32 * WNAF_MAX_WORDS + 1];
        int top = point_wnaf_recode(naf, len, k, words, w);
        mpz_import(want, words, -1, sizeof k[0], 0, 0, k);
        mpz_set_ui(got, 0);
        int last = -1, prev = -1000;
        for (unsigned i = 0; i < len; i++) {
            int d = naf[i];
            if (!d)
                continue;
            ok &= (d & 1) && d < (1 << (w - 1)) && d > -(1 << (w - 1)) && (int)i - prev >= (int)w;
            prev = (int)i;
            last = (int)i;
            mpz_set_si(term, d);
            mpz_mul_2exp(term, term, i);
            mpz_add(got, got, term);
        }
        ok &= top == last + 1 && mpz_cmp(got, want) == 0;
        if (!ok)
            check(0, "iteration %ld: %u words, w = %u", iter, words, w);
    }
    mpz_clears(want, got, term, NULL);
    check(ok, "every digit string is the width-w NAF of k");
}

static void test_msm(void) {
    check_test("point_msm_base_vartime and _pippenger_ == [b]B + sum [k_i]P_i by the constant-time scalarmul, n = 0 .. 64");
    static point_t p[MSM_MAX_POINTS];
    static scalar_t k[MSM_MAX_POINTS];
    static const size_t sizes[] = { 0, 1, 2, 7, 33, 64 };
    for (size_t t = 0; t < sizeof sizes / sizeof *sizes; t++) {
        size_t n = sizes[t];
        scalar_t b, x;
        point_t want, term, got;
        random_scalar(&b, 64);
        point_scalarmul_base(&want, &b);
        for (size_t i = 0; i < n; i++) {
            random_scalar(&x, 64);
            point_scalarmul_base(&p[i], &x);
            /* long and short scalars, zero, and l - 1 (the most NAF digits) */
            random_scalar(&k[i], i % 3 == 0 ? 16 : 64);
            if (i == 5)
                scalar_set_small(&k[i], 0);
            if (i == 6) {
                scalar_set_small(&k[i], 1);
                scalar_neg(&k[i], &k[i]);
            }
            point_scalarmul(&term, &p[i], &k[i]);
            point_add(&want, &want, &term);
        }
        point_msm_base_vartime(&got, &b, n, p, k);
        check(point_eq(&got, &want) != 0 && point_valid(&got) != 0, "n %zu", n);
        point_msm_pippenger_vartime(&got, &b, n, p, k);
        check(point_eq(&got, &want) != 0 && point_valid(&got) != 0, "Pippenger, n %zu", n);
    }
}

/* The scalars and points of signature i of B (context empty): s, a, k, r. */
static void decode_sig(size_t i, scalar_t *s, point_t *a, scalar_t *k, point_t *r) {
    uint8_t buf[10 + 57 + 57 + MSG], digest[114];
    check(scalar_from_canonical_bytes(s, B.sig[i] + 57, 57) == 0, "S");
    check(point_decode_ed448(a, B.pub[i]) != 0 && point_decode_ed448(r, B.sig[i]) != 0, "A, R");
    memcpy(buf, "SigEd448\0\0", 10);
    memcpy(buf + 10, B.sig[i], 57);
    memcpy(buf + 67, B.pub[i], 57);
    memcpy(buf + 124, B.msg[i], B.msg_len[i]);
    shake256(digest, sizeof digest, buf, 124 + B.msg_len[i]);
    scalar_reduce_bytes(k, digest, sizeof digest);
}

static void test_equation(void) {
    check_test("point_batch_equation_vartime: cofactored (torsion tolerated), and rejects one bad equation");
    static scalar_t s[BATCH_MAX], k[BATCH_MAX], z[BATCH_MAX];
    static point_t a[BATCH_MAX], r[BATCH_MAX];
    ctx_len = 0;
    for (int iter = 0; iter < 6; iter++) {
        B.n = 0;
        while (B.n < BATCH_MAX)
            add_torsion(&B, (unsigned)check_rand64(), (unsigned)check_rand64(), (int)(check_rand64() & 1), 1);
        for (size_t i = 0; i < B.n; i++) {
            decode_sig(i, &s[i], &a[i], &k[i], &r[i]);
            random_scalar(&z[i], 16);
        }
        size_t n = iter == 0 ? BATCH_MAX : 1 + check_rand64() % BATCH_MAX;
        check(point_batch_equation_vartime(n, s, a, k, r, z) != 0, "iter %d: valid with torsion rejected", iter);
        /* one equation off by [1]B */
        size_t bad = check_rand64() % n;
        scalar_t one;
        scalar_set_small(&one, 1);
        scalar_add(&s[bad], &s[bad], &one);
        check(point_batch_equation_vartime(n, s, a, k, r, z) == 0, "iter %d: a bad equation accepted", iter);
        /* off by a point of order 4 only: still valid under [4] */
        scalar_sub(&s[bad], &s[bad], &one);
        point_t t4;
        uint8_t enc[PUB];
        ref_small_order_enc(enc, 3);
        check(point_decode_ed448(&t4, enc) != 0, "T4");
        point_add(&r[bad], &r[bad], &t4);
        check(point_batch_equation_vartime(n, s, a, k, r, z) != 0, "iter %d: R + T4 rejected", iter);
    }
}

/* The encodings of y = v (mod 2^448, as 56 bytes) with the sign byte top. */
static void enc_of_small(uint8_t enc[PUB], uint64_t v, int minus, uint8_t top) {
    mpz_t y, p;
    mpz_inits(y, p, NULL);
    mpz_ui_pow_ui(p, 2, 448);
    mpz_ui_pow_ui(y, 2, 224);
    mpz_sub(p, p, y);
    mpz_sub_ui(p, p, 1);
    mpz_set_ui(y, v);
    if (minus)
        mpz_sub(y, p, y); /* p - v: -v, or p itself for v = 0 */
    memset(enc, 0, PUB);
    mpz_export(enc, NULL, -1, 1, 0, 0, y);
    enc[56] = top;
    mpz_clears(y, p, NULL);
}

static void test_decode_lanes(void) {
    check_test("point_decode_ed448_lanes == point_decode_ed448 lane by lane (valid, invalid, y >= p, x = 0, torsion)");
    enum { N = 3 * GF_LANES + 5 };
    static uint8_t enc[N][PUB];
    static point_t got[N];
    const uint8_t *in[N];
    mask_t ok[N];
    int bad = 0, valid = 0;
    for (long iter = 0; iter < check_reps_at_least(40, 8); iter++) {
        size_t n = (size_t)(iter % (N + 1));
        for (size_t i = 0; i < n; i++) {
            uint8_t seed[57], secret[114];
            switch (check_rand64() % 8) {
            case 0: case 1: case 2: /* a public key */
                check_randbytes(seed, sizeof seed);
                goldilocks_ed448_keypair_from_seed(enc[i], secret, seed);
                break;
            case 3: /* a point of small order */
                ref_small_order_enc(enc[i], (unsigned)(check_rand64() % 4));
                break;
            case 4: /* y = +-1 (x = 0), y = 0, y = p, p + 1 .., sign bit either */
                enc_of_small(enc[i], check_rand64() % 3, (int)(check_rand64() & 1), (uint8_t)(check_rand64() & 0x80));
                break;
            case 5: /* y >= p, or y = 2^448 - 1 */
                memset(enc[i], 0xff, PUB);
                enc[i][28] = (uint8_t)(0xfe + (check_rand64() & 1));
                enc[i][56] = (uint8_t)(check_rand64() & 0x80);
                break;
            case 6: /* a key with a bit of the last byte's low seven set */
                check_randbytes(seed, sizeof seed);
                goldilocks_ed448_keypair_from_seed(enc[i], secret, seed);
                enc[i][56] |= (uint8_t)(1u << (check_rand64() % 7));
                break;
            default: /* random bytes: about half not on the curve */
                check_randbytes(enc[i], PUB);
                enc[i][56] &= 0x80;
            }
            in[i] = enc[i];
        }
        point_decode_ed448_lanes(got, ok, in, n);
        for (size_t i = 0; i < n; i++) {
            point_t want;
            mask_t w = point_decode_ed448(&want, enc[i]);
            valid += w != 0;
            if (ok[i] != w || !(gf_eq(got[i].x, want.x) & gf_eq(got[i].y, want.y) & gf_eq(got[i].z, want.z) &
                                gf_eq(got[i].t, want.t)))
                bad++;
        }
    }
    check(bad == 0, "%d lanes differ", bad);
    check(valid > 0, "no valid encoding drawn");
}

int main(void) {
    check_init("test_ed448_batch");
    test_valid();
    test_one_invalid();
    test_several_invalid();
    test_cancelling();
    test_wycheproof();
    test_small_order();
    test_args();
    test_wnaf_digits();
    test_msm();
    test_equation();
    test_decode_lanes();
    return check_done();
}
