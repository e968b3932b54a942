/*
 * Inversion mod the prime group order l by Fermat's little theorem:
 * a^(l-2) = a^-1 mod l for a != 0 (and 0 for a = 0).
 *
 * The exponent l - 2 is public and fixed, so a fixed 4-bit window may read
 * its digits and index the table by them: the sequence of operations (448
 * squarings, 112 multiplications by a table entry) and the memory accesses
 * are the same for every a. The table holds a^0 .. a^15; digit 0 multiplies
 * by a^0 = 1, so nothing is skipped.
 */
#include "ct.h"
#include "scalar.h"

/* l - 2, little-endian 32-bit words (l is in scalar.c). */
static const uint32_t L_MINUS_2[SCALAR_WORDS] = {
    0xab5844f1, 0x2378c292, 0x8dc58f55, 0x216cc272, 0xaed63690, 0xc44edb49, 0x7cca23e9,
    0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0x3fffffff,
};

void scalar_invert(scalar_t *out, const scalar_t *a) {
    scalar_t table[16], acc;
    scalar_set_small(&table[0], 1);
    table[1] = *a;
    for (int i = 2; i < 16; i++)
        scalar_mul(&table[i], &table[i - 1], a);

    scalar_set_small(&acc, 1);
    for (int i = 4 * SCALAR_WORDS * 2 - 1; i >= 0; i--) { /* 112 nibbles, top first */
        for (int s = 0; s < 4; s++)
            scalar_mul(&acc, &acc, &acc);
        uint32_t digit = (L_MINUS_2[i / 8] >> (4 * (i % 8))) & 15; /* public */
        scalar_mul(&acc, &acc, &table[digit]);
    }
    *out = acc;
    ct_wipe(table, sizeof table);
    ct_wipe(&acc, sizeof acc);
}
