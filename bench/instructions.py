#!/usr/bin/env python3
"""Instructions per operation, counted by callgrind: repeatable on a noisy machine.

    instructions.py BUILDDIR [--wrapper CMD]

Each operation runs alone (bench_* --only ...) twice, with N1 and N2
iterations; the difference of the two whole-program counts divided by
N2 - N1 is the cost of one operation, set-up excluded. Prints one table for
the field (bench_field_<layout>, one column per layout) and one for the curve operations (bench_curve),
ours beside OpenSSL and libdecaf where the benchmark was built with them.
"""

import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

FIELD_OPS = ['mul', 'sqr', 'mulw', 'invert', 'isr', 'gmp']
CURVE_OPS = ['x448', 'x448_public_key', 'ed448_keygen', 'ed448_sign', 'ed448_verify',
             'decaf448_scalarmult', 'decaf448_scalarmult_base']
CONTENDERS = ['ours', 'openssl', 'libdecaf']


def total_instructions(argv):
    """The program's instruction count under callgrind, or None if it failed."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, 'callgrind.out')
        result = subprocess.run(['valgrind', '--tool=callgrind', f'--callgrind-out-file={out}'] + argv,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if result.returncode != 0 or not os.path.exists(out):
            return None
        with open(out) as f:
            for line in f:
                match = re.match(r'^(?:summary|totals):\s+(\d+)', line)
                if match:
                    return int(match.group(1))
    return None


def per_op(make_argv, n1, n2):
    a, b = total_instructions(make_argv(n1)), total_instructions(make_argv(n2))
    if a is None or b is None:
        return None
    return (b - a) / (n2 - n1)


def fmt(x):
    return '-' if x is None else f'{x:,.0f}'


def main(argv):
    if len(argv) != 1:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    builddir = argv[0]
    if not shutil.which('valgrind'):
        print('instructions.py: valgrind not found: apt-get install valgrind', file=sys.stderr)
        return 1
    curve = os.path.join(builddir, 'bench_curve')
    fields = sorted(glob.glob(os.path.join(builddir, 'bench_field_*')))
    if fields:
        layouts = [os.path.basename(f)[len('bench_field_'):] for f in fields]
        print('field: instructions per operation (callgrind)')
        print(f'  {"operation":10}' + ''.join(f'{l:>12}' for l in layouts))
        for op in FIELD_OPS:
            counts = [per_op(lambda k: [f, '--only', op, str(k)], 1000, 3000) for f in fields]
            print(f'  {op:10}' + ''.join(f'{fmt(n):>12}' for n in counts))
    if os.path.exists(curve):
        print()
        print('curve: instructions per operation (callgrind)')
        print(f'  {"operation":28}' + ''.join(f'{c:>12}' for c in CONTENDERS)
              + f'{"openssl/ours":>14}{"libdecaf/ours":>15}')
        for op in CURVE_OPS:
            counts = [per_op(lambda k: [curve, '--only', f'{c}:{op}', '--iterations', str(k)], 2, 6)
                      for c in CONTENDERS]
            ratios = [f'{c / counts[0]:.2f}' if c and counts[0] else '-' for c in counts[1:]]
            print(f'  {op:28}' + ''.join(f'{fmt(c):>12}' for c in counts)
                  + f'{ratios[0]:>14}{ratios[1]:>15}')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
