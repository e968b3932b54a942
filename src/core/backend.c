/*
 * The name of the lane layout this copy of the library was built with
 * (src/field/field.h, "Lanes"). In a library holding several backends
 * (target x86-64) each backend has its own copy of this function and the
 * dispatch layer calls the one it chose.
 */
#include "goldilocks.h"
#include "field.h"

const char *goldilocks_backend(void) {
    return GF_LANES_NAME;
}
