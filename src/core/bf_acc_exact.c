/*-------------------------------------------------------------------------
 *
 * bf_acc_exact.c
 *	  Values coming into an accumulator: the exact phase's pending hashes
 *	  sorted and merged into the run, or set aside unsorted, and the end
 *	  of the phase past BF_ACC_EXACT_MAX distinct values; a block
 *	  accumulator's batches; the pending hashes applied before any other
 *	  use (bf_acc_flush, bf_acc_settle).
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
 * Whether the exact phase ends is decided on the distinct count (past
 * BF_ACC_EXACT_MAX, in a sorted run), so every plan ends in the same phase.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/core/bf_acc_exact.c
 *
 *-------------------------------------------------------------------------
 */
#include "bf_acc_exact.h"
#include "bf_acc_internal.h"

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
 * Sort a chunk of an exact accumulator (unless it is sorted), drop
 * repeats, merge it into the run in place and give it back.  The run's
 * room for it is the sort's scratch space.
 */
static bf_status
merge_chunk(bf_acc *acc, bf_acc_chunk *chunk)
{
	size_t		n;
	bf_status	status = bf_acc_reserve_run(acc, acc->hdr.nitems + chunk->n);

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
	bf_acc_free(acc, chunk->hashes, chunk->n * sizeof(uint64_t));
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
 * becomes a block filter (bf_acc_promote).
 */
bf_status
bf_acc_flush_exact(bf_acc *acc)
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
	bf_acc_drop_chunks(acc);
	nrun = acc->hdr.nitems;
	swap = acc->u.run.hashes;
	swap_room = acc->u.run.room;
	if (n == 0)
		return nrun > BF_ACC_EXACT_MAX ? bf_acc_promote(acc) : BF_OK;
	if (nrun > 0 || n >= BF_SORT_SMALL)
	{
		status = bf_acc_reserve_run(acc, nrun + n);
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
		bf_acc_drop_pending(acc);
	return acc->hdr.nitems > BF_ACC_EXACT_MAX ? bf_acc_promote(acc) : BF_OK;
}

/*
 * Move an exact accumulator, its pending hashes applied, to the blocks
 * phase: a filter of BF_ACC_MAX_BLOCKS blocks holding its run, written in
 * hash order.
 */
bf_status
bf_acc_promote(bf_acc *acc)
{
	bf_header	hdr = acc->hdr;
	uint8_t    *filter;
	void	   *memory;
	size_t		size;
	bf_status	status = bf_acc_new_filter(acc, BF_ACC_MAX_BLOCKS, &filter, &memory,
									&size);

	if (status != BF_OK)
		return status;
	hdr.layout = BF_LAYOUT_BLOCKS;
	hdr.nitems = BF_ACC_MAX_BLOCKS;
	hdr.capacity = bf_capacity_of(BF_ACC_MAX_BLOCKS, hdr.fpr);
	memset(filter + BF_HEADER_SIZE, 0, BF_ACC_MAX_BLOCKS * BF_BLOCK_BYTES);
	(void) bf_acc_set_bits(filter + BF_HEADER_SIZE, BF_ACC_MAX_BLOCKS,
						   acc->u.run.hashes, acc->hdr.nitems);
	bf_acc_become(acc, &hdr, filter, memory, size, NULL, 0);
	acc->u.blocks.bits_stale = true;
	return BF_OK;
}

/* The i-th hash of a list */
static inline uint64_t
list_hash(const bf_acc_list *list, size_t i)
{
	return list->native != NULL ? list->native[i] : bf_exact_hash(list->view, i);
}

/* How many hashes of a list are in the sample (at most the bound) */
size_t
bf_acc_list_sampled(const bf_acc_list *list)
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
bf_acc_list
bf_acc_run_list(const bf_acc *acc)
{
	bf_acc_list	list = {acc->u.run.hashes, NULL, acc->hdr.nitems, true};

	return list;
}

/* Give back an exact accumulator's sample of its run and chunks */
static void
drop_sample(bf_acc *acc)
{
	bf_acc_free(acc, acc->u.run.sample, acc->u.run.sample_room * sizeof(uint64_t));
	acc->u.run.sample = NULL;
	acc->u.run.nsample = acc->u.run.sample_room = 0;
}

/*
 * Make an exact accumulator's sample of its run and chunks again, after
 * chunks were set aside without theirs: every sampled hash of them,
 * sorted and distinct (each sorted list's first hashes, each unsorted
 * one's read through)
 */
static bf_status
make_sample(bf_acc *acc)
{
	bf_acc_list run = bf_acc_run_list(acc);
	size_t		room = bf_acc_list_sampled(&run) + 1;
	uint64_t   *sample;
	size_t		m;
	size_t		c;
	size_t		i;

	for (c = 0; c < acc->u.run.nchunks; c++)
		for (i = 0; i < acc->u.run.chunks[c].n; i++)
			room += acc->u.run.chunks[c].hashes[i] <= BF_ACC_SAMPLE_BOUND;
	sample = bf_acc_alloc(acc, 2 * room * sizeof(uint64_t));
	if (sample == NULL)
		return BF_E_MEMORY;
	m = bf_acc_list_sampled(&run);
	if (m > 0)
		memcpy(sample, run.native, m * sizeof(uint64_t));
	for (c = 0; c < acc->u.run.nchunks; c++)
		for (i = 0; i < acc->u.run.chunks[c].n; i++)
			if (acc->u.run.chunks[c].hashes[i] <= BF_ACC_SAMPLE_BOUND)
				sample[m++] = acc->u.run.chunks[c].hashes[i];
	bf_sort_hashes(sample, m, sample + room);
	drop_sample(acc);
	acc->u.run.sample = sample;
	acc->u.run.sample_room = 2 * room;
	acc->u.run.nsample = bf_unique_hashes(sample, m);
	acc->u.run.sample_stale = false;
	return BF_OK;
}

/*
 * The sample an exact accumulator knows of the hashes it holds outside
 * its pending run: with chunks, theirs and the run's joined (made again
 * if they were set aside without it); else the run's own (its first
 * hashes, below the bound).  Into *sample and *n.
 */
static bf_status
known_sample(bf_acc *acc, const uint64_t **sample, size_t *n)
{
	bf_acc_list	run = bf_acc_run_list(acc);
	bf_status	status = BF_OK;

	if (acc->u.run.nchunks > 0)
	{
		if (acc->u.run.sample_stale)
			status = make_sample(acc);
		*n = acc->u.run.nsample;
		*sample = acc->u.run.sample;
		return status;
	}
	*n = bf_acc_list_sampled(&run);
	*sample = run.native;
	return BF_OK;
}

/*
 * Set n hashes (sorted and distinct, or not) aside as a chunk of an exact
 * accumulator, whose memory they become; their sample, m distinct hashes
 * in ascending order, joins the accumulator's.  Without a sample (NULL:
 * a combine, after which no values are added, most likely), the
 * accumulator's is dropped, to be made again if an add needs it
 * (known_sample).
 */
bf_status
bf_acc_set_aside(bf_acc *acc, uint64_t *hashes, size_t n, bool sorted,
				 const uint64_t *sample, size_t m)
{
	size_t		nknown = 0;
	const uint64_t *known = NULL;
	size_t		room;
	uint64_t   *joined = NULL;
	bf_acc_chunk *chunk;

	if (acc->u.run.chunks == NULL)
		acc->u.run.chunks = bf_acc_alloc(acc, BF_ACC_MAX_CHUNKS * sizeof(bf_acc_chunk));
	if (acc->u.run.chunks == NULL)
		return BF_E_MEMORY;
	if (sample == NULL || acc->u.run.sample_stale)
	{
		drop_sample(acc);
		acc->u.run.sample_stale = true;
	}
	else
	{
		if (acc->u.run.nchunks > 0)
		{
			known = acc->u.run.sample;
			nknown = acc->u.run.nsample;
		}
		else
			(void) known_sample(acc, &known, &nknown);
		room = nknown + m + 1;
		joined = bf_acc_alloc(acc, room * sizeof(uint64_t));
		if (joined == NULL)
			return BF_E_MEMORY;
		if (nknown > 0)
			memcpy(joined, known, nknown * sizeof(uint64_t));
		drop_sample(acc);
		acc->u.run.nsample = bf_merge_hashes(joined, nknown, sample, m);
		acc->u.run.sample = joined;
		acc->u.run.sample_room = room;
	}
	BF_ASSERT(acc->u.run.nchunks < BF_ACC_MAX_CHUNKS);
	chunk = &acc->u.run.chunks[acc->u.run.nchunks++];
	chunk->hashes = hashes;
	chunk->n = n;
	chunk->sorted = sorted;
	acc->u.run.nchunked += n;
	return BF_OK;
}

/*
 * The sample of n hashes in any order: those below the bound, sorted and
 * distinct, m of them, in memory from the accumulator of room hashes
 * twice over (the second half the sort's scratch space: give back
 * 2 * room).  A sample twice its expected size (hashes that are not
 * uniform) is none: *sample NULL.
 */
static bf_status
sample_of(const bf_acc *acc, const uint64_t *hashes, size_t n,
		  uint64_t **sample, size_t *m, size_t *room)
{
	size_t		i;

	*room = (n >> (BF_ACC_SAMPLE_SHIFT - 1)) + BF_SORT_SMALL;
	*m = 0;
	*sample = bf_acc_alloc(acc, 2 * *room * sizeof(uint64_t));
	if (*sample == NULL)
		return BF_E_MEMORY;
	for (i = 0; i < n; i++)
	{
		if (hashes[i] > BF_ACC_SAMPLE_BOUND)
			continue;
		if (*m == *room)
		{
			bf_acc_free(acc, *sample, 2 * *room * sizeof(uint64_t));
			*sample = NULL;
			return BF_OK;
		}
		(*sample)[(*m)++] = hashes[i];
	}
	bf_sort_hashes(*sample, *m, *sample + *room);
	*m = bf_unique_hashes(*sample, *m);
	return BF_OK;
}

/*
 * Set a full pending run aside as a chunk, unsorted, a new one of twice
 * its room (at most BF_ACC_RUN_MAX) taking its place, where that pays:
 * *grown says whether it did.  Sorting is what keeps an exact accumulator
 * at 8 bytes a distinct value, and pays where more than a quarter of the
 * pending hashes are repeats or values held already, by the sample of them
 * (sample_of) and the sample of the run and the chunks, which the
 * new chunk's joins.  Fewer than BF_ACC_RUN_MIN pending hashes, or hashes
 * that are not uniform, are sorted.  Each hash is sampled once, as its
 * chunk is set aside.
 */
static bf_status
grow_pending(bf_acc *acc, bool *grown)
{
	size_t		next = 2 * acc->pending_room < BF_ACC_RUN_MAX ?
		2 * acc->pending_room : BF_ACC_RUN_MAX;
	size_t		nknown;
	const uint64_t *known;
	uint64_t   *sample;
	uint64_t   *fresh = NULL;
	size_t		m;
	size_t		room;
	bf_status	status;

	*grown = false;
	if (acc->npending < BF_ACC_RUN_MIN)
		return BF_OK;
	status = known_sample(acc, &known, &nknown);
	if (status == BF_OK)
		status = sample_of(acc, acc->pending, acc->npending, &sample, &m, &room);
	if (status != BF_OK || sample == NULL)
		return status;
	*grown = 4 * ((m - bf_common_hashes(known, nknown, sample, m)) <<
				  BF_ACC_SAMPLE_SHIFT) >= 3 * acc->npending;
	if (*grown)
	{
		fresh = bf_acc_alloc(acc, next * sizeof(uint64_t));
		status = fresh == NULL ? BF_E_MEMORY :
			bf_acc_set_aside(acc, acc->pending, acc->npending, false, sample, m);
		if (status == BF_OK)
		{
			acc->pending = fresh;
			acc->pending_room = next;
			acc->npending = 0;
		}
		else
			bf_acc_free(acc, fresh, next * sizeof(uint64_t));
	}
	bf_acc_free(acc, sample, 2 * room * sizeof(uint64_t));
	return status;
}

/*
 * Make room in an exact accumulator's full pending run.  It doubles up to
 * its limit (pending_limit), and from there on is set aside as a chunk
 * where that pays (grow_pending) and the hashes held stay within
 * BF_ACC_EXACT_MAX, or else sorted and merged into the run, so that each
 * hash is sorted once and merged a few times.  Sorting may end the exact
 * phase (bf_acc_promote): the caller looks at the phase again.
 */
bf_status
bf_acc_exact_room(bf_acc *acc)
{
	size_t		limit = pending_limit(acc);
	size_t		room = 2 * acc->pending_room;
	bool		grown = false;
	bf_status	status = BF_OK;

	BF_ASSERT(acc->npending == acc->pending_room);
	if (acc->pending_room >= limit)
	{
		if (bf_acc_held(acc) < BF_ACC_EXACT_MAX)
			status = grow_pending(acc, &grown);
		if (status == BF_OK && !grown)
			status = bf_acc_flush_exact(acc);
		if (status != BF_OK || acc->hdr.layout != BF_LAYOUT_EXACT ||
			acc->npending < acc->pending_room)
			return status;
		room = limit;
	}
	if (room > limit)
		room = limit;
	return bf_acc_resize_pending(acc, room < BF_ACC_FIRST ? BF_ACC_FIRST : room);
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
 * The next room of a deferred block accumulator's pending hashes: twice
 * as many, at least BF_ACC_FIRST, at most its filter's size
 */
static size_t
deferred_room(const bf_acc *acc)
{
	size_t		room = 2 * acc->pending_room < BF_ACC_FIRST ? BF_ACC_FIRST :
		2 * acc->pending_room;

	return room < bf_acc_defer_limit(acc) ? room : bf_acc_defer_limit(acc);
}

/*
 * Make room for another hash when the pending ones are full (bf_acc_add's
 * slow path): an exact accumulator grows or sorts them (bf_acc_exact_room); a
 * block accumulator sets their bits, or, deferred, doubles them up to its
 * filter's size, and then makes its filter of them.  Then add the hash.
 */
bf_status
bf_acc_add_slow(bf_acc *acc, uint64_t hash)
{
	bf_status	status = BF_OK;

	if (acc->hdr.layout == BF_LAYOUT_EXACT)
		status = bf_acc_exact_room(acc);
	if (status == BF_OK && bf_acc_deferred(acc) &&
		acc->pending_room < bf_acc_defer_limit(acc))
		status = bf_acc_resize_pending(acc, deferred_room(acc));
	else if (status == BF_OK && acc->hdr.layout == BF_LAYOUT_BLOCKS)
	{
		status = bf_acc_make_filter(acc);
		bf_acc_flush_blocks(acc);
		if (status == BF_OK && acc->pending_room < block_batch(acc))
			status = bf_acc_resize_pending(acc, block_batch(acc));
	}
	if (status != BF_OK)
		return status;
	acc->pending[acc->npending++] = hash;
	BF_ASSERT(bf_acc_check(acc));
	return BF_OK;
}

/* Apply the pending hashes: every use of a whole accumulator starts here */
bf_status
bf_acc_flush(bf_acc *acc)
{
	bf_status	status;

	if (acc->hdr.layout == BF_LAYOUT_EXACT)
		return bf_acc_flush_exact(acc);
	status = bf_acc_make_filter(acc);
	bf_acc_flush_blocks(acc);
	bf_acc_count_bits(acc);
	return status;
}

/*
 * Put an accumulator in the phase its distinct count calls for before it
 * meets another filter or finishes: an exact one sorts its pending hashes
 * only if they might take it past BF_ACC_EXACT_MAX; a block accumulator,
 * or one that this made one, sets its pending bits and counts them (the
 * fold of finish_blocks sizes by that count: left stale, a set of millions
 * finished as a filter of one block).
 */
bf_status
bf_acc_settle(bf_acc *acc)
{
	bf_status	status = BF_OK;

	if (acc->hdr.layout == BF_LAYOUT_EXACT &&
		bf_acc_held(acc) > BF_ACC_EXACT_MAX)
		status = bf_acc_flush_exact(acc);
	if (status == BF_OK && acc->hdr.layout == BF_LAYOUT_BLOCKS)
	{
		bf_acc_flush_blocks(acc);
		bf_acc_count_bits(acc);
	}
	return status;
}
