/*
 * PEM armor (RFC 7468): base64 between "-----BEGIN LABEL-----" and
 * "-----END LABEL-----" lines, as OpenSSL writes keys.
 */
#ifndef CLI_PEM_H
#define CLI_PEM_H

#include <stddef.h>
#include <stdint.h>

/* The armor of n bytes of DER: 64 base64 characters a line. Returns the length written, out holds max. */
size_t pem_encode(char *out, size_t max, const char *label, const uint8_t *der, size_t n);

/* The size pem_encode needs for n bytes under label. */
size_t pem_encoded_size(const char *label, size_t n);

/*
 * Reads exactly one PEM block from text (whitespace may surround it,
 * nothing else): copies its label (at most label_max - 1 characters and a
 * terminator) and decodes its base64 into der (at most der_max bytes).
 * Returns NULL and sets *der_len, or a message saying what is wrong
 * (no BEGIN line, END label mismatch, a header line, bad base64, trailing
 * data). The base64 of the body is decoded without branches on its
 * characters: it is usually a private key.
 */
const char *pem_decode(const char *text, size_t len, char *label, size_t label_max, uint8_t *der,
                       size_t der_max, size_t *der_len);

#endif
