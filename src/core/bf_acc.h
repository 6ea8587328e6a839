/*-------------------------------------------------------------------------
 *
 * bf_acc.h
 *	  The accumulator (bf_acc.c): a set of hashes being built into a filter,
 *	  as an aggregate builds it, in memory that the caller's hooks give.
 *
 * An accumulator is in one of two phases, the layout of its header:
 *
 *	- exact: the distinct hashes added, as a strictly ascending run, and
 *	  the hashes added since, unsorted (pending, and full pending runs set
 *	  aside: chunks);
 *	- blocks: a block filter, and up to BF_ACC_BATCH hashes waiting to be
 *	  set in it (pending); a filter of a size the caller gave (a sized
 *	  aggregate's, not a part) is made only once its pending hashes would
 *	  take as much memory as it (deferred: until then the hashes are all
 *	  pending, and leave as a list).
 *
 * The header says, in both phases, what the accumulator amounts to: the
 * phase, its parameters (rate, capacity, flags), and what its values are
 * (the hash id and seed that made them, and their kind).  Every filter the
 * accumulator writes takes that descriptor from it, so nothing it holds can
 * lose its kind or its hash on the way from one phase to the other.
 *
 * Memory comes only from the allocator the caller passes, as PostgreSQL's
 * simplehash.h and DataSketches' allocator.h take theirs: alloc gives
 * size bytes aligned for any type, or NULL; release takes back what alloc
 * gave, with its size.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/core/bf_acc.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef BF_ACC_H
#define BF_ACC_H

#include "bf.h"

/* Hashes a block accumulator buffers before it sets their bits */
#define BF_ACC_BATCH		1024

/*
 * Hashes an accumulator holds in itself, before it allocates any: the
 * first pending run, so that a group of a few values costs one allocation
 */
#define BF_ACC_INLINE		4

/*
 * Distinct hashes past which an exact accumulator becomes a block filter
 * of BF_ACC_MAX_BLOCKS blocks (64 MiB, as large as its run would be): the
 * size bloom_agg(value) grows to, which bf_acc_finish folds down to fit
 */
#define BF_ACC_EXACT_MAX	((uint64_t) 1 << 23)
#define BF_ACC_MAX_BLOCKS	((uint64_t) 1 << 21)

/* The caller's memory (see the file header) */
typedef struct bf_allocator
{
	void	   *context;
	void	   *(*alloc) (void *context, size_t size);
	void		(*release) (void *context, void *memory, size_t size);
} bf_allocator;

/*
 * Hashes an exact accumulator set aside: a full pending run, unsorted, or
 * a long list of another filter's, sorted and distinct
 */
typedef struct bf_acc_chunk
{
	uint64_t   *hashes;
	size_t		n;
	bool		sorted;
} bf_acc_chunk;

/* An accumulator: its header's layout is the tag of the union */
typedef struct bf_acc
{
	const bf_allocator *mem;
	bf_header	hdr;			/* exact: nitems = the run's length;
								 * blocks: the filter's header */
	uint64_t   *pending;		/* hashes not yet applied, in any order */
	size_t		npending;
	size_t		pending_room;
	union
	{
		struct
		{
			uint64_t   *hashes; /* strictly ascending */
			size_t		room;
			bf_acc_chunk *chunks;	/* hashes set aside */
			size_t		nchunks;
			size_t		nchunked;	/* the hashes they hold */
			uint64_t   *sample; /* while there are chunks, the sampled
								 * hashes of the run and the chunks,
								 * distinct and ascending */
			size_t		nsample;
			size_t		sample_room;
			bool		sample_stale;	/* chunks were set aside without
										 * their sample: it is made again
										 * when an add needs it */
		}			run;
		struct
		{
			uint8_t    *filter; /* header space, then the blocks on a
								 * cache line; the header is written when
								 * the filter leaves; NULL while it is
								 * deferred */
			void	   *memory; /* what alloc gave for it */
			size_t		size;
			bool		bits_stale; /* bits set since the header's
										 * count of them was taken
										 * (bf_acc_count_bits) */
		}			blocks;
	}			u;
	uint64_t	inline_hashes[BF_ACC_INLINE];	/* the first pending run,
												 * or a run as short: an
												 * accumulator is not moved
												 * once made */
} bf_acc;

/* What bf_acc_finish returns */
typedef struct bf_acc_result
{
	uint8_t    *filter;			/* from the result's allocator */
	size_t		len;
	bool		as_is;			/* a block filter the accumulator held,
								 * neither sized from its values nor folded:
								 * it may hold more than its size holds */
} bf_acc_result;

extern bf_status bf_acc_init(bf_acc *acc, const bf_allocator *mem,
							 const bf_header *hdr);
extern void bf_acc_release(bf_acc *acc);
extern bf_status bf_acc_set_kind(bf_acc *acc, uint32_t kind);
extern bf_status bf_acc_union(bf_acc *acc, const bf_view *other);
extern bf_status bf_acc_union_acc(bf_acc *acc, bf_acc *other);
extern bf_status bf_acc_intersect(bf_acc *acc, const bf_view *other);
extern bf_status bf_acc_flat_size(bf_acc *acc, size_t *len);
extern bf_status bf_acc_flatten(const bf_acc *acc, void *buf, size_t len);
extern bf_status bf_acc_finish(bf_acc *acc, const bf_allocator *out,
							   bf_acc_result *result);
extern bf_status bf_acc_pack(bf_acc *acc, const bf_allocator *out,
							 bf_acc_result *result);
extern bf_view bf_acc_view(const bf_acc *acc);
extern bool bf_acc_check(const bf_acc *acc);

#endif							/* BF_ACC_H */
