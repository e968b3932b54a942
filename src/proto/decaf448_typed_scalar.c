/*
 * decaf448 scalars as objects (include/goldilocks.h, "decaf448, typed"):
 * scalar.c's arithmetic mod l on values held between calls. Scalars are
 * secret: each function wipes its copies and, last, the stack below it, as
 * every public function that handles a secret does (ct_wipe_stack_small:
 * none of them but invert goes deeper than its 2 KiB).
 */
#include <string.h>
#include "decaf448_typed.h"
#include "ct.h"
#include "random.h"

static void zero_scalar(goldilocks_decaf448_scalar *out) {
    if (out)
        memset(out, 0, sizeof *out);
}

static void from_bytes(goldilocks_decaf448_scalar *out, const uint8_t *in, size_t len) {
    if (!out || !in) {
        zero_scalar(out);
        return;
    }
    scalar_t s;
    scalar_reduce_bytes(&s, in, len);
    typed_store_scalar(out, &s);
    ct_wipe(&s, sizeof s);
    ct_wipe_stack_small();
}

void goldilocks_decaf448_scalar_from_bytes(goldilocks_decaf448_scalar *out, const uint8_t in[56]) {
    from_bytes(out, in, SCALAR_BYTES);
}

void goldilocks_decaf448_scalar_from_wide_bytes(goldilocks_decaf448_scalar *out, const uint8_t in[112]) {
    from_bytes(out, in, 2 * SCALAR_BYTES);
}

int goldilocks_decaf448_scalar_from_canonical_bytes(goldilocks_decaf448_scalar *out, const uint8_t in[56]) {
    if (!out || !in) {
        zero_scalar(out);
        return -1;
    }
    scalar_t s;
    int rc = scalar_from_canonical_bytes(&s, in, SCALAR_BYTES); /* s is zero when rc is -1 */
    typed_store_scalar(out, &s);
    ct_wipe(&s, sizeof s);
    ct_wipe_stack_small();
    return rc;
}

void goldilocks_decaf448_scalar_to_bytes(uint8_t out[56], const goldilocks_decaf448_scalar *a) {
    if (!out || !a) {
        if (out)
            memset(out, 0, SCALAR_BYTES);
        return;
    }
    scalar_t s;
    typed_load_scalar(&s, a);
    scalar_to_bytes(out, &s);
    ct_wipe(&s, sizeof s);
    ct_wipe_stack_small();
}

static void binary(goldilocks_decaf448_scalar *out, const goldilocks_decaf448_scalar *a,
                   const goldilocks_decaf448_scalar *b,
                   void (*op)(scalar_t *, const scalar_t *, const scalar_t *)) {
    if (!out || !a || !b) {
        zero_scalar(out);
        return;
    }
    scalar_t x, y;
    typed_load_scalar(&x, a);
    typed_load_scalar(&y, b);
    op(&x, &x, &y);
    typed_store_scalar(out, &x);
    ct_wipe(&x, sizeof x);
    ct_wipe(&y, sizeof y);
    ct_wipe_stack_small();
}

void goldilocks_decaf448_scalar_add(goldilocks_decaf448_scalar *out, const goldilocks_decaf448_scalar *a,
                                    const goldilocks_decaf448_scalar *b) {
    binary(out, a, b, scalar_add);
}

void goldilocks_decaf448_scalar_sub(goldilocks_decaf448_scalar *out, const goldilocks_decaf448_scalar *a,
                                    const goldilocks_decaf448_scalar *b) {
    binary(out, a, b, scalar_sub);
}

void goldilocks_decaf448_scalar_mul(goldilocks_decaf448_scalar *out, const goldilocks_decaf448_scalar *a,
                                    const goldilocks_decaf448_scalar *b) {
    binary(out, a, b, scalar_mul);
}

void goldilocks_decaf448_scalar_neg(goldilocks_decaf448_scalar *out, const goldilocks_decaf448_scalar *a) {
    if (!out || !a) {
        zero_scalar(out);
        return;
    }
    scalar_t x;
    typed_load_scalar(&x, a);
    scalar_neg(&x, &x);
    typed_store_scalar(out, &x);
    ct_wipe(&x, sizeof x);
    ct_wipe_stack_small();
}

int goldilocks_decaf448_scalar_invert(goldilocks_decaf448_scalar *out, const goldilocks_decaf448_scalar *a) {
    if (!out || !a) {
        zero_scalar(out);
        return -1;
    }
    static const scalar_t zero;
    scalar_t x, r;
    typed_load_scalar(&x, a);
    int is_zero = scalar_eq(&x, &zero); /* 1 or 0, computed without a branch */
    scalar_invert(&r, &x);              /* 0^(l-2) = 0: the failure output comes for free */
    typed_store_scalar(out, &r);
    ct_wipe(&x, sizeof x);
    ct_wipe(&r, sizeof r);
    ct_wipe_stack();
    return -is_zero;
}

int goldilocks_decaf448_scalar_random(goldilocks_decaf448_scalar *out) {
    if (!out)
        return -1;
    uint8_t buf[2 * SCALAR_BYTES];
    if (random_bytes(buf, sizeof buf) != 0) {
        zero_scalar(out);
        return -1;
    }
    scalar_t s;
    scalar_reduce_bytes(&s, buf, sizeof buf);
    typed_store_scalar(out, &s);
    ct_wipe(buf, sizeof buf);
    ct_wipe(&s, sizeof s);
    ct_wipe_stack_small();
    return 0;
}

int goldilocks_decaf448_scalar_eq(const goldilocks_decaf448_scalar *a, const goldilocks_decaf448_scalar *b) {
    if (!a || !b)
        return -1;
    scalar_t x, y;
    typed_load_scalar(&x, a);
    typed_load_scalar(&y, b);
    int eq = scalar_eq(&x, &y);
    ct_wipe(&x, sizeof x);
    ct_wipe(&y, sizeof y);
    ct_wipe_stack_small();
    return eq - 1;
}
