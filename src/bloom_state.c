/*-------------------------------------------------------------------------
 *
 * bloom_state.c
 *	  The transition state of the bloom aggregates: an expanded object of
 *	  type bloom.
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
 *
 * The in-memory form has two phases:
 *
 *	- exact: the distinct hashes seen, as one ascending run (sorted) and
 *	  the hashes added since (pending, unsorted, repeats and all).  When
 *	  pending fills, it is sorted and merged into the run in place
 *	  (bf_runs.c), each distinct hash kept once.  Pending holds up to half
 *	  the run (between BLOOM_RUN_MIN and BLOOM_RUN_MAX), so each hash is
 *	  sorted once and merged a few times, and memory is touched in order,
 *	  with no cache miss per row whatever the set's size.  A state costs 8
 *	  bytes a distinct hash, up to half as much again for its pending run,
 *	  and starts from a few bytes, so that a small group costs little.  It
 *	  flattens to an exact filter: what a parallel worker or a Citus shard
 *	  ships is 8 bytes a distinct value.  The distinct count is exact, so
 *	  the final filter is sized from it, then written block by block in
 *	  hash order.
 *	- blocks: a block filter.  bloom_agg(value) moves here when the run
 *	  holds more than BLOOM_EXACT_MAX hashes, the point past which the run
 *	  would be larger than a filter of BLOOM_AUTO_MAX_BLOCKS blocks (64
 *	  MiB, generous enough for 50,988,603 values at 1 %), which it then
 *	  becomes, to fold down to fit at the end.  bloom_agg(value, capacity,
 *	  fpr) starts here, at the size it asked for.  Hashes are applied a
 *	  thousand at a time, with prefetching.
 *
 * Every reader of the state (flattening, combining, finishing) applies the
 * pending hashes first; that changes the state's representation, never its
 * value.
 *
 * Whether a state moves to the blocks phase depends only on how many
 * distinct values it holds (the test is made on the merged run), so a
 * parallel plan, whose combined states hold the same set, ends in the same
 * phase as the serial plan and gives the same bytes.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_state.c
 *
 *-------------------------------------------------------------------------
 */
#include "bloom_state.h"

#include <math.h>

#include "utils/memutils.h"

#include "bf_parquet.h"

/* Distinct hashes past which bloom_agg(value) keeps a filter: 64 MiB */
#define BLOOM_EXACT_MAX			(UINT64CONST(1) << 23)

/* Blocks of bloom_agg(value) past the exact phase: 64 MiB */
#define BLOOM_AUTO_MAX_BLOCKS	(UINT64CONST(1) << 21)

/* Hashes a block filter's state buffers before it applies them */
#define BLOOM_PENDING			1024

/* Room of a new exact state's pending run, which doubles as it fills */
#define BLOOM_RUN_FIRST			16

/*
 * Pending hashes an exact state sorts at once: at least 512 kB of them,
 * at most 8 MB, half its run in between
 */
#define BLOOM_RUN_MIN			(UINT64CONST(1) << 16)
#define BLOOM_RUN_MAX			(UINT64CONST(1) << 20)

static Size state_flat_size(ExpandedObjectHeader *eohptr);
static void state_flatten_into(ExpandedObjectHeader *eohptr, void *result,
							   Size allocated_size);

static const ExpandedObjectMethods state_methods = {
	state_flat_size,
	state_flatten_into
};

#ifdef USE_ASSERT_CHECKING
/*
 * Check a state's invariants, in builds with assertions: its phase is one
 * of the two layouts; the exact phase has a run of at most BLOOM_EXACT_MAX
 * strictly ascending hashes within its room, and no filter; the blocks
 * phase has a filter whose length its block count gives, a power of two
 * for bloom_agg(value), and no run.
 */
static void
assert_state_valid(const BloomState *state)
{
	Assert(state->npending <= state->pending_room);
	if (state->params.layout == BF_LAYOUT_EXACT)
	{
		uint64		i;

		Assert(state->filter == NULL);
		Assert(state->nsorted <= state->sorted_room);
		Assert(state->nsorted <= BLOOM_EXACT_MAX);
		for (i = 1; i < state->nsorted; i++)
			Assert(state->sorted[i - 1] < state->sorted[i]);
	}
	else
	{
		Assert(state->params.layout == BF_LAYOUT_BLOCKS);
		Assert(state->filter != NULL && state->sorted == NULL);
		Assert(state->len == bf_size_blocks(state->params.nitems));
		Assert(!(state->params.flags & BF_FLAG_AUTO) ||
			   (state->params.nitems & (state->params.nitems - 1)) == 0);
	}
}
#else
#define assert_state_valid(state)	((void) 0)
#endif

/*
 * A new, empty state object in its own context under parent, with room for
 * pending_room pending hashes.  The context starts small: a group of a few
 * values costs about a kilobyte.
 */
static BloomState *
new_state(MemoryContext parent, uint64 pending_room)
{
	MemoryContext cxt = AllocSetContextCreate(parent, "bloom aggregate state",
											  ALLOCSET_SMALL_SIZES);
	BloomState *state = MemoryContextAllocZero(cxt, sizeof(BloomState));

	EOH_init_header(&state->hdr, &state_methods, cxt);
	state->pending = bloom_alloc_array(cxt, pending_room * sizeof(uint64),
									   &state->pending_space);
	state->pending_room = pending_room;
	return state;
}

/* Give the state room for a block filter as params describe, unwritten */
static void
alloc_filter_space(BloomState *state)
{
	state->len = bf_size_blocks(state->params.nitems);
	state->filter = bloom_alloc_filter(state->hdr.eoh_context, state->len,
									   &state->space);
}

/* Give the state an empty block filter as params describe */
static void
alloc_filter(BloomState *state)
{
	bf_status	status;

	alloc_filter_space(state);
	status = bf_init(state->filter, state->len, &state->params);
	if (status != BF_OK)
		bloom_raise(status, BLOOM_SOURCE_ARGUMENTS);
}

/* The state of bloom_agg(value): an empty exact run */
BloomState *
bloom_state_create(MemoryContext parent, uint32 kind)
{
	BloomState *state = new_state(parent, BLOOM_RUN_FIRST);

	bf_header_init(&state->params, BF_LAYOUT_EXACT, 0, 0, BLOOM_DEFAULT_FPR,
				   BF_FLAG_AUTO, kind);
	return state;
}

/*
 * The state of an aggregate that builds a block filter of a size known
 * from its call: an empty block filter as hdr describes it (of
 * bloom_create's size for bloom_agg(value, capacity, fpr), a part for
 * bloom_part_agg).  Its batch of pending hashes holds no more hashes than
 * a quarter of the filter's blocks (a sixteenth of its bytes), so that the
 * many small states of a GROUP BY (a filter's parts) cost little more than
 * their filters.  The caller raises the errors of bad sizes, before any large
 * allocation.
 */
BloomState *
bloom_state_create_blocks(MemoryContext parent, const bf_header *hdr)
{
	BloomState *state = new_state(parent, Min(BLOOM_PENDING,
											  Max(BLOOM_RUN_FIRST, hdr->nitems / 4)));

	state->params = *hdr;
	alloc_filter(state);
	return state;
}

/*
 * The state of bloom_agg(value, capacity, fpr): an empty block filter of
 * bloom_create's size.  Bad arguments raise their errors here, before any
 * large allocation.
 */
BloomState *
bloom_state_create_sized(MemoryContext parent, uint32 kind, int64 capacity,
						 double fpr)
{
	bf_header	hdr = bloom_sized_header(capacity, fpr, kind,
										 bf_hash_of_kind(kind));

	return bloom_state_create_blocks(parent, &hdr);
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

/* Apply n hashes to the blocks phase's filter */
static void
add_to_filter(BloomState *state, const uint64 *hashes, size_t n)
{
	bf_status	status = bf_add_hashes(state->filter, state->len, hashes, n);

	if (status != BF_OK)
		bloom_raise(status, BLOOM_SOURCE_STATE);
}

/*
 * A new array of room hashes in the state's context (bloom_alloc_array),
 * holding the first nkeep of old, whose allocation *space is freed, if old
 * is not NULL; *space becomes the new array's.  Growing by a new array,
 * not repalloc, lets a large one start on a huge page.
 */
static uint64 *
regrow(BloomState *state, uint64 *old, char **space, uint64 nkeep,
	   uint64 room)
{
	char	   *old_space = *space;
	uint64	   *array = bloom_alloc_array(state->hdr.eoh_context,
										  room * sizeof(uint64), space);

	if (old != NULL)
	{
		memcpy(array, old, nkeep * sizeof(uint64));
		pfree(old_space);
	}
	return array;
}

/* Give pending room for room hashes, keeping those it holds */
static void
resize_pending(BloomState *state, uint64 room)
{
	Assert(room >= state->npending);
	state->pending = regrow(state, state->pending, &state->pending_space,
							state->npending, room);
	state->pending_room = room;
}

/*
 * Make the run the given one: n strictly ascending hashes in an array of
 * the state's context with room for room, allocated as space (NULL: none).
 */
static void
replace_run(BloomState *state, uint64 *run, char *space, uint64 n,
			uint64 room)
{
	if (state->sorted != NULL)
		pfree(state->sorted_space);
	state->sorted = run;
	state->sorted_space = space;
	state->nsorted = n;
	state->sorted_room = room;
}

/*
 * Give the exact phase's run room for at least room hashes, at least
 * doubling it, so that a growing run is moved a few times only.
 */
static void
reserve_run(BloomState *state, uint64 room)
{
	if (room <= state->sorted_room)
		return;
	room = Max(room, 2 * state->sorted_room);
	state->sorted = regrow(state, state->sorted, &state->sorted_space,
						   state->nsorted, room);
	state->sorted_room = room;
}

/*
 * Move an exact state of bloom_agg(value) to the blocks phase: a filter of
 * BLOOM_AUTO_MAX_BLOCKS blocks holding the run's hashes, written in hash
 * order.  Its pending hashes must have been merged.
 */
static void
promote(BloomState *state)
{
	Assert(state->npending == 0);
	state->params.layout = BF_LAYOUT_BLOCKS;
	state->params.nitems = BLOOM_AUTO_MAX_BLOCKS;
	state->params.capacity = bf_capacity_of(BLOOM_AUTO_MAX_BLOCKS,
											state->params.fpr);
	alloc_filter(state);
	add_to_filter(state, state->sorted, state->nsorted);
	replace_run(state, NULL, NULL, 0, 0);
	resize_pending(state, BLOOM_PENDING);
}

/*
 * Merge into the exact phase's run, in place, n strictly ascending hashes:
 * those of hashes, or, if that is NULL, those of the exact filter exact,
 * read where they lie.  Then promote the state if the run holds more than
 * BLOOM_EXACT_MAX.
 */
static void
merge_run(BloomState *state, const uint64 *hashes, const bf_view *exact,
		  uint64 n)
{
	if (n == 0)
		return;
	reserve_run(state, state->nsorted + n);
	state->nsorted = hashes != NULL ?
		bf_merge_hashes(state->sorted, state->nsorted, hashes, n) :
		bf_merge_exact(state->sorted, state->nsorted, exact);
	if (state->nsorted > BLOOM_EXACT_MAX)
		promote(state);
}

/*
 * Sort the exact phase's pending hashes and merge them into its run.  The
 * room the run needs for them is the sort's scratch space.
 */
static void
flush_exact(BloomState *state)
{
	uint64		n;

	reserve_run(state, state->nsorted + state->npending);
	bf_sort_hashes(state->pending, state->npending,
				   state->sorted + state->nsorted);
	n = bf_unique_hashes(state->pending, state->npending);
	state->npending = 0;
	merge_run(state, state->pending, NULL, n);
}

/* Apply the pending hashes; every use of a whole state starts here */
void
bloom_state_flush(BloomState *state)
{
	if (state->npending > 0)
	{
		if (state->params.layout == BF_LAYOUT_EXACT)
			flush_exact(state);
		else
		{
			add_to_filter(state, state->pending, state->npending);
			state->npending = 0;
		}
	}
	assert_state_valid(state);
}

/*
 * Make room for another pending hash: a block filter's state applies its
 * batch; an exact state doubles its pending run while that stays within
 * half the run (and between BLOOM_RUN_MIN and BLOOM_RUN_MAX), else sorts
 * and merges it.
 */
void
bloom_state_make_room(BloomState *state)
{
	uint64		limit = Min(Max(BLOOM_RUN_MIN, state->nsorted / 2), BLOOM_RUN_MAX);

	if (state->params.layout == BF_LAYOUT_EXACT &&
		state->pending_room < limit)
		resize_pending(state, Min(2 * state->pending_room, limit));
	else
		bloom_state_flush(state);
}

/*
 * Add n strictly ascending hashes to a state: those of hashes (another
 * state's run), or, if that is NULL, those of the exact filter exact.  A
 * run as long as a quarter of the state's own is merged straight in, as a
 * parallel leader combines its workers' states, with no sort; shorter ones
 * join the pending run, so that folding many small filters into a large
 * state does not merge the large run each time.
 */
static void
add_sorted(BloomState *state, const uint64 *hashes, const bf_view *exact,
		   uint64 n)
{
	uint64		i;

	if (state->params.layout == BF_LAYOUT_EXACT && n >= state->nsorted / 4)
	{
		bloom_state_flush(state);
		if (state->params.layout == BF_LAYOUT_EXACT)
		{
			merge_run(state, hashes, exact, n);
			return;
		}
	}
	for (i = 0; i < n; i++)
		bloom_state_add(state, hashes != NULL ? hashes[i] :
						bf_exact_hash(exact, i));
}

/*
 * A view of a state for messages about incompatible operands: the header
 * only, with the exact phase's merged count as its item count.
 */
static bf_view
state_view(const BloomState *state)
{
	bf_view		view;

	memset(&view, 0, sizeof(view));
	view.hdr = state->params;
	if (state->params.layout == BF_LAYOUT_EXACT)
		view.hdr.nitems = state->nsorted;
	return view;
}

/*
 * Read the blocks phase's parameters back from its filter's header, which
 * an in-place union or intersection may have changed.
 */
static void
sync_params(BloomState *state)
{
	bf_status	status = bf_read_header(state->filter, state->len,
										&state->params);

	if (status != BF_OK)
		bloom_raise(status, BLOOM_SOURCE_STATE);
}

/* View of the blocks phase's filter of a state */
static bf_view
open_filter(const BloomState *state)
{
	bf_view		view;
	bf_status	status = bf_open(state->filter, state->len, &view);

	if (status != BF_OK)
		bloom_raise(status, BLOOM_SOURCE_STATE);
	return view;
}

/*
 * Replace the blocks phase's filter with its union (or intersection) with
 * other, a filter with fewer blocks: the state's filter is folded down.
 */
static void
replace_filter(BloomState *state, const bf_view *other, bool intersect)
{
	bf_view		mine;
	char	   *old_space = state->space;
	uint8	   *result;
	size_t		len;
	bf_status	status = bf_open(state->filter, state->len, &mine);

	if (status == BF_OK)
		status = intersect ? bf_intersect_size(&mine, other, &len) :
			bf_union_size(&mine, other, &len);
	if (status != BF_OK)
		bloom_raise_incompatible(status, &mine, other);
	result = bloom_alloc_filter(state->hdr.eoh_context, len, &state->space);
	status = intersect ? bf_intersect(result, len, &mine, other) :
		bf_union(result, len, &mine, other);
	if (status == BF_OK)
		status = bf_read_header(result, len, &state->params);
	if (status != BF_OK)
		bloom_raise(status, BLOOM_SOURCE_STATE);
	pfree(old_space);
	state->filter = result;
	state->len = len;
}

/*
 * Make the state an exact run of n strictly ascending hashes, in a new
 * array of its context (any previous phase gone).
 */
static void
become_exact(BloomState *state, const uint64 *hashes, uint64 n, double fpr)
{
	uint8		hash_id = state->params.hash_id;
	char	   *space;
	uint64	   *run = bloom_alloc_array(state->hdr.eoh_context,
										(n + 1) * sizeof(uint64), &space);

	Assert(state->npending == 0);
	memcpy(run, hashes, n * sizeof(uint64));
	if (state->params.layout == BF_LAYOUT_BLOCKS)
	{
		pfree(state->space);
		state->filter = NULL;
		state->space = NULL;
		state->len = 0;
	}
	replace_run(state, run, space, n, n + 1);
	bf_header_init(&state->params, BF_LAYOUT_EXACT, 0, 0, fpr, BF_FLAG_AUTO,
				   state->params.kind);
	state->params.hash_id = hash_id;
}

/*
 * Give a state that holds no kind of value yet (made from bloom_create's
 * filter, or an aggregate's initcond) the kind of the values or filter it
 * is given: in its parameters and, in the blocks phase, in its filter's
 * header, which is what the state flattens and finishes as.  A kind
 * hashed for the other mode (bf_hash_of_kind) is refused.
 */
void
bloom_state_take_kind(BloomState *state, uint32 kind)
{
	bf_header	hdr;
	bf_status	status;

	if (kind != BLOOM_KIND_NONE &&
		bf_hash_of_kind(kind) != state->params.hash_id)
		bloom_raise_hash_mismatch(state->params.hash_id, bf_hash_of_kind(kind));
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

/* Union a serialized filter into a state */
static void
union_view(BloomState *state, const bf_view *other)
{
	bf_view		mine = state_view(state);
	bf_status	status = bf_check_compatible(&mine, other);
	bool		in_place;

	if (status != BF_OK)
		bloom_raise_incompatible(status, &mine, other);
	bloom_state_take_kind(state, other->hdr.kind);

	if (other->hdr.layout == BF_LAYOUT_EXACT)
	{
		add_sorted(state, NULL, other, other->hdr.nitems);
		return;
	}

	bloom_state_flush(state);
	if (state->params.layout == BF_LAYOUT_EXACT)
	{
		/* become a copy of the other filter, then add our own hashes */
		uint64	   *run = state->sorted;
		char	   *space = state->sorted_space;
		uint64		count = state->nsorted;

		state->sorted = NULL;
		state->sorted_space = NULL;
		state->nsorted = state->sorted_room = 0;
		state->params = other->hdr;
		alloc_filter_space(state);
		memcpy(state->filter, other->payload - BF_HEADER_SIZE, state->len);
		bloom_state_take_kind(state, mine.hdr.kind);
		add_to_filter(state, run, count);
		if (run != NULL)
			pfree(space);
		resize_pending(state, BLOOM_PENDING);
		return;
	}
	status = bf_union_into(state->filter, state->len, other, &in_place);
	if (status != BF_OK)
		bloom_raise_incompatible(status, &mine, other);
	else if (!in_place)
		replace_filter(state, other, false);
	else
		sync_params(state);
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
	{
		view = bloom_datum_view(other);
		union_view(state, &view);
		return;
	}
	bloom_state_flush(theirs);
	if (theirs->params.layout == BF_LAYOUT_BLOCKS)
	{
		view = open_filter(theirs);
		union_view(state, &view);
	}
	else
	{
		/*
		 * check compatibility as for an empty exact filter, then add; but
		 * a part takes no hashes of a whole's exact list
		 */
		view = state_view(theirs);
		if (view.hdr.nitems > 0 && (state->params.flags & BF_FLAG_PART))
		{
			bf_view		mine = state_view(state);

			bloom_raise_incompatible(BF_E_PART_MISMATCH, &mine, &view);
		}
		view.hdr.nitems = 0;
		union_view(state, &view);
		add_sorted(state, theirs->sorted, NULL, theirs->nsorted);
	}
}

/*
 * Intersect a state with another state or bloom value: the transition and
 * combine step of bloom_intersect_agg.  An exact state keeps the hashes the
 * other filter contains; a block state becomes the AND of the two filters,
 * or, with an exact filter, the exact run of its hashes the blocks contain.
 */
void
bloom_state_intersect(BloomState *state, Datum other)
{
	bf_view		view = bloom_datum_view(other);
	bf_view		mine;
	bf_status	status;
	bool		in_place;
	uint64	   *hashes;
	uint64		kept = 0;
	uint64		i;

	bloom_state_flush(state);
	mine = state_view(state);
	status = bf_check_compatible(&mine, &view);
	if (status != BF_OK)
		bloom_raise_incompatible(status, &mine, &view);
	bloom_state_take_kind(state, view.hdr.kind);

	if (state->params.layout == BF_LAYOUT_EXACT)
	{
		/* the run stays ascending as it loses hashes */
		for (i = 0; i < state->nsorted; i++)
			if (bf_contains(&view, state->sorted[i]))
				state->sorted[kept++] = state->sorted[i];
		state->nsorted = kept;
		return;
	}
	if (view.hdr.layout == BF_LAYOUT_EXACT)
	{
		mine = open_filter(state);
		hashes = palloc((view.hdr.nitems + 1) * sizeof(uint64));
		status = bf_intersect_hashes(&view, &mine, hashes, &kept);
		if (status != BF_OK)
			bloom_raise(status, BLOOM_SOURCE_STATE);
		become_exact(state, hashes, kept, view.hdr.fpr);
		pfree(hashes);
		return;
	}
	status = bf_intersect_into(state->filter, state->len, &view, &in_place);
	if (status != BF_OK)
		bloom_raise_incompatible(status, &mine, &view);
	else if (!in_place)
		replace_filter(state, &view, true);
	else
		sync_params(state);
}

/*
 * A new state, under parent, equal to a state or bloom value: for a
 * combine function whose first input is not yet a state of its own, or a
 * final function handed a plain value.  It starts empty with the value's
 * hash, with which it combines.
 */
BloomState *
bloom_state_from_datum(Datum datum, MemoryContext parent)
{
	BloomState *state = bloom_state_create(parent, BLOOM_KIND_NONE);
	BloomState *theirs = bloom_state_of(datum);
	bf_view		view;

	if (theirs != NULL)
	{
		state->params.hash_id = theirs->params.hash_id;
		bloom_state_union(state, datum);
		return state;
	}
	view = bloom_datum_view(datum);
	state->params.hash_id = view.hdr.hash_id;
	union_view(state, &view);
	return state;
}

/*
 * The filter a state amounts to, as the aggregates return it: an exact
 * state becomes the filter sized for its exact count, built from its run;
 * the filter that bloom_agg(value) grows past its exact phase (auto-sized,
 * of BLOOM_AUTO_MAX_BLOCKS blocks: the size identifies it even after a
 * parallel worker flattened it) is folded down to the ladder size for its
 * estimated count (not a part of a filter, which is never folded); any
 * other block filter is returned as it is, so that
 * the aggregates of filters give what their operators give.  An auto-sized
 * filter holding more than its size holds at its target raises a NOTICE.
 * The state keeps its value, and a window's growing frame finishes it
 * again at the cost of merging the rows added since.
 */
struct varlena *
bloom_state_finish(BloomState *state)
{
	struct varlena *result;
	bf_view		view;
	bf_header	hdr;
	double		estimate;
	uint64		target;
	bf_status	status;

	bloom_state_flush(state);
	if (state->params.layout == BF_LAYOUT_EXACT)
		return bloom_from_sorted_hashes(state->sorted, state->nsorted,
										state->params.kind, state->params.fpr,
										state->params.hash_id);

	view = open_filter(state);
	estimate = bf_cardinality(&view);
	if (!(state->params.flags & BF_FLAG_AUTO) ||
		(state->params.flags & BF_FLAG_PART) ||
		view.hdr.nitems != BLOOM_AUTO_MAX_BLOCKS ||
		!isfinite(estimate) ||
		bf_auto_blocks((uint64) ceil(estimate), state->params.fpr, &target) != BF_OK ||
		target >= view.hdr.nitems)
	{
		bloom_warn_over_capacity(&view, estimate);
		result = bloom_palloc(state->len);
		memcpy(VARDATA(result), state->filter, state->len);
		return result;
	}

	result = bloom_palloc(bf_size_blocks(target));
	status = bf_fold(VARDATA(result), bf_size_blocks(target), &view, target);
	if (status == BF_OK)
		status = bf_read_header(VARDATA(result), bf_size_blocks(target), &hdr);
	if (status != BF_OK)
		bloom_raise(status, BLOOM_SOURCE_STATE);
	hdr.capacity = bf_capacity_of(target, hdr.fpr);
	bf_write_header(VARDATA(result), &hdr);
	return result;
}

/*
 * Expanded-object method: size of the flattened state, varlena included.
 * A state is flattened when it leaves its aggregate (a parallel worker's
 * or a partition's partial state, a state sorted by group), after its last
 * value, so an exact state gives back the room of its empty pending run
 * here: a partial aggregate holding many groups' states while the sort
 * above it copies them then holds less.
 *
 * Both methods do their work in the state's own context: PostgreSQL may
 * call them with a current context that cannot free single chunks (since
 * 17, a sort keeps the tuples it copies in a bump context), and applying
 * the pending hashes allocates and frees.
 */
static Size
state_flat_size(ExpandedObjectHeader *eohptr)
{
	BloomState *state = (BloomState *) eohptr;
	MemoryContext old = MemoryContextSwitchTo(state->hdr.eoh_context);
	Size		size;

	bloom_state_flush(state);
	if (state->params.layout == BF_LAYOUT_EXACT)
	{
		size = VARHDRSZ + bf_size_exact(state->nsorted);
		/* done adding, most likely: give back the pending run's room */
		if (state->pending_room > BLOOM_RUN_FIRST)
			resize_pending(state, BLOOM_RUN_FIRST);
	}
	else
		size = VARHDRSZ + state->len;
	MemoryContextSwitchTo(old);
	return size;
}

/*
 * Expanded-object method: write the state as a plain bloom value, the
 * exact filter of its run or the phase's block filter.  PostgreSQL asked
 * its size first (state_flat_size), which applied its pending hashes.
 */
static void
state_flatten_into(ExpandedObjectHeader *eohptr, void *result,
				   Size allocated_size)
{
	BloomState *state = (BloomState *) eohptr;
	struct varlena *flat = (struct varlena *) result;
	bf_status	status = BF_OK;

	Assert(allocated_size == state_flat_size(eohptr));
	/* a worker's state can be many MB, in memory not yet written */
	bloom_advise_huge_pages(result, allocated_size);
	SET_VARSIZE(flat, allocated_size);
	if (state->params.layout == BF_LAYOUT_EXACT)
		status = bf_init_exact(VARDATA(flat), allocated_size - VARHDRSZ,
							   &state->params, state->sorted, state->nsorted);
	else
		memcpy(VARDATA(flat), state->filter, state->len);
	if (status != BF_OK)
		bloom_raise(status, BLOOM_SOURCE_STATE);
}
