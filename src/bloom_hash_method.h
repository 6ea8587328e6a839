/*-------------------------------------------------------------------------
 *
 * bloom_hash_method.h
 *	  The hash methods (bloom_hash_method.c): how a value of one type is
 *	  reduced to its canonical bytes and hashed, method by method.
 *
 * This is the bottom of the hashing files.  A BloomHasher is looked up
 * once per type (bloom_method_init) and hashes that type's values by its
 * method (bloom_method_hash).  Two methods take more than one value's
 * bytes, and live in files of their own above this one: values that hold
 * enums, taken apart (bloom_nested.c), and Parquet mode's plain encodings
 * (bloom_parquet_hash.c).  Which method hashes a value for a filter, and
 * the rules of kinds and parts, are the hasher's (bloom_hasher.h), which
 * is what the rest of the module calls.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_hash_method.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef BLOOM_HASH_METHOD_H
#define BLOOM_HASH_METHOD_H

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
								 * apart (bloom_nested_init) */
} BloomHasher;

extern bool bloom_method_classify(BloomHasher *hasher, Oid typid,
								  Oid collation);
extern void bloom_method_init(BloomHasher *hasher, Oid typid, Oid collation,
							  MemoryContext mcxt);
extern uint64 bloom_method_hash(const BloomHasher *hasher, Datum value);
extern uint64 bloom_hash_string(const BloomHasher *hasher, const char *data,
								size_t len, bool parquet);
extern uint64 bloom_hash_with_blanks(const BloomHasher *hasher, Datum value);

/* Length of a string without its trailing blanks (as bpchar compares it) */
static inline size_t
bloom_trimmed_len(const char *data, size_t len)
{
	while (len > 0 && data[len - 1] == ' ')
		len--;
	return len;
}

#endif							/* BLOOM_HASH_METHOD_H */
