/*
 * goldilocks-speed: counting instead of timing. --count-only runs each
 * (operation, contender) a fixed number of times with no clock, each loop
 * in goldilocks_speed_count_loop() between two calls of
 * goldilocks_speed_mark(label, begin), where an instruction counter can
 * bracket it: callgrind (its client requests switch collection on around
 * the loop and dump after it), or a qemu TCG plugin on cross builds.
 * --instructions reruns the program under callgrind that way and reads
 * each dump's total.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "speed.h"

#ifdef HAVE_VALGRIND
#include <valgrind/callgrind.h>
#endif

static struct speed_run *const R = &speed_run;

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
    if (strncmp(R->ops[o]->name, "field_", 6) == 0)
        return 1000 * R->iterations;
    return R->ops[o]->items > 1 ? 1 : R->iterations; /* a batch is many operations already */
}

int speed_count_only(void) {
    for (size_t o = 0; o < R->n_ops; o++)
        for (size_t c = 0; c < R->n_cont; c++) {
            if (!R->impl[o][c])
                continue;
            char label[128];
            long n = count_calls(o);
            snprintf(label, sizeof label, "%s:%s:%ld", R->ops[o]->name, R->cont[c]->name, n);
            goldilocks_speed_mark(label, 1);
#ifdef HAVE_VALGRIND
            CALLGRIND_TOGGLE_COLLECT;
#endif
            goldilocks_speed_count_loop(R->impl[o][c]->run, n);
#ifdef HAVE_VALGRIND
            CALLGRIND_TOGGLE_COLLECT;
            CALLGRIND_DUMP_STATS_AT(label);
#endif
            goldilocks_speed_mark(label, 0);
            printf("%s\n", label);
        }
    return 0;
}

/* 1 when contender c comes from a --peer-lib NAME=PATH. */
static int from_peer_lib(size_t c) {
    for (int i = 0; i < R->n_peer_lib; i++) {
        size_t len = strcspn(R->peer_lib[i], "=");
        if (strlen(R->cont[c]->name) == len && strncmp(R->cont[c]->name, R->peer_lib[i], len) == 0)
            return 1;
    }
    return 0;
}

/* Runs ourselves under callgrind in --count-only mode (with the --peer-lib libraries or without); 0 on success. */
static int run_callgrind(const char *exe, const char *outfile, int with_peer_libs) {
    char iter[32], ops_list[4096] = "", peers_list[1024] = "";
    snprintf(iter, sizeof iter, "%ld", R->iterations);
    for (size_t o = 0; o < R->n_ops; o++)
        snprintf(ops_list + strlen(ops_list), sizeof ops_list - strlen(ops_list), "%s%s", o ? "," : "",
                 R->ops[o]->name);
    for (size_t c = 1; c < R->n_cont; c++)
        if (with_peer_libs || !from_peer_lib(c))
            snprintf(peers_list + strlen(peers_list), sizeof peers_list - strlen(peers_list), "%s%s",
                     peers_list[0] ? "," : "", R->cont[c]->name);
    const char *args[64] = { "valgrind", "--tool=callgrind", "--collect-atstart=no", outfile, exe, "--count-only",
                             "--iterations", iter, "--ops", ops_list, "--peers", peers_list[0] ? peers_list : "none" };
    int k = 12;
    for (int i = 0; with_peer_libs && i < R->n_peer_lib; i++)
        args[k++] = "--peer-lib", args[k++] = R->peer_lib[i];
    args[k] = NULL;
    pid_t pid = fork();
    if (pid == 0) {
        if (!freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "w", stderr))
            _exit(127);
        execvp("valgrind", (char *const *)args);
        _exit(127);
    }
    int status = 0;
    return pid < 0 || waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0 ? -1 : 0;
}

/* Runs ourselves under callgrind in --count-only mode and reads each dump's total. */
int speed_count_instructions(const char *argv0) {
    char dir[] = "/tmp/goldilocks-speed.XXXXXX", outfile[64], exe[4096];
    if (!mkdtemp(dir)) {
        perror("goldilocks-speed: mkdtemp");
        return -1;
    }
    if (R->count_with) {
        snprintf(exe, sizeof exe, "%s", R->count_with); /* another build of this program (--count-with) */
    } else {
        ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
        if (n <= 0)
            snprintf(exe, sizeof exe, "%s", argv0);
        else
            exe[n] = 0;
    }
    snprintf(outfile, sizeof outfile, "--callgrind-out-file=%s/cg.out", dir);
    fprintf(stderr, "goldilocks-speed: counting instructions under callgrind (%ld calls each%s%s)...\n",
            R->iterations, R->count_with ? ", of " : "", R->count_with ? R->count_with : "");
    if (run_callgrind(exe, outfile, 1) != 0) {
        /* valgrind 3.19 cannot decode AVX-512: a -march=native build of a peer has it on such a CPU, and
           so has this program built for the avx512ifma target. The timings go on without the counts. */
        if (R->n_peer_lib == 0 || run_callgrind(exe, outfile, 0) != 0) {
            fprintf(stderr, "goldilocks-speed: the callgrind run%s%s failed (valgrind missing, or AVX-512 code, which "
                            "valgrind 3.19 cannot decode%s): no instructions are printed\n",
                    R->count_with ? " of " : "", R->count_with ? R->count_with : "",
                    R->count_with ? ", or not a goldilocks-speed of the same operations" : "; --count-with names another "
                    "build to count");
            R->count_with = NULL; /* nothing was counted with it */
            rmdir(dir);
            return 0;
        }
        fprintf(stderr, "goldilocks-speed: callgrind cannot run the --peer-lib libraries (AVX-512 code, which "
                        "valgrind 3.19 cannot decode?): their instructions are printed as missing\n");
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
        for (size_t o = 0; o < R->n_ops; o++)
            for (size_t c = 0; c < R->n_cont; c++) {
                char want[1024];
                snprintf(want, sizeof want, "%s:%s:%ld", R->ops[o]->name, R->cont[c]->name, count_calls(o));
                if (total >= 0 && strcmp(want, label) == 0)
                    SPEED_RES(o, c).instructions = total / (double)count_calls(o) / R->ops[o]->items;
            }
    }
    snprintf(outfile, sizeof outfile, "%s/cg.out", dir);
    unlink(outfile);
    rmdir(dir);
    return 0;
}
