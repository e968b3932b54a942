/*
 * goldilocks_backend(): the name of the backend in use.
 *
 * A library of one backend (every target but x86-64) must answer its lane
 * layout's GF_LANES_NAME. A library of several (built with
 * -DGOLDILOCKS_TEST_BACKENDS="scalar,avx2,...", the backends it holds) must
 * answer what its contract says, with the CPU asked independently here
 * (the compiler's __builtin_cpu_supports, not the library's CPUID code):
 * the best backend the CPU runs, or the one GOLDILOCKS_BACKEND names; for a
 * name it does not hold or the CPU cannot run, "scalar" and one line on
 * stderr. Each case runs in a child process (this program re-executed with
 * the variable set), since the choice is made once per process; threads
 * that make their first call at once must all get the same answer.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "check.h"
#include "field.h"
#include "goldilocks.h"

static const char *const KNOWN[] = {"scalar", "avx2", "avx512ifma", "neon", "sve2"};

static int known(const char *name) {
    for (size_t i = 0; i < sizeof KNOWN / sizeof KNOWN[0]; i++)
        if (strcmp(name, KNOWN[i]) == 0)
            return 1;
    return 0;
}

enum { THREADS = 8 };
static const char *thread_answer[THREADS];

static void *first_call(void *arg) {
    thread_answer[(size_t)arg] = goldilocks_backend();
    return NULL;
}

/* The child: first calls from THREADS threads at once, then prints the answer or "MISMATCH". */
static int child(void) {
    pthread_t t[THREADS];
    for (size_t i = 0; i < THREADS; i++)
        if (pthread_create(&t[i], NULL, first_call, (void *)i) != 0)
            return 3;
    for (size_t i = 0; i < THREADS; i++)
        pthread_join(t[i], NULL);
    for (size_t i = 1; i < THREADS; i++)
        if (thread_answer[i] != thread_answer[0])
            return printf("MISMATCH\n"), 0;
    printf("%s\n", thread_answer[0]);
    return 0;
}

#ifdef GOLDILOCKS_TEST_BACKENDS
/* Runs this program as a child with GOLDILOCKS_BACKEND=value (NULL: unset); its stdout and stderr. */
static int run_child(const char *value, char *out, size_t out_len, char *err, size_t err_len) {
    int po[2], pe[2];
    if (pipe(po) != 0 || pipe(pe) != 0)
        return -1;
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        dup2(po[1], 1);
        dup2(pe[1], 2);
        close(po[0]);
        close(pe[0]);
        if (value)
            setenv("GOLDILOCKS_BACKEND", value, 1);
        else
            unsetenv("GOLDILOCKS_BACKEND");
        execl("/proc/self/exe", "test_backend", "--child", (char *)NULL);
        _exit(127);
    }
    close(po[1]);
    close(pe[1]);
    ssize_t n = read(po[0], out, out_len - 1);
    out[n > 0 ? n : 0] = 0;
    size_t got = 0;
    while (got < err_len - 1 && (n = read(pe[0], err + got, err_len - 1 - got)) > 0)
        got += (size_t)n;
    err[got] = 0;
    close(po[0]);
    close(pe[0]);
    int status;
    waitpid(pid, &status, 0);
    char *nl = strchr(out, '\n');
    if (nl)
        *nl = 0;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* Whether this CPU runs a backend, by the compiler's own CPUID code. */
static int cpu_runs(const char *name) {
    __builtin_cpu_init();
    int avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2")
               && __builtin_cpu_supports("fma");
    if (strcmp(name, "scalar") == 0)
        return 1;
    if (strcmp(name, "avx2") == 0)
        return avx2;
    if (strcmp(name, "avx512ifma") == 0)
        return avx2 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl")
               && __builtin_cpu_supports("avx512ifma");
    return 0;
}

static int count_lines(const char *s) {
    int n = 0;
    for (; *s; s++)
        n += *s == '\n';
    return n;
}

static void several(void) {
    char held[256];
    snprintf(held, sizeof held, "%s", GOLDILOCKS_TEST_BACKENDS);
    const char *names[8];
    size_t n = 0;
    for (char *tok = strtok(held, ","); tok && n < 8; tok = strtok(NULL, ","))
        names[n++] = tok;
    char out[256], err[1024];

    check_test("unset: the best backend this CPU runs, the same in every thread");
    const char *best = "scalar";
    for (size_t i = 0; i < n; i++)
        if (cpu_runs(names[i]))
            best = names[i];
    check(run_child(NULL, out, sizeof out, err, sizeof err) == 0, "child exit status");
    check(strcmp(out, best) == 0, "got %s, want %s", out, best);
    check(err[0] == 0, "nothing on stderr (%s)", err);

    for (size_t i = 0; i < n; i++) {
        char name[96];
        snprintf(name, sizeof name, "GOLDILOCKS_BACKEND=%s", names[i]);
        check_test(name);
        check(run_child(names[i], out, sizeof out, err, sizeof err) == 0, "child exit status");
        if (cpu_runs(names[i])) {
            check(strcmp(out, names[i]) == 0, "got %s", out);
            check(err[0] == 0, "nothing on stderr (%s)", err);
        } else {
            check(strcmp(out, "scalar") == 0, "a backend this CPU cannot run: got %s, want scalar", out);
            check(count_lines(err) == 1 && strstr(err, names[i]), "one line on stderr naming it (%s)", err);
        }
    }

    check_test("GOLDILOCKS_BACKEND=an unknown name: scalar and one line on stderr");
    check(run_child("no-such-backend", out, sizeof out, err, sizeof err) == 0, "child exit status");
    check(strcmp(out, "scalar") == 0, "got %s", out);
    check(count_lines(err) == 1 && strstr(err, "no-such-backend"), "one line on stderr naming it (%s)", err);

    check_test("GOLDILOCKS_BACKEND empty: as unset");
    check(run_child("", out, sizeof out, err, sizeof err) == 0, "child exit status");
    check(strcmp(out, best) == 0, "got %s, want %s", out, best);
}
#endif

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "--child") == 0)
        return child();
    check_init("test_backend");

    check_test("a known name, the same pointer on every call");
    const char *name = goldilocks_backend();
    check(name != NULL && known(name), "goldilocks_backend() = %s", name ? name : "(null)");
    check(goldilocks_backend() == name && goldilocks_backend() == name, "stable");
#ifdef GOLDILOCKS_TEST_BACKENDS
    several();
#else
    check_test("a library of one backend: its lane layout's name");
    check(strcmp(name, GF_LANES_NAME) == 0, "got %s, want %s", name, GF_LANES_NAME);
#endif
    return check_done();
}
