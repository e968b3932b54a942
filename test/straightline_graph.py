"""The call graph of a library's objects, for test/straightline_check.py.

Every function of every object is a node (an object's local functions by
object and name, global ones by name). Its edges: every symbol its
instructions name through a relocation or a direct call or jump (calls,
tail-call jumps, and a function's address taken by lea, which may be called
later), resolved in its own object first, then among the global functions.
A reference to a section (a local symbol: `.text.unlikely+0x40`) is the
function at that place of that section.
"""

import re

import straightline_flow

# instructions that write registers they do not name (mul, div, string ops...)
IMPLICIT = re.compile(r'^(mul|div|idiv|imul[bwlq]?\s*[^,]*$|cq|cl|cw|rep|movs[bwlq]?$|stos|lods|cmps|scas|'
                      r'cpuid|rdtsc|syscall|xgetbv)')

# What the library may call outside its objects: libc, whose time does not
# depend on the data it moves (memcpy, memset) or which takes no secret.
EXTERNAL = {'memcpy', 'memset', 'memmove', 'memcmp', 'strlen', 'getrandom', 'explicit_bzero',
            '__stack_chk_fail', 'abort', 'pthread_once', '__errno_location', 'getenv', 'syscall',
            '_GLOBAL_OFFSET_TABLE_'}


class Graph:
    def __init__(self, objects):
        """objects: {path: {name: Func}} (straightline_check.disassemble_funcs)."""
        self.objects = objects
        self.globals = {}
        self.by_place = {}
        for path, funcs in objects.items():
            for f in funcs.values():
                if f.is_global:
                    self.globals[f.name] = f
                self.by_place.setdefault((path, f.section), []).append(f)
        # functions whose address is taken (data relocations, lea): what an indirect call may reach
        self.address_taken = []
        for path, funcs in objects.items():
            f0 = next(iter(funcs.values()), None)
            refs = [(sym, add, None) for sym, add in (f0.data_refs if f0 else [])]
            for f in funcs.values():
                refs += [(i[2], i[3], f) for i in f.insns if not (i[0].startswith('call') or i[0].startswith('j'))]
            for sym, taddr, f in [r for r in refs if r[0]]:
                g = self.resolve(f or f0, sym, taddr if f is None or sym.startswith('.') else None)
                if g is not None and g not in self.address_taken:
                    self.address_taken.append(g)

    def resolve(self, f, sym, taddr):
        """The function sym names from f (None: not a function of the objects)."""
        if sym is None:
            return None
        if sym.startswith('.'):
            for g in self.by_place.get((f.obj, sym), []):
                if taddr is not None and g.addr == taddr:
                    return g
            return None
        local = self.objects[f.obj].get(sym)
        return local or self.globals.get(sym)

    def edges(self, f):
        """(callees, unresolved): the functions f may call (an indirect call: every function
        whose address is taken), and what it calls that is neither one of them nor EXTERNAL."""
        out, unresolved = [], []
        for mnem, ops, sym, taddr, _addr in f.insns:
            is_call = mnem.startswith('call') or mnem.startswith('j')
            if is_call and '*' in ops:
                out.extend(self.address_taken)   # an indirect call: any function whose address is taken
                continue
            g = self.resolve(f, sym, taddr)
            if g is f or (g is None and sym == f.name):
                continue   # a jump within f
            if g is not None:
                out.append(g)
            elif is_call and sym is not None and sym.split('@')[0] not in EXTERNAL:
                unresolved.append(sym)   # data references (tables) are no edge
        return out, unresolved

    def writes(self, f, seen=None):
        """The caller-saved registers a call of f may write (gcc's -fipa-ra keeps values in the
        others across a call of a function of the same object), or None: all of them (f calls
        out of its object, or indirectly)."""
        seen = seen if seen is not None else set()
        if id(f) in seen:
            return set()
        seen.add(id(f))
        regs = {'rax'}
        for mnem, ops, sym, taddr, _addr in f.insns:
            if IMPLICIT.match(mnem) or IMPLICIT.match(ops):
                return None
            for r in re.findall(r'%(\w+)', ops):
                regs.add(straightline_flow.GPR.get(r, (r, 0))[0])
            if mnem.startswith('call') or (mnem.startswith('j') and sym is not None and sym != f.name):
                g = None if '*' in ops else self.resolve(f, sym, taddr)
                if g is None or g.obj != f.obj:
                    return None
                if g is not f:
                    sub = self.writes(g, seen)
                    if sub is None:
                        return None
                    regs |= sub
        return regs & set(straightline_flow.CLOBBERED)

    def reach(self, entries):
        """(reached functions in order, {function: unresolved calls}) from the entry functions."""
        seen, order, unresolved = set(), [], {}
        todo = list(entries)
        while todo:
            f = todo.pop()
            if id(f) in seen:
                continue
            seen.add(id(f))
            order.append(f)
            callees, bad = self.edges(f)
            if bad:
                unresolved[f] = bad
            todo.extend(callees)
        return order, unresolved
