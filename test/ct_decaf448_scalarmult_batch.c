/*
 * Constant-time check of goldilocks_decaf448_scalarmult_batch under
 * valgrind memcheck (`ninja ctcheck`; see ct_secrets.c for the method): the
 * scalars are marked undefined (the elements are public), so that any
 * branch or memory index that depends on them is reported; the outputs are
 * marked defined only to compare them with RFC 9496 appendix A.1's
 * multiples: item i is [b]([a]G) = [ab]G for several a and b, GF_LANES + 3
 * items (the last chunk partial), one of them an invalid encoding.
 */
#include <stdio.h>
#include <string.h>
#include <valgrind/memcheck.h>
#include "goldilocks.h"
#include "check.h"
#include "field.h" /* GF_LANES */

#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))

/* RFC 9496 appendix A.1: [1]G, [3]G, [5]G, [15]G. */
static const char *const MULT[4] = {
    "6666666666666666666666666666666666666666666666666666666633333333333333333333333333333333333333333333333333333333",
    "a0c09bf2ba7208fda0f4bfe3d0f5b29a543012306d43831b5adc6fe7f8596fa308763db15468323b11cf6e4aeb8c18fe44678f44545a69bc",
    "1c5bbecf4741dfaae79db72dface00eaaac502c2060934b6eaaeca6a20bd3da9e0be8777f7d02033d1b15884232281a41fc7f80eed04af5e",
    "841981c3bfeec3f60cfeca75d9d8dc17f46cf0106f2422b59aec580a58f342272e3a5e575a055ddb051390c54c24c6ecb1e0aceb075f6056",
};
/* RFC 9496 appendix A.2's first invalid encoding (non-canonical). */
static const char *const INVALID =
    "8e24f838059ee9fef1e209126defe53dcd74ef9b6304601c6966099effffffffffffffffffffffffffffffffffffffffffffffffffffffff";

#define N GOLDILOCKS_DECAF448_BYTES
#define ITEMS (GF_LANES + 3)

int main(void) {
    check_init("ct_decaf448_scalarmult_batch");
    uint8_t m[4][N], bad[N], pt[ITEMS][N], sc[ITEMS][N], out[ITEMS][N], zero[N] = {0};
    int rc[ITEMS];
    for (int i = 0; i < 4; i++)
        check_unhex(m[i], N, MULT[i]);
    check_unhex(bad, N, INVALID);
    /* item i: (a, b, ab) with ab in {3, 5, 15} */
    static const int a_of[4] = {0, 1, 2, 1}, b_of[4] = {3, 5, 3, 1}, ab_of[4] = {1, 3, 3, 1};
    for (size_t i = 0; i < ITEMS; i++) {
        memcpy(pt[i], i == 2 ? bad : m[a_of[i % 4]], N);
        memset(sc[i], 0, N);
        sc[i][0] = (uint8_t)b_of[i % 4];
    }

    check_test("decaf448_scalarmult_batch with the scalars undefined");
    SECRET(sc, sizeof sc);
    int r = goldilocks_decaf448_scalarmult_batch(ITEMS, out, rc, (const uint8_t(*)[N])pt, (const uint8_t(*)[N])sc);
    PUBLIC(&r, sizeof r);
    PUBLIC(rc, sizeof rc);
    PUBLIC(out, sizeof out);
    check(r == -1, "rc %d (one invalid item)", r);
    for (size_t i = 0; i < ITEMS; i++) {
        if (i == 2)
            check(rc[i] == -1 && memcmp(out[i], zero, N) == 0, "item 2 invalid");
        else
            check(rc[i] == 0 && memcmp(out[i], m[ab_of[i % 4]], N) == 0, "item %zu", i);
    }
    return check_done();
}
