/* Constant-time check of the two-lane X448 ladder (src/backend/lanes2/x448_ladder_lanes2.c), by ct_x448_ladder_form.h. */
#define LADDER_SOURCE "../src/backend/lanes2/x448_ladder_lanes2.c"
#define LADDER_FN ladder_lanes2
#define LADDER_MIN_LANES 2
#define LADDER_TEST_NAME "ct_x448_ladder_lanes2"
#include "ct_x448_ladder_form.h"
