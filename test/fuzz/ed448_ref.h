/*
 * A slow, independent Ed448 verifier for the fuzz targets: RFC 8032
 * section 5.2.7 in GMP, with projective coordinates on the untwisted
 * Edwards curve x^2 + y^2 = 1 + d x^2 y^2, d = -39081, and OpenSSL's
 * SHAKE256 for the hash. It shares no code with the library. It says which
 * of the RFC's two equations a signature satisfies, so that a fuzz target
 * can tell a real disagreement from the latitude the RFC leaves.
 */
#ifndef GOLDILOCKS_FUZZ_ED448_REF_H
#define GOLDILOCKS_FUZZ_ED448_REF_H

#include <stddef.h>
#include <stdint.h>

typedef enum {
    /* S >= l, or A or R not a canonical encoding of a curve point (5.2.3). */
    REF_BAD_ENCODING,
    /* [S]B = R + [k]A: valid for every verifier the RFC allows. */
    REF_VALID,
    /* [4][S]B = [4]R + [4][k]A but not [S]B = R + [k]A: the two differ by a
     * point of small order. RFC 8032 5.2.7 asks for the cofactored check and
     * lets a verifier use the cofactorless one instead, so both answers are
     * allowed. */
    REF_VALID_COFACTORED_ONLY,
    /* Neither equation holds. */
    REF_INVALID,
} ref_result;

/* ph: Ed448ph (msg is hashed with SHAKE256(msg, 64) first). */
ref_result ed448_ref_verify(const uint8_t sig[114], const uint8_t pub[57], const uint8_t *msg,
                            size_t msg_len, int ph, const uint8_t *ctx, size_t ctx_len);

/* 1 when enc decodes (5.2.3) to a point with x = 0: (0, 1), the identity, or (0, -1). */
int ed448_ref_x_zero(const uint8_t enc[57]);

/* 1 when enc is a canonical encoding of a curve point (5.2.3). */
int ed448_ref_decodes(const uint8_t enc[57]);

/* SHAKE256(in, out_len) by OpenSSL. */
void ed448_ref_shake256(uint8_t *out, size_t out_len, const uint8_t *in, size_t in_len);

#endif
