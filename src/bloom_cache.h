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

#include "access/detoast.h"

/*
 * What a call site keeps in fn_extra: the hasher for the value's type,
 * and the filter last detoasted, so a stored filter is read once per
 * query rather than once per row.
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
	struct BloomState *state;	/* bloom_state.h */
} BloomCallCache;

extern BloomCallCache *bloom_call_cache(FunctionCallInfo fcinfo);
extern Oid	bloom_aggref_value_type(const struct Aggref *aggref, int i);
extern const BloomHasher *bloom_arg_hasher_lookup(FunctionCallInfo fcinfo,
												  int argno);
extern const bf_view *bloom_cached_filter_lookup(FunctionCallInfo fcinfo,
												 int argno);

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

#endif							/* BLOOM_CACHE_H */
