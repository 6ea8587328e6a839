/*-------------------------------------------------------------------------
 *
 * bloom_slicing.h
 *	  When a membership test probes a stored filter by slices, and when it
 *	  reads it whole (bloom_slicing.c).
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_slicing.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef BLOOM_SLICING_H
#define BLOOM_SLICING_H

#include "bloom_params.h"

/* Filter arguments a function takes, at most (a pair's estimates) */
#define BLOOM_CACHE_ARGS		2

/*
 * bloomfilter.min_slice_probe_size, in kB (defined in bloom_module.c): the
 * smallest stored filter probed by slices rather than read whole; -1 for
 * none
 */
#define BLOOM_SLICE_MIN_DEFAULT	8
extern PGDLLIMPORT int bloom_min_slice_probe_size;

/*
 * Stored filters a call site keeps the account of, at most (in slots by
 * TOAST value id: one that comes back finds its own slot, unless another
 * took it since, and then starts a new account)
 */
#define BLOOM_SEEN_SLOTS		256

/* What identifies a stored value: its TOAST pointer's relation and id */
typedef struct BloomStoredKey
{
	Oid			toastrelid;
	Oid			valueid;
} BloomStoredKey;

/* What a call site's probes by slices of one stored filter have cost */
typedef struct BloomSliceAccount
{
	BloomStoredKey key;
	uint32		probes;			/* how many */
	uint32		buffers;		/* shared and local buffers they touched */
} BloomSliceAccount;

/*
 * A call site's rule: the accounts of the filters it probed by slices,
 * and, for each filter argument, the filter it probed last and what the
 * run of calls probing that filter has cost, the account a probe under
 * way is charged to, and whether the argument is the same on every row
 * (bloom_arg_fixed_for_scan: 0 not yet known, 1 yes, -1 no).
 */
typedef struct BloomSlicing
{
	BloomSliceAccount seen[BLOOM_SEEN_SLOTS];
	BloomSliceAccount run[BLOOM_CACHE_ARGS];
	BloomSliceAccount *probing[BLOOM_CACHE_ARGS];
	int8		fixed[BLOOM_CACHE_ARGS];
} BloomSlicing;

extern bool bloom_slicing_probes(BloomSlicing *slicing,
								 FunctionCallInfo fcinfo, int argno,
								 bool kept_if_read);
extern void bloom_slicing_charge(BloomSlicing *slicing, int argno,
								 uint64 buffers);

#endif							/* BLOOM_SLICING_H */
