/*
 * [k]B for the single calls: the signed comb of point_comb.c, run on the
 * twisted curve
 *     E': -x^2 + y^2 = 1 + d' x^2 y^2,  d' = d - 1 = -39082,
 * where adding an affine point takes 7 multiplications instead of the 8 of
 * edwards448 (point.h says why a = 1 needs the eighth): 90 fewer products
 * per multiplication for the price of one doubling-sized map at the end.
 *
 * The isogenies (Hisil, Wong, Carter, Dawson 2008, section 3.3, the doubling
 * formulas with the other curve's a; Hamburg, "Decaf", ePrint 2015/673,
 * section 4):
 *     phi:     E -> E',  (x, y) -> (2xy / (y^2 - x^2), (y^2 + x^2) / (2 - y^2 - x^2)),
 *     phi_hat: E' -> E,  (x, y) -> (2xy / (y^2 + x^2), (y^2 - x^2) / (2 - y^2 + x^2)),
 * are group homomorphisms with phi_hat(phi(P)) = [4]P (gen/curve_ed448.py's
 * self-test checks both and the curves they land on). The generated table
 * point_base_comb_twisted[j][i] is phi(Q) for Q = [1/4 mod l] E_ji, E_ji the
 * entry of point_comb.c's comb of B (of this file's shape, BASE_COMB_N/T/S),
 * so the comb's sum S' of entries on E' (point_comb.c's digits and recoding)
 * is phi([1/4] S) for the sum S of the E_ji, and
 * phi_hat(S') = [4][1/4] S = S = [k]B, since B and every entry have order l.
 *
 * Completeness. a = -1 is not a square mod p, so the addition law of E' is
 * not complete on all of E'(GF(p)): its denominators vanish only when the sum
 * is one of the points at infinity of the desingularised curve, which have
 * order 2 or 4 (Bernstein, Birkner, Joye, Lange, Peters, "Twisted Edwards
 * curves", 2008, section 6; Hisil et al., section 3). Every point here is a
 * multiple of phi([1/4]B), of odd order l, and so is every sum, which
 * therefore never has order 2 or 4: the formulas below are exact for all
 * the points they see, with no exception to handle. phi_hat divides by
 * y^2 + x^2 (never 0 on E': -1 is not a square and (0, 0) is not on E') and by
 * 2 - y^2 + x^2, which vanishes only on points that map to infinity, not on
 * the odd-order ones.
 *
 * The loop is point_comb_loop.h's (constant time as it says: every entry
 * read for every lookup, the sign applied by masks).
 */
#include "point.h"
#include "point_comb_loop.h"
#include "point_twisted.h"
#include "ct.h"

#define BASE_COMB_BITS (BASE_COMB_N * BASE_COMB_T * BASE_COMB_S)
_Static_assert(BASE_COMB_BITS >= 446 && BASE_COMB_BITS <= 512, "the comb must cover l < 2^446");

_Static_assert(sizeof(point_tniels_t) % sizeof(ct_vec) == 0 && sizeof(point_tniels_t) <= CT_LOOKUP_MAX_BYTES,
               "a twisted niels point is a lookup entry");
_Static_assert(_Alignof(point_tniels_t) >= _Alignof(mask_t), "ct_lookup's entries are aligned as mask_t");

/* POINT_COMB_EVAL's operations (point_comb_loop.h) on E' and point_base_comb_twisted; no context. */
#define twisted_comb_identity(x, acc) point_identity(&(acc))
#define twisted_comb_double(x, acc) twisted_double(&(acc), &(acc), 1)
#define twisted_comb_lookup(x, entry, j, index)                                                         \
    ct_lookup(&(entry), point_base_comb_twisted[j], sizeof(entry), BASE_COMB_ENTRIES, index)
#define twisted_comb_add(x, acc, entry, neg) twisted_add_tniels(&(acc), &(entry), neg)

void point_scalarmul_base_twisted_raw(point_t *out, const scalar_t *k) {
    scalar_t c;
    point_tniels_t entry;
    point_t acc;

    point_comb_recode_bits(&c, k, BASE_COMB_BITS);
    POINT_COMB_EVAL(twisted_comb, point_comb_one, 0, acc, entry, &c, BASE_COMB_N, BASE_COMB_T, BASE_COMB_S);
    point_copy(out, &acc);

    ct_wipe(&c, sizeof c);
    ct_wipe(&entry, sizeof entry);
    point_wipe(&acc);
}

void point_scalarmul_base_twisted(point_t *out, const scalar_t *k) {
    point_t acc;
    point_scalarmul_base_twisted_raw(&acc, k);
    twisted_to_edwards(out, &acc);
    point_wipe(&acc);
}
