/*-------------------------------------------------------------------------
 *
 * bloom_build.c
 *	  Building new filters: sized from the user's capacity and rate, or
 *	  from the data (the distinct hashes bloom_agg(value) saw).
 *
 * The sizing policy itself (when an exact list is kept, the power-of-two
 * ladder of block counts) is the core's (bf_sizing.c); this file applies
 * it to PostgreSQL memory and errors.
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

	if (parts < 1)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("bloom filter must have at least 1 part")));
	if (part < 0 || part >= parts)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("bloom filter part number must be between 0 and %d",
						parts - 1)));
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

/* Sort n hashes ascending, in place */
void
bloom_sort_hashes(uint64 *hashes, uint64 n)
{
	uint64	   *scratch = palloc((n + 1) * sizeof(uint64));

	bf_sort_hashes(hashes, n, scratch);
	pfree(scratch);
}

/*
 * The filter, sized from the data, that holds n distinct hashes given in
 * ascending order, of the given hash, with the header the core's policy
 * gives (bf_auto_header): an exact list of them, or a block filter from
 * the power-of-two ladder.
 */
struct varlena *
bloom_from_sorted_hashes(const uint64 *hashes, uint64 n, uint32 kind,
						 double fpr, uint8 hash_id)
{
	struct varlena *result;
	bf_header	hdr;
	bf_status	status = bf_auto_header(n, fpr, kind, &hdr);
	size_t		len;

	if (status != BF_OK)
		bloom_raise(status, BLOOM_SOURCE_ARGUMENTS);
	hdr.hash_id = hash_id;
	if (hdr.layout == BF_LAYOUT_EXACT)
	{
		len = bf_size_exact(n);
		result = bloom_palloc(len);
		status = bf_init_exact(VARDATA(result), len, &hdr, hashes, n);
	}
	else
	{
		len = bf_size_blocks(hdr.nitems);
		result = bloom_palloc(len);
		status = bf_init(VARDATA(result), len, &hdr);
		if (status == BF_OK)
			status = bf_add_hashes(VARDATA(result), len, hashes, n);
	}
	if (status != BF_OK)
		bloom_raise(status, BLOOM_SOURCE_ARGUMENTS);
	return result;
}

/*
 * The filter, sized from the data, that holds n distinct hashes given in
 * any order (bloom_from_sorted_hashes): they are sorted in place first
 * where they become an exact list, which stores them ascending.
 */
struct varlena *
bloom_from_hashes(uint64 *hashes, uint64 n, uint32 kind, double fpr,
				  uint8 hash_id)
{
	if (bf_auto_keeps_exact(n, fpr))
		bloom_sort_hashes(hashes, n);
	return bloom_from_sorted_hashes(hashes, n, kind, fpr, hash_id);
}

/*
 * An exact filter made by combining others, sized again the way
 * bloom_agg(value) sizes its result (bloom_from_hashes), so that the union
 * of small filters is the filter bloom_agg would build from their values;
 * any other filter is returned unchanged.
 */
struct varlena *
bloom_resize_exact(struct varlena *filter)
{
	bf_view		view = bloom_view(filter);
	uint64	   *hashes;
	struct varlena *result;
	uint64		i;

	if (view.hdr.layout != BF_LAYOUT_EXACT ||
		bf_auto_keeps_exact(view.hdr.nitems, view.hdr.fpr))
		return filter;
	hashes = palloc(view.hdr.nitems * sizeof(uint64));
	for (i = 0; i < view.hdr.nitems; i++)
		hashes[i] = bf_exact_hash(&view, i);
	result = bloom_from_sorted_hashes(hashes, view.hdr.nitems, view.hdr.kind,
									  view.hdr.fpr, view.hdr.hash_id);
	pfree(hashes);
	return result;
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
