/*
 * libFuzzer target: scalars mod l (src/scalar/scalar.c) against GMP.
 * The whole input is reduced mod l (any length); its first 57 bytes are
 * parsed as a canonical scalar; its two halves are reduced into a and b,
 * and add, sub, mul, neg, halve and eq on them are compared with mpz.
 */
#include <gmp.h>
#include <stdlib.h>
#include <string.h>
#include "scalar.h"

static mpz_t l, half, x, y, want, got;

static void init_once(void) {
    static int done;
    if (done)
        return;
    done = 1;
    mpz_inits(l, half, x, y, want, got, NULL);
    mpz_ui_pow_ui(l, 2, 446);
    mpz_set_str(x, "13818066809895115352007386748515426880336692474882178609894547503885", 10);
    mpz_sub(l, l, x);
    mpz_add_ui(half, l, 1);
    mpz_fdiv_q_2exp(half, half, 1);
}

static void expect(const scalar_t *s, const mpz_t w) {
    mpz_import(got, SCALAR_WORDS, -1, sizeof s->word[0], 0, 0, s->word);
    if (mpz_cmp(got, w) != 0)
        abort();
}

/* s = in mod l, checked against GMP; z gets the same value. */
static void reduce_checked(scalar_t *s, mpz_t z, const uint8_t *in, size_t len) {
    scalar_reduce_bytes(s, in, len);
    mpz_import(z, len, -1, 1, 0, 0, in);
    mpz_mod(z, z, l);
    expect(s, z);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    scalar_t a, b, r, t;
    init_once();

    reduce_checked(&r, want, data, size);

    size_t n = size < 57 ? size : 57;
    int rc = scalar_from_canonical_bytes(&r, data, n);
    mpz_import(x, n, -1, 1, 0, 0, data);
    if (rc != (mpz_cmp(x, l) < 0 ? 0 : -1))
        abort();
    if (rc == 0) {
        expect(&r, x);
        uint8_t enc[SCALAR_BYTES], dec[SCALAR_BYTES] = {0};
        scalar_to_bytes(enc, &r);
        memcpy(dec, data, n < SCALAR_BYTES ? n : SCALAR_BYTES);
        if (memcmp(enc, dec, SCALAR_BYTES) != 0)
            abort();
    } else {
        mpz_set_ui(x, 0);
        expect(&r, x);
    }

    size_t half_len = size / 2;
    reduce_checked(&a, x, data, half_len);
    reduce_checked(&b, y, data + half_len, size - half_len);

    scalar_add(&r, &a, &b);
    mpz_add(want, x, y);
    mpz_mod(want, want, l);
    expect(&r, want);

    scalar_sub(&r, &a, &b);
    mpz_sub(want, x, y);
    mpz_mod(want, want, l);
    expect(&r, want);

    t = a;
    scalar_mul(&t, &t, &b); /* aliased output */
    mpz_mul(want, x, y);
    mpz_mod(want, want, l);
    expect(&t, want);

    scalar_neg(&r, &a);
    mpz_neg(want, x);
    mpz_mod(want, want, l);
    expect(&r, want);

    scalar_halve(&r, &b);
    mpz_mul(want, y, half);
    mpz_mod(want, want, l);
    expect(&r, want);

    if (scalar_eq(&a, &b) != (mpz_cmp(x, y) == 0) || scalar_eq(&a, &a) != 1)
        abort();
    return 0;
}
