/*-------------------------------------------------------------------------
 *
 * bf_acc_union.c
 *	  Union and intersection of an accumulator with another filter or
 *	  another accumulator: the combine step of the aggregates.
 *
 * Union and intersection take the accumulator and the other filter as a
 * pair (bf_pair_order, once) and switch on its shape.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/core/bf_acc_union.c
 *
 *-------------------------------------------------------------------------
 */
#include "bf_acc_internal.h"

static bf_status acc_union(bf_acc *acc, const bf_view *other,
						   const bf_acc_list *lists, size_t nlists);

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
merge_straight(const bf_acc *acc, const bf_acc_list *list)
{
	bf_acc_list	run = bf_acc_run_list(acc);
	size_t		sampled;

	if (acc->u.run.nchunks > 0)
		return false;
	if (list->n < BF_ACC_RUN_MIN)
		return list->n >= acc->hdr.nitems / 4;
	sampled = bf_acc_list_sampled(list);
	run.n = bf_acc_list_sampled(&run);
	return 2 * (list->native != NULL ?
				bf_common_hashes(run.native, run.n, list->native, sampled) :
				bf_common_exact(run.native, run.n, list->view, sampled)) >= sampled;
}

/* Set the bits of a list's hashes from the first-th on in a block accumulator */
static void
list_into_blocks(bf_acc *acc, const bf_acc_list *list, size_t first)
{
	uint64_t	chunk[BF_HASH_CHUNK];
	size_t		i;

	if (list->native != NULL)
		(void) bf_acc_set_bits(bf_acc_payload(acc), acc->hdr.nitems,
							   list->native + first, list->n - first);
	else
		for (i = first; i < list->n; i += BF_HASH_CHUNK)
		{
			size_t		n = list->n - i < BF_HASH_CHUNK ? list->n - i :
				BF_HASH_CHUNK;

			bf_exact_hashes(list->view, i, n, chunk);
			(void) bf_acc_set_bits(bf_acc_payload(acc), acc->hdr.nitems,
								   chunk, n);
		}
	acc->u.blocks.bits_stale = true;
}

/* Copy n of a list's hashes, from the first-th on, into out */
static void
list_copy(const bf_acc_list *list, size_t first, size_t n, uint64_t *out)
{
	if (list->native != NULL)
		memcpy(out, list->native + first, n * sizeof(uint64_t));
	else
		bf_exact_hashes(list->view, first, n, out);
}

/*
 * Add a list's hashes to an exact accumulator's pending hashes, making
 * room as adding them one at a time would (bf_acc_exact_room); where that ends
 * the exact phase, the rest are set in the blocks.
 */
static bf_status
append(bf_acc *acc, const bf_acc_list *list)
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
			status = bf_acc_exact_room(acc);
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
 * copied once: a sorted one with its sample, its first hashes; one in any
 * order unsampled (bf_acc_set_aside).  So a parallel leader keeps its own
 * state and its workers' lists, and writes them into the filter as they
 * are.
 */
static bf_status
set_list_aside(bf_acc *acc, const bf_acc_list *list)
{
	uint64_t   *copy = bf_acc_alloc(acc, list->n * sizeof(uint64_t));
	bf_status	status;

	if (copy == NULL)
		return BF_E_MEMORY;
	list_copy(list, 0, list->n, copy);
	status = bf_acc_set_aside(acc, copy, list->n, list->sorted,
							  list->sorted ? copy : NULL,
							  list->sorted ? bf_acc_list_sampled(list) : 0);
	if (status != BF_OK)
		bf_acc_free(acc, copy, list->n * sizeof(uint64_t));
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
union_list(bf_acc *acc, const bf_acc_list *list)
{
	bf_status	status = BF_OK;

	if (acc->hdr.layout == BF_LAYOUT_EXACT && list->n > BF_ACC_EXACT_MAX)
	{
		status = bf_acc_flush_exact(acc);
		if (status == BF_OK && acc->hdr.layout == BF_LAYOUT_EXACT)
			status = bf_acc_promote(acc);
	}
	else if (acc->hdr.layout == BF_LAYOUT_EXACT && bf_acc_held(acc) == 0)
	{
		status = bf_acc_reserve_run(acc, list->n);
		if (status == BF_OK && list->n > 0)
			list_copy(list, 0, list->n, acc->u.run.hashes);
		if (status == BF_OK)
			acc->hdr.nitems = list->n;
		return status;
	}
	else if (acc->hdr.layout == BF_LAYOUT_EXACT && merge_straight(acc, list))
	{
		status = bf_acc_flush_exact(acc);
		if (status == BF_OK && acc->hdr.layout == BF_LAYOUT_EXACT)
		{
			status = bf_acc_reserve_run(acc, acc->hdr.nitems + list->n);
			if (status != BF_OK)
				return status;
			acc->hdr.nitems = list->native != NULL ?
				bf_merge_hashes(acc->u.run.hashes, acc->hdr.nitems,
								list->native, list->n) :
				bf_merge_exact(acc->u.run.hashes, acc->hdr.nitems, list->view);
			return acc->hdr.nitems > BF_ACC_EXACT_MAX ? bf_acc_promote(acc) : BF_OK;
		}
	}
	else if (acc->hdr.layout == BF_LAYOUT_EXACT && list->n >= BF_ACC_RUN_MIN &&
			 bf_acc_held(acc) + list->n <= BF_ACC_EXACT_MAX)
		return set_list_aside(acc, list);
	else if (acc->hdr.layout == BF_LAYOUT_EXACT)
		return append(acc, list);
	if (status == BF_OK)
		list_into_blocks(acc, list, 0);
	return status;
}

/*
 * Add a list of hashes to an accumulator (none for an empty one of
 * another accumulator's, which points nowhere): a sorted one by
 * union_list; one in any order set in its blocks, or, long and within
 * what the exact phase holds, set aside unsorted (set_list_aside), or
 * else added to its pending hashes.
 */
static bf_status
union_any(bf_acc *acc, const bf_acc_list *list)
{
	if (list->n == 0 && list->native == NULL && list->view == NULL)
		return BF_OK;
	if (list->sorted)
		return union_list(acc, list);
	if (acc->hdr.layout == BF_LAYOUT_BLOCKS)
	{
		list_into_blocks(acc, list, 0);
		return BF_OK;
	}
	if (list->n >= BF_ACC_RUN_MIN &&
		bf_acc_held(acc) + list->n <= BF_ACC_EXACT_MAX)
		return set_list_aside(acc, list);
	return append(acc, list);
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
	bf_status	status = bf_acc_new_filter(acc, blocks->hdr.nitems, &filter, &memory,
									&size);

	if (status != BF_OK)
		return status;
	memcpy(filter + BF_HEADER_SIZE, blocks->payload,
		   blocks->hdr.nitems * BF_BLOCK_BYTES);
	(void) bf_acc_set_held_bits(acc, filter + BF_HEADER_SIZE, hdr.nitems);
	acc->npending = 0;
	bf_acc_become(acc, &hdr, filter, memory, size, NULL, 0);
	acc->u.blocks.bits_stale = true;
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
		bf_combine_in_place(&acc->hdr, bf_acc_payload(acc), other, intersect);
		return BF_OK;
	}
	status = bf_pair_size(pair, intersect, &len);
	if (status == BF_OK)
		status = bf_acc_new_filter(acc, other->hdr.nitems, &filter, &memory, &size);
	if (status != BF_OK)
		return status;
	status = bf_pair_write(filter, len, pair, intersect);
	if (status == BF_OK)
		status = bf_read_header(filter, len, &hdr);
	if (status != BF_OK)
	{
		bf_acc_free(acc, memory, size);
		return status;
	}
	bf_acc_become(acc, &hdr, filter, memory, size, NULL, 0);
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
 * Add a list's hashes to a block accumulator: while it is deferred, to its
 * pending hashes, up to its filter's size, past which it makes its filter
 * (bf_acc_make_filter); then into its blocks
 */
static bf_status
append_deferred(bf_acc *acc, const bf_acc_list *list)
{
	size_t		done = 0;
	bf_status	status = BF_OK;

	while (done < list->n && status == BF_OK && bf_acc_deferred(acc))
	{
		size_t		n = list->n - done;
		size_t		room = acc->pending_room;

		if (acc->npending == room)
		{
			room = 2 * room < bf_acc_defer_limit(acc) ? 2 * room :
				bf_acc_defer_limit(acc);
			if (room < acc->npending + n && room < bf_acc_defer_limit(acc))
				room = acc->npending + n < bf_acc_defer_limit(acc) ?
					acc->npending + n : bf_acc_defer_limit(acc);
			status = room > acc->pending_room ?
				bf_acc_resize_pending(acc, room) : bf_acc_make_filter(acc);
			continue;
		}
		if (n > room - acc->npending)
			n = room - acc->npending;
		list_copy(list, done, n, acc->pending + acc->npending);
		acc->npending += n;
		done += n;
	}
	if (status == BF_OK && done < list->n)
		list_into_blocks(acc, list, done);
	return status;
}

/*
 * Union of an accumulator and the filter a sized filter's hashes stand
 * for, made here (its header hdr), by acc_union
 */
static bf_status
union_made(bf_acc *acc, const bf_header *hdr, const bf_acc_list *hashes)
{
	bf_acc		made;
	bf_view		view;
	bf_status	status = bf_acc_init(&made, acc->mem, hdr);

	if (status == BF_OK)
		status = append_deferred(&made, hashes);
	if (status == BF_OK)
		status = bf_acc_flush(&made);
	if (status == BF_OK)
	{
		view = bf_acc_view(&made);
		status = acc_union(acc, &view, NULL, 0);
	}
	bf_acc_release(&made);
	return status;
}

/*
 * Union of an accumulator and a sized filter's hashes, a list's (a
 * deferred block accumulator's flat or packed form, whose bits_set field
 * is its block count; list its header): an empty exact accumulator
 * becomes deferred with the list's header and takes the hashes, as a
 * block accumulator of the same size and parameters does
 * (append_deferred); anything else meets the filter they stand for
 * (union_made).  So a Citus coordinator gathers its workers' hashes until
 * they are as large as the filter.
 */
static bf_status
union_sized_list(bf_acc *acc, const bf_header *list,
				 const bf_acc_list *hashes)
{
	bf_view		blocks = {*list, NULL};
	bf_view		mine;
	bf_pair		pair;
	bf_status	status;

	blocks.hdr.layout = BF_LAYOUT_BLOCKS;
	blocks.hdr.nitems = list->bits_set;
	blocks.hdr.bits_set = 0;
	if (acc->hdr.layout == BF_LAYOUT_EXACT && bf_acc_held(acc) == 0)
	{
		status = meet(BF_OK, acc, &blocks, &mine, &pair);
		if (status != BF_OK)
			return status;
		blocks.hdr.kind = acc->hdr.kind;
		bf_acc_become(acc, &blocks.hdr, NULL, NULL, 0, NULL, 0);
		return append_deferred(acc, hashes);
	}
	if (acc->hdr.layout == BF_LAYOUT_BLOCKS &&
		acc->hdr.nitems == blocks.hdr.nitems &&
		acc->hdr.flags == blocks.hdr.flags &&
		acc->hdr.capacity == blocks.hdr.capacity &&
		acc->hdr.fpr == blocks.hdr.fpr)
	{
		status = meet(BF_OK, acc, &blocks, &mine, &pair);
		return status == BF_OK ? append_deferred(acc, hashes) : status;
	}
	return union_made(acc, &blocks.hdr, hashes);
}

/*
 * Union of an accumulator and a packed list (bf_read_packed): its keys
 * read into memory of the accumulator's, then taken as the list they
 * are: an auto-sized set's sorted hashes, or a sized filter's positions,
 * each made a hash of its position (bf_hash_at)
 */
static bf_status
union_packed(bf_acc *acc, const bf_view *packed)
{
	size_t		n = (size_t) packed->hdr.nitems;
	uint64_t   *keys = bf_acc_alloc(acc, (n + 1) * sizeof(uint64_t));
	bf_acc_list list = {keys, NULL, n, packed->hdr.bits_set == 0};
	bf_view		exact = {packed->hdr, NULL};
	bf_status	status;
	size_t		i;

	if (keys == NULL)
		return BF_E_MEMORY;
	status = bf_read_packed(packed, keys);
	exact.hdr.layout = BF_LAYOUT_EXACT;
	if (status == BF_OK && list.sorted)
		status = acc_union(acc, &exact, &list, 1);
	else if (status == BF_OK)
	{
		for (i = 0; i < n; i++)
			keys[i] = bf_hash_at(keys[i], packed->hdr.bits_set);
		status = union_sized_list(acc, &packed->hdr, &list);
	}
	bf_acc_free(acc, keys, (n + 1) * sizeof(uint64_t));
	return status;
}

/*
 * Union of an accumulator and a filter, other: an exact filter or a list
 * (whose hashes are read from lists, if not NULL: another accumulator's
 * run, chunks and pending hashes, or a packed list's keys) or a block
 * filter.  A list of an auto-sized set pairs as the exact filter of its
 * hashes; a sized filter's list, plain or packed, as that filter.
 */
static bf_status
acc_union(bf_acc *acc, const bf_view *other, const bf_acc_list *lists,
		  size_t nlists)
{
	bf_view		as_exact = *other;
	bf_acc_list	list = {NULL, other, other->hdr.nitems,
	other->hdr.layout == BF_LAYOUT_EXACT};
	bf_view		mine;
	bf_pair		pair;
	bf_status	status;
	size_t		i;

	if (other->hdr.layout == BF_LAYOUT_PACKED)
		return union_packed(acc, other);
	if (other->hdr.layout == BF_LAYOUT_LIST && other->hdr.bits_set > 0)
		return union_sized_list(acc, &other->hdr, &list);
	if (other->hdr.layout == BF_LAYOUT_LIST)
		as_exact.hdr.layout = BF_LAYOUT_EXACT;
	status = meet(bf_acc_deferred(acc) ? bf_acc_flush(acc) : bf_acc_settle(acc),
				  acc, &as_exact, &mine, &pair);
	if (status != BF_OK)
		return status;
	if (pair.shape == BF_PAIR_BLOCKS)
		return combine_blocks(acc, &pair, other, false);
	if (pair.shape == BF_PAIR_MIXED && acc->hdr.layout == BF_LAYOUT_EXACT)
		return exact_into_blocks(acc, &pair, other);
	if (lists == NULL)
		return union_any(acc, &list);
	for (i = 0; i < nlists && status == BF_OK; i++)
		status = union_any(acc, &lists[i]);
	return status;
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
	uint64_t   *run = bf_acc_alloc(acc, room * sizeof(uint64_t));
	uint64_t	kept = 0;
	bf_header	hdr;
	bf_status	status;

	if (run == NULL)
		return BF_E_MEMORY;
	status = bf_intersect_hashes(exact, pair->second, run, &kept);
	if (status != BF_OK)
	{
		bf_acc_free(acc, run, room * sizeof(uint64_t));
		return status;
	}
	hdr = bf_pair_header(pair, BF_LAYOUT_EXACT, kept);
	bf_acc_become(acc, &hdr, NULL, NULL, 0, run, room);
	return BF_OK;
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
	bf_status	status = acc_union(acc, other, NULL, 0);

	BF_ASSERT(bf_acc_check(acc));
	return status;
}

/*
 * Union of an accumulator and another one (bf_acc_union): a block one's
 * pending hashes set, its filter taken as a filter; an exact one's run,
 * chunks and pending hashes taken as the lists they are, so that a
 * parallel leader sorts none of its own state's hashes to combine them.
 * The other keeps its value.
 */
bf_status
bf_acc_union_acc(bf_acc *acc, bf_acc *other)
{
	bf_acc_list lists[BF_ACC_MAX_CHUNKS + 2];
	size_t		nlists = 0;
	bf_view		view;
	bf_status	status = BF_OK;
	size_t		i;

	if (other->hdr.layout == BF_LAYOUT_BLOCKS)
		status = bf_acc_flush(other);
	else
	{
		lists[nlists++] = bf_acc_run_list(other);
		for (i = 0; i < other->u.run.nchunks; i++)
		{
			const bf_acc_chunk *chunk = &other->u.run.chunks[i];
			bf_acc_list list = {chunk->hashes, NULL, chunk->n, chunk->sorted};

			lists[nlists++] = list;
		}
		lists[nlists].native = other->pending;
		lists[nlists].view = NULL;
		lists[nlists].n = other->npending;
		lists[nlists++].sorted = false;
	}
	view = bf_acc_view(other);
	if (status == BF_OK)
		status = acc_union(acc, &view, nlists > 0 ? lists : NULL, nlists);
	BF_ASSERT(bf_acc_check(acc) && bf_acc_check(other));
	return status;
}

/*
 * Intersection of an accumulator and a filter, other: the transition and
 * combine step of bloom_intersect_agg, the pair checked and ordered once.
 * An exact accumulator keeps the hashes of its run the other contains; a
 * block accumulator with an exact filter becomes the exact run of the
 * filter's hashes its blocks contain (blocks_to_exact); two block filters
 * combine in place or fold down (combine_blocks).
 */
static bf_status
acc_intersect(bf_acc *acc, const bf_view *other)
{
	bf_view		mine;
	bf_pair		pair;
	bf_status	status = meet(bf_acc_flush(acc), acc, other, &mine, &pair);

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

/* Intersection of an accumulator and a filter, other (acc_intersect) */
bf_status
bf_acc_intersect(bf_acc *acc, const bf_view *other)
{
	bf_status	status = acc_intersect(acc, other);

	BF_ASSERT(bf_acc_check(acc));
	return status;
}
