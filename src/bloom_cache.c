/*-------------------------------------------------------------------------
 *
 * bloom_cache.c
 *	  The per-call-site cache of the functions that take a filter and a
 *	  value: the hasher for the value's type, and the stored filter read
 *	  once per query rather than once per row.
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
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_cache.c
 *
 *-------------------------------------------------------------------------
 */
#include "bloom_cache.h"

#include "access/htup_details.h"
#include "catalog/pg_aggregate.h"
#include "catalog/pg_type.h"
#include "nodes/nodeFuncs.h"
#include "utils/lsyscache.h"
#include "utils/syscache.h"

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

	return bloom_aggref_value_type(aggref, argno - 1);
}

/*
 * The type of argument i (from 0) of an aggregate call as the query wrote
 * it, without the implicit binary-coercible cast to a concrete overload's
 * type (aggregate_value_type says why)
 */
Oid
bloom_aggref_value_type(const struct Aggref *aggref, int i)
{
	Node	   *expr = (Node *) list_nth_node(TargetEntry, aggref->args, i)->expr;

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

	cache->view = bloom_fetch_filter(raw, mcxt, &cache->copy);
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
