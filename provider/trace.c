/*
 * The call trace: a test's proof that the goldilocks provider, and not
 * OpenSSL's default provider, did the work. OpenSSL 3.0 silently falls back
 * to another provider when a "?provider=goldilocks" query cannot be served,
 * so identical output bytes alone show nothing.
 *
 * Each traced call opens the file named by GOLDILOCKS_PROVIDER_TRACE in
 * append mode, writes one line with a single write(2) (appends of a few
 * bytes do not interleave between processes or threads) and closes it.
 * Without the variable the cost is one getenv per call.
 */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "provider.h"

void prov_trace(const char *event, const char *algorithm)
{
    const char *path = getenv("GOLDILOCKS_PROVIDER_TRACE");
    if (path == NULL || path[0] == '\0')
        return;
    char line[64];
    size_t e = strlen(event), a = strlen(algorithm);
    if (e + a + 2 > sizeof line)
        return;
    memcpy(line, event, e);
    line[e] = ' ';
    memcpy(line + e + 1, algorithm, a);
    line[e + 1 + a] = '\n';
    int fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0)
        return;
    ssize_t written = write(fd, line, e + a + 2);
    (void)written;
    close(fd);
}
