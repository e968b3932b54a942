/*
 * Streaming Ed448ph (RFC 8032 section 5.2 with PH = SHAKE256(M, 64)): the
 * caller's goldilocks_ed448ph_state holds the SHAKE256 state of the
 * prehash and a "failed" flag; the final calls squeeze the prehash and
 * hand it to the _prehashed functions, so the result is byte for byte that
 * of the one-shot functions over the whole message.
 *
 * The opaque words are read and written with memcpy only (no pointer cast
 * to another type), so there is no aliasing question; the zeroed state is
 * exactly the state after init.
 */
#include <string.h>
#include "goldilocks.h"
#include "ct.h"
#include "shake256.h"

typedef struct {
    shake256_ctx h;
    uint32_t failed; /* nonzero after an update with NULL data and a nonzero length */
} stream_t;

_Static_assert(sizeof(stream_t) <= sizeof(goldilocks_ed448ph_state), "the stream does not fit in the state");
_Static_assert(_Alignof(stream_t) <= _Alignof(goldilocks_ed448ph_state), "the state is not aligned enough");

static void load(stream_t *s, const goldilocks_ed448ph_state *st) {
    memcpy(s, st->opaque, sizeof *s);
}

static void store(goldilocks_ed448ph_state *st, const stream_t *s) {
    memcpy(st->opaque, s, sizeof *s);
}

void goldilocks_ed448ph_init(goldilocks_ed448ph_state *st) {
    if (!st)
        return;
    stream_t s;
    memset(&s, 0, sizeof s);
    shake256_init(&s.h);
    ct_wipe(st->opaque, sizeof st->opaque);
    store(st, &s);
}

void goldilocks_ed448ph_update(goldilocks_ed448ph_state *st, const uint8_t *data, size_t len) {
    if (!st || len == 0)
        return;
    stream_t s;
    load(&s, st);
    if (!data)
        s.failed = 1;
    else if (!s.failed)
        shake256_absorb(&s.h, data, len);
    store(st, &s);
    ct_wipe(&s, sizeof s);
}

/*
 * The prehash of the stream: 0, or -1 when st is NULL or the stream failed
 * (ph is then zero). The state is left as it is: the final calls reset it
 * (final_end) only after signing or verifying, since the secret, the
 * signature or the context they read may lie inside the caller's state (an
 * input may alias the state; the signature, an output like the state, must
 * not).
 */
static int prehash_of(const goldilocks_ed448ph_state *st, uint8_t ph[GOLDILOCKS_ED448_PREHASH_BYTES]) {
    int failed = 1;
    if (st) {
        stream_t s;
        load(&s, st);
        failed = s.failed != 0;
        if (!failed)
            shake256_squeeze(&s.h, ph, GOLDILOCKS_ED448_PREHASH_BYTES);
        ct_wipe(&s, sizeof s);
    }
    if (failed)
        memset(ph, 0, GOLDILOCKS_ED448_PREHASH_BYTES);
    return failed ? -1 : 0;
}

/* What both final calls do last: the state reset (as after init) and the prehash wiped. */
static void final_end(goldilocks_ed448ph_state *st, uint8_t ph[GOLDILOCKS_ED448_PREHASH_BYTES]) {
    goldilocks_ed448ph_init(st);
    ct_wipe(ph, GOLDILOCKS_ED448_PREHASH_BYTES);
}

int goldilocks_ed448ph_final_sign(goldilocks_ed448ph_state *st, uint8_t sig[GOLDILOCKS_ED448_SIG_BYTES],
                                  const uint8_t secret[GOLDILOCKS_ED448_SECRET_BYTES], const uint8_t *ctx,
                                  size_t ctx_len) {
    uint8_t ph[GOLDILOCKS_ED448_PREHASH_BYTES];
    int ret = prehash_of(st, ph) == 0 ? goldilocks_ed448ph_sign_prehashed(sig, secret, ph, ctx, ctx_len) : -1;
    if (ret != 0 && sig)
        memset(sig, 0, GOLDILOCKS_ED448_SIG_BYTES);
    final_end(st, ph);
    return ret;
}

int goldilocks_ed448ph_final_verify(goldilocks_ed448ph_state *st, const uint8_t sig[GOLDILOCKS_ED448_SIG_BYTES],
                                    const uint8_t pub[GOLDILOCKS_ED448_PUBLIC_BYTES], const uint8_t *ctx,
                                    size_t ctx_len) {
    uint8_t ph[GOLDILOCKS_ED448_PREHASH_BYTES];
    int ret = prehash_of(st, ph) == 0 ? goldilocks_ed448ph_verify_prehashed(sig, pub, ph, ctx, ctx_len) : -1;
    final_end(st, ph);
    return ret;
}
