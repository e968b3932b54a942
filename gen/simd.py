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

from dataclasses import dataclass, field


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
    # what the reader makes of each intrinsic: name -> (operation, argument kinds)
    calls: dict = field(default_factory=dict)
    # gf_mul / gf_sqr shape (gen/layouts.py Layout.mul_operands_in_memory): the
    # layout's own choice is for its scalar registers; the lanes choose by
    # measurement (gen/gen_lanes.py)
    mul_operands_in_memory: bool = False
    cflags: str = ""       # what the compiler needs (documentation; the target gives it)
    note: str = ""         # what the generated header says about the representation

    def op(self, name, ty=None):
        """The intrinsic printing operation `name` on the schedule type ty."""
        if (name, ty) in self.ops:
            return self.ops[(name, ty)]
        if name in self.ops:
            return self.ops[name]
        raise KeyError(f"{self.name}: no intrinsic for {name} ({ty})")


AVX2 = Isa(
    name="avx2", lanes=4, layout="16x28", partner="8x56", template_dir="avx2",
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
        "_mm256_set1_epi64x": ("set1", ("value",)),
        "_mm256_add_epi64": ("add", ("v", "v")),
        "_mm256_sub_epi64": ("sub", ("v", "v")),
        "_mm256_mul_epu32": ("mul_lo", ("v", "v")),
        "_mm256_srli_epi64": ("shr", ("v", "k")),
        "_mm256_slli_epi64": ("shl", ("v", "k")),
        "_mm256_and_si256": ("and", ("v", "v")),
        "_mm256_xor_si256": ("xor", ("v", "v")),
    },
    cflags="-mavx2 (x86-64-v3)",
    note=("every limb is a 64-bit lane of an __m256i (limb i of lane k in lane k of limb[i]);\n"
          "a schedule word is a lane proven below 2^32, so that _mm256_mul_epu32 (vpmuludq),\n"
          "which multiplies the low 32 bits of each lane, computes the schedule's product"),
)

ISAS = {isa.name: isa for isa in (AVX2,)}
