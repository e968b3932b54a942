/* Reading and writing key files in the formats of keyfile.h. */
#include "keyfile.h"

#include <string.h>

#include "hex.h"
#include "io.h"
#include "pem.h"
#include "util.h"

/* No key file is near this large; a bigger input is refused unread. */
#define KEYFILE_MAX_BYTES 65536

static const char LABEL_PRIVATE[] = "PRIVATE KEY", LABEL_PUBLIC[] = "PUBLIC KEY";

int key_format_parse(const char *text, enum key_format *format) {
    if (strcmp(text, "pem") == 0)
        *format = FORMAT_PEM;
    else if (strcmp(text, "der") == 0)
        *format = FORMAT_DER;
    else if (strcmp(text, "raw") == 0)
        *format = FORMAT_RAW;
    else {
        cli_error("--format %s: the formats are pem, der and raw (hex)", text);
        return -1;
    }
    return 0;
}

void key_wipe(struct key *k) {
    cli_wipe(k, sizeof *k);
}

void key_complete(struct key *k) {
    if (k->alg == KEY_ED448)
        goldilocks_ed448_keypair_from_seed(k->pub, k->ed448_secret, k->secret);
    else
        goldilocks_x448_public_key(k->pub, k->secret);
}

static const char *shown(const char *path) {
    return strcmp(path, "-") == 0 ? "standard input" : path;
}

/* The key of a decoded DER structure, checked against what the command needs. */
static int from_der(struct key *k, const char *path, const uint8_t *der, size_t len, const char *label) {
    struct der_key dk;
    char msg[DER_MESSAGE_BYTES];
    const char *err = der_decode(&dk, der, len, msg);
    if (err) {
        cli_error("%s: %s", shown(path), err);
        return -1;
    }
    if (label && (strcmp(label, LABEL_PRIVATE) == 0) != dk.is_private) {
        cli_error("%s: the PEM label says %s but the key inside is a %s key", shown(path), label,
                  dk.is_private ? "private" : "public");
        cli_wipe(&dk, sizeof dk);
        return -1;
    }
    k->alg = dk.alg;
    k->is_private = dk.is_private;
    size_t n = key_bytes(dk.alg);
    if (dk.is_private) {
        memcpy(k->secret, dk.key, n);
        key_complete(k);
        if (dk.has_public && memcmp(dk.public_key, k->pub, n) != 0) {
            cli_error("%s: the public key in the PKCS#8 key is not the one of its private key", shown(path));
            cli_wipe(&dk, sizeof dk);
            return -1;
        }
    } else {
        memcpy(k->pub, dk.key, n);
    }
    cli_wipe(&dk, sizeof dk);
    return 0;
}

static int parse_keyfile(struct key *k, const char *path, enum key_need need, const uint8_t *data, size_t len) {
    size_t i = 0;
    while (i < len && (data[i] == ' ' || data[i] == '\t' || data[i] == '\r' || data[i] == '\n'))
        i++;
    if (len - i >= 10 && memcmp(data + i, "-----BEGIN", 10) == 0) {
        char label[64];
        uint8_t der[4096];   /* room for any key's PEM body, so that the label can be named */
        size_t der_len;
        const char *err = pem_decode((const char *)data, len, label, sizeof label, der, sizeof der, &der_len);
        if (err) {
            cli_error("%s: %s", shown(path), err);
            return -1;
        }
        if (strcmp(label, "ENCRYPTED PRIVATE KEY") == 0) {
            cli_error("%s: the key is encrypted: decrypt it with openssl pkey first", shown(path));
            cli_wipe(der, sizeof der);
            return -1;
        }
        if (strcmp(label, LABEL_PRIVATE) != 0 && strcmp(label, LABEL_PUBLIC) != 0) {
            cli_error("%s: a PEM block of \"%s\", not PRIVATE KEY or PUBLIC KEY", shown(path), label);
            cli_wipe(der, sizeof der);
            return -1;
        }
        int r = from_der(k, path, der, der_len, label);
        cli_wipe(der, sizeof der);
        return r;
    }
    if (i == len) {
        cli_error("%s is empty: not a key file", shown(path));
        return -1;
    }
    /*
     * Raw hex first: a hex key may begin with "0" (0x30, DER's SEQUENCE tag),
     * while a DER key file is never all hex digits (its length and OID bytes
     * are not). What a hex key is comes from its length and from what the
     * command needs.
     */
    uint8_t raw[KEY_MAX_BYTES + 1];
    long n = hex_decode(raw, sizeof raw, (const char *)data, len);
    if (n < 0 && data[0] == 0x30)
        return from_der(k, path, data, len, NULL);
    if (n < 0) {
        cli_error("%s: not a key file: neither PEM, DER nor a raw key in hex", shown(path));
        return -1;
    }
    if (n != 56 && n != 57) {
        cli_error("%s: a raw key of %ld bytes; raw keys are 57 bytes (Ed448) or 56 (X448)", shown(path), n);
        cli_wipe(raw, sizeof raw);
        return -1;
    }
    k->alg = n == 57 ? KEY_ED448 : KEY_X448;
    k->is_private = need == NEED_PRIVATE;
    memcpy(k->is_private ? k->secret : k->pub, raw, (size_t)n);
    cli_wipe(raw, sizeof raw);
    if (k->is_private)
        key_complete(k);
    return 0;
}

int keyfile_read(const char *path, enum key_need need, struct key *k) {
    uint8_t *data;
    size_t len;
    memset(k, 0, sizeof *k);
    int r = io_read(path, KEYFILE_MAX_BYTES, &data, &len);
    if (r == IO_TOO_LARGE)
        cli_error("%s is larger than %d bytes: not a key file", shown(path), KEYFILE_MAX_BYTES);
    if (r != 0)
        return -1;
    r = parse_keyfile(k, path, need, data, len);
    io_free(data, len);
    if (r == 0 && need == NEED_PRIVATE && !k->is_private) {
        cli_error("%s holds a public key; a private key is needed", shown(path));
        r = -1;
    }
    if (r != 0)
        key_wipe(k);
    return r;
}

int keyfile_write(const char *path, enum key_format format, const struct key *k, int private, int force) {
    uint8_t der[DER_MAX_BYTES];
    char text[2 * DER_MAX_BYTES + 256];
    const uint8_t *out;
    size_t n = key_bytes(k->alg), len;
    const uint8_t *key = private ? k->secret : k->pub;
    if (format == FORMAT_RAW) {
        hex_encode(text, key, n);
        text[2 * n] = '\n';
        out = (const uint8_t *)text;
        len = 2 * n + 1;
    } else {
        len = private ? der_encode_private(der, k->alg, key) : der_encode_public(der, k->alg, key);
        out = der;
        if (format == FORMAT_PEM) {
            len = pem_encode(text, sizeof text, private ? LABEL_PRIVATE : LABEL_PUBLIC, der, len);
            out = (const uint8_t *)text;
        }
    }
    int r = io_write(path, out, len, private ? IO_SECRET : IO_PUBLIC, force);
    cli_wipe(der, sizeof der);
    cli_wipe(text, sizeof text);
    return r;
}
