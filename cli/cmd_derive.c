/* goldilocks derive: the X448 shared secret (RFC 7748 section 6.2). */
#include <string.h>

#include "commands.h"
#include "io.h"
#include "keyfile.h"
#include "util.h"

#define N_OPTS(o) (sizeof(o) / sizeof((o)[0]))

static const char DERIVE_HELP[] =
    "usage: goldilocks derive --key FILE --peer FILE [--out FILE] [--force]\n"
    "\n"
    "Writes the 56-byte X448 shared secret of a private key and a peer's public\n"
    "key, raw, as openssl pkeyutl -derive does. A peer of low order (whose\n"
    "shared secret is all zero, RFC 7748 section 6.2) is refused.\n"
    "\n"
    "  --key FILE     our X448 private key: PKCS#8 PEM or DER, or 56 bytes in hex\n"
    "  --peer FILE    the peer's X448 public key: SubjectPublicKeyInfo PEM or DER,\n"
    "                 or 56 bytes in hex; a private key file gives its public key\n"
    "  --out FILE     where to write the secret (default -, standard output); a\n"
    "                 file is created mode 0600 and an existing one is not\n"
    "                 overwritten; a FIFO or a device is written to, a symbolic\n"
    "                 link refused\n"
    "  --force        replace an existing --out FILE\n";

static int read_x448_key(const char *path, enum key_need need, struct key *k) {
    if (keyfile_read(path, need, k) != 0)
        return -1;
    if (k->alg != KEY_X448) {
        cli_error("%s is an Ed448 key; derive needs X448 keys", strcmp(path, "-") ? path : "standard input");
        key_wipe(k);
        return -1;
    }
    return 0;
}

int cmd_derive(int argc, char **argv) {
    struct cli_opt opts[] = {{"key", 1, NULL, 0}, {"peer", 1, NULL, 0}, {"out", 1, NULL, 0},
                             {"force", 0, NULL, 0}};
    const char *pos[1];
    size_t npos;
    int r = cli_parse(argc, argv, opts, N_OPTS(opts), pos, 0, &npos, DERIVE_HELP);
    if (r != 0)
        return r > 0 ? EXIT_OK : EXIT_USAGE;
    if (!opts[0].given || !opts[1].given) {
        cli_error("--key FILE and --peer FILE are required (see --help)");
        return EXIT_USAGE;
    }
    if (strcmp(opts[0].value, "-") == 0 && strcmp(opts[1].value, "-") == 0) {
        cli_error("only one input can be standard input (-)");
        return EXIT_USAGE;
    }
    struct key ours, peer;
    if (read_x448_key(opts[0].value, NEED_PRIVATE, &ours) != 0)
        return EXIT_USAGE;
    if (read_x448_key(opts[1].value, NEED_PUBLIC, &peer) != 0) {
        key_wipe(&ours);
        return EXIT_USAGE;
    }
    uint8_t shared[GOLDILOCKS_X448_BYTES];
    r = goldilocks_x448(shared, ours.secret, peer.pub);
    key_wipe(&ours);
    key_wipe(&peer);
    if (r != 0) {
        cli_error("%s: the peer's public key is of low order (the shared secret would be all zero)", opts[1].value);
        return EXIT_USAGE;
    }
    r = io_write(opts[2].given ? opts[2].value : "-", shared, sizeof shared, IO_SECRET, opts[3].given);
    cli_wipe(shared, sizeof shared);
    return r == 0 ? EXIT_OK : EXIT_USAGE;
}
