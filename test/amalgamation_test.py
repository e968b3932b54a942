#!/usr/bin/env python3
"""Checks the amalgamation (tools/amalgamate.py, `ninja amalgamation`) of every family.

    amalgamation_test.py [--quick] BUILDDIR

For each family of configure.py's AMALGAMATION_FAMILIES, in a directory that holds
only BUILDDIR/dist/amalgamation/<family>/goldilocks.c and goldilocks.h:
- it compiles alone, as a vendoring project would, with -Wall -Wextra -Werror:
  gcc as `cc -O2 -c goldilocks.c` (the compiler's default C dialect) and clang with -std=c11;
- each object defines goldilocks_* symbols only, exactly the functions
  include/goldilocks.h declares (test/check_symbols.py's reading of the header);
- the library's public-API tests (test/test_*.c and test/link_*.c whose includes
  reach only test/ headers and goldilocks.h, and that need no test object but
  check.c and json.c), compiled once on the family's goldilocks.h (again for a
  family whose header differs below its first comment), are linked with the gcc
  object in place of libgoldilocks and run (test/run_tests.py; --quick: random
  repetitions / 10). The others are
  listed as not applicable, with the internal header that keeps them out.
test_decaf* are built with Debian's libdecaf where it is installed (their comparisons
with it are skipped otherwise, and said so). Ends with "N passed, N failed[, N skipped]".
"""

import argparse
import concurrent.futures
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

SOURCE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True
sys.path.insert(0, SOURCE_DIR)
sys.path.insert(0, os.path.join(SOURCE_DIR, 'test'))
import configure  # noqa: E402
import check_symbols  # noqa: E402
import pycheck  # noqa: E402
from pycheck import check  # noqa: E402

WARNINGS = ['-Wall', '-Wextra', '-Werror']
# (compiler, its flags): what a vendoring project would type, and the strict dialect
COMPILES = [('gcc', ['-O2']), ('clang', ['-std=c11', '-O2'])]
# The test objects a public-API test may link besides the library.
SUPPORT = ['test/check.c', 'test/json.c']
INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)
SUMMARY = re.compile(r'^(\d+) passed, (\d+) failed(?:, (\d+) skipped)?$', re.M)


def public_api_tests():
    """([test stem], {test stem: why not}) of test/test_*.c and test/link_*.c: a test is a
    public-API one when every header it reaches is goldilocks.h or a test/ header whose
    .c, if any, is one of SUPPORT."""
    def reach(path, seen):
        with open(os.path.join(SOURCE_DIR, path)) as f:
            for name in INCLUDE.findall(f.read()):
                if name == 'goldilocks.h':
                    continue
                inside = os.path.join('test', name)
                if not os.path.exists(os.path.join(SOURCE_DIR, inside)):
                    return f'includes "{name}", an internal header'
                helper = os.path.splitext(inside)[0] + '.c'
                if os.path.exists(os.path.join(SOURCE_DIR, helper)) and helper not in SUPPORT:
                    return f'links {helper} (compiled on internal headers)'
                if inside not in seen:
                    seen.add(inside)
                    why = reach(inside, seen)
                    if why:
                        return why
        return None
    usable, not_applicable = [], {}
    for path in sorted(glob.glob(os.path.join(SOURCE_DIR, 'test', 'test_*.c'))
                       + glob.glob(os.path.join(SOURCE_DIR, 'test', 'link_*.c'))):
        stem = os.path.splitext(os.path.basename(path))[0]
        why = reach(os.path.relpath(path, SOURCE_DIR), set())
        if why:
            not_applicable[stem] = why
        else:
            usable.append(stem)
    return usable, not_applicable


def run(cmd, cwd=None):
    r = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, errors='replace')
    return r.returncode == 0, (r.stdout + r.stderr).strip()


def compile_alone(family_dir, work, cc, flags):
    """Compiles goldilocks.c in a directory of its own holding the two files; (ok, output, object)."""
    d = os.path.join(work, cc)
    os.makedirs(d)
    for f in ('goldilocks.c', 'goldilocks.h'):
        shutil.copy(os.path.join(family_dir, f), d)
    ok, out = run([cc] + flags + WARNINGS + ['-c', 'goldilocks.c'], cwd=d)
    return ok, out, os.path.join(d, 'goldilocks.o')


def main(argv):
    p = argparse.ArgumentParser(description='Checks the amalgamation of every family.')
    p.add_argument('--quick', action='store_true', help='the tests in quick mode (random repetitions / 10)')
    p.add_argument('builddir', help='a configured build directory after `ninja amalgamation`')
    args = p.parse_args(argv)
    api = check_symbols.header_functions(os.path.join(SOURCE_DIR, 'include', 'goldilocks.h'))
    usable, not_applicable = public_api_tests()
    for stem, why in sorted(not_applicable.items()):
        print(f'n/a  {stem}: {why}: cannot link to the amalgamation (not counted)')
    print(f'public-API tests: {", ".join(usable)}')
    skipped = 0
    with tempfile.TemporaryDirectory() as tmp:
        for family in configure.AMALGAMATION_FAMILIES:
            family_dir = os.path.join(args.builddir, 'dist', 'amalgamation', family)
            made = os.path.isfile(os.path.join(family_dir, 'goldilocks.c'))
            if not check(made, f'{family}: {family_dir}/goldilocks.c', f'missing: run ninja -C {args.builddir} amalgamation'):
                continue
            work = os.path.join(tmp, family)
            with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
                results = list(pool.map(lambda c: compile_alone(family_dir, work, *c), COMPILES))
            objects = {}
            for (cc, flags), (ok, out, obj) in zip(COMPILES, results):
                what = f'{family}: {cc} {" ".join(flags + WARNINGS)} -c goldilocks.c, alone'
                if check(ok, what, out[-2000:]):
                    objects[cc] = obj
            for cc, obj in objects.items():
                names = [n for _, n in check_symbols.exported('nm', obj)]
                others = sorted(n for n in names if not n.startswith('goldilocks_'))
                check(not others, f'{family} ({cc}): defines goldilocks_* only', f'also {" ".join(others[:20])}')
                missing, extra = sorted(set(api) - set(names)), sorted(set(names) - set(api))
                check(not missing and not extra, f'{family} ({cc}): exactly the {len(api)} functions of the header',
                      f'missing {missing[:10]}, not in the header {extra[:10]}')
            if 'gcc' not in objects:
                continue
            skipped += run_tests(family, objects['gcc'], os.path.dirname(objects['gcc']), work, usable, args.quick)
    status = pycheck.done() if not skipped else done_with_skips(skipped)
    return status


# The test objects, by the family header's text below its first comment (the families'
# headers are the same there: the tests are compiled once, linked once per family).
COMPILED = {}


def test_objects(family, header_dir, work, usable):
    """{stem or support file: object} of the public-API tests and SUPPORT, compiled with
    -Wall -Wextra -Werror on the family's goldilocks.h (once for equal headers); None when
    a support file fails."""
    with open(os.path.join(header_dir, 'goldilocks.h')) as f:
        text = f.read()
    key = text[text.index('*/') + 2:]
    if key in COMPILED:
        return COMPILED[key]
    flags = ['-std=c11', '-O2'] + WARNINGS + [f'-I{header_dir}', f'-I{SOURCE_DIR}/test',
                                              f'-DGOLDILOCKS_SOURCE_DIR="{SOURCE_DIR}"']
    # test_decaf* also against Debian's libdecaf where it is installed, as build.ninja.in builds them
    libdecaf = configure.Toolchain('gcc', [], work).has_library('decaf/ed448.h', 'decaf_ed448_sign', '-ldecaf',
                                                                ['-I/usr/include/decaf'])

    def build(item):
        path = item if item in SUPPORT else f'test/{item}.c'
        o = os.path.join(work, os.path.basename(path) + '.o')
        decaf = ['-DHAVE_LIBDECAF', '-I/usr/include/decaf'] if libdecaf and item.startswith('test_decaf') else []
        ok, out = run(['gcc'] + flags + decaf + ['-c', os.path.join(SOURCE_DIR, path), '-o', o])
        return item, ok, out, o
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        built = list(pool.map(build, SUPPORT + usable))
    objects = {item: o for item, ok, out, o in built
               if check(ok, f'{family}: {item} compiles on its goldilocks.h', out[-1500:])}
    COMPILED[key] = objects if all(s in objects for s in SUPPORT) else None
    if COMPILED[key]:
        COMPILED[key]['libdecaf'] = libdecaf
    return COMPILED[key]


def run_tests(family, obj, header_dir, work, usable, quick):
    """Links each public-API test with the object and runs them all; returns their skips."""
    objects = test_objects(family, header_dir, work, usable)
    if not objects:
        return 0
    support = [objects[s] for s in SUPPORT]

    def link(stem):
        exe = os.path.join(work, stem)
        decaf = ['-ldecaf'] if objects['libdecaf'] and stem.startswith('test_decaf') else []
        ok, out = run(['gcc', objects[stem], obj] + support + ['-o', exe, '-lgmp', '-ljansson'] + decaf)
        return stem, ok, out, exe
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        built = list(pool.map(link, [u for u in usable if u in objects]))
    programs = [exe for stem, ok, out, exe in built if check(ok, f'{family}: {stem} links with the amalgamation',
                                                             out[-1500:])]
    if not programs:
        return 0
    cmd = [sys.executable, os.path.join(SOURCE_DIR, 'test', 'run_tests.py'), '--jobs', '2'] \
        + ['--quick'] * quick + ['--'] + programs
    r = subprocess.run(cmd, capture_output=True, text=True, errors='replace')
    summaries = SUMMARY.findall(r.stdout)
    if not summaries:
        check(False, f'{family}: the public-API tests', r.stdout[-3000:] + r.stderr[-1000:])
        return 0
    p, f, s = (int(x or 0) for x in summaries[-1])
    for line in r.stdout.splitlines():   # what was skipped, and why
        if re.search(r'\bskip', line) and not SUMMARY.match(line.strip()):
            print(f'     {family}: {line.strip()}')
    failed_lines = [line for line in r.stdout.splitlines() if 'FAIL' in line]
    check(f == 0 and r.returncode == 0, f'{family}: {len(programs)} public-API tests on the amalgamation: '
          f'{p} passed, {f} failed' + (f', {s} skipped' if s else ''), '\n'.join(failed_lines[:20]))
    if f == 0 and r.returncode == 0:
        pycheck.count_passed(p - 1)
    else:
        pycheck.failed += f - 1 if f > 1 else 0
    return s


def done_with_skips(skipped):
    print(f'{pycheck.passed} passed, {pycheck.failed} failed, {skipped} skipped')
    return 1 if pycheck.failed else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
