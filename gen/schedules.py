"""Schedules of the field routines, built from a layout description.

Each builder returns an ir.Function proved by ir.Analyzer as it is built
(the builder asks the analyzer for bounds when it must choose, e.g. how many
accumulators a column needs). Names are stable: a0..a{n-1} are input limbs,
c0..c{n-1} output limbs, lo{j}/hi{j} the accumulators of output limbs j and
j + n/2, so a regeneration diff shows only what changed.
"""

from contextlib import contextmanager

import ir
import prime
from ir import Add, Sub, Mul, Shr, Shl, Mask, Lo, Widen, Const, Var, Xor, And, MaskFromBit, Not


class Builder:
    def __init__(self, layout, fn):
        self.L, self.fn = layout, fn
        self.bits = {"w": layout.word_bits, "d": 2 * layout.word_bits}
        self.an = ir.Analyzer(fn, self.bits)
        self.stack = [fn.body]
        self.types = {}
        self.homes = {}

    def _emit(self, s):
        self.stack[-1].append(s)
        if s.kind != "block":
            self.an.exec(s)

    @contextmanager
    def block(self, title, vars=()):
        s = ir.Stmt("block", title=title, vars=vars)
        self.stack[-1].append(s)
        self.stack.append(s.stmts)
        yield s
        self.stack.pop()
        s.bounds = {v: self.an.var_bounds[v] for v in s.vars}

    def snapshot(self):
        an = self.an
        return (len(self.stack[-1]), dict(an.env), dict(an.atoms), dict(an.var_bounds),
                len(an.history), dict(self.types), set(an.wrapped))

    def restore(self, snap):
        n, env, atoms, vb, nh, types, wrapped = snap
        del self.stack[-1][n:]
        an = self.an
        an.env, an.atoms, an.var_bounds, self.types = env, atoms, vb, types
        an.wrapped = wrapped
        del an.history[nh:]

    def v(self, name):
        return Var(name, self.types[name], self.homes.get(name))

    def bind(self, var, param, index):
        """var is limb `index` of param, read from memory at every use."""
        self.types[var], self.homes[var] = "w", (param, index, "param")
        self._emit(ir.Stmt("bind", var=var, param=param, index=index))
        return self.v(var)

    def scratch(self, name, fields):
        """A local struct `name` of word arrays, fields [(field, size)]."""
        self._emit(ir.Stmt("scratch", var=name, vars=fields))

    def put(self, array, index, expr):
        """array[index] = expr; the returned variable reads it there."""
        var = f"{array}[{index}]"
        self.types[var], self.homes[var] = expr.ty, (array, index, "local")
        self._emit(ir.Stmt("put", var=var, expr=expr, param=array, index=index))
        return self.v(var)

    def hide(self, var):
        self._emit(ir.Stmt("hide", var=var))

    def barrier(self, scratch):
        self._emit(ir.Stmt("barrier", var=scratch))

    def load(self, var, param, index):
        self.types[var] = "w"
        self._emit(ir.Stmt("load", var=var, param=param, index=index))
        return self.v(var)

    def loadbyte(self, var, param, index):
        self.types[var] = "w"
        self._emit(ir.Stmt("loadbyte", var=var, param=param, index=index))
        return self.v(var)

    def loadw(self, var, param):
        self.types[var] = "w"
        self._emit(ir.Stmt("loadw", var=var, param=param))
        return self.v(var)

    def let(self, var, expr):
        self.types[var] = expr.ty
        self._emit(ir.Stmt("let", var=var, expr=expr))
        return self.v(var)

    def set(self, var, expr):
        self._emit(ir.Stmt("set", var=var, expr=expr))

    def add(self, var, expr, wrap=False):
        self._emit(ir.Stmt("add", var=var, expr=expr, ty=self.types[var], wrap=wrap))

    def sub(self, var, expr, wrap=False):
        self._emit(ir.Stmt("sub", var=var, expr=expr, ty=self.types[var], wrap=wrap))

    def store(self, param, index, expr):
        self._emit(ir.Stmt("store", param=param, index=index, expr=expr))

    def storebyte(self, param, index, expr):
        self._emit(ir.Stmt("storebyte", param=param, index=index, expr=expr))

    def ret(self, expr):
        self._emit(ir.Stmt("ret", expr=expr))

    def hi(self, expr):
        return self.an.bound(expr)[1]

    def fits(self, expr):
        """Whether the analyzer proves that expr cannot overflow."""
        try:
            self.an.bound(expr)
            return True
        except ir.BoundError:
            return False


def _limbs(L, value):
    return [(value >> (L.radix * i)) & L.mask for i in range(L.limbs)]


def sub_bias(L):
    """The limbs of k*p, smallest k such that every limb is >= tight_max.

    Added before subtracting a tight element so that no limb goes negative;
    the limbs of k*p are k*(2^radix - 1), and k*(2^radix - 2) at limb n/2.
    """
    p_limbs = [L.mask] * L.limbs
    p_limbs[L.half] -= 1                        # p = 2^448 - 2^224 - 1
    assert L.from_limbs(p_limbs) == prime.P
    k = 1
    while min(k * x for x in p_limbs) < L.tight_max:
        k += 1
    return k, [k * x for x in p_limbs]


# ---- element-wise routines (printed inline into gf_layout.h) -----------

def _load_all(b, name, param):
    return [b.load(f"{name}{i}", param, i) for i in range(b.L.limbs)]


def _store_all(b, param, limbs):
    for i, x in enumerate(limbs):
        b.store(param, i, x)


def _weak_reduce(b, x):
    """Carries every limb once, in parallel; the carry out of the top limb
    (place 2^448 = phi^2 = phi + 1) goes to limbs 0 and n/2."""
    L, n, r = b.L, b.L.limbs, b.L.radix
    with b.block(f"weak reduction: limb i keeps its low {r} bits and takes the carry of limb i-1;"
                 f" the top carry (2^448 = 2^224 + 1) goes to limbs 0 and {L.half}",
                 vars=[f"c{i}" for i in range(n)]):
        top = b.let("top", Shr(x[n - 1], r))
        out = []
        for i in range(n):
            e = Mask(x[i], r)
            if i == 0:
                e = Add(e, top)
            else:
                e = Add(e, Shr(x[i - 1], r))
                if i == L.half:
                    e = Add(e, top)
            out.append(b.let(f"c{i}", e))
    return out


def fn_weak_reduce(L):
    f = ir.Function("gf_weak_reduce", "Carries a loose element into a tight one.",
                    "eval(a') == eval(a)", [("a", "gf_inout")], {"a": L.loose_max}, inline=True)
    b = Builder(L, f)
    x = _load_all(b, "a", "a")
    _store_all(b, "a", _weak_reduce(b, x))
    return f


def fn_add_nr(L):
    f = ir.Function("gf_add_nr", "Adds limbwise, without carrying: the result is loose.",
                    "eval(out) == eval(a) + eval(b)", [("out", "gf_out"), ("a", "gf_in"), ("b", "gf_in")],
                    {"a": L.tight_max, "b": L.tight_max}, inline=True)
    b = Builder(L, f)
    x, y = _load_all(b, "a", "a"), _load_all(b, "b", "b")
    _store_all(b, "out", [b.let(f"c{i}", Add(x[i], y[i])) for i in range(L.limbs)])
    return f


def _sub_limbs(b, x, y):
    k, bias = sub_bias(b.L)
    return [b.let(f"c{i}", Sub(Add(x[i], Const(bias[i])), y[i]) if x is not None
                  else Sub(Const(bias[i]), y[i])) for i in range(b.L.limbs)]


def fn_sub_nr(L):
    k, _ = sub_bias(L)
    f = ir.Function("gf_sub_nr", f"Subtracts limbwise after adding {k}p, without carrying: the result is loose.",
                    f"eval(out) == eval(a) - eval(b) + {k}p", [("out", "gf_out"), ("a", "gf_in"), ("b", "gf_in")],
                    {"a": L.tight_max, "b": L.tight_max}, inline=True)
    b = Builder(L, f)
    x, y = _load_all(b, "a", "a"), _load_all(b, "b", "b")
    _store_all(b, "out", _sub_limbs(b, x, y))
    return f


def fn_add(L):
    f = ir.Function("gf_add", "Adds and carries.", "eval(out) mod p == (eval(a) + eval(b)) mod p",
                    [("out", "gf_out"), ("a", "gf_in"), ("b", "gf_in")],
                    {"a": L.tight_max, "b": L.tight_max}, inline=True)
    b = Builder(L, f)
    x, y = _load_all(b, "a", "a"), _load_all(b, "b", "b")
    s = [b.let(f"s{i}", Add(x[i], y[i])) for i in range(L.limbs)]
    _store_all(b, "out", _weak_reduce(b, s))
    return f


def fn_sub(L):
    k, bias = sub_bias(L)
    f = ir.Function("gf_sub", f"Subtracts (adding {k}p limbwise first) and carries.",
                    "eval(out) mod p == (eval(a) - eval(b)) mod p",
                    [("out", "gf_out"), ("a", "gf_in"), ("b", "gf_in")],
                    {"a": L.tight_max, "b": L.tight_max}, inline=True)
    b = Builder(L, f)
    x, y = _load_all(b, "a", "a"), _load_all(b, "b", "b")
    s = [b.let(f"s{i}", Sub(Add(x[i], Const(bias[i])), y[i])) for i in range(L.limbs)]
    _store_all(b, "out", _weak_reduce(b, s))
    return f


def fn_neg(L):
    k, bias = sub_bias(L)
    f = ir.Function("gf_neg", f"Negates ({k}p - a limbwise) and carries.",
                    "eval(out) mod p == -eval(a) mod p", [("out", "gf_out"), ("a", "gf_in")],
                    {"a": L.tight_max}, inline=True)
    b = Builder(L, f)
    x = _load_all(b, "a", "a")
    s = [b.let(f"s{i}", Sub(Const(bias[i]), x[i])) for i in range(L.limbs)]
    _store_all(b, "out", _weak_reduce(b, s))
    return f


# ---- multiplication ----------------------------------------------------

def _pack_column(b, name, groups, limit):
    """Accumulates the product groups of one output column into as few double
    words as the proof allows (first fit, each kept below `limit` so that
    carries can still be added). A group is a list of (sign, x, y): x*y added
    or subtracted together, so that a subtracted product always follows the
    larger products it cancels against. Returns the accumulator names."""
    accs = []
    for group in groups:
        for acc in accs + [None]:
            if acc is None:
                acc = f"{name}" if not accs else f"{name}_{len(accs)}"
                sign, x, y = group[0]
                assert sign > 0
                b.let(acc, Mul(x, y))
                rest = group[1:]
                accs.append(acc)
            else:
                e = b.v(acc)
                for sign, x, y in group:
                    e = (Add if sign > 0 else Sub)(e, Mul(x, y))
                try:
                    if b.hi(e) > limit:
                        continue
                except ir.BoundError:
                    continue
                rest = group
            for sign, x, y in rest:
                (b.add if sign > 0 else b.sub)(acc, Mul(x, y))
            break
    return accs


def _shared_columns(b, j, Aj, Ajh, Bj, Bjh, Cj, Cjh, limit, carry_lo=None, carry_hi=None):
    """Sums lo{j} = A_j + B_j + C_{j+h} - A_{j+h} and hi{j} = C_j + B_{j+h} +
    C_{j+h} - A_j, each a list of (sign, x, y), into one double word each.

    A_j and C_{j+h} appear in both: they are summed once, into sa{j} and
    sc{j}, and each sum is added to (or subtracted from) both columns. Fewer
    128-bit additions than adding each shared product to both accumulators
    (64 -> 48 + 14 in 8x56 gf_mul), and fewer values live at once: gcc 12
    -O2 -march=x86-64-v3 434 -> 383 instructions per 8x56 gf_mul, about
    63 -> 60 ticks; clang 14 372 -> 355 (gen_field.py has the table). Every subtraction comes last in its column,
    after the products it cancels against, so the analyzer proves it never
    goes below zero. Raises ir.BoundError if a sum could pass `limit`.
    carry_lo / carry_hi (Layout.mul_carry "next"): the carries out of the
    column pair below, the first terms of lo{j} and hi{j}."""
    def acc(name, first, prods):
        if first is None:
            sign, x, y = prods[0]
            b.let(name, Mul(x, y))
            prods = prods[1:]
        else:
            b.let(name, first)
        for sign, x, y in prods:
            (b.add if sign > 0 else b.sub)(name, Mul(x, y))
            if b.an.var_bounds[name][1] > limit:
                raise ir.BoundError(f"{name} over {limit:#x}")
        if b.an.var_bounds[name][1] > limit:
            raise ir.BoundError(f"{name} over {limit:#x}")
        return b.v(name)

    sa = acc(f"sa{j}", None, Aj)
    sc = acc(f"sc{j}", None, Cjh) if Cjh else None
    lo_first = Add(sa, sc) if sc is not None else sa
    if carry_lo is not None:
        lo_first = Add(carry_lo, lo_first)
    acc(f"lo{j}", lo_first, Bj + [(-s, x, y) for s, x, y in Ajh])
    hi_first = sc
    if carry_hi is not None:
        hi_first = carry_hi if sc is None else Add(carry_hi, sc)
    acc(f"hi{j}", hi_first, Cj + Bjh)
    b.sub(f"hi{j}", sa)
    if b.an.var_bounds[f"hi{j}"][1] > limit:
        raise ir.BoundError(f"hi{j} over {limit:#x}")


def _carry_step(b, lo, hi, j, c):
    """Carries output limbs j and j + n/2 (see _carry_wrap): keeps radix bits
    in c[j], c[j + n/2] and adds the rest to the accumulators of the next
    column, which must exist already."""
    L, h, r = b.L, b.L.half, b.L.radix
    for chain, accs, limb in (("lo", lo[j], j), ("hi", hi[j], j + h)):
        head = accs[0]
        with b.block(f"limb {limb} (2^{r * limb}): keep {r} bits, carry the rest into "
                     + (f"{chain}{j + 1}" if j + 1 < h else "the wrap below"),
                     vars=[head]):
            for extra in accs[1:]:
                b.add(head, Mask(b.v(extra), r))
            c[limb] = b.let(f"c{limb}", Lo(Mask(b.v(head), r)))
            carry = Shr(b.v(head), r)
            for extra in accs[1:]:
                carry = Add(carry, Shr(b.v(extra), r))
            word = _carry_in_word(b, carry)
            if j + 1 < h:
                b.add(lo[j + 1][0] if chain == "lo" else hi[j + 1][0], carry if word is None else Widen(word))
            else:
                b.let(f"carry_{chain}", carry if word is None else word)


def _carry_in_word(b, carry):
    """Layout.carry_word: the carry (a double word) as a word, Lo(carry), when
    the analyzer proves it fits one; else None (and always None without the
    choice). Adding a word to a double word is one addition and the carry
    into the upper word (adds, cinc on AArch64) where a double word is two
    (adds, adc) and its upper half a shift more (extr and lsr); the sum
    itself does not change."""
    if not b.L.carry_word or b.hi(carry) > b.L.word_max:
        return None
    return Lo(carry)


def _carry_wrap(b, c):
    """The carry chains after the column sums.

    lo[j], hi[j] (j < n/2) are the accumulators of output limbs j and
    j + n/2. Two chains run side by side, lo0 -> lo1 -> ... and hi0 -> hi1
    -> ...; the carry out of lo{n/2-1} has place 2^224 (limb n/2) and the
    carry out of hi{n/2-1} has place 2^448 = 2^224 + 1 (limbs 0 and n/2).
    Those two wrap into limbs n/2 and 0, whose carries go one limb further.
    Every output limb ends below 2^radix except limbs 1 and n/2 + 1, which
    keep a small carry (within tight_max).
    """
    h, r = b.L.half, b.L.radix
    with b.block(f"wrap: carry_lo has place 2^224 (limb {h}); carry_hi has place 2^448 = 2^224 + 1"
                 f" (limbs 0 and {h})", vars=["carry_phi", "carry_one"]):
        lo_c, hi_c = b.v("carry_lo"), b.v("carry_hi")
        phi = Add(Add(lo_c, hi_c), c[h]) if lo_c.ty == hi_c.ty == "w" else None
        if phi is not None and b.fits(phi) and b.fits(Add(hi_c, c[0])):
            # both carries are words (Layout.carry_word) and so are their sums
            b.let("carry_phi", phi)
            b.let("carry_one", Add(hi_c, c[0]))
            c[h] = b.let(f"c{h}_", Mask(b.v("carry_phi"), r))
            c[0] = b.let("c0_", Mask(b.v("carry_one"), r))
            b.add(f"c{h + 1}", Shr(b.v("carry_phi"), r))
            b.add("c1", Shr(b.v("carry_one"), r))
            c[1], c[h + 1] = b.v("c1"), b.v(f"c{h + 1}")
            return c
        lo_c = lo_c if lo_c.ty == "d" else Widen(lo_c)
        hi_c = hi_c if hi_c.ty == "d" else Widen(hi_c)
        b.let("carry_phi", Add(Add(lo_c, hi_c), Widen(c[h])))
        b.let("carry_one", Add(hi_c, Widen(c[0])))
        c[h] = b.let(f"c{h}_", Lo(Mask(b.v("carry_phi"), r)))
        c[0] = b.let("c0_", Lo(Mask(b.v("carry_one"), r)))
        b.add(f"c{h + 1}", Lo(Shr(b.v("carry_phi"), r)))
        b.add("c1", Lo(Shr(b.v("carry_one"), r)))
        c[1], c[h + 1] = b.v("c1"), b.v(f"c{h + 1}")
    return c


def fn_mul(L, square=False):
    """gf_mul / gf_sqr: Karatsuba on the golden-ratio halves.

    With phi = 2^224, a = a0 + a1 phi, b = b0 + b1 phi (halves of n/2 limbs
    each, read as polynomials in x = 2^radix with x^(n/2) = phi):
        a b = a0 b0 + (a0 b1 + a1 b0) phi + a1 b1 phi^2
            = (a0 b0 + a1 b1) + ((a0 + a1)(b0 + b1) - a0 b0) phi   (phi^2 = phi + 1)
    Let A = a0 b0, B = a1 b1, C = (a0 + a1)(b0 + b1) as polynomials of degree
    n - 2 in x, X = A + B, Y = C - A; then ab = X + Y phi, and folding the
    upper halves of X and Y (x^(n/2) = phi again) gives, for j < n/2,
        limb j       : A_j + B_j + (C - A)_{j+n/2}
        limb j + n/2 : (C - A)_j + B_{j+n/2} + C_{j+n/2}
    (Hamburg 2015, section 2.1; the same identity as libdecaf's p448 mul).
    3 (n/2)^2 products instead of n^2, and every (C - A) coefficient is a sum
    of nonnegative monomials, which the analyzer proves.
    For a square, x_i x_k (i != k) appears twice: one product of 2 x_i.
    """
    n, h, r = L.limbs, L.half, L.radix
    if square:
        f = ir.Function("gf_sqr", "Squares, by Karatsuba on the halves a0 + a1 phi (phi = 2^224).",
                        "eval(out) mod p == eval(a)^2 mod p", [("out", "gf_out"), ("a", "gf_in")],
                        {"a": L.loose_max})
    else:
        f = ir.Function("gf_mul", "Multiplies, by Karatsuba on the halves a0 + a1 phi (phi = 2^224).",
                        "eval(out) mod p == eval(a) * eval(b) mod p",
                        [("out", "gf_out"), ("a", "gf_in"), ("b", "gf_in")],
                        {"a": L.loose_max, "b": L.loose_max})
    b = Builder(L, f)
    if L.mul_operands_in_memory and square and L.sqr_double_cross:
        _sqr_doubled(b)
        return f
    if L.mul_operands_in_memory and (L.sqr_pairs_per_block if square else L.mul_pairs_per_block) > 1:
        _mul_blocked(b, square)
        return f
    if L.mul_operands_in_memory:
        _mul_from_memory(b, square)
        return f
    a = _load_all(b, "a", "a")
    bb = a if square else _load_all(b, "b", "b")
    with b.block("the sums of the halves, a0 + a1" + ("" if square else " and b0 + b1"),
                 vars=[f"aa{i}" for i in range(h)]):
        aa = [b.let(f"aa{i}", Add(a[i], a[i + h])) for i in range(h)]
        sb = aa if square else [b.let(f"bb{i}", Add(bb[i], bb[i + h])) for i in range(h)]
    if square:
        with b.block("doubled limbs for the off-diagonal products",
                     vars=[f"ad{i}" for i in range(h - 1)] + [f"aad{i}" for i in range(h - 1)]):
            ad = [b.let(f"ad{i}", Add(a[i], a[i])) for i in range(h - 1)]
            aad = [b.let(f"aad{i}", Add(aa[i], aa[i])) for i in range(h - 1)]

    def pairs(col):
        """(i, k) with i + k == col within one half; for squares i <= k."""
        return [(i, col - i) for i in range(h) if 0 <= col - i < h and (not square or i <= col - i)]

    def prod(x, y, xd, i, k):
        # x_i y_k (and its mirror image for squares)
        if square and i != k:
            return xd[i], y[k]
        return x[i], y[k]

    a1 = a[h:]
    b1 = bb[h:]
    ad1 = [None] * h
    if square:
        with b.block("doubled upper limbs", vars=[f"ad{i + h}" for i in range(h - 1)]):
            ad1 = [b.let(f"ad{i + h}", Add(a1[i], a1[i])) for i in range(h - 1)]
    else:
        ad, aad = None, None

    def A(col):
        return [[(1, *prod(a, bb, ad, i, k))] for i, k in pairs(col)]

    def B(col):
        return [[(1, *prod(a1, b1, ad1, i, k))] for i, k in pairs(col)]

    def C(col):
        return [[(1, *prod(aa, sb, aad, i, k))] for i, k in pairs(col)]

    def CminusA(col):
        return [[(1, *prod(aa, sb, aad, i, k)), (-1, *prod(a, bb, ad, i, k))] for i, k in pairs(col)]

    limit = L.dword_max - (L.dword_max >> 4)     # leave 1/16 of the word for carries
    if L.mul_carry == "next" and f.name not in L.parallel_carry:
        _mul_carry_next(b, A, B, C, limit)
        return f
    lo_accs, hi_accs = [], []
    c = [None] * n
    for j in range(h):
        with b.block(f"column sums of limbs {j} and {j + h}: "
                     f"lo{j} = A{j} + B{j} + (C - A){j + h}, hi{j} = (C - A){j} + B{j + h} + C{j + h}",
                     vars=[f"lo{j}", f"hi{j}"]):
            # Preferred: one accumulator each, the shared sums A_j and
            # C_{j+h} made once (_shared_columns).
            snap = b.snapshot()
            try:
                _shared_columns(b, j, [g[0] for g in A(j)], [g[0] for g in A(j + h)],
                                [g[0] for g in B(j)], [g[0] for g in B(j + h)],
                                [g[0] for g in C(j)], [g[0] for g in C(j + h)], limit)
                lo_accs.append([f"lo{j}"])
                hi_accs.append([f"hi{j}"])
            except ir.BoundError:
                # Too big for one double word (16x28's upper columns): the
                # sums go to as many accumulators as the proof needs.
                b.restore(snap)
                lo_accs.append(_pack_column(b, f"lo{j}", A(j) + B(j) + CminusA(j + h), limit))
                hi_accs.append(_pack_column(b, f"hi{j}", CminusA(j) + B(j + h) + C(j + h), limit))
        _carry_column(b, lo_accs, hi_accs, j, c)
    _store_all(b, "out", _carry_last(b, lo_accs, hi_accs, c))
    return f


def _mul_carry_next(b, A, B, C, limit):
    """fn_mul's column sums with Layout.mul_carry "next": the carries out of
    column pair j are the first terms of lo{j+1} and hi{j+1}, so only one
    column pair is live at a time (the default, "lag", carries pair j after
    pair j + 1 is summed, two pairs live). Every column must fit one double
    word (_shared_columns); the last pair's carries wrap as in _carry_wrap."""
    L = b.L
    h, r = L.half, L.radix
    c = [None] * L.limbs
    carry_lo = carry_hi = None
    for j in range(h):
        with b.block(f"column sums of limbs {j} and {j + h}, the carries of limbs {j - 1} and {j + h - 1} first: "
                     f"lo{j} = A{j} + B{j} + (C - A){j + h}, hi{j} = (C - A){j} + B{j + h} + C{j + h}"
                     if j else f"column sums of limbs {j} and {j + h}: "
                     f"lo{j} = A{j} + B{j} + (C - A){j + h}, hi{j} = (C - A){j} + B{j + h} + C{j + h}",
                     vars=[f"lo{j}", f"hi{j}"]):
            _shared_columns(b, j, [g[0] for g in A(j)], [g[0] for g in A(j + h)],
                            [g[0] for g in B(j)], [g[0] for g in B(j + h)],
                            [g[0] for g in C(j)], [g[0] for g in C(j + h)], limit,
                            carry_lo=carry_lo, carry_hi=carry_hi)
        if j + 1 < h:
            with b.block(f"limbs {j} and {j + h}: keep {r} bits; the rest is the first term of "
                         f"lo{j + 1} and hi{j + 1}"):
                carry_lo, carry_hi = _keep_radix(b, c, j, f"lo{j}", f"hi{j}")
            carry_lo, carry_hi = [x if w is None else Widen(w)
                                  for x, w in ((carry_lo, _carry_in_word(b, carry_lo)),
                                               (carry_hi, _carry_in_word(b, carry_hi)))]
    _carry_step(b, [None] * (h - 1) + [[f"lo{h - 1}"]], [None] * (h - 1) + [[f"hi{h - 1}"]], h - 1, c)
    _store_all(b, "out", _carry_wrap(b, c))


def _carry_column(b, lo, hi, j, c):
    """The carries due once column pair j is summed: its split
    (_carry_split) for the routines of the layout's parallel_carry, else the
    serial step of the previous column pair (_carry_step), so that at most
    two column pairs are live."""
    if b.fn.name in b.L.parallel_carry:
        _carry_split(b, lo, hi, j)
    elif j:
        _carry_step(b, lo, hi, j - 1, c)


def _carry_last(b, lo, hi, c):
    """The carries after the last column pair; returns the output limbs."""
    if b.fn.name in b.L.parallel_carry:
        return _carry_parallel(b)
    _carry_step(b, lo, hi, b.L.half - 1, c)
    return _carry_wrap(b, c)


def _carry_split(b, lo, hi, j):
    """Carries for layouts with parallel_carry, first round (see
    _carry_parallel): splits the accumulators of column pair j, as soon as
    they exist, into their low radix bits l{j} and the rest k{j} (one word:
    a column sum is below 2^(radix + word bits)), and adds to each low part
    the carry k of the limb below it once that is known."""
    h, r = b.L.half, b.L.radix
    for accs, limb in ((lo[j], j), (hi[j], j + h)):
        if len(accs) != 1:
            raise ir.BoundError(f"parallel carries need one accumulator per column, column {limb} has {len(accs)}")
        with b.block(f"limb {limb} (2^{r * limb}): low {r} bits and the carry out, split", vars=[f"k{limb}"]):
            b.let(f"l{limb}", Lo(Mask(b.v(accs[0]), r)))
            b.let(f"k{limb}", Lo(Shr(b.v(accs[0]), r)))
    # t{i} = l{i} + k{i - 1} for every limb i whose neighbour below is done;
    # limbs 0 and n/2 wait for the wrapped carries (_carry_parallel)
    for limb in (j, j + h):
        if limb % h:
            b.let(f"t{limb}", Add(b.v(f"l{limb}"), b.v(f"k{limb - 1}")))


def _carry_parallel(b):
    """The carries of gf_mul / gf_sqr / gf_mulw in two parallel rounds, for
    the routines that a layout's parallel_carry names.

    The serial chain (_carry_step) is one carry (shrd, add, adc on x86-64)
    per limb in depth, and its end, the wrap into limbs 0 and n/2, comes
    after the last products, while the next multiplication needs all of the
    limbs. Two rounds over all limbs at once take two carries in depth:
      round 1 (_carry_split): t_i = (acc_i mod 2^r) + (acc_{i-1} >> r), a
        word, with the carries out of limbs n/2 - 1 (place 2^224) and n - 1
        (place 2^448 = 2^224 + 1) wrapped into limbs n/2 and 0;
      round 2: c_i = (t_i mod 2^r) + (t_{i-1} >> r), wrapped the same way;
        t < 2^word_bits, so each c_i is within 2^r + 2^(word_bits - r + 1).
    A few more instructions than the chain (a second mask, shift and add per
    limb), and a multiplication ends a few cycles after its last product.
    Measured on x86-64 (gcc 12 -O2 -march=x86-64-v3, 8x56, median ticks of
    dependent calls / of four independent chains):
      gf_sqr: 48.3 / 43.3 with the chain, 44.7 / 43.3 in two rounds: the
        dependent squarings of gf_invert and gf_isr gain 7%, so gf_sqr
        (layouts.py) uses it;
      gf_mulw: 26.8 / 16.9 with the chain, 18.7 / 16.7 in two rounds (and
        4 instructions fewer), so it uses it too;
      gf_mul: 63 / 61 with the chain, 66 / 65 in two rounds (386 -> 444
        instructions: gcc spills the carries it keeps); a multiplication is
        limited by its instruction count, not its latency, so gf_mul keeps
        the chain.
    """
    n, h, r = b.L.limbs, b.L.half, b.L.radix
    with b.block(f"wrap: the carry out of limb {n - 1} (2^448 = 2^224 + 1) goes to limbs 0 and {h},"
                 f" the carry out of limb {h - 1} to limb {h}", vars=["t0", f"t{h}"]):
        b.let("t0", Add(b.v("l0"), b.v(f"k{n - 1}")))
        b.let(f"t{h}", Add(Add(b.v(f"l{h}"), b.v(f"k{h - 1}")), b.v(f"k{n - 1}")))
    c = [None] * n
    with b.block("second round: every limb keeps its low bits and takes the small carry of the one below",
                 vars=[f"c{i}" for i in range(n)]):
        for i in range(n):
            e = Add(Mask(b.v(f"t{i}"), r), Shr(b.v(f"t{(i - 1) % n}"), r))
            if i == h:
                e = Add(e, Shr(b.v(f"t{n - 1}"), r))
            c[i] = b.let(f"c{i}", e)
    return c


def _sum_products(b, name, ps, init=None):
    """Lets name = init + the products ps (pairs (x, y), added with wrap), or
    the first product + the others when init is None; returns name, or None
    (and lets nothing) when there is neither. For the column sums of
    _mul_from_memory and _sqr_doubled."""
    if not ps and init is None:
        return None
    if init is None:
        b.let(name, Mul(*ps[0]))
        ps = ps[1:]
    else:
        b.let(name, init)
    for x, z in ps:
        b.add(name, Mul(x, z), wrap=True)
    return name


def _sum_in_order(b, products):
    """Sums the products (accumulator, x, y) in their order, each into its
    accumulator: let at its first product, added with wrap after. Returns
    the set of accumulators started (_blocked_columns, _sqr_doubled)."""
    started = set()
    for acc, x, z in products:
        if acc in started:
            b.add(acc, Mul(x, z), wrap=True)
        else:
            b.let(acc, Mul(x, z))
            started.add(acc)
    return started


def _keep_radix(b, c, j, lo, hi):
    """Output limbs j and j + n/2 of a column pair summed one at a time:
    c[j], c[j + n/2] = the low radix bits of the double words lo and hi
    (names); returns what is left of each, (lo >> radix, hi >> radix), the
    carries into the next column pair (_mul_carry_next, _mul_from_memory,
    _sqr_doubled)."""
    h, r = b.L.half, b.L.radix
    c[j] = b.let(f"c{j}", Lo(Mask(b.v(lo), r)))
    c[j + h] = b.let(f"c{j + h}", Lo(Mask(b.v(hi), r)))
    return Shr(b.v(lo), r), Shr(b.v(hi), r)


def _mul_from_memory(b, square):
    """gf_mul / gf_sqr for layouts with few registers (16x28 on 32-bit CPUs).

    The same column sums as fn_mul, in a shape that a compiler can keep in
    a dozen 32-bit registers:
      - the input limbs stay in memory (`bind`) and the half sums (and, for
        squares, the doubled limbs) go to a small local struct; every product
        reads its two operands where they are, and a compiler barrier before
        each column pair keeps the compiler from loading every operand once
        and spilling it. Within a column pair every operand is used once, so
        the barrier costs no load, and a product is two loads and one
        multiply-accumulate (umlal on ARM).
      - one column pair at a time: the products go straight into lo{j} and
        hi{j}, except the three sums shared or subtracted, which get their
        own accumulator: sa{j} = A_j (added to lo{j}, subtracted from hi{j}),
        sc{j} = C_{j+h} (added to both) and sd{j} = A_{j+h} (subtracted
        from sc{j} before it goes to lo{j}); at most four double words live.
      - the carries out of column pair j are the first terms of lo{j+1} and
        hi{j+1}, so no two column pairs are ever live together.
      - hi{j} of the lower columns can exceed 2^64 with loose inputs (38
        products of up to 2^59.2 and 2^61.2): before sc{j} is added, the
        high word of hi{j} (place 2^32 = 16 * 2^28) is set aside in hx{j}
        and goes into hi{j+1} with the carry, so every double word holds.
      - the sums are added with wrap (gen/ir.py): hi7 = C_7 - A_7 passes
        2^64 on the way (8 products of up to 2^61.2) and is exact again,
        as the analyzer proves, when its carry is taken.
    Measurements and what was tried: gen/gen_field.py.
    """
    L = b.L
    n, h, r = L.limbs, L.half, L.radix
    if b.fn.name in L.parallel_carry:
        raise ir.BoundError(f"{L.name}: parallel_carry is not implemented for the from-memory {b.fn.name}")
    a = [b.bind(f"a{i}", "a", i) for i in range(n)]
    y = a if square else [b.bind(f"b{i}", "b", i) for i in range(n)]
    fields = [("aa", h)] + ([("ad", 2 * (h - 1)), ("aad", h - 1)] if square else [("bb", h)])
    b.scratch("mem", fields)
    with b.block("the sums of the halves, a0 + a1" + ("" if square else " and b0 + b1")
                 + ", in memory"):
        aa = [b.put("mem.aa", i, Add(a[i], a[i + h])) for i in range(h)]
        yy = aa if square else [b.put("mem.bb", i, Add(y[i], y[i + h])) for i in range(h)]
    ad = ad1 = aad = None
    if square:
        with b.block("doubled limbs for the off-diagonal products, in memory"):
            ad = [b.put("mem.ad", i, Add(a[i], a[i])) for i in range(h - 1)]
            ad1 = [b.put("mem.ad", i + h - 1, Add(a[i + h], a[i + h])) for i in range(h - 1)]
            aad = [b.put("mem.aad", i, Add(aa[i], aa[i])) for i in range(h - 1)]

    def prods(x, yv, xd, col):
        out = []
        for i in range(h):
            k = col - i
            if 0 <= k < h and (not square or i <= k):
                out.append((xd[i] if square and i != k else x[i], yv[k]))
        return out

    A = lambda col: prods(a[:h], y[:h], ad, col)
    B = lambda col: prods(a[h:], y[h:], ad1, col)
    C = lambda col: prods(aa, yy, aad, col)

    def acc(name, init, ps):
        """name = init + the products ps (a new accumulator, or None)."""
        name = _sum_products(b, name, ps, init)
        return None if name is None else b.v(name)

    c = [None] * n
    carry_lo = carry_hi = None
    for j in range(h):
        with b.block(f"column pair {j}, {j + h}: lo{j} = A{j} + B{j} + (C - A){j + h}, "
                     f"hi{j} = (C - A){j} + B{j + h} + C{j + h}", vars=[f"lo{j}", f"hi{j}"]):
            b.barrier("mem")
            hx = None
            sa = acc(f"sa{j}", None, A(j))
            lo = acc(f"lo{j}", sa if carry_lo is None else Add(carry_lo, sa), B(j))
            hi = acc(f"hi{j}", carry_hi, C(j))
            b.sub(hi.k, sa, wrap=True)
            for x, z in B(j + h):
                b.add(hi.k, Mul(x, z), wrap=True)
            sc = acc(f"sc{j}", None, C(j + h))
            if sc is not None:
                sd = acc(f"sd{j}", None, A(j + h))
                if not b.fits(Add(b.v(hi.k), sc)):
                    hx = b.let(f"hx{j}", Lo(Shr(b.v(hi.k), L.word_bits)))
                    b.set(hi.k, Mask(b.v(hi.k), L.word_bits))
                b.add(hi.k, sc, wrap=True)
                if b.fn.name in L.hide_subtrahend:
                    b.hide(sd.k)
                b.sub(sc.k, sd, wrap=True)
                b.add(lo.k, b.v(sc.k), wrap=True)
        with b.block(f"limbs {j} and {j + h}: keep {r} bits, carry the rest into "
                     + (f"lo{j + 1} and hi{j + 1}" if j + 1 < h else "the wrap below")
                     + (f" (with hx{j} * 2^{L.word_bits - r})" if hx is not None else "")):
            carry_lo, carry_hi = _keep_radix(b, c, j, lo.k, hi.k)
            if hx is not None:
                carry_hi = Add(carry_hi, Shl(Widen(hx), L.word_bits - r))
            if j + 1 == h:
                b.let("carry_lo", carry_lo)
                b.let("carry_hi", carry_hi)
    _carry_wrap(b, c)
    _store_all(b, "out", c)


# ---- 16x28 on ARM: column pairs in blocks (layouts.py mul_pairs_per_block) ----

def _mul_blocked(b, square):
    """gf_mul for layouts with few registers, the column pairs in blocks of
    L.mul_pairs_per_block (L.sqr_pairs_per_block for gf_sqr).

    The column sums of _mul_from_memory, with the operands still in memory
    and one compiler barrier per block, but the products of the column pairs
    of one block interleaved so that every operand loaded serves two
    products. Column t of a half product (A = a0 b0, B = a1 b1, C = (a0 +
    a1)(b0 + b1)), folded at x^(n/2), pairs x_i with y_((t - i) mod n/2):
    the product goes to column t when i <= t, to column t + n/2 otherwise.
    For the columns t and t + 1 the products are taken in the order
        x_i y_(t+1-i), x_i y_(t-i), x_(i+1) y_(t-i), x_(i+1) y_(t-i-1), ...
    so consecutive products share x_i or y_(t-i), and the compiler (which
    keeps a value loaded between two barriers in a register) loads about one
    operand per multiply-accumulate instead of two: 2 n/2 + 1 loads for the
    2 n/2 products of a group and a block of two column pairs, against 4 n/2.
    The accumulators of each column pair t are those of _mul_from_memory:
    lo{t} (B_t), hi{t} (C_t and B_(t+n/2)), sa{t} = A_t (added to lo{t},
    subtracted from hi{t}), sc{t} = C_(t+n/2) (added to both) and sd{t} =
    A_(t+n/2) (subtracted from sc{t}); L.mul_group_order says in which order
    the three groups of products are taken. Once a block's products are
    summed, each pair takes the carry of the one below, is combined and
    carried as in _mul_from_memory (hx{t} when hi{t} could pass 2^64), all
    sums with wrap. Measurements: the header of generated/p448_16x28arm/.
    """
    L = b.L
    n, h, r = L.limbs, L.half, L.radix
    if square:
        return _sqr_blocked(b)
    a = [b.bind(f"a{i}", "a", i) for i in range(n)]
    y = [b.bind(f"b{i}", "b", i) for i in range(n)]
    b.scratch("mem", [("aa", h), ("bb", h)])
    with b.block("the sums of the halves, a0 + a1 and b0 + b1, in memory"):
        aa = [b.put("mem.aa", i, Add(a[i], a[i + h])) for i in range(h)]
        yy = [b.put("mem.bb", i, Add(y[i], y[i + h])) for i in range(h)]
    groups = {"A": (a[:h], y[:h], "sa", "sd"), "B": (a[h:], y[h:], "lo", "hi"),
              "C": (aa, yy, "hi", "sc")}

    def products(ts, g):
        """(target accumulator, x, y) of group g for the columns ts, in the
        zigzag order above."""
        x, yv, low, high = groups[g]
        out = []
        for i in range(h):
            for t in reversed(ts):
                out.append((f"{low if i <= t else high}{t}", x[i], yv[(t - i) % h]))
        return out

    _blocked_columns(b, lambda ts: [p for g in L.mul_group_order for p in products(ts, g)])


def _blocked_columns(b, block_products):
    """The blocks of column pairs of _mul_blocked / _sqr_blocked:
    block_products(ts) gives the products (accumulator, x, y) of the column
    pairs ts in the order they are summed; then each pair is combined and
    carried (_mul_blocked)."""
    L = b.L
    n, h, r = L.limbs, L.half, L.radix
    bs = L.sqr_pairs_per_block if b.fn.name == "gf_sqr" else L.mul_pairs_per_block
    c = [None] * n
    carry = None
    for j0 in range(0, h, bs):
        ts = list(range(j0, min(j0 + bs, h)))
        with b.block(f"column pairs {', '.join(f'{t}/{t + h}' for t in ts)}: lo{{t}} = A{{t}} + B{{t}} + "
                     f"(C - A){{t+{h}}}, hi{{t}} = (C - A){{t}} + B{{t+{h}}} + C{{t+{h}}}, the products of "
                     "the pairs interleaved", vars=[f"{k}{t}" for t in ts for k in ("lo", "hi")]):
            b.barrier("mem")
            started = _sum_in_order(b, block_products(ts))
            for t in ts:
                lo, hi, sa, sc, sd = (f"{k}{t}" for k in ("lo", "hi", "sa", "sc", "sd"))
                if carry is not None:
                    b.add(lo, carry[0], wrap=True)
                    b.add(hi, carry[1], wrap=True)
                b.add(lo, b.v(sa), wrap=True)
                b.sub(hi, b.v(sa), wrap=True)
                hx = None
                if sc in started:
                    if not b.fits(Add(b.v(hi), b.v(sc))):
                        hx = b.let(f"hx{t}", Lo(Shr(b.v(hi), L.word_bits)))
                        b.set(hi, Mask(b.v(hi), L.word_bits))
                    b.add(hi, b.v(sc), wrap=True)
                    if b.fn.name in L.hide_subtrahend:
                        b.hide(sd)
                    b.sub(sc, b.v(sd), wrap=True)
                    b.add(lo, b.v(sc), wrap=True)
                c[t] = b.let(f"c{t}", Lo(Mask(b.v(lo), r)))
                c[t + h] = b.let(f"c{t + h}", Lo(Mask(b.v(hi), r)))
                carry_hi = Shr(b.v(hi), r)
                if hx is not None:
                    carry_hi = Add(carry_hi, Shl(Widen(hx), L.word_bits - r))
                carry = (Shr(b.v(lo), r), carry_hi)
    b.let("carry_lo", carry[0])
    b.let("carry_hi", carry[1])
    _carry_wrap(b, c)
    _store_all(b, "out", c)


def _sqr_blocked(b):
    """gf_sqr in the blocks of _mul_blocked: the products of _mul_from_memory's
    square (x_i x_k once for i <= k, by the doubled limb 2 x_i when i < k,
    doubled limbs and half sums in memory), in the zigzag order of
    _mul_blocked restricted to i <= k: two consecutive products still share
    an operand, the diagonal one a_i and not 2 a_i."""
    L = b.L
    n, h = L.limbs, L.half
    a = [b.bind(f"a{i}", "a", i) for i in range(n)]
    b.scratch("mem", [("aa", h), ("ad", 2 * (h - 1)), ("aad", h - 1)])
    with b.block("the sums of the halves, a0 + a1, in memory"):
        aa = [b.put("mem.aa", i, Add(a[i], a[i + h])) for i in range(h)]
    with b.block("doubled limbs for the off-diagonal products, in memory"):
        ad = [b.put("mem.ad", i, Add(a[i], a[i])) for i in range(h - 1)]
        ad1 = [b.put("mem.ad", i + h - 1, Add(a[i + h], a[i + h])) for i in range(h - 1)]
        aad = [b.put("mem.aad", i, Add(aa[i], aa[i])) for i in range(h - 1)]
    groups = {"A": (a[:h], ad, "sa", "sd"), "B": (a[h:], ad1, "lo", "hi"), "C": (aa, aad, "hi", "sc")}

    def products(ts, g):
        x, xd, low, high = groups[g]
        out = []
        for i in range(h):
            for t in reversed(ts):
                k = (t - i) % h
                if i <= k:
                    out.append((f"{low if i <= t else high}{t}", xd[i] if i != k else x[i], x[k]))
        return out

    _blocked_columns(b, lambda ts: [p for g in L.mul_group_order for p in products(ts, g)])


def _sqr_doubled(b):
    """gf_sqr for layouts with few registers (layouts.py sqr_double_cross):
    the cross products once and the sums doubled, in place of doubled limbs.

    The column sums of _mul_from_memory's square, one column pair j at a
    time with the operands in memory, but each x_i x_k (i < k) is a product
    of the limbs themselves: the cross products of lo{j} and hi{j} (with
    sa{j}, sc{j}, sd{j} combined as in _mul_from_memory) are summed, the sum
    doubled (lo += lo), and only then the squares x_m^2 and the carry of the
    pair below added. So no doubled limbs are stored (gf_sqr of 16x28 keeps
    22 of them and 7 doubled half sums in memory), and a square is one load.
    The squares that a column takes with a minus sign come as a difference
    of squares, a product of nonnegative terms:
        (a_m + a_(m+h))^2 - a_m^2 = a_(m+h) (aa_m + a_m),  aa_m = a_m + a_(m+h).
    With sqr_pairs_per_block > 1 the cross products of a block of column
    pairs are taken in the zigzag order of _mul_blocked (plain limbs: the
    squares no longer break the chain of shared operands).
    When hi{j} could pass 2^64, its cross sum is split at bit 32 before the
    doubling: hx{j}, the high word, has place 2^33 once doubled and goes into
    the carry (hx{j} << 5), as in _mul_from_memory.
    """
    L = b.L
    n, h, r = L.limbs, L.half, L.radix
    a = [b.bind(f"a{i}", "a", i) for i in range(n)]
    b.scratch("mem", [("aa", h)])
    with b.block("the sums of the halves, a0 + a1, in memory"):
        aa = [b.put("mem.aa", i, Add(a[i], a[i + h])) for i in range(h)]
    a0, a1 = a[:h], a[h:]

    def cross(x, col):
        return [(x[i], x[col - i]) for i in range(h) if 0 <= col - i < h and i < col - i]

    groups = {"A": (a0, "sa", "sd"), "B": (a1, "lo", "hi"), "C": (aa, "hi", "sc")}

    def zigzag(ts, g):
        """The cross products of group g for the column pairs ts, in the
        order of _mul_blocked (consecutive products share an operand)."""
        x, low, high = groups[g]
        out = []
        for i in range(h):
            for t in reversed(ts):
                k = (t - i) % h
                if i < k:
                    out.append((f"{low if i <= t else high}{t}", x[i], x[k]))
        return out

    c = [None] * n
    carry = None
    bs = L.sqr_pairs_per_block
    for j0 in range(0, h, bs):
        ts = list(range(j0, min(j0 + bs, h)))
        with b.block(f"column pairs {', '.join(f'{t}/{t + h}' for t in ts)}: the cross products of "
                       f"lo{{t}} = A{{t}} + B{{t}} + (C - A){{t+{h}}} and hi{{t}} = (C - A){{t}} + B{{t+{h}}} + "
                       f"C{{t+{h}}}, doubled, then the squares and the carries",
                       vars=[f"{k}{t}" for t in ts for k in ("lo", "hi")]):
            b.barrier("mem")
            if bs == 1:
                j = ts[0]
                order = ([(f"sa{j}", x, z) for x, z in cross(a0, j)] + [(f"sd{j}", x, z) for x, z in cross(a0, j + h)]
                         + [(f"sc{j}", x, z) for x, z in cross(aa, j + h)] + [(f"lo{j}", x, z) for x, z in cross(a1, j)]
                         + [(f"hi{j}", x, z) for x, z in cross(aa, j) + cross(a1, j + h)])
            else:
                order = [p for g in L.mul_group_order for p in zigzag(ts, g)]
            started = _sum_in_order(b, order)
            for j in ts:
                sa, sd, sc, lo, hi = (f"{k}{j}" if f"{k}{j}" in started else None
                                      for k in ("sa", "sd", "sc", "lo", "hi"))
                parts = [(lo, "lo", [(sa, 1), (sc, 1), (sd, -1)]), (hi, "hi", [(sc, 1), (sa, -1)])]
                names = {}
                for have, k, terms in parts:
                    for t, sign in terms:
                        if t is None:
                            continue
                        if have is None:
                            if sign < 0:
                                raise ir.BoundError(f"{b.fn.name}: {k}{j} would start with a subtraction")
                            have = _sum_products(b, f"{k}{j}", [], b.v(t))
                        elif sign > 0:
                            b.add(have, b.v(t), wrap=True)
                        else:
                            b.sub(have, b.v(t), wrap=True)
                    names[k] = have
                # squares: x_m^2 at column 2m (lo: A_j, B_j and (C - A)_(j+h); hi: (C - A)_j,
                # B_(j+h) and C_(j+h)), as products of nonnegative terms
                sq_lo, sq_hi = [], []
                if j % 2 == 0:
                    m, M = j // 2, (j + h) // 2
                    sq_lo = [(a0[m], a0[m]), (a1[m], a1[m]), (a1[M], Add(aa[M], a0[M]))]
                    sq_hi = [(a1[m], Add(aa[m], a0[m])), (a1[M], a1[M]), (aa[M], aa[M])]
                snap = b.snapshot()
                for split in (False, True):
                    try:
                        hx = None
                        out = {}
                        for k, sqs, cin in (("lo", sq_lo, 0), ("hi", sq_hi, 1)):
                            name = names[k]
                            if name is None:
                                name = _sum_products(b, f"{k}{j}", sqs[:1])
                                sqs = sqs[1:]
                            else:
                                if split and k == "hi":
                                    hx = b.let(f"hx{j}", Lo(Shr(b.v(name), L.word_bits)))
                                    b.set(name, Mask(b.v(name), L.word_bits))
                                b.add(name, b.v(name), wrap=True)
                            for x, z in sqs:
                                b.add(name, Mul(x, z), wrap=True)
                            if carry is not None:
                                b.add(name, carry[cin], wrap=True)
                            out[k] = name
                        carry_lo, carry_hi = _keep_radix(b, c, j, out["lo"], out["hi"])
                        if hx is not None:      # hx{j} doubled: place 2^(word_bits + 1)
                            carry_hi = Add(carry_hi, Shl(Widen(hx), L.word_bits + 1 - r))
                        new_carry = (carry_lo, carry_hi)
                        b.hi(new_carry[0])
                        b.hi(new_carry[1])
                        break
                    except ir.BoundError:
                        if split:
                            raise
                        b.restore(snap)
                carry = new_carry
    b.let("carry_lo", carry[0])
    b.let("carry_hi", carry[1])
    _carry_wrap(b, c)
    _store_all(b, "out", c)


def fn_mulw(L):
    n, h, r = L.limbs, L.half, L.radix
    f = ir.Function("gf_mulw", "Multiplies by a small constant w.",
                    "eval(out) mod p == eval(a) * w mod p",
                    [("out", "gf_out"), ("a", "gf_in"), ("w", "u32")],
                    {"a": L.loose_max, "w": L.mulw_max})
    b = Builder(L, f)
    a = _load_all(b, "a", "a")
    w = b.loadw("wv", "w")
    lo, hi = [], []
    c = [None] * n
    for j in range(h):
        lo.append([b.let(f"lo{j}", Mul(a[j], w)).k])
        hi.append([b.let(f"hi{j}", Mul(a[j + h], w)).k])
        _carry_column(b, lo, hi, j, c)
    _store_all(b, "out", _carry_last(b, lo, hi, c))
    return f


# ---- canonical form ----------------------------------------------------

def _strong_reduce(b, x):
    """Canonical limbs of V = eval(x), for 0 <= V < 2p (checked here).

    Two carry chains run side by side: v = V and w = V + 2^224 + 1 = V - p +
    2^448, each fully carried so that every limb is below 2^radix. The carry
    out of w's top limb is 1 exactly when V >= p; then V - p = w - 2^448
    (in [0, p) because V < 2p), otherwise V < p < 2^448 and v is exact.
    Returns (limbs, bit): bit is that carry (1 when V >= p).
    """
    L, n, r = b.L, b.L.limbs, b.L.radix
    vmax = sum(b.hi(x[i]) << (r * i) for i in range(n))
    if vmax >= 2 * prime.P:
        raise ir.BoundError(f"{b.fn.name}: input could be >= 2p ({vmax:#x})")
    with b.block("carry V and W = V + 2^224 + 1 = V - p + 2^448 through every limb",
                 vars=["v_carry", "w_carry"]):
        vl, wl = [], []
        for i in range(n):
            ve = x[i] if i == 0 else Add(x[i], b.v("v_carry"))
            we = x[i]
            if i == 0 or i == L.half:
                we = Add(we, Const(1))
            if i:
                we = Add(we, b.v("w_carry"))
            tv = b.let(f"vt{i}", ve)
            tw = b.let(f"wt{i}", we)
            vl.append(b.let(f"v{i}", Mask(tv, r)))
            wl.append(b.let(f"w{i}", Mask(tw, r)))
            if i + 1 < n:
                if i == 0:
                    b.let("v_carry", Shr(tv, r))
                    b.let("w_carry", Shr(tw, r))
                else:
                    b.set("v_carry", Shr(tv, r))
                    b.set("w_carry", Shr(tw, r))
    with b.block("V >= p exactly when W carries out of 2^448; then V - p = W - 2^448",
                 vars=["ge_p"]):
        ge = b.let("ge_p", Shr(b.v(f"wt{n - 1}"), r))
        if b.hi(ge) > 1:
            raise ir.BoundError(f"{b.fn.name}: the top carry could exceed 1")
        m = b.let("use_w", MaskFromBit(ge))
        out = [b.let(f"c{i}", Xor(vl[i], And(Xor(vl[i], wl[i]), m))) for i in range(n)]
    return out, ge


def fn_strong_reduce(L):
    f = ir.Function("gf_strong_reduce", "Reduces to the canonical representative.",
                    "eval(a') == eval(a) mod p, every limb < 2^radix", [("a", "gf_inout")],
                    {"a": L.tight_max})
    b = Builder(L, f)
    x = _load_all(b, "a", "a")
    out, _ = _strong_reduce(b, x)
    _store_all(b, "a", out)
    return f


def _byte_sources(L):
    """For each byte k of the 56-byte encoding: [(limb, shift, nbits, pos)]:
    bits [shift, shift + nbits) of `limb` sit at bit `pos` of the byte."""
    out = []
    for k in range(prime.SER_BYTES):
        parts, pos = [], 0
        while pos < 8:
            bit = 8 * k + pos
            limb, shift = divmod(bit, L.radix)
            nbits = min(8 - pos, L.radix - shift)
            parts.append((limb, shift, nbits, pos))
            pos += nbits
        out.append(parts)
    return out


def fn_serialize(L):
    f = ir.Function("gf_serialize", "Encodes the canonical representative, 56 bytes little-endian.",
                    "bytes_eval(out) == eval(a) mod p", [("out", "bytes_out"), ("a", "gf_in")],
                    {"a": L.tight_max})
    b = Builder(L, f)
    x = _load_all(b, "a", "a")
    c, _ = _strong_reduce(b, x)
    with b.block("pack the canonical limbs into bytes"):
        for k, parts in enumerate(_byte_sources(L)):
            e = None
            for limb, shift, nbits, pos in parts:
                t = Shr(c[limb], shift) if shift else c[limb]
                if shift + nbits < L.radix:
                    t = Mask(t, nbits)
                if pos:
                    t = Shl(t, pos)
                e = t if e is None else Add(e, t)
            b.storebyte("out", k, e)
    return f


def fn_deserialize(L):
    f = ir.Function("gf_deserialize", "Decodes 56 bytes little-endian and reduces mod p.",
                    "eval(out) == bytes_eval(in) mod p; returns all ones iff bytes_eval(in) < p",
                    [("out", "gf_out"), ("in", "bytes_in")], {}, ret="mask")
    b = Builder(L, f)
    by = [b.loadbyte(f"in{k}", "in", k) for k in range(prime.SER_BYTES)]
    with b.block("unpack the bytes into limbs", vars=[f"x{i}" for i in range(L.limbs)]):
        terms = [[] for _ in range(L.limbs)]
        for k, parts in enumerate(_byte_sources(L)):
            for limb, shift, nbits, pos in parts:
                t = Shr(by[k], pos) if pos else by[k]
                if pos + nbits < 8:
                    t = Mask(t, nbits)
                if shift:
                    t = Shl(t, shift)
                terms[limb].append(t)
        x = []
        for i, ts in enumerate(terms):
            e = ts[0]
            for t in ts[1:]:
                e = Add(e, t)
            x.append(b.let(f"x{i}", e))
    c, ge = _strong_reduce(b, x)
    _store_all(b, "out", c)
    b.ret(Not(b.v("use_w")))
    return f


def all_functions(L):
    """Every generated routine of a layout: (file stem or None for inline, fn)."""
    return {
        "inline": [fn_add_nr(L), fn_sub_nr(L), fn_add(L), fn_sub(L), fn_neg(L), fn_weak_reduce(L)],
        "gf_mul": [fn_mul(L)],
        "gf_sqr": [fn_mul(L, square=True)],
        "gf_mulw": [fn_mulw(L)],
        "gf_reduce": [fn_strong_reduce(L)],
        "gf_serialize": [fn_serialize(L), fn_deserialize(L)],
    }


# ---- products by a 52-bit multiplier (AVX-512 IFMA) ------------------------

def fn_mul_madd52(L, kind, k=52):
    """gf_mul / gf_sqr / gf_mulw for a multiplier that gives the low and the
    high k bits of a product of two operands below 2^k (AVX-512 IFMA:
    vpmadd52luq / vpmadd52huq, k = 52), for limbs of radix r < k.

    x y = lo + 2^k hi (ir.MulLo / ir.MulHi; gen/prove.py splits the product
    at bit k), so a product at column c (place 2^(r c)) puts lo into the
    column sum L_c and hi into H_c, whose place is 2^(r c + k) =
    2^(r (c + 1)) 2^(k - r): T_c = L_c + 2^(k - r) H_(c-1) realigns them.
    Schoolbook, not Karatsuba: the halves of a Karatsuba difference, taken
    apart into lo and hi, are not each nonnegative (the schedule language
    has no signed values), while every schoolbook term is.
    The columns at and above n (place 2^(r n) = 2^448 = 2^224 + 1) fold
    into columns c - n and c - n/2, and those at and above 3n/2 once more.
    Then one carry chain through the n limbs, its top carry wrapped into
    limbs 0 and n/2, and each of those carried once into the limb above.
    Squares double the off-diagonal operand (2 a_i a_j, i < j).
    """
    n, h, r = L.limbs, L.half, L.radix
    shift = k - r
    if not 0 < shift < r:
        raise ir.BoundError(f"{L.name}: madd{k} realignment needs {r} < {k} < {2 * r}")
    names = {"mul": ("gf_mul", "Multiplies, schoolbook with 52-bit multiplier halves.",
                     "eval(out) mod p == eval(a) * eval(b) mod p",
                     [("out", "gf_out"), ("a", "gf_in"), ("b", "gf_in")], {"a": L.loose_max, "b": L.loose_max}),
             "sqr": ("gf_sqr", "Squares, schoolbook with 52-bit multiplier halves.",
                     "eval(out) mod p == eval(a)^2 mod p", [("out", "gf_out"), ("a", "gf_in")],
                     {"a": L.loose_max}),
             "mulw": ("gf_mulw", "Multiplies by a small constant w, with 52-bit multiplier halves.",
                      "eval(out) mod p == eval(a) * w mod p",
                      [("out", "gf_out"), ("a", "gf_in"), ("w", "u32")], {"a": L.loose_max, "w": L.mulw_max})}
    name, purpose, post, params, bounds = names[kind]
    f = ir.Function(name, purpose, post, params, bounds)
    b = Builder(L, f)
    a = [Widen(x) for x in _load_all(b, "a", "a")]
    if kind == "mul":
        y = [Widen(x) for x in _load_all(b, "b", "b")]
    prods = {}                     # column -> [(x, y)]
    if kind == "mulw":
        wv = Widen(b.loadw("wv", "w"))
        for i in range(n):
            prods.setdefault(i, []).append((a[i], wv))
    elif kind == "mul":
        for i in range(n):
            for j in range(n):
                prods.setdefault(i + j, []).append((a[i], y[j]))
    else:
        with b.block("doubled limbs for the off-diagonal products", vars=[f"ad{i}" for i in range(n - 1)]):
            ad = [b.let(f"ad{i}", Add(a[i], a[i])) for i in range(n - 1)]
        for i in range(n):
            for j in range(i, n):
                prods.setdefault(i + j, []).append((a[i] if i == j else ad[i], a[j]))
    top = max(prods)
    with b.block(f"column sums: L_c of the low {k} bits, H_c of the high bits of each product",
                 vars=[f"L{c}" for c in range(top + 1)] + [f"H{c}" for c in range(top + 1)]):
        for c in range(top + 1):
            for part, make in (("L", ir.MulLo), ("H", ir.MulHi)):
                for t, (x, z) in enumerate(prods[c]):
                    if t == 0:
                        b.let(f"{part}{c}", make(x, z, k))
                    else:
                        b.add(f"{part}{c}", make(x, z, k))
    cols = top + 2
    with b.block(f"T_c = L_c + 2^{shift} H_(c-1): the high halves at their place",
                 vars=[f"T{c}" for c in range(cols)]):
        T = []
        for c in range(cols):
            e = b.v(f"L{c}") if c <= top else None
            if c >= 1:
                hh = Shl(b.v(f"H{c - 1}"), shift)
                e = hh if e is None else Add(e, hh)
            T.append(b.let(f"T{c}", e))
    with b.block(f"fold: column c >= {n} (2^448 = 2^224 + 1) goes to c - {n} and c - {h}",
                 vars=[f"F{j}" for j in range(n)]):
        terms = {j: [T[j]] for j in range(n)}
        for c in range(n, cols):
            for d in ((c - n, c - h) if c - h < n else (c - n, c - n, c - n - h)):
                terms[d].append(T[c])
        F = []
        for j in range(n):
            e = terms[j][0]
            for t in terms[j][1:]:
                e = Add(e, t)
            F.append(b.let(f"F{j}", e))
    c = [None] * n
    with b.block(f"carry chain: limb j keeps {r} bits, the rest goes to limb j + 1",
                 vars=["carry_top"]):
        for j in range(n):
            if j:
                b.add(f"F{j}", Shr(b.v(f"F{j - 1}"), r))
            if j + 1 < n:
                c[j] = b.let(f"c{j}", Mask(b.v(f"F{j}"), r))
        c[n - 1] = b.let(f"c{n - 1}", Mask(b.v(f"F{n - 1}"), r))
        b.let("carry_top", Shr(b.v(f"F{n - 1}"), r))
    with b.block(f"wrap: the top carry (2^448 = 2^224 + 1) goes to limbs 0 and {h}, each carried once",
                 vars=["w0", f"w{h}"]):
        for limb in (0, h):
            wv_ = b.let(f"w{limb}", Add(c[limb], b.v("carry_top")))
            c[limb] = b.let(f"c{limb}_", Mask(wv_, r))
            b.add(f"c{limb + 1}", Shr(wv_, r))
            c[limb + 1] = b.v(f"c{limb + 1}")
    _store_all(b, "out", c)
    return f
