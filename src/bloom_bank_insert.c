/*-------------------------------------------------------------------------
 *
 * bloom_bank_insert.c
 *	  Inserts into a bloombank index: the pending list, and its flush into
 *	  groups (on a full list, by VACUUM, or by bloombank_flush()).
 *
 * An insert must not rewrite a group (each of its pages holds a piece of
 * every filter of the group), so it appends the row's TID to the pending
 * list, as GIN's fast update appends entries: a few bytes of WAL, with the
 * metapage.  A scan takes every pending row as a candidate, which the
 * executor tests with the row's own filter.  Once the list holds
 * pending_limit rows (a reloption), the insert that finds it so flushes
 * it, unless another backend is flushing, in which case it goes on: no
 * insert waits for a flush.
 *
 * A flush, one at a time (a lock on the metapage's block number, as GIN's
 * cleanup takes), seals the list (a new empty tail page takes the inserts
 * that come during it), reads the rows' filters from the table
 * (bloom_bank_fetch.c), writes them into new groups, and only then takes
 * the pages it read off the list.  A scan that reads the list before finds
 * the rows there; one that reads it after finds them in the groups.  A
 * crash between the two leaves rows in both, which answers the same.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_bank_insert.c
 *
 *-------------------------------------------------------------------------
 */
#include "bloom_bank.h"

#include "access/relation.h"
#include "access/xlog.h"
#include "access/table.h"
#include "catalog/index.h"
#include "miscadmin.h"
#include "storage/lmgr.h"
#include "utils/builtins.h"
#include "utils/memutils.h"
#include "utils/rel.h"

/* The TIDs of a pending page, and how many there are */
static ItemPointerData *
pending_tids(Page page, uint32 *n)
{
	*n = (uint32) ((((PageHeader) page)->pd_lower -
					(BankPageGetContent(page) - (char *) page)) / sizeof(ItemPointerData));
	return (ItemPointerData *) BankPageGetContent(page);
}

/* Set the count of a pending page's TIDs */
void
bloom_bank_set_pending_count(Page page, uint32 n)
{
	((PageHeader) page)->pd_lower =
		BankPageGetContent(page) + n * sizeof(ItemPointerData) - (char *) page;
}

/* The TIDs of pending page blkno (page), checked, and how many */
ItemPointerData *
bloom_bank_pending_tids(Relation index, Page page, BlockNumber blkno,
						uint32 *n)
{
	ItemPointerData *tids;

	bloom_bank_check_page(index, page, blkno, BANK_PAGE_PENDING);
	tids = pending_tids(page, n);
	if (*n > BANK_TIDS_PER_PAGE)
		ereport(ERROR,
				(errcode(ERRCODE_INDEX_CORRUPTED),
				 errmsg("index \"%s\" is corrupted at block %u",
						RelationGetRelationName(index), blkno),
				 errdetail_internal("A pending page holds more TIDs than it can.")));
	return tids;
}

/*
 * Append a new empty page to the pending list (with the metapage, meta,
 * registered in state, the list's tail, if any, locked in tailbuf):
 * returns its buffer, locked, and the copy of it to fill
 */
static Buffer
append_pending_page(Relation index, GenericXLogState *state,
					BankMetaPageData *meta, Buffer tailbuf, Page *page)
{
	Buffer		buf = bloom_bank_new_page(index);
	BlockNumber blkno = BufferGetBlockNumber(buf);

	*page = GenericXLogRegisterBuffer(state, buf, GENERIC_XLOG_FULL_IMAGE);
	bloom_bank_init_page(*page, BANK_PAGE_PENDING, InvalidBlockNumber);
	if (BufferIsValid(tailbuf))
		BankPageGetOpaque(GenericXLogRegisterBuffer(state, tailbuf, 0))->link = blkno;
	else
		meta->pending_head = blkno;
	meta->pending_tail = blkno;
	return buf;
}

/*
 * aminsert: append the row's TID to the pending list, noting its filter's
 * kind in the metapage, and flush the list if it is full.  A NULL filter is
 * not indexed: no test holds for it.
 */
bool
bloom_bank_insert(Relation index, Datum *values, bool *isnull, ItemPointer tid,
				  Relation heap, IndexUniqueCheck checkUnique,
				  bool indexUnchanged, IndexInfo *indexInfo)
{
	bf_header	hdr;
	Buffer		metabuf;
	Buffer		tailbuf = InvalidBuffer;
	Buffer		newbuf = InvalidBuffer;
	GenericXLogState *state;
	BankMetaPageData *meta;
	Page		page;
	ItemPointerData *tids;
	uint32		n = BANK_TIDS_PER_PAGE;
	uint32		npending;

	if (isnull[0])
		return false;
	hdr = bloom_datum_header(values[0]);

	metabuf = bloom_bank_read(index, BANK_METAPAGE_BLKNO, BUFFER_LOCK_EXCLUSIVE);
	meta = bloom_bank_meta(index, BufferGetPage(metabuf));
	if (BlockNumberIsValid(meta->pending_tail))
	{
		tailbuf = bloom_bank_read(index, meta->pending_tail, BUFFER_LOCK_EXCLUSIVE);
		(void) bloom_bank_pending_tids(index, BufferGetPage(tailbuf),
									   meta->pending_tail, &n);
	}
	state = GenericXLogStart(index);
	meta = BankPageGetMeta(GenericXLogRegisterBuffer(state, metabuf, 0));
	if (n == BANK_TIDS_PER_PAGE)
		newbuf = append_pending_page(index, state, meta, tailbuf, &page);
	else
		page = GenericXLogRegisterBuffer(state, tailbuf, 0);
	tids = pending_tids(page, &n);
	tids[n] = *tid;
	bloom_bank_set_pending_count(page, n + 1);
	meta->npending++;
	bloom_bank_note_kind(meta, hdr.kind, hdr.hash_id);
	npending = meta->npending;
	GenericXLogFinish(state);

	if (BufferIsValid(newbuf))
		UnlockReleaseBuffer(newbuf);
	if (BufferIsValid(tailbuf))
		UnlockReleaseBuffer(tailbuf);
	UnlockReleaseBuffer(metabuf);

	if (npending >= (uint32) bloom_bank_pending_limit(index))
		(void) bloom_bank_flush(index, heap, false);
	return false;
}

/*
 * Seal the pending list for a flush: the pages from its head up to the
 * returned page (exclusive) take no more inserts, a new empty tail page
 * taking them.  InvalidBlockNumber if the list is empty.
 */
static BlockNumber
seal_pending(Relation index, BlockNumber *head)
{
	Buffer		metabuf = bloom_bank_read(index, BANK_METAPAGE_BLKNO,
										  BUFFER_LOCK_EXCLUSIVE);
	BankMetaPageData *meta = bloom_bank_meta(index, BufferGetPage(metabuf));
	BlockNumber stop = meta->pending_tail;
	Buffer		tailbuf;
	uint32		n;

	*head = meta->pending_head;
	if (meta->npending == 0 || !BlockNumberIsValid(stop))
	{
		UnlockReleaseBuffer(metabuf);
		return InvalidBlockNumber;
	}
	tailbuf = bloom_bank_read(index, stop, BUFFER_LOCK_EXCLUSIVE);
	(void) bloom_bank_pending_tids(index, BufferGetPage(tailbuf), stop, &n);
	if (n > 0)
	{
		GenericXLogState *state = GenericXLogStart(index);
		Page		page;
		Buffer		newbuf;

		meta = BankPageGetMeta(GenericXLogRegisterBuffer(state, metabuf, 0));
		newbuf = append_pending_page(index, state, meta, tailbuf, &page);
		stop = BufferGetBlockNumber(newbuf);
		GenericXLogFinish(state);
		UnlockReleaseBuffer(newbuf);
	}
	UnlockReleaseBuffer(tailbuf);
	UnlockReleaseBuffer(metabuf);
	return stop;
}

/*
 * Take the sealed pages (head up to stop, exclusive) off the pending list,
 * their ntids TIDs now in groups, and give them back
 */
static void
unlink_pending(Relation index, BlockNumber stop, BlockNumber *pages,
			   int npages, uint32 ntids)
{
	Buffer		metabuf = bloom_bank_read(index, BANK_METAPAGE_BLKNO,
										  BUFFER_LOCK_EXCLUSIVE);
	GenericXLogState *state = GenericXLogStart(index);
	BankMetaPageData *meta;

	meta = bloom_bank_meta(index, GenericXLogRegisterBuffer(state, metabuf, 0));
	meta->pending_head = stop;
	meta->npending -= Min(ntids, meta->npending);
	for (int i = 0; i < npages; i++)
		bloom_bank_free_run(meta, pages[i], 1);
	GenericXLogFinish(state);
	UnlockReleaseBuffer(metabuf);
}

/* Take n rows that VACUUM removed off the metapage's count of pending rows */
void
bloom_bank_count_pending(Relation index, uint32 n)
{
	Buffer		metabuf = bloom_bank_read(index, BANK_METAPAGE_BLKNO,
										  BUFFER_LOCK_EXCLUSIVE);
	GenericXLogState *state = GenericXLogStart(index);
	BankMetaPageData *meta;

	meta = bloom_bank_meta(index, GenericXLogRegisterBuffer(state, metabuf, 0));
	meta->npending -= Min(n, meta->npending);
	GenericXLogFinish(state);
	UnlockReleaseBuffer(metabuf);
}

/*
 * Read the filters of tids (n) from the table, as many at a time as memory
 * bytes hold, and write them into new groups (classes chosen beside the
 * index's existing ones); returns how many were written
 */
static int64
write_pending(Relation index, Relation heap, const ItemPointerData *tids,
			  uint32 n, Size memory)
{
	BankFetch  *fetch = bloom_bank_fetch_begin(heap, index, NULL);
	MemoryContext cxt = AllocSetContextCreate(CurrentMemoryContext,
											  "bloombank flush",
											  ALLOCSET_DEFAULT_SIZES);
	MemoryContext old = MemoryContextSwitchTo(cxt);
	BankFilter *batch = palloc(n * sizeof(BankFilter));
	bf_header  *headers = palloc(n * sizeof(bf_header));
	BankClass  *classes = palloc(n * sizeof(BankClass));
	BankClass  *existing;
	int			nexisting;
	uint32		next = 0;
	int64		written = 0;

	existing = bloom_bank_existing_classes(index, &nexisting);
	while (next < n)
	{
		Size		used = 0;
		int			count = 0;

		while (next < n && (count == 0 || used < memory))
		{
			struct varlena *value = bloom_bank_fetch(fetch, (ItemPointer) &tids[next++]);

			if (value == NULL)
				continue;
			bloom_bank_filter_of(&batch[count], (ItemPointer) &tids[next - 1], value);
			headers[count] = batch[count].view.hdr;
			used += batch[count].size;
			count++;
		}
		bloom_bank_choose_classes(headers, classes, count, existing, nexisting);
		for (int i = 0; i < count; i++)
			batch[i].class = classes[i];
		bloom_bank_write_groups(index, batch, count);
		for (int i = 0; i < count; i++)
			pfree(batch[i].memory);
		written += count;
	}
	bloom_bank_fetch_end(fetch);
	MemoryContextSwitchTo(old);
	MemoryContextDelete(cxt);
	return written;
}

/*
 * Flush the pending list into groups: wait for a flush under way (VACUUM,
 * bloombank_flush), or (wait false: an insert) give up if there is one.
 * Returns how many rows were moved.
 */
int64
bloom_bank_flush(Relation index, Relation heap, bool wait)
{
	BlockNumber head;
	BlockNumber stop;
	BlockNumber blkno;
	BlockNumber *pages;
	ItemPointerData *tids;
	uint32		ntids = 0;
	int			npages = 0;
	int			room = 16;
	int64		moved;

	if (wait)
		LockPage(index, BANK_METAPAGE_BLKNO, ExclusiveLock);
	else if (!ConditionalLockPage(index, BANK_METAPAGE_BLKNO, ExclusiveLock))
		return 0;

	stop = seal_pending(index, &head);
	if (!BlockNumberIsValid(stop))
	{
		UnlockPage(index, BANK_METAPAGE_BLKNO, ExclusiveLock);
		return 0;
	}
	pages = palloc(room * sizeof(BlockNumber));
	tids = palloc(room * BANK_TIDS_PER_PAGE * sizeof(ItemPointerData));
	for (blkno = head; blkno != stop;)
	{
		Buffer		buf = bloom_bank_read(index, blkno, BUFFER_LOCK_SHARE);
		uint32		n;
		ItemPointerData *page_tids = bloom_bank_pending_tids(index, BufferGetPage(buf),
															 blkno, &n);

		if (npages == room)
		{
			room *= 2;
			pages = repalloc(pages, room * sizeof(BlockNumber));
			tids = repalloc_huge(tids, room * BANK_TIDS_PER_PAGE * sizeof(ItemPointerData));
		}
		pages[npages++] = blkno;
		memcpy(tids + ntids, page_tids, n * sizeof(ItemPointerData));
		ntids += n;
		blkno = BankPageGetOpaque(BufferGetPage(buf))->link;
		UnlockReleaseBuffer(buf);
		if (!BlockNumberIsValid(blkno))
			ereport(ERROR,
					(errcode(ERRCODE_INDEX_CORRUPTED),
					 errmsg("index \"%s\" is corrupted: its pending list ends before its tail",
							RelationGetRelationName(index))));
		CHECK_FOR_INTERRUPTS();
	}
	moved = write_pending(index, heap, tids, ntids,
						  (Size) (wait ? maintenance_work_mem : work_mem) * 1024);
	unlink_pending(index, stop, pages, npages, ntids);
	UnlockPage(index, BANK_METAPAGE_BLKNO, ExclusiveLock);
	pfree(pages);
	pfree(tids);
	return moved;
}

/*
 * bloombank_flush(index regclass): move the index's pending list into
 * groups now, as VACUUM does; returns how many rows were moved
 */
PG_FUNCTION_INFO_V1(bloomfilter_bank_flush);
Datum
bloomfilter_bank_flush(PG_FUNCTION_ARGS)
{
	Relation	heap;
	Relation	index;
	int64		moved;

	if (RecoveryInProgress())
		ereport(ERROR,
				(errcode(ERRCODE_READ_ONLY_SQL_TRANSACTION),
				 errmsg("a bloombank pending list cannot be flushed during recovery")));
	index = bloom_bank_open(PG_GETARG_OID(0), RowExclusiveLock, &heap);
	moved = bloom_bank_flush(index, heap, true);
	index_close(index, RowExclusiveLock);
	table_close(heap, RowExclusiveLock);
	PG_RETURN_INT64(moved);
}
