/*-------------------------------------------------------------------------
 *
 * bloom_bank_fetch.c
 *	  Reading the filters of rows of the indexed table by their TIDs, for
 *	  CREATE INDEX's second pass and for a flush of the pending list.
 *
 * The pending list holds TIDs only, so that an insert writes a few bytes
 * to the index, not its filter: a flush reads each row's filter from the
 * table, as BRIN's summarization reads its page ranges.  A row is read
 * through the table access method, following a HOT chain from its root
 * (every version of a chain has the same indexed value), with a snapshot
 * that sees every version some transaction may still see
 * (SnapshotNonVacuumable): a version no one can see any more is left out
 * of the groups, and its TOAST data, which VACUUM may already have
 * removed, is never read.  The index's value is computed as an insert
 * computes it (FormIndexDatum: a column, or an expression).
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_bank_fetch.c
 *
 *-------------------------------------------------------------------------
 */
#include "bloom_bank.h"

#include "access/tableam.h"
#include "catalog/index.h"
#include "executor/executor.h"
#include "utils/snapmgr.h"

/* A reader of rows' filters (bloom_bank_fetch_begin) */
struct BankFetch
{
	IndexInfo  *info;
	EState	   *estate;
	TupleTableSlot *slot;
	IndexFetchTableData *scan;
	SnapshotData nonvacuumable;
	Snapshot	snapshot;
};

/*
 * Begin reading the filters of the rows of heap that index indexes: the
 * versions some transaction may still see (snapshot NULL), or those a
 * snapshot sees (the verification function's)
 */
BankFetch *
bloom_bank_fetch_begin(Relation heap, Relation index, Snapshot snapshot)
{
	BankFetch  *fetch = palloc0(sizeof(BankFetch));

	fetch->info = BuildIndexInfo(index);
	fetch->estate = CreateExecutorState();
	fetch->slot = table_slot_create(heap, NULL);
	GetPerTupleExprContext(fetch->estate)->ecxt_scantuple = fetch->slot;
	InitNonVacuumableSnapshot(fetch->nonvacuumable, GlobalVisTestFor(heap));
	fetch->snapshot = snapshot != NULL ? snapshot : &fetch->nonvacuumable;
	fetch->scan = table_index_fetch_begin(heap);
	return fetch;
}

/*
 * The filter of the row at tid, detoasted, in the current memory context;
 * NULL if no version of the row may still be seen (or the snapshot sees
 * none), or its value is NULL
 */
struct varlena *
bloom_bank_fetch(BankFetch *fetch, ItemPointer tid)
{
	ItemPointerData at = *tid;
	bool		call_again = false;
	bool		all_dead = false;
	Datum		values[INDEX_MAX_KEYS];
	bool		isnull[INDEX_MAX_KEYS];
	struct varlena *filter = NULL;

	if (table_index_fetch_tuple(fetch->scan, &at, fetch->snapshot, fetch->slot,
								&call_again, &all_dead))
	{
		ResetPerTupleExprContext(fetch->estate);
		FormIndexDatum(fetch->info, fetch->slot, fetch->estate, values, isnull);
		if (!isnull[0])
			filter = bloom_datum_copy(values[0]);
		ExecClearTuple(fetch->slot);
	}
	return filter;
}

/* End reading */
void
bloom_bank_fetch_end(BankFetch *fetch)
{
	table_index_fetch_end(fetch->scan);
	ExecDropSingleTupleTableSlot(fetch->slot);
	FreeExecutorState(fetch->estate);
	pfree(fetch);
}
