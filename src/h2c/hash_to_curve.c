/*
 * RFC 9380 section 8.9's suites for edwards448 and curve448 (section 3):
 *
 *   hash_to_curve:   u0, u1 = hash_to_field(msg, 2);
 *                    P = clear_cofactor(map(u0) + map(u1))
 *   encode_to_curve: u = hash_to_field(msg, 1); P = clear_cofactor(map(u))
 *
 * with h_eff = 4 for both curves. map for edwards448 is Elligator 2 on
 * curve448 followed by the 4-isogeny phi of RFC 7748 section 4.2; the sum
 * and the cofactor clearing are done on edwards448, whose addition law is
 * complete. For curve448, with psi the isogeny back ((x, y) -> y^2/x^2,
 * psi o phi = [+-4]): u([4](Q0 + Q1)) = u(psi(phi(Q0) + phi(Q1))), so the
 * same edwards448 sum, mapped back, gives the curve448 output; X448 has no
 * sign of v to lose.
 *
 * The public functions read every input into local state before writing
 * out, so out may overlap msg or dst.
 */
#include <string.h>
#include "goldilocks.h"
#include "h2c.h"
#include "ct.h"

void h2c_edwards_sum(point_t *out, unsigned count, const uint8_t *msg, size_t msg_len,
                     const uint8_t *dst, size_t dst_len) {
    struct {
        gf r[2], un, ud, v, isr_in[2], isr_out[2];
        h2c_ell2_state s[2];
        point_t q;
    } w; /* one wipe for all */
    h2c_hash_to_field(w.r, count, msg, msg_len, dst, dst_len);
    if (count == 2) { /* count is public: which suite. Both maps' roots at once (gf_isr2). */
        mask_t square[2]; /* unused: h2c_elligator2_finish makes its own test */
        h2c_elligator2_start(&w.s[0], w.isr_in[0], w.r[0]);
        h2c_elligator2_start(&w.s[1], w.isr_in[1], w.r[1]);
        gf_isr2(w.isr_out, square, (const gf_s(*)[1])w.isr_in);
        h2c_elligator2_finish(w.un, w.ud, w.v, &w.s[0], w.r[0], w.isr_out[0]);
        h2c_curve448_to_edwards(out, w.un, w.ud, w.v);
        h2c_elligator2_finish(w.un, w.ud, w.v, &w.s[1], w.r[1], w.isr_out[1]);
        h2c_curve448_to_edwards(&w.q, w.un, w.ud, w.v);
        point_add_single(out, out, &w.q);
    } else {
        h2c_elligator2_curve448(w.un, w.ud, w.v, w.r[0]);
        h2c_curve448_to_edwards(out, w.un, w.ud, w.v);
    }
    ct_wipe(&w, sizeof w);
}

/*
 * One suite: for edwards448 out = clear_cofactor(sum) encoded (57 bytes,
 * RFC 8032), for curve448 (to_curve448, public) out = its u (56 bytes), the
 * isogeny back doing the cofactor's part (the top comment). Inlined in each
 * public function, where to_curve448 and count are constants.
 */
static inline __attribute__((always_inline)) int suite(uint8_t *out, int to_curve448, unsigned count,
                                                       const uint8_t *msg, size_t msg_len, const uint8_t *dst,
                                                       size_t dst_len) {
    /* the arguments every suite takes (section 3.1: the DST must not be empty) */
    if (!out || (!msg && msg_len != 0) || !dst || dst_len == 0) {
        if (out)
            memset(out, 0, to_curve448 ? GOLDILOCKS_X448_BYTES : GOLDILOCKS_ED448_PUBLIC_BYTES);
        return -1;
    }
    point_t p;
    gf u;
    h2c_edwards_sum(&p, count, msg, msg_len, dst, dst_len);
    if (to_curve448) {
        h2c_edwards_to_curve448_u(u, &p);
        gf_serialize(out, u);
        ct_wipe(u, sizeof u);
    } else {
        point_double(&p, &p);
        point_double(&p, &p); /* clear_cofactor, h_eff = 4 */
        point_encode_ed448(out, &p);
    }
    point_wipe(&p);
    ct_wipe_stack();
    return 0;
}

int goldilocks_ed448_hash_to_curve(uint8_t out[GOLDILOCKS_ED448_PUBLIC_BYTES], const uint8_t *msg, size_t msg_len,
                                   const uint8_t *dst, size_t dst_len) {
    return suite(out, 0, 2, msg, msg_len, dst, dst_len);
}

int goldilocks_ed448_encode_to_curve(uint8_t out[GOLDILOCKS_ED448_PUBLIC_BYTES], const uint8_t *msg, size_t msg_len,
                                     const uint8_t *dst, size_t dst_len) {
    return suite(out, 0, 1, msg, msg_len, dst, dst_len);
}

int goldilocks_x448_hash_to_curve(uint8_t out[GOLDILOCKS_X448_BYTES], const uint8_t *msg, size_t msg_len,
                                  const uint8_t *dst, size_t dst_len) {
    return suite(out, 1, 2, msg, msg_len, dst, dst_len);
}

int goldilocks_x448_encode_to_curve(uint8_t out[GOLDILOCKS_X448_BYTES], const uint8_t *msg, size_t msg_len,
                                    const uint8_t *dst, size_t dst_len) {
    return suite(out, 1, 1, msg, msg_len, dst, dst_len);
}
