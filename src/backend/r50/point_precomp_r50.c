/*
 * Verification against a precomputed public key (point.h,
 * point_verify_precomputed_vartime; variable time, public inputs only) on the
 * radix-2^50 lanes: point_precomp.c's equation, chunks and digits
 * (point_precomp_digits), with each formula's four products one lane product
 * (point_r50.h), on the twisted curve E'. As in point_verify_r50.c, phi
 * (point_twisted.h) is a homomorphism from edwards448 to E' whose kernel is the
 * 4-torsion, so
 *     [4]([S]B - [k]A - R) = 0   <=>   [S]phi(B) - [k]phi(A) - phi(R) = 0 on E',
 * a sum of points of odd order, where the a = -1 formulas are exact and the
 * neutral element is the only point with X = 0.
 *
 * The table's .lanes form (point.h): -A affine (which no call reads since
 * precomputed.c checks a checksum of the whole table), then the entries of phi((2i + 1) 2^(112 j) (-A)) as the bytes of
 * their coordinates (4 x 56 bytes: 14,336 of the 18,432, against 288 for a lane
 * entry in memory), loaded once a verification (64 gf4r50_from_bytes). The
 * multiples of phi(2^(112 j) B) are generated (gf4r50_base_wnaf,
 * gf4r50_precomp_base). The r50 backend's form of point_precomp.c (configure.py BACKENDS); test_precomputed
 * checks it against goldilocks_ed448_verify on valid, invalid and small-order cases.
 */
#include "point.h"
#include "point_r50.h"
#include "point_straus_loop.h"

_Static_assert(GF4R50_BASE_WNAF_ENTRIES == WNAF_BASE_ENTRIES, "gf4r50_base_wnaf.c is of another WNAF_BASE_BITS");
_Static_assert(GF4R50_PRECOMP_ENTRIES == PRECOMP_ENTRIES, "gf4r50_base_wnaf.c is of another PRECOMP_WNAF_BITS");
_Static_assert(GF4R50_LANES == 4, "an entry is four coordinates");

/*
 * POINT_STRAUS_SPLIT's operations (point_straus_loop.h) on point_r50.h's points,
 * whose T is always there; the context is the parenthesized pair (perms, scratch)
 * of point_r50.h's R50_PAIR.
 */
#define r50_precomp_identity(x, acc) point_r50_identity(acc)
#define r50_precomp_position(x, ns, nk, i) ((void)0)
#define r50_precomp_double(x, acc, with_t) point_r50_double(acc, R50_PAIR x)
#define r50_precomp_add_digit(x, acc, table, d, with_t) point_r50_add_digit_vartime(acc, table, d, R50_PAIR x)

uint32_t point_verify_table_format(void) {
    return 2;
}

void point_verify_table(point_verify_table_t *t, const point_t *a) {
    point_r50_perms c;
    point_r50_scratch s;
    gf4r50_s e[PRECOMP_ENTRIES];
    point_t p;
    gf x[GF4R50_LANES], scratch[1];

    point_r50_perms_init(&c);
    point_neg(&p, a);
    point_to_niels_batch(&t->lanes.key, &p, 1, scratch);
    for (unsigned j = 0; j < PRECOMP_SPLIT; j++) {
        if (j)
            for (unsigned i = 0; i < PRECOMP_CHUNK_BITS; i++)
                point_double(&p, &p);
        point_r50_odd_multiples(e, PRECOMP_ENTRIES, &p, &c, &s);
        for (unsigned i = 0; i < PRECOMP_ENTRIES; i++) {
            gf_s *const lanes[GF4R50_LANES] = {x[0], x[1], x[2], x[3]};
            gf4r50_to_gf4(lanes, &e[i]);
            for (unsigned l = 0; l < GF4R50_LANES; l++)
                gf_serialize(t->lanes.a[j][i][l], x[l]);
        }
    }
}

mask_t point_verify_precomputed_vartime(const point_verify_table_t *t, const scalar_t *s, const scalar_t *k,
                                        const point_t *r) {
    /* The tables of s_j 2^(112 j) B (the widths of point_precomp_digits). */
    const gf4r50_s *const bt[PRECOMP_SPLIT] = { gf4r50_base_wnaf[0], gf4r50_precomp_base[0], gf4r50_base_wnaf[1],
                                                gf4r50_precomp_base[1] };
    gf4r50_s ta[PRECOMP_SPLIT][PRECOMP_ENTRIES];
    int8_t ns[PRECOMP_SPLIT][PRECOMP_NAF_LEN], nk[PRECOMP_SPLIT][PRECOMP_NAF_LEN];
    point_r50_perms c;
    point_r50_scratch sc;
    gf4r50 acc, m, er;
    gf x;

    for (unsigned j = 0; j < PRECOMP_SPLIT; j++)
        for (unsigned i = 0; i < PRECOMP_ENTRIES; i++)
            gf4r50_from_bytes(&ta[j][i], (const uint8_t(*)[GF_SER_BYTES])t->lanes.a[j][i]);
    int top = point_precomp_digits(ns, nk, s, k);
    point_r50_perms_init(&c);

    POINT_STRAUS_SPLIT(r50_precomp, (&c, &sc), acc, top, ns, nk, bt, ta);
    /* - phi(R) */
    point_r50_from_edwards(m, r);
    point_r50_entry(er, m, &c, &sc);
    point_r50_add(acc, er, (mask_t)-1, &c, &sc);
    gf4r50_to_gf(x, acc, 0);
    return gf_is_zero(x);
}
