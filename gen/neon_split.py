"""gf_mul and gf_sqr of an 8x56 layout on AArch64's NEON, one element on two lanes.

The 8x56 limbs stay what they are for every other routine; inside the
product each 56-bit limb x_m is cut into two 28-bit limbs, lo(x_m) = x_m mod
2^28 and hi(x_m) = x_m >> 28, so that the element is 16 limbs of 28 bits,
a = a0 + a1 phi with phi = 2^224 and the halves a0 = 28-bit limbs 0..7
(56-bit limbs 0..3), a1 = 28-bit limbs 8..15 (56-bit limbs 4..7). Writing
a0_i, a1_i for limb i of each half, x = 2^28:

    a b = (A0 B0 + A1 B1) + (A0 B1 + A1 B0 + A1 B1) phi      (phi^2 = phi + 1)
        = X + Y phi,

and folding the columns c >= 8 once more (x^8 = phi), output limb j (j < 8)
is X_j + Y_{j+8} and output limb j + 8 is X_{j+8} + Y_j + Y_{j+8}. The two
lanes of a vector hold the pair (limb j, limb j + 8) of one column; every
product a_i b_k (i, k < 8) lands in the pair of column i + k (mod 8), and
its four half products go into the two lanes as two NEON multiply-
accumulates by a vector element (umlal vd.2d, vn.2s, vm.s[k]: both lanes
times one 32-bit scalar), with vn chosen so that each lane gets its share:

    column i + k < 8:   (a0_i, a1_i) * b0_k + (a1_i, s_i) * b1_k
    column i + k >= 8:  (a1_i, s_i) * b0_k + (s_i, w_i) * b1_k

with s_i = a0_i + a1_i and w_i = s_i + a1_i (lane 0 of the first line is
a0 b0 + a1 b1, X's term; lane 1 is a0 b1 + a1 b0 + a1 b1, Y's; the second
line gives Y and X + Y). 128 instructions for the 256 half products of the
schoolbook: a NEON multiply-accumulate does two, where AArch64's scalar
64-bit product takes mul, umulh and two additions for one (8x56arm64's
Karatsuba: 48 of them, 192 instructions). A square takes each pair i != k
once, by the doubled scalars 2 a0_k, 2 a1_k: 72 instructions.

Each lane's column sum is kept below 2^64: where the next product could pass
it (the interval of every lane is tracked here, and the analyzer proves the
result), the column gets another accumulator, and the carry step adds the
pieces' low 28 bits and their carries separately. The carries run along the
eight pairs (limb j -> j + 1 in lane 0, j + 8 -> j + 9 in lane 1); the carry
out of limb 7 goes to limb 8, the one out of limb 15 (place 2^448 = 2^224 + 1)
to limbs 0 and 8; two more carries make the 28-bit limbs 0, 1, 8, 9 fit again,
and each 56-bit output limb is put back together by one shift-insert (limb 2
may still be 2^28 there: its pair takes a shift and an add).

The limbs come in by one de-interleaving load (ld4: the 56-bit limbs x_m and
x_{m+4} side by side), whose low 32 bits (xtn) masked to 28 and whose bits
28.. (shrn) are the pairs (a0_i, a1_i) directly; (a1_i, s_i) is
trn1(rev64(P), P + rev64(P)) and (s_i, w_i) that plus P. The 56-bit limbs go
out by one interleaving store (st4).

This module prints the C (intrinsics of arm_neon.h, one per statement), and
gen/neon_split_read.py reads that C back into a schedule of gen/ir.py, lane
by lane, which gen/gen_field.py proves like every other routine: what is
proven is the printed code.
"""

import re

MASK28 = (1 << 28) - 1
TOP64 = (1 << 64) - 1


class Printer:
    """Statements of the form `T name = intrinsic(args);` with the upper
    bound of every lane, so that the column sums can be split in time."""

    def __init__(self):
        self.lines = []
        self.hi = {}          # name -> list of lane upper bounds

    def emit(self, ctype, name, call, lanes_hi):
        self.lines.append(f"{ctype} {name} = {call};")
        if lanes_hi is not None:
            self.hi[name] = lanes_hi
        return name

    def stmt(self, text):
        self.lines.append(text)


def _limb_pairs(p, o, bound):
    """Operand o (a gf of 8x56 limbs <= bound) as its pairs P_i = (a0_i, a1_i)
    of 28-bit limbs: {i: (uint32x4_t, half)}. vld4q_u64 gives the 56-bit limbs
    (x_m, x_{m+4}) side by side, whose low and high 28 bits are P_2m and
    P_2m+1; each uint32x4_t holds two of them (m, m + 1)."""
    lo_b, hi_b = MASK28, bound >> 28
    p.emit("uint64x2x4_t", f"{o}x", f"vld4q_u64({o}->limb)", None)
    x = [f"{o}x.val[{m}]" for m in range(4)]
    for m in range(4):
        p.hi[x[m]] = [bound, bound]
    regs = {}
    for q in (0, 1):
        u, v = x[2 * q], x[2 * q + 1]
        # the low 32 bits of each limb, then their low 28
        n = p.emit("uint32x2_t", f"{o}n{q}", f"vmovn_u64({u})", [(1 << 32) - 1] * 2)
        w = p.emit("uint32x4_t", f"{o}w{q}", f"vmovn_high_u64({n}, {v})", [(1 << 32) - 1] * 4)
        lo = p.emit("uint32x4_t", f"{o}lo{q}", f"vandq_u32({w}, m28s)", [lo_b] * 4)
        n = p.emit("uint32x2_t", f"{o}h{q}", f"vshrn_n_u64({u}, 28)", [hi_b] * 2)
        hi = p.emit("uint32x4_t", f"{o}hi{q}", f"vshrn_high_n_u64({n}, {v}, 28)", [hi_b] * 4)
        for h in (0, 1):
            m = 2 * q + h
            regs[2 * m] = (lo, h)
            regs[2 * m + 1] = (hi, h)
    return regs


def _scalar(pairs, half, k):
    """(register, lane) of limb k of half `half` (0: a0, 1: a1) as a by-element operand."""
    reg, h = pairs[k]
    return (reg, 2 * h + half)


def _forms(p, pairs):
    """P_i = (a0_i, a1_i), V_i = (a1_i, s_i), U_i = (s_i, w_i) with s_i = a0_i + a1_i
    and w_i = s_i + a1_i: {(kind, i): (register, half)}, from each register of
    pairs [a0_i, a1_i, a0_i', a1_i'] by R = rev64 (a1, a0), S = P + R (s, s),
    V = trn1(R, S), U = V + P."""
    hi = p.hi
    regs = {}
    for reg in sorted({r for r, _ in pairs.values()}):
        b = hi[reg]
        r = p.emit("uint32x4_t", f"{reg}r", f"vrev64q_u32({reg})", [b[1], b[0], b[3], b[2]])
        sb = [x + y for x, y in zip(b, hi[r])]
        sv = p.emit("uint32x4_t", f"{reg}s", f"vaddq_u32({reg}, {r})", sb)
        vb = [hi[r][0], sb[0], hi[r][2], sb[2]]
        vv = p.emit("uint32x4_t", f"{reg}v", f"vtrn1q_u32({r}, {sv})", vb)
        uv = p.emit("uint32x4_t", f"{reg}u", f"vaddq_u32({vv}, {reg})", [x + y for x, y in zip(vb, b)])
        for i, (rr, h) in pairs.items():
            if rr == reg:
                regs[("P", i)] = (reg, h)
                regs[("V", i)] = (vv, h)
                regs[("U", i)] = (uv, h)
    return regs


def _products(b_scalars, square):
    """{pair j: [(vector kind, i, (scalar register, lane))]} in the order printed."""
    cols = {j: [] for j in range(8)}
    for i in range(8):
        for k in range(8):
            if square and k < i:
                continue
            c = i + k
            j = c % 8
            if c < 8:
                terms = (("P", 0), ("V", 1))
            else:
                terms = (("V", 0), ("U", 1))
            for kind, half in terms:
                dbl = square and k != i
                cols[j].append((kind, i, b_scalars(half, k, dbl)))
    return cols


def _by_element(acc, vreg, half, sreg, lane):
    """The intrinsic of half `half` of vreg times lane `lane` of sreg, added to
    acc (umlal / umlal2) or, when acc is None, alone (umull / umull2)."""
    op = "vmull" if acc is None else "vmlal"
    first = "" if acc is None else f"{acc}, "
    if half:
        return f"{op}_high_laneq_u32({first}{vreg}, {sreg}, {lane})"
    return f"{op}_laneq_u32({first}vget_low_u32({vreg}), {sreg}, {lane})"


def emit_product(bound, square):
    """The body of gf_mul (square False) or gf_sqr for inputs with limbs <=
    bound: a list of C statements."""
    p = Printer()
    p.emit("uint64x2_t", "m28", f"vdupq_n_u64({MASK28:#x})", [MASK28, MASK28])
    p.emit("uint32x4_t", "m28s", f"vdupq_n_u32({MASK28:#x})", [MASK28] * 4)
    # a's three forms first, then b's limbs: fewer vectors live at once, so that
    # the routine keeps to the 24 caller-saved vector registers
    av = _limb_pairs(p, "a", bound)
    regs = _forms(p, av)
    bv = av if square else _limb_pairs(p, "b", bound)
    if square:
        dv, doubled = {}, {}
        for i, (name, h) in av.items():
            if name not in doubled:
                doubled[name] = p.emit("uint32x4_t", f"{name}d", f"vaddq_u32({name}, {name})",
                                       [2 * x for x in p.hi[name]])
            dv[i] = (doubled[name], h)

    def b_scalar(half, k, dbl):
        return _scalar(dv if dbl else bv, half, k)

    cols = _products(b_scalar, square)
    hi = p.hi
    carry = None
    limbs = []
    for j in range(8):
        pieces = []        # [name, lane bounds]
        for kind, i, (sreg, lane) in cols[j]:
            vreg, half = regs[(kind, i)]
            vb = hi[vreg][2 * half:2 * half + 2]
            sb = hi[sreg][lane]
            prod = [x * sb for x in vb]
            # room for the other pieces' low 28 bits at the carry step
            room = TOP64 - 4 * (1 << 28)
            if pieces and all(b + q <= room for b, q in zip(pieces[-1][1], prod)):
                name, b = pieces[-1]
                nb = [x + q for x, q in zip(b, prod)]
                p.stmt(f"{name} = {_by_element(name, vreg, half, sreg, lane)};")
                hi[name] = nb
                pieces[-1][1] = nb
            elif not pieces and carry is not None and all(b + q <= room for b, q in zip(hi[carry], prod)):
                name = f"c{j}_0"
                nb = [x + q for x, q in zip(hi[carry], prod)]
                p.emit("uint64x2_t", name, _by_element(carry, vreg, half, sreg, lane), nb)
                pieces.append([name, nb])
            else:
                name = f"c{j}_{len(pieces)}"
                p.emit("uint64x2_t", name, _by_element(None, vreg, half, sreg, lane), prod)
                pieces.append([name, prod])
        if carry is not None and pieces[0][0] != f"c{j}_0":
            raise AssertionError("the carry must start the first piece")
        # the carry step: t = piece0 + sum (piece & m28), carry = (t >> 28) + sum (piece >> 28)
        t, tb = pieces[0][0], list(hi[pieces[0][0]])
        extra = []
        for n, (name, b) in enumerate(pieces[1:], 1):
            low = p.emit("uint64x2_t", f"l{j}_{n}", f"vandq_u64({name}, m28)", [MASK28] * 2)
            tb = [x + MASK28 for x in tb]
            t = p.emit("uint64x2_t", f"t{j}_{n}", f"vaddq_u64({t}, {low})", tb)
            extra.append((name, b))
        cb = [x >> 28 for x in tb]
        nxt = p.emit("uint64x2_t", f"k{j}", f"vshrq_n_u64({t}, 28)", cb)
        for n, (name, b) in enumerate(extra, 1):
            cb = [x + (y >> 28) for x, y in zip(cb, b)]
            nxt = p.emit("uint64x2_t", f"k{j}_{n}", f"vsraq_n_u64({nxt}, {name}, 28)", cb)
        limbs.append(p.emit("uint64x2_t", f"v{j}", f"vandq_u64({t}, m28)", [MASK28] * 2))
        carry = nxt
    # the carry out of limb 7 (lane 0) goes to limb 8 (lane 1 of pair 0); the one
    # out of limb 15 (lane 1), place 2^448 = 2^224 + 1, to limbs 0 and 8
    cb = hi[carry]
    # (c_hi, c_lo + c_hi) = trn2(c, addp(c, c)): lane 1 of each
    sums = p.emit("uint64x2_t", "ws", f"vpaddq_u64({carry}, {carry})", [cb[0] + cb[1]] * 2)
    wrap = p.emit("uint64x2_t", "wr", f"vtrn2q_u64({carry}, {sums})", [cb[1], cb[0] + cb[1]])
    v0 = p.emit("uint64x2_t", "w0", f"vaddq_u64({limbs[0]}, {wrap})", [MASK28 + cb[1], MASK28 + cb[0] + cb[1]])
    src = v0
    for j in (0, 1):
        nb = [x + (y >> 28) for x, y in zip(hi[limbs[j + 1]], hi[src])]
        nxt = p.emit("uint64x2_t", f"x{j + 1}", f"vsraq_n_u64({limbs[j + 1]}, {src}, 28)", nb)
        limbs[j] = p.emit("uint64x2_t", f"y{j}", f"vandq_u64({src}, m28)", [MASK28] * 2)
        src = nxt
    limbs[2] = src
    # the 56-bit limbs m and m + 4 in the lanes of r_m = limb 2m + 2^28 limb 2m + 1
    # (a shift-insert needs the low limb below 2^28; limb 2 may be 2^28 after the
    # last carry, so its pair takes a shift and an add)
    r = []
    for m in range(4):
        lo, up = limbs[2 * m], limbs[2 * m + 1]
        nb = [x + (y << 28) for x, y in zip(hi[lo], hi[up])]
        if max(hi[lo]) <= MASK28:
            r.append(p.emit("uint64x2_t", f"r{m}", f"vsliq_n_u64({lo}, {up}, 28)", nb))
        else:
            sh = p.emit("uint64x2_t", f"s{m}", f"vshlq_n_u64({up}, 28)", [y << 28 for y in hi[up]])
            r.append(p.emit("uint64x2_t", f"r{m}", f"vaddq_u64({lo}, {sh})", nb))
    # vst4q_u64 interleaves them back: r_0[0], r_1[0], r_2[0], r_3[0], r_0[1], ...
    p.stmt(f"uint64x2x4_t o = {{{{{', '.join(r)}}}}};")
    p.stmt("vst4q_u64(out->limb, o);")
    _drop_unused(p)
    return p


def _drop_unused(p):
    """Removes the declarations nothing reads (a square needs no (a0_i, a1_i)
    pair of i >= 4), until none is left."""
    decl = re.compile(r"^\w+ (\w+) = ")
    while True:
        text = "\n".join(p.lines)
        used = {}
        for w in re.findall(r"\b\w+\b", text):
            used[w] = used.get(w, 0) + 1
        keep = [ln for ln in p.lines if not (decl.match(ln) and used[decl.match(ln).group(1)] == 1)]
        if len(keep) == len(p.lines):
            return
        p.lines = keep
