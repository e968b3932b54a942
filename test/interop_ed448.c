/*
 * Ed448 interoperability with OpenSSL 3 libcrypto: 1,000 random seeds and
 * messages of lengths 0 to 1,000 bytes. The public keys and signatures must
 * be byte-identical, and each side must verify the other's signature (and
 * reject it after one bit of the message changes).
 *
 * Contexts and Ed448ph: Debian 12's OpenSSL 3.0 has no EdDSA "instance" or
 * "context-string" signature parameters (they arrived in OpenSSL 3.2; 3.0's
 * core_names.h defines neither), so through EVP it signs only pure Ed448
 * with an empty context. Contexts and Ed448ph are covered by the RFC 8032
 * vectors in test/test_ed448.c.
 */
#include <openssl/evp.h>
#include <stdio.h>
#include <string.h>
#include "goldilocks.h"
#include "check.h"

enum { PUB = 57, SEC = 114, SIG = 114, MAX_MSG = 1000, CASES = 1000 };

static int ossl_sign(uint8_t sig[SIG], EVP_PKEY *key, const uint8_t *msg, size_t len) {
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    size_t siglen = SIG;
    int ok = ctx && EVP_DigestSignInit(ctx, NULL, NULL, NULL, key) == 1 &&
             EVP_DigestSign(ctx, sig, &siglen, msg, len) == 1 && siglen == SIG;
    EVP_MD_CTX_free(ctx);
    return ok;
}

static int ossl_verify(const uint8_t sig[SIG], EVP_PKEY *key, const uint8_t *msg, size_t len) {
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    int ok = ctx && EVP_DigestVerifyInit(ctx, NULL, NULL, NULL, key) == 1 &&
             EVP_DigestVerify(ctx, sig, SIG, msg, len) == 1;
    EVP_MD_CTX_free(ctx);
    return ok;
}

int main(void) {
    check_init("interop_ed448");
    check_test("Ed448 against OpenSSL: keys and signatures byte-identical, cross-verification");
    static uint8_t msg[MAX_MSG];
    for (int i = 0; i < CASES; i++) {
        uint8_t seed[57], pub[PUB], sec[SEC], sig[SIG], osig[SIG], opub[PUB];
        size_t len = (size_t)(check_rand64() % (MAX_MSG + 1));
        if (i == 0)
            len = 0;
        if (i == 1)
            len = MAX_MSG;
        check_randbytes(seed, sizeof seed);
        check_randbytes(msg, len);

        goldilocks_ed448_keypair_from_seed(pub, sec, seed);
        EVP_PKEY *key = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED448, NULL, seed, sizeof seed);
        if (!check(key != NULL, "case %d: OpenSSL cannot load the key", i))
            continue;
        size_t publen = PUB;
        check(EVP_PKEY_get_raw_public_key(key, opub, &publen) == 1 && publen == PUB, "case %d: raw public key", i);
        check(memcmp(pub, opub, PUB) == 0, "case %d: public keys differ", i);

        check(goldilocks_ed448_sign(sig, sec, msg, len, NULL, 0) == 0, "case %d: sign", i);
        check(ossl_sign(osig, key, msg, len), "case %d: OpenSSL sign", i);
        check(memcmp(sig, osig, SIG) == 0, "case %d (len %zu): signatures differ", i, len);
        check(ossl_verify(sig, key, msg, len), "case %d: OpenSSL rejects ours", i);
        check(goldilocks_ed448_verify(osig, pub, msg, len, NULL, 0) == 0, "case %d: we reject OpenSSL's", i);
        if (len) {
            msg[len / 2] ^= 0x10;
            check(!ossl_verify(sig, key, msg, len), "case %d: OpenSSL accepts a changed message", i);
            check(goldilocks_ed448_verify(osig, pub, msg, len, NULL, 0) == -1, "case %d: we accept a changed message", i);
        }
        EVP_PKEY_free(key);
    }
    return check_done();
}
