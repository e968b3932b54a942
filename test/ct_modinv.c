/*
 * Constant-time check of the divsteps inversion (src/field/modinv.c), run
 * under valgrind memcheck by `ninja ctcheck`: gf_invert and scalar_invert
 * with their input marked undefined (VALGRIND_MAKE_MEM_UNDEFINED), so that
 * memcheck reports any branch or memory address that depends on it. The
 * inputs: 0, 1, -1, 2 and random values, whose divsteps take every path of
 * the masks. Only the outputs are marked defined again, then checked
 * (a * out == 1, 0 for 0); outside valgrind the marks are no-ops.
 */
#include <string.h>
#include <valgrind/memcheck.h>
#include "check.h"
#include "field.h"
#include "scalar.h"

#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))

static void input_bytes(uint8_t out[56], int i) {
    memset(out, 0, 56);
    if (i == 1 || i == 3)
        out[0] = (uint8_t)(i == 1 ? 1 : 2);
    else if (i == 2)
        memset(out, 0xff, 56); /* replaced by -1 below */
    else if (i > 3)
        check_randbytes(out, 56);
}

static void test_gf_invert(void) {
    check_test("gf_invert with the element undefined");
    for (int i = 0; i < 8; i++) {
        uint8_t buf[56];
        gf a, r, prod, one;
        input_bytes(buf, i);
        gf_deserialize(a, buf);
        if (i == 2) { /* -1 */
            gf_set_small(one, 1);
            gf_set_small(prod, 0);
            gf_sub(a, prod, one);
        }
        SECRET(a, sizeof a);
        gf_invert(r, a);
        PUBLIC(r, sizeof r);
        PUBLIC(a, sizeof a);
        gf_mul(prod, a, r);
        gf_set_small(one, 1);
        if (i == 0)
            check(gf_is_zero(r) != 0, "1/0 != 0");
        else
            check(gf_eq(prod, one) != 0, "case %d: a (1/a) != 1", i);
    }
}

static void test_scalar_invert(void) {
    check_test("scalar_invert with the scalar undefined");
    for (int i = 0; i < 8; i++) {
        uint8_t buf[56];
        scalar_t a, r, prod, one;
        input_bytes(buf, i);
        scalar_reduce_bytes(&a, buf, sizeof buf);
        if (i == 2) { /* -1 */
            scalar_set_small(&one, 1);
            scalar_neg(&a, &one);
        }
        SECRET(&a, sizeof a);
        scalar_invert(&r, &a);
        PUBLIC(&r, sizeof r);
        PUBLIC(&a, sizeof a);
        scalar_mul(&prod, &a, &r);
        scalar_set_small(&one, 1);
        if (i == 0) {
            scalar_t zero;
            scalar_set_small(&zero, 0);
            check(scalar_eq(&r, &zero), "1/0 != 0");
        }
        else
            check(scalar_eq(&prod, &one), "case %d: a (1/a) != 1", i);
    }
}

int main(void) {
    check_init("ct_modinv");
    test_gf_invert();
    test_scalar_invert();
    return check_done();
}
