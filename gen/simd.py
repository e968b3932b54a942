"""Vector instruction sets that print the field schedules lane by lane.

A vector lane layout (generated/lanes_<name>/, see src/field/field.h,
"Lanes") keeps limb i of every lane in one vector register: it runs the
schedules of a scalar layout (gen/layouts.py), the same Function objects
that gen/gen_field.py proves, with every word and double word of the
schedule held in one lane of a vector. An Isa says how: the vector types of
the schedule's word ("w") and double word ("d"), the lane count, and the
intrinsic of each operation of gen/ir.py. templates/simd/ir.j2 prints a
schedule through this description alone and gen/c_reader.py reads the
printed intrinsics back through the same description (Isa.calls), so a new
instruction set is a new Isa plus its templates/<name>/ directory, not new
printing or reading code.

The meaning the reader gives each intrinsic (Isa.calls, "what it computes
per lane, as gen/ir.py operations") is the instruction's, not the
schedule's: for AVX2 every lane is 64 bits wide whatever the schedule's
type, so every value is read as a double word, a product reads only the
low 32 bits of each operand (_mm256_mul_epu32: Mul(Lo(x), Lo(y)), which the
Analyzer accepts only where x and y are proven below 2^32), and a sum
wraps mod 2^64. The proofs then run on that reading (gen/c_match.py).

The lane layout also names its partner, the scalar layout of the target
(gf of field.h) that gfl_insert / gfl_extract / gfl_broadcast convert from
and to.
"""

import dataclasses
from dataclasses import dataclass, field

import derived


@dataclass(frozen=True)
class Isa:
    name: str              # generated/lanes_<name>/, GF_LANES_NAME
    lanes: int             # GF_LANES
    layout: str            # the scalar layout whose schedules it prints (gen/layouts.py)
    partner: str           # the target's scalar layout (gfl_insert / gfl_extract)
    template_dir: str      # templates/<template_dir>/
    include: str           # the intrinsics header
    vtype: dict            # schedule type ("w", "d") -> C vector type
    lane_bits: int         # bits of one lane of vtype["d"]
    # gen/ir.py operation (with the schedule type where it matters) ->
    # intrinsic; None: no instruction (the value is already what the
    # operation gives in this representation).
    ops: dict
    # what the reader makes of each intrinsic: name -> (operation, lane type
    # of its operands and result, argument kinds: "v" a vector, "k" a
    # constant shift count, "value" a constant or the uint32_t parameter).
    # mul takes two words and gives a double word, lo a double word and gives
    # a word, widen the reverse.
    calls: dict = field(default_factory=dict)
    # gf_mul / gf_sqr shape (gen/layouts.py Layout.mul_operands_in_memory): the
    # layout's own choice is for its scalar registers; the lanes choose by
    # measurement (gen/gen_lanes.py)
    mul_operands_in_memory: bool = False
    # "karatsuba": gf_mul / gf_sqr / gf_mulw of gen/schedules.py as the scalar
    # layout has them; "madd52": schedules.fn_mul_madd52 (a 52-bit multiplier)
    mul_schedule: str = "karatsuba"
    cflags: str = ""       # what the compiler needs (documentation; the target gives it)
    backend: str = ""      # GF_LANES_NAME when it is not `name` (two layouts of one instruction set)
    # the lane layout this one is derived from (gen/derived.py): generated/lanes_<name>/ holds
    # gf_lanes.h and the files that differ from the base's; "": none
    base: str = ""
    note: str = ""         # what the generated header says about the representation

    @property
    def one_vector_type(self):
        """Words and double words in the same vector type (AVX2): a word is
        a lane that the Analyzer proves below 2^32."""
        return self.vtype["w"] == self.vtype["d"]

    def op(self, name, ty=None):
        """The intrinsic printing operation `name` on the schedule type ty."""
        if (name, ty) in self.ops:
            return self.ops[(name, ty)]
        if name in self.ops:
            return self.ops[name]
        raise KeyError(f"{self.name}: no intrinsic for {name} ({ty})")


AVX2 = Isa(
    name="avx2", lanes=4, layout="16x28", partner="8x56", template_dir="avx2", mul_operands_in_memory=True,
    include="immintrin.h", vtype={"w": "__m256i", "d": "__m256i"}, lane_bits=64,
    ops={
        "const": "_mm256_set1_epi64x",     # a constant in every lane
        "bcast": "_mm256_set1_epi64x",     # the uint32_t parameter in every lane
        "add": "_mm256_add_epi64",
        "sub": "_mm256_sub_epi64",
        "mul": "_mm256_mul_epu32",         # low 32 bits x low 32 bits -> 64 bits, per lane
        "shr": "_mm256_srli_epi64",
        "shl": "_mm256_slli_epi64",
        "and": "_mm256_and_si256",         # also mask: and with a constant 2^k - 1
        "xor": "_mm256_xor_si256",
        "lo": None,                        # a word is a 64-bit lane below 2^32 (proven)
        "widen": None,
    },
    calls={
        "_mm256_set1_epi64x": ("set1", "d", ("value",)),
        "_mm256_add_epi64": ("add", "d", ("v", "v")),
        "_mm256_sub_epi64": ("sub", "d", ("v", "v")),
        "_mm256_mul_epu32": ("mul", "w", ("v", "v")),
        "_mm256_srli_epi64": ("shr", "d", ("v", "k")),
        "_mm256_slli_epi64": ("shl", "d", ("v", "k")),
        "_mm256_and_si256": ("and", "d", ("v", "v")),
        "_mm256_xor_si256": ("xor", "d", ("v", "v")),
    },
    cflags="-mavx2 (x86-64-v3)",
    note=("every limb is a 64-bit lane of an __m256i (limb i of lane k in lane k of limb[i]);\n"
          "a schedule word is a lane proven below 2^32, so that _mm256_mul_epu32 (vpmuludq),\n"
          "which multiplies the low 32 bits of each lane, computes the schedule's product"),
)

NEON = Isa(
    name="neon", lanes=2, layout="16x28", partner="8x56", template_dir="neon", mul_operands_in_memory=True,
    include="arm_neon.h", vtype={"w": "uint32x2_t", "d": "uint64x2_t"}, lane_bits=64,
    ops={
        ("const", "w"): "vdup_n_u32", ("const", "d"): "vdupq_n_u64",
        "bcast": "vdup_n_u32",
        ("add", "w"): "vadd_u32", ("add", "d"): "vaddq_u64",
        ("sub", "w"): "vsub_u32", ("sub", "d"): "vsubq_u64",
        "mul": "vmull_u32",                # two 32-bit words -> one 64-bit double word, per lane
        ("shr", "w"): "vshr_n_u32", ("shr", "d"): "vshrq_n_u64",
        ("shl", "w"): "vshl_n_u32", ("shl", "d"): "vshlq_n_u64",
        ("and", "w"): "vand_u32", ("and", "d"): "vandq_u64",
        ("xor", "w"): "veor_u32", ("xor", "d"): "veorq_u64",
        "lo": "vmovn_u64",                 # narrows (the Analyzer proves the value fits)
        "widen": "vmovl_u32",
    },
    calls={
        "vdup_n_u32": ("set1", "w", ("value",)), "vdupq_n_u64": ("set1", "d", ("value",)),
        "vadd_u32": ("add", "w", ("v", "v")), "vaddq_u64": ("add", "d", ("v", "v")),
        "vsub_u32": ("sub", "w", ("v", "v")), "vsubq_u64": ("sub", "d", ("v", "v")),
        "vmull_u32": ("mul", "w", ("v", "v")),
        "vshr_n_u32": ("shr", "w", ("v", "k")), "vshrq_n_u64": ("shr", "d", ("v", "k")),
        "vshl_n_u32": ("shl", "w", ("v", "k")), "vshlq_n_u64": ("shl", "d", ("v", "k")),
        "vand_u32": ("and", "w", ("v", "v")), "vandq_u64": ("and", "d", ("v", "v")),
        "veor_u32": ("xor", "w", ("v", "v")), "veorq_u64": ("xor", "d", ("v", "v")),
        "vmovn_u64": ("lo", "d", ("v",)), "vmovl_u32": ("widen", "w", ("v",)),
    },
    cflags="NEON (every aarch64 CPU; -mfpu=neon on ARMv7)",
    note=("a limb is a 32-bit lane of a uint32x2_t (limb i of lane k in lane k of limb[i]),\n"
          "a double word a 64-bit lane of a uint64x2_t; the C types are the schedule's types,\n"
          "products by vmull_u32 (umull / vmlal), narrowing by vmovn_u64 where the schedule's\n"
          "Lo is proven to fit"),
)

# NEON on 32-bit ARM: the same layout beside the target's 16x28 (gf_insert and
# gf_extract copy whole limbs).
NEON_ARMV7 = dataclasses.replace(NEON, name="neon_armv7", base="neon", partner="16x28", backend="neon",
                                 cflags="-mfpu=neon (ARMv7-A with NEON)")

AVX512IFMA = Isa(
    name="avx512ifma", lanes=8, layout="16x28", partner="8x56", template_dir="avx512ifma",
    mul_schedule="madd52",
    include="immintrin.h", vtype={"w": "__m512i", "d": "__m512i"}, lane_bits=64,
    ops={
        "const": "_mm512_set1_epi64", "bcast": "_mm512_set1_epi64", "zero": "_mm512_setzero_si512",
        "add": "_mm512_add_epi64", "sub": "_mm512_sub_epi64",
        "mullo": "_mm512_madd52lo_epu64",   # addend + low 52 bits of (low 52 bits x low 52 bits)
        "mulhi": "_mm512_madd52hi_epu64",   # addend + the high 52 bits of that product
        "shr": "_mm512_srli_epi64", "shl": "_mm512_slli_epi64",
        "and": "_mm512_and_si512", "xor": "_mm512_xor_si512",
        "lo": None, "widen": None,
    },
    calls={
        "_mm512_set1_epi64": ("set1", "d", ("value",)),
        "_mm512_setzero_si512": ("zero", "d", ()),
        "_mm512_add_epi64": ("add", "d", ("v", "v")),
        "_mm512_sub_epi64": ("sub", "d", ("v", "v")),
        "_mm512_madd52lo_epu64": ("madd52lo", "d", ("v", "v", "v")),
        "_mm512_madd52hi_epu64": ("madd52hi", "d", ("v", "v", "v")),
        "_mm512_srli_epi64": ("shr", "d", ("v", "k")),
        "_mm512_slli_epi64": ("shl", "d", ("v", "k")),
        "_mm512_and_si512": ("and", "d", ("v", "v")),
        "_mm512_xor_si512": ("xor", "d", ("v", "v")),
    },
    cflags="-mavx512f -mavx512ifma (x86-64-v4 with IFMA: Ice Lake, Zen 4 and later)",
    note=("every limb is a 64-bit lane of an __m512i (limb i of lane k in lane k of limb[i]);\n"
          "products by _mm512_madd52lo_epu64 / _mm512_madd52hi_epu64 (vpmadd52luq / vpmadd52huq),\n"
          "whose operands the analysis proves below 2^52, so that the two halves are the whole product"),
)

ISAS = {isa.name: isa for isa in (AVX2, NEON, NEON_ARMV7, AVX512IFMA)}


# A derived lane layout (Isa.base, gen/derived.py) prints its base's schedules with its
# base's instructions: only its header (gf_lanes.h: the partner, the notes) may differ.
derived.check_bases(ISAS, ("lanes", "layout", "template_dir", "include", "vtype", "lane_bits", "ops", "calls",
                           "mul_operands_in_memory", "mul_schedule"), "lane layout")
