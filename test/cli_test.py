#!/usr/bin/env python3
"""Tests the goldilocks command against the openssl command, RFC 8032's
vectors and Wycheproof's X448 key-file vectors.

    test/cli_test.py [--slow] [--goldilocks PATH]     (PATH default ./goldilocks)

Every subcommand both ways with openssl: keys written by each read by the
other (byte for byte the same encodings), signatures made by each verified
by the other (Ed448 is deterministic, so they are equal), X448 shared
secrets equal on both sides. Ed448 with a context and Ed448ph (which the
openssl 3.0 command cannot make) against RFC 8032 section 7.4 and 7.5.
Every malformed-file case gives exit status 2 and one line naming the
fault; every case of wycheproof_x448_asn_test.json and _pem_test.json goes
through `goldilocks derive`: the expected secret, or a clean refusal where
the case is invalid (or acceptable with an all-zero secret). Native builds
with the openssl command only. Ends with "N passed, N failed".
"""

import argparse
import hashlib
import json
import os
import shutil
import stat
import subprocess
import sys
import tempfile

from pycheck import check, count_passed, done

VECTORS = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'vectors')

def run(argv, stdin=b''):
    p = subprocess.run(argv, input=stdin, capture_output=True)
    return p.returncode, p.stdout, p.stderr.decode(errors='replace')


class Cli:
    def __init__(self, exe, tmp):
        self.exe = exe
        self.tmp = tmp
        self.n = 0

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
        return run([self.exe] + list(args), stdin)

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
        bad = 0
        for group in data['testGroups']:
            for t in group['tests']:
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
        print(f'{"ok  " if not bad else "FAIL"} {fname}: every case through goldilocks derive ({summary})')


def main():
    p = argparse.ArgumentParser()
    p.add_argument('--slow', action='store_true')
    p.add_argument('--goldilocks', default=os.path.join(os.getcwd(), 'goldilocks'))
    args = p.parse_args()
    if not shutil.which('openssl'):
        print('cli_test: the openssl command is missing (apt-get install openssl)')
        print('0 passed, 1 failed')
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        c = Cli(os.path.abspath(args.goldilocks), tmp)
        for test in (test_keys, lambda c: test_signatures(c, args.slow), test_derive, test_pem_variants,
                     test_malformed,
                     test_usage, test_wycheproof):
            try:
                test(c)
            except (RuntimeError, OSError, ValueError) as e:
                check(False, 'the test itself', str(e))
    return done()


if __name__ == '__main__':
    sys.exit(main())
