"""The schedule language: straight-line word arithmetic, and its proofs.

A schedule (a Function) is a list of statements over named variables of two
types, the layout's word ("w") and double word ("d"). It says which products,
sums and carries happen in what order; it knows nothing about C. A template
prints it (templates/c_scalar/ir.j2 for plain C; SIMD templates can print the
same statements with intrinsics).

Two interpreters run over every schedule:

  Analyzer  abstract interpretation with exact-ish interval bounds. A value
            is a polynomial of degree <= 2 in "atoms" (inputs and results of
            shifts/masks), each atom an interval [lo, hi] with lo >= 0. Keeping
            sums of products symbolic lets (aa*bb - a*b) cancel monomial by
            monomial, so the Karatsuba subtraction is proved never to go
            negative. Every node of every expression is checked to lie in
            [0, 2^bits - 1] of its type; anything else raises BoundError at
            generation time. The one exception is an add/sub statement
            marked wrap: an accumulator may pass its word on the way (C's
            unsigned arithmetic keeps it exact mod 2^bits), and every read
            of it (a shift, a mask, a sum) is checked to fit again.
  run()     concrete execution with Python ints, wrapping like C unsigned
            arithmetic; gen_field.py uses it to check every schedule against
            arithmetic mod p before writing any C, and to check that every
            concrete value lies inside its proved interval.
"""

import itertools


class BoundError(Exception):
    """A schedule could overflow a word or go below zero."""


# ---- expressions -------------------------------------------------------

class Expr:
    __slots__ = ("op", "args", "ty", "k", "home")

    def __init__(self, op, args, ty, k=None, home=None):
        self.op, self.args, self.ty, self.k = op, tuple(args), ty, k
        # A variable that lives in memory: (place, index, "param" | "local");
        # every use reads place[index] (see Stmt "bind" and "put").
        self.home = home

    def __repr__(self):
        if self.op == "var":
            return self.k
        if self.op == "const":
            return hex(self.k)
        return f"{self.op}({', '.join(map(repr, self.args))}{'' if self.k is None else ', ' + str(self.k)})"

    # Jinja2 reads these.
    @property
    def a(self):
        return self.args[0]

    @property
    def b(self):
        return self.args[1]


def _same(x, y):
    if x.ty != y.ty:
        raise TypeError(f"type mismatch: {x!r} is {x.ty}, {y!r} is {y.ty}")
    return x.ty


def Var(name, ty, home=None):
    return Expr("var", (), ty, name, home)


def Const(value, ty="w"):
    return Expr("const", (), ty, value)


def Add(x, y):
    return Expr("add", (x, y), _same(x, y))


def Sub(x, y):
    return Expr("sub", (x, y), _same(x, y))


def Mul(x, y):
    """Widening product of two words: a double word."""
    if x.ty != "w" or y.ty != "w":
        raise TypeError("Mul takes two words")
    return Expr("mul", (x, y), "d")


def MulLo(x, y, k):
    """The low k bits of the product of two double words below 2^k (the
    low half of a 52-bit multiplier: _mm512_madd52lo_epu64 without its
    addend). With MulHi, x y = MulLo + 2^k MulHi exactly (the Analyzer
    refuses operands of k bits or more, which the instruction would cut)."""
    if x.ty != "d" or y.ty != "d":
        raise TypeError("MulLo takes two double words")
    return Expr("mullo", (x, y), "d", k)


def MulHi(x, y, k):
    """The product of two double words below 2^k, shifted right by k."""
    if x.ty != "d" or y.ty != "d":
        raise TypeError("MulHi takes two double words")
    return Expr("mulhi", (x, y), "d", k)


def Shr(x, k):
    return Expr("shr", (x,), x.ty, k)


def Shl(x, k):
    return Expr("shl", (x,), x.ty, k)


def Mask(x, bits):
    """x & (2^bits - 1)."""
    return Expr("mask", (x,), x.ty, bits)


def Lo(x):
    """A double word that is proved to fit, as a word."""
    if x.ty != "d":
        raise TypeError("Lo takes a double word")
    return Expr("lo", (x,), "w")


def Widen(x):
    if x.ty != "w":
        raise TypeError("Widen takes a word")
    return Expr("widen", (x,), "d")


def And(x, y):
    return Expr("and", (x, y), _same(x, y))


def Xor(x, y):
    return Expr("xor", (x, y), _same(x, y))


def MaskFromBit(x):
    """0 - x for x in {0, 1}: all ones or zero, through a value barrier."""
    return Expr("maskbit", (x,), x.ty)


def Not(x):
    return Expr("not", (x,), x.ty)


# ---- statements --------------------------------------------------------

class Stmt:
    """kind is one of:
    load      var = param limb `index`              (word)
    loadbyte  var = param byte `index`              (word)
    loadw     var = the uint32_t param              (word)
    let       declare var = expr
    add       var += expr
    sub       var -= expr
              (with wrap set, the sum may pass the word's range on the way:
              C's unsigned arithmetic keeps it exact mod 2^bits, and the
              analyzer, whose values are exact polynomials, proves that it
              fits again wherever it is read)
    set       var = expr   (var already declared)
    store     param limb `index` = expr
    storebyte param byte `index` = expr
    ret       return expr
    bind      var names param limb `index` in memory: no code; every use
              of var reads the limb there (word)
    scratch   declare a local struct `var` of word arrays, `vars` = [(name, size)]
    put       var = expr, where var lives in element `index` of the local
              array `param` (every use reads it there)
    barrier   the compiler may forget what it knows of memory here and read
              every `bind` / `put` operand again at its next use; the scratch
              struct `var` is handed to it, so it lives in memory
    hide      the compiler may take var's value as unknown here: it has to
              finish the sum in var first instead of subtracting its
              products one by one from the expression var is subtracted from
              (barrier and hide change no value: no-ops for the analyzer)
    block     a commented group of statements (stmts), with the bounds of
              `vars` at its end filled in by the analyzer
    """

    def __init__(self, kind, var=None, expr=None, param=None, index=None,
                 title=None, vars=(), ty=None, wrap=False):
        self.kind, self.var, self.expr, self.param, self.index = kind, var, expr, param, index
        self.wrap = wrap
        self.title, self.vars, self.ty = title, list(vars), ty
        self.stmts = []
        self.bounds = {}       # block: var -> (lo, hi) at the end of the block


class Function:
    """One routine: its parameters, contract and statement list.

    params: list of (name, kind), kind in gf_out, gf_in, gf_inout, u32,
    bytes_out, bytes_in. in_bounds: param -> largest limb value accepted.
    ret: None or "mask".
    """

    def __init__(self, name, purpose, post, params, in_bounds, ret=None, inline=False):
        self.name, self.purpose, self.post = name, purpose, post
        self.params, self.in_bounds, self.ret, self.inline = params, in_bounds, ret, inline
        self.body = []
        self.out_bounds = {}   # param -> list of (lo, hi) per limb, by the analyzer
        self.ret_bound = None


# ---- abstract interpretation -------------------------------------------

class Value:
    """sum(coef * prod(atoms in mono)) + const; atoms are non-negative intervals."""

    __slots__ = ("terms", "const")

    def __init__(self, terms=None, const=0):
        self.terms = {m: c for m, c in (terms or {}).items() if c}
        self.const = const

    def scale(self, k):
        return Value({m: c * k for m, c in self.terms.items()}, self.const * k)

    def plus(self, other, sign=1):
        t = dict(self.terms)
        for m, c in other.terms.items():
            t[m] = t.get(m, 0) + sign * c
        return Value(t, self.const + sign * other.const)

    def times(self, other):
        t = {}
        for (m1, c1), (m2, c2) in itertools.product(
                list(self.terms.items()) + [((), self.const)],
                list(other.terms.items()) + [((), other.const)]):
            m = tuple(sorted(m1 + m2))
            if len(m) > 2:
                raise ValueError("degree > 2")
            t[m] = t.get(m, 0) + c1 * c2
        const = t.pop((), 0)
        return Value(t, const)


class Analyzer:
    def __init__(self, fn, bits):
        self.fn, self.bits = fn, bits        # bits: {"w": 64, "d": 128}
        self.env = {}                        # var -> (ty, Value)
        self.atoms = {}                      # atom -> (lo, hi)
        self.var_bounds = {}                 # var -> (lo, hi) after each write (last)
        self.history = []                    # (var, lo, hi) per write, for run()
        self.wrapped = set()                 # vars whose exact value may not fit (add/sub wrap)
        self.where = ""

    def fresh(self, lo, hi):
        name = f"#{len(self.atoms)}"
        self.atoms[name] = (lo, hi)
        return Value({(name,): 1})

    def interval(self, v):
        lo = hi = v.const
        for m, c in v.terms.items():
            mlo = mhi = 1
            for a in m:
                mlo *= self.atoms[a][0]
                mhi *= self.atoms[a][1]
            if c > 0:
                lo += c * mlo
                hi += c * mhi
            else:
                lo += c * mhi
                hi += c * mlo
        return lo, hi

    def check(self, e, v):
        lo, hi = self.interval(v)
        top = (1 << self.bits[e.ty]) - 1
        if lo < 0:
            raise BoundError(f"{self.fn.name}: {self.where}: {e!r} could go negative "
                             f"(lower bound {lo})")
        if hi > top:
            raise BoundError(f"{self.fn.name}: {self.where}: {e!r} could overflow its "
                             f"{self.bits[e.ty]}-bit word (upper bound {hi:#x} > {top:#x})")
        return v

    def eval(self, e):
        op = e.op
        if op == "var":
            ty, v = self.env[e.k]
            if e.k in self.wrapped:
                # read while its exact value could lie outside its word
                return self.check(e, v)
            return v
        if op == "const":
            return self.check(e, Value({}, e.k))
        args = [self.eval(a) for a in e.args]
        if op == "add":
            v = args[0].plus(args[1])
        elif op == "sub":
            v = args[0].plus(args[1], -1)
        elif op == "mul":
            v = args[0].times(args[1])
        elif op in ("mullo", "mulhi"):
            for a, x in zip(e.args, args):
                lo, hi = self.interval(x)
                if hi >= 1 << e.k:
                    raise BoundError(f"{self.fn.name}: {self.where}: {a!r} could reach {hi:#x}, "
                                     f"not below 2^{e.k} as a {e.k}-bit multiplier needs")
            prod = args[0].times(args[1])
            lo, hi = self.interval(prod)
            if op == "mullo":
                v = prod if hi < (1 << e.k) else self.fresh(0, (1 << e.k) - 1)
            else:
                v = self.fresh(lo >> e.k, hi >> e.k)
        elif op == "shl":
            v = args[0].scale(1 << e.k)
        elif op == "widen" or op == "lo":
            v = args[0]
        elif op == "mask":
            lo, hi = self.interval(args[0])
            v = args[0] if hi < (1 << e.k) else self.fresh(0, (1 << e.k) - 1)
        elif op == "shr":
            lo, hi = self.interval(args[0])
            v = self.fresh(lo >> e.k, hi >> e.k)
        elif op == "and":
            his = [self.interval(a)[1] for a in args]
            v = self.fresh(0, min(his))
        elif op == "xor":
            his = [self.interval(a)[1] for a in args]
            v = self.fresh(0, (1 << max(h.bit_length() for h in his)) - 1)
        elif op == "maskbit":
            lo, hi = self.interval(args[0])
            if lo < 0 or hi > 1:
                raise BoundError(f"{self.fn.name}: {self.where}: {e!r} needs a bit")
            v = self.fresh(0, (1 << self.bits[e.ty]) - 1)
        elif op == "not":
            v = self.fresh(0, (1 << self.bits[e.ty]) - 1)
        else:
            raise ValueError(op)
        return self.check(e, v)

    def bound(self, e):
        """The proved interval of an expression at this point (no side effects
        beyond fresh atoms)."""
        return self.interval(self.eval(e))

    def write(self, var, ty, v, wrap=False):
        self.env[var] = (ty, v)
        b = self.interval(v)
        self.wrapped.discard(var)
        if wrap and (b[0] < 0 or b[1] > (1 << self.bits[ty]) - 1):
            # The word holds the exact value mod 2^bits; any read other than
            # a further wrapping add/sub checks that it fits again.
            self.wrapped.add(var)
            b = (0, (1 << self.bits[ty]) - 1)
        self.var_bounds[var] = b
        self.history.append((var, b))

    def exec(self, s, ty_of_param_limb="w"):
        k = s.kind
        self.where = s.var or f"{s.param}[{s.index}]" if s.kind != "block" else s.title
        if k in ("load", "bind"):
            self.write(s.var, "w", self.fresh(0, self.fn.in_bounds[s.param]))
        elif k in ("scratch", "barrier", "hide"):
            pass
        elif k == "loadbyte":
            self.write(s.var, "w", self.fresh(0, 255))
        elif k == "loadw":
            s.bound = (0, self.fn.in_bounds[s.param])
            self.write(s.var, "w", self.fresh(0, self.fn.in_bounds[s.param]))
        elif k in ("let", "set", "put"):
            self.write(s.var, s.expr.ty, self.eval(s.expr))
        elif k in ("add", "sub") and s.wrap:
            ty, old = self.env[s.var]
            v = old.plus(self.eval(s.expr), 1 if k == "add" else -1)
            self.write(s.var, ty, v, wrap=True)
        elif k in ("add", "sub"):
            ty, old = self.env[s.var]
            e = (Add if k == "add" else Sub)(Var(s.var, ty), s.expr)
            self.write(s.var, ty, self.eval(e))
        elif k == "store":
            lo, hi = self.bound(s.expr)
            self.fn.out_bounds.setdefault(s.param, {})[s.index] = (lo, hi)
            s.bound = (lo, hi)
        elif k == "storebyte":
            lo, hi = self.bound(s.expr)
            if hi > 255:
                raise BoundError(f"{self.fn.name}: byte {s.index} could exceed 255")
        elif k == "ret":
            self.fn.ret_bound = self.bound(s.expr)
        elif k == "block":
            for t in s.stmts:
                self.exec(t)
            s.bounds = {v: self.var_bounds[v] for v in s.vars}
        else:
            raise ValueError(k)


def var_type(fn_body, name):
    for s in walk(fn_body):
        if s.kind in ("let",) and s.var == name:
            return s.expr.ty
        if s.kind in ("load", "loadbyte", "loadw", "bind", "put") and s.var == name:
            return "w"
    raise KeyError(name)


def walk(stmts):
    for s in stmts:
        if s.kind == "block":
            yield s
            yield from walk(s.stmts)
        else:
            yield s


# ---- concrete execution ------------------------------------------------

def run(fn, bits, args, history=None):
    """Executes fn on concrete Python ints, wrapping like C.

    args: param -> list of limbs / list of bytes / int. Returns (outputs,
    return value), outputs: param -> list. When history (the analyzer's) is
    given, checks that each written value lies in its proved interval.
    """
    env, outs, ret = {}, {}, [None]
    hist = iter(history) if history is not None else None

    def ev(e):
        op = e.op
        if op == "var":
            return env[e.k]
        if op == "const":
            return e.k
        m = (1 << bits[e.ty]) - 1
        a = [ev(x) for x in e.args]
        if op == "add":
            return (a[0] + a[1]) & m
        if op == "sub":
            return (a[0] - a[1]) & m
        if op == "mul":
            return a[0] * a[1]
        if op == "mullo":
            return (a[0] * a[1]) & ((1 << e.k) - 1)
        if op == "mulhi":
            return (a[0] * a[1]) >> e.k
        if op == "shl":
            return (a[0] << e.k) & m
        if op == "shr":
            return a[0] >> e.k
        if op == "mask":
            return a[0] & ((1 << e.k) - 1)
        if op == "widen":
            return a[0]
        if op == "lo":
            return a[0] & ((1 << bits["w"]) - 1)
        if op == "and":
            return a[0] & a[1]
        if op == "xor":
            return a[0] ^ a[1]
        if op == "maskbit":
            return (-a[0]) & m
        if op == "not":
            return ~a[0] & m
        raise ValueError(op)

    def put(var, val):
        env[var] = val
        if hist is not None:
            hv, (lo, hi) = next(hist)
            assert hv == var
            if not lo <= val <= hi:
                raise BoundError(f"{fn.name}: {var} = {val:#x} outside proved [{lo:#x}, {hi:#x}]")

    def ex(stmts):
        for s in stmts:
            k = s.kind
            if k == "block":
                ex(s.stmts)
            elif k in ("load", "bind"):
                put(s.var, args[s.param][s.index])
            elif k == "loadbyte":
                put(s.var, args[s.param][s.index])
            elif k == "loadw":
                put(s.var, args[s.param])
            elif k in ("let", "set", "put"):
                put(s.var, ev(s.expr))
            elif k in ("add", "sub"):
                m = (1 << bits[s.ty]) - 1
                v = env[s.var] + ev(s.expr) if k == "add" else env[s.var] - ev(s.expr)
                put(s.var, v & m)
            elif k in ("store", "storebyte"):
                outs.setdefault(s.param, {})[s.index] = ev(s.expr)
            elif k == "ret":
                ret[0] = ev(s.expr)
    ex(fn.body)
    return {p: [d[i] for i in sorted(d)] for p, d in outs.items()}, ret[0]
