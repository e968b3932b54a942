#!/usr/bin/env python3
"""Checks that the libraries export goldilocks_* symbols only.

    check_symbols.py --nm NM libgoldilocks.a libgoldilocks.so

Writes a stamp file next to the first library on success (ninja's output).
"""

import argparse
import os
import subprocess
import sys


def exported(nm, path):
    flags = ['-g', '--defined-only'] + (['-D'] if path.endswith('.so') else [])
    out = subprocess.run([nm] + flags + [path], capture_output=True, text=True, check=True).stdout
    names = []
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3:
            names.append(parts[2])
    return names


def main():
    p = argparse.ArgumentParser()
    p.add_argument('--nm', default='nm')
    p.add_argument('libraries', nargs='+')
    args = p.parse_args()
    bad = []
    count = 0
    for lib in args.libraries:
        names = exported(args.nm, lib)
        count += len(names)
        bad += [f'{lib}: {n}' for n in names if not n.startswith('goldilocks_')]
    if bad:
        print('check_symbols: symbols other than goldilocks_* are exported:', file=sys.stderr)
        for b in bad:
            print('  ' + b, file=sys.stderr)
        return 1
    if count == 0:
        print('check_symbols: no exported symbols at all', file=sys.stderr)
        return 1
    with open(os.path.join(os.path.dirname(args.libraries[0]), 'check-symbols.stamp'), 'w') as f:
        f.write('ok\n')
    return 0


if __name__ == '__main__':
    sys.exit(main())
