/* PEM armor and base64 (RFC 7468, RFC 4648 section 4). */
#define _POSIX_C_SOURCE 200809L /* stpcpy */
#include "pem.h"

#include <string.h>

static const char BEGIN[] = "-----BEGIN ", END[] = "-----END ", DASHES[] = "-----";

/* All ones when lo <= c <= hi, else 0. */
static unsigned in_range(unsigned c, unsigned lo, unsigned hi) {
    return 0u - ((((lo - 1u - c) & (c - (hi + 1u))) >> 31) & 1u);
}

/* The base64 character of a 6-bit value, computed with masks (no table index by a secret). */
static char b64_char(unsigned v) {
    unsigned c = v + 'A';                                   /* 0..25: A..Z */
    c += in_range(v, 26, 51) & ('a' - 'A' - 26);             /* 26..51: a..z */
    c += in_range(v, 52, 61) & (unsigned)('0' - 'A' - 52);   /* 52..61: 0..9 */
    c += in_range(v, 62, 62) & (unsigned)('+' - 'A' - 62);
    c += in_range(v, 63, 63) & (unsigned)('/' - 'A' - 63);
    return (char)(c & 0xff);
}

/* The 6-bit value of a base64 character, or all ones for any other byte. */
static unsigned b64_value(unsigned c) {
    unsigned up = in_range(c, 'A', 'Z'), low = in_range(c, 'a', 'z'), dig = in_range(c, '0', '9');
    unsigned plus = in_range(c, '+', '+'), slash = in_range(c, '/', '/');
    unsigned v = (up & (c - 'A')) | (low & (c - 'a' + 26)) | (dig & (c - '0' + 52)) | (plus & 62) | (slash & 63);
    return v | ~(up | low | dig | plus | slash);
}

size_t pem_encoded_size(const char *label, size_t n) {
    size_t chars = (n + 2) / 3 * 4;
    size_t lines = (chars + 63) / 64;
    return strlen(BEGIN) + strlen(END) + 2 * (strlen(label) + strlen(DASHES) + 1) + chars + lines;
}

size_t pem_encode(char *out, size_t max, const char *label, const uint8_t *der, size_t n) {
    if (max < pem_encoded_size(label, n))
        return 0;
    size_t o = 0, col = 0;
    o += (size_t)(stpcpy(stpcpy(stpcpy(out, BEGIN), label), DASHES) - out);
    out[o++] = '\n';
    for (size_t i = 0; i < n; i += 3) {
        uint32_t w = (uint32_t)der[i] << 16;
        if (i + 1 < n) w |= (uint32_t)der[i + 1] << 8;
        if (i + 2 < n) w |= der[i + 2];
        char q[4] = {b64_char(w >> 18), b64_char((w >> 12) & 63), b64_char((w >> 6) & 63), b64_char(w & 63)};
        if (i + 1 >= n) q[2] = '=';
        if (i + 2 >= n) q[3] = '=';
        for (int k = 0; k < 4; k++) {
            out[o++] = q[k];
            if (++col == 64) {
                out[o++] = '\n';
                col = 0;
            }
        }
    }
    if (col != 0)
        out[o++] = '\n';
    o += (size_t)(stpcpy(stpcpy(stpcpy(out + o, END), label), DASHES) - (out + o));
    out[o++] = '\n';
    return o;
}

static int is_space(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* The end of the line that starts at i (the index of its '\n', or len). */
static size_t line_end(const char *text, size_t len, size_t i) {
    const char *nl = memchr(text + i, '\n', len - i);
    return nl ? (size_t)(nl - text) : len;
}

const char *pem_decode(const char *text, size_t len, char *label, size_t label_max, uint8_t *der,
                       size_t der_max, size_t *der_len) {
    size_t i = 0;
    *der_len = 0;
    while (i < len && is_space(text[i]))
        i++;
    if (len - i < strlen(BEGIN) || memcmp(text + i, BEGIN, strlen(BEGIN)) != 0)
        return "no \"-----BEGIN\" line";
    size_t e = line_end(text, len, i), le = e;
    if (le > i && text[le - 1] == '\r')
        le--;
    size_t lstart = i + strlen(BEGIN);
    if (le < lstart + strlen(DASHES) || memcmp(text + le - strlen(DASHES), DASHES, strlen(DASHES)) != 0)
        return "the BEGIN line does not end in \"-----\"";
    size_t llen = le - strlen(DASHES) - lstart;
    if (llen + 1 > label_max)
        return "the PEM label is too long";
    memcpy(label, text + lstart, llen);
    label[llen] = 0;
    i = e + (e < len);

    /* The body: base64 lines up to the END line. A line with ':' is an RFC 1421 header. */
    uint32_t acc = 0;
    unsigned bad = 0;
    size_t nchars = 0, npad = 0, out = 0;
    for (;;) {
        if (i >= len)
            return "no \"-----END\" line";
        e = line_end(text, len, i);
        if (e - i >= strlen(END) && memcmp(text + i, END, strlen(END)) == 0)
            break;
        if (memchr(text + i, ':', e - i))
            return "PEM header lines (a legacy encrypted key?): decrypt it with openssl pkey first";
        for (; i < e; i++) {
            char c = text[i];
            if (c == '\r' || c == ' ' || c == '\t')
                continue;   /* line framing, never key material */
            if (c == '=') {
                npad++;
                nchars++;
                continue;
            }
            if (npad)
                return "base64 data after '=' padding";
            unsigned v = b64_value((unsigned char)c);
            bad |= v & ~63u;
            acc = (acc << 6) | (v & 63);
            nchars++;
            if (nchars % 4 == 0) {
                if (out + 3 > der_max)
                    return "the PEM body is too large for a key";
                der[out] = (uint8_t)(acc >> 16);
                der[out + 1] = (uint8_t)(acc >> 8);
                der[out + 2] = (uint8_t)acc;
                out += 3;
                acc = 0;
            }
        }
        i = e + (e < len);
    }
    if (nchars % 4 != 0 || npad > 2)
        bad = 1;
    else if (npad) {
        /* The last quantum: 4 - npad characters of 6 bits, whose unused bits must be zero. */
        acc <<= 6 * npad;
        size_t keep = 3 - npad;
        if (out + keep > der_max)
            return "the PEM body is too large for a key";
        if ((npad == 1 && (acc & 0xff)) || (npad == 2 && (acc & 0xffff)))
            bad = 1;
        for (size_t k = 0; k < keep; k++)
            der[out + k] = (uint8_t)(acc >> (16 - 8 * k));
        out += keep;
    }
    if (bad) {
        for (size_t k = 0; k < out; k++)
            der[k] = 0;
        return "the PEM body is not valid base64";
    }
    /* The END line names the same label, and only whitespace follows it. */
    le = e;
    if (le > i && text[le - 1] == '\r')
        le--;
    size_t elab = i + strlen(END);
    if (le - elab != llen + strlen(DASHES) || memcmp(text + elab, label, llen) != 0 ||
        memcmp(text + elab + llen, DASHES, strlen(DASHES)) != 0) {
        for (size_t k = 0; k < out; k++)
            der[k] = 0;
        return "the END line does not match the BEGIN line";
    }
    for (i = e; i < len; i++)
        if (!is_space(text[i])) {
            for (size_t k = 0; k < out; k++)
                der[k] = 0;
            return "trailing data after the PEM block";
        }
    *der_len = out;
    return NULL;
}
