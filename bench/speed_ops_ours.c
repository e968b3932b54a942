/*
 * goldilocks-speed: our operations. Each entry of speed_ops_ours is one
 * operation of the program (its name, what one call does, and our
 * implementation); the peers' files implement the same names. The batch
 * functions have their own table (speed_ops_batch.c), and so do the
 * internal routines (speed_ops_internal.c: the field, the multi-scalar
 * multiplication).
 *
 * Every run is the public call, bytes in and bytes out, on the inputs of
 * speed_inputs.c.
 */
#include <string.h>
#include "goldilocks.h"
#include "speed.h"

static struct {
    uint8_t out[SPEED_OUT_MAX];
    size_t len;
    int rc;
    goldilocks_ed448_precomputed ed_table;
    struct goldilocks_x448_precomputed x_table;
} o;

#define IN speed_in
#define SHORT IN.msg_short, sizeof IN.msg_short
#define LONG IN.msg_long, sizeof IN.msg_long

static const uint8_t H2C_DST[] = "QUUX-V01-CS02-with-edwards448_XOF:SHAKE256_ELL2_RO_";

/* The result of a call that writes n bytes and returns rc: the bytes when rc == 0, else one zero byte. */
static size_t bytes_out(uint8_t out[SPEED_OUT_MAX]) {
    if (o.rc != 0) {
        out[0] = 0;
        return 1;
    }
    memcpy(out, o.out, o.len);
    return o.len;
}
/* A verification's result: 1 accepted, 0 rejected. */
static size_t verdict_out(uint8_t out[SPEED_OUT_MAX]) {
    out[0] = o.rc == 0;
    return 1;
}

static void x448_pub(void) { goldilocks_x448_public_key(o.out, IN.x_secret), o.len = 56, o.rc = 0; }
static void x448(void) { o.rc = goldilocks_x448(o.out, IN.x_secret, IN.x_peer), o.len = 56; }
static void keygen(void) {
    uint8_t secret[114];
    goldilocks_ed448_keypair_from_seed(o.out, secret, IN.ed_seed);
    o.len = 57, o.rc = 0;
}
static void sign_short(void) { o.rc = goldilocks_ed448_sign(o.out, IN.ed_secret, SHORT, NULL, 0), o.len = 114; }
static void sign_long(void) { o.rc = goldilocks_ed448_sign(o.out, IN.ed_secret, LONG, NULL, 0), o.len = 114; }
static void sign_seed(void) { o.rc = goldilocks_ed448_sign_seed(o.out, IN.ed_seed, SHORT, NULL, 0), o.len = 114; }
static void verify_short(void) { o.rc = goldilocks_ed448_verify(IN.sig_short, IN.ed_pub, SHORT, NULL, 0); }
static void verify_long(void) { o.rc = goldilocks_ed448_verify(IN.sig_long, IN.ed_pub, LONG, NULL, 0); }
static void ph_sign(void) { o.rc = goldilocks_ed448ph_sign(o.out, IN.ed_secret, LONG, NULL, 0), o.len = 114; }
static void ph_verify(void) { o.rc = goldilocks_ed448ph_verify(IN.sig_ph, IN.ed_pub, LONG, NULL, 0); }
static void decaf_mul(void) { o.rc = goldilocks_decaf448_scalarmult(o.out, IN.dc_point, IN.dc_scalar), o.len = 56; }
static void decaf_mul_base(void) { o.rc = goldilocks_decaf448_scalarmult_base(o.out, IN.dc_scalar), o.len = 56; }

static const char *pre_verify_setup(void) {
    return goldilocks_ed448_precompute(&o.ed_table, IN.ed_pub) == 0 ? NULL : "goldilocks_ed448_precompute failed";
}
static void pre_verify(void) { o.rc = goldilocks_ed448_verify_precomputed(IN.sig_short, &o.ed_table, SHORT, NULL, 0); }
static const char *pre_x448_setup(void) {
    return goldilocks_x448_precompute(&o.x_table, IN.x_peer) == 0 ? NULL : "goldilocks_x448_precompute failed";
}
static void build_ed_table(void) { o.rc = goldilocks_ed448_precompute(&o.ed_table, IN.ed_pub); }
static void build_x_table(void) { o.rc = goldilocks_x448_precompute(&o.x_table, IN.x_peer); }
/* a table's result: its verification (or shared secret) must be the plain one's */
static size_t ed_table_out(uint8_t out[SPEED_OUT_MAX]) {
    out[0] = o.rc == 0 && goldilocks_ed448_verify_precomputed(IN.sig_short, &o.ed_table, SHORT, NULL, 0) == 0;
    return 1;
}
static size_t x_table_out(uint8_t out[SPEED_OUT_MAX]) {
    uint8_t a[56], b[56];
    out[0] = o.rc == 0 && goldilocks_x448_precomputed(a, IN.x_secret, &o.x_table) == 0 &&
             goldilocks_x448(b, IN.x_secret, IN.x_peer) == 0 && memcmp(a, b, 56) == 0;
    return 1;
}
static void pre_x448(void) { o.rc = goldilocks_x448_precomputed(o.out, IN.x_secret, &o.x_table), o.len = 56; }

static void ed_h2c(void) {
    o.rc = goldilocks_ed448_hash_to_curve(o.out, SHORT, H2C_DST, sizeof H2C_DST - 1), o.len = 57;
}
static void ed_e2c(void) {
    o.rc = goldilocks_ed448_encode_to_curve(o.out, SHORT, H2C_DST, sizeof H2C_DST - 1), o.len = 57;
}
static void x_h2c(void) { o.rc = goldilocks_x448_hash_to_curve(o.out, SHORT, H2C_DST, sizeof H2C_DST - 1), o.len = 56; }
static void x_e2c(void) {
    o.rc = goldilocks_x448_encode_to_curve(o.out, SHORT, H2C_DST, sizeof H2C_DST - 1), o.len = 56;
}
static void pub_to_x(void) { o.rc = goldilocks_ed448_public_to_x448(o.out, IN.ed_pub), o.len = 56; }
static void secret_to_x(void) { goldilocks_ed448_secret_to_x448(o.out, IN.ed_secret), o.len = 56, o.rc = 0; }

#define OP(name, what, run, out) { name, what, 1, { name, NULL, run, out } }
#define OPS(name, what, setup, run, out) { name, what, 1, { name, setup, run, out } }
const struct speed_op speed_ops_ours[] = {
    OP("x448_public_key", "X448 public key of a secret (fixed base)", x448_pub, bytes_out),
    OP("x448", "X448 shared secret (the ladder)", x448, bytes_out),
    OP("ed448_keygen", "Ed448 key pair from a 57-byte seed", keygen, bytes_out),
    OP("ed448_sign", "Ed448 signature of a 64-byte message", sign_short, bytes_out),
    OP("ed448_sign_1k", "Ed448 signature of a 1 KiB message", sign_long, bytes_out),
    OP("ed448_verify", "Ed448 verification, 64-byte message", verify_short, verdict_out),
    OP("ed448_verify_1k", "Ed448 verification, 1 KiB message", verify_long, verdict_out),
    OP("ed448ph_sign", "Ed448ph signature of a 1 KiB message (prehash inside)", ph_sign, bytes_out),
    OP("ed448ph_verify", "Ed448ph verification, 1 KiB message", ph_verify, verdict_out),
    OP("decaf448_scalarmult", "decaf448: decode, scalar multiplication, encode", decaf_mul, bytes_out),
    OP("decaf448_scalarmult_base", "decaf448: fixed-base multiplication, encode", decaf_mul_base, bytes_out),
    OP("ed448_sign_seed", "Ed448 signature from the seed alone (public key derived inside), 64 bytes",
       sign_seed, bytes_out),
    OPS("ed448_verify_precomputed", "Ed448 verification with the key's table built beforehand", pre_verify_setup,
        pre_verify, verdict_out),
    OPS("x448_precomputed", "X448 shared secret with the peer's table built beforehand", pre_x448_setup, pre_x448,
        bytes_out),
    OP("ed448_precompute", "building an Ed448 public key's verification table", build_ed_table, ed_table_out),
    OP("x448_precompute", "building an X448 peer's fixed-base table", build_x_table, x_table_out),
    OP("ed448_hash_to_curve", "RFC 9380 edwards448_XOF:SHAKE256_ELL2_RO_, 64-byte message", ed_h2c, bytes_out),
    OP("ed448_encode_to_curve", "RFC 9380 edwards448 NU, 64-byte message", ed_e2c, bytes_out),
    OP("x448_hash_to_curve", "RFC 9380 curve448 RO, 64-byte message", x_h2c, bytes_out),
    OP("x448_encode_to_curve", "RFC 9380 curve448 NU, 64-byte message", x_e2c, bytes_out),
    OP("ed448_public_to_x448", "Ed448 public key to X448 (the 4-isogeny)", pub_to_x, bytes_out),
    OP("ed448_secret_to_x448", "Ed448 secret key to X448", secret_to_x, bytes_out),
};
const size_t speed_n_ops_ours = sizeof speed_ops_ours / sizeof speed_ops_ours[0];
