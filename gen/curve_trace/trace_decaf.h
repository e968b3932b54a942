/* The lane forms of decaf448's decoding and encoding, traced by trace_decaf_lanes.c
 * (called from trace_decaf.c's main). */
#ifndef GOLDILOCKS_CURVE_TRACE_DECAF_H
#define GOLDILOCKS_CURVE_TRACE_DECAF_H

void trace_decaf_lanes(void);

#endif
