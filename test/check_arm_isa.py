#!/usr/bin/env python3
"""Checks that a 32-bit ARM build's library holds only instructions its target has.

    check_arm_isa.py [--target NAME] [--objdump PREFIX-objdump] [LIBRARY]

Run by ninja test of the armv5, armv6 and armv7-noneon targets, from the
build directory (the target and the cross objdump are then read from
build.ninja, LIBRARY defaults to libgoldilocks.a). It disassembles every
object of the library (objdump -d follows the $a/$t mapping symbols, so
ARM and Thumb code are each decoded as such) and fails on:

  armv5         any Thumb-2 32-bit encoding (bl/blx excepted: Thumb-1 has them),
                any VFP or NEON instruction (the target is soft-float), and
                the ARMv6/ARMv7 instructions (ldrex/strex, movw/movt, rev,
                uxtb/sxtb and friends, umaal, the in-register SIMD, bfi/ubfx,
                mls, dmb, it, cbz, ...);
  armv6         Thumb-2 32-bit encodings, NEON, registers d16-d31, VFPv3's
                vmov immediate, and the ARMv6K/ARMv7 instructions (movw/movt,
                bfi/ubfx, mls, ldrexd/clrex, dmb/dsb/isb, it, cbz, sdiv/udiv, ...);
  armv7-noneon  NEON (q registers, d16-d31, vld1/vst1 and the integer and
                polynomial vector instructions).

Ends with "N passed, N failed" (one test per object file and rule set),
printing every offending instruction (at most 5 per object).
"""

import argparse
import os
import re
import subprocess
import sys

# Thumb-2 / ARMv6T2 and later instructions, by mnemonic without condition or
# width suffix; ARMv6 ones; ARMv6K ones.
V7_ONLY = {'movw', 'movt', 'bfi', 'bfc', 'ubfx', 'sbfx', 'rbit', 'mls', 'sdiv', 'udiv', 'dmb', 'dsb',
           'isb', 'cbz', 'cbnz', 'it', 'ite', 'itt', 'itee', 'itet', 'itte', 'ittt', 'iteee', 'iteet',
           'itete', 'itett', 'ittee', 'ittet', 'ittte', 'itttt', 'tbb', 'tbh', 'pldw', 'ldrht', 'strht',
           'ldrsht', 'ldrsbt', 'ssat16', 'usat16', 'orn', 'movs.w', 'mov.w', 'dbg', 'smc', 'eret'}
V6K_ONLY = {'ldrexd', 'strexd', 'ldrexb', 'strexb', 'ldrexh', 'strexh', 'clrex', 'yield', 'wfe', 'wfi',
            'sev'}
V6_ONLY = {'ldrex', 'strex', 'rev', 'rev16', 'revsh', 'uxtb', 'uxth', 'sxtb', 'sxth', 'uxtab', 'uxtah',
           'sxtab', 'sxtah', 'uxtb16', 'sxtb16', 'uxtab16', 'sxtab16', 'umaal', 'pkhbt', 'pkhtb', 'sel',
           'ssat', 'usat', 'usad8', 'usada8', 'smlad', 'smladx', 'smlsd', 'smlsdx', 'smlald', 'smlaldx',
           'smlsld', 'smlsldx', 'smmul', 'smmulr', 'smmla', 'smmlar', 'smmls', 'smmlsr', 'smuad',
           'smuadx', 'smusd', 'smusdx', 'setend', 'cps', 'cpsie', 'cpsid', 'srs', 'rfe', 'ldrd.w'}
for p in ('s', 'q', 'sh', 'u', 'uq', 'uh'):
    for op in ('add16', 'add8', 'sub16', 'sub8', 'asx', 'sax', 'addsubx', 'subaddx'):
        V6_ONLY.add(p + op)
# VFP (not NEON) mnemonics: what armv6 and armv7-noneon may use.
VFP = {'vldr', 'vstr', 'vldm', 'vldmia', 'vldmdb', 'vstm', 'vstmia', 'vstmdb', 'vpush', 'vpop', 'vmov',
       'vmrs', 'vmsr', 'vadd', 'vsub', 'vmul', 'vdiv', 'vneg', 'vabs', 'vsqrt', 'vcmp', 'vcmpe', 'vcvt',
       'vcvtr', 'vmla', 'vmls', 'vnmla', 'vnmls', 'vnmul', 'vfma', 'vfms', 'vfnma', 'vfnms'}
# The data types a VFP instruction may carry (NEON's are .i8, .s16, .u32, .p8, ...).
VFP_TYPES = {'', 'f32', 'f64', '32', '64', 'f64.f32', 'f32.f64', 's32.f64', 'u32.f64', 'f64.s32',
             'f64.u32', 's32.f32', 'u32.f32', 'f32.s32', 'f32.u32'}
CONDITIONS = ('eq', 'ne', 'cs', 'cc', 'hs', 'lo', 'mi', 'pl', 'vs', 'vc', 'hi', 'ls', 'ge', 'lt', 'gt', 'le', 'al')
LINE = re.compile(r'^\s*([0-9a-f]+):\t([0-9a-f]{4} [0-9a-f]{4}|[0-9a-f]{8}|[0-9a-f]{4})\s*\t(\S+)\s*(.*)$')
HIGH_D = re.compile(r'\bd(1[6-9]|2[0-9]|3[01])\b')
Q_REG = re.compile(r'\bq([0-9]|1[0-5])\b')


def base_mnemonic(m):
    """('uxtb', 'w') from 'uxtbeq.w'; the data type kept apart for v* instructions."""
    m = m.lower()
    width = ''
    if m.endswith('.w') or m.endswith('.n'):
        m, width = m[:-2], m[-1]
    return m, width


def strip_condition(m, known):
    if m in known:
        return m
    for c in CONDITIONS:
        if m.endswith(c) and m[:-len(c)] in known:
            return m[:-len(c)]
        if m.endswith(c + 's') and m[:-len(c) - 1] in known:
            return m[:-len(c) - 1]
    if m.endswith('s') and m[:-1] in known:
        return m[:-1]
    return m


def problems(target, raw, mnemonic, operands):
    """Why this instruction is not for the target, or None."""
    m, width = base_mnemonic(mnemonic)
    wide_thumb = ' ' in raw
    out = []
    if m.startswith('v') or m.startswith('vld') or m.startswith('vst'):
        name, _, dtype = m.partition('.')
        name = strip_condition(name, VFP)
        if target == 'armv5':
            return 'VFP/NEON instruction on a soft-float target'
        if name not in VFP or dtype not in VFP_TYPES or Q_REG.search(operands):
            return 'NEON instruction'
        if HIGH_D.search(operands):
            return 'NEON/VFPv3-D32 register d16-d31'
        if target == 'armv6' and name == 'vmov' and '#' in operands:
            return 'VFPv3 vmov immediate'
        return None
    if target == 'armv7-noneon':
        return None
    if wide_thumb and strip_condition(m, {'bl', 'blx'}) not in ('bl', 'blx'):
        out.append('Thumb-2 32-bit encoding')
    known = V7_ONLY | V6K_ONLY | V6_ONLY
    name = strip_condition(m, known)
    if name in V7_ONLY or (width == 'w'):
        out.append('ARMv6T2/ARMv7 instruction')
    elif name in V6K_ONLY:
        out.append('ARMv6K instruction')
    elif name in V6_ONLY and target == 'armv5':
        out.append('ARMv6 instruction')
    return ', '.join(out) or None


def read_build_ninja():
    target = objdump = None
    try:
        with open('build.ninja') as f:
            for line in f:
                m = re.match(r'^# target (\S+) ', line)
                if m:
                    target = m.group(1)
                m = re.match(r'^objcopy = (\S*)objcopy$', line.strip())
                if m:
                    objdump = m.group(1) + 'objdump'
    except OSError:
        pass
    return target, objdump


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument('--target', choices=['armv5', 'armv6', 'armv7-noneon'])
    p.add_argument('--objdump')
    p.add_argument('library', nargs='?', default='libgoldilocks.a')
    args = p.parse_args()
    target, objdump = read_build_ninja()
    target = args.target or target
    objdump = args.objdump or objdump
    if target not in ('armv5', 'armv6', 'armv7-noneon') or not objdump:
        print(f'FAIL check_arm_isa: no armv5/armv6/armv7-noneon target or objdump (got {target}, {objdump})')
        print('0 passed, 1 failed')
        return 1
    proc = subprocess.run([objdump, '-d', args.library],
                          capture_output=True, text=True, errors='replace')
    if proc.returncode != 0:
        print(f'FAIL {objdump} -d {args.library}: {proc.stderr.strip()}')
        print('0 passed, 1 failed')
        return 1
    objects = {}
    current = None
    function = '?'
    for line in proc.stdout.splitlines():
        m = re.match(r'^(\S+\.o):\s+file format', line)
        if m:
            current = m.group(1)
            objects.setdefault(current, [0, []])
            continue
        m = re.match(r'^[0-9a-f]+ <(.+)>:$', line)
        if m:
            function = m.group(1)
            continue
        m = LINE.match(line)
        if not m or current is None:
            continue
        addr, raw, mnemonic, operands = m.groups()
        if mnemonic.startswith('.'):        # .word and other data in code
            continue
        objects[current][0] += 1
        why = problems(target, raw, mnemonic, operands)
        if why:
            objects[current][1].append(f'{function} (0x{addr}): {raw} {mnemonic} {operands.split("@")[0].strip()}  ({why})')
    passed = failed = 0
    total = sum(n for n, _ in objects.values())
    for name, (count, bad) in sorted(objects.items()):
        if bad:
            failed += 1
            print(f'FAIL {name}: {len(bad)} instructions not in {target}')
            for b in bad[:5]:
                print(f'       {b}')
        else:
            passed += 1
    print(f'check_arm_isa: {target}, {len(objects)} objects, {total} instructions disassembled with {objdump}')
    if not objects or total == 0:
        print('FAIL nothing disassembled')
        failed += 1
    print(f'{passed} passed, {failed} failed')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
