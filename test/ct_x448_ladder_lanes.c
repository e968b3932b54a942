/* Constant-time check of the four-lane X448 ladder (src/proto/x448_ladder_lanes.c), by ct_x448_ladder_form.h. */
#define LADDER_SOURCE "x448_ladder_lanes.c"
#define LADDER_FN ladder_lanes
#define LADDER_MIN_LANES 4
#define LADDER_TEST_NAME "ct_x448_ladder_lanes"
#include "ct_x448_ladder_form.h"
