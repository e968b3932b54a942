/*
 * Inversion mod the prime group order l by divsteps (src/field/modinv.c,
 * Bernstein and Yang, TCHES 2019): a^-1 mod l for a != 0, 0 for a = 0.
 * scalar_t is canonical (below l), as modinv wants; its bytes go to
 * modinv and back. Constant time.
 */
#include "ct.h"
#include "modinv.h"
#include "scalar.h"

_Static_assert(SCALAR_BYTES == MODINV_BYTES, "l fits modinv's 448 bits");

void scalar_invert(scalar_t *out, const scalar_t *a) {
    uint8_t buf[SCALAR_BYTES];
    scalar_to_bytes(buf, a);
    modinv(buf, buf, &modinv_l);
    (void)scalar_from_canonical_bytes(out, buf, sizeof buf); /* canonical (below l): returns 0 */
    ct_wipe(buf, sizeof buf);
}
