"""Reads the generated C of the field routines back into gen/ir.py schedules.

The routines that templates/c_scalar/ prints are straight-line code in a
small subset of C: declarations of gf_word_t / gf_dword_t locals, = += -=,
the operators + - * << >> & ^ ~, casts to gf_word_t / gf_dword_t /
uint8_t, limbs p->limb[i], bytes p[i], a local struct of word arrays
(mem.aa[i]), return, and the no-op macros GF_ASSERT_BOUND,
GF_RELOAD_BARRIER, GF_HIDE and gf_value_barrier. This module parses exactly
that subset (anything else is refused with its line) into an ir.Function,
taking every type from the C: the word widths from gf_layout.h's typedefs,
the type of each local from its declaration, C's usual arithmetic
conversions for mixed operands. gen/c_match.py then proves the result with
gen/prove.py and compares it with the schedule it was printed from.

How C maps to the schedule language (and why that is C's meaning):
  (gf_dword_t)x * y        Mul(x, y) when x and y are words: the product of
                           two words fits a double word, so C's product is
                           exact; any other product is refused.
  x & (2^k - 1), x >> k    Mask(x, k), Shr(x, k): splits in the proof.
  (gf_word_t)d, w = d      Lo(d); an implicit narrowing too (the Analyzer
                           proves that d fits).
  w + d, d = w             Widen(w) (C converts the narrower operand).
  v += e, v -= e           marked wrap: C's unsigned arithmetic is exact
                           mod 2^bits, and the Analyzer checks that the
                           exact value fits at every read.
  gf_value_barrier((gf_word_t)0 - x)   MaskFromBit(x) (the Analyzer
                           requires x in {0, 1}).
Memory: p->limb[i] of a parameter is read where it is used (a "bind");
a read of limb i after a store to limb i of any element parameter is
refused (out may alias the inputs; elements alias whole or not at all),
except between parameters the contract says do not alias; a read of
mem.f[i] before it is written is refused. x ^= e is x = x ^ e; a u32 or
mask_t parameter may be read anywhere (a "loadw"). A call of a routine
read earlier in the same file, with gf locals (gf n;) as arguments, is
inlined (Function.call).
"""

import re

import ir

TOKEN = re.compile(r'\s*(?:(0[xX][0-9a-fA-F]+|\d+)[uUlL]*|([A-Za-z_]\w*)|(->|\+=|-=|\^=|<<|>>|\+\+|<=|>=|==|!=|[-+*&^|~()\[\]{},;=.:<>!?%/])|("[^"\n]*"))')


class ReadError(Exception):
    """C outside the subset, or inconsistent with its declarations."""


def strip(text):
    """Drops comments and preprocessor lines; keeps line numbers."""
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    return "\n".join("" if ln.lstrip().startswith("#") else ln for ln in text.split("\n"))


def defines(text):
    """Object-like macros #define NAME BODY of a header (one line each)."""
    out = {}
    for m in re.finditer(r"^#define ([A-Za-z_]\w*)[ \t]+(.+)$", text, flags=re.M):
        out[m.group(1)] = m.group(2).strip()
    return out


def tokenize(text, macros=None, depth=0):
    """[(kind, value, line)]: kind is num, id or op; object-like macros expanded."""
    toks, pos, line = [], 0, 1
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if not m or m.end() == pos:
            if text[pos:].strip() == "":
                break
            raise ReadError(f"line {line}: cannot read {text[pos:pos + 20]!r}")
        line += text.count("\n", pos, m.end())
        pos = m.end()
        num, ident, op, string = m.group(1), m.group(2), m.group(3), m.group(4)
        if string:
            toks.append(("str", string, line))
        elif num:
            toks.append(("num", int(num, 0), line))
        elif ident:
            if macros and ident in macros and depth < 8:
                toks.extend((k, v, line) for k, v, _ in tokenize(macros[ident], macros, depth + 1))
            else:
                toks.append(("id", ident, line))
        else:
            toks.append(("op", op, line))
    return toks


def word_types(layout_h):
    """{"w": bits, "d": bits} from gf_layout.h's typedefs of gf_word_t and gf_dword_t."""
    sizes = {"uint32_t": 32, "uint64_t": 64, "unsigned __int128": 128}
    out = {}
    for key, name in (("w", "gf_word_t"), ("d", "gf_dword_t")):
        m = re.search(r"typedef ([\w ]+?) " + name + ";", layout_h)
        if not m or m.group(1) not in sizes:
            raise ReadError(f"gf_layout.h: no typedef of {name} to a known unsigned type")
        out[key] = sizes[m.group(1)]
    if out["d"] != 2 * out["w"] or out["w"] < 32:
        # narrower words would be promoted to (signed) int by C
        raise ReadError("gf_layout.h: gf_dword_t must be twice gf_word_t, gf_word_t at least 32 bits")
    return out


# ---- parsing -------------------------------------------------------------

TYPES = {"gf_word_t": "w", "mask_t": "w", "gf_dword_t": "d"}


class Parser:
    def __init__(self, toks, bits):
        self.t, self.i, self.bits = toks, 0, bits

    def peek(self, k=0):
        j = self.i + k
        return self.t[j] if j < len(self.t) else ("eof", None, self.t[-1][2] if self.t else 0)

    def err(self, msg):
        raise ReadError(f"line {self.peek()[2]}: {msg}")

    def next(self):
        tok = self.peek()
        self.i += 1
        return tok

    def accept(self, value):
        if self.peek()[1] == value and self.peek()[0] != "num":
            self.i += 1
            return True
        return False

    def expect(self, value):
        if not self.accept(value):
            self.err(f"expected {value!r}, found {self.peek()[1]!r}")

    def token(self, kind, what):
        """The next token's value, which must be of kind ("id", "num")."""
        k, v, _ = self.next()
        if k != kind:
            self.i -= 1
            self.err(f"expected {what}, found {v!r}")
        return v

    def ident(self):
        return self.token("id", "a name")

    def number(self):
        return self.token("num", "a number")

    def skip_declaration(self):
        """Skips a type definition of the header (after its first token) to its ;."""
        depth = 0
        while True:
            tok = self.next()
            if tok[0] == "eof":
                self.err("unterminated declaration")
            if tok[1] == "{":
                depth += 1
            elif tok[1] == "}":
                depth -= 1
            elif tok[1] == ";" and depth == 0:
                return

    def skip_group(self, open_, close, what):
        """Skips to the close matching an open just read (a body, a parameter list)."""
        depth = 1
        while depth:
            tok = self.next()
            if tok[0] == "eof":
                self.err(f"unterminated {what}")
            if tok[0] == "op":
                depth += {open_: 1, close: -1}.get(tok[1], 0)


def check_params(p, name, params, sched, kinds):
    """The parameters as read, [(name, type, const)], against the schedule's
    [(name, kind)]: the same names in order, each of a C type its kind allows
    (kinds: {(type, const): kinds}). Returns the schedule's list."""
    want = [(n, k) for n, k in sched.params]
    if [n for n, _, _ in params] != [n for n, _ in want]:
        p.err(f"{name}: parameters {[n for n, _, _ in params]}, schedule {[n for n, _ in want]}")
    for (n, t, const), (_, k) in zip(params, want):
        if k not in kinds.get((t, const), ()):
            p.err(f"{name}: parameter {n} is {'const ' if const else ''}{t}, the schedule's is {k}")
    return want


class Function:
    """The C of one routine, read into an ir.Function (fn) against the
    schedule's parameter list and contract."""

    def __init__(self, parser, name, params, sched, found=None):
        self.p, self.name, self.sched = parser, name, sched
        self.found = found or {}            # routines read before this one (calls)
        self.local_gf = set()               # gf n; locals
        self.local_limbs = {}               # (local gf, index) -> variable holding it
        self.ncalls = 0
        self.bits = parser.bits
        self.params = dict(params)          # name -> kind
        self.fn = ir.Function(name, sched.purpose, sched.post, sched.params, sched.in_bounds,
                              ret=sched.ret, inline=sched.inline)
        self.locals = {}                    # name -> "w" / "d"
        self.scratch = {}                   # struct name -> {field: size}
        self.written = set()                # mem.f[i] written
        self.bound = set()                  # parameter limbs / words already bound
        self.stores = set()                 # (param, index) stored
        self.no_alias = self.fn.no_alias = getattr(sched, "no_alias", set())
        self.pending = []                   # bind statements due before the current one

    # expressions: return (ir.Expr, type), type "w", "d" or "c" (integer constant)
    def conv(self, e, to):
        """C's conversion of e (typed) to the type `to`."""
        x, ty = e
        if ty == to:
            return x
        if ty == "c":
            return ir.Const(x, to)
        if ty == "w" and to == "d":
            return ir.Widen(x)
        if ty == "d" and to == "w":
            return ir.Lo(x)
        self.p.err(f"cannot convert {ty} to {to}")

    def both(self, a, b):
        ta, tb = a[1], b[1]
        if ta == "c" and tb == "c":
            self.p.err("an operation on two constants")
        ty = "d" if "d" in (ta, tb) else "w"
        return self.conv(a, ty), self.conv(b, ty), ty

    def expr(self):
        return self.binary(0)

    LEVELS = [("^",), ("&",), ("<<", ">>"), ("+", "-"), ("*",)]

    def binary(self, level):
        if level == len(self.LEVELS):
            return self.unary()
        a = self.binary(level + 1)
        while self.p.peek()[0] == "op" and self.p.peek()[1] in self.LEVELS[level]:
            op = self.p.next()[1]
            b = self.binary(level + 1)
            a = self.apply(op, a, b)
        return a

    def apply(self, op, a, b):
        if op in ("<<", ">>"):
            if b[1] != "c" or a[1] == "c":
                self.p.err(f"{op} needs a variable shifted by a constant")
            if not 0 < b[0] < self.bits[a[1]]:
                self.p.err(f"shift by {b[0]} of a {self.bits[a[1]]}-bit value")
            return ((ir.Shl if op == "<<" else ir.Shr)(a[0], b[0]), a[1])
        if op == "&":
            for x, y in ((a, b), (b, a)):
                if y[1] == "c" and x[1] != "c":
                    k = y[0] + 1
                    if k & (k - 1) or k == 1:
                        self.p.err(f"& with {y[0]:#x}, not 2^k - 1")
                    bits = k.bit_length() - 1
                    if bits >= self.bits[x[1]]:
                        return x
                    return (ir.Mask(x[0], bits), x[1])
        x, y, ty = self.both(a, b)
        if op == "*":
            if ty != "d" or x.op != "widen" or y.op != "widen":
                self.p.err("a product that is not word by word into a double word")
            return (ir.Mul(x.a, y.a), "d")
        make = {"+": ir.Add, "-": ir.Sub, "&": ir.And, "^": ir.Xor}[op]
        return (make(x, y), ty)

    def unary(self):
        p = self.p
        if p.accept("~"):
            x = self.unary()
            if x[1] == "c":
                p.err("~ of a constant")
            return (ir.Not(x[0]), x[1])
        if p.peek()[1] == "(" and p.peek(1)[1] in TYPES and p.peek(2)[1] == ")":
            p.next()
            ty = TYPES[p.next()[1]]
            p.next()
            x = self.unary()
            if x[1] == "c":
                # (gf_word_t)K: a constant of the word type, which takes the
                # type of the other operand as a plain constant would
                if ty != "w" or not 0 <= x[0] < 1 << self.bits["w"]:
                    p.err(f"constant {x[0]:#x} cast to a {ty}")
                return x
            return (self.conv(x, ty), ty)
        return self.primary()

    def primary(self):
        p = self.p
        k, v, _ = p.peek()
        if k == "num":
            p.next()
            return (v, "c")
        if p.accept("("):
            e = self.expr()
            p.expect(")")
            return e
        name = p.ident()
        if name == "gf_value_barrier":
            p.expect("(")
            x, ty = self.expr()
            p.expect(")")
            if ty == "c":
                p.err("gf_value_barrier of a constant")
            if x.op == "sub" and x.a.op == "const" and x.a.k == 0:
                return (ir.MaskFromBit(x.b), ty)
            return (x, ty)          # an empty asm statement: the value itself
        return self.place_read(name)

    def place(self, name):
        """Parses the rest of a place after its first name: ("limb", param, i),
        ("byte", param, i), ("mem", struct.field, i), ("local", name)."""
        p = self.p
        if p.accept("->"):
            if p.ident() != "limb":
                p.err("only ->limb[] is read")
            p.expect("[")
            i = p.number()
            p.expect("]")
            if self.params.get(name) not in ("gf_in", "gf_out", "gf_inout"):
                p.err(f"{name} is not an element parameter")
            return ("limb", name, i)
        if p.accept("."):
            field = p.ident()
            p.expect("[")
            i = p.number()
            p.expect("]")
            if name not in self.scratch or not 0 <= i < self.scratch[name].get(field, 0):
                p.err(f"{name}.{field}[{i}] is not in the local struct")
            return ("mem", f"{name}.{field}", i)
        if p.accept("["):
            i = p.number()
            p.expect("]")
            if self.params.get(name) not in ("bytes_in", "bytes_out") or not 0 <= i < 56:
                p.err(f"{name}[{i}] is not a byte of a byte parameter")
            return ("byte", name, i)
        return ("local", name)

    def place_read(self, name):
        return self.place_read_at(self.place(name))

    def place_read_at(self, pl):
        if pl[0] == "local":
            name = pl[1]
            if name in self.locals:
                return (ir.Var(name, self.locals[name]), self.locals[name])
            if self.params.get(name) in ("u32", "mask"):
                if name not in self.bound:
                    self.bound.add(name)
                    self.pending.append(ir.Stmt("loadw", var=name, param=name))
                return (ir.Var(name, "w"), "w")
            self.p.err(f"{name} is not declared")
        if pl[0] == "limb":
            self.check_read(pl)
            var = f"{pl[1]}->limb[{pl[2]}]"
            if var not in self.bound:
                self.bound.add(var)
                self.pending.append(ir.Stmt("bind", var=var, param=pl[1], index=pl[2]))
            return (ir.Var(var, "w", (pl[1], pl[2], "param")), "w")
        if pl[0] == "mem":
            var = f"{pl[1]}[{pl[2]}]"
            if var not in self.written:
                self.p.err(f"{var} is read before it is written")
            return (ir.Var(var, "w", (pl[1], pl[2], "local")), "w")
        self.p.err(f"{pl[1]}[{pl[2]}] is read only into a local (const gf_word_t x = {pl[1]}[{pl[2]}];)")

    def check_read(self, pl):
        """A limb may be read while no parameter that may alias it has had
        the same limb stored (elements alias whole or not at all)."""
        _, param, i = pl
        if self.params[param] not in ("gf_in", "gf_inout"):
            self.p.err(f"{param}->limb[{i}] is read, but {param} is an output")
        for q, j in self.stores:
            if j == i and (param, q) not in self.no_alias and (q, param) not in self.no_alias:
                self.p.err(f"{param}->limb[{i}] is read after a store to {q}->limb[{i}]"
                           + ("" if q == param else f" (which may alias {param})"))

    # statements
    def emit(self, s):
        self.fn.body.extend(self.pending)
        self.pending = []
        self.fn.body.append(s)

    def macro_statement(self, v, barrier, hide):
        """A statement that calls macro v: its tokens up to the closing
        parenthesis; the barrier and hide macros become their statements, the
        bound assertions read nothing (the bounds are the analyzer's)."""
        p = self.p
        p.next()
        p.expect("(")
        args, depth = [], 1
        while depth:
            tok = p.next()
            if tok[0] == "eof":
                p.err("unterminated macro call")
            depth += {"(": 1, ")": -1}.get(tok[1], 0) if tok[0] == "op" else 0
            args.append(tok)
        p.expect(";")
        if v == barrier:
            if len(args) != 3 or args[0][1] != "&" or args[1][1] not in self.scratch:
                p.err(f"{barrier}(&struct) expected")
            self.emit(ir.Stmt("barrier", var=args[1][1]))
        elif v == hide:
            if len(args) != 2 or args[0][1] not in self.locals:
                p.err(f"{hide}(local) expected")
            self.emit(ir.Stmt("hide", var=args[0][1]))

    def scratch_struct(self, types, what):
        """struct { T name[n]; ... } var; of element types in types: the local
        scratch memory of a schedule (ir "scratch")."""
        p = self.p
        p.expect("struct")
        p.expect("{")
        fields = []
        while not p.accept("}"):
            if p.ident() not in types:
                p.err(f"a local struct holds {what} only")
            f = p.ident()
            p.expect("[")
            n = p.number()
            p.expect("]")
            p.expect(";")
            fields.append((f, n))
        name = p.ident()
        p.expect(";")
        self.scratch[name] = dict(fields)
        self.emit(ir.Stmt("scratch", var=name, vars=fields))

    def statement(self):
        p = self.p
        k, v, _ = p.peek()
        if v in ("GF_ASSERT_BOUND", "GF_RELOAD_BARRIER", "GF_HIDE"):
            self.macro_statement(v, "GF_RELOAD_BARRIER", "GF_HIDE")
            return
        if v == "struct":
            self.scratch_struct(("gf_word_t",), "gf_word_t arrays")
            return
        if v == "return":
            p.next()
            e = self.conv(self.expr(), "w")
            p.expect(";")
            self.emit(ir.Stmt("ret", expr=e))
            return
        if v == "gf" and p.peek(1)[0] == "id" and p.peek(2)[1] == ";":
            p.next()
            name = p.ident()
            p.expect(";")
            if name in self.locals or name in self.params or name in self.local_gf:
                p.err(f"{name} declared twice")
            self.local_gf.add(name)
            return
        if k == "id" and v in self.found and p.peek(1)[1] == "(":
            p.next()
            self.call(v)
            return
        const = p.accept("const")
        if p.peek()[0] == "id" and p.peek()[1] in TYPES:
            ty = TYPES[p.next()[1]]
            name = p.ident()
            if name in self.locals or name in self.params:
                p.err(f"{name} declared twice")
            p.expect("=")
            s = self.load_or_let(name, ty)
            p.expect(";")
            self.locals[name] = ty
            self.emit(s)
            return
        if const:
            p.err("const without a word type")
        name = p.ident()
        pl = self.place(name)
        if p.accept("+="):
            kind = "add"
        elif p.accept("-="):
            kind = "sub"
        elif p.accept("^="):
            kind = "xor"
        else:
            p.expect("=")
            kind = "set"
        if pl[0] == "byte":
            if kind != "set" or self.params[pl[1]] != "bytes_out":
                p.err(f"{pl[1]}[{pl[2]}] is not an output byte")
            if not (p.accept("(") and p.accept("uint8_t") and p.accept(")")):
                p.err("an output byte is stored through (uint8_t)")
            e = self.conv(self.unary(), "w")
            p.expect(";")
            self.emit(ir.Stmt("storebyte", param=pl[1], index=pl[2], expr=e))
            return
        e = self.expr()
        p.expect(";")
        if kind == "xor":
            # x ^= e is x = x ^ e
            if pl[0] == "limb":
                old = self.place_read_at(pl)
            elif pl[0] == "local" and name in self.locals:
                old = (ir.Var(name, self.locals[name]), self.locals[name])
            else:
                p.err(f"^= on {name}")
            e = self.apply("^", old, e)
            kind = "set"
        if pl[0] == "limb":
            if kind != "set" or self.params[pl[1]] not in ("gf_out", "gf_inout"):
                p.err(f"{pl[1]}->limb[{pl[2]}] is not an output limb")
            self.stores.add((pl[1], pl[2]))
            self.emit(ir.Stmt("store", param=pl[1], index=pl[2], expr=self.conv(e, "w")))
        elif pl[0] == "mem":
            if kind != "set":
                p.err("+= / -= on the local struct")
            var = f"{pl[1]}[{pl[2]}]"
            self.written.add(var)
            self.emit(ir.Stmt("put", var=var, expr=self.conv(e, "w"), param=pl[1], index=pl[2]))
        else:
            if name not in self.locals:
                p.err(f"{name} is not declared")
            ty = self.locals[name]
            self.emit(ir.Stmt(kind, var=name, expr=self.conv(e, ty), ty=ty, wrap=kind != "set"))

    def call(self, name):
        """name(args); of a routine read earlier in the file: its statements
        inlined, its parameters replaced by the arguments (caller parameters
        or gf locals), its locals renamed. The caller is then proven as a
        whole, so nothing rests on the callee's contract."""
        p, callee = self.p, self.found[name]
        p.expect("(")
        args = []
        while not p.accept(")"):
            args.append(p.ident())
            p.accept(",")
        p.expect(";")
        if len(args) != len(callee.params):
            p.err(f"{name} takes {len(callee.params)} arguments")
        amap = {}
        for (cp, kind), arg in zip(callee.params, args):
            mine = "local" if arg in self.local_gf else self.params.get(arg)
            ok = {"gf_in": ("gf_in", "gf_inout", "local"), "gf_out": ("gf_out", "gf_inout", "local"),
                  "gf_inout": ("gf_inout", "local"), "mask": ("mask",), "u32": ("u32",)}.get(kind, ())
            if mine not in ok:
                p.err(f"argument {arg} of {name} for its {kind} parameter {cp}")
            amap[cp] = arg
        for x, y in getattr(callee, "no_alias", ()):
            if amap[x] == amap[y]:
                p.err(f"{name} needs {x} and {y} distinct")
        prefix = f"{name}#{self.ncalls}."
        self.ncalls += 1
        rename = {}

        def expr(e):
            if e.op == "var":
                if e.k not in rename:
                    p.err(f"{name}: {e.k} cannot be inlined")
                return rename[e.k]
            return ir.Expr(e.op, [expr(a) for a in e.args], e.ty, e.k)

        for s in ir.walk(callee.body):
            k = s.kind
            if k == "block":
                continue
            if k in ("bind", "load"):
                arg = amap[s.param]
                if arg in self.local_gf:
                    if (arg, s.index) not in self.local_limbs:
                        p.err(f"{arg}->limb[{s.index}] is read before it is written")
                    rename[s.var] = self.local_limbs[(arg, s.index)]
                else:
                    rename[s.var] = self.place_read_at(("limb", arg, s.index))[0]
                    self.emit_pending()
            elif k == "loadw":
                rename[s.var] = self.place_read_at(("local", amap[s.param]))[0]
                self.emit_pending()
            elif k in ("let", "set", "add", "sub"):
                e = expr(s.expr)
                if k == "let":
                    rename[s.var] = ir.Var(prefix + s.var, s.expr.ty)
                self.emit(ir.Stmt(k, var=rename[s.var].k, expr=e, ty=s.ty, wrap=s.wrap))
            elif k == "store":
                arg, e = amap[s.param], expr(s.expr)
                if arg in self.local_gf:
                    var = f"{prefix}{arg}->limb[{s.index}]"
                    self.emit(ir.Stmt("let", var=var, expr=e))
                    self.local_limbs[(arg, s.index)] = ir.Var(var, "w")
                else:
                    self.stores.add((arg, s.index))
                    self.emit(ir.Stmt("store", param=arg, index=s.index, expr=e))
            else:
                p.err(f"{name}: a {k} statement cannot be inlined")

    def emit_pending(self):
        self.fn.body.extend(self.pending)
        self.pending = []

    def load_or_let(self, name, ty):
        """const gf_word_t x = p->limb[i] / in[i] / w, or any expression."""
        p = self.p
        k, v, _ = p.peek()
        if k == "id" and p.peek(1)[1] in (";",) and self.params.get(v) == "u32":
            p.next()
            if ty != "w":
                p.err("a u32 parameter goes into a word")
            return ir.Stmt("loadw", var=name, param=v)
        if k == "id" and self.params.get(v) == "bytes_in" and p.peek(1)[1] == "[" and p.peek(4)[1] == ";":
            p.next()
            pl = self.place(v)
            if ty != "w":
                p.err("a byte goes into a word")
            return ir.Stmt("loadbyte", var=name, param=pl[1], index=pl[2])
        if (k == "id" and p.peek(1)[1] == "->" and p.peek(6)[1] == ";"
                and self.params.get(v) in ("gf_in", "gf_inout")):
            p.next()
            pl = self.place(v)
            self.check_read(pl)
            if ty != "w":
                p.err("a limb goes into a word")
            return ir.Stmt("load", var=name, param=pl[1], index=pl[2])
        return ir.Stmt("let", var=name, expr=self.conv(self.expr(), ty))

    def body(self):
        p = self.p
        p.expect("{")
        while not p.accept("}"):
            self.statement()
        if self.pending:
            self.fn.body.extend(self.pending)
        return self.fn


PARAM_KINDS = {("gf", False): ("gf_out", "gf_inout"), ("gf", True): ("gf_in",),
               ("uint32_t", False): ("u32",), ("mask_t", False): ("mask",), ("uint8_t", False): ("bytes_out",),
               ("uint8_t", True): ("bytes_in",)}


def read(text, layout_h, schedules_by_name):
    """Reads every function of the C text that has a schedule.

    Returns ({name: ir.Function}, [names of functions without a schedule]);
    raises ReadError. Parameter names and kinds must be the schedule's.
    """
    macros = {k: v for k, v in defines(layout_h).items() if re.fullmatch(r"\(\(gf_word_t\)0x[0-9a-f]+u\)", v)}
    bits = word_types(layout_h)
    p = Parser(tokenize(strip(text), macros), bits)
    found, others = {}, []
    while p.peek()[0] != "eof":
        p.accept("__extension__")
        if p.accept("typedef") or p.peek()[1] == "struct":
            p.skip_declaration()  # a type definition of the header
            continue
        p.accept("static")
        p.accept("inline")
        rtype = p.ident()
        name = p.ident()
        p.expect("(")
        params = []
        while not p.accept(")"):
            const = p.accept("const")
            t = p.ident()
            if p.accept("*"):
                t += " *"  # a word pointer (gf_word_adc): no schedule has one, check_params refuses it
            pname = p.ident()
            if p.accept("["):
                while not p.accept("]"):
                    p.next()
            params.append((pname, t, const))
            p.accept(",")
        sched = schedules_by_name.get(name)
        if sched is None:
            # a function the template writes by hand (gf_copy, gf_select, ...): skip its body
            others.append(name)
            p.expect("{")
            p.skip_group("{", "}", f"body of {name}")
            continue
        want = check_params(p, name, params, sched, PARAM_KINDS)
        if rtype != ("mask_t" if sched.ret else "void"):
            p.err(f"{name}: returns {rtype}")
        if name in found:
            p.err(f"{name} defined twice")
        found[name] = Function(p, name, want, sched, found).body()
    return found, others


# ---- vector lanes (gen/simd.py) -------------------------------------------
#
# The routines that templates/simd/ir.j2 prints for a vector lane layout are
# the same straight-line schedules written with intrinsics: declarations of
# vector locals, `x = f(...)` assignments, p->limb[i] of gfl parameters, a
# local struct of vector arrays, and the no-op macros GF_ASSERT_BOUND,
# GFL_ASSERT_BOUND, GFL_RELOAD_BARRIER and GFL_HIDE. Every intrinsic is read
# with the meaning the Isa gives it (gen/simd.py: Isa.calls), which is the
# instruction's on one lane; C operators, casts and any other call are
# refused (GCC's vector extensions would give `*` and `>>` other meanings:
# a 64-bit product, an arithmetic shift). Every vector value is a double
# word (a whole lane), except a limb read from a parameter, which is a word
# by the contract's bounds (below 2^32); a product reads the low word of
# each operand, Mul(Lo(x), Lo(y)), so the Analyzer must prove both operands
# below 2^32 for the C's product to be the schedule's. `x = add(x, e)` is
# x += e with wrap (lanes wrap mod 2^lane_bits like C's unsigned types).


class LaneFunction(Function):
    def __init__(self, parser, name, params, sched, isa):
        super().__init__(parser, name, params, sched)
        self.isa = isa
        self.vtypes = set(isa.vtype.values())
        # the type a declaration gives (one vector type for both: a double word)
        self.decl_type = {isa.vtype["w"]: "w", isa.vtype["d"]: "d"}

    def binary(self, level):
        return self.primary()

    def primary(self):
        p = self.p
        k, v, _ = p.peek()
        if k == "num":
            p.err(f"a bare number {v:#x} where a vector is expected")
        name = p.ident()
        if p.peek()[1] == "(":
            return self.intrinsic(name)
        return self.place_read(name)

    def intrinsic(self, name):
        p = self.p
        if name not in self.isa.calls:
            p.err(f"{name}() is not an intrinsic of {self.isa.name} that the reader knows")
        op, ty, kinds = self.isa.calls[name]
        p.expect("(")
        args = []
        for i, kind in enumerate(kinds):
            if i:
                p.expect(",")
            if kind == "k":
                args.append(p.number())
            elif kind == "value":
                tk, tv, _ = p.peek()
                if tk == "num":
                    p.next()
                    args.append((tv, "c"))
                elif tk == "id" and self.params.get(tv) == "u32" and p.peek(1)[1] == ")":
                    p.next()
                    args.append(self.place_read_at(("local", tv)))
                else:
                    p.err(f"{name} of something other than a constant or the uint32_t parameter")
            else:
                args.append(self.expr())
        p.expect(")")

        def arg(a, want):
            """An operand as the type the intrinsic takes. With one vector
            type for words and double words (AVX2) a word is a lane below
            2^32 and the conversion is a reading (Lo is proven by the
            Analyzer); with two (NEON), C's types must agree."""
            if a[1] == "c":
                return ir.Const(a[0], want)
            if a[1] != want and not self.isa.one_vector_type:
                p.err(f"{name} takes a {self.isa.vtype[want]}, not a {self.isa.vtype[a[1]]}")
            return self.conv(a, want)

        bits = self.bits[ty]
        if op == "set1":
            x, xty = args[0]
            if xty == "c":
                if not 0 <= x < 1 << bits:
                    p.err(f"constant {x:#x} does not fit a lane")
                return (x, "c")
            if xty != "w":
                p.err(f"{name} of a {xty}")
            return (ir.Widen(x), "d") if ty == "d" else (x, "w")
        if op == "mul":
            return (ir.Mul(arg(args[0], "w"), arg(args[1], "w")), "d")
        if op == "zero":
            return (0, "c")
        if op in ("madd52lo", "madd52hi"):
            # addend + the low / high 52 bits of the product of the low 52 bits
            # of each operand: the Analyzer requires both operands below 2^52
            make = ir.MulLo if op == "madd52lo" else ir.MulHi
            return (ir.Add(arg(args[0], "d"), make(arg(args[1], "d"), arg(args[2], "d"), 52)), "d")
        if op == "lo":
            return (ir.Lo(arg(args[0], "d")), "w")
        if op == "widen":
            return (ir.Widen(arg(args[0], "w")), "d")
        if op in ("shr", "shl"):
            if not 0 < args[1] < bits:
                p.err(f"shift by {args[1]} of a {bits}-bit lane")
            return ((ir.Shr if op == "shr" else ir.Shl)(arg(args[0], ty), args[1]), ty)
        if op == "and":
            for x, y in ((args[0], args[1]), (args[1], args[0])):
                if y[1] == "c" and x[1] != "c":
                    kk = y[0] + 1
                    if kk & (kk - 1) == 0 and kk > 1:
                        nb = kk.bit_length() - 1
                        return (arg(x, ty), ty) if nb >= bits else (ir.Mask(arg(x, ty), nb), ty)
                    return (ir.And(arg(x, ty), ir.Const(y[0], ty)), ty)
            return (ir.And(arg(args[0], ty), arg(args[1], ty)), ty)
        make = {"add": ir.Add, "sub": ir.Sub, "xor": ir.Xor}[op]
        return (make(arg(args[0], ty), arg(args[1], ty)), ty)

    def statement(self):
        p = self.p
        k, v, _ = p.peek()
        if v in ("GF_ASSERT_BOUND", "GFL_ASSERT_BOUND", "GFL_RELOAD_BARRIER", "GFL_HIDE"):
            self.macro_statement(v, "GFL_RELOAD_BARRIER", "GFL_HIDE")
            return
        if v == "struct":
            self.scratch_struct(self.vtypes, "vector arrays")
            return
        const = p.accept("const")
        if p.peek()[0] == "id" and p.peek()[1] in self.vtypes:
            declared = self.decl_type[p.next()[1]]
            name = p.ident()
            if name in self.locals or name in self.params:
                p.err(f"{name} declared twice")
            p.expect("=")
            s, ty = self.lane_decl(name, declared)
            p.expect(";")
            self.locals[name] = ty
            self.emit(s)
            return
        if const:
            p.err("const without a vector type")
        name = p.ident()
        pl = self.place(name)
        p.expect("=")
        e = self.expr()
        p.expect(";")
        if pl[0] == "limb":
            if self.params[pl[1]] not in ("gf_out", "gf_inout"):
                p.err(f"{pl[1]}->limb[{pl[2]}] is not an output limb")
            self.stores.add((pl[1], pl[2]))
            self.emit(ir.Stmt("store", param=pl[1], index=pl[2], expr=self.as_type(e, "w")))
        elif pl[0] == "mem":
            var = f"{pl[1]}[{pl[2]}]"
            self.written.add(var)
            self.emit(ir.Stmt("put", var=var, expr=self.as_type(e, "w"), param=pl[1], index=pl[2]))
        elif pl[0] == "local":
            if name not in self.locals:
                p.err(f"{name} is not declared")
            ty = self.locals[name]
            x = self.as_type(e, ty)
            if x.op in ("add", "sub") and x.a.op == "var" and x.a.k == name:
                # x = add(x, e): x += e, exact mod 2^lane_bits
                self.emit(ir.Stmt(x.op, var=name, expr=x.b, ty=ty, wrap=True))
            else:
                self.emit(ir.Stmt("set", var=name, expr=x, ty=ty))
        else:
            p.err(f"assignment to {name}")

    def lane_decl(self, name, declared):
        """vector x = p->limb[i] (a word: load), = bcast(w) of the uint32_t
        parameter (loadw), or any expression (of the declared type)."""
        p = self.p
        k, v, _ = p.peek()
        if (k == "id" and p.peek(1)[1] == "->" and p.peek(6)[1] == ";"
                and self.params.get(v) in ("gf_in", "gf_inout")):
            p.next()
            pl = self.place(v)
            self.check_read(pl)
            if declared != "w" and not self.isa.one_vector_type:
                p.err(f"a limb goes into a {self.isa.vtype['w']}")
            return ir.Stmt("load", var=name, param=pl[1], index=pl[2]), "w"
        if (k == "id" and self.isa.calls.get(v, ("",))[0] == "set1" and p.peek(1)[1] == "("
                and self.isa.calls[v][1] == "w"
                and self.params.get(p.peek(2)[1]) == "u32" and p.peek(3)[1] == ")"
                and p.peek(4)[1] == ";"):
            p.next()
            p.next()
            w = p.ident()
            p.next()
            if declared != "w" and not self.isa.one_vector_type:
                p.err(f"a word goes into a {self.isa.vtype['w']}")
            return ir.Stmt("loadw", var=name, param=w), "w"
        e = self.expr()
        if e[1] not in ("c", declared) and not self.isa.one_vector_type:
            p.err(f"a {self.isa.vtype[e[1]]} declared {self.isa.vtype[declared]}")
        return ir.Stmt("let", var=name, expr=self.conv(e, declared)), declared


    def as_type(self, e, ty):
        """An assigned value as the type of its place (C's types must agree
        when words and double words are different vector types)."""
        if e[1] not in ("c", ty) and not self.isa.one_vector_type:
            self.p.err(f"a {self.isa.vtype[e[1]]} assigned to a {self.isa.vtype[ty]}")
        return self.conv(e, ty)


LANE_PARAM_KINDS = {("gfl", False): ("gf_out", "gf_inout"), ("gfl", True): ("gf_in",),
                    ("uint32_t", False): ("u32",)}


def read_lanes(text, isa, schedules_by_name, bits):
    """read() for the intrinsics of a vector lane layout (isa: gen/simd.py).

    bits: the widths of the scalar layout whose schedules it prints. Returns
    ({name: ir.Function}, [names of functions without a schedule]). Function
    declarations (`void f(...);`) are skipped.
    """
    p = Parser(tokenize(strip(text)), bits)
    found, others = {}, []
    while p.peek()[0] != "eof":
        if p.accept("typedef") or p.peek()[1] == "struct":
            p.skip_declaration()
            continue
        p.accept("static")
        p.accept("inline")
        rtype = p.ident()
        name = p.ident()
        p.expect("(")
        sched = schedules_by_name.get(name)
        if sched is None:
            p.skip_group("(", ")", "(")
            if p.accept(";"):
                continue
            others.append(name)
            p.expect("{")
            p.skip_group("{", "}", "{")
            continue
        params = []
        while not p.accept(")"):
            const = p.accept("const")
            t = p.ident()
            pname = p.ident()
            params.append((pname, t, const))
            p.accept(",")
        if p.accept(";"):
            continue
        want = check_params(p, name, params, sched, LANE_PARAM_KINDS)
        if rtype != "void":
            p.err(f"{name}: returns {rtype}")
        if name in found:
            p.err(f"{name} defined twice")
        found[name] = LaneFunction(p, name, want, sched, isa).body()
    return found, others
