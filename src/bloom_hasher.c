/*-------------------------------------------------------------------------
 *
 * bloom_hasher.c
 *	  The hasher's out-of-line paths: its lookup, a value hashed by its
 *	  own kind's method, a filter of another kind, and parts.
 *
 * bloom_hasher.h has the two ways into hashing, inline, and says which
 * method hashes a value for which filter.  This file is the top of the
 * hashing files: it dispatches to the hash methods (bloom_hash_method.c)
 * and to the two that sit above them, values taken apart
 * (bloom_nested.c) and Parquet mode (bloom_parquet_hash.c), which call
 * only the methods.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_hasher.c
 *
 *-------------------------------------------------------------------------
 */
#include "bloom_hasher.h"

#include "utils/lsyscache.h"

/*
 * Look up how to hash values of type typid, once per call site: its
 * type's method (bloom_method_init), and for a type that holds enums how
 * to take its values apart (bloom_nested_init).
 *
 * collation: the collation of the call, for text and for generic hashing.
 * mcxt: a context that lives as long as the hasher (for the generic hash
 * function's FmgrInfo, and the parts of a nested type).
 */
void
bloom_hasher_init(BloomHasher *hasher, Oid typid, Oid collation,
				  MemoryContext mcxt)
{
	bloom_method_init(hasher, typid, collation, mcxt);
	if (hasher->method == BLOOM_HASH_NESTED)
		hasher->nested = bloom_nested_init(getBaseType(typid), collation, mcxt);
}

/*
 * The hash of a (non-null) value in its own kind, of any representation:
 * by value if it holds enums (bloom_hash_nested), as Parquet's plain
 * encoding for a hasher of Parquet mode, else by its type's method
 * (bloom_hash_as_held's out-of-line path)
 */
uint64
bloom_hash_own_kind(const BloomHasher *hasher, Datum value)
{
	if (hasher->method == BLOOM_HASH_NESTED)
		return bloom_hash_nested(hasher->nested, value);
	if (hasher->method == BLOOM_HASH_PARQUET)
		return bloom_parquet_hash_own(hasher, value);
	return bloom_method_hash(hasher, value);
}

/*
 * The hash that a filter (hdr) of a kind other than the hasher's holds a
 * value by: a filter in Parquet mode hashes it as its Parquet kind, or, if
 * it holds none yet, the value's own (a hasher of Parquet mode adds to no
 * other filter); a filter of no kind yet takes the value's; text in a
 * filter of text made by 1.0 is hashed with 1.0's hashing
 * (bloom_hash_with_blanks); a value of any other kind is refused.
 */
uint64
bloom_hash_other_kind(const BloomHasher *hasher, const bf_header *hdr,
					  Datum value)
{
	if (hdr->hash_id == BF_HASH_PARQUET || hasher->method == BLOOM_HASH_PARQUET)
	{
		if (hdr->hash_id != BF_HASH_PARQUET)
			bloom_raise_hash_mismatch(hdr->hash_id, BF_HASH_PARQUET);
		return bloom_parquet_hash_as(hasher, bloom_kind_for(hasher, hdr), value);
	}
	if (!bloom_kind_accepts(hdr->kind, hasher->kind))
		bloom_raise_kind_mismatch(hdr->kind, hasher->kind, hasher->typid,
								  hasher->collation);
	if (hdr->kind == BLOOM_KIND_TEXT_BLANKS)
		return bloom_hash_with_blanks(hasher, value);
	return bloom_hash_own_kind(hasher, value);
}

/*
 * The local hash that a part of a filter (hdr) stores for a value whose
 * hash in the whole filter is hash, a value of its part (bf_part_hash)
 */
uint64
bloom_local_hash(const bf_header *hdr, uint64 hash)
{
	uint64		local;

	if (bf_part_hash(hdr, hash, &local) != BF_OK)
		elog(ERROR, "bloom filter hash is of part %u, not of part %u",
			 bf_part_of(hash, hdr->parts), hdr->part);
	return local;
}

/*
 * Keep, of the n hashes of a value to test in a part of a filter (hdr),
 * those of its part, as its local hashes (bf_part_hash), and return how
 * many; BLOOM_OTHER_PART if it has hashes but none of this part (hashes[0]
 * is then left as it was).
 */
int
bloom_part_hashes(const bf_header *hdr, uint64 *hashes, int n)
{
	int			kept = 0;

	for (int i = 0; i < n; i++)
		if (bf_part_hash(hdr, hashes[i], &hashes[kept]) == BF_OK)
			kept++;
	if (n > 0 && kept == 0)
		return BLOOM_OTHER_PART;
	return kept;
}
