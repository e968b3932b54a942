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

void scalar_invert(scalar_t *out, const scalar_t *a) {
    uint8_t buf[SCALAR_BYTES];
    scalar_to_bytes(buf, a);
#if BINGCD_INVERTS
    bingcd(buf, buf, &modinv_l); /* 64-bit words: the binary GCD, faster there (bingcd.h) */
#else
    modinv(buf, buf, &modinv_l);
#endif
    (void)scalar_from_canonical_bytes(out, buf, sizeof buf); /* canonical (below l): returns 0 */
    ct_wipe(buf, sizeof buf);
}
