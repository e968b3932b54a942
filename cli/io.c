/* Files and standard streams for the goldilocks command. */
#define _POSIX_C_SOURCE 200809L /* fileno, mkstemp, fchmod */
#include "io.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

static const char *shown(const char *path) {
    return strcmp(path, "-") == 0 ? "standard input" : path;
}

FILE *io_open_in(const char *path) {
    if (strcmp(path, "-") == 0)
        return stdin;
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        cli_error("cannot read %s: %s", path, strerror(errno));
    return f;
}

void io_close_in(FILE *f) {
    if (f != stdin)
        fclose(f);
}

void io_free(uint8_t *data, size_t len) {
    if (data) {
        cli_wipe(data, len + 1);
        free(data);
    }
}

int io_read(const char *path, size_t max, uint8_t **data, size_t *len) {
    *data = NULL;
    *len = 0;
    FILE *f = io_open_in(path);
    if (f == NULL)
        return -1;
    size_t cap = 4096, n = 0;
    uint8_t *buf = malloc(cap + 1);
    if (buf == NULL) {
        cli_error("out of memory reading %s", shown(path));
        io_close_in(f);
        return -1;
    }
    for (;;) {
        if (n == cap) {
            /* Grow by copying into a fresh buffer, so that no copy of a secret is left in freed memory. */
            size_t bigger = cap * 2;
            uint8_t *nb = bigger > cap ? malloc(bigger + 1) : NULL;
            if (nb == NULL) {
                cli_error("out of memory reading %s", shown(path));
                io_free(buf, cap);
                io_close_in(f);
                return -1;
            }
            memcpy(nb, buf, n);
            io_free(buf, cap);
            buf = nb;
            cap = bigger;
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (n > max) {
            cli_error("%s is larger than %zu bytes: not a key file", shown(path), max);
            io_free(buf, cap);
            io_close_in(f);
            return -1;
        }
        if (got == 0)
            break;
    }
    int failed = ferror(f);
    io_close_in(f);
    if (failed) {
        cli_error("cannot read %s: %s", shown(path), strerror(errno));
        io_free(buf, cap);
        return -1;
    }
    /* The buffer is handed back at exactly n + 1 bytes, which io_free wipes. */
    uint8_t *exact = malloc(n + 1);
    if (exact == NULL) {
        cli_error("out of memory reading %s", shown(path));
        io_free(buf, cap);
        return -1;
    }
    memcpy(exact, buf, n);
    exact[n] = 0;
    io_free(buf, cap);
    *data = exact;
    *len = n;
    return 0;
}

static int write_all(int fd, const uint8_t *p, size_t n) {
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

int io_write(const char *path, const void *data, size_t len, int secret, int force) {
    if (strcmp(path, "-") == 0) {
        /* Straight to the descriptor: no copy of a secret is left in stdio's buffer. */
        if (fflush(stdout) != 0 || write_all(STDOUT_FILENO, data, len) != 0) {
            cli_error("cannot write to standard output: %s", strerror(errno));
            return -1;
        }
        return 0;
    }
    mode_t umask_now = umask(077);
    umask(umask_now);
    mode_t mode = secret ? 0600 : (0666 & ~umask_now);
    if (!force) {
        int fd = open(path, O_WRONLY | O_CREAT | O_EXCL, mode);
        if (fd < 0) {
            if (errno == EEXIST)
                cli_error("%s exists: not overwritten (--force replaces it)", path);
            else
                cli_error("cannot create %s: %s", path, strerror(errno));
            return -1;
        }
        if (write_all(fd, data, len) != 0 || close(fd) != 0) {
            cli_error("cannot write %s: %s", path, strerror(errno));
            unlink(path);
            return -1;
        }
        return 0;
    }
    /* --force: a new file beside the old one (mkstemp makes it 0600), renamed over it. */
    size_t plen = strlen(path);
    char *tmp = malloc(plen + 8);
    if (tmp == NULL) {
        cli_error("out of memory");
        return -1;
    }
    memcpy(tmp, path, plen);
    memcpy(tmp + plen, ".XXXXXX", 8);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        cli_error("cannot create a file beside %s: %s", path, strerror(errno));
        free(tmp);
        return -1;
    }
    if (fchmod(fd, mode) != 0 || write_all(fd, data, len) != 0 || close(fd) != 0 || rename(tmp, path) != 0) {
        cli_error("cannot write %s: %s", path, strerror(errno));
        unlink(tmp);
        free(tmp);
        return -1;
    }
    free(tmp);
    return 0;
}
