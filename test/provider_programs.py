#!/usr/bin/env python3
"""Debian's own programs on the goldilocks provider, loaded only through an
openssl.cnf named by OPENSSL_CONF (no code or option of theirs changed):

    provider_programs.py [--module-dir DIR]

DIR holds goldilocks.so (default: $GOLDILOCKS_PROVIDER_DIR, else the current
directory). Needs the Debian packages nginx, curl, python3-cryptography and
openssl (.ci/install-deps native); a missing one skips its checks, and says so,
as a sanitized module skips nginx and curl (curl hangs with the ASan runtime
preloaded, which such a module needs).

- python3-cryptography (run by /usr/bin/python3, Debian's) signs and verifies Ed448 and derives X448 with fixed
  keys, once on the provider and once on OpenSSL's default provider alone:
  the signatures (deterministic, RFC 8032) and shared secrets are the same
  bytes, and the first RFC 8032 section 7.4 Ed448 vector is reproduced.
- nginx serves HTTPS on 127.0.0.1 (a free port), TLS 1.3 only, an Ed448
  certificate signed by an Ed448 CA, `ssl_ecdh_curve X448`; it runs in the
  foreground as one process (master_process off), so root needs no user
  switch, under a temporary prefix.
- curl fetches a page from it with `--curves X448 --tlsv1.3`, verifying the
  chain; the page's bytes are compared with the file served.

Each program runs with GOLDILOCKS_PROVIDER_TRACE naming its own file: the
provider's counts of keygen, sign, verify and derive calls show that its code
did the work (OpenSSL 3.0 falls back to the default provider silently), and
the default-provider runs must leave no trace. Every program is bounded in
time (TIMEOUT seconds), and nginx is killed at the end in any case.

Prints an "ok"/"FAIL"/"skip" line per check and "N passed, N failed".
"""

import argparse
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time

import pycheck
from provider_test import VECTORS, counts, free_port, openssl_cnf, sanitizer_env

TIMEOUT = 15   # seconds for any one program
DEBIAN_PYTHON = '/usr/bin/python3'   # where python3-cryptography is installed

# The python3-cryptography program: fixed keys, so that both providers' bytes compare.
CRYPTOGRAPHY_PROGRAM = r"""
import json, sys
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric import ed448, x448
seed, messages, xa, xb = json.load(sys.stdin)
key = ed448.Ed448PrivateKey.from_private_bytes(bytes.fromhex(seed))
pub = key.public_key()
out = {'signatures': [], 'verified': [], 'tampered_refused': []}
for m in messages:
    sig = key.sign(bytes.fromhex(m))
    out['signatures'].append(sig.hex())
    pub.verify(sig, bytes.fromhex(m))   # raises when refused
    out['verified'].append(True)
    bad = bytearray(sig)
    bad[7] ^= 1
    try:
        pub.verify(bytes(bad), bytes.fromhex(m))
        out['tampered_refused'].append(False)
    except InvalidSignature:
        out['tampered_refused'].append(True)
a = x448.X448PrivateKey.from_private_bytes(bytes.fromhex(xa))
b = x448.X448PrivateKey.from_private_bytes(bytes.fromhex(xb))
out['shared'] = [a.exchange(b.public_key()).hex(), b.exchange(a.public_key()).hex()]
json.dump(out, sys.stdout)
"""


class Programs:
    def __init__(self, module_dir, work):
        self.module = os.path.join(module_dir, 'goldilocks.so')
        self.work = work
        self.conf = os.path.join(work, 'openssl.cnf')
        with open(self.conf, 'w') as f:
            f.write(openssl_cnf(self.module))
        self.sanitizer = sanitizer_env(self.module)

    def path(self, name):
        return os.path.join(self.work, name)

    def env(self, trace, provider=True):
        """The environment of a program: OPENSSL_CONF names our openssl.cnf (or, without the
        provider, an empty one: the default provider alone), and the trace file."""
        e = dict(os.environ, GOLDILOCKS_PROVIDER_TRACE=trace, **self.sanitizer)
        if self.sanitizer:   # the programs' own allocations at exit are not the module's
            e['ASAN_OPTIONS'] = 'detect_leaks=0'
        e.pop('GOLDILOCKS_BACKEND', None)
        if provider:
            e['OPENSSL_CONF'] = self.conf
        else:
            e['OPENSSL_CONF'] = self.path('empty.cnf')
            open(e['OPENSSL_CONF'], 'w').close()
        return e

    def run(self, cmd, env, stdin=None):
        """(exit status, stdout bytes, stderr text) of a bounded run."""
        try:
            p = subprocess.run(cmd, input=stdin, capture_output=True, env=env, timeout=TIMEOUT, cwd=self.work)
        except subprocess.TimeoutExpired:
            return -1, b'', f'timed out after {TIMEOUT} s: {" ".join(cmd)}'
        return p.returncode, p.stdout, p.stderr.decode(errors='replace')


def expect_counts(name, trace, expected, at_least=False):
    """One check: the provider's calls in trace are expected (or at least as many of each)."""
    got = counts(trace)
    if at_least:
        ok = all(got[k] >= n for k, n in expected.items()) and sum(got.values()) > 0
    else:
        ok = got == expected
    return pycheck.check(ok, name, f'provider calls {dict(got)}, expected {"at least " if at_least else ""}{expected}')


def rfc8032_first_plain():
    """The first plain Ed448 vector with a message (secret key, message, signature), RFC 8032 7.4."""
    with open(os.path.join(VECTORS, 'rfc8032_ed448.json')) as f:
        for v in json.load(f)['vectors']:
            if v['algorithm'] == 'Ed448' and not v['context'] and v['message']:
                return v['secret_key'], v['message'], v['signature']
    raise SystemExit('provider_programs: no plain Ed448 vector in rfc8032_ed448.json')


def test_cryptography(p):
    name = 'python3-cryptography'
    # Debian's interpreter, whatever python3 comes first on PATH (a pyenv or venv one
    # may carry a cryptography wheel with its own statically linked OpenSSL).
    have = os.path.exists(DEBIAN_PYTHON) and subprocess.run(
        [DEBIAN_PYTHON, '-c', 'import cryptography'], capture_output=True).returncode == 0
    if not have:
        pycheck.skip(name, f'no python3-cryptography for {DEBIAN_PYTHON} (apt-get install python3-cryptography)', 4)
        return
    rc, out, err = p.run([DEBIAN_PYTHON, '-c', 'from cryptography.hazmat.backends.openssl import backend; '
                          'print(backend.openssl_version_text())'], p.env(os.devnull, provider=False))
    print(f'     ({DEBIAN_PYTHON}: cryptography on {out.decode().strip()})')
    seed, rfc_message, rfc_signature = rfc8032_first_plain()
    messages = [rfc_message, '', os.urandom(1).hex(), os.urandom(1000).hex()]
    x_a, x_b = os.urandom(56).hex(), os.urandom(56).hex()
    stdin = json.dumps([seed, messages, x_a, x_b]).encode()
    results = {}
    for provider in (True, False):
        trace = p.path(f'trace-cryptography-{provider}')
        rc, out, err = p.run([DEBIAN_PYTHON, '-c', CRYPTOGRAPHY_PROGRAM], p.env(trace, provider), stdin)
        which = 'goldilocks' if provider else 'the default provider'
        if not pycheck.check(rc == 0, f'{name} on {which}: signs, verifies, derives', err.strip()[-400:]):
            return
        results[provider] = json.loads(out)
        if provider:
            n = len(messages)
            expect_counts(f'{name}: the provider signed, verified and derived ({n} signatures, 2 secrets)', trace,
                          {'sign ED448': n, 'verify ED448': 2 * n, 'derive X448': 2})
        else:
            expect_counts(f'{name}: the default provider alone, no call reached goldilocks', trace, {})
    ours, theirs = results[True], results[False]
    pycheck.check(ours['signatures'] == theirs['signatures'] and ours['signatures'][0] == rfc_signature
                  and all(ours['tampered_refused']) and all(theirs['tampered_refused']),
                  f'{name}: Ed448 signatures byte-identical to the default provider\'s and RFC 8032\'s; '
                  'tampered ones refused', f'ours {ours}, default {theirs}')
    pycheck.check(ours['shared'][0] == ours['shared'][1] == theirs['shared'][0] and len(ours['shared'][0]) == 112,
                  f'{name}: X448 shared secrets byte-identical to the default provider\'s',
                  f'ours {ours["shared"]}, default {theirs["shared"]}')


def make_chain(p):
    """An Ed448 CA and a server certificate for localhost, made by the openssl command on
    OpenSSL's default provider: (ca.crt, leaf.crt, leaf.key), or None."""
    env = p.env(p.path('trace-certificates'), provider=False)
    steps = [
        ['genpkey', '-algorithm', 'ED448', '-out', 'ca.key'],
        ['req', '-x509', '-new', '-key', 'ca.key', '-subj', '/CN=goldilocks programs CA', '-days', '2',
         '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign', '-out', 'ca.crt'],
        ['genpkey', '-algorithm', 'ED448', '-out', 'leaf.key'],
        ['req', '-new', '-key', 'leaf.key', '-subj', '/CN=localhost', '-out', 'leaf.csr'],
        ['x509', '-req', '-in', 'leaf.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-set_serial', '1', '-days', '2',
         '-extfile', 'san.cnf', '-out', 'leaf.crt'],
    ]
    with open(p.path('san.cnf'), 'w') as f:
        f.write('subjectAltName = DNS:localhost\n')
    for args in steps:
        rc, out, err = p.run(['openssl'] + args, env)
        if not pycheck.check(rc == 0, f'openssl {args[0]} (the Ed448 chain)', err.strip()[-300:]):
            return None
    return p.path('ca.crt'), p.path('leaf.crt'), p.path('leaf.key')


NGINX_CONF = """daemon off;
master_process off;
worker_processes 1;
pid {work}/nginx.pid;
error_log {work}/error.log info;
env OPENSSL_CONF;
env GOLDILOCKS_PROVIDER_TRACE;
env LD_PRELOAD;
events {{ worker_connections 16; }}
http {{
    access_log off;
    client_body_temp_path {work}/body;
    proxy_temp_path {work}/proxy;
    fastcgi_temp_path {work}/fastcgi;
    uwsgi_temp_path {work}/uwsgi;
    scgi_temp_path {work}/scgi;
    server {{
        listen 127.0.0.1:{port} ssl;
        server_name localhost;
        ssl_certificate {cert};
        ssl_certificate_key {key};
        ssl_protocols TLSv1.3;
        ssl_ecdh_curve X448;
        root {work}/www;
    }}
}}
"""


def wait_listening(port, server, seconds):
    """True once 127.0.0.1:port accepts a connection (bounded), False if the server exits first."""
    import socket
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and server.poll() is None:
        with socket.socket() as s:
            s.settimeout(0.2)
            if s.connect_ex(('127.0.0.1', port)) == 0:
                return True
        time.sleep(0.05)
    return False


def test_nginx_curl(p):
    nginx, curl = shutil.which('nginx') or '/usr/sbin/nginx', shutil.which('curl')
    missing = [n for n, path in (('nginx', nginx), ('curl', curl), ('openssl', shutil.which('openssl')))
               if path is None or not os.path.exists(path)]
    if missing:
        pycheck.skip('nginx and curl', f'not installed: {", ".join(missing)} (apt-get install {" ".join(missing)})', 5)
        return
    if p.sanitizer:
        pycheck.skip('nginx and curl', 'a sanitized module needs the ASan runtime preloaded, and curl hangs with it '
                     '(even without the module); run this on an unsanitized build', 5)
        return
    chain = make_chain(p)
    if chain is None:
        return
    ca, cert, key = chain
    os.mkdir(p.path('www'))
    page = os.urandom(3000)
    with open(p.path('www/page.bin'), 'wb') as f:
        f.write(page)
    port = free_port()
    conf = p.path('nginx.conf')
    with open(conf, 'w') as f:
        f.write(NGINX_CONF.format(work=p.work, port=port, cert=cert, key=key))
    server_trace, client_trace = p.path('trace-nginx'), p.path('trace-curl')
    log = open(p.path('nginx.out'), 'wb')
    server = subprocess.Popen([nginx, '-p', p.work, '-c', conf, '-e', p.path('error.log')],
                              stdout=log, stderr=subprocess.STDOUT, env=p.env(server_trace), cwd=p.work)
    try:
        listening = wait_listening(port, server, 10)
        if not pycheck.check(listening, 'nginx listens on 127.0.0.1 with the provider in its openssl.cnf',
                             open(p.path('error.log'), errors='replace').read()[-400:]
                             if os.path.exists(p.path('error.log')) else 'no error.log'):
            return
        rc, body, err = p.run([curl, '--silent', '--show-error', '--tlsv1.3', '--curves', 'X448', '--cacert', ca,
                               '--resolve', f'localhost:{port}:127.0.0.1', '--write-out', '%{stderr}%{http_code}',
                               f'https://localhost:{port}/page.bin'], p.env(client_trace))
        pycheck.check(rc == 0 and body == page and err.strip().endswith('200'),
                      'curl --curves X448 fetches the page over TLS 1.3 (chain verified), the same bytes',
                      f'exit {rc}, {len(body)} bytes of {len(page)}: {err.strip()[-300:]}; nginx: '
                      + open(p.path('error.log'), errors='replace').read()[-300:])
    finally:
        server.terminate()
        try:
            server.wait(timeout=5)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        log.close()
    # nginx: its X448 key share and secret, the CertificateVerify's signature.
    expect_counts('nginx: the provider made its X448 share and secret and signed its CertificateVerify',
                  server_trace, {'keygen X448': 1, 'derive X448': 1, 'sign ED448': 1})
    # curl: its share and secret; it verifies the CertificateVerify and the leaf's certificate.
    expect_counts('curl: the provider made its X448 share and secret and verified the server (2 Ed448 verifies)',
                  client_trace, {'keygen X448': 1, 'derive X448': 1, 'verify ED448': 2})
    expect_counts('the Ed448 chain was made on the default provider alone (no goldilocks call)',
                  p.path('trace-certificates'), {})


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--module-dir', default=os.environ.get('GOLDILOCKS_PROVIDER_DIR') or os.getcwd())
    args = ap.parse_args()
    module = os.path.join(os.path.abspath(args.module_dir), 'goldilocks.so')
    start = time.monotonic()
    print(f'provider_programs: module {module}')
    if not pycheck.check(os.path.exists(module), 'goldilocks.so is present', f'no {module} (ninja goldilocks.so)'):
        return pycheck.done()
    with tempfile.TemporaryDirectory(prefix='goldilocks-programs-') as work:
        os.chmod(work, 0o755)
        p = Programs(os.path.dirname(module), work)
        test_cryptography(p)
        test_nginx_curl(p)
    print(f'({time.monotonic() - start:.1f} s)')
    return pycheck.done()


if __name__ == '__main__':
    sys.exit(main())
