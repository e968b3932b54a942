#!/usr/bin/env python3
"""The release of ninja dist is reproducible and usable:

    test/dist_reproducible.py [--target ref64] [--keep]

- tools/dist.sh builds the target's release twice from scratch, in two build
  directories of different paths (and lengths), under different time zones and
  umasks, with -g (debug information names source and build paths: what
  -ffile-prefix-map must take out); every file of the two releases must be the
  same bytes, with the same mode and time, and neither may hold its build
  directory's path;
- manifest.json lists every other file with its SHA-256, recomputed here, and names
  the commit (git rev-parse HEAD), its date as SOURCE_DATE_EPOCH and the target;
- a program using the public header alone (test/link_shared.c: RFC 7748 section
  6.2's X448 exchange) builds with nothing but the release's goldilocks.pc
  (pkg-config --cflags --libs, PKG_CONFIG_PATH), links the static archive (no
  libgoldilocks.so needed) and passes; again after lib/ and include/ are copied
  under another prefix;
- tools/dist.sh refuses an unknown target (exit status 2, nothing built) and
  skips, saying so, a target whose cross compiler is not on PATH.

Native targets only (the program runs here). Prints ok/FAIL lines and ends with
"N passed, N failed".
"""

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile

SOURCE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True
sys.path.insert(0, SOURCE_DIR)
import configure  # noqa: E402  (its TARGETS: a cross target for the skip)
from pycheck import check, done  # noqa: E402

DIST = os.path.join(SOURCE_DIR, 'tools', 'dist.sh')


def run(cmd, env=None, umask=None, **kw):
    def pre():
        if umask is not None:
            os.umask(umask)
    return subprocess.run(cmd, capture_output=True, text=True, errors='replace', env=env, preexec_fn=pre, **kw)


def tail(r, n=15):
    return ' | '.join((r.stdout + r.stderr).strip().splitlines()[-n:])


def tree(root):
    """{relative path: (bytes, mode, mtime)} of every file and folder under root."""
    out = {}
    for d, dirs, files in os.walk(root):
        for name in dirs + files:
            p = os.path.join(d, name)
            st = os.lstat(p)
            data = None
            if os.path.isfile(p):
                with open(p, 'rb') as f:
                    data = f.read()
            out[os.path.relpath(p, root)] = (data, st.st_mode, int(st.st_mtime))
    return out


def build_twice(target, tmp):
    """Two releases of target from two build roots; (release folder A, B) or None."""
    roots = [os.path.join(tmp, 'a'), os.path.join(tmp, 'second-build-root', 'deeper', 'b')]
    settings = [({'TZ': 'UTC'}, 0o022), ({'TZ': 'Pacific/Kiritimati', 'LC_ALL': 'C.UTF-8'}, 0o077)]
    made = []
    for root, (env, umask) in zip(roots, settings):
        r = run([DIST, '--build-root', root, '--out', os.path.join(root, 'out'), '--cflags=-g', '-j2', target],
                env=dict(os.environ, **env), umask=umask)
        ok = check(r.returncode == 0 and 'dist: 1 built, 0 skipped, 0 failed' in r.stdout,
                   f'tools/dist.sh --build-root {root} {target}', tail(r))
        if not ok:
            return None
        made.append((root, os.path.join(root, 'out', target)))
    return made


def compare(made):
    (root_a, a), (root_b, b) = made
    # the whole output of tools/dist.sh: the target's release and the amalgamation
    ta, tb = tree(os.path.dirname(a)), tree(os.path.dirname(b))
    check(all(f'amalgamation/{f}/goldilocks.{e}' in ta for f in ('portable64', 'portable32') for e in 'ch'),
          'the output holds the amalgamation of each family', f'{sorted(ta)}')
    check(sorted(ta) == sorted(tb), 'the two releases hold the same files', f'{sorted(ta)} / {sorted(tb)}')
    differ = [p for p in sorted(set(ta) & set(tb)) if ta[p] != tb[p]]
    what = [f'{p}: ' + ', '.join(k for k, i in (('bytes', 0), ('mode', 1), ('time', 2)) if ta[p][i] != tb[p][i])
            for p in differ]
    check(not differ and len(ta) > 0, f'{len(ta)} files and folders the same bytes, mode and time in both',
          '; '.join(what))
    leaks = [f'{p} holds {root}' for t, root in ((ta, root_a), (tb, root_b)) for p, (data, _, _) in t.items()
             if data is not None and root.encode() in data]
    check(not leaks, 'no file holds its build directory\'s path', '; '.join(leaks))


def check_manifest(target, release):
    try:
        with open(os.path.join(release, 'manifest.json')) as f:
            m = json.load(f)
    except (OSError, ValueError) as e:
        check(False, 'manifest.json is JSON', str(e))
        return
    listed = m.get('files', {}).get('sha256', {})
    present = sorted(os.path.relpath(os.path.join(d, f), release) for d, _, fs in os.walk(release) for f in fs)
    check(sorted(listed) + ['manifest.json'] == sorted(present), 'manifest.json lists every other file',
          f'listed {sorted(listed)}, present {present}')
    wrong = []
    for name, digest in listed.items():
        with open(os.path.join(release, name), 'rb') as f:
            if hashlib.sha256(f.read()).hexdigest() != digest:
                wrong.append(name)
    check(listed and not wrong, 'each SHA-256 of manifest.json is its file\'s', ', '.join(wrong))
    head = run(['git', '-C', SOURCE_DIR, 'rev-parse', 'HEAD']).stdout.strip()
    date = run(['git', '-C', SOURCE_DIR, 'log', '-1', '--format=%ct']).stdout.strip()
    src = m.get('source', {})
    check(m.get('target') == target and src.get('commit') == head and str(src.get('date_epoch')) == date
          and isinstance(src.get('dirty'), bool) and m.get('field_code', {}).get('tuned') is False,
          f'manifest.json: target {target}, commit {head[:12]}, date {date}, the dirty flag, not tuned',
          json.dumps({k: m.get(k) for k in ('target', 'source', 'field_code')}))


def check_link(release, tmp):
    """test/link_shared.c built with the release's goldilocks.pc alone, where it is and under a prefix."""
    if not shutil.which('pkg-config'):
        check(False, 'pkg-config', 'not found: apt-get install pkgconf (.ci/install-deps native)')
        return
    prefix = os.path.join(tmp, 'prefix')
    os.makedirs(prefix)
    for d in ('lib', 'include'):
        shutil.copytree(os.path.join(release, d), os.path.join(prefix, d))
    for where, top in (('the release folder', release), ('a prefix it was copied to', prefix)):
        env = dict(os.environ, PKG_CONFIG_PATH=os.path.join(top, 'lib', 'pkgconfig'))
        env.pop('PKG_CONFIG_SYSROOT_DIR', None)
        r = run(['pkg-config', '--cflags', '--libs', 'goldilocks'], env=env)
        flags = r.stdout.split()
        if not check(r.returncode == 0 and any(f.startswith('-L') for f in flags), f'pkg-config in {where}: '
                     + ' '.join(flags), tail(r)):
            continue
        prog = os.path.join(tmp, 'link_dist')
        r = run(['cc', '-std=c11', '-I' + os.path.join(SOURCE_DIR, 'test'), '-o', prog,
                 os.path.join(SOURCE_DIR, 'test', 'link_shared.c'), os.path.join(SOURCE_DIR, 'test', 'check.c')]
                + flags, env=env)
        if not check(r.returncode == 0, f'test/link_shared.c builds with those flags alone ({where})', tail(r)):
            continue
        needed = run(['readelf', '-d', prog]).stdout
        check('libgoldilocks' not in needed, 'it links the static archive (no libgoldilocks.so needed)', needed)
        r = run([prog], env={'PATH': os.environ.get('PATH', '')})
        last = (r.stdout.strip().splitlines() or [''])[-1]
        check(r.returncode == 0 and last.endswith(' passed, 0 failed') and not last.startswith('0 '),
              f'it runs RFC 7748 6.2 through the release: {last}', tail(r))


def check_refusals(tmp):
    root = os.path.join(tmp, 'refused')
    r = run([DIST, '--build-root', root, 'no-such-target'])
    check(r.returncode == 2 and "unknown target 'no-such-target'" in r.stderr and not os.path.exists(root),
          'tools/dist.sh no-such-target: exit status 2, says so, builds nothing', tail(r))
    cross = next((t for t in configure.TARGETS if t.cross), None)
    if not check(cross is not None, 'configure.py has a cross target'):
        return
    # PATH without the cross target's tools: each directory of PATH that has one of them
    # replaced by a directory of links to its other programs
    path = []
    for i, d in enumerate(os.environ.get('PATH', '').split(os.pathsep)):
        names = os.listdir(d) if os.path.isdir(d) else []
        if not any(n.startswith(cross.cross) for n in names):
            path.append(d)
            continue
        shim = os.path.join(tmp, f'path{i}-without-{cross.cross.rstrip("-")}')
        os.makedirs(shim)
        for n in names:
            if not n.startswith(cross.cross):
                os.symlink(os.path.join(d, n), os.path.join(shim, n))
        path.append(shim)
    shim = os.pathsep.join(path)
    r = run([DIST, '--build-root', root, cross.name], env=dict(os.environ, PATH=shim))
    check(r.returncode == 0 and f'==== dist {cross.name}: skipped: its cross compiler is missing' in r.stdout
          and 'dist: 0 built, 1 skipped, 0 failed' in r.stdout,
          f'tools/dist.sh {cross.name} without {cross.cross}gcc on PATH: reported, skipped', tail(r))


def main():
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    p.add_argument('--target', default='ref64', help='a target this machine runs (default ref64)')
    p.add_argument('--keep', action='store_true', help='keep the temporary directory (its path is printed)')
    args = p.parse_args()
    tmp = tempfile.mkdtemp(prefix='dist-repro-')
    try:
        made = build_twice(args.target, tmp)
        if made:
            compare(made)
            check_manifest(args.target, made[0][1])
            check_link(made[0][1], tmp)
        check_refusals(tmp)
    finally:
        if args.keep:
            print(f'kept {tmp}')
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    return done()


if __name__ == '__main__':
    sys.exit(main())
