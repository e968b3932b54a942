/*
 * SHAKE256 (src/hash/shake256.c) against OpenSSL's libcrypto (EVP_shake256 and
 * EVP_DigestFinalXOF): random inputs of 0..1000 bytes, absorbed in random
 * pieces, squeezed in random pieces to 1..600 bytes of output.
 */
#include <openssl/evp.h>
#include <string.h>
#include "check.h"
#include "shake256.h"

enum { CASES = 2000, MAX_IN = 1000, MAX_OUT = 600 };

static int openssl_shake256(uint8_t *out, size_t out_len, const uint8_t *in, size_t in_len) {
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    int ok = md && EVP_DigestInit_ex(md, EVP_shake256(), NULL) == 1 &&
             EVP_DigestUpdate(md, in, in_len) == 1 && EVP_DigestFinalXOF(md, out, out_len) == 1;
    EVP_MD_CTX_free(md);
    return ok;
}

/* Absorbs len bytes in random pieces (0 to 2 blocks long, so both block paths run). */
static void absorb_in_pieces(shake256_ctx *ctx, const uint8_t *in, size_t len) {
    for (size_t done = 0; done < len;) {
        size_t step = (size_t)(check_rand64() % 273);
        if (step > len - done)
            step = len - done;
        shake256_absorb(ctx, in + done, step);
        done += step;
    }
}

static void squeeze_in_pieces(shake256_ctx *ctx, uint8_t *out, size_t len) {
    for (size_t done = 0; done < len;) {
        size_t step = (size_t)(check_rand64() % 273);
        if (step > len - done)
            step = len - done;
        shake256_squeeze(ctx, out + done, step);
        done += step;
    }
}

int main(void) {
    static uint8_t in[MAX_IN], want[MAX_OUT], got[MAX_OUT], got_split[MAX_OUT];
    check_init("interop_shake256");
    check_test("shake256 equals OpenSSL EVP_shake256 (2,000 random inputs and splits)");
    for (int i = 0; i < CASES; i++) {
        size_t in_len = (size_t)(check_rand64() % (MAX_IN + 1));
        size_t out_len = 1 + (size_t)(check_rand64() % MAX_OUT);
        check_randbytes(in, in_len);
        if (!check(openssl_shake256(want, out_len, in, in_len), "OpenSSL EVP failed"))
            break;
        shake256(got, out_len, in, in_len);
        shake256_ctx ctx;
        shake256_init(&ctx);
        absorb_in_pieces(&ctx, in, in_len);
        squeeze_in_pieces(&ctx, got_split, out_len);
        shake256_wipe(&ctx);
        check(memcmp(got, want, out_len) == 0, "case %d: one-shot, in %zu out %zu", i, in_len, out_len);
        check(memcmp(got_split, want, out_len) == 0, "case %d: split, in %zu out %zu", i, in_len, out_len);
    }

    check_test("shake256 equals OpenSSL at every input length 0..300 around the 136-byte rate");
    for (size_t in_len = 0; in_len <= 300; in_len++) {
        size_t out_len = 137 + in_len % 140;
        check_randbytes(in, in_len);
        if (!check(openssl_shake256(want, out_len, in, in_len), "OpenSSL EVP failed"))
            break;
        shake256(got, out_len, in, in_len);
        check(memcmp(got, want, out_len) == 0, "in %zu out %zu", in_len, out_len);
    }
    return check_done();
}
