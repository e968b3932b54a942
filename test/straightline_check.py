#!/usr/bin/env python3
"""Checks that generated arithmetic and the avx512ifma curve code compile to constant-time code.

    straightline_check.py --objdump OBJDUMP --planted PLANTED.o [--name NAME]
                          [--lib OBJ]... [--plant KIND:PLANT.o:REAL.o]... OBJ...
    straightline_check.py            (ninja test: the arguments from ./straightline.args)

Valgrind (ctcheck) cannot decode every instruction set the lane layouts use
(AVX-512 IFMA), so their constant time is checked on the machine code
instead. The strict rules: every function of every OBJ (the lane layout's
objects, and test/straightline_lanes.c built with the library's flags, which
puts each lane operation out of line) must have

- no conditional branch and no indirect jump or call: the same instructions
  run whatever the data;
- no memory operand with an index register (loads and stores at
  base + constant only), except in the functions whose name has "public"
  (gfl_insert, gfl_extract and gfl_permute take a public lane index);
- no division (its time depends on its operands on most CPUs);
- calls only to functions the checked objects define, memcpy, memset and
  ct_wipe.

PLANTED.o (test/straightline_lanes.c with -DSTRAIGHTLINE_PLANT) holds a
branch on a secret and a lookup at a secret index: the check must refuse
each, or it checks nothing.

The whole backend (--lib, on builds with the avx512ifma backend: every
object the library links for it): from the public calls that handle a
secret (SECRET_ENTRIES below, the one list; one the objects do not define
fails), the call graph of the objects (straightline_graph.py) reaches a set
of functions; each of them in a backend object (BACKEND_DIRS) is checked,
those of generated/lanes_avx512ifma/ by the strict rules, the curve code
(src/backend/r50/, src/backend/avx512ifma/, generated/r50/), whose loops have
public trip counts and read arrays at public loop indices, by
straightline_flow.py's data-flow rule: a branch only on induction values
(loop counters, constants), an index register only an induction value, no
address computed from data (see its docstring for what that proves and what
it cannot). A reachable call that resolves to no function of the objects
(nor libc's memcpy and kin) fails: it could hide an unchecked function. An
indirect call may reach every function whose address is taken. Each --plant
replaces REAL.o by PLANT.o (test/straightline_plant_r50.c, one real r50
source with a planted secret branch or index) and must be refused in a
function of PLANT.o.

What it cannot do: it sees the machine code of one function at a time, not
the values; that the C never lets a secret reach an address or a branch
through memory is valgrind's check of the same C on r50-portable (ninja
ctcheck there, test/ct_plant_check.py its planted counterpart): valgrind
checks the data flow of the C, this what the compiler made of the
intrinsics. x86 (AT&T syntax); the AArch64 and ARM mnemonics of the strict
rules are a start, but they read operands only, and gcc for ARMv7 computes a
table address into a register before the load, which they cannot see (the
planted lookup passes there): configure runs it on x86 builds only.
Prints ok/FAIL lines, the numbers of functions reached and checked, and
"N passed, N failed".
"""

import argparse
import os
import re
import subprocess
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import straightline_flow  # noqa: E402
import straightline_graph  # noqa: E402

FUNC = re.compile(r'^([0-9a-f]+) <([^>]+)>:$')
SECTION = re.compile(r'^Disassembly of section (\S+):$')
INSN = re.compile(r'^\s*([0-9a-f]+):\s+(\S+)\s*(.*)$')
RELOC = re.compile(r'R_[A-Z0-9_]+\s+(\S+?)([-+]0x[0-9a-f]+)?$')
JUMP_TARGET = re.compile(r'^([0-9a-f]+) <([^>+]+)(?:\+0x[0-9a-f]+)?>')
SYMBOL = re.compile(r'^([0-9a-f]+) (.{7}) (\S+)\s+[0-9a-f]+\s+(?:\.hidden\s+)?(\S+)$')

X86_COND = re.compile(r'^(j(?!mp)[a-z]+|loop[a-z]*|jrcxz|jecxz)$')
ARM_COND = re.compile(r'^(b\.[a-z]+|b(eq|ne|cs|hs|cc|lo|mi|pl|vs|vc|hi|ls|ge|lt|gt|le)(\.[wn])?|cbn?z|tbn?z)$')
DIV = re.compile(r'^(i?div[a-z]*|[su]div)$')
X86_INDEX = re.compile(r'\(%?[a-z0-9]*,%[a-z0-9]+')
ARM_INDEX = re.compile(r'\[\s*[xwr][0-9]+\s*,\s*[xwr][0-9]+')
# ct_wipe (src/core/ct.c): a memset through a volatile pointer, its time the length's.
ALLOWED_CALLS = {'memcpy', 'memset', 'memcpy@plt', 'memset@plt', 'ct_wipe'}


class Func:
    """One function of an object: its instructions [mnemonic, operands, target symbol,
    target address, address], its section, whether it is global."""
    def __init__(self, obj, name, section, addr):
        self.obj, self.name, self.section, self.addr = obj, name, section, addr
        self.insns, self.is_global = [], False


def disassemble_funcs(objdump, path):
    """{name: Func} of one object (x86 or ARM; -w puts a relocation on its instruction's line)."""
    out = subprocess.run([objdump, '-d', '-r', '-w', '-t', '--no-show-raw-insn', path],
                         capture_output=True, text=True, check=True).stdout
    funcs, cur, section, glob = {}, None, None, set()
    for line in out.splitlines():
        m = SYMBOL.match(line)
        if m and 'F' in m.group(2) and m.group(2)[0] == 'g':
            glob.add(m.group(4))
            continue
        m = SECTION.match(line)
        if m:
            section = m.group(1)
            continue
        m = FUNC.match(line.strip())
        if m:
            cur = funcs.setdefault(m.group(2), Func(path, m.group(2), section, int(m.group(1), 16)))
            continue
        m = INSN.match(line)
        if not m or cur is None:
            continue
        parts = line.split('\t')
        mnem_ops = parts[1] if len(parts) > 1 else ''
        mnem, _, ops = mnem_ops.strip().partition(' ')
        ops = ops.strip()
        sym = taddr = None
        tm = JUMP_TARGET.match(ops)
        if tm:
            taddr, sym = int(tm.group(1), 16), tm.group(2)
        elif re.search(r'<([^>+]+)', ops):
            sym = re.search(r'<([^>+]+)', ops).group(1)
        if len(parts) > 2:
            r = RELOC.search(' '.join(parts[2:]).strip())
            if r:   # the relocation's symbol; a section symbol's addend + 4 is the place (x86 rel32)
                sym, add = r.group(1), int(r.group(2) or '0', 16)
                taddr = add + 4 if sym.startswith('.') else None
        cur.insns.append([mnem, ops, sym, taddr, int(m.group(1), 16)])
    for name, f in funcs.items():
        f.is_global = name in glob
    # the relocations of the data sections: function pointers in tables (address-taken functions)
    out = subprocess.run([objdump, '-r', '-w', path], capture_output=True, text=True, check=True).stdout
    data_refs, in_data = [], False
    for line in out.splitlines():
        if line.startswith('RELOCATION RECORDS FOR'):
            in_data = not re.search(r'\[\.text|\[\.rela?\.text|\[\.eh_frame|\[\.debug', line)
            continue
        r = RELOC.search(line.strip())
        if in_data and r:
            data_refs.append((r.group(1), int(r.group(2) or '0', 16)))
    for f in funcs.values():
        f.data_refs = data_refs   # one list per object, on each of its functions
    return funcs


def disassemble(objdump, path):
    """{function: [(mnemonic, operands, call target or None)]} of one object."""
    return {n: [(i[0], i[1], i[2]) for i in f.insns] for n, f in disassemble_funcs(objdump, path).items()}


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


# The public calls that handle a secret (include/goldilocks.h, "Time": seeds, secret
# keys, X448 secrets, decaf448 scalars and elements, the message of a signature,
# hash_to_curve's message). The check fails when one is not defined, so that it
# cannot check nothing. Left out: verification, the public-key checks,
# precompute (public keys), _double_scalarmult_vartime, version and backend.
SECRET_ENTRIES = (
    'goldilocks_x448', 'goldilocks_x448_batch', 'goldilocks_x448_keypair', 'goldilocks_x448_public_key',
    'goldilocks_x448_public_key_batch', 'goldilocks_x448_precomputed',
    'goldilocks_ed448_keypair', 'goldilocks_ed448_keypair_from_seed', 'goldilocks_ed448_sign',
    'goldilocks_ed448_sign_seed', 'goldilocks_ed448_sign_batch', 'goldilocks_ed448ph_sign',
    'goldilocks_ed448ph_sign_prehashed', 'goldilocks_ed448ph_update', 'goldilocks_ed448ph_final_sign',
    'goldilocks_ed448_secret_to_x448',
    'goldilocks_ed448_hash_to_curve', 'goldilocks_ed448_encode_to_curve',
    'goldilocks_x448_hash_to_curve', 'goldilocks_x448_encode_to_curve',
    'goldilocks_decaf448_scalarmult', 'goldilocks_decaf448_scalarmult_base', 'goldilocks_decaf448_scalarmult_batch',
    'goldilocks_decaf448_point_scalarmult', 'goldilocks_decaf448_point_scalarmult_base',
    'goldilocks_decaf448_point_add', 'goldilocks_decaf448_point_sub', 'goldilocks_decaf448_point_double',
    'goldilocks_decaf448_point_neg', 'goldilocks_decaf448_point_eq', 'goldilocks_decaf448_point_encode',
    'goldilocks_decaf448_point_decode', 'goldilocks_decaf448_point_from_uniform', 'goldilocks_decaf448_from_uniform',
    'goldilocks_decaf448_add', 'goldilocks_decaf448_validate',
    'goldilocks_decaf448_scalar_add', 'goldilocks_decaf448_scalar_sub', 'goldilocks_decaf448_scalar_mul',
    'goldilocks_decaf448_scalar_neg', 'goldilocks_decaf448_scalar_invert', 'goldilocks_decaf448_scalar_eq',
    'goldilocks_decaf448_scalar_from_bytes', 'goldilocks_decaf448_scalar_from_canonical_bytes',
    'goldilocks_decaf448_scalar_from_wide_bytes', 'goldilocks_decaf448_scalar_to_bytes',
    'goldilocks_decaf448_scalar_random',
)

# The objects of the avx512ifma backend (configure.py BACKENDS: r50 and its own):
# their reachable functions are checked; the lane primitives by the strict rules.
BACKEND_DIRS = ('src/backend/r50/', 'src/backend/avx512ifma/', 'generated/lanes_avx512ifma/', 'generated/r50/')
STRICT_DIRS = ('generated/lanes_avx512ifma/',)


def curve_check(objdump, lib, cache, planted=()):
    """Checks what SECRET_ENTRIES reach in the library objects lib: (reached, checked,
    instructions, [(function, problem)]); a missing entry or an unresolved call is a problem.
    planted: objects checked as curve code wherever they are (a planted mutant's)."""
    objects = {}
    for path in lib:
        if path not in cache:
            cache[path] = disassemble_funcs(objdump, path)
        objects[path] = cache[path]
    graph = straightline_graph.Graph(objects)
    bad = [(name, 'a secret entry point the library objects do not define')
           for name in SECRET_ENTRIES if name not in graph.globals]
    reached, unresolved = graph.reach([graph.globals[n] for n in SECRET_ENTRIES if n in graph.globals])
    for f, calls in unresolved.items():
        bad += [(f'{f.obj}:{f.name}', f'calls {c}, which is not checked') for c in calls]
    checked = insns = 0
    flow = []
    for f in reached:
        if not any(d in f.obj for d in BACKEND_DIRS) and f.obj not in planted:
            continue
        checked += 1
        insns += len(f.insns)
        if any(d in f.obj for d in STRICT_DIRS):
            bad += problems({f'{f.obj}:{f.name}': [(i[0], i[1], i[2]) for i in f.insns]}, {f'{f.obj}:{f.name}'})
        else:
            flow.append(f)
    bad += flow_check(graph, flow)
    return len(reached), checked, insns, bad


def flow_check(graph, funcs):
    """straightline_flow's rule on funcs: [(function, problem)]. A function that only its own
    object calls (not global, address not taken) starts with the classes its callers pass
    (a count of squarings is IV), to a fixed point; the others with their arguments ADDR."""
    def clobbers_of(f):
        def clobbers(sym, taddr):
            g = graph.resolve(f, sym, taddr)
            w = graph.writes(g) if g is not None and g.obj == f.obj else None
            return straightline_flow.CLOBBERED if w is None else tuple(w)
        return clobbers
    private = [f for f in funcs if not f.is_global and f not in graph.address_taken]
    entry = {}
    for _round in range(8):
        results = {f: straightline_flow.check([(i[4], i[0], i[1], i[2], i[3]) for i in f.insns],
                                              entry.get(f), clobbers_of(f)) for f in funcs}
        new = {}
        for caller, (_bad, calls) in results.items():
            for sym, taddr, regs in calls:
                g = graph.resolve(caller, sym, taddr)
                if g in private and g.obj == caller.obj:
                    old = new.setdefault(g, dict(regs))
                    for r, c in regs.items():
                        old[r] = max(old[r], c)
        # a private function some unchecked function calls keeps ADDR arguments
        if new == entry:
            return [(f'{f.obj}:{f.name}', w) for f, (b, _c) in results.items() for w in b]
        entry = new
    return [(f'{f.obj}:{f.name}', 'the arguments of its callers found no fixed point')]


def main():
    p = argparse.ArgumentParser(fromfile_prefix_chars='@')
    p.convert_arg_line_to_args = str.split   # an args file is one line of words
    p.add_argument('--objdump', default='objdump')
    p.add_argument('--planted', required=True)
    p.add_argument('--name', default='straightline')
    p.add_argument('--lib', action='append', default=[],
                   help="an object the library links for the avx512ifma backend (the curve check)")
    p.add_argument('--plant', action='append', default=[],
                   help='KIND:PLANT.o:REAL.o: the library with PLANT.o for REAL.o must be refused (KIND branch or index)')
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

    if args.lib:
        cache = {}
        reached, checked, insns, bad = curve_check(args.objdump, args.lib, cache)
        result(not bad and checked > 0,
               f'{len(SECRET_ENTRIES)} secret entry points reach {reached} functions of {len(args.lib)} library '
               f'objects; the {checked} in the backend objects ({insns} instructions) checked: branches and '
               'indexes on induction values only, no address from data, no division, every call resolved')
        for name, what in bad[:20]:
            print(f'     {name}: {what}')
        for spec in args.plant:
            kind, plant, real = spec.split(':')
            lib = [plant if o == real else o for o in args.lib]
            _r, _c, _i, pbad = curve_check(args.objdump, lib, cache, (plant,))
            want = {'branch': ('conditional branch',), 'index': ('indexed address', 'address from data')}[kind]
            hits = [(n, w) for n, w in pbad if n.startswith(plant + ':') and any(x in w for x in want)]
            result(real in args.lib and bool(hits),
                   f'the planted secret {kind} in {os.path.basename(real)} is refused' +
                   (f' ({hits[0][0].split(":", 1)[1]}: {hits[0][1]})' if hits else ''))
    print(f'{passed} passed, {failed} failed')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
