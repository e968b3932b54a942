"""The prime p = 2^448 - 2^224 - 1 ("Goldilocks"), described once.

Every schedule in gen/ is derived from this description: the limb layouts
split an element into two halves of PHI_BITS bits, and the multiplication
reduces with the golden-ratio identity phi^2 = phi + 1 (mod p), phi = 2^224,
which holds because p = phi^2 - phi - 1 (Hamburg, "Ed448-Goldilocks, a new
elliptic curve", 2015, section 2).
"""

BITS = 448                      # p < 2^BITS
PHI_BITS = 224                  # phi = 2^PHI_BITS
PHI = 1 << PHI_BITS
P = (1 << BITS) - PHI - 1       # p = phi^2 - phi - 1
SER_BYTES = BITS // 8           # 56: RFC 7748 section 5, little-endian

assert P == PHI * PHI - PHI - 1
assert (PHI * PHI) % P == (PHI + 1) % P
