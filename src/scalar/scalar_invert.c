/*
 * Inversion mod the prime group order l by divsteps (src/field/modinv.c,
 * Bernstein and Yang, TCHES 2019) on 32-bit words, by Pornin's binary GCD
 * (src/field/bingcd.c) on 64-bit ones: a^-1 mod l for a != 0, 0 for a = 0.
 * scalar_t is canonical (below l), as both want; its bytes go to them and
 * back. Constant time.
 */
#include "ct.h"
#include "bingcd.h"
#include "modinv.h"
#include "scalar.h"

_Static_assert(SCALAR_BYTES == MODINV_BYTES, "l fits modinv's 448 bits");

/* l, little-endian bytes (l is also in scalar.c, in words). */
static const uint8_t L_BYTES[SCALAR_BYTES] = {
    0xf3, 0x44, 0x58, 0xab, 0x92, 0xc2, 0x78, 0x23, 0x55, 0x8f, 0xc5, 0x8d, 0x72, 0xc2, 0x6c, 0x21,
    0x90, 0x36, 0xd6, 0xae, 0x49, 0xdb, 0x4e, 0xc4, 0xe9, 0x23, 0xca, 0x7c, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x3f,
};

void scalar_invert(scalar_t *out, const scalar_t *a) {
    modinv_modulus_t mod;
    modinv_modulus_init(&mod, L_BYTES);
    uint8_t buf[SCALAR_BYTES];
    scalar_to_bytes(buf, a);
#if BINGCD_INVERTS
    bingcd_with(buf, buf, L_BYTES); /* 64-bit words: the binary GCD, faster there (bingcd.h) */
#else
    modinv(buf, buf, &mod);
#endif
    (void)scalar_from_canonical_bytes(out, buf, sizeof buf); /* canonical (below l): returns 0 */
    ct_wipe(buf, sizeof buf);
}
