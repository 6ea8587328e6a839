/*-------------------------------------------------------------------------
 *
 * bf_acc_internal.h
 *	  Definitions the accumulator's files (bf_acc*.c) share and nobody else:
 *	  their constants, the lists of hashes that join an accumulator, the
 *	  helpers every phase uses, and the steps one file takes for another.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/core/bf_acc_internal.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef BF_ACC_INTERNAL_H
#define BF_ACC_INTERNAL_H

#include "bf_acc.h"
#include "bf_internal.h"

/*
 * Room of an exact accumulator's first allocated pending run (after the
 * inline one), which doubles as it fills
 */
#define BF_ACC_FIRST		16
/*
 * Pending hashes an exact accumulator sorts at once: at least 512 kB of
 * them, at most 8 MB, half its run in between
 */
#define BF_ACC_RUN_MIN		((size_t) 1 << 16)
#define BF_ACC_RUN_MAX		((size_t) 1 << 20)
/*
 * The sample of a set of hashes that grow_pending and merge_straight
 * read: the hashes below 2^(64 - BF_ACC_SAMPLE_SHIFT), one in 64 of any set
 */
#define BF_ACC_SAMPLE_SHIFT 6
#define BF_ACC_SAMPLE_BOUND (UINT64_MAX >> BF_ACC_SAMPLE_SHIFT)
/*
 * Hashes past which an exact accumulator that holds some unsorted leaves
 * as a list (bf_acc_finish.c): as many as a chunk
 */
#define BF_ACC_LIST_MIN		BF_ACC_RUN_MIN

/* Alignment of a block accumulator's payload: a cache line */
#define BF_ACC_LINE			64
/*
 * Most chunks an exact accumulator sets aside: each holds at least
 * BF_ACC_RUN_MIN hashes, and all of them fewer than BF_ACC_EXACT_MAX
 */
#define BF_ACC_MAX_CHUNKS	(BF_ACC_EXACT_MAX / BF_ACC_RUN_MIN + 1)

/*
 * A list of hashes joining an accumulator: another accumulator's run,
 * chunk or pending hashes (native), or the payload of an exact filter or
 * a list (view); sorted if its hashes are strictly ascending (a run, an
 * exact filter, a sorted chunk), else in any order, repeats allowed.
 */
typedef struct bf_acc_list
{
	const uint64_t *native;
	const bf_view *view;
	size_t		n;
	bool		sorted;
} bf_acc_list;

/*
 * Whether a block accumulator's filter is deferred: not made yet, its
 * hashes all pending
 */
static inline bool
bf_acc_deferred(const bf_acc *acc)
{
	return acc->hdr.layout == BF_LAYOUT_BLOCKS && acc->u.blocks.filter == NULL;
}

/*
 * Most hashes a deferred block accumulator holds: as many bytes as its
 * filter's blocks
 */
static inline size_t
bf_acc_defer_limit(const bf_acc *acc)
{
	return (size_t) acc->hdr.nitems * (BF_BLOCK_BYTES / sizeof(uint64_t));
}

/* Memory for size bytes from the accumulator's allocator, or NULL */
static inline void *
bf_acc_alloc(const bf_acc *acc, size_t size)
{
	return acc->mem->alloc(acc->mem->context, size);
}

/*
 * Give back memory of size bytes to the accumulator's allocator (none for
 * its inline hashes)
 */
static inline void
bf_acc_free(const bf_acc *acc, void *memory, size_t size)
{
	if (memory != NULL && memory != (const void *) acc->inline_hashes)
		acc->mem->release(acc->mem->context, memory, size);
}

/*
 * The hashes an exact accumulator holds, repeats and all: at least its
 * distinct count
 */
static inline size_t
bf_acc_held(const bf_acc *acc)
{
	return acc->hdr.nitems + acc->u.run.nchunked + acc->npending;
}

/* The blocks of a block accumulator (made: not deferred) */
static inline uint8_t *
bf_acc_payload(const bf_acc *acc)
{
	BF_ASSERT(acc->hdr.layout == BF_LAYOUT_BLOCKS && acc->u.blocks.filter != NULL);
	return acc->u.blocks.filter + BF_HEADER_SIZE;
}

/*
 * Set the bits of n hashes in nblocks blocks; returns how many hashes had
 * all theirs set already (add_present: the bits newly set are counted
 * once, by bf_acc_count_bits, when they are needed)
 */
static inline size_t
bf_acc_set_bits(uint8_t *payload, uint64_t nblocks, const uint64_t *hashes,
				size_t n)
{
	if (n == 0)
		return 0;
	return bf_kernels_current()->add_present(payload, nblocks, hashes, n);
}

/* bf_acc.c */
extern bf_status bf_acc_resize_pending(bf_acc *acc, size_t room);
extern void bf_acc_drop_pending(bf_acc *acc);
extern bf_status bf_acc_reserve_run(bf_acc *acc, size_t room);
extern bf_status bf_acc_new_filter(const bf_acc *acc, uint64_t nblocks,
								   uint8_t **filter, void **memory,
								   size_t *size);
extern size_t bf_acc_set_held_bits(const bf_acc *acc, uint8_t *payload,
								   uint64_t nblocks);
extern void bf_acc_count_bits(bf_acc *acc);
extern bf_status bf_acc_make_filter(bf_acc *acc);
extern void bf_acc_drop_chunks(bf_acc *acc);
extern void bf_acc_become(bf_acc *acc, const bf_header *hdr, uint8_t *filter,
						  void *memory, size_t size, uint64_t *run,
						  size_t room);
extern void bf_acc_flush_blocks(bf_acc *acc);

/* bf_acc_exact.c */
extern bf_status bf_acc_flush(bf_acc *acc);
extern bf_status bf_acc_settle(bf_acc *acc);
extern bf_status bf_acc_flush_exact(bf_acc *acc);
extern bf_status bf_acc_promote(bf_acc *acc);
extern size_t bf_acc_list_sampled(const bf_acc_list *list);
extern bf_acc_list bf_acc_run_list(const bf_acc *acc);
extern bf_status bf_acc_set_aside(bf_acc *acc, uint64_t *hashes, size_t n,
								  bool sorted, const uint64_t *sample,
								  size_t m);
extern bf_status bf_acc_exact_room(bf_acc *acc);


#endif							/* BF_ACC_INTERNAL_H */
