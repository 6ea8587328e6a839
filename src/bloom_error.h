/*-------------------------------------------------------------------------
 *
 * bloom_error.h
 *	  The one place where the core library's status codes become
 *	  PostgreSQL errors (bloom_error.c).
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_error.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef BLOOM_ERROR_H
#define BLOOM_ERROR_H

#include "bloom_kinds.h"

#include "nodes/nodes.h"

#include "bf.h"

/* Where the bytes or arguments behind a failed status came from */
typedef enum BloomSource
{
	BLOOM_SOURCE_TEXT,			/* text input */
	BLOOM_SOURCE_BINARY,		/* binary input (recv) */
	BLOOM_SOURCE_BYTEA,			/* cast from bytea */
	BLOOM_SOURCE_STORED,		/* a value already of type bloom */
	BLOOM_SOURCE_STATE,			/* an aggregate's state */
	BLOOM_SOURCE_ARGUMENTS,		/* capacity and rate given by the user */
	BLOOM_SOURCE_PARQUET		/* a Parquet filter (bloom_from_parquet) */
} BloomSource;

extern void bloom_report(bf_status status, BloomSource source,
						 const char *input, Node *escontext);
extern void bloom_report_syntax(const char *input, const char *detail,
								Node *escontext);
pg_noreturn extern void bloom_raise(bf_status status, BloomSource source);
pg_noreturn extern void bloom_raise_incompatible(bf_status status,
												 const bf_view *a,
												 const bf_view *b);
pg_noreturn extern void bloom_raise_kind_mismatch(uint32 filter_kind,
												  uint32 value_kind,
												  Oid value_type,
												  Oid collation);
pg_noreturn extern void bloom_raise_hash_mismatch(uint8 filter_hash,
												  uint8 value_hash);
pg_noreturn extern void bloom_raise_other_part(const bf_header *hdr,
											   uint64 hash);

#endif							/* BLOOM_ERROR_H */
