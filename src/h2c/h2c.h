/*
 * Hashing to curve448 and edwards448, RFC 9380, for the suites
 * curve448_XOF:SHAKE256_ELL2_{RO,NU}_ and edwards448_XOF:SHAKE256_ELL2_{RO,NU}_
 * (section 8.9): expand_message_xof with SHAKE256, hash_to_field with
 * L = 84, the Elligator 2 map to curve448, and for edwards448 the 4-isogeny
 * of RFC 7748 section 4.2.
 *
 * The message may be secret (a password): nothing here branches on or
 * indexes memory by it, or by anything derived from it. The DST and all
 * lengths are public.
 */
#ifndef GOLDILOCKS_H2C_H
#define GOLDILOCKS_H2C_H

#include <stddef.h>
#include <stdint.h>
#include "field.h"
#include "point.h"

/* The longest DST used as is (section 5.3.3); longer ones are hashed to H2C_DST_HASH_BYTES. */
#define H2C_DST_MAX 255
/* ceil(2k / 8) for k = 224. */
#define H2C_DST_HASH_BYTES 56
/* L = ceil((ceil(log2(p)) + k) / 8) = ceil((448 + 224) / 8) (section 5). */
#define H2C_L 84

/* ---- expand_xof.c ---- */

/*
 * expand_message_xof(msg, DST, out_len) with SHAKE256 (section 5.3.2), with
 * the oversize-DST rule of section 5.3.3 applied for dst_len > 255.
 * 1 <= out_len <= 65535, dst_len >= 1; msg may be NULL when msg_len is 0.
 */
void h2c_expand_xof(uint8_t *out, size_t out_len, const uint8_t *msg, size_t msg_len,
                    const uint8_t *dst, size_t dst_len);

/* ---- hash_to_field.c ---- */

/* OS2IP(in) mod p for the H2C_L big-endian bytes at in (section 5.2 step 6). */
void h2c_field_from_bytes(gf out, const uint8_t in[H2C_L]);

/* hash_to_field(msg, count) (section 5.2), count 1 or 2. */
void h2c_hash_to_field(gf u[2], unsigned count, const uint8_t *msg, size_t msg_len,
                       const uint8_t *dst, size_t dst_len);

/* ---- elligator2.c ---- */

/* The curve448 coefficient A of v^2 = u^3 + A u^2 + u (RFC 7748 section 4.2). */
#define CURVE448_A 156326

/*
 * map_to_curve_elligator2 for curve448 (section 6.7.1, Z = -1): the point
 * (u, v) = (un / ud, v) of curve448, ud never zero.
 */
void h2c_elligator2_curve448(gf un, gf ud, gf v, const gf r);

/*
 * The same in two halves around its one exponentiation, so that two maps take
 * their roots together (gf_isr2, h2c_edwards_sum): _start gives isr_in =
 * gn gd^3, _finish takes isr_out = isr_in^((p-3)/4) and the same r. The state
 * depends on r (secret when the message is): wipe it.
 */
typedef struct {
    gf xn, xd, gn, gd;
    mask_t exceptional;
} h2c_ell2_state;
void h2c_elligator2_start(h2c_ell2_state *s, gf isr_in, const gf r);
void h2c_elligator2_finish(gf un, gf ud, gf v, const h2c_ell2_state *s, const gf r, const gf isr_out);

/* ---- isogeny.c ---- */

/*
 * The 4-isogeny from curve448 to edwards448 of RFC 7748 section 4.2, which
 * the edwards448 suites of RFC 9380 use, at the point (un / ud, v), ud != 0;
 * the points where its denominators vanish (its kernel) go to the neutral
 * element.
 */
void h2c_curve448_to_edwards(point_t *out, const gf un, const gf ud, const gf v);

/*
 * The u coordinate of the 4-isogeny back, (x, y) -> y^2 / x^2 (RFC 7748
 * section 4.2); the neutral element and (0, -1) give 0.
 */
void h2c_edwards_to_curve448_u(gf u, const point_t *a);

/* ---- hash_to_curve.c ---- */

/*
 * The edwards448 point before the cofactor is cleared: for count = 2 (the
 * _RO_ suites) iso(map(u0)) + iso(map(u1)), for count = 1 (_NU_) iso(map(u0)).
 */
void h2c_edwards_sum(point_t *out, unsigned count, const uint8_t *msg, size_t msg_len,
                     const uint8_t *dst, size_t dst_len);

#endif
