/*-------------------------------------------------------------------------
 *
 * bloom_filter.c
 *	  Getting at bloom values: opening them, allocating new ones, and the
 *	  per-call-site cache that reads a stored filter once per query.
 *
 * A filter argument that lives in a table reaches a function as a TOAST
 * pointer on every row of a scan (from an InitPlan, a nested loop's outer
 * row, or a join), and detoasting it each time costs the whole filter per
 * row: 581 us per row for a 6.7 MB filter.  The cache in fn_extra keeps
 * the last filter detoasted, keyed by its TOAST pointer (va_toastrelid,
 * va_valueid), which identifies a stored value uniquely; an inline value
 * compressed by an older storage setting is keyed by its compressed bytes.
 * Flat values need no cache: they are read in place.
 *
 * Caching "stable" arguments (get_fn_expr_arg_stable) was considered and
 * left out: PL/pgSQL reuses one expression state, fn_extra included, while
 * the values of its variables (PARAM_EXTERN, hence "stable") change.
 *
 * A stored filter (out of line, uncompressed: the type's STORAGE external)
 * is fetched from its TOAST table straight into working memory, aligned
 * and on huge pages when large (bloom_alloc_filter), rather than through
 * detoast_attr: that saves a copy of the whole filter and, for filters of
 * megabytes, most of the page faults of fresh memory, which cost more
 * than reading the filter.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_filter.c
 *
 *-------------------------------------------------------------------------
 */
#include "bloomfilter.h"

#include <sys/mman.h>

#include "access/detoast.h"
#include "access/table.h"
#include "access/tableam.h"
#include "catalog/pg_aggregate.h"
#include "catalog/pg_type.h"
#include "nodes/nodeFuncs.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"
#include "utils/syscache.h"

/* Alignment of the payload of a filter in working memory: a cache line */
#define BLOOM_PAYLOAD_ALIGN		64

/* Filters this large get transparent huge pages where the OS offers them */
#define BLOOM_HUGE_PAGE			((size_t) 2 << 20)
#define BLOOM_HUGE_MIN			((size_t) 4 << 20)

/*
 * Open a detoasted bloom value (4-byte or short header).  Values were
 * validated when they entered the database; a header that fails the O(1)
 * structural check now means corruption.
 */
bf_view
bloom_view(const struct varlena *filter)
{
	bf_view		view;
	bf_status	status = bf_open(VARDATA_ANY(filter), VARSIZE_ANY_EXHDR(filter),
								 &view);

	if (status != BF_OK)
		bloom_raise(status, BLOOM_SOURCE_STORED, NULL);
	return view;
}

/*
 * Advise transparent huge pages for the 2 MB pages wholly inside
 * [start, start + len), if len is 4 MB or more: large filters are written
 * once in random or streaming order, and faulting them in 2 MB at a time
 * costs a small fraction of doing it 4 kB at a time.
 */
static void
advise_huge_pages(char *start, size_t len)
{
#ifdef MADV_HUGEPAGE
	char	   *first = (char *) TYPEALIGN(BLOOM_HUGE_PAGE, start);
	char	   *end = (char *) TYPEALIGN_DOWN(BLOOM_HUGE_PAGE, start + len);

	if (len >= BLOOM_HUGE_MIN && end > first)
		(void) madvise(first, end - first, MADV_HUGEPAGE);
#endif
}

StaticAssertDecl(VARHDRSZ + BF_MAX_SIZE <= MaxAllocSize,
				 "the largest filter must fit in one allocation");
StaticAssertDecl((BF_MAX_HASHES + 1) * sizeof(uint64) <= MaxAllocSize,
				 "the hashes of the largest exact filter, plus one, must fit in one allocation");

/*
 * A new bloom value with room for a serialized filter of len bytes, its
 * varlena header set.  len comes from the core's size functions, which
 * never exceed BF_MAX_SIZE; the check keeps that promise visible, and the
 * assertions above tie BF_MAX_SIZE to MaxAllocSize, so no request here can
 * fail palloc's own size check.
 */
struct varlena *
bloom_palloc(size_t len)
{
	struct varlena *result;

	if (len > BF_MAX_SIZE)
		bloom_raise(BF_E_TOO_LARGE, BLOOM_SOURCE_ARGUMENTS, NULL);
	result = (struct varlena *) palloc(VARHDRSZ + len);
	advise_huge_pages((char *) result, VARHDRSZ + len);
	SET_VARSIZE(result, VARHDRSZ + len);
	return result;
}

/*
 * Working memory for a serialized filter of len bytes, in context cxt: the
 * returned pointer puts the payload (BF_HEADER_SIZE bytes in) on a cache
 * line, so no block straddles two lines.  A filter of 4 MB or more starts
 * on a 2 MB boundary and is advised to use transparent huge pages, which
 * spares a TLB miss on nearly every random access to it.  Free it by
 * pfree of *space.
 */
uint8 *
bloom_alloc_filter(MemoryContext cxt, size_t len, char **space)
{
	size_t		align = len >= BLOOM_HUGE_MIN ? BLOOM_HUGE_PAGE : BLOOM_PAYLOAD_ALIGN;
	char	   *start;

	*space = MemoryContextAllocHuge(cxt, len + 2 * align);
	start = (char *) TYPEALIGN(align, *space);
	advise_huge_pages(start, len + align);
	return (uint8 *) start + (BLOOM_PAYLOAD_ALIGN - BF_HEADER_SIZE % BLOOM_PAYLOAD_ALIGN);
}

/*
 * Whether raw points to a value stored out of line uncompressed, as the
 * type's STORAGE external keeps filters; if so, *pointer is its pointer.
 */
static bool
stored_plain(const struct varlena *raw, struct varatt_external *pointer)
{
	if (!VARATT_IS_EXTERNAL_ONDISK(raw))
		return false;
	VARATT_EXTERNAL_GET_POINTER(*pointer, raw);
	return !VARATT_EXTERNAL_IS_COMPRESSED(*pointer);
}

/*
 * Fetch a value stored out of line uncompressed from its TOAST table
 * straight into flat, which has room for it; sets flat's varlena header.
 */
static void
fetch_stored(const struct varatt_external *pointer, struct varlena *flat)
{
	int32		size = VARATT_EXTERNAL_GET_EXTSIZE(*pointer);
	Relation	toastrel = table_open(pointer->va_toastrelid, AccessShareLock);

	SET_VARSIZE(flat, size + VARHDRSZ);
	table_relation_fetch_toast_slice(toastrel, pointer->va_valueid, size,
									 0, size, flat);
	table_close(toastrel, AccessShareLock);
}

/*
 * Read the filter behind raw into working memory allocated in cxt (freed
 * by pfree of *space) and return its view: fetched from TOAST directly if
 * stored out of line uncompressed, detoasted and copied otherwise.
 */
static bf_view
fetch_filter(struct varlena *raw, MemoryContext cxt, char **space)
{
	struct varatt_external pointer;
	struct varlena *flat;
	uint8	   *start;
	size_t		len;

	if (stored_plain(raw, &pointer))
	{
		/* the value's varlena header goes just before the filter */
		start = bloom_alloc_filter(cxt, VARATT_EXTERNAL_GET_EXTSIZE(pointer),
								   space);
		flat = (struct varlena *) (start - VARHDRSZ);
		fetch_stored(&pointer, flat);
		return bloom_view(flat);
	}
	flat = detoast_attr(raw);
	len = VARSIZE_ANY_EXHDR(flat);
	start = bloom_alloc_filter(cxt, len, space);
	memcpy(start, VARDATA_ANY(flat), len);
	if (flat != raw)
		pfree(flat);
	flat = (struct varlena *) (start - VARHDRSZ);
	SET_VARSIZE(flat, len + VARHDRSZ);
	return bloom_view(flat);
}

/*
 * A new bloom value equal to the filter datum, to change in place and
 * return: a stored filter is fetched from TOAST straight into it, so the
 * copy costs nothing beyond reading the filter.
 */
struct varlena *
bloom_datum_copy(Datum datum)
{
	struct varlena *raw = (struct varlena *) DatumGetPointer(datum);
	struct varatt_external pointer;
	struct varlena *flat;
	struct varlena *copy;

	if (stored_plain(raw, &pointer))
	{
		copy = bloom_palloc(VARATT_EXTERNAL_GET_EXTSIZE(pointer));
		fetch_stored(&pointer, copy);
		return copy;
	}
	flat = PG_DETOAST_DATUM_PACKED(datum);
	copy = bloom_palloc(VARSIZE_ANY_EXHDR(flat));
	memcpy(VARDATA(copy), VARDATA_ANY(flat), VARSIZE_ANY_EXHDR(flat));
	if (flat != raw)
		pfree(flat);
	return copy;
}

/*
 * View of a filter datum, for code that reads the whole filter once: a
 * stored filter is fetched into working memory (fetch_filter), an inline
 * one read in place, an expanded one flattened.
 */
bf_view
bloom_datum_view(Datum datum)
{
	struct varlena *raw = (struct varlena *) DatumGetPointer(datum);
	char	   *space;

	if (VARATT_IS_EXTERNAL_ONDISK(raw))
		return fetch_filter(raw, CurrentMemoryContext, &space);
	return bloom_view(PG_DETOAST_DATUM_PACKED(datum));
}

/* View of filter argument argno (bloom_datum_view) */
bf_view
bloom_arg_view(FunctionCallInfo fcinfo, int argno)
{
	return bloom_datum_view(PG_GETARG_DATUM(argno));
}

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
 * The type of argument argno as the function's pg_proc entry declares it,
 * or InvalidOid if that is polymorphic.  For callers that pass no
 * expression (fn_expr), such as Citus's worker_partial_agg, which calls an
 * aggregate's transition function itself: the concrete overloads of
 * bloom_agg have transition functions declared on their value's type.
 */
static Oid
declared_arg_type(FunctionCallInfo fcinfo, int argno)
{
	Oid		   *argtypes;
	int			nargs;
	Oid			typid = InvalidOid;

	if (!OidIsValid(fcinfo->flinfo->fn_oid))
		return InvalidOid;
	get_func_signature(fcinfo->flinfo->fn_oid, &argtypes, &nargs);
	if (argno < nargs && !IsPolymorphicType(argtypes[argno]))
		typid = argtypes[argno];
	pfree(argtypes);
	return typid;
}

/*
 * The type of an aggregate's value argument argno (counting the state as
 * 0) as the query wrote it, or InvalidOid outside an aggregate.  The
 * concrete overloads of bloom_agg take, say, text, so a citext column
 * reaches bloom_agg(text) through an implicit binary-coercible cast: the
 * bytes are the column's own, and so must be the equality they are hashed
 * by, as bloom_agg(anycompatible) hashed them in 1.0.  An explicit cast
 * (c::text) is the user's choice and is kept.
 */
static Oid
aggregate_value_type(FunctionCallInfo fcinfo, int argno)
{
	Aggref	   *aggref = AggGetAggref(fcinfo);
	HeapTuple	tuple;
	Oid			transfn;
	Node	   *expr;

	if (aggref == NULL || argno < 1 || argno > list_length(aggref->args))
		return InvalidOid;

	/*
	 * The Aggref may be another aggregate's that calls this function itself
	 * (Citus's worker_partial_agg, whose first argument is the aggregate's
	 * oid): only this function's own aggregate describes its arguments.
	 */
	tuple = SearchSysCache1(AGGFNOID, ObjectIdGetDatum(aggref->aggfnoid));
	if (!HeapTupleIsValid(tuple))
		return InvalidOid;
	transfn = ((Form_pg_aggregate) GETSTRUCT(tuple))->aggtransfn;
	ReleaseSysCache(tuple);
	if (transfn != fcinfo->flinfo->fn_oid)
		return InvalidOid;

	expr = (Node *) list_nth_node(TargetEntry, aggref->args, argno - 1)->expr;
	while (IsA(expr, RelabelType) &&
		   ((RelabelType *) expr)->relabelformat == COERCE_IMPLICIT_CAST)
		expr = (Node *) ((RelabelType *) expr)->arg;
	return exprType(expr);
}

/* Look up the hasher for argument argno (bloom_arg_hasher's slow path) */
const BloomHasher *
bloom_arg_hasher_lookup(FunctionCallInfo fcinfo, int argno)
{
	BloomCallCache *cache = bloom_call_cache(fcinfo);

	if (!cache->hasher_ready)
	{
		Oid			typid = aggregate_value_type(fcinfo, argno);

		if (!OidIsValid(typid))
			typid = get_fn_expr_argtype(fcinfo->flinfo, argno);

		if (!OidIsValid(typid))
			typid = declared_arg_type(fcinfo, argno);
		if (!OidIsValid(typid))
			ereport(ERROR,
					(errcode(ERRCODE_INDETERMINATE_DATATYPE),
					 errmsg("could not determine the type of the value"),
					 errdetail("The caller passed no expression to read it from, and the function is declared on a polymorphic type.")));
		bloom_hasher_init(&cache->hasher, typid, PG_GET_COLLATION(),
						  fcinfo->flinfo->fn_mcxt);
		cache->hasher_ready = true;
	}
	return &cache->hasher;
}

/* Replace the cached filter with raw's, read into working memory */
static void
cache_filter(BloomCallCache *cache, struct varlena *raw, MemoryContext mcxt)
{
	if (cache->copy != NULL)
		pfree(cache->copy);
	if (cache->compressed != NULL)
		pfree(cache->compressed);
	cache->copy = NULL;
	cache->compressed = NULL;
	cache->toastrelid = InvalidOid;
	cache->valueid = InvalidOid;
	cache->filter_ready = false;

	cache->view = fetch_filter(raw, mcxt, &cache->copy);
	cache->filter_ready = true;
}

/*
 * bloom_cached_filter's slow path, for every argument but the stored filter
 * read last time (which bloom_cached_filter has already ruled out): a
 * stored filter is read and cached; an inline compressed one is cached by
 * its bytes; a flat one is read in place.
 */
const bf_view *
bloom_cached_filter_lookup(FunctionCallInfo fcinfo, int argno)
{
	BloomCallCache *cache = bloom_call_cache(fcinfo);
	struct varlena *raw = (struct varlena *) PG_GETARG_POINTER(argno);
	MemoryContext mcxt = fcinfo->flinfo->fn_mcxt;

	if (VARATT_IS_EXTERNAL_ONDISK(raw))
	{
		struct varatt_external pointer;

		VARATT_EXTERNAL_GET_POINTER(pointer, raw);
		cache_filter(cache, raw, mcxt);
		cache->toastrelid = pointer.va_toastrelid;
		cache->valueid = pointer.va_valueid;
		return &cache->view;
	}
	if (VARATT_IS_COMPRESSED(raw))
	{
		if (!cache->filter_ready || cache->compressed == NULL ||
			VARSIZE(cache->compressed) != VARSIZE(raw) ||
			memcmp(cache->compressed, raw, VARSIZE(raw)) != 0)
		{
			cache_filter(cache, raw, mcxt);
			cache->compressed = MemoryContextAlloc(mcxt, VARSIZE(raw));
			memcpy(cache->compressed, raw, VARSIZE(raw));
		}
		return &cache->view;
	}

	/* a flat value (or an expanded one, flattened here) is read in place */
	cache->current = bloom_view(PG_DETOAST_DATUM_PACKED(PointerGetDatum(raw)));
	return &cache->current;
}

/*
 * Header of an empty filter sized for capacity values at rate fpr, as
 * bloom_create and bloom_agg(value, capacity, fpr) make it; arguments out
 * of range are errors, raised before anything is allocated.
 */
bf_header
bloom_sized_header(int64 capacity, double fpr, uint32 kind)
{
	bf_header	hdr;
	uint64		nblocks;
	bf_status	status = bf_blocks_for(capacity < 1 ? 0 : (uint64) capacity,
									   fpr, &nblocks);

	if (status != BF_OK)
		bloom_raise(status, BLOOM_SOURCE_ARGUMENTS, NULL);
	bf_header_init(&hdr, BF_LAYOUT_BLOCKS, nblocks, (uint64) capacity, fpr, 0,
				   kind);
	return hdr;
}

/* Sort n hashes ascending, in place */
void
bloom_sort_hashes(uint64 *hashes, uint64 n)
{
	uint64	   *scratch = palloc((n + 1) * sizeof(uint64));

	bf_sort_hashes(hashes, n, scratch);
	pfree(scratch);
}

/*
 * The filter, sized from the data, that holds n distinct hashes given in
 * any order: an exact list while that is at most twice the optimal block
 * filter's size (the hashes are then sorted in place, as the list stores
 * them ascending), otherwise a block filter from the power-of-two ladder
 * (bf_auto_blocks), which takes them as they come.
 */
struct varlena *
bloom_from_hashes(uint64 *hashes, uint64 n, uint32 kind, double fpr)
{
	struct varlena *result;
	bf_header	hdr;
	bf_status	status;
	uint64		nblocks;

	if (bf_auto_keeps_exact(n, fpr))
	{
		bloom_sort_hashes(hashes, n);
		bf_header_init(&hdr, BF_LAYOUT_EXACT, n, 0, fpr, BF_FLAG_AUTO, kind);
		result = bloom_palloc(bf_size_exact(n));
		status = bf_init_exact(VARDATA(result), bf_size_exact(n), &hdr,
							   hashes, n);
	}
	else
	{
		status = bf_auto_blocks(n, fpr, &nblocks);
		if (status != BF_OK)
			bloom_raise(status, BLOOM_SOURCE_ARGUMENTS, NULL);
		bf_header_init(&hdr, BF_LAYOUT_BLOCKS, nblocks,
					   bf_capacity_of(nblocks, fpr), fpr, BF_FLAG_AUTO, kind);
		result = bloom_palloc(bf_size_blocks(nblocks));
		status = bf_init(VARDATA(result), bf_size_blocks(nblocks), &hdr);
		if (status == BF_OK)
			status = bf_add_hashes(VARDATA(result), bf_size_blocks(nblocks),
								   hashes, n);
	}
	if (status != BF_OK)
		bloom_raise(status, BLOOM_SOURCE_ARGUMENTS, NULL);
	return result;
}

/*
 * An exact filter made by combining others, sized again the way
 * bloom_agg(value) sizes its result (bloom_from_hashes), so that the union
 * of small filters is the filter bloom_agg would build from their values;
 * any other filter is returned unchanged.
 */
struct varlena *
bloom_resize_exact(struct varlena *filter)
{
	bf_view		view = bloom_view(filter);
	uint64	   *hashes;
	struct varlena *result;
	uint64		i;

	if (view.hdr.layout != BF_LAYOUT_EXACT ||
		bf_auto_keeps_exact(view.hdr.nitems, view.hdr.fpr))
		return filter;
	hashes = palloc(view.hdr.nitems * sizeof(uint64));
	for (i = 0; i < view.hdr.nitems; i++)
		hashes[i] = bf_exact_hash(&view, i);
	result = bloom_from_hashes(hashes, view.hdr.nitems, view.hdr.kind,
							   view.hdr.fpr);
	pfree(hashes);
	return result;
}
