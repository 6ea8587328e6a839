/*-------------------------------------------------------------------------
 *
 * bloom_nested.h
 *	  Hashing, by value, the values that hold enums (bloom_nested.c): the
 *	  method BLOOM_HASH_NESTED of the hash methods below it.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_nested.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef BLOOM_NESTED_H
#define BLOOM_NESTED_H

#include "bloom_hash_method.h"

extern BloomNested *bloom_nested_init(Oid typid, Oid collation,
									  MemoryContext mcxt);
extern uint64 bloom_hash_nested(const BloomNested *nested, Datum value);

#endif							/* BLOOM_NESTED_H */
