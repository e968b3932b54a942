/*
 * The two-lane form of the X448 ladder (src/backend/lanes2/x448_ladder_lanes2.c; variant 0:
 * round 3 a lane product, 1: on one lane), tested by x448_ladder_form_test.h.
 */
#define LADDER_SOURCE "../src/backend/lanes2/x448_ladder_lanes2.c"
#define LADDER_FN ladder_lanes2
#define LADDER_MIN_LANES 2
#define LADDER_TEST_NAME "test_x448_ladder_lanes2"
#include "x448_ladder_form_test.h"
