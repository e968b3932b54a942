/*
 * goldilocks-speed's inputs: the same bytes in every run (splitmix64 from a
 * fixed seed), the keys and signatures made with our public API. Every
 * contender's output on them is compared with ours before timing, so an
 * input made wrongly here shows up as a mismatch, not as a figure.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "goldilocks.h"
#include "speed.h"

struct speed_inputs speed_in;

void speed_fill(uint8_t *p, size_t len, uint64_t *state) {
    for (size_t i = 0; i < len; i++) {
        uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        p[i] = (uint8_t)((z ^ (z >> 31)) >> 56);
    }
}

static void need(int rc, const char *what) {
    if (rc != 0) {
        fprintf(stderr, "goldilocks-speed: making the inputs: %s failed\n", what);
        exit(1);
    }
}

void speed_inputs_init(void) {
    struct speed_inputs *in = &speed_in;
    uint64_t s = 0x6011d10c5ull;
    uint8_t peer_secret[56], base_scalar[56];
    speed_fill(in->x_secret, 56, &s);
    speed_fill(peer_secret, 56, &s);
    goldilocks_x448_public_key(in->x_peer, peer_secret);
    speed_fill(in->ed_seed, 57, &s);
    goldilocks_ed448_keypair_from_seed(in->ed_pub, in->ed_secret, in->ed_seed);
    speed_fill(in->msg_short, sizeof in->msg_short, &s);
    speed_fill(in->msg_long, sizeof in->msg_long, &s);
    need(goldilocks_ed448_sign(in->sig_short, in->ed_secret, in->msg_short, sizeof in->msg_short, NULL, 0),
         "ed448_sign");
    need(goldilocks_ed448_sign(in->sig_long, in->ed_secret, in->msg_long, sizeof in->msg_long, NULL, 0),
         "ed448_sign");
    need(goldilocks_ed448ph_sign(in->sig_ph, in->ed_secret, in->msg_long, sizeof in->msg_long, NULL, 0),
         "ed448ph_sign");
    speed_fill(base_scalar, 56, &s);
    speed_fill(in->dc_scalar, 56, &s);
    need(goldilocks_decaf448_scalarmult_base(in->dc_point, base_scalar), "decaf448_scalarmult_base");
    for (int i = 0; i < SPEED_BATCH_MAX; i++) {
        uint8_t seed[57], other[56];
        speed_fill(seed, 57, &s);
        speed_fill(in->b_msg[i], SPEED_MSG_SHORT, &s);
        goldilocks_ed448_keypair_from_seed(in->b_pub[i], in->b_ed_secret[i], seed);
        need(goldilocks_ed448_sign(in->b_sig[i], in->b_ed_secret[i], in->b_msg[i], SPEED_MSG_SHORT, NULL, 0),
             "ed448_sign");
        speed_fill(in->b_x_secret[i], 56, &s);
        speed_fill(other, 56, &s);
        goldilocks_x448_public_key(in->b_x_peer[i], other);
        speed_fill(in->b_dc_scalar[i], 56, &s);
        speed_fill(other, 56, &s);
        need(goldilocks_decaf448_scalarmult_base(in->b_dc_point[i], other), "decaf448_scalarmult_base");
        in->b_sigp[i] = in->b_sig[i];
        in->b_pubp[i] = in->b_pub[i];
        in->b_msgp[i] = in->b_msg[i];
        in->b_msg_len[i] = SPEED_MSG_SHORT;
    }
    speed_fill(in->t_u1, 112, &s);
    speed_fill(in->t_u2, 112, &s);
    speed_fill(in->t_wa, 112, &s);
    speed_fill(in->t_wb, 112, &s);
    speed_fill(in->t_uniform, 112, &s);
    speed_fill(in->t_wide, 112, &s);
    speed_fill(in->t_bytes, 56, &s);
    in->t_bytes[55] &= 0x3f; /* below 2^446 < l: canonical */
    memcpy(in->b_bad_sig, in->b_sig, sizeof in->b_bad_sig);
    in->b_bad_sig[SPEED_BATCH_BAD][60] ^= 1;
    for (int i = 0; i < SPEED_BATCH_MAX; i++)
        in->b_bad_sigp[i] = in->b_bad_sig[i];
}
