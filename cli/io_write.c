/*
 * Writing the goldilocks command's outputs (goldilocks(1), FILES WRITTEN; io.h's io_write):
 * standard streams and the names of descriptors, FIFOs and devices written through, new and
 * replacing files that appear whole or not at all.
 */
#define _GNU_SOURCE /* O_TMPFILE, AT_EMPTY_PATH, getrandom (Linux); strdup, mkstemp, fchmod, linkat (POSIX) */
#include "io.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

static int write_all(int fd, const uint8_t *p, size_t n) {
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            if (w == 0)
                errno = EIO;
            return -1;
        }
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

/*
 * The descriptor a name stands for: "-" and /dev/stdout are 1, /dev/stderr
 * 2, /dev/fd/N and /proc/self/fd/N are N; -1 for any other name. Opening
 * those names would open the file behind the descriptor anew (truncating
 * it, or refusing it as existing); writing to the descriptor is what the
 * name means.
 */
static int named_descriptor(const char *path) {
    if (strcmp(path, "-") == 0 || strcmp(path, "/dev/stdout") == 0)
        return STDOUT_FILENO;
    if (strcmp(path, "/dev/stderr") == 0)
        return STDERR_FILENO;
    const char *digits = strncmp(path, "/dev/fd/", 8) == 0          ? path + 8
                         : strncmp(path, "/proc/self/fd/", 14) == 0 ? path + 14
                                                                    : NULL;
    if (digits == NULL || *digits == '\0')
        return -1;
    int fd = 0;
    for (const char *c = digits; *c; c++) {
        if (*c < '0' || *c > '9' || fd > (INT_MAX - 9) / 10)
            return -1;
        fd = fd * 10 + (*c - '0');
    }
    return fd;
}

static int write_descriptor(int fd, const char *path, const void *data, size_t len) {
    const char *name = fd == STDOUT_FILENO ? "standard output" : fd == STDERR_FILENO ? "standard error" : path;
    int flags = fcntl(fd, F_GETFL);
    if (flags < 0 || (flags & O_ACCMODE) == O_RDONLY) {
        cli_error("cannot write to %s: descriptor %d is not open for writing", name, fd);
        return -1;
    }
    /* Straight to the descriptor: no copy of a secret is left in stdio's buffer. */
    if ((fd == STDOUT_FILENO && fflush(stdout) != 0) || write_all(fd, data, len) != 0) {
        cli_error("cannot write to %s: %s", name, strerror(errno));
        return -1;
    }
    return 0;
}

/* Says why a file of this type is not written; 0 for a regular file, a character device or a FIFO. */
static int refuse_type(const char *path, mode_t mode) {
    if (S_ISREG(mode) || S_ISCHR(mode) || S_ISFIFO(mode))
        return 0;
    if (S_ISLNK(mode))
        cli_error("%s is a symbolic link: not followed and not replaced (name the file it points to)", path);
    else if (S_ISDIR(mode))
        cli_error("%s is a directory", path);
    else if (S_ISBLK(mode))
        cli_error("%s is a block device: not written", path);
    else
        cli_error("%s is not a regular file, a character device or a FIFO: not written", path);
    return -1;
}

/* A character device or a FIFO: opened (a FIFO waits for its reader) and written, never replaced. */
static int write_through(const char *path, const struct stat *seen, const void *data, size_t len) {
    int fd = open(path, O_WRONLY | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) {
        cli_error("cannot open %s: %s", path, strerror(errno));
        return -1;
    }
    struct stat st;
    if (fstat(fd, &st) != 0 || st.st_dev != seen->st_dev || st.st_ino != seen->st_ino ||
        (st.st_mode & S_IFMT) != (seen->st_mode & S_IFMT)) {
        cli_error("%s changed while it was opened: not written", path);
        close(fd);
        return -1;
    }
    int failed = write_all(fd, data, len) != 0, err = errno;
    if (close(fd) != 0 && !failed) {
        failed = 1;
        err = errno;
    }
    if (failed) {
        cli_error("cannot write %s: %s", path, strerror(err));
        return -1;
    }
    return 0;
}

/*
 * The signals whose default action ends the process and that can be
 * blocked. While a file of ours has a temporary name they are held, so
 * that one arriving then takes effect after the name is gone (renamed or
 * removed): what is left is the whole file or nothing. SIGKILL and SIGSTOP
 * cannot be held.
 */
static const int TERMINATING[] = {SIGHUP,  SIGINT,  SIGQUIT, SIGPIPE,   SIGALRM, SIGTERM,
                                  SIGUSR1, SIGUSR2, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF};

static void hold_signals(sigset_t *old) {
    sigset_t set;
    sigemptyset(&set);
    for (size_t i = 0; i < sizeof TERMINATING / sizeof TERMINATING[0]; i++)
        sigaddset(&set, TERMINATING[i]);
    sigprocmask(SIG_BLOCK, &set, old);
}

static void release_signals(const sigset_t *old) {
    sigprocmask(SIG_SETMASK, old, NULL);
}

/* The mode of a new file: 0600 for a secret, else 0666 less the umask. */
static mode_t new_file_mode(int secret) {
    mode_t mask = umask(077);
    umask(mask);
    return secret ? 0600 : (0666 & ~mask);
}

/* The directory of path, "." when it names none; NULL when out of memory. */
static char *directory_of(const char *path) {
    const char *slash = strrchr(path, '/');
    if (slash == NULL)
        return strdup(".");
    size_t n = slash == path ? 1 : (size_t)(slash - path);
    char *dir = malloc(n + 1);
    if (dir) {
        memcpy(dir, path, n);
        dir[n] = 0;
    }
    return dir;
}

/* path + ".XXXXXX": room for it (free it), the X's to fill. */
static char *temp_template(const char *path) {
    size_t n = strlen(path);
    char *tmp = malloc(n + 8);
    if (tmp) {
        memcpy(tmp, path, n);
        memcpy(tmp + n, ".XXXXXX", 8);
    }
    return tmp;
}

/* Fills the six X's at the end of tmp with random letters and digits. */
static void temp_fill(char *tmp) {
    static const char ALNUM[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    uint8_t r[6] = {0};
    if (getrandom(r, sizeof r, 0) != (ssize_t)sizeof r) {
        /* Only the name's uniqueness depends on it, and link refuses an existing name. */
        unsigned v = (unsigned)getpid() * 2654435761u + (unsigned)(size_t)tmp;
        for (size_t i = 0; i < sizeof r; i++, v = v * 1103515245u + 12345u)
            r[i] = (uint8_t)(v >> 16);
    }
    char *x = tmp + strlen(tmp) - 6;
    for (size_t i = 0; i < sizeof r; i++)
        x[i] = ALNUM[r[i] % (sizeof ALNUM - 1)];
}

/* The data written and made durable on an open file of the given mode. 0, or -1 with errno. */
static int fill_file(int fd, mode_t mode, const void *data, size_t len) {
    if (fchmod(fd, mode) != 0 || write_all(fd, data, len) != 0)
        return -1;
    if (fsync(fd) != 0 && errno != EINVAL && errno != EROFS)
        return -1;
    return 0;
}

/* Renames tmp over path, which must still be absent or a regular file. 0, or -1 (reported; tmp is the caller's). */
static int rename_over(const char *tmp, const char *path) {
    struct stat st;
    if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        refuse_type(path, st.st_mode);
        return -1;
    }
    if (rename(tmp, path) != 0) {
        cli_error("cannot replace %s: %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

#ifdef O_TMPFILE
/* Names the unnamed file fd path (never over an existing name). 0; -1 with errno; 1 when unnamed files cannot be linked here. */
static int link_unnamed(int fd, const char *path) {
    char proc[40];
    snprintf(proc, sizeof proc, "/proc/self/fd/%d", fd);
    if (linkat(AT_FDCWD, proc, AT_FDCWD, path, AT_SYMLINK_FOLLOW) == 0)
        return 0;
    if (errno != ENOENT || access("/proc/self/fd", F_OK) == 0)
        return -1;
    /* No /proc: AT_EMPTY_PATH, which needs CAP_DAC_READ_SEARCH. */
    if (linkat(fd, "", AT_FDCWD, path, AT_EMPTY_PATH) == 0)
        return 0;
    return errno == ENOENT || errno == EPERM ? 1 : -1;
}

/*
 * A file written unnamed (O_TMPFILE) and named only once whole: path
 * itself when new, or a temporary name renamed over path when replacing
 * (signals held from the link to the rename). 0; -1 (reported); 1 when the
 * file system has no unnamed files (nothing done).
 */
static int write_unnamed(const char *path, mode_t mode, const void *data, size_t len, int replace) {
    char *dir = directory_of(path), *tmp = temp_template(path);
    int fd = dir && tmp ? open(dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600) : -1;
    int r = -1, err = errno;
    if (dir == NULL || tmp == NULL) {
        cli_error("out of memory");
    } else if (fd < 0 && (err == EOPNOTSUPP || err == EISDIR || err == EINVAL)) {
        r = 1;
    } else if (fd < 0) {
        cli_error("cannot create %s: %s", path, strerror(err));
    } else if (fill_file(fd, mode, data, len) != 0) {
        cli_error("cannot write %s: %s", path, strerror(errno));
    } else if (!replace) {
        r = link_unnamed(fd, path);
        if (r < 0 && errno == EEXIST)
            cli_error("%s exists: not overwritten (--force replaces it)", path);
        else if (r < 0)
            cli_error("cannot create %s: %s", path, strerror(errno));
    } else {
        sigset_t old;
        hold_signals(&old);
        for (int tries = 0; tries < 100; tries++) {
            temp_fill(tmp);
            if ((r = link_unnamed(fd, tmp)) >= 0 || errno != EEXIST)
                break;
        }
        if (r < 0)
            cli_error("cannot create a file beside %s: %s", path, strerror(errno));
        if (r == 0 && rename_over(tmp, path) != 0) {
            unlink(tmp);
            r = -1;
        }
        release_signals(&old);
    }
    if (fd >= 0)
        close(fd);
    free(dir);
    free(tmp);
    return r;
}
#endif

/*
 * Where files cannot be unnamed: a temporary name beside path (mkstemp),
 * written, then linked to path (new: never over another file; where hard
 * links are refused, path is reserved with O_EXCL and the temporary file
 * renamed over it) or renamed over path (replace). The terminating signals
 * are held throughout.
 */
static int write_named(const char *path, mode_t mode, const void *data, size_t len, int replace) {
    char *tmp = temp_template(path);
    if (tmp == NULL) {
        cli_error("out of memory");
        return -1;
    }
    sigset_t old;
    hold_signals(&old);
    int r = -1, fd = mkstemp(tmp);
    if (fd < 0) {
        cli_error("cannot create a file beside %s: %s", path, strerror(errno));
        goto out;
    }
    int filled = fill_file(fd, mode, data, len) == 0, err = errno;
    if (close(fd) != 0 && filled) {
        filled = 0;
        err = errno;
    }
    if (!filled) {
        cli_error("cannot write %s: %s", path, strerror(err));
        goto out_unlink;
    }
    if (replace) {
        if (rename_over(tmp, path) != 0)
            goto out_unlink;
        r = 0;
        goto out;
    }
    if (link(tmp, path) == 0) {
        r = 0;
        goto out_unlink;
    }
    if (errno != EEXIST) {
        /* No hard links here (vfat): reserve the name, then move the whole file onto it. */
        int reserved = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
        if (reserved >= 0) {
            close(reserved);
            if (rename(tmp, path) == 0) {
                r = 0;
                goto out;
            }
            cli_error("cannot create %s: %s", path, strerror(errno));
            unlink(path);
            goto out_unlink;
        }
    }
    if (errno == EEXIST)
        cli_error("%s exists: not overwritten (--force replaces it)", path);
    else
        cli_error("cannot create %s: %s", path, strerror(errno));
out_unlink:
    unlink(tmp);
out:
    release_signals(&old);
    free(tmp);
    return r;
}

/* A regular file, new or replaced: whole or not at all (io.h). */
static int write_file(const char *path, int secret, const void *data, size_t len, int replace) {
    mode_t mode = new_file_mode(secret);
#ifdef O_TMPFILE
    int r = write_unnamed(path, mode, data, len, replace);
    if (r <= 0)
        return r;
#endif
    return write_named(path, mode, data, len, replace);
}

int io_write(const char *path, const void *data, size_t len, int secret, int force) {
    int fd = named_descriptor(path);
    if (fd >= 0)
        return write_descriptor(fd, path, data, len);
    size_t n = strlen(path);
    if (n == 0 || path[n - 1] == '/') {
        cli_error("'%s' names no file", path);
        return -1;
    }
    struct stat st;
    if (lstat(path, &st) != 0) {
        if (errno != ENOENT) {
            cli_error("cannot write %s: %s", path, strerror(errno));
            return -1;
        }
        return write_file(path, secret, data, len, force);
    }
    if (refuse_type(path, st.st_mode) != 0)
        return -1;
    if (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode))
        return write_through(path, &st, data, len);
    if (!force) {
        cli_error("%s exists: not overwritten (--force replaces it)", path);
        return -1;
    }
    return write_file(path, secret, data, len, 1);
}

int io_close_stdout(void) {
    int failed = fflush(stdout) != 0, err = errno;
    if (!failed && ferror(stdout)) {
        failed = 1;
        err = EIO;
    }
    /* Closed before we ran (>&-) and nothing written: EBADF is no error. */
    if (fclose(stdout) != 0 && !failed && errno != EBADF) {
        failed = 1;
        err = errno;
    }
    if (failed) {
        cli_error("cannot write to standard output: %s", strerror(err));
        return -1;
    }
    return 0;
}
