/*
 * goldilocks-speed --peer-lib NAME=PATH: another build of libdecaf (say,
 * 1.0.2 from source with -march=native), loaded with dlopen and run through
 * the same code as Debian's (speed_ops_libdecaf.c). Every symbol is
 * resolved before anything runs; a missing one makes the contender missing,
 * with its name. RTLD_LOCAL | RTLD_DEEPBIND: the build's calls among its own
 * exported functions stay in it, rather than reaching the linked libdecaf,
 * which has the same names. AddressSanitizer refuses RTLD_DEEPBIND; a
 * --sanitize build goes without, and says so in the contender's version.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include "speed.h"

#ifndef HAVE_LIBDECAF
void speed_peerlib_load(struct speed_contender *out, const char *name, const char *path) {
    (void)path;
    out->name = name;
    out->missing = "--peer-lib needs libdecaf-dev's headers at build time (configure found none)";
}
#else
#include <dlfcn.h>
#include "speed_decaf.h"

#if defined(__SANITIZE_ADDRESS__)
#define SPEED_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SPEED_ASAN 1
#endif
#endif

static struct speed_decaf_api apis[SPEED_DECAF_SLOTS];
static int used = 1; /* slot 0 is Debian's */
static char why[SPEED_DECAF_SLOTS][256];
#if defined(SPEED_ASAN)
static char version[SPEED_DECAF_SLOTS][512];
#endif

void speed_peerlib_load(struct speed_contender *out, const char *name, const char *path) {
    out->name = name;
    out->version = path;
    out->impls = NULL;
    out->n_impls = 0;
    if (used == SPEED_DECAF_SLOTS) {
        out->missing = "too many --peer-lib";
        return;
    }
    int slot = used;
    char *w = why[slot];
#if defined(SPEED_ASAN)
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    snprintf(version[slot], sizeof version[slot], "%s (without RTLD_DEEPBIND under ASan: its internal calls may "
             "reach the linked libdecaf)", path);
    out->version = version[slot];
#else
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
#endif
    if (!h) {
        snprintf(w, sizeof why[slot], "dlopen: %s", dlerror());
        out->missing = w;
        return;
    }
    struct speed_decaf_api *a = &apis[slot];
    const char *lacking = NULL;
#define SYM(field, symbol)                                                                                          \
    do {                                                                                                            \
        void *p = dlsym(h, symbol);                                                                                 \
        if (!p && !lacking)                                                                                         \
            lacking = symbol;                                                                                       \
        *(void **)&a->field = p;                                                                                    \
    } while (0)
    SYM(x448, "decaf_x448");
    SYM(x448_derive_public_key, "decaf_x448_derive_public_key");
    SYM(ed448_derive_public_key, "decaf_ed448_derive_public_key");
    SYM(ed448_derive_keypair, "decaf_ed448_derive_keypair");
    SYM(ed448_sign, "decaf_ed448_sign");
    SYM(ed448_keypair_sign, "decaf_ed448_keypair_sign");
    SYM(ed448_keypair_sign_prehash, "decaf_ed448_keypair_sign_prehash");
    SYM(ed448_verify, "decaf_ed448_verify");
    SYM(ed448_verify_prehash, "decaf_ed448_verify_prehash");
    SYM(ed448_prehash_init, "decaf_ed448_prehash_init");
    SYM(sha3_update, "decaf_sha3_update");
    SYM(scalar_decode_long, "decaf_448_scalar_decode_long");
    SYM(point_decode, "decaf_448_point_decode");
    SYM(point_encode, "decaf_448_point_encode");
    SYM(point_scalarmul, "decaf_448_point_scalarmul");
    SYM(direct_scalarmul, "decaf_448_direct_scalarmul");
    SYM(precomputed_scalarmul, "decaf_448_precomputed_scalarmul");
    SYM(precomputed_base, "decaf_448_precomputed_base");
    SYM(convert_public_key_to_x448, "decaf_ed448_convert_public_key_to_x448");
    SYM(convert_private_key_to_x448, "decaf_ed448_convert_private_key_to_x448");
    SYM(point_add, "decaf_448_point_add");
    SYM(point_sub, "decaf_448_point_sub");
    SYM(point_negate, "decaf_448_point_negate");
    SYM(point_double, "decaf_448_point_double");
    SYM(point_eq, "decaf_448_point_eq");
    SYM(point_double_scalarmul, "decaf_448_point_double_scalarmul");
    SYM(base_double_scalarmul_non_secret, "decaf_448_base_double_scalarmul_non_secret");
    SYM(point_from_hash_uniform, "decaf_448_point_from_hash_uniform");
    SYM(scalar_decode, "decaf_448_scalar_decode");
    SYM(scalar_encode, "decaf_448_scalar_encode");
    SYM(scalar_add, "decaf_448_scalar_add");
    SYM(scalar_sub, "decaf_448_scalar_sub");
    SYM(scalar_mul, "decaf_448_scalar_mul");
    SYM(scalar_invert, "decaf_448_scalar_invert");
    SYM(scalar_eq, "decaf_448_scalar_eq");
    SYM(scalar_zero, "decaf_448_scalar_zero");
#undef SYM
    if (lacking) {
        snprintf(w, sizeof why[slot], "%s has no %s", path, lacking);
        out->missing = w;
        dlclose(h);
        return;
    }
    used++;
    speed_decaf_contender(out, slot, a);
}
#endif
