/*
 * libFuzzer target: Ed448 against OpenSSL 3's libcrypto.
 * Input: a 57-byte seed (zero-padded), then the message. Our public key and
 * signature must equal OpenSSL's and each side must accept the other's.
 * Then one byte of the signature, the key or the message is changed as the
 * input's last byte says, and both verifiers must agree on the result.
 */
#include <openssl/evp.h>
#include <stdlib.h>
#include <string.h>
#include "goldilocks.h"

static int ossl_verify(EVP_PKEY *key, const uint8_t sig[114], const uint8_t *msg, size_t len) {
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    int ok = ctx && EVP_DigestVerifyInit(ctx, NULL, NULL, NULL, key) == 1 &&
             EVP_DigestVerify(ctx, sig, 114, msg, len) == 1;
    EVP_MD_CTX_free(ctx);
    return ok;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    uint8_t seed[57] = {0}, pub[57], secret[114], sig[114], osig[114], opub[57];
    memcpy(seed, data, size < 57 ? size : 57);
    const uint8_t *msg = size > 57 ? data + 57 : NULL;
    size_t msg_len = size > 57 ? size - 57 : 0;

    EVP_PKEY *key = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED448, NULL, seed, 57);
    size_t len = sizeof opub;
    if (!key || EVP_PKEY_get_raw_public_key(key, opub, &len) != 1 || len != 57)
        abort();
    goldilocks_ed448_keypair_from_seed(pub, secret, seed);
    if (memcmp(pub, opub, 57) != 0)
        abort();

    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    len = sizeof osig;
    if (!ctx || EVP_DigestSignInit(ctx, NULL, NULL, NULL, key) != 1 ||
        EVP_DigestSign(ctx, osig, &len, msg ? msg : (const uint8_t *)"", msg_len) != 1 || len != 114)
        abort();
    EVP_MD_CTX_free(ctx);
    if (goldilocks_ed448_sign(sig, secret, msg, msg_len, NULL, 0) != 0 || memcmp(sig, osig, 114) != 0)
        abort();
    if (goldilocks_ed448_verify(osig, pub, msg, msg_len, NULL, 0) != 0)
        abort();

    /* One changed byte: of the signature, the public key, or the message. */
    if (size > 0) {
        uint8_t tweak = data[size - 1], msg_copy[4096], bad_pub[57];
        size_t where = (size_t)tweak * 7919u;
        memcpy(bad_pub, pub, 57);
        size_t copy_len = msg_len < sizeof msg_copy ? msg_len : sizeof msg_copy;
        if (copy_len)
            memcpy(msg_copy, msg, copy_len);
        switch (tweak % 3) {
        case 0: sig[where % 114] ^= (uint8_t)(1u << (tweak % 8)); break;
        case 1: bad_pub[where % 57] ^= (uint8_t)(1u << (tweak % 8)); break;
        default: if (copy_len) msg_copy[where % copy_len] ^= (uint8_t)(1u << (tweak % 8)); break;
        }
        EVP_PKEY *bad_key = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED448, NULL, bad_pub, 57);
        int ours = goldilocks_ed448_verify(sig, bad_pub, copy_len ? msg_copy : NULL, copy_len, NULL, 0) == 0;
        int theirs = bad_key && ossl_verify(bad_key, sig, copy_len ? msg_copy : (const uint8_t *)"", copy_len);
        if (ours != theirs)
            abort();
        EVP_PKEY_free(bad_key);
    }
    EVP_PKEY_free(key);
    return 0;
}
