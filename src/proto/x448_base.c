/*
 * X448(k, 5) through edwards448.
 *
 * RFC 7748 section 4.2 gives the 4-isogeny psi(x, y) = (y^2/x^2, ...) from
 * edwards448 to curve448, and psi(B) has u = 5 for the Ed448 base point B
 * (checked by gen/curve_ed448.py's self-test). psi is a group homomorphism,
 * so u([k] psi(B)) = u(psi([k]B)) = (y/x)^2 of [k]B. B has prime order l,
 * so [k]B = [k mod l]B: the clamped 448-bit k is reduced mod l exactly.
 * When [k]B is the neutral element (0, 1) (k = 4l is a clamped scalar),
 * x = 0 and 1/x computes as 0, giving u = 0 as the ladder does.
 */
#include "x448_base.h"
#include "point.h"
#include "ct.h"

void x448_base_u(uint8_t out[56], const uint8_t clamped_scalar[56]) {
    scalar_t k;
    point_t p;
    gf u;
    scalar_reduce_bytes(&k, clamped_scalar, 56);
    point_scalarmul_base(&p, &k);
    /* u = (Y/X)^2 (the Z's cancel) */
    gf_invert(u, p.x);
    gf_mul(u, u, p.y);
    gf_sqr(u, u);
    gf_serialize(out, u);
    ct_wipe(&k, sizeof k);
    ct_wipe(u, sizeof u);
    point_wipe(&p);
}
