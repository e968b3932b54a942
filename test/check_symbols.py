#!/usr/bin/env python3
"""Checks that the libraries export goldilocks_* symbols only.

    check_symbols.py --nm NM [--version-script MAP] libgoldilocks.a libgoldilocks.so

With --version-script, every symbol the shared library exports must also
carry a version node of MAP (name@@NODE); the nodes themselves (absolute
symbols of those names) are not exports.

Writes a stamp file next to the first library on success (ninja's output).
"""

import argparse
import os
import re
import subprocess
import sys


def exported(nm, path):
    """(type, name) of each defined global symbol (the dynamic ones of a .so)."""
    flags = ['-g', '--defined-only'] + (['-D'] if path.endswith('.so') else [])
    out = subprocess.run([nm] + flags + [path], capture_output=True, text=True, check=True).stdout
    names = []
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3:
            names.append((parts[1], parts[2]))
    return names


def version_nodes(path):
    """The version node names a version script defines ("NAME {")."""
    with open(path) as f:
        text = re.sub(r'/\*.*?\*/', '', f.read(), flags=re.S)
    return set(re.findall(r'^\s*([A-Za-z_][A-Za-z0-9_.]*)\s*\{', text, flags=re.M))


def main():
    p = argparse.ArgumentParser()
    p.add_argument('--nm', default='nm')
    p.add_argument('--version-script')
    p.add_argument('libraries', nargs='+')
    args = p.parse_args()
    nodes = version_nodes(args.version_script) if args.version_script else None
    bad = []
    count = 0
    for lib in args.libraries:
        for kind, full in exported(args.nm, lib):
            name, _, version = full.partition('@')
            version = version.lstrip('@')
            if nodes is not None and lib.endswith('.so'):
                if kind == 'A' and name in nodes and not version:
                    continue   # the version node itself
                if version not in nodes:
                    bad.append(f'{lib}: {full} (no version node of {args.version_script})')
                    continue
            count += 1
            if not name.startswith('goldilocks_'):
                bad.append(f'{lib}: {full}')
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
