/*
 * The symbolic lanes of the curve-formula prover (gf_layout.h): TRACE_LANES
 * symbolic elements side by side, each operation applied lane by lane on the
 * traced gf operations, as field.h's "Lanes" contract says; gfl_permute and
 * gfl_addsub move and combine the lanes' trace values, so the prover reads a
 * lane schedule as the scalar operations it performs.
 */
#ifndef GOLDILOCKS_GF_LANES_H
#define GOLDILOCKS_GF_LANES_H

#ifndef TRACE_LANES
#define TRACE_LANES 2
#endif
#define GF_LANES TRACE_LANES
#define GF_LANES_NAME "trace"

typedef struct gfl_s {
    gf_s lane[GF_LANES];
} gfl_s;
typedef gfl_s gfl[1];

typedef struct lmask_s {
    mask_t lane[GF_LANES];
} lmask_t;

static inline lmask_t lmask_make(const mask_t m[GF_LANES]) {
    lmask_t r;
    for (unsigned i = 0; i < GF_LANES; i++) r.lane[i] = m[i];
    return r;
}

#define TRACE_LANEWISE(call)                                                                   \
    do {                                                                                       \
        for (unsigned i_ = 0; i_ < GF_LANES; i_++) call;                                       \
    } while (0)

void gf_mul(gf out, const gf a, const gf b);
void gf_sqr(gf out, const gf a);
void gf_mulw(gf out, const gf a, uint32_t w);

static inline void gfl_mul(gfl out, const gfl a, const gfl b) { TRACE_LANEWISE(gf_mul(&out->lane[i_], &a->lane[i_], &b->lane[i_])); }
static inline void gfl_sqr(gfl out, const gfl a) { TRACE_LANEWISE(gf_sqr(&out->lane[i_], &a->lane[i_])); }
static inline void gfl_mulw(gfl out, const gfl a, uint32_t w) { TRACE_LANEWISE(gf_mulw(&out->lane[i_], &a->lane[i_], w)); }
static inline void gfl_add(gfl out, const gfl a, const gfl b) { TRACE_LANEWISE(gf_add(&out->lane[i_], &a->lane[i_], &b->lane[i_])); }
static inline void gfl_sub(gfl out, const gfl a, const gfl b) { TRACE_LANEWISE(gf_sub(&out->lane[i_], &a->lane[i_], &b->lane[i_])); }
static inline void gfl_add_nr(gfl out, const gfl a, const gfl b) { TRACE_LANEWISE(gf_add_nr(&out->lane[i_], &a->lane[i_], &b->lane[i_])); }
static inline void gfl_sub_nr(gfl out, const gfl a, const gfl b) { TRACE_LANEWISE(gf_sub_nr(&out->lane[i_], &a->lane[i_], &b->lane[i_])); }
static inline void gfl_neg(gfl out, const gfl a) { TRACE_LANEWISE(gf_neg(&out->lane[i_], &a->lane[i_])); }
static inline void gfl_weak_reduce(gfl a) { TRACE_LANEWISE(gf_weak_reduce(&a->lane[i_])); }
static inline void gfl_copy(gfl out, const gfl a) { TRACE_LANEWISE(gf_copy(&out->lane[i_], &a->lane[i_])); }
static inline void gfl_set_small(gfl out, uint32_t w) { TRACE_LANEWISE(gf_set_small(&out->lane[i_], w)); }
static inline void gfl_broadcast(gfl out, const gf_s *a) { TRACE_LANEWISE(gf_copy(&out->lane[i_], a)); }
static inline void gfl_insert(gfl out, unsigned lane, const gf_s *a) { gf_copy(&out->lane[lane], a); }
static inline void gfl_extract(gf_s *out, const gfl a, unsigned lane) { gf_copy(out, &a->lane[lane]); }
static inline void gfl_cond_swap(gfl a, gfl b, lmask_t swap) { TRACE_LANEWISE(gf_cond_swap(&a->lane[i_], &b->lane[i_], swap.lane[i_])); }
static inline void gfl_select(gfl out, const gfl a, const gfl b, lmask_t pick_b) {
    TRACE_LANEWISE(gf_select(&out->lane[i_], &a->lane[i_], &b->lane[i_], pick_b.lane[i_]));
}
static inline void gfl_cond_neg(gfl a, lmask_t neg) { TRACE_LANEWISE(gf_cond_neg(&a->lane[i_], neg.lane[i_])); }

/* out = a - b in the lanes of sub, a + b elsewhere (tight). */
static inline void gfl_addsub(gfl out, const gfl a, const gfl b, lmask_t sub) {
    for (unsigned i = 0; i < GF_LANES; i++) {
        if (sub.lane[i])
            gf_sub(&out->lane[i], &a->lane[i], &b->lane[i]);
        else
            gf_add(&out->lane[i], &a->lane[i], &b->lane[i]);
    }
}

/* Lane i of out = lane idx[i] of a: one "perm" line of the trace, so that the prover
 * sees (and its mutants change) the permutation itself. */
void trace_permute(gf_s *out, const gf_s *a, const unsigned char *idx, unsigned lanes);
static inline void gfl_permute(gfl out, const gfl a, const unsigned char idx[GF_LANES]) {
    trace_permute(out->lane, a->lane, idx, GF_LANES);
}

#endif
