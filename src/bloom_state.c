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
 *	- exact: the distinct hashes seen, in a hash set (bf_hashset) of at
 *	  most BLOOM_EXACT_MAX_SLOTS slots kept at most half full (524,288
 *	  hashes).  The distinct count is then exact, so the final filter is
 *	  sized exactly, and a small group costs memory in proportion to its
 *	  size.  It flattens to an exact filter.
 *	- blocks: a block filter.  bloom_agg(value) moves here when the set
 *	  outgrows the limit, into BLOOM_AUTO_MAX_BLOCKS blocks, generous enough
 *	  for 50,988,603 values at 1 %, and folds down to fit at the end.
 *	  bloom_agg(value, capacity, fpr) starts here, at the size it asked for.
 *
 * Hashes go through a pending buffer and are applied a thousand at a time,
 * with prefetching, so that a large set or filter does not cost a cache
 * miss per row.  Every reader of the state (flattening, combining,
 * finishing) applies the pending hashes first; that changes the state's
 * representation, never its value.
 *
 * Whether a state moves to the blocks phase depends only on how many
 * distinct values it holds, so a parallel plan, whose combined states hold
 * the same set, ends in the same phase as the serial plan and gives the
 * same bytes.
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

/* Slots of the largest hash set: 8 MiB */
#define BLOOM_EXACT_MAX_SLOTS	(UINT64CONST(1) << 20)

/* Blocks of bloom_agg(value) past the exact phase: 64 MiB */
#define BLOOM_AUTO_MAX_BLOCKS	(UINT64CONST(1) << 21)

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
 * of the two layouts; the exact phase has a hash set no more than half
 * full and no filter; the blocks phase has a filter whose length its block
 * count gives, a power of two for bloom_agg(value), and no hash set.
 */
static void
assert_state_valid(const BloomState *state)
{
	Assert(state->npending >= 0 && state->npending < BLOOM_PENDING);
	if (state->params.layout == BF_LAYOUT_EXACT)
	{
		Assert(state->filter == NULL);
		Assert(state->set.slots != NULL);
		Assert(state->set.count <= state->set.nslots / 2);
	}
	else
	{
		Assert(state->params.layout == BF_LAYOUT_BLOCKS);
		Assert(state->filter != NULL && state->set.slots == NULL);
		Assert(state->len == bf_size_blocks(state->params.nitems));
		Assert(!(state->params.flags & BF_FLAG_AUTO) ||
			   (state->params.nitems & (state->params.nitems - 1)) == 0);
	}
}
#else
#define assert_state_valid(state)	((void) 0)
#endif

/* A new, empty state object in its own context under parent */
static BloomState *
new_state(MemoryContext parent)
{
	MemoryContext cxt = AllocSetContextCreate(parent, "bloom aggregate state",
											  ALLOCSET_DEFAULT_SIZES);
	BloomState *state = MemoryContextAllocZero(cxt, sizeof(BloomState));

	EOH_init_header(&state->hdr, &state_methods, cxt);
	return state;
}

/* Give the state an empty hash set of nslots slots */
static void
alloc_set(BloomState *state, uint64 nslots)
{
	uint64	   *slots = MemoryContextAlloc(state->hdr.eoh_context,
										   nslots * sizeof(uint64));

	bf_hashset_init(&state->set, slots, nslots);
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

/* The state of bloom_agg(value): an empty exact set */
BloomState *
bloom_state_create(MemoryContext parent, uint32 kind)
{
	BloomState *state = new_state(parent);

	bf_header_init(&state->params, BF_LAYOUT_EXACT, 0, 0, BLOOM_DEFAULT_FPR,
				   BF_FLAG_AUTO, kind);
	alloc_set(state, BF_HASHSET_MIN_SLOTS);
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
	bf_header	hdr = bloom_sized_header(capacity, fpr, kind);
	BloomState *state = new_state(parent);

	state->params = hdr;
	alloc_filter(state);
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

/* Double the hash set's table */
static void
grow_set(BloomState *state)
{
	bf_hashset	old = state->set;

	alloc_set(state, old.nslots * 2);
	bf_hashset_rehash(&state->set, &old);
	pfree(old.slots);
}

/* All hashes of the exact set, unordered, in a new palloc'd array */
static uint64 *
extract_set(const BloomState *state)
{
	uint64	   *hashes = palloc((state->set.count + 1) * sizeof(uint64));

	bf_hashset_extract(&state->set, hashes);
	return hashes;
}

/* Apply n hashes to the blocks phase's filter */
static void
add_to_filter(BloomState *state, const uint64 *hashes, size_t n)
{
	bf_status	status = bf_add_hashes(state->filter, state->len, hashes, n);

	if (status != BF_OK)
		bloom_raise(status, BLOOM_SOURCE_STATE);
}

/* Drop the sorted hashes and their journal, when the set changes whole */
static void
forget_sorted(BloomState *state)
{
	if (state->sorted != NULL)
		pfree(state->sorted);
	if (state->journal != NULL)
		pfree(state->journal);
	state->sorted = state->journal = NULL;
	state->nsorted = state->njournal = state->journal_room = 0;
}

/* Note n hashes applied to the exact set since the last finish */
static void
journal_hashes(BloomState *state, const uint64 *hashes, size_t n)
{
	if (state->sorted == NULL || n == 0)
		return;
	if (state->njournal + n > state->journal_room)
	{
		uint64		room = Max(2 * state->journal_room, state->njournal + n);

		room = Max(room, BLOOM_PENDING);
		state->journal = state->journal == NULL ?
			MemoryContextAlloc(state->hdr.eoh_context, room * sizeof(uint64)) :
			repalloc(state->journal, room * sizeof(uint64));
		state->journal_room = room;
	}
	memcpy(state->journal + state->njournal, hashes, n * sizeof(uint64));
	state->njournal += n;
}

/*
 * Move an exact state of bloom_agg(value) to the blocks phase: a filter of
 * BLOOM_AUTO_MAX_BLOCKS blocks holding the set's hashes.
 */
static void
promote(BloomState *state)
{
	uint64	   *hashes = extract_set(state);
	uint64		count = state->set.count;

	forget_sorted(state);
	state->params.layout = BF_LAYOUT_BLOCKS;
	state->params.nitems = BLOOM_AUTO_MAX_BLOCKS;
	state->params.capacity = bf_capacity_of(BLOOM_AUTO_MAX_BLOCKS,
											state->params.fpr);
	alloc_filter(state);
	add_to_filter(state, hashes, count);
	pfree(hashes);
	pfree(state->set.slots);
	memset(&state->set, 0, sizeof(state->set));
}

/*
 * Apply the pending hashes to the exact set, growing it as needed, and
 * promote the state when a new distinct hash arrives at a full set of the
 * largest size.
 */
static void
flush_exact(BloomState *state)
{
	const uint64 *hashes = state->pending;
	size_t		left = state->npending;

	while (left > 0)
	{
		uint64		room = bf_hashset_room(&state->set);
		size_t		n;

		if (room == 0)
		{
			if (state->set.nslots < BLOOM_EXACT_MAX_SLOTS)
				grow_set(state);
			else if (bf_hashset_contains(&state->set, *hashes))
			{
				hashes++;
				left--;
			}
			else
			{
				promote(state);
				add_to_filter(state, hashes, left);
				return;
			}
			continue;
		}
		n = Min(room, left);
		bf_hashset_add(&state->set, hashes, n);
		hashes += n;
		left -= n;
	}
}

/* Apply the pending hashes; every use of a whole state starts here */
void
bloom_state_flush(BloomState *state)
{
	if (state->npending > 0)
	{
		if (state->params.layout == BF_LAYOUT_EXACT)
		{
			journal_hashes(state, state->pending, state->npending);
			flush_exact(state);
		}
		else
			add_to_filter(state, state->pending, state->npending);
		state->npending = 0;
	}
	assert_state_valid(state);
}

/* Add many hashes to a state */
static void
add_many(BloomState *state, const uint64 *hashes, uint64 n)
{
	uint64		i;

	for (i = 0; i < n; i++)
		bloom_state_add(state, hashes[i]);
}

/*
 * A view of a state for messages about incompatible operands: the header
 * only, with the exact phase's count as its item count.
 */
static bf_view
state_view(const BloomState *state)
{
	bf_view		view;

	memset(&view, 0, sizeof(view));
	view.hdr = state->params;
	if (state->params.layout == BF_LAYOUT_EXACT)
		view.hdr.nitems = state->set.count;
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

/* Make the state an exact set holding n hashes (any previous phase gone) */
static void
become_exact(BloomState *state, const uint64 *hashes, uint64 n, double fpr)
{
	forget_sorted(state);
	if (state->params.layout == BF_LAYOUT_EXACT)
		pfree(state->set.slots);
	else
	{
		pfree(state->space);
		state->filter = NULL;
		state->space = NULL;
		state->len = 0;
	}
	bf_header_init(&state->params, BF_LAYOUT_EXACT, 0, 0, fpr, BF_FLAG_AUTO,
				   state->params.kind);
	alloc_set(state, bf_hashset_slots_for(n));
	bf_hashset_add(&state->set, hashes, n);
}

/* Union a serialized filter into a state */
static void
union_view(BloomState *state, const bf_view *other)
{
	bf_view		mine = state_view(state);
	bf_status	status = bf_check_compatible(&mine, other);
	bool		in_place;
	uint64		i;

	if (status != BF_OK)
		bloom_raise_incompatible(status, &mine, other);
	if (state->params.kind == BLOOM_KIND_NONE)
		state->params.kind = other->hdr.kind;

	if (other->hdr.layout == BF_LAYOUT_EXACT)
	{
		for (i = 0; i < other->hdr.nitems; i++)
			bloom_state_add(state, bf_exact_hash(other, i));
		return;
	}

	bloom_state_flush(state);
	if (state->params.layout == BF_LAYOUT_EXACT)
	{
		/* become a copy of the other filter, then add our own hashes */
		uint64	   *hashes = extract_set(state);
		uint64		count = state->set.count;

		pfree(state->set.slots);
		memset(&state->set, 0, sizeof(state->set));
		state->params = other->hdr;
		alloc_filter_space(state);
		memcpy(state->filter, other->payload - BF_HEADER_SIZE, state->len);
		if (state->params.kind == BLOOM_KIND_NONE && mine.hdr.kind != BLOOM_KIND_NONE)
		{
			state->params.kind = mine.hdr.kind;
			bf_write_header(state->filter, &state->params);
		}
		add_to_filter(state, hashes, count);
		pfree(hashes);
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
		uint64	   *hashes = extract_set(theirs);

		/* check compatibility as for an empty exact filter, then add */
		view = state_view(theirs);
		view.hdr.nitems = 0;
		union_view(state, &view);
		add_many(state, hashes, theirs->set.count);
		pfree(hashes);
	}
}

/*
 * Intersect a state with another state or bloom value: the transition and
 * combine step of bloom_intersect_agg.  An exact state keeps the hashes the
 * other filter contains; a block state becomes the AND of the two filters,
 * or, with an exact filter, the exact set of its hashes the blocks contain.
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
	if (state->params.kind == BLOOM_KIND_NONE)
		state->params.kind = view.hdr.kind;

	if (state->params.layout == BF_LAYOUT_EXACT)
	{
		hashes = extract_set(state);
		for (i = 0; i < state->set.count; i++)
			if (bf_contains(&view, hashes[i]))
				hashes[kept++] = hashes[i];
		become_exact(state, hashes, kept, state->params.fpr);
		pfree(hashes);
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
 * final function handed a plain value.
 */
BloomState *
bloom_state_from_datum(Datum datum, MemoryContext parent)
{
	BloomState *state = bloom_state_create(parent, BLOOM_KIND_NONE);

	bloom_state_union(state, datum);
	return state;
}

/* The exact set's hashes in ascending order, in a new palloc'd array */
static uint64 *
sorted_set(const BloomState *state)
{
	uint64	   *hashes = extract_set(state);

	bloom_sort_hashes(hashes, state->set.count);
	return hashes;
}

/*
 * Bring an exact state's sorted hashes up to date for another finish: the
 * first time, sort the set; later, sort the hashes applied since (the
 * journal, usually a few: a window's frame grows a row at a time) and
 * merge them in, each hash once.  Linear in the set, where sorting it
 * all on every row of a window made a growing frame quadratic.
 */
static void
update_sorted(BloomState *state)
{
	MemoryContext old = MemoryContextSwitchTo(state->hdr.eoh_context);
	uint64	   *merged;
	uint64		i = 0;
	uint64		j = 0;
	uint64		n = 0;

	if (state->sorted == NULL)
	{
		state->sorted = sorted_set(state);
		state->nsorted = state->set.count;
		MemoryContextSwitchTo(old);
		return;
	}
	bloom_sort_hashes(state->journal, state->njournal);
	merged = palloc((state->nsorted + state->njournal + 1) * sizeof(uint64));
	while (i < state->nsorted || j < state->njournal)
	{
		uint64		next;

		if (j == state->njournal ||
			(i < state->nsorted && state->sorted[i] <= state->journal[j]))
			next = state->sorted[i++];
		else
			next = state->journal[j++];
		if (n == 0 || merged[n - 1] != next)
			merged[n++] = next;
	}
	pfree(state->sorted);
	state->sorted = merged;
	state->nsorted = n;
	state->njournal = 0;
	Assert(n == state->set.count);
	MemoryContextSwitchTo(old);
}

/*
 * The filter a state amounts to, as the aggregates return it: an exact
 * state becomes the filter sized for its exact count; the filter that
 * bloom_agg(value) grows past its exact phase (auto-sized, of
 * BLOOM_AUTO_MAX_BLOCKS blocks: the size identifies it even after a
 * parallel worker flattened it) is folded down to the ladder size for its
 * estimated count; any other block filter is returned as it is, so that
 * the aggregates of filters give what their operators give.  An auto-sized
 * filter holding more than its size holds at its target raises a NOTICE.
 * The state keeps its value.
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
	{
		if (state->finished)
		{
			update_sorted(state);
			return bloom_from_sorted_hashes(state->sorted, state->nsorted,
											state->params.kind,
											state->params.fpr);
		}
		state->finished = true;
		{
			uint64	   *hashes = extract_set(state);

			result = bloom_from_hashes(hashes, state->set.count,
									   state->params.kind, state->params.fpr);
			pfree(hashes);
		}
		return result;
	}

	view = open_filter(state);
	estimate = bf_cardinality(&view);
	if (!(state->params.flags & BF_FLAG_AUTO) ||
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
		size = VARHDRSZ + bf_size_exact(state->set.count);
	else
		size = VARHDRSZ + state->len;
	MemoryContextSwitchTo(old);
	return size;
}

/*
 * Expanded-object method: write the state as a plain bloom value, an exact
 * filter or the phase's block filter (in the state's context: see above).
 */
static void
state_flatten_into(ExpandedObjectHeader *eohptr, void *result,
				   Size allocated_size)
{
	BloomState *state = (BloomState *) eohptr;
	struct varlena *flat = (struct varlena *) result;
	bf_status	status = BF_OK;

	Assert(allocated_size == state_flat_size(eohptr));
	SET_VARSIZE(flat, allocated_size);
	if (state->params.layout == BF_LAYOUT_EXACT)
	{
		MemoryContext old = MemoryContextSwitchTo(state->hdr.eoh_context);
		uint64	   *hashes = sorted_set(state);

		status = bf_init_exact(VARDATA(flat), allocated_size - VARHDRSZ,
							   &state->params, hashes, state->set.count);
		pfree(hashes);
		MemoryContextSwitchTo(old);
	}
	else
		memcpy(VARDATA(flat), state->filter, state->len);
	if (status != BF_OK)
		bloom_raise(status, BLOOM_SOURCE_STATE);
}
