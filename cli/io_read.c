/* Reading the goldilocks command's inputs: small files that may be secret, and messages of any size. */
#define _GNU_SOURCE /* MAP_* and the like (Linux) */
#include "io.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
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

/* ---- reading ---- */

/* The descriptor of an input: stdin for "-", else the file opened; -1 (reported). */
static int open_in(const char *path) {
    if (strcmp(path, "-") == 0)
        return STDIN_FILENO;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        cli_error("cannot read %s: %s", path, strerror(errno));
    return fd;
}

static void close_in(int fd) {
    if (fd != STDIN_FILENO)
        close(fd);
}

/* read(2), again after a signal. */
static ssize_t read_some(int fd, uint8_t *p, size_t n) {
    ssize_t r;
    do
        r = read(fd, p, n);
    while (r < 0 && errno == EINTR);
    return r;
}

/* What is left to read of a regular file (stdin may be one, part read): its size less the offset. */
static size_t left_in_file(int fd, const struct stat *st) {
    off_t at = lseek(fd, 0, SEEK_CUR);
    if (at < 0 || at > st->st_size)
        at = 0;
    return (size_t)(st->st_size - at);
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
    int fd = open_in(path);
    if (fd < 0)
        return -1;
    struct stat st;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && left_in_file(fd, &st) > max) {
        *len = left_in_file(fd, &st);
        close_in(fd);
        return IO_TOO_LARGE;
    }
    /* One buffer of max + 2 bytes, never grown: no copy of a secret is left behind in freed memory. */
    uint8_t *buf = max < SIZE_MAX - 1 ? malloc(max + 2) : NULL;
    if (buf == NULL) {
        cli_error("out of memory reading %s", shown(path));
        close_in(fd);
        return -1;
    }
    size_t n = 0;
    ssize_t got = 1;
    while (n <= max && (got = read_some(fd, buf + n, max + 1 - n)) > 0)
        n += (size_t)got;
    int err = errno;
    close_in(fd);
    if (got < 0) {
        cli_error("cannot read %s: %s", shown(path), strerror(err));
        io_free(buf, n);
        return -1;
    }
    if (n > max) {
        io_free(buf, n);
        *len = SIZE_MAX;   /* more than max: how much more is not read */
        return IO_TOO_LARGE;
    }
    buf[n] = 0;
    *data = buf;
    *len = n;
    return 0;
}

/* Whether only the user running the command (or root) can change the file: see struct io_message. */
static int only_ours(const struct stat *st) {
    return st->st_uid == geteuid() && (st->st_mode & (S_IWGRP | S_IWOTH)) == 0;
}

/* Maps a regular file's bytes from the offset on; 0, or 1 when it cannot be mapped (then it is read). */
static int map_message(int fd, const struct stat *st, struct io_message *m) {
    size_t left = left_in_file(fd, st), size = (size_t)st->st_size;
    if (left == 0 || (uintmax_t)st->st_size > SIZE_MAX)
        return 1;
    void *p = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (p == MAP_FAILED)
        return 1;
    m->map = p;
    m->map_len = size;
    m->data = (const uint8_t *)p + (size - left);
    m->len = left;
    if (fd == STDIN_FILENO)
        lseek(fd, 0, SEEK_END);   /* consumed, as a read would leave it */
    return 0;
}

/* Reads to the end into one buffer, grown in place by half again (realloc moves the pages, not the bytes). */
static int read_message(int fd, const char *path, size_t expected, struct io_message *m) {
    size_t cap = expected ? expected + 1 : 65536, n = 0;
    uint8_t *buf = malloc(cap);
    for (;;) {
        if (buf == NULL) {
            cli_error("out of memory reading %s (%zu bytes read)", shown(path), n);
            return -1;
        }
        if (n == cap) {
            uint8_t *bigger = cap <= SIZE_MAX - cap / 2 ? realloc(buf, cap + cap / 2) : NULL;
            if (bigger == NULL)
                free(buf);
            else
                cap += cap / 2;
            buf = bigger;
            continue;
        }
        ssize_t got = read_some(fd, buf + n, cap - n);
        if (got < 0) {
            cli_error("cannot read %s: %s", shown(path), strerror(errno));
            free(buf);
            return -1;
        }
        if (got == 0)
            break;
        n += (size_t)got;
    }
    m->buf = buf;
    m->data = buf;
    m->len = n;
    return 0;
}

int io_message_read(const char *path, struct io_message *m) {
    memset(m, 0, sizeof *m);
    int fd = open_in(path);
    if (fd < 0)
        return -1;
    struct stat st;
    if (fstat(fd, &st) != 0) {
        cli_error("cannot read %s: %s", shown(path), strerror(errno));
        close_in(fd);
        return -1;
    }
    int regular = S_ISREG(st.st_mode);
    int r = regular && only_ours(&st) ? map_message(fd, &st, m) : 1;
    if (r != 0)
        r = read_message(fd, path, regular ? left_in_file(fd, &st) : 0, m);
    close_in(fd);
    return r;
}

void io_message_free(struct io_message *m) {
    if (m->map)
        munmap(m->map, m->map_len);
    free(m->buf);
    memset(m, 0, sizeof *m);
}
