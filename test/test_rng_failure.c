/*
 * The RNG-failure contract of goldilocks_x448_keypair and
 * goldilocks_ed448_keypair: -1 and all-zero outputs when getrandom(2) fails;
 * the right keys when it returns short counts or is interrupted (EINTR).
 *
 * This program links the library's objects statically, so the getrandom
 * defined here is the one the library calls (it interposes glibc's). It
 * serves scripted behaviours and logs every byte it hands out; the keys
 * are then compared with goldilocks_x448_public_key and
 * goldilocks_ed448_keypair_from_seed of the logged bytes. Every test also
 * checks that the fake was called, so none can pass because the library
 * took its bytes elsewhere.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include "goldilocks.h"
#include "check.h"

/* ---- the fake ---- */

enum { MAX_STEPS = 8, LOG_MAX = 4096 };

typedef struct {
    int fail_errno; /* 0: serve bytes; else return -1 with this errno */
    size_t max;     /* when serving: at most this many bytes (0: all asked) */
} step_t;

static struct {
    step_t steps[MAX_STEPS]; /* one per call; the last repeats */
    int n_steps;
    unsigned calls;
    unsigned bad_flags;
    uint8_t log[LOG_MAX];
    size_t logged;
} fake;

static void script(const step_t *steps, int n) {
    memset(&fake, 0, sizeof fake);
    memcpy(fake.steps, steps, (size_t)n * sizeof *steps);
    fake.n_steps = n;
}

ssize_t getrandom(void *buf, size_t len, unsigned int flags);

ssize_t getrandom(void *buf, size_t len, unsigned int flags) {
    const step_t *s = &fake.steps[fake.calls < (unsigned)fake.n_steps ? fake.calls : (unsigned)fake.n_steps - 1];
    fake.calls++;
    if (flags != 0) /* keys want the blocking urandom pool, not GRND_RANDOM or GRND_NONBLOCK */
        fake.bad_flags++;
    if (s->fail_errno) {
        errno = s->fail_errno;
        return -1;
    }
    size_t n = s->max && s->max < len ? s->max : len;
    if (fake.logged + n > LOG_MAX)
        n = 0;
    check_randbytes((uint8_t *)buf, n);
    memcpy(fake.log + fake.logged, buf, n);
    fake.logged += n;
    return (ssize_t)n;
}

/* ---- checks ---- */

/* The behaviour must fail both key pair functions with -1 and zero outputs. */
static void expect_failure(const char *name, const step_t *steps, int n) {
    uint8_t xp[56], xs[56], ep[57], es[114];
    check_test(name);

    script(steps, n);
    memset(xp, 0xAA, sizeof xp);
    memset(xs, 0xAA, sizeof xs);
    int rc = goldilocks_x448_keypair(xp, xs);
    check(fake.calls > 0, "x448_keypair: the fake getrandom was never called");
    check(rc == -1, "x448_keypair returned %d", rc);
    check(check_all_zero(xp, sizeof xp) && check_all_zero(xs, sizeof xs), "x448_keypair: outputs not all zero");

    script(steps, n);
    memset(ep, 0xAA, sizeof ep);
    memset(es, 0xAA, sizeof es);
    rc = goldilocks_ed448_keypair(ep, es);
    check(fake.calls > 0, "ed448_keypair: the fake getrandom was never called");
    check(rc == -1, "ed448_keypair returned %d", rc);
    check(check_all_zero(ep, sizeof ep) && check_all_zero(es, sizeof es), "ed448_keypair: outputs not all zero");
}

/*
 * The behaviour must give the keys of the bytes served; min_calls is how
 * many calls it takes at least (a short count must be followed by more).
 */
static void expect_keys(const char *name, const step_t *steps, int n, unsigned min_calls) {
    uint8_t xp[56], xs[56], want_xp[56], ep[57], es[114], want_ep[57], want_es[114];
    check_test(name);

    script(steps, n);
    int rc = goldilocks_x448_keypair(xp, xs);
    check(rc == 0, "x448_keypair returned %d", rc);
    check(fake.calls >= min_calls, "x448_keypair: %u getrandom calls, expected at least %u", fake.calls, min_calls);
    check(fake.logged >= 56, "x448_keypair: only %zu bytes served", fake.logged);
    check(fake.bad_flags == 0, "x448_keypair: getrandom called with flags");
    check(memcmp(xs, fake.log, 56) == 0, "x448_keypair: the secret is not the bytes getrandom returned");
    goldilocks_x448_public_key(want_xp, fake.log);
    check(memcmp(xp, want_xp, 56) == 0, "x448_keypair: pub is not X448(secret, 5)");

    script(steps, n);
    rc = goldilocks_ed448_keypair(ep, es);
    check(rc == 0, "ed448_keypair returned %d", rc);
    check(fake.calls >= min_calls, "ed448_keypair: %u getrandom calls, expected at least %u", fake.calls, min_calls);
    check(fake.logged >= 57, "ed448_keypair: only %zu bytes served", fake.logged);
    check(fake.bad_flags == 0, "ed448_keypair: getrandom called with flags");
    goldilocks_ed448_keypair_from_seed(want_ep, want_es, fake.log);
    check(memcmp(es, want_es, 114) == 0, "ed448_keypair: secret is not seed || pub of the bytes served");
    check(memcmp(ep, want_ep, 57) == 0, "ed448_keypair: pub is not the key of the bytes served");
}

int main(void) {
    check_init("test_rng_failure");

    /* Control: the fake is really the getrandom the library calls. */
    check_test("the library calls this program's getrandom");
    {
        static const step_t ok[] = {{0, 0}};
        uint8_t p[56], s[56];
        script(ok, 1);
        check(goldilocks_x448_keypair(p, s) == 0, "x448_keypair failed");
        check(fake.calls == 1 && fake.logged == 56, "%u calls, %zu bytes: the fake was not interposed as expected",
              fake.calls, fake.logged);
        check(memcmp(s, fake.log, 56) == 0, "the secret did not come from the fake");
    }

    static const step_t eio[] = {{EIO, 0}};
    expect_failure("getrandom fails at once (EIO): -1, zero outputs", eio, 1);
    static const step_t enosys[] = {{ENOSYS, 0}};
    expect_failure("getrandom does not exist (ENOSYS): -1, zero outputs", enosys, 1);
    static const step_t efault[] = {{EFAULT, 0}};
    expect_failure("getrandom fails with EFAULT: -1, zero outputs", efault, 1);
    /* a partial key was served before the failure: it must not be left in the outputs */
    static const step_t short_then_eio[] = {{0, 20}, {0, 13}, {EIO, 0}};
    expect_failure("short reads, then EIO: -1, zero outputs (no partial key)", short_then_eio, 3);
    static const step_t eintr_then_eio[] = {{EINTR, 0}, {0, 7}, {EINTR, 0}, {EIO, 0}};
    expect_failure("EINTR, a short read, EINTR, then EIO: -1, zero outputs", eintr_then_eio, 4);

    static const step_t whole[] = {{0, 0}};
    expect_keys("one full read: the keys of the bytes served", whole, 1, 1);
    static const step_t one_byte[] = {{0, 1}};
    expect_keys("one byte per call: the keys of the bytes served", one_byte, 1, 56);
    static const step_t shorts[] = {{0, 7}, {0, 1}, {0, 30}, {0, 0}};
    expect_keys("short reads of 7, 1, 30, then the rest", shorts, 4, 4);
    static const step_t eintr[] = {{EINTR, 0}, {0, 0}};
    expect_keys("EINTR, then success", eintr, 2, 2);
    static const step_t eintrs[] = {{EINTR, 0}, {EINTR, 0}, {0, 9}, {EINTR, 0}, {0, 0}};
    expect_keys("EINTR twice, a short read, EINTR, then the rest", eintrs, 5, 5);
    return check_done();
}
