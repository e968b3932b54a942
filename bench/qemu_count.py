#!/usr/bin/env python3
"""Executed guest instructions per operation under qemu-user, counted exactly by
the project's TCG plugin (bench/qemu_insn/insn_plugin.c) around each call of
bench/count_ops.c; and the constant-time check of an emulated build.

    qemu_count.py --emulator "qemu-arm -L /usr/arm-linux-gnueabi -cpu arm926" \\
                  --plugin DIR/qemu_insn.so DIR/count_ops
        The table: ours and libdecaf's instructions per operation (libdecaf's
        where count_ops was built with it), from one run, and their ratio.
    qemu_count.py --trace ... DIR/count_ops
        Each secret operation twice, with two different secrets: the plugin's
        fingerprints (blocks executed, addresses loaded and stored) must be
        equal; a deliberately leaky function's must differ. Ends with
        "N passed, N failed".
    qemu_count.py --callgrind ... DIR/count_ops
        (native x86 builds) The same count under qemu-x86_64 and under
        valgrind's callgrind, side by side, of the program's own code (the C
        library, whose memcpy and memset differ with the CPU model qemu and
        valgrind show, left out on both sides). The plugin's figure is one
        less than callgrind's: the region subtracts the empty function's
        one instruction.

Each region's count minus the empty region's (the markers' own cost) is the
operation's; count_ops measures every region twice and a count that does
not repeat is an error.
"""

import argparse
import collections
import os
import re
import shlex
import subprocess
import sys
import tempfile

REGION = re.compile(r'^region (\d+) (\S+) (\S+) (\d+)$')
COUNT = re.compile(r'^qemu_insn: (\d+) insns (\d+)(?: blocks (\d+) mem (\d+) hash ([0-9a-f]+))?$')
# count_ops' functions that make each operation's one call, for callgrind.
CALLGRIND_FN = {('ours', 'x448_public_key'): 'ours_x448_pub', ('ours', 'x448'): 'ours_x448',
                ('ours', 'ed448_keygen'): 'ours_ed_keygen', ('ours', 'ed448_sign'): 'ours_ed_sign',
                ('ours', 'ed448_verify'): 'ours_ed_verify', ('ours', 'gf_mul'): 'ours_gf_mul',
                ('ours', 'gf_sqr'): 'ours_gf_sqr', ('ours', 'gf_mulw'): 'ours_gf_mulw',
                ('ours', 'gf_invert'): 'ours_gf_invert', ('ours', 'gf_isr'): 'ours_gf_isr',
                ('ours', 'gf_invert_square'): 'ours_gf_invert_square',
                ('ours', 'ed448_public_to_x448'): 'ours_public_to_x448'}
CALLGRIND_FN[('ours', 'decaf448_scalarmult_base')] = 'ours_decaf_base'


def run(emulator, plugin, program, trace, extra, main_only=False):
    options = (',trace=on' if trace else '') + (',only=main' if main_only else '')
    argv = shlex.split(emulator) + ['-plugin', os.path.abspath(plugin) + options] + [program]
    argv += (['--trace'] if trace else []) + extra
    env = dict(os.environ, LD_BIND_NOW='1')
    proc = subprocess.run(argv, capture_output=True, text=True, errors='replace', env=env)
    if proc.returncode != 0:
        sys.stderr.write(proc.stderr)
        sys.exit(f'qemu_count: {" ".join(argv)} failed (exit status {proc.returncode})')
    regions = {}
    for line in proc.stdout.splitlines():
        m = REGION.match(line)
        if m:
            regions[int(m.group(1))] = {'who': m.group(2), 'op': m.group(3), 'calls': int(m.group(4))}
    for line in proc.stderr.splitlines():
        m = COUNT.match(line)
        if m and int(m.group(1)) in regions:
            r = regions[int(m.group(1))]
            r['insns'] = int(m.group(2))
            r['trace'] = m.groups()[2:] if m.group(3) else None
    missing = [t for t, r in regions.items() if 'insns' not in r]
    if not regions or missing:
        sys.stderr.write(proc.stderr)
        sys.exit(f'qemu_count: no count from the plugin for regions {missing or "(none)"}: '
                 'is the plugin loaded, and is this qemu-user 7.2 or later?')
    return [regions[t] for t in sorted(regions)]


def counts(regions):
    """{(who, op): instructions per call}, the markers' cost subtracted; repeats checked."""
    base = next(r['insns'] for r in regions if r['op'] == 'empty')
    seen = collections.defaultdict(list)
    for r in regions:
        if r['op'] != 'empty':
            seen[(r['who'], r['op'])].append((r['insns'] - base, r['calls']))
    out = {}
    for key, values in seen.items():
        if len({v for v, _ in values}) != 1:
            sys.exit(f'qemu_count: {key[0]} {key[1]}: the count did not repeat: {values}')
        out[key] = values[0][0] / values[0][1]
    return base, out


def fmt(n):
    return f'{n:,.0f}' if n >= 100 else f'{n:,.1f}'


def table(args):
    regions = run(args.emulator, args.plugin, args.program, False, args.extra)
    base, per_call = counts(regions)
    ops = list(dict.fromkeys(op for _, op in per_call))
    print(f'Executed instructions per operation under {args.emulator.split()[0]}'
          f'{" -cpu " + args.emulator.split("-cpu ")[1].split()[0] if "-cpu " in args.emulator else ""}'
          f' (qemu plugin, exact; markers\' own {base} subtracted):')
    print(f'| operation | ours | libdecaf | ours / libdecaf |')
    print('|---|---:|---:|---:|')
    for op in ops:
        ours = per_call.get(('ours', op))
        theirs = per_call.get(('libdecaf', op))
        ratio = f'{ours / theirs:.2f}' if ours and theirs else '-'
        print(f'| {op} | {fmt(ours) if ours else "-"} | {fmt(theirs) if theirs else "-"} | {ratio} |')
    return 0


def trace(args):
    regions = run(args.emulator, args.plugin, args.program, True, args.extra)
    pairs = collections.defaultdict(list)
    for r in regions:
        if r['op'] != 'empty':
            pairs[(r['who'], r['op'])].append(r)
    passed = failed = 0
    for (who, op), (a, b) in pairs.items():
        same = a['trace'] == b['trace'] and a['insns'] == b['insns']
        detail = (f"{a['insns']} insns, {a['trace'][0]} blocks, {a['trace'][1]} loads/stores" if same else
                  f"{a['insns']} vs {b['insns']} insns, hash {a['trace'][2]} vs {b['trace'][2]}")
        if who == 'leaky':
            ok = not same
            what = 'the leaky self-test differs between the secrets (the check can fail)'
        else:
            ok = same
            what = f'{op}: same blocks and addresses for two secrets'
        print(f'{"ok  " if ok else "FAIL"} {what} ({detail})')
        passed += ok
        failed += not ok
    print(f'{passed} passed, {failed} failed')
    return 1 if failed else 0


def callgrind(args):
    """The plugin's count beside callgrind's, both of the program's own code only.

    The C library's memcpy and memset are left out on both sides: glibc picks
    their code by the CPU it sees (qemu's and valgrind's differ) and their
    instruction counts depend on where the buffers lie (the stack of the two
    tools starts at different places). The plugin counts with only=main;
    callgrind collects inside each operation's call (--toggle-collect) and
    the exclusive counts of the program's functions are added up.
    """
    regions = run(args.emulator, args.plugin, args.program, False, args.extra, main_only=True)
    _, per_call = counts(regions)
    program = os.path.realpath(args.program)
    print('Instructions of the program\'s own code (the C library left out), per operation:')
    print('| operation | qemu plugin (only=main) | callgrind (exclusive, same code) | difference |')
    print('|---|---:|---:|---:|')
    for (who, op), n in per_call.items():
        fn = CALLGRIND_FN.get((who, op))
        if fn is None:
            continue
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, 'callgrind.out')
            env = dict(os.environ, LD_BIND_NOW='1')
            subprocess.run(['valgrind', '--tool=callgrind', f'--toggle-collect={fn}',
                            f'--callgrind-out-file={out}', args.program, '--ops', op],
                           check=True, capture_output=True, env=env)
            annotate = subprocess.run(['callgrind_annotate', '--threshold=100', out],
                                      check=True, capture_output=True, text=True).stdout
        own = 0
        for line in annotate.splitlines():
            m = re.match(r'^\s*([\d,]+) (?:\([^)]*\)\s+)?\S*:\S+ \[(.*)\]$', line)
            if m and os.path.realpath(m.group(2)) == program:
                own += int(m.group(1).replace(',', ''))
        # count_ops calls each operation twice before measuring it twice (4 calls);
        # the field regions make 16 calls each, and n is already per call.
        cg = own / (4 * (16 if op in ('gf_mul', 'gf_sqr', 'gf_mulw') else 1))
        print(f'| {op} | {fmt(n)} | {fmt(cg)} | {n - cg:+.1f} |')
    return 0


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument('--emulator', required=True, help='the qemu-user command (with -L and -cpu)')
    p.add_argument('--plugin', required=True, help='the plugin, qemu_insn.so')
    p.add_argument('--trace', action='store_true', help='the constant-time check')
    p.add_argument('--callgrind', action='store_true', help='compare with callgrind (native builds)')
    p.add_argument('--ops', help='only these operations (count_ops --ops)')
    p.add_argument('program')
    args = p.parse_args()
    args.extra = ['--ops', args.ops] if args.ops else []
    if args.trace:
        return trace(args)
    if args.callgrind:
        return callgrind(args)
    return table(args)


if __name__ == '__main__':
    sys.exit(main())
