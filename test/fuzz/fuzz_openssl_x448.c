/*
 * libFuzzer target: X448 against OpenSSL 3's libcrypto, both ways.
 * Input: 56 bytes of secret, then 56 bytes of peer u coordinate (shorter
 * inputs are zero-padded). Our public key must equal OpenSSL's; our shared
 * secret must equal OpenSSL's derive, and where OpenSSL refuses (an all-zero
 * result, RFC 7748 section 6.2) we must return -1 with a zero output.
 */
#include <openssl/evp.h>
#include <stdlib.h>
#include <string.h>
#include "goldilocks.h"

static EVP_PKEY *raw(int private_key, const uint8_t key[56]) {
    return private_key ? EVP_PKEY_new_raw_private_key(EVP_PKEY_X448, NULL, key, 56)
                       : EVP_PKEY_new_raw_public_key(EVP_PKEY_X448, NULL, key, 56);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    uint8_t secret[56] = {0}, peer[56] = {0}, ours[56], theirs[56], pub[56], opub[56];
    memcpy(secret, data, size < 56 ? size : 56);
    if (size > 56)
        memcpy(peer, data + 56, size - 56 < 56 ? size - 56 : 56);

    EVP_PKEY *mine = raw(1, secret), *other = raw(0, peer);
    size_t len = sizeof opub;
    if (!mine || !other || EVP_PKEY_get_raw_public_key(mine, opub, &len) != 1 || len != 56)
        abort();
    goldilocks_x448_public_key(pub, secret);
    if (memcmp(pub, opub, 56) != 0)
        abort();

    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new(mine, NULL);
    len = sizeof theirs;
    int ossl_ok = ctx && EVP_PKEY_derive_init(ctx) == 1 && EVP_PKEY_derive_set_peer(ctx, other) == 1 &&
                  EVP_PKEY_derive(ctx, theirs, &len) == 1 && len == 56;
    int ret = goldilocks_x448(ours, secret, peer);
    if (ossl_ok ? (ret != 0 || memcmp(ours, theirs, 56) != 0) : ret != -1)
        abort();
    if (ret == -1)
        for (size_t i = 0; i < 56; i++)
            if (ours[i])
                abort();
    EVP_PKEY_CTX_free(ctx);
    EVP_PKEY_free(mine);
    EVP_PKEY_free(other);
    return 0;
}
