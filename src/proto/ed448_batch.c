/*
 * Ed448 batch verification (see goldilocks_ed448_verify_batch in
 * include/goldilocks.h).
 *
 * Per chunk of at most BATCH_MAX signatures: the encoding checks and the
 * challenges k_i of RFC 8032 section 5.2.7, then one check of
 *     [4]([sum z_i S_i]B - sum [z_i k_i]A_i - sum [z_i]R_i) = 0
 * (point_batch_equation_vartime), the small-exponents test of Bellare,
 * Garay, Rabin, "Fast batch verification for modular exponentiation and
 * digital signatures" (Eurocrypt 1998) with 128-bit z_i.
 *
 * Cofactored on both sides. [4] maps every point of the curve (order 4l)
 * into the subgroup of order l, so with E_i = [4]([S_i]B - [k_i]A_i - R_i)
 * the batch checks sum z_i E_i = 0 in a group of prime order l > 2^128.
 * Every single equation holds (E_i = 0 for all i): the sum is 0, whatever
 * the z_i, so a valid chunk always passes. Some E_j != 0: for any fixed
 * other z_i exactly one z_j mod l makes the sum 0, so the chunk passes for
 * at most one in 2^128 of the z_j. A cofactorless batch would not have
 * this: sum z_i E'_i with E'_i of order 2 or 4 vanishes for about half or a
 * quarter of the z, and batch and single verdicts differ on small-order
 * components (Chalkias, Garillot, Nikolaenko, "Taming the many EdDSAs",
 * SSR 2020, IACR ePrint 2020/1244). Here they agree except with
 * probability 2^-128 per equation checked.
 *
 * The coefficients. z_i is 16 bytes of SHAKE256 over a domain string and,
 * for every signature of the chunk in order, R_i || S_i || A_i || k_i (k_i
 * binds the message and the context). An attacker who could pick inputs
 * after seeing the z_i could forge a chunk (choose R_j to cancel the others'
 * error); with the z_i a hash of all the inputs, any change of an input
 * changes every z_i, so in the random-oracle model each attempt is a fresh
 * draw of the z and passes with probability at most 2^-128, the bound
 * above: q hash evaluations give a forgery with probability q 2^-128 (the
 * Fiat-Shamir argument; ed25519-dalek offers the same derandomized batch as
 * its "batch_deterministic" feature). It makes the function independent of
 * the OS RNG (no failure path) and its result reproducible. What it gives up:
 * with secret random z_i a failed forgery attempt teaches the attacker
 * nothing about the next z; with hashed ones he can search offline, which
 * the 2^-128 per hash evaluation bounds.
 *
 * Bisection. A failed chunk is split in halves; a half that passes marks its
 * signatures valid, and when the left half passes the right one is known to
 * fail and is split at once. A single signature gets the exact single
 * verification (point_verify_equation_vartime), so rc[i] = -1 is always
 * exact.
 */
#include <string.h>
#include "goldilocks.h"
#include "ed448_challenge.h"
#include "point.h"
#include "scalar.h"
#include "shake256.h"
#include "batch_n.h"

#define SIG_BYTES GOLDILOCKS_ED448_SIG_BYTES
#define PUB_BYTES GOLDILOCKS_ED448_PUBLIC_BYTES

_Static_assert(GOLDILOCKS_ED448_BATCH_CHUNK == BATCH_MAX, "the header's chunk is the point layer's");

/* The decoded signatures of one chunk that passed the encoding checks. */
typedef struct {
    size_t m;                  /* how many */
    size_t index[BATCH_MAX];   /* their positions in the caller's arrays */
    scalar_t s[BATCH_MAX], k[BATCH_MAX], z[BATCH_MAX];
    point_t a[BATCH_MAX], r[BATCH_MAX];
} chunk_t;

static const uint8_t domain[] = "goldilocks Ed448 batch verification coefficients v1";

static void coefficients(chunk_t *c, const uint8_t *const sig[], const uint8_t *const pub[]) {
    shake256_ctx h;
    uint8_t kb[SCALAR_BYTES], zb[16], count[8];
    shake256_init(&h);
    shake256_absorb(&h, domain, sizeof domain - 1);
    for (unsigned i = 0; i < 8; i++)
        count[i] = (uint8_t)((uint64_t)c->m >> (8 * i));
    shake256_absorb(&h, count, sizeof count);
    for (size_t i = 0; i < c->m; i++) {
        shake256_absorb(&h, sig[c->index[i]], SIG_BYTES);
        shake256_absorb(&h, pub[c->index[i]], PUB_BYTES);
        scalar_to_bytes(kb, &c->k[i]);
        shake256_absorb(&h, kb, sizeof kb);
    }
    for (size_t i = 0; i < c->m; i++) {
        shake256_squeeze(&h, zb, sizeof zb);
        scalar_reduce_bytes(&c->z[i], zb, sizeof zb); /* < 2^128 < l: the value itself */
    }
}

static int batch_ok(const chunk_t *c, size_t lo, size_t hi) {
    return point_batch_equation_vartime(hi - lo, c->s + lo, c->a + lo, c->k + lo, c->r + lo, c->z + lo) != 0;
}

/*
 * Sets rc for the signatures [lo, hi) of the chunk; known_bad when the
 * range is known to hold an invalid one. Returns 1 when all are valid.
 */
static int settle(const chunk_t *c, size_t lo, size_t hi, int known_bad, int rc[]) {
    if (hi - lo == 1) {
        int ok = point_verify_equation_vartime(&c->s[lo], &c->a[lo], &c->k[lo], &c->r[lo]) != 0;
        rc[c->index[lo]] = ok ? 0 : -1;
        return ok;
    }
    if (!known_bad && batch_ok(c, lo, hi)) {
        for (size_t i = lo; i < hi; i++)
            rc[c->index[i]] = 0;
        return 1;
    }
    size_t mid = lo + (hi - lo) / 2;
    int left = settle(c, lo, mid, 0, rc);
    settle(c, mid, hi, left, rc);
    return 0;
}

/* Signatures [first, first + len) of the caller's arrays; returns 1 when all are valid. */
static int verify_chunk(chunk_t *c, size_t first, size_t len, const uint8_t *const sig[],
                        const uint8_t *const pub[], const uint8_t *const msg[], const size_t msg_len[],
                        const uint8_t *ctx, size_t ctx_len, int rc[]) {
    const uint8_t *enc_a[BATCH_MAX], *enc_r[BATCH_MAX];
    mask_t ok_a[BATCH_MAX], ok_r[BATCH_MAX];
    int all = 1;
    size_t cand = 0;
    /*
     * The checks of goldilocks_ed448_verify, in its order: first those before the
     * decodings, then the decodings of A and R of every signature that passed them,
     * GF_LANES at a time (point_decode_ed448_lanes).
     */
    for (size_t i = first; i < first + len; i++) {
        if (sig[i] && pub[i] && ed448_buffer_ok(msg[i], msg_len[i]) &&
            scalar_from_canonical_bytes(&c->s[cand], sig[i] + PUB_BYTES, 57) == 0) {
            c->index[cand] = i;
            enc_a[cand] = pub[i];
            enc_r[cand] = sig[i];
            cand++;
        } else {
            rc[i] = -1;
            all = 0;
        }
    }
    point_decode_ed448_lanes(c->a, ok_a, enc_a, cand);
    point_decode_ed448_lanes(c->r, ok_r, enc_r, cand);
    c->m = 0;
    for (size_t j = 0; j < cand; j++) {
        size_t i = c->index[j], m = c->m;
        if (!(ok_a[j] & ok_r[j])) {
            rc[i] = -1;
            all = 0;
            continue;
        }
        c->index[m] = i; /* m <= j: the entries still to be read lie at j and above */
        c->s[m] = c->s[j];
        c->a[m] = c->a[j];
        c->r[m] = c->r[j];
        ed448_challenge(&c->k[m], sig[i], pub[i], msg[i], msg_len[i], ctx, ctx_len);
        c->m++;
    }
    if (c->m == 0)
        return all;
    coefficients(c, sig, pub);
    return settle(c, 0, c->m, 0, rc) && all;
}

int goldilocks_ed448_verify_batch(size_t n, const uint8_t *const sig[], const uint8_t *const pub[],
                                  const uint8_t *const msg[], const size_t msg_len[], const uint8_t *ctx,
                                  size_t ctx_len, int rc[]) {
    if (n == 0)
        return 0;
    /* the arrays hold pointers, lengths and ints: n of the largest must fit */
    size_t item = sizeof(const uint8_t *) > sizeof(size_t) ? sizeof(const uint8_t *) : sizeof(size_t);
    if (batch_n_impossible(n, item > sizeof(int) ? item : sizeof(int)))
        return -1; /* no array of n items exists: none is touched (rc included) */
    if (!rc)
        return -1;
    if (!sig || !pub || !msg || !msg_len || !ed448_ctx_ok(ctx, ctx_len)) {
        for (size_t i = 0; i < n; i++)
            rc[i] = -1;
        return -1;
    }
    chunk_t c;
    int all = 1;
    for (size_t first = 0; first < n; first += BATCH_MAX) {
        size_t len = n - first < BATCH_MAX ? n - first : BATCH_MAX;
        all &= verify_chunk(&c, first, len, sig, pub, msg, msg_len, ctx, ctx_len, rc);
    }
    return all ? 0 : -1;
}
