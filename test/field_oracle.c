#include "field_oracle.h"

static mpz_t prime, two448;
static char hexbuf[200];

void fo_init(void) {
    mpz_init(prime);
    mpz_init(two448);
    mpz_ui_pow_ui(two448, 2, 448);
    mpz_ui_pow_ui(prime, 2, 224);
    mpz_sub(prime, two448, prime);
    mpz_sub_ui(prime, prime, 1);
}

const mpz_t *fo_p(void) { return &prime; }

/* x = x * 2^bits + w, for a word of up to 64 bits on any host. */
static void push_word(mpz_t x, uint64_t w, unsigned bits) {
    mpz_mul_2exp(x, x, bits);
    mpz_t t;
    mpz_init_set_ui(t, (unsigned long)(w >> 32));
    mpz_mul_2exp(t, t, 32);
    mpz_add_ui(t, t, (unsigned long)(w & 0xffffffffu));
    mpz_add(x, x, t);
    mpz_clear(t);
}

void fo_to_mpz(mpz_t out, const gf a) {
    /* limbs can exceed 2^GF_LIMB_BITS, so add them at their place values */
    mpz_set_ui(out, 0);
    mpz_t t;
    mpz_init(t);
    for (int i = GF_LIMBS - 1; i >= 0; i--) {
        mpz_set_ui(t, 0);
        push_word(t, (uint64_t)a->limb[i], 0);
        mpz_mul_2exp(out, out, GF_LIMB_BITS);
        mpz_add(out, out, t);
    }
    mpz_clear(t);
}

void fo_from_mpz(gf out, const mpz_t x) {
    mpz_t t, lim;
    mpz_init(t);
    mpz_init(lim);
    for (int i = 0; i < GF_LIMBS; i++) {
        mpz_fdiv_q_2exp(t, x, (mp_bitcnt_t)GF_LIMB_BITS * i);
        mpz_fdiv_r_2exp(t, t, GF_LIMB_BITS);
        mpz_fdiv_r_2exp(lim, t, 32);
        uint64_t lo = mpz_get_ui(lim);
        mpz_fdiv_q_2exp(lim, t, 32);
        uint64_t hi = mpz_get_ui(lim);
        out->limb[i] = (gf_word_t)(hi << 32 | lo);
    }
    mpz_clear(t);
    mpz_clear(lim);
}

void fo_mod(mpz_t x) { mpz_mod(x, x, prime); }

int fo_eq_mod_p(const gf a, const mpz_t want) {
    mpz_t x, w;
    mpz_init(x);
    mpz_init_set(w, want);
    fo_to_mpz(x, a);
    mpz_mod(x, x, prime);
    mpz_mod(w, w, prime);
    int ok = mpz_cmp(x, w) == 0;
    mpz_clear(x);
    mpz_clear(w);
    return ok;
}

int fo_limbs_le(const gf a, gf_word_t max) {
    for (int i = 0; i < GF_LIMBS; i++)
        if (a->limb[i] > max)
            return 0;
    return 1;
}

void fo_random_limbs(gf out, gf_word_t max, uint64_t (*rand64)(void)) {
    const gf_word_t full = GF_LIMB_MASK;
    unsigned style = (unsigned)(rand64() % 4);
    for (int i = 0; i < GF_LIMBS; i++) {
        uint64_t r = rand64();
        gf_word_t v = (gf_word_t)(rand64() % ((uint64_t)max + 1));
        if (style == 0) {
            /* uniform limbs */
        } else {
            switch (r % 8) {
            case 0: v = max; break;
            case 1: v = max - 1; break;
            case 2: v = 0; break;
            case 3: v = full <= max ? full : max; break;
            case 4: v = (gf_word_t)(r >> 40); break;
            default: break;
            }
        }
        out->limb[i] = v;
    }
}

void fo_edge(gf out, int index, gf_word_t max) {
    mpz_t x;
    mpz_init(x);
    switch (index) {
    case 0: mpz_set_ui(x, 0); break;
    case 1: mpz_set_ui(x, 1); break;
    case 2: mpz_sub_ui(x, prime, 1); break;
    case 3: mpz_set(x, prime); break;
    case 4: mpz_add_ui(x, prime, 1); break;
    case 5: mpz_sub_ui(x, two448, 1); break;
    default: break;
    }
    if (index < 6) {
        fo_from_mpz(out, x);
    } else {
        for (int i = 0; i < GF_LIMBS; i++)
            out->limb[i] = max;
    }
    mpz_clear(x);
}

const char *fo_hex(const mpz_t x) {
    if (mpz_sizeinbase(x, 16) + 3 > sizeof hexbuf)
        return "(too long)";
    mpz_get_str(hexbuf, 16, x);
    return hexbuf;
}
