/*
 * The goldilocks OpenSSL 3 provider: what its files share.
 *
 * The provider is a client of the library: it sees include/goldilocks.h
 * only, and OpenSSL's public provider API (openssl/core_dispatch.h,
 * openssl/params.h). Its one exported symbol is OSSL_provider_init
 * (provider.c); everything else here is hidden in the module.
 *
 *   provider.c   entry point, algorithm query, TLS-GROUP capability, build info (the backend)
 *   keymgmt.c    ED448 and X448 key management
 *   signature.c  Ed448 (and, with OpenSSL 3.2+ headers, Ed448ph and contexts)
 *   keyexch.c    X448 key exchange
 *   trace.c      the call trace (GOLDILOCKS_PROVIDER_TRACE)
 */
#ifndef GOLDILOCKS_PROVIDER_H
#define GOLDILOCKS_PROVIDER_H

#include <stddef.h>
#include <stdint.h>
#include <openssl/core.h>
#include "goldilocks.h"

/* The property every algorithm of the module carries. */
#define PROV_PROPERTIES "provider=goldilocks"

/* The names OpenSSL's default provider gives the algorithms (RFC 8410 OIDs). */
#define PROV_NAMES_ED448 "ED448:1.3.101.113"
#define PROV_NAMES_X448 "X448:1.3.101.111"

enum prov_key_type { PROV_X448, PROV_ED448 };

/*
 * A key as key management holds it. pub is derived from priv whenever priv
 * is set (never taken on trust), so secret = priv || pub is always the
 * pair goldilocks_ed448_sign expects. Operation contexts copy the whole
 * key, so no context depends on the lifetime of the key object.
 */
typedef struct prov_key {
    enum prov_key_type type;
    int has_pub, has_priv;
    uint8_t pub[GOLDILOCKS_ED448_PUBLIC_BYTES];      /* X448: the first 56 bytes */
    uint8_t priv[GOLDILOCKS_ED448_SEED_BYTES];       /* the Ed448 seed, or the X448 secret */
    uint8_t secret[GOLDILOCKS_ED448_SECRET_BYTES];   /* Ed448 only: seed || pub */
} prov_key;

/* Bytes of the pub and priv octet strings of a key type (56 or 57). */
size_t prov_key_len(enum prov_key_type type);

extern const OSSL_DISPATCH prov_ed448_keymgmt_functions[];
extern const OSSL_DISPATCH prov_x448_keymgmt_functions[];
extern const OSSL_DISPATCH prov_ed448_signature_functions[];
extern const OSSL_DISPATCH prov_x448_keyexch_functions[];

/*
 * Appends "<event> <algorithm>\n" (e.g. "sign ED448") to the file that the
 * environment variable GOLDILOCKS_PROVIDER_TRACE names, when it is set and
 * not empty; nothing otherwise, nor in a process with AT_SECURE (setuid and
 * the like), nor when the name is a symlink or not a regular file (trace.c).
 * It records only that a call happened, never key or message bytes.
 * Failures to write are ignored. For tests only.
 */
void prov_trace(const char *event, const char *algorithm);

#endif
