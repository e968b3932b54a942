/*
 * What the implementations of Keccak-f[1600] (keccak.h) share: iota's round
 * constants and the schedule of a round on named lane variables, each
 * implementation supplying its own lane type and operations. Included by
 * src/hash/keccak.c and its alternative src/backend/avx512ifma/keccak_avx512vl.c only.
 */
#ifndef GOLDILOCKS_KECCAK_ROUNDS_H
#define GOLDILOCKS_KECCAK_ROUNDS_H

#include <stdint.h>

/*
 * iota's round constants RC[i_r] (section 3.2.5): bit 2^j - 1 of RC[i_r] is
 * rc(j + 7 i_r) for j = 0..6, where rc(t) is the output bit of the LFSR
 * with feedback polynomial x^8 + x^6 + x^5 + x^4 + 1 (Algorithm 5).
 * test/test_shake256.c recomputes them from that definition.
 */
static const uint64_t keccak_round_constants[24] = {
    0x0000000000000001ull, 0x0000000000008082ull, 0x800000000000808aull,
    0x8000000080008000ull, 0x000000000000808bull, 0x0000000080000001ull,
    0x8000000080008081ull, 0x8000000000008009ull, 0x000000000000008aull,
    0x0000000000000088ull, 0x0000000080008009ull, 0x000000008000000aull,
    0x000000008000808bull, 0x800000000000008bull, 0x8000000000008089ull,
    0x8000000000008003ull, 0x8000000000008002ull, 0x8000000000000080ull,
    0x000000000000800aull, 0x800000008000000aull, 0x8000000080008081ull,
    0x8000000000008080ull, 0x0000000080000001ull, 0x8000000080008008ull,
};

/*
 * The five output planes of a round: KECCAK_PLANES(PLANE, o, i) calls
 * PLANE(o, i, k0, k1, k2, k3, k4, s0, r0, s1, r1, s2, r2, s3, r3, s4, r4) for
 * the plane y of lanes k = 5y .. 5y + 4. pi moves lane (x', y') to (y',
 * 2x' + 3y'), so output lane (x, y) comes from input lane s_x = (x + 3y mod
 * 5) + 5x, rotated by rho's offset r_x for that lane (Table 2: (t + 1)(t +
 * 2)/2 mod 64 along the walk (x, y) -> (y, 2x + 3y)); theta's d[x] goes
 * into every lane of column x = s mod 5 first. PLANE then applies chi:
 * out(x, y) = B(x) ^ (~B(x + 1) & B(x + 2)) (sections 3.2.1-3.2.4).
 */
#define KECCAK_PLANES(PLANE, o, i)                                                           \
    do {                                                                                     \
        PLANE(o, i, 0, 1, 2, 3, 4, 0, 0, 6, 44, 12, 43, 18, 21, 24, 14);                     \
        PLANE(o, i, 5, 6, 7, 8, 9, 3, 28, 9, 20, 10, 3, 16, 45, 22, 61);                     \
        PLANE(o, i, 10, 11, 12, 13, 14, 1, 1, 7, 6, 13, 25, 19, 8, 20, 18);                  \
        PLANE(o, i, 15, 16, 17, 18, 19, 4, 27, 5, 36, 11, 10, 17, 15, 23, 56);               \
        PLANE(o, i, 20, 21, 22, 23, 24, 2, 62, 8, 55, 14, 39, 15, 41, 21, 2);                \
    } while (0)

#define KECCAK_EACH_LANE(X)                                                                  \
    X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) X(12) X(13) X(14) X(15)     \
    X(16) X(17) X(18) X(19) X(20) X(21) X(22) X(23) X(24)

#endif
