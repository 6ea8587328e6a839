/*-------------------------------------------------------------------------
 *
 * bloom_hasher.h
 *	  The hasher: the hashes a filter stores for a value, and the hashes to
 *	  test for it, whatever the filter's mode.
 *
 * The two ways into hashing from the rest of the module:
 *
 *	add a value		bloom_hash_to_add: the hash that a filter with a given
 *					header stores for it
 *	probe for one	bloom_hashes_to_test: the hashes to test for it in a
 *					filter with a given header (one; none or two in Parquet
 *					mode)
 *
 * Both pick the method from the filter's header, over the hasher looked up
 * once per call site (bloom_hasher_init): the values' own method
 * (bloom_hash_method.c; bloom_nested.c for values that hold enums), 1.0's
 * for text in a filter of text 1.0 made (bloom_kinds.h says why), or
 * Parquet's plain encoding in a filter of Parquet mode
 * (bloom_parquet_hash.c).  Both apply the rules of kinds (a value of
 * another kind is refused; a filter of none yet takes any) and of parts (a
 * part holds the local hashes of its values, bf_part_hash, and a value of
 * another part is told apart, for the caller to refuse).  The commonest
 * values, text held in line, and in Parquet mode text, int4 and int8, are
 * hashed inline here without a call.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_hasher.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef BLOOM_HASHER_H
#define BLOOM_HASHER_H

#include "bloom_nested.h"
#include "bloom_parquet_hash.h"

/* The most hashes a value is tested by (bloom_hashes_to_test) */
#define BLOOM_PROBE_HASHES	2

/* bloom_hashes_to_test's answer for a value of another part of a filter */
#define BLOOM_OTHER_PART	(-1)

extern void bloom_hasher_init(BloomHasher *hasher, Oid typid, Oid collation,
							  MemoryContext mcxt);
extern uint64 bloom_hash_own_kind(const BloomHasher *hasher, Datum value);
extern uint64 bloom_hash_other_kind(const BloomHasher *hasher,
									const bf_header *hdr, Datum value);
extern uint64 bloom_local_hash(const bf_header *hdr, uint64 hash);
extern int	bloom_part_hashes(const bf_header *hdr, uint64 *hashes, int n);

/*
 * Whether a filter holding values of filter_kind can be probed with and
 * given values of value_kind: the same kind; any, if it holds none yet;
 * text, if it holds text made by 1.0 (hashed as 1.0 did).
 */
static inline bool
bloom_kind_accepts(uint32 filter_kind, uint32 value_kind)
{
	return filter_kind == value_kind || filter_kind == BLOOM_KIND_NONE ||
		(filter_kind == BLOOM_KIND_TEXT_BLANKS &&
		 value_kind == BLOOM_KIND_TEXT);
}

/*
 * Whether bloom_hashes_to_test tests a value of the hasher's type in a
 * filter whose header is hdr, rather than raising an error: a filter of
 * its kind, or of one that takes it (bloom_kind_accepts), or in Parquet
 * mode one of a Parquet kind it has a form in.  A hasher need only be
 * classified (bloom_method_classify).
 */
static inline bool
bloom_probe_accepts(const BloomHasher *hasher, const bf_header *hdr)
{
	if (hdr->hash_id == BF_HASH_PARQUET)
		return bloom_parquet_probe_accepts(hasher, hdr);
	if (hdr->kind == hasher->kind)
		return true;
	return hasher->method != BLOOM_HASH_PARQUET &&
		bloom_kind_accepts(hdr->kind, hasher->kind);
}

/*
 * The kind a filter holds once values of the hasher's type are added to
 * it: its own, or, if it holds none yet, theirs (in Parquet mode, their
 * Parquet type)
 */
static inline uint32
bloom_kind_for(const BloomHasher *hasher, const bf_header *filter)
{
	if (filter->kind != BLOOM_KIND_NONE)
		return filter->kind;
	if (filter->hash_id == BF_HASH_PARQUET &&
		hasher->method != BLOOM_HASH_PARQUET)
		return bloom_parquet_kind(hasher, -1);
	return hasher->kind;
}

/*
 * The hash that a whole filter whose header is hdr holds a (non-null)
 * value by; hdr NULL: a new filter of the hasher's values.  A filter of
 * the values' own kind hashes them by their method, the commonest case,
 * text held in line and uncompressed in a database whose encoding needs
 * no conversion to UTF-8, inline (without its trailing blanks, as every
 * text-like value); any other by bloom_hash_other_kind's rules.
 */
static inline uint64
bloom_hash_as_held(const BloomHasher *hasher, const bf_header *hdr,
				   Datum value)
{
	const struct varlena *v = (const struct varlena *) DatumGetPointer(value);

	if (unlikely(hdr != NULL && hdr->kind != hasher->kind))
		return bloom_hash_other_kind(hasher, hdr, value);
	if (hasher->method == BLOOM_HASH_TEXT && !hasher->to_utf8 &&
		!VARATT_IS_EXTERNAL(v) && !VARATT_IS_COMPRESSED(v))
		return bf_hash_bytes(VARDATA_ANY(v),
							 bloom_trimmed_len(VARDATA_ANY(v), VARSIZE_ANY_EXHDR(v)));
	return bloom_hash_own_kind(hasher, value);
}

/*
 * The way to add a value: the hash that a filter whose header is hdr
 * stores for a (non-null) value, into *hash, hashed as that filter's
 * values were (bloom_hash_as_held; hdr NULL: a new whole filter of the
 * hasher's values, whose hash also says which part of a filter kept in
 * parts a value belongs to).  A part of a filter stores the local hash of
 * its part (bf_part_hash); false if the value belongs to another part, and
 * *hash is then its hash in the whole filter, for the caller's error.
 */
static inline bool
bloom_hash_to_add(const BloomHasher *hasher, const bf_header *hdr,
				  Datum value, uint64 *hash)
{
	*hash = bloom_hash_as_held(hasher, hdr, value);
	if (likely(hdr == NULL || !(hdr->flags & BF_FLAG_PART)))
		return true;
	if (bf_part_of(*hash, hdr->parts) != hdr->part)
		return false;
	*hash = bloom_local_hash(hdr, *hash);
	return true;
}

/*
 * The way to probe for a value: the hashes to test for a (non-null) value
 * in a filter whose header is hdr, into hashes (BLOOM_PROBE_HASHES of
 * room), and how many.  One, bloom_hash_to_add's, in a filter of the
 * default hash; in Parquet mode none if the value has no form in the
 * filter's type, two for a zero (both zeros'), else one
 * (bloom_parquet_test_as).  A part of a filter is tested for the local
 * hashes of those of its part; BLOOM_OTHER_PART if the value has hashes but
 * none of its part (hashes[0] is then the first in the whole filter, for
 * the caller's error, or its false).
 */
static inline int
bloom_hashes_to_test(const BloomHasher *hasher, const bf_header *hdr,
					 Datum value, uint64 *hashes)
{
	int			n = 1;

	if (unlikely(hdr->hash_id == BF_HASH_PARQUET))
		n = bloom_parquet_test_as(hasher, bloom_kind_for(hasher, hdr), value,
								  hashes);
	else
		hashes[0] = bloom_hash_as_held(hasher, hdr, value);
	if (likely(!(hdr->flags & BF_FLAG_PART)))
		return n;
	return bloom_part_hashes(hdr, hashes, n);
}

#endif							/* BLOOM_HASHER_H */
