/* Reading inputs and writing outputs of the goldilocks command; "-" is stdin or stdout. */
#ifndef CLI_IO_H
#define CLI_IO_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* io_read's return when the input holds more than max bytes (not reported: the caller knows what it reads). */
#define IO_TOO_LARGE (-2)

/*
 * Reads all of path ("-": stdin) into a new buffer (*data, *len; a
 * terminating 0 follows the data), for small inputs that may be secret:
 * no copy is left in freed memory. 0; -1 (reported); or IO_TOO_LARGE, not
 * reported, when the input holds more than max bytes: *len is then its
 * size when known (a regular file, refused unread), else SIZE_MAX. Free
 * the buffer with io_free.
 */
int io_read(const char *path, size_t max, uint8_t **data, size_t *len);

/* Wipes and frees a buffer of io_read. */
void io_free(uint8_t *data, size_t len);

/*
 * A message of any size, read once and held in one place: a regular file
 * that only the user running the command can change (its owner, without
 * group or other write permission) is mapped; anything else (a pipe, a
 * file others may write) is read into one buffer, grown in place. Others'
 * files are not mapped because Ed448 reads the message twice, and a file
 * changed between the two reads would give a signature that gives away
 * the key (and one cut short under the mapping would kill the command).
 */
struct io_message {
    const uint8_t *data;
    size_t len;
    void *map;          /* the mapping, or NULL */
    size_t map_len;
    uint8_t *buf;       /* the buffer, or NULL */
};

/* Reads path ("-": stdin) into m. 0, or -1 (reported). */
int io_message_read(const char *path, struct io_message *m);

/* Unmaps or frees a message (not wiped: a message is not key material). */
void io_message_free(struct io_message *m);

/* Opens path for reading ("-": stdin); NULL (reported) on error. */
FILE *io_open_in(const char *path);
void io_close_in(FILE *f);

/* What io_write does with an existing file and the file's mode. */
enum { IO_PUBLIC = 0, IO_SECRET = 1 };

/*
 * Writes data to path. goldilocks(1), FILES WRITTEN, is the contract:
 *  - "-", /dev/stdout, /dev/stderr, /dev/fd/N and /proc/self/fd/N are
 *    written to that descriptor (force or not);
 *  - a character device or a FIFO is opened and written through (force
 *    or not), never replaced;
 *  - a symbolic link, a directory, a block device or a socket is refused;
 *  - a new file appears whole or not at all: written unnamed (O_TMPFILE)
 *    and then linked, or, where the file system cannot, written under a
 *    temporary name with the terminating signals blocked; mode 0600 when
 *    it holds a secret, else 0666 less the umask;
 *  - an existing regular file is an error unless force, and is then
 *    replaced whole the same way (renamed over it).
 * 0 or -1 (reported).
 */
int io_write(const char *path, const void *data, size_t len, int secret, int force);

/*
 * Flushes and closes standard output; a write error (a full disk, a closed
 * pipe's EPIPE) is reported, as the command's last act. 0 or -1.
 */
int io_close_stdout(void);

#endif
