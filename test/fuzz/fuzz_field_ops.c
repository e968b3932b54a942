/*
 * libFuzzer target: every routine of the layout's field API against GMP.
 *
 * The input is read as: one selector byte, then the limbs of two elements
 * (GF_LIMBS words each, sizeof(gf_word_t) bytes little-endian) and a
 * 32-bit constant. Limbs are folded into the bound the routine accepts
 * (tight or loose); a limb whose top byte is 0xff is set to that bound
 * exactly, so the extremes are easy to reach. Any disagreement with the
 * mpz result mod p, or an output limb over its bound, aborts.
 *
 * Built once per layout: clang -fsanitize=fuzzer,address,undefined
 * -Igenerated/p448_<layout> ... with test/field_oracle.c,
 * src/field/field.c, src/core/ct.c and the layout's generated .c files.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "field.h"
#include "field_oracle.h"

enum { ELEM_BYTES = GF_LIMBS * sizeof(gf_word_t), NEED = 1 + 2 * ELEM_BYTES + 4 };

static void fail(const char *what, unsigned sel) {
    fprintf(stderr, "fuzz_field_ops: %s (selector %u)\n", what, sel);
    abort();
}

static void read_elem(gf out, const uint8_t *in, gf_word_t max) {
    for (int i = 0; i < GF_LIMBS; i++) {
        uint64_t v = 0;
        for (size_t k = 0; k < sizeof(gf_word_t); k++)
            v |= (uint64_t)in[i * sizeof(gf_word_t) + k] << (8 * k);
        uint8_t top = in[i * sizeof(gf_word_t) + sizeof(gf_word_t) - 1];
        out->limb[i] = top == 0xff ? max : (gf_word_t)(v % ((uint64_t)max + 1));
    }
}

static void expect(const gf got, const mpz_t want, gf_word_t out_max, unsigned sel) {
    if (!fo_eq_mod_p(got, want))
        fail("wrong value", sel);
    if (!fo_limbs_le(got, out_max))
        fail("output limb over its bound", sel);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static int ready;
    if (!ready) {
        fo_init();
        ready = 1;
    }
    if (size < NEED)
        return 0;
    const unsigned sel = data[0] % 19;
    const int loose_in = sel == 5 || sel == 6 || sel == 7 || sel == 8;
    const gf_word_t in_max = loose_in ? GF_LOOSE_MAX : GF_TIGHT_MAX;
    gf a, b, c;
    read_elem(a, data + 1, in_max);
    read_elem(b, data + 1 + ELEM_BYTES, in_max);
    uint32_t w = (uint32_t)data[NEED - 4] | (uint32_t)data[NEED - 3] << 8 |
                 (uint32_t)data[NEED - 2] << 16 | (uint32_t)data[NEED - 1] << 24;
    const mask_t m = (w & 1) ? (mask_t)~(mask_t)0 : 0;

    mpz_t x, y, want, t;
    mpz_init(x);
    mpz_init(y);
    mpz_init(want);
    mpz_init(t);
    fo_to_mpz(x, a);
    fo_to_mpz(y, b);
    switch (sel) {
    case 0: gf_add(c, a, b); mpz_add(want, x, y); expect(c, want, GF_TIGHT_MAX, sel); break;
    case 1: gf_sub(c, a, b); mpz_sub(want, x, y); expect(c, want, GF_TIGHT_MAX, sel); break;
    case 2: gf_neg(c, a); mpz_neg(want, x); expect(c, want, GF_TIGHT_MAX, sel); break;
    case 3: gf_add_nr(c, a, b); mpz_add(want, x, y); expect(c, want, GF_LOOSE_MAX, sel); break;
    case 4: gf_sub_nr(c, a, b); mpz_sub(want, x, y); expect(c, want, GF_LOOSE_MAX, sel); break;
    case 5: gf_mul(c, a, b); mpz_mul(want, x, y); expect(c, want, GF_TIGHT_MAX, sel); break;
    case 6: gf_sqr(c, a); mpz_mul(want, x, x); expect(c, want, GF_TIGHT_MAX, sel); break;
    case 7:
        w %= GF_MULW_MAX + 1;
        gf_mulw(c, a, w);
        mpz_mul_ui(want, x, w);
        expect(c, want, GF_TIGHT_MAX, sel);
        break;
    case 8: gf_copy(c, a); gf_weak_reduce(c); expect(c, x, GF_TIGHT_MAX, sel); break;
    case 9:
        gf_copy(c, a);
        gf_strong_reduce(c);
        fo_mod(x);
        fo_to_mpz(t, c);
        if (mpz_cmp(t, x) != 0 || !fo_limbs_le(c, GF_LIMB_MASK))
            fail("strong_reduce not canonical", sel);
        break;
    case 10:
    case 11: {
        uint8_t bytes[GF_SER_BYTES];
        if (sel == 10) {
            gf_serialize(bytes, a);
            fo_mod(x);
            mpz_import(t, GF_SER_BYTES, -1, 1, -1, 0, bytes);
            if (mpz_cmp(t, x) != 0)
                fail("serialize", sel);
        } else {
            memcpy(bytes, data + 1, GF_SER_BYTES);
            mpz_import(t, GF_SER_BYTES, -1, 1, -1, 0, bytes);
            mask_t ok = gf_deserialize(c, bytes);
            if (ok != (mpz_cmp(t, *fo_p()) < 0 ? (mask_t)~(mask_t)0 : 0))
                fail("deserialize mask", sel);
            fo_mod(t);
            fo_to_mpz(want, c);
            if (mpz_cmp(t, want) != 0 || !fo_limbs_le(c, GF_LIMB_MASK))
                fail("deserialize value", sel);
        }
        break;
    }
    case 12:
        gf_copy(c, a);
        gf_cond_swap(c, b, m);
        if (!fo_eq_mod_p(c, m ? y : x) || !fo_eq_mod_p(b, m ? x : y))
            fail("cond_swap", sel);
        break;
    case 13: gf_select(c, a, b, m); expect(c, m ? y : x, GF_TIGHT_MAX, sel); break;
    case 14:
        gf_copy(c, a);
        gf_cond_neg(c, m);
        if (m)
            mpz_neg(x, x);
        expect(c, x, GF_TIGHT_MAX, sel);
        break;
    case 15:
        gf_set_small(c, w);
        mpz_set_ui(want, w);
        expect(c, want, GF_LIMB_MASK, sel);
        break;
    case 16:
        fo_mod(x);
        fo_mod(y);
        if (gf_eq(a, b) != (mpz_cmp(x, y) == 0 ? (mask_t)~(mask_t)0 : 0) ||
            gf_is_zero(a) != (mpz_sgn(x) == 0 ? (mask_t)~(mask_t)0 : 0) ||
            gf_lobit(a) != (mpz_odd_p(x) ? (mask_t)~(mask_t)0 : 0))
            fail("eq / is_zero / lobit", sel);
        break;
    case 17:
        gf_invert(c, a);
        fo_to_mpz(t, c);
        mpz_mul(t, t, x);
        fo_mod(t);
        fo_mod(x);
        if (mpz_cmp_ui(t, mpz_sgn(x) ? 1 : 0) != 0)
            fail("invert", sel);
        break;
    case 18: {
        mask_t ok = gf_isr(c, a);
        fo_mod(x);
        mpz_sub_ui(t, *fo_p(), 3);
        mpz_fdiv_q_2exp(t, t, 2);
        mpz_powm(want, x, t, *fo_p());
        int square = mpz_sgn(x) && mpz_legendre(x, *fo_p()) == 1;
        if (ok != (square ? (mask_t)~(mask_t)0 : 0))
            fail("isr mask", sel);
        expect(c, want, GF_TIGHT_MAX, sel);
        break;
    }
    }
    mpz_clear(x);
    mpz_clear(y);
    mpz_clear(want);
    mpz_clear(t);
    return 0;
}
