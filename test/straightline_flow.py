"""The data-flow rule of test/straightline_check.py for one x86-64 function (AT&T syntax).

The curve code's loops have public trip counts and read arrays at public
loop indices: a branch or an indexed address is allowed there when the
value it depends on is public by construction. Every general register (and
every spill slot at a constant offset from %rsp or %rbp) holds, at each
instruction, one class of value, from a forward analysis over the
function's jumps (a fixed point; where paths meet, the larger class):

  IV    an induction value: an immediate, or computed from IVs only (mov,
        lea, add, sub, inc, dec, neg, and, or, xor, shifts, imul,
        movzx/movsx), so the same for every input of the function;
  ADDR  an address: %rsp, an incoming argument register, a rip-relative
        lea, or ADDR +/- IV;
  LOAD  unknown: loaded from memory, a callee's result, a register the
        caller left (LOAD +/- IV stays LOAD);
  DATA  anything else: arithmetic with a LOAD or DATA operand, a vector or
        mask register moved to a general one, an instruction not listed.

Then, at each instruction, with the classes before it:
  - a conditional branch (or cmov/setcc's result) is allowed only when its
    flags come from cmp/test/add/sub/inc/dec/and/or/xor/shifts of IVs and
    immediates, or from a 64-bit cmp of two ADDR registers (a pointer run
    to its end);
  - a memory operand's index register must be IV, and its base register
    (but %rsp and %rip) must not be DATA: no address from data;
  - no division, no indirect jump or call, no `rep` but on an IV %rcx.

What it proves: no conditional branch and no memory address of the
function depends on a value the function loaded or computed from loaded
data or from an integer argument, only on constants, loop counters and
addresses. What it cannot see: a store through a pointer into the
function's own spill slots (it assumes spill slots are written only at
%rsp/%rbp + constant, which is what compilers emit); an incoming argument
is an ADDR, so a 64-bit cmp of two arguments passes; it knows nothing of
callers (each function alone), and it does not check that loop bounds are
the intended ones, only that they do not depend on data. That a secret
never reaches an address through memory the C code reads (a secret table
index computed, stored and reloaded is LOAD: refused as an index, accepted
as a base, like any loaded pointer) is valgrind's part, on r50-portable.
"""

import re

IV, ADDR, LOAD, DATA = 0, 1, 2, 3
NAMES = ('IV', 'ADDR', 'LOAD', 'DATA')
PCMP = 'PCMP'   # flags of a pointer compare

# Every name of a general register -> (64-bit name, width in bits).
GPR = {}
for _n in 'abcd':
    GPR.update({f'r{_n}x': (f'r{_n}x', 64), f'e{_n}x': (f'r{_n}x', 32), f'{_n}x': (f'r{_n}x', 16),
                f'{_n}l': (f'r{_n}x', 8), f'{_n}h': (f'r{_n}x', 8)})
for _n in ('si', 'di', 'bp', 'sp'):
    GPR.update({f'r{_n}': (f'r{_n}', 64), f'e{_n}': (f'r{_n}', 32), _n: (f'r{_n}', 16), f'{_n}l': (f'r{_n}', 8)})
for _i in range(8, 16):
    GPR.update({f'r{_i}': (f'r{_i}', 64), f'r{_i}d': (f'r{_i}', 32), f'r{_i}w': (f'r{_i}', 16),
                f'r{_i}b': (f'r{_i}', 8)})
ARGS = ('rdi', 'rsi', 'rdx', 'rcx', 'r8', 'r9')
CLOBBERED = ('rax', 'rcx', 'rdx', 'rsi', 'rdi', 'r8', 'r9', 'r10', 'r11')
STACK = ('rsp', 'rbp')

MEM = re.compile(r'^(?:%[a-z]s:)?([^(]*)\((%\w+)?(?:,(%\w+)(?:,(\d+))?)?\)$')
COND = re.compile(r'^(j(?!mp)[a-z]+|loop[a-z]*|jrcxz|jecxz)$')
DIV = re.compile(r'^i?div[a-z]*$')
EXTEND = re.compile(r'^mov[sz](bl|bw|bq|wl|wq)$|^movslq$|^movabsq?$|^mov[bwlq]?$')
SUFFIX = re.compile(r'^(add|sub|adc|sbb|and|or|xor|cmp|test|inc|dec|neg|not|shl|sal|shr|sar|rol|ror|imul|lea|push|pop)'
                    r'[bwlq]?$')
VECSIZE = {'x': 16, 'y': 32, 'z': 64}
# instructions that leave the flags as they are (the rest: their flags are DATA unless computed below)
KEEP_FLAGS = re.compile(r'^(mov|lea|push|pop|cmov|set|nop|xchg|bswap|shlx|sarx|shrx|rorx|mulx|pdep|pext|'
                        r'cltq|cqto|cltd|cwtl|endbr|prefetch|[lsm]fence|ret|jmp|call|leave|vzero|kmov|'
                        r'k(and|or|xor|not|shift|unpck|add)|v(?!u?comi|test|ptest)|p(?!test)|movdq|movap|movup)')


def split_ops(ops):
    """The operands of an AT&T operand string, AVX-512 masks and comments left out."""
    ops = ops.split('#')[0].strip()
    ops = re.sub(r'\{[^}]*\}', '', ops)
    out, depth, cur = [], 0, ''
    for ch in ops:
        if ch == '(':
            depth += 1
        elif ch == ')':
            depth -= 1
        if ch == ',' and depth == 0:
            out.append(cur.strip())
            cur = ''
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def operand(op):
    """('imm',) | ('reg', name64, width) | ('vec', size) | ('mem', base, index, disp) | ('other',)."""
    if op.startswith('$'):
        return ('imm',)
    if op.startswith('%') and ':' not in op:
        r = op[1:]
        if r in GPR:
            return ('reg',) + GPR[r]
        return ('vec', VECSIZE.get(r[0], 8))
    m = MEM.match(op.lstrip('*'))
    if m:
        disp = m.group(1)
        try:
            d = int(disp, 16) if disp.lstrip('-').startswith('0x') else int(disp or '0')
        except ValueError:
            d = None
        base = m.group(2) and m.group(2)[1:]
        index = m.group(3) and m.group(3)[1:]
        return ('mem', GPR.get(base, (base, 0))[0] if base else None,
                GPR.get(index, (index, 0))[0] if index else None, d)
    if op.startswith('%') and ':' in op:
        return ('mem', None, None, None)   # %fs:0x28: the stack protector's word
    return ('other',)


class State:
    """The classes before one instruction."""
    __slots__ = ('regs', 'slots', 'flags')

    def __init__(self, regs=None, slots=None, flags=DATA):
        self.regs = regs if regs is not None else {r: (ADDR if r in ARGS or r == 'rsp' else LOAD)
                                                    for r in set(v[0] for v in GPR.values())}
        self.slots = slots if slots is not None else {}
        self.flags = flags

    def copy(self):
        return State(dict(self.regs), dict(self.slots), self.flags)

    def join(self, other):
        """self joined with other; True when self changed."""
        changed = False
        for r, c in other.regs.items():
            if c > self.regs[r]:
                self.regs[r] = c
                changed = True
        for k in set(self.slots) | set(other.slots):
            size = (self.slots.get(k) or other.slots.get(k))[0]
            a, b = self.slots.get(k, (size, LOAD)), other.slots.get(k, (size, LOAD))
            new = (a[0], max(a[1], b[1]) if a[0] == b[0] else DATA)
            if self.slots.get(k) != new:
                self.slots[k] = new
                changed = True
        f = self.flags if self.flags == other.flags else DATA
        if f != self.flags:
            self.flags = f
            changed = True
        return changed


def _slot_key(o):
    return (o[1], o[3]) if o[0] == 'mem' and o[1] in STACK and o[2] is None and o[3] is not None else None


def _size(mnem, ops_parsed):
    for o in ops_parsed:
        if o[0] == 'reg':
            return o[2] // 8
        if o[0] == 'vec':
            return o[1]
    return {'b': 1, 'w': 2, 'l': 4, 'q': 8}.get(mnem[-1], 8)


def value(o, st, size):
    """The class of reading operand o."""
    if o[0] == 'imm':
        return IV
    if o[0] == 'reg':
        return st.regs[o[1]]
    if o[0] == 'vec':
        return DATA
    if o[0] == 'mem':
        key = _slot_key(o)
        if key is None:
            return LOAD
        cls = LOAD
        hit = False
        for (b, d), (sz, c) in st.slots.items():
            if b == key[0] and d < key[1] + size and key[1] < d + sz:
                if d == key[1] and sz == size:
                    hit, cls = True, c
                else:
                    cls = max(cls, c)
        return cls if hit else max(cls, LOAD)
    return DATA


def _store(o, cls, size, st):
    if o[0] == 'mem' and o[1] in STACK:
        key = _slot_key(o)
        base = o[1]
        for (b, d) in list(st.slots):
            if b == base and (key is None or (d < key[1] + size and key[1] < d + st.slots[(b, d)][0])):
                del st.slots[(b, d)]
        if key is not None:
            st.slots[key] = (size, cls)


def _write_reg(o, cls, st):
    name, width = o[1], o[2]
    if name == 'rsp' or (name == 'rbp'):
        for k in [k for k in st.slots if k[0] == name]:
            del st.slots[k]
    if name == 'rsp':
        return
    st.regs[name] = cls if width >= 32 else max(cls, st.regs[name])


def write(o, cls, size, st):
    if o[0] == 'reg':
        _write_reg(o, cls, st)
    elif o[0] == 'mem':
        _store(o, cls, size, st)


def add(a, b):
    """a + b (or a - b)."""
    if a == IV and b == IV:
        return IV
    if {a, b} == {ADDR, IV}:
        return ADDR
    if {a, b} == {LOAD, IV}:
        return LOAD
    return DATA


def address_class(o, st):
    """The class of the address of memory operand o (lea's result)."""
    b = IV if o[1] is None else (ADDR if o[1] in ('rsp', 'rip') else st.regs.get(o[1], DATA))
    if o[2] is None:
        return b
    return b if st.regs.get(o[2], DATA) == IV else DATA


def transfer(mnem, ops, st, clobbers=CLOBBERED):
    """Applies one instruction to st; a call writes the registers clobbers names (LOAD)."""
    po = [operand(x) for x in split_ops(ops)]
    base = SUFFIX.match(mnem)
    op = base.group(1) if base else mnem
    size = _size(mnem, po)
    dst = po[-1] if po else None
    flags = DATA if not KEEP_FLAGS.match(mnem) else st.flags
    if mnem.startswith('call'):
        for r in clobbers:
            st.regs[r] = LOAD
        st.flags = DATA
        return
    if mnem == 'leave':
        _write_reg(('reg', 'rsp', 64), ADDR, st)
        _write_reg(('reg', 'rbp', 64), LOAD, st)
    elif op == 'push' or op == 'pop':
        _write_reg(('reg', 'rsp', 64), ADDR, st)
        if op == 'pop' and dst:
            write(dst, LOAD, 8, st)
    elif EXTEND.match(mnem) and len(po) == 2:
        write(dst, value(po[0], st, size if po[0][0] != 'mem' else _src_size(mnem, size)), size, st)
    elif op == 'lea' and len(po) == 2 and po[0][0] == 'mem':
        write(dst, address_class(po[0], st), size, st)
    elif op in ('xor', 'sub', 'sbb') and len(po) == 2 and po[0] == po[1] and po[0][0] == 'reg' and op != 'sbb':
        write(dst, IV, size, st)
        flags = IV
    elif op in ('add', 'sub') and len(po) == 2:
        c = add(value(po[1], st, size), value(po[0], st, size))
        if dst[0] == 'reg' and dst[1] == 'rsp':
            _write_reg(dst, ADDR, st)
        else:
            write(dst, c, size, st)
        flags = IV if c == IV else DATA
    elif op in ('inc', 'dec', 'neg', 'not') and len(po) == 1:
        c = value(dst, st, size)
        c = IV if c == IV else (c if op in ('inc', 'dec') and c in (ADDR, LOAD) else DATA)
        write(dst, c, size, st)
        flags = IV if c == IV else DATA
    elif op in ('and', 'or', 'xor', 'shl', 'sal', 'shr', 'sar', 'rol', 'ror', 'adc', 'sbb', 'imul') \
            or mnem in ('shlx', 'shrx', 'sarx', 'rorx'):
        srcs = po if len(po) <= 2 else po[:-1]   # imul $k, src, dst and shlx: dst is no source
        c = max(value(x, st, size) for x in srcs)
        c = IV if c == IV and (op not in ('adc', 'sbb') or st.flags == IV) else DATA
        if dst[0] == 'reg' and dst[1] == 'rsp':
            _write_reg(dst, ADDR, st)
        else:
            write(dst, c, size, st)
        if not mnem.endswith('x'):
            flags = c if c == IV else DATA
    elif op in ('cmp', 'test') and len(po) == 2:
        a, b = value(po[0], st, size), value(po[1], st, size)
        if a == IV and b == IV:
            flags = IV
        elif op == 'cmp' and a == b == ADDR and po[0][0] == po[1][0] == 'reg' and po[0][2] == po[1][2] == 64:
            flags = PCMP
        else:
            flags = DATA
    elif mnem.startswith('cmov') and len(po) == 2:
        c = max(value(po[0], st, size), value(dst, st, size))
        write(dst, IV if c == IV and st.flags == IV else DATA, size, st)
    elif mnem.startswith('set') and len(po) == 1:
        write(dst, IV if st.flags == IV else DATA, 1, st)
    elif mnem in ('cltq', 'cwtl'):
        st.regs['rax'] = IV if st.regs['rax'] == IV else DATA
    elif mnem in ('cqto', 'cltd'):
        st.regs['rdx'] = IV if st.regs['rax'] == IV else DATA
    elif mnem == 'xchg' and len(po) == 2 and po[0][0] == po[1][0] == 'reg':
        a, b = value(po[0], st, size), value(po[1], st, size)
        write(po[0], b, size, st)
        write(po[1], a, size, st)
    elif mnem.startswith('rep') or mnem.startswith('stos') or mnem.startswith('movs'):
        for r in ('rdi', 'rsi'):
            st.regs[r] = add(st.regs[r], IV)
        st.regs['rcx'] = IV
        for k in list(st.slots):
            del st.slots[k]
    elif dst is not None and dst[0] in ('reg', 'mem'):
        # anything else that writes a general register or memory: DATA
        # (vector stores to the stack: DATA slots; compares and vector ops with a
        # register destination write vector registers, which are not tracked)
        if dst[0] == 'reg':
            write(dst, DATA, size, st)
        else:
            write(dst, DATA, size, st)
    st.flags = flags


def _src_size(mnem, size):
    m = re.match(r'^mov[sz]([bwl])', mnem)
    return {'b': 1, 'w': 2, 'l': 4}[m.group(1)] if m else size


def check(insns, entry=None, clobbers=None):
    """([what], calls) for one function: what for every refused instruction, and for every
    call or jump that leaves it (target symbol, target address, {argument register: class}).
    insns are (address, mnemonic, operands, target symbol or None, target address or None);
    entry: the classes of the argument registers at the entry (default ADDR); clobbers(symbol,
    address): the registers a call writes (default: those the ABI lets it)."""
    clobbers = clobbers or (lambda sym, taddr: CLOBBERED)
    start = State()
    start.regs.update(entry or {})
    # padding (nopw 0x0(%rax,%rax,1), cs nopw ...) does nothing: kept as a plain nop, a jump may land on it
    insns = [(a, 'nop', '', None, None) if 'nop' in m or re.search(r'\bnop', o) else (a, m, o, s, t)
             for a, m, o, s, t in insns]
    index = {a: i for i, (a, *_rest) in enumerate(insns)}
    leaders = {0}
    for i, (a, mnem, ops, sym, taddr) in enumerate(insns):
        if COND.match(mnem) or mnem.startswith('jmp') or mnem.startswith('ret') or mnem in ('ud2', 'hlt'):
            if i + 1 < len(insns):
                leaders.add(i + 1)
            if taddr in index:
                leaders.add(index[taddr])
    starts = sorted(leaders)
    block_end = {s: (starts[k + 1] if k + 1 < len(starts) else len(insns)) for k, s in enumerate(starts)}
    states = {0: start}
    work = [0]
    while work:
        s = work.pop()
        st = states[s].copy()
        succ = []
        for i in range(s, block_end[s]):
            a, mnem, ops, sym, taddr = insns[i]
            transfer(mnem, ops, st, clobbers(sym, taddr) if mnem.startswith('call') else CLOBBERED)
        last = insns[block_end[s] - 1]
        mnem = last[1]
        if COND.match(mnem) or not (mnem.startswith('jmp') or mnem.startswith('ret') or mnem in ('ud2', 'hlt')):
            if block_end[s] < len(insns):
                succ.append(block_end[s])
        if (COND.match(mnem) or mnem.startswith('jmp')) and last[4] in index:
            succ.append(index[last[4]])
        for t in succ:
            if t not in states:
                states[t] = st.copy()
                work.append(t)
            elif states[t].join(st):
                work.append(t)
    bad, calls = [], []
    for s in starts:
        st = states[s].copy() if s in states else State()   # no path from the entry: checked anyway
        for i in range(s, block_end[s]):
            a, mnem, ops, sym, taddr = insns[i]
            what = _refused(mnem, ops, st)
            if what:
                bad.append(f'{what}: {mnem} {ops}'.strip())
            if mnem.startswith('call') or (mnem.startswith('j') and taddr not in index):
                calls.append((sym, taddr, {r: st.regs[r] for r in ARGS}))
            transfer(mnem, ops, st, clobbers(sym, taddr) if mnem.startswith('call') else CLOBBERED)
    return bad, calls


def _refused(mnem, ops, st):
    """Why the rule refuses this instruction in state st, or None."""
    if COND.match(mnem):
        return None if st.flags in (IV, PCMP) else 'conditional branch on data'
    if mnem.startswith('cmov') and st.flags not in (IV, PCMP):
        return None   # a select by flags: constant time, its result is DATA
    if DIV.match(mnem):
        return 'division'
    if (mnem.startswith('jmp') or mnem.startswith('call')) and '*' in ops:
        return 'indirect jump or call'
    if mnem.startswith('rep') and st.regs['rcx'] != IV:
        return 'rep with a count from data'
    for x in split_ops(ops):
        o = operand(x)
        if o[0] != 'mem' or mnem.startswith('lea') or 'nop' in mnem:
            continue
        if o[2] is not None and st.regs.get(o[2], DATA) != IV:
            return f'indexed address, index {NAMES[st.regs.get(o[2], DATA)]}'
        if o[1] not in (None, 'rsp', 'rip') and st.regs.get(o[1], DATA) == DATA:
            return 'address from data'
    return None
