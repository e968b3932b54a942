/*
 * Keccak-f[1600] (FIPS 202 section 3.3, in the lane form of section 3.2):
 * portable C on uint64_t lanes. One round is written out in full on named
 * variables, so that the compiler keeps the 5x5 state in registers as far
 * as it can. The avx512ifma builds use src/backend/avx512ifma/keccak_avx512vl.c instead
 * (configure.py BACKENDS, backend avx512ifma).
 */
#include "keccak.h"
#include "keccak_rounds.h"

/* Left rotation of a lane by a constant 0 <= n < 64 (the "& 63" keeps n = 0 defined). */
#define ROL64(v, n) (((v) << (n)) | ((v) >> ((64 - (n)) & 63)))

/*
 * One output plane (keccak_rounds.h), from the lanes i0 .. i24 into o<k0> ..
 * o<k4>. Each output lane also goes into n<x>, the next round's column
 * parity, while it is in a register.
 */
#define PLANE(o, i, k0, k1, k2, k3, k4, s0, r0, s1, r1, s2, r2, s3, r3, s4, r4)                 \
    do {                                                                                     \
        uint64_t b0 = ROL64(i##s0 ^ d[(s0) % 5], r0), b1 = ROL64(i##s1 ^ d[(s1) % 5], r1);   \
        uint64_t b2 = ROL64(i##s2 ^ d[(s2) % 5], r2), b3 = ROL64(i##s3 ^ d[(s3) % 5], r3);   \
        uint64_t b4 = ROL64(i##s4 ^ d[(s4) % 5], r4);                                        \
        o##k0 = b0 ^ (~b1 & b2);                                                             \
        o##k1 = b1 ^ (~b2 & b3);                                                             \
        o##k2 = b2 ^ (~b3 & b4);                                                             \
        o##k3 = b3 ^ (~b4 & b0);                                                             \
        o##k4 = b4 ^ (~b0 & b1);                                                             \
        n0 ^= o##k0, n1 ^= o##k1, n2 ^= o##k2, n3 ^= o##k3, n4 ^= o##k4;                     \
    } while (0)

/*
 * o = Rnd(i, i_r) (section 3.3), on the lanes named i0 .. i24 and o0 ..
 * o24; rc is RC[i_r]. c0 .. c4 hold the column parities of i on entry
 * (theta's C) and of o on exit.
 */
#define ROUND(o, i, rc)                                                                      \
    do {                                                                                     \
        uint64_t d[5]; /* theta: d[x] = C[x - 1] ^ rot(C[x + 1], 1) */                       \
        d[0] = c4 ^ ROL64(c1, 1);                                                            \
        d[1] = c0 ^ ROL64(c2, 1);                                                            \
        d[2] = c1 ^ ROL64(c3, 1);                                                            \
        d[3] = c2 ^ ROL64(c4, 1);                                                            \
        d[4] = c3 ^ ROL64(c0, 1);                                                            \
        uint64_t n0 = 0, n1 = 0, n2 = 0, n3 = 0, n4 = 0;                                     \
        KECCAK_PLANES(PLANE, o, i);                                                          \
        o##0 ^= (rc); /* iota (section 3.2.5) */                                             \
        c0 = n0 ^ (rc), c1 = n1, c2 = n2, c3 = n3, c4 = n4;                                  \
    } while (0)

/*
 * The state in 25 named variables (a0 .. a24, and e0 .. e24 for every other
 * round), not arrays, and the column parities carried from one round to
 * the next: the compiler keeps what it can in registers and reads each
 * lane once a round, about 20% faster than rounds between two arrays (gcc
 * 12 and clang 14, x86-64). What it spills lies in this frame, which the
 * public caller's stack wipe clears (test_stack_secrets looks for every
 * round's lanes).
 */
void keccak_f1600(uint64_t lanes[25]) {
#define LOAD(k) uint64_t a##k = lanes[k], e##k;
    KECCAK_EACH_LANE(LOAD)
    uint64_t c0 = a0 ^ a5 ^ a10 ^ a15 ^ a20, c1 = a1 ^ a6 ^ a11 ^ a16 ^ a21, c2 = a2 ^ a7 ^ a12 ^ a17 ^ a22;
    uint64_t c3 = a3 ^ a8 ^ a13 ^ a18 ^ a23, c4 = a4 ^ a9 ^ a14 ^ a19 ^ a24;
    for (int r = 0; r < 24; r += 2) {
        ROUND(e, a, keccak_round_constants[r]);
        ROUND(a, e, keccak_round_constants[r + 1]);
    }
#define STORE(k) lanes[k] = a##k;
    KECCAK_EACH_LANE(STORE)
}
