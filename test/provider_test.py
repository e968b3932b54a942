#!/usr/bin/env python3
"""The goldilocks OpenSSL 3 provider under the unmodified openssl command.

    provider_test.py [--module-dir DIR] [--slow]

DIR holds goldilocks.so (default: $GOLDILOCKS_PROVIDER_DIR, else the current
directory, which is the build directory under `ninja test`). Every command
loads "-provider goldilocks -provider default" with
"-propquery ?provider=goldilocks" (or the same from an openssl.cnf), and
every test checks against an independent oracle: RFC 8032 and RFC 7748
vectors, or OpenSSL's default provider run alone on the same keys.

OpenSSL 3.0 falls back to another provider silently when a "?" query cannot
be served, so equal bytes prove nothing by themselves: each command runs
with GOLDILOCKS_PROVIDER_TRACE naming a fresh file, where the provider
writes one line per keygen, sign, verify and derive, and each test checks
those counts too (and that the default-provider-only runs write none).

The TLS test runs openssl s_server and s_client on 127.0.0.1 (a free port),
each step bounded in time; the server is killed at the end in any case.

The backend: the build info names it; on a build for the target x86-64
(several backends), unforced it is the best level dispatch/cpu_levels.py
finds, GOLDILOCKS_BACKEND forces it, and under callgrind (when valgrind is
installed) a key generation executes the named backend's code and no other's.

The trace itself is tested last: a symlink named by the variable is not
followed and a FIFO is not written; and, as root, a setuid-root program
(built here with $CC or cc) run by "nobody" through setpriv, so with
AT_SECURE, loads the provider and makes a key but creates no trace file in
a directory only root may write to (a control run by root does write it).
Without root, "nobody" or setpriv, or where the setuid bit has no effect,
that test is skipped, and says so.

Prints "ok"/"FAIL"/"skip" lines and ends with "N passed, N failed" (and
", N skipped" when a test was skipped).
"""

import argparse
import collections
import json
import os
import re
import select
import shlex
import shutil
import socket
import subprocess
import sys
import tempfile
import time

SOURCE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VECTORS = os.environ.get('GOLDILOCKS_VECTORS') or os.path.join(SOURCE_DIR, 'test', 'vectors')
TIMEOUT = 20   # seconds for any one openssl command

# DER prefixes of RFC 8410 keys: PKCS#8 OneAsymmetricKey with the raw key in
# an OCTET STRING, and SubjectPublicKeyInfo with it in a BIT STRING.
ED448_PKCS8 = bytes.fromhex('3047020100300506032b6571043b0439')
X448_PKCS8 = bytes.fromhex('3046020100300506032b656f043a0438')
ED448_SPKI = bytes.fromhex('3043300506032b6571033a00')
X448_SPKI = bytes.fromhex('3042300506032b656f033900')


class Runner:
    def __init__(self, module_dir, workdir):
        self.openssl = shutil.which('openssl')
        self.module_dir = module_dir
        self.workdir = workdir
        self.passed = self.failed = self.skipped = 0
        self.current = None
        self.problems = []
        self.serial = 0
        self.sanitizer = sanitizer_env(os.path.join(module_dir, 'goldilocks.so'))

    # ---- the harness ----
    def test(self, name):
        self.end()
        self.current, self.problems = name, []

    def skip(self, why):
        """Ends the current test as skipped: counted neither as passed nor as failed
        (unless a check of it already failed: then it fails, with the reason)."""
        if self.problems:
            self.problems.append(f'then skipped: {why}')
            self.end()
        elif self.current is not None:
            self.skipped += 1
            print(f'skip {self.current} ({why})')
            sys.stdout.flush()
            self.current, self.problems = None, []

    def check(self, ok, message):
        if not ok:
            self.problems.append(message)
        return ok

    def end(self):
        if self.current is None:
            return
        if self.problems:
            self.failed += 1
            print(f'FAIL {self.current}')
            for p in self.problems[:5]:
                print(f'     {p}')
        else:
            self.passed += 1
            print(f'ok   {self.current}')
        sys.stdout.flush()
        self.current = None

    # ---- files and commands ----
    def path(self, name):
        return os.path.join(self.workdir, name)

    def write(self, name, data):
        with open(self.path(name), 'wb') as f:
            f.write(data)
        return self.path(name)

    def read(self, name):
        with open(self.path(name), 'rb') as f:
            return f.read()

    def new_trace(self):
        self.serial += 1
        return self.path(f'trace{self.serial}')

    def provider_args(self):
        return ['-provider-path', self.module_dir, '-provider', 'goldilocks', '-provider', 'default',
                '-propquery', '?provider=goldilocks']

    def run(self, args, provider=True, trace=None, stdin=b'', env=None):
        """Runs openssl SUBCOMMAND [provider options] ARGS...; returns (rc, output)."""
        cmd = [self.openssl, args[0]] + (self.provider_args() if provider else []) + args[1:]
        e = dict(os.environ if env is None else env)
        if env is None:
            e.pop('OPENSSL_CONF', None)   # only the options given here decide
        e['GOLDILOCKS_PROVIDER_TRACE'] = trace or ''
        e.update(self.sanitizer)
        try:
            p = subprocess.run(cmd, input=stdin, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               env=e, timeout=TIMEOUT, cwd=self.workdir)
        except subprocess.TimeoutExpired:
            return -1, f'timed out: {" ".join(cmd)}'
        return p.returncode, p.stdout.decode(errors='replace')

    def ok(self, args, **kw):
        """Runs a command that must succeed; records a failure otherwise."""
        rc, out = self.run(args, **kw)
        self.check(rc == 0, f'openssl {" ".join(args)}: exit {rc}: {out.strip()[-300:]}')
        return rc == 0, out


def sanitizer_env(module):
    """LD_PRELOAD of the sanitizer runtime a module built with --sanitize needs, or {}.

    openssl is not instrumented, so a sanitized goldilocks.so can load only
    when the runtime comes first: gcc's module names libasan.so.N (preload
    that), clang's leaves the runtime's symbols undefined (preload clang's
    shared runtime). An unsanitized module needs nothing.
    """
    try:
        undefined = subprocess.run(['nm', '-D', '--undefined-only', module], capture_output=True,
                                   text=True).stdout
        dynamic = subprocess.run(['readelf', '-d', module], capture_output=True, text=True).stdout
    except OSError:
        return {}
    if '__asan_' not in undefined:
        return {}
    m = re.search(r'NEEDED.*\[(libasan\.so[.0-9]*)\]', dynamic)
    runtime = m.group(1) if m else None
    if runtime is None and shutil.which('clang'):
        import platform
        runtime = subprocess.run(['clang', f'-print-file-name=libclang_rt.asan-{platform.machine()}.so'],
                                 capture_output=True, text=True).stdout.strip()
    return {'LD_PRELOAD': runtime} if runtime else {}


def counts(trace):
    """The provider's calls in a trace file, as a Counter of "event ALGORITHM"."""
    try:
        with open(trace) as f:
            return collections.Counter(line.strip() for line in f if line.strip())
    except FileNotFoundError:
        return collections.Counter()


def expect_counts(r, trace, expected, what):
    got = counts(trace)
    r.check(got == collections.Counter(expected),
            f'{what}: provider calls {dict(got)}, expected {expected}')


def pem_lines(text, label):
    m = re.search(f'-----BEGIN {label}-----.*?-----END {label}-----', text, re.S)
    return m.group(0) if m else None


def test_loads(r, version):
    r.test('the module loads: goldilocks active, the library version')
    ok, out = r.ok(['list', '-providers'])
    block = out.split('goldilocks', 1)[1] if 'goldilocks' in out else ''
    r.check('status: active' in block, f'no active goldilocks provider in: {out.strip()}')
    r.check(f'version: {version}' in block, f'version {version} not listed: {block.strip()}')

    r.test('ED448 and X448 key management, Ed448 signature and X448 key exchange are listed')
    for kind, alg, oid in (('-key-managers', 'ED448', '1.3.101.113'), ('-key-managers', 'X448', '1.3.101.111'),
                           ('-signature-algorithms', 'ED448', '1.3.101.113'),
                           ('-key-exchange-algorithms', 'X448', '1.3.101.111')):
        ok, out = r.ok(['list', kind])
        r.check(re.search(r'\{ ' + re.escape(oid) + ', ' + alg + r' \} @ goldilocks', out) is not None,
                f'{kind}: no "{{ {oid}, {alg} }} @ goldilocks" in the list')


def test_genpkey(r):
    for alg, label in (('ED448', 'ED448 Private-Key'), ('X448', 'X448 Private-Key')):
        r.test(f'genpkey {alg} through the provider; the default provider alone reads the PEM')
        trace = r.new_trace()
        r.ok(['genpkey', '-algorithm', alg, '-out', r.path(f'gen_{alg}.pem')], trace=trace)
        expect_counts(r, trace, {f'keygen {alg}': 1}, 'genpkey')
        # The public key our export wrote beside the private one, against the
        # one the default provider derives from the private key alone.
        ok1, ours = r.ok(['pkey', '-in', r.path(f'gen_{alg}.pem'), '-pubout'])
        trace2 = r.new_trace()
        ok2, theirs = r.ok(['pkey', '-in', r.path(f'gen_{alg}.pem'), '-pubout'], provider=False, trace=trace2)
        r.check(ok1 and ok2 and pem_lines(ours, 'PUBLIC KEY') == pem_lines(theirs, 'PUBLIC KEY')
                and pem_lines(ours, 'PUBLIC KEY') is not None,
                f'{alg}: public keys differ between the provider and the default provider')
        ok3, text = r.ok(['pkey', '-in', r.path(f'gen_{alg}.pem'), '-noout', '-text'], provider=False)
        r.check(label in text, f'{alg}: "{label}" not in the default provider\'s text')
        expect_counts(r, trace2, {}, 'the default provider alone')

    r.test('genpkey: two keys differ (fresh randomness)')
    r.ok(['genpkey', '-algorithm', 'ED448', '-out', r.path('gen_ED448_b.pem')])
    r.check(r.read('gen_ED448.pem') != r.read('gen_ED448_b.pem'), 'two generated keys are equal')


def sign(r, key, msg, provider, trace=None, keyform='PEM'):
    """The signature pkeyutl -sign -rawin writes, or None."""
    r.write('msg', msg)
    sig = r.path('sig')
    if os.path.exists(sig):
        os.remove(sig)
    ok, out = r.ok(['pkeyutl', '-sign', '-rawin', '-inkey', key, '-keyform', keyform, '-in', r.path('msg'),
                    '-out', sig], provider=provider, trace=trace)
    return r.read('sig') if ok else None


def verify(r, key, msg, sig, provider, trace=None, keyform='PEM', pubin=False):
    """True when pkeyutl -verify -rawin accepts (key: a private key, or a public one with pubin)."""
    r.write('msg', msg)
    r.write('sig_in', sig)
    rc, out = r.run(['pkeyutl', '-verify', '-rawin', '-inkey', key, '-keyform', keyform, '-in', r.path('msg'),
                     '-sigfile', r.path('sig_in')] + (['-pubin'] if pubin else []), provider=provider, trace=trace)
    return rc == 0 and 'Signature Verified Successfully' in out


def test_rfc8032(r):
    with open(os.path.join(VECTORS, 'rfc8032_ed448.json')) as f:
        vectors = json.load(f)['vectors']
    # The openssl command names neither a context nor Ed448ph: plain Ed448 only;
    # and 3.0's pkeyutl -rawin cannot read an empty message ("Could not
    # allocate 0 bytes"), with either provider.
    plain = [v for v in vectors if v['algorithm'] == 'Ed448' and not v['context'] and v['message']]
    r.test(f'RFC 8032 section 7.4: {len(plain)} Ed448 vectors signed and verified through the provider')
    r.check(len(plain) >= 6, f'only {len(plain)} plain Ed448 vectors in rfc8032_ed448.json')
    for v in plain:
        key = r.write('rfc_key.der', ED448_PKCS8 + bytes.fromhex(v['secret_key']))
        pub = r.write('rfc_pub.der', ED448_SPKI + bytes.fromhex(v['public_key']))
        msg, expected = bytes.fromhex(v['message']), bytes.fromhex(v['signature'])
        trace = r.new_trace()
        got = sign(r, key, msg, True, trace, keyform='DER')
        r.check(got == expected, f'{v["name"]}: signature {got.hex() if got else None}, RFC {expected.hex()}')
        r.check(verify(r, pub, msg, expected, True, trace, keyform='DER', pubin=True), f'{v["name"]}: RFC signature rejected')
        bad = bytearray(expected)
        bad[len(bad) // 2] ^= 0x10
        r.check(not verify(r, pub, msg, bytes(bad), True, trace, keyform='DER', pubin=True),
                f'{v["name"]}: a tampered signature verified')
        expect_counts(r, trace, {'sign ED448': 1, 'verify ED448': 2}, v['name'])


def test_sign_vs_default(r):
    keys = {'ours': r.path('gen_ED448.pem'), 'default': r.path('ed_default.pem')}
    r.ok(['genpkey', '-algorithm', 'ED448', '-out', keys['default']], provider=False)
    lengths = (1, 57, 114, 1000, 4096, 65536)   # no 0: see test_rfc8032
    r.test(f'Ed448 signatures byte-identical to the default provider\'s, keys of both, {len(lengths)} lengths')
    trace = r.new_trace()
    for origin, key in keys.items():
        for n in lengths:
            msg = os.urandom(n)
            ours = sign(r, key, msg, True, trace)
            theirs = sign(r, key, msg, False, trace)
            r.check(ours is not None and ours == theirs, f'{origin} key, {n} bytes: signatures differ')
            if theirs is not None:
                r.check(verify(r, key, msg, theirs, True, trace), f'{origin} key, {n} bytes: '
                        'the provider rejects the default provider\'s signature')
            if ours is not None:
                r.check(verify(r, key, msg, ours, False, trace), f'{origin} key, {n} bytes: '
                        'the default provider rejects ours')
                r.check(not verify(r, key, msg + b'x', ours, True, trace),
                        f'{origin} key, {n} bytes: accepted for a longer message')
    runs = 2 * len(lengths)
    expect_counts(r, trace, {'sign ED448': runs, 'verify ED448': 2 * runs}, 'sign and verify')


def test_derive(r):
    r.test('X448 shared secrets byte-identical to the default provider\'s, keys of both')
    a, b = r.path('gen_X448.pem'), r.path('x_default.pem')
    r.ok(['genpkey', '-algorithm', 'X448', '-out', b], provider=False)
    r.ok(['pkey', '-in', a, '-pubout', '-out', r.path('x_a_pub.pem')], provider=False)
    r.ok(['pkey', '-in', b, '-pubout', '-out', r.path('x_b_pub.pem')], provider=False)
    trace = r.new_trace()
    secrets = {}
    for name, key, peer, provider in (('ours a.B', a, 'x_b_pub.pem', True), ('ours b.A', b, 'x_a_pub.pem', True),
                                      ('default a.B', a, 'x_b_pub.pem', False),
                                      ('default b.A', b, 'x_a_pub.pem', False)):
        out = r.path('shared')
        ok, _ = r.ok(['pkeyutl', '-derive', '-inkey', key, '-peerkey', r.path(peer), '-out', out],
                     provider=provider, trace=trace)
        secrets[name] = r.read('shared') if ok else None
    values = set(secrets.values())
    r.check(len(values) == 1 and None not in values and len(next(iter(values))) == 56,
            f'shared secrets differ: { {k: v.hex() if v else None for k, v in secrets.items()} }')
    expect_counts(r, trace, {'derive X448': 2}, 'derive')

    with open(os.path.join(VECTORS, 'rfc7748_x448.json')) as f:
        rfc = json.load(f)
    cases = [(c['scalar'], c['u'], c['output']) for c in rfc['scalarmult']]
    dh = rfc['dh']
    cases += [(dh['alice_private'], dh['bob_public'], dh['shared']), (dh['bob_private'], dh['alice_public'], dh['shared'])]
    r.test(f'RFC 7748 sections 5.2 and 6.2: {len(cases)} X448 results through the provider')
    trace = r.new_trace()
    for scalar, u, expected in cases:
        key = r.write('rfc_x.der', X448_PKCS8 + bytes.fromhex(scalar))
        peer = r.write('rfc_u.der', X448_SPKI + bytes.fromhex(u))
        out = r.path('shared')
        ok, _ = r.ok(['pkeyutl', '-derive', '-inkey', key, '-keyform', 'DER', '-peerkey', peer,
                      '-peerform', 'DER', '-out', out], trace=trace)
        got = r.read('shared') if ok else b''
        r.check(got.hex() == expected, f'{scalar[:16]}...: {got.hex()} expected {expected}')
    expect_counts(r, trace, {'derive X448': len(cases)}, 'RFC 7748')

    r.test('X448 with a low-order peer (u = 0, 1): the provider refuses')
    trace = r.new_trace()
    for u in (0, 1):
        peer = r.write('low.der', X448_SPKI + u.to_bytes(56, 'little'))
        rc, out = r.run(['pkeyutl', '-derive', '-inkey', a, '-peerkey', peer, '-peerform', 'DER',
                         '-out', r.path('shared_low')], trace=trace)
        r.check(rc != 0, f'u = {u}: derive succeeded')
    expect_counts(r, trace, {'derive X448': 2}, 'low order')


def openssl_cnf(module):
    """The openssl.cnf of a system that puts the provider (the file module) first for every
    program, as the README gives it (with the module's path)."""
    return f'''openssl_conf = openssl_init
[openssl_init]
providers = provider_sect
alg_section = algorithm_sect
[provider_sect]
goldilocks = goldilocks_sect
default = default_sect
[goldilocks_sect]
module = {module}
activate = 1
[default_sect]
activate = 1
[algorithm_sect]
default_properties = ?provider=goldilocks
'''


def test_config_file(r):
    r.test('default_properties in an openssl.cnf (no -provider options): sign and derive on the provider')
    conf = r.write('openssl.cnf', openssl_cnf(os.path.join(r.module_dir, 'goldilocks.so')).encode())
    env = dict(os.environ, OPENSSL_CONF=conf)
    trace = r.new_trace()
    key, msg = r.path('ed_default.pem'), b'configured'
    r.write('msg', msg)
    ok, _ = r.ok(['pkeyutl', '-sign', '-rawin', '-inkey', key, '-in', r.path('msg'), '-out', r.path('sig_conf')],
                 provider=False, trace=trace, env=env)
    theirs = sign(r, key, msg, False)
    r.check(ok and r.read('sig_conf') == theirs, 'the configured signature differs from the default provider\'s')
    ok, _ = r.ok(['pkeyutl', '-derive', '-inkey', r.path('x_default.pem'), '-peerkey', r.path('x_a_pub.pem'),
                  '-out', r.path('shared_conf')], provider=False, trace=trace, env=env)
    expect_counts(r, trace, {'sign ED448': 1, 'derive X448': 1}, 'openssl.cnf')


def test_speed(r):
    r.test('openssl speed ed448 ecdhx448 runs through the provider (first loaded)')
    trace = r.new_trace()
    cmd = ['speed', '-seconds', '1', '-provider-path', r.module_dir, '-provider', 'goldilocks',
           '-provider', 'default', 'ed448', 'ecdhx448']
    ok, out = r.ok(cmd, provider=False, trace=trace)
    got = counts(trace)
    r.check(re.search(r'^\s*\d+ bits EdDSA \(Ed448\)\s+[\d.]+s\s+[\d.]+s', out, re.M) is not None
            or re.search(r'Ed448\)\s+[\d.]+s\s+[\d.]+s', out) is not None, f'no Ed448 row in: {out[-400:]}')
    r.check(re.search(r'\(X448\)\s+[\d.]+s', out) is not None, f'no X448 row in: {out[-400:]}')
    for event in ('sign ED448', 'verify ED448', 'derive X448'):
        r.check(got[event] >= 100, f'only {got[event]} "{event}" calls reached the provider: {dict(got)}')
    r.check(got['keygen ED448'] >= 1 and got['keygen X448'] >= 1, f'no keygen through the provider: {dict(got)}')


def test_trace_file(r):
    """GOLDILOCKS_PROVIDER_TRACE names a regular file or nothing: no symlink is followed, no FIFO written."""
    genpkey = ['genpkey', '-algorithm', 'ED448', '-out', r.path('trace_key.pem')]
    r.test('trace: a symlink named by GOLDILOCKS_PROVIDER_TRACE is not followed, to a file or to a missing one')
    plain = r.new_trace()
    r.ok(genpkey, trace=plain)
    expect_counts(r, plain, {'keygen ED448': 1}, 'a regular trace file (the control)')
    target, missing = r.write('trace_target', b''), r.path('trace_missing')
    links = (r.path('trace_link'), r.path('trace_link_dangling'))
    os.symlink(target, links[0])
    os.symlink(missing, links[1])
    for link in links:
        r.ok(genpkey, trace=link)
    r.check(r.read('trace_target') == b'', f'the symlink was followed: its target holds {r.read("trace_target")!r}')
    r.check(not os.path.lexists(missing), 'the dangling symlink was followed: its target was created')
    r.check(all(os.path.islink(link) for link in links), 'a symlink was replaced')

    r.test('trace: a FIFO named by GOLDILOCKS_PROVIDER_TRACE is not written (regular files only)')
    fifo = r.path('trace_fifo')
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)   # a reader, so that a writer's open cannot block
    try:
        r.ok(genpkey, trace=fifo)
        try:
            data = os.read(reader, 4096)
        except BlockingIOError:
            data = b''
    finally:
        os.close(reader)
    r.check(data == b'', f'the provider wrote {data!r} into the FIFO')


# The setuid test's program: loads goldilocks.so alone in a library context,
# makes an Ed448 key through it (a traced call), and says who it runs as.
SETUID_HELPER = r"""
#include <stdio.h>
#include <sys/auxv.h>
#include <unistd.h>
#include <openssl/evp.h>
#include <openssl/provider.h>

int main(int argc, char **argv)
{
    printf("uid %d euid %d secure %lu\n", (int)getuid(), (int)geteuid(), getauxval(AT_SECURE));
    if (argc != 2)
        return 2;
    OSSL_LIB_CTX *lib = OSSL_LIB_CTX_new();
    OSSL_PROVIDER *prov = NULL;
    EVP_PKEY_CTX *ctx = NULL;
    EVP_PKEY *key = NULL;
    int ok = lib != NULL && OSSL_PROVIDER_set_default_search_path(lib, argv[1]) == 1
             && (prov = OSSL_PROVIDER_load(lib, "goldilocks")) != NULL
             && (ctx = EVP_PKEY_CTX_new_from_name(lib, "ED448", NULL)) != NULL
             && EVP_PKEY_keygen_init(ctx) == 1 && EVP_PKEY_keygen(ctx, &key) == 1;
    printf("keygen %s\n", ok ? "ok" : "failed");
    EVP_PKEY_free(key);
    EVP_PKEY_CTX_free(ctx);
    OSSL_PROVIDER_unload(prov);
    OSSL_LIB_CTX_free(lib);
    return ok ? 0 : 1;
}
"""


def setuid_unavailable(r):
    """Why the setuid test cannot run here, or None."""
    import pwd
    if os.geteuid() != 0:
        return 'not root: cannot make a setuid-root program'
    try:
        pwd.getpwnam('nobody')
    except KeyError:
        return 'no user "nobody" to run it as'
    if shutil.which('setpriv') is None:
        return 'no setpriv (util-linux)'
    if r.sanitizer:
        return 'a sanitized module needs LD_PRELOAD, which a setuid program ignores'
    if shutil.which(os.environ.get('CC') or 'cc') is None:
        return 'no C compiler (cc or $CC)'
    return None


def test_trace_setuid(r):
    """AT_SECURE: a setuid-root program run by an ordinary user must not trace where that user says."""
    import pwd
    r.test('trace: a setuid-root program run by nobody (AT_SECURE) creates no trace file, even where only root may')
    why = setuid_unavailable(r)
    if why:
        r.skip(why)
        return
    nobody = pwd.getpwnam('nobody')
    base = tempfile.mkdtemp(prefix='goldilocks-setuid-')
    try:
        os.chmod(base, 0o755)   # nobody must reach the program
        source, helper = os.path.join(base, 'helper.c'), os.path.join(base, 'helper')
        with open(source, 'w') as f:
            f.write(SETUID_HELPER)
        cc = shlex.split(os.environ.get('CC') or 'cc')
        p = subprocess.run(cc + ['-o', helper, source, '-lcrypto'], capture_output=True, text=True)
        if not r.check(p.returncode == 0, f'cannot build the setuid program: {p.stderr.strip()[-300:]}'):
            return
        os.chown(helper, 0, 0)
        os.chmod(helper, 0o4755)
        closed = os.path.join(base, 'root-only')
        os.mkdir(closed, 0o700)   # root may create files here, nobody may not
        env = dict(os.environ)
        env.pop('OPENSSL_CONF', None)

        # The control: root runs it (no AT_SECURE), and the trace is written.
        control = os.path.join(closed, 'control')
        p = subprocess.run([helper, r.module_dir], capture_output=True, text=True, timeout=TIMEOUT,
                           env=dict(env, GOLDILOCKS_PROVIDER_TRACE=control))
        r.check(p.returncode == 0 and 'keygen ok' in p.stdout, f'the program run by root: {p.stdout.strip()}')
        expect_counts(r, control, {'keygen ED448': 1}, 'the program run by root (the control)')

        trace = os.path.join(closed, 'trace')
        p = subprocess.run(['setpriv', f'--reuid={nobody.pw_uid}', f'--regid={nobody.pw_gid}', '--clear-groups',
                            '--', helper, r.module_dir], capture_output=True, text=True, timeout=TIMEOUT,
                           env=dict(env, GOLDILOCKS_PROVIDER_TRACE=trace))
        ids = re.search(r'uid (\d+) euid (\d+) secure (\d+)', p.stdout)
        if ids is None or ids.group(2) != '0' or ids.group(3) != '1':
            r.skip(f'the setuid bit took no effect here (a nosuid mount or no_new_privs?): '
                   f'{(p.stdout + p.stderr).strip()!r}')
            return
        r.check(ids.group(1) == str(nobody.pw_uid), f'not run as nobody: {p.stdout.strip()}')
        r.check(p.returncode == 0 and 'keygen ok' in p.stdout,
                f'the setuid program could not make a key through the provider: {(p.stdout + p.stderr).strip()}')
        if os.path.lexists(trace):
            st = os.lstat(trace)
            r.check(False, f'the setuid program created {trace} (owner uid {st.st_uid}, {st.st_size} bytes)')
    finally:
        shutil.rmtree(base, ignore_errors=True)


def held_backends(module):
    """The backends a module built for the target x86-64 holds (its dispatcher's
    local dispatch_NAME_backend functions), or [] for a one-backend build."""
    try:
        symbols = subprocess.run(['nm', module], capture_output=True, text=True).stdout
    except OSError:
        return []
    return sorted(set(re.findall(r' t dispatch_([a-z0-9]+)_backend$', symbols, re.M)))


def reported_backend(r, backend):
    """The backend named by the build info `openssl list -providers -verbose` prints, with
    GOLDILOCKS_BACKEND=backend (unset for None), and whether goldilocks-backend is listed."""
    env = dict(os.environ)
    env.pop('OPENSSL_CONF', None)
    env.pop('GOLDILOCKS_BACKEND', None)
    if backend is not None:
        env['GOLDILOCKS_BACKEND'] = backend
    ok, out = r.ok(['list', '-providers', '-verbose'], env=env)
    m = re.search(r'build info: goldilocks [0-9.]+, backend ([a-z0-9_]+)', out)
    return (m.group(1) if m else None), 'goldilocks-backend: pointer to a UTF8' in out


def executed_backends(r, backend):
    """The backends whose functions an Ed448 key generation through the provider executed,
    with GOLDILOCKS_BACKEND=backend, as callgrind saw them (a set of names), or None."""
    out = r.path(f'callgrind.{backend}')
    env = dict(os.environ, GOLDILOCKS_BACKEND=backend)
    env.pop('OPENSSL_CONF', None)
    cmd = ['valgrind', '--tool=callgrind', f'--callgrind-out-file={out}', r.openssl, 'genpkey'] \
        + r.provider_args() + ['-algorithm', 'ED448', '-out', os.devnull]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=4 * TIMEOUT, env=env)
    except subprocess.TimeoutExpired:
        r.check(False, f'callgrind timed out: {" ".join(cmd)}')
        return None
    if not r.check(p.returncode == 0, f'genpkey under callgrind: exit {p.returncode}: {p.stderr.strip()[-300:]}'):
        return None
    with open(out) as f:
        names = set(re.findall(r'^c?fn=\(\d+\) dispatch_([a-z0-9]+)_', f.read(), re.M))
    return names - {'cpu'}   # dispatch_cpu_*: the CPUID probe, not a backend


def test_backend(r):
    """The backend the provider reports, against the backend code a run actually executes."""
    module = os.path.join(r.module_dir, 'goldilocks.so')
    held = held_backends(module)
    r.test('the provider reports its backend: build info "goldilocks V, backend NAME", goldilocks-backend listed')
    name, listed = reported_backend(r, None)
    r.check(name is not None, 'no "backend NAME" in the build info of openssl list -providers -verbose')
    r.check(listed, 'goldilocks-backend is not among the gettable provider parameters')
    if not held:
        print(f'     (a one-backend build: {name})')
        return
    levels = subprocess.run([sys.executable, os.path.join(SOURCE_DIR, 'dispatch', 'cpu_levels.py')],
                            capture_output=True, text=True).stdout.split()
    runs = [b for b in levels if b in held]   # the levels in increasing order
    r.test(f'x86-64 build ({", ".join(held)}): unforced, the provider reports the best level this CPU runs')
    r.check(runs and name == runs[-1], f'reported {name}; this CPU runs {levels}, the module holds {held}')

    r.test('GOLDILOCKS_BACKEND forces the backend the provider reports; an unknown name gives scalar')
    for b in runs:
        got, _ = reported_backend(r, b)
        r.check(got == b, f'GOLDILOCKS_BACKEND={b}: reported {got}')
    got, _ = reported_backend(r, 'no-such-backend')
    r.check(got == 'scalar', f'GOLDILOCKS_BACKEND=no-such-backend: reported {got}, expected scalar')

    # valgrind's CPU has AVX2 but not AVX-512: the levels it runs.
    forced = [b for b in runs if b in ('scalar', 'avx2')]
    r.test(f'the reported backend is the one that runs: callgrind sees only its code ({", ".join(forced)})')
    if shutil.which('valgrind') is None:
        r.skip('no valgrind (apt-get install valgrind)')
        return
    if r.sanitizer:
        r.skip('a sanitized module does not run under valgrind')
        return
    for b in forced:
        seen = executed_backends(r, b)
        r.check(seen == {b}, f'GOLDILOCKS_BACKEND={b}: callgrind saw the code of {seen}')


def free_port():
    with socket.socket() as s:
        s.bind(('127.0.0.1', 0))
        return s.getsockname()[1]


def test_tls(r):
    r.test('an Ed448 CA and server certificate made through the provider; the default provider verifies')
    trace = r.new_trace()
    ca_key, ca_crt = r.path('ca.key'), r.path('ca.crt')
    leaf_key, leaf_csr, leaf_crt = r.path('leaf.key'), r.path('leaf.csr'), r.path('leaf.crt')
    r.ok(['genpkey', '-algorithm', 'ED448', '-out', ca_key], trace=trace)
    r.ok(['req', '-x509', '-new', '-key', ca_key, '-subj', '/CN=goldilocks test CA', '-days', '2',
          '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign',
          '-out', ca_crt], trace=trace)
    r.ok(['genpkey', '-algorithm', 'ED448', '-out', leaf_key], trace=trace)
    r.ok(['req', '-new', '-key', leaf_key, '-subj', '/CN=localhost', '-out', leaf_csr], trace=trace)
    r.ok(['x509', '-req', '-in', leaf_csr, '-CA', ca_crt, '-CAkey', ca_key, '-set_serial', '1', '-days', '2',
          '-out', leaf_crt], trace=trace)
    ok, out = r.ok(['verify', '-CAfile', ca_crt, leaf_crt], provider=False)
    r.check(ok and 'OK' in out, f'the default provider does not verify the chain: {out}')
    ok, out = r.ok(['x509', '-in', leaf_crt, '-noout', '-text'], provider=False)
    r.check('Signature Algorithm: ED448' in out and 'ED448 Public-Key' in out, 'not an Ed448 certificate')
    # The CA's self-signature, the request's, the issued certificate's; x509 -req checks the request's.
    expect_counts(r, trace, {'keygen ED448': 2, 'sign ED448': 3, 'verify ED448': 1}, 'certificates')

    r.test('TLS 1.3 on 127.0.0.1, s_server and s_client both on the provider: Ed448 chain, group X448')
    port = free_port()
    server_trace, client_trace = r.new_trace(), r.new_trace()
    env = dict(os.environ, GOLDILOCKS_PROVIDER_TRACE=server_trace, **r.sanitizer)
    env.pop('OPENSSL_CONF', None)
    server = subprocess.Popen([r.openssl, 's_server'] + r.provider_args() + [
        '-accept', f'127.0.0.1:{port}', '-naccept', '1', '-cert', leaf_crt, '-key', leaf_key,
        '-tls1_3', '-groups', 'X448'], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT, env=env, cwd=r.workdir)
    try:
        # Wait (bounded) for the server to listen: it prints ACCEPT.
        deadline, seen = time.monotonic() + 10, b''
        while b'ACCEPT' not in seen and time.monotonic() < deadline and server.poll() is None:
            ready, _, _ = select.select([server.stdout], [], [], 0.2)
            if ready:
                chunk = os.read(server.stdout.fileno(), 4096)
                if not chunk:
                    break
                seen += chunk
        if not r.check(b'ACCEPT' in seen, f's_server did not start: {seen.decode(errors="replace")[-300:]}'):
            return
        rc, out = r.run(['s_client', '-connect', f'127.0.0.1:{port}', '-servername', 'localhost', '-tls1_3',
                         '-groups', 'X448', '-CAfile', ca_crt, '-verify_return_error', '-verify_hostname',
                         'localhost'], trace=client_trace, stdin=b'Q\n')
        r.check(rc == 0, f's_client exit {rc}: {out[-400:]}')
        for want in ('Server Temp Key: X448', 'Peer signature type: ed448', 'Verify return code: 0 (ok)',
                     'New, TLSv1.3'):
            r.check(want in out, f's_client output lacks "{want}"')
    finally:
        try:
            server.stdin.close()
            server.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
        if server.poll() is None:
            server.kill()
            server.wait()
        server.stdout.close()
    # Each side: its key share, its shared secret; the server signs the
    # CertificateVerify, the client verifies it and the leaf's certificate.
    expect_counts(r, server_trace, {'keygen X448': 1, 'derive X448': 1, 'sign ED448': 1}, 's_server')
    expect_counts(r, client_trace, {'keygen X448': 1, 'derive X448': 1, 'verify ED448': 2}, 's_client')


def library_version():
    with open(os.path.join(SOURCE_DIR, 'include', 'goldilocks.h')) as f:
        m = re.search(r'#define GOLDILOCKS_VERSION_STRING "([^"]+)"', f.read())
    return m.group(1) if m else '?'


def main():
    p = argparse.ArgumentParser()
    p.add_argument('--module-dir', default=os.environ.get('GOLDILOCKS_PROVIDER_DIR') or os.getcwd())
    p.add_argument('--slow', action='store_true', help='accepted for run_tests.py; nothing is slower')
    args = p.parse_args()
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix='goldilocks-provider-') as work:
        r = Runner(os.path.abspath(args.module_dir), work)
        print(f'provider_test: module {os.path.join(r.module_dir, "goldilocks.so")}'
              + (f', sanitized: LD_PRELOAD={r.sanitizer["LD_PRELOAD"]}' if r.sanitizer else ''))
        r.test('the openssl command and goldilocks.so are present')
        present = (r.check(r.openssl is not None, 'no openssl command on PATH (apt-get install openssl)')
                   and r.check(os.path.exists(os.path.join(r.module_dir, 'goldilocks.so')),
                               f'no goldilocks.so in {r.module_dir} (ninja goldilocks.so)'))
        if present:
            for t in (lambda: test_loads(r, library_version()), lambda: test_backend(r), lambda: test_genpkey(r), lambda: test_rfc8032(r),
                      lambda: test_sign_vs_default(r), lambda: test_derive(r), lambda: test_config_file(r),
                      lambda: test_speed(r), lambda: test_tls(r), lambda: test_trace_file(r),
                      lambda: test_trace_setuid(r)):
                t()
        r.end()
    print(f'({time.monotonic() - start:.1f} s)')
    print(f'{r.passed} passed, {r.failed} failed' + (f', {r.skipped} skipped' if r.skipped else ''))
    return 1 if r.failed else 0


if __name__ == '__main__':
    sys.exit(main())
