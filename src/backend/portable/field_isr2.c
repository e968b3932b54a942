/*
 * gf_isr2 (field.h): two inverse square roots, one after the other.
 * field_isr2_r50.c is its alternative on the avx512ifma target.
 */
#include "field.h"

void gf_isr2(gf out[2], mask_t ok[2], const gf a[2]) {
    ok[0] = gf_isr(out[0], a[0]); /* out[0] may be a[0], not a[1] */
    ok[1] = gf_isr(out[1], a[1]);
}
