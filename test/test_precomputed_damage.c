/*
 * Damaged precomputed tables fail closed: truncated at every offset (a short
 * read into a zeroed struct), windows of zeros or of 0xFF, a flipped bit in
 * every byte, entries swapped, and another key's entries under this key's
 * header. Each damaged table is tried with the fixture's inputs
 * (precomputed_damage.h) and must be refused or give exactly what
 * goldilocks_ed448_verify and goldilocks_x448 give; the forgery R = identity,
 * S = 0 and the other key's signature against this key's hash are among them.
 */
#include <stdio.h>
#include <string.h>
#include "check.h"
#include "precomputed_damage.h"

static damage_fixture f;
static goldilocks_ed448_precomputed ed_bad;
static struct goldilocks_x448_precomputed x_bad;

enum { ED_BYTES = GOLDILOCKS_ED448_PRECOMPUTED_BYTES, X_BYTES = GOLDILOCKS_X448_PRECOMPUTED_BYTES, HEADER = 128 };

/* One damaged copy of each table, built by `damage` from the good one, checked against the rule. */
typedef void damage_fn(uint8_t *t, size_t n, size_t at, const uint8_t *other);

static void truncate_at(uint8_t *t, size_t n, size_t at, const uint8_t *other) {
    (void)other;
    memset(t + at, 0, n - at);
}

static void flip_bit(uint8_t *t, size_t n, size_t at, const uint8_t *other) {
    (void)n;
    (void)other;
    t[at] ^= (uint8_t)(1u << (at * 5 % 8));
}

static void zero_window(uint8_t *t, size_t n, size_t at, const uint8_t *other) {
    (void)other;
    memset(t + at, 0, n - at < 192 ? n - at : 192);
}

static void ff_window(uint8_t *t, size_t n, size_t at, const uint8_t *other) {
    (void)other;
    memset(t + at, 0xff, n - at < 192 ? n - at : 192);
}

static void ff_tail(uint8_t *t, size_t n, size_t at, const uint8_t *other) {
    (void)other;
    memset(t + at, 0xff, n - at);
}

/* The 192-byte block at `at` swapped with the one after it. */
static void swap_blocks(uint8_t *t, size_t n, size_t at, const uint8_t *other) {
    (void)other;
    uint8_t tmp[192];
    if (at + 2 * sizeof tmp > n)
        return;
    memcpy(tmp, t + at, sizeof tmp);
    memcpy(t + at, t + at + sizeof tmp, sizeof tmp);
    memcpy(t + at + sizeof tmp, tmp, sizeof tmp);
}

/* Another key's table from `at` on, under this key's header (at >= HEADER). */
static void other_entries(uint8_t *t, size_t n, size_t at, const uint8_t *other) {
    memcpy(t + at, other + at, n - at);
}

typedef struct {
    const char *name;
    damage_fn *fn;
    size_t from, step; /* offsets from, from + step, ... below the table's size */
} damage_kind;

static const damage_kind kinds[] = {
    { "truncated", truncate_at, 0, 1 },
    { "bit flipped", flip_bit, 0, 1 },
    { "zero window", zero_window, 0, 61 },
    { "0xff window", ff_window, 0, 61 },
    { "0xff tail", ff_tail, 0, 97 },
    { "entries swapped", swap_blocks, HEADER, 64 },
    { "another key's entries", other_entries, HEADER, 64 },
};

static void run_kind(const damage_kind *k, int ed) {
    check_test(ed ? "ed448 table damaged" : "x448 table damaged");
    size_t n = ed ? ED_BYTES : X_BYTES, tried = 0, refused_or_exact = 0;
    /* Under an emulator every 10th offset (check_quick), shifted so that all residues get their turn. */
    size_t step = k->step * (check_quick() ? 7 : 1);
    for (size_t at = k->from; at < n; at += step) {
        char what[96];
        snprintf(what, sizeof what, "%s at %zu", k->name, at);
        int ok;
        if (ed) {
            memcpy(&ed_bad, &f.ed, n);
            k->fn((uint8_t *)&ed_bad, n, at, (const uint8_t *)&f.ed2);
            ok = damage_ed_rule_holds(&f, &ed_bad, what);
        } else {
            memcpy(&x_bad, &f.x, n);
            k->fn((uint8_t *)&x_bad, n, at, (const uint8_t *)&f.x2);
            ok = damage_x_rule_holds(&f, &x_bad, what);
        }
        tried++;
        refused_or_exact += ok;
        if (!ok)
            break; /* the first failure is printed; the rest of this kind would repeat it */
    }
    check(tried > 0 && refused_or_exact == tried, "%s: %zu of %zu damaged %s tables refused or exact", k->name,
          refused_or_exact, tried, ed ? "ed448" : "x448");
}

/* The undamaged tables answer as the plain calls, so the rule is not met by refusing everything. */
static void test_intact(void) {
    check_test("intact tables give the plain calls' answers");
    for (int i = 0; i < DAMAGE_SIGS; i++)
        check(goldilocks_ed448_verify_precomputed(f.sig[i], &f.ed, f.msg, DAMAGE_MSG, NULL, 0) == f.sig_verdict[i],
              "signature %d", i);
    for (int i = 0; i < DAMAGE_SECRETS; i++) {
        uint8_t out[DAMAGE_X];
        int rc = goldilocks_x448_precomputed(out, f.secret[i], &f.x);
        check(rc == f.shared_rc[i] && memcmp(out, f.shared[i], DAMAGE_X) == 0, "secret %d", i);
    }
}

int main(int argc, char **argv) {
    check_init("test_precomputed_damage");
    (void)check_slow(argc, argv);
    uint8_t seed[96];
    check_randbytes(seed, sizeof seed);
    if (!check(damage_fixture_init(&f, seed) == 0, "fixture"))
        return check_done();
    test_intact();
    for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++) {
        run_kind(&kinds[i], 1);
        run_kind(&kinds[i], 0);
    }
    return check_done();
}
