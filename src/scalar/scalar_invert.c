/*
 * Inversion mod the prime group order l by divsteps (src/field/modinv.c,
 * Bernstein and Yang, TCHES 2019): a^-1 mod l for a != 0, 0 for a = 0.
 * scalar_t is canonical (below l), as modinv wants; constant time.
 */
#include "ct.h"
#include "modinv.h"
#include "scalar.h"

_Static_assert(SCALAR_WORDS == MODINV_WORDS32, "l fits modinv's 448 bits");

/* l, little-endian 32-bit words (l is also in scalar.c). */
static const uint32_t L32[SCALAR_WORDS] = {
    0xab5844f3, 0x2378c292, 0x8dc58f55, 0x216cc272, 0xaed63690, 0xc44edb49, 0x7cca23e9,
    0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0x3fffffff,
};

void scalar_invert(scalar_t *out, const scalar_t *a) {
    modinv_modulus_t mod;
    modinv_modulus_init(&mod, L32);
    gf_word_t x[MODINV_WORDS];
    modinv_pack32(x, a->word);
    modinv(x, x, &mod);
    modinv_unpack32(out->word, x);
    ct_wipe(x, sizeof x);
}
