/*
 * Streaming Ed448ph (RFC 8032 section 5.2 with PH = SHAKE256(M, 64)): the
 * caller's goldilocks_ed448ph_state holds the SHAKE256 state of the
 * prehash, a "failed" flag and a tag; the final calls squeeze the prehash
 * and hand it to the _prehashed functions, so the result is byte for byte
 * that of the one-shot functions over the whole message.
 *
 * The state is the caller's memory, so every call checks it before use
 * (state_valid): the tag that init writes, a failed flag of 0 or 1, the
 * sponge's offset and phase in range (shake256_ctx_valid: absorb and
 * squeeze index the lanes by the offset), and zero bytes after the stream.
 * A state that fails the check (never initialised, overwritten, from
 * another program) is never absorbed into: update replaces it by a failed
 * stream, and the final calls refuse it as they refuse a failed one. The
 * Keccak lanes themselves cannot be checked: altered, they give the
 * prehash of another message.
 *
 * The opaque words are read and written with memcpy only (no pointer cast
 * to another type), so there is no aliasing question.
 */
#include <string.h>
#include "goldilocks.h"
#include "ct.h"
#include "shake256.h"

/* The tag of a state that init wrote (any value other than 0 and all ones would do). */
#define STREAM_TAG 0x5eed448fu

typedef struct {
    shake256_ctx h;
    uint32_t failed; /* 1 after an update with NULL data and a nonzero length, or on a refused state; else 0 */
    uint32_t tag;    /* STREAM_TAG */
} stream_t;

_Static_assert(sizeof(stream_t) <= sizeof(goldilocks_ed448ph_state), "the stream does not fit in the state");
_Static_assert(_Alignof(stream_t) <= _Alignof(goldilocks_ed448ph_state), "the state is not aligned enough");
_Static_assert(sizeof(stream_t) == sizeof(uint64_t[25]) + 4 * sizeof(uint32_t),
               "no padding: every byte of the state is either checked or hashed");

static void load(stream_t *s, const goldilocks_ed448ph_state *st) {
    memcpy(s, st->opaque, sizeof *s);
}

static void store(goldilocks_ed448ph_state *st, const stream_t *s) {
    memcpy(st->opaque, s, sizeof *s);
}

/* s as after init; failed as given. */
static void stream_start(stream_t *s, uint32_t failed) {
    memset(s, 0, sizeof *s);
    shake256_init(&s->h);
    s->failed = failed;
    s->tag = STREAM_TAG;
}

/* The whole state (the bytes after the stream zero) from s. */
static void store_all(goldilocks_ed448ph_state *st, const stream_t *s) {
    ct_wipe(st->opaque, sizeof st->opaque);
    store(st, s);
}

/*
 * 1 when s (loaded from st) is a state that these functions wrote. Branches
 * on the tag, the flag, the offset (the message length mod the rate) and
 * the phase only, never on the lanes.
 */
static int state_valid(const stream_t *s, const goldilocks_ed448ph_state *st) {
    const uint8_t *tail = (const uint8_t *)st->opaque + sizeof *s;
    uint8_t any = 0;
    for (size_t i = 0; i < sizeof st->opaque - sizeof *s; i++)
        any |= tail[i];
    /* a stored stream never squeezes: prehash_of squeezes a copy */
    return s->tag == STREAM_TAG && s->failed <= 1 && s->h.squeezing == 0 && shake256_ctx_valid(&s->h) &&
           any == 0;
}

void goldilocks_ed448ph_init(goldilocks_ed448ph_state *st) {
    if (!st)
        return;
    stream_t s;
    stream_start(&s, 0);
    store_all(st, &s);
}

void goldilocks_ed448ph_update(goldilocks_ed448ph_state *st, const uint8_t *data, size_t len) {
    if (!st)
        return;
    stream_t s;
    load(&s, st);
    if (!state_valid(&s, st)) {
        /* never absorbed into: the state becomes a failed stream (data, which may lie in it, is not read) */
        ct_wipe(&s, sizeof s);
        stream_start(&s, 1);
        store_all(st, &s);
        return;
    }
    if (len > 0) {
        if (!data)
            s.failed = 1;
        else if (!s.failed)
            shake256_absorb(&s.h, data, len);
        store(st, &s);
    }
    ct_wipe(&s, sizeof s);
}

/*
 * The prehash of the stream: 0, or -1 when st is NULL, not a valid state
 * or a failed stream (ph is then zero). The state is left as it is: the
 * final calls reset it (final_end) only after signing or verifying, since
 * the secret, the signature or the context they read may lie inside the
 * caller's state (an input may alias the state; the signature, an output
 * like the state, must not).
 */
static int prehash_of(const goldilocks_ed448ph_state *st, uint8_t ph[GOLDILOCKS_ED448_PREHASH_BYTES]) {
    int failed = 1;
    if (st) {
        stream_t s;
        load(&s, st);
        failed = !state_valid(&s, st) || s.failed != 0;
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
