/*
 * Precomputed keys: goldilocks_ed448_verify_precomputed against
 * goldilocks_ed448_verify and the RFC 8032 and Wycheproof Ed448 verdicts;
 * goldilocks_x448_precomputed against goldilocks_x448 and the Wycheproof
 * X448 results, with GMP deciding which u are twist points (a Legendre
 * symbol of u^3 + A u^2 + u); the run-time comb table of B against the
 * generated one; the checks of stored tables.
 */
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "goldilocks.h"
#include "point.h"
#include "shake256.h"
#include "check.h"
#include "json.h"
#include "ed448_oracle.h"
#include "torsion_sig.h"
#include "wycheproof_ed448.h"

enum { PUB = GOLDILOCKS_ED448_PUBLIC_BYTES, SIG = GOLDILOCKS_ED448_SIG_BYTES, XN = GOLDILOCKS_X448_BYTES };

/* The tables are large: static, one per kind (the tests run in one thread). */
static goldilocks_ed448_precomputed ed_table, ed_table2;
static struct goldilocks_x448_precomputed x_table, x_table2;

/* ---- Ed448 ---- */

/* verify_precomputed == verify for this key, signature, message, context. */
static int same_verdict(const uint8_t sig[SIG], const uint8_t pub[PUB], const uint8_t *msg, size_t mlen,
                        const uint8_t *ctx, size_t clen, int *verdict) {
    int plain = goldilocks_ed448_verify(sig, pub, msg, mlen, ctx, clen);
    int pre = -1;
    if (goldilocks_ed448_precompute(&ed_table, pub) == 0)
        pre = goldilocks_ed448_verify_precomputed(sig, &ed_table, msg, mlen, ctx, clen);
    if (verdict)
        *verdict = plain;
    return plain == pre;
}

static void test_ed448_random(void) {
    check_test("ed448: precomputed verify == verify, random keys, valid and tampered");
    uint8_t seed[57], pub[PUB], secret[114], sig[SIG], bad[SIG], msg[80], ctx[16];
    int valid = 0, invalid = 0;
    for (int iter = 0; iter < 40; iter++) {
        check_randbytes(seed, sizeof seed);
        goldilocks_ed448_keypair_from_seed(pub, secret, seed);
        size_t mlen = check_rand64() % sizeof msg, clen = check_rand64() % sizeof ctx;
        check_randbytes(msg, mlen);
        check_randbytes(ctx, clen);
        check(goldilocks_ed448_sign(sig, secret, msg, mlen, clen ? ctx : NULL, clen) == 0, "sign");
        check(goldilocks_ed448_precompute(&ed_table, pub) == 0, "precompute");
        int rc = goldilocks_ed448_verify_precomputed(sig, &ed_table, msg, mlen, clen ? ctx : NULL, clen);
        check(rc == 0, "iter %d: a valid signature: %d", iter, rc);
        valid += rc == 0;
        /* One flipped bit anywhere in the signature, or in the message, or another context. */
        memcpy(bad, sig, SIG);
        bad[check_rand64() % SIG] ^= (uint8_t)(1u << (check_rand64() % 8));
        int v;
        check(same_verdict(bad, pub, msg, mlen, ctx, clen, &v), "iter %d: tampered signature", iter);
        invalid += v != 0;
        if (mlen) {
            msg[0] ^= 1;
            check(goldilocks_ed448_verify_precomputed(sig, &ed_table, msg, mlen, ctx, clen) == -1,
                  "iter %d: tampered message", iter);
            msg[0] ^= 1;
        }
        check(goldilocks_ed448_verify_precomputed(sig, &ed_table, msg, mlen, ctx, clen + 1) == -1,
              "iter %d: other context", iter);
        check(goldilocks_ed448_verify_precomputed(sig, &ed_table, msg, mlen, ctx, 256) == -1, "ctx_len 256");
    }
    check(valid == 40 && invalid >= 30, "valid %d, tampered rejected %d", valid, invalid);
}

static void wycheproof_case(const wycheproof_ed448_case *c, void *unused) {
    (void)unused;
    if (c->fixed_size) {
        int plain;
        check(same_verdict(c->sig, c->pub, c->msg, c->msg_len, NULL, 0, &plain), "tcId %d", c->id);
        check(plain == (c->valid ? 0 : -1), "tcId %d: verify", c->id);
    } else {
        check(!c->valid, "a wrong-length case is invalid");
    }
}

static void test_ed448_vectors(void) {
    check_test("ed448: RFC 8032 and Wycheproof verdicts through precomputed keys");
    json_value *v = json_load(check_vector_path("rfc8032_ed448.json"));
    const json_value *vec = json_get(v, "vectors");
    size_t rfc = 0;
    for (size_t i = 0; i < json_len(vec); i++) {
        const json_value *c = json_at(vec, i);
        if (strcmp(json_get_str(c, "algorithm"), "Ed448") != 0)
            continue;
        uint8_t pub[PUB], sig[SIG], *msg, *ctx;
        check(check_unhex(pub, PUB, json_get_str(c, "public_key")) == PUB, "pub");
        check(check_unhex(sig, SIG, json_get_str(c, "signature")) == SIG, "sig");
        int mlen = check_unhex_alloc(&msg, json_get_str(c, "message"));
        int clen = check_unhex_alloc(&ctx, json_get_str(c, "context"));
        check(goldilocks_ed448_precompute(&ed_table, pub) == 0, "precompute");
        check(goldilocks_ed448_verify_precomputed(sig, &ed_table, msg, (size_t)mlen, ctx, (size_t)clen) == 0,
              "%s", json_get_str(c, "name"));
        rfc++;
        free(msg);
        free(ctx);
    }
    check(rfc >= 8, "%zu RFC 8032 Ed448 vectors", rfc);
    json_free(v);

    size_t total = wycheproof_ed448_each(wycheproof_case, NULL);
    check(total == 87, "%zu Wycheproof cases", total);
}

static void test_ed448_small_order(void) {
    check_test("ed448: small-order and mixed-order keys and R (cofactored verdicts)");
    uint8_t pub[PUB], sig[SIG], msg[8] = "mixed!!";
    int accepted = 0;
    for (unsigned ka = 0; ka < 4; ka++) {
        for (unsigned kr = 0; kr < 4; kr++) {
            for (int mixed = 0; mixed < 2; mixed++) {
                /* A = T_a (+ [a]B when mixed), R = T_r + [r]B, S = r + k a: valid under [4]. */
                torsion_sig(pub, sig, msg, sizeof msg, ka, kr, mixed, 1);
                int plain;
                check(same_verdict(sig, pub, msg, sizeof msg, NULL, 0, &plain), "A %u R %u mixed %d", ka, kr,
                      mixed);
                check(plain == 0, "the cofactored verify accepts A %u R %u mixed %d", ka, kr, mixed);
                accepted += plain == 0;
            }
        }
    }
    check(accepted == 32, "%d of 32 accepted", accepted);
}

static void test_ed448_table_checks(void) {
    check_test("ed448: stored tables: copies work, altered headers and keys are refused");
    uint8_t seed[57] = { 7 }, pub[PUB], secret[114], sig[SIG], msg[3] = "abc";
    goldilocks_ed448_keypair_from_seed(pub, secret, seed);
    check(goldilocks_ed448_sign(sig, secret, msg, 3, NULL, 0) == 0, "sign");
    check(goldilocks_ed448_precompute(&ed_table, pub) == 0, "precompute");
    /* a byte copy (as stored and reloaded) */
    uint8_t *stored = malloc(sizeof ed_table + 1);
    memcpy(stored + 1, &ed_table, sizeof ed_table);
    memcpy(&ed_table2, stored + 1, sizeof ed_table2);
    check(goldilocks_ed448_verify_precomputed(sig, &ed_table2, msg, 3, NULL, 0) == 0, "a copy verifies");
    free(stored);
    check(sizeof ed_table == GOLDILOCKS_ED448_PRECOMPUTED_BYTES, "size");
    uint8_t *raw = (uint8_t *)&ed_table2;
    /* header bytes (magic, version, layout, key) and the first entry's bytes */
    static const size_t offsets[] = { 0, 7, 8, 12, 16, 40, 72, 128, 200, 300 };
    for (size_t i = 0; i < sizeof offsets / sizeof *offsets; i++) {
        memcpy(&ed_table2, &ed_table, sizeof ed_table);
        raw[offsets[i]] ^= 0x10;
        check(goldilocks_ed448_verify_precomputed(sig, &ed_table2, msg, 3, NULL, 0) == -1, "byte %zu altered",
              offsets[i]);
    }
    /* invalid keys: refused, table zeroed, and a zero table is refused */
    uint8_t bad[PUB];
    memset(bad, 0xff, PUB); /* y >= p */
    memset(&ed_table2, 0xab, sizeof ed_table2);
    check(goldilocks_ed448_precompute(&ed_table2, bad) == -1, "y >= p refused");
    check(check_all_zero((const uint8_t *)&ed_table2, sizeof ed_table2), "table zeroed");
    check(goldilocks_ed448_verify_precomputed(sig, &ed_table2, msg, 3, NULL, 0) == -1, "zero table refused");
    int off_curve = 0;
    for (int i = 0; i < 20; i++) {
        check_randbytes(bad, PUB);
        bad[56] &= 0x80;
        bad[55] = 0;
        int plain = goldilocks_ed448_verify(sig, bad, msg, 3, NULL, 0);
        int pre = goldilocks_ed448_precompute(&ed_table2, bad);
        off_curve += pre != 0;
        check(plain == -1 && (pre == 0 || check_all_zero((const uint8_t *)&ed_table2, sizeof ed_table2)), "random key");
        if (pre == 0)
            check(goldilocks_ed448_verify_precomputed(sig, &ed_table2, msg, 3, NULL, 0) == -1, "wrong key");
    }
    check(off_curve > 0 && off_curve < 20, "%d of 20 random y are off the curve", off_curve);
    check(goldilocks_ed448_precompute(NULL, pub) == -1, "NULL table");
    check(goldilocks_ed448_precompute(&ed_table2, NULL) == -1, "NULL key");
    check(goldilocks_ed448_verify_precomputed(NULL, &ed_table, msg, 3, NULL, 0) == -1, "NULL sig");
    check(goldilocks_ed448_verify_precomputed(sig, NULL, msg, 3, NULL, 0) == -1, "NULL table");
    check(goldilocks_ed448_verify_precomputed(sig, &ed_table, NULL, 3, NULL, 0) == -1, "NULL msg");
    check(goldilocks_ed448_verify_precomputed(sig, &ed_table, msg, 3, NULL, 1) == -1, "NULL ctx");
}

/* ---- the run-time comb ---- */

static void test_comb_table(void) {
    check_test("comb table of B built at run time == the generated point_base_comb");
    point_t b, e, g;
    point_from_niels(&b, &point_base_niels);
    static point_comb_table_t table;
    point_comb_table(table, &b);
    int same = 1;
    for (unsigned j = 0; j < COMB_N; j++)
        for (unsigned i = 0; i < COMB_ENTRIES; i++) {
            point_from_niels(&e, &table[j][i]);
            point_from_niels(&g, &point_base_comb[j][i]);
            same &= point_eq(&e, &g) != 0 && gf_eq(table[j][i].dxy, point_base_comb[j][i].dxy) != 0;
        }
    check(same, "entries differ");
    for (int iter = 0; iter < 20; iter++) {
        uint8_t rnd[64];
        scalar_t k;
        check_randbytes(rnd, sizeof rnd);
        scalar_reduce_bytes(&k, rnd, sizeof rnd);
        point_scalarmul_comb(&e, (const point_niels_t(*)[COMB_ENTRIES])table, &k);
        point_scalarmul_base(&g, &k);
        check(point_eq(&e, &g) != 0, "[k]B by the run-time comb");
    }
}

/* ---- X448 ---- */

/* 1 when u (mod p) is the u of a point of curve448 (u^3 + A u^2 + u a square mod p, 0 included). */
static int on_curve448(const uint8_t u_le[XN]) {
    mpz_t u, r;
    mpz_inits(u, r, NULL);
    mpz_import(u, XN, -1, 1, 0, 0, u_le);
    mpz_mod(u, u, P);
    mpz_add_ui(r, u, 156326);
    mpz_mul(r, r, u);
    mpz_add_ui(r, r, 1);
    mpz_mul(r, r, u);
    mpz_mod(r, r, P);
    int ok = mpz_legendre(r, P) >= 0;
    mpz_clears(u, r, NULL);
    return ok;
}

/* precomputed == goldilocks_x448 for this peer and secret; *refused when the peer was refused. */
static int x_same(const uint8_t secret[XN], const uint8_t peer[XN], int *refused) {
    uint8_t a[XN], b[XN];
    memset(b, 0x55, XN);
    int ra = goldilocks_x448(a, secret, peer);
    if (goldilocks_x448_precompute(&x_table, peer) != 0) {
        *refused = 1;
        return !on_curve448(peer) && check_all_zero((const uint8_t *)&x_table, sizeof x_table);
    }
    *refused = 0;
    int rb = goldilocks_x448_precomputed(b, secret, &x_table);
    return on_curve448(peer) && ra == rb && memcmp(a, b, XN) == 0;
}

static void test_x448_random(void) {
    check_test("x448: precomputed == goldilocks_x448; refused exactly for twist points (GMP)");
    uint8_t secret[XN], peer[XN];
    int refused_n = 0, used = 0, r;
    for (int iter = 0; iter < 60; iter++) {
        check_randbytes(secret, XN);
        if (iter % 3 == 0) {
            uint8_t s2[XN];
            check_randbytes(s2, XN);
            goldilocks_x448_public_key(peer, s2); /* an honest peer: on the curve */
        } else {
            check_randbytes(peer, XN); /* about half are twist points; some u >= p when iter % 3 == 2 */
            if (iter % 3 == 2)
                memset(peer + 29, 0xff, XN - 29);
        }
        check(x_same(secret, peer, &r), "iter %d", iter);
        refused_n += r;
        used += !r;
        /* several secrets per table */
        if (!r)
            for (int j = 0; j < 3; j++) {
                uint8_t a[XN], b[XN];
                check_randbytes(secret, XN);
                int ra = goldilocks_x448(a, secret, peer), rb = goldilocks_x448_precomputed(b, secret, &x_table);
                check(ra == rb && memcmp(a, b, XN) == 0, "iter %d secret %d", iter, j);
            }
    }
    check(refused_n > 5 && used > 25, "%d refused (twist), %d used", refused_n, used);
}

static void test_x448_edges(void) {
    check_test("x448: low-order peers, u >= p, secrets with k = 0 mod 4l and the extremes");
    uint8_t peer[XN], secret[XN], out[XN];
    int r;
    /* u = 0 (order 2), p - 1 (order 4, on the curve), 1 (order 4, twist), p (= 0), p + 1 (= 1), 2^448 - 1 */
    for (unsigned which = 0; which < 6; which++) {
        memset(peer, 0xff, XN);
        peer[28] = 0xfe;
        switch (which) {
        case 0: memset(peer, 0, XN); break;
        case 1: peer[0] = 0xfe; break;
        case 2: memset(peer, 0, XN); peer[0] = 1; break;
        case 3: break;
        case 4: memset(peer, 0, 28); peer[28] = 0xff; break;
        default: memset(peer, 0xff, XN); break;
        }
        check_randbytes(secret, XN);
        check(x_same(secret, peer, &r), "edge u %u", which);
        if (!r && which != 5) {
            check(goldilocks_x448_precomputed(out, secret, &x_table) == -1 && check_all_zero(out, XN),
                  "u %u: low order gives -1 and zeros", which);
        }
    }
    /* secrets: all zero, all ones, and 4l (clamped it stays 4l: [k]Q is the point at infinity) */
    uint8_t s2[XN];
    check_randbytes(s2, XN);
    goldilocks_x448_public_key(peer, s2);
    check(goldilocks_x448_precompute(&x_table, peer) == 0, "precompute");
    mpz_t l4;
    mpz_init(l4);
    mpz_ui_pow_ui(l4, 2, 446);
    mpz_t c;
    mpz_init_set_str(c, "13818066809895115352007386748515426880336692474882178609894547503885", 10);
    mpz_sub(l4, l4, c);
    mpz_mul_ui(l4, l4, 4);
    for (int which = 0; which < 4; which++) {
        memset(secret, which == 0 ? 0 : 0xff, XN);
        if (which == 2) {
            memset(secret, 0, XN);
            mpz_export(secret, NULL, -1, 1, 0, 0, l4);
        }
        if (which == 3) {
            memset(secret, 0, XN);
            mpz_add_ui(l4, l4, 4); /* 4l + 4: the same result as 4 */
            mpz_export(secret, NULL, -1, 1, 0, 0, l4);
        }
        uint8_t a[XN], b[XN];
        int ra = goldilocks_x448(a, secret, peer), rb = goldilocks_x448_precomputed(b, secret, &x_table);
        check(ra == rb && memcmp(a, b, XN) == 0, "secret %d: %d %d", which, ra, rb);
        if (which == 2)
            check(rb == -1 && check_all_zero(b, XN), "k = 4l: -1 and zeros");
    }
    mpz_clears(l4, c, NULL);
}

static void test_x448_wycheproof(void) {
    check_test("x448: Wycheproof cases through precomputed peers");
    json_value *w = json_load(check_vector_path("wycheproof_x448_test.json"));
    size_t total = 0, used = 0, twist = 0;
    const json_value *groups = json_get(w, "testGroups");
    for (size_t g = 0; g < json_len(groups); g++) {
        const json_value *tests = json_get(json_at(groups, g), "tests");
        for (size_t i = 0; i < json_len(tests); i++) {
            const json_value *t = json_at(tests, i);
            uint8_t priv[XN], pub[XN + 8], want[XN], got[XN];
            total++;
            if (check_unhex(pub, sizeof pub, json_get_str(t, "public")) != XN)
                continue;
            check(check_unhex(priv, XN, json_get_str(t, "private")) == XN &&
                      check_unhex(want, XN, json_get_str(t, "shared")) == XN,
                  "hex");
            if (goldilocks_x448_precompute(&x_table, pub) != 0) {
                twist++;
                check(!on_curve448(pub), "tcId %d refused but on the curve", (int)json_num(json_get(t, "tcId")));
                continue;
            }
            used++;
            int rc = goldilocks_x448_precomputed(got, priv, &x_table);
            check(memcmp(got, want, XN) == 0 && rc == (check_all_zero(want, XN) ? -1 : 0), "tcId %d",
                  (int)json_num(json_get(t, "tcId")));
        }
    }
    check(total == 510 && used > 200, "%zu cases, %zu through tables, %zu twist peers refused", total, used, twist);
    printf("  wycheproof x448: %zu cases, %zu through tables, %zu twist peers refused\n", total, used, twist);
    json_free(w);
}

static void test_x448_table_checks(void) {
    check_test("x448: stored tables: altered headers refused, NULLs");
    uint8_t s2[XN], peer[XN], secret[XN] = { 9 }, a[XN], b[XN];
    check_randbytes(s2, XN);
    goldilocks_x448_public_key(peer, s2);
    check(goldilocks_x448_precompute(&x_table, peer) == 0, "precompute");
    check(sizeof x_table == GOLDILOCKS_X448_PRECOMPUTED_BYTES, "size");
    uint8_t *raw = (uint8_t *)&x_table2;
    /* magic, version, layout, the stored peer, the base point P (x, y, d x y) */
    static const size_t offsets[] = { 0, 5, 8, 12, 16, 40, 71, 128, 200, 300 };
    for (size_t i = 0; i < sizeof offsets / sizeof *offsets; i++) {
        memcpy(&x_table2, &x_table, sizeof x_table);
        raw[offsets[i]] ^= 1;
        memset(b, 0x55, XN);
        check(goldilocks_x448_precomputed(b, secret, &x_table2) == -1 && check_all_zero(b, XN), "byte %zu altered",
              offsets[i]);
    }
    memcpy(&x_table2, &x_table, sizeof x_table);
    check(goldilocks_x448(a, secret, peer) == 0 && goldilocks_x448_precomputed(b, secret, &x_table2) == 0 &&
              memcmp(a, b, XN) == 0,
          "a copy works");
    /* shared over the secret */
    memcpy(b, secret, XN);
    check(goldilocks_x448_precomputed(b, b, &x_table) == 0 && memcmp(a, b, XN) == 0, "shared == secret buffer");
    check(goldilocks_x448_precompute(NULL, peer) == -1, "NULL table");
    check(goldilocks_x448_precompute(&x_table2, NULL) == -1 && check_all_zero(raw, sizeof x_table2), "NULL peer");
    memset(b, 0x55, XN);
    check(goldilocks_x448_precomputed(b, NULL, &x_table) == -1 && check_all_zero(b, XN), "NULL secret");
    memset(b, 0x55, XN);
    check(goldilocks_x448_precomputed(b, secret, NULL) == -1 && check_all_zero(b, XN), "NULL table");
    check(goldilocks_x448_precomputed(NULL, secret, &x_table) == -1, "NULL shared");
}

static void test_aliasing(void) {
    check_test("aliasing: the key inside the table, the shared secret over the table or the secret");
    uint8_t seed[57] = { 3 }, pub[PUB], secret[114], xs[XN], peer[XN], want[XN], got[XN];
    goldilocks_ed448_keypair_from_seed(pub, secret, seed);
    check(goldilocks_ed448_precompute(&ed_table, pub) == 0, "precompute");
    for (size_t off = 0; off < 2000; off += 997) {
        uint8_t *raw = (uint8_t *)&ed_table2;
        memcpy(raw + off, pub, PUB);
        check(goldilocks_ed448_precompute(&ed_table2, raw + off) == 0 &&
                  memcmp(&ed_table, &ed_table2, sizeof ed_table) == 0,
              "ed448 key at offset %zu", off);
    }
    check_randbytes(xs, XN);
    goldilocks_x448_public_key(peer, xs);
    check(goldilocks_x448_precompute(&x_table, peer) == 0, "precompute");
    check_randbytes(xs, XN);
    check(goldilocks_x448(want, xs, peer) == 0, "x448");
    for (size_t off = 0; off < 2000; off += 997) {
        uint8_t *raw = (uint8_t *)&x_table2;
        memcpy(raw + off, peer, XN);
        check(goldilocks_x448_precompute(&x_table2, raw + off) == 0 &&
                  memcmp(&x_table, &x_table2, sizeof x_table) == 0,
              "x448 peer at offset %zu", off);
        /* the output over the table it reads */
        check(goldilocks_x448_precomputed(raw + off + 13, xs, &x_table2) == 0 &&
                  memcmp(raw + off + 13, want, XN) == 0,
              "shared inside the table at offset %zu", off + 13);
    }
    /* the output partly over the secret */
    uint8_t buf[2 * XN];
    for (size_t off = 1; off < XN; off += 11) {
        memset(buf, 0, sizeof buf);
        memcpy(buf + off, xs, XN);
        check(goldilocks_x448_precomputed(buf, buf + off, &x_table) == 0 && memcmp(buf, want, XN) == 0,
              "shared %zu bytes before the secret", off);
    }
    memcpy(got, xs, XN);
    check(goldilocks_x448_precomputed(got, got, &x_table) == 0 && memcmp(got, want, XN) == 0, "shared == secret");
}

int main(void) {
    check_init("test_precomputed");
    oracle_init();
    test_ed448_random();
    test_ed448_vectors();
    test_ed448_small_order();
    test_ed448_table_checks();
    test_comb_table();
    test_x448_random();
    test_x448_edges();
    test_x448_wycheproof();
    test_x448_table_checks();
    test_aliasing();
    oracle_clear();
    return check_done();
}
