/*
 * X448 interop with OpenSSL 3's libcrypto (EVP_PKEY_X448): for 1,000
 * random key pairs on each side, public keys and shared secrets computed
 * both ways must be byte-identical.
 */
#include <openssl/err.h>
#include <openssl/evp.h>
#include <string.h>
#include "goldilocks.h"
#include "check.h"

enum { N = GOLDILOCKS_X448_BYTES, EXCHANGES = 1000 };

/* OpenSSL's public key of a raw secret; 0 on success. */
static int ossl_public(uint8_t pub[N], const uint8_t secret[N]) {
    EVP_PKEY *key = EVP_PKEY_new_raw_private_key(EVP_PKEY_X448, NULL, secret, N);
    size_t len = N;
    int ok = key && EVP_PKEY_get_raw_public_key(key, pub, &len) == 1 && len == N;
    EVP_PKEY_free(key);
    return ok ? 0 : -1;
}

/* OpenSSL's shared secret of a raw secret and a raw peer key; 0 on success. */
static int ossl_derive(uint8_t shared[N], const uint8_t secret[N], const uint8_t peer[N]) {
    EVP_PKEY *key = EVP_PKEY_new_raw_private_key(EVP_PKEY_X448, NULL, secret, N);
    EVP_PKEY *peer_key = EVP_PKEY_new_raw_public_key(EVP_PKEY_X448, NULL, peer, N);
    EVP_PKEY_CTX *ctx = key ? EVP_PKEY_CTX_new(key, NULL) : NULL;
    size_t len = N;
    int ok = ctx && peer_key && EVP_PKEY_derive_init(ctx) == 1 && EVP_PKEY_derive_set_peer(ctx, peer_key) == 1 &&
             EVP_PKEY_derive(ctx, shared, &len) == 1 && len == N;
    EVP_PKEY_CTX_free(ctx);
    EVP_PKEY_free(peer_key);
    EVP_PKEY_free(key);
    return ok ? 0 : -1;
}

int main(void) {
    check_init("interop_x448");
    uint8_t a_sec[N], b_sec[N], a_pub[N], b_pub[N], a_pub_ossl[N], b_pub_ossl[N];
    uint8_t s_ours_a[N], s_ours_b[N], s_ossl_a[N], s_ossl_b[N];

    check_test("x448 public keys and shared secrets equal OpenSSL's (1000 exchanges)");
    for (int i = 0; i < EXCHANGES; i++) {
        /* Alice's keys are ours, Bob's are OpenSSL's; each side derives with the other's key. */
        check_randbytes(a_sec, N);
        check_randbytes(b_sec, N);
        goldilocks_x448_public_key(a_pub, a_sec);
        goldilocks_x448_public_key(b_pub, b_sec);
        if (!check(ossl_public(a_pub_ossl, a_sec) == 0 && ossl_public(b_pub_ossl, b_sec) == 0,
                   "exchange %d: OpenSSL keygen failed", i)) {
            ERR_print_errors_fp(stdout);
            continue;
        }
        check(memcmp(a_pub, a_pub_ossl, N) == 0 && memcmp(b_pub, b_pub_ossl, N) == 0,
              "exchange %d: public keys differ", i);

        /* ours with OpenSSL's public key, OpenSSL with ours */
        check(goldilocks_x448(s_ours_a, a_sec, b_pub_ossl) == 0, "exchange %d: ours returned -1", i);
        check(goldilocks_x448(s_ours_b, b_sec, a_pub) == 0, "exchange %d: ours returned -1", i);
        if (!check(ossl_derive(s_ossl_a, a_sec, b_pub) == 0 && ossl_derive(s_ossl_b, b_sec, a_pub_ossl) == 0,
                   "exchange %d: OpenSSL derive failed", i)) {
            ERR_print_errors_fp(stdout);
            continue;
        }
        check(memcmp(s_ours_a, s_ossl_a, N) == 0 && memcmp(s_ours_b, s_ossl_b, N) == 0,
              "exchange %d: shared secrets differ from OpenSSL's", i);
        check(memcmp(s_ours_a, s_ours_b, N) == 0, "exchange %d: the two sides disagree", i);
    }

    check_test("x448 on random peer u (not public keys) equals OpenSSL (200)");
    for (int i = 0; i < 200; i++) {
        check_randbytes(a_sec, N);
        check_randbytes(b_pub, N); /* any 56 bytes, including u >= p */
        if (i % 4 == 0)
            memset(b_pub + 28, 0xff, N - 28);
        int rc = goldilocks_x448(s_ours_a, a_sec, b_pub);
        if (!check(ossl_derive(s_ossl_a, a_sec, b_pub) == 0, "case %d: OpenSSL derive failed", i)) {
            ERR_print_errors_fp(stdout);
            continue;
        }
        check(rc == 0 && memcmp(s_ours_a, s_ossl_a, N) == 0, "case %d: differs from OpenSSL", i);
    }
    return check_done();
}
