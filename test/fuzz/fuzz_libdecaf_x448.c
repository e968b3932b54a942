/*
 * libFuzzer target: X448 (RFC 7748) against libdecaf and OpenSSL 3 at once.
 *
 * Input: secret[56] || peer u[56] (shorter inputs are zero-padded, longer
 * ones cut). The public key X448(secret, 5) must be the same bytes from all
 * three libraries. The shared secret X448(secret, peer) too; RFC 7748
 * section 6.2 lets a party refuse an all-zero result, and all three do:
 * goldilocks returns -1 with a zero output, libdecaf DECAF_FAILURE, OpenSSL
 * a failed derive. They must refuse exactly the same peers. The peer u is
 * read as all 448 bits and reduced mod p (section 5: non-canonical values
 * are accepted), which every library here does, so nothing is excluded.
 */
#include <decaf/point_448.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "goldilocks.h"

static void fail(const char *what) {
    fprintf(stderr, "fuzz_libdecaf_x448: %s\n", what);
    abort();
}

static EVP_PKEY *raw(int private_key, const uint8_t key[56]) {
    return private_key ? EVP_PKEY_new_raw_private_key(EVP_PKEY_X448, NULL, key, 56)
                       : EVP_PKEY_new_raw_public_key(EVP_PKEY_X448, NULL, key, 56);
}

/* OpenSSL's shared secret; 0 when the derive fails (an all-zero result). */
static int ossl_x448(uint8_t out[56], EVP_PKEY *mine, EVP_PKEY *peer) {
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new(mine, NULL);
    size_t len = 56;
    int ok = ctx && EVP_PKEY_derive_init(ctx) == 1 && EVP_PKEY_derive_set_peer(ctx, peer) == 1 &&
             EVP_PKEY_derive(ctx, out, &len) == 1 && len == 56;
    EVP_PKEY_CTX_free(ctx);
    return ok;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    uint8_t secret[56] = {0}, peer[56] = {0};
    memcpy(secret, data, size < 56 ? size : 56);
    if (size > 56)
        memcpy(peer, data + 56, size - 56 < 56 ? size - 56 : 56);

    uint8_t pub[56], dpub[56], opub[56];
    EVP_PKEY *mine = raw(1, secret), *other = raw(0, peer);
    size_t len = sizeof opub;
    if (!mine || !other || EVP_PKEY_get_raw_public_key(mine, opub, &len) != 1 || len != 56)
        fail("OpenSSL refused a raw X448 key");
    goldilocks_x448_public_key(pub, secret);
    decaf_x448_derive_public_key(dpub, secret);
    if (memcmp(pub, dpub, 56) != 0)
        fail("public key differs from libdecaf's");
    if (memcmp(pub, opub, 56) != 0)
        fail("public key differs from OpenSSL's");

    uint8_t ours[56], theirs[56], ossl[56];
    int ret = goldilocks_x448(ours, secret, peer);
    int decaf_ok = decaf_x448(theirs, peer, secret) == DECAF_SUCCESS;
    int ossl_ok = ossl_x448(ossl, mine, other);
    if ((ret == 0) != decaf_ok)
        fail("refuses a different peer from libdecaf");
    if ((ret == 0) != ossl_ok)
        fail("refuses a different peer from OpenSSL");
    if (ret == 0 && (memcmp(ours, theirs, 56) != 0 || memcmp(ours, ossl, 56) != 0))
        fail("shared secret differs");
    if (ret != 0) {
        if (ret != -1)
            fail("return value neither 0 nor -1");
        for (size_t i = 0; i < 56; i++)
            if (ours[i])
                fail("refused result not all zero");
    }
    EVP_PKEY_free(mine);
    EVP_PKEY_free(other);
    return 0;
}
