/*-------------------------------------------------------------------------
 *
 * bloom_state.h
 *	  The aggregate state (bloom_state.c): an expanded object of type
 *	  bloom, its layout shared with the aggregate functions (bloom_agg.c)
 *	  so that the work done for every row is inline.
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

#include "utils/expandeddatum.h"

typedef struct BloomState BloomState;

struct BloomState
{
	ExpandedObjectHeader hdr;
	bf_header	params;			/* layout (the phase), flags, capacity,
								 * rate, kind; for blocks, the count */
	uint64	   *sorted;			/* exact phase: the distinct hashes applied,
								 * ascending */
	uint64		nsorted;
	uint64		sorted_room;	/* what sorted has room for */
	char	   *sorted_space;	/* what was allocated for it */
	uint8	   *filter;			/* blocks phase: a serialized filter */
	size_t		len;			/* its length */
	char	   *space;			/* what was allocated for it */
	uint64	   *pending;		/* hashes not yet applied, in any order: the
								 * exact phase's unsorted run, or a batch
								 * for the filter */
	uint64		npending;
	uint64		pending_room;	/* what pending has room for */
	char	   *pending_space;	/* what was allocated for it */
};

extern BloomState *bloom_state_create(MemoryContext parent, uint32 kind);
extern BloomState *bloom_state_create_blocks(MemoryContext parent,
											 const bf_header *hdr);
extern BloomState *bloom_state_create_sized(MemoryContext parent, uint32 kind,
											int64 capacity, double fpr);
extern BloomState *bloom_state_from_datum(Datum datum, MemoryContext parent);
extern BloomState *bloom_state_of(Datum datum);
extern void bloom_state_take_kind(BloomState *state, uint32 kind);
extern void bloom_state_union(BloomState *state, Datum other);
extern void bloom_state_intersect(BloomState *state, Datum other);
extern struct varlena *bloom_state_finish(BloomState *state);
extern void bloom_state_flush(BloomState *state);

/* The read-write datum of a state, to return from a transition function */
static inline Datum
bloom_state_datum(BloomState *state)
{
	return EOHPGetRWDatum(&state->hdr);
}

extern void bloom_state_make_room(BloomState *state);

/* Add a value's hash to a state: appended to its pending hashes */
static inline void
bloom_state_add(BloomState *state, uint64 hash)
{
	if (unlikely(state->npending == state->pending_room))
		bloom_state_make_room(state);
	state->pending[state->npending++] = hash;
}

/* Whether a state is a block filter of exactly this capacity and rate */
static inline bool
bloom_state_is_sized(const BloomState *state, int64 capacity, double fpr)
{
	return state->params.layout == BF_LAYOUT_BLOCKS &&
		!(state->params.flags & BF_FLAG_AUTO) &&
		state->params.capacity == (uint64) capacity &&
		state->params.fpr == fpr;
}

#endif							/* BLOOM_STATE_H */
