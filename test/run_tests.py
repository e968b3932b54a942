#!/usr/bin/env python3
"""Runs test programs and adds up their results.

    run_tests.py [--wrapper "qemu-arm -L /usr/arm-linux-gnueabihf"] [--slow] [--quick] [--jobs N]
                 [--library-path DIR] [--needs avx2|avx512ifma [--anywhere NAME]...] -- PROGRAM...

Each program prints its own lines and ends with "N passed, N failed"
(", N skipped" appended when it skipped a test: skipped tests count neither
as passed nor as failed, and their total gets a line of its own); a
program that crashes, exits non-zero or prints no such line counts as one
failed test. The last line is the total, "N passed, N failed".

With --needs, a host whose CPU lacks those instructions (its /proc/cpuinfo
flags, which the kernel clears for what the OS does not support) runs
nothing: every program is one skipped test ("skipped: this CPU lacks
AVX-512 IFMA"), never a passed one; but those named by --anywhere (which
read the build's machine code and run none of it: straightline_check.py) run.
"""

import argparse
import concurrent.futures
import os
import re
import shlex
import subprocess
import sys
import time

SUMMARY = re.compile(r'^(\d+) passed, (\d+) failed(?:, (\d+) skipped)?$')


def run_one(argv, env, buffer=None):
    """Streams a program's output (or, with a buffer, keeps it there, for the parallel runs);
    returns (passed, failed, skipped, seconds) from its summary line."""
    start = time.monotonic()
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env,
                            text=True, errors='replace')
    summary = None
    write = sys.stdout.write if buffer is None else buffer.append
    print_ = (lambda text: print(text)) if buffer is None else (lambda text: buffer.append(text + '\n'))
    for line in proc.stdout:
        write('  ' + line)
        match = SUMMARY.match(line.strip())
        if match:
            summary = (int(match.group(1)), int(match.group(2)), int(match.group(3) or 0))
    code = proc.wait()
    took = time.monotonic() - start
    if summary is None:
        print_(f'  FAIL {os.path.basename(argv[-1])}: no summary line (exit status {code})')
        return 0, 1, 0, took
    passed, failed, skipped = summary
    if code != 0 and failed == 0:
        print_(f'  FAIL {os.path.basename(argv[-1])}: exit status {code}')
        failed = 1
    return passed, failed, skipped, took


# The /proc/cpuinfo flags each --needs level stands for (configure.py's LEVEL_FLAGS).
NEEDS = {
    'avx2': ('AVX2', {'avx', 'avx2', 'bmi1', 'bmi2', 'fma', 'f16c', 'movbe', 'abm'}),
    'avx512ifma': ('AVX-512 IFMA', {'avx', 'avx2', 'bmi1', 'bmi2', 'fma', 'f16c', 'movbe', 'abm',
                                    'avx512f', 'avx512ifma', 'avx512vl'}),
}


def cpu_flags():
    try:
        with open('/proc/cpuinfo') as f:
            return set(f.read().split())
    except OSError:
        return set()


def main():
    p = argparse.ArgumentParser()
    p.add_argument('--wrapper', default='', help='command to run each program under')
    p.add_argument('--slow', action='store_true', help='pass --slow to every program')
    p.add_argument('--quick', action='store_true', help='quick mode (GOLDILOCKS_TEST_QUICK=1): every vector '
                   'and edge case, fewer random repetitions; for runs under an emulator')
    p.add_argument('--jobs', type=int, default=1, help='run up to N programs at once (their output is '
                   'printed whole, in order); emulated builds use 2')
    p.add_argument('--library-path', help='put DIR first on LD_LIBRARY_PATH (the build tree, '
                   'for the programs linked with its shared library)')
    p.add_argument('--needs', choices=sorted(NEEDS), help='skip everything on a CPU without these instructions')
    p.add_argument('--anywhere', action='append', default=[], help='run this program even without --needs')
    p.add_argument('programs', nargs='+')
    args = p.parse_args()
    skipped_programs = 0
    if args.needs:
        what, flags = NEEDS[args.needs]
        if not flags <= cpu_flags():
            runnable = [q for q in args.programs if os.path.basename(q) in args.anywhere]
            for program in args.programs:
                if program not in runnable:
                    print(f'== {os.path.basename(program)}: skipped: this CPU lacks {what}')
            print(f'skipped: this CPU lacks {what}')
            skipped_programs = len(args.programs) - len(runnable)
            args.programs = runnable
    env = dict(os.environ)
    if args.library_path:
        env['LD_LIBRARY_PATH'] = os.pathsep.join(
            p for p in (args.library_path, env.get('LD_LIBRARY_PATH')) if p)
    if args.quick and not args.slow:
        env['GOLDILOCKS_TEST_QUICK'] = '1'
        print('run_tests: quick mode (emulated run): every vector and edge case, random repetitions / 10; '
              'the full suites run on a native build or with run_tests.py without --quick', flush=True)
    total_passed = total_failed = 0
    total_skipped = skipped_programs
    argvs = []
    for program in args.programs:
        # A program in the current directory (ninja runs in the build directory) needs its ./
        path = program if os.path.dirname(program) else os.path.join(os.curdir, program)
        # A Python test runs on the host, never under the wrapper (an emulator).
        if program.endswith('.py'):
            argvs.append([sys.executable, path] + (['--slow'] if args.slow else []))
        else:
            argvs.append(shlex.split(args.wrapper) + [path] + (['--slow'] if args.slow else []))
    pool = None
    if args.jobs > 1:
        # Parallel: each program's output is buffered and printed whole, in the given order.
        pool = concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs)
        buffers = [[] for _ in argvs]
        futures = [pool.submit(run_one, argv, env, buffer) for argv, buffer in zip(argvs, buffers)]
    for i, (program, argv) in enumerate(zip(args.programs, argvs)):
        print(f'== {" ".join(argv)}', flush=True)
        if pool:
            passed, failed, skipped, took = futures[i].result()
            sys.stdout.write(''.join(buffers[i]))
        else:
            passed, failed, skipped, took = run_one(argv, env)
        skip_note = f', {skipped} skipped' if skipped else ''
        print(f'== {os.path.basename(program)}: {passed} passed, {failed} failed{skip_note} ({took:.1f} s)',
              flush=True)
        total_passed += passed
        total_failed += failed
        total_skipped += skipped
    # Skipped tests are counted neither as passed nor as failed.
    skip_note = f', {total_skipped} skipped' if total_skipped else ''
    print(f'{total_passed} passed, {total_failed} failed{skip_note}')
    return 1 if total_failed else 0


if __name__ == '__main__':
    sys.exit(main())
