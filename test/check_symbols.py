#!/usr/bin/env python3
"""Checks that the libraries export goldilocks_* symbols only.

    check_symbols.py --nm NM [--version-script MAP] [--header H] libgoldilocks.a libgoldilocks.so

With --version-script, every symbol the shared library exports must also
carry a version node of MAP (name@@NODE); the nodes themselves (absolute
symbols of those names) are not exports.

With --header, the shared library must export exactly the functions the
header declares (GOLDILOCKS_API): none missing, none more. In a library of
several backends (target x86-64) that is the dispatch layer's functions, and
no backend's renamed ones.

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


def header_functions(path):
    """The names of the functions a header declares with GOLDILOCKS_API."""
    with open(path) as f:
        text = re.sub(r'/\*.*?\*/', ' ', f.read(), flags=re.S)
    text = re.sub(r'^\s*#.*$', ' ', text, flags=re.M)
    return set(re.findall(r'\bGOLDILOCKS_API\b[^;]*?\b(goldilocks_\w+)\s*\(', text))


def main():
    p = argparse.ArgumentParser()
    p.add_argument('--nm', default='nm')
    p.add_argument('--version-script')
    p.add_argument('--header')
    p.add_argument('libraries', nargs='+')
    args = p.parse_args()
    nodes = version_nodes(args.version_script) if args.version_script else None
    bad = []
    count = 0
    so_names = set()
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
            if lib.endswith('.so'):
                so_names.add(name)
    if args.header and any(lib.endswith('.so') for lib in args.libraries):
        declared = header_functions(args.header)
        for name in sorted(declared - so_names):
            bad.append(f'{name}: declared in {args.header}, not exported')
        for name in sorted(so_names - declared):
            if name.startswith('goldilocks_'):
                bad.append(f'{name}: exported, not declared in {args.header}')
    if bad:
        print("check_symbols: exports other than the header's goldilocks_* functions:", file=sys.stderr)
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
