"""Exact integer polynomials in named variables, for gen/prove.py.

A Poly is a sum of integer coefficients times monomials; a monomial is a
sorted tuple of variable names (a repeated name is a power), () the
constant. Plain Python ints, so nothing is ever rounded or wrapped: the
proofs compare these polynomials exactly, or coefficient by coefficient
modulo p.
"""


class Poly:
    __slots__ = ("t", "_key")

    def __init__(self, terms=None):
        self.t = {m: c for m, c in (terms or {}).items() if c}
        self._key = None

    @staticmethod
    def const(k):
        return Poly({(): k})

    @staticmethod
    def var(name):
        return Poly({(name,): 1})

    def key(self):
        """A hashable canonical form: equal polynomials, equal keys."""
        if self._key is None:
            self._key = tuple(sorted(self.t.items()))
        return self._key

    def __eq__(self, other):
        return isinstance(other, Poly) and self.t == other.t

    def __hash__(self):
        return hash(self.key())

    def is_const(self):
        return all(m == () for m in self.t)

    def const_value(self):
        return self.t.get((), 0)

    def single_var(self):
        """The name v when self is exactly the variable v, else None."""
        if len(self.t) == 1:
            (m, c), = self.t.items()
            if c == 1 and len(m) == 1:
                return m[0]
        return None

    def __add__(self, other):
        t = dict(self.t)
        for m, c in other.t.items():
            t[m] = t.get(m, 0) + c
        return Poly(t)

    def __sub__(self, other):
        t = dict(self.t)
        for m, c in other.t.items():
            t[m] = t.get(m, 0) - c
        return Poly(t)

    def __neg__(self):
        return Poly({m: -c for m, c in self.t.items()})

    def scale(self, k):
        return Poly({m: c * k for m, c in self.t.items()})

    def __mul__(self, other):
        t = {}
        for m1, c1 in self.t.items():
            for m2, c2 in other.t.items():
                m = tuple(sorted(m1 + m2))
                t[m] = t.get(m, 0) + c1 * c2
        return Poly(t)

    def subst(self, values):
        """Replaces each variable named in values (name -> int) by its value."""
        t = {}
        for m, c in self.t.items():
            rest = []
            for v in m:
                if v in values:
                    c *= values[v]
                else:
                    rest.append(v)
            m2 = tuple(rest)
            t[m2] = t.get(m2, 0) + c
        return Poly(t)

    def variables(self):
        return {v for m in self.t for v in m}

    def nonzero_mod(self, p):
        """The terms whose coefficient is not a multiple of p, largest monomial first."""
        return sorted(((m, c % p) for m, c in self.t.items() if c % p),
                      key=lambda mc: (-len(mc[0]), mc[0]))

    def __repr__(self):
        return term_str(list(self.t.items())) if self.t else "0"


def mono_str(m):
    return "*".join(m) if m else "1"


def term_str(terms, limit=4):
    """A short readable rendering of a list of (monomial, coefficient)."""
    parts = [f"{c:#x}*{mono_str(m)}" if m else f"{c:#x}" for m, c in terms[:limit]]
    more = f" + ... ({len(terms) - limit} more terms)" if len(terms) > limit else ""
    return " + ".join(parts) + more
