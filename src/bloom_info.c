/*-------------------------------------------------------------------------
 *
 * bloom_info.c
 *	  What a filter can tell about itself: its current false-positive rate
 *	  and a one-row description.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_info.c
 *
 *-------------------------------------------------------------------------
 */
#include "bloom_cache.h"

#include "access/htup_details.h"
#include "funcapi.h"
#include "utils/builtins.h"

/* Columns of bloom_info's row */
#define INFO_COLUMNS	16

/*
 * The filter argument as far as bloom_fpr and bloom_info read it: of a
 * block filter, all of it, through the call site's cache (its current
 * rate is computed from every block's bits); of an exact filter, the
 * header, which is all its rate and count need (of a stored one, only
 * the header's bytes are fetched).
 */
static bf_view
described_filter(FunctionCallInfo fcinfo)
{
	bf_view		view;

	view.hdr = bloom_arg_header(fcinfo, 0);
	view.payload = NULL;
	if (view.hdr.layout == BF_LAYOUT_BLOCKS)
		view = *bloom_cached_filter(fcinfo, 0);
	return view;
}

/*
 * bloom_fpr(filter): the probability that a value never added tests
 * positive, for the filter as it is now (exact, from its bits).
 */
PG_FUNCTION_INFO_V1(bloomfilter_fpr);
Datum
bloomfilter_fpr(PG_FUNCTION_ARGS)
{
	bf_view		view = described_filter(fcinfo);

	PG_RETURN_FLOAT8(bf_current_fpr(&view));
}

/*
 * bloom_info(filter): format version, layout, hash, size in bytes and bits,
 * blocks, bits set, fill ratio, exact hashes, capacity, target rate,
 * whether auto-sized, estimated distinct count, current false-positive
 * rate, the kind of value held (NULL while it holds none), and the
 * standard error of the distinct count (0 for an exact filter; the last
 * column, added in 1.1).  Block
 * columns are NULL for an exact filter, the hash count for a block filter.
 * The filter is read as by bloom_fpr (described_filter).
 */
PG_FUNCTION_INFO_V1(bloomfilter_info);
Datum
bloomfilter_info(PG_FUNCTION_ARGS)
{
	bf_view		view = described_filter(fcinfo);
	bool		blocks = view.hdr.layout == BF_LAYOUT_BLOCKS;
	uint64		nbits = view.hdr.nitems * BF_BLOCK_BITS;
	TupleDesc	tupdesc;
	Datum		values[INFO_COLUMNS];
	bool		nulls[INFO_COLUMNS];

	if (get_call_result_type(fcinfo, NULL, &tupdesc) != TYPEFUNC_COMPOSITE)
		elog(ERROR, "return type must be a row type");

	memset(nulls, false, sizeof(nulls));
	values[0] = Int32GetDatum(view.hdr.version);
	values[1] = CStringGetTextDatum(blocks ? "blocks" : "exact");
	values[2] = CStringGetTextDatum(bf_hash_name(view.hdr.hash_id));
	/* as a value in memory: a short header on disk would change the count */
	values[3] = Int64GetDatum((int64) (VARHDRSZ + (blocks ?
												   bf_size_blocks(view.hdr.nitems) :
												   bf_size_exact(view.hdr.nitems))));
	values[4] = Int64GetDatum((int64) nbits);
	values[5] = Int64GetDatum((int64) view.hdr.nitems);
	values[6] = Int64GetDatum((int64) view.hdr.bits_set);
	values[7] = Float8GetDatum(blocks ? (double) view.hdr.bits_set / (double) nbits : 0.0);
	values[8] = Int64GetDatum((int64) view.hdr.nitems);
	values[9] = Int64GetDatum((int64) view.hdr.capacity);
	values[10] = Float8GetDatum(view.hdr.fpr);
	values[11] = BoolGetDatum((view.hdr.flags & BF_FLAG_AUTO) != 0);
	values[12] = Float8GetDatum(bf_cardinality(&view));
	values[13] = Float8GetDatum(bf_current_fpr(&view));
	values[14] = CStringGetTextDatum(bloom_kind_name(view.hdr.kind));
	values[15] = Float8GetDatum(bf_cardinality_stderr(&view));
	nulls[4] = nulls[5] = nulls[6] = nulls[7] = nulls[9] = !blocks;
	nulls[8] = blocks;
	nulls[14] = view.hdr.kind == BLOOM_KIND_NONE;

	PG_RETURN_DATUM(HeapTupleGetDatum(heap_form_tuple(tupdesc, values, nulls)));
}
