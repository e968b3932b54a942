/* goldilocks sign and goldilocks verify: Ed448 and Ed448ph (RFC 8032 section 5.2). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "hex.h"
#include "io.h"
#include "keyfile.h"
#include "util.h"

#define N_OPTS(o) (sizeof(o) / sizeof((o)[0]))

/* A signature file: 114 bytes, or 228 hex digits. */
#define SIGFILE_MAX_BYTES 1024

/* The Ed448 key of a file, or -1 (reported) for an X448 key or an unreadable file. */
static int read_ed448_key(const char *path, enum key_need need, struct key *k) {
    if (keyfile_read(path, need, k) != 0)
        return -1;
    if (k->alg != KEY_ED448) {
        cli_error("%s is an X448 key; signatures need an Ed448 key", strcmp(path, "-") ? path : "standard input");
        key_wipe(k);
        return -1;
    }
    return 0;
}

/* The context string of --ctx: at most 255 bytes (RFC 8032 section 5.2). */
static int context_of(const struct cli_opt *o, const uint8_t **ctx, size_t *len) {
    *ctx = NULL;
    *len = 0;
    if (!o->given)
        return 0;
    *len = strlen(o->value);
    if (*len > GOLDILOCKS_ED448_CONTEXT_MAX) {
        cli_error("--ctx is %zu bytes; an Ed448 context is at most %d", *len, GOLDILOCKS_ED448_CONTEXT_MAX);
        return -1;
    }
    *ctx = (const uint8_t *)o->value;
    return 0;
}

/* At most one of the inputs may be standard input. */
static int one_stdin(const char *a, const char *b, const char *c) {
    int n = (a && strcmp(a, "-") == 0) + (b && strcmp(b, "-") == 0) + (c && strcmp(c, "-") == 0);
    if (n > 1) {
        cli_error("only one input can be standard input (-)");
        return -1;
    }
    return 0;
}

/* What a signature file must be, in every message about one. */
#define SIGFILE_EXPECTED "expected 114 bytes (raw) or 228 hex digits (whitespace between pairs allowed)"

/* The signature in a file: 114 raw bytes, or 228 hex digits, as xxd -p wraps them or not. 0, or -1 (reported). */
static int read_signature(const char *path, uint8_t sig[GOLDILOCKS_ED448_SIG_BYTES]) {
    const char *name = strcmp(path, "-") ? path : "standard input";
    uint8_t *data;
    size_t len;
    int r = io_read(path, SIGFILE_MAX_BYTES, &data, &len);
    if (r == IO_TOO_LARGE && len == SIZE_MAX)
        cli_error("%s: more than %d bytes: %s", name, SIGFILE_MAX_BYTES, SIGFILE_EXPECTED);
    else if (r == IO_TOO_LARGE)
        cli_error("%s: a signature file of %zu bytes: %s", name, len, SIGFILE_EXPECTED);
    if (r != 0)
        return -1;
    char digits[2 * GOLDILOCKS_ED448_SIG_BYTES];
    long n;
    if (len == GOLDILOCKS_ED448_SIG_BYTES) {
        memcpy(sig, data, GOLDILOCKS_ED448_SIG_BYTES);
    } else if ((n = hex_unwrap(digits, sizeof digits, (const char *)data, len)) < 0 ||
               hex_decode(sig, GOLDILOCKS_ED448_SIG_BYTES, digits, (size_t)n) != GOLDILOCKS_ED448_SIG_BYTES) {
        cli_error("%s: a signature file of %zu bytes, not a signature: %s", name, len, SIGFILE_EXPECTED);
        r = -1;
    }
    io_free(data, len);
    return r;
}

/* Ed448ph streams the message through its SHAKE256 prehash; the state is wiped by the final call. */
static int stream_prehash(goldilocks_ed448ph_state *st, const char *path) {
    uint8_t buf[16384];
    FILE *f = io_open_in(path);
    if (f == NULL)
        return -1;
    goldilocks_ed448ph_init(st);
    size_t got;
    while ((got = fread(buf, 1, sizeof buf, f)) > 0)
        goldilocks_ed448ph_update(st, buf, got);
    int failed = ferror(f);
    io_close_in(f);
    cli_wipe(buf, sizeof buf);
    if (failed) {
        cli_error("cannot read %s", strcmp(path, "-") ? path : "standard input");
        return -1;
    }
    return 0;
}

static const char SIGN_HELP[] =
    "usage: goldilocks sign --key FILE [--in FILE] [--out FILE] [--ctx STRING] [--prehash] [--force]\n"
    "\n"
    "Signs a message with an Ed448 private key (RFC 8032): the signature is\n"
    "114 raw bytes, as openssl pkeyutl -sign -rawin writes it.\n"
    "\n"
    "  --key FILE     the Ed448 private key: PKCS#8 PEM or DER, or the 57-byte seed\n"
    "                 in hex\n"
    "  --in FILE      the message (default -, standard input); held whole: a file\n"
    "                 only you can change is mapped, anything else read into memory\n"
    "  --out FILE     the signature (default -, standard output); an existing file\n"
    "                 is not overwritten; a FIFO or a device is written to, a\n"
    "                 symbolic link refused\n"
    "  --ctx STRING   the context, at most 255 bytes (default: none)\n"
    "  --prehash      Ed448ph: sign SHAKE256(message, 64), reading the message in\n"
    "                 pieces (any size)\n"
    "  --force        replace an existing --out FILE\n";

int cmd_sign(int argc, char **argv) {
    struct cli_opt opts[] = {{"key", 1, NULL, 0}, {"in", 1, NULL, 0},      {"out", 1, NULL, 0},
                             {"ctx", 1, NULL, 0}, {"prehash", 0, NULL, 0}, {"force", 0, NULL, 0}};
    const char *pos[1];
    size_t npos;
    int r = cli_parse(argc, argv, opts, N_OPTS(opts), pos, 0, &npos, SIGN_HELP);
    if (r != 0)
        return r > 0 ? EXIT_OK : EXIT_USAGE;
    if (!opts[0].given) {
        cli_error("--key FILE is required (see --help)");
        return EXIT_USAGE;
    }
    const char *in = opts[1].given ? opts[1].value : "-", *out = opts[2].given ? opts[2].value : "-";
    const uint8_t *ctx;
    size_t ctx_len;
    if (context_of(&opts[3], &ctx, &ctx_len) != 0 || one_stdin(opts[0].value, in, NULL) != 0)
        return EXIT_USAGE;
    struct key k;
    if (read_ed448_key(opts[0].value, NEED_PRIVATE, &k) != 0)
        return EXIT_USAGE;
    uint8_t sig[GOLDILOCKS_ED448_SIG_BYTES];
    int ok;
    if (opts[4].given) {
        goldilocks_ed448ph_state st;
        ok = stream_prehash(&st, in) == 0;
        if (ok && goldilocks_ed448ph_final_sign(&st, sig, k.ed448_secret, ctx, ctx_len) != 0) {
            cli_error("signing failed");
            ok = 0;
        }
        cli_wipe(&st, sizeof st);
    } else {
        /* Ed448 reads the message twice: it is held whole, mapped or in one buffer (io.h). */
        struct io_message m;
        ok = io_message_read(in, &m) == 0;
        if (ok && goldilocks_ed448_sign(sig, k.ed448_secret, m.data, m.len, ctx, ctx_len) != 0) {
            cli_error("signing failed");
            ok = 0;
        }
        io_message_free(&m);
    }
    key_wipe(&k);
    if (!ok)
        return EXIT_USAGE;
    return io_write(out, sig, sizeof sig, IO_PUBLIC, opts[5].given) == 0 ? EXIT_OK : EXIT_USAGE;
}

static const char VERIFY_HELP[] =
    "usage: goldilocks verify --key FILE --sig FILE [--in FILE] [--ctx STRING] [--prehash] [--strict]\n"
    "\n"
    "Verifies an Ed448 signature (RFC 8032 section 5.2.7). Exit status 0 when it\n"
    "is valid, 1 when it is not, 2 for a usage or input error.\n"
    "\n"
    "  --key FILE     the Ed448 public key: SubjectPublicKeyInfo PEM or DER, or\n"
    "                 57 bytes in hex; a private key file gives its public key\n"
    "  --sig FILE     the signature: 114 raw bytes, or 228 hex digits (whitespace\n"
    "                 between pairs allowed, as xxd -p wraps them)\n"
    "  --in FILE      the message (default -, standard input)\n"
    "  --ctx STRING   the context the signature was made with (default: none)\n"
    "  --prehash      Ed448ph\n"
    "  --strict       also refuse a public key or R of small order\n";

int cmd_verify(int argc, char **argv) {
    struct cli_opt opts[] = {{"key", 1, NULL, 0}, {"sig", 1, NULL, 0},     {"in", 1, NULL, 0},
                             {"ctx", 1, NULL, 0}, {"prehash", 0, NULL, 0}, {"strict", 0, NULL, 0}};
    const char *pos[1];
    size_t npos;
    int r = cli_parse(argc, argv, opts, N_OPTS(opts), pos, 0, &npos, VERIFY_HELP);
    if (r != 0)
        return r > 0 ? EXIT_OK : EXIT_USAGE;
    if (!opts[0].given || !opts[1].given) {
        cli_error("--key FILE and --sig FILE are required (see --help)");
        return EXIT_USAGE;
    }
    const char *in = opts[2].given ? opts[2].value : "-";
    const uint8_t *ctx;
    size_t ctx_len;
    if (context_of(&opts[3], &ctx, &ctx_len) != 0 || one_stdin(opts[0].value, opts[1].value, in) != 0)
        return EXIT_USAGE;
    struct key k;
    uint8_t pub[GOLDILOCKS_ED448_PUBLIC_BYTES];
    if (read_ed448_key(opts[0].value, NEED_PUBLIC, &k) != 0)
        return EXIT_USAGE;
    memcpy(pub, k.pub, sizeof pub);
    key_wipe(&k);   /* a private key file gives its public key; nothing secret is kept */

    uint8_t sig[GOLDILOCKS_ED448_SIG_BYTES];
    if (read_signature(opts[1].value, sig) != 0)
        return EXIT_USAGE;

    int valid, prehash = opts[4].given, strict = opts[5].given;
    if (prehash && !strict) {
        /* Streamed: the message is read in pieces, of any size. */
        goldilocks_ed448ph_state st;
        if (stream_prehash(&st, in) != 0)
            return EXIT_USAGE;
        valid = goldilocks_ed448ph_final_verify(&st, sig, pub, ctx, ctx_len) == 0;
    } else {
        /* Ed448, and Ed448ph's strict checks, which have no streaming form: the message is held whole. */
        struct io_message m;
        if (io_message_read(in, &m) != 0)
            return EXIT_USAGE;
        if (prehash)
            valid = goldilocks_ed448ph_verify_strict(sig, pub, m.data, m.len, ctx, ctx_len) == 0;
        else if (strict)
            valid = goldilocks_ed448_verify_strict(sig, pub, m.data, m.len, ctx, ctx_len) == 0;
        else
            valid = goldilocks_ed448_verify(sig, pub, m.data, m.len, ctx, ctx_len) == 0;
        io_message_free(&m);
    }
    if (!valid) {
        cli_error("invalid signature");
        return EXIT_INVALID;
    }
    puts("valid signature");
    return EXIT_OK;
}
