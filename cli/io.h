/* Reading inputs and writing outputs of the goldilocks command; "-" is stdin or stdout. */
#ifndef CLI_IO_H
#define CLI_IO_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/*
 * Reads all of path ("-": stdin) into a new buffer (*data, *len; a
 * terminating 0 follows the data). More than max bytes is an error. 0 or
 * -1 (reported). Free the buffer with io_free.
 */
int io_read(const char *path, size_t max, uint8_t **data, size_t *len);

/* Wipes and frees a buffer of io_read. */
void io_free(uint8_t *data, size_t len);

/* Opens path for reading ("-": stdin); NULL (reported) on error. */
FILE *io_open_in(const char *path);
void io_close_in(FILE *f);

/* What io_write does with an existing file and the file's mode. */
enum { IO_PUBLIC = 0, IO_SECRET = 1 };

/*
 * Writes data to path ("-": stdout). A file is created mode 0600 when it
 * holds a secret (else 0666 less the umask); an existing file is an error
 * unless force, and is then replaced whole (a new file renamed over it,
 * so a secret never lands in a file of wider mode). 0 or -1 (reported).
 */
int io_write(const char *path, const void *data, size_t len, int secret, int force);

#endif
