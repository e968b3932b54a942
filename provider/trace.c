/*
 * The call trace: a test's proof that the goldilocks provider, and not
 * OpenSSL's default provider, did the work. OpenSSL 3.0 silently falls back
 * to another provider when a "?provider=goldilocks" query cannot be served,
 * so identical output bytes alone show nothing. It is for tests only.
 *
 * Each traced call opens the file named by GOLDILOCKS_PROVIDER_TRACE in
 * append mode, writes one line with a single write(2) (appends of a few
 * bytes do not interleave between processes or threads) and closes it.
 * Without the variable the cost is one getauxval and one secure_getenv
 * per call.
 *
 * Every program that loads the provider reads the variable (a system-wide
 * openssl.cnf makes that every program), privileged ones included, so:
 * - a process with AT_SECURE set (setuid, setgid, file capabilities: the
 *   caller is not who the process acts as) ignores the variable, silently
 *   (a module has no business writing to a program's stderr). glibc's
 *   secure_getenv already gives NULL there; the getauxval test makes it
 *   so whatever the C library;
 * - the name's last component is never followed as a symlink (O_NOFOLLOW),
 *   and only a regular file is written: a FIFO or a device is opened
 *   without blocking (O_NONBLOCK) and without becoming a controlling
 *   terminal (O_NOCTTY), seen by fstat and closed unwritten.
 * Directories on the way are followed as the kernel resolves them.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/stat.h>
#include <unistd.h>
#include "provider.h"

/* The trace file's name, or NULL: unset, empty, or a process acting for someone else. */
static const char *trace_path(void)
{
    if (getauxval(AT_SECURE) != 0)
        return NULL;
    const char *path = secure_getenv("GOLDILOCKS_PROVIDER_TRACE");
    return path != NULL && path[0] != '\0' ? path : NULL;
}

void prov_trace(const char *event, const char *algorithm)
{
    const char *path = trace_path();
    if (path == NULL)
        return;
    char line[64];
    size_t e = strlen(event), a = strlen(algorithm);
    if (e + a + 2 > sizeof line)
        return;
    memcpy(line, event, e);
    line[e] = ' ';
    memcpy(line + e + 1, algorithm, a);
    line[e + 1 + a] = '\n';
    int fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0644);
    if (fd < 0)
        return;
    struct stat st;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
        ssize_t written = write(fd, line, e + a + 2);
        (void)written;
    }
    close(fd);
}
