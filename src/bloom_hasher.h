/*-------------------------------------------------------------------------
 *
 * bloom_hasher.h
 *	  Reducing a value of any type to the 64-bit hash a filter stores.
 *
 * A hasher is looked up once per call site (bloom_hasher_init) and then
 * hashes every row's value; the commonest case, text held in line, is
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

#include "bloom_error.h"

#include "bf_hash.h"

/* How to take values that hold enums apart (bloom_nested.c) */
typedef struct BloomNested BloomNested;

/* Everything needed to hash values of one argument type, looked up once */
typedef struct BloomHasher
{
	BloomHashMethod method;
	BloomHashMethod source;		/* BLOOM_HASH_PARQUET: the method of the
								 * values' type, which reads them */
	uint32		kind;			/* BLOOM_KIND_* of the values */
	Oid			typid;			/* their type, for messages */
	bool		to_utf8;		/* text must be converted to UTF-8 first */
	Oid			collation;		/* for the generic hash function */
	FmgrInfo	hash_fn;		/* generic: the type's extended hash */
	uint64		blank_like[2];	/* collated text: bit c of the ASCII
								 * characters c that the collation calls
								 * equal to a blank, or ignores */
	BloomNested *nested;		/* BLOOM_HASH_NESTED: how to take values
								 * apart */
} BloomHasher;

extern void bloom_hasher_init(BloomHasher *hasher, Oid typid, Oid collation,
							  MemoryContext mcxt);
extern uint64 bloom_hash_any(const BloomHasher *hasher, Datum value);
extern uint64 bloom_hash_string(const BloomHasher *hasher, const char *data,
								size_t len, bool parquet);
extern int	bloom_part_hashes(const bf_header *hdr, uint64 *hashes, int n);
extern uint64 bloom_hash_with_blanks(const BloomHasher *hasher, Datum value);
extern uint64 bloom_hash_for_other_kind(const BloomHasher *hasher,
										const bf_header *filter, Datum value);

/* bloom_nested.c */
extern BloomNested *bloom_nested_init(Oid typid, Oid collation,
									  MemoryContext mcxt);
extern uint64 bloom_hash_nested(const BloomNested *nested, Datum value);

/* Parquet mode (bloom_parquet_hash.c) */
extern uint32 bloom_parquet_kind(const BloomHasher *hasher, int32 typmod);
extern uint32 bloom_parquet_type_kind(Oid typid);
extern void bloom_parquet_hasher(BloomHasher *hasher, int32 typmod);
extern bool bloom_parquet_fits(const BloomHasher *hasher, uint32 kind);
extern uint64 bloom_parquet_hash(const BloomHasher *hasher,
								 const bf_header *filter, Datum value);
extern uint64 bloom_parquet_hash_as(const BloomHasher *hasher, uint32 kind,
									Datum value);
extern int	bloom_parquet_probe_hashes(const BloomHasher *hasher,
									   const bf_header *filter, Datum value,
									   uint64 *hashes);

/* Length of a string without its trailing blanks (as bpchar compares it) */
static inline size_t
bloom_trimmed_len(const char *data, size_t len)
{
	while (len > 0 && data[len - 1] == ' ')
		len--;
	return len;
}

/*
 * The 64-bit hash a filter stores for a (non-null) value.  Text held in
 * line and uncompressed, in a database whose encoding needs no conversion
 * to UTF-8, is hashed here without a call: it is what nearly every row of
 * a text aggregate or membership test brings (without its trailing
 * blanks, as every text-like value).  Everything else goes to
 * bloom_hash_any, which gives the same hashes.
 */
static inline uint64
bloom_hash_value(const BloomHasher *hasher, Datum value)
{
	const struct varlena *v = (const struct varlena *) DatumGetPointer(value);

	if (hasher->method == BLOOM_HASH_TEXT && !hasher->to_utf8 &&
		!VARATT_IS_EXTERNAL(v) && !VARATT_IS_COMPRESSED(v))
		return bf_hash_bytes(VARDATA_ANY(v),
							 bloom_trimmed_len(VARDATA_ANY(v), VARSIZE_ANY_EXHDR(v)));
	return bloom_hash_any(hasher, value);
}

/*
 * Whether a filter holding values of filter_kind can be probed with and
 * given values of value_kind: the same kind; any, if it holds none yet;
 * text, if it holds text made by 1.0 (hashed as 1.0 did, bloom_hash_for).
 */
static inline bool
bloom_kind_accepts(uint32 filter_kind, uint32 value_kind)
{
	return filter_kind == value_kind || filter_kind == BLOOM_KIND_NONE ||
		(filter_kind == BLOOM_KIND_TEXT_BLANKS &&
		 value_kind == BLOOM_KIND_TEXT);
}

/*
 * The hash of a value to extend (or probe) a filter with, hashed as that
 * filter's values were: a value of another kind is refused, text probing a
 * filter of text made by 1.0 is hashed with 1.0's hashing (bloom_kinds.h
 * says why), a filter of no kind yet (empty) takes any value, and a filter
 * in Parquet mode, or a hasher of Parquet mode, hashes it as Parquet does
 * (bloom_parquet_hash).  Probes take bloom_probe.
 */
static inline uint64
bloom_hash_for(const BloomHasher *hasher, const bf_header *filter,
			   Datum value)
{
	if (unlikely(filter->kind != hasher->kind))
		return bloom_hash_for_other_kind(hasher, filter, value);
	return bloom_hash_value(hasher, value);
}

/* The most hashes a value may be held by (bloom_probe_hashes) */
#define BLOOM_PROBE_HASHES	2

/*
 * The hashes of a value that a filter with header filter may hold it by,
 * into hashes (BLOOM_PROBE_HASHES of room); returns how many.  A filter in
 * Parquet mode may have none to test, or two (bloom_parquet_probe_hashes);
 * every other one has bloom_hash_for's.
 */
static inline int
bloom_probe_hashes(const BloomHasher *hasher, const bf_header *filter,
				   Datum value, uint64 *hashes)
{
	if (unlikely(filter->hash_id == BF_HASH_PARQUET))
		return bloom_parquet_probe_hashes(hasher, filter, value, hashes);
	hashes[0] = bloom_hash_for(hasher, filter, value);
	return 1;
}

/*
 * Whether a filter may hold a value (false: it was never added); a part of
 * a filter holds no value of another part (bf_part_hash)
 */
static inline bool
bloom_probe(const BloomHasher *hasher, const bf_view *view, Datum value)
{
	uint64		hashes[BLOOM_PROBE_HASHES];
	int			n = bloom_probe_hashes(hasher, &view->hdr, value, hashes);

	for (int i = 0; i < n; i++)
		if (bf_part_hash(&view->hdr, hashes[i], &hashes[i]) == BF_OK &&
			bf_contains(view, hashes[i]))
			return true;
	return false;
}

/*
 * The hash a filter whose header is hdr stores for a value added to it:
 * bloom_hash_for's, and for a part of a filter the local hash of its part
 * (bf_part_hash).  A value of another part is an error, never a silent
 * answer.
 */
static inline uint64
bloom_filter_hash(const BloomHasher *hasher, const bf_header *hdr, Datum value)
{
	uint64		hash = bloom_hash_for(hasher, hdr, value);

	if (unlikely(hdr->flags & BF_FLAG_PART) &&
		bf_part_hash(hdr, hash, &hash) != BF_OK)
		bloom_raise_other_part(hdr, hash);
	return hash;
}

/*
 * Of the n hashes of a value to test in a filter whose header is hdr
 * (bloom_probe_hashes), those it holds values by, as it stores them, and
 * how many: all of them, or in a part of a filter their local hashes
 * (bloom_part_hashes, which refuses a value of another part).
 */
static inline int
bloom_own_hashes(const bf_header *hdr, uint64 *hashes, int n)
{
	if (likely(!(hdr->flags & BF_FLAG_PART)))
		return n;
	return bloom_part_hashes(hdr, hashes, n);
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

#endif							/* BLOOM_HASHER_H */
