/*
 * goldilocks-speed: the libdecaf functions its rows call, as pointers, so
 * that Debian's libdecaf (linked) and another build of it (--peer-lib,
 * dlopen) run the same code (speed_ops_libdecaf.c). The types are those of
 * Debian's libdecaf-dev headers (libdecaf 1.0.x).
 */
#ifndef GOLDILOCKS_SPEED_DECAF_H
#define GOLDILOCKS_SPEED_DECAF_H

/* decaf_ed448_sign is the like-for-like row of our sign_seed: no deprecation warning */
#define DECAF_EDDSA_NON_KEYPAIR_API_IS_DEPRECATED 0
#include <decaf/ed448.h>
#include <decaf/point_448.h>
#include <decaf/shake.h>
#include "speed.h"

struct speed_decaf_api {
    decaf_error_t (*x448)(uint8_t *, const uint8_t *, const uint8_t *);
    void (*x448_derive_public_key)(uint8_t *, const uint8_t *);
    void (*ed448_derive_public_key)(uint8_t *, const uint8_t *);
    void (*ed448_derive_keypair)(decaf_eddsa_448_keypair_t, const uint8_t *);
    void (*ed448_sign)(uint8_t *, const uint8_t *, const uint8_t *, const uint8_t *, size_t, uint8_t,
                       const uint8_t *, uint8_t);
    void (*ed448_keypair_sign)(uint8_t *, const decaf_eddsa_448_keypair_t, const uint8_t *, size_t, uint8_t,
                               const uint8_t *, uint8_t);
    void (*ed448_keypair_sign_prehash)(uint8_t *, const decaf_eddsa_448_keypair_t, const decaf_ed448_prehash_ctx_t,
                                       const uint8_t *, uint8_t);
    decaf_error_t (*ed448_verify)(const uint8_t *, const uint8_t *, const uint8_t *, size_t, uint8_t,
                                  const uint8_t *, uint8_t);
    decaf_error_t (*ed448_verify_prehash)(const uint8_t *, const uint8_t *, const decaf_ed448_prehash_ctx_t,
                                          const uint8_t *, uint8_t);
    void (*ed448_prehash_init)(decaf_ed448_prehash_ctx_t);
    decaf_error_t (*sha3_update)(struct decaf_keccak_sponge_s *, const uint8_t *, size_t);
    void (*scalar_decode_long)(decaf_448_scalar_t, const unsigned char *, size_t);
    decaf_error_t (*point_decode)(decaf_448_point_t, const unsigned char *, decaf_bool_t);
    void (*point_encode)(unsigned char *, const decaf_448_point_t);
    void (*point_scalarmul)(decaf_448_point_t, const decaf_448_point_t, const decaf_448_scalar_t);
    decaf_error_t (*direct_scalarmul)(uint8_t *, const uint8_t *, const decaf_448_scalar_t, decaf_bool_t,
                                      decaf_bool_t);
    void (*precomputed_scalarmul)(decaf_448_point_t, const decaf_448_precomputed_s *, const decaf_448_scalar_t);
    const decaf_448_precomputed_s *const *precomputed_base;
    void (*convert_public_key_to_x448)(uint8_t *, const uint8_t *);
    void (*convert_private_key_to_x448)(uint8_t *, const uint8_t *);
    /* the typed rows */
    void (*point_add)(decaf_448_point_t, const decaf_448_point_t, const decaf_448_point_t);
    void (*point_sub)(decaf_448_point_t, const decaf_448_point_t, const decaf_448_point_t);
    void (*point_negate)(decaf_448_point_t, const decaf_448_point_t);
    void (*point_double)(decaf_448_point_t, const decaf_448_point_t);
    decaf_bool_t (*point_eq)(const decaf_448_point_t, const decaf_448_point_t);
    void (*point_double_scalarmul)(decaf_448_point_t, const decaf_448_point_t, const decaf_448_scalar_t,
                                   const decaf_448_point_t, const decaf_448_scalar_t);
    void (*base_double_scalarmul_non_secret)(decaf_448_point_t, const decaf_448_scalar_t, const decaf_448_point_t,
                                             const decaf_448_scalar_t);
    void (*point_from_hash_uniform)(decaf_448_point_t, const unsigned char *);
    decaf_error_t (*scalar_decode)(decaf_448_scalar_t, const unsigned char *);
    void (*scalar_encode)(unsigned char *, const decaf_448_scalar_t);
    void (*scalar_add)(decaf_448_scalar_t, const decaf_448_scalar_t, const decaf_448_scalar_t);
    void (*scalar_sub)(decaf_448_scalar_t, const decaf_448_scalar_t, const decaf_448_scalar_t);
    void (*scalar_mul)(decaf_448_scalar_t, const decaf_448_scalar_t, const decaf_448_scalar_t);
    decaf_error_t (*scalar_invert)(decaf_448_scalar_t, const decaf_448_scalar_t);
    decaf_bool_t (*scalar_eq)(const decaf_448_scalar_t, const decaf_448_scalar_t);
    const struct decaf_448_scalar_s *scalar_zero;
};

/* The contender of slot (0: Debian's, linked; 1..SPEED_DECAF_SLOTS-1: --peer-lib) over api. */
enum { SPEED_DECAF_SLOTS = 5 };
void speed_decaf_contender(struct speed_contender *out, int slot, const struct speed_decaf_api *api);

#endif
