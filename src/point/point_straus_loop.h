/*
 * The variable-time multi-scalar loops of the double-scalar multiplications,
 * of verification and of batch verification, written once for every point
 * representation (as point_window_loop.h is for the constant-time windows):
 * point_wnaf.c, point_verify.c, point_precomp.c and point_msm.c run them on
 * edwards448, the avx512ifma backend's point_double_scalarmul_decaf_r50.c,
 * point_verify_r50.c, point_precomp_r50.c and point_batch_equation_r50.c on
 * E' in the radix-2^50 lanes. Public inputs only: they branch on the digits.
 *
 * Straus's interleaving of width-w NAF strings (Hankerson, Menezes,
 * Vanstone, "Guide to Elliptic Curve Cryptography", algorithms 3.35 and
 * 3.51; point_wnaf_recode): one chain of doublings over the positions from
 * top - 1 down to 0, and at each position every string's digit d (odd, or
 * 0 for none) added from its table of odd multiples [1]P, [3]P, ...
 * (entry |d|/2, negated when d < 0). T is asked for only where it is read:
 * in a doubling when an addition follows at that position, in an addition
 * when another string's addition follows; at position 0 also when
 * t_at_end (the caller reads the sum's T; a verification that only tests
 * the sum for small order does not).
 *
 * POINT_STRAUS(F, x, acc, top, t_at_end, K, naf_1, table_1, ..., naf_K,
 * table_K), K = 2 or 4: F is the representation's prefix and x its context;
 * the loop calls, each with x first:
 *   F##_identity(x, acc)                    acc = the neutral element
 *   F##_double(x, acc, with_t)              acc = [2]acc, with T when with_t
 *   F##_add_digit(x, acc, table, d, with_t) acc += [d] of table's point (nothing
 *                                           when d = 0), with T when with_t
 */
#ifndef GOLDILOCKS_POINT_STRAUS_LOOP_H
#define GOLDILOCKS_POINT_STRAUS_LOOP_H

/* Whether any of the strings has a digit at position i. */
#define POINT_STRAUS_ANY1(i, n0, t0) (n0)[i]
#define POINT_STRAUS_ANY2(i, n0, t0, ...) (n0)[i] || POINT_STRAUS_ANY1(i, __VA_ARGS__)
#define POINT_STRAUS_ANY3(i, n0, t0, ...) (n0)[i] || POINT_STRAUS_ANY2(i, __VA_ARGS__)
#define POINT_STRAUS_ANY4(i, n0, t0, ...) (n0)[i] || POINT_STRAUS_ANY3(i, __VA_ARGS__)

/* The additions at position i, each with T when a later one (or the end) reads it. */
#define POINT_STRAUS_ADD1(F, x, acc, i, end, n0, t0) F##_add_digit(x, acc, t0, (n0)[i], end)
#define POINT_STRAUS_ADD2(F, x, acc, i, end, n0, t0, ...)                                               \
    F##_add_digit(x, acc, t0, (n0)[i], POINT_STRAUS_ANY1(i, __VA_ARGS__) || (end));                     \
    POINT_STRAUS_ADD1(F, x, acc, i, end, __VA_ARGS__)
#define POINT_STRAUS_ADD3(F, x, acc, i, end, n0, t0, ...)                                               \
    F##_add_digit(x, acc, t0, (n0)[i], POINT_STRAUS_ANY2(i, __VA_ARGS__) || (end));                     \
    POINT_STRAUS_ADD2(F, x, acc, i, end, __VA_ARGS__)
#define POINT_STRAUS_ADD4(F, x, acc, i, end, n0, t0, ...)                                               \
    F##_add_digit(x, acc, t0, (n0)[i], POINT_STRAUS_ANY3(i, __VA_ARGS__) || (end));                     \
    POINT_STRAUS_ADD3(F, x, acc, i, end, __VA_ARGS__)

#define POINT_STRAUS(F, x, acc, top, t_at_end, K, ...)                                                  \
    do {                                                                                                \
        F##_identity(x, acc);                                                                           \
        for (int i_ = (top) - 1; i_ >= 0; i_--) {                                                       \
            F##_double(x, acc, POINT_STRAUS_ANY##K(i_, __VA_ARGS__) || ((t_at_end) && i_ == 0));        \
            POINT_STRAUS_ADD##K(F, x, acc, i_, (t_at_end) && i_ == 0, __VA_ARGS__);                     \
        }                                                                                               \
    } while (0)

/*
 * The precomputed-key verification's loop (point_precomp.c, the avx512ifma
 * backend's point_precomp_r50.c), the same interleaving over PRECOMP_SPLIT
 * pairs of strings: ns[j] on bt[j] (the tables of 2^(112 j) B) and nk[j] on
 * ta[j] (the key's). Besides F##_identity, F##_double and F##_add_digit it
 * calls F##_position(x, ns, nk, i) at each position, after which
 * F##_any(x) says whether any string has a digit there and
 * F##_last(x) is the index (2j, or 2j + 1 for nk[j]) of its last
 * addition, whose T a doubling does not read (2 PRECOMP_SPLIT at position
 * 0, where the caller reads T); a representation whose T is always there
 * does nothing there and reads neither.
 */
#define POINT_STRAUS_SPLIT(F, x, acc, top, ns, nk, bt, ta)                                              \
    do {                                                                                                \
        F##_identity(x, acc);                                                                           \
        for (int i_ = (top) - 1; i_ >= 0; i_--) {                                                       \
            F##_position(x, ns, nk, i_);                                                          \
            F##_double(x, acc, F##_any(x) || i_ == 0);                                            \
            for (unsigned j_ = 0; j_ < PRECOMP_SPLIT; j_++) {                                           \
                F##_add_digit(x, acc, (bt)[j_], (ns)[j_][i_], 2 * j_ != F##_last(x));             \
                F##_add_digit(x, acc, (ta)[j_], (nk)[j_][i_], 2 * j_ + 1 != F##_last(x));         \
            }                                                                                           \
        }                                                                                               \
    } while (0)

/*
 * The batch verification's loop (point_msm.c, the avx512ifma backend's
 * point_batch_equation_r50.c), the same interleaving over the strings of a
 * point_msm_digits_t g (point.h): B's, g.naf_b, on base (its generated
 * table), and point i's, g.naf[i], on the g.entries[i] odd multiples of
 * p[i], which it first builds into pool (MSM_POOL entries) and points
 * table[i] at. Besides F##_identity, F##_double and F##_add_digit it calls
 *   F##_odd_multiples(x, out, entries, p)   out[i] = the entry of (2i + 1)p
 * Most positions have no digit of a point: those additions are not called.
 * T where it is read, from g.busy and g.last: in a doubling when an
 * addition follows, in an addition unless it is the position's last and a
 * doubling follows (B's when no point adds there); at position 0 always
 * (the caller reads the sum's T).
 */
#define POINT_STRAUS_MSM(F, x, acc, g, base, p, pool, table)                                            \
    do {                                                                                                \
        size_t used_ = 0;                                                                               \
        for (size_t i_ = 0; i_ < (g).n; i_++) {                                                         \
            F##_odd_multiples(x, &(pool)[used_], (g).entries[i_], &(p)[i_]);                            \
            (table)[i_] = &(pool)[used_];                                                               \
            used_ += (g).entries[i_];                                                                   \
        }                                                                                               \
        F##_identity(x, acc);                                                                           \
        for (int j_ = (g).top - 1; j_ >= 0; j_--) {                                                     \
            F##_double(x, acc, (g).busy[j_] || j_ == 0);                                                \
            if (!(g).busy[j_])                                                                          \
                continue;                                                                               \
            /* 1 + the point of the position's last addition; past them all at the end (unread where \
               F##_add_digit ignores with_t) */                                                         \
            size_t end_ = j_ > 0 ? (g).last[j_] : (g).n + 1;                                            \
            (void)end_;                                                                                 \
            F##_add_digit(x, acc, base, (g).naf_b[j_], end_ != 0);                                      \
            for (size_t i_ = 0; i_ < (g).n; i_++)                                                       \
                if ((g).naf[i_][j_])                                                                    \
                    F##_add_digit(x, acc, (table)[i_], (g).naf[i_][j_], i_ + 1 != end_);                \
        }                                                                                               \
    } while (0)

/*
 * The operations on point.h's edwards448 points, for point_wnaf.c,
 * point_verify.c and point_msm.c (no context): a table's digit addition is
 * that of its entry type, the generated tables' niels points or the run-time
 * tables' cached ones.
 */
#define point_straus_identity(x, acc) point_identity(&(acc))
#define point_straus_double(x, acc, with_t)                                                            \
    ((with_t) ? point_double(&(acc), &(acc)) : point_double_no_t(&(acc), &(acc)))
#define point_straus_add_digit(x, acc, table, d, with_t)                                                \
    _Generic((table), const point_niels_t *: point_add_niels_digit_vartime,                             \
             point_cached_t *: point_add_cached_digit_vartime,                                          \
             const point_cached_t *: point_add_cached_digit_vartime)(&(acc), table, d, with_t)
#define point_straus_odd_multiples(x, out, entries, p) point_odd_multiples(out, entries, p)

#endif
