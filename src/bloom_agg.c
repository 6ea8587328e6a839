/*-------------------------------------------------------------------------
 *
 * bloom_agg.c
 *	  The bloom_agg aggregates: transition, combine and final functions
 *	  over the expanded-object state of bloom_state.c.
 *
 * bloom_agg(value) sizes its filter from the distinct values it saw;
 * bloom_agg(value, capacity, fpr) builds exactly what bloom_create would
 * size.  bloom_parquet_agg does the same in Parquet mode, over the same
 * state, whose hash id goes through every phase.  bloom_union_agg(filter)
 * and bloom_intersect_agg(filter) combine stored filters.  All skip NULLs,
 * and all have combine functions over
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
#include "bloom_aggcall.h"
#include "bloom_cache.h"
#include "bloom_names_1_0.h"
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
		bloom_state_set_kind(state, kind);
	}
	cache->state.state = state;
	cache->state.datum = bloom_state_datum(state);
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

	if (likely(cache != NULL && cache->state.state != NULL && !PG_ARGISNULL(0) &&
			   PG_GETARG_DATUM(0) == cache->state.datum))
		return cache->state.state;
	return adopt_state(fcinfo, function, kind);
}

/*
 * The state in argument 0 if the call brings no call cache (fn_extra) and
 * the state keeps a hasher (bloom_state_keep_hasher): Citus's
 * worker_partial_agg calls a transition function through a new FmgrInfo
 * each row, and the state then keeps the hasher its first row looked up,
 * so that no later row looks the type up again.  NULL otherwise.
 */
static inline BloomState *
uncached_state(FunctionCallInfo fcinfo)
{
	BloomState *state;

	if (likely(fcinfo->flinfo->fn_extra != NULL) || PG_ARGISNULL(0) ||
		!DatumIsReadWriteExpandedObject(PG_GETARG_DATUM(0), false, -1))
		return NULL;
	state = bloom_state_of(PG_GETARG_DATUM(0));
	return state != NULL && state->kept != NULL ? state : NULL;
}

static inline BloomState *value_state(FunctionCallInfo fcinfo,
									 const char *function, bool sized,
									 const BloomHasher **hasher);

/*
 * Add a (non-null) value to a state, hashed as its filter stores it
 * (bloom_hash_to_add).  The state may hold values already (an aggregate
 * of the user's, with an initcond): a value of another kind is refused,
 * text added to a filter of text made by 1.0 is hashed as 1.0 did, and a
 * part of a filter takes the values of its part only.
 */
static inline void
add_value(BloomState *state, const BloomHasher *hasher, Datum value)
{
	uint64		hash;

	if (unlikely(!bloom_hash_to_add(hasher, &state->acc.hdr, value, &hash)))
		bloom_raise_other_part(&state->acc.hdr, hash);
	bloom_state_add(state, hash);
}

/* Transition of bloom_agg(value) (add_value) */
PG_FUNCTION_INFO_V1(bloomfilter_agg_trans);
Datum
bloomfilter_agg_trans(PG_FUNCTION_ARGS)
{
	const BloomHasher *hasher;
	BloomState *state;

	if (PG_ARGISNULL(1))
	{
		if (PG_ARGISNULL(0))
			PG_RETURN_NULL();
		PG_RETURN_DATUM(PG_GETARG_DATUM(0));
	}
	state = value_state(fcinfo, "bloom_agg_trans", false, &hasher);
	add_value(state, hasher, PG_GETARG_DATUM(1));
	PG_RETURN_DATUM(bloom_state_datum(state));
}

/* Refuse a NULL capacity or rate of bloom_agg(value, capacity, fpr) */
static void
check_size_not_null(bool isnull)
{
	if (isnull)
		ereport(ERROR,
				(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
				 errmsg("bloom_agg capacity and false-positive rate must not be null")));
}

/*
 * The state of bloom_agg(value, capacity, fpr), for values of the given
 * kind: created on the first row, NULL value or not, so that all-NULL
 * input still gives a filter of the asked-for size; every row must ask
 * for the same size (sized_state's slow path).
 */
static pg_noinline BloomState *
adopt_sized_state(FunctionCallInfo fcinfo, const char *function, uint32 kind)
{
	int64		capacity;
	double		fpr;
	BloomState *state;
	bf_header	hdr;

	check_size_not_null(PG_ARGISNULL(2) || PG_ARGISNULL(3));
	capacity = PG_GETARG_INT64(2);
	fpr = PG_GETARG_FLOAT8(3);

	if (PG_ARGISNULL(0))
	{
		/* bloom_create's size, worked out once per call site */
		hdr = bloom_sized_header_once(&bloom_call_cache(fcinfo)->state.sizing,
									  capacity, fpr, kind, bf_hash_of_kind(kind));
		return bloom_state_create_blocks(aggregate_context(fcinfo, function),
										 &hdr);
	}
	state = writable_state(fcinfo, function, kind);
	if (!bloom_state_is_sized(state, capacity, fpr))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("bloom_agg capacity and false-positive rate must be the same for every row")));
	return state;
}

/*
 * The state of bloom_agg(value, capacity, fpr) (adopt_sized_state).  On
 * every row but the first two the executor passes back the state this
 * call site adopted, which was checked to be of the size asked for then:
 * only the row's size is compared, inline.
 */
static inline BloomState *
sized_state(FunctionCallInfo fcinfo, const char *function, uint32 kind)
{
	const BloomCallCache *cache = (const BloomCallCache *) fcinfo->flinfo->fn_extra;

	if (likely(cache != NULL && cache->state.state != NULL &&
			   !PG_ARGISNULL(0) && PG_GETARG_DATUM(0) == cache->state.datum &&
			   !PG_ARGISNULL(2) && !PG_ARGISNULL(3) &&
			   cache->state.state->acc.hdr.capacity == (uint64) PG_GETARG_INT64(2) &&
			   cache->state.state->acc.hdr.fpr == PG_GETARG_FLOAT8(3)))
		return cache->state.state;
	return adopt_sized_state(fcinfo, function, kind);
}

/*
 * The state of a bloom_agg transition and the hasher of its value (into
 * *hasher): the call site's (bloom_arg_hasher) and its state
 * (writable_state, or sized_state for bloom_agg(value, capacity, fpr));
 * or, for a call that brings no call cache, the state and the hasher it
 * keeps (uncached_state), which the first such call makes it keep
 */
static inline BloomState *
value_state(FunctionCallInfo fcinfo, const char *function, bool sized,
			const BloomHasher **hasher)
{
	bool		uncached = fcinfo->flinfo->fn_extra == NULL;
	BloomState *state;

	if (unlikely(uncached) && (state = uncached_state(fcinfo)) != NULL &&
		(!sized || (!PG_ARGISNULL(2) && !PG_ARGISNULL(3) &&
					bloom_state_is_sized(state, PG_GETARG_INT64(2),
										 PG_GETARG_FLOAT8(3)))))
	{
		*hasher = state->kept;
		return state;
	}
	*hasher = bloom_arg_hasher(fcinfo, 1);
	state = sized ? sized_state(fcinfo, function, (*hasher)->kind) :
		writable_state(fcinfo, function, (*hasher)->kind);
	if (unlikely(uncached))
		bloom_state_keep_hasher(state, *hasher);
	return state;
}

/* Transition of bloom_agg(value, capacity, fpr) (value_state) */
PG_FUNCTION_INFO_V1(bloomfilter_agg_sized_trans);
Datum
bloomfilter_agg_sized_trans(PG_FUNCTION_ARGS)
{
	const BloomHasher *hasher;
	BloomState *state = value_state(fcinfo, "bloom_agg_sized_trans", true,
									&hasher);

	if (!PG_ARGISNULL(1))
		add_value(state, hasher, PG_GETARG_DATUM(1));
	PG_RETURN_DATUM(bloom_state_datum(state));
}

/*
 * The hasher of a Parquet aggregate's value, of Parquet mode, looked up
 * once per call site: numeric values take the precision and scale they
 * are declared with (bloom_call_value_typmod).
 */
static const BloomHasher *
parquet_arg_hasher(FunctionCallInfo fcinfo)
{
	const BloomCallCache *cache = (const BloomCallCache *) fcinfo->flinfo->fn_extra;
	BloomHasher *hasher;

	if (likely(cache != NULL && cache->hasher.ready))
		return &cache->hasher.hasher;
	/* the call site's own hasher, made Parquet's once */
	hasher = (BloomHasher *) bloom_arg_hasher_lookup(fcinfo, 1);
	bloom_parquet_hasher(hasher, bloom_call_value_typmod(fcinfo, 1));
	return hasher;
}

/*
 * Transition of bloom_parquet_agg(value): bloom_agg_trans in Parquet mode.
 * The commonest values (text held in line, int4, int8, of the state's
 * kind) are hashed without a call (bloom_hash_to_add).
 */
PG_FUNCTION_INFO_V1(bloomfilter_parquet_agg_trans);
Datum
bloomfilter_parquet_agg_trans(PG_FUNCTION_ARGS)
{
	const BloomHasher *hasher;
	BloomState *state;

	if (PG_ARGISNULL(1))
	{
		if (PG_ARGISNULL(0))
			PG_RETURN_NULL();
		PG_RETURN_DATUM(PG_GETARG_DATUM(0));
	}
	hasher = parquet_arg_hasher(fcinfo);
	state = writable_state(fcinfo, "bloom_parquet_agg_trans", hasher->kind);
	add_value(state, hasher, PG_GETARG_DATUM(1));
	PG_RETURN_DATUM(bloom_state_datum(state));
}

/*
 * Transition of bloom_parquet_agg(value, capacity, fpr):
 * bloom_agg_sized_trans in Parquet mode
 */
PG_FUNCTION_INFO_V1(bloomfilter_parquet_agg_sized_trans);
Datum
bloomfilter_parquet_agg_sized_trans(PG_FUNCTION_ARGS)
{
	const BloomHasher *hasher = parquet_arg_hasher(fcinfo);
	BloomState *state = sized_state(fcinfo, "bloom_parquet_agg_sized_trans",
									hasher->kind);

	if (!PG_ARGISNULL(1))
		add_value(state, hasher, PG_GETARG_DATUM(1));
	PG_RETURN_DATUM(bloom_state_datum(state));
}

/*
 * Header of the part that a value of hash belongs to, holding values of
 * kind, of the whole sized for capacity values at rate fpr in parts parts
 * (bloom_part_header, a search over block counts, worked out once per
 * call site and sizing: a GROUP BY starts a state for every part).
 */
static bf_header
part_header(FunctionCallInfo fcinfo, int64 capacity, double fpr, int32 parts,
			uint64 hash, uint32 kind)
{
	bf_header	hdr = bloom_part_header_once(&bloom_call_cache(fcinfo)->state.part_sizing,
											 capacity, fpr, parts, 0, kind);

	hdr.part = bf_part_of(hash, hdr.parts);
	return hdr;
}

/*
 * Transition of bloom_part_agg(value, capacity, fpr, parts): the part that
 * the group's values belong to, of the whole filter sized for capacity
 * values at rate fpr in parts parts (bloom_part_header), to which each
 * value's local hash is added (bloom_hash_to_add) as bloom_agg(value,
 * capacity, fpr) adds a hash.  The part is known from the group's first
 * non-NULL value, which makes the state (a group of NULLs only has none,
 * and gives NULL); a later value of another part is an error: the query
 * must group by the values' part, bloom_part_of(value, capacity, fpr,
 * parts).
 */
PG_FUNCTION_INFO_V1(bloomfilter_part_agg_trans);
Datum
bloomfilter_part_agg_trans(PG_FUNCTION_ARGS)
{
	const BloomHasher *hasher;
	BloomState *state;
	int64		capacity;
	double		fpr;
	int32		parts;
	uint64		hash;

	if (PG_ARGISNULL(2) || PG_ARGISNULL(3) || PG_ARGISNULL(4))
		ereport(ERROR,
				(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
				 errmsg("bloom_part_agg capacity, false-positive rate and number of parts must not be null")));
	if (PG_ARGISNULL(1))
	{
		if (PG_ARGISNULL(0))
			PG_RETURN_NULL();
		PG_RETURN_DATUM(PG_GETARG_DATUM(0));
	}
	capacity = PG_GETARG_INT64(2);
	fpr = PG_GETARG_FLOAT8(3);
	parts = PG_GETARG_INT32(4);
	hasher = bloom_arg_hasher(fcinfo, 1);

	if (PG_ARGISNULL(0))
	{
		bf_header	hdr;

		/* the value's hash in the whole filter says which part it is */
		(void) bloom_hash_to_add(hasher, NULL, PG_GETARG_DATUM(1), &hash);
		hdr = part_header(fcinfo, capacity, fpr, parts, hash, hasher->kind);
		state = bloom_state_create_blocks(aggregate_context(fcinfo, "bloom_part_agg_trans"),
										  &hdr);
	}
	else
	{
		state = writable_state(fcinfo, "bloom_part_agg_trans", hasher->kind);
		if (!(state->acc.hdr.flags & BF_FLAG_PART) ||
			state->acc.hdr.parts != (uint32) parts ||
			state->acc.hdr.capacity != (uint64) capacity ||
			state->acc.hdr.fpr != fpr)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("bloom_part_agg capacity, false-positive rate and number of parts must be the same for every row")));
	}
	if (!bloom_hash_to_add(hasher, &state->acc.hdr, PG_GETARG_DATUM(1), &hash))
		ereport(ERROR,
				(errcode(ERRCODE_GROUPING_ERROR),
				 errmsg("bloom_part_agg got values of parts %u and %u in one group",
						state->acc.hdr.part, bf_part_of(hash, state->acc.hdr.parts)),
				 errdetail("Each group of bloom_part_agg builds the part of its values, so all of them must belong to one part."),
				 errhint("Group by the values' part, bloom_part_of(value, capacity, fpr, parts).")));
	bloom_state_add(state, hash);
	PG_RETURN_DATUM(bloom_state_datum(state));
}

/*
 * Transition of bloom_assemble_agg(part): the whole filter that the parts
 * are of, each part ORed into its range of blocks (bf_assemble_into), so
 * that all the parts give the whole byte for byte, and parts left out are
 * empty.  The state is a plain value of the whole's size, made from the
 * first part's header and changed in place; states combine by union
 * (bloom_agg_combine).  A whole larger than one value, a filter that is no
 * part and a part of another whole are errors.
 */
PG_FUNCTION_INFO_V1(bloomfilter_assemble_agg_trans);
Datum
bloomfilter_assemble_agg_trans(PG_FUNCTION_ARGS)
{
	MemoryContext aggcontext = aggregate_context(fcinfo, "bloom_assemble_agg_trans");
	struct varlena *whole;
	bf_view		part;
	bf_view		mine;
	bf_status	status;

	if (PG_ARGISNULL(1))
	{
		if (PG_ARGISNULL(0))
			PG_RETURN_NULL();
		PG_RETURN_DATUM(PG_GETARG_DATUM(0));
	}
	part = bloom_arg_view(fcinfo, 1);
	if (!(part.hdr.flags & BF_FLAG_PART))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("bloom_assemble_agg takes parts of a bloom filter"),
				 errdetail("The filter is not a part; bloom_part_agg, bloom_part_create and bloom_split make parts.")));
	if (PG_ARGISNULL(0))
	{
		bf_header	hdr;

		status = bf_whole_header(&part.hdr, &hdr);
		if (status == BF_E_TOO_LARGE)
			ereport(ERROR,
					(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
					 errmsg("bloom filter parts are too large to assemble into one value"),
					 errdetail("The whole filter has %llu blocks; a filter in one value has at most %llu (768 MB).",
							   (unsigned long long) (part.hdr.nitems * part.hdr.parts),
							   (unsigned long long) BF_MAX_BLOCKS),
					 errhint("Keep the filter as the table of its parts.")));
		whole = (struct varlena *) MemoryContextAllocHuge(aggcontext,
														  VARHDRSZ + bf_size_blocks(hdr.nitems));
		SET_VARSIZE(whole, VARHDRSZ + bf_size_blocks(hdr.nitems));
		status = bf_init(VARDATA(whole), VARSIZE(whole) - VARHDRSZ, &hdr);
		if (status != BF_OK)
			bloom_raise(status, BLOOM_SOURCE_STATE);
	}
	else
		whole = (struct varlena *) PG_GETARG_POINTER(0);
	status = bf_assemble_into(VARDATA(whole), VARSIZE(whole) - VARHDRSZ, &part);
	if (status != BF_OK)
	{
		mine = bloom_view(whole);
		bloom_raise_incompatible(status, &mine, &part);
	}
	PG_RETURN_POINTER(whole);
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
PG_FUNCTION_INFO_V1(bloomfilter_agg_combine);
Datum
bloomfilter_agg_combine(PG_FUNCTION_ARGS)
{
	return combine_into_state(fcinfo, "bloom_agg_combine", false);
}

/*
 * Transition and combine function of bloom_intersect_agg: the
 * intersection of the state and a filter (or another state).
 */
PG_FUNCTION_INFO_V1(bloomfilter_intersect_agg_trans);
Datum
bloomfilter_intersect_agg_trans(PG_FUNCTION_ARGS)
{
	return combine_into_state(fcinfo, "bloom_intersect_agg_trans", true);
}

/*
 * The C function of an aggregate call's transition function (NULL if it
 * has none): bloomfilter_agg_sized_trans, say, for a call of
 * bloom_agg(value, capacity, fpr), an overload or an aggregate of the
 * user's built on it (in a catalog of 1.0, which names it by 1.0's C name,
 * bloom_agg_sized_trans, that name's function is taken as the one it
 * passes its calls to).
 */
static PGFunction
transition_of(const Aggref *aggref)
{
	PGFunction	transition = bloom_aggref_transition(aggref);

	if (transition == bloom_agg_sized_trans)
		return bloomfilter_agg_sized_trans;
	return transition;
}

/*
 * The result of bloom_agg(value, capacity, fpr) over no rows, where no
 * transition ran and the final function gets a NULL state but not the
 * arguments: the empty filter of the asked-for size, read from the call's
 * arguments (bloom_final_aggref, bloom_final_arg), the same filter as over
 * only NULLs.  NULL when the call is another aggregate, or its size cannot
 * be known here: a size that depends on the rows (a column, a volatile
 * expression), or a window aggregate (README.md, Aggregates).
 */
static struct varlena *
sized_empty_filter(FunctionCallInfo fcinfo)
{
	const Aggref *aggref = bloom_final_aggref(fcinfo);
	PGFunction	transition = aggref != NULL ? transition_of(aggref) : NULL;
	Datum		capacity;
	Datum		fpr;
	bool		capacity_null;
	bool		fpr_null;
	BloomHasher hasher;
	bf_header	hdr;

	if (transition != bloomfilter_agg_sized_trans &&
		transition != bloomfilter_parquet_agg_sized_trans)
		return NULL;
	if (list_length(aggref->args) != 3 ||
		!bloom_final_arg(fcinfo, aggref, 1, &capacity, &capacity_null) ||
		!bloom_final_arg(fcinfo, aggref, 2, &fpr, &fpr_null))
		return NULL;
	check_size_not_null(capacity_null || fpr_null);

	/* the kind the transition would have given it, as over only NULLs */
	bloom_hasher_init(&hasher, bloom_aggref_value_type(aggref, 0),
					  aggref->inputcollid, CurrentMemoryContext);
	if (transition == bloomfilter_parquet_agg_sized_trans)
		bloom_parquet_hasher(&hasher, bloom_aggref_typmod(aggref, 0));
	hdr = bloom_sized_header(DatumGetInt64(capacity), DatumGetFloat8(fpr),
							 hasher.kind, bf_hash_of_kind(hasher.kind));
	return bloom_empty_filter(&hdr);
}

/*
 * Final function: the filter the state amounts to.  With no values at
 * all: for bloom_agg(value, capacity, fpr) the empty filter of that size
 * where the arguments can be read (sized_empty_filter), otherwise an empty
 * auto-sized filter (no members, cardinality 0).  A plain value (an
 * initcond, over no rows) is finished as a state holding it would be.
 */
PG_FUNCTION_INFO_V1(bloomfilter_agg_final);
Datum
bloomfilter_agg_final(PG_FUNCTION_ARGS)
{
	BloomState *state;
	struct varlena *sized;
	bf_view		view;

	if (PG_ARGISNULL(0))
	{
		sized = sized_empty_filter(fcinfo);
		PG_RETURN_POINTER(sized != NULL ? sized :
						  bloom_accumulate(NULL, NULL, NULL, 0));
	}
	state = bloom_state_of(PG_GETARG_DATUM(0));
	if (state != NULL)
		PG_RETURN_POINTER(bloom_state_finish(state));
	view = bloom_datum_view(PG_GETARG_DATUM(0));
	PG_RETURN_POINTER(bloom_accumulate(NULL, &view, NULL, 0));
}

/*
 * Final function of bloom_parquet_agg: bloom_agg's
 * (bloomfilter_agg_final), but over no rows at all the empty filter is one
 * of Parquet mode, of the values' Parquet kind where the call tells it (of
 * none under Citus's final step, which does not).
 */
PG_FUNCTION_INFO_V1(bloomfilter_parquet_agg_final);
Datum
bloomfilter_parquet_agg_final(PG_FUNCTION_ARGS)
{
	const Aggref *aggref;
	BloomHasher hasher;
	uint32		kind = BLOOM_KIND_NONE;
	bf_header	empty;

	if (!PG_ARGISNULL(0) || (aggref = bloom_final_aggref(fcinfo)) == NULL ||
		transition_of(aggref) == bloomfilter_parquet_agg_sized_trans)
		return bloomfilter_agg_final(fcinfo);
	if (transition_of(aggref) == bloomfilter_parquet_agg_trans)
	{
		bloom_hasher_init(&hasher, bloom_aggref_value_type(aggref, 0),
						  aggref->inputcollid, CurrentMemoryContext);
		kind = bloom_parquet_kind(&hasher, bloom_aggref_typmod(aggref, 0));
	}
	empty = bloom_auto_header(kind, BF_HASH_PARQUET);
	PG_RETURN_POINTER(bloom_accumulate(&empty, NULL, NULL, 0));
}
