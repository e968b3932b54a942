/*
 * What every part of the goldilocks command shares: the exit statuses, one
 * way to report an error, wiping secrets, and the option parser.
 */
#ifndef CLI_UTIL_H
#define CLI_UTIL_H

#include <stddef.h>
#include <stdint.h>

/* The command's exit statuses (goldilocks(1), EXIT STATUS). */
enum {
    EXIT_OK = 0,        /* done; for verify: the signature is valid */
    EXIT_INVALID = 1,   /* verify: the signature is not valid */
    EXIT_USAGE = 2      /* a usage error, or input that cannot be used, or an I/O error */
};

/* The subcommand named in every message ("goldilocks sign: ..."). */
void cli_set_command(const char *name);

/* Prints "goldilocks CMD: MESSAGE" and a newline on stderr. */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Zeroes n bytes in a way the compiler keeps (p may be NULL when n is 0). */
void cli_wipe(void *p, size_t n);

/* One option of a subcommand: "--name VALUE", "--name=VALUE" or a flag "--name". */
struct cli_opt {
    const char *name;       /* without the leading "--" */
    int takes_value;
    const char *value;      /* the value given (last one wins is refused: twice is an error) */
    int given;
};

/*
 * Parses argv[1..argc-1] (argv[0] is the subcommand) against opts; the
 * arguments that are not options go to positional (at most max_positional).
 * "--help" or "-h" prints help (the subcommand's usage text) on stdout and
 * gives 1; a usage error is reported and gives -1; otherwise 0. "--" ends
 * the options.
 */
int cli_parse(int argc, char **argv, struct cli_opt *opts, size_t n_opts, const char **positional,
              size_t max_positional, size_t *n_positional, const char *help);

/* The option of that name (which must be in opts). */
struct cli_opt *cli_option(struct cli_opt *opts, size_t n_opts, const char *name);

#endif
