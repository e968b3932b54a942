/*
 * The rule for damaged precomputed tables (include/goldilocks.h, "precomputed
 * keys"): a table that is not byte for byte what *_precompute wrote is
 * refused (-1, and for X448 an all-zero output) or gives exactly the answer
 * of the plain call (goldilocks_ed448_verify, goldilocks_x448: the oracles).
 *
 * A fixture holds a key and a peer with their tables, a second key and peer
 * with theirs (for "another key's entries under this key's header"), and the
 * inputs each damaged table is tried with:
 *   Ed448: a valid signature; the forgery R = identity, S = 0 (which a table
 *   whose entries are zero used to accept for any message); a signature by
 *   the second key's secret a2 made against the first key's hash,
 *   S = r + H(R, A1, M) a2, which A1's header over A2's entries would
 *   accept; and a random one.
 *   X448: random secrets and the extremes.
 * damage_*_rule_holds return 1 when every input obeys the rule, else print
 * the first that does not and return 0.
 *
 * Header-only, for test programs and fuzz targets linked with the library's
 * point and scalar layers and ed448_challenge (the cross-key signature is
 * made with them; goldilocks_ed448_verify judges it).
 */
#ifndef GOLDILOCKS_TEST_PRECOMPUTED_DAMAGE_H
#define GOLDILOCKS_TEST_PRECOMPUTED_DAMAGE_H

#include <stdio.h>
#include <string.h>
#include "goldilocks.h"
#include "point.h"
#include "ed448_challenge.h"
#include "scalar.h"

enum {
    DAMAGE_SIGS = 4,
    DAMAGE_SECRETS = 4,
    DAMAGE_MSG = 32,
    DAMAGE_PUB = GOLDILOCKS_ED448_PUBLIC_BYTES,
    DAMAGE_SIG = GOLDILOCKS_ED448_SIG_BYTES,
    DAMAGE_X = GOLDILOCKS_X448_BYTES,
};

typedef struct {
    uint8_t pub[DAMAGE_PUB], pub2[DAMAGE_PUB];
    uint8_t msg[DAMAGE_MSG];
    uint8_t sig[DAMAGE_SIGS][DAMAGE_SIG];
    int sig_verdict[DAMAGE_SIGS]; /* goldilocks_ed448_verify's, against pub */
    goldilocks_ed448_precomputed ed, ed2;
    uint8_t peer[DAMAGE_X], peer2[DAMAGE_X];
    uint8_t secret[DAMAGE_SECRETS][DAMAGE_X];
    uint8_t shared[DAMAGE_SECRETS][DAMAGE_X]; /* goldilocks_x448's, with peer */
    int shared_rc[DAMAGE_SECRETS];
    struct goldilocks_x448_precomputed x, x2;
} damage_fixture;

/* sig = (R, S) with R = [r]B, S = r + H(dom4, R, hashed, msg) a: valid for the key [a]B hashed as `hashed`. */
static inline void damage_sign_as(uint8_t sig[DAMAGE_SIG], const scalar_t *a, const uint8_t hashed[DAMAGE_PUB],
                                  const uint8_t msg[DAMAGE_MSG], const uint8_t rnd[64]) {
    scalar_t r, k, s;
    point_t pr;
    scalar_reduce_bytes(&r, rnd, 64);
    point_scalarmul_base(&pr, &r);
    point_encode_ed448(sig, &pr);
    ed448_challenge(&k, sig, hashed, msg, DAMAGE_MSG, NULL, 0);
    scalar_mul(&s, &k, a);
    scalar_add(&s, &s, &r);
    scalar_to_bytes(sig + DAMAGE_PUB, &s);
    sig[DAMAGE_SIG - 1] = 0;
}

/* Every value from `seed` (96 bytes): two keys, two peers, the signatures, secrets and answers. */
static inline int damage_fixture_init(damage_fixture *f, const uint8_t seed[96]) {
    uint8_t secret[114], rnd[64];
    scalar_t a, a2;
    point_t p;
    memcpy(f->msg, seed, DAMAGE_MSG);
    memcpy(rnd, seed + 32, 64);
    scalar_reduce_bytes(&a, rnd, 64);
    rnd[0] ^= 1;
    scalar_reduce_bytes(&a2, rnd, 64);
    point_scalarmul_base(&p, &a);
    point_encode_ed448(f->pub, &p);
    point_scalarmul_base(&p, &a2);
    point_encode_ed448(f->pub2, &p);
    rnd[1] ^= 1;
    damage_sign_as(f->sig[0], &a, f->pub, f->msg, rnd); /* valid */
    memset(f->sig[1], 0, DAMAGE_SIG);
    f->sig[1][0] = 1; /* R = (0, 1), S = 0 */
    rnd[2] ^= 1;
    damage_sign_as(f->sig[2], &a2, f->pub, f->msg, rnd); /* A2's secret, A1's hash */
    memcpy(f->sig[3], seed, DAMAGE_SIG < 96 ? DAMAGE_SIG : 96);
    memcpy(f->sig[3] + 96, seed, DAMAGE_SIG - 96);
    for (int i = 0; i < DAMAGE_SIGS; i++)
        f->sig_verdict[i] = goldilocks_ed448_verify(f->sig[i], f->pub, f->msg, DAMAGE_MSG, NULL, 0);
    if (f->sig_verdict[0] != 0 || f->sig_verdict[1] != -1 || f->sig_verdict[2] != -1)
        return -1;
    /* The peers: public keys of two secrets from the seed. */
    memcpy(secret, seed + 8, DAMAGE_X);
    goldilocks_x448_public_key(f->peer, secret);
    secret[0] ^= 4;
    goldilocks_x448_public_key(f->peer2, secret);
    for (int i = 0; i < DAMAGE_SECRETS; i++) {
        memcpy(f->secret[i], seed + 16 + 8 * i, DAMAGE_X);
        if (i == 3)
            memset(f->secret[i], 0xff, DAMAGE_X);
        f->shared_rc[i] = goldilocks_x448(f->shared[i], f->secret[i], f->peer);
    }
    if (goldilocks_ed448_precompute(&f->ed, f->pub) != 0 || goldilocks_ed448_precompute(&f->ed2, f->pub2) != 0 ||
        goldilocks_x448_precompute(&f->x, f->peer) != 0 || goldilocks_x448_precompute(&f->x2, f->peer2) != 0)
        return -1;
    return 0;
}

/* t is f->ed damaged (how: `what`): every signature refused, or verified exactly as goldilocks_ed448_verify does. */
static inline int damage_ed_rule_holds(const damage_fixture *f, const goldilocks_ed448_precomputed *t,
                                       const char *what) {
    for (int i = 0; i < DAMAGE_SIGS; i++) {
        int rc = goldilocks_ed448_verify_precomputed(f->sig[i], t, f->msg, DAMAGE_MSG, NULL, 0);
        if (rc != -1 && rc != f->sig_verdict[i]) {
            printf("  ed448 table %s: signature %d: verify_precomputed %d, verify %d\n", what, i, rc,
                   f->sig_verdict[i]);
            return 0;
        }
    }
    return 1;
}

/* t is f->x damaged: every secret gives -1 and zeros, or exactly goldilocks_x448's answer. */
static inline int damage_x_rule_holds(const damage_fixture *f, const struct goldilocks_x448_precomputed *t,
                                      const char *what) {
    for (int i = 0; i < DAMAGE_SECRETS; i++) {
        uint8_t out[DAMAGE_X];
        memset(out, 0x55, sizeof out);
        int rc = goldilocks_x448_precomputed(out, f->secret[i], t);
        int zero = 1;
        for (size_t j = 0; j < sizeof out; j++)
            zero &= out[j] == 0;
        int refused = rc == -1 && zero;
        int exact = rc == f->shared_rc[i] && memcmp(out, f->shared[i], sizeof out) == 0;
        if (!refused && !exact) {
            printf("  x448 table %s: secret %d: rc %d (x448 %d), %s output\n", what, i, rc, f->shared_rc[i],
                   zero ? "zero" : "a wrong");
            return 0;
        }
    }
    return 1;
}

#endif
