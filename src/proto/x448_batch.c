/*
 * goldilocks_x448_batch: n X448 shared secrets, GF_LANES at a time, on the
 * lane API of field.h. Each group of GF_LANES items runs the ladder of RFC
 * 7748 section 5 (x448_ladder_step.h's step, as x448_ladder.c does) in
 * every lane at once, with a conditional swap per lane from that lane's own
 * scalar bit, and shares one lane-parallel inversion at the end. Lanes beyond n in the last group
 * compute on public dummy inputs whose results are discarded.
 */
#include <string.h>
#include "goldilocks.h"
#include "field.h"
#include "ct.h"
#include "x448_ladder.h"
#include "x448_ladder_step.h"
#include "batch_n.h"

/* The inputs of one group, copied out of the caller's arrays (see stage()). */
typedef struct {
    uint8_t secret[GF_LANES][GOLDILOCKS_X448_BYTES];
    uint8_t peer[GF_LANES][GOLDILOCKS_X448_BYTES];
} group_in;

/* Everything the ladder keeps that depends on the scalars, to be wiped in one go. */
typedef struct {
    uint8_t k[GF_LANES][GOLDILOCKS_X448_BYTES];
    mask_t swap[GF_LANES], bit[GF_LANES];
    gf u;
    gfl x1, x2, z2, x3, z3;
    gfl t0, t1, t2, t3;
} lanes_state;

/*
 * x448_ladder_step.h's step on gfl with the pending swap of each lane, in four
 * temporaries (a gfl is GF_LANES elements: a vector layout's frame would
 * otherwise near the stack wipe's reach): A, B, C, D in t0..t3, the swapped
 * pair's A and B in x2 and z2 (free by then), DA and CB over D and C, AA and
 * BB in t0 and t1, E over DA.
 */
static inline __attribute__((always_inline)) void lanes_step(lanes_state *s, lmask_t swap) {
    X448_LADDER_STEP(gfl, s->x1, swap, s->x2, s->z2, s->x3, s->z3, s->t0, s->t1, s->t2, s->t3, s->x2, s->z2, s->t0,
                     s->t1, s->t3, s->t2, s->t3, (void)0);
}

/*
 * Copies the inputs of items first .. first + GF_LANES - 1 into in; lanes
 * at or past n get the public dummy (secret 0, peer u = 5). Reads only
 * secret[0 .. n) and peer[0 .. n).
 */
static void stage(group_in *in, size_t first, size_t n, const uint8_t (*secret)[GOLDILOCKS_X448_BYTES],
                  const uint8_t (*peer)[GOLDILOCKS_X448_BYTES]) {
    for (size_t l = 0; l < GF_LANES; l++) {
        if (first + l < n) { /* public: the item count */
            memcpy(in->secret[l], secret[first + l], GOLDILOCKS_X448_BYTES);
            memcpy(in->peer[l], peer[first + l], GOLDILOCKS_X448_BYTES);
        } else {
            memset(in->secret[l], 0, GOLDILOCKS_X448_BYTES);
            memset(in->peer[l], 0, GOLDILOCKS_X448_BYTES);
            in->peer[l][0] = 5;
        }
    }
}

/*
 * out[l] = X448(in->secret[l], in->peer[l]) for every lane l, as
 * goldilocks_x448 computes it (clamping, decodeUCoordinate, the ladder,
 * x2 / z2, which is 0 for z2 = 0); zero[l] is all ones when out[l] is all
 * zero. in is read whole before out is written. Not inlined: its frame,
 * which holds the state of GF_LANES ladders (and whatever the compiler
 * spills there), then lies below the caller's, where ct_wipe_stack clears.
 */
/*
 * With one lane (the portable lane layout) a group is the single call's ladder
 * (x448_ladder, the target's own: portable, lanes2 or r50), which the lane form only
 * wraps: on ref64, Zen 3, the lane form ran 0.91 of the single calls' speed.
 */
static void ladder_single(uint8_t out[GF_LANES][GOLDILOCKS_X448_BYTES], mask_t zero[GF_LANES], const group_in *in) {
    gf u;
    for (unsigned l = 0; l < GF_LANES; l++) {
        (void)gf_deserialize(u, in->peer[l]);
        zero[l] = x448_ladder(out[l], in->secret[l], u);
    }
    ct_wipe(u, sizeof u);
}

__attribute__((noinline)) static void ladder_lanes(uint8_t out[GF_LANES][GOLDILOCKS_X448_BYTES], mask_t zero[GF_LANES], const group_in *in) {
    lanes_state s;

    gfl_set_small(s.x1, 0); /* gfl_insert keeps the other lanes: they must hold something */
    for (unsigned l = 0; l < GF_LANES; l++) {
        x448_clamp(s.k[l], in->secret[l]);
        /* decodeUCoordinate: all 448 bits, reduced mod p */
        (void)gf_deserialize(s.u, in->peer[l]);
        gfl_insert(s.x1, l, s.u);
        s.swap[l] = 0;
    }
    gfl_set_small(s.x2, 1);
    gfl_set_small(s.z2, 0);
    gfl_copy(s.x3, s.x1);
    gfl_set_small(s.z3, 1);

    for (int t = 447; t >= 0; t--) {
        /* t is public; each lane's bit is taken from its own scalar by masks */
        for (unsigned l = 0; l < GF_LANES; l++) {
            s.bit[l] = ct_mask_from_bit((uint32_t)(s.k[l][t >> 3] >> (t & 7)));
            s.swap[l] ^= s.bit[l];
        }
        lmask_t swap = lmask_make(s.swap);
        memcpy(s.swap, s.bit, sizeof s.swap);

        lanes_step(&s, swap);
    }
    /* swap is now every lane's k_0, which clamping made 0; kept as the RFC writes it */
    lmask_t swap = lmask_make(s.swap);
    gfl_select(s.x2, s.x2, s.x3, swap);
    gfl_select(s.z2, s.z2, s.z3, swap);

    /* x2 / z2 in every lane by one inversion; a lane with z2 = 0 gives 0 */
    gfl_invert(s.z2, s.z2);
    gfl_mul(s.x2, s.x2, s.z2);
    for (unsigned l = 0; l < GF_LANES; l++) {
        gfl_extract(s.u, s.x2, l);
        gf_serialize(out[l], s.u);
        zero[l] = ct_mask_bytes_zero(out[l], GOLDILOCKS_X448_BYTES);
    }
    ct_wipe(&s, sizeof s);
}

int goldilocks_x448_batch(size_t n, uint8_t shared[][GOLDILOCKS_X448_BYTES], int rc[],
                          const uint8_t secret[][GOLDILOCKS_X448_BYTES], const uint8_t peer[][GOLDILOCKS_X448_BYTES]) {
    if (n == 0)
        return 0;
    if (batch_n_impossible(n, GOLDILOCKS_X448_BYTES))
        return -1; /* no array of n items exists: none is touched */
    if (!shared || !secret || !peer) {
        /* what n single calls give: every output zero, every item -1 */
        if (shared)
            memset(shared, 0, n * GOLDILOCKS_X448_BYTES);
        if (rc)
            for (size_t i = 0; i < n; i++)
                rc[i] = -1;
        return -1;
    }

    group_in in;
    uint8_t out[GF_LANES][GOLDILOCKS_X448_BYTES];
    mask_t zero[GF_LANES];
    int status = 0;

    stage(&in, 0, n, secret, peer);
    for (size_t first = 0; first < n; first += GF_LANES) {
        if (GF_LANES == 1)
            ladder_single(out, zero, &in);
        else
            ladder_lanes(out, zero, &in);
        /* The next group's inputs are copied before this group's outputs are
         * written: shared may then lie up to GF_LANES items past the inputs
         * (the header promises less than one), and any distance before them. */
        if (n - first > GF_LANES)
            stage(&in, first + GF_LANES, n, secret, peer);
        for (size_t l = 0; l < GF_LANES && first + l < n; l++) {
            /* an all-zero result is already an all-zero output; only rc says so */
            memcpy(shared[first + l], out[l], GOLDILOCKS_X448_BYTES);
            int r = -(int)(zero[l] & 1);
            if (rc)
                rc[first + l] = r;
            status |= r;
        }
    }
    ct_wipe(&in, sizeof in);
    ct_wipe(out, sizeof out);
    ct_wipe(zero, sizeof zero);
    ct_wipe_stack();
    return status;
}
