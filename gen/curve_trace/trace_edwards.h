/* trace_edwards.c: point.h's point_arith instances, for every backend's driver. */
#ifndef GOLDILOCKS_CURVE_TRACE_EDWARDS_H
#define GOLDILOCKS_CURVE_TRACE_EDWARDS_H

#include "trace_drive.h"

/* Traces point_double, point_add, point_sub and the cached and niels additions, naming src as
 * the text of the ones the backend supplies. */
void trace_edwards(const char *src);
/* Traces point_add_single, point_sub_single and point_double_single, naming src as their text. */
void trace_single(const char *src);

#endif
