"""Generates the precomputed curve tables and constants of every layout.

    python3 gen/gen_tables.py [--out DIR]      (DIR defaults to generated/)

writes, for each layout of gen/layouts.py, DIR/p448_<layout>/base_table.c
(templates/tables.c.j2: the fixed-base comb table on edwards448 and the odd
multiples of B and of 2^224 B for verification), base_comb_twisted.c
(templates/tables_twisted.c.j2: the comb on the twisted curve of the single
calls, in the layout's own shape) and DIR/p448_<layout>/curve_constants.c
(templates/constants.c.j2: the base point, sqrt(-d), 1/sqrt(-d)); a derived
layout (Layout.base, gen/derived.py) only those that differ from its base's
(its own base_comb), and a file it no longer needs is removed. A file is
rewritten only when it changes.

Every point comes from gen/curve_ed448.py, the slow pure-Python reference
of the curve, and is printed in the layout's limb form by
Layout.c_initializer. The comb shape (COMB_N, COMB_T, COMB_S) and the window
of the base table (WNAF_BASE_BITS) are read from src/point/point.h, so that the C
code and the tables cannot disagree; the single calls' comb shape
(BASE_COMB_N, BASE_COMB_T, BASE_COMB_S) is the layout's base_comb
(gen/layouts.py), which gen/gen_field.py #defines in the same layout's
gf_layout.h (tables.c.j2 asserts they agree); test/test_point.c recomputes
every entry at run time.
"""

import argparse
import os
import re
import sys

import jinja2

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)

import curve_ed448 as curve  # noqa: E402
import derived  # noqa: E402
import layouts  # noqa: E402

COMMAND = "python3 gen/gen_tables.py"


def point_h_constants():
    """The #defines of src/point/point.h that shape the tables."""
    with open(os.path.join(ROOT, "src", "point", "point.h")) as f:
        text = f.read()
    out = {}
    for name in ("COMB_N", "COMB_T", "COMB_S", "WNAF_BASE_BITS", "PRECOMP_CHUNK_BITS", "PRECOMP_WNAF_BITS"):
        m = re.search(r"^#define %s (\d+)\s*$" % name, text, re.M)
        if not m:
            raise SystemExit(f"gen_tables.py: no '#define {name} <n>' in src/point/point.h")
        out[name] = int(m.group(1))
    return out


def niels(pt):
    """(x, y, d x y) of an affine point: point_niels_t."""
    x, y = pt
    return (x, y, curve.D * x * y % curve.P)


def twisted_niels(pt):
    """(y - x, y + x, 2 d' x y) of an affine point of the twisted curve: point_tniels_t."""
    x, y = pt
    return ((y - x) % curve.P, (y + x) % curve.P, 2 * curve.TWISTED_D * x * y % curve.P)


def comb_points(n, t, s, base):
    """table[j][i] = sum_k e_k 2^(s (k + t j)) base, e_0 = 1, e_k = +1 when bit k-1 of i is set, else -1."""
    powers = []
    pt = base
    for m in range(n * t):
        powers.append(pt)
        for _ in range(s):
            pt = curve.add(pt, pt)
    tables = []
    for j in range(n):
        row = []
        for i in range(1 << (t - 1)):
            acc = powers[t * j]
            for k in range(1, t):
                term = powers[k + t * j]
                acc = curve.add(acc, term if (i >> (k - 1)) & 1 else curve.neg(term))
            row.append(acc)
        tables.append(row)
    return tables


def wnaf_table(bits, base):
    """(2i + 1) base for i < 2^(bits - 2)."""
    twice = curve.add(base, base)
    pt = base
    out = []
    for _ in range(1 << (bits - 2)):
        out.append(niels(pt))
        pt = curve.add(pt, twice)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(ROOT, "generated"))
    args = ap.parse_args()

    shape = point_h_constants()
    n, t, s = shape["COMB_N"], shape["COMB_T"], shape["COMB_S"]
    if n * t * s < 446:
        raise SystemExit("gen_tables.py: COMB_N * COMB_T * COMB_S must be >= 446")
    comb = [[niels(pt) for pt in row] for row in comb_points(n, t, s, curve.BASE)]
    # The single fixed-base multiplication's comb, of each layout's shape: phi([1/4 mod l] entry)
    # on the twisted curve, so that phi_hat of its sum is the sum of the entries.
    quarter = curve.mul(pow(4, -1, curve.L), curve.BASE)
    twisted_by_shape = {}

    def comb_twisted_of(base_comb):
        bn, bt, bs = base_comb
        if bn * bt * bs < 446 or bn * bt * bs > 512 or bt < 2:
            raise SystemExit(f"gen_tables.py: base_comb {base_comb}: N * T * S must be in [446, 512], T >= 2")
        if base_comb not in twisted_by_shape:
            tw_rows = [[twisted_niels(curve.phi(pt)) for pt in row] for row in comb_points(bn, bt, bs, quarter)]
            if (bn, bt, bs) == (n, t, s):
                for row_e, row_t in zip(comb, tw_rows):
                    for e, tw in zip(row_e, row_t):
                        x = (tw[1] - tw[0]) * curve.inv(2) % curve.P
                        y = (tw[1] + tw[0]) * curve.inv(2) % curve.P
                        assert curve.on_twisted((x, y)) and curve.phi_hat((x, y)) == (e[0], e[1])
            twisted_by_shape[base_comb] = tw_rows
        return twisted_by_shape[base_comb]
    wnaf = wnaf_table(shape["WNAF_BASE_BITS"], curve.BASE)
    wnaf2 = wnaf_table(shape["WNAF_BASE_BITS"], curve.mul(1 << 224, curve.BASE))
    base = niels(curve.BASE)
    consts = {
        "curve_sqrt_minus_d": curve.SQRT_MINUS_D,
        "curve_invsqrt_minus_d": curve.INVSQRT_MINUS_D,
    }
    assert consts["curve_sqrt_minus_d"] ** 2 % curve.P == 39081

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(os.path.join(ROOT, "templates")),
        undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
        keep_trailing_newline=True)
    texts = {}
    for name, layout in sorted(layouts.LAYOUTS.items()):
        gf = layout.c_initializer
        bn, bt, bs = layout.base_comb
        layout_shape = dict(shape, BASE_COMB_N=bn, BASE_COMB_T=bt, BASE_COMB_S=bs)
        ctx = dict(command=COMMAND, shape=layout_shape, gf=gf,
                   comb=comb, comb_twisted=comb_twisted_of(layout.base_comb), wnaf=wnaf, wnaf2=wnaf2, base=base, consts=consts)
        texts[name] = {filename: env.get_template(template).render(ctx, template=template)
                       for template, filename in (("tables.c.j2", "base_table.c"),
                                                  ("tables_twisted.c.j2", "base_comb_twisted.c"),
                                                  ("constants.c.j2", "curve_constants.c"))}
    for name, layout in sorted(layouts.LAYOUTS.items()):
        # a derived layout holds only the tables that differ from its base's (gen/derived.py)
        own = derived.own(texts[name], texts[layout.base], always=()) if layout.base else texts[name]
        outdir = os.path.join(args.out, "p448_" + name)
        written, removed = derived.write(own, outdir, printed=texts[name])
        for filename in written:
            print(f"gen_tables.py: wrote {os.path.relpath(os.path.join(outdir, filename), ROOT)}")
        for filename in removed:
            print(f"gen_tables.py: removed {os.path.relpath(os.path.join(outdir, filename), ROOT)} "
                  f"(layout {name} takes its base's)")
        if not written and not removed:
            print(f"gen_tables.py: p448_{name}: up to date")

if __name__ == "__main__":
    main()
