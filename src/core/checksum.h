/*
 * A 64-bit checksum of bytes, against accidents (a short read, a zeroed or
 * overwritten region, flipped bits, moved blocks): precomputed.c stores one
 * in each table and refuses a table whose bytes no longer give it.
 *
 * Not an authenticator: anyone who can write a table can write its checksum.
 * What it guarantees: a change confined to one aligned 8-byte word is always
 * detected (every step below is a bijection of the state for a fixed word,
 * and of the word for a fixed state, and the lanes are folded the same way),
 * so every single flipped bit or byte is; other changes pass with a
 * probability near 2^-64. Its time and branches depend only on the length.
 */
#ifndef GOLDILOCKS_CHECKSUM_H
#define GOLDILOCKS_CHECKSUM_H

#include <stddef.h>
#include <stdint.h>

/* The checksum of the n bytes at p, n a multiple of 8. */
uint64_t checksum64(const void *p, size_t n);

#endif
