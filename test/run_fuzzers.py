#!/usr/bin/env python3
"""Runs each libFuzzer target for a while: `ninja fuzz-run` and `ninja fuzz-long`.

    run_fuzzers.py [--seconds N | --long] FUZZER...

One target at a time (the machine may be shared). The time per target:

- short runs (`ninja fuzz-run`, CI): --seconds, else GOLDILOCKS_FUZZ_SECONDS,
  else 10 seconds;
- --long (`ninja fuzz-long`): GOLDILOCKS_FUZZ_LONG_SECONDS per target, else
  600 seconds per target. (The time is per target, not a total: with N
  targets the run takes N times as long.)

Each target keeps its corpus in <builddir>/fuzz/corpus/<target>/, seeded
before every run from test/vectors/ by test/fuzz/seed_corpus.py (seeds
already there are kept), so that every run continues from the last. A
target's whole output goes to <builddir>/fuzz/<target>.log; a crash or a
mismatch leaves <builddir>/fuzz/<target>-crash-* and fails the target.
One line per target, ok or FAIL with the executions done, then
"N passed, N failed".
"""

import argparse
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), 'fuzz'))
import seed_corpus  # noqa: E402


def stat(output, name):
    m = re.findall(rf'^stat::{name}:\s*(\d+)', output, re.M)
    return int(m[-1]) if m else None


def main():
    p = argparse.ArgumentParser()
    p.add_argument('--seconds', type=int)
    p.add_argument('--long', action='store_true')
    p.add_argument('fuzzers', nargs='+')
    args = p.parse_args()
    if args.seconds is not None:
        seconds = args.seconds
    elif args.long:
        seconds = int(os.environ.get('GOLDILOCKS_FUZZ_LONG_SECONDS', '600'))
    else:
        seconds = int(os.environ.get('GOLDILOCKS_FUZZ_SECONDS', '10'))
    passed = failed = 0
    total_runs = 0
    for fuzzer in args.fuzzers:
        name = os.path.basename(fuzzer)
        fuzz_dir = os.path.dirname(fuzzer)
        corpus = os.path.join(fuzz_dir, 'corpus', name)
        seeds = seed_corpus.seed(name, corpus)
        before = len(os.listdir(corpus))
        log = os.path.join(fuzz_dir, name + '.log')
        cmd = [fuzzer, f'-max_total_time={seconds}', '-print_final_stats=1',
               f'-artifact_prefix={fuzz_dir}/{name}-', corpus]
        start = time.monotonic()
        with open(log, 'w') as out:
            rc = subprocess.run(cmd, stdout=out, stderr=subprocess.STDOUT).returncode
        elapsed = time.monotonic() - start
        with open(log, errors='replace') as f:
            output = f.read()
        runs = stat(output, 'number_of_executed_units')
        after = len(os.listdir(corpus))
        what = (f'{runs if runs is not None else "?"} executions in {elapsed:.0f} s, '
                f'corpus {before} -> {after} files ({seeds} new seeds)')
        if rc == 0 and runs:
            passed += 1
            total_runs += runs
            print(f'ok   fuzz {name}: {what}', flush=True)
        else:
            failed += 1
            print(output[-4000:])
            print(f'FAIL fuzz {name}: exit status {rc}, {what}; log {log}', flush=True)
    print(f'{total_runs} executions in all')
    print(f'{passed} passed, {failed} failed')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
