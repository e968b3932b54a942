"""Proves what every field routine computes, for all inputs within its bounds.

gen/ir.py's Analyzer proves that no word overflows (every value of the C
program equals the exact integer of the schedule); gen/selfcheck.py tries
the schedule on a few hundred inputs. This module proves the value, for
every input, by evaluating the schedule symbolically (gen/poly.py):

  - input limbs, bytes and w are integer variables a[i], b[i], in[k], w;
  - + - * << are exact polynomial operations (the Analyzer's bounds are what
    makes the C's wrapping arithmetic exact);
  - a shift or mask of a value X at bit s is a split: two fresh variables,
    lo and hi, with X = lo + 2^s hi and 0 <= lo < 2^s (a Euclidean division
    of the nonnegative integer X; x >> s is hi, x & (2^s - 1) is lo). Splits
    of the same value at several bits share one tree, so that (x >> 8) & 0xff
    and x >> 16 are pieces of the same x (SplitTree.cut).
  - the halves of a 52-bit multiplier (IFMA's madd52lo / madd52hi) of a
    product x y with x, y < 2^52 (the Analyzer) are the split of x y at bit
    52: lo52 + 2^52 hi52 = x y, which is the lemma such a schedule rests on;
  - the only other operations are the constant-time select of the strong
    reduction, v ^ ((v ^ w) & (0 - bit)) with bit in {0, 1} (Analyzer): it
    is evaluated once per value of bit, where it is v or w.

A routine mod p is proven when eval(out) - f(inputs), with every lo variable
replaced by its definition X - 2^s hi, has every coefficient divisible by p
(f = a*b, a^2, a*w, a+b, a-b, -a, a): then the two sides are congruent for
every integer value of the variables, whatever the hi variables are. That
is the identity 2^448 = 2^224 + 1 (mod p) applied where the carries wrap,
found by arithmetic on the coefficients. The routines that are exact (add_nr,
sub_nr) must give an identically zero difference.

A canonical routine (strong reduce, serialize, deserialize) computes
V = eval(x) and W = V + 2^224 + 1 and keeps W's limbs when W carries out of
2^448 (bit = 1), else V's. It is proven by case analysis on bit
(prove_canonical): with O_g the output in the case bit = g, written over
the values computed before the select (each a sum of lo variables, so its
range is known),
  (1) 0 <= O_g < 2^448 from the ranges of the lo variables;
  (2) O_1 = X - p + 2^448 (1 - bit) identically;
  (3) O_0 = X - 2^448 h identically, h the carry out of V's top limb;
then bit = 1 gives O_1 = X - p in [0, p) because X < 2p (the input bounds);
bit = 0 gives X = O_1 + p - 2^448 < p by (1), (2) (O_1's values are computed
before the select, so they exist whatever bit is), so h = 0 by (1), (3) and
O_0 = X. Deserialize returns all ones exactly when bit = 0, i.e. X < p.

The routines the template writes by hand (gen/template_routines.py: copy,
set_small, select, cond_swap) must store exactly the limbs of their
contract, for both values (zero, all ones) of a mask_t parameter;
cond_neg (gf_neg and gf_select inlined) must leave a unchanged for zero
and negate it mod p for all ones.

prove(L, fn) raises ProofError naming the routine, the step and the
offending term, and returns the sentence the routine's header states.
"""

import hashlib

import ir
import prime
import schedules
from poly import Poly, mono_str

P = prime.P
TOP = 1 << prime.BITS


class ProofError(Exception):
    """A routine whose value could not be proven."""


def _name(prefix, key, s):
    h = hashlib.blake2b(repr((key, s)).encode(), digest_size=6).hexdigest()
    return f"{prefix}_{h}"


class Node:
    __slots__ = ("value", "cut")

    def __init__(self, value):
        self.value, self.cut = value, None


class SplitTree:
    """Every split of the run: X = lo + 2^s hi, one tree per value X."""

    def __init__(self):
        self.nodes = {}       # value key -> Node
        self.lo_def = {}      # lo name -> (X, s, hi name): lo = X - 2^s hi
        self.width = {}       # lo name -> s (0 <= lo < 2^s)
        self.order = {}       # fresh name -> creation index
        self.origin = {}      # fresh name -> where it was made, for messages
        self.where = ""

    def node(self, x):
        k = x.key()
        n = self.nodes.get(k)
        if n is None:
            n = self.nodes[k] = Node(x)
        return n

    def cut(self, x, s):
        """(lo, hi) with x = lo + 2^s hi, 0 <= lo < 2^s, hi = x >> s."""
        return self._cut(self.node(x), s)

    def _cut(self, node, s):
        if node.cut is None:
            k = node.value.key()
            lo, hi = _name("lo", k, s), _name("hi", k, s)
            for v in (lo, hi):
                self.order.setdefault(v, len(self.order))
                self.origin.setdefault(v, f"{'low' if v == lo else 'high'} part at bit {s} ({self.where})")
            self.lo_def[lo] = (node.value, s, hi)
            self.width[lo] = s
            node.cut = (s, self.node(Poly.var(lo)), self.node(Poly.var(hi)))
        s0, lo_n, hi_n = node.cut
        if s == s0:
            return lo_n.value, hi_n.value
        if s > s0:
            # x = L + 2^s0 H, L < 2^s0; H = l + 2^(s-s0) h, so
            # x = (L + 2^s0 l) + 2^s h with L + 2^s0 l < 2^s.
            l, h = self._cut(hi_n, s - s0)
            return lo_n.value + l.scale(1 << s0), h
        # s < s0: L = l + 2^s h with h < 2^(s0-s), so x = l + 2^s (h + 2^(s0-s) H).
        l, h = self._cut(lo_n, s)
        return l, h + hi_n.value.scale(1 << (s0 - s))

    def expand(self, x, only_after=None):
        """x with lo variables replaced by their definitions (recursively);
        with only_after, just those made at or after that creation index."""
        memo = {}

        def lo_value(v):
            if v not in memo:
                xv, s, h = self.lo_def[v]
                memo[v] = sub(xv) - Poly.var(h).scale(1 << s)
            return memo[v]

        def sub(p):
            out = Poly()
            for m, c in p.t.items():
                term = Poly.const(c)
                for v in m:
                    if v in self.lo_def and (only_after is None or self.order[v] >= only_after):
                        term = term * lo_value(v)
                    else:
                        term = term * Poly.var(v)
                out = out + term
            return out
        return sub(x)

    def upper(self, x):
        """The largest value of x when it is a nonnegative combination of lo
        variables, else None."""
        hi = 0
        for m, c in x.t.items():
            if c < 0 or len(m) > 1 or (m and m[0] not in self.width):
                return None
            hi += c * ((1 << self.width[m[0]]) - 1 if m else 1)
        return hi


class Xors:
    """The xor of several values, kept symbolic (x ^ x = 0)."""

    def __init__(self, items):
        self.items = items     # key -> Poly

    def __repr__(self):
        return " ^ ".join(f"({p!r})" for p in self.items.values())


def _xor(x, y):
    items = {}
    for v in (x, y):
        for k, p in (v.items.items() if isinstance(v, Xors) else [(v.key(), v)]):
            if not p.t:
                continue
            if k in items:
                del items[k]
            else:
                items[k] = p
    if not items:
        return Poly()
    if len(items) == 1:
        return next(iter(items.values()))
    return Xors(items)


class Run:
    """One symbolic execution of a schedule; choice is the value given to the
    select bit (see the module comment), None when there is none."""

    def __init__(self, fn, bits, choice, label):
        self.fn, self.bits, self.choice, self.label = fn, bits, choice, label
        self.env, self.outs, self.ret = {}, {}, None
        self.tree = SplitTree()
        self.bit = None           # name of the select bit
        self.bit_at = None        # creation index at the select

    def fail(self, step, what):
        raise ProofError(f"{self.label}: {step}: {what}")

    def ev(self, e):
        op = e.op
        if op == "var":
            return self.env[e.k]
        if op == "const":
            return Poly.const(e.k)
        a = [self.ev(x) for x in e.args]
        if op in ("add", "sub", "mul", "shl", "widen", "lo", "mask", "shr", "maskbit", "mullo", "mulhi"):
            for x in a:
                if not isinstance(x, Poly):
                    self.fail(self.tree.where, f"{op} of a xor in {e!r}")
        if op == "add":
            return a[0] + a[1]
        if op == "sub":
            return a[0] - a[1]
        if op == "mul":
            return a[0] * a[1]
        if op == "shl":
            return a[0].scale(1 << e.k)
        if op in ("widen", "lo"):
            return a[0]
        if op in ("mullo", "mulhi"):
            # a 52-bit multiplier's halves: x y = lo + 2^k hi, 0 <= lo < 2^k, the
            # split of the product (the Analyzer proved x, y < 2^k, so the
            # instruction sees the whole operands)
            return self.tree.cut(a[0] * a[1], e.k)[0 if op == "mullo" else 1]
        if op == "mask":
            return self.tree.cut(a[0], e.k)[0]
        if op == "shr":
            return self.tree.cut(a[0], e.k)[1]
        ones = (1 << self.bits[e.ty]) - 1
        if op == "maskbit":
            v = a[0].single_var()
            if v is None or v in self.tree.lo_def or (self.bit not in (None, v)):
                self.fail(self.tree.where, f"the select bit {e!r} is not one carry")
            if self.choice is None:
                self.fail(self.tree.where, "a select needs the case analysis of a canonical routine")
            if self.bit is None:
                self.bit, self.bit_at = v, len(self.tree.order)
            return Poly.const(ones if self.choice else 0)
        if op == "and":
            for x, y in ((a[0], a[1]), (a[1], a[0])):
                if isinstance(y, Poly) and y.is_const():
                    if y.const_value() == 0:
                        return Poly()
                    if y.const_value() == ones:
                        return x
            self.fail(self.tree.where, f"& of two non-constant values in {e!r}")
        if op == "xor":
            return _xor(a[0], a[1])
        if op == "not":
            if isinstance(a[0], Poly) and a[0].is_const() and a[0].const_value() in (0, ones):
                return Poly.const(ones - a[0].const_value())
            self.fail(self.tree.where, f"~ of a non-constant value in {e!r}")
        self.fail(self.tree.where, f"operation {op} not supported")

    def exec(self, stmts):
        for s in stmts:
            k = s.kind
            self.tree.where = s.title if k == "block" else (s.var or f"{s.param}[{s.index}]")
            if k == "block":
                self.exec(s.stmts)
            elif k in ("load", "bind", "loadbyte"):
                self.env[s.var] = Poly.var(f"{s.param}[{s.index}]")
            elif k == "loadw" and dict(self.fn.params)[s.param] == "mask":
                # a mask_t parameter: all ones or zero (src/field/field.h), one case each
                if self.choice is None:
                    self.fail(self.tree.where, f"the mask {s.param} needs a case analysis")
                self.bit, self.bit_at = s.param, len(self.tree.order)
                self.env[s.var] = Poly.const((1 << self.bits["w"]) - 1 if self.choice else 0)
            elif k == "loadw":
                self.env[s.var] = Poly.var(s.param)
            elif k in ("let", "set", "put"):
                self.env[s.var] = self.ev(s.expr)
            elif k in ("add", "sub"):
                old, v = self.env[s.var], self.ev(s.expr)
                if not isinstance(old, Poly) or not isinstance(v, Poly):
                    self.fail(self.tree.where, "+= / -= of a xor")
                self.env[s.var] = old + v if k == "add" else old - v
            elif k in ("store", "storebyte"):
                self.outs.setdefault(s.param, {})[s.index] = self.ev(s.expr)
            elif k == "ret":
                self.ret = self.ev(s.expr)
            elif k in ("scratch", "barrier", "hide"):
                pass
            else:
                self.fail(self.tree.where, f"statement {k} not supported")
        return self


# ---- specifications ----------------------------------------------------

def _limbs_eval(L, param):
    return sum((Poly.var(f"{param}[{i}]").scale(1 << (L.radix * i)) for i in range(L.limbs)), Poly())


def _bytes_eval(name):
    return sum((Poly.var(f"{name}[{k}]").scale(1 << (8 * k)) for k in range(prime.SER_BYTES)), Poly())


def spec(L, fn):
    """(kind, f, sentence): kind is "mod", "exact" or "canonical"."""
    A = lambda p: _limbs_eval(L, p)
    k, _ = schedules.sub_bias(L)
    table = {
        "gf_mul": ("mod", lambda: A("a") * A("b"), "eval(out) = eval(a) * eval(b) mod p"),
        "gf_sqr": ("mod", lambda: A("a") * A("a"), "eval(out) = eval(a)^2 mod p"),
        "gf_mulw": ("mod", lambda: A("a") * Poly.var("w"), "eval(out) = eval(a) * w mod p"),
        "gf_add": ("mod", lambda: A("a") + A("b"), "eval(out) = eval(a) + eval(b) mod p"),
        "gf_sub": ("mod", lambda: A("a") - A("b"), "eval(out) = eval(a) - eval(b) mod p"),
        "gf_neg": ("mod", lambda: -A("a"), "eval(out) = -eval(a) mod p"),
        "gf_weak_reduce": ("mod", lambda: A("a"), "eval(a') = eval(a) mod p"),
        "gf_add_nr": ("exact", lambda: A("a") + A("b"), "eval(out) = eval(a) + eval(b) exactly"),
        "gf_sub_nr": ("exact", lambda: A("a") - A("b") + Poly.const(k * P),
                      f"eval(out) = eval(a) - eval(b) + {k}p exactly"),
        "gf_strong_reduce": ("canonical", lambda: A("a"),
                             "eval(a') = eval(a) mod p and 0 <= eval(a') < p"),
        "gf_serialize": ("canonical", lambda: A("a"),
                         "bytes_eval(out) = eval(a) mod p and 0 <= bytes_eval(out) < p"),
        "gf_deserialize": ("canonical", lambda: _bytes_eval("in"),
                           "eval(out) = bytes_eval(in) mod p, 0 <= eval(out) < p, and the return "
                           "value is all ones exactly when bytes_eval(in) < p"),
    }
    n = L.limbs
    limb = lambda p, i: Poly.var(f"{p}[{i}]")
    table.update({
        # the routines the template writes by hand (gen/template_routines.py)
        "gf_copy": ("limbwise", lambda g: {("out", i): limb("a", i) for i in range(n)},
                    "out = a limb by limb"),
        "gf_set_small": ("exact_canonical", lambda: Poly.var("w"),
                         "eval(out) = w exactly, every limb < 2^radix"),
        "gf_select": ("limbwise", lambda g: {("out", i): limb("b" if g else "a", i) for i in range(n)},
                      "out = pick_b ? b : a limb by limb (pick_b all ones or zero)"),
        "gf_cond_swap": ("limbwise", lambda g: dict(
            [(("a", i), limb("b" if g else "a", i)) for i in range(n)]
            + [(("b", i), limb("a" if g else "b", i)) for i in range(n)]),
            "(a, b) = swap ? (b, a) : (a, b) limb by limb (swap all ones or zero)"),
        "gf_cond_neg": ("cond_neg", lambda: A("a"),
                        "a' = a limb by limb if neg is zero, eval(a') = -eval(a) mod p if neg is "
                        "all ones"),
    })
    if fn.name not in table:
        raise ProofError(f"{L.name} {fn.name}: no specification in gen/prove.py")
    if table[fn.name][0] == "limbwise":
        kind, f, sentence = table[fn.name]
        return kind, f, sentence
    kind, f, sentence = table[fn.name]
    return kind, f(), sentence


def _output(L, fn, run):
    """eval of the output parameter of one run, every limb or byte stored."""
    (param, kind), = [(p, k) for p, k in fn.params if k in ("gf_out", "gf_inout", "bytes_out")]
    got = run.outs.get(param, {})
    count, width = (prime.SER_BYTES, 8) if kind == "bytes_out" else (L.limbs, L.radix)
    missing = [i for i in range(count) if i not in got]
    if missing:
        run.fail("output", f"{param}[{missing[0]}] is never stored")
    total = Poly()
    for i in range(count):
        v = got[i]
        if not isinstance(v, Poly):
            run.fail("output", f"{param}[{i}] is a xor of several values")
        total = total + v.scale(1 << (width * i))
    return param, total


def _coef(c, p=None):
    """A coefficient as it reads best: -2^k, 2^k, or hex (mod p: the residue nearest 0)."""
    if p is not None and c > p // 2:
        c -= p
    for sign in (1, -1):
        k = (sign * c).bit_length() - 1
        if sign * c > 0 and sign * c == 1 << k and k > 8:
            return f"{'-' if sign < 0 else ''}2^{k}"
    return f"{c:#x}" if c >= 0 else f"-{-c:#x}"


def _explain(tree, terms, p=None):
    m, c = terms[0]
    c = _coef(c, p)
    notes = [f"{v} = {tree.origin[v]}" for v in m if v in tree.origin]
    return (f"term {c}*{mono_str(m)}" + (f" [{'; '.join(notes)}]" if notes else "")
            + (f" and {len(terms) - 1} more" if len(terms) > 1 else ""))


def prove(L, fn):
    """Proves fn (the bounds again, then the value); returns the sentence
    of what was proven, or raises ProofError / ir.BoundError."""
    bits = {"w": L.word_bits, "d": 2 * L.word_bits}
    an = ir.Analyzer(fn, bits)
    for s in fn.body:
        an.exec(s)
    kind, want, sentence = spec(L, fn)
    if kind == "canonical":
        prove_canonical(L, fn, bits, want)
        return sentence
    if kind == "limbwise":
        prove_limbwise(L, fn, bits, want)
        return sentence
    if kind == "cond_neg":
        prove_cond_neg(L, fn, bits, want)
        return sentence
    if kind == "exact_canonical":
        for param, d in fn.out_bounds.items():
            for i, (lo, hi) in sorted(d.items()):
                if hi > L.mask:
                    raise ProofError(f"{L.name} {fn.name}: {param}[{i}] could be {hi:#x} >= 2^{L.radix}")
    run = Run(fn, bits, None, f"{L.name} {fn.name}").exec(fn.body)
    param, out = _output(L, fn, run)
    diff = run.tree.expand(out) - want
    if kind in ("exact", "exact_canonical"):
        bad = sorted(diff.t.items(), key=lambda mc: (-len(mc[0]), mc[0]))
        if bad:
            run.fail(f"eval({param}) = {sentence.split('= ', 1)[1]}", "differs by " + _explain(run.tree, bad))
    else:
        bad = diff.nonzero_mod(P)
        if bad:
            run.fail(f"eval({param}) - f is not a multiple of p",
                     _explain(run.tree, bad, P) + " (coefficient mod p)")
    return sentence


def prove_canonical(L, fn, bits, X):
    """The case analysis of the module comment, for both values of the bit."""
    runs = [Run(fn, bits, g, f"{L.name} {fn.name}").exec(fn.body) for g in (0, 1)]
    r0, r1 = runs
    if r0.bit is None or r0.bit != r1.bit:
        r0.fail("select", "no conditional subtraction found")
    bit = r0.bit
    forms = []
    for g, run in enumerate(runs):
        param, out = _output(L, fn, run)
        # the output over the values computed before the select
        S = run.tree.expand(out, only_after=run.bit_at)
        late = [v for v in S.variables() if run.tree.order.get(v, -1) >= run.bit_at]
        if late:
            run.fail(f"case bit = {g}", f"the output depends on {late[0]} = {run.tree.origin[late[0]]}, "
                     "made after the select")
        top = run.tree.upper(S)
        if top is None or top >= TOP:
            run.fail(f"case bit = {g}", f"eval({param}) is not proved below 2^448 "
                     f"(not a nonnegative sum of lo parts: {S!r})")
        forms.append(run.tree.expand(S))
    # (2): O_1 = X - p + 2^448 (1 - bit)
    d1 = forms[1] - X - Poly.const(TOP - P) + Poly.var(bit).scale(TOP)
    if d1.t:
        r1.fail("case bit = 1: eval(out) = X - p + 2^448 (1 - bit)",
                _explain(r1.tree, sorted(d1.t.items(), key=lambda mc: (-len(mc[0]), mc[0]))))
    # (3): O_0 = X - 2^448 h
    d0 = forms[0] - X
    if d0.t:
        h = None
        if all(c % TOP == 0 for c in d0.t.values()):
            h = Poly({m: -c // TOP for m, c in d0.t.items()}).single_var()
        if h is None or h in r0.tree.lo_def or h not in r0.tree.order:
            r0.fail("case bit = 0: eval(out) = X - 2^448 h", _explain(
                r0.tree, sorted(d0.t.items(), key=lambda mc: (-len(mc[0]), mc[0]))))
    xmax = X.subst({v: _input_max(fn, v) for v in X.variables()}).const_value()
    if xmax >= 2 * P:
        r1.fail("input bound", f"eval could reach {xmax:#x} >= 2p")
    if fn.ret:
        ones = (1 << bits["w"]) - 1
        for g, run in enumerate(runs):
            want = ones if g == 0 else 0
            if not (isinstance(run.ret, Poly) and run.ret.is_const() and run.ret.const_value() == want):
                run.fail(f"case bit = {g}: return value", f"{run.ret!r}, not {want:#x}")


def _choices(fn):
    return (0, 1) if "mask" in dict(fn.params).values() else (None,)


def prove_limbwise(L, fn, bits, want):
    """Every stored limb is exactly the one the contract names, for each
    value of the mask parameter; nothing else is stored."""
    for g in _choices(fn):
        run = Run(fn, bits, g, f"{L.name} {fn.name}").exec(fn.body)
        case = "" if g is None else f"case {run.bit} = {'all ones' if g else 0}: "
        expect = want(g)
        got = {(p, i): v for p, d in run.outs.items() for i, v in d.items()}
        for key in sorted(set(expect) | set(got)):
            if key not in got:
                run.fail(f"{case}{key[0]}[{key[1]}]", "never stored")
            if key not in expect:
                run.fail(f"{case}{key[0]}[{key[1]}]", "stored, but the routine must not write it")
            v = got[key]
            if not isinstance(v, Poly) or run.tree.expand(v) != expect[key]:
                run.fail(f"{case}{key[0]}[{key[1]}]", f"is {v!r}, not {expect[key]!r}")


def prove_cond_neg(L, fn, bits, A):
    """gf_cond_neg: the limbs unchanged when the mask is zero, the negation
    mod p when it is all ones. (That the result is tight follows from
    gf_neg's bounds and gf_select's limbwise proof; the interval analysis
    cannot see through the xor of the select.)"""
    for g in (0, 1):
        run = Run(fn, bits, g, f"{L.name} {fn.name}").exec(fn.body)
        got = run.outs.get("a", {})
        for i in range(L.limbs):
            if i not in got or not isinstance(got[i], Poly):
                run.fail(f"case {run.bit} = {g}", f"a[{i}] is never stored, or is a xor")
        if g == 0:
            for i in range(L.limbs):
                if run.tree.expand(got[i]) != Poly.var(f"a[{i}]"):
                    run.fail(f"case {run.bit} = 0: a[{i}]", f"is {got[i]!r}, not a[{i}]")
        else:
            out = sum((got[i].scale(1 << (L.radix * i)) for i in range(L.limbs)), Poly())
            bad = (run.tree.expand(out) + A).nonzero_mod(P)
            if bad:
                run.fail(f"case {run.bit} = all ones: eval(a') + eval(a) is not a multiple of p",
                         _explain(run.tree, bad, P) + " (coefficient mod p)")


def _input_max(fn, v):
    param = v.split("[")[0]
    return 255 if param == "in" else fn.in_bounds[param]


def values(L, fn):
    """What fn computes, for comparing two programs of one routine: each
    output limb or byte and the return value, with every lo variable
    replaced by its definition, per value of the select bit (None when
    there is no select). Variables are named by what they split, so two
    programs that compute the same values give equal dicts."""
    bits = {"w": L.word_bits, "d": 2 * L.word_bits}
    kind, _, _ = spec(L, fn)
    out = {}
    for g in ((0, 1) if kind == "canonical" else _choices(fn)):
        run = Run(fn, bits, g, f"{L.name} {fn.name}").exec(fn.body)
        for param, d in run.outs.items():
            for i, v in d.items():
                out[(g, param, i)] = run.tree.expand(v) if isinstance(v, Poly) else v
        if run.ret is not None:
            out[(g, "return")] = run.ret
    return out
