/*
 * goldilocks-speed: libdecaf (HAVE_LIBDECAF), Debian's libdecaf-dev linked
 * in, and any other build of it loaded by --peer-lib (speed_peerlib.c),
 * through the same functions (struct speed_decaf_api). Each its fastest
 * correct call, prepared outside the timed loop:
 *
 *   x448, x448_public_key  decaf_x448, decaf_x448_derive_public_key
 *   ed448_keygen           decaf_ed448_derive_public_key
 *   ed448_sign*            decaf_ed448_keypair_sign on a keypair derived once
 *                          (the deprecated decaf_ed448_sign re-derives the
 *                          public key on every call: not the fast path)
 *   ed448_sign_seed        decaf_ed448_sign, which derives the public key from
 *                          the seed on every call, as our sign_seed does
 *   ed448ph_sign/verify    decaf_ed448_prehash_init + update over the message,
 *                          then decaf_ed448_keypair_sign_prehash / verify_prehash
 *   decaf448_scalarmult    decaf_448_direct_scalarmul (bytes to bytes), the
 *                          scalar decoded once; setup checks that it equals
 *                          decaf_448_point_decode + point_scalarmul + encode
 *   decaf448_scalarmult_base  decaf_448_precomputed_scalarmul + point_encode
 *   ed448_*_to_x448        decaf_ed448_convert_{public,private}_key_to_x448
 *   ed448_verify_batch(_bad)  libdecaf has none: 64 single verifications
 *   decaf448_point_*, _scalar_*  the typed rows: decaf_448_point_* and
 *                          _scalar_* on objects made in setup (double
 *                          scalarmult: decaf_448_point_double_scalarmul,
 *                          constant time; with G,
 *                          decaf_448_base_double_scalarmul_non_secret;
 *                          scalar_neg: scalar_sub from zero)
 */
#include "speed.h"

#ifndef HAVE_LIBDECAF
const struct speed_contender speed_libdecaf = { "libdecaf", "not built in: configure found no libdecaf-dev", NULL,
                                                NULL, 0 };
#else
#include <string.h>
#include "speed_decaf.h"

#define IN speed_in

struct state {
    const struct speed_decaf_api *api;
    decaf_eddsa_448_keypair_t kp;
    decaf_448_scalar_t scalar;
    uint8_t out[SPEED_OUT_MAX];
    size_t len;
    int ok;
    int b_ok[SPEED_BATCH_MAX];
    /* the typed rows */
    decaf_448_point_t p, q, pout;
    decaf_448_scalar_t a, b, sout;
    uint8_t enc_p[56];
    enum { POINT, SCALAR, BYTES, RC } kind;
};
static const struct speed_decaf_api debian; /* defined below */
static struct state st[SPEED_DECAF_SLOTS] = { [0] = { .api = &debian } };

static const char *setup(struct state *s) {
    s->api->ed448_derive_keypair(s->kp, IN.ed_seed);
    s->api->scalar_decode_long(s->scalar, IN.dc_scalar, sizeof IN.dc_scalar);
    return NULL;
}
static const char *setup_mul(struct state *s) {
    decaf_448_point_t p;
    uint8_t direct[56];
    setup(s);
    if (s->api->point_decode(p, IN.dc_point, DECAF_FALSE) != DECAF_SUCCESS)
        return "decaf_448_point_decode refused our point";
    s->api->point_scalarmul(p, p, s->scalar);
    s->api->point_encode(s->out, p);
    if (s->api->direct_scalarmul(direct, IN.dc_point, s->scalar, DECAF_FALSE, DECAF_TRUE) != DECAF_SUCCESS ||
        memcmp(direct, s->out, 56) != 0)
        return "decaf_448_direct_scalarmul differs from decaf_448_point_scalarmul + encode";
    return NULL;
}
static size_t bytes_out(struct state *s, uint8_t out[SPEED_OUT_MAX]) {
    if (!s->ok) {
        out[0] = 0;
        return 1;
    }
    memcpy(out, s->out, s->len);
    return s->len;
}
static size_t verdict_out(struct state *s, uint8_t out[SPEED_OUT_MAX]) {
    out[0] = (uint8_t)s->ok;
    return 1;
}
static size_t batch_out(struct state *s, uint8_t out[SPEED_OUT_MAX]) {
    for (int i = 0; i < SPEED_BATCH_MAX; i++)
        out[i] = (uint8_t)s->b_ok[i];
    return SPEED_BATCH_MAX;
}

static void x448(struct state *s) {
    s->ok = s->api->x448(s->out, IN.x_peer, IN.x_secret) == DECAF_SUCCESS, s->len = 56;
}
static void x448_pub(struct state *s) { s->api->x448_derive_public_key(s->out, IN.x_secret), s->ok = 1, s->len = 56; }
static void keygen(struct state *s) { s->api->ed448_derive_public_key(s->out, IN.ed_seed), s->ok = 1, s->len = 57; }
static void sign_short(struct state *s) {
    s->api->ed448_keypair_sign(s->out, s->kp, IN.msg_short, sizeof IN.msg_short, 0, NULL, 0);
    s->ok = 1, s->len = 114;
}
static void sign_long(struct state *s) {
    s->api->ed448_keypair_sign(s->out, s->kp, IN.msg_long, sizeof IN.msg_long, 0, NULL, 0);
    s->ok = 1, s->len = 114;
}
static void sign_seed(struct state *s) {
    s->api->ed448_sign(s->out, IN.ed_seed, IN.ed_pub, IN.msg_short, sizeof IN.msg_short, 0, NULL, 0);
    s->ok = 1, s->len = 114;
}
static void verify_short(struct state *s) {
    s->ok = s->api->ed448_verify(IN.sig_short, IN.ed_pub, IN.msg_short, sizeof IN.msg_short, 0, NULL, 0) ==
            DECAF_SUCCESS;
}
static void verify_long(struct state *s) {
    s->ok = s->api->ed448_verify(IN.sig_long, IN.ed_pub, IN.msg_long, sizeof IN.msg_long, 0, NULL, 0) ==
            DECAF_SUCCESS;
}
static void ph_sign(struct state *s) {
    decaf_ed448_prehash_ctx_t h;
    s->api->ed448_prehash_init(h);
    (void)s->api->sha3_update(h->s, IN.msg_long, sizeof IN.msg_long);
    s->api->ed448_keypair_sign_prehash(s->out, s->kp, h, NULL, 0);
    s->ok = 1, s->len = 114;
}
static void ph_verify(struct state *s) {
    decaf_ed448_prehash_ctx_t h;
    s->api->ed448_prehash_init(h);
    (void)s->api->sha3_update(h->s, IN.msg_long, sizeof IN.msg_long);
    s->ok = s->api->ed448_verify_prehash(IN.sig_ph, IN.ed_pub, h, NULL, 0) == DECAF_SUCCESS;
}
static void mul(struct state *s) {
    s->ok = s->api->direct_scalarmul(s->out, IN.dc_point, s->scalar, DECAF_FALSE, DECAF_TRUE) == DECAF_SUCCESS;
    s->len = 56;
}
static void mul_base(struct state *s) {
    decaf_448_point_t p;
    s->api->precomputed_scalarmul(p, *s->api->precomputed_base, s->scalar);
    s->api->point_encode(s->out, p);
    s->ok = 1, s->len = 56;
}
static void pub_to_x(struct state *s) {
    s->api->convert_public_key_to_x448(s->out, IN.ed_pub), s->ok = 1, s->len = 56;
}
static void secret_to_x(struct state *s) {
    s->api->convert_private_key_to_x448(s->out, IN.ed_seed), s->ok = 1, s->len = 56;
}
static void verify_batch(struct state *s) {
    for (int i = 0; i < SPEED_BATCH_MAX; i++)
        s->b_ok[i] = s->api->ed448_verify(IN.b_sig[i], IN.b_pub[i], IN.b_msg[i], SPEED_MSG_SHORT, 0, NULL, 0) ==
                     DECAF_SUCCESS;
}
static void verify_batch_bad(struct state *s) {
    for (int i = 0; i < SPEED_BATCH_MAX; i++)
        s->b_ok[i] = s->api->ed448_verify(IN.b_bad_sig[i], IN.b_pub[i], IN.b_msg[i], SPEED_MSG_SHORT, 0, NULL, 0) ==
                     DECAF_SUCCESS;
}

/* ---- the typed rows: objects in, objects out, on speed_ops_typed.c's inputs ---- */
static const char *setup_typed(struct state *s) {
    const struct speed_decaf_api *A = s->api;
    A->point_from_hash_uniform(s->p, IN.t_u1);
    A->point_from_hash_uniform(s->q, IN.t_u2);
    A->point_encode(s->enc_p, s->p);
    A->scalar_decode_long(s->a, IN.t_wa, 112);
    A->scalar_decode_long(s->b, IN.t_wb, 112);
    return NULL;
}
static size_t typed_out(struct state *s, uint8_t out[SPEED_OUT_MAX]) {
    switch (s->kind) {
    case POINT:
        s->api->point_encode(out, s->pout);
        return 56;
    case SCALAR:
        s->api->scalar_encode(out, s->sout);
        return 56;
    case BYTES:
        memcpy(out, s->out, 56);
        return 56;
    default:
        out[0] = (uint8_t)s->ok;
        return 1;
    }
}
#define TP(f, call) static void f(struct state *s) { call; s->kind = POINT; }
#define TS(f, call) static void f(struct state *s) { call; s->kind = SCALAR; }
TP(t_decode, s->ok = s->api->point_decode(s->pout, s->enc_p, DECAF_TRUE) == DECAF_SUCCESS)
TP(t_add, s->api->point_add(s->pout, s->p, s->q))
TP(t_sub, s->api->point_sub(s->pout, s->p, s->q))
TP(t_neg, s->api->point_negate(s->pout, s->p))
TP(t_dbl, s->api->point_double(s->pout, s->p))
TP(t_mul, s->api->point_scalarmul(s->pout, s->p, s->a))
TP(t_mul_base, s->api->precomputed_scalarmul(s->pout, *s->api->precomputed_base, s->a))
TP(t_dmul, s->api->point_double_scalarmul(s->pout, s->p, s->a, s->q, s->b))
TP(t_dmul_g, s->api->base_double_scalarmul_non_secret(s->pout, s->b, s->p, s->a))
TP(t_uniform, s->api->point_from_hash_uniform(s->pout, IN.t_uniform))
TS(t_s_bytes, s->api->scalar_decode_long(s->sout, IN.t_bytes, 56))
TS(t_s_wide, s->api->scalar_decode_long(s->sout, IN.t_wide, 112))
TS(t_s_canon, s->ok = s->api->scalar_decode(s->sout, IN.t_bytes) == DECAF_SUCCESS)
TS(t_s_add, s->api->scalar_add(s->sout, s->a, s->b))
TS(t_s_sub, s->api->scalar_sub(s->sout, s->a, s->b))
TS(t_s_mul, s->api->scalar_mul(s->sout, s->a, s->b))
TS(t_s_neg, s->api->scalar_sub(s->sout, s->api->scalar_zero, s->a))
TS(t_s_inv, s->ok = s->api->scalar_invert(s->sout, s->a) == DECAF_SUCCESS)
static void t_encode(struct state *s) { s->api->point_encode(s->out, s->p), s->kind = BYTES; }
static void t_s_to_bytes(struct state *s) { s->api->scalar_encode(s->out, s->a), s->kind = BYTES; }
static void t_eq(struct state *s) { s->ok = s->api->point_eq(s->p, s->q) == DECAF_TRUE, s->kind = RC; }
static void t_s_eq(struct state *s) { s->ok = s->api->scalar_eq(s->a, s->b) == DECAF_TRUE, s->kind = RC; }

/* Each slot's functions without arguments, as struct speed_impl wants them. */
#define WRAP(k, f) static void f##_##k(void) { f(&st[k]); }
#define WRAP_SETUP(k, f) static const char *f##_##k(void) { return f(&st[k]); }
#define WRAP_OUT(k, f) static size_t f##_##k(uint8_t out[SPEED_OUT_MAX]) { return f(&st[k], out); }
#define TYPED(k, name, f) { "decaf448_" name, setup_typed_##k, f##_##k, typed_out_##k }
#define SLOT(k)                                                                                                     \
    WRAP_SETUP(k, setup) WRAP_SETUP(k, setup_mul) WRAP_OUT(k, bytes_out) WRAP_OUT(k, verdict_out)                   \
    WRAP_OUT(k, batch_out) WRAP(k, x448) WRAP(k, x448_pub) WRAP(k, keygen) WRAP(k, sign_short) WRAP(k, sign_long)   \
    WRAP(k, sign_seed)                                                                                             \
    WRAP(k, verify_short) WRAP(k, verify_long) WRAP(k, ph_sign) WRAP(k, ph_verify) WRAP(k, mul) WRAP(k, mul_base)   \
    WRAP(k, pub_to_x) WRAP(k, secret_to_x) WRAP(k, verify_batch) WRAP(k, verify_batch_bad)                          \
    WRAP_SETUP(k, setup_typed) WRAP_OUT(k, typed_out) WRAP(k, t_decode) WRAP(k, t_add) WRAP(k, t_sub)               \
    WRAP(k, t_neg) WRAP(k, t_dbl) WRAP(k, t_mul) WRAP(k, t_mul_base) WRAP(k, t_dmul) WRAP(k, t_dmul_g)             \
    WRAP(k, t_uniform) WRAP(k, t_s_bytes) WRAP(k, t_s_wide) WRAP(k, t_s_canon) WRAP(k, t_s_add) WRAP(k, t_s_sub)   \
    WRAP(k, t_s_mul) WRAP(k, t_s_neg) WRAP(k, t_s_inv) WRAP(k, t_encode) WRAP(k, t_s_to_bytes) WRAP(k, t_eq)       \
    WRAP(k, t_s_eq)                                                                                                 \
    static const struct speed_impl impls_##k[] = {                                                                  \
        { "x448_public_key", setup_##k, x448_pub_##k, bytes_out_##k },                                              \
        { "x448", setup_##k, x448_##k, bytes_out_##k },                                                             \
        { "ed448_keygen", setup_##k, keygen_##k, bytes_out_##k },                                                   \
        { "ed448_sign", setup_##k, sign_short_##k, bytes_out_##k },                                                 \
        { "ed448_sign_1k", setup_##k, sign_long_##k, bytes_out_##k },                                               \
        { "ed448_sign_seed", setup_##k, sign_seed_##k, bytes_out_##k },                                             \
        { "ed448_verify", setup_##k, verify_short_##k, verdict_out_##k },                                           \
        { "ed448_verify_1k", setup_##k, verify_long_##k, verdict_out_##k },                                         \
        { "ed448ph_sign", setup_##k, ph_sign_##k, bytes_out_##k },                                                  \
        { "ed448ph_verify", setup_##k, ph_verify_##k, verdict_out_##k },                                            \
        { "decaf448_scalarmult", setup_mul_##k, mul_##k, bytes_out_##k },                                           \
        { "decaf448_scalarmult_base", setup_##k, mul_base_##k, bytes_out_##k },                                     \
        { "ed448_public_to_x448", setup_##k, pub_to_x_##k, bytes_out_##k },                                         \
        { "ed448_secret_to_x448", setup_##k, secret_to_x_##k, bytes_out_##k },                                      \
        { "ed448_verify_batch", setup_##k, verify_batch_##k, batch_out_##k },                                       \
        { "ed448_verify_batch_bad", setup_##k, verify_batch_bad_##k, batch_out_##k },                               \
        TYPED(k, "point_decode", t_decode), TYPED(k, "point_encode", t_encode), TYPED(k, "point_add", t_add),       \
        TYPED(k, "point_sub", t_sub), TYPED(k, "point_neg", t_neg), TYPED(k, "point_double", t_dbl),                \
        TYPED(k, "point_eq", t_eq), TYPED(k, "point_scalarmult", t_mul),                                            \
        TYPED(k, "point_scalarmult_base", t_mul_base), TYPED(k, "point_double_scalarmult_vartime", t_dmul),         \
        TYPED(k, "point_double_scalarmult_vartime_g", t_dmul_g), TYPED(k, "point_from_uniform", t_uniform),         \
        TYPED(k, "scalar_from_bytes", t_s_bytes), TYPED(k, "scalar_from_wide_bytes", t_s_wide),                     \
        TYPED(k, "scalar_from_canonical_bytes", t_s_canon), TYPED(k, "scalar_to_bytes", t_s_to_bytes),              \
        TYPED(k, "scalar_add", t_s_add), TYPED(k, "scalar_sub", t_s_sub), TYPED(k, "scalar_mul", t_s_mul),          \
        TYPED(k, "scalar_neg", t_s_neg), TYPED(k, "scalar_invert", t_s_inv), TYPED(k, "scalar_eq", t_s_eq),         \
    };
SLOT(0)
SLOT(1)
SLOT(2)
SLOT(3)
SLOT(4)
static const struct speed_impl *const slot_impls[SPEED_DECAF_SLOTS] = { impls_0, impls_1, impls_2, impls_3,
                                                                         impls_4 };
_Static_assert(SPEED_DECAF_SLOTS == 5, "one SLOT() per slot");

void speed_decaf_contender(struct speed_contender *out, int slot, const struct speed_decaf_api *api) {
    st[slot].api = api;
    out->impls = slot_impls[slot];
    out->n_impls = sizeof impls_0 / sizeof impls_0[0];
    out->missing = NULL;
}

static const struct speed_decaf_api debian = {
    decaf_x448,
    decaf_x448_derive_public_key,
    decaf_ed448_derive_public_key,
    decaf_ed448_derive_keypair,
    decaf_ed448_sign,
    decaf_ed448_keypair_sign,
    decaf_ed448_keypair_sign_prehash,
    decaf_ed448_verify,
    decaf_ed448_verify_prehash,
    decaf_ed448_prehash_init,
    decaf_sha3_update,
    decaf_448_scalar_decode_long,
    decaf_448_point_decode,
    decaf_448_point_encode,
    decaf_448_point_scalarmul,
    decaf_448_direct_scalarmul,
    decaf_448_precomputed_scalarmul,
    &decaf_448_precomputed_base,
    decaf_ed448_convert_public_key_to_x448,
    decaf_ed448_convert_private_key_to_x448,
    decaf_448_point_add,
    decaf_448_point_sub,
    decaf_448_point_negate,
    decaf_448_point_double,
    decaf_448_point_eq,
    decaf_448_point_double_scalarmul,
    decaf_448_base_double_scalarmul_non_secret,
    decaf_448_point_from_hash_uniform,
    decaf_448_scalar_decode,
    decaf_448_scalar_encode,
    decaf_448_scalar_add,
    decaf_448_scalar_sub,
    decaf_448_scalar_mul,
    decaf_448_scalar_invert,
    decaf_448_scalar_eq,
    decaf_448_scalar_zero,
};

/* Slot 0, over the linked library. */
const struct speed_contender speed_libdecaf = { "libdecaf", NULL, "Debian libdecaf-dev (linked)", impls_0,
                                                sizeof impls_0 / sizeof impls_0[0] };
#endif
