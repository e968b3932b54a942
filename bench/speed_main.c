/*
 * goldilocks-speed: every operation of ours beside every peer's, measured
 * in one process, interleaved round by round.
 *
 *   goldilocks-speed [--ops LIST] [--peers LIST|none] [--seconds S] [--json FILE]
 *                    [--compact] [--instructions] [--peer-lib NAME=PATH]...
 *   goldilocks-speed --count-only [--iterations N] [--ops LIST] [--peers LIST]
 *   goldilocks-speed --list
 *
 * Order of work: every contender's setup (keys, tables: never timed), then
 * one call of each and the comparison of its output with ours. On any
 * difference the differences are printed, and no table: exit status 1.
 * Then, per operation, S seconds (default 0.5) shared by its contenders:
 * each round times a batch of calls of every contender in turn (the order
 * rotating), a batch long enough (about 20 us) for the clock; reported per
 * contender: the median over the rounds of ticks per operation, ns per
 * operation (its own clock_gettime median), operations per second, the
 * fastest and the slowest round, and the ratio of its median to ours
 * (above 1: ours is faster).
 *
 * --instructions: runs itself under valgrind --tool=callgrind
 * --collect-atstart=no in --count-only mode, where each contender's loop of
 * N calls is bracketed by callgrind client requests (collection on, off,
 * dump); each dump's total divided by N is one call's instructions.
 *
 * --count-only: no clock at all; each (operation, contender) runs N times
 * (field rows 1000 N, batches once) inside goldilocks_speed_count_loop(), between two
 * calls of goldilocks_speed_mark(label, begin) that an instruction counter
 * (callgrind, or a qemu TCG plugin for cross builds) can bracket on.
 *
 * Exit status: 0, 1 (a mismatch, or a failure to run), 2 (usage).
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "goldilocks.h"
#include "speed.h"

#ifdef HAVE_VALGRIND
#include <valgrind/callgrind.h>
#endif

enum { MAX_CONT = 16, MAX_OPS = 64 };

const char *speed_corrupt_op;
static const char NO_SUCH_OP[] = "no such operation";

static struct {
    const char *ops, *peers, *json;
    double seconds;
    int compact, instructions, count_only, list;
    long iterations;
    const char *peer_lib[MAX_CONT];
    int n_peer_lib;
} opt = { NULL, NULL, NULL, 0.5, 0, 0, 0, 0, 10, { NULL }, 0 };

static const struct speed_op *ops[MAX_OPS];
static size_t n_ops;
static struct speed_contender ours, loaded[MAX_CONT];
static const struct speed_contender *cont[MAX_CONT];
static size_t n_cont;
static const struct speed_impl *impl[MAX_OPS][MAX_CONT]; /* NULL: missing (res says why) */
static struct speed_result res[MAX_OPS * MAX_CONT];
#define RES(op, c) res[(op) * n_cont + (c)]

static void usage(void) {
    fprintf(stderr,
            "usage: goldilocks-speed [--ops LIST] [--peers LIST|none] [--seconds S] [--json FILE] [--compact]\n"
            "                        [--instructions] [--peer-lib NAME=PATH]... [--self-test-corrupt OP]\n"
            "       goldilocks-speed --count-only [--iterations N] [--ops LIST] [--peers LIST|none]\n"
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
            opt.instructions = 1;
        else if (strcmp(a, "--count-only") == 0)
            opt.count_only = 1;
        else if (strcmp(a, "--list") == 0)
            opt.list = 1;
        else if (!v)
            usage();
        else if (strcmp(a, "--ops") == 0)
            opt.ops = v, i++;
        else if (strcmp(a, "--peers") == 0)
            opt.peers = v, i++;
        else if (strcmp(a, "--json") == 0)
            opt.json = v, i++;
        else if (strcmp(a, "--self-test-corrupt") == 0)
            speed_corrupt_op = v, i++;
        else if (strcmp(a, "--seconds") == 0) {
            char *end;
            opt.seconds = strtod(v, &end), i++;
            if (*end || !(opt.seconds > 0 && opt.seconds <= 3600))
                usage();
        } else if (strcmp(a, "--iterations") == 0) {
            char *end;
            opt.iterations = strtol(v, &end, 10), i++;
            if (*end || opt.iterations < 1 || opt.iterations > 1000000)
                usage();
        } else if (strcmp(a, "--peer-lib") == 0) {
            if (!strchr(v, '=') || strchr(v, '=') == v || opt.n_peer_lib == MAX_CONT - 6)
                usage();
            opt.peer_lib[opt.n_peer_lib++] = v, i++;
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
            ops[n_ops++] = all[i];
    ours = (struct speed_contender){ "ours", NULL, GOLDILOCKS_VERSION_STRING, ours_impls, n_all };
    cont[n_cont++] = &ours;

    /* the peers: the built-in ones, then --peer-lib */
    n_names = 0;
    for (size_t i = 0; i < sizeof peers / sizeof peers[0]; i++)
        names[n_names++] = peers[i]->name;
    for (int i = 0; i < opt.n_peer_lib; i++) {
        static char peer_names[MAX_CONT][64];
        const char *eq = strchr(opt.peer_lib[i], '=');
        snprintf(peer_names[i], sizeof peer_names[i], "%.*s", (int)(eq - opt.peer_lib[i]), opt.peer_lib[i]);
        speed_peerlib_load(&loaded[i], peer_names[i], eq + 1);
        names[n_names++] = peer_names[i];
    }
    const char *want = opt.peers && strcmp(opt.peers, "none") == 0 ? "" : opt.peers;
    if (want)
        check_list("peer", want, names, n_names);
    for (size_t i = 0; i < sizeof peers / sizeof peers[0]; i++)
        if (!want || in_list(want, peers[i]->name))
            cont[n_cont++] = peers[i];
    for (int i = 0; i < opt.n_peer_lib; i++)
        if (!want || in_list(want, loaded[i].name))
            cont[n_cont++] = &loaded[i];
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
    for (size_t o = 0; o < n_ops; o++) {
        static uint8_t want[SPEED_OUT_MAX], got[SPEED_OUT_MAX];
        size_t want_len = 0;
        for (size_t c = 0; c < n_cont; c++) {
            struct speed_result *r = &RES(o, c);
            const struct speed_impl *im = cont[c]->missing ? NULL : find_impl(cont[c], ops[o]->name);
            r->instructions = -1;
            if (cont[c]->missing)
                r->missing = cont[c]->missing;
            else if (!im)
                r->missing = NO_SUCH_OP;
            else if (im->setup && (r->missing = im->setup()) != NULL)
                im = NULL;
            impl[o][c] = r->missing ? NULL : im;
            if (!impl[o][c])
                continue;
            im->run();
            size_t len = im->output(got);
            if (c == 0) {
                if (speed_corrupt_op && strcmp(speed_corrupt_op, ops[o]->name) == 0)
                    got[0] ^= 1; /* the planted mismatch of --self-test-corrupt */
                memcpy(want, got, len);
                want_len = len;
                continue;
            }
            if (impl[o][0] && (len != want_len || memcmp(got, want, len) != 0)) {
                printf("MISMATCH %s: %s differs from ours\n", ops[o]->name, cont[c]->name);
                show_difference(cont[c]->name, want, want_len, got, len);
                differences++;
            }
        }
    }
    return differences;
}

/* ---- counting (--count-only, --instructions) ---- */

/* Where an instruction counter can bracket one loop; kept out of line and opaque to the optimizer. */
__attribute__((noinline, used)) void goldilocks_speed_mark(const char *label, int begin);
__attribute__((noinline, used)) void goldilocks_speed_mark(const char *label, int begin) {
    __asm__ volatile("" : : "r"(label), "r"(begin) : "memory");
}
__attribute__((noinline, used)) void goldilocks_speed_count_loop(void (*run)(void), long n);
__attribute__((noinline, used)) void goldilocks_speed_count_loop(void (*run)(void), long n) {
    for (long i = 0; i < n; i++)
        run();
}

static long count_calls(size_t o) {
    if (strncmp(ops[o]->name, "field_", 6) == 0)
        return 1000 * opt.iterations;
    return ops[o]->items > 1 ? 1 : opt.iterations; /* a batch is many operations already */
}

static int count_only(void) {
    for (size_t o = 0; o < n_ops; o++)
        for (size_t c = 0; c < n_cont; c++) {
            if (!impl[o][c])
                continue;
            char label[128];
            long n = count_calls(o);
            snprintf(label, sizeof label, "%s:%s:%ld", ops[o]->name, cont[c]->name, n);
            goldilocks_speed_mark(label, 1);
#ifdef HAVE_VALGRIND
            CALLGRIND_TOGGLE_COLLECT;
#endif
            goldilocks_speed_count_loop(impl[o][c]->run, n);
#ifdef HAVE_VALGRIND
            CALLGRIND_TOGGLE_COLLECT;
            CALLGRIND_DUMP_STATS_AT(label);
#endif
            goldilocks_speed_mark(label, 0);
            printf("%s\n", label);
        }
    return 0;
}

/* Runs ourselves under callgrind in --count-only mode and reads each dump's total. */
static int count_instructions(char **argv0) {
    char dir[] = "/tmp/goldilocks-speed.XXXXXX", outfile[64], exe[4096], iter[32];
    if (!mkdtemp(dir)) {
        perror("goldilocks-speed: mkdtemp");
        return -1;
    }
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        snprintf(exe, sizeof exe, "%s", *argv0);
    else
        exe[n] = 0;
    snprintf(outfile, sizeof outfile, "--callgrind-out-file=%s/cg.out", dir);
    snprintf(iter, sizeof iter, "%ld", opt.iterations);
    char ops_list[4096] = "", peers_list[1024] = "";
    for (size_t o = 0; o < n_ops; o++)
        snprintf(ops_list + strlen(ops_list), sizeof ops_list - strlen(ops_list), "%s%s", o ? "," : "",
                 ops[o]->name);
    for (size_t c = 1; c < n_cont; c++)
        snprintf(peers_list + strlen(peers_list), sizeof peers_list - strlen(peers_list), "%s%s", c > 1 ? "," : "",
                 cont[c]->name);
    const char *args[64] = { "valgrind", "--tool=callgrind", "--collect-atstart=no", outfile, exe, "--count-only",
                             "--iterations", iter, "--ops", ops_list, "--peers", n_cont > 1 ? peers_list : "none" };
    int k = 12;
    for (int i = 0; i < opt.n_peer_lib; i++)
        args[k++] = "--peer-lib", args[k++] = opt.peer_lib[i];
    args[k] = NULL;
    fprintf(stderr, "goldilocks-speed: counting instructions under callgrind (%ld calls each)...\n",
            opt.iterations);
    pid_t pid = fork();
    if (pid == 0) {
        if (!freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "w", stderr))
            _exit(127);
        execvp("valgrind", (char *const *)args);
        _exit(127);
    }
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fprintf(stderr, "goldilocks-speed: the callgrind run failed (is valgrind installed?)\n");
        return -1;
    }
    /* cg.out.1, cg.out.2, ...: one per dump, "desc: Trigger: Client Request: LABEL" and "totals: N" */
    for (int part = 1;; part++) {
        char path[128], line[1024], label[1024] = "";
        double total = -1;
        snprintf(path, sizeof path, "%s/cg.out.%d", dir, part);
        FILE *f = fopen(path, "r");
        if (!f)
            break;
        while (fgets(line, sizeof line, f)) {
            const char *trig = "desc: Trigger: Client Request: ";
            if (strncmp(line, trig, strlen(trig)) == 0) {
                snprintf(label, sizeof label, "%s", line + strlen(trig));
                label[strcspn(label, "\n")] = 0;
            } else if (strncmp(line, "totals:", 7) == 0 || strncmp(line, "summary:", 8) == 0)
                total = strtod(strchr(line, ':') + 1, NULL);
        }
        fclose(f);
        unlink(path);
        for (size_t o = 0; o < n_ops; o++)
            for (size_t c = 0; c < n_cont; c++) {
                char want[1024];
                snprintf(want, sizeof want, "%s:%s:%ld", ops[o]->name, cont[c]->name, count_calls(o));
                if (total >= 0 && strcmp(want, label) == 0)
                    RES(o, c).instructions = total / (double)count_calls(o) / ops[o]->items;
            }
    }
    snprintf(outfile, sizeof outfile, "%s/cg.out", dir);
    unlink(outfile);
    rmdir(dir);
    return 0;
}

/* ---- timing ---- */

struct series {
    double *ticks, *ns;
    size_t n, cap;
    unsigned long calls;
};

static void push(struct series *s, double t, double ns) {
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 256;
        s->ticks = realloc(s->ticks, s->cap * sizeof *s->ticks);
        s->ns = realloc(s->ns, s->cap * sizeof *s->ns);
        if (!s->ticks || !s->ns) {
            fprintf(stderr, "goldilocks-speed: out of memory\n");
            exit(1);
        }
    }
    s->ticks[s->n] = t;
    s->ns[s->n++] = ns;
}

/* Calls per batch: doubled until a batch takes 20 us (the clock's error is then below 0.1%). */
static unsigned long calibrate(const struct speed_impl *im) {
    unsigned long calls = 1;
    for (;;) {
        uint64_t t0 = speed_ns();
        for (unsigned long i = 0; i < calls; i++)
            im->run();
        if (speed_ns() - t0 >= 20000 || calls >= (1ul << 24))
            return calls;
        calls *= 2;
    }
}

static void time_op(size_t o) {
    struct series s[MAX_CONT] = { { 0 } };
    size_t live[MAX_CONT], n_live = 0;
    for (size_t c = 0; c < n_cont; c++)
        if (impl[o][c]) {
            live[n_live++] = c;
            s[c].calls = calibrate(impl[o][c]);
        }
    if (!n_live)
        return;
    uint64_t start = speed_ns(), budget = (uint64_t)(opt.seconds * 1e9);
    double per = (double)ops[o]->items;
    for (unsigned long round = 0; round < 1000000; round++) {
        if (round >= 3 && speed_ns() - start >= budget)
            break;
        for (size_t k = 0; k < n_live; k++) {
            size_t c = live[(round + k) % n_live];
            void (*run)(void) = impl[o][c]->run;
            unsigned long calls = s[c].calls;
            uint64_t n0 = speed_ns(), t0 = speed_ticks();
            for (unsigned long i = 0; i < calls; i++)
                run();
            uint64_t t1 = speed_ticks(), n1 = speed_ns();
            push(&s[c], (double)(t1 - t0) / (double)calls / per, (double)(n1 - n0) / (double)calls / per);
        }
    }
    for (size_t k = 0; k < n_live; k++) {
        size_t c = live[k];
        speed_summarize(s[c].ticks, s[c].ns, s[c].n, &RES(o, c).st);
        RES(o, c).st.calls = s[c].calls;
        free(s[c].ticks);
        free(s[c].ns);
    }
}

/* ---- printing ---- */

static void thousands(char *buf, size_t len, double x) {
    char digits[64];
    snprintf(digits, sizeof digits, "%.0f", x);
    size_t n = strlen(digits), k = 0;
    for (size_t i = 0; i < n && k + 2 < len; i++) {
        if (i && (n - i) % 3 == 0)
            buf[k++] = ',';
        buf[k++] = digits[i];
    }
    buf[k] = 0;
}

static void print_header(const struct speed_machine *m) {
    printf("goldilocks-speed %s: target %s, %s\n", goldilocks_version(), m->target, m->compiler);
    printf("machine: %s [%s]%s%s\n", m->cpu[0] ? m->cpu : "unknown CPU", m->flags, m->backend[0] ? "; backend " : "",
           m->backend);
    printf("clock: %s\n", m->clock);
    printf("contenders:");
    for (size_t c = 0; c < n_cont; c++)
        printf("%s %s (%s)", c ? ";" : "", cont[c]->name, cont[c]->missing ? cont[c]->missing : cont[c]->version);
    printf("\n");
}

static void print_table(void) {
    int w = 12; /* the contender column: the longest name */
    for (size_t c = 0; c < n_cont; c++)
        if ((int)strlen(cont[c]->name) > w)
            w = (int)strlen(cont[c]->name);
    printf("\n%.2g s per operation, contenders interleaved; figures per operation (a batch's: per item);\n"
           "ratio = the contender's median / ours (above 1: ours is faster)\n\n",
           opt.seconds);
    printf("%-26s %-*s %12s %11s %11s %12s %12s %7s%s\n", "operation", w, "contender", "median", "ns/op", "ops/s",
           "min", "max", "ratio", opt.instructions ? "  instructions" : "");
    for (size_t o = 0; o < n_ops; o++) {
        for (size_t c = 0; c < n_cont; c++) {
            const struct speed_result *r = &RES(o, c);
            if (r->missing && c && (cont[c]->missing || r->missing == NO_SUCH_OP))
                continue; /* a peer absent altogether: said in the header; no such call: one line below */
            printf("%-26s %-*s", c ? "" : ops[o]->name, w, cont[c]->name);
            if (r->missing) {
                printf(" missing: %s\n", r->missing);
                continue;
            }
            char med[32], mn[32], mx[32], ns[32], ops_s[32];
            thousands(med, sizeof med, r->st.median);
            thousands(mn, sizeof mn, r->st.min);
            thousands(mx, sizeof mx, r->st.max);
            thousands(ns, sizeof ns, r->st.median_ns);
            thousands(ops_s, sizeof ops_s, 1e9 / r->st.median_ns);
            printf(" %12s %11s %11s %12s %12s", med, ns, ops_s, mn, mx);
            const struct speed_result *ours_r = &RES(o, 0);
            if (c && !ours_r->missing)
                printf(" %6.2fx", r->st.median / ours_r->st.median);
            else
                printf(" %7s", "");
            if (r->instructions >= 0) {
                char ins[32];
                thousands(ins, sizeof ins, r->instructions);
                printf("  %12s", ins);
            }
            printf("\n");
        }
        int lacking = 0;
        for (size_t c = 1; c < n_cont; c++)
            if (!cont[c]->missing && RES(o, c).missing == NO_SUCH_OP)
            {
                if (!lacking++)
                    printf("%-26s %-*s missing (no such call): ", "", w, "");
                else
                    printf(", ");
                printf("%s", cont[c]->name);
            }
        if (lacking)
            printf("\n");
        if (ops[o]->items > 1 && !RES(o, 0).missing) {
            char b[32];
            thousands(b, sizeof b, RES(o, 0).st.median * ops[o]->items);
            printf("%-26s %-*s (ours per batch of %u: %s)\n", "", w, "", ops[o]->items, b);
        }
    }
}

/* openssl speed's summary: operations per second, one column per contender. */
static void print_compact(void) {
    int w = 12;
    for (size_t c = 0; c < n_cont; c++)
        if ((int)strlen(cont[c]->name) > w)
            w = (int)strlen(cont[c]->name);
    printf("\n%-26s", "ops/s");
    for (size_t c = 0; c < n_cont; c++)
        if (!cont[c]->missing)
            printf(" %*s", w, cont[c]->name);
    printf("\n");
    for (size_t o = 0; o < n_ops; o++) {
        printf("%-26s", ops[o]->name);
        for (size_t c = 0; c < n_cont; c++) {
            if (cont[c]->missing)
                continue;
            if (RES(o, c).missing)
                printf(" %*s", w, "-");
            else
                printf(" %*.1f", w, 1e9 / RES(o, c).st.median_ns);
        }
        printf("\n");
    }
}

int main(int argc, char **argv) {
    parse(argc, argv);
    pick();
    if (opt.list) {
        for (size_t o = 0; o < n_ops; o++)
            printf("%-26s %s\n", ops[o]->name, ops[o]->what);
        printf("peers:");
        for (size_t c = 1; c < n_cont; c++)
            printf(" %s%s", cont[c]->name, cont[c]->missing ? " (missing)" : "");
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
        return count_only();

    struct speed_machine m;
    speed_machine_info(&m);
    print_header(&m);
    fflush(stdout);
    if (opt.instructions && count_instructions(argv) != 0)
        return 1;
    int tty = isatty(2);
    for (size_t o = 0; o < n_ops; o++) {
        fprintf(stderr, "%s[%zu/%zu] %-26s%s", tty ? "\r" : "", o + 1, n_ops, ops[o]->name, tty ? "" : "\n");
        fflush(stderr);
        time_op(o);
    }
    if (tty)
        fprintf(stderr, "\r%60s\r", "");
    print_table();
    if (opt.compact)
        print_compact();
    if (opt.json) {
        struct speed_report r = { &m, opt.seconds, ops, n_ops, cont, n_cont, res };
        if (speed_json_write(opt.json, &r) != 0) {
            fprintf(stderr, "goldilocks-speed: cannot write %s: %s\n", opt.json, strerror(errno));
            return 1;
        }
    }
    return 0;
}
