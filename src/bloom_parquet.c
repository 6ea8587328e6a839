/*-------------------------------------------------------------------------
 *
 * bloom_parquet.c
 *	  Filters that Parquet readers understand: bloom_to_parquet writes a
 *	  filter in Parquet mode as a Parquet column chunk stores one,
 *	  bloom_from_parquet reads one.
 *
 * The bytes are those at a column chunk's bloom_filter_offset, for
 * bloom_filter_length bytes: a Thrift compact BloomFilterHeader, then the
 * blocks (bf_parquet.c).  Filters are written at power-of-two sizes from
 * 64 bytes to 128 MiB, which every reader takes; read, any multiple of 32
 * bytes.  doc/parquet.md has the types and a recipe.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_parquet.c
 *
 *-------------------------------------------------------------------------
 */
#include "bloom_build.h"
#include "bloom_parquet_hash.h"

#include "bf_parquet.h"

/*
 * The block count a filter is written at by default: its own, within the
 * sizes Parquet mode writes (a smaller one repeated, a larger one
 * folded); an exact filter's, the count bloom_agg sizes its values for
 */
static uint64
default_blocks(const bf_view *view)
{
	uint64		nblocks = view->hdr.nitems;
	bf_status	status;

	if (view->hdr.layout == BF_LAYOUT_EXACT)
	{
		status = bf_auto_blocks(Max(nblocks, 1), view->hdr.fpr, &nblocks);
		if (status != BF_OK)
			bloom_raise(status, BLOOM_SOURCE_STORED);
	}
	return Min(Max(nblocks, BF_PQ_MIN_BLOCKS), BF_PQ_MAX_BLOCKS);
}

/* The block count of a requested size in bytes of blocks */
static uint64
requested_blocks(int32 num_bytes)
{
	if (num_bytes < 0 || num_bytes % BF_BLOCK_BYTES != 0 ||
		!bf_parquet_writable((uint64) num_bytes / BF_BLOCK_BYTES))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("size of a Parquet bloom filter must be a power of two from 64 to 134217728 bytes, not %d",
						num_bytes)));
	return (uint64) num_bytes / BF_BLOCK_BYTES;
}

/*
 * bloom_to_parquet(filter [, num_bytes]): the filter as a Parquet column
 * chunk stores one, header and blocks, of num_bytes bytes of blocks, or by
 * default of its own size (default_blocks).  A block filter's count must
 * be a power of two, which folded or repeated to any other keeps every
 * answer.
 */
PG_FUNCTION_INFO_V1(bloomfilter_to_parquet);
Datum
bloomfilter_to_parquet(PG_FUNCTION_ARGS)
{
	bf_view		view;
	uint64		nblocks;
	size_t		len;
	bytea	   *result;
	bf_status	status;

	view = bloom_arg_view(fcinfo, 0);
	if (view.hdr.hash_id != BF_HASH_PARQUET)
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("bloom filter of hash %s cannot be written for Parquet readers",
						bf_hash_name(view.hdr.hash_id)),
				 errdetail("Parquet readers hash each value's plain encoding with XXH64, and a filter's hash is chosen when it is built."),
				 errhint("Build the filter with bloom_parquet_agg(value) or bloom_create(capacity, fpr, hash => 'parquet').")));
	nblocks = PG_NARGS() < 2 ? default_blocks(&view) :
		requested_blocks(PG_GETARG_INT32(1));
	if (view.hdr.layout == BF_LAYOUT_BLOCKS &&
		(view.hdr.nitems & (view.hdr.nitems - 1)) != 0)
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("bloom filter of %llu blocks cannot be written for Parquet readers",
						(unsigned long long) view.hdr.nitems),
				 errdetail("Parquet readers take filters of a power-of-two size, and a filter keeps its answers at another size only folded or repeated by a power of two."),
				 errhint("Build the filter in Parquet mode with bloom_parquet_agg or bloom_create, whose sizes are powers of two.")));

	len = bf_parquet_size(nblocks);
	result = (bytea *) palloc(VARHDRSZ + len);
	SET_VARSIZE(result, VARHDRSZ + len);
	status = bf_parquet_write((uint8 *) VARDATA(result), len, &view, nblocks);
	if (status != BF_OK)
		bloom_raise(status, BLOOM_SOURCE_STORED);
	PG_RETURN_BYTEA_P(result);
}

/*
 * bloom_from_parquet(bytes, value_type): the filter of a Parquet column
 * chunk (bloom_filter_length bytes at its bloom_filter_offset), holding
 * values of value_type's Parquet kind, with the capacity and rate of a
 * filter as full as it is (bf_parquet_read)
 */
PG_FUNCTION_INFO_V1(bloomfilter_from_parquet);
Datum
bloomfilter_from_parquet(PG_FUNCTION_ARGS)
{
	bytea	   *bytes = PG_GETARG_BYTEA_PP(0);
	uint32		kind = bloom_parquet_type_kind(PG_GETARG_OID(1));
	const uint8 *src = (const uint8 *) VARDATA_ANY(bytes);
	size_t		src_len = VARSIZE_ANY_EXHDR(bytes);
	size_t		len;
	struct varlena *result;
	bf_status	status = bf_parquet_read_size(src, src_len, &len);

	if (status != BF_OK)
		bloom_raise(status, BLOOM_SOURCE_PARQUET);
	result = bloom_palloc(len);
	status = bf_parquet_read((uint8 *) VARDATA(result), len, src, src_len, kind);
	if (status != BF_OK)
		bloom_raise(status, BLOOM_SOURCE_PARQUET);
	PG_RETURN_POINTER(result);
}
