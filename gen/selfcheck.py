"""Generation-time check of every schedule against arithmetic mod p.

Runs each ir.Function with ir.run on random and extreme inputs (all limbs at
their bound, zero, p, ...), checks the result mod p and that every value
lies inside the interval the analyzer proved. gen_field.py refuses to write
any file when this fails.
"""

import random

import ir
import prime

P = prime.P


def _inputs(L, bound, rng):
    n = L.limbs
    yield [bound] * n
    yield [0] * n
    yield L.to_limbs(P - 1)
    yield [L.mask] * n
    for _ in range(40):
        yield [rng.randint(0, bound) for _ in range(n)]
        yield [rng.choice((0, bound, bound - 1, L.mask, rng.randint(0, bound))) for _ in range(n)]


def check(L, fn, rounds=3):
    bits = {"w": L.word_bits, "d": 2 * L.word_bits}
    an = ir.Analyzer(fn, bits)
    for s in fn.body:
        an.exec(s)
    hist = an.history
    rng = random.Random(f"{L.name}/{fn.name}")
    val = L.from_limbs

    def go(args):
        return ir.run(fn, bits, args, history=hist)

    name = fn.name
    params = dict(fn.params)
    ins = [p for p, k in fn.params if k in ("gf_in", "gf_inout")]
    for _ in range(rounds):
        if name == "gf_deserialize":
            cases = [list(range(56)), [255] * 56, list(P.to_bytes(56, "little")),
                     list((P - 1).to_bytes(56, "little")), list((P + 1).to_bytes(56, "little"))]
            cases += [list(rng.randbytes(56)) for _ in range(60)]
            for by in cases:
                outs, ret = go({"in": by})
                x = int.from_bytes(bytes(by), "little")
                assert val(outs["out"]) == x % P, name
                assert all(v <= L.mask for v in outs["out"]), name
                assert ret == (L.word_max if x < P else 0), name
            continue
        gens = [list(_inputs(L, fn.in_bounds[p], rng)) for p in ins]
        for idx in range(len(gens[0])):
            args = {p: gens[i][(idx * (i + 1)) % len(gens[i])] for i, p in enumerate(ins)}
            if "w" in params:
                args["w"] = rng.choice((0, 1, fn.in_bounds["w"], rng.randint(0, fn.in_bounds["w"])))
            outs, ret = go(args)
            a = val(args[ins[0]])
            b = val(args[ins[1]]) if len(ins) > 1 else None
            out = outs.get("out") or outs.get("a")
            want = {"gf_mul": lambda: a * b, "gf_sqr": lambda: a * a,
                    "gf_mulw": lambda: a * args.get("w", 0), "gf_add": lambda: a + b,
                    "gf_add_nr": lambda: a + b, "gf_sub": lambda: a - b,
                    "gf_sub_nr": lambda: a - b, "gf_neg": lambda: -a,
                    "gf_weak_reduce": lambda: a, "gf_strong_reduce": lambda: a,
                    "gf_serialize": lambda: a}[name]() % P
            if name == "gf_serialize":
                got = int.from_bytes(bytes(outs["out"]), "little")
                assert got == want, name
                continue
            assert val(out) % P == want, f"{L.name} {name}: wrong result"
            if name == "gf_strong_reduce":
                assert val(out) == want, f"{L.name} {name}: not canonical"
            if name in ("gf_add_nr", "gf_sub_nr"):
                assert val(out) == a + (b if name == "gf_add_nr" else -b) + (
                    0 if name == "gf_add_nr" else val(_bias(L))), name


def _bias(L):
    import schedules
    return schedules.sub_bias(L)[1]
