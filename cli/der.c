/* RFC 8410 key encodings: the fixed DER shapes of der.h, and a strict reader for them. */
#include "der.h"

#include <stdio.h>
#include <string.h>

#include "util.h"

/* The content bytes of the two OIDs (X.690 section 8.19: 1.3 is 43, then 101, then 111 or 113). */
static const uint8_t OID_X448[] = {0x2b, 0x65, 0x6f}, OID_ED448[] = {0x2b, 0x65, 0x71};

enum { TAG_INTEGER = 0x02, TAG_BIT_STRING = 0x03, TAG_OCTET_STRING = 0x04, TAG_OID = 0x06,
       TAG_SEQUENCE = 0x30, TAG_ATTRIBUTES = 0xa0, TAG_PUBLIC_KEY = 0x81 };

size_t key_bytes(enum key_alg alg) {
    return alg == KEY_ED448 ? 57 : 56;
}

const char *key_alg_name(enum key_alg alg) {
    return alg == KEY_ED448 ? "Ed448" : "X448";
}

/* ---- encoding: every length is below 128, so each is one byte ---- */

static size_t put_algorithm(uint8_t *out, enum key_alg alg) {
    const uint8_t *oid = alg == KEY_ED448 ? OID_ED448 : OID_X448;
    out[0] = TAG_SEQUENCE;
    out[1] = 5;
    out[2] = TAG_OID;
    out[3] = 3;
    memcpy(out + 4, oid, 3);
    return 7;
}

size_t der_encode_private(uint8_t out[DER_MAX_BYTES], enum key_alg alg, const uint8_t *key) {
    size_t n = key_bytes(alg), o = 2;
    out[0] = TAG_SEQUENCE;
    out[o++] = TAG_INTEGER;
    out[o++] = 1;
    out[o++] = 0;                       /* version 0 (v1 of PKCS#8) */
    o += put_algorithm(out + o, alg);
    out[o++] = TAG_OCTET_STRING;
    out[o++] = (uint8_t)(n + 2);
    out[o++] = TAG_OCTET_STRING;        /* CurvePrivateKey, RFC 8410 section 7 */
    out[o++] = (uint8_t)n;
    memcpy(out + o, key, n);
    o += n;
    out[1] = (uint8_t)(o - 2);
    return o;
}

size_t der_encode_public(uint8_t out[DER_MAX_BYTES], enum key_alg alg, const uint8_t *key) {
    size_t n = key_bytes(alg), o = 2;
    out[0] = TAG_SEQUENCE;
    o += put_algorithm(out + o, alg);
    out[o++] = TAG_BIT_STRING;
    out[o++] = (uint8_t)(n + 1);
    out[o++] = 0;                       /* no unused bits */
    memcpy(out + o, key, n);
    o += n;
    out[1] = (uint8_t)(o - 2);
    return o;
}

/* ---- decoding ---- */

/* The unread part of an encoding. */
struct reader {
    const uint8_t *p;
    size_t n;
};

/*
 * Reads one tag-length-value (X.690 section 8.1) with DER's rules: one tag
 * byte (no multi-byte tags appear here), a definite length in the fewest
 * bytes. The value goes to *value. NULL or what is wrong.
 */
static const char *read_tlv(struct reader *r, uint8_t *tag, struct reader *value) {
    if (r->n < 2)
        return "truncated: the encoding ends inside a tag or length";
    *tag = r->p[0];
    if ((*tag & 0x1f) == 0x1f)
        return "a multi-byte ASN.1 tag, which no key of RFC 8410 has";
    size_t len = r->p[1], head = 2;
    if (len == 0x80)
        return "an indefinite length (BER, not DER)";
    if (len > 0x80) {
        size_t bytes = len - 0x80;
        if (bytes > 2)
            return "a length of more than 65535 bytes: not a key";
        if (r->n < 2 + bytes)
            return "truncated: the encoding ends inside a length";
        len = 0;
        for (size_t k = 0; k < bytes; k++)
            len = (len << 8) | r->p[2 + k];
        if (len < 0x80 || (bytes == 2 && len < 0x100))
            return "a length not in its shortest form (BER, not DER)";
        head += bytes;
    }
    if (r->n - head < len)
        return "truncated: a value is longer than the data left";
    value->p = r->p + head;
    value->n = len;
    r->p += head + len;
    r->n -= head + len;
    return NULL;
}

/* Writes the dotted form of an OID's content bytes into buf. */
static void oid_text(char *buf, size_t size, const uint8_t *p, size_t n) {
    size_t used = 0;
    unsigned long arc = 0;
    int first = 1;
    buf[0] = 0;
    for (size_t i = 0; i < n && used + 24 < size; i++) {
        arc = (arc << 7) | (p[i] & 0x7f);
        if (p[i] & 0x80)
            continue;
        if (first) {
            unsigned long top = arc < 80 ? arc / 40 : 2;
            used += (size_t)snprintf(buf + used, size - used, "%lu.%lu", top, arc - 40 * top);
            first = 0;
        } else {
            used += (size_t)snprintf(buf + used, size - used, ".%lu", arc);
        }
        arc = 0;
    }
}

/* A message naming the algorithm of an OID that is not ours (one buffer per call site is enough). */
static const char *wrong_oid(char *buf, size_t size, const uint8_t *p, size_t n) {
    static const struct { uint8_t oid[3]; const char *name; } known[] = {
        {{0x2b, 0x65, 0x6e}, "X25519 (1.3.101.110)"},
        {{0x2b, 0x65, 0x70}, "Ed25519 (1.3.101.112)"},
    };
    for (size_t k = 0; k < sizeof known / sizeof known[0]; k++)
        if (n == 3 && memcmp(p, known[k].oid, 3) == 0) {
            snprintf(buf, size, "the key is %s, not Ed448 (1.3.101.113) or X448 (1.3.101.111)", known[k].name);
            return buf;
        }
    char dotted[96];
    oid_text(dotted, sizeof dotted, p, n);
    snprintf(buf, size, "the key's algorithm is %s, not Ed448 (1.3.101.113) or X448 (1.3.101.111)",
             dotted[0] ? dotted : "an invalid OID");
    return buf;
}

/* AlgorithmIdentifier ::= SEQUENCE { OID } with the parameters absent (RFC 8410 section 3). */
static const char *read_algorithm(struct reader *r, enum key_alg *alg, char *msg) {
    uint8_t tag;
    struct reader seq, oid;
    const char *err = read_tlv(r, &tag, &seq);
    if (err)
        return err;
    if (tag != TAG_SEQUENCE)
        return "the AlgorithmIdentifier is not a SEQUENCE";
    if ((err = read_tlv(&seq, &tag, &oid)))
        return err;
    if (tag != TAG_OID)
        return "the AlgorithmIdentifier does not start with an OID";
    if (oid.n == 3 && memcmp(oid.p, OID_ED448, 3) == 0)
        *alg = KEY_ED448;
    else if (oid.n == 3 && memcmp(oid.p, OID_X448, 3) == 0)
        *alg = KEY_X448;
    else
        return wrong_oid(msg, DER_MESSAGE_BYTES, oid.p, oid.n);
    if (seq.n != 0)
        return "the AlgorithmIdentifier has parameters; RFC 8410 section 3 says they are absent";
    return NULL;
}

/* A BIT STRING holding exactly one key of alg, with no unused bits. */
static const char *read_key_bits(const struct reader *bits, enum key_alg alg, uint8_t *key, const char *what,
                                 char *msg) {
    size_t n = key_bytes(alg);
    if (bits->n < 1 || bits->p[0] != 0)
        return "the public key BIT STRING has unused bits";
    if (bits->n - 1 != n) {
        snprintf(msg, DER_MESSAGE_BYTES, "the %s is %zu bytes; %s public keys are %zu", what,
                 bits->n - 1, key_alg_name(alg), n);
        return msg;
    }
    memcpy(key, bits->p + 1, n);
    return NULL;
}

static const char *decode_public(struct der_key *out, struct reader *body, char *msg) {
    uint8_t tag;
    struct reader bits, ahead = *body, skipped;
    /* EncryptedPrivateKeyInfo (RFC 5958 section 3) is SEQUENCE { AlgorithmIdentifier, OCTET STRING }. */
    if (!read_tlv(&ahead, &tag, &skipped) && ahead.n > 0 && ahead.p[0] == TAG_OCTET_STRING)
        return "the key is encrypted (EncryptedPrivateKeyInfo): decrypt it with openssl pkey first";
    const char *err = read_algorithm(body, &out->alg, msg);
    if (err)
        return err;
    if ((err = read_tlv(body, &tag, &bits)))
        return err;
    if (tag != TAG_BIT_STRING)
        return "the SubjectPublicKeyInfo has no BIT STRING after the algorithm";
    if ((err = read_key_bits(&bits, out->alg, out->key, "public key", msg)))
        return err;
    if (body->n != 0)
        return "extra data inside the SubjectPublicKeyInfo";
    out->is_private = 0;
    return NULL;
}

static const char *decode_private(struct der_key *out, struct reader *body, char *msg) {
    uint8_t tag;
    struct reader version, wrapped, inner;
    const char *err = read_tlv(body, &tag, &version);
    if (err)
        return err;
    if (version.n != 1 || (version.p[0] != 0 && version.p[0] != 1))
        return "the PKCS#8 version is neither 0 nor 1";
    if ((err = read_algorithm(body, &out->alg, msg)))
        return err;
    if ((err = read_tlv(body, &tag, &wrapped)))
        return err;
    if (tag != TAG_OCTET_STRING)
        return "the privateKey of the PKCS#8 key is not an OCTET STRING";
    /* RFC 8410 section 7: the OCTET STRING holds CurvePrivateKey, itself an OCTET STRING. */
    if (wrapped.n < 2 || wrapped.p[0] != TAG_OCTET_STRING || (err = read_tlv(&wrapped, &tag, &inner)))
        return "the privateKey is not an OCTET STRING inside the OCTET STRING (RFC 8410 section 7)";
    if (wrapped.n != 0)
        return "extra data after the CurvePrivateKey inside the privateKey";
    size_t n = key_bytes(out->alg);
    if (inner.n != n) {
        snprintf(msg, DER_MESSAGE_BYTES, "the private key is %zu bytes; %s private keys are %zu",
                 inner.n, key_alg_name(out->alg), n);
        return msg;
    }
    memcpy(out->key, inner.p, n);
    out->is_private = 1;
    if (body->n > 0 && body->p[0] == TAG_ATTRIBUTES) {
        struct reader attributes;
        if ((err = read_tlv(body, &tag, &attributes)))
            return err;
    }
    if (body->n > 0 && body->p[0] == TAG_PUBLIC_KEY) {
        struct reader bits;
        if (version.p[0] != 1)
            return "a version 0 PKCS#8 key carries a public key (only version 1 may)";
        if ((err = read_tlv(body, &tag, &bits)) || (err = read_key_bits(&bits, out->alg, out->public_key,
                                                                         "public key in the PKCS#8 key", msg)))
            return err;
        out->has_public = 1;
    }
    if (body->n != 0)
        return "extra data inside the PKCS#8 key";
    return NULL;
}

const char *der_decode(struct der_key *out, const uint8_t *der, size_t len, char msg[DER_MESSAGE_BYTES]) {
    struct reader r = {der, len}, body;
    uint8_t tag;
    memset(out, 0, sizeof *out);
    const char *err = read_tlv(&r, &tag, &body);
    if (!err && tag != TAG_SEQUENCE)
        err = "not a DER SEQUENCE: neither a PKCS#8 private key nor a SubjectPublicKeyInfo";
    if (!err && r.n != 0) {
        snprintf(msg, DER_MESSAGE_BYTES, "%zu trailing bytes after the key", r.n);
        err = msg;
    }
    if (!err) {
        if (body.n > 0 && body.p[0] == TAG_INTEGER)
            err = decode_private(out, &body, msg);
        else if (body.n > 0 && body.p[0] == TAG_SEQUENCE)
            err = decode_public(out, &body, msg);
        else
            err = "neither a PKCS#8 private key nor a SubjectPublicKeyInfo";
    }
    if (err)
        cli_wipe(out, sizeof *out);
    return err;
}
