/*
 * libFuzzer target: decaf448 (RFC 9496) against libdecaf.
 *
 * Input (zero-padded when short): a[56] || b[56] || scalar[56] || uniform[112].
 *   validate(a), validate(b)   = decaf_448_point_decode succeeds (identity allowed:
 *                                RFC 9496 5.3.1 decodes the all-zero string to it)
 *   scalarmult(a, scalar)      = encode(scalarmul(decode(a), scalar mod l))
 *   scalarmult_base(scalar)    = encode(scalarmul(base, scalar mod l)), and
 *                              = scalarmult(encode(base), scalar)
 *   add(a, b)                  = encode(decode(a) + decode(b))
 *   from_uniform(uniform)      = encode(from_hash_uniform(uniform)) (RFC 9496 5.3.4)
 * Where an input does not decode, goldilocks must return -1 and a zero output.
 *
 * libdecaf is an independent implementation, and before the first input it
 * is checked against the RFC 9496 appendix vectors
 * (test/vectors/rfc9496_decaf448.json): [k]B for k < 16 by scalarmul and by
 * repeated add, the decode and re-encode of each multiple, the rejection of
 * every invalid encoding and the element derivation. libdecaf 1.0.2 gives
 * the RFC's bytes for all of them, so no operation needs another reference;
 * if a later libdecaf does not, the target stops at once and says which.
 */
#include <decaf/point_448.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "goldilocks.h"
#include "json.h"

enum { N = 56, INPUT = 56 + 56 + 56 + 112 };

static void fail(const char *what) {
    fprintf(stderr, "fuzz_libdecaf_decaf448: %s\n", what);
    abort();
}

static void unhex(uint8_t *out, size_t len, const char *hex) {
    if (!hex || strlen(hex) != 2 * len)
        fail("vector file: a hex string of the wrong length");
    for (size_t i = 0; i < len; i++) {
        unsigned v;
        if (sscanf(hex + 2 * i, "%2x", &v) != 1)
            fail("vector file: not hex");
        out[i] = (uint8_t)v;
    }
}

/* libdecaf against the RFC 9496 vectors; stops the target if it disagrees. */
static void check_libdecaf_against_rfc(void) {
    char path[4096];
    const char *dir = getenv("GOLDILOCKS_VECTORS");
    snprintf(path, sizeof path, "%s/rfc9496_decaf448.json",
             dir && *dir ? dir : GOLDILOCKS_SOURCE_DIR "/test/vectors");
    json_value *v = json_load(path);
    if (!v)
        fail("cannot read rfc9496_decaf448.json");
    const json_value *mult = json_get(v, "multiples"), *bad = json_get(v, "invalid"),
                     *der = json_get(v, "element_derivation");
    if (json_len(mult) < 2 || json_len(bad) < 1 || json_len(der) < 1)
        fail("rfc9496_decaf448.json: missing cases");
    decaf_448_point_t sum, p;
    decaf_448_point_copy(sum, decaf_448_point_identity);
    uint8_t want[N], got[N];
    for (size_t k = 0; k < json_len(mult); k++) {
        unhex(want, N, json_str(json_at(mult, k)));
        decaf_448_scalar_t s;
        decaf_448_scalar_set_unsigned(s, k);
        decaf_448_point_scalarmul(p, decaf_448_point_base, s);
        decaf_448_point_encode(got, p);
        if (memcmp(got, want, N) != 0)
            fail("libdecaf's scalarmul differs from RFC 9496 appendix A.2");
        decaf_448_point_encode(got, sum);
        if (memcmp(got, want, N) != 0)
            fail("libdecaf's add differs from RFC 9496 appendix A.2");
        if (decaf_448_point_decode(p, want, DECAF_TRUE) != DECAF_SUCCESS)
            fail("libdecaf's decode refuses an RFC 9496 multiple");
        decaf_448_point_encode(got, p);
        if (memcmp(got, want, N) != 0)
            fail("libdecaf's decode/encode does not round-trip an RFC 9496 multiple");
        decaf_448_point_add(sum, sum, decaf_448_point_base);
    }
    for (size_t i = 0; i < json_len(bad); i++) {
        unhex(want, N, json_get_str(json_at(bad, i), "encoding"));
        if (decaf_448_point_decode(p, want, DECAF_TRUE) != DECAF_FAILURE)
            fail("libdecaf's decode accepts an invalid RFC 9496 encoding");
    }
    for (size_t i = 0; i < json_len(der); i++) {
        uint8_t in[2 * N];
        unhex(in, sizeof in, json_get_str(json_at(der, i), "input"));
        unhex(want, N, json_get_str(json_at(der, i), "output"));
        decaf_448_point_from_hash_uniform(p, in);
        decaf_448_point_encode(got, p);
        if (memcmp(got, want, N) != 0)
            fail("libdecaf's from_hash_uniform differs from RFC 9496 appendix A.2");
    }
    json_free(v);
}

static int all_zero(const uint8_t *b, size_t n) {
    uint8_t acc = 0;
    for (size_t i = 0; i < n; i++)
        acc |= b[i];
    return acc == 0;
}

/* Our result against libdecaf's: equal bytes when ok, -1 and zeros otherwise. */
static void expect(const char *what, int ret, const uint8_t ours[N], int ok, const uint8_t theirs[N]) {
    if (ok ? ret != 0 : ret != -1) {
        fprintf(stderr, "fuzz_libdecaf_decaf448: %s: returned %d, libdecaf %s\n", what, ret,
                ok ? "succeeds" : "refuses the input");
        abort();
    }
    if (ok ? memcmp(ours, theirs, N) != 0 : !all_zero(ours, N)) {
        fprintf(stderr, "fuzz_libdecaf_decaf448: %s: %s\n", what,
                ok ? "differs from libdecaf" : "refused output not all zero");
        abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static int checked;
    if (!checked) {
        check_libdecaf_against_rfc();
        checked = 1;
    }
    uint8_t in[INPUT] = {0};
    memcpy(in, data, size < INPUT ? size : INPUT);
    const uint8_t *a = in, *b = in + N, *scalar = in + 2 * N, *uniform = in + 3 * N;

    decaf_448_point_t pa, pb, r;
    decaf_448_scalar_t s;
    decaf_448_scalar_decode_long(s, scalar, N);
    int a_ok = decaf_448_point_decode(pa, a, DECAF_TRUE) == DECAF_SUCCESS;
    int b_ok = decaf_448_point_decode(pb, b, DECAF_TRUE) == DECAF_SUCCESS;
    uint8_t ours[N], theirs[N] = {0}, base[N];

    if ((goldilocks_decaf448_validate(a) == 0) != a_ok || (goldilocks_decaf448_validate(b) == 0) != b_ok)
        fail("validate differs from libdecaf's decode");

    if (a_ok) {
        decaf_448_point_scalarmul(r, pa, s);
        decaf_448_point_encode(theirs, r);
    }
    expect("scalarmult", goldilocks_decaf448_scalarmult(ours, a, scalar), ours, a_ok, theirs);

    decaf_448_point_scalarmul(r, decaf_448_point_base, s);
    decaf_448_point_encode(theirs, r);
    expect("scalarmult_base", goldilocks_decaf448_scalarmult_base(ours, scalar), ours, 1, theirs);
    decaf_448_point_encode(base, decaf_448_point_base);
    expect("scalarmult of the encoded base", goldilocks_decaf448_scalarmult(ours, base, scalar), ours, 1,
           theirs);

    if (a_ok && b_ok) {
        decaf_448_point_add(r, pa, pb);
        decaf_448_point_encode(theirs, r);
    }
    expect("add", goldilocks_decaf448_add(ours, a, b), ours, a_ok && b_ok, theirs);

    decaf_448_point_from_hash_uniform(r, uniform);
    decaf_448_point_encode(theirs, r);
    goldilocks_decaf448_from_uniform(ours, uniform);
    expect("from_uniform", 0, ours, 1, theirs);

    decaf_448_point_destroy(pa);
    decaf_448_point_destroy(pb);
    decaf_448_point_destroy(r);
    decaf_448_scalar_destroy(s);
    return 0;
}
