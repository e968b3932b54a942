#!/usr/bin/env python3
"""Runs each libFuzzer target for a while: `ninja fuzz-run`.

    run_fuzzers.py [--seconds N] FUZZER...

The time per target comes from --seconds or GOLDILOCKS_FUZZ_SECONDS (default
10). A target that finds a crash or a mismatch fails; the last line is
"N passed, N failed" with one test per target. Corpora go to
<builddir>/fuzz/corpus/<target>/ so that later runs continue from them.
"""

import argparse
import os
import subprocess
import sys


def main():
    p = argparse.ArgumentParser()
    p.add_argument('--seconds', type=int, default=int(os.environ.get('GOLDILOCKS_FUZZ_SECONDS', '10')))
    p.add_argument('fuzzers', nargs='+')
    args = p.parse_args()
    passed = failed = 0
    for fuzzer in args.fuzzers:
        name = os.path.basename(fuzzer)
        corpus = os.path.join(os.path.dirname(fuzzer), 'corpus', name)
        os.makedirs(corpus, exist_ok=True)
        cmd = [fuzzer, f'-max_total_time={args.seconds}', '-print_final_stats=0',
               f'-artifact_prefix={os.path.dirname(fuzzer)}/{name}-', corpus]
        result = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                errors='replace')
        if result.returncode == 0:
            passed += 1
            runs = [l for l in result.stdout.splitlines() if l.startswith('Done ')]
            print(f'ok   fuzz {name} ({runs[-1] if runs else "done"})')
        else:
            failed += 1
            print(result.stdout[-4000:])
            print(f'FAIL fuzz {name} (exit status {result.returncode})')
    print(f'{passed} passed, {failed} failed')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
