#!/usr/bin/env python3
"""Runs the benchmark programs one after another: `ninja speed`.

    run_benchmarks.py [--wrapper CMD] PROGRAM... [-- ARGS passed to each]
"""

import os
import shlex
import subprocess
import sys


def main(argv):
    wrapper = []
    if argv[:1] == ['--wrapper']:
        wrapper, argv = shlex.split(argv[1]), argv[2:]
    extra = []
    if '--' in argv:
        i = argv.index('--')
        argv, extra = argv[:i], argv[i + 1:]
    status = 0
    for program in argv:
        print(f'== {program}', flush=True)
        # A program in the current directory (ninja runs in the build directory) needs its ./
        path = program if os.path.dirname(program) else os.path.join(os.curdir, program)
        status |= subprocess.call(wrapper + [path] + extra)
    return 1 if status else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
