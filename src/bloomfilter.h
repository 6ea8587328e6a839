/*-------------------------------------------------------------------------
 *
 * bloomfilter.h
 *	  Declarations shared by the PostgreSQL layer of the bloomfilter
 *	  extension: the bloom type's representation, value hashing, the
 *	  per-call-site cache, the aggregate state, and the error mapping.
 *
 * A bloom value is a varlena whose data is a filter serialized by the core
 * library (src/core): no PostgreSQL-specific layout at all, so that casts
 * to and from bytea are a relabeling plus validation.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloomfilter.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef BLOOMFILTER_H
#define BLOOMFILTER_H

#include "bloom_compat.h"

#include "access/detoast.h"
#include "fmgr.h"
#include "utils/expandeddatum.h"

#include "bf.h"
#include "bf_hash.h"

/*
 * Kinds of value (the header's kind field).  Each names a family of types
 * whose values are equal under "=" exactly when their canonical bytes are;
 * README.md lists the canonical form of each.  A type without a fast path
 * gets BLOOM_KIND_OTHER_BIT plus 31 bits of the hash of its name.
 */
#define BLOOM_KIND_NONE			0
#define BLOOM_KIND_TEXT			1	/* text, varchar, bpchar, name */
#define BLOOM_KIND_INTEGER		2	/* int2, int4, int8 */
#define BLOOM_KIND_FLOAT		3	/* float4, float8 */
#define BLOOM_KIND_NUMERIC		4
#define BLOOM_KIND_UUID			5
#define BLOOM_KIND_BYTEA		6
#define BLOOM_KIND_DATE			7
#define BLOOM_KIND_TIMESTAMP	8
#define BLOOM_KIND_TIMESTAMPTZ	9
#define BLOOM_KIND_INET			10	/* inet, cidr */
#define BLOOM_KIND_BOOL			11
#define BLOOM_KIND_OTHER_BIT	0x80000000U

/* The target rate of filters sized by bloom_agg from the data */
#define BLOOM_DEFAULT_FPR		0.01

/* How a value of some type is reduced to its 64-bit hash */
typedef enum BloomHashMethod
{
	BLOOM_HASH_TEXT,
	BLOOM_HASH_BPCHAR,
	BLOOM_HASH_NAME,
	BLOOM_HASH_INT2,
	BLOOM_HASH_INT4,
	BLOOM_HASH_INT8,
	BLOOM_HASH_FLOAT4,
	BLOOM_HASH_FLOAT8,
	BLOOM_HASH_NUMERIC,
	BLOOM_HASH_UUID,
	BLOOM_HASH_BYTEA,
	BLOOM_HASH_DATE,
	BLOOM_HASH_TIMESTAMP,
	BLOOM_HASH_INET,
	BLOOM_HASH_BOOL,
	BLOOM_HASH_ENUM,
	BLOOM_HASH_GENERIC
} BloomHashMethod;

/* Everything needed to hash values of one argument type, looked up once */
typedef struct BloomHasher
{
	Oid			typid;			/* the argument's type */
	BloomHashMethod method;
	uint32		kind;			/* BLOOM_KIND_* of the values */
	bool		to_utf8;		/* text must be converted to UTF-8 first */
	Oid			collation;		/* for the generic hash function */
	FmgrInfo	hash_fn;		/* generic: the type's extended hash */
} BloomHasher;

/* Aggregate state: an expanded object of type bloom (bloom_state.c) */
typedef struct BloomState BloomState;

/*
 * Per-call-site cache of the functions that take a filter and a value:
 * the hasher for the value's type, and the filter last detoasted, so a
 * stored filter is read once per query rather than once per row.
 */
typedef struct BloomCallCache
{
	bool		hasher_ready;
	BloomHasher hasher;
	/* the cached filter, with what identifies its source datum */
	bool		filter_ready;
	Oid			toastrelid;		/* on-disk TOAST pointer of the source, */
	Oid			valueid;		/* or InvalidOid */
	struct varlena *compressed; /* copy of an inline compressed source */
	char	   *copy;			/* space of the detoasted filter */
	bf_view		view;			/* of the cached filter */
	bf_view		current;		/* of a flat filter read in place */
	/* aggregates: the state last returned, and its datum */
	Datum		state_datum;
	BloomState *state;
} BloomCallCache;

/* bloomfilter.c: the only place core statuses become errors */
typedef enum BloomSource
{
	BLOOM_SOURCE_TEXT,			/* text input */
	BLOOM_SOURCE_BINARY,		/* binary input (recv) */
	BLOOM_SOURCE_BYTEA,			/* cast from bytea */
	BLOOM_SOURCE_STORED,		/* a value already of type bloom */
	BLOOM_SOURCE_ARGUMENTS		/* capacity and rate given by the user */
} BloomSource;

pg_noreturn extern void bloom_raise(bf_status status, BloomSource source,
									const char *input);
pg_noreturn extern void bloom_raise_syntax(const char *input,
										   const char *detail);
pg_noreturn extern void bloom_raise_incompatible(bf_status status,
												 const bf_view *a,
												 const bf_view *b);
pg_noreturn extern void bloom_raise_kind_mismatch(uint32 filter_kind,
												  uint32 value_kind);

/* bloom_value.c */
extern void bloom_hasher_init(BloomHasher *hasher, Oid typid, Oid collation,
							  MemoryContext mcxt);
extern uint64 bloom_hash_any(const BloomHasher *hasher, Datum value);
extern const char *bloom_kind_name(uint32 kind);

/* bloom_filter.c */
extern bf_view bloom_view(const struct varlena *filter);
extern struct varlena *bloom_palloc(size_t len);
extern uint8 *bloom_alloc_filter(MemoryContext cxt, size_t len, char **space);
extern bf_view bloom_datum_view(Datum datum);
extern struct varlena *bloom_datum_copy(Datum datum);
extern bf_view bloom_arg_view(FunctionCallInfo fcinfo, int argno);
extern BloomCallCache *bloom_call_cache(FunctionCallInfo fcinfo);
extern const BloomHasher *bloom_arg_hasher_lookup(FunctionCallInfo fcinfo,
												  int argno);
extern const bf_view *bloom_cached_filter_lookup(FunctionCallInfo fcinfo,
												 int argno);
extern bf_header bloom_sized_header(int64 capacity, double fpr, uint32 kind);
extern void bloom_sort_hashes(uint64 *hashes, uint64 n);
extern struct varlena *bloom_from_hashes(uint64 *hashes, uint64 n,
										 uint32 kind, double fpr);
extern struct varlena *bloom_resize_exact(struct varlena *filter);

/*
 * The hasher for the value argument argno, looked up once per call site;
 * inline because every row of a scan or an aggregate asks for it.
 */
static inline const BloomHasher *
bloom_arg_hasher(FunctionCallInfo fcinfo, int argno)
{
	BloomCallCache *cache = (BloomCallCache *) fcinfo->flinfo->fn_extra;

	if (likely(cache != NULL && cache->hasher_ready))
		return &cache->hasher;
	return bloom_arg_hasher_lookup(fcinfo, argno);
}

/*
 * The filter argument argno, read once per query when it is stored: a
 * view valid until the next call at this call site.  The case of every
 * row after the first, the stored filter read last time, is inline.
 */
static inline const bf_view *
bloom_cached_filter(FunctionCallInfo fcinfo, int argno)
{
	const BloomCallCache *cache = (const BloomCallCache *) fcinfo->flinfo->fn_extra;
	const struct varlena *raw = (const struct varlena *) PG_GETARG_POINTER(argno);

	if (likely(cache != NULL && cache->filter_ready) &&
		VARATT_IS_EXTERNAL_ONDISK(raw))
	{
		struct varatt_external pointer;

		VARATT_EXTERNAL_GET_POINTER(pointer, raw);
		if (pointer.va_valueid == cache->valueid &&
			pointer.va_toastrelid == cache->toastrelid)
			return &cache->view;
	}
	return bloom_cached_filter_lookup(fcinfo, argno);
}

/* Refuse a value of another kind than the filter holds */
static inline void
bloom_check_kind(const bf_view *view, uint32 value_kind)
{
	if (unlikely(view->hdr.kind != value_kind &&
				 view->hdr.kind != BLOOM_KIND_NONE))
		bloom_raise_kind_mismatch(view->hdr.kind, value_kind);
}

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

/* bloom_state.c */
extern BloomState *bloom_state_create(MemoryContext parent, uint32 kind);
extern BloomState *bloom_state_create_sized(MemoryContext parent, uint32 kind,
											int64 capacity, double fpr);
extern BloomState *bloom_state_from_datum(Datum datum, MemoryContext parent);
extern void bloom_state_merge(BloomState *state, Datum other);
extern void bloom_state_intersect(BloomState *state, Datum other);
extern struct varlena *bloom_state_finish(BloomState *state);
extern BloomState *bloom_state_of(Datum datum);

#endif							/* BLOOMFILTER_H */
