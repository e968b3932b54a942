"""The portable twin of the IFMA lanes: gf4r50.h on plain 64-bit words.

    generated/r50_portable/gf4r50.h, written by gen/gen_lanes.py

The radix-2^50 routines (gen/radix50.py) are printed once, in
generated/r50/gf4r50_routines.h, on the AVX-512 IFMA instructions, each
named with the prefix r50_ (r50_mm256_madd52lo_epu64, type r50_m256i:
rename). Two headers give those names a meaning and include that one text:
generated/lanes_avx512ifma/gf4r50.h makes each the intrinsic itself
(ifma_words: a #define, so the compiled code is the intrinsics' to the
byte), and the twin, generated/r50_portable/gf4r50.h, defines each in plain
C (prelude): each definition computes, lane by lane, what the instruction
computes (Intel's pseudocode of vpaddq, vpsllq, vpmadd52luq / vpmadd52huq on
the low 52 bits of each input, vpermq, vpblendmq, vpcmpeqq, vperm2i128,
vpunpck[lh]qdq, ...), unrolled over the lanes, with no branch and no address
from a lane's value (a permutation's lane numbers and a shift count are
public: operands the code fixes). So the r50 backend's curve code
(src/backend/r50/), written on gf4r50.h, runs on any CPU with unsigned
__int128: target r50-portable, whose tests, instruction counts and valgrind
check are those of the code an IFMA server runs.

What the twin adds to the proof of the routines (gen/radix50.py, on the
abstract machine) is only that each definition below is the instruction's
semantics: printed from the table OPS, one C expression per lane, and checked
here on random and extreme words against a Python model of the instruction
(selfcheck) before anything is written; test/proof_check.py reads the three
files back (check_twin). Where the CPU has IFMA, a test requires the same
words of both for every primitive.
"""

import random
import re

M52 = (1 << 52) - 1
W = (1 << 64) - 1

# Intel's names of the vector types and what the twin calls them.
TYPES = {"__m256i": ("r50_m256i", 4), "__m512i": ("r50_m512i", 8), "__mmask8": ("r50_mmask8", None)}
INTRINSIC = re.compile(r"\b(_mm(?:256|512)_[a-z0-9_]+|__m256i|__m512i|__mmask8)\b")


def rename(text):
    """A text on the intrinsics with each intrinsic and vector type named as the routines name
    it: r50_ before the name (r50_mm256_add_epi64), r50_m256i for __m256i."""
    return INTRINSIC.sub(lambda m: TYPES[m.group(1)][0] if m.group(1) in TYPES else "r50" + m.group(1), text)


# name: (return type, parameters, lanes, the C expression of lane k (_lane), the Python model
# of the whole result from the arguments (lists of words, ints)). The C expressions read
# a.q[k] etc.; the loads and stores (no expression) are a memcpy in _body.
def _lanes(n, f):
    return lambda *args: [f(k, *args) & W for k in range(n)]


OPS = {
    "_mm256_add_epi64": ("__m256i", "__m256i a, __m256i b", 4, "a.q[{k}] + b.q[{k}]",
                         _lanes(4, lambda k, a, b: a[k] + b[k])),
    "_mm256_sub_epi64": ("__m256i", "__m256i a, __m256i b", 4, "a.q[{k}] - b.q[{k}]",
                         _lanes(4, lambda k, a, b: a[k] - b[k])),
    "_mm256_and_si256": ("__m256i", "__m256i a, __m256i b", 4, "a.q[{k}] & b.q[{k}]",
                         _lanes(4, lambda k, a, b: a[k] & b[k])),
    "_mm256_or_si256": ("__m256i", "__m256i a, __m256i b", 4, "a.q[{k}] | b.q[{k}]",
                        _lanes(4, lambda k, a, b: a[k] | b[k])),
    "_mm256_xor_si256": ("__m256i", "__m256i a, __m256i b", 4, "a.q[{k}] ^ b.q[{k}]",
                         _lanes(4, lambda k, a, b: a[k] ^ b[k])),
    # a count above 63 clears the word (vpsllq / vpsrlq)
    "_mm256_slli_epi64": ("__m256i", "__m256i a, unsigned int s", 4, "(a.q[{k}] << (s & 63)) & r50_below64(s)",
                          _lanes(4, lambda k, a, s: a[k] << s if s < 64 else 0)),
    "_mm256_srli_epi64": ("__m256i", "__m256i a, unsigned int s", 4, "(a.q[{k}] >> (s & 63)) & r50_below64(s)",
                          _lanes(4, lambda k, a, s: a[k] >> s if s < 64 else 0)),
    # vpmadd52luq / vpmadd52huq: the 104-bit product of the low 52 bits of each input
    "_mm256_madd52lo_epu64": ("__m256i", "__m256i acc, __m256i x, __m256i y", 4,
                              "acc.q[{k}] + ((uint64_t)r50_mul52(x.q[{k}], y.q[{k}]) & 0xfffffffffffffu)",
                              _lanes(4, lambda k, acc, x, y: acc[k] + (((x[k] & M52) * (y[k] & M52)) & M52))),
    "_mm256_madd52hi_epu64": ("__m256i", "__m256i acc, __m256i x, __m256i y", 4,
                              "acc.q[{k}] + (uint64_t)(r50_mul52(x.q[{k}], y.q[{k}]) >> 52)",
                              _lanes(4, lambda k, acc, x, y: acc[k] + (((x[k] & M52) * (y[k] & M52)) >> 52))),
    "_mm256_set1_epi64x": ("__m256i", "long long v", 4, "(uint64_t)v", _lanes(4, lambda k, v: v)),
    "_mm256_setr_epi64x": ("__m256i", "long long l0, long long l1, long long l2, long long l3", 4, "(uint64_t)l{k}",
                           _lanes(4, lambda k, *ls: ls[k])),
    "_mm256_setzero_si256": ("__m256i", "void", 4, "0", _lanes(4, lambda k: 0)),
    "_mm256_cmpeq_epi64": ("__m256i", "__m256i a, __m256i b", 4, "r50_eq(a.q[{k}], b.q[{k}])",
                           _lanes(4, lambda k, a, b: W if a[k] == b[k] else 0)),
    # bit k of m takes lane k from b (m may be secret: a mask, no branch)
    "_mm256_mask_blend_epi64": ("__m256i", "__mmask8 m, __m256i a, __m256i b", 4,
                                "a.q[{k}] ^ ((a.q[{k}] ^ b.q[{k}]) & (0 - (uint64_t)((m >> {k}) & 1)))",
                                _lanes(4, lambda k, m, a, b: b[k] if m >> k & 1 else a[k])),
    # vpermq: lane k from the lane the low two bits of idx's lane k name (public lane numbers)
    "_mm256_permutexvar_epi64": ("__m256i", "__m256i idx, __m256i a", 4, "a.q[idx.q[{k}] & 3]",
                                 _lanes(4, lambda k, idx, a: a[idx[k] & 3])),
    "_mm256_unpacklo_epi64": ("__m256i", "__m256i a, __m256i b", 4,
                              lambda k: f"a.q[{k}]" if k % 2 == 0 else f"b.q[{k - 1}]",
                              lambda a, b: [a[0], b[0], a[2], b[2]]),
    "_mm256_unpackhi_epi64": ("__m256i", "__m256i a, __m256i b", 4,
                              lambda k: f"a.q[{k + 1}]" if k % 2 == 0 else f"b.q[{k}]",
                              lambda a, b: [a[1], b[1], a[3], b[3]]),
    # vperm2i128: each 128-bit half from the half imm's nibble names (a low, a high, b low,
    # b high), or zero where the nibble's bit 3 is set
    "_mm256_permute2x128_si256": ("__m256i", "__m256i a, __m256i b, unsigned int imm", 4, lambda k: (
        f"((a.q[{k % 2}] & r50_eq((imm >> {4 * (k // 2)}) & 3, 0)) | (a.q[{2 + k % 2}] & r50_eq((imm >> {4 * (k // 2)}) & 3, 1))"
        f" | (b.q[{k % 2}] & r50_eq((imm >> {4 * (k // 2)}) & 3, 2)) | (b.q[{2 + k % 2}] & r50_eq((imm >> {4 * (k // 2)}) & 3, 3)))"
        f" & r50_eq((imm >> {4 * (k // 2) + 3}) & 1, 0)"),
        lambda a, b, imm: [0 if (imm >> (4 * h)) & 8 else (a + b)[2 * ((imm >> (4 * h)) & 3) + j]
                           for h in range(2) for j in range(2)]),
    "_mm256_loadu_si256": ("__m256i", "const __m256i *p", 4, None, None),
    "_mm256_storeu_si256": ("void", "__m256i *p, __m256i a", 4, None, None),
    "_mm512_add_epi64": ("__m512i", "__m512i a, __m512i b", 8, "a.q[{k}] + b.q[{k}]",
                         _lanes(8, lambda k, a, b: a[k] + b[k])),
    "_mm512_slli_epi64": ("__m512i", "__m512i a, unsigned int s", 8, "(a.q[{k}] << (s & 63)) & r50_below64(s)",
                          _lanes(8, lambda k, a, s: a[k] << s if s < 64 else 0)),
    "_mm512_madd52lo_epu64": ("__m512i", "__m512i acc, __m512i x, __m512i y", 8,
                              "acc.q[{k}] + ((uint64_t)r50_mul52(x.q[{k}], y.q[{k}]) & 0xfffffffffffffu)",
                              _lanes(8, lambda k, acc, x, y: acc[k] + (((x[k] & M52) * (y[k] & M52)) & M52))),
    "_mm512_madd52hi_epu64": ("__m512i", "__m512i acc, __m512i x, __m512i y", 8,
                              "acc.q[{k}] + (uint64_t)(r50_mul52(x.q[{k}], y.q[{k}]) >> 52)",
                              _lanes(8, lambda k, acc, x, y: acc[k] + (((x[k] & M52) * (y[k] & M52)) >> 52))),
    "_mm512_setzero_si512": ("__m512i", "void", 8, "0", _lanes(8, lambda k: 0)),
    "_mm512_broadcast_i64x4": ("__m512i", "__m256i a", 8, "a.q[{k4}]", _lanes(8, lambda k, a: a[k % 4])),
    # the high half of a widened word is undefined to Intel; zero here
    "_mm512_castsi256_si512": ("__m512i", "__m256i a", 8, lambda k: f"a.q[{k}]" if k < 4 else "0",
                               _lanes(8, lambda k, a: a[k] if k < 4 else 0)),
    "_mm512_castsi512_si256": ("__m256i", "__m512i a", 4, "a.q[{k}]", _lanes(4, lambda k, a: a[k])),
    "_mm512_extracti64x4_epi64": ("__m256i", "__m512i a, unsigned int imm", 4, "a.q[4 * (imm & 1) + {k}]",
                                  _lanes(4, lambda k, a, imm: a[4 * (imm & 1) + k])),
    "_mm512_inserti64x4": ("__m512i", "__m512i a, __m256i b, unsigned int imm", 8,
                           "a.q[{k}] ^ ((a.q[{k}] ^ b.q[{k4}]) & r50_eq(imm & 1, {h}))",
                           _lanes(8, lambda k, a, b, imm: b[k % 4] if (imm & 1) == k // 4 else a[k])),
}

HELPERS = """\
typedef struct r50_m256i {
    uint64_t q[4];
} r50_m256i;
typedef struct r50_m512i {
    uint64_t q[8];
} r50_m512i;
typedef uint8_t r50_mmask8;

#define R50_TWIN_INLINE static inline __attribute__((always_inline))

/* The 104-bit product of the low 52 bits of x and y (vpmadd52's multiplier). */
R50_TWIN_INLINE unsigned __int128 r50_mul52(uint64_t x, uint64_t y) {
    return (unsigned __int128)(x & 0xfffffffffffffu) * (y & 0xfffffffffffffu);
}

/* All ones when x == y, else 0, from the difference's bits alone (no comparison). */
R50_TWIN_INLINE uint64_t r50_eq(uint64_t x, uint64_t y) {
    const uint64_t d = x ^ y;
    return ((d | (0 - d)) >> 63) - 1;
}

/* All ones when the shift count s is below 64, else 0: a count above 63 clears the word. */
R50_TWIN_INLINE uint64_t r50_below64(unsigned int s) {
    return r50_eq(s >> 6, 0);
}
"""


def _body(name, ret, lanes, expr):
    """The C statements of one definition."""
    if name.endswith("storeu_si256"):
        return ["memcpy(p, &a, sizeof a);"]
    t = TYPES[ret][0]
    if name.endswith("loadu_si256"):
        return [f"{t} r;", "memcpy(&r, p, sizeof r);", "return r;"]
    lines = [f"{t} r;"] + [f"r.q[{k}] = {_lane(expr, k)};" for k in range(lanes)]
    return lines + ["return r;"]


def _lane(expr, k):
    """Lane k's C expression of an OPS entry (a format of k, k % 4 and k // 4, or a function of k)."""
    return expr(k) if callable(expr) else expr.format(k=k, k4=k % 4, h=k // 4)


def prelude(used):
    """The C definitions of the intrinsics `used` (names), in OPS's order."""
    unknown = sorted(set(used) - set(OPS))
    if unknown:
        raise ValueError(f"the twin has no definition of {', '.join(unknown)}: add it to gen/r50_portable.py OPS")
    out = [HELPERS]
    for name, (ret, params, lanes, expr, _) in OPS.items():
        if name not in used:
            continue
        tparams = rename(params)
        out.append(f"R50_TWIN_INLINE {rename(ret)} {rename(name)}({tparams}) {{")
        out += ["    " + line for line in _body(name, ret, lanes, expr)]
        out.append("}\n")
    return "\n".join(out).rstrip() + "\n"


def used_intrinsics(text):
    return {m for m in INTRINSIC.findall(text) if m not in TYPES}


def ifma_words(used):
    """The IFMA header's names for the routines: each r50_ name the intrinsic itself."""
    out = [f"typedef {t} {r};" for t, (r, _) in TYPES.items()]
    out += [f"#define {rename(n)} {n}" for n in OPS if n in used]
    unknown = sorted(set(used) - set(OPS))
    if unknown:
        raise ValueError(f"the twin has no definition of {', '.join(unknown)}: add it to gen/r50_portable.py OPS")
    return "\n".join(out) + "\n"


def selfcheck(seed=448, n=200):
    """Each definition's C expression, evaluated lane by lane in Python (with C's uint64_t
    wrap-around), against the model of the instruction, on random and extreme words."""
    rnd = random.Random(seed)
    extremes = [0, 1, M52, M52 + 1, (1 << 63), W, W - 1]

    def word():
        return rnd.choice(extremes) if rnd.random() < 0.3 else rnd.getrandbits(64)

    for name, (ret, params, lanes, expr, model) in OPS.items():
        if expr is None or model is None:
            continue
        names = [p.split()[-1].lstrip("*") for p in params.split(", ")] if params != "void" else []
        kinds = [p.split()[0] if not p.startswith("unsigned") else "imm" for p in params.split(", ")] if names else []
        for _ in range(n):
            args = []
            for kind in kinds:
                if kind in TYPES and TYPES[kind][1]:
                    args.append([word() for _ in range(TYPES[kind][1])])
                elif kind == "__mmask8":
                    args.append(rnd.getrandbits(8))
                elif kind == "imm":
                    args.append(rnd.choice([0, 1, 2, 24, 26, 50, 52, 56, 63, 64, 70, 255]))
                else:
                    args.append(word())
            env = dict(zip(names, args))
            got = [_eval_c(_lane(expr, k), env) & W for k in range(lanes)]
            want = model(*args)
            if got != want:
                raise ValueError(f"twin {name}: lanes {got} where the instruction gives {want} for {args}")


class _Q:
    """a.q[i] in a C expression, for _eval_c."""

    def __init__(self, words):
        self.q = words


def _eval_c(expr, env):
    """A per-lane C expression of OPS, evaluated as C would on uint64_t (enough C for OPS)."""
    py = expr.replace("(uint64_t)", "").replace("0xfffffffffffffu", hex(M52)).replace("u ", " ")
    py = re.sub(r"(\d+)u\b", r"\1", py)
    scope = {k: (_Q(v) if isinstance(v, list) else v) for k, v in env.items()}
    scope["r50_mul52"] = lambda x, y: (x & M52) * (y & M52)
    scope["r50_eq"] = lambda x, y: W if x == y else 0
    scope["r50_below64"] = lambda s: W if s < 64 else 0
    return eval(py, {}, scope)


def check_twin(routines, ifma, twin):
    """The committed files read back: the routines (generated/r50/gf4r50_routines.h) name no
    intrinsic but through r50_; the IFMA header defines each r50_ name they use as exactly
    that intrinsic; the twin defines each in plain C. Returns [(ok, what)]."""
    used = set(re.findall(r"\br50_mm(?:256|512)_[a-z0-9_]+", routines))
    raw = sorted(set(INTRINSIC.findall(routines)))
    out = [(not raw and len(used) > 0, f"gf4r50_routines.h names its {len(used)} instructions through r50_ only"
            + (f" (not: {', '.join(raw)})" if raw else ""))]
    mapped = dict(re.findall(r"^#define (r50_mm\w+) (\w+)$", ifma, re.M))
    wrong = sorted(n for n in used if mapped.get(n) != n[len("r50"):])
    out.append((not wrong, "the IFMA gf4r50.h makes each of them its intrinsic"
                + (f" (not: {', '.join(wrong)})" if wrong else "")))
    defined = set(re.findall(r"^R50_TWIN_INLINE [^\n]*?\b(r50_mm(?:256|512)_[a-z0-9_]+)\(", twin, re.M))
    missing = sorted(used - defined)
    out.append((not missing, "the portable twin defines each of them in plain C"
                + (f" (not: {', '.join(missing)})" if missing else "")))
    both = ['#include "../r50/gf4r50_routines.h"' in t for t in (ifma, twin)]
    out.append((all(both), "both include the one text of the routines"))
    return out
