/*
 * goldilocks: the command-line face of the library. Keys, signatures and
 * shared secrets in the files OpenSSL reads and writes (RFC 8410), through
 * include/goldilocks.h alone. goldilocks(1) documents it.
 */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "goldilocks.h"
#include "io.h"
#include "util.h"

static const char HELP[] =
    "usage: goldilocks COMMAND [OPTIONS]   (goldilocks COMMAND --help for each)\n"
    "\n"
    "  genkey ed448|x448 [--out FILE] [--format pem|der|raw]     a new private key\n"
    "  pubkey --key FILE [--out FILE] [--format pem|der|raw]     its public key\n"
    "  sign   --key FILE [--in FILE] [--out FILE] [--ctx STRING] [--prehash]\n"
    "  verify --key FILE --sig FILE [--in FILE] [--ctx STRING] [--prehash] [--strict]\n"
    "  derive --key FILE --peer FILE [--out FILE]                X448 shared secret\n"
    "  speed  [--rounds N]                                       time the operations\n"
    "\n"
    "Keys are PKCS#8 and SubjectPublicKeyInfo files as RFC 8410 defines them (PEM\n"
    "or DER, as openssl genpkey and openssl pkey write them), or raw keys in hex.\n"
    "FILE - is standard input or output. Exit status: 0 done (a valid signature),\n"
    "1 an invalid signature, 2 a usage or input error. goldilocks --version.\n";

static const struct {
    const char *name;
    int (*run)(int, char **);
} COMMANDS[] = {
    {"genkey", cmd_genkey}, {"pubkey", cmd_pubkey}, {"sign", cmd_sign},
    {"verify", cmd_verify}, {"derive", cmd_derive}, {"speed", cmd_speed},
};

/* The exit status, once standard output is flushed: a write error there (a full disk) is an error. */
static int finish(int status) {
    return io_close_stdout() == 0 ? status : EXIT_USAGE;
}

static int run(int argc, char **argv) {
    if (argc < 2) {
        fputs(HELP, stderr);
        return EXIT_USAGE;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "help") == 0) {
        fputs(HELP, stdout);
        return EXIT_OK;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("goldilocks %s\n", goldilocks_version());
        return EXIT_OK;
    }
    for (size_t i = 0; i < sizeof COMMANDS / sizeof COMMANDS[0]; i++) {
        if (strcmp(argv[1], COMMANDS[i].name) == 0) {
            static char name[32];
            snprintf(name, sizeof name, "goldilocks %s", COMMANDS[i].name);
            cli_set_command(name);
            return COMMANDS[i].run(argc - 1, argv + 1);
        }
    }
    fprintf(stderr, "goldilocks: unknown command '%s' (goldilocks --help lists them)\n", argv[1]);
    return EXIT_USAGE;
}

int main(int argc, char **argv) {
    return finish(run(argc, argv));
}
