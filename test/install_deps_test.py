#!/usr/bin/env python3
""".ci/install-deps' choice of what is missing, against a fake dpkg.

    test/install_deps_test.py

The script runs with fake dpkg-query, dpkg, apt-get and sudo first on PATH
(dpkg-query answers from a table of installed packages, as the real one does:
a bare NAME lists every architecture's, NAME:ARCH only that one's, and an
Architecture: all package is not found as NAME:amd64), once with --missing
(what it would install, one a line) and once installing (apt-get only logs).
The native package is asked for by its architecture: a foreign libdecaf-dev:armhf
must not stand for the native libdecaf-dev. Prints ok/FAIL lines and ends with
"N passed, N failed".
"""

import json
import os
import subprocess
import sys
import tempfile

from pycheck import check, done

SOURCE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRIPT = os.path.join(SOURCE_DIR, '.ci', 'install-deps')
NATIVE = 'amd64'
ARCHES = ('amd64', 'i386', 'armhf', 'armel', 'arm64')

FAKE_DPKG_QUERY = r'''#!PYTHON
# dpkg-query -W [-f=FORMAT | -f FORMAT | --showformat=FORMAT] NAME[:ARCH]...
import json, os, re, sys
db = json.load(open(os.environ['FAKE_DPKG_DB']))
args, fmt, names = sys.argv[1:], '${binary:Package}\t${Version}\n', []
i = 0
while i < len(args):
    a = args[i]
    if a in ('-W', '--show'):
        pass
    elif a == '-f':
        i += 1
        fmt = args[i]
    elif a.startswith('-f'):
        fmt = a[2:].lstrip('=')
    elif a.startswith('--showformat='):
        fmt = a[len('--showformat='):]
    else:
        names.append(a)
    i += 1
fmt = fmt.replace('\\n', '\n').replace('\\t', '\t')
status = 0
for name in names:
    pkg, _, arch = name.partition(':')
    rows = db['packages'].get(pkg)
    if rows is None:
        rows = [[a, 'install ok installed'] for a in db['arches']] if db['default_installed'] else []
    rows = [r for r in rows if not arch or r[0] == arch]
    if not rows:
        print(f'dpkg-query: no packages found matching {name}', file=sys.stderr)
        status = 1
    for a, st in rows:
        fields = {'Package': pkg, 'binary:Package': pkg if a == 'all' else f'{pkg}:{a}',
                  'Architecture': a, 'Status': st, 'Version': '1.0'}
        sys.stdout.write(re.sub(r'\$\{([^}]+)\}', lambda m: fields.get(m.group(1), ''), fmt))
sys.exit(status)
'''

FAKE_DPKG = '''#!/bin/sh
case "$1" in
    --print-architecture) echo NATIVE ;;
    --print-foreign-architectures) printf 'i386\\narmhf\\narmel\\narm64\\n' ;;
    *) echo "dpkg $*" >> "$FAKE_LOG" ;;
esac
'''

FAKE_APT_GET = '''#!/bin/sh
echo "apt-get $*" >> "$FAKE_LOG"
'''

FAKE_SUDO = '''#!/bin/sh
exec "$@"
'''

# A python3 whose jinja2 is missing (the script installs python3-jinja2 then).
FAKE_PYTHON3 = '''#!/bin/sh
[ "$1" = -c ] && [ "$2" = "import jinja2" ] && exit 1
exec PYTHON "$@"
'''


def world(root, packages, default_installed=True, jinja2_missing=False):
    """A bin directory of fakes and the environment that puts it first on PATH."""
    bindir = os.path.join(root, 'bin')
    os.makedirs(bindir, exist_ok=True)
    fakes = {'dpkg-query': FAKE_DPKG_QUERY.replace('PYTHON', sys.executable),
             'dpkg': FAKE_DPKG.replace('NATIVE', NATIVE), 'apt-get': FAKE_APT_GET, 'sudo': FAKE_SUDO}
    if jinja2_missing:
        fakes['python3'] = FAKE_PYTHON3.replace('PYTHON', sys.executable)
    for name, text in fakes.items():
        path = os.path.join(bindir, name)
        with open(path, 'w') as f:
            f.write(text)
        os.chmod(path, 0o755)
    db = os.path.join(root, 'db.json')
    with open(db, 'w') as f:
        json.dump({'arches': ARCHES, 'default_installed': default_installed, 'packages': packages}, f)
    log = os.path.join(root, 'log')
    open(log, 'w').close()
    env = dict(os.environ, PATH=bindir + os.pathsep + os.environ.get('PATH', ''), FAKE_DPKG_DB=db, FAKE_LOG=log)
    return env, log


def run(env, args):
    r = subprocess.run(['bash', SCRIPT] + args, env=env, capture_output=True, text=True, errors='replace')
    return r


def installs(log):
    """The packages apt-get install was asked for."""
    out = []
    with open(log) as f:
        for line in f:
            words = line.split()
            if words[:2] == ['apt-get', 'install']:
                out += [w for w in words[2:] if not w.startswith('-')]
    return out


def case(name, packages, groups, expect, jinja2_missing=False):
    """--missing lists exactly expect, and the install run asks apt-get for exactly those."""
    with tempfile.TemporaryDirectory() as root:
        env, log = world(root, packages, jinja2_missing=jinja2_missing)
        r = run(env, ['--missing'] + groups)
        listed = r.stdout.split()
        check(r.returncode == 0 and listed == expect, f'{name}: --missing {" ".join(groups)} lists {expect}',
              f'exit status {r.returncode}, listed {listed}, stderr {r.stderr.strip()[:200]!r}')
        check(installs(log) == [], f'{name}: --missing installs nothing', f'apt-get install {installs(log)}')
        r = run(env, groups)
        got = installs(log)
        check(r.returncode == 0 and sorted(got) == sorted(expect),
              f'{name}: installing {" ".join(groups)} asks apt-get for {expect}',
              f'exit status {r.returncode}, apt-get install {got}, stderr {r.stderr.strip()[:200]!r}')


def main():
    if not os.path.exists(SCRIPT):
        check(False, f'{SCRIPT} exists')
        return done()
    # The machine of the issue: the ARM packages came first; the native libdecaf-dev never did.
    case('native libdecaf-dev missing beside :armhf and :i386',
         {'libdecaf-dev': [['armhf', 'install ok installed'], ['i386', 'install ok installed']]},
         ['bench', 'armv7'], [f'libdecaf-dev:{NATIVE}'])
    # A half-installed native package beside an installed foreign one is missing.
    case('native libgmp-dev unpacked, :i386 installed',
         {'libgmp-dev': [[NATIVE, 'install ok unpacked'], ['i386', 'install ok installed']]},
         ['native'], [f'libgmp-dev:{NATIVE}'])
    # A foreign one missing while the native one is installed.
    case('libgmp-dev:armhf missing, the native one installed',
         {'libgmp-dev': [[NATIVE, 'install ok installed'], ['i386', 'install ok installed']]},
         ['armv7'], ['libgmp-dev:armhf'])
    # Architecture: all packages are never found as NAME:amd64: installed ones are not missing.
    case('python3-jinja2 (Architecture: all) installed', {'python3-jinja2': [['all', 'install ok installed']]},
         ['native'], [], jinja2_missing=True)
    case('python3-jinja2 (Architecture: all) absent', {'python3-jinja2': []},
         ['native'], [f'python3-jinja2:{NATIVE}'], jinja2_missing=True)
    case('everything installed', {}, ['native', 'i386', 'armv7', 'armv5', 'aarch64', 'bench'], [])
    return done()


if __name__ == '__main__':
    sys.exit(main())
