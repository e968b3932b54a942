/*
 * Key files: PKCS#8 private keys and SubjectPublicKeyInfo public keys of
 * Ed448 and X448 (RFC 8410), PEM or DER, as OpenSSL writes and reads them,
 * and raw keys as hex (57 bytes for Ed448, 56 for X448).
 */
#ifndef CLI_KEYFILE_H
#define CLI_KEYFILE_H

#include <stdint.h>

#include "der.h"
#include "goldilocks.h"

/* A key read or made by the command; the public key is always filled in. */
struct key {
    enum key_alg alg;
    int is_private;
    uint8_t secret[KEY_MAX_BYTES];                    /* the Ed448 seed or the X448 private key */
    uint8_t pub[KEY_MAX_BYTES];
    uint8_t ed448_secret[GOLDILOCKS_ED448_SECRET_BYTES]; /* Ed448: seed || public key */
};

/* What a command needs from a key file. */
enum key_need {
    NEED_PRIVATE,   /* a private key (raw hex is a private key) */
    NEED_PUBLIC     /* a public key, or a private key whose public key is taken (raw hex is a public key) */
};

enum key_format { FORMAT_PEM, FORMAT_DER, FORMAT_RAW };

/* "pem", "der" or "raw"; 0, or -1 (reported). */
int key_format_parse(const char *text, enum key_format *format);

/* Fills in the public key (and Ed448's 114-byte secret) of a private key. */
void key_complete(struct key *k);

/* Reads a key file ("-": stdin) of any of the formats. 0, or -1 (reported; k is then zero). */
int keyfile_read(const char *path, enum key_need need, struct key *k);

/* Writes k's private key (private) or its public key to path. 0, or -1 (reported). */
int keyfile_write(const char *path, enum key_format format, const struct key *k, int private, int force);

void key_wipe(struct key *k);

#endif
