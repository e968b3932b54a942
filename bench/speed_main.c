/*
 * goldilocks-speed: every operation of ours beside every peer's, measured
 * in one process, interleaved round by round.
 *
 *   goldilocks-speed [--ops LIST] [--peers LIST|none] [--seconds S] [--json FILE]
 *                    [--compact] [--instructions [--count-with PROGRAM]] [--peer-lib NAME=PATH]...
 *   goldilocks-speed --count-only [--iterations N] [--ops LIST] [--peers LIST]
 *   goldilocks-speed --stack [--ops LIST]
 *   goldilocks-speed --list
 *
 * Order of work: every contender's setup (keys, tables: never timed), then
 * one call of each and the comparison of its output with ours. On any
 * difference the differences are printed, and no table: exit status 1.
 * Then, per operation, S seconds (default 0.5; at least 5 rounds) shared by its contenders:
 * each round times a batch of calls of every contender in turn (the order
 * rotating), a batch long enough (about 20 us) for the clock. A round
 * during which the thread was off the CPU (its wall time exceeds its
 * thread CPU time) is left out; when fewer than 3 rounds are clean (a call
 * longer than the scheduler's slice on a busy machine), every round counts,
 * scaled to the thread's CPU time, and the row is marked. Reported per
 * contender: the median over the rounds of ticks per operation, ns per
 * operation (its own clock_gettime median), operations per second, the
 * fastest and the slowest round, and the ratio of its median to ours
 * (above 1: ours is faster).
 *
 * --instructions: runs itself under valgrind --tool=callgrind
 * --collect-atstart=no in --count-only mode, where each contender's loop of
 * N calls is bracketed by callgrind client requests (collection on, off,
 * dump); each dump's total divided by N is one call's instructions.
 * --count-with PROGRAM: counts by running PROGRAM (another build of
 * goldilocks-speed, with the same operations and peers) that way instead:
 * valgrind 3.19 decodes no AVX-512, so bench/speed.sh counts an avx512ifma
 * build's run with the avx2 target's program (the same single-call code).
 * The header and the JSON ("instructions_of") name it.
 *
 * --count-only: no clock at all; each (operation, contender) runs N times
 * (field rows 1000 N, batches once) inside goldilocks_speed_count_loop(), between two
 * calls of goldilocks_speed_mark(label, begin) that an instruction counter
 * (callgrind, or a qemu TCG plugin for cross builds) can bracket on.
 *
 * Exit status: 0, 1 (a mismatch, or a failure to run), 2 (usage).
 *
 * This file: the options, the choice of operations and contenders, the
 * comparison, the timing loop; the table is speed_print.c's, the counting
 * speed_count.c's.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "goldilocks.h"
#include "speed.h"
#include "ticks.h"

enum { MAX_CONT = SPEED_MAX_CONT, MAX_OPS = SPEED_MAX_OPS };

const char *speed_corrupt_op;
const char speed_no_such_op[] = "no such operation";
struct speed_run speed_run = { .seconds = 0.5, .iterations = 10 };
static struct speed_run *const R = &speed_run;

static struct {
    const char *ops, *peers, *json;
    int compact, count_only, list, stack;
} opt;

static struct speed_contender ours, loaded[MAX_CONT];

static void usage(void) {
    fprintf(stderr,
            "usage: goldilocks-speed [--ops LIST] [--peers LIST|none] [--seconds S] [--json FILE] [--compact]\n"
            "                        [--instructions [--count-with PROGRAM]] [--peer-lib NAME=PATH]...\n"
            "                        [--self-test-corrupt OP]\n"
            "       goldilocks-speed --count-only [--iterations N] [--ops LIST] [--peers LIST|none]\n"
            "       goldilocks-speed --stack [--ops LIST]\n"
            "       goldilocks-speed --list\n");
    exit(2);
}

static int in_list(const char *list, const char *name) {
    size_t n = strlen(name);
    for (const char *p = list; *p;) {
        size_t len = strcspn(p, ",");
        if (len == n && strncmp(p, name, n) == 0)
            return 1;
        p += len + (p[len] == ',');
    }
    return 0;
}

/* Every name of a comma-separated list must be one of names[]; else a usage error. */
static void check_list(const char *what, const char *list, const char *const *names, size_t n) {
    for (const char *p = list; *p;) {
        size_t len = strcspn(p, ","), i;
        for (i = 0; i < n; i++)
            if (strlen(names[i]) == len && strncmp(p, names[i], len) == 0)
                break;
        if (i == n) {
            fprintf(stderr, "goldilocks-speed: unknown %s '%.*s'; goldilocks-speed --list names them\n", what,
                    (int)len, p);
            exit(2);
        }
        p += len + (p[len] == ',');
    }
}

static void parse(int argc, char **argv) {
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--compact") == 0)
            opt.compact = 1;
        else if (strcmp(a, "--instructions") == 0)
            R->instructions = 1;
        else if (strcmp(a, "--count-only") == 0)
            opt.count_only = 1;
        else if (strcmp(a, "--list") == 0)
            opt.list = 1;
        else if (strcmp(a, "--stack") == 0)
            opt.stack = 1;
        else if (!v)
            usage();
        else if (strcmp(a, "--ops") == 0)
            opt.ops = v, i++;
        else if (strcmp(a, "--peers") == 0)
            opt.peers = v, i++;
        else if (strcmp(a, "--json") == 0)
            opt.json = v, i++;
        else if (strcmp(a, "--count-with") == 0)
            R->count_with = v, i++;
        else if (strcmp(a, "--self-test-corrupt") == 0)
            speed_corrupt_op = v, i++;
        else if (strcmp(a, "--seconds") == 0) {
            char *end;
            R->seconds = strtod(v, &end), i++;
            if (*end || !(R->seconds > 0 && R->seconds <= 3600))
                usage();
        } else if (strcmp(a, "--iterations") == 0) {
            char *end;
            R->iterations = strtol(v, &end, 10), i++;
            if (*end || R->iterations < 1 || R->iterations > 1000000)
                usage();
        } else if (strcmp(a, "--peer-lib") == 0) {
            if (!strchr(v, '=') || strchr(v, '=') == v || R->n_peer_lib == MAX_CONT - 6)
                usage();
            R->peer_lib[R->n_peer_lib++] = v, i++;
        } else
            usage();
    }
}

/* ---- the contenders and the operations ---- */

static void pick(void) {
    static const struct speed_contender *const peers[] = { &speed_openssl, &speed_libdecaf, &speed_nettle,
                                                           &speed_wolfssl };
    static struct speed_impl ours_impls[MAX_OPS];
    const char *names[MAX_OPS + MAX_CONT] = { NULL };
    size_t n_names = 0;

    /* ours: one implementation per operation of both tables */
    size_t n_all = 0;
    const struct speed_op *all[MAX_OPS];
    for (size_t i = 0; i < speed_n_ops_ours && n_all < MAX_OPS; i++)
        all[n_all++] = &speed_ops_ours[i];
    for (size_t i = 0; i < speed_n_ops_batch && n_all < MAX_OPS; i++)
        all[n_all++] = &speed_ops_batch[i];
    for (size_t i = 0; i < speed_n_ops_typed && n_all < MAX_OPS; i++)
        all[n_all++] = &speed_ops_typed[i];
    for (size_t i = 0; i < speed_n_ops_internal && n_all < MAX_OPS; i++)
        all[n_all++] = &speed_ops_internal[i];
    for (size_t i = 0; i < n_all; i++) {
        ours_impls[i] = all[i]->ours;
        names[n_names++] = all[i]->name;
    }
    if (opt.ops)
        check_list("operation", opt.ops, names, n_names);
    for (size_t i = 0; i < n_all; i++)
        if (!opt.ops || in_list(opt.ops, all[i]->name))
            R->ops[R->n_ops++] = all[i];
    ours = (struct speed_contender){ "ours", NULL, GOLDILOCKS_VERSION_STRING, ours_impls, n_all };
    R->cont[R->n_cont++] = &ours;

    /* the peers: the built-in ones, then --peer-lib */
    n_names = 0;
    for (size_t i = 0; i < sizeof peers / sizeof peers[0]; i++)
        names[n_names++] = peers[i]->name;
    for (int i = 0; i < R->n_peer_lib; i++) {
        static char peer_names[MAX_CONT][64];
        const char *eq = strchr(R->peer_lib[i], '=');
        snprintf(peer_names[i], sizeof peer_names[i], "%.*s", (int)(eq - R->peer_lib[i]), R->peer_lib[i]);
        speed_peerlib_load(&loaded[i], peer_names[i], eq + 1);
        names[n_names++] = peer_names[i];
    }
    const char *want = opt.peers && strcmp(opt.peers, "none") == 0 ? "" : opt.peers;
    if (want)
        check_list("peer", want, names, n_names);
    for (size_t i = 0; i < sizeof peers / sizeof peers[0]; i++)
        if (!want || in_list(want, peers[i]->name))
            R->cont[R->n_cont++] = peers[i];
    for (int i = 0; i < R->n_peer_lib; i++)
        if (!want || in_list(want, loaded[i].name))
            R->cont[R->n_cont++] = &loaded[i];
}

static const struct speed_impl *find_impl(const struct speed_contender *c, const char *op) {
    for (size_t i = 0; i < c->n_impls; i++)
        if (strcmp(c->impls[i].op, op) == 0)
            return &c->impls[i];
    return NULL;
}

/* The two outputs from their first difference on (at most 64 bytes of each). */
static void show_difference(const char *name, const uint8_t *want, size_t want_len, const uint8_t *got,
                            size_t got_len) {
    size_t first = 0;
    while (first < want_len && first < got_len && want[first] == got[first])
        first++;
    printf("  from byte %zu (ours %zu bytes, %s's %zu):\n", first, want_len, name, got_len);
    for (int k = 0; k < 2; k++) {
        const uint8_t *p = k ? got : want;
        size_t len = k ? got_len : want_len;
        printf("  %-10s", k ? name : "ours");
        for (size_t i = first; i < len && i < first + 64; i++)
            printf("%02x", p[i]);
        printf("\n");
    }
}

/* Setup and one call of each; returns the number of differences from ours (printed). */
static int prepare_and_compare(void) {
    int differences = 0;
    for (size_t o = 0; o < R->n_ops; o++) {
        static uint8_t want[SPEED_OUT_MAX], got[SPEED_OUT_MAX];
        size_t want_len = 0;
        for (size_t c = 0; c < R->n_cont; c++) {
            struct speed_result *r = &SPEED_RES(o, c);
            const struct speed_impl *im = R->cont[c]->missing ? NULL : find_impl(R->cont[c], R->ops[o]->name);
            r->instructions = -1;
            if (R->cont[c]->missing)
                r->missing = R->cont[c]->missing;
            else if (!im)
                r->missing = speed_no_such_op;
            else if (im->setup && (r->missing = im->setup()) != NULL)
                im = NULL;
            R->impl[o][c] = r->missing ? NULL : im;
            if (!R->impl[o][c])
                continue;
            im->run();
            size_t len = im->output(got);
            if (c == 0) {
                if (speed_corrupt_op && strcmp(speed_corrupt_op, R->ops[o]->name) == 0)
                    got[0] ^= 1; /* the planted mismatch of --self-test-corrupt */
                memcpy(want, got, len);
                want_len = len;
                continue;
            }
            if (R->impl[o][0] && (len != want_len || memcmp(got, want, len) != 0)) {
                printf("MISMATCH %s: %s differs from ours\n", R->ops[o]->name, R->cont[c]->name);
                show_difference(R->cont[c]->name, want, want_len, got, len);
                differences++;
            }
        }
    }
    return differences;
}

/* ---- timing ---- */

/* One contender's rounds: the clean ones, and every one scaled to the thread's CPU time. */
struct series {
    double *ticks, *ns, *cpu_ticks, *cpu_ns;
    size_t n, n_all, cap;
    unsigned long calls;
};

static void push(struct series *s, double ticks, double ns, double cpu_ns) {
    if (s->n_all == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 256;
        double **arrays[] = { &s->ticks, &s->ns, &s->cpu_ticks, &s->cpu_ns };
        for (int i = 0; i < 4; i++)
            if (!(*arrays[i] = realloc(*arrays[i], s->cap * sizeof **arrays[i]))) {
                fprintf(stderr, "goldilocks-speed: out of memory\n");
                exit(1);
            }
    }
    /* preempted: more than 2% (and 1 us) of the wall time was spent off the CPU */
    if (ns <= cpu_ns * 1.02 + 1000) {
        s->ticks[s->n] = ticks;
        s->ns[s->n++] = ns;
    }
    s->cpu_ticks[s->n_all] = ns > 0 ? ticks * (cpu_ns < ns ? cpu_ns / ns : 1) : ticks;
    s->cpu_ns[s->n_all++] = cpu_ns < ns ? cpu_ns : ns;
}

/* The clean rounds when there are 3 or more, else every round at CPU time. */
static void summarize(struct series *s, double per, struct speed_stats *st) {
    int clean = s->n >= 3;
    size_t n = clean ? s->n : s->n_all;
    double *t = clean ? s->ticks : s->cpu_ticks, *ns = clean ? s->ns : s->cpu_ns;
    for (size_t i = 0; i < n; i++)
        t[i] /= per, ns[i] /= per;
    speed_summarize(t, ns, n, st);
    st->calls = s->calls;
    st->preempted = clean ? (unsigned long)(s->n_all - s->n) : 0;
    st->cpu_clock = !clean;
    free(s->ticks), free(s->ns), free(s->cpu_ticks), free(s->cpu_ns);
}

/* Calls per batch: doubled until a batch takes 20 us (the clock's error is then below 0.1%). */
static unsigned long calibrate(const struct speed_impl *im) {
    unsigned long calls = 1;
    for (;;) {
        uint64_t t0 = ticks_ns();
        for (unsigned long i = 0; i < calls; i++)
            im->run();
        if (ticks_ns() - t0 >= 20000 || calls >= (1ul << 24))
            return calls;
        calls *= 2;
    }
}

static void time_op(size_t o) {
    struct series s[MAX_CONT] = { { 0 } };
    size_t live[MAX_CONT], n_live = 0;
    for (size_t c = 0; c < R->n_cont; c++)
        if (R->impl[o][c]) {
            live[n_live++] = c;
            s[c].calls = calibrate(R->impl[o][c]);
        }
    if (!n_live)
        return;
    uint64_t start = ticks_ns(), budget = (uint64_t)(R->seconds * 1e9);
    double per = (double)R->ops[o]->items;
    for (unsigned long round = 0; round < 1000000; round++) {
        if (round >= 5 && ticks_ns() - start >= budget)
            break;
        for (size_t k = 0; k < n_live; k++) {
            size_t c = live[(round + k) % n_live];
            void (*run)(void) = R->impl[o][c]->run;
            unsigned long calls = s[c].calls;
            uint64_t c0 = ticks_cpu_ns(), n0 = ticks_ns(), t0 = ticks();
            for (unsigned long i = 0; i < calls; i++)
                run();
            uint64_t t1 = ticks(), n1 = ticks_ns(), c1 = ticks_cpu_ns();
            double k = (double)calls;
            push(&s[c], (double)(t1 - t0) / k, (double)(n1 - n0) / k, (double)(c1 - c0) / k);
        }
    }
    for (size_t k = 0; k < n_live; k++)
        summarize(&s[live[k]], per, &SPEED_RES(o, live[k]).st);
}

int main(int argc, char **argv) {
    parse(argc, argv);
    pick();
    if (opt.list) {
        for (size_t o = 0; o < R->n_ops; o++)
            printf("%-26s %s\n", R->ops[o]->name, R->ops[o]->what);
        printf("peers:");
        for (size_t c = 1; c < R->n_cont; c++)
            printf(" %s%s", R->cont[c]->name, R->cont[c]->missing ? " (missing)" : "");
        printf("\n");
        return 0;
    }
    speed_inputs_init();
    int differences = prepare_and_compare();
    if (differences) {
        printf("goldilocks-speed: %d output%s differ%s from ours: no table\n", differences, differences > 1 ? "s" : "",
               differences > 1 ? "" : "s");
        return 1;
    }
    if (opt.count_only)
        return speed_count_only();
    if (opt.stack)
        return speed_stack();

    struct speed_machine m;
    speed_machine_info(&m);
    speed_print_header(&m);
    fflush(stdout);
    if (R->instructions && speed_count_instructions(argv[0]) != 0)
        return 1;
    int tty = isatty(2);
    for (size_t o = 0; o < R->n_ops; o++) {
        fprintf(stderr, "%s[%zu/%zu] %-26s%s", tty ? "\r" : "", o + 1, R->n_ops, R->ops[o]->name, tty ? "" : "\n");
        fflush(stderr);
        time_op(o);
    }
    if (tty)
        fprintf(stderr, "\r%60s\r", "");
    speed_print_table();
    if (opt.compact)
        speed_print_compact();
    if (opt.json) {
        struct speed_report r = { &m, R->seconds, R->ops, R->n_ops, R->cont, R->n_cont, R->res,
                                  R->instructions ? R->count_with : NULL };
        if (speed_json_write(opt.json, &r) != 0) {
            fprintf(stderr, "goldilocks-speed: cannot write %s: %s\n", opt.json, strerror(errno));
            return 1;
        }
    }
    return 0;
}
