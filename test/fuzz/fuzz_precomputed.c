/*
 * libFuzzer target: damaged precomputed tables fail closed. The fixture of
 * test/precomputed_damage.h (two Ed448 keys, two X448 peers and their
 * tables, from a fixed seed, so that a crash reproduces) is made once; the
 * input's first byte picks the table (low bit: 0 Ed448, 1 X448), and every
 * following 4 bytes are one edit of a copy of it:
 *   op (byte % 6), offset (2 bytes, little-endian, mod the table's size), arg:
 *   0 xor the byte with arg; 1 set it to arg; 2 zero from the offset to the
 *     end (a short read); 3 fill 192 bytes with arg; 4 swap 192 bytes with
 *     the 192 at 8 (arg + 1) bytes further; 5 copy 64 (arg + 1) bytes of the
 *     other key's table.
 * Then every input of the fixture must be refused or answered exactly as
 * goldilocks_ed448_verify / goldilocks_x448 answer it (abort otherwise),
 * unless the edits made the other key's table whole again.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "precomputed_damage.h"

static damage_fixture f;
static goldilocks_ed448_precomputed ed_bad;
static struct goldilocks_x448_precomputed x_bad;

static void init_once(void) {
    static int done;
    if (done)
        return;
    done = 1;
    uint8_t seed[96];
    for (size_t i = 0; i < sizeof seed; i++)
        seed[i] = (uint8_t)(i * 37 + 11);
    if (damage_fixture_init(&f, seed) != 0)
        abort();
}

static size_t min_size(size_t a, size_t b) {
    return a < b ? a : b;
}

static void edit(uint8_t *t, const uint8_t *other, size_t n, const uint8_t e[4]) {
    size_t at = (size_t)(e[1] | e[2] << 8) % n, arg = e[3];
    switch (e[0] % 6) {
    case 0:
        t[at] ^= (uint8_t)arg;
        break;
    case 1:
        t[at] = (uint8_t)arg;
        break;
    case 2:
        memset(t + at, 0, n - at);
        break;
    case 3:
        memset(t + at, (int)arg, min_size(192, n - at));
        break;
    case 4: {
        size_t to = at + 8 * (arg + 1);
        uint8_t tmp[192];
        if (to + sizeof tmp <= n && at + sizeof tmp <= to) {
            memcpy(tmp, t + at, sizeof tmp);
            memcpy(t + at, t + to, sizeof tmp);
            memcpy(t + to, tmp, sizeof tmp);
        }
        break;
    }
    default:
        memcpy(t + at, other + at, min_size(64 * (arg + 1), n - at));
        break;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    init_once();
    if (size < 1)
        return 0;
    int ed = !(data[0] & 1);
    size_t n = ed ? sizeof ed_bad : sizeof x_bad;
    uint8_t *t = ed ? (uint8_t *)&ed_bad : (uint8_t *)&x_bad;
    const uint8_t *other = ed ? (const uint8_t *)&f.ed2 : (const uint8_t *)&f.x2;
    memcpy(t, ed ? (const void *)&f.ed : (const void *)&f.x, n);
    for (size_t i = 1; i + 4 <= size; i += 4)
        edit(t, other, n, data + i);
    /* Edits that copied the whole other table made an intact table of the other key (test_precomputed's case). */
    if (memcmp(t, other, n) == 0)
        return 0;
    int ok = ed ? damage_ed_rule_holds(&f, &ed_bad, "fuzzed") : damage_x_rule_holds(&f, &x_bad, "fuzzed");
    if (!ok) {
        fflush(stdout);
        abort();
    }
    return 0;
}
