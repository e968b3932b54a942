/*
 * libFuzzer target (target x86-64 only): the backends of one library
 * against each other. The same input goes through the scalar backend and
 * every vector backend this CPU runs, called by their renamed entry points
 * (dispatch_BACKEND_NAME, gen/gen_dispatch.py; hidden in the libraries but
 * visible to this statically linked program), and every output byte and
 * return value must be the same:
 *   X448 (secret, peer) and the public key of secret,
 *   the Ed448 key pair of a seed, a signature of the rest of the input with
 *   a context, its verification, and the verification of the input's bytes
 *   taken as a signature,
 *   decaf448 scalarmult of the input's bytes taken as an encoding,
 *   and the four batch calls on 1 to BATCH_MAX items made from the input
 *   (item i: the input's bytes rotated by 7 i), where the vector lanes and
 *   a partial last group of lanes do their work.
 * In-process calls, not a child per backend with GOLDILOCKS_BACKEND set: a
 * fork and exec per input and backend would be far slower than the
 * operations themselves, and libFuzzer's coverage would not see the child.
 * The build compiles each backend again with clang's coverage and sanitizers
 * (fuzz/backend-NAME.o) and passes the backends it holds
 * (-DGOLDILOCKS_FUZZ_AVX2, -DGOLDILOCKS_FUZZ_AVX512IFMA, -DGOLDILOCKS_FUZZ_R50TWIN).
 * r50twin is a backend of the fuzzer alone, not of the library: backend r50 on
 * the scalar lanes, so on the portable twin of the IFMA lanes
 * (generated/r50_portable/gf4r50.h), built with no flags and coverage alone (no
 * sanitizer: clang 14 takes too long on it with ASan); it runs on any CPU,
 * and its goldilocks_backend() names its lanes, "scalar". Every backend is
 * compared with scalar, so where the CPU runs avx512ifma the twin and the
 * intrinsics are held to the same bytes too.
 */
#include <stdlib.h>
#include <string.h>
#include "goldilocks.h"

#define DECLARE(b)                                                                         \
    __typeof__(goldilocks_backend) dispatch_##b##_backend;                                 \
    __typeof__(goldilocks_x448) dispatch_##b##_x448;                                       \
    __typeof__(goldilocks_x448_public_key) dispatch_##b##_x448_public_key;                 \
    __typeof__(goldilocks_ed448_keypair_from_seed) dispatch_##b##_ed448_keypair_from_seed; \
    __typeof__(goldilocks_ed448_sign) dispatch_##b##_ed448_sign;                           \
    __typeof__(goldilocks_ed448_verify) dispatch_##b##_ed448_verify;                       \
    __typeof__(goldilocks_decaf448_scalarmult) dispatch_##b##_decaf448_scalarmult;        \
    __typeof__(goldilocks_x448_batch) dispatch_##b##_x448_batch;                           \
    __typeof__(goldilocks_x448_public_key_batch) dispatch_##b##_x448_public_key_batch;     \
    __typeof__(goldilocks_ed448_sign_batch) dispatch_##b##_ed448_sign_batch;               \
    __typeof__(goldilocks_decaf448_scalarmult_batch) dispatch_##b##_decaf448_scalarmult_batch;
/* b: the backend; lanes: what its goldilocks_backend() returns (its lane layout's name). */
#define ENTRY(b, lanes)                                                                          \
    {#b, lanes, dispatch_##b##_backend, dispatch_##b##_x448, dispatch_##b##_x448_public_key,            \
     dispatch_##b##_ed448_keypair_from_seed, dispatch_##b##_ed448_sign, dispatch_##b##_ed448_verify, \
     dispatch_##b##_decaf448_scalarmult, dispatch_##b##_x448_batch, dispatch_##b##_x448_public_key_batch, \
     dispatch_##b##_ed448_sign_batch, dispatch_##b##_decaf448_scalarmult_batch},

struct backend {
    const char *name, *lanes;
    __typeof__(goldilocks_backend) *backend;
    __typeof__(goldilocks_x448) *x448;
    __typeof__(goldilocks_x448_public_key) *x448_public_key;
    __typeof__(goldilocks_ed448_keypair_from_seed) *keypair_from_seed;
    __typeof__(goldilocks_ed448_sign) *sign;
    __typeof__(goldilocks_ed448_verify) *verify;
    __typeof__(goldilocks_decaf448_scalarmult) *decaf_scalarmult;
    __typeof__(goldilocks_x448_batch) *x448_batch;
    __typeof__(goldilocks_x448_public_key_batch) *x448_public_key_batch;
    __typeof__(goldilocks_ed448_sign_batch) *sign_batch;
    __typeof__(goldilocks_decaf448_scalarmult_batch) *decaf_scalarmult_batch;
};

DECLARE(scalar)
#ifdef GOLDILOCKS_FUZZ_AVX2
DECLARE(avx2)
#endif
#ifdef GOLDILOCKS_FUZZ_AVX512IFMA
DECLARE(avx512ifma)
#endif
#ifdef GOLDILOCKS_FUZZ_R50TWIN
DECLARE(r50twin)
#endif

static const struct backend all[] = {
    ENTRY(scalar, "scalar")
#ifdef GOLDILOCKS_FUZZ_AVX2
    ENTRY(avx2, "avx2")
#endif
#ifdef GOLDILOCKS_FUZZ_AVX512IFMA
    ENTRY(avx512ifma, "avx512ifma")
#endif
#ifdef GOLDILOCKS_FUZZ_R50TWIN
    ENTRY(r50twin, "scalar")
#endif
};
enum { HELD = sizeof all / sizeof all[0] };

enum { BATCH_MAX = 9 };   /* two groups of four lanes and one more; one group of eight and one more */

/* What one backend computes from one input. */
struct result {
    uint8_t shared[GOLDILOCKS_X448_BYTES], xpub[GOLDILOCKS_X448_BYTES];
    uint8_t pub[GOLDILOCKS_ED448_PUBLIC_BYTES], secret[GOLDILOCKS_ED448_SECRET_BYTES];
    uint8_t sig[GOLDILOCKS_ED448_SIG_BYTES], decaf[GOLDILOCKS_DECAF448_BYTES];
    int rc_x448, rc_sign, rc_verify, rc_verify_input, rc_decaf;
    uint8_t b_shared[BATCH_MAX][GOLDILOCKS_X448_BYTES], b_xpub[BATCH_MAX][GOLDILOCKS_X448_BYTES];
    uint8_t b_sig[BATCH_MAX][GOLDILOCKS_ED448_SIG_BYTES], b_decaf[BATCH_MAX][GOLDILOCKS_DECAF448_BYTES];
    int b_rc_x448[BATCH_MAX], b_rc_decaf[BATCH_MAX], rc_x448_batch, rc_sign_batch, rc_decaf_batch;
};

/* Batch item i: the first bytes of the input rotated by 7 i. */
static void item(uint8_t *out, size_t len, const uint8_t *data, size_t size, size_t i, size_t skip) {
    for (size_t k = 0; k < len; k++)
        out[k] = size ? data[(skip + k + 7 * i) % size] : 0;
}

static int cpu_runs(const char *name) {
    __builtin_cpu_init();
    if (strcmp(name, "scalar") == 0 || strcmp(name, "r50twin") == 0)
        return 1;
    int avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("fma");
    if (strcmp(name, "avx2") == 0)
        return avx2;
    return avx2 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl")
           && __builtin_cpu_supports("avx512ifma");
}

static void run(const struct backend *b, struct result *r, const uint8_t *data, size_t size) {
    /* The input, zero-padded: secret 56 | peer 56 | seed 57 | ctx length 1 | message ... */
    uint8_t head[56 + 56 + 57 + 1] = {0};
    memcpy(head, data, size < sizeof head ? size : sizeof head);
    const uint8_t *msg = size > sizeof head ? data + sizeof head : NULL;
    size_t msg_len = size > sizeof head ? size - sizeof head : 0;
    size_t ctx_len = head[56 + 56 + 57] % 64 < msg_len ? head[56 + 56 + 57] % 64 : msg_len;

    memset(r, 0, sizeof *r);
    if (strcmp(b->backend(), b->lanes) != 0)
        abort();   /* the table is not the backend it claims */
    r->rc_x448 = b->x448(r->shared, head, head + 56);
    b->x448_public_key(r->xpub, head);
    b->keypair_from_seed(r->pub, r->secret, head + 112);
    r->rc_sign = b->sign(r->sig, r->secret, msg, msg_len, msg, ctx_len);
    r->rc_verify = b->verify(r->sig, r->pub, msg, msg_len, msg, ctx_len);
    /* The input as a signature under the input's public key: almost always invalid, same answer everywhere. */
    uint8_t forged[GOLDILOCKS_ED448_SIG_BYTES];
    memcpy(forged, head, sizeof forged);
    r->rc_verify_input = b->verify(forged, r->pub, msg, msg_len, NULL, 0);
    r->rc_decaf = b->decaf_scalarmult(r->decaf, head + 56, head);

    /* The batch calls: n from the input, items from the input. */
    size_t n = 1 + (size ? data[0] : 0) % BATCH_MAX;
    uint8_t secrets[BATCH_MAX][56], peers[BATCH_MAX][56];
    const uint8_t *msgs[BATCH_MAX];
    size_t lens[BATCH_MAX];
    for (size_t i = 0; i < n; i++) {
        item(secrets[i], 56, data, size, i, 0);
        item(peers[i], 56, data, size, i, 56);
        msgs[i] = msg;
        lens[i] = msg_len ? (i * 13) % (msg_len + 1) : 0;   /* prefixes of the message */
    }
    r->rc_x448_batch = b->x448_batch(n, r->b_shared, r->b_rc_x448, (const uint8_t(*)[56])secrets,
                                     (const uint8_t(*)[56])peers);
    if (b->x448_public_key_batch(n, r->b_xpub, (const uint8_t(*)[56])secrets) != 0)
        abort();
    r->rc_sign_batch = b->sign_batch(n, r->b_sig, r->secret, msgs, lens, msg, ctx_len);
    r->rc_decaf_batch = b->decaf_scalarmult_batch(n, r->b_decaf, r->b_rc_decaf, (const uint8_t(*)[56])peers,
                                                  (const uint8_t(*)[56])secrets);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    struct result want, got;
    run(&all[0], &want, data, size);
    if (want.rc_sign != 0 || want.rc_verify != 0)
        abort();   /* a fresh signature must verify */
    for (size_t i = 1; i < HELD; i++) {
        if (!cpu_runs(all[i].name))
            continue;
        run(&all[i], &got, data, size);
        if (memcmp(&want, &got, sizeof want) != 0)
            abort();
    }
    return 0;
}
