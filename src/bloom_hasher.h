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

#include "bloom_kinds.h"

#include "bf_hash.h"

/* Everything needed to hash values of one argument type, looked up once */
typedef struct BloomHasher
{
	BloomHashMethod method;
	uint32		kind;			/* BLOOM_KIND_* of the values */
	bool		to_utf8;		/* text must be converted to UTF-8 first */
	Oid			collation;		/* for the generic hash function */
	FmgrInfo	hash_fn;		/* generic: the type's extended hash */
} BloomHasher;

extern void bloom_hasher_init(BloomHasher *hasher, Oid typid, Oid collation,
							  MemoryContext mcxt);
extern uint64 bloom_hash_any(const BloomHasher *hasher, Datum value);

/*
 * The 64-bit hash a filter stores for a (non-null) value.  Text held in
 * line and uncompressed, in a database whose encoding needs no conversion
 * to UTF-8, is hashed here without a call: it is what nearly every row of
 * a text aggregate or membership test brings.  Everything else goes to
 * bloom_hash_any, which gives the same hashes.
 */
static inline uint64
bloom_hash_value(const BloomHasher *hasher, Datum value)
{
	const struct varlena *v = (const struct varlena *) DatumGetPointer(value);

	if (hasher->method == BLOOM_HASH_TEXT && !hasher->to_utf8 &&
		!VARATT_IS_EXTERNAL(v) && !VARATT_IS_COMPRESSED(v))
		return bf_hash_bytes(VARDATA_ANY(v), VARSIZE_ANY_EXHDR(v));
	return bloom_hash_any(hasher, value);
}

#endif							/* BLOOM_HASHER_H */
