"""Reads the NEON gf_mul / gf_sqr that gen/neon_split.py prints back into a
schedule of gen/ir.py, lane by lane, so that the printed C is what is proven.

Every statement of the printed body is `T name = call;` or `name = call;`,
with one intrinsic of arm_neon.h per call (vget_low_u32 only as an operand),
except the de-interleaving load `uint64x2x4_t x = vld4q_u64(a->limb);` (its
registers read as x.val[k]), and the interleaving store of four registers,
`uint64x2x4_t o = {{r0, r1, r2, r3}};` then `vst4q_u64(out->limb, o);`. Each vector is a list of lane values (a
uint64x2_t two, a uint32x4_t four, a uint32x2_t two), each lane one
variable of the schedule, of the schedule's 64-bit word type; what each
intrinsic computes per lane is the table below (the instruction's meaning,
Arm's A64 reference: UMULL/UMLAL by element, USRA, SLI, XTN, SHRN, ZIP, TRN,
REV64, EXT, ADDP, LD4, ST4; XTN keeps the low 32 bits of a lane).
A 32-bit lane must hold its value exactly, so every lane of a uint32 vector
is a side condition, value < 2^32, and so is the low operand of each
shift-insert (sli x, y, 28 is x + 2^28 y only for x < 2^28); check() proves
them with the analyzer's bounds after the analyzer has proven that no 64-bit
lane overflows. gen/prove.py then proves the value like any routine's.
"""

import re

import ir

_STMT = re.compile(r"^(?:(uint64x2_t|uint32x4_t|uint32x2_t) )?(\w+) = (\w+)\((.*)\);$")
_LOAD4 = re.compile(r"^uint64x2x4_t (\w+) = vld4q_u64\((\w+)->limb\);$")
_GATHER = re.compile(r"^uint64x2x4_t (\w+) = \{\{(\w+), (\w+), (\w+), (\w+)\}\};$")
_STORE4 = re.compile(r"^vst4q_u64\(out->limb, (\w+)\);$")


class ReadError(Exception):
    """Printed C outside the forms this reader knows."""


def _args(text):
    out, depth, cur = [], 0, ""
    for ch in text:
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
            continue
        depth += ch == "("
        depth -= ch == ")"
        cur += ch
    out.append(cur.strip())
    return out


class Reader:
    def __init__(self, fn):
        self.fn = fn
        self.vec = {}          # C name -> [ir.Expr of each lane]
        self.n = 0
        self.below = []        # (var name, limit): side conditions, value < limit

    def let(self, expr, limit=None):
        self.n += 1
        name = f"v{self.n}"
        self.fn.body.append(ir.Stmt("let", name, expr))
        if limit is not None:
            self.below.append((name, limit))
        return ir.Var(name, "w")

    def operand(self, text):
        m = re.match(r"^vget_low_u32\((\w+)\)$", text)
        if m:
            return self.vec[m.group(1)][:2]
        if text not in self.vec:
            raise ReadError(f"unknown vector {text}")
        return self.vec[text]

    def lane_products(self, acc, v, s, lane):
        scalar = self.operand(s)[int(lane)]
        prods = [ir.Lo(ir.Mul(x, scalar)) for x in v]
        if acc is None:
            return [self.let(p) for p in prods]
        return [self.let(ir.Add(a, p)) for a, p in zip(acc, prods)]

    def call(self, f, args):
        u32 = 1 << 32
        if f == "vdupq_n_u64":
            c = ir.Const(int(args[0], 0), "w")
            return [c, c]
        if f == "vdupq_n_u32":
            c = ir.Const(int(args[0], 0), "w")
            if c.k >= u32:
                raise ReadError(f"{f}({args[0]}): not a 32-bit value")
            return [c] * 4
        if f in ("vandq_u64", "vandq_u32"):
            x, m = self.operand(args[0]), self.operand(args[1])
            bits = self._mask_bits(m)
            return [self.let(ir.Mask(a, bits)) for a in x]
        if f == "vshrq_n_u64":
            return [self.let(ir.Shr(a, int(args[1]))) for a in self.operand(args[0])]
        if f == "vshlq_n_u64":
            return [self.let(ir.Shl(a, int(args[1]))) for a in self.operand(args[0])]
        if f == "vsraq_n_u64":
            acc, x, k = self.operand(args[0]), self.operand(args[1]), int(args[2])
            return [self.let(ir.Add(a, ir.Shr(b, k))) for a, b in zip(acc, x)]
        if f == "vaddq_u64":
            return [self.let(ir.Add(a, b)) for a, b in zip(self.operand(args[0]), self.operand(args[1]))]
        if f == "vaddq_u32":
            return [self.let(ir.Add(a, b), u32) for a, b in zip(self.operand(args[0]), self.operand(args[1]))]
        if f == "vmovn_u64":
            return [self.let(ir.Mask(a, 32)) for a in self.operand(args[0])]
        if f == "vmovn_high_u64":
            return list(self.operand(args[0])) + [self.let(ir.Mask(a, 32)) for a in self.operand(args[1])]
        if f == "vrev64q_u32":
            x = self.operand(args[0])
            return [x[1], x[0], x[3], x[2]]
        if f == "vtrn1q_u32":
            x, y = self.operand(args[0]), self.operand(args[1])
            return [x[0], y[0], x[2], y[2]]
        if f == "vshrn_n_u64":
            return [self.let(ir.Shr(a, int(args[1])), u32) for a in self.operand(args[0])]
        if f == "vshrn_high_n_u64":
            return list(self.operand(args[0])) + [self.let(ir.Shr(a, int(args[2])), u32)
                                                  for a in self.operand(args[1])]
        if f in ("vzip1q_u32", "vzip2q_u32", "vzip1q_u64", "vzip2q_u64"):
            x, y = self.operand(args[0]), self.operand(args[1])
            h = len(x) // 2
            part = slice(0, h) if "zip1" in f else slice(h, 2 * h)
            return [e for pair in zip(x[part], y[part]) for e in pair]
        if f == "vpaddq_u64":
            x, y = self.operand(args[0]), self.operand(args[1])
            return [self.let(ir.Add(x[0], x[1])), self.let(ir.Add(y[0], y[1]))]
        if f == "vtrn2q_u64":
            x, y = self.operand(args[0]), self.operand(args[1])
            return [x[1], y[1]]
        if f == "vextq_u64":
            x, y, k = self.operand(args[0]), self.operand(args[1]), int(args[2])
            return (x + y)[k:k + 2]
        if f == "vsliq_n_u64":
            x, y, k = self.operand(args[0]), self.operand(args[1]), int(args[2])
            out = []
            for a, b in zip(x, y):
                lo = self.let(a, 1 << k)
                out.append(self.let(ir.Add(lo, ir.Shl(b, k))))
            return out
        if f in ("vmull_laneq_u32", "vmull_high_laneq_u32"):
            v = self.operand(args[0])
            v = v[2:] if "high" in f else v[:2]
            return self.lane_products(None, v, args[1], args[2])
        if f in ("vmlal_laneq_u32", "vmlal_high_laneq_u32"):
            acc, v = self.operand(args[0]), self.operand(args[1])
            v = v[2:] if "high" in f else v[:2]
            return self.lane_products(acc, v, args[2], args[3])
        raise ReadError(f"intrinsic {f} not known to the reader")

    @staticmethod
    def _mask_bits(m):
        vals = {e.k for e in m if e.op == "const"}
        if len(vals) != 1 or any(e.op != "const" for e in m):
            raise ReadError("vandq_u64 with a non-constant mask")
        v = vals.pop()
        if v & (v + 1):
            raise ReadError(f"mask {v:#x} is not 2^k - 1")
        return v.bit_length()

    def line(self, text):
        m = _LOAD4.match(text)
        if m:
            # ld4: element 4 l + k of the array goes to lane l of register k
            name, p = m.groups()
            limbs = []
            for i in range(8):
                self.n += 1
                self.fn.body.append(ir.Stmt("load", f"v{self.n}", param=p, index=i))
                limbs.append(ir.Var(f"v{self.n}", "w"))
            for k in range(4):
                self.vec[f"{name}.val[{k}]"] = [limbs[k], limbs[k + 4]]
            return
        m = _GATHER.match(text)
        if m:
            self.vec[m.group(1)] = [self.operand(v) for v in m.groups()[1:]]
            return
        m = _STORE4.match(text)
        if m:
            # st4: lane l of register k goes to element 4 l + k
            regs = self.vec.get(m.group(1))
            if not isinstance(regs, list) or len(regs) != 4 or any(len(r) != 2 for r in regs):
                raise ReadError(f"vst4q_u64 of {m.group(1)}, not four uint64x2_t")
            for k, r in enumerate(regs):
                for lane, e in enumerate(r):
                    self.fn.body.append(ir.Stmt("store", param="out", index=4 * lane + k, expr=e))
            return
        m = _STMT.match(text)
        if not m:
            raise ReadError(f"statement {text!r}")
        ctype, name, f, args = m.groups()
        if ctype is None and name not in self.vec:
            raise ReadError(f"{name} assigned before it is declared")
        lanes = self.call(f, _args(args))
        want = {"uint64x2_t": 2, "uint32x4_t": 4, "uint32x2_t": 2}.get(ctype, len(self.vec.get(name, lanes)))
        if len(lanes) != want:
            raise ReadError(f"{text!r}: {len(lanes)} lanes for {want}")
        self.vec[name] = lanes


def read(L, name, body_lines, square):
    """The schedule (ir.Function) of a printed gf_mul / gf_sqr body, and its
    side conditions [(var, limit)]."""
    params = [("out", "gf_out"), ("a", "gf_in")] + ([] if square else [("b", "gf_in")])
    fn = ir.Function(name, "", "", params, {p: L.loose_max for p, k in params if k == "gf_in"})
    r = Reader(fn)
    for text in body_lines:
        r.line(text.strip())
    return fn, r.below


def check(L, fn, below):
    """The analyzer's bounds (no 64-bit lane overflows), then the side
    conditions of the 32-bit lanes and the shift-inserts."""
    an = ir.Analyzer(fn, {"w": L.word_bits, "d": 2 * L.word_bits})
    for s in fn.body:
        an.exec(s)
    for var, limit in below:
        lo, hi = an.var_bounds[var]
        if hi >= limit:
            raise ir.BoundError(f"{L.name} {fn.name}: {var} could be {hi:#x}, not below {limit:#x} "
                                "as its lane needs")


ROUTINES = (("gf_mul.c", "gf_mul", False), ("gf_sqr.c", "gf_sqr", True))


def body_of(text, name):
    """The statement lines of routine name in a generated file."""
    lines = text.split("\n")
    start = [i for i, ln in enumerate(lines) if re.match(r"^void " + name + r"\(", ln)]
    if len(start) != 1:
        raise ReadError(f"{name}: no single definition")
    body = []
    for ln in lines[start[0] + 1:]:
        if ln == "}":
            return body
        if ln.strip():
            body.append(ln)
    raise ReadError(f"{name}: no end")


def prove_file(L, text, name, square):
    """Reads the committed routine back, proves it (bounds, side conditions,
    value); returns the sentence of what was proven. Raises ReadError,
    ir.BoundError or prove.ProofError."""
    import prove
    fn, below = read(L, name, body_of(text, name), square)
    check(L, fn, below)
    return prove.prove(L, fn)
