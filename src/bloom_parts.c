/*-------------------------------------------------------------------------
 *
 * bloom_parts.c
 *	  Filters kept in parts by block range: the part a value belongs to,
 *	  empty parts, a filter cut into its parts, and what a part says of
 *	  itself.
 *
 * A whole filter of B blocks cut into P parts of B / P blocks
 * (src/core/bf_parts.c) is kept as a table of its parts, one row each:
 * membership reads the one part the value belongs to, an add rewrites it,
 * and the whole may be larger than one value.  Each part is an ordinary
 * bloom value; every function and operator works on it, refusing values
 * of other parts and parts of other wholes.  The aggregates that build
 * parts and put them together are in bloom_agg.c; doc/partitioned.md has
 * the recipes.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_parts.c
 *
 *-------------------------------------------------------------------------
 */
#include "bloom_build.h"
#include "bloom_cache.h"

#include "access/htup_details.h"
#include "funcapi.h"

/* Columns of bloom_split's rows and of bloom_part_info's row */
#define SPLIT_COLUMNS	2
#define INFO_COLUMNS	3

/*
 * bloom_part_of(value, capacity, fpr, parts): the part of the whole filter
 * sized for capacity values at rate fpr, kept in parts parts, that the
 * value belongs to, from 0.  A value's part is its block among parts
 * blocks, whatever the whole's size (bf_part_of of its hash in a whole
 * filter, bloom_hash_to_add's with no header), so capacity and fpr are
 * only checked for range here, row by row at the cost of a comparison;
 * whether such a whole can be made is checked where a part is
 * (bloom_part_create, bloom_part_agg).
 */
PG_FUNCTION_INFO_V1(bloomfilter_part_of);
Datum
bloomfilter_part_of(PG_FUNCTION_ARGS)
{
	const BloomHasher *hasher = bloom_arg_hasher(fcinfo, 0);
	int64		capacity = PG_GETARG_INT64(1);
	double		fpr = PG_GETARG_FLOAT8(2);
	int32		parts = PG_GETARG_INT32(3);
	uint64		hash;

	if (capacity < 1)
		bloom_raise(BF_E_CAPACITY, BLOOM_SOURCE_ARGUMENTS);
	if (!(fpr > 0.0 && fpr < 1.0))
		bloom_raise(BF_E_FPR, BLOOM_SOURCE_ARGUMENTS);
	if (parts < 1)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("bloom filter must have at least 1 part")));
	(void) bloom_hash_to_add(hasher, NULL, PG_GETARG_DATUM(0), &hash);
	PG_RETURN_INT32((int32) bf_part_of(hash, (uint32) parts));
}

/*
 * bloom_part_create(capacity, fpr, parts, part): the empty part number
 * part of the whole filter sized for capacity values at rate fpr, kept in
 * parts parts (bloom_part_header), sized once per call site for the same
 * arguments (bloom_part_header_once).
 */
PG_FUNCTION_INFO_V1(bloomfilter_part_create);
Datum
bloomfilter_part_create(PG_FUNCTION_ARGS)
{
	bf_header	hdr = bloom_part_header_once(&bloom_call_cache(fcinfo)->state.part_sizing,
											 PG_GETARG_INT64(0), PG_GETARG_FLOAT8(1),
											 PG_GETARG_INT32(2), PG_GETARG_INT32(3),
											 BLOOM_KIND_NONE);

	PG_RETURN_POINTER(bloom_empty_filter(&hdr));
}

/*
 * Refuse to split a filter into parts unless it is a block filter of the
 * default hash, not a part itself, whose block count parts divides.
 */
static void
check_splittable(const bf_view *whole, int32 parts)
{
	if (whole->hdr.layout != BF_LAYOUT_BLOCKS)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("cannot split an exact bloom filter into parts"),
				 errdetail("Only a filter of blocks is split; bloom_agg(value) keeps up to 65,536 values as an exact list."),
				 errhint("Build the filter with a size: bloom_agg(value, capacity, fpr) or bloom_create(capacity, fpr).")));
	if (whole->hdr.hash_id != BF_HASH_XXH3_64)
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("cannot split a bloom filter in Parquet mode into parts"),
				 errdetail("A filter in Parquet mode holds some values by either of two hashes (both zeros of a float), which two parts would each hold one of.")));
	if (whole->hdr.flags & BF_FLAG_PART)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("cannot split a part of a bloom filter"),
				 errhint("Assemble the parts with bloom_assemble_agg first.")));
	if (parts < 1)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("bloom filter must have at least 1 part")));
	if (whole->hdr.nitems % (uint64) parts != 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("bloom filter of %llu blocks cannot be split into %d parts",
						(unsigned long long) whole->hdr.nitems, parts),
				 errdetail("The number of parts must divide the block count."),
				 errhint("bloom_info(filter) gives the block count.")));
}

/*
 * bloom_split(whole, parts): the filter cut into parts parts, one row per
 * part (part, filter), in order.  The filter is read once, into memory of
 * the calls; each row is made as it is asked for, so only the whole and
 * one part are in memory.
 */
PG_FUNCTION_INFO_V1(bloomfilter_split);
Datum
bloomfilter_split(PG_FUNCTION_ARGS)
{
	FuncCallContext *funcctx;
	const bf_view *whole;
	uint32		part;
	size_t		len;
	struct varlena *filter;
	bf_status	status;
	Datum		values[SPLIT_COLUMNS];
	bool		nulls[SPLIT_COLUMNS] = {false, false};

	if (SRF_IS_FIRSTCALL())
	{
		MemoryContext old;
		TupleDesc	tupdesc;
		bf_view    *view;

		funcctx = SRF_FIRSTCALL_INIT();
		old = MemoryContextSwitchTo(funcctx->multi_call_memory_ctx);
		if (get_call_result_type(fcinfo, NULL, &tupdesc) != TYPEFUNC_COMPOSITE)
			elog(ERROR, "return type must be a row type");
		funcctx->tuple_desc = BlessTupleDesc(tupdesc);
		view = palloc(sizeof(bf_view));
		/* a copy of the call's own, which lasts as long as the calls */
		*view = bloom_view(bloom_datum_copy(PG_GETARG_DATUM(0)));
		check_splittable(view, PG_GETARG_INT32(1));
		funcctx->user_fctx = view;
		funcctx->max_calls = (uint64) PG_GETARG_INT32(1);
		MemoryContextSwitchTo(old);
	}
	funcctx = SRF_PERCALL_SETUP();
	if (funcctx->call_cntr >= funcctx->max_calls)
		SRF_RETURN_DONE(funcctx);

	whole = (const bf_view *) funcctx->user_fctx;
	part = (uint32) funcctx->call_cntr;
	len = bf_size_blocks(whole->hdr.nitems / funcctx->max_calls);
	filter = bloom_palloc(len);
	status = bf_split(VARDATA(filter), len, whole, (uint32) funcctx->max_calls,
					  part);
	if (status != BF_OK)
		bloom_raise(status, BLOOM_SOURCE_STORED);
	values[0] = Int32GetDatum((int32) part);
	values[1] = PointerGetDatum(filter);
	SRF_RETURN_NEXT(funcctx,
					HeapTupleGetDatum(heap_form_tuple(funcctx->tuple_desc,
													  values, nulls)));
}

/*
 * bloom_part_info(filter): which part the filter is (from 0), of how many,
 * and the block count of the whole it is part of (NULLs for a filter that
 * is no part).  Only the header is read.
 */
PG_FUNCTION_INFO_V1(bloomfilter_part_info);
Datum
bloomfilter_part_info(PG_FUNCTION_ARGS)
{
	bf_header	hdr = bloom_arg_header(fcinfo, 0);
	bool		part = (hdr.flags & BF_FLAG_PART) != 0;
	TupleDesc	tupdesc;
	Datum		values[INFO_COLUMNS];
	bool		nulls[INFO_COLUMNS] = {!part, !part, !part};

	if (get_call_result_type(fcinfo, NULL, &tupdesc) != TYPEFUNC_COMPOSITE)
		elog(ERROR, "return type must be a row type");
	values[0] = Int32GetDatum((int32) hdr.part);
	values[1] = Int32GetDatum((int32) hdr.parts);
	values[2] = Int64GetDatum((int64) (hdr.nitems * hdr.parts));
	PG_RETURN_DATUM(HeapTupleGetDatum(heap_form_tuple(tupdesc, values, nulls)));
}
