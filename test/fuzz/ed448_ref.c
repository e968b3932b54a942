/*
 * The independent Ed448 verifier of ed448_ref.h: RFC 8032 sections 5.2.2
 * to 5.2.7 written out in GMP, slowly and plainly (not constant-time:
 * it only ever sees public inputs).
 */
#include "ed448_ref.h"

#include <gmp.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    mpz_t x, y, z; /* projective: the affine point is (x/z, y/z) */
} pt;

typedef struct {
    mpz_t p, d, l, t1, t2;
    pt base;
} ref_ctx;

/* RFC 8032 section 5.2: the base point's affine coordinates. */
static const char BASE_X[] =
    "224580040295924300187604334099896036246789641632564134246125461686950415467406032909029192869357953282578032075146446173674602635247710";
static const char BASE_Y[] =
    "298819210078481492676017930443930673437544040154080242095928241372331506189835876003536878655418784733982303233503462500531545062832660";

static void die(const char *what) {
    fprintf(stderr, "ed448_ref: %s\n", what);
    abort();
}

static void pt_init(pt *a) { mpz_inits(a->x, a->y, a->z, NULL); }
static void pt_clear(pt *a) { mpz_clears(a->x, a->y, a->z, NULL); }
static void pt_identity(pt *a) {
    mpz_set_ui(a->x, 0);
    mpz_set_ui(a->y, 1);
    mpz_set_ui(a->z, 1);
}
static void pt_copy(pt *a, const pt *b) {
    mpz_set(a->x, b->x);
    mpz_set(a->y, b->y);
    mpz_set(a->z, b->z);
}

static void mulmod(const ref_ctx *c, mpz_t r, const mpz_t a, const mpz_t b) {
    mpz_mul(r, a, b);
    mpz_mod(r, r, c->p);
}

/*
 * r = a + b with the projective addition of RFC 8032 section 5.2.4
 * (complete on this curve since d is not a square, so it also doubles).
 * r may be a or b.
 */
static void pt_add(const ref_ctx *c, pt *r, const pt *a, const pt *b) {
    mpz_t A, B, C, D, E, F, G, H;
    mpz_inits(A, B, C, D, E, F, G, H, NULL);
    mulmod(c, A, a->z, b->z);
    mulmod(c, B, A, A);
    mulmod(c, C, a->x, b->x);
    mulmod(c, D, a->y, b->y);
    mulmod(c, E, C, D);
    mulmod(c, E, E, c->d);
    mpz_sub(F, B, E);
    mpz_add(G, B, E);
    mpz_add(H, a->x, a->y);
    mpz_add(B, b->x, b->y);
    mulmod(c, H, H, B);
    mpz_sub(H, H, C);
    mpz_sub(H, H, D); /* H = x1 y2 + y1 x2 */
    mpz_sub(D, D, C); /* D = y1 y2 - x1 x2 */
    mulmod(c, r->x, A, F);
    mulmod(c, r->x, r->x, H);
    mulmod(c, r->y, A, G);
    mulmod(c, r->y, r->y, D);
    mulmod(c, r->z, F, G);
    mpz_clears(A, B, C, D, E, F, G, H, NULL);
}

static void pt_neg(const ref_ctx *c, pt *a) {
    mpz_sub(a->x, c->p, a->x);
    mpz_mod(a->x, a->x, c->p);
}

/* r = [k]a, double and add from the top bit. */
static void pt_mul(const ref_ctx *c, pt *r, const pt *a, const mpz_t k) {
    pt acc;
    pt_init(&acc);
    pt_identity(&acc);
    for (long i = (long)mpz_sizeinbase(k, 2) - 1; i >= 0; i--) {
        pt_add(c, &acc, &acc, &acc);
        if (mpz_tstbit(k, (mp_bitcnt_t)i))
            pt_add(c, &acc, &acc, a);
    }
    pt_copy(r, &acc);
    pt_clear(&acc);
}

static int pt_is_identity(const ref_ctx *c, const pt *a) {
    mpz_t t;
    mpz_init(t);
    mpz_sub(t, a->y, a->z);
    mpz_mod(t, t, c->p);
    int id = mpz_sgn(a->x) == 0 && mpz_sgn(t) == 0;
    mpz_clear(t);
    return id;
}

static int on_curve(const ref_ctx *c, const mpz_t x, const mpz_t y) {
    /* x^2 + y^2 - 1 - d x^2 y^2 = 0 mod p */
    mpz_t x2, y2, t;
    mpz_inits(x2, y2, t, NULL);
    mulmod(c, x2, x, x);
    mulmod(c, y2, y, y);
    mulmod(c, t, x2, y2);
    mulmod(c, t, t, c->d);
    mpz_add(t, t, c->p);
    mpz_add_ui(t, t, 1);
    mpz_sub(t, x2, t);
    mpz_add(t, t, y2);
    mpz_mod(t, t, c->p);
    int ok = mpz_sgn(t) == 0;
    mpz_clears(x2, y2, t, NULL);
    return ok;
}

static void ctx_init(ref_ctx *c) {
    mpz_inits(c->p, c->d, c->l, c->t1, c->t2, NULL);
    mpz_ui_pow_ui(c->p, 2, 448);
    mpz_ui_pow_ui(c->t1, 2, 224);
    mpz_sub(c->p, c->p, c->t1);
    mpz_sub_ui(c->p, c->p, 1);
    mpz_sub_ui(c->d, c->p, 39081);
    mpz_ui_pow_ui(c->l, 2, 446);
    mpz_set_str(c->t1, "13818066809895115352007386748515426880336692474882178609894547503885", 10);
    mpz_sub(c->l, c->l, c->t1);
    pt_init(&c->base);
    mpz_set_str(c->base.x, BASE_X, 10);
    mpz_set_str(c->base.y, BASE_Y, 10);
    mpz_set_ui(c->base.z, 1);
}

static void ctx_clear(ref_ctx *c) {
    pt_clear(&c->base);
    mpz_clears(c->p, c->d, c->l, c->t1, c->t2, NULL);
}

/* RFC 8032 section 5.2.3: 1 and a->(x, y, 1) when enc decodes, else 0. */
static int decode(const ref_ctx *c, pt *a, const uint8_t enc[57]) {
    uint8_t b[57];
    memcpy(b, enc, 57);
    int x0 = b[56] >> 7;
    b[56] &= 0x7f;
    mpz_t y, u, v, x, t;
    mpz_inits(y, u, v, x, t, NULL);
    mpz_import(y, 57, -1, 1, -1, 0, b);
    int ok = mpz_cmp(y, c->p) < 0;
    if (ok) {
        /* x^2 = (y^2 - 1) / (d y^2 - 1); x = u^3 v (u^5 v^3)^((p-3)/4) */
        mulmod(c, u, y, y);
        mulmod(c, v, u, c->d);
        mpz_sub_ui(u, u, 1);
        mpz_sub_ui(v, v, 1);
        mpz_mod(u, u, c->p);
        mpz_mod(v, v, c->p);
        mpz_sub_ui(t, c->p, 3);
        mpz_fdiv_q_2exp(t, t, 2);
        mpz_t w;
        mpz_init(w);
        mpz_powm_ui(w, u, 5, c->p);
        mpz_powm_ui(x, v, 3, c->p);
        mulmod(c, w, w, x);
        mpz_powm(w, w, t, c->p);
        mpz_powm_ui(x, u, 3, c->p);
        mulmod(c, x, x, v);
        mulmod(c, x, x, w);
        mpz_clear(w);
        mulmod(c, t, x, x);
        mulmod(c, t, t, v);
        ok = mpz_cmp(t, u) == 0; /* else no square root: not on the curve */
        if (ok && mpz_sgn(x) == 0 && x0)
            ok = 0;
        if (ok && (int)mpz_odd_p(x) != x0)
            mpz_sub(x, c->p, x);
    }
    if (ok) {
        mpz_set(a->x, x);
        mpz_set(a->y, y);
        mpz_set_ui(a->z, 1);
    }
    mpz_clears(y, u, v, x, t, NULL);
    return ok;
}

void ed448_ref_shake256(uint8_t *out, size_t out_len, const uint8_t *in, size_t in_len) {
    EVP_MD_CTX *h = EVP_MD_CTX_new();
    if (!h || EVP_DigestInit_ex(h, EVP_shake256(), NULL) != 1 || EVP_DigestUpdate(h, in, in_len) != 1 ||
        EVP_DigestFinalXOF(h, out, out_len) != 1)
        die("OpenSSL SHAKE256 failed");
    EVP_MD_CTX_free(h);
}

/* The base point is on the curve and of order l: the constants above are right. */
static void self_check(ref_ctx *c) {
    if (!on_curve(c, c->base.x, c->base.y))
        die("base point not on the curve");
    pt t;
    pt_init(&t);
    pt_mul(c, &t, &c->base, c->l);
    if (!pt_is_identity(c, &t))
        die("base point not of order l");
    pt_clear(&t);
}

int ed448_ref_decodes(const uint8_t enc[57]) {
    ref_ctx c;
    ctx_init(&c);
    pt a;
    pt_init(&a);
    int ok = decode(&c, &a, enc);
    pt_clear(&a);
    ctx_clear(&c);
    return ok;
}

int ed448_ref_x_zero(const uint8_t enc[57]) {
    ref_ctx c;
    ctx_init(&c);
    pt a;
    pt_init(&a);
    int zero = decode(&c, &a, enc) && mpz_sgn(a.x) == 0;
    pt_clear(&a);
    ctx_clear(&c);
    return zero;
}

ref_result ed448_ref_verify(const uint8_t sig[114], const uint8_t pub[57], const uint8_t *msg,
                            size_t msg_len, int ph, const uint8_t *ctx, size_t ctx_len) {
    static const uint8_t empty[1] = {0};
    ref_ctx c;
    ctx_init(&c);
    static int checked; /* once per process: it costs a multiplication by l */
    if (!checked) {
        self_check(&c);
        checked = 1;
    }
    if (ctx_len > 255)
        die("context over 255 bytes");
    pt A, R, Q, T;
    pt_init(&A);
    pt_init(&R);
    pt_init(&Q);
    pt_init(&T);
    mpz_t s, k;
    mpz_inits(s, k, NULL);
    mpz_import(s, 57, -1, 1, -1, 0, sig + 57);
    ref_result result;
    if (mpz_cmp(s, c.l) >= 0 || !decode(&c, &A, pub) || !decode(&c, &R, sig)) {
        result = REF_BAD_ENCODING;
    } else {
        /* k = SHAKE256(dom4(ph, ctx) || R || A || PH(M), 114) mod l (5.2.6, 5.2.7) */
        uint8_t phm[64];
        if (ph) {
            ed448_ref_shake256(phm, 64, msg ? msg : empty, msg_len);
            msg = phm;
            msg_len = 64;
        }
        size_t n = 10 + ctx_len + 114 + msg_len;
        uint8_t *buf = malloc(n), h[114];
        if (!buf)
            die("out of memory");
        memcpy(buf, "SigEd448", 8);
        buf[8] = (uint8_t)(ph ? 1 : 0);
        buf[9] = (uint8_t)ctx_len;
        if (ctx_len)
            memcpy(buf + 10, ctx, ctx_len);
        memcpy(buf + 10 + ctx_len, sig, 57);
        memcpy(buf + 10 + ctx_len + 57, pub, 57);
        if (msg_len)
            memcpy(buf + 10 + ctx_len + 114, msg, msg_len);
        ed448_ref_shake256(h, 114, buf, n);
        free(buf);
        mpz_import(k, 114, -1, 1, -1, 0, h);
        mpz_mod(k, k, c.l);
        /* Q = [S]B - R - [k]A; valid when Q = 0, cofactored-valid when [4]Q = 0. */
        pt_mul(&c, &Q, &c.base, s);
        pt_neg(&c, &R);
        pt_add(&c, &Q, &Q, &R);
        pt_mul(&c, &T, &A, k);
        pt_neg(&c, &T);
        pt_add(&c, &Q, &Q, &T);
        if (pt_is_identity(&c, &Q)) {
            result = REF_VALID;
        } else {
            pt_add(&c, &Q, &Q, &Q);
            pt_add(&c, &Q, &Q, &Q);
            result = pt_is_identity(&c, &Q) ? REF_VALID_COFACTORED_ONLY : REF_INVALID;
        }
    }
    mpz_clears(s, k, NULL);
    pt_clear(&A);
    pt_clear(&R);
    pt_clear(&Q);
    pt_clear(&T);
    ctx_clear(&c);
    return result;
}
