#!/usr/bin/env python3
"""Runs test programs and adds up their results.

    run_tests.py [--wrapper "qemu-arm -L /usr/arm-linux-gnueabihf"] [--slow] [--quick] [--jobs N]
                 [--library-path DIR] [--needs LEVEL [--anywhere NAME]...]
                 [--skip "NAME: WHY"]... -- PROGRAM...

Each program prints its own lines and ends with "N passed, N failed"
(", N skipped" appended when it skipped a test: skipped tests count neither
as passed nor as failed, and their total gets a line of its own); a
program that crashes, exits non-zero or prints no such line counts as one
failed test. The last line is the total, "N passed, N failed".

With --needs, a host whose CPU or OS lacks that level runs nothing: every
program is one skipped test ("skipped: this CPU lacks AVX-512 IFMA
(avx512ifma: lacks avx512f avx512ifma avx512vl)"), never a passed one; but
those named by --anywhere (which read the build's machine code and run none of
it: straightline_check.py) run. Which levels the host runs is the answer of
the dispatcher's own CPUID and XGETBV code (dispatch/cpu_levels.py builds and
runs dispatch/cpu_probe.c), not /proc/cpuinfo's flags, which a hypervisor may
leave out; a probe that cannot run is one failed test, never a skip.

A program that cannot be started (an i386 program on a kernel without IA32
emulation: "Exec format error") is one failed test, with the reason.

A Python test runs on the host, never under --wrapper; every program gets the
wrapper's words in the environment as GOLDILOCKS_TEST_WRAPPER (empty without
--wrapper), for a Python test that starts the build's programs itself
(cli_test.py runs the goldilocks command under it, the openssl command natively).
"""

import argparse
import concurrent.futures
import os
import re
import shlex
import subprocess
import sys
import time

# The CPU probe, shared with configure.py; no __pycache__ in the source tree.
SOURCE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(SOURCE_DIR, 'dispatch'))
import cpu_levels  # noqa: E402

SUMMARY = re.compile(r'^(\d+) passed, (\d+) failed(?:, (\d+) skipped)?$')


def run_one(argv, env, buffer=None):
    """Streams a program's output (or, with a buffer, keeps it there, for the parallel runs);
    returns (passed, failed, skipped, seconds) from its summary line."""
    start = time.monotonic()
    write = sys.stdout.write if buffer is None else buffer.append
    print_ = (lambda text: print(text)) if buffer is None else (lambda text: buffer.append(text + '\n'))
    try:
        proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env,
                                text=True, errors='replace')
    except OSError as e:
        print_(f'  FAIL {os.path.basename(argv[-1])}: cannot run {argv[0]}: {e.strerror or e}')
        return 0, 1, 0, time.monotonic() - start
    summary = None
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


def needed_level(name):
    """The record of the level --needs names (configure.py's Target.needs: a level of
    X86_64_LEVELS that needs something of the CPU), or None."""
    sys.path.insert(0, SOURCE_DIR)
    import configure
    level = configure.LEVEL_BY_NAME.get(name)
    return level if level and level.features else None


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
    p.add_argument('--needs', metavar='LEVEL', help='skip everything on a CPU without the instructions of this '
                   'level (of configure.py X86_64_LEVELS: avx2, ...)')
    p.add_argument('--anywhere', action='append', default=[], help='run this program even without --needs')
    p.add_argument('--skip', action='append', default=[], metavar='"NAME: WHY"',
                   help='a test program this build cannot run: one skipped test, with why')
    p.add_argument('programs', nargs='+')
    args = p.parse_args()
    for skip in args.skip:
        name, _, why = skip.partition(': ')
        print(f'== {name}: skipped: {why or "(no reason given)"}')
    skipped_programs = len(args.skip)
    level = args.needs and needed_level(args.needs)
    if args.needs and not level:
        p.error(f'--needs {args.needs}: not a level of configure.py X86_64_LEVELS that needs instructions')
    if args.needs:
        try:
            lacks = cpu_levels.probe().lacks(args.needs)
        except cpu_levels.ProbeError as e:
            print(f'FAIL run_tests --needs {args.needs}: {e}')
            print('0 passed, 1 failed')
            return 1
        if lacks:
            what = f'{level.text} ({args.needs}: {lacks})'
            runnable = [q for q in args.programs if os.path.basename(q) in args.anywhere]
            for program in args.programs:
                if program not in runnable:
                    print(f'== {os.path.basename(program)}: skipped: this CPU lacks {what}')
            print(f'skipped: this CPU lacks {what}')
            skipped_programs += len(args.programs) - len(runnable)
            args.programs = runnable
    env = dict(os.environ)
    if args.library_path:
        env['LD_LIBRARY_PATH'] = os.pathsep.join(
            p for p in (args.library_path, env.get('LD_LIBRARY_PATH')) if p)
    # The wrapper of the build's programs, for the Python tests that run them (cli_test.py).
    env['GOLDILOCKS_TEST_WRAPPER'] = args.wrapper
    asked = os.environ.get('GOLDILOCKS_TEST_QUICK') == '1'
    if (args.quick or asked) and not args.slow:
        env['GOLDILOCKS_TEST_QUICK'] = '1'
        why = 'GOLDILOCKS_TEST_QUICK=1' if asked else 'emulated run'
        print(f'run_tests: quick mode ({why}): every vector and edge case, random repetitions / 10; '
              'the full suites run on a native build or with run_tests.py without --quick', flush=True)
    total_passed = total_failed = 0
    total_skipped = skipped_programs
    argvs = []
    for program in args.programs:
        # A program in the current directory (ninja runs in the build directory) needs its ./
        path = program if os.path.dirname(program) else os.path.join(os.curdir, program)
        # A Python test runs on the host, never under the wrapper (an emulator): it has the
        # wrapper as GOLDILOCKS_TEST_WRAPPER for the programs it starts.
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
