/*-------------------------------------------------------------------------
 *
 * bloom_agg.c
 *	  The bloom_agg aggregates: transition, combine and final functions
 *	  over the expanded-object state of bloom_state.c.
 *
 * bloom_agg(value) sizes its filter from the distinct values it saw;
 * bloom_agg(value, capacity, fpr) builds exactly what bloom_create would
 * size.  bloom_union_agg(filter) and bloom_intersect_agg(filter) combine
 * stored filters.  All skip NULLs, and all have combine functions over
 * the same state, so partial states from parallel workers, partitions or
 * Citus workers merge losslessly.  bloom_agg_combine, which merges two
 * states, is also bloom_union_agg's transition function.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_agg.c
 *
 *-------------------------------------------------------------------------
 */
#include "bloom_cache.h"
#include "bloom_state.h"

/*
 * The aggregate context, or an error if a support function is called
 * outside an aggregate.
 */
static MemoryContext
aggregate_context(FunctionCallInfo fcinfo, const char *function)
{
	MemoryContext aggcontext;

	if (!AggCheckCallContext(fcinfo, &aggcontext))
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("%s can only be called as an aggregate support function",
						function)));
	return aggcontext;
}

/*
 * Give a state that holds no kind of value yet (an aggregate's initcond
 * made by bloom_create, say) the kind of the values about to be added, as
 * bloom_add does: in its parameters and, in the blocks phase, in its
 * filter's header, which is what the state finishes as.
 */
static void
adopt_kind(BloomState *state, uint32 kind)
{
	bf_header	hdr;
	bf_status	status;

	if (state->params.kind != BLOOM_KIND_NONE || kind == BLOOM_KIND_NONE)
		return;
	state->params.kind = kind;
	if (state->params.layout != BF_LAYOUT_BLOCKS)
		return;
	status = bf_read_header(state->filter, state->len, &hdr);
	if (status != BF_OK)
		bloom_raise(status, BLOOM_SOURCE_STATE);
	hdr.kind = kind;
	bf_write_header(state->filter, &hdr);
}

/*
 * The state in argument 0 when it is not the one this call site returned
 * last (writable_state): a read-write object of ours is used as it is;
 * otherwise (NULL, or a plain value) a new state is made in the aggregate
 * context, which also checks that there is one.  kind is that of the
 * values the caller adds (BLOOM_KIND_NONE for filters): a plain value
 * that holds no kind yet (an initcond) takes it.
 */
static pg_noinline BloomState *
adopt_state(FunctionCallInfo fcinfo, const char *function, uint32 kind)
{
	BloomCallCache *cache = bloom_call_cache(fcinfo);
	Datum		datum = PG_GETARG_DATUM(0);
	BloomState *state;

	if (PG_ARGISNULL(0))
		state = bloom_state_create(aggregate_context(fcinfo, function), kind);
	else if (!DatumIsReadWriteExpandedObject(datum, false, -1) ||
			 (state = bloom_state_of(datum)) == NULL)
	{
		state = bloom_state_from_datum(datum, aggregate_context(fcinfo, function));
		adopt_kind(state, kind);
	}
	cache->state = state;
	cache->state_datum = bloom_state_datum(state);
	return state;
}

/*
 * The state in argument 0, to modify in place.  On every row but the first
 * the executor passes back the read-write object we returned, which only
 * an aggregate can hold; the call site remembers it, so that case is one
 * comparison.
 */
static inline BloomState *
writable_state(FunctionCallInfo fcinfo, const char *function, uint32 kind)
{
	const BloomCallCache *cache = (const BloomCallCache *) fcinfo->flinfo->fn_extra;

	if (likely(cache != NULL && cache->state != NULL && !PG_ARGISNULL(0) &&
			   PG_GETARG_DATUM(0) == cache->state_datum))
		return cache->state;
	return adopt_state(fcinfo, function, kind);
}

/*
 * Transition of bloom_agg(value).  The state may hold values already (an
 * aggregate of the user's, with an initcond): a value of another kind is
 * refused, and text added to a filter of text made by 1.0 is hashed as
 * 1.0 did (bloom_hash_for).
 */
PG_FUNCTION_INFO_V1(bloom_agg_trans);
Datum
bloom_agg_trans(PG_FUNCTION_ARGS)
{
	const BloomHasher *hasher;
	BloomState *state;

	if (PG_ARGISNULL(1))
	{
		if (PG_ARGISNULL(0))
			PG_RETURN_NULL();
		PG_RETURN_DATUM(PG_GETARG_DATUM(0));
	}
	hasher = bloom_arg_hasher(fcinfo, 1);
	state = writable_state(fcinfo, "bloom_agg_trans", hasher->kind);
	bloom_state_add(state, bloom_hash_for(hasher, state->params.kind,
										  PG_GETARG_DATUM(1)));
	PG_RETURN_DATUM(bloom_state_datum(state));
}

/*
 * Transition of bloom_agg(value, capacity, fpr).  The state is created on
 * the first row, NULL value or not, so that all-NULL input still gives a
 * filter of the asked-for size; every row must ask for the same size.
 */
PG_FUNCTION_INFO_V1(bloom_agg_sized_trans);
Datum
bloom_agg_sized_trans(PG_FUNCTION_ARGS)
{
	const BloomHasher *hasher = bloom_arg_hasher(fcinfo, 1);
	int64		capacity;
	double		fpr;
	BloomState *state;

	if (PG_ARGISNULL(2) || PG_ARGISNULL(3))
		ereport(ERROR,
				(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
				 errmsg("bloom_agg capacity and false-positive rate must not be null")));
	capacity = PG_GETARG_INT64(2);
	fpr = PG_GETARG_FLOAT8(3);

	if (PG_ARGISNULL(0))
		state = bloom_state_create_sized(aggregate_context(fcinfo, "bloom_agg_sized_trans"),
										 hasher->kind, capacity, fpr);
	else
	{
		state = writable_state(fcinfo, "bloom_agg_sized_trans", hasher->kind);
		if (!bloom_state_is_sized(state, capacity, fpr))
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("bloom_agg capacity and false-positive rate must be the same for every row")));
	}
	if (!PG_ARGISNULL(1))
		bloom_state_add(state, bloom_hash_for(hasher, state->params.kind,
											  PG_GETARG_DATUM(1)));
	PG_RETURN_DATUM(bloom_state_datum(state));
}

/*
 * Union a filter (or another state) into the state in argument 0 by union
 * or by intersection; the first filter becomes the state, NULLs are
 * skipped.
 */
static Datum
combine_into_state(FunctionCallInfo fcinfo, const char *function, bool intersect)
{
	MemoryContext aggcontext = aggregate_context(fcinfo, function);
	BloomState *state;

	if (PG_ARGISNULL(1))
	{
		if (PG_ARGISNULL(0))
			PG_RETURN_NULL();
		PG_RETURN_DATUM(PG_GETARG_DATUM(0));
	}
	if (PG_ARGISNULL(0))
		state = bloom_state_from_datum(PG_GETARG_DATUM(1), aggcontext);
	else
	{
		state = writable_state(fcinfo, function, BLOOM_KIND_NONE);
		if (intersect)
			bloom_state_intersect(state, PG_GETARG_DATUM(1));
		else
			bloom_state_union(state, PG_GETARG_DATUM(1));
	}
	PG_RETURN_DATUM(bloom_state_datum(state));
}

/*
 * Combine two partial states (parallel workers, partitions, Citus), or
 * add a filter to bloom_union_agg's state: the union.
 */
PG_FUNCTION_INFO_V1(bloom_agg_combine);
Datum
bloom_agg_combine(PG_FUNCTION_ARGS)
{
	return combine_into_state(fcinfo, "bloom_agg_combine", false);
}

/*
 * Transition and combine function of bloom_intersect_agg: the
 * intersection of the state and a filter (or another state).
 */
PG_FUNCTION_INFO_V1(bloom_intersect_agg_trans);
Datum
bloom_intersect_agg_trans(PG_FUNCTION_ARGS)
{
	return combine_into_state(fcinfo, "bloom_intersect_agg_trans", true);
}

/*
 * Final function: the filter the state amounts to; with no values at all,
 * an empty filter (no members, cardinality 0).
 */
PG_FUNCTION_INFO_V1(bloom_agg_final);
Datum
bloom_agg_final(PG_FUNCTION_ARGS)
{
	BloomState *state;

	if (PG_ARGISNULL(0))
		PG_RETURN_POINTER(bloom_from_hashes(NULL, 0, BLOOM_KIND_NONE,
											BLOOM_DEFAULT_FPR));
	state = bloom_state_of(PG_GETARG_DATUM(0));
	if (state == NULL)
		state = bloom_state_from_datum(PG_GETARG_DATUM(0), CurrentMemoryContext);
	PG_RETURN_POINTER(bloom_state_finish(state));
}
