/*
 * The four-lane form of the X448 ladder (src/proto/x448_ladder_lanes.c; variant 0:
 * round 3 on one lane, 1: a lane product), tested by x448_ladder_form_test.h.
 */
#define LADDER_SOURCE "x448_ladder_lanes.c"
#define LADDER_FN ladder_lanes
#define LADDER_MIN_LANES 4
#define LADDER_TEST_NAME "test_x448_ladder_lanes"
#include "x448_ladder_form_test.h"
