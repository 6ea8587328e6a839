/*-------------------------------------------------------------------------
 *
 * bloom_state.c
 *	  The transition state of the bloom aggregates: the core's accumulator
 *	  (bf_acc.h) in an expanded object of type bloom, with the memory hooks
 *	  it allocates through.
 *
 * The state's type is bloom itself, not internal: released Citus pushes a
 * custom aggregate's partial aggregation to its workers only for a real
 * state type with a combine function, and PostgreSQL's parallel and
 * partitionwise aggregation then work without serial functions.  As an
 * expanded object (utils/expandeddatum.h) the state keeps a private
 * in-memory form that the executor hands back to the transition function
 * untouched; whenever the state must leave that form (to a parallel leader,
 * to Citus, to any function reading it as a plain bloom value), PostgreSQL
 * flattens it into a valid serialized filter through the methods below.
 * What the state holds, and how it grows, combines and finishes, is the
 * accumulator's (bf_acc.h).
 *
 * All the states of one aggregate context live in one memory context
 * under it (states_context), not one each: HashAggregate measures its
 * memory on every new group by walking every context under its own, and a
 * context per group made that walk, and GROUP BY with a large work_mem,
 * quadratic in the groups.  PostgreSQL keeps an expanded object as a
 * transition value when its context's parent is the aggregate context, as
 * the shared one's is; it deletes one (which would delete that context)
 * only when a transition function returns another value in its place, and
 * ours return a new state only in place of NULL or of a plain value.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_state.c
 *
 *-------------------------------------------------------------------------
 */
#include "bloom_state.h"

#include "utils/memutils.h"

#include "bf_parquet.h"

/* The name of the context that holds the states of an aggregate context */
#define STATES_CONTEXT_NAME		"bloom aggregate states"

static Size state_flat_size(ExpandedObjectHeader *eohptr);
static void state_flatten_into(ExpandedObjectHeader *eohptr, void *result,
							   Size allocated_size);

static const ExpandedObjectMethods state_methods = {
	state_flat_size,
	state_flatten_into
};

/* Raise the error for a status of a state's accumulator */
static void
check(bf_status status)
{
	if (status != BF_OK)
		bloom_raise(status, BLOOM_SOURCE_STATE);
}

/*
 * Raise the error for a status of a union or an intersection of a state
 * with the filter other: naming both where they cannot be combined.
 */
static void
check_combined(bf_status status, const BloomState *state, const bf_view *other)
{
	bf_view		mine;

	if (status == BF_E_HASH_MISMATCH || status == BF_E_KIND_MISMATCH ||
		status == BF_E_PART_MISMATCH || status == BF_E_FOLD)
	{
		mine = bf_acc_view(&state->acc);
		bloom_raise_incompatible(status, &mine, other);
	}
	check(status);
}

/*
 * The context of the states of aggregate context aggcontext: found among
 * its children, or made.  A group's state no longer has a context of its
 * own (the file header says why), and the few contexts under an aggregate
 * context are looked through once per new group only.
 */
static MemoryContext
states_context(MemoryContext aggcontext)
{
	MemoryContext child;

	for (child = aggcontext->firstchild; child != NULL; child = child->nextchild)
		if (strcmp(child->name, STATES_CONTEXT_NAME) == 0)
			return child;
	return AllocSetContextCreate(aggcontext, STATES_CONTEXT_NAME,
								 ALLOCSET_DEFAULT_SIZES);
}

/*
 * A new state, in the states' context under aggcontext, its accumulator
 * for filters like hdr
 */
static BloomState *
new_state(MemoryContext aggcontext, const bf_header *hdr)
{
	MemoryContext cxt = states_context(aggcontext);
	BloomState *state = MemoryContextAllocZero(cxt, sizeof(BloomState));

	EOH_init_header(&state->hdr, &state_methods, cxt);
	state->mem = bloom_allocator(cxt);
	check(bf_acc_init(&state->acc, &state->mem, hdr));
	return state;
}

/*
 * The state of bloom_agg(value) (or bloom_parquet_agg(value), for values
 * of a Parquet kind): an empty exact accumulator of the kind's hash
 */
BloomState *
bloom_state_create(MemoryContext aggcontext, uint32 kind)
{
	bf_header	hdr = bloom_auto_header(kind, bf_hash_of_kind(kind));

	return new_state(aggcontext, &hdr);
}

/*
 * The state of an aggregate that builds a block filter of a size known
 * from its call: an empty block filter as hdr describes it (of
 * bloom_create's size for bloom_agg(value, capacity, fpr), a part for
 * bloom_part_agg).  The caller raises the errors of bad sizes, before any
 * large allocation.
 */
BloomState *
bloom_state_create_blocks(MemoryContext aggcontext, const bf_header *hdr)
{
	return new_state(aggcontext, hdr);
}

/*
 * Union another state (theirs, if not NULL) or a bloom value (view) into a
 * state (bf_acc_union_acc, bf_acc_union)
 */
static void
union_into(BloomState *state, BloomState *theirs, bf_view *view)
{
	bf_status	status;

	if (theirs != NULL)
	{
		status = bf_acc_union_acc(&state->acc, &theirs->acc);
		*view = bf_acc_view(&theirs->acc);
	}
	else
		status = bf_acc_union(&state->acc, view);
	check_combined(status, state, view);
}

/*
 * A new state, under aggcontext, equal to a state or bloom value: for a
 * combine function whose first input is not yet a state of its own.  It
 * starts empty with the value's hash, with which it combines.
 */
BloomState *
bloom_state_from_datum(Datum datum, MemoryContext aggcontext)
{
	BloomState *theirs = bloom_state_of(datum);
	bf_view		view;
	bf_header	hdr;
	BloomState *state;

	if (theirs != NULL)
		view = bf_acc_view(&theirs->acc);
	else
		view = bloom_datum_list_view(datum);
	hdr = bloom_auto_header(BLOOM_KIND_NONE, view.hdr.hash_id);
	state = new_state(aggcontext, &hdr);
	union_into(state, theirs, &view);
	return state;
}

/* The state behind a datum, if it is one of ours (read-write or not) */
BloomState *
bloom_state_of(Datum datum)
{
	ExpandedObjectHeader *eoh;

	if (!VARATT_IS_EXTERNAL_EXPANDED(DatumGetPointer(datum)))
		return NULL;
	eoh = DatumGetEOHP(datum);
	return eoh->eoh_methods == &state_methods ? (BloomState *) eoh : NULL;
}

/*
 * Give a state that holds no kind of value yet (an aggregate's initcond
 * made by bloom_create, say) the kind of the values about to be added.  A
 * kind hashed for the other mode (bf_hash_of_kind: values of bloom_agg
 * added to an initcond of hash parquet, say) is refused, whatever kind the
 * state holds.
 */
void
bloom_state_set_kind(BloomState *state, uint32 kind)
{
	bf_status	status = bf_acc_set_kind(&state->acc, kind);

	if (status == BF_E_HASH_MISMATCH)
		bloom_raise_hash_mismatch(state->acc.hdr.hash_id,
								  bf_hash_of_kind(kind));
	check(status);
}

/*
 * Keep, in a state that keeps none yet, a hasher of the values added like
 * hasher (made again in the state's memory, from its type and collation):
 * for a caller that calls the transition function through a new FmgrInfo
 * each row, as Citus's worker_partial_agg does, so that its rows do not
 * look the type up again.
 */
void
bloom_state_keep_hasher(BloomState *state, const BloomHasher *hasher)
{
	BloomHasher *kept;

	if (state->kept != NULL)
		return;
	kept = MemoryContextAlloc(state->hdr.eoh_context, sizeof(BloomHasher));
	bloom_hasher_init(kept, hasher->typid, hasher->collation,
					  state->hdr.eoh_context);
	state->kept = kept;
}

/*
 * Union another state or bloom value into a state: the combine step of the
 * aggregates.
 */
void
bloom_state_union(BloomState *state, Datum other)
{
	BloomState *theirs = bloom_state_of(other);
	bf_view		view;

	if (theirs == NULL)
		view = bloom_datum_list_view(other);
	union_into(state, theirs, &view);
}

/*
 * Intersect a state with another state or bloom value: the transition and
 * combine step of bloom_intersect_agg.
 */
void
bloom_state_intersect(BloomState *state, Datum other)
{
	bf_view		view = bloom_datum_view(other);

	check_combined(bf_acc_intersect(&state->acc, &view), state, &view);
}

/*
 * A state's packed form (bf_acc_pack), as a new bloom value: what its text
 * and binary output carry.  The state keeps its value.
 */
struct varlena *
bloom_state_pack(BloomState *state)
{
	bf_acc_result result;

	check(bf_acc_pack(&state->acc, &bloom_result_allocator, &result));
	return (struct varlena *) (result.filter - VARHDRSZ);
}

/*
 * The filter a state amounts to, as the aggregates return it.  The state
 * keeps its value, and a window's growing frame finishes it again.
 */
struct varlena *
bloom_state_finish(BloomState *state)
{
	return bloom_finish_acc(&state->acc);
}

/*
 * Expanded-object method: size of the flattened state, varlena included
 * (bf_acc_flat_size).  The hooks allocate in the states' context whatever
 * the current one is: PostgreSQL may call the methods in a context that
 * cannot free single chunks (since 17, a sort keeps the tuples it copies
 * in a bump context).
 */
static Size
state_flat_size(ExpandedObjectHeader *eohptr)
{
	BloomState *state = (BloomState *) eohptr;
	size_t		len;

	check(bf_acc_flat_size(&state->acc, &len));
	return VARHDRSZ + len;
}

/*
 * Expanded-object method: write the state as a plain bloom value
 * (bf_acc_flatten).  PostgreSQL asked its size first (state_flat_size).
 */
static void
state_flatten_into(ExpandedObjectHeader *eohptr, void *result,
				   Size allocated_size)
{
	BloomState *state = (BloomState *) eohptr;
	struct varlena *flat = (struct varlena *) result;

	/* a worker's state can be many MB, in memory not yet written */
	bloom_advise_huge_pages(result, allocated_size);
	SET_VARSIZE(flat, allocated_size);
	check(bf_acc_flatten(&state->acc, VARDATA(flat),
						 allocated_size - VARHDRSZ));
}
