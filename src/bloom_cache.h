/*-------------------------------------------------------------------------
 *
 * bloom_cache.h
 *	  The per-call-site cache (bloom_cache.c), with the inline paths that
 *	  every row of a scan or an aggregate takes.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_cache.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef BLOOM_CACHE_H
#define BLOOM_CACHE_H

#include "bloom_access.h"
#include "bloom_hasher.h"
#include "bloom_slicing.h"

#include "access/detoast.h"

/* Filters a call site keeps resident, at most (and bloom_cache_size) */
#define BLOOM_CACHE_FILTERS		32

/* bloomfilter.cache_size, in kB (defined in bloom_module.c) */
#define BLOOM_CACHE_SIZE_DEFAULT	65536
extern PGDLLIMPORT int bloom_cache_size;

/* A filter a call site has read, with what identifies its source datum */
typedef struct BloomCachedFilter
{
	Oid			toastrelid;		/* on-disk TOAST pointer of the source, */
	Oid			valueid;		/* or InvalidOid */
	struct varlena *compressed; /* copy of an inline compressed source */
	char	   *space;			/* working memory of the filter, or NULL */
	void	   *directory;		/* of an exact filter's hashes, or NULL */
	size_t		bytes;			/* the filter's size, and its directory's */
	bf_prepared prepared;		/* the filter's view, prepared for probes */
} BloomCachedFilter;

/*
 * What identifies a filter argument across calls: its TOAST pointer when
 * stored, or, for a constant of the query, that it is one (its value never
 * changes).  Other arguments have none.
 */
typedef struct BloomArgKey
{
	bool		valid;
	bool		constant;
	Oid			toastrelid;
	Oid			valueid;
} BloomArgKey;

/* A filter derived from the filter arguments on the last call */
typedef struct BloomDerived
{
	BloomArgKey keys[BLOOM_CACHE_ARGS];
	struct varlena *result;		/* in the call site's memory, or NULL */
} BloomDerived;

/* The hasher for the value argument's type, looked up once */
typedef struct BloomHasherCache
{
	bool		ready;
	BloomHasher hasher;
} BloomHasherCache;

/*
 * The filters a call site has read, so that each stored filter is read
 * once per query rather than once per row.  Filters stay resident, in the
 * order read, while they fit in bloomfilter.cache_size; one that does not
 * fit is kept only until the next such read for the same argument
 * ("passing").  No resident filter is evicted, so a nested loop that
 * probes the same few filters on every outer row keeps them all.  A
 * membership test probes a large stored filter by slices until that has
 * cost about a whole read (bloom_slicing.c): the call site keeps the
 * accounts.
 */
typedef struct BloomFilterCache
{
	int			nresident;
	size_t		resident_bytes;
	BloomCachedFilter resident[BLOOM_CACHE_FILTERS];
	BloomCachedFilter passing[BLOOM_CACHE_ARGS];
	/* the filter each argument was served last (the inline path's guess) */
	const BloomCachedFilter *last[BLOOM_CACHE_ARGS];
	BloomSlicing slicing;		/* what probes by slices have cost */
	bf_prepared current;		/* of a flat filter read in place */
} BloomFilterCache;

/* The aggregate state a transition function returned last, and its datum */
typedef struct BloomStateCache
{
	Datum		datum;
	struct BloomState *state;	/* bloom_state.h */
	/*
	 * The sizing last worked out (bloom_build.c's _once functions): of
	 * bloom_create and bloom_agg(value, capacity, fpr) (nitems 0: none),
	 * of bloom_part_create and bloom_part_agg (parts 0: none)
	 */
	bf_header	sizing;
	bf_header	part_sizing;
} BloomStateCache;

/* What a call site keeps in fn_extra: one part for each role */
typedef struct BloomCallCache
{
	BloomHasherCache hasher;
	BloomFilterCache filters;
	BloomDerived derived;		/* union or intersection built last */
	BloomStateCache state;
} BloomCallCache;

extern BloomCallCache *bloom_call_cache(FunctionCallInfo fcinfo);
extern const BloomHasher *bloom_arg_hasher_lookup(FunctionCallInfo fcinfo,
												  int argno);
extern const BloomHasher *bloom_type_hasher(FunctionCallInfo fcinfo,
											Oid typid);
extern struct varlena *bloom_derived_lookup(FunctionCallInfo fcinfo);
extern struct varlena *bloom_derived_keep(FunctionCallInfo fcinfo,
										  struct varlena *result);
extern const bf_view *bloom_cached_filter_lookup(FunctionCallInfo fcinfo,
												 int argno);
extern const bf_prepared *bloom_probed_filter_lookup(FunctionCallInfo fcinfo,
													 int argno);
extern void bloom_slices_charge(FunctionCallInfo fcinfo, int argno,
								uint64 buffers);

/*
 * The hasher for the value argument argno, looked up once per call site;
 * inline because every row of a scan or an aggregate asks for it.
 */
static inline const BloomHasher *
bloom_arg_hasher(FunctionCallInfo fcinfo, int argno)
{
	BloomCallCache *cache = (BloomCallCache *) fcinfo->flinfo->fn_extra;

	if (likely(cache != NULL && cache->hasher.ready))
		return &cache->hasher.hasher;
	return bloom_arg_hasher_lookup(fcinfo, argno);
}

/*
 * The entry of the stored filter that argument argno was served last time,
 * if it is the argument's filter now: the case of nearly every row, inline
 * for bloom_cached_filter and bloom_probed_filter; NULL otherwise.
 */
static inline const BloomCachedFilter *
bloom_cached_last(FunctionCallInfo fcinfo, int argno)
{
	const BloomCallCache *cache = (const BloomCallCache *) fcinfo->flinfo->fn_extra;
	const struct varlena *raw = (const struct varlena *) PG_GETARG_POINTER(argno);

	if (likely(cache != NULL && argno < BLOOM_CACHE_ARGS &&
			   cache->filters.last[argno] != NULL) &&
		VARATT_IS_EXTERNAL_ONDISK(raw))
	{
		const BloomCachedFilter *entry = cache->filters.last[argno];
		struct varatt_external pointer;

		VARATT_EXTERNAL_GET_POINTER(pointer, raw);
		if (pointer.va_valueid == entry->valueid &&
			pointer.va_toastrelid == entry->toastrelid &&
			entry->compressed == NULL && entry->space != NULL)
			return entry;
	}
	return NULL;
}

/*
 * The filter argument argno, read once per query when it is stored: a
 * view valid until the end of the query, or (a flat value, or a filter
 * past the cache's budget) until the next call at this call site.
 */
static inline const bf_view *
bloom_cached_filter(FunctionCallInfo fcinfo, int argno)
{
	const BloomCachedFilter *entry = bloom_cached_last(fcinfo, argno);

	if (likely(entry != NULL))
		return &entry->prepared.view;
	return bloom_cached_filter_lookup(fcinfo, argno);
}

/*
 * The filter argument argno for a membership test, prepared for probes
 * (bf_prepare), as bloom_cached_filter reads it; or NULL when the filter
 * is stored and large and the call site's rule probes it by slices
 * (bloom_slicing.c; bloom_slices_contain), whose cost the caller then
 * charges (bloom_slices_charge).
 */
static inline const bf_prepared *
bloom_probed_filter(FunctionCallInfo fcinfo, int argno)
{
	const BloomCachedFilter *entry = bloom_cached_last(fcinfo, argno);

	if (likely(entry != NULL))
		return &entry->prepared;
	return bloom_probed_filter_lookup(fcinfo, argno);
}

#endif							/* BLOOM_CACHE_H */
