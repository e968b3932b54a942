/*
 * goldilocks-speed: the typed decaf448 API (goldilocks_decaf448_point_*,
 * _scalar_*), objects in and out; libdecaf's decaf_448_point_* and
 * _scalar_* are the peers (speed_ops_libdecaf.c). A point's output is its
 * encoding, a scalar's its bytes, a test's one byte (1: true / success).
 *
 * Every typed scalar function of ours ends by wiping the stack below it
 * (goldilocks.h's contract; libdecaf wipes nothing there): add, sub and neg
 * clear 256 bytes (512 with 32-bit words), about a quarter of their time,
 * mul 2 KiB; _eq and _to_bytes copy nothing and need no wipe.
 */
#include <string.h>
#include "goldilocks.h"
#include "speed.h"

#define IN speed_in

static struct {
    goldilocks_decaf448_point p, q, g, out;
    goldilocks_decaf448_scalar a, b, sout;
    uint8_t enc_p[56], bytes_out[56];
    int rc;
    enum { POINT, SCALAR, BYTES, RC } kind;
} t;

static const char *setup(void) {
    goldilocks_decaf448_point_from_uniform(&t.p, IN.t_u1);
    goldilocks_decaf448_point_from_uniform(&t.q, IN.t_u2);
    goldilocks_decaf448_point_base(&t.g);
    goldilocks_decaf448_point_encode(t.enc_p, &t.p);
    goldilocks_decaf448_scalar_from_wide_bytes(&t.a, IN.t_wa);
    goldilocks_decaf448_scalar_from_wide_bytes(&t.b, IN.t_wb);
    return NULL;
}

static size_t out(uint8_t o[SPEED_OUT_MAX]) {
    switch (t.kind) {
    case POINT:
        goldilocks_decaf448_point_encode(o, &t.out);
        return 56;
    case SCALAR:
        goldilocks_decaf448_scalar_to_bytes(o, &t.sout);
        return 56;
    case BYTES:
        memcpy(o, t.bytes_out, 56);
        return 56;
    default:
        o[0] = t.rc == 0;
        return 1;
    }
}

#define POINT_OP(f, call) static void f(void) { call; t.kind = POINT; }
#define SCALAR_OP(f, call) static void f(void) { call; t.kind = SCALAR; }
POINT_OP(decode, t.rc = goldilocks_decaf448_point_decode(&t.out, t.enc_p))
POINT_OP(add, goldilocks_decaf448_point_add(&t.out, &t.p, &t.q))
POINT_OP(sub, goldilocks_decaf448_point_sub(&t.out, &t.p, &t.q))
POINT_OP(neg, goldilocks_decaf448_point_neg(&t.out, &t.p))
POINT_OP(dbl, goldilocks_decaf448_point_double(&t.out, &t.p))
POINT_OP(mul, goldilocks_decaf448_point_scalarmult(&t.out, &t.p, &t.a))
POINT_OP(mul_base, goldilocks_decaf448_point_scalarmult_base(&t.out, &t.a))
POINT_OP(dmul, goldilocks_decaf448_point_double_scalarmult_vartime(&t.out, &t.a, &t.p, &t.b, &t.q))
POINT_OP(dmul_g, goldilocks_decaf448_point_double_scalarmult_vartime(&t.out, &t.a, &t.p, &t.b, &t.g))
POINT_OP(uniform, goldilocks_decaf448_point_from_uniform(&t.out, IN.t_uniform))
SCALAR_OP(s_bytes, goldilocks_decaf448_scalar_from_bytes(&t.sout, IN.t_bytes))
SCALAR_OP(s_wide, goldilocks_decaf448_scalar_from_wide_bytes(&t.sout, IN.t_wide))
SCALAR_OP(s_canon, t.rc = goldilocks_decaf448_scalar_from_canonical_bytes(&t.sout, IN.t_bytes))
SCALAR_OP(s_add, goldilocks_decaf448_scalar_add(&t.sout, &t.a, &t.b))
SCALAR_OP(s_sub, goldilocks_decaf448_scalar_sub(&t.sout, &t.a, &t.b))
SCALAR_OP(s_mul, goldilocks_decaf448_scalar_mul(&t.sout, &t.a, &t.b))
SCALAR_OP(s_neg, goldilocks_decaf448_scalar_neg(&t.sout, &t.a))
SCALAR_OP(s_inv, t.rc = goldilocks_decaf448_scalar_invert(&t.sout, &t.a))
static void encode(void) { goldilocks_decaf448_point_encode(t.bytes_out, &t.p), t.kind = BYTES; }
static void s_to_bytes(void) { goldilocks_decaf448_scalar_to_bytes(t.bytes_out, &t.a), t.kind = BYTES; }
/* the tests: p = q and a = b are false here, so the peers must say false too */
static void eq(void) { t.rc = goldilocks_decaf448_point_eq(&t.p, &t.q), t.kind = RC; }
static void s_eq(void) { t.rc = goldilocks_decaf448_scalar_eq(&t.a, &t.b), t.kind = RC; }
/* random: no peer; its output is whether it succeeded */
static void s_random(void) { t.rc = goldilocks_decaf448_scalar_random(&t.sout), t.kind = RC; }

#define T(name, what, run) { "decaf448_" name, what, 1, { "decaf448_" name, setup, run, out } }
const struct speed_op speed_ops_typed[] = {
    T("point_decode", "typed: decode an element", decode),
    T("point_encode", "typed: encode an element", encode),
    T("point_add", "typed: P + Q", add),
    T("point_sub", "typed: P - Q", sub),
    T("point_neg", "typed: -P", neg),
    T("point_double", "typed: 2P", dbl),
    T("point_eq", "typed: P = Q", eq),
    T("point_scalarmult", "typed: [a]P", mul),
    T("point_scalarmult_base", "typed: [a]G", mul_base),
    T("point_double_scalarmult_vartime", "typed: [a]P + [b]Q, variable time (libdecaf's: constant time)", dmul),
    T("point_double_scalarmult_vartime_g", "typed: [a]P + [b]G, variable time", dmul_g),
    T("point_from_uniform", "typed: the element of 112 uniform bytes", uniform),
    T("scalar_from_bytes", "typed: 56 bytes mod l", s_bytes),
    T("scalar_from_wide_bytes", "typed: 112 bytes mod l", s_wide),
    T("scalar_from_canonical_bytes", "typed: 56 canonical bytes", s_canon),
    T("scalar_to_bytes", "typed: a scalar's bytes", s_to_bytes),
    T("scalar_add", "typed: a + b", s_add),
    T("scalar_sub", "typed: a - b", s_sub),
    T("scalar_mul", "typed: a b", s_mul),
    T("scalar_neg", "typed: -a (libdecaf: 0 - a)", s_neg),
    T("scalar_invert", "typed: 1/a", s_inv),
    T("scalar_eq", "typed: a = b", s_eq),
    T("scalar_random", "typed: a random scalar (getrandom)", s_random),
};
const size_t speed_n_ops_typed = sizeof speed_ops_typed / sizeof speed_ops_typed[0];
