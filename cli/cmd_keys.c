/* goldilocks genkey and goldilocks pubkey. */
#include <string.h>

#include "commands.h"
#include "keyfile.h"
#include "util.h"

#define N_OPTS(o) (sizeof(o) / sizeof((o)[0]))

static const char GENKEY_HELP[] =
    "usage: goldilocks genkey ed448|x448 [--out FILE] [--format pem|der|raw] [--force]\n"
    "\n"
    "Makes a random private key (from getrandom(2)) and writes it: PKCS#8 as\n"
    "RFC 8410 defines it, PEM (default) or DER, exactly as openssl genpkey does;\n"
    "raw is the 57-byte Ed448 seed or the 56-byte X448 key in hex.\n"
    "\n"
    "  --out FILE     where to write the key (default -, standard output); a file\n"
    "                 is created mode 0600 and an existing one is not overwritten;\n"
    "                 a FIFO or a device is written to, a symbolic link refused\n"
    "  --format F     pem, der or raw\n"
    "  --force        replace an existing FILE\n";

int cmd_genkey(int argc, char **argv) {
    struct cli_opt opts[] = {{"out", 1, NULL, 0}, {"format", 1, NULL, 0}, {"force", 0, NULL, 0}};
    const char *pos[1];
    size_t npos;
    int r = cli_parse(argc, argv, opts, N_OPTS(opts), pos, 1, &npos, GENKEY_HELP);
    if (r != 0)
        return r > 0 ? EXIT_OK : EXIT_USAGE;
    struct key k;
    memset(&k, 0, sizeof k);
    if (npos != 1) {
        cli_error("name the algorithm: goldilocks genkey ed448|x448 (see --help)");
        return EXIT_USAGE;
    }
    if (strcmp(pos[0], "ed448") == 0 || strcmp(pos[0], "ED448") == 0 || strcmp(pos[0], "Ed448") == 0)
        k.alg = KEY_ED448;
    else if (strcmp(pos[0], "x448") == 0 || strcmp(pos[0], "X448") == 0)
        k.alg = KEY_X448;
    else {
        cli_error("unknown algorithm '%s': ed448 or x448", pos[0]);
        return EXIT_USAGE;
    }
    enum key_format format = FORMAT_PEM;
    if (opts[1].given && key_format_parse(opts[1].value, &format) != 0)
        return EXIT_USAGE;
    int ok;
    if (k.alg == KEY_ED448)
        ok = goldilocks_ed448_keypair(k.pub, k.ed448_secret) == 0;
    else
        ok = goldilocks_x448_keypair(k.pub, k.secret) == 0;
    if (!ok) {
        cli_error("the operating system's random number generator failed");
        return EXIT_USAGE;
    }
    if (k.alg == KEY_ED448)
        memcpy(k.secret, k.ed448_secret, GOLDILOCKS_ED448_SEED_BYTES);
    k.is_private = 1;
    r = keyfile_write(opts[0].given ? opts[0].value : "-", format, &k, 1, opts[2].given);
    key_wipe(&k);
    return r == 0 ? EXIT_OK : EXIT_USAGE;
}

static const char PUBKEY_HELP[] =
    "usage: goldilocks pubkey --key FILE [--out FILE] [--format pem|der|raw] [--force]\n"
    "\n"
    "Writes the public key of a private key: SubjectPublicKeyInfo as RFC 8410\n"
    "defines it, PEM (default) or DER, as openssl pkey -pubout does; raw is the\n"
    "57-byte (Ed448) or 56-byte (X448) key in hex.\n"
    "\n"
    "  --key FILE     the private key: PKCS#8 PEM or DER, or raw hex (- for\n"
    "                 standard input)\n"
    "  --out FILE     where to write (default -, standard output); an existing\n"
    "                 file is not overwritten; a FIFO or a device is written to,\n"
    "                 a symbolic link refused\n"
    "  --format F     pem, der or raw\n"
    "  --force        replace an existing FILE\n";

int cmd_pubkey(int argc, char **argv) {
    struct cli_opt opts[] = {{"key", 1, NULL, 0}, {"out", 1, NULL, 0}, {"format", 1, NULL, 0},
                             {"force", 0, NULL, 0}};
    const char *pos[1];
    size_t npos;
    int r = cli_parse(argc, argv, opts, N_OPTS(opts), pos, 0, &npos, PUBKEY_HELP);
    if (r != 0)
        return r > 0 ? EXIT_OK : EXIT_USAGE;
    if (!opts[0].given) {
        cli_error("--key FILE is required (see --help)");
        return EXIT_USAGE;
    }
    enum key_format format = FORMAT_PEM;
    if (opts[2].given && key_format_parse(opts[2].value, &format) != 0)
        return EXIT_USAGE;
    struct key k;
    if (keyfile_read(opts[0].value, NEED_PRIVATE, &k) != 0)
        return EXIT_USAGE;
    r = keyfile_write(opts[1].given ? opts[1].value : "-", format, &k, 0, opts[3].given);
    key_wipe(&k);
    return r == 0 ? EXIT_OK : EXIT_USAGE;
}
