/*-------------------------------------------------------------------------
 *
 * bloom_probe.h
 *	  Membership tests of a stored filter read by slices (bloom_probe.c).
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_probe.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef BLOOM_PROBE_H
#define BLOOM_PROBE_H

#include "bloom_access.h"

extern bool bloom_slices_contain(Datum filter, const bf_header *hdr,
								 uint64 hash);
extern uint64 bloom_buffers_touched(void);

#endif							/* BLOOM_PROBE_H */
