/*
 * x448_base_u (x448_base.c) for up to GF_LANES clamped scalars at once: the
 * lane comb gives [k]B in every lane, then u = (Y/X)^2 per lane as
 * x448_base.c computes it, the GF_LANES inversions of X done as one
 * (Montgomery's simultaneous inversion: 1/x_i = (x_0 ... x_(i-1)) /
 * (x_0 ... x_i)). x448_base.c's 1/0 = 0 for [k]B = (0, 1) (k = 4l) is kept
 * with masks: a zero X is replaced by 1 in the products and its inverse
 * then set to 0, so u = 0 exactly as the single call gives.
 */
#include <string.h>
#include "x448_base.h"
#include "point_lanes.h"
#include "ct.h"

typedef struct {
    scalar_t k[GF_LANES];
    pointl_t p;
    point_t q[GF_LANES];
    gf prefix[GF_LANES], inv, u;
    mask_t zero[GF_LANES];
} base_lanes_state;

void x448_base_u_lanes(uint8_t out[][56], const uint8_t clamped[][56], unsigned count) {
    base_lanes_state s;
    for (unsigned l = 0; l < GF_LANES; l++) {
        if (l < count)
            scalar_reduce_bytes(&s.k[l], clamped[l], 56);
        else
            memset(&s.k[l], 0, sizeof s.k[l]); /* an unused lane: [0]B, discarded */
    }
    pointl_scalarmul_base(&s.p, s.k);

    gf one, nil;
    gf_set_small(one, 1);
    gf_set_small(nil, 0);
    for (unsigned l = 0; l < GF_LANES; l++) {
        pointl_extract(&s.q[l], &s.p, l);
        s.zero[l] = gf_is_zero(s.q[l].x);
        gf_select(s.q[l].x, s.q[l].x, one, s.zero[l]);
        if (l == 0)
            gf_copy(s.prefix[0], s.q[0].x);
        else
            gf_mul(s.prefix[l], s.prefix[l - 1], s.q[l].x);
    }
    gf_invert(s.inv, s.prefix[GF_LANES - 1]);
    /* inv = 1 / (x_0 ... x_l) going down; 1/x_l = inv (x_0 ... x_(l-1)). */
    for (unsigned l = GF_LANES; l-- > 0;) {
        if (l > 0) {
            gf_mul(s.u, s.inv, s.prefix[l - 1]);
            gf_mul(s.inv, s.inv, s.q[l].x);
        } else {
            gf_copy(s.u, s.inv);
        }
        gf_select(s.u, s.u, nil, s.zero[l]);
        /* u = (Y/X)^2 (the Z's cancel) */
        gf_mul(s.u, s.u, s.q[l].y);
        gf_sqr(s.u, s.u);
        if (l < count) /* public */
            gf_serialize(out[l], s.u);
    }
    ct_wipe(&s, sizeof s);
}
