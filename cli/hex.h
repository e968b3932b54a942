/* Hexadecimal, for raw keys: decoded without branches on the digits (they may be a secret key). */
#ifndef CLI_HEX_H
#define CLI_HEX_H

#include <stddef.h>
#include <stdint.h>

/* Writes 2 * n lowercase hex digits of in (and no terminator) to out. */
void hex_encode(char *out, const uint8_t *in, size_t n);

/*
 * Decodes text (hex digits of either case, then optional trailing
 * whitespace) into out, which holds max bytes. Returns the number of
 * bytes, or -1 when the text is not an even number of hex digits or longer
 * than max bytes. The time depends on the length only.
 */
long hex_decode(uint8_t *out, size_t max, const char *text, size_t len);

/*
 * Copies text's characters to out (room for max) without the whitespace
 * (space, tab, CR, LF) between byte pairs, as xxd -p wraps its lines: for
 * hex_decode after it. Returns the number of characters copied, or -1
 * when whitespace splits a pair or more than max remain. For public text
 * only (a signature): it branches on the characters.
 */
long hex_unwrap(char *out, size_t max, const char *text, size_t len);

#endif
