/*-------------------------------------------------------------------------
 *
 * bloom_parquet_hash.h
 *	  Parquet mode's hashing (bloom_parquet_hash.c): a value's Parquet
 *	  plain encoding, hashed with XXH64, over the hash methods below it.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_parquet_hash.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef BLOOM_PARQUET_HASH_H
#define BLOOM_PARQUET_HASH_H

#include "bloom_hash_method.h"

extern uint32 bloom_parquet_kind(const BloomHasher *hasher, int32 typmod);
extern uint32 bloom_parquet_type_kind(Oid typid);
extern void bloom_parquet_hasher(BloomHasher *hasher, int32 typmod);
extern bool bloom_parquet_fits(const BloomHasher *hasher, uint32 kind);
extern bool bloom_parquet_probe_accepts(const BloomHasher *hasher,
										const bf_header *hdr);
extern uint64 bloom_parquet_hash_as(const BloomHasher *hasher, uint32 kind,
									Datum value);
extern int	bloom_parquet_test_as(const BloomHasher *hasher, uint32 kind,
								  Datum value, uint64 *hashes);

/*
 * The hash of a value of a hasher of Parquet mode (bloom_parquet_hasher)
 * in its own kind: inline for the commonest values, text held in line
 * (with no conversion to UTF-8), int4 and int8; bloom_parquet_hash_as's
 * otherwise, which hashes them the same.
 */
static inline uint64
bloom_parquet_hash_own(const BloomHasher *hasher, Datum value)
{
	const struct varlena *v = (const struct varlena *) DatumGetPointer(value);

	Assert(hasher->method == BLOOM_HASH_PARQUET);
	if (hasher->source == BLOOM_HASH_TEXT && !hasher->to_utf8 &&
		!VARATT_IS_EXTERNAL(v) && !VARATT_IS_COMPRESSED(v))
		return bf_parquet_hash_bytes(VARDATA_ANY(v), VARSIZE_ANY_EXHDR(v));
	if (hasher->source == BLOOM_HASH_INT8)
		return bf_parquet_hash_u64((uint64) DatumGetInt64(value));
	if (hasher->source == BLOOM_HASH_INT4)
		return bf_parquet_hash_u32((uint32) DatumGetInt32(value));
	return bloom_parquet_hash_as(hasher, hasher->kind, value);
}

#endif							/* BLOOM_PARQUET_HASH_H */
