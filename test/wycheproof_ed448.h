/*
 * The cases of Wycheproof's ed448_test.json (test/vectors/), read once for
 * every program that checks a verifier against them: each case's key,
 * signature, message and verdict, and whether its key and signature have
 * the sizes of the fixed-size API (57 and 114 bytes; the others are invalid
 * and cannot reach it). Header-only.
 */
#ifndef GOLDILOCKS_TEST_WYCHEPROOF_ED448_H
#define GOLDILOCKS_TEST_WYCHEPROOF_ED448_H

#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "json.h"

typedef struct {
    int id;              /* tcId */
    const char *comment;
    int valid;           /* result "valid" (else "invalid") */
    int fixed_size;      /* pub and sig below hold the case's 57 and 114 bytes */
    uint8_t pub[57], sig[114];
    const uint8_t *msg;
    size_t msg_len;
} wycheproof_ed448_case;

/*
 * Calls each(c, arg) for every case, in file order; returns how many, or 0
 * (with a failed check) when the file cannot be read.
 */
static inline size_t wycheproof_ed448_each(void (*each)(const wycheproof_ed448_case *c, void *arg), void *arg) {
    json_value *v = json_load(check_vector_path("wycheproof_ed448_test.json"));
    if (!check(v != NULL, "cannot read wycheproof_ed448_test.json"))
        return 0;
    size_t total = 0;
    const json_value *groups = json_get(v, "testGroups");
    for (size_t g = 0; g < json_len(groups); g++) {
        const json_value *grp = json_at(groups, g);
        wycheproof_ed448_case c;
        int publen = check_unhex(c.pub, sizeof c.pub, json_get_str(json_get(grp, "publicKey"), "pk"));
        const json_value *tests = json_get(grp, "tests");
        for (size_t i = 0; i < json_len(tests); i++, total++) {
            const json_value *t = json_at(tests, i);
            const char *sighex = json_get_str(t, "sig");
            uint8_t *msg;
            int mlen = check_unhex_alloc(&msg, json_get_str(t, "msg"));
            c.id = (int)json_num(json_get(t, "tcId"));
            c.comment = json_get_str(t, "comment");
            c.valid = strcmp(json_get_str(t, "result"), "valid") == 0;
            c.fixed_size = publen == 57 && mlen >= 0 && strlen(sighex) == 2 * 114 &&
                           check_unhex(c.sig, sizeof c.sig, sighex) == 114;
            c.msg = msg;
            c.msg_len = mlen > 0 ? (size_t)mlen : 0;
            each(&c, arg);
            free(msg);
        }
    }
    json_free(v);
    return total;
}

#endif
