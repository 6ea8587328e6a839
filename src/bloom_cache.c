/*-------------------------------------------------------------------------
 *
 * bloom_cache.c
 *	  The per-call-site cache of the functions that take filters: the
 *	  hasher for the value's type (the type the call wrote it with, which
 *	  bloom_aggcall.c reads), and the stored filters read once per query
 *	  rather than once per row.
 *
 * A filter argument that lives in a table reaches a function as a TOAST
 * pointer on every row of a scan (from an InitPlan, a nested loop's outer
 * row, or a join), and detoasting it each time would read the whole filter
 * on every row (doc/performance.md measures it).  The cache in fn_extra keeps
 * the filters read, keyed by their TOAST pointers (va_toastrelid,
 * va_valueid), which identify a stored value uniquely; an inline value
 * compressed by an older storage setting is keyed by its compressed bytes.
 * Flat values need no cache: they are read in place.
 *
 * The budget is bloomfilter.cache_size (64 MB unless set) for the filters
 * kept resident, plus one filter
 * per argument read past it (which the call needs in memory anyway, and
 * which a scan probing one large filter then reads once).  Resident
 * filters are never evicted: a nested loop cycling through more filters
 * than fit keeps the first that fit and reads only the others per row,
 * where evicting the least recently used would read every one per row.
 *
 * A membership test need not read a filter at all: a stored filter can
 * be probed by slices (bloom_probe.c), its header and the TOAST chunk or
 * two that hold what the value needs.  Which it does, the call site's rule
 * says (bloom_slicing.c): it probes a large stored filter by slices until
 * those probes have cost about what reading it whole costs, and then reads
 * it, into a resident slot or the passing one as above.
 *
 * Caching "stable" arguments (get_fn_expr_arg_stable) was considered and
 * left out: PL/pgSQL reuses one expression state, fn_extra included, while
 * the values of its variables (PARAM_EXTERN, hence "stable") change.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_cache.c
 *
 *-------------------------------------------------------------------------
 */
#include "bloom_aggcall.h"
#include "bloom_cache.h"

/* bloomfilter.cache_size, in kB */
int			bloom_cache_size = BLOOM_CACHE_SIZE_DEFAULT;

/* This call site's cache, created zeroed on first use */
BloomCallCache *
bloom_call_cache(FunctionCallInfo fcinfo)
{
	if (fcinfo->flinfo->fn_extra == NULL)
		fcinfo->flinfo->fn_extra = MemoryContextAllocZero(fcinfo->flinfo->fn_mcxt,
														  sizeof(BloomCallCache));
	return (BloomCallCache *) fcinfo->flinfo->fn_extra;
}

/*
 * Look up the hasher for argument argno (bloom_arg_hasher's slow path), of
 * the type the call wrote it with (bloom_call_value_type)
 */
const BloomHasher *
bloom_arg_hasher_lookup(FunctionCallInfo fcinfo, int argno)
{
	BloomCallCache *cache = bloom_call_cache(fcinfo);

	if (!cache->hasher.ready)
	{
		bloom_hasher_init(&cache->hasher.hasher,
						  bloom_call_value_type(fcinfo, argno),
						  PG_GET_COLLATION(), fcinfo->flinfo->fn_mcxt);
		cache->hasher.ready = true;
	}
	return &cache->hasher.hasher;
}

/*
 * The hasher for values of type typid (the elements of an array argument,
 * whose type the array itself names; the value of a bloombank key), looked
 * up once per call site and type.
 */
const BloomHasher *
bloom_type_hasher(FunctionCallInfo fcinfo, Oid typid)
{
	BloomCallCache *cache = bloom_call_cache(fcinfo);

	if (!cache->hasher.ready || cache->hasher.hasher.typid != typid)
	{
		bloom_hasher_init(&cache->hasher.hasher, typid, PG_GET_COLLATION(),
						  fcinfo->flinfo->fn_mcxt);
		cache->hasher.ready = true;
	}
	return &cache->hasher.hasher;
}

/* Whether entry holds the filter behind raw, stored or inline compressed */
static bool
entry_holds(const BloomCachedFilter *entry, const struct varlena *raw)
{
	struct varatt_external pointer;

	if (entry->space == NULL)
		return false;
	if (VARATT_IS_EXTERNAL_ONDISK(raw))
	{
		VARATT_EXTERNAL_GET_POINTER(pointer, raw);
		return entry->compressed == NULL &&
			entry->valueid == pointer.va_valueid &&
			entry->toastrelid == pointer.va_toastrelid;
	}
	return entry->compressed != NULL &&
		VARSIZE(entry->compressed) == VARSIZE(raw) &&
		memcmp(entry->compressed, raw, VARSIZE(raw)) == 0;
}

/* Size of the filter behind a stored or inline compressed raw */
static size_t
filter_bytes(const struct varlena *raw)
{
	struct varatt_external pointer;

	if (VARATT_IS_EXTERNAL_ONDISK(raw))
	{
		VARATT_EXTERNAL_GET_POINTER(pointer, raw);
		return VARATT_EXTERNAL_GET_EXTSIZE(pointer);
	}
	return VARDATA_COMPRESSED_GET_EXTSIZE(raw);
}

/*
 * Read the filter behind raw (stored, or inline compressed) into entry,
 * an empty or passing slot, with the key that identifies it; for probes,
 * with the directory of an exact filter (bf_prepare).
 */
static void
fill_entry(BloomCachedFilter *entry, struct varlena *raw, size_t bytes,
		   bool probes, MemoryContext mcxt)
{
	struct varatt_external pointer;
	bf_view		view;
	size_t		directory_bytes;

	if (entry->space != NULL)
		pfree(entry->space);
	if (entry->compressed != NULL)
		pfree(entry->compressed);
	if (entry->directory != NULL)
		pfree(entry->directory);
	memset(entry, 0, sizeof(*entry));

	view = bloom_fetch_filter(raw, mcxt, &entry->space);
	directory_bytes = probes ? bf_prepare_size(&view.hdr) : 0;
	if (directory_bytes > 0)
		entry->directory = MemoryContextAlloc(mcxt, directory_bytes);
	bf_prepare(&entry->prepared, &view, entry->directory, directory_bytes);
	entry->bytes = bytes + directory_bytes;
	if (VARATT_IS_EXTERNAL_ONDISK(raw))
	{
		VARATT_EXTERNAL_GET_POINTER(pointer, raw);
		entry->toastrelid = pointer.va_toastrelid;
		entry->valueid = pointer.va_valueid;
	}
	else
	{
		entry->compressed = MemoryContextAlloc(mcxt, VARSIZE(raw));
		memcpy(entry->compressed, raw, VARSIZE(raw));
	}
}

/* Whether a filter of bytes more fits among the resident filters */
static bool
fits_resident(const BloomCallCache *cache, size_t bytes)
{
	return cache->filters.nresident < BLOOM_CACHE_FILTERS &&
		cache->filters.resident_bytes + bytes <= (size_t) bloom_cache_size * 1024;
}

/*
 * The entry that holds the filter behind raw: a resident one, or argument
 * argno's passing one; NULL if none does
 */
static BloomCachedFilter *
find_entry(BloomCallCache *cache, const struct varlena *raw, int argno)
{
	int			i;

	for (i = 0; i < cache->filters.nresident; i++)
		if (entry_holds(&cache->filters.resident[i], raw))
			return &cache->filters.resident[i];
	if (entry_holds(&cache->filters.passing[argno], raw))
		return &cache->filters.passing[argno];
	return NULL;
}

/*
 * Read the filter behind raw into a resident slot while the filters fit
 * in the budget, into argument argno's passing slot otherwise (fill_entry)
 */
static BloomCachedFilter *
read_entry(FunctionCallInfo fcinfo, struct varlena *raw, int argno,
		   bool probes)
{
	BloomCallCache *cache = bloom_call_cache(fcinfo);
	size_t		bytes = filter_bytes(raw);
	bool		resident = fits_resident(cache, bytes);
	BloomCachedFilter *entry = resident ?
		&cache->filters.resident[cache->filters.nresident++] : &cache->filters.passing[argno];

	fill_entry(entry, raw, bytes, probes, fcinfo->flinfo->fn_mcxt);
	if (resident)
		cache->filters.resident_bytes += entry->bytes;
	Assert(cache->filters.nresident <= BLOOM_CACHE_FILTERS);
	return entry;
}

/*
 * The slow path of bloom_cached_filter (probes false) and
 * bloom_probed_filter (probes true): a flat value (or an expanded one,
 * flattened here) is read in place; a stored or inline compressed one is
 * found among the resident filters or the argument's passing one, or else
 * read (read_entry), but for a membership test that probes it by slices
 * (bloom_slicing_probes: NULL).
 */
static const bf_prepared *
lookup(FunctionCallInfo fcinfo, int argno, bool probes)
{
	BloomCallCache *cache = bloom_call_cache(fcinfo);
	struct varlena *raw = (struct varlena *) PG_GETARG_POINTER(argno);
	BloomCachedFilter *entry;
	bf_view		view;

	if (!VARATT_IS_EXTERNAL_ONDISK(raw) && !VARATT_IS_COMPRESSED(raw))
	{
		view = bloom_view(PG_DETOAST_DATUM_PACKED(PointerGetDatum(raw)));
		bf_prepare(&cache->filters.current, &view, NULL, 0);
		return &cache->filters.current;
	}
	if (argno >= BLOOM_CACHE_ARGS)
		elog(ERROR, "bloom filter argument %d is past the cache's arguments",
			 argno);

	entry = find_entry(cache, raw, argno);
	if (entry == NULL)
	{
		if (probes &&
			bloom_slicing_probes(&cache->filters.slicing, fcinfo, argno,
								 fits_resident(cache, filter_bytes(raw))))
			return NULL;
		entry = read_entry(fcinfo, raw, argno, probes);
	}
	cache->filters.last[argno] = entry;
	return &entry->prepared;
}

/* bloom_cached_filter's slow path (lookup) */
const bf_view *
bloom_cached_filter_lookup(FunctionCallInfo fcinfo, int argno)
{
	return &lookup(fcinfo, argno, false)->view;
}

/* bloom_probed_filter's slow path (lookup): NULL to probe by slices */
const bf_prepared *
bloom_probed_filter_lookup(FunctionCallInfo fcinfo, int argno)
{
	return lookup(fcinfo, argno, true);
}

/*
 * Charge the buffers a probe by slices of filter argument argno touched
 * (bloom_probed_filter gave NULL) to the filter's account
 * (bloom_slicing_charge)
 */
void
bloom_slices_charge(FunctionCallInfo fcinfo, int argno, uint64 buffers)
{
	bloom_slicing_charge(&bloom_call_cache(fcinfo)->filters.slicing, argno,
						 buffers);
}

/*
 * The key of filter argument argno (BloomArgKey): its TOAST pointer if it
 * is stored, or that it is a constant of the query.
 */
static BloomArgKey
arg_key(FunctionCallInfo fcinfo, int argno)
{
	const struct varlena *raw = (const struct varlena *) PG_GETARG_POINTER(argno);
	BloomArgKey key;
	struct varatt_external pointer;
	Node	   *arg;

	memset(&key, 0, sizeof(key));
	if (VARATT_IS_EXTERNAL_ONDISK(raw))
	{
		VARATT_EXTERNAL_GET_POINTER(pointer, raw);
		key.valid = true;
		key.toastrelid = pointer.va_toastrelid;
		key.valueid = pointer.va_valueid;
		return key;
	}
	arg = bloom_arg_expr(fcinfo, argno);
	if (arg != NULL && IsA(arg, Const))
		key.valid = key.constant = true;
	return key;
}

/* Whether two argument keys name the same filter */
static bool
same_key(const BloomArgKey *a, const BloomArgKey *b)
{
	return a->valid && b->valid && a->constant == b->constant &&
		a->toastrelid == b->toastrelid && a->valueid == b->valueid;
}

/*
 * The filter this call site derived on its last call (bloom_derived_keep),
 * if its two filter arguments are the same stored or constant filters as
 * then; else NULL.  So the union of two stored filters is built once per
 * query, not once per row.  The value is the call site's, valid for the
 * rest of the query: callers must not change it (none of ours does, and
 * PostgreSQL lets a function return one of its inputs, which no caller may
 * change either).
 */
struct varlena *
bloom_derived_lookup(FunctionCallInfo fcinfo)
{
	BloomCallCache *cache = (BloomCallCache *) fcinfo->flinfo->fn_extra;
	BloomArgKey key;
	int			argno;

	if (cache == NULL || cache->derived.result == NULL)
		return NULL;
	for (argno = 0; argno < BLOOM_CACHE_ARGS; argno++)
	{
		key = arg_key(fcinfo, argno);
		if (!same_key(&key, &cache->derived.keys[argno]))
			return NULL;
	}
	return cache->derived.result;
}

/*
 * Keep result, derived from the two filter arguments, for the next calls
 * with the same ones (bloom_derived_lookup), if both have a key; returns
 * the value to return (the kept copy, or result itself).
 */
struct varlena *
bloom_derived_keep(FunctionCallInfo fcinfo, struct varlena *result)
{
	BloomCallCache *cache = bloom_call_cache(fcinfo);
	BloomArgKey keys[BLOOM_CACHE_ARGS];
	int			argno;

	for (argno = 0; argno < BLOOM_CACHE_ARGS; argno++)
	{
		keys[argno] = arg_key(fcinfo, argno);
		if (!keys[argno].valid)
			return result;
	}
	if (cache->derived.result != NULL)
		pfree(cache->derived.result);
	cache->derived.result = MemoryContextAlloc(fcinfo->flinfo->fn_mcxt,
											   VARSIZE(result));
	memcpy(cache->derived.result, result, VARSIZE(result));
	memcpy(cache->derived.keys, keys, sizeof(keys));
	return cache->derived.result;
}
