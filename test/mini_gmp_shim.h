/*
 * What the tests and benchmarks use of GMP that GMP's mini-gmp lacks, written on
 * mini-gmp's own mpz functions. mini-gmp is the tests' GMP on a target whose
 * architecture Debian ships no libgmp for (configure.py `source_libs`, built by
 * .ci/source-libs); there the build force-includes this file with
 * -DGOLDILOCKS_MINI_GMP, and GMP's names below call the shim_ functions.
 * test/test_mini_gmp_shim.c checks every shim_ function against the real GMP
 * on a native build.
 *
 * Preconditions, those of every call in test/ and bench/ (each is checked,
 * except p's primality, and a call outside them stops the program with a message):
 * - mpz_jacobi(a, n): n odd and positive (quadratic reciprocity);
 * - mpz_legendre(a, p): p an odd prime (its Jacobi symbol; that p is prime is not checked);
 * - mpn_tdiv_qr: qxn 0, nn >= dn >= 1, dp[dn - 1] nonzero;
 * - gmp_printf: the conversions %Zd, %Zx, %ZX and %% only.
 */
#ifndef GOLDILOCKS_TEST_MINI_GMP_SHIM_H
#define GOLDILOCKS_TEST_MINI_GMP_SHIM_H

/* Force-included ahead of a file's own feature macros (_POSIX_C_SOURCE), so no C library
 * header here: the compiler's stdarg.h and stddef.h, mini-gmp's gmp.h (stddef.h alone), and
 * the compiler's builtins for printf, abort, memset and strlen. */
#include <stdarg.h>
#include <stddef.h>
#include <gmp.h>

#ifndef GMP_NUMB_BITS
#define GMP_NUMB_BITS ((int)(sizeof(mp_limb_t) * 8))
#endif
#ifndef GMP_NAIL_BITS
#define GMP_NAIL_BITS 0
#endif

static inline void shim_refuse(const char *what) {
    __builtin_printf("test/mini_gmp_shim.h: %s\n", what);
    __builtin_abort();
}

/* mpz_inits(x, ..., NULL), mpz_clears(x, ..., NULL): f on each argument up to the NULL */
static inline void shim_each(void (*f)(mpz_ptr), mpz_ptr x, va_list ap) {
    for (; x; x = va_arg(ap, mpz_ptr))
        f(x);
}

static inline void shim_mpz_inits(mpz_ptr x, ...) {
    va_list ap;
    va_start(ap, x);
    shim_each(mpz_init, x, ap);
    va_end(ap);
}

static inline void shim_mpz_clears(mpz_ptr x, ...) {
    va_list ap;
    va_start(ap, x);
    shim_each(mpz_clear, x, ap);
    va_end(ap);
}

/* The Jacobi symbol (a/n) for odd n > 0: factors of 2 of a by (2/n) = -1 exactly when
 * n = 3 or 5 mod 8, then quadratic reciprocity (a/n) = (n/a), negated when both are 3 mod 4. */
static inline int shim_mpz_jacobi(const mpz_t a, const mpz_t n) {
    if (mpz_sgn(n) <= 0 || !mpz_odd_p(n))
        shim_refuse("mpz_jacobi: the modulus must be odd and positive");
    mpz_t x, m;
    mpz_init(x);
    mpz_init_set(m, n);
    mpz_mod(x, a, m);
    int t = 1;
    while (mpz_sgn(x) != 0) {
        while (!mpz_odd_p(x)) {
            mpz_fdiv_q_2exp(x, x, 1);
            unsigned m8 = (unsigned)(mpz_get_ui(m) & 7);
            if (m8 == 3 || m8 == 5)
                t = -t;
        }
        mpz_swap(x, m);
        if ((mpz_get_ui(x) & 3) == 3 && (mpz_get_ui(m) & 3) == 3)
            t = -t;
        mpz_mod(x, x, m);
    }
    int symbol = mpz_cmp_ui(m, 1) == 0 ? t : 0;
    mpz_clear(x);
    mpz_clear(m);
    return symbol;
}

/* The Legendre symbol (a/p) for an odd prime p: the Jacobi symbol above, which it equals for a
 * prime. (Euler's criterion, a^((p-1)/2) mod p by mini-gmp's mpz_powm, made field_derived take
 * 264 s under qemu-riscv64; reciprocity takes a few hundred word operations.) */
static inline int shim_mpz_legendre(const mpz_t a, const mpz_t p) {
    if (mpz_cmp_ui(p, 3) < 0 || !mpz_odd_p(p))
        shim_refuse("mpz_legendre: the modulus must be an odd prime");
    return shim_mpz_jacobi(a, p);
}

/* {qp, nn - dn + 1} and {rp, dn}: the quotient and remainder of {np, nn} by {dp, dn}. */
static inline void shim_mpn_tdiv_qr(mp_limb_t *qp, mp_limb_t *rp, mp_size_t qxn, const mp_limb_t *np,
                                    mp_size_t nn, const mp_limb_t *dp, mp_size_t dn) {
    if (qxn != 0 || dn < 1 || nn < dn || dp[dn - 1] == 0)
        shim_refuse("mpn_tdiv_qr: needs qxn 0, nn >= dn >= 1 and a nonzero top divisor limb");
    mpz_t n, d, q, r;
    mpz_init(n);
    mpz_init(d);
    mpz_init(q);
    mpz_init(r);
    mpz_import(n, (size_t)nn, -1, sizeof(mp_limb_t), 0, 0, np);
    mpz_import(d, (size_t)dn, -1, sizeof(mp_limb_t), 0, 0, dp);
    mpz_tdiv_qr(q, r, n, d);
    __builtin_memset(qp, 0, (size_t)(nn - dn + 1) * sizeof(mp_limb_t));
    __builtin_memset(rp, 0, (size_t)dn * sizeof(mp_limb_t));
    mpz_export(qp, NULL, -1, sizeof(mp_limb_t), 0, 0, q);
    mpz_export(rp, NULL, -1, sizeof(mp_limb_t), 0, 0, r);
    mpz_clear(n);
    mpz_clear(d);
    mpz_clear(q);
    mpz_clear(r);
}

/* printf to stdout with %Zd, %Zx, %ZX (an mpz_t) and %%; the number of bytes written. */
static inline int shim_gmp_printf(const char *format, ...) {
    va_list ap;
    va_start(ap, format);
    int written = 0;
    for (const char *c = format; *c; c++) {
        if (*c != '%') {
            written += __builtin_printf("%c", *c);
        } else if (c[1] == '%') {
            written += __builtin_printf("%%");
            c++;
        } else if (c[1] == 'Z' && (c[2] == 'd' || c[2] == 'x' || c[2] == 'X')) {
            char *s = mpz_get_str(NULL, c[2] == 'd' ? 10 : c[2] == 'x' ? 16 : -16, va_arg(ap, mpz_srcptr));
            written += __builtin_printf("%s", s);
            void (*release)(void *, size_t);
            mp_get_memory_functions(NULL, NULL, &release);
            release(s, __builtin_strlen(s) + 1);
            c += 2;
        } else {
            shim_refuse("gmp_printf: only %Zd, %Zx, %ZX and %% are supported");
        }
    }
    va_end(ap);
    return written;
}

#ifdef GOLDILOCKS_MINI_GMP
#define mpz_inits shim_mpz_inits
#define mpz_clears shim_mpz_clears
#define mpz_legendre shim_mpz_legendre
#define mpz_jacobi shim_mpz_jacobi
#define mpn_tdiv_qr shim_mpn_tdiv_qr
#define gmp_printf shim_gmp_printf
#endif

#endif
