/*-------------------------------------------------------------------------
 *
 * bloom_state.h
 *	  The aggregate state (bloom_state.c): the core's accumulator (bf_acc.h)
 *	  in an expanded object of type bloom, its layout shared with the
 *	  aggregate functions (bloom_agg.c) so that the work done for every row
 *	  is inline.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_state.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef BLOOM_STATE_H
#define BLOOM_STATE_H

#include "bloom_build.h"
#include "bloom_hasher.h"

#include "bf_acc_exact.h"

#include "utils/expandeddatum.h"

typedef struct BloomState
{
	ExpandedObjectHeader hdr;
	bf_allocator mem;			/* the hooks: palloc in the states' context */
	bf_acc		acc;
	const BloomHasher *kept;	/* the hasher of the values added, kept for
								 * callers that keep no call cache
								 * (bloom_state_keep_hasher), or NULL */
} BloomState;

extern BloomState *bloom_state_create(MemoryContext aggcontext, uint32 kind);
extern BloomState *bloom_state_create_blocks(MemoryContext aggcontext,
											 const bf_header *hdr);
extern BloomState *bloom_state_from_datum(Datum datum,
										  MemoryContext aggcontext);
extern BloomState *bloom_state_of(Datum datum);
extern void bloom_state_set_kind(BloomState *state, uint32 kind);
extern void bloom_state_union(BloomState *state, Datum other);
extern void bloom_state_intersect(BloomState *state, Datum other);
extern struct varlena *bloom_state_finish(BloomState *state);
extern struct varlena *bloom_state_pack(BloomState *state);
extern void bloom_state_keep_hasher(BloomState *state, const BloomHasher *hasher);

/* The read-write datum of a state, to return from a transition function */
static inline Datum
bloom_state_datum(BloomState *state)
{
	return EOHPGetRWDatum(&state->hdr);
}

/* Add a value's hash to a state (bf_acc_add) */
static inline void
bloom_state_add(BloomState *state, uint64 hash)
{
	bf_status	status = bf_acc_add(&state->acc, hash);

	if (unlikely(status != BF_OK))
		bloom_raise(status, BLOOM_SOURCE_STATE);
}

/* Whether a state is a block filter of exactly this capacity and rate */
static inline bool
bloom_state_is_sized(const BloomState *state, int64 capacity, double fpr)
{
	return state->acc.hdr.layout == BF_LAYOUT_BLOCKS &&
		!(state->acc.hdr.flags & BF_FLAG_AUTO) &&
		state->acc.hdr.capacity == (uint64) capacity &&
		state->acc.hdr.fpr == fpr;
}

#endif							/* BLOOM_STATE_H */
