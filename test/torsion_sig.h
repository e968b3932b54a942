/*
 * Ed448 signatures whose A and R carry a point of small order, for the
 * tests of the cofactored verification (RFC 8032 section 5.2.7):
 * A = T_a + [a]B (a = 0 unless mixed), R = T_r + [r]B with T_a, T_r two of
 * the four points of order 1, 2, 4 (ed448_oracle.h's encodings) and a, r
 * random, S = r + k a, k = SHAKE256(dom4(0, "") || R || A || M, 114) mod l.
 * The cofactored equation [4][S]B = [4]R + [4][k]A holds; the cofactorless
 * one only when [k]T_a + T_r = 0. With valid = 0, S is one more: neither holds.
 *
 * Header-only, for test programs linked with the library's point and scalar
 * layers (the signature is made with them; the verifiers under test check it).
 */
#ifndef GOLDILOCKS_TEST_TORSION_SIG_H
#define GOLDILOCKS_TEST_TORSION_SIG_H

#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "ed448_oracle.h"
#include "point.h"
#include "scalar.h"
#include "shake256.h"

enum { TORSION_SIG_MAX_MSG = 64 };

static inline void torsion_sig(uint8_t pub[57], uint8_t sig[114], const uint8_t *msg, size_t msg_len, unsigned ta_i,
                               unsigned tr_i, int mixed, int valid) {
    point_t ta, tr, pa, pr;
    scalar_t a, r, s, k;
    uint8_t enc[57], rnd[64], digest[114];
    if (msg_len > TORSION_SIG_MAX_MSG)
        abort();
    ref_small_order_enc(enc, ta_i);
    check(point_decode_ed448(&ta, enc) != 0, "decode T_a");
    ref_small_order_enc(enc, tr_i);
    check(point_decode_ed448(&tr, enc) != 0, "decode T_r");
    check_randbytes(rnd, sizeof rnd);
    scalar_reduce_bytes(&a, rnd, sizeof rnd);
    if (!mixed)
        scalar_set_small(&a, 0);
    check_randbytes(rnd, sizeof rnd);
    scalar_reduce_bytes(&r, rnd, sizeof rnd);
    point_scalarmul_base(&pa, &a);
    point_add(&pa, &pa, &ta);
    point_encode_ed448(pub, &pa);
    point_scalarmul_base(&pr, &r);
    point_add(&pr, &pr, &tr);
    point_encode_ed448(sig, &pr);
    uint8_t buf[10 + 57 + 57 + TORSION_SIG_MAX_MSG];
    memcpy(buf, "SigEd448\0\0", 10);
    memcpy(buf + 10, sig, 57);
    memcpy(buf + 67, pub, 57);
    memcpy(buf + 124, msg, msg_len);
    shake256(digest, sizeof digest, buf, 124 + msg_len);
    scalar_reduce_bytes(&k, digest, sizeof digest);
    scalar_mul(&s, &k, &a);
    scalar_add(&s, &s, &r);
    if (!valid) {
        scalar_t one;
        scalar_set_small(&one, 1);
        scalar_add(&s, &s, &one);
    }
    scalar_to_bytes(sig + 57, &s);
    sig[113] = 0;
}

#endif
