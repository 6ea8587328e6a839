/*-------------------------------------------------------------------------
 *
 * bf_acc.c
 *	  The accumulator: the set of hashes an aggregate builds, exact while it
 *	  is small and a block filter past BF_ACC_EXACT_MAX distinct values, its
 *	  union and intersection with other filters, and the filter it amounts
 *	  to.
 *
 * The exact phase keeps the distinct hashes as one ascending run and the
 * hashes added since unsorted (pending).  When pending fills, it is sorted,
 * its repeats dropped and merged into the run in place (bf_runs.c); it
 * holds up to half the run (between BF_ACC_RUN_MIN and BF_ACC_RUN_MAX), so
 * that each hash is sorted once and merged a few times, and memory is
 * touched in order.  That costs 8 bytes a distinct hash.  Where a sample
 * says most of a full pending run is new values, sorting it would save
 * little memory: it is set aside whole as a chunk, unsorted, and a new one
 * takes its place (grow_pending); a long list of another filter's hashes
 * is set aside so too, sorted.  A set of mostly distinct values is not
 * sorted at all on its way to a block filter.
 *
 * What the exact phase finishes as is the filter bf_auto_header sizes for
 * its distinct count: an exact list, or a block filter whose size class
 * (a power of two) the count decides.  The exact count matters only near
 * the edge of a class, so the filter is built at the class of the count's
 * upper bound (the hashes held, repeats and all) while counting the hashes
 * whose bits were all set already, which bounds the count from below; only
 * when the two bounds fall in different classes are the hashes sorted and
 * counted (finish_exact).  Either way the filter is the one sized for the
 * exact count: the result depends on the set of values alone, never on the
 * order in which the values came or on how the plan split them.
 *
 * Whether the exact phase ends is decided on the distinct count too (past
 * BF_ACC_EXACT_MAX, in a sorted run), so every plan ends in the same phase.
 * The blocks phase folds down to fit at the end (finish_blocks).
 *
 * Union and intersection take the accumulator and the other filter as a
 * pair (bf_pair_order, once) and switch on its shape.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/core/bf_acc.c
 *
 *-------------------------------------------------------------------------
 */
#include <math.h>

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

/* Alignment of a block accumulator's payload: a cache line */
#define BF_ACC_LINE			64

/*
 * Most chunks an exact accumulator sets aside: each holds at least
 * BF_ACC_RUN_MIN hashes, and all of them fewer than BF_ACC_EXACT_MAX
 */
#define BF_ACC_MAX_CHUNKS	(BF_ACC_EXACT_MAX / BF_ACC_RUN_MIN + 1)

/*
 * A run of strictly ascending hashes joining an accumulator: another
 * accumulator's run (native) or the payload of an exact filter (view).
 */
typedef struct acc_list
{
	const uint64_t *native;
	const bf_view *view;
	size_t		n;
} acc_list;

static bf_status promote(bf_acc *acc);

/* Memory for size bytes from the accumulator's allocator, or NULL */
static void *
acc_alloc(const bf_acc *acc, size_t size)
{
	return acc->mem->alloc(acc->mem->context, size);
}

/*
 * Give back memory of size bytes to the accumulator's allocator (none for
 * its inline hashes)
 */
static void
acc_release(const bf_acc *acc, void *memory, size_t size)
{
	if (memory != NULL && memory != (const void *) acc->inline_hashes)
		acc->mem->release(acc->mem->context, memory, size);
}

/*
 * Replace *array, of room old_room hashes, by a new one of room hashes
 * holding its first nkeep
 */
static bf_status
regrow(const bf_acc *acc, uint64_t **array, size_t nkeep, size_t old_room,
	   size_t room)
{
	uint64_t   *fresh = acc_alloc(acc, room * sizeof(uint64_t));

	if (fresh == NULL)
		return BF_E_MEMORY;
	BF_ASSERT(nkeep <= room && nkeep <= old_room);
	if (nkeep > 0)
		memcpy(fresh, *array, nkeep * sizeof(uint64_t));
	acc_release(acc, *array, old_room * sizeof(uint64_t));
	*array = fresh;
	return BF_OK;
}

/* Give pending room for room hashes, keeping those it holds */
static bf_status
resize_pending(bf_acc *acc, size_t room)
{
	bf_status	status = regrow(acc, &acc->pending, acc->npending,
								acc->pending_room, room);

	if (status == BF_OK)
		acc->pending_room = room;
	return status;
}

/* Give back the pending run's memory (it holds nothing) */
static void
drop_pending(bf_acc *acc)
{
	BF_ASSERT(acc->npending == 0);
	acc_release(acc, acc->pending, acc->pending_room * sizeof(uint64_t));
	acc->pending = NULL;
	acc->pending_room = 0;
}

/*
 * Give the exact phase's run room for at least room hashes, at least
 * doubling it, so that a growing run is moved a few times only
 */
static bf_status
reserve_run(bf_acc *acc, size_t room)
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

/*
 * Most pending hashes an exact accumulator sorts at once: half its run,
 * between BF_ACC_RUN_MIN and BF_ACC_RUN_MAX
 */
static size_t
pending_limit(const bf_acc *acc)
{
	size_t		limit = acc->hdr.nitems / 2;

	return limit < BF_ACC_RUN_MIN ? BF_ACC_RUN_MIN :
		limit > BF_ACC_RUN_MAX ? BF_ACC_RUN_MAX : limit;
}

/*
 * The hashes an exact accumulator holds, repeats and all: at least its
 * distinct count
 */
static size_t
held(const bf_acc *acc)
{
	return acc->hdr.nitems + acc->u.run.nchunked + acc->npending;
}

/* Memory for a block filter of nblocks blocks, its payload on a cache line */
static bf_status
new_filter(const bf_acc *acc, uint64_t nblocks, uint8_t **filter,
		   void **memory, size_t *size)
{
	uintptr_t	payload;

	*size = bf_size_blocks(nblocks) + BF_ACC_LINE;
	*memory = acc_alloc(acc, *size);
	if (*memory == NULL)
		return BF_E_MEMORY;
	payload = ((uintptr_t) *memory + BF_HEADER_SIZE + BF_ACC_LINE - 1) &
		~(uintptr_t) (BF_ACC_LINE - 1);
	*filter = (uint8_t *) (payload - BF_HEADER_SIZE);
	return BF_OK;
}

/* The blocks of a block accumulator */
static uint8_t *
payload_of(const bf_acc *acc)
{
	BF_ASSERT(acc->hdr.layout == BF_LAYOUT_BLOCKS);
	return acc->u.blocks.filter + BF_HEADER_SIZE;
}

/*
 * Set the bits of n hashes in nblocks blocks; returns how many bits were
 * newly set, and adds to *present (if not NULL) how many hashes had all
 * theirs set already
 */
static uint64_t
set_bits(uint8_t *payload, uint64_t nblocks, const uint64_t *hashes, size_t n,
		 size_t *present)
{
	size_t		ignored = 0;

	if (n == 0)
		return 0;
	return bf_kernels_current()->add(payload, nblocks, hashes, n,
									 present != NULL ? present : &ignored);
}

/*
 * Set the bits of every hash an exact accumulator holds (its run, its
 * chunks and its pending hashes, as they are) in nblocks blocks (set_bits)
 */
static uint64_t
set_held_bits(const bf_acc *acc, uint8_t *payload, uint64_t nblocks,
			  size_t *present)
{
	uint64_t	bits = set_bits(payload, nblocks, acc->u.run.hashes,
								acc->hdr.nitems, present);
	size_t		i;

	for (i = 0; i < acc->u.run.nchunks; i++)
		bits += set_bits(payload, nblocks, acc->u.run.chunks[i].hashes,
						 acc->u.run.chunks[i].n, present);
	return bits + set_bits(payload, nblocks, acc->pending, acc->npending,
						   present);
}

/* Give back an exact accumulator's chunks and their sample */
static void
drop_chunks(bf_acc *acc)
{
	size_t		i;

	if (acc->u.run.chunks == NULL)
		return;
	for (i = 0; i < acc->u.run.nchunks; i++)
		acc_release(acc, acc->u.run.chunks[i].hashes,
					acc->u.run.chunks[i].n * sizeof(uint64_t));
	acc_release(acc, acc->u.run.chunks, BF_ACC_MAX_CHUNKS * sizeof(bf_acc_chunk));
	acc_release(acc, acc->u.run.sample, acc->u.run.sample_room * sizeof(uint64_t));
	acc->u.run.chunks = NULL;
	acc->u.run.nchunks = acc->u.run.nchunked = 0;
	acc->u.run.sample = NULL;
	acc->u.run.nsample = acc->u.run.sample_room = 0;
}

/*
 * Release the accumulator's run or filter, as its phase says, and make it
 * the phase hdr describes, held in filter (blocks; memory and size are
 * what alloc gave) or run (exact; room hashes).  Its pending hashes must
 * have been applied; leaving the exact phase, it gives back a pending run
 * larger than a batch.
 */
static void
become(bf_acc *acc, const bf_header *hdr, uint8_t *filter, void *memory,
	   size_t size, uint64_t *run, size_t room)
{
	BF_ASSERT(acc->npending == 0);
	if (acc->hdr.layout == BF_LAYOUT_EXACT)
	{
		drop_chunks(acc);
		acc_release(acc, acc->u.run.hashes, acc->u.run.room * sizeof(uint64_t));
	}
	else
		acc_release(acc, acc->u.blocks.memory, acc->u.blocks.size);
	memset(&acc->u, 0, sizeof(acc->u));
	if (hdr->layout == BF_LAYOUT_BLOCKS)
	{
		acc->u.blocks.filter = filter;
		acc->u.blocks.memory = memory;
		acc->u.blocks.size = size;
		if (acc->hdr.layout == BF_LAYOUT_EXACT && acc->pending_room > BF_ACC_BATCH)
			drop_pending(acc);
	}
	else
	{
		acc->u.run.hashes = run;
		acc->u.run.room = room;
	}
	acc->hdr = *hdr;
}

/* Set the bits of a block accumulator's pending hashes */
static void
flush_blocks(bf_acc *acc)
{
	acc->hdr.bits_set += set_bits(payload_of(acc), acc->hdr.nitems,
								  acc->pending, acc->npending, NULL);
	acc->npending = 0;
}

/*
 * Sort a chunk of an exact accumulator (unless it is sorted), drop
 * repeats, merge it into the run in place and give it back.  The run's
 * room for it is the sort's scratch space.
 */
static bf_status
merge_chunk(bf_acc *acc, bf_acc_chunk *chunk)
{
	size_t		n;
	bf_status	status = reserve_run(acc, acc->hdr.nitems + chunk->n);

	if (status != BF_OK)
		return status;
	n = chunk->n;
	if (!chunk->sorted)
	{
		bf_sort_hashes(chunk->hashes, n, acc->u.run.hashes + acc->hdr.nitems);
		n = bf_unique_hashes(chunk->hashes, n);
	}
	acc->hdr.nitems = bf_merge_hashes(acc->u.run.hashes, acc->hdr.nitems,
									  chunk->hashes, n);
	acc_release(acc, chunk->hashes, chunk->n * sizeof(uint64_t));
	acc->u.run.nchunked -= chunk->n;
	chunk->hashes = NULL;
	chunk->n = 0;
	return BF_OK;
}

/*
 * Sort an exact accumulator's chunks and pending hashes, drop repeats,
 * and merge them into its run in place (pending with no run yet becomes
 * the run, and the run's room pending's).  The run's room for them is the
 * sort's scratch space.  A pending run that grew past its limit unsorted
 * is given back.  Past BF_ACC_EXACT_MAX distinct hashes the accumulator
 * becomes a block filter (promote).
 */
static bf_status
flush_exact(bf_acc *acc)
{
	size_t		n = acc->npending;
	size_t		nrun;
	uint64_t   *swap;
	size_t		swap_room;
	size_t		i;
	bf_status	status = BF_OK;

	for (i = 0; i < acc->u.run.nchunks && status == BF_OK; i++)
		status = merge_chunk(acc, &acc->u.run.chunks[i]);
	if (status != BF_OK)
		return status;
	drop_chunks(acc);
	nrun = acc->hdr.nitems;
	swap = acc->u.run.hashes;
	swap_room = acc->u.run.room;
	if (n == 0)
		return nrun > BF_ACC_EXACT_MAX ? promote(acc) : BF_OK;
	if (nrun > 0 || n >= BF_SORT_SMALL)
	{
		status = reserve_run(acc, nrun + n);
		if (status != BF_OK)
			return status;
		swap = acc->u.run.hashes;
		swap_room = acc->u.run.room;
	}
	bf_sort_hashes(acc->pending, n, swap != NULL ? swap + nrun : NULL);
	n = bf_unique_hashes(acc->pending, n);
	acc->npending = 0;
	if (nrun == 0)
	{
		acc->u.run.hashes = acc->pending;
		acc->u.run.room = acc->pending_room;
		acc->pending = swap;
		acc->pending_room = swap_room;
		acc->hdr.nitems = n;
	}
	else
		acc->hdr.nitems = bf_merge_hashes(acc->u.run.hashes, nrun,
										  acc->pending, n);
	if (acc->pending_room > pending_limit(acc))
		drop_pending(acc);
	return acc->hdr.nitems > BF_ACC_EXACT_MAX ? promote(acc) : BF_OK;
}

/* Apply the pending hashes: every use of a whole accumulator starts here */
static bf_status
flush(bf_acc *acc)
{
	if (acc->hdr.layout == BF_LAYOUT_EXACT)
		return flush_exact(acc);
	flush_blocks(acc);
	return BF_OK;
}

/*
 * Move an exact accumulator, its pending hashes applied, to the blocks
 * phase: a filter of BF_ACC_MAX_BLOCKS blocks holding its run, written in
 * hash order.
 */
static bf_status
promote(bf_acc *acc)
{
	bf_header	hdr = acc->hdr;
	uint8_t    *filter;
	void	   *memory;
	size_t		size;
	bf_status	status = new_filter(acc, BF_ACC_MAX_BLOCKS, &filter, &memory,
									&size);

	if (status != BF_OK)
		return status;
	hdr.layout = BF_LAYOUT_BLOCKS;
	hdr.nitems = BF_ACC_MAX_BLOCKS;
	hdr.capacity = bf_capacity_of(BF_ACC_MAX_BLOCKS, hdr.fpr);
	memset(filter + BF_HEADER_SIZE, 0, BF_ACC_MAX_BLOCKS * BF_BLOCK_BYTES);
	hdr.bits_set = set_bits(filter + BF_HEADER_SIZE, BF_ACC_MAX_BLOCKS,
							acc->u.run.hashes, acc->hdr.nitems, NULL);
	become(acc, &hdr, filter, memory, size, NULL, 0);
	return BF_OK;
}

/* The i-th hash of a list */
static inline uint64_t
list_hash(const acc_list *list, size_t i)
{
	return list->native != NULL ? list->native[i] : bf_exact_hash(list->view, i);
}

/* How many hashes of a list are in the sample (at most the bound) */
static size_t
list_sampled(const acc_list *list)
{
	size_t		lo = 0;
	size_t		hi = list->n;

	while (lo < hi)
	{
		size_t		mid = lo + (hi - lo) / 2;

		if (list_hash(list, mid) <= BF_ACC_SAMPLE_BOUND)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The list of an exact accumulator's run */
static acc_list
run_list(const bf_acc *acc)
{
	acc_list	list = {acc->u.run.hashes, NULL, acc->hdr.nitems};

	return list;
}

/*
 * The sample an exact accumulator knows of the hashes it holds outside
 * its pending run: with chunks, theirs and the run's joined; else the
 * run's own (its first hashes, below the bound).  Into *n, how many.
 */
static const uint64_t *
known_sample(const bf_acc *acc, size_t *n)
{
	acc_list	run = run_list(acc);

	if (acc->u.run.nchunks > 0)
	{
		*n = acc->u.run.nsample;
		return acc->u.run.sample;
	}
	*n = list_sampled(&run);
	return run.native;
}

/*
 * Set n hashes (sorted and distinct, or not) aside as a chunk of an exact
 * accumulator, whose memory they become; their sample, m distinct hashes
 * in ascending order, joins the accumulator's.
 */
static bf_status
set_aside(bf_acc *acc, uint64_t *hashes, size_t n, bool sorted,
		  const uint64_t *sample, size_t m)
{
	size_t		nknown;
	const uint64_t *known = known_sample(acc, &nknown);
	size_t		room = nknown + m + 1;
	uint64_t   *joined = acc_alloc(acc, room * sizeof(uint64_t));
	bf_acc_chunk *chunk;

	if (acc->u.run.chunks == NULL)
		acc->u.run.chunks = acc_alloc(acc, BF_ACC_MAX_CHUNKS * sizeof(bf_acc_chunk));
	if (joined == NULL || acc->u.run.chunks == NULL)
	{
		acc_release(acc, joined, room * sizeof(uint64_t));
		return BF_E_MEMORY;
	}
	if (nknown > 0)
		memcpy(joined, known, nknown * sizeof(uint64_t));
	acc_release(acc, acc->u.run.sample, acc->u.run.sample_room * sizeof(uint64_t));
	acc->u.run.nsample = bf_merge_hashes(joined, nknown, sample, m);
	acc->u.run.sample = joined;
	acc->u.run.sample_room = room;
	BF_ASSERT(acc->u.run.nchunks < BF_ACC_MAX_CHUNKS);
	chunk = &acc->u.run.chunks[acc->u.run.nchunks++];
	chunk->hashes = hashes;
	chunk->n = n;
	chunk->sorted = sorted;
	acc->u.run.nchunked += n;
	return BF_OK;
}

/*
 * Set a full pending run aside as a chunk, unsorted, a new one of twice
 * its room (at most BF_ACC_RUN_MAX) taking its place, where that pays:
 * *grown says whether it did.  Sorting is what keeps an exact accumulator
 * at 8 bytes a distinct value, and pays where more than a quarter of the
 * pending hashes are repeats or values held already, by the sample of them
 * (the hashes below the bound) and the sample of the run and the chunks,
 * which the new chunk's joins.  Fewer than BF_ACC_RUN_MIN pending hashes,
 * or a sample twice its expected size (hashes that are not uniform), are
 * sorted.  Each hash is sampled once, as its chunk is set aside.
 */
static bf_status
grow_pending(bf_acc *acc, bool *grown)
{
	size_t		room = (acc->npending >> (BF_ACC_SAMPLE_SHIFT - 1)) + BF_SORT_SMALL;
	size_t		next = 2 * acc->pending_room < BF_ACC_RUN_MAX ?
		2 * acc->pending_room : BF_ACC_RUN_MAX;
	size_t		nknown;
	const uint64_t *known = known_sample(acc, &nknown);
	uint64_t   *sample;
	uint64_t   *pending = NULL;
	size_t		m = 0;
	size_t		i;
	bf_status	status = BF_OK;

	*grown = false;
	if (acc->npending < BF_ACC_RUN_MIN)
		return BF_OK;
	/* the sample, then as much again: the sort's scratch space */
	sample = acc_alloc(acc, 2 * room * sizeof(uint64_t));
	if (sample == NULL)
		return BF_E_MEMORY;
	for (i = 0; i < acc->npending && m < room; i++)
		if (acc->pending[i] <= BF_ACC_SAMPLE_BOUND)
			sample[m++] = acc->pending[i];
	if (i == acc->npending)
	{
		bf_sort_hashes(sample, m, sample + room);
		m = bf_unique_hashes(sample, m);
		*grown = 4 * ((m - bf_common_hashes(known, nknown, sample, m)) <<
					  BF_ACC_SAMPLE_SHIFT) >= 3 * acc->npending;
	}
	if (*grown)
	{
		pending = acc_alloc(acc, next * sizeof(uint64_t));
		status = pending == NULL ? BF_E_MEMORY :
			set_aside(acc, acc->pending, acc->npending, false, sample, m);
		if (status == BF_OK)
		{
			acc->pending = pending;
			acc->pending_room = next;
			acc->npending = 0;
		}
		else
			acc_release(acc, pending, next * sizeof(uint64_t));
	}
	acc_release(acc, sample, 2 * room * sizeof(uint64_t));
	return status;
}

/*
 * Make room in an exact accumulator's full pending run.  It doubles up to
 * its limit (pending_limit), and from there on is set aside as a chunk
 * where that pays (grow_pending) and the hashes held stay within
 * BF_ACC_EXACT_MAX, or else sorted and merged into the run, so that each
 * hash is sorted once and merged a few times.  Sorting may end the exact
 * phase (promote): the caller looks at the phase again.
 */
static bf_status
exact_room(bf_acc *acc)
{
	size_t		limit = pending_limit(acc);
	size_t		room = 2 * acc->pending_room;
	bool		grown = false;
	bf_status	status = BF_OK;

	BF_ASSERT(acc->npending == acc->pending_room);
	if (acc->pending_room >= limit)
	{
		if (held(acc) < BF_ACC_EXACT_MAX)
			status = grow_pending(acc, &grown);
		if (status == BF_OK && !grown)
			status = flush_exact(acc);
		if (status != BF_OK || acc->hdr.layout != BF_LAYOUT_EXACT ||
			acc->npending < acc->pending_room)
			return status;
		room = limit;
	}
	if (room > limit)
		room = limit;
	return resize_pending(acc, room < BF_ACC_FIRST ? BF_ACC_FIRST : room);
}

/*
 * Hashes a block accumulator batches before it sets their bits:
 * BF_ACC_BATCH, or for a small filter (a part of one) a quarter of its
 * blocks, a sixteenth of its bytes, so that the many small states of a
 * GROUP BY (a filter's parts) cost little more than their filters
 */
static size_t
block_batch(const bf_acc *acc)
{
	uint64_t	quarter = acc->hdr.nitems / 4;

	return quarter < BF_ACC_FIRST ? BF_ACC_FIRST :
		quarter > BF_ACC_BATCH ? BF_ACC_BATCH : (size_t) quarter;
}

/*
 * Make room for another hash when the pending ones are full (bf_acc_add's
 * slow path): an exact accumulator grows or sorts them (exact_room); a
 * block accumulator sets their bits.  Then add the hash.
 */
bf_status
bf_acc_add_slow(bf_acc *acc, uint64_t hash)
{
	bf_status	status = BF_OK;

	if (acc->hdr.layout == BF_LAYOUT_EXACT)
		status = exact_room(acc);
	if (status == BF_OK && acc->hdr.layout == BF_LAYOUT_BLOCKS)
	{
		flush_blocks(acc);
		if (acc->pending_room < block_batch(acc))
			status = resize_pending(acc, block_batch(acc));
	}
	if (status != BF_OK)
		return status;
	acc->pending[acc->npending++] = hash;
	return BF_OK;
}

/*
 * Whether a list joining an exact accumulator is merged straight into its
 * run, with no sort: a short one (as a parallel leader combines many small
 * groups' states) if it is at least a quarter of the run's length, as
 * merging a run a few times costs no more than sorting; a long one if, by
 * the sample, at least half of it is in the run already, so that states of
 * the same values merge into one run and states of different values wait
 * unsorted, as pending hashes, for the filter they end in.  None while
 * pending runs are set aside (which merging would have to sort first).
 */
static bool
merge_straight(const bf_acc *acc, const acc_list *list)
{
	acc_list	run = run_list(acc);
	size_t		sampled;

	if (acc->u.run.nchunks > 0)
		return false;
	if (list->n < BF_ACC_RUN_MIN)
		return list->n >= acc->hdr.nitems / 4;
	sampled = list_sampled(list);
	run.n = list_sampled(&run);
	return 2 * (list->native != NULL ?
				bf_common_hashes(run.native, run.n, list->native, sampled) :
				bf_common_exact(run.native, run.n, list->view, sampled)) >= sampled;
}

/* Set the bits of a list's hashes from the first-th on in a block accumulator */
static void
list_into_blocks(bf_acc *acc, const acc_list *list, size_t first)
{
	bf_view		rest;

	if (list->native != NULL)
	{
		acc->hdr.bits_set += set_bits(payload_of(acc), acc->hdr.nitems,
									  list->native + first, list->n - first,
									  NULL);
		return;
	}
	rest = *list->view;
	rest.payload += first * BF_HASH_BYTES;
	rest.hdr.nitems -= first;
	acc->hdr.bits_set += bf_add_exact_to_blocks(payload_of(acc),
												acc->hdr.nitems, &rest);
}

/* Copy n of a list's hashes, from the first-th on, into out */
static void
list_copy(const acc_list *list, size_t first, size_t n, uint64_t *out)
{
	if (list->native != NULL)
		memcpy(out, list->native + first, n * sizeof(uint64_t));
	else
		bf_exact_hashes(list->view, first, n, out);
}

/*
 * Add a list's hashes to an exact accumulator's pending hashes, making
 * room as adding them one at a time would (exact_room); where that ends
 * the exact phase, the rest are set in the blocks.
 */
static bf_status
append(bf_acc *acc, const acc_list *list)
{
	size_t		done = 0;
	bf_status	status = BF_OK;

	while (done < list->n && status == BF_OK)
	{
		size_t		n = list->n - done;

		if (acc->hdr.layout == BF_LAYOUT_BLOCKS)
		{
			list_into_blocks(acc, list, done);
			break;
		}
		if (acc->npending == acc->pending_room)
		{
			status = exact_room(acc);
			continue;
		}
		if (n > acc->pending_room - acc->npending)
			n = acc->pending_room - acc->npending;
		list_copy(list, done, n, acc->pending + acc->npending);
		acc->npending += n;
		done += n;
	}
	return status;
}

/*
 * Set a long list aside in an exact accumulator as a chunk of its own,
 * sorted: copied once, its sample its first hashes (a parallel leader
 * keeps its workers' states so, and writes them into the filter in hash
 * order).
 */
static bf_status
set_list_aside(bf_acc *acc, const acc_list *list)
{
	uint64_t   *copy = acc_alloc(acc, list->n * sizeof(uint64_t));
	bf_status	status;

	if (copy == NULL)
		return BF_E_MEMORY;
	list_copy(list, 0, list->n, copy);
	status = set_aside(acc, copy, list->n, true, copy, list_sampled(list));
	if (status != BF_OK)
		acc_release(acc, copy, list->n * sizeof(uint64_t));
	return status;
}

/*
 * Add a list of strictly ascending hashes to an accumulator: set in its
 * blocks; or taken as its run, if it holds none yet; or merged straight
 * into its run (merge_straight); or, long, set aside as a chunk of its
 * own; or added to its pending hashes.  A list longer than the exact phase
 * holds ends it first.
 */
static bf_status
union_list(bf_acc *acc, const acc_list *list)
{
	bf_status	status = BF_OK;

	if (acc->hdr.layout == BF_LAYOUT_EXACT && list->n > BF_ACC_EXACT_MAX)
	{
		status = flush_exact(acc);
		if (status == BF_OK && acc->hdr.layout == BF_LAYOUT_EXACT)
			status = promote(acc);
	}
	else if (acc->hdr.layout == BF_LAYOUT_EXACT && held(acc) == 0)
	{
		status = reserve_run(acc, list->n);
		if (status == BF_OK && list->n > 0)
			list_copy(list, 0, list->n, acc->u.run.hashes);
		if (status == BF_OK)
			acc->hdr.nitems = list->n;
		return status;
	}
	else if (acc->hdr.layout == BF_LAYOUT_EXACT && merge_straight(acc, list))
	{
		status = flush_exact(acc);
		if (status == BF_OK && acc->hdr.layout == BF_LAYOUT_EXACT)
		{
			status = reserve_run(acc, acc->hdr.nitems + list->n);
			if (status != BF_OK)
				return status;
			acc->hdr.nitems = list->native != NULL ?
				bf_merge_hashes(acc->u.run.hashes, acc->hdr.nitems,
								list->native, list->n) :
				bf_merge_exact(acc->u.run.hashes, acc->hdr.nitems, list->view);
			return acc->hdr.nitems > BF_ACC_EXACT_MAX ? promote(acc) : BF_OK;
		}
	}
	else if (acc->hdr.layout == BF_LAYOUT_EXACT && list->n >= BF_ACC_RUN_MIN &&
			 held(acc) + list->n <= BF_ACC_EXACT_MAX)
		return set_list_aside(acc, list);
	else if (acc->hdr.layout == BF_LAYOUT_EXACT)
		return append(acc, list);
	if (status == BF_OK)
		list_into_blocks(acc, list, 0);
	return status;
}

/*
 * Make an exact accumulator (the first of pair) the union of its hashes
 * and the block filter blocks: a copy of the filter, with the header the
 * union of the pair has, its hashes set in it.
 */
static bf_status
exact_into_blocks(bf_acc *acc, const bf_pair *pair, const bf_view *blocks)
{
	bf_header	hdr = bf_pair_header(pair, BF_LAYOUT_BLOCKS, blocks->hdr.nitems);
	uint8_t    *filter;
	void	   *memory;
	size_t		size;
	bf_status	status = new_filter(acc, blocks->hdr.nitems, &filter, &memory,
									&size);

	if (status != BF_OK)
		return status;
	memcpy(filter + BF_HEADER_SIZE, blocks->payload,
		   blocks->hdr.nitems * BF_BLOCK_BYTES);
	hdr.bits_set = blocks->hdr.bits_set +
		set_held_bits(acc, filter + BF_HEADER_SIZE, hdr.nitems, NULL);
	acc->npending = 0;
	become(acc, &hdr, filter, memory, size, NULL, 0);
	return BF_OK;
}

/*
 * Union or intersection of a block accumulator and a block filter (a pair
 * of blocks): in place where the other has at least as many blocks, else
 * into a new filter of the other's size (the accumulator's folded down).
 */
static bf_status
combine_blocks(bf_acc *acc, const bf_pair *pair, const bf_view *other,
			   bool intersect)
{
	uint8_t    *filter;
	void	   *memory;
	size_t		size;
	size_t		len;
	bf_header	hdr;
	bf_status	status;

	if (bf_pair_in_place(pair, &acc->hdr, intersect))
	{
		bf_combine_in_place(&acc->hdr, payload_of(acc), other, intersect);
		return BF_OK;
	}
	status = bf_pair_size(pair, intersect, &len);
	if (status == BF_OK)
		status = new_filter(acc, other->hdr.nitems, &filter, &memory, &size);
	if (status != BF_OK)
		return status;
	status = bf_pair_write(filter, len, pair, intersect);
	if (status == BF_OK)
		status = bf_read_header(filter, len, &hdr);
	if (status != BF_OK)
	{
		acc_release(acc, memory, size);
		return status;
	}
	become(acc, &hdr, filter, memory, size, NULL, 0);
	return BF_OK;
}

/*
 * Put an accumulator in the phase its distinct count calls for before it
 * meets another filter: a block accumulator sets its pending bits; an
 * exact one sorts its pending hashes only if they might take it past
 * BF_ACC_EXACT_MAX.
 */
static bf_status
settle(bf_acc *acc)
{
	if (acc->hdr.layout == BF_LAYOUT_BLOCKS)
		flush_blocks(acc);
	else if (held(acc) > BF_ACC_EXACT_MAX)
		return flush_exact(acc);
	return BF_OK;
}

/*
 * Check and order the pair of an accumulator (its view into *mine, which
 * the pair points to) and a filter, other, once (bf_pair_order), after
 * the status of the step before (settling or flushing it); the
 * accumulator then takes the other's kind if it holds none.
 */
static bf_status
meet(bf_status status, bf_acc *acc, const bf_view *other, bf_view *mine,
	 bf_pair *pair)
{
	if (status != BF_OK)
		return status;
	*mine = bf_acc_view(acc);
	status = bf_pair_order(mine, other, pair);
	if (status == BF_OK)
		bf_adopt_kind(&acc->hdr, other->hdr.kind);
	return status;
}

/*
 * Union of an accumulator and a filter, other; an exact other's hashes
 * are read from native if that is not NULL (another accumulator's run).
 */
static bf_status
acc_union(bf_acc *acc, const bf_view *other, const uint64_t *native)
{
	acc_list	list = {native, other, other->hdr.nitems};
	bf_view		mine;
	bf_pair		pair;
	bf_status	status = meet(settle(acc), acc, other, &mine, &pair);

	if (status != BF_OK)
		return status;
	switch (pair.shape)
	{
		case BF_PAIR_EXACT:
			return union_list(acc, &list);
		case BF_PAIR_MIXED:
			if (acc->hdr.layout == BF_LAYOUT_EXACT)
				return exact_into_blocks(acc, &pair, other);
			return union_list(acc, &list);
		case BF_PAIR_BLOCKS:
			return combine_blocks(acc, &pair, other, false);
	}
	return BF_E_LAYOUT;
}

/*
 * Make a block accumulator (the second of pair) the intersection of its
 * blocks and the exact filter exact: the exact run of exact's hashes its
 * blocks contain, with the header the intersection of the pair has.
 */
static bf_status
blocks_to_exact(bf_acc *acc, const bf_pair *pair, const bf_view *exact)
{
	size_t		room = exact->hdr.nitems + 1;
	uint64_t   *run = acc_alloc(acc, room * sizeof(uint64_t));
	uint64_t	kept = 0;
	bf_header	hdr;
	bf_status	status;

	if (run == NULL)
		return BF_E_MEMORY;
	status = bf_intersect_hashes(exact, pair->second, run, &kept);
	if (status != BF_OK)
	{
		acc_release(acc, run, room * sizeof(uint64_t));
		return status;
	}
	hdr = bf_pair_header(pair, BF_LAYOUT_EXACT, kept);
	become(acc, &hdr, NULL, NULL, 0, run, room);
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
		return BF_OK;
	}
	if (hdr->layout != BF_LAYOUT_BLOCKS)
		return BF_E_LAYOUT;
	if (hdr->nitems < 1 || hdr->nitems > BF_MAX_BLOCKS)
		return BF_E_TOO_LARGE;
	status = new_filter(acc, hdr->nitems, &acc->u.blocks.filter,
						&acc->u.blocks.memory, &acc->u.blocks.size);
	if (status == BF_OK)
		status = bf_init(acc->u.blocks.filter, bf_size_blocks(hdr->nitems),
						 &acc->hdr);
	if (status != BF_OK)
		bf_acc_release(acc);
	return status;
}

/* Give back all the memory of an accumulator, which is then empty */
void
bf_acc_release(bf_acc *acc)
{
	if (acc->hdr.layout == BF_LAYOUT_BLOCKS)
		acc_release(acc, acc->u.blocks.memory, acc->u.blocks.size);
	else
	{
		drop_chunks(acc);
		acc_release(acc, acc->u.run.hashes, acc->u.run.room * sizeof(uint64_t));
	}
	acc->npending = 0;
	drop_pending(acc);
	memset(&acc->u, 0, sizeof(acc->u));
	acc->hdr.nitems = 0;
}

/*
 * Union of an accumulator and a filter, other: the combine step of the
 * aggregates.  The pair is checked and ordered once (bf_pair_order): two
 * exact ones, or a block accumulator and an exact filter, add the list of
 * hashes (union_list); an exact accumulator and a block filter make a copy
 * of the filter holding its hashes (exact_into_blocks); two block filters
 * combine in place or fold down (combine_blocks).  BF_E_HASH_MISMATCH,
 * BF_E_KIND_MISMATCH or BF_E_FOLD when the two can never combine.
 */
bf_status
bf_acc_union(bf_acc *acc, const bf_view *other)
{
	return acc_union(acc, other, NULL);
}

/* Union of an accumulator and another one (bf_acc_union) */
bf_status
bf_acc_union_acc(bf_acc *acc, bf_acc *other)
{
	bf_view		view;
	bf_status	status = flush(other);

	if (status != BF_OK)
		return status;
	view = bf_acc_view(other);
	return acc_union(acc, &view,
					 other->hdr.layout == BF_LAYOUT_EXACT ? other->u.run.hashes : NULL);
}

/*
 * Intersection of an accumulator and a filter, other: the transition and
 * combine step of bloom_intersect_agg, the pair checked and ordered once.
 * An exact accumulator keeps the hashes of its run the other contains; a
 * block accumulator with an exact filter becomes the exact run of the
 * filter's hashes its blocks contain (blocks_to_exact); two block filters
 * combine in place or fold down (combine_blocks).
 */
bf_status
bf_acc_intersect(bf_acc *acc, const bf_view *other)
{
	bf_view		mine;
	bf_pair		pair;
	bf_status	status = meet(flush(acc), acc, other, &mine, &pair);

	if (status != BF_OK)
		return status;
	if (acc->hdr.layout == BF_LAYOUT_EXACT)
	{
		/* two exact ones, or the first of a mixed pair */
		acc->hdr.nitems = bf_keep_members(acc->u.run.hashes, acc->hdr.nitems,
										  other);
		return BF_OK;
	}
	switch (pair.shape)
	{
		case BF_PAIR_EXACT:
			break;
		case BF_PAIR_MIXED:
			return blocks_to_exact(acc, &pair, other);
		case BF_PAIR_BLOCKS:
			return combine_blocks(acc, &pair, other, true);
	}
	return BF_E_LAYOUT;
}

/*
 * Size of the serialized filter an accumulator is (bf_acc_flatten): its
 * pending hashes applied, an exact list of its run or its block filter.
 * An accumulator is flattened when it leaves its aggregate (a parallel
 * worker's or a partition's partial state), after its last value most
 * likely, so an exact one gives back its pending run's memory here.
 */
bf_status
bf_acc_flat_size(bf_acc *acc, size_t *len)
{
	bf_status	status = flush(acc);

	if (status != BF_OK)
		return status;
	if (acc->hdr.layout == BF_LAYOUT_EXACT)
	{
		drop_pending(acc);
		*len = bf_size_exact(acc->hdr.nitems);
	}
	else
		*len = bf_size_blocks(acc->hdr.nitems);
	return BF_OK;
}

/*
 * Write an accumulator as a serialized filter into buf, of the length
 * bf_acc_flat_size gave (which applied the pending hashes; BF_E_BUFFER if
 * some wait).
 */
bf_status
bf_acc_flatten(const bf_acc *acc, void *buf, size_t len)
{
	if (acc->npending != 0)
		return BF_E_BUFFER;
	if (acc->hdr.layout == BF_LAYOUT_EXACT)
		return bf_init_exact(buf, len, &acc->hdr, acc->u.run.hashes,
							 acc->hdr.nitems);
	if (len != bf_size_blocks(acc->hdr.nitems))
		return BF_E_BUFFER;
	bf_write_header(buf, &acc->hdr);
	memcpy((uint8_t *) buf + BF_HEADER_SIZE, payload_of(acc),
		   len - BF_HEADER_SIZE);
	return BF_OK;
}

/*
 * The header of the filter sized from the data for n distinct values
 * (bf_auto_header), carrying the accumulator's descriptor: hash, seed and
 * kind.
 */
static bf_status
auto_header(const bf_acc *acc, uint64_t n, bf_header *hdr)
{
	bf_header	sized;
	bf_status	status = bf_auto_header(n, acc->hdr.fpr, acc->hdr.kind, &sized);

	if (status != BF_OK)
		return status;
	*hdr = acc->hdr;
	hdr->layout = sized.layout;
	hdr->flags = sized.flags;
	hdr->capacity = sized.capacity;
	hdr->nitems = sized.nitems;
	hdr->bits_set = 0;
	return BF_OK;
}

/* Memory of len bytes for a result, from out */
static bf_status
result_alloc(const bf_allocator *out, size_t len, bf_acc_result *result)
{
	result->filter = out->alloc(out->context, len);
	result->len = len;
	return result->filter != NULL ? BF_OK : BF_E_MEMORY;
}

/*
 * Build the filter hdr describes holding an exact accumulator's hashes,
 * into memory from out: the one place a filter is built from hashes.  A
 * block filter takes the run, the chunks and the pending hashes as they
 * are (*present, if not NULL, counts those whose bits were all set
 * already); an exact list takes the run, the others merged into it.
 */
static bf_status
build(const bf_acc *acc, const bf_header *hdr, const bf_allocator *out,
	  bf_acc_result *result, size_t *present)
{
	bf_header	built = *hdr;
	uint8_t    *payload;
	bf_status	status;

	if (hdr->layout == BF_LAYOUT_EXACT)
	{
		BF_ASSERT(held(acc) == hdr->nitems);
		status = result_alloc(out, bf_size_exact(hdr->nitems), result);
		if (status == BF_OK)
			status = bf_init_exact(result->filter, result->len, hdr,
								   acc->u.run.hashes, acc->hdr.nitems);
	}
	else
	{
		status = result_alloc(out, bf_size_blocks(hdr->nitems), result);
		if (status == BF_OK)
			status = bf_init(result->filter, result->len, hdr);
		if (status == BF_OK)
		{
			payload = result->filter + BF_HEADER_SIZE;
			built.bits_set = set_held_bits(acc, payload, hdr->nitems, present);
			bf_write_header(result->filter, &built);
		}
	}
	if (status != BF_OK && result->filter != NULL)
		out->release(out->context, result->filter, result->len);
	return status;
}

/*
 * The filter an exact accumulator amounts to: the one sized for its
 * distinct count n (auto_header), built from its hashes.  With pending
 * hashes, n lies between the hashes held (most) and most less those whose
 * bits were already set when they were added to the filter sized for most:
 * if both bounds give that filter's header, it is the one.  Otherwise, or
 * if it is an exact list, the pending hashes are merged, and the filter
 * is built for the count then known.
 */
static bf_status
finish_exact(bf_acc *acc, const bf_allocator *out, bf_acc_result *result)
{
	uint64_t	most = held(acc);
	size_t		present = 0;
	bf_header	hdr;
	bf_header	fewest;
	bf_status	status = auto_header(acc, most, &hdr);

	if (status == BF_OK && hdr.layout == BF_LAYOUT_BLOCKS &&
		most > acc->hdr.nitems)
	{
		status = build(acc, &hdr, out, result, &present);
		if (status != BF_OK)
			return status;
		if (auto_header(acc, most - present, &fewest) == BF_OK &&
			fewest.layout == hdr.layout && fewest.nitems == hdr.nitems)
			return BF_OK;
		out->release(out->context, result->filter, result->len);
		result->filter = NULL;
	}
	if (status == BF_OK)
		status = flush_exact(acc);
	/* past BF_ACC_EXACT_MAX, settled before: no promotion here */
	BF_ASSERT(acc->hdr.layout == BF_LAYOUT_EXACT);
	if (status == BF_OK)
		status = auto_header(acc, acc->hdr.nitems, &hdr);
	if (status == BF_OK)
		status = build(acc, &hdr, out, result, NULL);
	return status;
}

/*
 * The filter a block accumulator amounts to: the filter that
 * bloom_agg(value) grows past its exact phase (auto-sized, of
 * BF_ACC_MAX_BLOCKS blocks: the size identifies it even after a parallel
 * worker flattened it) is folded down to the ladder size for its
 * estimated count; any other is returned as it is (as_is), so that the
 * aggregates of filters give what their operators give.
 */
static bf_status
finish_blocks(const bf_acc *acc, const bf_allocator *out,
			  bf_acc_result *result)
{
	bf_view		view = bf_acc_view(acc);
	double		estimate = bf_cardinality(&view);
	uint64_t	target = view.hdr.nitems;
	bf_header	hdr;
	bf_status	status;

	if (!(view.hdr.flags & BF_FLAG_AUTO) || (view.hdr.flags & BF_FLAG_PART) ||
		view.hdr.nitems != BF_ACC_MAX_BLOCKS || !isfinite(estimate) ||
		bf_auto_blocks((uint64_t) ceil(estimate), view.hdr.fpr, &target) != BF_OK ||
		target > view.hdr.nitems)
		target = view.hdr.nitems;
	result->as_is = target == view.hdr.nitems;
	status = result_alloc(out, bf_size_blocks(target), result);
	if (status == BF_OK && result->as_is)
		status = bf_acc_flatten(acc, result->filter, result->len);
	else if (status == BF_OK)
	{
		status = bf_fold(result->filter, result->len, &view, target);
		if (status == BF_OK)
			status = bf_read_header(result->filter, result->len, &hdr);
		if (status == BF_OK)
		{
			hdr.capacity = bf_capacity_of(target, hdr.fpr);
			bf_write_header(result->filter, &hdr);
		}
	}
	if (status != BF_OK && result->filter != NULL)
		out->release(out->context, result->filter, result->len);
	return status;
}

/*
 * The filter an accumulator amounts to, as the aggregates return it, in
 * memory from out (which may be another allocator than the
 * accumulator's): an exact accumulator's is sized for its distinct count
 * (finish_exact), a block accumulator's folded down or as it is
 * (finish_blocks).  The accumulator keeps its value, so that a window's
 * growing frame can add to it and finish it again.
 */
bf_status
bf_acc_finish(bf_acc *acc, const bf_allocator *out, bf_acc_result *result)
{
	bf_status	status = settle(acc);

	memset(result, 0, sizeof(*result));
	if (status != BF_OK)
		return status;
	if (acc->hdr.layout == BF_LAYOUT_EXACT)
		return finish_exact(acc, out, result);
	return finish_blocks(acc, out, result);
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
	view.payload = acc->hdr.layout == BF_LAYOUT_BLOCKS ? payload_of(acc) : NULL;
	return view;
}
