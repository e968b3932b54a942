/*
 * Keccak-f[1600] (FIPS 202 section 3.3) with each lane in the low half of an
 * xmm register, for the avx512ifma backend (configure.py BACKENDS, in
 * place of src/hash/keccak.c): AVX-512VL's 32 vector registers hold the
 * state and the round's values with few spills, vprolq rotates a lane in
 * one instruction, and vpternlogq computes chi's b0 ^ (~b1 & b2) and three-
 * way XORs of the column parities in one instruction each. About 96
 * instructions a round against keccak.c's 135. The same round schedule
 * (keccak_rounds.h); theta's d[x] = C[x - 1] ^ rot(C[x + 1], 1) is formed
 * once a round, which keeps fewer values live than folding C[x - 1] and
 * rot(C[x + 1], 1) into each lane with one three-way XOR (that form
 * spilled: 972 ticks under gcc 12). d is built from constant indices, not
 * in a loop: the loop form ran at 800 ticks under the build's
 * -fno-tree-vectorize.
 * Measured on a Zen 4 (rdtsc ticks, gcc 12 with the build's flags): 548
 * ticks against keccak.c's 650.
 */
#include <immintrin.h>
#include "keccak.h"
#include "keccak_rounds.h"

typedef __m128i lane;

/* vpternlogq's truth tables on (a, b, c) = (0xf0, 0xcc, 0xaa): a ^ b ^ c, and a ^ (~b & c). */
#define XOR3(a, b, c) _mm_ternarylogic_epi64((a), (b), (c), 0x96)
#define CHI(a, b, c) _mm_ternarylogic_epi64((a), (b), (c), 0xd2)
/* Left rotation by a constant 0 <= n < 64 (n = 0: the lane itself). */
#define ROL(v, n) ((n) ? _mm_rol_epi64((v), (n) ? (n) : 1) : (v))

/* One output plane (keccak_rounds.h), from the lanes i0 .. i24 into o<k0> .. o<k4>. */
#define PLANE(o, i, k0, k1, k2, k3, k4, s0, r0, s1, r1, s2, r2, s3, r3, s4, r4)                 \
    do {                                                                                     \
        lane b0 = ROL(_mm_xor_si128(i##s0, d[(s0) % 5]), r0);                                \
        lane b1 = ROL(_mm_xor_si128(i##s1, d[(s1) % 5]), r1);                                \
        lane b2 = ROL(_mm_xor_si128(i##s2, d[(s2) % 5]), r2);                                \
        lane b3 = ROL(_mm_xor_si128(i##s3, d[(s3) % 5]), r3);                                \
        lane b4 = ROL(_mm_xor_si128(i##s4, d[(s4) % 5]), r4);                                \
        o##k0 = CHI(b0, b1, b2);                                                             \
        o##k1 = CHI(b1, b2, b3);                                                             \
        o##k2 = CHI(b2, b3, b4);                                                             \
        o##k3 = CHI(b3, b4, b0);                                                             \
        o##k4 = CHI(b4, b0, b1);                                                             \
    } while (0)

/* The column parities of the lanes named v0 .. v24 into c[0 .. 4] (theta's C). */
#define PARITIES(v)                                                                          \
    do {                                                                                     \
        c[0] = XOR3(XOR3(v##0, v##5, v##10), v##15, v##20);                                  \
        c[1] = XOR3(XOR3(v##1, v##6, v##11), v##16, v##21);                                  \
        c[2] = XOR3(XOR3(v##2, v##7, v##12), v##17, v##22);                                  \
        c[3] = XOR3(XOR3(v##3, v##8, v##13), v##18, v##23);                                  \
        c[4] = XOR3(XOR3(v##4, v##9, v##14), v##19, v##24);                                  \
    } while (0)

/* o = Rnd(i, i_r) (section 3.3); c holds the column parities of i on entry and of o on exit. */
#define ROUND(o, i, ir)                                                                      \
    do {                                                                                     \
        const lane d[5] = {_mm_xor_si128(c[4], _mm_rol_epi64(c[1], 1)),                      \
                           _mm_xor_si128(c[0], _mm_rol_epi64(c[2], 1)),                      \
                           _mm_xor_si128(c[1], _mm_rol_epi64(c[3], 1)),                      \
                           _mm_xor_si128(c[2], _mm_rol_epi64(c[4], 1)),                      \
                           _mm_xor_si128(c[3], _mm_rol_epi64(c[0], 1))};                     \
        KECCAK_PLANES(PLANE, o, i);                                                          \
        o##0 = _mm_xor_si128(o##0, _mm_loadl_epi64((const __m128i *)&keccak_round_constants[ir])); \
        PARITIES(o);                                                                         \
    } while (0)

/*
 * test/straightline_check.py compiles this file again with KECCAK_UNROLLED:
 * the round loop unrolled in full leaves no branch and no address but base
 * plus constant, which the check requires of code that holds secrets (its
 * only branch here is the loop's, on the public round count). The library
 * keeps the loop: 548 ticks against 578 unrolled (Zen 4, gcc 12).
 */
#ifdef KECCAK_UNROLLED
#define ROUND_LOOP _Pragma("GCC unroll 12")
#else
#define ROUND_LOOP
#endif

/*
 * As in keccak.c, the state in named variables, a0 .. a24 and e0 .. e24 for
 * every other round; what the compiler spills lies in this frame, which the
 * public caller's stack wipe clears.
 */
void keccak_f1600(uint64_t lanes[25]) {
#define LOAD(k) lane a##k = _mm_loadl_epi64((const __m128i *)&lanes[k]), e##k;
    KECCAK_EACH_LANE(LOAD)
    lane c[5];
    PARITIES(a);
    ROUND_LOOP for (int r = 0; r < 24; r += 2) {
        ROUND(e, a, r);
        ROUND(a, e, r + 1);
    }
#define STORE(k) _mm_storel_epi64((__m128i *)&lanes[k], a##k);
    KECCAK_EACH_LANE(STORE)
}
