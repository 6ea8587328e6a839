/*-------------------------------------------------------------------------
 *
 * bloom_bank_vacuum.c
 *	  VACUUM of a bloombank index: removing dead rows, merging small and
 *	  sparse groups, and giving back the pages nothing reaches.
 *
 * Bulk delete first flushes the pending list (as GIN's does), then, holding
 * the flush lock, so that no flush puts a row VACUUM is removing into a
 * group after VACUUM passed it, clears the TID of every dead row in the
 * groups' TID pages (its bits stay, answering for no row), counts each
 * group's live columns, and takes dead rows off what the list holds since
 * the flush.
 *
 * Cleanup flushes the list again (rows inserted since), then merges the
 * groups of each class tier by tier, as a log-structured merge does: the
 * groups whose live columns are of one order of magnitude (a power of
 * two), if there are two or more, and every group with fewer live columns
 * than half its own, are rewritten together into groups that fill their
 * pages (bloom_bank_write.c); a group of a full page of one-byte pieces is
 * left alone.  Each filter is so rewritten about log2(8,160 / the flush's
 * batch) times in its life.  Their columns are read back from the groups
 * (bf_bank_gather), so a merge reads nothing from the table; the old
 * groups are removed from the directory and their pages given back.
 *
 * Last, every page that neither the metapage, the pending list, the
 * directory nor a group reaches, nor the list of free runs holds (a
 * crash's leftovers, runs the full list left out), goes to the free list.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_bank_vacuum.c
 *
 *-------------------------------------------------------------------------
 */
#include "bloom_bank.h"

#include "access/table.h"
#include "catalog/index.h"
#include "commands/vacuum.h"
#include "miscadmin.h"
#include "port/pg_bitutils.h"
#include "postmaster/autovacuum.h"
#include "storage/lmgr.h"
#include "utils/memutils.h"
#include "utils/rel.h"

/* The table an index being vacuumed indexes, opened (VACUUM locked it) */
static Relation
open_heap(Relation index)
{
	return table_open(IndexGetRelation(RelationGetRelid(index), false), NoLock);
}

/*
 * Clear the TIDs of the rows callback says are dead in the TID pages of
 * group (at directory page blkno), and record its live columns; returns
 * how many were cleared
 */
static uint32
delete_in_group(Relation index, const BankGroup *group, BlockNumber blkno,
				IndexBulkDeleteCallback callback, void *callback_state)
{
	uint32		removed = 0;
	uint32		live = 0;

	for (uint32 t = 0; t < group->ntidpages; t++)
	{
		BlockNumber tidblk = group->start + group->npieces + t;
		Buffer		buf = bloom_bank_read(index, tidblk, BUFFER_LOCK_EXCLUSIVE);
		uint32		first = t * BANK_TIDS_PER_PAGE;
		uint32		count = Min(BANK_TIDS_PER_PAGE, group->ncolumns - first);
		GenericXLogState *state = NULL;
		ItemPointerData *tids;

		bloom_bank_check_page(index, BufferGetPage(buf), tidblk, BANK_PAGE_TIDS);
		tids = (ItemPointerData *) BankPageGetContent(BufferGetPage(buf));
		for (uint32 i = 0; i < count; i++)
		{
			if (!ItemPointerIsValid(&tids[i]))
				continue;
			if (!callback(&tids[i], callback_state))
			{
				live++;
				continue;
			}
			if (state == NULL)
			{
				state = GenericXLogStart(index);
				tids = (ItemPointerData *)
					BankPageGetContent(GenericXLogRegisterBuffer(state, buf, 0));
			}
			ItemPointerSetInvalid(&tids[i]);
			removed++;
		}
		if (state != NULL)
			GenericXLogFinish(state);
		UnlockReleaseBuffer(buf);
		bloom_vacuum_delay_point();
	}
	if (live != group->nlive)
		bloom_bank_update_group(index, blkno, group->id, live);
	return removed;
}

/*
 * Remove from the pending list (from page blkno on) the rows callback says
 * are dead, and count them; the list's pages are locked one at a time, the
 * metapage last, for its count
 */
static uint32
delete_pending(Relation index, BlockNumber blkno,
			   IndexBulkDeleteCallback callback, void *callback_state)
{
	uint32		removed = 0;

	while (BlockNumberIsValid(blkno))
	{
		Buffer		buf = bloom_bank_read(index, blkno, BUFFER_LOCK_EXCLUSIVE);
		uint32		n;
		ItemPointerData *tids = bloom_bank_pending_tids(index, BufferGetPage(buf), blkno, &n);
		GenericXLogState *state = NULL;
		Page		page = NULL;
		uint32		kept = 0;

		for (uint32 i = 0; i < n; i++)
		{
			if (!callback(&tids[i], callback_state))
			{
				tids[kept++] = tids[i];
				continue;
			}
			if (state == NULL)
			{
				state = GenericXLogStart(index);
				page = GenericXLogRegisterBuffer(state, buf, 0);
				tids = bloom_bank_pending_tids(index, page, blkno, &n);
			}
			removed++;
		}
		if (state != NULL)
		{
			bloom_bank_set_pending_count(page, kept);
			GenericXLogFinish(state);
		}
		blkno = BankPageGetOpaque(BufferGetPage(buf))->link;
		UnlockReleaseBuffer(buf);
		bloom_vacuum_delay_point();
	}
	return removed;
}

/*
 * ambulkdelete: flush the pending list, then clear the dead rows of every
 * group, and of the rows inserted since the flush (none is dead to VACUUM:
 * CREATE INDEX CONCURRENTLY's validation lists them all, so that it inserts
 * none again); holds the flush lock throughout (see the file header)
 */
IndexBulkDeleteResult *
bloom_bank_bulk_delete(IndexVacuumInfo *info, IndexBulkDeleteResult *stats,
					   IndexBulkDeleteCallback callback, void *callback_state)
{
	Relation	index = info->index;
	Relation	heap = open_heap(index);
	Buffer		metabuf;
	BlockNumber directory;
	BankGroup  *groups;
	BlockNumber *where;
	BlockNumber pending;
	int			ngroups;
	uint32		removed;

	if (stats == NULL)
		stats = palloc0(sizeof(IndexBulkDeleteResult));
	(void) bloom_bank_flush(index, heap, true);
	table_close(heap, NoLock);

	LockPage(index, BANK_METAPAGE_BLKNO, ExclusiveLock);
	metabuf = bloom_bank_read(index, BANK_METAPAGE_BLKNO, BUFFER_LOCK_SHARE);
	directory = bloom_bank_meta(index, BufferGetPage(metabuf))->directory;
	pending = bloom_bank_meta(index, BufferGetPage(metabuf))->pending_head;
	UnlockReleaseBuffer(metabuf);
	groups = bloom_bank_read_directory(index, directory, &ngroups, &where);
	for (int g = 0; g < ngroups; g++)
		stats->tuples_removed += delete_in_group(index, &groups[g], where[g],
												 callback, callback_state);
	removed = delete_pending(index, pending, callback, callback_state);
	if (removed > 0)
		bloom_bank_count_pending(index, removed);
	stats->tuples_removed += removed;
	UnlockPage(index, BANK_METAPAGE_BLKNO, ExclusiveLock);
	return stats;
}

/*
 * The tier of a group: 0 below a page of whole-block pieces (255 filters
 * on 8 kB pages), else 1 + the power of two of its live columns over that
 */
static int
tier_of(const BankGroup *group)
{
	if (group->nlive < BANK_FULL_PAGE_COLUMNS)
		return 0;
	return 1 + pg_leftmost_one_pos32(group->nlive / BANK_FULL_PAGE_COLUMNS);
}

/* Whether a group is rewritten whatever its tier: mostly dead columns */
static bool
sparse(const BankGroup *group)
{
	return group->nlive < group->ncolumns / 2;
}

/*
 * The live columns of group, as filters of its class: each a block filter
 * of the class's geometry holding the group's bits for it, into filters
 * (from *n on), allocated in the current context
 */
static void
gather_group(Relation index, const BankGroup *group, BankFilter *filters, int *n)
{
	bf_bank_shape shape;
	bf_header	hdr = bloom_bank_class_header(&group->class);
	uint32	   *columns = palloc(group->ncolumns * sizeof(uint32));
	uint32		ncolumns = 0;
	int			first = *n;

	bloom_bank_group_shape(group, &shape);
	for (uint32 t = 0; t < group->ntidpages; t++)
	{
		BlockNumber tidblk = group->start + group->npieces + t;
		Buffer		buf = bloom_bank_read(index, tidblk, BUFFER_LOCK_SHARE);
		uint32		count = Min(BANK_TIDS_PER_PAGE, group->ncolumns - t * BANK_TIDS_PER_PAGE);
		ItemPointerData *tids = (ItemPointerData *) BankPageGetContent(BufferGetPage(buf));

		bloom_bank_check_page(index, BufferGetPage(buf), tidblk, BANK_PAGE_TIDS);
		for (uint32 i = 0; i < count; i++)
		{
			BankFilter *filter;

			if (!ItemPointerIsValid(&tids[i]))
				continue;
			columns[ncolumns++] = t * BANK_TIDS_PER_PAGE + i;
			filter = &filters[(*n)++];
			filter->tid = tids[i];
			filter->class = group->class;
			filter->size = group->class.nblocks * BF_BLOCK_BYTES;
			filter->memory = palloc_extended(filter->size, MCXT_ALLOC_HUGE);
			filter->view.hdr = hdr;
			filter->view.payload = filter->memory;
		}
		UnlockReleaseBuffer(buf);
	}
	for (uint32 p = 0; p < group->npieces; p++)
	{
		BlockNumber blkno = group->start + p;
		Buffer		buf = bloom_bank_read(index, blkno, BUFFER_LOCK_SHARE);
		const uint8 *content = (const uint8 *) BankPageGetContent(BufferGetPage(buf));

		bloom_bank_check_page(index, BufferGetPage(buf), blkno, BANK_PAGE_DATA);
		for (uint32 c = 0; c < ncolumns; c++)
			bf_bank_gather(&shape, p, content, columns[c], group->class.nblocks,
						   filters[first + c].memory);
		UnlockReleaseBuffer(buf);
		bloom_vacuum_delay_point();
	}
	for (uint32 c = 0; c < ncolumns; c++)
		bf_bank_unpack(filters[first + c].memory, group->class.nblocks);
	pfree(columns);
}

/*
 * Merge groups of one class (groups[first..end), at directory pages
 * where): those of each tier that has two or more, and the sparse ones,
 * as many as memory holds, rewritten into groups that fill their pages;
 * the old ones removed
 */
static void
merge_class(Relation index, const BankGroup *groups, const BlockNumber *where,
			const int *order, int first, int end, Size memory)
{
	MemoryContext cxt = AllocSetContextCreate(CurrentMemoryContext,
											  "bloombank merge",
											  ALLOCSET_DEFAULT_SIZES);
	MemoryContext old = MemoryContextSwitchTo(cxt);
	Size		column_bytes = bf_size_blocks(groups[order[first]].class.nblocks);
	int			tiers[33] = {0};
	int		   *chosen = palloc((end - first) * sizeof(int));
	int			nchosen = 0;
	int			total = 0;
	int			count = 0;
	Size		used = 0;
	BankFilter *filters;

	for (int i = first; i < end; i++)
		tiers[tier_of(&groups[order[i]])]++;
	for (int i = first; i < end; i++)
	{
		const BankGroup *group = &groups[order[i]];

		if (!sparse(group) &&
			(group->ncolumns >= BANK_MAX_COLUMNS || tiers[tier_of(group)] < 2))
			continue;
		if (nchosen > 0 && used + group->nlive * column_bytes > memory)
			break;
		chosen[nchosen++] = order[i];
		used += group->nlive * column_bytes;
		total += group->nlive;
	}
	if (nchosen >= 2 || (nchosen == 1 && sparse(&groups[chosen[0]])))
	{
		filters = palloc_extended(Max(total, 1) * sizeof(BankFilter), MCXT_ALLOC_HUGE);
		for (int i = 0; i < nchosen; i++)
			gather_group(index, &groups[chosen[i]], filters, &count);
		if (count > 0)
			bloom_bank_write_groups(index, filters, count);
		for (int i = 0; i < nchosen; i++)
			bloom_bank_remove_group(index, where[chosen[i]], groups[chosen[i]].id);
	}
	MemoryContextSwitchTo(old);
	MemoryContextDelete(cxt);
}

/* The groups being sorted by class, for qsort_arg */
static int
compare_group_class(const void *a, const void *b, void *arg)
{
	const BankGroup *groups = (const BankGroup *) arg;
	int			x = *(const int *) a;
	int			y = *(const int *) b;
	int			cmp = memcmp(&groups[x].class, &groups[y].class, sizeof(BankClass));

	if (cmp != 0)
		return cmp;
	return x - y;
}

/* Merge the groups of each class, once (see the file header) */
static void
merge_all(Relation index, Size memory)
{
	Buffer		metabuf = bloom_bank_read(index, BANK_METAPAGE_BLKNO, BUFFER_LOCK_SHARE);
	BlockNumber directory = bloom_bank_meta(index, BufferGetPage(metabuf))->directory;
	BlockNumber *where;
	int			ngroups;
	BankGroup  *groups;
	int		   *order;
	int			first = 0;

	UnlockReleaseBuffer(metabuf);
	groups = bloom_bank_read_directory(index, directory, &ngroups, &where);
	order = palloc(Max(ngroups, 1) * sizeof(int));
	for (int g = 0; g < ngroups; g++)
		order[g] = g;
	qsort_arg(order, ngroups, sizeof(int), compare_group_class, groups);
	while (first < ngroups)
	{
		int			end = first + 1;

		while (end < ngroups &&
			   bloom_bank_same_class(&groups[order[first]].class, &groups[order[end]].class))
			end++;
		merge_class(index, groups, where, order, first, end, memory);
		first = end;
		bloom_vacuum_delay_point();
	}
	pfree(order);
	pfree(groups);
	pfree(where);
}

/* Mark the pages of a run as reached, in the bitmap of nblocks pages */
static void
reach(bool *reached, BlockNumber nblocks, BlockNumber start, uint32 npages)
{
	for (uint32 i = 0; i < npages && start + i < nblocks; i++)
		reached[start + i] = true;
}

/*
 * Give back every page below the index's length when it was read that
 * nothing reaches (see the file header); the flush lock is held, so no
 * group is being written, and lists grow under the metapage's lock
 */
static void
give_back_unreached(Relation index)
{
	Buffer		metabuf = bloom_bank_read(index, BANK_METAPAGE_BLKNO,
										  BUFFER_LOCK_EXCLUSIVE);
	BankMetaPageData *meta = bloom_bank_meta(index, BufferGetPage(metabuf));
	BlockNumber nblocks = RelationGetNumberOfBlocks(index);
	bool	   *reached = palloc0(nblocks * sizeof(bool));
	BlockNumber blkno;
	BankGroup  *groups;
	int			ngroups;
	GenericXLogState *state;
	BlockNumber start = InvalidBlockNumber;
	uint32		found = 0;

	reached[BANK_METAPAGE_BLKNO] = true;
	for (uint32 i = 0; i < meta->nfree; i++)
		reach(reached, nblocks, meta->free[i].start, meta->free[i].npages);
	for (blkno = meta->pending_head; BlockNumberIsValid(blkno) && blkno < nblocks;)
	{
		Buffer		buf = bloom_bank_read(index, blkno, BUFFER_LOCK_SHARE);

		reached[blkno] = true;
		bloom_bank_check_page(index, BufferGetPage(buf), blkno, BANK_PAGE_PENDING);
		blkno = BankPageGetOpaque(BufferGetPage(buf))->link;
		UnlockReleaseBuffer(buf);
	}
	for (blkno = meta->directory; BlockNumberIsValid(blkno) && blkno < nblocks;)
	{
		Buffer		buf = bloom_bank_read(index, blkno, BUFFER_LOCK_SHARE);

		reached[blkno] = true;
		blkno = BankPageGetOpaque(BufferGetPage(buf))->link;
		UnlockReleaseBuffer(buf);
	}
	groups = bloom_bank_read_directory(index, meta->directory, &ngroups, NULL);
	for (int g = 0; g < ngroups; g++)
		reach(reached, nblocks, groups[g].start, groups[g].npieces + groups[g].ntidpages);

	state = GenericXLogStart(index);
	meta = BankPageGetMeta(GenericXLogRegisterBuffer(state, metabuf, 0));
	for (blkno = 0; blkno <= nblocks; blkno++)
	{
		if (blkno < nblocks && !reached[blkno])
		{
			if (!BlockNumberIsValid(start))
				start = blkno;
			continue;
		}
		if (BlockNumberIsValid(start))
		{
			bloom_bank_free_run(meta, start, blkno - start);
			found += blkno - start;
			start = InvalidBlockNumber;
		}
	}
	if (found > 0)
		GenericXLogFinish(state);
	else
		GenericXLogAbort(state);
	UnlockReleaseBuffer(metabuf);
	pfree(reached);
	pfree(groups);
}

/*
 * amvacuumcleanup: flush, merge, give back unreached pages (see the file
 * header), and report the index's size and rows
 */
IndexBulkDeleteResult *
bloom_bank_vacuum_cleanup(IndexVacuumInfo *info, IndexBulkDeleteResult *stats)
{
	Relation	index = info->index;
	Relation	heap;
	Size		memory = (Size) (bloom_am_autovacuum_worker() && autovacuum_work_mem != -1 ?
								 autovacuum_work_mem : maintenance_work_mem) * 1024;
	Buffer		metabuf;
	BankMetaPageData *meta;

	if (info->analyze_only)
		return stats;
	if (stats == NULL)
		stats = palloc0(sizeof(IndexBulkDeleteResult));

	heap = open_heap(index);
	(void) bloom_bank_flush(index, heap, true);
	table_close(heap, NoLock);

	LockPage(index, BANK_METAPAGE_BLKNO, ExclusiveLock);
	merge_all(index, memory);
	give_back_unreached(index);
	UnlockPage(index, BANK_METAPAGE_BLKNO, ExclusiveLock);

	stats->num_pages = RelationGetNumberOfBlocks(index);
	metabuf = bloom_bank_read(index, BANK_METAPAGE_BLKNO, BUFFER_LOCK_SHARE);
	meta = bloom_bank_meta(index, BufferGetPage(metabuf));
	stats->pages_free = 0;
	for (uint32 i = 0; i < meta->nfree; i++)
		stats->pages_free += meta->free[i].npages;
	stats->num_index_tuples = meta->nfilters + meta->npending;
	stats->estimated_count = false;
	UnlockReleaseBuffer(metabuf);
	return stats;
}
