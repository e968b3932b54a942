"""The routines templates/c_scalar/gf_layout.h.j2 writes by hand, as contracts.

gf_copy, gf_set_small, gf_select, gf_cond_swap and gf_cond_neg are printed by the
template, not from a schedule of gen/schedules.py. They get an empty
ir.Function here (parameters and input bounds only), so that gen/c_match.py
can read their C (gen/c_reader.py) and gen/prove.py prove it on its own;
prove.spec holds what each must compute. A parameter of kind "mask" is a
mask_t, all ones or zero by the contract of src/field/field.h: the proof takes
both values. no_alias names the parameters that must not alias (the C
reader refuses any other read of a limb after a store to the same limb).
gf_cond_neg calls gf_neg and gf_select, which the C reader inlines.
gf_value_barrier (an empty asm statement) and gf_word_adc / gf_word_sbb (one
step of a carry chain of words, for src/scalar; no field element) are not read:
test_scalar checks their users against GMP.
"""

import ir


def functions(L):
    any_limb = L.word_max
    copy = ir.Function("gf_copy", "Copies.", "out == a", [("out", "gf_out"), ("a", "gf_in")],
                       {"a": any_limb}, inline=True)
    small = ir.Function("gf_set_small", "Sets a small constant.", "eval(out) == w, canonical",
                        [("out", "gf_out"), ("w", "u32")], {"w": (1 << 32) - 1}, inline=True)
    select = ir.Function("gf_select", "Selects with a mask.", "out = pick_b ? b : a",
                         [("out", "gf_out"), ("a", "gf_in"), ("b", "gf_in"), ("pick_b", "mask")],
                         {"a": any_limb, "b": any_limb, "pick_b": L.word_max}, inline=True)
    swap = ir.Function("gf_cond_swap", "Swaps with a mask.", "a, b = b, a when swap",
                       [("a", "gf_inout"), ("b", "gf_inout"), ("swap", "mask")],
                       {"a": any_limb, "b": any_limb, "swap": L.word_max}, inline=True)
    swap.no_alias = {("a", "b")}
    neg = ir.Function("gf_cond_neg", "Negates with a mask.", "a = neg ? -a : a",
                      [("a", "gf_inout"), ("neg", "mask")], {"a": L.tight_max, "neg": L.word_max},
                      inline=True)
    return [copy, small, select, swap, neg]
