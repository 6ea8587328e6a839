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
	bf_view		rest;

	if (list->native != NULL)
	{
		acc->hdr.bits_set += bf_acc_set_bits(bf_acc_payload(acc), acc->hdr.nitems,
									  list->native + first, list->n - first,
									  NULL);
		return;
	}
	rest = *list->view;
	rest.payload += first * BF_HASH_BYTES;
	rest.hdr.nitems -= first;
	acc->hdr.bits_set += bf_add_exact_to_blocks(bf_acc_payload(acc),
												acc->hdr.nitems, &rest);
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
 * sorted: copied once, its sample its first hashes (a parallel leader
 * keeps its workers' states so, and writes them into the filter in hash
 * order).
 */
static bf_status
set_list_aside(bf_acc *acc, const bf_acc_list *list)
{
	uint64_t   *copy = bf_acc_alloc(acc, list->n * sizeof(uint64_t));
	bf_status	status;

	if (copy == NULL)
		return BF_E_MEMORY;
	list_copy(list, 0, list->n, copy);
	status = bf_acc_set_aside(acc, copy, list->n, true, copy, bf_acc_list_sampled(list));
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
	hdr.bits_set = blocks->hdr.bits_set +
		bf_acc_set_held_bits(acc, filter + BF_HEADER_SIZE, hdr.nitems, NULL);
	acc->npending = 0;
	bf_acc_become(acc, &hdr, filter, memory, size, NULL, 0);
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
 * Union of an accumulator and a filter, other; an exact other's hashes
 * are read from native if that is not NULL (another accumulator's run).
 */
static bf_status
acc_union(bf_acc *acc, const bf_view *other, const uint64_t *native)
{
	bf_acc_list	list = {native, other, other->hdr.nitems};
	bf_view		mine;
	bf_pair		pair;
	bf_status	status = meet(bf_acc_settle(acc), acc, other, &mine, &pair);

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
	bf_status	status = acc_union(acc, other, NULL);

	BF_ASSERT(bf_acc_check(acc));
	return status;
}

/* Union of an accumulator and another one (bf_acc_union) */
bf_status
bf_acc_union_acc(bf_acc *acc, bf_acc *other)
{
	bf_view		view;
	bf_status	status = bf_acc_flush(other);

	if (status != BF_OK)
		return status;
	view = bf_acc_view(other);
	status = acc_union(acc, &view,
					   other->hdr.layout == BF_LAYOUT_EXACT ? other->u.run.hashes : NULL);
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
