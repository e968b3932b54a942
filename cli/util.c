/* Error messages, wiping and option parsing for the goldilocks command. */
#include "util.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const char *command = "goldilocks";

void cli_set_command(const char *name) {
    command = name;
}

void cli_error(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: ", command);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

void cli_wipe(void *p, size_t n) {
    volatile uint8_t *q = p;
    while (n--)
        *q++ = 0;
}

struct cli_opt *cli_option(struct cli_opt *opts, size_t n_opts, const char *name) {
    for (size_t i = 0; i < n_opts; i++)
        if (strcmp(opts[i].name, name) == 0)
            return &opts[i];
    return NULL;
}

int cli_parse(int argc, char **argv, struct cli_opt *opts, size_t n_opts, const char **positional,
              size_t max_positional, size_t *n_positional, const char *help) {
    int only_positional = 0;
    *n_positional = 0;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (!only_positional && (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0)) {
            fputs(help, stdout);
            return 1;
        }
        if (!only_positional && strcmp(arg, "--") == 0) {
            only_positional = 1;
            continue;
        }
        if (only_positional || arg[0] != '-' || strcmp(arg, "-") == 0) {
            if (*n_positional == max_positional) {
                cli_error("unexpected argument '%s' (see --help)", arg);
                return -1;
            }
            positional[(*n_positional)++] = arg;
            continue;
        }
        if (arg[1] != '-') {
            cli_error("unknown option '%s' (options are spelled --name; see --help)", arg);
            return -1;
        }
        const char *name = arg + 2;
        const char *eq = strchr(name, '=');
        size_t name_len = eq ? (size_t)(eq - name) : strlen(name);
        struct cli_opt *o = NULL;
        for (size_t k = 0; k < n_opts; k++)
            if (strlen(opts[k].name) == name_len && strncmp(opts[k].name, name, name_len) == 0)
                o = &opts[k];
        if (o == NULL) {
            cli_error("unknown option '--%.*s' (see --help)", (int)name_len, name);
            return -1;
        }
        if (o->given) {
            cli_error("--%s is given twice", o->name);
            return -1;
        }
        o->given = 1;
        if (!o->takes_value) {
            if (eq) {
                cli_error("--%s takes no value", o->name);
                return -1;
            }
            continue;
        }
        if (eq) {
            o->value = eq + 1;
        } else if (i + 1 < argc) {
            o->value = argv[++i];
        } else {
            cli_error("--%s needs a value (see --help)", o->name);
            return -1;
        }
    }
    return 0;
}
