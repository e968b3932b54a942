/*
 * Precomputed keys: Ed448 verification against a fixed public key and X448
 * against a fixed peer (see the "precomputed keys" section of
 * include/goldilocks.h).
 *
 * A table is a 128-byte header (magic, format version, limb layout, a
 * checksum, and the key it belongs to) followed by points in the build's
 * limb form (for Ed448 in the form of point.h's point_verify_table_t that
 * the build's point_verify_table makes, which the layout word names too).
 *
 * The checksum (checksum.h) is of the whole table as *_precompute wrote it,
 * with the checksum's own 8 bytes zero; every use recomputes it and refuses
 * a table that does not match before anything else is read. Without it a
 * damaged table is read as points: a short read into a zeroed struct turned
 * the verification's sum into (0 : 0 : 0 : 0), which passed the final
 * small-order test for any message, and a damaged X448 comb gave a wrong
 * secret with a return of 0. The checksum catches accidents, not forgers:
 * whoever can write a table can write its checksum (include/goldilocks.h).
 * It costs a pass over 18 KB (about 10,500 instructions on x86-64), paid
 * for by the checks it makes needless: that the Ed448 table's first entry
 * encodes the stored key (4,300) and that the X448 table's P is phi of the
 * stored peer (9,400). A table that passes the checksum is what
 * *_precompute wrote, which derived both from the key.
 * The caller's struct is read and written with memcpy only (no pointer cast
 * to another type, so no aliasing question, and no alignment beyond the
 * struct's 8 bytes is needed, while a gf may want more): a function copies
 * the table into a local typed struct first (about 1% of its time), which
 * also makes every input read before the output is written.
 *
 * X448 against a fixed peer Q = (u, v) of curve448. The ladder has no table,
 * but the 4-isogeny psi(x, y) = (y^2/x^2, ...) from edwards448 to curve448
 * and its dual phi of RFC 7748 section 4.2,
 *     phi(u, v) = (4 v (u^2 - 1) / (u^4 - 2 u^2 + 4 v^2 + 1),
 *                  -(u^5 - 2 u^3 - 4 u v^2 + u) / (u^5 - 2 u^2 v^2 - 2 u^3 - 2 v^2 + u)),
 * with psi(phi(Q)) = [4]Q (checked below on every table, and by
 * test_precomputed against goldilocks_x448), move the work to edwards448:
 * the clamped secret is k = 4 k' (decodeScalar448 clears the two low bits),
 * so [k]Q = [k'][4]Q = psi([k'] P) for P = phi(Q), and the u of [k]Q is
 * (y/x)^2 of [k']P. P has a fixed-base comb table (point_fixed_comb.c), and
 * k' = k / 4 mod l by two halvings mod l. P may have a part of order 2 (psi
 * kills exactly the rational points (0, 1) and (0, -1)), so the comb's
 * [k' mod l]P may differ from [k']P by (0, -1), which psi ignores. When
 * [k]Q is the point at infinity, [k']P has x = 0, 1/x computes as 0, and the
 * result is u = 0, as in the ladder. The peer must be on curve448: for a
 * twist point v is not in GF(p) and there is no rational P.
 */
#include <stddef.h>
#include <string.h>
#include "goldilocks.h"
#include "checksum.h"
#include "ct.h"
#include "ed448_challenge.h"
#include "h2c.h"
#include "point.h"
#include "scalar.h"
#include "x448_ladder.h"
#include "x448_ladder_step.h"

#define HEADER_BYTES 128
#define TABLE_VERSION 2u /* 2: with the checksum */
/* The limb layout: tables hold limbs, so a table of another layout is refused. */
#define TABLE_LAYOUT ((uint32_t)GF_LIMBS << 16 | (uint32_t)GF_LIMB_BITS << 8 | (uint32_t)sizeof(gf))
/* The Ed448 table's layout also names the form of its entries (point.h, point_verify_table_t). */
#define ED_TABLE_LAYOUT (TABLE_LAYOUT | point_verify_table_format() << 24)

typedef struct {
    uint8_t magic[8];
    uint32_t version, layout;
    uint64_t check;
    uint8_t key[57];
    uint8_t pad[HEADER_BYTES - 24 - 57];
    point_verify_table_t t;
} ed_table_t;

typedef struct {
    uint8_t magic[8];
    uint32_t version, layout;
    uint64_t check;
    uint8_t peer[56]; /* u mod p, canonical */
    uint8_t pad[HEADER_BYTES - 24 - 56];
    point_niels_t base; /* P = phi(Q), the comb's point: kept in the format, read by no call since the checksum */
} x_head_t;

typedef struct {
    x_head_t head;
    point_comb_table_t comb;
} x_table_t;

_Static_assert(offsetof(x_table_t, comb) == sizeof(x_head_t), "the comb follows the header");
#define ED_CHECK_AT offsetof(ed_table_t, check)
#define X_CHECK_AT offsetof(x_head_t, check)
_Static_assert(ED_CHECK_AT == 16 && X_CHECK_AT == 16 && offsetof(ed_table_t, t) == HEADER_BYTES,
               "the header's layout");


_Static_assert(sizeof(ed_table_t) == GOLDILOCKS_ED448_PRECOMPUTED_BYTES, "GOLDILOCKS_ED448_PRECOMPUTED_BYTES");
_Static_assert(sizeof(x_table_t) == GOLDILOCKS_X448_PRECOMPUTED_BYTES, "GOLDILOCKS_X448_PRECOMPUTED_BYTES");
_Static_assert(sizeof(goldilocks_ed448_precomputed) == GOLDILOCKS_ED448_PRECOMPUTED_BYTES, "no padding");
_Static_assert(sizeof(struct goldilocks_x448_precomputed) == GOLDILOCKS_X448_PRECOMPUTED_BYTES, "no padding");

static const uint8_t ed_magic[8] = { 'G', 'L', 'E', 'D', '4', '4', '8', 'V' };
static const uint8_t x_magic[8] = { 'G', 'L', 'X', '4', '4', '8', 'D', 'H' };

static int header_ok(const uint8_t magic[8], uint32_t version, uint32_t layout, const uint8_t want[8],
                     uint32_t want_layout) {
    return memcmp(magic, want, 8) == 0 && version == TABLE_VERSION && layout == want_layout;
}

/*
 * The table's bytes, written to the caller's struct, then the checksum of
 * those bytes (its own 8 at `at` zero) written at `at`: byte for byte what
 * table_intact recomputes, padding included.
 */
static void table_store(uint64_t *opaque, const void *tab, size_t n, size_t at) {
    memcpy(opaque, tab, n);
    memset((uint8_t *)opaque + at, 0, 8);
    uint64_t sum = checksum64(opaque, n);
    memcpy((uint8_t *)opaque + at, &sum, 8);
}

/* 1 when the copy `tab` of a stored table still has its checksum at `at` (zeroed here). */
static int table_intact(void *tab, size_t n, size_t at) {
    uint64_t stored;
    memcpy(&stored, (uint8_t *)tab + at, 8);
    memset((uint8_t *)tab + at, 0, 8);
    return checksum64(tab, n) == stored;
}

/* ---- Ed448 ---- */

int goldilocks_ed448_precompute(goldilocks_ed448_precomputed *table, const uint8_t pub[GOLDILOCKS_ED448_PUBLIC_BYTES]) {
    if (!table)
        return -1;
    ed_table_t tab;
    point_t a;
    memset(&tab, 0, sizeof tab);
    if (!pub || !point_decode_ed448(&a, pub)) {
        memset(table->opaque, 0, sizeof table->opaque);
        return -1;
    }
    memcpy(tab.magic, ed_magic, 8);
    tab.version = TABLE_VERSION;
    tab.layout = ED_TABLE_LAYOUT;
    memcpy(tab.key, pub, sizeof tab.key);
    point_verify_table(&tab.t, &a);
    table_store(table->opaque, &tab, sizeof tab, ED_CHECK_AT);
    return 0;
}

int goldilocks_ed448_verify_precomputed(const uint8_t sig[GOLDILOCKS_ED448_SIG_BYTES],
                                        const goldilocks_ed448_precomputed *table, const uint8_t *msg,
                                        size_t msg_len, const uint8_t *ctx, size_t ctx_len) {
    if (!sig || !table || !ed448_buffer_ok(msg, msg_len) || !ed448_ctx_ok(ctx, ctx_len))
        return -1;
    ed_table_t t;
    memcpy(&t, table->opaque, sizeof t);
    if (!table_intact(&t, sizeof t, ED_CHECK_AT) || !header_ok(t.magic, t.version, t.layout, ed_magic, ED_TABLE_LAYOUT))
        return -1;
    scalar_t s, k;
    point_t r;
    if (scalar_from_canonical_bytes(&s, sig + GOLDILOCKS_ED448_PUBLIC_BYTES, 57) != 0)
        return -1;
    if (!point_decode_ed448(&r, sig))
        return -1;
    ed448_challenge(&k, sig, t.key, msg, msg_len, ctx, ctx_len);
    return point_verify_precomputed_vartime(&t.t, &s, &k, &r) ? 0 : -1;
}

/* ---- X448 ---- */

/*
 * [4]Q on the u line, projectively: the ladder's doubling twice
 * (x448_ladder_step.h, x448_double: u([2]Q) = (u^2 - 1)^2 /
 * (4 u (u^2 + A u + 1))). W = 0 for the point at infinity.
 */
static void u_times_4(gf U, gf W, const gf u) {
    gf_copy(U, u);
    gf_set_small(W, 1);
    for (int i = 0; i < 2; i++) x448_double(U, W, U, W);
}

/*
 * P = phi(Q) for Q with u coordinate u (public: variable time is fine).
 * Returns 0, or -1 when u is the u of a twist point.
 */
static int dual_isogeny(point_t *p, const gf u) {
    gf one, u2, v2, v, x, y;
    gf_set_small(one, 1);
    if (gf_is_zero(u)) {
        /* (0, 0), of order 2: [k]Q is the point at infinity for every clamped k. */
        point_identity(p);
        return 0;
    }
    /* v^2 = u^3 + A u^2 + u */
    gf_sqr(u2, u);
    gf_mulw(v2, u, CURVE448_A);
    gf_add(v2, v2, u2);
    gf_add(v2, v2, one);
    gf_mul(v2, v2, u);
    if (!gf_isr(v, v2))
        return -1; /* v^2 is not a square: a point of the twist */
    gf_mul(v, v, v2);
    /* RFC 7748's map (u, v) -> (x, y), as hash to curve uses it; then Z = 1 for the table. */
    h2c_curve448_to_edwards(p, u, one, v);
    point_affine(x, y, p);
    gf_copy(p->x, x);
    gf_copy(p->y, y);
    gf_set_small(p->z, 1);
    gf_mul(p->t, x, y);
    return 0;
}

/* All ones when psi(p) = [4]Q: y^2 W = x^2 U for [4]Q = (U : W), and p on the curve. */
static mask_t isogeny_ok(const point_t *p, const gf u) {
    gf U, W, l, r, t;
    u_times_4(U, W, u);
    gf_sqr(t, p->y);
    gf_mul(l, t, W);
    gf_sqr(t, p->x);
    gf_mul(r, t, U);
    return point_valid(p) & gf_eq(l, r);
}

int goldilocks_x448_precompute(struct goldilocks_x448_precomputed *table, const uint8_t peer[GOLDILOCKS_X448_BYTES]) {
    if (!table)
        return -1;
    x_table_t tab;
    point_t p;
    gf u;
    memset(&tab, 0, sizeof tab);
    if (peer)
        (void)gf_deserialize(u, peer); /* all 448 bits, reduced mod p, as goldilocks_x448 reads it */
    /* The isogeny check cannot fail for a curve point; it guards the formulas. */
    if (!peer || dual_isogeny(&p, u) != 0 || !isogeny_ok(&p, u)) {
        memset(table->opaque, 0, sizeof table->opaque);
        return -1;
    }
    memcpy(tab.head.magic, x_magic, 8);
    tab.head.version = TABLE_VERSION;
    tab.head.layout = TABLE_LAYOUT;
    gf_serialize(tab.head.peer, u);
    point_niels_from_affine(&tab.head.base, &p);
    point_comb_table(tab.comb, &p);
    table_store(table->opaque, &tab, sizeof tab, X_CHECK_AT);
    return 0;
}

int goldilocks_x448_precomputed(uint8_t shared[GOLDILOCKS_X448_BYTES], const uint8_t secret[GOLDILOCKS_X448_BYTES],
                                const struct goldilocks_x448_precomputed *table) {
    if (!shared || !secret || !table) {
        if (shared)
            memset(shared, 0, GOLDILOCKS_X448_BYTES);
        return -1;
    }
    x_table_t t;
    memcpy(&t, table->opaque, sizeof t);
    if (!table_intact(&t, sizeof t, X_CHECK_AT) ||
        !header_ok(t.head.magic, t.head.version, t.head.layout, x_magic, TABLE_LAYOUT)) {
        memset(shared, 0, GOLDILOCKS_X448_BYTES);
        return -1;
    }
    uint8_t k[GOLDILOCKS_X448_BYTES];
    scalar_t s;
    point_t q;
    gf u;
    x448_clamp(k, secret); /* the secret is copied before shared is written */
    /* k' = k / 4 mod l (k is a multiple of 4) */
    scalar_reduce_bytes(&s, k, sizeof k);
    scalar_halve(&s, &s);
    scalar_halve(&s, &s);
    point_scalarmul_comb(&q, (const point_niels_t(*)[COMB_ENTRIES])t.comb, &s);
    h2c_edwards_to_curve448_u(u, &q); /* u = (Y/X)^2, psi of RFC 7748 section 4.2 */
    gf_serialize(shared, u);
    mask_t zero = ct_mask_bytes_zero(shared, GOLDILOCKS_X448_BYTES);

    ct_wipe(k, sizeof k);
    ct_wipe(&s, sizeof s);
    ct_wipe(u, sizeof u);
    point_wipe(&q);
    ct_wipe_stack();
    return -(int)(zero & 1);
}
