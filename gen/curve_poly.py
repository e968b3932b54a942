"""Polynomials over GF(p) in a few named variables, and their normal form
modulo Edwards curve equations: the algebra of gen/prove_curve.py.

A polynomial is a dict {exponents: coefficient}, exponents a tuple with one
entry per variable of its Ring, coefficients in [1, p). Everything is exact.

Normal form. A point (x, y) of the curve a x^2 + y^2 = 1 + d x^2 y^2 gives
the relation x^2 y^2 = (a x^2 + y^2 - 1) / d. Under a graded monomial order
the leading monomial of each point's equation is x^2 y^2; for points in
disjoint variables these leading monomials are coprime, so the equations
are a Groebner basis of the ideal they generate (Buchberger's first
criterion: Cox, Little, O'Shea, "Ideals, Varieties, and Algorithms", 2.9
Prop. 4), and the remainder of the division by them (rewrite x^i y^j with
i, j >= 2 until none is left) is unique: a polynomial vanishes on every
point of the curves exactly when its normal form is the zero polynomial.

Other relations (Ring.relation): "leading monomial -> replacement", e.g.
curve448's v^2 -> u^3 + A u^2 + u, rewritten the same way. The ring checks
that each replacement's monomials have a smaller weighted degree than the
leading one (the weights: Ring's `weights`, 1 by default; v weighs 2 for
curve448's), so that its leading monomial is that under the weighted
degree order, and that the leading monomials of all the relations, the
curves' x^2 y^2 included, have no variable in common: then the relations
are a Groebner basis (the same criterion) and the normal form is unique.
One relation alone is always a Groebner basis of its ideal.
"""

from prime import P


class Ring:
    """The polynomials in the variables `names`, with the curve relations `curves`:
    a list of (x name, y name, a, d)."""

    def __init__(self, names, curves=(), weights=None):
        self.names = list(names)
        self.n = len(self.names)
        self.index = {v: i for i, v in enumerate(self.names)}
        self.curves = [(self.index[x], self.index[y], a % P, pow(d, P - 2, P)) for x, y, a, d in curves]
        self.zero_mono = (0,) * self.n
        self.weights = [(weights or {}).get(v, 1) for v in self.names]
        self.relations = []  # (leading monomial, replacement)
        self._nf = {}

    def relation(self, lead, replacement):
        """Adds the relation lead = replacement: lead {name: exponent}, replacement a polynomial
        of smaller weighted degree in every monomial, lead sharing no variable with the leading
        monomial of another relation (see the module's docstring)."""
        m = tuple(lead.get(v, 0) for v in self.names)
        deg = lambda mono: sum(w * e for w, e in zip(self.weights, mono))  # noqa: E731
        if any(deg(r) >= deg(m) for r in replacement):
            raise ValueError("the replacement's degree is not below its leading monomial's")
        used = [i for i, e in enumerate(m) if e]
        for ix, iy, _, _ in self.curves:
            if ix in used or iy in used:
                raise ValueError("a relation's leading monomial shares a variable with a curve's")
        for other, _ in self.relations:
            if any(other[i] for i in used):
                raise ValueError("two relations' leading monomials share a variable")
        self.relations.append((m, dict(replacement)))
        self._nf = {}

    def var(self, name):
        e = [0] * self.n
        e[self.index[name]] = 1
        return {tuple(e): 1}

    def const(self, k):
        k %= P
        return {self.zero_mono: k} if k else {}

    def nf(self, a):
        """The normal form of a modulo the curve relations."""
        if not self.curves and not self.relations:
            return a
        return self._nf_sum(a.items())

    def _nf_mono(self, m):
        r = self._nf.get(m)
        if r is not None:
            return r
        for ix, iy, a, dinv in self.curves:
            if m[ix] >= 2 and m[iy] >= 2:
                base = list(m)
                base[ix] -= 2
                base[iy] -= 2
                bx = list(base)
                bx[ix] += 2
                by = list(base)
                by[iy] += 2
                r = self._nf_sum(((tuple(bx), a * dinv), (tuple(by), dinv), (tuple(base), -dinv)))
                break
        else:
            for lead, repl in self.relations:
                if all(e >= k for e, k in zip(m, lead)):
                    base = tuple(e - k for e, k in zip(m, lead))
                    r = self._nf_sum((tuple(b + e for b, e in zip(base, mono)), coef) for mono, coef in repl.items())
                    break
            else:
                r = {m: 1}
        self._nf[m] = r
        return r

    def _nf_sum(self, terms):
        """The normal form of the sum of coef * mono over terms (mono, coef)."""
        r = {}
        for mono, coef in terms:
            for mm, cc in self._nf_mono(mono).items():
                v = (r.get(mm, 0) + coef * cc) % P
                if v:
                    r[mm] = v
                else:
                    r.pop(mm, None)
        return r

def add(a, b):
    r = dict(a)
    for m, c in b.items():
        v = (r.get(m, 0) + c) % P
        if v:
            r[m] = v
        else:
            r.pop(m, None)
    return r


def neg(a):
    return {m: P - c for m, c in a.items()}


def sub(a, b):
    return add(a, neg(b))


def scale(a, k):
    k %= P
    return {m: c * k % P for m, c in a.items()} if k else {}


def mul(a, b):
    r = {}
    for m1, c1 in a.items():
        for m2, c2 in b.items():
            m = tuple(e1 + e2 for e1, e2 in zip(m1, m2))
            r[m] = (r.get(m, 0) + c1 * c2) % P
    return {m: c for m, c in r.items() if c}


def power(a, k, one):
    r = one
    for _ in range(k):
        r = mul(r, a)
    return r


def substitute(a, ring, values, out_ring):
    """a (of ring) with each variable replaced by values[name] (polynomials of out_ring)."""
    cache = {}

    def pw(i, e):
        key = (i, e)
        if key not in cache:
            cache[key] = power(values[ring.names[i]], e, out_ring.const(1))
        return cache[key]

    r = {}
    for m, c in a.items():
        t = out_ring.const(c)
        for i, e in enumerate(m):
            if e:
                t = mul(t, pw(i, e))
        r = add(r, t)
    return r


def depends_on(a, ring, name):
    i = ring.index[name]
    return any(m[i] for m in a)


def monomial_factor(q, r, ring, free):
    """(c, m) with q = c * m * r, m a monomial in the variables `free` and c a nonzero
    constant, or None when there is none."""
    if not q or not r:
        return None
    free_idx = [ring.index[v] for v in free]
    qm, rm = max(q), max(r)
    shift = [a - b for a, b in zip(qm, rm)]
    if any(s < 0 for s in shift) or any(s for i, s in enumerate(shift) if i not in free_idx):
        return None
    c = q[qm] * pow(r[rm], P - 2, P) % P
    mono = {tuple(shift): 1}
    return (c, tuple(shift)) if mul(scale(r, c), mono) == q else None
