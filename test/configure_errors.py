#!/usr/bin/env python3
"""configure.py's misuse and good cases, on a temporary copy of the source tree.

    test/configure_errors.py

Every bad argument must give exit status 2, exactly one line on stderr, no
traceback, and write nothing anywhere (a failed configure removes the build
directory it created). The good cases configure build directories side by
side, check what configure wrote there and nowhere else, that ninja works in
them from another directory, and that a new source file reaches build.ninja
without configure being rerun by hand. Prints ok/FAIL lines and ends with
"N passed, N failed".
"""

import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile

from pycheck import check as result, done

SOURCE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COPIED = ('configure.py', 'build.ninja.in', 'include', 'src', 'dispatch', 'generated', 'gen', 'templates', 'test', 'bench')

def snapshot(root, skip=()):
    """Every path under root (but those under skip) with its size and time."""
    out = {}
    for d, subdirs, files in os.walk(root):
        subdirs[:] = [s for s in subdirs if os.path.join(d, s) not in skip]
        for name in subdirs + files:
            p = os.path.join(d, name)
            st = os.lstat(p)
            out[p] = (st.st_size, st.st_mtime_ns if not os.path.isdir(p) else 0)
    return out


def changes(before, after):
    added = sorted(set(after) - set(before))
    removed = sorted(set(before) - set(after))
    changed = sorted(p for p in set(before) & set(after) if before[p] != after[p])
    return added + removed + changed


class World:
    def __init__(self, root):
        self.root = root
        self.tree = os.path.join(root, 'goldilocks')
        self.builds = os.path.join(root, 'builds')
        os.makedirs(self.builds)
        os.makedirs(self.tree)
        for name in COPIED:
            s, d = os.path.join(SOURCE_DIR, name), os.path.join(self.tree, name)
            if os.path.isdir(s):
                shutil.copytree(s, d, ignore=shutil.ignore_patterns('__pycache__', 'corpus'))
            else:
                shutil.copy2(s, d)
        self.configure = os.path.join(self.tree, 'configure.py')
        # Everything this test and the programs it runs write stays in root.
        self.env = dict(os.environ, TMPDIR=os.path.join(root, 'tmp'))
        self.env.pop('CC', None)
        os.makedirs(self.env['TMPDIR'])

    def run(self, args, cwd=None, env=None, user=None):
        # user: (command prefix that drops privileges, the python it can run)
        cmd = (user[0] + [user[1]] if user else [sys.executable]) + [self.configure] + args
        return subprocess.run(cmd, cwd=cwd or self.root, env=env or self.env, capture_output=True,
                              text=True, errors='replace')


def bad(world, name, args, expect, builddir=None, unexpected=None, env=None, user=None, cwd=None):
    """configure with args must fail in one line that contains `expect`, writing nothing."""
    before = snapshot(world.root, skip={world.env['TMPDIR']})
    r = world.run(args, env=env, user=user, cwd=cwd)
    after = snapshot(world.root, skip={world.env['TMPDIR']})
    lines = r.stderr.splitlines()
    why = []
    if r.returncode != 2:
        why.append(f'exit status {r.returncode}, not 2')
    if len(lines) != 1:
        why.append(f'{len(lines)} lines on stderr')
    if 'Traceback' in r.stderr or 'Traceback' in r.stdout:
        why.append('a traceback')
    if expect not in r.stderr:
        why.append(f'no {expect!r} in the message')
    if unexpected and unexpected in r.stderr:
        why.append(f'{unexpected!r} in the message')
    written = changes(before, after)
    if written:
        why.append(f'wrote {os.path.relpath(written[0], world.root)}' + (f' and {len(written) - 1} more' if len(written) > 1 else ''))
    result(not why, f'refused: {name}', '; '.join(why) + f' (stderr: {r.stderr.strip()[:300]!r})')


def good(world, name, args, builddir, cwd=None):
    """configure with args must succeed, writing into builddir only; returns the result."""
    before = snapshot(world.root, skip={world.env['TMPDIR'], builddir})
    r = world.run(args, cwd=cwd)
    after = snapshot(world.root, skip={world.env['TMPDIR'], builddir})
    why = []
    if r.returncode != 0:
        why.append(f'exit status {r.returncode}')
    if r.stderr:
        why.append('stderr: ' + r.stderr.strip()[:300])
    for f in ('build.ninja', 'config.args', 'goldilocks.pc'):
        if not os.path.isfile(os.path.join(builddir, f)):
            why.append(f'no {f} in the build directory')
    written = changes(before, after)
    if written:
        why.append(f'wrote outside the build directory: {written[0]}')
    result(not why, f'configures: {name}', '; '.join(why))
    return r.returncode == 0


def read(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return ''


def unprivileged():
    """How to run configure so that file permissions bind: (prefix, python), or None.

    As root that is as nobody (setpriv), with a python nobody can run that has jinja2."""
    prefix = []
    if os.geteuid() == 0:
        setpriv = shutil.which('setpriv')
        if not setpriv:
            return None
        prefix = [setpriv, '--reuid=nobody', '--regid=nogroup', '--clear-groups']
    for python in (sys.executable, '/usr/bin/python3'):
        probe = subprocess.run(prefix + [python, '-c', 'import jinja2'], capture_output=True, cwd='/')
        if probe.returncode == 0:
            return prefix, python
    return None


def set_tree_mode(tree, writable):
    """Makes a tree read-only or writable again for its owner; everyone may read it."""
    w = 0o200 if writable else 0
    os.chmod(tree, 0o555 | w)
    for d, subdirs, files in os.walk(tree):
        for name in subdirs:
            os.chmod(os.path.join(d, name), 0o555 | w)
        for name in files:
            os.chmod(os.path.join(d, name), (0o555 if name == 'configure.py' else 0o444) | w)


def header_version():
    text = read(os.path.join(SOURCE_DIR, 'include', 'goldilocks.h'))
    parts = []
    for name in ('MAJOR', 'MINOR', 'PATCH'):
        for line in text.splitlines():
            if line.startswith(f'#define GOLDILOCKS_VERSION_{name} '):
                parts.append(line.split()[2])
    return '.'.join(parts)


def bad_cases(w):
    b = lambda name: os.path.join(w.builds, name)
    bad(w, "--builddir ''", ['--builddir', ''], 'empty')
    bad(w, '--backend of no backend', ['--builddir', b('be1'), '--backend', 'sse9'],
        'the backends are: portable, lanes2, r50, avx512ifma', builddir=b('be1'))
    bad(w, '--backend r50 without 128-bit products', ['--builddir', b('be6'), '--target', 'ref32', '--backend', 'r50'],
        "portable twin) needs unsigned __int128", builddir=b('be6'))
    bad(w, '--backend on too few lanes', ['--builddir', b('be2'), '--target', 'ref32', '--backend', 'lanes2'],
        'needs at least 2 lanes', builddir=b('be2'))
    bad(w, '--backend for lanes the target lacks', ['--builddir', b('be3'), '--target', 'ref64', '--backend',
                                                    'avx512ifma'],
        'is written for the lane layout avx512ifma', builddir=b('be3'))
    bad(w, '--backend on a several-backend target', ['--builddir', b('be4'), '--target', 'x86-64',
                                                     '--backend', 'lanes2'], 'holds several backends',
        builddir=b('be4'))
    bad(w, '--explain of no target', ['--explain', 'vax'], '--explain vax: unknown target')
    stray = os.path.join(w.tree, 'src', 'backend', 'lanes2', 'stray_form.c')
    with open(stray, 'w') as f:
        f.write('int stray_form;\n')
    bad(w, 'a backend file its record does not name', ['--builddir', b('be5'), '--target', 'armv7'],
        'stray_form.c is in no record', builddir=b('be5'))
    os.remove(stray)
    bad(w, '--lanes of no layout', ['--builddir', b('lanes1'), '--lanes', 'sse9'], 'no generated/lanes_sse9',
        builddir=b('lanes1'))
    bad(w, '--lanes for another machine', ['--builddir', b('lanes2'), '--target', 'ref32', '--lanes', 'neon'],
        'is aarch64 code', builddir=b('lanes2'))
    bad(w, '--layout of no layout', ['--builddir', b('layout1'), '--layout', '9x50'], '--layout 9x50: unknown',
        builddir=b('layout1'))
    bad(w, '--r50-products without those lanes', ['--builddir', b('r50a'), '--target', 'ref64', '--r50-products',
                                                  'paired'], 'builds no radix-2^50 lanes', builddir=b('r50a'))
    bad(w, '--r50-products of no such schedule', ['--builddir', b('r50b'), '--r50-products', 'triple'],
        "invalid choice: 'triple'", builddir=b('r50b'))
    bad(w, '--layout on a several-backend target', ['--builddir', b('layout2'), '--target', 'x86-64',
                                                    '--layout', '16x28'], 'holds several backends',
        builddir=b('layout2'))
    bad(w, '--layout for another machine', ['--builddir', b('layout3'), '--target', 'ref64',
                                            '--layout', '8x56neon'], 'is aarch64 code',
        builddir=b('layout3'))
    bad(w, '--builddir /', ['--builddir', '/'], 'root directory')
    bad(w, '--builddir = the source directory', ['--builddir', w.tree], 'source directory itself')
    bad(w, '--builddir = the source directory, spelt src/..', ['--builddir', w.tree + '/src/..'],
        'source directory itself')
    bad(w, '--builddir . in the source directory', ['--builddir', '.'], 'source directory itself', cwd=w.tree)
    bad(w, '--builddir contains the source directory', ['--builddir', w.root], 'contains the source directory')
    bad(w, '--builddir inside src/', ['--builddir', os.path.join(w.tree, 'src', 'out')], 'inside the source directory')
    bad(w, '--builddir inside generated/', ['--builddir', os.path.join(w.tree, 'generated', 'x')],
        'inside the source directory')
    plain = os.path.join(w.root, 'a-file')
    with open(plain, 'w') as f:
        f.write('not a directory\n')
    bad(w, '--builddir is a file', ['--builddir', plain], 'not a directory')
    bad(w, '--builddir under a file', ['--builddir', plain + '/sub'], 'cannot write')
    bad(w, '--builddir with a space', ['--builddir', b('with space')], 'spaces or characters')
    foreign = b('foreign')
    os.makedirs(foreign)
    with open(os.path.join(foreign, 'build.ninja'), 'w') as f:
        f.write('rule x\n  command = true\n')
    bad(w, "--builddir holds someone else's build.ninja", ['--builddir', foreign], 'not written by goldilocks')
    other = b('other-tree')
    os.makedirs(other)
    with open(os.path.join(w.tree, 'configure.py')) as f:
        header = next(line for line in f if line.startswith("HEADER = '")).split("'")[1]
    with open(os.path.join(other, 'build.ninja'), 'w') as f:
        f.write(header + '\n# srcdir /somewhere/else\n')
    bad(w, '--builddir configured for another source tree', ['--builddir', other], 'configured for the source tree')
    bad(w, '--prefix rel/dir', ['--builddir', b('x'), '--prefix', 'rel/dir'], 'must be an absolute path')
    bad(w, "--prefix ''", ['--builddir', b('x'), '--prefix', ''], 'must be an absolute path')
    bad(w, '--prefix with a space', ['--builddir', b('x'), '--prefix', '/opt/a b'], 'spaces or characters')
    bad(w, '--modulesdir rel/dir', ['--builddir', b('x'), '--modulesdir', 'rel/dir'], 'must be an absolute path')
    bad(w, "--libdir ''", ['--builddir', b('x'), '--libdir', ''], 'empty')
    bad(w, '--libdir ../lib', ['--builddir', b('x'), '--libdir', '../lib'], 'must not contain ".."')
    bad(w, '--cflags=\'"x\'', ['--builddir', b('x'), '--cflags="x'], 'No closing quotation')
    bad(w, '--cflags with a line break', ['--builddir', b('x'), '--cflags=-O2\n-g'], 'line break')
    bad(w, '--cc \'"gcc\'', ['--builddir', b('x'), '--cc', '"gcc'], 'No closing quotation')
    bad(w, "--cc ''", ['--builddir', b('x'), '--cc', ''], '--cc is empty')
    bad(w, "CC='\"gcc'", ['--builddir', b('x'), '--target', 'ref64'], 'No closing quotation',
        env=dict(w.env, CC='"gcc'))
    bad(w, '--cc /no/such/gcc', ['--builddir', b('x'), '--cc', '/no/such/gcc'],
        'compiler /no/such/gcc not found', unexpected='apt-get')
    bad(w, '--cc no-such-compiler', ['--builddir', b('x'), '--cc', 'no-such-compiler'],
        'compiler no-such-compiler not found', unexpected='apt-get')
    if shutil.which('true'):
        bad(w, '--cc true (not a compiler)', ['--builddir', b('x'), '--cc', shutil.which('true')],
            'does not look like gcc or clang')
    bad(w, '--cflags the compiler refuses', ['--builddir', b('x'), '--target', 'ref64', '--cflags=-fno-such-flag-xyz'],
        'cannot build a program')
    bad(w, '--cross arm-linux-gnueabihf (no dash)', ['--builddir', b('x'), '--cross', 'arm-linux-gnueabihf'],
        'did you mean --cross arm-linux-gnueabihf-?')
    bad(w, '--cross no-such-', ['--builddir', b('x'), '--cross', 'no-such-'], 'no-such-ar not found',
        unexpected='apt-get')
    bad(w, '--target vax', ['--builddir', b('x'), '--target', 'vax'], 'unknown target')
    bad(w, '--target without a value', ['--builddir', b('x'), '--target'], 'expected one argument')
    bad(w, '--no-such-option', ['--builddir', b('x'), '--no-such-option'], 'unrecognized arguments')
    bad(w, 'a stray argument', ['--builddir', b('x'), 'ref64'], 'unrecognized arguments')
    if platform.machine() == 'x86_64':
        # A target whose lane layout is not generated (yet) is refused in one line.
        shutil.rmtree(os.path.join(w.tree, 'generated', 'lanes_avx512ifma'), ignore_errors=True)
        bad(w, '--target avx512ifma without generated/lanes_avx512ifma', ['--builddir', b('x'), '--target', 'avx512ifma'],
            'generated/lanes_avx512ifma, which is missing')
    if shutil.which('x86_64-linux-gnu-gcc') and shutil.which('arm-linux-gnueabihf-gcc'):
        bad(w, '--target x86-64-v3 with an ARM compiler',
            ['--builddir', b('x'), '--target', 'x86-64-v3', '--cross', 'arm-linux-gnueabihf-'], 'is for x86_64')
    # --emulator: a qemu-user program of the target's CPU, for code that needs no CPU level.
    bad(w, "--emulator ''", ['--builddir', b('x'), '--target', 'ref64', '--emulator', ''], '--emulator is empty')
    bad(w, '--emulator with a quote', ['--builddir', b('x'), '--target', 'ref64', '--emulator', "qemu-x86_64 '-L"],
        'No closing quotation')
    if platform.machine() == 'x86_64':
        bad(w, '--emulator of another CPU', ['--builddir', b('x'), '--target', 'ref64', '--emulator', 'qemu-arm'],
            'whose qemu-user program is qemu-x86_64')
        bad(w, '--emulator for a target that needs a CPU level',
            ['--builddir', b('x'), '--target', 'avx2', '--emulator', 'qemu-x86_64'], 'run natively')
        bad(w, '--emulator not installed', ['--builddir', b('x'), '--target', 'ref64', '--emulator',
                                            '/no/such/qemu-x86_64'], '/no/such/qemu-x86_64 not found')

    user = unprivileged()
    if user is None:
        print('skip the read-only cases: no setpriv, or no python with jinja2 for nobody (not counted)')
        return
    # The source copy becomes read-only (and readable to the unprivileged user).
    set_tree_mode(w.tree, writable=False)
    os.chmod(w.root, 0o755)
    os.chmod(w.env['TMPDIR'], 0o1777)
    bad(w, 'read-only source tree, default build directory', [], 'cannot write', user=user, cwd=w.tree)
    locked = b('locked')
    os.makedirs(locked)
    os.chmod(locked, 0o555)
    bad(w, 'unwritable build directory', ['--builddir', locked], 'cannot write', user=user)
    bad(w, 'build directory under an unwritable one', ['--builddir', os.path.join(locked, 'sub')],
        'cannot write', user=user)
    # The read-only source tree builds elsewhere all the same.
    elsewhere = os.path.join(w.env['TMPDIR'], 'elsewhere')
    before = snapshot(w.tree)
    r = w.run(['--builddir', elsewhere, '--target', 'ref64'], user=user)
    result(r.returncode == 0 and not changes(before, snapshot(w.tree)) and os.path.isfile(elsewhere + '/build.ninja'),
           'configures: read-only source tree into a writable build directory', r.stderr.strip()[:300])
    set_tree_mode(w.tree, writable=True)


def good_cases(w):
    one, two = os.path.join(w.builds, 'ref64'), os.path.join(w.builds, 'ref32')
    ok1 = good(w, '--target ref64 into builds/ref64', ['--builddir', one, '--target', 'ref64',
                                                        '--prefix', '/usr', '--libdir', 'lib/x86_64-linux-gnu'], one)
    ok2 = good(w, '--target ref32 beside it, relative --builddir', ['--builddir', 'builds/ref32', '--target', 'ref32',
                                                                    '--prefix', '/usr', '--libdir', '/opt/lib'], two,
               cwd=w.root)
    result(not os.path.exists(os.path.join(w.tree, 'build.ninja')), 'no build.ninja in the source directory')
    if ok1 and ok2:
        n1, n2 = read(one + '/build.ninja'), read(two + '/build.ninja')
        result('# target ref64 ' in n1 and '# target ref32 ' in n2, 'each build.ninja is its own target')
        pc1, pc2 = read(one + '/goldilocks.pc'), read(two + '/goldilocks.pc')
        version = header_version()
        result(f'Version: {version}\n' in pc1, f'goldilocks.pc has the header\'s version {version}', pc1)
        result('libdir=${prefix}/lib/x86_64-linux-gnu\n' in pc1, '--libdir relative to the prefix reaches the .pc', pc1)
        result('libdir=/opt/lib\n' in pc2, '--libdir outside the prefix stays absolute in the .pc', pc2)
        result(f'libgoldilocks.so.{version}: shared' in n1 and f'libgoldilocks.so.{version.split(".")[0]}: symlink' in n1,
               'the shared library and its SONAME link are build outputs')
        # ninja works in both from an unrelated directory: each builds one object of its own.
        for d in (one, two):
            r = subprocess.run(['ninja', '-C', d, 'lib/src/core/ct.o'], cwd=w.env['TMPDIR'], env=w.env,
                               capture_output=True, text=True)
            result(r.returncode == 0 and os.path.isfile(d + '/lib/src/core/ct.o'),
                   f'ninja -C {os.path.relpath(d, w.root)} builds from another directory', r.stdout[-300:])
        # A new source file reaches build.ninja through the configure rule alone.
        new_src = os.path.join(w.tree, 'src', 'core', 'zz_new.c')
        new_test = os.path.join(w.tree, 'test', 'test_zz_new.c')
        for p in (new_src, new_test):
            with open(p, 'w') as f:
                f.write('int zz_new(void);\nint zz_new(void) { return 0; }\n')
        r = subprocess.run(['ninja', '-C', one, 'build.ninja'], cwd=w.root, env=w.env, capture_output=True, text=True)
        n1 = read(one + '/build.ninja')
        result(r.returncode == 0 and 'src/core/zz_new.c' in n1 and 'test/test_zz_new.c' in n1,
               'a new file in src/core/ and test/ reruns configure with its arguments', r.stdout[-300:])
        result('--libdir=lib/x86_64-linux-gnu' in read(one + '/config.args') and '# target ref64 ' in n1,
               'the rerun kept the recorded arguments')
        os.remove(new_src)
        os.remove(new_test)
    # --emulator qemu-i386: the i386 tests under qemu-i386 (and ctcheck by its traces), recorded.
    if platform.machine() == 'x86_64' and shutil.which('i686-linux-gnu-gcc') and shutil.which('qemu-i386'):
        emu = os.path.join(w.builds, 'i386-qemu')
        if good(w, '--target i386 --emulator qemu-i386', ['--builddir', emu, '--target', 'i386',
                                                           '--emulator', 'qemu-i386'], emu):
            n = read(emu + '/build.ninja')
            result('\nemulator = qemu-i386 -L /usr/i686-linux-gnu\n' in n and 'mode = --trace' in n
                   and 'valgrind -q' not in n and '--emulator=qemu-i386' in read(emu + '/config.args'),
                   '--emulator qemu-i386: the tests and ctcheck (traces, not valgrind) under it, recorded',
                   re.search(r'^emulator = .*$', n, re.M).group(0) if re.search(r'^emulator = .*$', n, re.M) else n[:200])
    # The default build directory is build/ in the source directory.
    default = os.path.join(w.tree, 'build')
    good(w, 'default --builddir (build/ in the source directory)', ['--target', 'ref64'], default, cwd=w.tree)
    # A failed configure leaves no empty build directory behind.
    fresh = os.path.join(w.builds, 'fresh', 'deeper')
    w.run(['--builddir', fresh, '--target', 'ref64', '--cflags=-fno-such-flag-xyz'])
    result(not os.path.exists(os.path.dirname(fresh)), 'a failed configure removes the directories it made')


def main():
    root = tempfile.mkdtemp(prefix='goldilocks-configure-')
    try:
        w = World(root)
        bad_cases(w)
        good_cases(w)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    return done()


if __name__ == '__main__':
    sys.exit(main())
