/*
 * A planted mutant of the r50 curve code, built by the tests only (never in
 * the library): one real source of src/backend/r50/ with one primitive it
 * uses replaced by a leaking one. Both checks must refuse it, or they check
 * nothing of the curve code:
 *
 * -DPLANT_BRANCH  x448_ladder_r50.c whose swap (r50_cswap) branches on the
 *                 secret scalar bit: replaces x448_ladder_r50.o;
 * -DPLANT_INDEX   point_scalarmul_r50.c whose table lookup (gf4r50_lookup)
 *                 reads the entry at the secret digit: replaces
 *                 point_scalarmul_r50.o.
 *
 * Either way the results are unchanged (the tests that link it still pass):
 * only the time and the addresses leak. test/straightline_check.py must refuse
 * its avx512ifma build (--plant), and valgrind must report ct_secrets linked
 * with its r50-portable build (test/ct_plant_check.py).
 */
#if defined(PLANT_BRANCH) == defined(PLANT_INDEX)
#error "build with exactly one of -DPLANT_BRANCH and -DPLANT_INDEX"
#endif

#ifdef PLANT_BRANCH
#include "x448_ladder_r50_step.h"

/* (x2, z2) <-> (x3, z3) when swap is set: an `if` on the secret bit. */
static inline __attribute__((always_inline)) void planted_cswap(void *state, const void *arg, mask_t swap) {
    r50_state *s = state;
    const r50_args *a = arg;
    if (swap) {
        gf4r50_permute(s->t, s->st, a->cross);
        s->st[0] = s->t[0];
    }
}
/* The header's r50_cswap is defined already (include guard): the ladder's use becomes the plant. */
#define r50_cswap planted_cswap
#include "../src/backend/r50/x448_ladder_r50.c"

#else
#include "point_r50.h"

/* out = table[index]: an address from the secret digit. */
static inline __attribute__((always_inline)) void planted_lookup(gf4r50 out, const gf4r50_s *table, unsigned n,
                                                                 uint32_t index) {
    (void)n;
    out[0] = table[index];
}
#define gf4r50_lookup planted_lookup
#include "../src/backend/r50/point_scalarmul_r50.c"
#endif
