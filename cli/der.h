/*
 * The few DER shapes of RFC 8410 for Ed448 and X448 keys, encoded and
 * decoded strictly:
 *
 *   SubjectPublicKeyInfo ::= SEQUENCE {              (RFC 5280, RFC 8410 section 4)
 *       algorithm AlgorithmIdentifier,               SEQUENCE { OID } (no parameters)
 *       subjectPublicKey BIT STRING }                0 unused bits, the raw key
 *   OneAsymmetricKey ::= SEQUENCE {                  (RFC 5958, RFC 8410 section 7)
 *       version INTEGER (0 or 1),
 *       privateKeyAlgorithm AlgorithmIdentifier,
 *       privateKey OCTET STRING,                     holding CurvePrivateKey ::= OCTET STRING
 *       attributes [0] IMPLICIT Attributes OPTIONAL, (skipped)
 *       publicKey [1] IMPLICIT BIT STRING OPTIONAL } (version 1 only)
 *
 * with the OIDs id-X448 1.3.101.111 and id-Ed448 1.3.101.113. This is
 * exactly what OpenSSL 3 writes (version 0, no public key) and reads.
 */
#ifndef CLI_DER_H
#define CLI_DER_H

#include <stddef.h>
#include <stdint.h>

enum key_alg { KEY_ED448, KEY_X448 };

/* Key lengths: an Ed448 seed and public key are 57 bytes, X448's 56. */
#define KEY_MAX_BYTES 57
size_t key_bytes(enum key_alg alg);
const char *key_alg_name(enum key_alg alg);   /* "Ed448", "X448" */

/* A decoded key. */
struct der_key {
    enum key_alg alg;
    int is_private;
    uint8_t key[KEY_MAX_BYTES];         /* the private key (seed) or the public key */
    int has_public;                     /* a private key that carries its public key too */
    uint8_t public_key[KEY_MAX_BYTES];
};

/* The longest encoding: an Ed448 OneAsymmetricKey with its public key. */
#define DER_MAX_BYTES 128

/* Encodes a private key as PKCS#8 version 0 (as OpenSSL writes it); returns the length. */
size_t der_encode_private(uint8_t out[DER_MAX_BYTES], enum key_alg alg, const uint8_t *key);

/* Encodes a public key as SubjectPublicKeyInfo; returns the length. */
size_t der_encode_public(uint8_t out[DER_MAX_BYTES], enum key_alg alg, const uint8_t *key);

/* The size of the buffer der_decode writes its messages into. */
#define DER_MESSAGE_BYTES 200

/*
 * Decodes a SubjectPublicKeyInfo or a OneAsymmetricKey (PKCS#8) of Ed448 or
 * X448. Returns NULL on success, else a message saying what is wrong (wrong
 * OID, wrong length, trailing bytes, an encrypted key, non-DER lengths),
 * which may lie in msg; out is then all zero.
 */
const char *der_decode(struct der_key *out, const uint8_t *der, size_t len, char msg[DER_MESSAGE_BYTES]);

#endif
