/*-------------------------------------------------------------------------
 *
 * bf_acc.c
 *	  The accumulator: the set of hashes an aggregate builds, exact while it
 *	  is small and a block filter past BF_ACC_EXACT_MAX distinct values.
 *	  This file holds its memory and its phases: making one, changing its
 *	  phase, checking what it holds, giving it back.
 *
 * The accumulator's work is split by what it is doing: taking values and
 * applying them (bf_acc_exact.c, bf_acc_exact.h), meeting other filters
 * (bf_acc_union.c), and leaving as a filter (bf_acc_finish.c); what they
 * share is in bf_acc_internal.h.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/core/bf_acc.c
 *
 *-------------------------------------------------------------------------
 */
#include "bf_acc_internal.h"

/*
 * Replace *array, of room old_room hashes, by a new one of room hashes
 * holding its first nkeep
 */
static bf_status
regrow(const bf_acc *acc, uint64_t **array, size_t nkeep, size_t old_room,
	   size_t room)
{
	uint64_t   *fresh = bf_acc_alloc(acc, room * sizeof(uint64_t));

	if (fresh == NULL)
		return BF_E_MEMORY;
	BF_ASSERT(nkeep <= room && nkeep <= old_room);
	if (nkeep > 0)
		memcpy(fresh, *array, nkeep * sizeof(uint64_t));
	bf_acc_free(acc, *array, old_room * sizeof(uint64_t));
	*array = fresh;
	return BF_OK;
}

/* Give pending room for room hashes, keeping those it holds */
bf_status
bf_acc_resize_pending(bf_acc *acc, size_t room)
{
	bf_status	status = regrow(acc, &acc->pending, acc->npending,
								acc->pending_room, room);

	if (status == BF_OK)
		acc->pending_room = room;
	return status;
}

/* Give back the pending run's memory (it holds nothing) */
void
bf_acc_drop_pending(bf_acc *acc)
{
	BF_ASSERT(acc->npending == 0);
	bf_acc_free(acc, acc->pending, acc->pending_room * sizeof(uint64_t));
	acc->pending = NULL;
	acc->pending_room = 0;
}

/*
 * Give the exact phase's run room for at least room hashes, at least
 * doubling it, so that a growing run is moved a few times only
 */
bf_status
bf_acc_reserve_run(bf_acc *acc, size_t room)
{
	bf_status	status;

	if (room <= acc->u.run.room)
		return BF_OK;
	if (room < 2 * acc->u.run.room)
		room = 2 * acc->u.run.room;
	status = regrow(acc, &acc->u.run.hashes, acc->hdr.nitems,
					acc->u.run.room, room);
	if (status == BF_OK)
		acc->u.run.room = room;
	return status;
}

/* Memory for a block filter of nblocks blocks, its payload on a cache line */
bf_status
bf_acc_new_filter(const bf_acc *acc, uint64_t nblocks, uint8_t **filter,
		   void **memory, size_t *size)
{
	uintptr_t	payload;

	*size = bf_size_blocks(nblocks) + BF_ACC_LINE;
	*memory = bf_acc_alloc(acc, *size);
	if (*memory == NULL)
		return BF_E_MEMORY;
	payload = ((uintptr_t) *memory + BF_HEADER_SIZE + BF_ACC_LINE - 1) &
		~(uintptr_t) (BF_ACC_LINE - 1);
	*filter = (uint8_t *) (payload - BF_HEADER_SIZE);
	return BF_OK;
}

/*
 * Set the bits of every hash an exact accumulator holds (its run, its
 * chunks and its pending hashes, as they are) in nblocks blocks; returns
 * how many had all theirs set already (bf_acc_set_bits)
 */
size_t
bf_acc_set_held_bits(const bf_acc *acc, uint8_t *payload, uint64_t nblocks)
{
	size_t		present = bf_acc_set_bits(payload, nblocks, acc->u.run.hashes,
										  acc->hdr.nitems);
	size_t		i;

	for (i = 0; i < acc->u.run.nchunks; i++)
		present += bf_acc_set_bits(payload, nblocks, acc->u.run.chunks[i].hashes,
								   acc->u.run.chunks[i].n);
	return present + bf_acc_set_bits(payload, nblocks, acc->pending,
									 acc->npending);
}

/* Give back an exact accumulator's chunks and their sample */
void
bf_acc_drop_chunks(bf_acc *acc)
{
	size_t		i;

	if (acc->u.run.chunks == NULL)
		return;
	for (i = 0; i < acc->u.run.nchunks; i++)
		bf_acc_free(acc, acc->u.run.chunks[i].hashes,
					acc->u.run.chunks[i].n * sizeof(uint64_t));
	bf_acc_free(acc, acc->u.run.chunks, BF_ACC_MAX_CHUNKS * sizeof(bf_acc_chunk));
	bf_acc_free(acc, acc->u.run.sample, acc->u.run.sample_room * sizeof(uint64_t));
	acc->u.run.chunks = NULL;
	acc->u.run.nchunks = acc->u.run.nchunked = 0;
	acc->u.run.sample = NULL;
	acc->u.run.nsample = acc->u.run.sample_room = 0;
	acc->u.run.sample_stale = false;
}

/*
 * Release the accumulator's run or filter, as its phase says, and make it
 * the phase hdr describes, held in filter (blocks; memory and size are
 * what alloc gave) or run (exact; room hashes).  Its pending hashes must
 * have been applied; leaving the exact phase, it gives back a pending run
 * larger than a batch.
 */
void
bf_acc_become(bf_acc *acc, const bf_header *hdr, uint8_t *filter, void *memory,
	   size_t size, uint64_t *run, size_t room)
{
	BF_ASSERT(acc->npending == 0);
	if (acc->hdr.layout == BF_LAYOUT_EXACT)
	{
		bf_acc_drop_chunks(acc);
		bf_acc_free(acc, acc->u.run.hashes, acc->u.run.room * sizeof(uint64_t));
	}
	else
		bf_acc_free(acc, acc->u.blocks.memory, acc->u.blocks.size);
	memset(&acc->u, 0, sizeof(acc->u));
	if (hdr->layout == BF_LAYOUT_BLOCKS)
	{
		acc->u.blocks.filter = filter;
		acc->u.blocks.memory = memory;
		acc->u.blocks.size = size;
		if (acc->hdr.layout == BF_LAYOUT_EXACT && acc->pending_room > BF_ACC_BATCH)
			bf_acc_drop_pending(acc);
	}
	else
	{
		acc->u.run.hashes = run;
		acc->u.run.room = room;
	}
	acc->hdr = *hdr;
}

/*
 * Count a block accumulator's set bits into its header if bits were set
 * since it was last counted: once per use of the filter as a whole, not
 * once per batch of hashes
 */
void
bf_acc_count_bits(bf_acc *acc)
{
	BF_ASSERT(acc->hdr.layout == BF_LAYOUT_BLOCKS);
	if (!acc->u.blocks.bits_stale || bf_acc_deferred(acc))
		return;
	acc->hdr.bits_set = bf_kernels_current()->popcount(bf_acc_payload(acc),
													   (size_t) acc->hdr.nitems *
													   BF_BLOCK_BYTES);
	acc->u.blocks.bits_stale = false;
}

/*
 * Set the bits of a block accumulator's pending hashes (none while it is
 * deferred: they are all it holds)
 */
void
bf_acc_flush_blocks(bf_acc *acc)
{
	if (acc->npending == 0 || bf_acc_deferred(acc))
		return;
	(void) bf_acc_set_bits(bf_acc_payload(acc), acc->hdr.nitems, acc->pending,
						   acc->npending);
	acc->u.blocks.bits_stale = true;
	acc->npending = 0;
}

/*
 * Make a deferred block accumulator's filter: its header, empty blocks,
 * and the bits of the hashes it holds, all pending until now; the pending
 * array, as large as the filter, is given back for one of a batch
 * (bf_acc_add_slow).  Nothing for one that has its filter.
 */
bf_status
bf_acc_make_filter(bf_acc *acc)
{
	bf_header	hdr = acc->hdr;
	bf_status	status;

	if (!bf_acc_deferred(acc))
		return BF_OK;
	status = bf_acc_new_filter(acc, acc->hdr.nitems, &acc->u.blocks.filter,
							   &acc->u.blocks.memory, &acc->u.blocks.size);
	if (status == BF_OK)
		status = bf_init(acc->u.blocks.filter, bf_size_blocks(hdr.nitems), &hdr);
	if (status != BF_OK)
	{
		bf_acc_free(acc, acc->u.blocks.memory, acc->u.blocks.size);
		acc->u.blocks.filter = NULL;
		acc->u.blocks.memory = NULL;
		acc->u.blocks.size = 0;
		return status;
	}
	bf_acc_flush_blocks(acc);
	if (acc->pending_room > BF_ACC_BATCH)
		bf_acc_drop_pending(acc);
	return BF_OK;
}

/*
 * Give an accumulator that holds no kind of value yet the kind of the
 * values about to be added (an aggregate's initcond made by bloom_create,
 * say), in every phase.  BF_E_HASH_MISMATCH for a kind whose values are
 * hashed otherwise than the accumulator's (bf_hash_of_kind), whatever kind
 * it holds: its hash is that of every value it holds.
 */
bf_status
bf_acc_set_kind(bf_acc *acc, uint32_t kind)
{
	if (kind != 0 && bf_hash_of_kind(kind) != acc->hdr.hash_id)
		return BF_E_HASH_MISMATCH;
	bf_adopt_kind(&acc->hdr, kind);
	return BF_OK;
}

/*
 * An empty accumulator whose memory comes from mem, for filters like hdr:
 * an exact one (bloom_agg(value): hdr is an exact filter's header, its
 * count ignored), or an empty block filter as hdr describes it
 * (bloom_agg(value, capacity, fpr)).  The header's hash, seed, kind, rate
 * and flags are what every filter it writes will carry.
 */
bf_status
bf_acc_init(bf_acc *acc, const bf_allocator *mem, const bf_header *hdr)
{
	bf_status	status;

	memset(acc, 0, sizeof(*acc));
	acc->mem = mem;
	acc->hdr = *hdr;
	acc->hdr.bits_set = 0;
	acc->pending = acc->inline_hashes;
	acc->pending_room = BF_ACC_INLINE;
	if (hdr->layout == BF_LAYOUT_EXACT)
	{
		acc->hdr.nitems = 0;
		BF_ASSERT(bf_acc_check(acc));
		return BF_OK;
	}
	if (hdr->layout != BF_LAYOUT_BLOCKS)
		return BF_E_LAYOUT;
	if (hdr->nitems < 1 || hdr->nitems > BF_MAX_BLOCKS)
		return BF_E_TOO_LARGE;
	/* a size the caller gave, not a part's: made when the hashes fill it */
	if (!(hdr->flags & (BF_FLAG_AUTO | BF_FLAG_PART)))
	{
		BF_ASSERT(bf_acc_check(acc));
		return BF_OK;
	}
	status = bf_acc_new_filter(acc, hdr->nitems, &acc->u.blocks.filter,
						&acc->u.blocks.memory, &acc->u.blocks.size);
	if (status == BF_OK)
		status = bf_init(acc->u.blocks.filter, bf_size_blocks(hdr->nitems),
						 &acc->hdr);
	if (status != BF_OK)
		bf_acc_release(acc);
	BF_ASSERT(status != BF_OK || bf_acc_check(acc));
	return status;
}

/* Give back all the memory of an accumulator, which is then empty */
void
bf_acc_release(bf_acc *acc)
{
	if (acc->hdr.layout == BF_LAYOUT_BLOCKS)
		bf_acc_free(acc, acc->u.blocks.memory, acc->u.blocks.size);
	else
	{
		bf_acc_drop_chunks(acc);
		bf_acc_free(acc, acc->u.run.hashes, acc->u.run.room * sizeof(uint64_t));
	}
	acc->npending = 0;
	bf_acc_drop_pending(acc);
	memset(&acc->u, 0, sizeof(acc->u));
	acc->hdr.nitems = 0;
}

/*
 * A view of an accumulator: its header (exact: the run's count, the
 * pending hashes not counted) and, for a block accumulator, its blocks;
 * an exact one's payload is NULL (its run is not in the serialized
 * form), for checking a pair and for messages.
 */
bf_view
bf_acc_view(const bf_acc *acc)
{
	bf_view		view;

	view.hdr = acc->hdr;
	view.payload = acc->hdr.layout == BF_LAYOUT_BLOCKS && !bf_acc_deferred(acc) ?
		bf_acc_payload(acc) : NULL;
	return view;
}

/* Whether n hashes are strictly ascending */
static bool
ascending(const uint64_t *hashes, size_t n)
{
	size_t		i;

	for (i = 1; i < n; i++)
		if (hashes[i - 1] >= hashes[i])
			return false;
	return true;
}

/*
 * Whether an exact accumulator's run, chunks and sample are what its
 * header and counts say: the run and the sorted chunks strictly
 * ascending, the chunks' hashes counted, the sample (kept while there
 * are chunks) distinct, ascending and below its bound
 */
static bool
exact_holds(const bf_acc *acc)
{
	size_t		nchunked = 0;
	size_t		i;

	if (acc->hdr.capacity != 0 || acc->hdr.bits_set != 0 ||
		!(acc->hdr.flags & BF_FLAG_AUTO) ||
		acc->hdr.nitems > acc->u.run.room ||
		acc->hdr.nitems > BF_ACC_EXACT_MAX ||
		(acc->u.run.hashes == NULL && acc->u.run.room != 0) ||
		!ascending(acc->u.run.hashes, acc->hdr.nitems) ||
		acc->u.run.nchunks > BF_ACC_MAX_CHUNKS ||
		(acc->u.run.chunks == NULL && acc->u.run.nchunks != 0))
		return false;
	for (i = 0; i < acc->u.run.nchunks; i++)
	{
		const bf_acc_chunk *chunk = &acc->u.run.chunks[i];

		if ((chunk->hashes == NULL && chunk->n != 0) ||
			(chunk->sorted && !ascending(chunk->hashes, chunk->n)))
			return false;
		nchunked += chunk->n;
	}
	if (nchunked != acc->u.run.nchunked)
		return false;
	if (acc->u.run.nchunks == 0 || acc->u.run.sample_stale)
		return acc->u.run.sample == NULL && acc->u.run.nsample == 0 &&
			(acc->u.run.nchunks > 0 || !acc->u.run.sample_stale);
	return acc->u.run.nsample <= acc->u.run.sample_room &&
		ascending(acc->u.run.sample, acc->u.run.nsample) &&
		(acc->u.run.nsample == 0 ||
		 acc->u.run.sample[acc->u.run.nsample - 1] <= BF_ACC_SAMPLE_BOUND);
}

/*
 * Whether a block accumulator's filter is what its header says: inside
 * its allocation, its blocks on a cache line, its count of set bits
 * right unless it is to be counted again (bf_acc_count_bits), a power of
 * two of blocks if auto-sized, and at most a batch of hashes pending; or,
 * deferred (a size the caller gave), no filter and at most as many
 * hashes as its blocks' bytes
 */
static bool
blocks_hold(const bf_acc *acc)
{
	const uint8_t *payload;
	size_t		nbytes = (size_t) acc->hdr.nitems * BF_BLOCK_BYTES;

	if (bf_acc_deferred(acc))
		return acc->u.blocks.memory == NULL &&
			!(acc->hdr.flags & (BF_FLAG_AUTO | BF_FLAG_PART)) &&
			acc->hdr.nitems >= 1 && acc->hdr.nitems <= BF_MAX_BLOCKS &&
			acc->hdr.bits_set == 0 &&
			(acc->pending_room <= bf_acc_defer_limit(acc) ||
			 acc->pending_room == BF_ACC_INLINE);
	payload = bf_acc_payload(acc);
	return acc->hdr.nitems >= 1 && acc->hdr.nitems <= BF_MAX_BLOCKS &&
		(!(acc->hdr.flags & BF_FLAG_AUTO) ||
		 (acc->hdr.nitems & (acc->hdr.nitems - 1)) == 0) &&
		acc->u.blocks.filter != NULL &&
		(uintptr_t) payload % BF_ACC_LINE == 0 &&
		acc->u.blocks.filter >= (const uint8_t *) acc->u.blocks.memory &&
		payload + nbytes <= (const uint8_t *) acc->u.blocks.memory +
		acc->u.blocks.size &&
		acc->pending_room <= BF_ACC_BATCH &&
		(acc->u.blocks.bits_stale ||
		 bf_kernels_current()->popcount(payload, nbytes) == acc->hdr.bits_set);
}

/*
 * Whether an accumulator's invariants hold: its pending hashes within
 * their room (the inline ones while it has no other), and its phase's
 * own (exact_holds, blocks_hold).  O(what it holds): the accumulator's
 * entry points check it under BF_ASSERT, and the unit tests call it.
 */
bool
bf_acc_check(const bf_acc *acc)
{
	if (acc->mem == NULL || acc->npending > acc->pending_room ||
		(acc->pending == NULL && acc->pending_room != 0) ||
		(acc->pending == acc->inline_hashes &&
		 acc->pending_room != BF_ACC_INLINE))
		return false;
	if (acc->hdr.layout == BF_LAYOUT_EXACT)
		return exact_holds(acc);
	return acc->hdr.layout == BF_LAYOUT_BLOCKS && blocks_hold(acc);
}
