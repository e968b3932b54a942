/*
 * Random bytes from the operating system, for key generation.
 */
#ifndef GOLDILOCKS_RANDOM_H
#define GOLDILOCKS_RANDOM_H

#include <stddef.h>
#include <stdint.h>

/*
 * Fills out with len bytes from getrandom(2) (blocking until the kernel's
 * pool is initialized). Returns 0, or -1 when the OS cannot supply them;
 * out is then zeroed, and the caller must not use it as a key.
 */
int random_bytes(uint8_t *out, size_t len);

#endif
