#!/usr/bin/env python3
"""goldilocks-speed's behaviour, never its timings.

    speed_test.py [--program PATH]

PATH is goldilocks-speed (default: ./goldilocks-speed, the build directory
under `ninja test`). Checks: the JSON of a short run on two operations has
the documented shape (every contender of the run, ours first; a figure for
every measured cell, none for a missing one); a planted difference in one
of our outputs (--self-test-corrupt) makes it refuse with exit status 1, the
differing bytes and no table; an unloadable --peer-lib is printed as
missing; a --peer-lib of the linked libdecaf agrees with ours; --count-with
counts another program's loops (or, when it cannot run, says so and times
without counts); --count-only runs each loop; bad options exit 2. Prints ok/FAIL lines and
"N passed, N failed, N skipped".
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

OPS = ['x448', 'ed448_verify']
FIGURES = ['median_ticks', 'min_ticks', 'max_ticks', 'ns_per_op', 'ops_per_second', 'rounds', 'calls_per_round']


class Checker:
    def __init__(self):
        self.passed = self.failed = self.skipped = 0

    def check(self, cond, what):
        print(('ok   ' if cond else 'FAIL ') + what, flush=True)
        if cond:
            self.passed += 1
        else:
            self.failed += 1
        return cond

    def skip(self, what):
        print('skip ' + what, flush=True)
        self.skipped += 1


def run(program, *args):
    return subprocess.run([program, *args], capture_output=True, text=True, timeout=300)


def sanitized(program):
    """True when program is built with AddressSanitizer (its runtime's entry point is named in it)."""
    with open(program, 'rb') as f:
        return b'__asan_init' in f.read()


def shape_problems(data, peers_expected):
    """What is wrong with a run's JSON, as a list of strings (empty: nothing)."""
    bad = []
    for key in ('program', 'version', 'machine', 'compiler', 'target', 'instructions_of', 'seconds_per_operation',
                'contenders', 'operations'):
        if key not in data:
            bad.append(f'no "{key}"')
    if bad:
        return bad
    if data['program'] != 'goldilocks-speed':
        bad.append('program is not goldilocks-speed')
    for key in ('cpu', 'flags', 'clock', 'tick_unit'):
        if key not in data['machine']:
            bad.append(f'machine has no "{key}"')
    names = [c['name'] for c in data['contenders']]
    if names[:1] != ['ours']:
        bad.append(f'contenders do not start with ours: {names}')
    if sorted(names[1:]) != sorted(peers_expected):
        bad.append(f'contenders {names[1:]} are not the --list peers {peers_expected}')
    if [o['name'] for o in data['operations']] != OPS:
        bad.append(f'operations {[o["name"] for o in data["operations"]]} are not {OPS}')
    for op in data['operations']:
        if op.get('items') != 1 or not op.get('what'):
            bad.append(f'{op["name"]}: items or what wrong')
        if [r['contender'] for r in op['results']] != names:
            bad.append(f'{op["name"]}: results not one per contender, in order')
            continue
        for i, r in enumerate(op['results']):
            where = f'{op["name"]}/{r["contender"]}'
            if r['missing'] is not None:
                # missing is said, never a zero figure
                if not isinstance(r['missing'], str) or not r['missing']:
                    bad.append(f'{where}: missing is not a reason')
                if any(k in r for k in FIGURES + ['ratio']):
                    bad.append(f'{where}: missing but has figures')
                continue
            for k in FIGURES:
                if not isinstance(r.get(k), (int, float)) or r[k] <= 0:
                    bad.append(f'{where}: {k} not a positive number')
            if not isinstance(r.get('preempted_rounds'), int) or not isinstance(r.get('cpu_time_scaled'), bool):
                bad.append(f'{where}: no preempted_rounds or cpu_time_scaled')
            if not bad:
                if not r['min_ticks'] <= r['median_ticks'] <= r['max_ticks']:
                    bad.append(f'{where}: not min <= median <= max')
                if abs(r['ops_per_second'] * r['ns_per_op'] / 1e9 - 1) > 0.01:
                    bad.append(f'{where}: ops_per_second is not 1e9 / ns_per_op')
                if i > 0 and not op['results'][0]['missing']:
                    want = r['median_ticks'] / op['results'][0]['median_ticks']
                    if abs(r.get('ratio', -1) / want - 1) > 0.01:
                        bad.append(f'{where}: ratio is not its median / ours')
    return bad


def main(argv):
    p = argparse.ArgumentParser()
    p.add_argument('--program', default=os.path.join(os.getcwd(), 'goldilocks-speed'))
    p.add_argument('--slow', action='store_true', help='accepted, as by every test program')
    args = p.parse_args(argv)
    prog = args.program
    t = Checker()

    listing = run(prog, '--list')
    t.check(listing.returncode == 0 and all(op in listing.stdout for op in OPS), '--list names the operations')
    peers_line = [l for l in listing.stdout.splitlines() if l.startswith('peers:')]
    # every peer, built in or not, is a contender of the run (a missing one says why)
    peers = [w for w in (peers_line[0].split()[1:] if peers_line else []) if w != '(missing)']
    built = []  # the peers built in: from the JSON below

    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, 'speed.json')
        r = run(prog, '--seconds', '0.05', '--ops', ','.join(OPS), '--json', path, '--compact')
        t.check(r.returncode == 0, 'a short run exits 0' + (f' (got {r.returncode}: {r.stdout[-300:]})'
                                                            if r.returncode else ''))
        try:
            with open(path) as f:
                data = json.load(f)
        except (OSError, ValueError) as e:
            t.check(False, f'the run wrote JSON ({e})')
            data = None
        if data is not None:
            bad = shape_problems(data, peers)
            t.check(not bad, 'the JSON has the documented shape' + (': ' + '; '.join(bad[:5]) if bad else ''))
            ours = data['operations'][0]['results'][0]
            t.check(ours['missing'] is None, 'ours is measured')
            built = [c['name'] for c in data['contenders'][1:] if c['missing'] is None]
        t.check('operation' in r.stdout and 'ops/s' in r.stdout and 'x448' in r.stdout,
                'the table and the --compact summary are printed')
        t.check('[2/2]' in r.stderr, 'a progress line on stderr')

        # the planted mismatch: one of our outputs corrupted must stop the run before any table
        if built:
            for op in OPS:
                path2 = os.path.join(tmp, f'bad-{op}.json')
                r = run(prog, '--seconds', '0.05', '--ops', ','.join(OPS), '--json', path2,
                        '--self-test-corrupt', op)
                t.check(r.returncode == 1 and f'MISMATCH {op}' in r.stdout and 'ratio' not in r.stdout
                        and not os.path.exists(path2),
                        f'--self-test-corrupt {op}: exit 1, the difference, no table, no JSON '
                        f'(exit {r.returncode})')
        else:
            t.skip('--self-test-corrupt: no peer built in to differ from')

        r = run(prog, '--seconds', '0.05', '--ops', 'x448', '--peers', 'none', '--json', path)
        with open(path) as f:
            data = json.load(f)
        t.check(r.returncode == 0 and [c['name'] for c in data['contenders']] == ['ours'],
                '--peers none: ours alone')

        # a peer that cannot load is printed as missing, with the reason
        r = run(prog, '--seconds', '0.05', '--ops', 'x448', '--peers', 'bogus', '--peer-lib',
                'bogus=/nonexistent/libdecaf.so', '--json', path)
        with open(path) as f:
            data = json.load(f)
        res = data['operations'][0]['results']
        t.check(r.returncode == 0 and 'bogus' in r.stdout and len(res) == 2 and res[1]['missing']
                and 'median_ticks' not in res[1], 'an unloadable --peer-lib is missing, not zero')

        # --peer-lib of the linked libdecaf: the dlopen path computes the same bytes
        ldd = subprocess.run(['ldd', prog], capture_output=True, text=True)
        libs = [w for line in ldd.stdout.splitlines() if 'libdecaf' in line
                for w in line.split() if w.startswith('/') and 'libdecaf' in w]
        if 'libdecaf' in built and libs:
            r = run(prog, '--seconds', '0.05', '--ops', 'x448,ed448_sign,decaf448_scalarmult_base', '--peers',
                    'libdecaf,again', '--peer-lib', f'again={libs[0]}', '--json', path)
            with open(path) as f:
                data = json.load(f)
            again = [op['results'][2] for op in data['operations']]
            t.check(r.returncode == 0 and all(a['contender'] == 'again' and a['missing'] is None for a in again),
                    f'--peer-lib again={libs[0]} agrees with ours and is measured')
        else:
            t.skip('--peer-lib of libdecaf: libdecaf not built in')

        # --count-with: the counts come from the program named, or from nothing (never made up)
        r = run(prog, '--seconds', '0.05', '--ops', 'field_mul', '--peers', 'none', '--instructions',
                '--iterations', '1', '--count-with', '/nonexistent/goldilocks-speed', '--json', path)
        with open(path) as f:
            data = json.load(f)
        ours = data['operations'][0]['results'][0]
        t.check(r.returncode == 0 and data['instructions_of'] is None and 'instructions' not in ours
                and 'median_ticks' in ours and 'no instructions are printed' in r.stderr,
                '--count-with a program that cannot run: timed, no instructions, said on stderr')
        target = data['target']
        if not shutil.which('valgrind'):
            t.skip('--count-with itself: no valgrind')
        elif target == 'avx512ifma':
            t.skip('--count-with itself: an avx512ifma build, which valgrind cannot run')
        elif sanitized(prog):
            t.skip('--count-with itself: an AddressSanitizer build, which valgrind cannot run')
        else:
            r = run(prog, '--seconds', '0.05', '--ops', 'field_mul', '--peers', 'none', '--instructions',
                    '--iterations', '1', '--count-with', prog, '--json', path)
            with open(path) as f:
                data = json.load(f)
            ours = data['operations'][0]['results'][0]
            t.check(r.returncode == 0 and data['instructions_of'] == prog and ours.get('instructions', 0) > 100
                    and f'counts of {prog}' in r.stdout,
                    f'--count-with {os.path.basename(prog)}: its counts, named in the table and the JSON')

    r = run(prog, '--count-only', '--iterations', '1', '--ops', 'x448,field_mul', '--peers', 'none')
    t.check(r.returncode == 0 and r.stdout.split() == ['x448:ours:1', 'field_mul:ours:1000'],
            f'--count-only runs each loop once (field rows 1000 times): {r.stdout.split()}')
    # --stack: the secret operations end with their 16 KiB stack wipe, so the
    # measured depth of x448 is at least that; field_mul (no wipe) far less.
    r = run(prog, '--stack', '--ops', 'x448,field_mul', '--peers', 'none')
    depth = {w[0]: int(w[1]) for w in (line.split() for line in r.stdout.splitlines()[2:]) if len(w) == 2 and w[1].isdigit()}
    t.check(r.returncode == 0 and depth.get('x448', 0) >= 16384 and 0 < depth.get('field_mul', 0) < 4096,
            f'--stack measures x448 beyond its 16 KiB wipe and field_mul below 4 KiB: {depth}')
    for bad_args in (['--ops', 'no_such_op'], ['--peers', 'no_such_peer'], ['--seconds', '0'], ['--bogus']):
        r = run(prog, *bad_args)
        t.check(r.returncode == 2, f'{" ".join(bad_args)}: exit 2 (got {r.returncode})')

    print(f'{t.passed} passed, {t.failed} failed, {t.skipped} skipped')
    return 1 if t.failed else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
