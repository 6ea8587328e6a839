/*-------------------------------------------------------------------------
 *
 * bloom_build.c
 *	  Building new filters sized from the user's capacity and rate (a whole
 *	  filter, or a part of one), the header an empty filter sized from the
 *	  data starts with, the filter an accumulator finishes as, and the
 *	  notice of a filter sized from the data that holds more than its size
 *	  holds.
 *
 * Filters sized from the data (what bloom_agg(value) builds from the
 * distinct hashes it saw) are the core accumulator's (bf_acc*.c, through
 * bloom_state.c); its sizing policy is bf_sizing.c's.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_build.c
 *
 *-------------------------------------------------------------------------
 */
#include "bloom_build.h"

#include <math.h>

#include "port/pg_bitutils.h"

#include "bf_acc_exact.h"

/*
 * Header of an empty filter sized for capacity values at rate fpr, as
 * bloom_create and bloom_agg(value, capacity, fpr) make it, of the given
 * hash; arguments out of range are errors, raised before anything is
 * allocated.  In Parquet mode the block count is rounded up to a power of
 * two, the sizes Parquet readers take (bloom_to_parquet).
 */
bf_header
bloom_sized_header(int64 capacity, double fpr, uint32 kind, uint8 hash_id)
{
	bf_header	hdr;
	uint64		nblocks;
	bf_status	status = bf_blocks_for(capacity < 1 ? 0 : (uint64) capacity,
									   fpr, &nblocks);

	if (status == BF_OK && hash_id == BF_HASH_PARQUET)
	{
		nblocks = pg_nextpower2_64(nblocks);
		if (nblocks > BF_MAX_BLOCKS)
			status = BF_E_TOO_LARGE;
	}
	if (status != BF_OK)
		bloom_raise(status, BLOOM_SOURCE_ARGUMENTS);
	bf_header_init(&hdr, BF_LAYOUT_BLOCKS, nblocks, (uint64) capacity, fpr, 0,
				   kind);
	hdr.hash_id = hash_id;
	return hdr;
}

/*
 * bloom_sized_header, worked out once per call site and size: *last (a
 * call site's, its nitems 0 until it holds one) keeps the header given
 * last, which serves the next call with the same capacity, rate and hash,
 * its kind set anew.  The sizing, a search over block counts, is most of
 * what a call of bloom_create with run-time arguments costs, and of what a
 * group of bloom_agg(value, capacity, fpr) costs to start.
 */
bf_header
bloom_sized_header_once(bf_header *last, int64 capacity, double fpr,
						uint32 kind, uint8 hash_id)
{
	bf_header	hdr;

	if (last->nitems == 0 || last->capacity != (uint64) capacity ||
		last->fpr != fpr || last->hash_id != hash_id)
		*last = bloom_sized_header(capacity, fpr, kind, hash_id);
	hdr = *last;
	hdr.kind = kind;
	return hdr;
}

/* Refuse a part count below 1, or a part number not below it */
static void
check_part(int32 parts, int32 part)
{
	if (parts < 1)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("bloom filter must have at least 1 part")));
	if (part < 0 || part >= parts)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("bloom filter part number must be between 0 and %d",
						parts - 1)));
}

/*
 * Header of the empty part number part of parts of the whole filter sized
 * for capacity values at rate fpr (bf_part_header: the whole has
 * bloom_create's block count for them, rounded up to a multiple of parts,
 * and may be larger than one value), as bloom_part_create and
 * bloom_part_agg make it; arguments out of range are errors.
 */
bf_header
bloom_part_header(int64 capacity, double fpr, int32 parts, int32 part,
				  uint32 kind)
{
	bf_header	hdr;
	bf_status	status;

	check_part(parts, part);
	status = bf_part_header(capacity < 1 ? 0 : (uint64) capacity, fpr,
							(uint32) parts, (uint32) part, kind, &hdr);
	if (status == BF_E_PARTS)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("bloom filter parts would be too large"),
				 errdetail("Each part would be larger than the maximum of 768 MB."),
				 errhint("Ask for more parts.")));
	if (status == BF_E_TOO_LARGE)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("bloom filter would be too large"),
				 errdetail("A filter kept in parts has at most 4294967296 blocks (128 GB)."),
				 errhint("Ask for a smaller capacity or a higher false-positive rate.")));
	if (status != BF_OK)
		bloom_raise(status, BLOOM_SOURCE_ARGUMENTS);
	return hdr;
}

/*
 * bloom_part_header, worked out once per call site and size, as
 * bloom_sized_header_once does: *last (a call site's, its parts 0 until it
 * holds one) serves the next call with the same capacity, rate and part
 * count, its part and kind set anew
 */
bf_header
bloom_part_header_once(bf_header *last, int64 capacity, double fpr,
					   int32 parts, int32 part, uint32 kind)
{
	bf_header	hdr;

	check_part(parts, part);
	if (last->parts == 0 || last->parts != (uint32) parts ||
		last->capacity != (uint64) capacity || last->fpr != fpr)
		*last = bloom_part_header(capacity, fpr, parts, 0, kind);
	hdr = *last;
	hdr.part = (uint32) part;
	hdr.kind = kind;
	return hdr;
}

/*
 * A new, empty block filter as hdr describes it (bloom_sized_header's,
 * bloom_part_header's), as bloom_create and bloom_part_create return it.
 */
struct varlena *
bloom_empty_filter(const bf_header *hdr)
{
	size_t		len = bf_size_blocks(hdr->nitems);
	struct varlena *result = bloom_palloc(len);
	bf_status	status = bf_init(VARDATA(result), len, hdr);

	if (status != BF_OK)
		bloom_raise(status, BLOOM_SOURCE_ARGUMENTS);
	return result;
}

/*
 * Header of bloom_agg(value)'s filters while they are empty, of values of
 * kind kind and of the given hash: an exact list at the default rate, which
 * the accumulator (bf_acc_finish.c) sizes from the data as it finishes
 */
bf_header
bloom_auto_header(uint32 kind, uint8 hash_id)
{
	bf_header	hdr;

	bf_header_init(&hdr, BF_LAYOUT_EXACT, 0, 0, BLOOM_DEFAULT_FPR,
				   BF_FLAG_AUTO, kind);
	hdr.hash_id = hash_id;
	return hdr;
}

/*
 * Raise a NOTICE when a filter sized by bloom_agg(value) holds more values
 * than its size holds at its target rate: estimate is its distinct count
 * (Infinity when every bit is set, which the message then says).  view is
 * the filter, or, with its payload NULL, only the header of one that is
 * not built (the union an estimator reads), whose rate is then the model's
 * for estimate.  The one check and message behind the aggregates, the
 * operators and the estimators, so that each says the same.
 */
void
bloom_warn_over_capacity(const bf_view *view, double estimate)
{
	const bf_header *hdr = &view->hdr;
	double		fpr;

	if (hdr->layout != BF_LAYOUT_BLOCKS || !(hdr->flags & BF_FLAG_AUTO) ||
		estimate <= (double) hdr->capacity)
		return;
	if (isinf(estimate))
	{
		ereport(NOTICE,
				(errmsg("bloom filter is saturated"),
				 errdetail("Every bit is set: every value tests as a member, and the number of values it holds cannot be known."),
				 errhint("Give bloom_agg the capacity of the largest set or union the filter must hold, as in bloom_agg(value, capacity, fpr).")));
		return;
	}
	fpr = view->payload != NULL ? bf_current_fpr(view) :
		bf_model_fpr(estimate, hdr->nitems);
	ereport(NOTICE,
			(errmsg("bloom filter holds about %.0f distinct values, more than the %llu its size holds at a false-positive rate of %g%%",
					estimate, (unsigned long long) hdr->capacity,
					100.0 * hdr->fpr),
			 errdetail("Its false-positive rate is about %.3g%%.", 100.0 * fpr),
			 errhint("Give bloom_agg the capacity of the largest set or union the filter must hold, as in bloom_agg(value, capacity, fpr).")));
}

/*
 * The filter an accumulator amounts to (bf_acc_finish), as a new bloom
 * value in the current context; a block filter returned as it is, holding
 * more than its size holds, raises a NOTICE (bloom_warn_over_capacity).
 */
struct varlena *
bloom_finish_acc(bf_acc *acc)
{
	bf_acc_result result;
	struct varlena *filter;
	bf_view		view;
	bf_status	status = bf_acc_finish(acc, &bloom_result_allocator, &result);

	if (status != BF_OK)
		bloom_raise(status, BLOOM_SOURCE_STATE);
	filter = (struct varlena *) (result.filter - VARHDRSZ);
	if (result.as_is)
	{
		/* the accumulator's own filter, as it is */
		view = bloom_view(filter);
		bloom_warn_over_capacity(&view, bf_cardinality(&view));
	}
	return filter;
}

/*
 * The filter an accumulator for filters like like (NULL: bloom_agg(value)'s
 * of no kind, of filter's hash if there is one) amounts to once it holds
 * filter (if not NULL) and n hashes, built with memory of the current
 * context: what a final function handed a plain value or no state returns,
 * and how bloom_add and | size an exact filter again as bloom_agg(value)
 * sizes its values.
 */
struct varlena *
bloom_accumulate(const bf_header *like, const bf_view *filter,
				 const uint64 *hashes, size_t n)
{
	bf_allocator mem = bloom_allocator(CurrentMemoryContext);
	bf_header	hdr = like != NULL ? *like :
		bloom_auto_header(BLOOM_KIND_NONE,
						  filter != NULL ? filter->hdr.hash_id : BF_HASH_XXH3_64);
	bf_acc		acc;
	struct varlena *result;
	bf_status	status = bf_acc_init(&acc, &mem, &hdr);
	size_t		i;

	if (status == BF_OK && filter != NULL)
		status = bf_acc_union(&acc, filter);
	for (i = 0; i < n && status == BF_OK; i++)
		status = bf_acc_add(&acc, hashes[i]);
	if (status != BF_OK)
		bloom_raise(status, BLOOM_SOURCE_STATE);
	result = bloom_finish_acc(&acc);
	bf_acc_release(&acc);
	return result;
}
