/*-------------------------------------------------------------------------
 *
 * bloom_bank_build.c
 *	  CREATE INDEX (and REINDEX, CREATE INDEX CONCURRENTLY's build) of a
 *	  bloombank index, and the empty index of an unlogged table.
 *
 * Two passes.  The first scans the table as any index build does
 * (table_index_build_scan) and keeps, of each row to index, its TID and
 * its filter's header, read alone (of a stored filter, its first TOAST
 * chunk): the headers decide the classes (bloom_bank_class.c), which need
 * to know how many filters share a block count.  The second reads the
 * filters of each class by TID (bloom_bank_fetch.c), as many at a time as
 * maintenance_work_mem holds, and writes them into groups.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_bank_build.c
 *
 *-------------------------------------------------------------------------
 */
#include "bloom_bank.h"

#include "access/tableam.h"
#include "miscadmin.h"
#include "utils/memutils.h"
#include "utils/rel.h"

/* What the first pass keeps of the rows to index */
typedef struct BuildState
{
	ItemPointerData *tids;
	bf_header  *headers;
	int64		n;
	int64		room;
} BuildState;

/* The first pass's callback: keep the row's TID and its filter's header */
static void
build_callback(Relation index, ItemPointer tid, Datum *values, bool *isnull,
			   bool tupleIsAlive, void *arg)
{
	BuildState *state = (BuildState *) arg;

	if (isnull[0])
		return;
	if (state->n == state->room)
	{
		state->room *= 2;
		if (state->room > INT_MAX ||
			(Size) state->room * sizeof(bf_header) > MaxAllocHugeSize)
			ereport(ERROR,
					(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
					 errmsg("bloombank index \"%s\" cannot hold that many filters",
							RelationGetRelationName(index))));
		state->tids = repalloc_huge(state->tids, state->room * sizeof(ItemPointerData));
		state->headers = repalloc_huge(state->headers, state->room * sizeof(bf_header));
	}
	state->tids[state->n] = *tid;
	state->headers[state->n] = bloom_datum_header(values[0]);
	state->n++;
}

/* Write the metapage of an empty index, and the kinds of the filters to come */
static void
write_meta(Relation index, const bf_header *headers, int64 n)
{
	Buffer		buf = bloom_bank_new_page(index);
	GenericXLogState *state = GenericXLogStart(index);
	Page		page = GenericXLogRegisterBuffer(state, buf, GENERIC_XLOG_FULL_IMAGE);

	if (BufferGetBlockNumber(buf) != BANK_METAPAGE_BLKNO)
		elog(ERROR, "index \"%s\" already contains data",
			 RelationGetRelationName(index));
	bloom_bank_init_meta(page);
	for (int64 i = 0; i < n; i++)
		bloom_bank_note_kind(BankPageGetMeta(page), headers[i].kind,
							 headers[i].hash_id);
	GenericXLogFinish(state);
	UnlockReleaseBuffer(buf);
}

/*
 * The filters of a batch (the first n of batch) to write now: all if no
 * more come, else as many groups of the largest size they fill
 * (bloom_bank_group_size) as they make, the rest kept for the next batch,
 * so that a class gets groups of the largest size memory holds and one
 * group of each smaller size at most, which VACUUM has no reason to merge
 */
static int
batch_to_write(int n, bool last)
{
	int			size = (int) bloom_bank_group_size((uint32) n);

	if (last || size == 0)
		return n;
	return n / size * size;
}

/*
 * Read the filters of rows [first, end) of the first pass (of one class,
 * classes[]) and write them into groups, as many at a time as
 * maintenance_work_mem holds; returns how many were written
 */
static int64
write_class(Relation index, BankFetch *fetch, const BuildState *state,
			const BankClass *classes, const int64 *order, int64 first,
			int64 end)
{
	Size		memory = (Size) maintenance_work_mem * 1024;
	BankFilter *batch = palloc_extended((end - first) * sizeof(BankFilter),
										MCXT_ALLOC_HUGE);
	int64		written = 0;
	Size		used = 0;
	int			n = 0;

	while (first < end || n > 0)
	{
		int			k;

		while (first < end && (n == 0 || used < memory))
		{
			int64		i = order[first++];
			struct varlena *value = bloom_bank_fetch(fetch, &state->tids[i]);

			if (value == NULL)
				continue;
			bloom_bank_filter_of(&batch[n], &state->tids[i], value);
			batch[n].class = classes[i];
			used += batch[n].size;
			n++;
		}
		k = batch_to_write(n, first == end);
		bloom_bank_write_groups(index, batch, k);
		for (int i = 0; i < k; i++)
		{
			used -= batch[i].size;
			pfree(batch[i].memory);
		}
		memmove(batch, batch + k, (n - k) * sizeof(BankFilter));
		n -= k;
		written += k;
	}
	pfree(batch);
	return written;
}

/* The classes being sorted by, for qsort_arg */
static int
compare_by_class(const void *a, const void *b, void *arg)
{
	const BankClass *classes = (const BankClass *) arg;
	int64		x = *(const int64 *) a;
	int64		y = *(const int64 *) b;
	int			cmp = memcmp(&classes[x], &classes[y], sizeof(BankClass));

	if (cmp != 0)
		return cmp;
	return x < y ? -1 : x > y;
}

/* ambuild: build the index of heap's rows */
IndexBuildResult *
bloom_bank_build(Relation heap, Relation index, IndexInfo *indexInfo)
{
	IndexBuildResult *result = palloc(sizeof(IndexBuildResult));
	BuildState	state;
	BankClass  *classes;
	int64	   *order;
	BankFetch  *fetch;
	int64		first = 0;
	int64		indexed = 0;
	double		reltuples;

	if (RelationGetNumberOfBlocks(index) != 0)
		elog(ERROR, "index \"%s\" already contains data",
			 RelationGetRelationName(index));
	memset(&state, 0, sizeof(state));
	state.room = 1024;
	state.tids = palloc(state.room * sizeof(ItemPointerData));
	state.headers = palloc(state.room * sizeof(bf_header));
	reltuples = table_index_build_scan(heap, index, indexInfo, true, true,
									   build_callback, &state, NULL);
	write_meta(index, state.headers, state.n);

	classes = palloc_extended(Max(state.n, 1) * sizeof(BankClass), MCXT_ALLOC_HUGE);
	order = palloc_extended(Max(state.n, 1) * sizeof(int64), MCXT_ALLOC_HUGE);
	bloom_bank_choose_classes(state.headers, classes, (int) state.n, NULL, 0);
	for (int64 i = 0; i < state.n; i++)
		order[i] = i;
	qsort_arg(order, state.n, sizeof(int64), compare_by_class, classes);

	fetch = bloom_bank_fetch_begin(heap, index, NULL);
	while (first < state.n)
	{
		int64		end = first + 1;

		while (end < state.n &&
			   bloom_bank_same_class(&classes[order[first]], &classes[order[end]]))
			end++;
		indexed += write_class(index, fetch, &state, classes, order, first, end);
		first = end;
	}
	bloom_bank_fetch_end(fetch);

	result->heap_tuples = reltuples;
	result->index_tuples = (double) indexed;
	return result;
}

/* ambuildempty: the metapage of an empty index, in the init fork */
void
bloom_bank_build_empty(Relation index)
{
	Buffer		buf = ReadBufferExtended(index, INIT_FORKNUM, P_NEW, RBM_NORMAL,
										 NULL);

	LockBuffer(buf, BUFFER_LOCK_EXCLUSIVE);
	START_CRIT_SECTION();
	bloom_bank_init_meta(BufferGetPage(buf));
	MarkBufferDirty(buf);
	log_newpage_buffer(buf, true);
	END_CRIT_SECTION();
	UnlockReleaseBuffer(buf);
}
