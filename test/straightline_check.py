#!/usr/bin/env python3
"""Checks that generated arithmetic compiles to straight-line code.

    straightline_check.py --objdump OBJDUMP --planted PLANTED.o [--name NAME] OBJ...
    straightline_check.py            (ninja test: the arguments from ./straightline.args)

Valgrind (ctcheck) cannot decode every instruction set the lane layouts use
(AVX-512 IFMA), so their constant time is checked on the machine code
instead: every function of every OBJ (the lane layout's objects, and
test/straightline_lanes.c built with the library's flags, which puts each
lane operation out of line) must have

- no conditional branch and no indirect jump or call: the same instructions
  run whatever the data;
- no memory operand with an index register (loads and stores at
  base + constant only), except in the functions whose name has "public"
  (gfl_insert, gfl_extract and gfl_permute take a public lane index);
- no division (its time depends on its operands on most CPUs);
- calls only to functions the checked objects define, memcpy and memset.

PLANTED.o (test/straightline_lanes.c with -DSTRAIGHTLINE_PLANT) holds a
branch on a secret and a lookup at a secret index: the check must refuse
each, or it checks nothing. x86 (AT&T syntax); the AArch64 and ARM
mnemonics are a start, but the check reads operands only, and gcc for ARMv7
computes a table address into a register before the load, which it cannot
see (the planted lookup passes there): configure runs it on x86 builds only.
Prints ok/FAIL lines and "N passed, N failed".
"""

import argparse
import re
import subprocess
import sys

FUNC = re.compile(r'^[0-9a-f]+ <([^>]+)>:$')
INSN = re.compile(r'^\s*([0-9a-f]+):\s+(\S+)\s*(.*)$')
RELOC = re.compile(r'^\s*[0-9a-f]+:\s+R_\S+\s+(\S+?)(?:[-+]0x[0-9a-f]+)?$')

X86_COND = re.compile(r'^(j(?!mp)[a-z]+|loop[a-z]*|jrcxz|jecxz)$')
ARM_COND = re.compile(r'^(b\.[a-z]+|b(eq|ne|cs|hs|cc|lo|mi|pl|vs|vc|hi|ls|ge|lt|gt|le)(\.[wn])?|cbn?z|tbn?z)$')
DIV = re.compile(r'^(i?div[a-z]*|[su]div)$')
X86_INDEX = re.compile(r'\(%?[a-z0-9]*,%[a-z0-9]+')
ARM_INDEX = re.compile(r'\[\s*[xwr][0-9]+\s*,\s*[xwr][0-9]+')
ALLOWED_CALLS = {'memcpy', 'memset', 'memcpy@plt', 'memset@plt'}


def disassemble(objdump, path):
    """{function: [(mnemonic, operands, call target or None)]} of one object."""
    out = subprocess.run([objdump, '-d', '-r', '-w', '--no-show-raw-insn', path],
                         capture_output=True, text=True, check=True).stdout
    funcs, cur, last = {}, None, None
    for line in out.splitlines():
        m = FUNC.match(line.strip())
        if m:
            cur = funcs.setdefault(m.group(1), [])
            last = None
            continue
        r = RELOC.match(line)
        if r and last is not None:
            last[2] = r.group(1)
            continue
        m = INSN.match(line)
        if m and cur is not None:
            mnem, ops = m.group(2), m.group(3)
            last = [mnem, ops, None]
            tm = re.search(r'<([^>+]+)', ops)
            if tm:
                last[2] = tm.group(1)
            cur.append(last)
    return funcs


def problems(funcs, defined):
    """[(function, what)] for every instruction the rules refuse."""
    bad = []
    for name, insns in funcs.items():
        for mnem, ops, target in insns:
            if 'nop' in mnem or 'nop' in ops.split(' ')[0:3] or re.search(r'\bnop', ops):
                continue   # padding
            base = mnem.split('.')[0] if not mnem.startswith('b.') else mnem
            if X86_COND.match(mnem) or ARM_COND.match(mnem):
                bad.append((name, f'conditional branch: {mnem} {ops}'))
            elif mnem in ('jmp', 'call', 'callq', 'jmpq', 'br', 'blr', 'bx', 'blx') and '*' in ops or mnem in ('br', 'blr'):
                bad.append((name, f'indirect jump or call: {mnem} {ops}'))
            elif mnem.startswith('call') or mnem == 'bl':
                if target not in defined and target not in ALLOWED_CALLS:
                    bad.append((name, f'call of {target}, which is not checked'))
            elif DIV.match(base):
                bad.append((name, f'division: {mnem} {ops}'))
            elif not mnem.startswith('lea') and (X86_INDEX.search(ops) or ARM_INDEX.search(ops)) \
                    and 'public' not in name:
                bad.append((name, f'indexed address: {mnem} {ops}'))
    return bad


def main():
    p = argparse.ArgumentParser(fromfile_prefix_chars='@')
    p.convert_arg_line_to_args = str.split   # an args file is one line of words
    p.add_argument('--objdump', default='objdump')
    p.add_argument('--planted', required=True)
    p.add_argument('--name', default='straightline')
    p.add_argument('objects', nargs='+')
    argv = sys.argv[1:] or ['@straightline.args']
    args = p.parse_args(argv)
    passed = failed = 0

    def result(ok, what):
        nonlocal passed, failed
        print(('ok   ' if ok else 'FAIL ') + what)
        passed += ok
        failed += not ok

    print(f'{args.name}: machine code of {len(args.objects)} objects')
    funcs = {}
    for obj in args.objects:
        for name, insns in disassemble(args.objdump, obj).items():
            funcs[f'{obj}:{name}'] = insns
    defined = {k.split(':', 1)[1] for k in funcs}
    bad = problems(funcs, defined)
    count = sum(len(v) for v in funcs.values())
    result(not bad and count > 0, f'{len(funcs)} functions, {count} instructions: straight-line, '
           'no secret-indexed address, no division')
    for name, what in bad[:20]:
        print(f'     {name}: {what}')

    planted = disassemble(args.objdump, args.planted)
    pbad = problems(planted, set(planted))
    result(any(n == 'sl_planted_branch' and 'branch' in w for n, w in pbad),
           'the planted branch on a secret is refused')
    result(any(n == 'sl_planted_lookup' and 'indexed' in w for n, w in pbad),
           'the planted lookup at a secret index is refused')
    print(f'{passed} passed, {failed} failed')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
