/* The library's version string, fixed when the library is built. */
#include "goldilocks.h"

const char *goldilocks_version(void) {
    return GOLDILOCKS_VERSION_STRING;
}
