/*
 * GMP differential test of the canonical-form routines of the layout:
 * gf_strong_reduce, gf_serialize, gf_deserialize (value and canonical mask),
 * gf_set_small and gf_copy.
 *
 * Inputs: the edge elements, every limb at the tight bound, random tight
 * limbs, and byte strings just below, at and over p (p - 1, p, p + 1,
 * p + 2^224, 2^448 - 1, random values >= p). Built once per layout.
 */
#include <string.h>
#include "check.h"
#include "field.h"
#include "field_oracle.h"

static long cases = 100000;

static void to_bytes(uint8_t out[GF_SER_BYTES], const mpz_t x) {
    size_t count = 0;
    memset(out, 0, GF_SER_BYTES);
    mpz_export(out, &count, -1, 1, -1, 0, x);
}

static void from_bytes(mpz_t x, const uint8_t in[GF_SER_BYTES]) {
    mpz_import(x, GF_SER_BYTES, -1, 1, -1, 0, in);
}

static int canonical_limbs(const gf a) {
    for (int i = 0; i < GF_LIMBS; i++)
        if (a->limb[i] > GF_LIMB_MASK)
            return 0;
    return 1;
}

static void run_strong_and_serialize(void) {
    mpz_t x, got;
    mpz_init(x);
    mpz_init(got);
    for (int pass = 0; pass < 2; pass++) {
        check_test(pass ? "strong_reduce+serialize random" : "strong_reduce+serialize edges");
        long n = pass ? cases : FO_EDGES;
        for (long i = 0; i < n; i++) {
            gf a, c;
            uint8_t bytes[GF_SER_BYTES];
            if (pass)
                fo_random_limbs(a, GF_TIGHT_MAX, check_rand64);
            else
                fo_edge(a, (int)i, GF_TIGHT_MAX);
            fo_to_mpz(x, a);
            fo_mod(x);
            gf_copy(c, a);
            gf_strong_reduce(c);
            fo_to_mpz(got, c);
            check(mpz_cmp(got, x) == 0, "case %ld: strong_reduce gives %s", i, fo_hex(got));
            check(canonical_limbs(c), "case %ld: strong_reduce limb >= 2^radix", i);
            gf_serialize(bytes, a);
            from_bytes(got, bytes);
            check(mpz_cmp(got, x) == 0, "case %ld: serialize gives %s", i, fo_hex(got));
        }
    }
    mpz_clear(x);
    mpz_clear(got);
}

/* in = bytes of x; checks the value (x mod p) and the mask (x < p). */
static void deserialize_case(long i, const mpz_t x) {
    uint8_t bytes[GF_SER_BYTES];
    gf c;
    mpz_t want, got;
    mpz_init_set(want, x);
    mpz_init(got);
    to_bytes(bytes, x);
    mask_t m = gf_deserialize(c, bytes);
    int canonical = mpz_cmp(x, *fo_p()) < 0;
    check(m == (canonical ? (mask_t)~(mask_t)0 : 0), "case %ld: mask %llx for %s", i,
          (unsigned long long)m, fo_hex(x));
    fo_mod(want);
    fo_to_mpz(got, c);
    check(mpz_cmp(got, want) == 0, "case %ld: value %s", i, fo_hex(got));
    check(canonical_limbs(c), "case %ld: limb >= 2^radix", i);
    mpz_clear(want);
    mpz_clear(got);
}

static void run_deserialize(void) {
    mpz_t x, two448;
    mpz_init(x);
    mpz_init(two448);
    mpz_ui_pow_ui(two448, 2, 448);

    check_test("deserialize edges");
    long k = 0;
    static const long offsets[] = {-2, -1, 0, 1, 2};
    for (size_t j = 0; j < 5; j++) {
        mpz_add_ui(x, *fo_p(), 2);
        mpz_sub_ui(x, x, (unsigned long)(2 - offsets[j])); /* p - 2 .. p + 2 */
        deserialize_case(k++, x);
    }
    mpz_set_ui(x, 0);
    deserialize_case(k++, x);
    mpz_set_ui(x, 1);
    deserialize_case(k++, x);
    mpz_sub_ui(x, two448, 1); /* 2^448 - 1 */
    deserialize_case(k++, x);
    mpz_ui_pow_ui(x, 2, 224);
    mpz_add(x, x, *fo_p()); /* p + 2^224 */
    deserialize_case(k++, x);

    check_test("deserialize random");
    uint8_t bytes[GF_SER_BYTES];
    for (long i = 0; i < cases; i++) {
        check_randbytes(bytes, sizeof bytes);
        if (i % 4 == 1) /* top bytes all ones: at or over p half the time */
            memset(bytes + 28, 0xff, 28);
        from_bytes(x, bytes);
        deserialize_case(i, x);
    }

    check_test("deserialize just over p");
    for (long i = 0; i < cases / 10; i++) {
        /* x = p + r, r < 2^64: in [p, 2^448) for r <= 2^224 */
        mpz_set_ui(x, (unsigned long)(check_rand64() & 0xffffffffu));
        mpz_add(x, x, *fo_p());
        deserialize_case(i, x);
        /* x = p - 1 - r: canonical */
        mpz_set_ui(x, (unsigned long)(check_rand64() & 0xffffffffu));
        mpz_sub(x, *fo_p(), x);
        mpz_sub_ui(x, x, 1);
        deserialize_case(i, x);
    }

    check_test("serialize(deserialize(x)) round trip");
    for (long i = 0; i < cases; i++) {
        uint8_t back[GF_SER_BYTES];
        gf c;
        check_randbytes(bytes, sizeof bytes);
        mask_t m = gf_deserialize(c, bytes);
        gf_serialize(back, c);
        check(!m || memcmp(back, bytes, sizeof bytes) == 0, "case %ld: round trip differs", i);
    }
    mpz_clear(x);
    mpz_clear(two448);
}

static void run_set_small_copy(void) {
    check_test("set_small");
    mpz_t x;
    mpz_init(x);
    for (long i = 0; i < cases; i++) {
        uint32_t w = i < 4 ? (uint32_t[]){0, 1, 0xffffffffu, 39081}[i] : (uint32_t)check_rand64();
        gf c;
        fo_random_limbs(c, GF_LOOSE_MAX, check_rand64); /* must be fully overwritten */
        gf_set_small(c, w);
        fo_to_mpz(x, c);
        check(mpz_cmp_ui(x, w) == 0, "w=%u: got %s", (unsigned)w, fo_hex(x));
        check(canonical_limbs(c), "w=%u: not canonical", (unsigned)w);
    }
    check_test("copy");
    for (long i = 0; i < cases; i++) {
        gf a, c;
        fo_random_limbs(a, GF_LOOSE_MAX, check_rand64);
        fo_random_limbs(c, GF_LOOSE_MAX, check_rand64);
        gf_copy(c, a);
        check(memcmp(a, c, sizeof(gf)) == 0, "case %ld: copy differs", i);
        gf_copy(a, a);
        check(memcmp(a, c, sizeof(gf)) == 0, "case %ld: self copy changed it", i);
    }
    mpz_clear(x);
}

int main(int argc, char **argv) {
    check_init("field_encode");
    if (check_slow(argc, argv))
        cases *= 10;
    cases = check_reps(cases);
    fo_init();
    run_strong_and_serialize();
    run_deserialize();
    run_set_small_copy();
    return check_done();
}
