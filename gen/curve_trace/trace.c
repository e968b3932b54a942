/*
 * The symbolic field of the curve-formula prover: each gf operation the
 * curve code calls prints one line of the trace (trace.h) and gives its
 * output a new number. A tool of gen/, never linked into the library: its
 * counter and the driver's pending answers (trace_assume) are its mutable globals.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "trace.h"

static uint64_t next_id = 1;
/* The answers trace_assume gave, not yet taken by a test (the rest of its string). */
static const char *answers = "";

static uint64_t fresh(void) {
    return next_id++;
}

static void fail(const char *what) {
    fprintf(stderr, "curve trace: %s: not a straight-line operation the prover reads\n", what);
    exit(2);
}

void trace_begin(const char *name, const char *spec, const char *source) {
    printf("formula %s %s %s\n", name, spec, source);
}

void trace_input(gf_s *a, const char *name, const char *kind) {
    a->limb[0] = fresh();
    printf("in %llu %s %s\n", (unsigned long long)a->limb[0], name, kind);
}

void trace_output(const char *name, const gf_s *a, const char *kind) {
    printf("out %s %llu %s\n", name, (unsigned long long)a->limb[0], kind);
}

void trace_assume(const char *list) {
    answers = list;
}

void trace_mask(const char *name, mask_t m) {
    if (m != 0 && m != (mask_t)-1)
        fail("a mask neither all ones nor zero");
    printf("mask %s %d\n", name, m ? 1 : 0);
}

/* The k-th word (from 1) of a space-separated list, into word. */
static void nth_word(char word[16], const char *list, int k) {
    for (; k > 1; k--) list += strcspn(list, " ") + 1;
    size_t n = strcspn(list, " ");
    memcpy(word, list, n);
    word[n] = 0;
}

/* The next answer of trace_assume's list, which must be one of `allowed` (a space-separated
 * list), printed as "assume ID ANSWER" for the value a the test reads (ANSWER the word of
 * `printed` in its place, or itself when printed is NULL). 1 for the first allowed answer, 2
 * for the second, ... */
static int assume(const char *test, const gf a, const char *allowed, const char *printed) {
    char word[16];
    size_t n = strcspn(answers, " ");
    if (n == 0 || n >= sizeof word) {
        fprintf(stderr, "curve trace: %s: no answer left in trace_assume's list\n", test);
        exit(2);
    }
    memcpy(word, answers, n);
    word[n] = 0;
    answers += n + (answers[n] == ' ');
    int k = 1;
    for (const char *c = allowed; *c; k++) {
        size_t m = strcspn(c, " ");
        if (m == n && !memcmp(c, word, n)) {
            if (printed)
                nth_word(word, printed, k);
            printf("assume %llu %s\n", (unsigned long long)a->limb[0], word);
            return k;
        }
        c += m + (c[m] == ' ');
    }
    fprintf(stderr, "curve trace: %s: answer %s is not one of %s\n", test, word, allowed);
    exit(2);
}

void trace_end(void) {
    if (*answers) {
        fprintf(stderr, "curve trace: answers left untaken: %s\n", answers);
        exit(2);
    }
    printf("end\n");
    fflush(stdout);
}

static void op1(gf_s *out, const char *op, const gf_s *a) {
    uint64_t ai = a->limb[0], o = fresh();
    printf("v %llu %s %llu\n", (unsigned long long)o, op, (unsigned long long)ai);
    out->limb[0] = o;
}

static void op2(gf_s *out, const char *op, const gf_s *a, const gf_s *b) {
    uint64_t ai = a->limb[0], bi = b->limb[0], o = fresh();
    printf("v %llu %s %llu %llu\n", (unsigned long long)o, op, (unsigned long long)ai, (unsigned long long)bi);
    out->limb[0] = o;
}

static void opk(gf_s *out, const char *op, const gf_s *a, uint32_t k) {
    uint64_t ai = a ? a->limb[0] : 0, o = fresh();
    if (a)
        printf("v %llu %s %llu #%u\n", (unsigned long long)o, op, (unsigned long long)ai, k);
    else
        printf("v %llu %s #%u\n", (unsigned long long)o, op, k);
    out->limb[0] = o;
}

void gf_copy(gf out, const gf a) { op1(out, "copy", a); }
void gf_set_small(gf out, uint32_t w) { opk(out, "set", NULL, w); }
void gf_add(gf out, const gf a, const gf b) { op2(out, "add", a, b); }
void gf_sub(gf out, const gf a, const gf b) { op2(out, "sub", a, b); }
void gf_neg(gf out, const gf a) { op1(out, "neg", a); }
void gf_add_nr(gf out, const gf a, const gf b) { op2(out, "add_nr", a, b); }
void gf_sub_nr(gf out, const gf a, const gf b) { op2(out, "sub_nr", a, b); }
void gf_weak_reduce(gf a) { op1(a, "weak", a); }
void gf_mul(gf out, const gf a, const gf b) { op2(out, "mul", a, b); }
void gf_sqr(gf out, const gf a) { op1(out, "sqr", a); }
void gf_mulw(gf out, const gf a, uint32_t w) { opk(out, "mulw", a, w); }

/* The masks are concrete (a driver traces each value): a selection moves a value ("sel" keeps
 * the bound of the one it takes, as the limbs move unchanged). */
void gf_select(gf out, const gf a, const gf b, mask_t pick_b) {
    op2(out, pick_b ? "sel_b" : "sel_a", a, b);
}

void gf_cond_swap(gf a, gf b, mask_t swap) {
    gf_s ta = *a, tb = *b;
    gf_select(a, &ta, &tb, swap);
    gf_select(b, &tb, &ta, swap);
}

void gf_cond_neg(gf a, mask_t neg) {
    op1(a, neg ? "neg" : "copy", a);
}

void trace_permute(gf_s *out, const gf_s *a, const unsigned char *idx, unsigned lanes) {
    uint64_t src[16], base = next_id;
    if (lanes > 16)
        fail("gfl_permute of more than 16 lanes");
    for (unsigned i = 0; i < lanes; i++) src[i] = a[i].limb[0];
    next_id += lanes;
    printf("perm %llu %u", (unsigned long long)base, lanes);
    for (unsigned i = 0; i < lanes; i++) printf(" %llu", (unsigned long long)src[i]);
    printf(" :");
    for (unsigned i = 0; i < lanes; i++) printf(" %u", idx[i]);
    printf("\n");
    for (unsigned i = 0; i < lanes; i++) out[i].limb[0] = base + i;
}

/* The data-dependent tests answer as trace_assume says, and print the answer as an assumption
 * on the value tested. An inverse is "inv": 1/a where a is nonzero, 0 where it is zero (the
 * prover reads which from the assumption on a). */
mask_t gf_is_zero(const gf a) {
    return assume("gf_is_zero", a, "zero nonzero", NULL) == 1 ? (mask_t)-1 : 0;
}

void gf_invert(gf out, const gf a) {
    assume("gf_invert", a, "zero nonzero", NULL);
    op1(out, "inv", a);
}

/* a nonzero square, a nonzero nonsquare, or zero: the mask is all ones for the first only. */
mask_t gf_invert_square(gf out, const gf a) {
    int k = assume("gf_invert_square", a, "square nonsquare zero", NULL);
    op1(out, "inv", a);
    return k == 1 ? (mask_t)-1 : 0;
}

/* "isr": a^((p-3)/4), whose square times a is 1 (a nonzero square) or -1 (a nonzero
 * nonsquare, Euler's criterion), 0 for a = 0; the mask as gf_isr's. */
mask_t gf_isr(gf out, const gf a) {
    int k = assume("gf_isr", a, "square nonsquare zero", NULL);
    op1(out, "isr", a);
    return k == 1 ? (mask_t)-1 : 0;
}

/* gf_isr's power alone: the same "isr", its square test left to the caller. */
void gf_pow_p3_4(gf out, const gf a) {
    assume("gf_pow_p3_4", a, "square nonsquare zero", NULL);
    op1(out, "isr", a);
}

/* RFC 9496's CT_ABS, decaf448.c's gf_abs (static there): a sign case, then -a or a. */
void gf_abs(gf out, const gf a) {
    gf_copy(out, a);
    gf_cond_neg(out, gf_lobit(out));
}

/* a == b is the zero test of a - b, written as such ("sub"; gf_eq reads tight values too). */
mask_t gf_eq(const gf a, const gf b) {
    gf d;
    op2(d, "sub", a, b);
    return assume("gf_eq", d, "eq ne", "zero nonzero") == 1 ? (mask_t)-1 : 0;
}

/* The sign (RFC 9380's sgn0, RFC 9496's "negative") of a. */
mask_t gf_lobit(const gf a) {
    return assume("gf_lobit", a, "lobit1 lobit0", NULL) == 1 ? (mask_t)-1 : 0;
}

/* What a formula must not call: the prover reads sums, products, inverses and the tests above. */
void gf_strong_reduce(gf a) { (void)a; fail("gf_strong_reduce"); }

/* Serialization is a field routine, the identity on values here: the bytes carry the value's
 * number (trace_encode.c reads it back as an output, or writes an input's for decoding).
 * gf_serialize reads a tight value ("copy", whose output a driver names tight); gf_deserialize
 * says canonical (the driver's y is an element, its bytes < p by construction). */
void gf_serialize(uint8_t out[GF_SER_BYTES], const gf a) {
    gf c;
    gf_copy(c, a);
    memset(out, 0, GF_SER_BYTES);
    memcpy(out, &c->limb[0], sizeof c->limb[0]);
}

mask_t gf_deserialize(gf out, const uint8_t in[GF_SER_BYTES]) {
    gf_s a = {{0}};
    memcpy(&a.limb[0], in, sizeof a.limb[0]);
    gf_copy(out, &a);
    return (mask_t)-1;
}

/* field_lanes.c's, which no traced formula calls (x448_batch.c's end, linked with its step). */
void gfl_invert(gfl out, const gfl a) { (void)out; (void)a; fail("gfl_invert"); }
