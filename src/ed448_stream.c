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
 * Takes the prehash out of the state and resets the state to that of init.
 * Returns 0, or -1 when the stream failed (ph is then zero).
 */
static int finish(goldilocks_ed448ph_state *st, uint8_t ph[GOLDILOCKS_ED448_PREHASH_BYTES]) {
    stream_t s;
    load(&s, st);
    goldilocks_ed448ph_init(st);
    int failed = s.failed != 0;
    if (failed)
        memset(ph, 0, GOLDILOCKS_ED448_PREHASH_BYTES);
    else
        shake256_squeeze(&s.h, ph, GOLDILOCKS_ED448_PREHASH_BYTES);
    ct_wipe(&s, sizeof s);
    return failed ? -1 : 0;
}

int goldilocks_ed448ph_final_sign(goldilocks_ed448ph_state *st, uint8_t sig[GOLDILOCKS_ED448_SIG_BYTES],
                                  const uint8_t secret[GOLDILOCKS_ED448_SECRET_BYTES], const uint8_t *ctx,
                                  size_t ctx_len) {
    uint8_t ph[GOLDILOCKS_ED448_PREHASH_BYTES];
    int ret = -1;
    if (st && finish(st, ph) == 0)
        ret = goldilocks_ed448ph_sign_prehashed(sig, secret, ph, ctx, ctx_len);
    if (ret != 0 && sig)
        memset(sig, 0, GOLDILOCKS_ED448_SIG_BYTES);
    ct_wipe(ph, sizeof ph);
    return ret;
}

int goldilocks_ed448ph_final_verify(goldilocks_ed448ph_state *st, const uint8_t sig[GOLDILOCKS_ED448_SIG_BYTES],
                                    const uint8_t pub[GOLDILOCKS_ED448_PUBLIC_BYTES], const uint8_t *ctx,
                                    size_t ctx_len) {
    uint8_t ph[GOLDILOCKS_ED448_PREHASH_BYTES];
    int ret = -1;
    if (st && finish(st, ph) == 0)
        ret = goldilocks_ed448ph_verify_prehashed(sig, pub, ph, ctx, ctx_len);
    ct_wipe(ph, sizeof ph);
    return ret;
}
