/* Hexadecimal encoding and constant-time decoding. */
#include "hex.h"

/* All ones when lo <= c <= hi, else 0: both differences are negative only inside. */
static unsigned in_range(unsigned c, unsigned lo, unsigned hi) {
    return 0u - ((((lo - 1u - c) & (c - (hi + 1u))) >> 31) & 1u);
}

/* The lowercase digit of a nibble, with a mask instead of a table index (a raw secret key is encoded too). */
static char hex_digit(unsigned v) {
    unsigned letter = 0u - (((9u - v) >> 31) & 1u);
    return (char)(v + '0' + (letter & ('a' - '0' - 10)));
}

void hex_encode(char *out, const uint8_t *in, size_t n) {
    for (size_t i = 0; i < n; i++) {
        out[2 * i] = hex_digit(in[i] >> 4);
        out[2 * i + 1] = hex_digit(in[i] & 15u);
    }
}

/* The value of a hex digit, or -1 (as all ones), computed with masks alone. */
static unsigned hex_value(unsigned c) {
    unsigned digit = in_range(c, '0', '9'), lower = in_range(c, 'a', 'f'), upper = in_range(c, 'A', 'F');
    unsigned v = (digit & (c - '0')) | (lower & (c - 'a' + 10)) | (upper & (c - 'A' + 10));
    return v | ~(digit | lower | upper);
}

long hex_decode(uint8_t *out, size_t max, const char *text, size_t len) {
    /* Trailing whitespace (a newline, usually) is framing, not key material. */
    while (len > 0 && (text[len - 1] == '\n' || text[len - 1] == '\r' || text[len - 1] == ' ' ||
                       text[len - 1] == '\t'))
        len--;
    if (len % 2 != 0 || len / 2 > max)
        return -1;
    unsigned bad = 0;
    for (size_t i = 0; i < len / 2; i++) {
        unsigned hi = hex_value((unsigned char)text[2 * i]), lo = hex_value((unsigned char)text[2 * i + 1]);
        bad |= (hi | lo) & ~15u;
        out[i] = (uint8_t)((hi << 4) | (lo & 15));
    }
    if (bad) {
        for (size_t i = 0; i < len / 2; i++)
            out[i] = 0;
        return -1;
    }
    return (long)(len / 2);
}

long hex_unwrap(char *out, size_t max, const char *text, size_t len) {
    size_t n = 0;
    for (size_t i = 0; i < len; i++) {
        char c = text[i];
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
            if (n % 2 != 0)
                return -1;
            continue;
        }
        if (n == max)
            return -1;
        out[n++] = c;
    }
    return (long)n;
}
