/*
 * The order of a public point: small order (the 4-torsion) and membership
 * of the prime-order subgroup. Variable time: for public keys and
 * signatures only.
 *
 * The group of edwards448 over GF(p) has order 4 l (RFC 7748 section 4.2,
 * RFC 8032 section 5.2: cofactor 4) and its torsion subgroup is
 * {(0, 1), (0, -1), (1, 0), (-1, 0)}, cyclic of order 4. So a point P is
 * of small order exactly when [4]P is the neutral element, and lies in the
 * subgroup of order l exactly when [l]P is.
 */
#include "point.h"

/*
 * Those four points are exactly the points with x y = 0: x = 0 gives
 * y^2 = 1, y = 0 gives x^2 = 1 (a = 1). So [4]P = 0 when X = 0 or Y = 0,
 * without the two doublings (and without T, which is not read).
 */
int point_is_small_order_vartime(const point_t *a) {
    return (gf_is_zero(a->x) | gf_is_zero(a->y)) != 0;
}

/*
 * [l]P = 0 is tested as [l - 1]P = -P: l itself is 0 as a scalar_t, while
 * l - 1 is a scalar (0 - 1 mod l), and [l - 1]P + P = [l]P. The equality
 * of projective points is exact, so this decides [l]P = 0 with one
 * variable-time multiplication (the base-point half of the double-scalar
 * routine gets the scalar 0 and adds nothing).
 */
int point_in_prime_subgroup_vartime(const point_t *a) {
    scalar_t zero, l_minus_1, one;
    point_t lm1p, neg;
    scalar_set_small(&zero, 0);
    scalar_set_small(&one, 1);
    scalar_sub(&l_minus_1, &zero, &one);
    point_double_scalarmul_base_vartime(&lm1p, &zero, a, &l_minus_1);
    point_neg(&neg, a);
    return point_eq(&lm1p, &neg) != 0;
}
