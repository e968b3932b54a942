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
 * Constant time as point_comb.c: every entry read for every lookup, the sign
 * applied by masks.
 */
#include "point.h"
#include "point_comb.h"
#include "ct.h"

#define BASE_COMB_BITS (BASE_COMB_N * BASE_COMB_T * BASE_COMB_S)
_Static_assert(BASE_COMB_BITS >= 446 && BASE_COMB_BITS <= 512, "the comb must cover l < 2^446");

_Static_assert(sizeof(point_tniels_t) % sizeof(ct_vec) == 0 && sizeof(point_tniels_t) <= CT_LOOKUP_MAX_BYTES,
               "a twisted niels point is a lookup entry");
_Static_assert(_Alignof(point_tniels_t) >= _Alignof(mask_t), "ct_lookup's entries are aligned as mask_t");

/*
 * acc += b on E' ("madd" of HWCD 2008, section 3.1, a = -1, with 2 Z1 for D):
 *   A = (Y1 - X1)(y2 - x2), B = (Y1 + X1)(y2 + x2), C = T1 2d' x2 y2, D = 2 Z1,
 *   E = B - A, H = B + A, F = D - C, G = D + C,
 *   X3 = E F, Y3 = G H, T3 = E H, Z3 = F G   (7M).
 * E = 2 Z1 (x1 y2 + y1 x2), H = 2 Z1 (y1 y2 + x1 x2), G = 2 Z1 (1 + d' x1 x2 y1 y2),
 * F = 2 Z1 (1 - d' x1 x2 y1 y2): the twisted law x3 = E/G, y3 = H/F.
 */
static inline __attribute__((always_inline)) void add_tniels(point_t *acc, const point_tniels_t *b) {
    gf A, B, C, D, E, F, G, H, s;
    gf_sub_nr(s, acc->y, acc->x);
    gf_mul(A, s, b->ymx);
    gf_add_nr(s, acc->y, acc->x);
    gf_mul(B, s, b->ypx);
    gf_mul(C, acc->t, b->td);
    gf_add(D, acc->z, acc->z);
    gf_sub_nr(E, B, A);
    gf_add_nr(H, B, A);
    gf_sub_nr(F, D, C);
    gf_add_nr(G, D, C);
    gf_mul(acc->x, E, F);
    gf_mul(acc->y, G, H);
    gf_mul(acc->t, E, H);
    gf_mul(acc->z, F, G);
}

/*
 * acc = 2 acc on E' ("dbl-2008-hwcd", a = -1): with A = X^2, B = Y^2,
 * C = 2 Z^2, E = 2XY, G = B - A, its F = G - C and H = -A - B are both
 * negated here (F = C - G, H = A + B), which negates X3, Y3, Z3 and T3
 * together: the same projective point. 4M + 4S.
 */
static void double_twisted(point_t *acc) {
    gf A, B, C, E, F, G, H, s;
    gf_sqr(A, acc->x);
    gf_sqr(B, acc->y);
    gf_sqr(C, acc->z);
    gf_add(C, C, C);
    gf_add_nr(s, acc->x, acc->y);
    gf_sqr(E, s);
    gf_sub(E, E, A);
    gf_sub_nr(E, E, B);
    gf_sub(G, B, A);
    gf_add_nr(H, A, B);
    gf_sub_nr(F, C, G);
    gf_mul(acc->x, E, F);
    gf_mul(acc->y, G, H);
    gf_mul(acc->t, E, H);
    gf_mul(acc->z, F, G);
}

/*
 * out = phi_hat(a), projective: with A = X^2, B = Y^2, E = 2XY, G = A + B,
 * H = B - A, F = 2 Z^2 - H, x = E/G and y = H/F, so
 * (X : Y : Z : T) = (E F : G H : F G : E H). 4M + 4S.
 */
static void twisted_to_edwards(point_t *out, const point_t *a) {
    gf A, B, C, E, F, G, H, s;
    gf_sqr(A, a->x);
    gf_sqr(B, a->y);
    gf_sqr(C, a->z);
    gf_add(C, C, C);
    gf_add_nr(s, a->x, a->y);
    gf_sqr(E, s);
    gf_sub(E, E, A);
    gf_sub_nr(E, E, B);
    gf_add_nr(G, A, B);
    gf_sub(H, B, A);
    gf_sub_nr(F, C, H);
    gf_mul(out->x, E, F);
    gf_mul(out->y, G, H);
    gf_mul(out->t, E, H);
    gf_mul(out->z, F, G);
}

void point_scalarmul_base_twisted(point_t *out, const scalar_t *k) {
    scalar_t c;
    point_tniels_t entry;
    point_t acc;

    point_comb_recode_bits(&c, k, BASE_COMB_BITS);

    point_identity(&acc); /* (0, 1) is the neutral element of E' too */
    for (int i = BASE_COMB_S - 1; i >= 0; i--) {
        if (i != BASE_COMB_S - 1)
            double_twisted(&acc);
        for (unsigned j = 0; j < BASE_COMB_N; j++) {
            uint32_t index;
            uint32_t neg;
            point_comb_digit_shape(&index, &neg, &c, (unsigned)i, j, BASE_COMB_T, BASE_COMB_S);
            ct_lookup(&entry, point_base_comb_twisted[j], sizeof entry, BASE_COMB_ENTRIES, index);
            /* -(x, y) = (-x, y): y - x and y + x trade places, 2 d' x y changes sign */
            mask_t m = ct_mask_from_bit(neg);
            gf_cond_swap(entry.ymx, entry.ypx, m);
            gf_cond_neg(entry.td, m);
            add_tniels(&acc, &entry);
        }
    }
    twisted_to_edwards(out, &acc);

    ct_wipe(&c, sizeof c);
    ct_wipe(&entry, sizeof entry);
    point_wipe(&acc);
}
