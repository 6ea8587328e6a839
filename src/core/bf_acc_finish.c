/*-------------------------------------------------------------------------
 *
 * bf_acc_finish.c
 *	  The filter an accumulator amounts to: its flat form, as a partial
 *	  state leaves its aggregate, and the filter it finishes as.
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
 * The blocks phase folds down to fit at the end (finish_blocks).
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/core/bf_acc_finish.c
 *
 *-------------------------------------------------------------------------
 */
#include <math.h>

#include "bf_acc_internal.h"

/*
 * Whether an accumulator leaves as a list (BF_LAYOUT_LIST): a deferred
 * block accumulator, whose hashes are smaller than its filter; an exact
 * one that holds more than BF_ACC_LIST_MIN hashes and has set some aside,
 * unsorted, as mostly new values (bf_acc_exact.c).  Sorting them is what
 * an exact filter would cost, and the filter they end in needs them in no
 * order.  An exact accumulator whose values repeat, all in its run but
 * for a pending run at most half as long, sorts that, and leaves as the
 * exact filter of its distinct hashes, 8 bytes each.
 */
static bool
leaves_as_list(const bf_acc *acc)
{
	if (acc->hdr.layout == BF_LAYOUT_BLOCKS)
		return bf_acc_deferred(acc);
	return acc->u.run.nchunks > 0 && bf_acc_held(acc) > BF_ACC_LIST_MIN;
}

/* The hashes an accumulator that leaves as a list holds */
static size_t
list_count(const bf_acc *acc)
{
	return bf_acc_deferred(acc) ? acc->npending : bf_acc_held(acc);
}

/*
 * Size of the serialized filter an accumulator is (bf_acc_flatten): a
 * list of every hash it holds (leaves_as_list); else, its pending hashes
 * applied, an exact list of its run or its block filter.  An accumulator
 * is flattened when it leaves its aggregate (a parallel worker's or a
 * partition's partial state), after its last value most likely, so an
 * exact one gives back its pending run's memory here.
 */
bf_status
bf_acc_flat_size(bf_acc *acc, size_t *len)
{
	bf_status	status = BF_OK;

	if (leaves_as_list(acc))
		*len = bf_size_list(list_count(acc));
	else
	{
		status = bf_acc_flush(acc);
		if (status != BF_OK)
			return status;
		if (acc->hdr.layout == BF_LAYOUT_EXACT)
		{
			bf_acc_drop_pending(acc);
			*len = bf_size_exact(acc->hdr.nitems);
		}
		else
			*len = bf_size_blocks(acc->hdr.nitems);
	}
	BF_ASSERT(bf_acc_check(acc));
	return status;
}

/* Write n hashes as a list's or an exact filter's payload does, at out */
static uint8_t *
store_hashes(uint8_t *out, const uint64_t *hashes, size_t n)
{
#ifdef BF_BIG_ENDIAN
	size_t		i;

	for (i = 0; i < n; i++)
		bf_store64(out + i * BF_HASH_BYTES, hashes[i]);
#else
	if (n > 0)
		memcpy(out, hashes, n * BF_HASH_BYTES);
#endif
	return out + n * BF_HASH_BYTES;
}

/*
 * Write an accumulator that leaves as a list into buf: its header with the
 * list's layout and count (and, for a deferred block accumulator, its
 * block count where a list of an auto-sized set has 0), then its run, its
 * chunks and its pending hashes as they are
 */
static bf_status
flatten_list(const bf_acc *acc, void *buf, size_t len)
{
	bf_header	hdr = acc->hdr;
	uint8_t    *out = (uint8_t *) buf + BF_HEADER_SIZE;
	size_t		i;

	hdr.layout = BF_LAYOUT_LIST;
	hdr.nitems = list_count(acc);
	hdr.bits_set = bf_acc_deferred(acc) ? acc->hdr.nitems : 0;
	if (len != bf_size_list(hdr.nitems))
		return BF_E_BUFFER;
	bf_write_header(buf, &hdr);
	if (acc->hdr.layout == BF_LAYOUT_EXACT)
	{
		out = store_hashes(out, acc->u.run.hashes, acc->hdr.nitems);
		for (i = 0; i < acc->u.run.nchunks; i++)
			out = store_hashes(out, acc->u.run.chunks[i].hashes,
							   acc->u.run.chunks[i].n);
	}
	out = store_hashes(out, acc->pending, acc->npending);
	BF_ASSERT(out == (uint8_t *) buf + len);
	return BF_OK;
}

/*
 * Write an accumulator as a serialized filter into buf, of the length
 * bf_acc_flat_size gave (which applied the pending hashes, unless it
 * leaves as a list; BF_E_BUFFER if some wait).
 */
bf_status
bf_acc_flatten(const bf_acc *acc, void *buf, size_t len)
{
	if (leaves_as_list(acc))
		return flatten_list(acc, buf, len);
	if (acc->npending != 0)
		return BF_E_BUFFER;
	if (acc->hdr.layout == BF_LAYOUT_EXACT)
		return bf_init_exact(buf, len, &acc->hdr, acc->u.run.hashes,
							 acc->hdr.nitems);
	if (len != bf_size_blocks(acc->hdr.nitems))
		return BF_E_BUFFER;
	bf_write_header(buf, &acc->hdr);
	memcpy((uint8_t *) buf + BF_HEADER_SIZE, bf_acc_payload(acc),
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
	size_t		held_present;
	bf_status	status;

	if (hdr->layout == BF_LAYOUT_EXACT)
	{
		BF_ASSERT(bf_acc_held(acc) == hdr->nitems);
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
			held_present = bf_acc_set_held_bits(acc, payload, hdr->nitems);
			if (present != NULL)
				*present = held_present;
			built.bits_set = bf_kernels_current()->popcount(payload,
															result->len - BF_HEADER_SIZE);
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
 * hashes, n lies between the hashes bf_acc_held (most) and most less those whose
 * bits were already set when they were added to the filter sized for most:
 * if both bounds give that filter's header, it is the one.  Otherwise, or
 * if it is an exact list, the pending hashes are merged, and the filter
 * is built for the count then known.
 */
static bf_status
finish_exact(bf_acc *acc, const bf_allocator *out, bf_acc_result *result)
{
	uint64_t	most = bf_acc_held(acc);
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
		status = bf_acc_flush_exact(acc);
	/* past BF_ACC_EXACT_MAX, settled before: no promotion here */
	BF_ASSERT(acc->hdr.layout == BF_LAYOUT_EXACT);
	if (status == BF_OK)
		status = auto_header(acc, acc->hdr.nitems, &hdr);
	if (status == BF_OK)
		status = build(acc, &hdr, out, result, NULL);
	return status;
}

/*
 * The filter a deferred block accumulator amounts to: its own, as it is,
 * built from its hashes straight into the result
 */
static bf_status
finish_deferred(const bf_acc *acc, const bf_allocator *out,
				bf_acc_result *result)
{
	bf_header	hdr = acc->hdr;
	uint8_t    *payload;
	bf_status	status = result_alloc(out, bf_size_blocks(hdr.nitems), result);

	if (status == BF_OK)
		status = bf_init(result->filter, result->len, &hdr);
	if (status != BF_OK)
	{
		if (result->filter != NULL)
			out->release(out->context, result->filter, result->len);
		return status;
	}
	payload = result->filter + BF_HEADER_SIZE;
	(void) bf_acc_set_bits(payload, hdr.nitems, acc->pending, acc->npending);
	hdr.bits_set = bf_kernels_current()->popcount(payload,
												  result->len - BF_HEADER_SIZE);
	bf_write_header(result->filter, &hdr);
	result->as_is = true;
	return BF_OK;
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
	double		estimate;
	uint64_t	target = view.hdr.nitems;
	bf_header	hdr;
	bf_status	status;

	if (bf_acc_deferred(acc))
		return finish_deferred(acc, out, result);
	estimate = bf_cardinality(&view);
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
	bf_status	status = bf_acc_settle(acc);

	memset(result, 0, sizeof(*result));
	if (status != BF_OK)
		return status;
	if (acc->hdr.layout == BF_LAYOUT_EXACT)
		status = finish_exact(acc, out, result);
	else
		status = finish_blocks(acc, out, result);
	BF_ASSERT(bf_acc_check(acc));
	return status;
}

/* Copy n hashes (none from nowhere) to out; returns n */
static size_t
store_native(uint64_t *out, const uint64_t *hashes, size_t n)
{
	if (n > 0)
		memcpy(out, hashes, n * sizeof(uint64_t));
	return n;
}

/*
 * Copy the hashes an accumulator holds as keys (room for them twice, the
 * second half scratch): an exact one's distinct hashes, a deferred block
 * accumulator's positions in its filter (bf_position), sorted and their
 * repeats dropped; returns how many are left
 */
static size_t
pack_keys(const bf_acc *acc, uint64_t *keys, size_t room)
{
	size_t		n = 0;
	size_t		i;

	if (bf_acc_deferred(acc))
		for (i = 0; i < acc->npending; i++)
			keys[n++] = bf_position(acc->pending[i], acc->hdr.nitems);
	else
	{
		n = store_native(keys, acc->u.run.hashes, acc->hdr.nitems);
		for (i = 0; i < acc->u.run.nchunks; i++)
			n += store_native(keys + n, acc->u.run.chunks[i].hashes,
							  acc->u.run.chunks[i].n);
		n += store_native(keys + n, acc->pending, acc->npending);
		if (acc->u.run.nchunks == 0 && acc->npending == 0)
			return n;
	}
	BF_ASSERT(n <= room);
	bf_sort_hashes(keys, n, keys + room);
	return bf_unique_hashes(keys, n);
}

/*
 * The packed form of an accumulator (bf_write_packed), in memory from
 * out: what a partial state's text and binary forms carry, smaller than
 * its flat form for what is not a filter yet, an exact accumulator's
 * distinct hashes or a deferred block accumulator's positions in its
 * filter, sorted; a block accumulator's filter is its flat form (its
 * pending hashes applied).  The accumulator keeps its value.
 */
bf_status
bf_acc_pack(bf_acc *acc, const bf_allocator *out, bf_acc_result *result)
{
	size_t		room = bf_acc_deferred(acc) ? acc->npending :
		acc->hdr.layout == BF_LAYOUT_EXACT ? bf_acc_held(acc) : 0;
	uint64_t   *keys;
	bf_header	hdr = acc->hdr;
	size_t		n;
	bf_status	status;

	memset(result, 0, sizeof(*result));
	if (acc->hdr.layout == BF_LAYOUT_BLOCKS && !bf_acc_deferred(acc))
	{
		status = bf_acc_flush(acc);
		if (status == BF_OK)
			status = result_alloc(out, bf_size_blocks(acc->hdr.nitems), result);
		if (status == BF_OK)
			status = bf_acc_flatten(acc, result->filter, result->len);
		return status;
	}
	keys = bf_acc_alloc(acc, (2 * room + 1) * sizeof(uint64_t));
	if (keys == NULL)
		return BF_E_MEMORY;
	n = pack_keys(acc, keys, room);
	hdr.layout = BF_LAYOUT_PACKED;
	hdr.bits_set = bf_acc_deferred(acc) ? acc->hdr.nitems : 0;
	status = result_alloc(out, bf_size_packed(n, hdr.bits_set), result);
	if (status == BF_OK)
		status = bf_write_packed(result->filter, result->len, &hdr, keys, n);
	if (status != BF_OK && result->filter != NULL)
		out->release(out->context, result->filter, result->len);
	bf_acc_free(acc, keys, (2 * room + 1) * sizeof(uint64_t));
	return status;
}
