/*
 * Constant-time check of goldilocks_x448_batch, run under valgrind memcheck
 * by `ninja ctcheck` (the pattern of ct_secrets.c):
 *
 *   valgrind --error-exitcode=1 --track-origins=yes ./ct_x448_batch
 *
 * Every secret of the batch is marked undefined (VALGRIND_MAKE_MEM_UNDEFINED);
 * memcheck reports any conditional jump or memory address that depends on
 * one, in any lane. The items put the RFC 7748 vectors and low-order peers
 * (u = 0, 1, p - 1: all-zero results) side by side in the lanes of one
 * group, and their count leaves the last group partial (dummy lanes). Only
 * the outputs (the shared secrets, rc[] and the return value, results
 * handed to the caller) are marked defined again, just before they are
 * compared with the vectors. Outside valgrind the marks are no-ops and the
 * program checks the same vectors.
 */
#include <stdio.h>
#include <string.h>
#include <valgrind/memcheck.h>
#include "goldilocks.h"
#include "check.h"

#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))

#define N GOLDILOCKS_X448_BYTES

/* RFC 7748 section 5.2 (scalar, u, output) and 6.2 (Alice's secret, Bob's public key, shared). */
static const char *const VECTORS[][3] = {
    {"3d262fddf9ec8e88495266fea19a34d28882acef045104d0d1aae121700a779c984c24f8cdd78fbff44943eba368f54b29259a4f1c600ad3",
     "06fce640fa3487bfda5f6cf2d5263f8aad88334cbd07437f020f08f9814dc031ddbdc38c19c6da2583fa5429db94ada18aa7a7fb4ef8a086",
     "ce3e4ff95a60dc6697da1db1d85e6afbdf79b50a2412d7546d5f239fe14fbaadeb445fc66a01b0779d98223961111e21766282f73dd96b6f"},
    {"203d494428b8399352665ddca42f9de8fef600908e0d461cb021f8c538345dd77c3e4806e25f46d3315c44e0a5b4371282dd2c8d5be3095f",
     "0fbcc2f993cd56d3305b0b7d9e55d4c1a8fb5dbb52f8e9a1e9b6201b165d015894e56c4d3570bee52fe205e28a78b91cdfbde71ce8d157db",
     "884a02576239ff7a2f2f63b2db6a9ff37047ac13568e1e30fe63c4a7ad1b3ee3a5700df34321d62077e63633c575c1c954514e99da7c179d"},
    {"9a8f4925d1519f5775cf46b04b5800d4ee9ee8bae8bc5565d498c28dd9c9baf574a9419744897391006382a6f127ab1d9ac2d8c0a598726b",
     "3eb7a829b0cd20f5bcfc0b599b6feccf6da4627107bdb0d4f345b43027d8b972fc3e34fb4232a13ca706dcb57aec3dae07bdc1c67bf33609",
     "07fff4181ac6cc95ec1c16a94a0f74d12da232ce40a77552281d282bb60c0b56fd2464c335543936521c24403085d59a449a5037514a879d"},
};
#define N_VECTORS (sizeof VECTORS / sizeof VECTORS[0])

/* Items: the vectors and three low-order peers, cycled; 11 leaves a partial group for 2, 4 and 8 lanes. */
enum { ITEMS = 11 };

static void unhex(uint8_t *out, const char *hex) {
    if (check_unhex(out, N, hex) != N)
        check(0, "bad hex constant");
}

int main(void) {
    static uint8_t secret[ITEMS][N], peer[ITEMS][N], shared[ITEMS][N], want[ITEMS][N];
    int rc[ITEMS], want_rc[ITEMS];
    check_init("ct_x448_batch");
    printf("running under valgrind: %s\n", RUNNING_ON_VALGRIND ? "yes" : "no (the marks are no-ops)");

    for (int i = 0; i < ITEMS; i++) {
        int v = i % 6; /* 0..2 a vector, 3..5 a low-order peer (u = 0, 1, p - 1) with vector v - 3's secret */
        unhex(secret[i], VECTORS[v % 3][0]);
        if (v < 3) {
            unhex(peer[i], VECTORS[v][1]);
            unhex(want[i], VECTORS[v][2]);
            want_rc[i] = 0;
        } else {
            memset(peer[i], 0, N);
            if (v == 4)
                peer[i][0] = 1;
            if (v == 5) {
                memset(peer[i], 0xff, N);
                peer[i][28] = 0xfe;
                peer[i][0] = 0xfe; /* p - 1 */
            }
            memset(want[i], 0, N);
            want_rc[i] = -1;
        }
    }

    check_test("x448_batch with every secret undefined, partial last group");
    SECRET(secret, sizeof secret);
    int status = goldilocks_x448_batch(ITEMS, shared, rc, (const uint8_t(*)[N])secret, (const uint8_t(*)[N])peer);
    /* The results and their all-zero flags are outputs, not secrets of ours (as in ct_secrets.c). */
    PUBLIC(&status, sizeof status);
    PUBLIC(rc, sizeof rc);
    PUBLIC(shared, sizeof shared);
    check(status == -1, "returned %d, want -1 (low-order items)", status);
    for (int i = 0; i < ITEMS; i++) {
        check(rc[i] == want_rc[i], "rc[%d] = %d, want %d", i, rc[i], want_rc[i]);
        check(memcmp(shared[i], want[i], N) == 0, "shared[%d] wrong", i);
    }

    check_test("x448_batch with every secret undefined, in place over the secrets, no low-order peer");
    for (int i = 0; i < ITEMS; i++) {
        unhex(secret[i], VECTORS[i % 3][0]);
        unhex(peer[i], VECTORS[i % 3][1]);
    }
    SECRET(secret, sizeof secret);
    status = goldilocks_x448_batch(ITEMS, secret, rc, (const uint8_t(*)[N])secret, (const uint8_t(*)[N])peer);
    PUBLIC(&status, sizeof status);
    PUBLIC(rc, sizeof rc);
    PUBLIC(secret, sizeof secret);
    check(status == 0, "returned %d", status);
    for (int i = 0; i < ITEMS; i++) {
        uint8_t w[N];
        unhex(w, VECTORS[i % 3][2]);
        check(rc[i] == 0 && memcmp(secret[i], w, N) == 0, "item %d wrong", i);
    }
    return check_done();
}
