/*-------------------------------------------------------------------------
 *
 * bf_acc_exact.h
 *	  Adding a value's hash to an accumulator (bf_acc.h): inline, because
 *	  an aggregate adds one for every row; the slow path, when the pending
 *	  hashes are full, is bf_acc_exact.c's.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/core/bf_acc_exact.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef BF_ACC_EXACT_H
#define BF_ACC_EXACT_H

#include "bf_acc.h"

extern bf_status bf_acc_add_slow(bf_acc *acc, uint64_t hash);

/*
 * Add a value's hash: appended to the pending hashes, the slow path
 * (bf_acc_add_slow) making room when they are full.  Inline, because
 * bloom_agg calls it for every row.
 */
static inline bf_status
bf_acc_add(bf_acc *acc, uint64_t hash)
{
	if (__builtin_expect(acc->npending == acc->pending_room, 0))
		return bf_acc_add_slow(acc, hash);
	acc->pending[acc->npending++] = hash;
	return BF_OK;
}

#endif							/* BF_ACC_EXACT_H */
