/*
 * goldilocks_ed448_sign_batch: n Ed448 signatures (RFC 8032 section 5.2.6)
 * under one secret key, GF_LANES at a time. The key is expanded once
 * (section 5.2.5); per message the nonce r = SHAKE256(dom4(0, ctx) ||
 * prefix || M, 114) mod l, then R = [r]B for GF_LANES nonces at once by the
 * lane comb, the GF_LANES Z's of R inverted together for the encodings, and
 * per item k = SHAKE256(dom4(0, ctx) || R || A || M, 114) mod l and
 * S = r + k s mod l: the bytes goldilocks_ed448_sign gives for each item.
 */
#include <string.h>
#include "goldilocks.h"
#include "ed448_sign.h"
#include "ed448_challenge.h"
#include "point_lanes.h"
#include "ct.h"
#include "batch_n.h"

#define SIG_BYTES GOLDILOCKS_ED448_SIG_BYTES
#define PUB_BYTES GOLDILOCKS_ED448_PUBLIC_BYTES

/* Everything secret of one chunk, wiped in one go. */
typedef struct {
    scalar_t s, r[GF_LANES], k;
    uint8_t prefix[57], digest[114];
    shake256_ctx h;
    pointl_t rp;
    point_t q[GF_LANES];
    gf prefix_prod[GF_LANES], inv, zi, x, y;
    uint8_t out[GF_LANES][SIG_BYTES];
} sign_batch_state;

/* R of the GF_LANES lanes of st->rp into st->out[l][0..57), the Z's (never zero) inverted together. */
static void encode_lanes(sign_batch_state *st) {
    for (unsigned l = 0; l < GF_LANES; l++) {
        pointl_extract(&st->q[l], &st->rp, l);
        if (l == 0)
            gf_copy(st->prefix_prod[0], st->q[0].z);
        else
            gf_mul(st->prefix_prod[l], st->prefix_prod[l - 1], st->q[l].z);
    }
    gf_invert(st->inv, st->prefix_prod[GF_LANES - 1]);
    for (unsigned l = GF_LANES; l-- > 0;) {
        if (l > 0) {
            gf_mul(st->zi, st->inv, st->prefix_prod[l - 1]);
            gf_mul(st->inv, st->inv, st->q[l].z);
        } else {
            gf_copy(st->zi, st->inv);
        }
        gf_mul(st->x, st->q[l].x, st->zi);
        gf_mul(st->y, st->q[l].y, st->zi);
        point_encode_ed448_affine(st->out[l], st->x, st->y);
    }
}

int goldilocks_ed448_sign_batch(size_t n, uint8_t sig[][GOLDILOCKS_ED448_SIG_BYTES],
                                const uint8_t secret[GOLDILOCKS_ED448_SECRET_BYTES],
                                const uint8_t *const msg[], const size_t msg_len[], const uint8_t *ctx,
                                size_t ctx_len) {
    if (n == 0)
        return 0;
    if (batch_n_impossible(n, SIG_BYTES))
        return -1; /* no array of n signatures exists: none is touched */
    if (!sig || !secret || !msg || !msg_len || !ed448_ctx_ok(ctx, ctx_len)) {
        if (sig)
            memset(sig, 0, n * SIG_BYTES);
        return -1;
    }
    sign_batch_state st;
    /* secret and ctx may overlap sig[]: the public half and the context are copied before any write */
    uint8_t pub[PUB_BYTES], context[GOLDILOCKS_ED448_CONTEXT_MAX];
    memcpy(pub, secret + 57, PUB_BYTES);
    if (ctx_len)
        memcpy(context, ctx, ctx_len);
    ed448_expand_seed(&st.s, st.prefix, secret);

    int rc = 0;
    for (size_t i = 0; i < n; i += GF_LANES) {
        unsigned count = n - i < GF_LANES ? (unsigned)(n - i) : GF_LANES;
        int bad[GF_LANES];
        /* r = SHAKE256(dom4(0, C) || prefix || M, 114) mod l; [0]B in unused lanes and for a bad message */
        for (unsigned l = 0; l < GF_LANES; l++) {
            bad[l] = l < count && !ed448_buffer_ok(msg[i + l], msg_len[i + l]);
            if (l >= count || bad[l]) {
                memset(&st.r[l], 0, sizeof st.r[l]);
                continue;
            }
            ed448_hash_init_dom4(&st.h, 0, context, ctx_len);
            shake256_absorb(&st.h, st.prefix, 57);
            if (msg_len[i + l])
                shake256_absorb(&st.h, msg[i + l], msg_len[i + l]);
            shake256_squeeze(&st.h, st.digest, sizeof st.digest);
            scalar_reduce_bytes(&st.r[l], st.digest, sizeof st.digest);
        }
        /* R = [r]B */
        pointl_scalarmul_base(&st.rp, st.r);
        encode_lanes(&st);
        /* k = SHAKE256(dom4(0, C) || R || A || M, 114) mod l, S = r + k s mod l */
        for (unsigned l = 0; l < count; l++) {
            if (bad[l]) { /* the single call's failure: -1 and an all-zero signature */
                memset(st.out[l], 0, SIG_BYTES);
                rc = -1;
                continue;
            }
            ed448_challenge(&st.k, st.out[l], pub, msg[i + l], msg_len[i + l], context, ctx_len);
            scalar_mul(&st.k, &st.k, &st.s);
            scalar_add(&st.k, &st.k, &st.r[l]);
            scalar_to_bytes(st.out[l] + PUB_BYTES, &st.k);
            st.out[l][SIG_BYTES - 1] = 0;
        }
        for (unsigned l = 0; l < count; l++)
            memcpy(sig[i + l], st.out[l], SIG_BYTES);
    }
    ct_wipe(&st, sizeof st);
    ct_wipe(context, sizeof context);
    ct_wipe_stack_batch();
    return rc;
}
