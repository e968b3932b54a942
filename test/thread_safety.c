/*
 * The library keeps no state between calls, so concurrent calls must give
 * the same bytes as sequential ones: each thread repeats X448, Ed448
 * sign/verify and decaf448 on its own inputs, and the results are compared
 * with the ones computed first on the main thread.
 */
#include <pthread.h>
#include <string.h>
#include "check.h"
#include "goldilocks.h"

enum { THREADS = 4, ROUNDS = 20 };

typedef struct {
    uint8_t seed[57], x_secret[56], x_peer[56], decaf_scalar[56], msg[100];
    uint8_t sig[114], shared[56], decaf[56]; /* computed */
    int ok;
} job_t;

static void compute(job_t *j) {
    uint8_t pub[57], secret[114], peer_pub[56];
    goldilocks_ed448_keypair_from_seed(pub, secret, j->seed);
    j->ok = goldilocks_ed448_sign(j->sig, secret, j->msg, sizeof j->msg, (const uint8_t *)"ctx", 3) == 0;
    j->ok &= goldilocks_ed448_verify(j->sig, pub, j->msg, sizeof j->msg, (const uint8_t *)"ctx", 3) == 0;
    goldilocks_x448_public_key(peer_pub, j->x_peer);
    j->ok &= goldilocks_x448(j->shared, j->x_secret, peer_pub) == 0;
    j->ok &= goldilocks_decaf448_scalarmult_base(j->decaf, j->decaf_scalar) == 0;
}

static void *worker(void *arg) {
    const job_t *want = arg;
    for (int r = 0; r < ROUNDS; r++) {
        job_t j;
        memcpy(&j, want, sizeof j);
        compute(&j);
        if (!j.ok || memcmp(j.sig, want->sig, sizeof j.sig) || memcmp(j.shared, want->shared, sizeof j.shared) ||
            memcmp(j.decaf, want->decaf, sizeof j.decaf))
            return (void *)1;
    }
    return NULL;
}

int main(void) {
    check_init("thread_safety");
    check_test("concurrent calls give the sequential results");
    job_t jobs[THREADS];
    for (int t = 0; t < THREADS; t++) {
        job_t *j = &jobs[t];
        check_randbytes(j->seed, sizeof j->seed);
        check_randbytes(j->x_secret, sizeof j->x_secret);
        check_randbytes(j->x_peer, sizeof j->x_peer);
        check_randbytes(j->decaf_scalar, sizeof j->decaf_scalar);
        check_randbytes(j->msg, sizeof j->msg);
        compute(j);
        check(j->ok, "thread %d: sequential sign/verify or x448 failed", t);
    }
    pthread_t tid[THREADS];
    for (int t = 0; t < THREADS; t++)
        check(pthread_create(&tid[t], NULL, worker, &jobs[t]) == 0, "pthread_create %d", t);
    for (int t = 0; t < THREADS; t++) {
        void *result = (void *)1;
        check(pthread_join(tid[t], &result) == 0 && result == NULL, "thread %d differs", t);
    }
    return check_done();
}
