/*-------------------------------------------------------------------------
 *
 * bloom_bank_check.c
 *	  bloombank_check(index): that a bloombank index holds every row of its
 *	  table, and every bit of each row's filter, as amcheck checks a btree
 *	  against its table.
 *
 * Under a snapshot, and holding the flush lock in share mode (no flush,
 * merge or bulk delete runs meanwhile; inserts go on), it checks:
 *
 *	- the index's structure as it reads it: the metapage, the kinds of its
 *	  pages, the directory's entries, and that the metapage counts the
 *	  groups and their live rows it lists;
 *	- that each row the snapshot sees with a filter is in the pending list
 *	  or in a group (by its TID);
 *	- that each group's column of a row the snapshot sees holds every bit
 *	  of the row's filter mapped onto the group's geometry, exactly those
 *	  bits in a class whose filters are their own blocks, and that the
 *	  filter is of the group's class (kind, hash, part).
 *
 * The first problem is an error (ERRCODE_INDEX_CORRUPTED) naming the row;
 * otherwise it returns what it checked.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_bank_check.c
 *
 *-------------------------------------------------------------------------
 */
#include "bloom_bank.h"

#include "access/table.h"
#include "access/tableam.h"
#include "catalog/index.h"
#include "funcapi.h"
#include "miscadmin.h"
#include "storage/lmgr.h"
#include "utils/builtins.h"
#include "utils/hsearch.h"
#include "utils/memutils.h"
#include "utils/rel.h"
#include "utils/snapmgr.h"

/* Where a row is in the index */
typedef struct RowEntry
{
	ItemPointerData tid;		/* the key */
	bool		pending;
} RowEntry;

/* What the heap scan's callback needs, and counts */
typedef struct CheckState
{
	Relation	index;
	Relation	heap;
	HTAB	   *rows;
	int64		seen;
	int64		pending;
} CheckState;

/* What can be wrong with a row of the table in the index */
typedef enum RowProblem
{
	ROW_MISSING,				/* in no group and not pending */
	ROW_OTHER_CLASS,			/* in a group of another class */
	ROW_LACKS_BITS				/* its group lacks a bit of its filter */
} RowProblem;

/* Raise the error for a problem at a row of the table */
pg_noreturn static void
raise_row(const CheckState *state, ItemPointer tid, RowProblem problem)
{
	const char *index = RelationGetRelationName(state->index);
	const char *table = RelationGetRelationName(state->heap);
	BlockNumber block = ItemPointerGetBlockNumberNoCheck(tid);
	OffsetNumber offset = ItemPointerGetOffsetNumberNoCheck(tid);

	ereport(ERROR,
			(errcode(ERRCODE_INDEX_CORRUPTED),
			 problem == ROW_MISSING ?
			 errmsg("index \"%s\" holds row (%u,%u) of table \"%s\" neither in its pending list nor in a group",
					index, block, offset, table) :
			 problem == ROW_OTHER_CLASS ?
			 errmsg("index \"%s\" holds the filter of row (%u,%u) of table \"%s\" in a group of another class",
					index, block, offset, table) :
			 errmsg("index \"%s\" lacks a bit of the filter of row (%u,%u) of table \"%s\"",
					index, block, offset, table),
			 errhint("Rebuild it with REINDEX.")));
}

/* Record a row of the index (in the pending list, or in a group) */
static void
record_row(CheckState *state, ItemPointer tid, bool pending)
{
	bool		found;
	RowEntry   *entry = hash_search(state->rows, tid, HASH_ENTER, &found);

	entry->pending = (found && entry->pending) || pending;
}

/* The heap scan's callback: a row the snapshot sees is in the index */
static void
check_row(Relation index, ItemPointer tid, Datum *values, bool *isnull,
		  bool tupleIsAlive, void *arg)
{
	CheckState *state = (CheckState *) arg;
	RowEntry   *entry;

	if (isnull[0])
		return;
	state->seen++;
	entry = hash_search(state->rows, tid, HASH_FIND, NULL);
	if (entry == NULL)
		raise_row(state, tid, ROW_MISSING);
	state->pending += entry->pending;
}

/*
 * Check the columns first to first + n - 1 of group against their rows'
 * filters (those the snapshot of fetch sees); returns how many it checked
 */
static int64
check_columns(CheckState *state, BankFetch *fetch, const BankGroup *group,
			  const ItemPointerData *tids, uint32 first, uint32 n)
{
	bf_bank_shape shape;
	Size		bytes = group->class.nblocks * BF_BLOCK_BYTES;
	uint8	   *columns = palloc_extended(n * bytes, MCXT_ALLOC_HUGE);
	uint8		block[BF_BLOCK_BYTES];
	int64		checked = 0;

	bloom_bank_group_shape(group, &shape);
	for (uint32 p = 0; p < group->npieces; p++)
	{
		BlockNumber blkno = group->start + p;
		Buffer		buf = bloom_bank_read(state->index, blkno, BUFFER_LOCK_SHARE);
		Page		page = BufferGetPage(buf);

		bloom_bank_check_page(state->index, page, blkno, BANK_PAGE_DATA);
		if (BankPageGetOpaque(page)->link != group->id)
			ereport(ERROR,
					(errcode(ERRCODE_INDEX_CORRUPTED),
					 errmsg("index \"%s\" has a page of group %u, block %u, that is not the group's",
							RelationGetRelationName(state->index), group->id, blkno),
					 errhint("Rebuild it with REINDEX.")));
		for (uint32 c = 0; c < n; c++)
			bf_bank_gather(&shape, p, (const uint8 *) BankPageGetContent(page),
						   first + c, group->class.nblocks, columns + c * bytes);
		UnlockReleaseBuffer(buf);
		CHECK_FOR_INTERRUPTS();
	}
	for (uint32 c = 0; c < n; c++)
	{
		ItemPointer tid = (ItemPointer) &tids[first + c];
		uint8	   *column = columns + c * bytes;
		struct varlena *value;
		bf_view		view;
		BankClass	own;
		BankClass	folded;
		bf_bank_source source;

		if (!ItemPointerIsValid(tid) ||
			(value = bloom_bank_fetch(fetch, tid)) == NULL)
			continue;
		bf_bank_unpack(column, group->class.nblocks);
		view = bloom_view(value);
		own = bloom_bank_class_of(&view.hdr, false);
		folded = bloom_bank_class_of(&view.hdr, true);
		if (!bloom_bank_same_class(&own, &group->class) &&
			!bloom_bank_same_class(&folded, &group->class))
			raise_row(state, tid, ROW_OTHER_CLASS);
		bf_bank_source_init(&source, &view, group->class.nblocks);
		for (uint64 b = 0; b < group->class.nblocks; b++)
		{
			const uint8 *have = column + b * BF_BLOCK_BYTES;

			bf_bank_mapped_block(&source, b, block);
			for (int i = 0; i < BF_BLOCK_BYTES; i++)
				if ((block[i] & ~have[i]) != 0 ||
					((group->class.flags & BANK_CLASS_EXACT) && block[i] != have[i]))
					raise_row(state, tid, ROW_LACKS_BITS);
		}
		pfree(value);
		checked++;
	}
	pfree(columns);
	return checked;
}

/*
 * Check a group's entry against its TID pages, record its rows, and check
 * its columns against their rows' filters, as many at a time as memory
 * holds; returns how many columns it checked
 */
static int64
check_group(CheckState *state, BankFetch *fetch, const BankGroup *group)
{
	ItemPointerData *tids = palloc(group->ncolumns * sizeof(ItemPointerData));
	Size		bytes = group->class.nblocks * BF_BLOCK_BYTES;
	uint32		per = Max(1, (uint32) Min((Size) maintenance_work_mem * 1024 / bytes,
										  (Size) group->ncolumns));
	uint32		live = 0;
	int64		checked = 0;

	for (uint32 t = 0; t < group->ntidpages; t++)
	{
		BlockNumber blkno = group->start + group->npieces + t;
		Buffer		buf = bloom_bank_read(state->index, blkno, BUFFER_LOCK_SHARE);
		Page		page = BufferGetPage(buf);
		uint32		first = t * BANK_TIDS_PER_PAGE;
		uint32		count = Min(BANK_TIDS_PER_PAGE, group->ncolumns - first);

		bloom_bank_check_page(state->index, page, blkno, BANK_PAGE_TIDS);
		memcpy(tids + first, BankPageGetContent(page), count * sizeof(ItemPointerData));
		UnlockReleaseBuffer(buf);
	}
	for (uint32 c = 0; c < group->ncolumns; c++)
	{
		if (!ItemPointerIsValid(&tids[c]))
			continue;
		live++;
		record_row(state, &tids[c], false);
	}
	if (live != group->nlive)
		ereport(ERROR,
				(errcode(ERRCODE_INDEX_CORRUPTED),
				 errmsg("index \"%s\" has a group of %u rows whose entry says %u",
						RelationGetRelationName(state->index), live, group->nlive)));
	for (uint32 first = 0; first < group->ncolumns; first += per)
		checked += check_columns(state, fetch, group, tids, first,
								 Min(per, group->ncolumns - first));
	pfree(tids);
	return checked;
}

/* Record the rows of the pending list whose first page is blkno */
static void
record_pending(CheckState *state, BlockNumber blkno)
{
	BlockNumber nblocks = RelationGetNumberOfBlocks(state->index);
	BlockNumber pages = 0;

	while (BlockNumberIsValid(blkno))
	{
		Buffer		buf;
		uint32		n;
		ItemPointerData *tids;

		if (blkno >= nblocks || ++pages > nblocks)
			ereport(ERROR,
					(errcode(ERRCODE_INDEX_CORRUPTED),
					 errmsg("index \"%s\" has a pending list that leaves the index or loops",
							RelationGetRelationName(state->index))));
		buf = bloom_bank_read(state->index, blkno, BUFFER_LOCK_SHARE);
		tids = bloom_bank_pending_tids(state->index, BufferGetPage(buf), blkno, &n);
		for (uint32 i = 0; i < n; i++)
			record_row(state, &tids[i], true);
		blkno = BankPageGetOpaque(BufferGetPage(buf))->link;
		UnlockReleaseBuffer(buf);
	}
}

/*
 * bloombank_check(index regclass): see the file header.  Returns the rows
 * the snapshot sees with a filter, those of them in the pending list, the
 * groups' columns checked against their rows' filters, and the groups.
 */
PG_FUNCTION_INFO_V1(bloomfilter_bank_check);
Datum
bloomfilter_bank_check(PG_FUNCTION_ARGS)
{
	CheckState	state;
	HASHCTL		ctl;
	Snapshot	snapshot;
	Buffer		metabuf;
	BankMetaPageData *meta;
	BlockNumber pending;
	BlockNumber directory;
	uint32		ngroups_meta;
	double		nfilters_meta;
	BankGroup  *groups;
	int			ngroups;
	double		nlive = 0;
	int64		grouped = 0;
	IndexInfo  *info;
	TableScanDesc scan;
	BankFetch  *fetch;
	TupleDesc	tupdesc;
	Datum		values[4];
	bool		nulls[4] = {false, false, false, false};

	if (get_call_result_type(fcinfo, NULL, &tupdesc) != TYPEFUNC_COMPOSITE)
		elog(ERROR, "return type must be a row type");
	memset(&state, 0, sizeof(state));
	state.index = bloom_bank_open(PG_GETARG_OID(0), AccessShareLock, &state.heap);
	LockPage(state.index, BANK_METAPAGE_BLKNO, ShareLock);
	snapshot = RegisterSnapshot(GetTransactionSnapshot());

	ctl.keysize = sizeof(ItemPointerData);
	ctl.entrysize = sizeof(RowEntry);
	ctl.hcxt = CurrentMemoryContext;
	state.rows = hash_create("bloombank_check rows", 1024, &ctl,
							 HASH_ELEM | HASH_BLOBS | HASH_CONTEXT);

	metabuf = bloom_bank_read(state.index, BANK_METAPAGE_BLKNO, BUFFER_LOCK_SHARE);
	meta = bloom_bank_meta(state.index, BufferGetPage(metabuf));
	pending = meta->pending_head;
	directory = meta->directory;
	ngroups_meta = meta->ngroups;
	nfilters_meta = meta->nfilters;
	UnlockReleaseBuffer(metabuf);

	record_pending(&state, pending);
	groups = bloom_bank_read_directory(state.index, directory, &ngroups, NULL);
	fetch = bloom_bank_fetch_begin(state.heap, state.index, snapshot);
	for (int g = 0; g < ngroups; g++)
	{
		grouped += check_group(&state, fetch, &groups[g]);
		nlive += groups[g].nlive;
	}
	bloom_bank_fetch_end(fetch);
	if ((uint32) ngroups != ngroups_meta || nlive != nfilters_meta)
		ereport(ERROR,
				(errcode(ERRCODE_INDEX_CORRUPTED),
				 errmsg("index \"%s\" lists %d groups of %.0f rows, where its metapage counts %u of %.0f",
						RelationGetRelationName(state.index), ngroups, nlive,
						ngroups_meta, nfilters_meta)));

	info = BuildIndexInfo(state.index);
	info->ii_Concurrent = true;
	scan = table_beginscan_strat(state.heap, snapshot, 0, NULL, true, true);
	(void) table_index_build_scan(state.heap, state.index, info, true, false,
								  check_row, &state, scan);

	UnregisterSnapshot(snapshot);
	UnlockPage(state.index, BANK_METAPAGE_BLKNO, ShareLock);
	index_close(state.index, AccessShareLock);
	table_close(state.heap, AccessShareLock);

	values[0] = Int64GetDatum(state.seen);
	values[1] = Int64GetDatum(state.pending);
	values[2] = Int64GetDatum(grouped);
	values[3] = Int32GetDatum(ngroups);
	PG_RETURN_DATUM(HeapTupleGetDatum(heap_form_tuple(tupdesc, values, nulls)));
}
