/*
 * SHAKE256 and Keccak-f[1600] (src/hash/shake256.c) against published answers and
 * against a slow reference written here from the definitions of FIPS 202.
 * Needs no OpenSSL (test/interop_shake256.c compares with libcrypto).
 */
#include <stdio.h>
#include <string.h>
#include "check.h"
#include "keccak.h"
#include "shake256.h"

/* ---- A reference Keccak-f[1600], step by step from FIPS 202 section 3.2 ---- */

/* rc(t), Algorithm 5: the LFSR x^8 + x^6 + x^5 + x^4 + 1, bit-serial. */
static int ref_rc(unsigned t) {
    unsigned r[9] = {1, 0, 0, 0, 0, 0, 0, 0, 0};
    if (t % 255 == 0)
        return 1;
    for (unsigned i = 1; i <= t % 255; i++) {
        for (int k = 8; k > 0; k--) /* R = 0 || R */
            r[k] = r[k - 1];
        r[0] = 0;
        r[0] ^= r[8];
        r[4] ^= r[8];
        r[5] ^= r[8];
        r[6] ^= r[8];
    }
    return (int)r[0];
}

/* The round constant of iota (Algorithm 6): bit 2^j - 1 is rc(j + 7 i_r). */
static uint64_t ref_round_constant(unsigned ir) {
    uint64_t rc = 0;
    for (unsigned j = 0; j <= 6; j++)
        rc |= (uint64_t)ref_rc(j + 7 * ir) << ((1u << j) - 1);
    return rc;
}

/* rho's offsets (Algorithm 2): (t + 1)(t + 2)/2 along (x, y) -> (y, 2x + 3y), from (1, 0). */
static void ref_rho_offsets(unsigned off[5][5]) {
    unsigned x = 1, y = 0;
    memset(off, 0, 25 * sizeof(unsigned));
    for (unsigned t = 0; t < 24; t++) {
        off[x][y] = ((t + 1) * (t + 2) / 2) % 64;
        unsigned nx = y, ny = (2 * x + 3 * y) % 5;
        x = nx;
        y = ny;
    }
}

/* Bit z of lane (x, y), the spec's A[x, y, z]. */
static int bit(const uint64_t a[25], unsigned x, unsigned y, unsigned z) {
    return (int)(a[x + 5 * y] >> z) & 1;
}

static void set_bit(uint64_t a[25], unsigned x, unsigned y, unsigned z, int v) {
    a[x + 5 * y] = (a[x + 5 * y] & ~((uint64_t)1 << z)) | ((uint64_t)(v & 1) << z);
}

/* Rnd(A, i_r) = iota(chi(pi(rho(theta(A)))), i_r), each step bit by bit as written in 3.2.1-3.2.5. */
static void ref_round(uint64_t a[25], unsigned ir) {
    uint64_t b[25];
    unsigned off[5][5];
    int c[5][64], d[5][64];
    /* theta */
    for (unsigned x = 0; x < 5; x++)
        for (unsigned z = 0; z < 64; z++)
            c[x][z] = bit(a, x, 0, z) ^ bit(a, x, 1, z) ^ bit(a, x, 2, z) ^ bit(a, x, 3, z) ^ bit(a, x, 4, z);
    for (unsigned x = 0; x < 5; x++)
        for (unsigned z = 0; z < 64; z++)
            d[x][z] = c[(x + 4) % 5][z] ^ c[(x + 1) % 5][(z + 63) % 64];
    for (unsigned x = 0; x < 5; x++)
        for (unsigned y = 0; y < 5; y++)
            for (unsigned z = 0; z < 64; z++)
                set_bit(b, x, y, z, bit(a, x, y, z) ^ d[x][z]);
    /* rho: A'[x, y, z] = A[x, y, (z - offset) mod 64] */
    ref_rho_offsets(off);
    for (unsigned x = 0; x < 5; x++)
        for (unsigned y = 0; y < 5; y++)
            for (unsigned z = 0; z < 64; z++)
                set_bit(a, x, y, z, bit(b, x, y, (z + 64 - off[x][y]) % 64));
    /* pi: A'[x, y] = A[(x + 3y) mod 5, x] */
    for (unsigned x = 0; x < 5; x++)
        for (unsigned y = 0; y < 5; y++)
            b[x + 5 * y] = a[(x + 3 * y) % 5 + 5 * x];
    /* chi: A'[x, y, z] = A[x, y, z] ^ ((A[x + 1, y, z] ^ 1) & A[x + 2, y, z]) */
    for (unsigned x = 0; x < 5; x++)
        for (unsigned y = 0; y < 5; y++)
            for (unsigned z = 0; z < 64; z++)
                set_bit(a, x, y, z,
                        bit(b, x, y, z) ^ ((bit(b, (x + 1) % 5, y, z) ^ 1) & bit(b, (x + 2) % 5, y, z)));
    /* iota */
    a[0] ^= ref_round_constant(ir);
}

static void ref_keccak_f1600(uint64_t a[25]) {
    for (unsigned ir = 0; ir < 24; ir++)
        ref_round(a, ir);
}

/*
 * The reference sponge (Algorithm 8) with SHAKE256's parameters: r = 1088,
 * N = M || 1111, pad10*1. Message bytes map to bits little-endian (B.1), so
 * M || 1111 || 1 0* 1 becomes the bytes M, 0x1f, 0..., and 0x80 ored into the last byte.
 */
static void ref_shake256(uint8_t *out, size_t out_len, const uint8_t *in, size_t in_len) {
    enum { R = 136 };
    static uint8_t padded[2048];
    uint64_t s[25] = {0};
    size_t n = (in_len / R + 1) * R;
    memset(padded, 0, n);
    memcpy(padded, in, in_len);
    padded[in_len] ^= 0x1f;
    padded[n - 1] ^= 0x80;
    for (size_t blk = 0; blk < n; blk += R) {
        for (size_t i = 0; i < R; i++)
            s[i / 8] ^= (uint64_t)padded[blk + i] << (8 * (i % 8));
        ref_keccak_f1600(s);
    }
    for (size_t done = 0; done < out_len;) {
        for (size_t i = 0; i < R && done < out_len; i++)
            out[done++] = (uint8_t)(s[i / 8] >> (8 * (i % 8)));
        if (done < out_len)
            ref_keccak_f1600(s);
    }
}

/* ---- Published answers ---- */

/*
 * NIST's FIPS 202 example values (csrc.nist.gov, Cryptographic Standards and
 * Guidelines, Example Values): SHAKE256_Msg0.pdf and SHAKE256_Msg1600.pdf,
 * 4096 output bits each; Msg1600 is 200 bytes of 0xa3.
 */
static const char nist_msg0_4096[] =
        "46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762f"
        "d75dc4ddd8c0f200cb05019d67b592f6fc821c49479ab48640292eacb3b7c4be"
        "141e96616fb13957692cc7edd0b45ae3dc07223c8e92937bef84bc0eab862853"
        "349ec75546f58fb7c2775c38462c5010d846c185c15111e595522a6bcd16cf86"
        "f3d122109e3b1fdd943b6aec468a2d621a7c06c6a957c62b54dafc3be87567d6"
        "77231395f6147293b68ceab7a9e0c58d864e8efde4e1b9a46cbe854713672f5c"
        "aaae314ed9083dab4b099f8e300f01b8650f1f4b1d8fcf3f3cb53fb8e9eb2ea2"
        "03bdc970f50ae55428a91f7f53ac266b28419c3778a15fd248d339ede785fb7f"
        "5a1aaa96d313eacc890936c173cdcd0fab882c45755feb3aed96d477ff96390b"
        "f9a66d1368b208e21f7c10d04a3dbd4e360633e5db4b602601c14cea737db3dc"
        "f722632cc77851cbdde2aaf0a33a07b373445df490cc8fc1e4160ff118378f11"
        "f0477de055a81a9eda57a4a2cfb0c83929d310912f729ec6cfa36c6ac6a75837"
        "143045d791cc85eff5b21932f23861bcf23a52b5da67eaf7baae0f5fb1369db7"
        "8f3ac45f8c4ac5671d85735cdddb09d2b1e34a1fc066ff4a162cb263d6541274"
        "ae2fcc865f618abe27c124cd8b074ccd516301b91875824d09958f341ef274bd"
        "ab0bae316339894304e35877b0c28a9b1fd166c796b9cc258a064a8f57e27f2a";

static const char nist_msg1600_4096[] =
        "cd8a920ed141aa0407a22d59288652e9d9f1a7ee0c1e7c1ca699424da84a904d"
        "2d700caae7396ece96604440577da4f3aa22aeb8857f961c4cd8e06f0ae6610b"
        "1048a7f64e1074cd629e85ad7566048efc4fb500b486a3309a8f26724c0ed628"
        "001a1099422468de726f1061d99eb9e93604d5aa7467d4b1bd6484582a384317"
        "d7f47d750b8f5499512bb85a226c4243556e696f6bd072c5aa2d9b69730244b5"
        "6853d16970ad817e213e470618178001c9fb56c54fefa5fee67d2da524bb3b0b"
        "61ef0e9114a92cdbb6cccb98615cfe76e3510dd88d1cc28ff99287512f24bfaf"
        "a1a76877b6f37198e3a641c68a7c42d45fa7acc10dae5f3cefb7b735f12d4e58"
        "9f7a456e78c0f5e4c4471fffa5e4fa0514ae974d8c2648513b5db494cea84715"
        "6d277ad0e141c24c7839064cd08851bc2e7ca109fd4e251c35bb0a04fb05b364"
        "ff8c4d8b59bc303e25328c09a882e952518e1a8ae0ff265d61c465896973d749"
        "0499dc639fb8502b39456791b1b6ec5bcc5d9ac36a6df622a070d43fed781f5f"
        "149f7b62675e7d1a4d6dec48c1c7164586eae06a51208c0b791244d307726505"
        "c3ad4b26b6822377257aa152037560a739714a3ca79bd605547c9b78dd1f596f"
        "2d4f1791bc689a0e9b799a37339c04275733740143ef5d2b58b96a363d4e0807"
        "6a1a9d7846436e4dca5728b6f760eef0ca92bf0be5615e96959d767197a0beeb";

/* NIST CAVP SHA-3 byte-oriented vectors (CAVS 19.0), SHAKE256ShortMsg.rsp, Len = 408, Outputlen = 256. */
static const char cavp_short_408_msg[] =
    "cfca8967eabe1aab783d5ceaf36d2c98c69af786542ad86e3bd300cdda0b5bf011c07152474a8a25b29e152fd2c44ad73f8b0f";
static const char cavp_short_408_out[] = "e560b7f45616089d76362f483f585fddc28c8a10dc785036f97ac2e39b615954";

/*
 * Keccak-f[1600] applied once and twice to the all-zero state: XKCP,
 * tests/TestVectors/KeccakF-1600-IntermediateValues.txt (the Keccak team's
 * published intermediate values).
 */
static const uint64_t xkcp_zero_once[25] = {
    0xf1258f7940e1dde7ull, 0x84d5ccf933c0478aull, 0xd598261ea65aa9eeull, 0xbd1547306f80494dull,
    0x8b284e056253d057ull, 0xff97a42d7f8e6fd4ull, 0x90fee5a0a44647c4ull, 0x8c5bda0cd6192e76ull,
    0xad30a6f71b19059cull, 0x30935ab7d08ffc64ull, 0xeb5aa93f2317d635ull, 0xa9a6e6260d712103ull,
    0x81a57c16dbcf555full, 0x43b831cd0347c826ull, 0x01f22f1a11a5569full, 0x05e5635a21d9ae61ull,
    0x64befef28cc970f2ull, 0x613670957bc46611ull, 0xb87c5a554fd00ecbull, 0x8c3ee88a1ccf32c8ull,
    0x940c7922ae3a2614ull, 0x1841f924a2c509e4ull, 0x16f53526e70465c2ull, 0x75f644e97f30a13bull,
    0xeaf1ff7b5ceca249ull,
};
static const uint64_t xkcp_zero_twice_lane0 = 0x2d5c954df96ecb3cull;

/* The round constants as tabulated in "The Keccak reference" 3.0, section 1.2 (Bertoni et al.). */
static const uint64_t keccak_reference_rc[24] = {
    0x0000000000000001ull, 0x0000000000008082ull, 0x800000000000808aull, 0x8000000080008000ull,
    0x000000000000808bull, 0x0000000080000001ull, 0x8000000080008081ull, 0x8000000000008009ull,
    0x000000000000008aull, 0x0000000000000088ull, 0x0000000080008009ull, 0x000000008000000aull,
    0x000000008000808bull, 0x800000000000008bull, 0x8000000000008089ull, 0x8000000000008003ull,
    0x8000000000008002ull, 0x8000000000000080ull, 0x000000000000800aull, 0x800000008000000aull,
    0x8000000080008081ull, 0x8000000000008080ull, 0x0000000080000001ull, 0x8000000080008008ull,
};

/* rho's offsets r[x][y], FIPS 202 Table 2. */
static const unsigned keccak_reference_rho[5][5] = {
    /* [x][y] */
    {0, 36, 3, 41, 18}, {1, 44, 10, 45, 2}, {62, 6, 43, 15, 61}, {28, 55, 25, 21, 56}, {27, 20, 39, 8, 14},
};

static void expect_hex(const uint8_t *got, const char *want_hex, const char *what) {
    static uint8_t want[1024];
    int n = check_unhex(want, sizeof want, want_hex);
    if (!check(n > 0, "%s: bad expected hex", what))
        return;
    if (!check(memcmp(got, want, (size_t)n) == 0, "%s: output differs", what)) {
        check_print_hex("got ", got, (size_t)n);
        check_print_hex("want", want, (size_t)n);
    }
}

static void test_constants(void) {
    unsigned off[5][5];
    check_test("keccak: iota constants from the rc LFSR match the published table");
    for (unsigned ir = 0; ir < 24; ir++)
        check(ref_round_constant(ir) == keccak_reference_rc[ir], "RC[%u]", ir);
    check_test("keccak: rho offsets from the (t+1)(t+2)/2 walk match the published table");
    ref_rho_offsets(off);
    for (unsigned x = 0; x < 5; x++)
        for (unsigned y = 0; y < 5; y++)
            check(off[x][y] == keccak_reference_rho[x][y], "r[%u][%u] = %u", x, y, off[x][y]);
}

static void test_permutation(void) {
    uint64_t a[25] = {0}, b[25];
    check_test("keccak-f[1600] of the zero state (XKCP intermediate values)");
    keccak_f1600(a);
    for (int i = 0; i < 25; i++)
        check(a[i] == xkcp_zero_once[i], "lane %d: %016llx", i, (unsigned long long)a[i]);
    keccak_f1600(a);
    check(a[0] == xkcp_zero_twice_lane0, "second application, lane 0");

    check_test("keccak-f[1600] equals the bitwise reference on random states");
    for (int iter = 0; iter < 300; iter++) {
        for (int i = 0; i < 25; i++)
            a[i] = b[i] = check_rand64();
        keccak_f1600(a);
        ref_keccak_f1600(b);
        check(memcmp(a, b, sizeof a) == 0, "random state %d", iter);
    }
}

static void test_known_answers(void) {
    static uint8_t out[512], msg[200];
    uint8_t m408[51];

    check_test("shake256: NIST example Msg0 (empty), 4096 bits");
    shake256(out, sizeof out, NULL, 0);
    expect_hex(out, nist_msg0_4096, "Msg0");

    check_test("shake256: NIST example Msg1600 (200 x 0xa3), 4096 bits");
    memset(msg, 0xa3, sizeof msg);
    shake256(out, sizeof out, msg, sizeof msg);
    expect_hex(out, nist_msg1600_4096, "Msg1600");

    check_test("shake256: NIST example Msg1600, absorbed 1 byte at a time, squeezed 7 at a time");
    {
        shake256_ctx ctx;
        shake256_init(&ctx);
        for (size_t i = 0; i < sizeof msg; i++)
            shake256_absorb(&ctx, msg + i, 1);
        for (size_t i = 0; i < sizeof out; i += 7)
            shake256_squeeze(&ctx, out + i, sizeof out - i < 7 ? sizeof out - i : 7);
        shake256_wipe(&ctx);
        expect_hex(out, nist_msg1600_4096, "Msg1600 incremental");
        static const shake256_ctx zero;
        check(memcmp(&ctx, &zero, sizeof ctx) == 0, "shake256_wipe leaves a zero state");
    }

    check_test("shake256: NIST CAVP ShortMsg Len = 408");
    check(check_unhex(m408, sizeof m408, cavp_short_408_msg) == 51, "message hex");
    shake256(out, 32, m408, sizeof m408);
    expect_hex(out, cavp_short_408_out, "Len = 408");
}

/* Random absorb and squeeze splits give the one-shot answer; the one-shot answer is the reference's. */
static void test_against_reference(void) {
    static uint8_t in[700], want[700], got[700];
    check_test("shake256 equals the reference sponge for every input length 0..700 (out 1..300)");
    check_randbytes(in, sizeof in);
    for (size_t len = 0; len <= sizeof in; len++) {
        size_t out_len = 1 + (size_t)(check_rand64() % 300);
        if (len % 136 == 0 || len % 136 == 135)
            out_len = 1 + 136 * 2; /* exercise a full block boundary on output too */
        ref_shake256(want, out_len, in, len);
        shake256(got, out_len, in, len);
        check(memcmp(want, got, out_len) == 0, "len %zu out %zu", len, out_len);
    }

    check_test("shake256: random absorb/squeeze splits equal one-shot");
    for (long iter = 0, reps = check_reps(2000); iter < reps; iter++) {
        size_t len = (size_t)(check_rand64() % sizeof in), out_len = 1 + (size_t)(check_rand64() % 600);
        if (out_len > sizeof want)
            out_len = sizeof want;
        check_randbytes(in, len);
        shake256(want, out_len, in, len);
        shake256_ctx ctx;
        shake256_init(&ctx);
        for (size_t done = 0; done < len;) {
            size_t step = (size_t)(check_rand64() % 300);
            if (step > len - done)
                step = len - done;
            shake256_absorb(&ctx, in + done, step); /* step 0 included: a no-op */
            done += step;
        }
        for (size_t done = 0; done < out_len;) {
            size_t step = (size_t)(check_rand64() % 300);
            if (step > out_len - done)
                step = out_len - done;
            shake256_squeeze(&ctx, got + done, step);
            done += step;
        }
        shake256_wipe(&ctx);
        check(memcmp(want, got, out_len) == 0, "iteration %ld: len %zu out %zu", iter, len, out_len);
    }
}

int main(void) {
    check_init("test_shake256");
    test_constants();
    test_permutation();
    test_known_answers();
    test_against_reference();
    return check_done();
}
