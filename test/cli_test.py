#!/usr/bin/env python3
"""Tests the goldilocks command against the openssl command, RFC 8032's
vectors and Wycheproof's X448 key-file vectors.

    [GOLDILOCKS_TEST_WRAPPER="WORDS"] test/cli_test.py [--slow] [--goldilocks PATH]
                                                      (PATH default ./goldilocks)

Every subcommand both ways with openssl: keys written by each read by the
other (byte for byte the same encodings), signatures made by each verified
by the other (Ed448 is deterministic, so they are equal), X448 shared
secrets equal on both sides. Ed448 with a context and Ed448ph (which the
openssl 3.0 command cannot make) against RFC 8032 section 7.4 and 7.5.
Every malformed-file case gives exit status 2 and one line naming the
fault; every case of wycheproof_x448_asn_test.json and _pem_test.json goes
through `goldilocks derive`: the expected secret, or a clean refusal where
the case is invalid (or acceptable with an all-zero secret). Ends with
"N passed, N failed" (", N skipped" when it skipped checks).

On an emulated build the command runs under the emulator and openssl on the
host, so the key files cross endianness: run_tests.py puts its --wrapper's
words (e.g. "qemu-s390x -L /usr/s390x-linux-gnu -cpu qemu") in the environment
as GOLDILOCKS_TEST_WRAPPER (empty: no wrapper), and every
goldilocks invocation starts with them. Under a wrapper these are skipped, each
a counted skip with its reason: SIGTERM at every system call under ptrace
(ptrace and seccomp would see the emulator's calls, not the command's) and the
peak-memory bounds (they would measure the emulator); the long messages are
4 MiB, not 64 MiB. With GOLDILOCKS_TEST_QUICK=1 (run_tests.py --quick, as
emulated builds run) the Wycheproof files run every invalid or all-zero case and
every tenth other (tcId), saying so (not counted as skips, as the C tests' quick
mode). configure.py runs it on native builds and on big-endian emulated ones.
"""

import argparse
import base64
import ctypes
import errno
import hashlib
import json
import os
import platform
import shlex
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import threading
import time

import pycheck
from pycheck import check, count_passed, skip

VECTORS = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'vectors')

def run(argv, stdin=b''):
    p = subprocess.run(argv, input=stdin, capture_output=True)
    return p.returncode, p.stdout, p.stderr.decode(errors='replace')


class Cli:
    def __init__(self, exe, tmp, wrapper):
        self.exe = exe
        self.tmp = tmp
        self.n = 0
        self.wrapper = wrapper          # the emulator's words before the command, or []
        self.quick = os.environ.get('GOLDILOCKS_TEST_QUICK') == '1'

    def argv(self, *args):
        """The command line of goldilocks with args (under the wrapper, if any)."""
        return self.wrapper + [self.exe] + list(args)

    def path(self, name):
        return os.path.join(self.tmp, name)

    def file(self, data, name=None):
        """A new file in the temporary directory holding data (bytes or str)."""
        self.n += 1
        path = self.path(name or f'f{self.n}')
        with open(path, 'wb') as f:
            f.write(data.encode() if isinstance(data, str) else data)
        return path

    def g(self, *args, stdin=b''):
        return run(self.argv(*args), stdin)

    def ossl(self, *args, stdin=b''):
        code, out, err = run(['openssl'] + list(args), stdin)
        if code != 0:
            raise RuntimeError(f'openssl {" ".join(args)} failed: {err.strip()}')
        return out


def refused(result, phrase):
    """Exit status 2, nothing on stdout, and one line on stderr that names the fault."""
    code, out, err = result
    lines = err.strip().split('\n')
    return code == 2 and out == b'' and len(lines) == 1 and phrase in err, f'status {code}, stderr {err.strip()!r}'


def read(path):
    with open(path, 'rb') as f:
        return f.read()


def mode_of(path):
    return stat.S_IMODE(os.stat(path).st_mode)


# ---- keys ----

def test_keys(c):
    for alg, ossl_alg, size in (('ed448', 'ED448', 57), ('x448', 'X448', 56)):
        pem, der, raw = c.path(f'{alg}.pem'), c.path(f'{alg}.der'), c.path(f'{alg}.hex')
        code, _, err = c.g('genkey', alg, '--out', pem)
        check(code == 0 and mode_of(pem) == 0o600, f'genkey {alg} --out: a PEM file of mode 0600', err)
        # openssl reads our key and writes it back byte for byte: the same encoding.
        check(c.ossl('pkey', '-in', pem) == read(pem), f'genkey {alg}: openssl pkey rewrites it unchanged')
        text = c.ossl('pkey', '-in', pem, '-noout', '-text').decode()
        check(text.startswith(f'{ossl_alg} Private-Key'), f'genkey {alg}: openssl reads an {ossl_alg} key')
        code, _, _ = c.g('genkey', alg, '--format', 'der', '--out', der)
        check(code == 0 and mode_of(der) == 0o600 and c.ossl('pkey', '-inform', 'DER', '-in', der,
                                                             '-outform', 'DER') == read(der),
              f'genkey {alg} --format der: openssl rewrites it unchanged')
        code, _, _ = c.g('genkey', alg, '--format', 'raw', '--out', raw)
        hexkey = read(raw).decode().strip()
        check(code == 0 and len(hexkey) == 2 * size and all(ch in '0123456789abcdef' for ch in hexkey),
              f'genkey {alg} --format raw: {size} bytes of hex')
        # The raw key is the key: openssl's public key of the PKCS#8 made from it equals ours of the hex.
        ours_pub = c.g('pubkey', '--key', raw)[1]
        prefix = {'ed448': '3047020100300506032b6571043b0439', 'x448': '3046020100300506032b656f043a0438'}[alg]
        der_of_raw = c.file(bytes.fromhex(prefix + hexkey))
        check(ours_pub == c.ossl('pkey', '-inform', 'DER', '-in', der_of_raw, '-pubout'),
              f'pubkey of a raw {alg} key = openssl pkey -pubout of that key in PKCS#8')
        # Hex that begins like DER's SEQUENCE tag ("30", "0..."): still a raw key.
        for lead in ('30', '09', '0b'):
            hexkey = lead + hashlib.sha512((alg + lead).encode()).hexdigest()[:2 * size - 2]
            raw_lead = c.file((hexkey + '\n').encode())
            ours_pub = c.g('pubkey', '--key', raw_lead)[1]
            der_of_raw = c.file(bytes.fromhex(prefix + hexkey))
            check(ours_pub == c.ossl('pkey', '-inform', 'DER', '-in', der_of_raw, '-pubout'),
                  f'pubkey of a raw {alg} key beginning {lead} (not DER) = openssl pkey -pubout')

        # openssl's keys, read by us: our public key is openssl's, PEM and DER.
        okey = c.path(f'openssl_{alg}.pem')
        c.ossl('genpkey', '-algorithm', ossl_alg, '-out', okey)
        code, out, err = c.g('pubkey', '--key', okey)
        check(code == 0 and out == c.ossl('pkey', '-in', okey, '-pubout'),
              f'pubkey of an openssl {ossl_alg} key = openssl pkey -pubout (PEM)', err)
        okey_der = c.file(c.ossl('pkey', '-in', okey, '-outform', 'DER'))
        code, out, _ = c.g('pubkey', '--key', okey_der, '--format', 'der')
        check(code == 0 and out == c.ossl('pkey', '-in', okey, '-pubout', '-outform', 'DER'),
              f'pubkey of an openssl {ossl_alg} DER key = openssl pkey -pubout -outform DER')
        # Our public keys, read by openssl.
        ours = c.g('pubkey', '--key', pem)[1]
        check(c.ossl('pkey', '-pubin', '-in', c.file(ours)) == ours and
              c.ossl('pkey', '-in', pem, '-pubout') == ours, f'pubkey {alg}: openssl reads and agrees')
        code, out, _ = c.g('pubkey', '--key', pem, '--format', 'raw')
        spki = c.ossl('pkey', '-in', pem, '-pubout', '-outform', 'DER')
        check(code == 0 and bytes.fromhex(out.decode().strip()) == spki[-size:],
              f'pubkey {alg} --format raw: the key of openssl\'s SubjectPublicKeyInfo')

    # Standard input and output.
    code, key, _ = c.g('genkey', 'ed448')
    code2, pub, _ = c.g('pubkey', '--key', '-', stdin=key)
    check(code == 0 and code2 == 0 and pub == c.ossl('pkey', '-pubout', stdin=key),
          'genkey to stdout, pubkey --key - from stdin')

    # Files are not overwritten without --force; with it, a secret's file is made 0600 again.
    target = c.file('old contents\n')
    os.chmod(target, 0o644)
    check(refused(c.g('genkey', 'ed448', '--out', target), 'exists') [0] and read(target) == b'old contents\n',
          'genkey refuses to overwrite an existing file')
    code, _, _ = c.g('genkey', 'ed448', '--out', target, '--force')
    check(code == 0 and mode_of(target) == 0o600 and read(target).startswith(b'-----BEGIN PRIVATE KEY'),
          'genkey --force replaces it, mode 0600')
    pubfile = c.path('pub_exists.pem')
    umask = os.umask(0o022)
    os.umask(umask)
    c.g('pubkey', '--key', target, '--out', pubfile)
    check(mode_of(pubfile) == 0o666 & ~umask, f'pubkey --out: a public key file is mode 0666 less the umask')
    check(refused(c.g('pubkey', '--key', target, '--out', pubfile), 'exists')[0],
          'pubkey refuses to overwrite an existing file')


# ---- signatures ----

def test_signatures(c, slow):
    key = c.path('sig_ed448.pem')
    c.g('genkey', 'ed448', '--out', key)
    pub = c.file(c.g('pubkey', '--key', key)[1])
    okey = c.path('sig_openssl.pem')
    c.ossl('genpkey', '-algorithm', 'ED448', '-out', okey)
    opub = c.file(c.ossl('pkey', '-in', okey, '-pubout'))
    # openssl pkeyutl -rawin cannot sign or verify an empty message; RFC 8032's 'Blank' below covers it.
    sizes = [1, 57, 1000, 65537] + ([1 << 22] if slow else [])
    for size in sizes:
        msg = c.file(os.urandom(size))
        # Ours, verified by openssl; and the same bytes as openssl's signature with our key.
        sig = c.path(f'sig_{size}')
        code, _, err = c.g('sign', '--key', key, '--in', msg, '--out', sig)
        ok = code == 0 and len(read(sig)) == 114
        res = run(['openssl', 'pkeyutl', '-verify', '-pubin', '-inkey', pub, '-rawin', '-in', msg, '-sigfile', sig])
        check(ok and res[0] == 0, f'sign ({size} bytes): openssl pkeyutl -verify accepts it', err + res[2])
        osig = c.file(c.ossl('pkeyutl', '-sign', '-inkey', key, '-rawin', '-in', msg))
        check(read(osig) == read(sig), f'sign ({size} bytes): the signature openssl makes with the key')
        # openssl's, verified by us.
        osig2 = c.file(c.ossl('pkeyutl', '-sign', '-inkey', okey, '-rawin', '-in', msg))
        code, out, err = c.g('verify', '--key', opub, '--sig', osig2, '--in', msg)
        check(code == 0 and out == b'valid signature\n', f'verify ({size} bytes): openssl\'s signature', err)
        code, _, _ = c.g('verify', '--key', okey, '--sig', osig2, '--in', msg)
        check(code == 0, f'verify ({size} bytes): the private key file gives its public key')
        bad = bytearray(read(osig2))
        bad[size % 114] ^= 1
        code, out, err = c.g('verify', '--key', opub, '--sig', c.file(bytes(bad)), '--in', msg)
        check(code == 1 and out == b'' and 'invalid signature' in err, f'verify ({size} bytes): a flipped bit, exit 1')
        if size:
            m2 = bytearray(read(msg))
            m2[0] ^= 0x80
            check(c.g('verify', '--key', opub, '--sig', osig2, '--in', c.file(bytes(m2)))[0] == 1,
                  f'verify ({size} bytes): another message, exit 1')
    # Standard input, hex signatures.
    code, sig, _ = c.g('sign', '--key', key, stdin=b'from stdin')
    code2, out, _ = c.g('verify', '--key', pub, '--sig', c.file(sig.hex() + '\n'), stdin=b'from stdin')
    check(code == 0 and code2 == 0, 'sign from stdin to stdout; verify a signature in hex from stdin')
    check(refused(c.g('verify', '--key', pub, '--sig', c.file(sig[:113]), stdin=b'x'), '114 bytes')[0],
          'verify: a 113-byte signature is an input error (2)')
    check(refused(c.g('sign', '--key', '-', '--in', '-', stdin=b''), 'standard input')[0],
          'sign: key and message both from stdin is refused')
    check(refused(c.g('sign', '--key', key, '--ctx', 'x' * 256, stdin=b''), '255')[0],
          'sign --ctx of 256 bytes is refused')

    # Contexts and Ed448ph: RFC 8032 section 7.4 and 7.5 (the openssl 3.0 command has neither).
    with open(os.path.join(VECTORS, 'rfc8032_ed448.json')) as f:
        vectors = json.load(f)['vectors']
    for v in vectors:
        seed = c.file(v['secret_key'] + '\n')
        rawpub = c.file(v['public_key'] + '\n')
        msg = c.file(bytes.fromhex(v['message']))
        ctx = bytes.fromhex(v['context'])
        extra = ['--prehash'] if v['algorithm'] == 'Ed448ph' else []
        if ctx:
            try:
                extra += ['--ctx', ctx.decode('ascii')]
            except UnicodeDecodeError:
                continue
        name = f"RFC 8032 {v['algorithm']} '{v['name']}'"
        code, sig, err = c.g('sign', '--key', seed, '--in', msg, *extra)
        check(code == 0 and sig.hex() == v['signature'], f'{name}: sign gives the RFC signature', err)
        sigf = c.file(bytes.fromhex(v['signature']))
        check(c.g('verify', '--key', rawpub, '--sig', sigf, '--in', msg, *extra)[0] == 0,
              f'{name}: verify accepts it (raw hex public key)')
        check(c.g('verify', '--key', rawpub, '--sig', sigf, '--in', msg, '--strict', *extra)[0] == 0,
              f'{name}: verify --strict accepts it')
        other = [a for a in extra if a == '--prehash'] if ctx else extra + ['--ctx', 'other']
        check(c.g('verify', '--key', rawpub, '--sig', sigf, '--in', msg, *other)[0] == 1,
              f'{name}: verify with another context gives 1')


# ---- key agreement ----

def test_derive(c):
    ours = c.path('dh_ours.pem')
    c.g('genkey', 'x448', '--out', ours)
    ours_pub = c.file(c.g('pubkey', '--key', ours)[1])
    theirs = c.path('dh_theirs.pem')
    c.ossl('genpkey', '-algorithm', 'X448', '-out', theirs)
    theirs_pub = c.file(c.ossl('pkey', '-in', theirs, '-pubout'))
    theirs_pub_der = c.file(c.ossl('pkey', '-in', theirs, '-pubout', '-outform', 'DER'))
    want = c.ossl('pkeyutl', '-derive', '-inkey', theirs, '-peerkey', ours_pub)
    code, out, err = c.g('derive', '--key', ours, '--peer', theirs_pub)
    check(code == 0 and len(out) == 56 and out == want, 'derive: our secret = openssl pkeyutl -derive\'s', err)
    check(c.g('derive', '--key', ours, '--peer', theirs_pub_der)[1] == want, 'derive: the peer as DER')
    check(c.g('derive', '--key', ours, '--peer', theirs)[1] == want, 'derive: the peer as a private key file')
    ours_der = c.file(c.ossl('pkey', '-in', ours, '-outform', 'DER'))
    raw_peer = c.file(read(theirs_pub_der)[-56:].hex())
    check(c.g('derive', '--key', ours_der, '--peer', raw_peer)[1] == want, 'derive: our key as DER, the peer as hex')
    secret = c.path('dh_secret')
    code, _, _ = c.g('derive', '--key', ours, '--peer', theirs_pub, '--out', secret)
    check(code == 0 and read(secret) == want and mode_of(secret) == 0o600, 'derive --out: the secret, mode 0600')
    check(refused(c.g('derive', '--key', ours, '--peer', theirs_pub, '--out', secret), 'exists')[0],
          'derive refuses to overwrite the secret\'s file')
    zero_peer = c.file('00' * 56)
    check(refused(c.g('derive', '--key', ours, '--peer', zero_peer), 'low order'),
          'derive: a low-order peer (u = 0) is refused')


# ---- PEM as others write it ----

def test_pem_variants(c):
    key = c.path('variants.pem')
    c.ossl('genpkey', '-algorithm', 'ED448', '-out', key)
    want = c.ossl('pkey', '-in', key, '-pubout')
    text = read(key).decode()
    lines = text.strip().split('\n')
    body = ''.join(lines[1:-1])
    variants = {
        'CRLF line ends': text.replace('\n', '\r\n'),
        '76-character lines': '\n'.join([lines[0], body[:76], body[76:], lines[-1]]) + '\n',
        'the body on one line': '\n'.join([lines[0], body, lines[-1]]) + '\n',
        'no final newline': text.rstrip('\n'),
        'blank lines around the block': '\n\n' + text + '\n\n',
    }
    for name, variant in variants.items():
        code, out, err = c.g('pubkey', '--key', c.file(variant))
        check(code == 0 and out == want, f'PEM with {name} is read', err)


# ---- malformed files ----

def test_malformed(c):
    ed = c.path('mal_ed448.der')
    c.g('genkey', 'ed448', '--format', 'der', '--out', ed)
    x = c.path('mal_x448.der')
    c.g('genkey', 'x448', '--format', 'der', '--out', x)
    edb, xb = read(ed), read(x)
    xpub = c.g('pubkey', '--key', x, '--format', 'der')[1]
    xpem = c.g('pubkey', '--key', x)[1].decode()
    x25519 = c.file(c.ossl('genpkey', '-algorithm', 'X25519'))
    ed25519 = c.file(c.ossl('genpkey', '-algorithm', 'ED25519', '-outform', 'DER'))
    enc_pem = c.file(c.ossl('pkey', '-in', x, '-inform', 'DER', '-aes256', '-passout', 'pass:secret'))
    enc_der = c.file(c.ossl('pkcs8', '-topk8', '-inform', 'DER', '-in', x, '-outform', 'DER', '-v2', 'aes256',
                            '-passout', 'pass:secret'))
    ec = c.file(c.ossl('genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256'))
    key56 = xb[-56:]
    # A key whose first byte is 0x04 reads as an inner OCTET STRING header in the case 'the privateKey
    # without its inner OCTET STRING' and gets another (right) error: one random key in 512. Keep the
    # case about what it names.
    if key56[0] == 0x04:
        key56 = b'\x05' + key56[1:]
    pub = xpub[-56:]
    # OneAsymmetricKey version 1 with the right public key [1] (RFC 5958): accepted; a wrong one: refused.
    def sequence(b):
        return (bytes([0x30, 0x81, len(b)]) if len(b) > 127 else bytes([0x30, len(b)])) + b
    body = bytes.fromhex('020101300506032b656f043a0438') + key56 + bytes.fromhex('813900') + pub
    v1_good = sequence(body)
    v1_bad = sequence(body[:-1] + bytes([body[-1] ^ 1]))
    code, out, err = c.g('pubkey', '--key', c.file(v1_good), '--format', 'der')
    # (RFC 8410 section 10.3 shows one; the openssl 3.0 command refuses it, having no publicKey field.)
    check(code == 0 and out == xpub, 'PKCS#8 version 1 with its public key is read', err)
    # Attributes [0] (an empty SET here) are allowed and skipped, as openssl does.
    with_attributes = c.file(sequence(bytes.fromhex('020100300506032b656f043a0438') + key56 + b'\xa0\x00'))
    code, out, err = c.g('pubkey', '--key', with_attributes, '--format', 'der')
    check(code == 0 and out == xpub == c.ossl('pkey', '-inform', 'DER', '-in', with_attributes, '-pubout',
                                              '-outform', 'DER'),
          'PKCS#8 attributes are skipped (as openssl skips them)', err)
    cases = [
        ('an X25519 key (wrong OID)', [x25519], 'X25519'),
        ('an Ed25519 key (wrong OID)', [ed25519], 'Ed25519'),
        ('a P-256 key (wrong OID)', [ec], '1.2.840.10045.2.1'),
        ('trailing bytes after the DER', [c.file(xb + b'\0')], 'trailing'),
        ('trailing data after the PEM', [c.file(c.ossl('pkey', '-in', x, '-inform', 'DER') + b'junk\n')], 'trailing'),
        ('two PEM blocks', [c.file(c.ossl('pkey', '-in', x, '-inform', 'DER') * 2)], 'trailing'),
        ('an encrypted PEM key', [enc_pem], 'decrypt it with openssl pkey'),
        ('an encrypted DER key', [enc_der], 'decrypt it with openssl pkey'),
        ('a private key 55 bytes long', [c.file(bytes.fromhex('3045020100300506032b656f04390437') + key56[:55])],
         '55 bytes'),
        ('a private key 57 bytes long for X448',
         [c.file(bytes.fromhex('3047020100300506032b656f043b0439') + key56 + b'\1')], '57 bytes'),
        ('a public key 57 bytes long for X448', None, '57 bytes'),
        ('the privateKey without its inner OCTET STRING',
         [c.file(bytes.fromhex('3044020100300506032b656f0438') + key56)], 'OCTET STRING inside'),
        ('AlgorithmIdentifier parameters (NULL)',
         [c.file(bytes.fromhex('3048020100300706032b656f0500043a0438') + key56)], 'parameters'),
        ('PKCS#8 version 2', [c.file(bytes.fromhex('3046020102300506032b656f043a0438') + key56)], 'version'),
        ('version 0 with a public key', [c.file(sequence(b'\x02\x01\x00' + body[3:]))],
         'version 0'),
        ('version 1 with the wrong public key', [c.file(v1_bad)], 'not the one'),
        ('a long-form length that fits the short form (BER)',
         [c.file(bytes.fromhex('308146020100300506032b656f043a0438') + key56)], 'shortest'),
        ('an indefinite length (BER)', [c.file(bytes.fromhex('3080020100300506032b656f043a0438') + key56 + b'\0\0')],
         'indefinite'),
        ('a truncated DER key', [c.file(xb[:-1])], 'truncated'),
        ('an empty file', [c.file(b'')], 'empty'),
        ('bad base64', [c.file(xpem.replace('MEI', 'ME*'))], 'base64'),
        ('base64 with nonzero padding bits', None, 'base64'),
        ('a PEM END line of another label', [c.file(xpem.replace('END PUBLIC', 'END PRIVATE'))], 'END line'),
        ('a PEM of another label', [c.file(xpem.replace('PUBLIC KEY', 'CERTIFICATE'))], 'CERTIFICATE'),
        ('a PEM label that does not match the key', [c.file(xpem.replace('PUBLIC KEY', 'PRIVATE KEY'))], 'label'),
        ('a raw key of 55 bytes', [c.file('ab' * 55)], '55 bytes'),
        ('hex with an odd digit count', [c.file('abc')], 'not a key file'),
        ('a BIT STRING with unused bits', [c.file(xpub[:11] + b'\x01' + xpub[12:])], 'unused bits'),
    ]
    # The public key with a 57th byte; the PEM whose last base64 character carries stray bits.
    longpub = bytes.fromhex('3043300506032b656f033a00') + pub + b'\0'
    pem_lines = xpem.split('\n')
    last = pem_lines[-3]
    # 68 bytes encode to base64 ending in "=="? 68 = 3*22 + 2: one '=' pad; its unused 2 bits must be 0.
    alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
    stray = last[:-2] + alphabet[alphabet.index(last[-2]) ^ 1] + last[-1]
    pem_lines[-3] = stray
    for i, case in enumerate(cases):
        if case[0].startswith('a public key 57'):
            cases[i] = (case[0], [c.file(longpub)], case[2])
        if case[0].startswith('base64 with nonzero'):
            cases[i] = (case[0], [c.file('\n'.join(pem_lines))], case[2])
    for name, files, phrase in cases:
        path = files[0]
        # A private key where one is needed (pubkey), a public key where one is needed (derive --peer).
        res_priv = c.g('pubkey', '--key', path)
        res_peer = c.g('derive', '--key', x, '--peer', path)
        ok1, d1 = refused(res_priv, phrase)
        ok2, d2 = refused(res_peer, phrase)
        check(ok1 and ok2, f'malformed: {name} is refused with one line naming it', d1 + ' / ' + d2)
    check(refused(c.g('pubkey', '--key', c.file(xpub)), 'public key')[0],
          'a public key where a private key is needed is refused')
    check(refused(c.g('sign', '--key', x, stdin=b'm'), 'X448')[0], 'sign with an X448 key is refused')
    check(refused(c.g('derive', '--key', ed, '--peer', x), 'Ed448')[0], 'derive with an Ed448 key is refused')
    check(refused(c.g('pubkey', '--key', c.path('no_such_file')), 'No such file')[0], 'a missing file is refused')
    check(refused(c.g('verify', '--key', ed, '--sig', c.file(b'\0' * 114), '--in', c.path('nope')),
                  'No such file')[0], 'verify: a missing message is an input error (2), not an invalid signature')


# ---- usage ----

def test_usage(c):
    for cmd in ('genkey', 'pubkey', 'sign', 'verify', 'derive', 'speed'):
        code, out, _ = c.g(cmd, '--help')
        check(code == 0 and out.startswith(f'usage: goldilocks {cmd}'.encode()), f'{cmd} --help')
        check(refused(c.g(cmd, '--no-such-option'), 'unknown option')[0], f'{cmd}: an unknown option gives 2')
    check(c.g()[0] == 2, 'no command gives 2')
    check(refused(c.g('frobnicate'), 'unknown command')[0], 'an unknown command gives 2')
    check(refused(c.g('genkey', 'rsa'), 'unknown algorithm')[0], 'genkey rsa gives 2')
    check(refused(c.g('genkey', 'ed448', '--format', 'txt'), 'formats')[0], 'genkey --format txt gives 2')
    check(refused(c.g('pubkey'), '--key')[0], 'pubkey without --key gives 2')
    code, out, _ = c.g('--version')
    check(code == 0 and out.startswith(b'goldilocks '), '--version')
    code, out, err = c.g('speed', '--rounds', '1')
    lines = out.decode().strip().split('\n')
    check(code == 0 and len(lines) == 9 and 'median of 1 rounds' in lines[0] and
          all(float(l.split()[-2]) > 0 for l in lines[2:]), 'speed --rounds 1: seven operations timed', err)


# ---- Wycheproof's X448 key files ----

def test_wycheproof(c):
    zero = '00' * 56
    for fname, encode in (('wycheproof_x448_asn_test.json', bytes.fromhex), ('wycheproof_x448_pem_test.json', str.encode)):
        with open(os.path.join(VECTORS, fname)) as f:
            data = json.load(f)
        counts = {}
        bad = omitted = 0
        for group in data['testGroups']:
            for t in group['tests']:
                # Quick mode: every refusal, every tenth computed secret.
                if c.quick and t['result'] != 'invalid' and t['shared'] != zero and t['tcId'] % 10:
                    omitted += 1
                    continue
                key = c.file(encode(t['private']), 'wp_private')
                peer = c.file(encode(t['public']), 'wp_public')
                code, out, err = c.g('derive', '--key', key, '--peer', peer)
                lines = err.strip().split('\n')
                clean_refusal = code == 2 and out == b'' and len(lines) == 1 and lines[0].startswith('goldilocks derive: ')
                if t['result'] == 'invalid':
                    ok = clean_refusal
                elif t['shared'] == zero:
                    ok = clean_refusal and 'low order' in err
                else:
                    ok = code == 0 and out.hex() == t['shared']
                result = 'ok' if ok else 'FAIL'
                counts[(t['result'], result)] = counts.get((t['result'], result), 0) + 1
                if not ok:
                    bad += 1
                    check(False, f"{fname} tcId {t['tcId']} ({t['result']}, {t['comment']})",
                          f'status {code}, out {out.hex()}, stderr {err.strip()!r}')
                else:
                    count_passed()
        summary = ', '.join(f'{n} {r} {res}' for (r, res), n in sorted(counts.items()))
        print(f'{"ok  " if not bad else "FAIL"} {fname}: {"every case" if not omitted else "the cases"} '
              f'through goldilocks derive ({summary})')
        if omitted:
            # as the C tests' quick mode cuts repetitions: said, not counted as skipped checks
            print(f'  quick mode (GOLDILOCKS_TEST_QUICK=1): {fname}: every invalid and all-zero case and every '
                  f'tenth other one ({omitted} left out); their X448 arithmetic is test_x448\'s, which runs every '
                  'case of wycheproof_x448_test.json', flush=True)


# ---- where --out writes: regular files, streams, links (issue 35, item 3) ----

ED448_PKCS8_PREFIX = bytes.fromhex('3047020100300506032b6571043b0439')


def whole_ed448_key(data):
    """True when data is exactly one whole Ed448 PKCS#8 PEM key (RFC 8410's 73-byte DER, 64-column base64)."""
    lines = data.split(b'\n')
    if len(lines) != 5 or lines[0] != b'-----BEGIN PRIVATE KEY-----' or lines[3] != b'-----END PRIVATE KEY-----' \
            or lines[4] != b'' or len(lines[1]) != 64 or len(lines[2]) != 36:
        return False
    try:
        der = base64.b64decode(lines[1] + lines[2], validate=True)
    except ValueError:
        return False
    return len(der) == 73 and der.startswith(ED448_PKCS8_PREFIX)


def fifo_reader(path):
    """A reading end of the FIFO at path, open at once (non-blocking), so that a writer's open succeeds."""
    return os.open(path, os.O_RDONLY | os.O_NONBLOCK)


def drain(fd):
    chunks = []
    while True:
        try:
            b = os.read(fd, 65536)
        except BlockingIOError:
            break
        if not b:
            break
        chunks.append(b)
    os.close(fd)
    return b''.join(chunks)


def test_special_outputs(c):
    d = c.path('special')
    os.mkdir(d)
    # The names of standard output and error are those streams, as - is; never a file to create or replace.
    # (Not /dev/stdout with --force: the code before this test replaced it, as root.)
    for name, force in (('/dev/stdout', []), ('/dev/fd/1', []), ('/dev/fd/1', ['--force']),
                        ('/proc/self/fd/1', ['--force'])):
        code, out, err = c.g('genkey', 'ed448', '--out', name, *force)
        check(code == 0 and whole_ed448_key(out) and err == '',
              f'genkey --out {" ".join([name] + force)}: the key on standard output', f'status {code}, {err.strip()!r}')
    code, out, err = c.g('genkey', 'ed448', '--out', '/dev/stderr')
    check(code == 0 and out == b'' and whole_ed448_key(err.encode()),
          'genkey --out /dev/stderr: the key on standard error', f'status {code}')

    # A FIFO is written through (a reader gets the whole key), with or without --force; it stays a FIFO.
    for force in ([], ['--force']):
        fifo = os.path.join(d, 'fifo')
        os.mkfifo(fifo)
        rd = fifo_reader(fifo)
        code, _, err = c.g('genkey', 'ed448', '--out', fifo, *force)
        got = drain(rd)
        check(code == 0 and whole_ed448_key(got) and stat.S_ISFIFO(os.lstat(fifo).st_mode)
              and sorted(os.listdir(d)) == ['fifo'],
              f'genkey --out {" ".join(["FIFO"] + force)}: written through, still a FIFO', f'status {code}, {err.strip()!r}')
        os.unlink(fifo)

    # A character device is written through and stays one: a node like /dev/null (c 1 3) where mknod is
    # allowed, else /dev/null itself (not with --force as root: the code before this test replaced it).
    node = os.path.join(d, 'null')
    try:
        os.mknod(node, stat.S_IFCHR | 0o666, os.makedev(1, 3))
        forces = ([], ['--force'])
    except OSError:
        node = '/dev/null'
        forces = ([],) + ((['--force'],) if os.geteuid() != 0 else ())
        if os.geteuid() == 0:
            skip('genkey --out DEVICE --force', 'mknod is refused here, and /dev/null is not risked as root')
    for force in forces:
        code, _, err = c.g('genkey', 'ed448', '--out', node, *force)
        st = os.lstat(node)
        check(code == 0 and stat.S_ISCHR(st.st_mode) and st.st_rdev == os.makedev(1, 3),
              f'genkey --out {" ".join(["DEVICE"] + force)} (a character device 1, 3): written through, '
              'still the device',
              f'status {code}, {err.strip()!r}, mode {st.st_mode:o}')
    check(refused(c.g('genkey', 'ed448', '--out', '/dev/full'), 'No space left')[0],
          'genkey --out /dev/full: the write error, status 2')

    # A symbolic link is never replaced nor followed: refused, the link and its target as they were.
    target = os.path.join(d, 'target')
    with open(target, 'wb') as f:
        f.write(b'old contents\n')
    link, dangling = os.path.join(d, 'link'), os.path.join(d, 'dangling')
    os.symlink(target, link)
    os.symlink(os.path.join(d, 'nowhere'), dangling)
    listing = sorted(os.listdir(d))
    for name, path in (('a symbolic link', link), ('a dangling symbolic link', dangling)):
        for force in ([], ['--force']):
            res = c.g('genkey', 'ed448', '--out', path, *force)
            ok, detail = refused(res, 'symbolic link')
            check(ok and os.path.islink(path) and read(target) == b'old contents\n'
                  and sorted(os.listdir(d)) == listing,
                  f'genkey --out {" ".join([name] + force)}: refused, link and target unchanged', detail)
    check(refused(c.g('genkey', 'ed448', '--out', d, '--force'), 'directory')[0],
          'genkey --out a directory --force: refused as a directory')
    # A regular file is replaced only with --force (test_keys), and then mode 0600 whatever it was.


# ---- signals during a write (issue 35, item 3) ----

class Tracer:
    """Runs a command under ptrace and sends it SIGTERM at its k-th system-call stop (entry or exit):
    every point between two of its system calls, one run each. Optionally under a seccomp filter that
    makes openat(O_TMPFILE) fail with EOPNOTSUPP, and link/linkat with EPERM (a file system without
    them, as vfat is), for the command's other ways of writing a file."""
    PTRACE_TRACEME, PTRACE_DETACH, PTRACE_SYSCALL, PTRACE_SETOPTIONS = 0, 17, 24, 0x4200
    O_TRACESYSGOOD, O_EXITKILL = 1, 0x100000
    # (AUDIT_ARCH, openat, link or None, linkat) of the machines the filter knows.
    ARCH = {'x86_64': (0xC000003E, 257, 86, 265), 'aarch64': (0xC00000B7, 56, None, 37)}

    def __init__(self):
        self.libc = ctypes.CDLL(None, use_errno=True)
        self.libc.ptrace.argtypes = [ctypes.c_long, ctypes.c_long, ctypes.c_void_p, ctypes.c_void_p]
        self.libc.ptrace.restype = ctypes.c_long
        self.libc.prctl.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong]

    def seccomp_program(self, no_links):
        arch = self.ARCH.get(platform.machine())
        if arch is None:
            return None
        audit, openat, link, linkat = arch
        if not no_links:
            link = linkat = 0xffffffff           # no system call has this number: links are allowed
        LD, JEQ, JSET, RET = 0x20, 0x15, 0x45, 0x06
        allow, tmpfile_err, link_err = 0x7fff0000, 0x00050000 | errno.EOPNOTSUPP, 0x00050000 | errno.EPERM
        # 0: the architecture (else allow); 2: the call; 3-5: openat whose flags (args[2]) hold __O_TMPFILE;
        # 6-7: link, linkat; 8: allow; 9, 10: the errors.
        return [(LD, 0, 0, 4), (JEQ, 0, 6, audit), (LD, 0, 0, 0),
                (JEQ, 0, 2, openat), (LD, 0, 0, 16 + 8 * 2), (JSET, 3, 2, 0o20000000),
                (JEQ, 3, 0, link if link is not None else linkat), (JEQ, 2, 0, linkat),
                (RET, 0, 0, allow), (RET, 0, 0, tmpfile_err), (RET, 0, 0, link_err)]

    def install_seccomp(self, prog):
        class Filter(ctypes.Structure):
            _fields_ = [('code', ctypes.c_uint16), ('jt', ctypes.c_uint8), ('jf', ctypes.c_uint8),
                        ('k', ctypes.c_uint32)]

        class Fprog(ctypes.Structure):
            _fields_ = [('len', ctypes.c_ushort), ('filter', ctypes.POINTER(Filter))]
        arr = (Filter * len(prog))(*[Filter(*p) for p in prog])
        fp = Fprog(len(prog), arr)
        if self.libc.prctl(38, 1, None, 0, 0) != 0:          # PR_SET_NO_NEW_PRIVS
            return False
        return self.libc.prctl(22, 2, ctypes.cast(ctypes.pointer(fp), ctypes.c_void_p), 0, 0) == 0  # SECCOMP_MODE_FILTER

    def run(self, argv, kill_at, seccomp=None):
        """(stops seen, wait status); kill_at=None runs to the end. Raises OSError when ptrace is refused."""
        pid = os.fork()
        if pid == 0:
            try:
                fd = os.open(os.devnull, os.O_RDWR)
                for i in (0, 1, 2):
                    os.dup2(fd, i)
                if seccomp and not self.install_seccomp(seccomp):
                    os._exit(125)
                if self.libc.ptrace(self.PTRACE_TRACEME, 0, None, None) != 0:
                    os._exit(126)
                # LeakSanitizer stops the process with ptrace at exit, which it cannot while traced.
                env = dict(os.environ)
                env['ASAN_OPTIONS'] = ':'.join(filter(None, [env.get('ASAN_OPTIONS'), 'detect_leaks=0']))
                os.execve(argv[0], argv, env)
            finally:
                os._exit(127)
        _, status = os.waitpid(pid, 0)
        if not os.WIFSTOPPED(status):
            raise OSError(f'ptrace or seccomp refused here (status {status})')
        self.libc.ptrace(self.PTRACE_SETOPTIONS, pid, None, ctypes.c_void_p(self.O_TRACESYSGOOD | self.O_EXITKILL))
        stops, deliver = 0, 0
        while True:
            if stops == kill_at:
                os.kill(pid, signal.SIGTERM)
                self.libc.ptrace(self.PTRACE_DETACH, pid, None, ctypes.c_void_p(deliver))
                return stops, os.waitpid(pid, 0)[1]
            self.libc.ptrace(self.PTRACE_SYSCALL, pid, None, ctypes.c_void_p(deliver))
            _, status = os.waitpid(pid, 0)
            deliver = 0
            if os.WIFEXITED(status) or os.WIFSIGNALED(status):
                return stops, status
            if os.WSTOPSIG(status) == signal.SIGTRAP | 0x80:
                stops += 1
            else:
                deliver = os.WSTOPSIG(status)      # a signal for the command: passed on


def test_interrupted_writes(c):
    if c.wrapper:
        skip('SIGTERM at every system call of a write',
             f'under {" ".join(c.wrapper)} ptrace and seccomp would see the emulator\'s system calls, not the command\'s')
    else:
        interrupt_at_every_call(c)
    interrupt_blocked_open(c)


def interrupt_at_every_call(c):
    try:
        tracer = Tracer()
        tracer.run([c.exe, '--version'], None)
    except (OSError, AttributeError) as e:
        skip('SIGTERM at every system call of a write', f'ptrace is not available here ({e})')
        return
    ways = [('', None, (False, True))]
    if tracer.seccomp_program(False) is None:
        skip('the writes without O_TMPFILE and hard links', f'no seccomp filter for {platform.machine()}')
    else:
        ways += [(' (a file system without O_TMPFILE)', tracer.seccomp_program(False), (False,)),
                 (' (a file system without O_TMPFILE or hard links)', tracer.seccomp_program(True), (False, True))]
    old = b'old contents\n'
    for i, (way, seccomp, forces) in enumerate(ways):
        for force in forces:
            d = c.path(f'killed{i}{int(force)}')
            os.mkdir(d)
            key = os.path.join(d, 'key')
            argv = [c.exe, 'genkey', 'ed448', '--out', key] + (['--force'] if force else [])
            total, status = tracer.run(argv, None, seccomp)
            bad = [] if os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0 else [f'untraced: status {status}']
            os.unlink(key)
            killed = 0
            # Every stop of a plain build (about 90). A sanitizer's start adds hundreds before main;
            # the write is within the last 60 then: all of the last 120, one in 16 before them.
            stops = [k for k in range(total + 1) if k >= total - 120 or k % 16 == 0]
            for k in stops:
                if force:
                    with open(key, 'wb') as f:
                        f.write(old)
                    os.chmod(key, 0o644)
                _, status = tracer.run(argv, k, seccomp)
                killed += os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGTERM
                names = sorted(os.listdir(d))
                data = read(key) if names == ['key'] else None
                if names == [] and not force:
                    pass
                elif names == ['key'] and whole_ed448_key(data) and mode_of(key) == 0o600:
                    pass
                elif names == ['key'] and force and data == old:
                    pass
                else:
                    bad.append(f'SIGTERM at stop {k}: {names}, ' +
                               (f'key {len(data)} bytes, mode {mode_of(key):o}' if data is not None else ''))
                for n in names:
                    os.unlink(os.path.join(d, n))
            check(not bad and killed > len(stops) // 2,
                  f'genkey --out{" --force" if force else ""}{way}: SIGTERM at {len(stops)} of {total + 1} points between system calls '
                  f'leaves no file or a whole key (mode 0600){" or the old file" if force else ""}, and no NAME.*',
                  '; '.join(bad[:4]) + (f' (and {len(bad) - 4} more)' if len(bad) > 4 else ''))


def interrupt_blocked_open(c):
    """Blocked in the open of a FIFO nobody reads: SIGTERM ends it, and nothing is left."""
    d = c.path('killed_fifo')
    os.mkdir(d)
    fifo = os.path.join(d, 'fifo')
    os.mkfifo(fifo)
    p = subprocess.Popen(c.argv('genkey', 'ed448', '--out', fifo), stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE)
    time.sleep(0.3)
    blocked = p.poll() is None
    p.terminate()
    _, err = p.communicate()
    check(blocked and p.returncode == -signal.SIGTERM and sorted(os.listdir(d)) == ['fifo']
          and stat.S_ISFIFO(os.lstat(fifo).st_mode),
          'genkey --out a FIFO without a reader: waits for one; SIGTERM leaves the FIFO alone and nothing else',
          f'blocked {blocked}, status {p.returncode}, {err.decode().strip()!r}, {sorted(os.listdir(d))}')


# ---- long messages: one copy at most (issue 35, item 3) ----

def max_rss_of(argv, stdin=None):
    """(exit status, stdout, peak resident set in bytes) of a command. The peak counts the forked copy of
    this script before the exec too: keep this process small (no message in memory) and compare with
    the peak of goldilocks --version, the floor."""
    p = subprocess.Popen(argv, stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    box = {}
    t = threading.Thread(target=lambda: box.setdefault('out', p.stdout.read()))
    t.start()
    _, status, usage = os.wait4(p.pid, 0)
    t.join()
    p.stdout.close()
    p.returncode = os.waitstatus_to_exitcode(status)
    return p.returncode, box['out'], usage.ru_maxrss * 1024


def test_large_messages(c):
    key = c.path('large_key.pem')
    c.g('genkey', 'ed448', '--out', key)
    pub = c.file(c.g('pubkey', '--key', key)[1])
    # Under an emulator the peak memory would be the emulator's: 4 MiB then, for the same paths.
    mib = 4 if c.wrapper else 64
    n = mib << 20
    msg = c.path('large_msg')
    with open(msg, 'wb') as f:
        for _ in range(n >> 20):
            f.write(os.urandom(1 << 20))
    sig = c.path('large_msg.sig')
    code, _, err = c.g('sign', '--key', key, '--in', msg, '--out', sig)
    res = run(['openssl', 'pkeyutl', '-verify', '-pubin', '-inkey', pub, '-rawin', '-in', msg, '-sigfile', sig])
    check(code == 0 and res[0] == 0, f'sign a {mib} MiB file: openssl pkeyutl -verify accepts it', err + res[2])
    if c.wrapper:
        unmeasured = f'under {" ".join(c.wrapper)} it would be the emulator\'s'
    elif b'__asan_init' in read(c.exe):
        unmeasured = 'AddressSanitizer keeps freed memory in quarantine'
    else:
        unmeasured = None
    floor = max_rss_of(c.argv('--version'))[2]
    bound = n + n // 4
    for how in ('file', 'pipe'):
        for argv in (['sign', '--key', key], ['verify', '--key', pub, '--sig', sig]):
            if how == 'file':
                code, out, rss = max_rss_of(c.argv(*argv, '--in', msg))
            else:
                cat = subprocess.Popen(['cat', msg], stdout=subprocess.PIPE)
                code, out, rss = max_rss_of(c.argv(*argv), stdin=cat.stdout)
                cat.stdout.close()
                cat.wait()
            right = read(sig) if argv[0] == 'sign' else b'valid signature\n'
            name = f'{argv[0]} a {mib} MiB message from a {how}'
            if unmeasured:
                check(code == 0 and out == right, f'{name}: the right result', f'status {code}')
                skip(f'{name}: its peak memory', unmeasured)
                continue
            check(code == 0 and out == right and rss < bound,
                  f'{name}: peak memory {rss >> 20} MiB (at most '
                  f'{bound >> 20} MiB: one copy at most; this script\'s copy counts {floor >> 20} MiB)',
                  f'status {code}')
    # A file others may write is read (one copy), not mapped: the same signature.
    os.chmod(msg, 0o666)
    code, out, _ = c.g('sign', '--key', key, '--in', msg)
    check(code == 0 and out == read(sig), 'sign a file others may write (read, not mapped): the same signature')
    os.unlink(msg)
    # Standard input from a file, read from its offset.
    small = c.file(b'0123456789 the message after ten bytes')
    with open(small, 'rb') as f:
        f.seek(10)
        p = subprocess.run(c.argv('sign', '--key', key), stdin=f, capture_output=True)
    check(p.returncode == 0 and p.stdout == c.g('sign', '--key', key, '--in', c.file(read(small)[10:]))[1],
          'sign: standard input a file at offset 10 signs what follows the offset')


# ---- signature files (issue 35, item 3) ----

def test_signature_files(c):
    key = c.path('sigfiles.pem')
    c.g('genkey', 'ed448', '--out', key)
    pub = c.file(c.g('pubkey', '--key', key)[1])
    msg = c.file(b'signed')
    sig = c.g('sign', '--key', key, '--in', msg)[1]
    h = sig.hex()
    # As xxd -p writes it: 60 digits a line; also spaces between the pairs, and capitals.
    xxd = ''.join(h[i:i + 60] + '\n' for i in range(0, len(h), 60))
    if shutil.which('xxd'):
        xxd_out = subprocess.run(['xxd', '-p'], input=sig, capture_output=True).stdout.decode()
        check(xxd_out == xxd, 'xxd -p writes 60 hex digits a line (the form tested below)')
    for name, text in (('wrapped as xxd -p writes it', xxd),
                       ('with spaces between byte pairs', ' '.join(h[i:i + 2] for i in range(0, len(h), 2))),
                       ('in capitals, CRLF-wrapped', xxd.upper().replace('\n', '\r\n'))):
        code, out, err = c.g('verify', '--key', pub, '--sig', c.file(text), '--in', msg)
        check(code == 0 and out == b'valid signature\n', f'verify: a hex signature {name}', err)
    check(refused(c.g('verify', '--key', pub, '--sig', c.file(h[:3] + ' ' + h[3:]), '--in', msg), 'hex')[0],
          'verify: whitespace inside a byte pair is refused')
    for size in (1025, 5000):
        res = c.g('verify', '--key', pub, '--sig', c.file(b'\0' * size), '--in', msg)
        ok, detail = refused(res, f'{size} bytes')
        check(ok and '114' in res[2] and 'key file' not in res[2],
              f'verify: a {size}-byte signature file is refused as a signature file of {size} bytes', detail)
    res = c.g('verify', '--key', pub, '--sig', '-', '--in', msg, stdin=b'\0' * 5000)
    ok, detail = refused(res, 'more than 1024 bytes')
    check(ok and '114' in res[2] and 'key file' not in res[2],
          'verify: a signature of 5000 bytes on standard input is refused as a signature', detail)


# ---- standard output that cannot be written (issue 35, item 3) ----

def test_stdout_errors(c):
    if not os.path.exists('/dev/full'):
        skip('writes to /dev/full', 'no /dev/full here')
        return
    key = c.path('full_key.pem')
    c.g('genkey', 'ed448', '--out', key)
    msg = c.file(b'm')
    sig = c.file(c.g('sign', '--key', key, '--in', msg)[1])
    for name, argv in (('--version', ['--version']), ('--help', ['--help']), ('genkey --help', ['genkey', '--help']),
                       ('verify --help', ['verify', '--help']), ('speed --help', ['speed', '--help']),
                       ('verify (valid signature)', ['verify', '--key', key, '--sig', sig, '--in', msg]),
                       ('genkey ed448', ['genkey', 'ed448']), ('pubkey', ['pubkey', '--key', key])):
        with open('/dev/full', 'wb') as full:
            p = subprocess.run(c.argv(*argv), stdout=full, stderr=subprocess.PIPE)
        err = p.stderr.decode()
        check(p.returncode == 2 and 'standard output' in err and 'No space left' in err
              and len(err.strip().split('\n')) == 1,
              f'{name} into /dev/full: status 2 and one line saying so', f'status {p.returncode}, {err!r}')
    # Standard output closed, nothing written to it: not an error.
    code = subprocess.run(c.argv('genkey', 'ed448', '--out', c.path('closed_stdout.pem')),
                          stderr=subprocess.PIPE, preexec_fn=lambda: os.close(1)).returncode
    check(code == 0, 'genkey --out FILE with nothing for standard output: status 0')


def main():
    p = argparse.ArgumentParser(description='GOLDILOCKS_TEST_WRAPPER: words to run the command under (an emulator)')
    p.add_argument('--slow', action='store_true')
    p.add_argument('--goldilocks', default=os.path.join(os.getcwd(), 'goldilocks'))
    args = p.parse_args()
    if not shutil.which('openssl'):
        print('cli_test: the openssl command is missing (apt-get install openssl)')
        print('0 passed, 1 failed')
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        c = Cli(os.path.abspath(args.goldilocks), tmp, shlex.split(os.environ.get('GOLDILOCKS_TEST_WRAPPER', '')))
        if c.wrapper:
            print(f'cli_test: goldilocks runs under {" ".join(c.wrapper)}, openssl on the host', flush=True)
        for test in (test_keys, lambda c: test_signatures(c, args.slow), test_derive, test_pem_variants,
                     test_malformed, test_usage, test_wycheproof, test_special_outputs, test_interrupted_writes,
                     test_signature_files, test_stdout_errors, test_large_messages):
            try:
                test(c)
            except (RuntimeError, OSError, ValueError) as e:
                check(False, 'the test itself', str(e))
    return pycheck.done()


if __name__ == '__main__':
    sys.exit(main())
