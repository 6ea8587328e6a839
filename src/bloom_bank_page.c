/*-------------------------------------------------------------------------
 *
 * bloom_bank_page.c
 *	  The pages of a bloombank index: their special space, the metapage,
 *	  the directory of groups, and the allocation and reuse of pages.
 *
 * Every change is WAL-logged as a generic record (access/generic_xlog.h),
 * as contrib/bloom logs its pages: the caller registers the buffers it
 * changes and changes the copies the record gives it.  Buffers are locked
 * in one order: the metapage, then directory pages, then any other.
 *
 * A page given back (a pending page a flush emptied, a group VACUUM
 * replaced) may still be read by a scan that read the directory or the
 * pending list before: it goes to the metapage's list of free runs with
 * the next transaction id, and is reused only once no snapshot older than
 * that runs (GlobalVisCheckRemovableFullXid, as btree recycles pages).  A
 * hot standby cannot hold that back, so a scan also checks that each page
 * of a group still carries the group's identifier (bloom_bank_scan.c).
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_bank_page.c
 *
 *-------------------------------------------------------------------------
 */
#include "bloom_bank.h"

#include "miscadmin.h"
#include "storage/lmgr.h"
#include "utils/rel.h"
#include "utils/snapmgr.h"

/* Initialize a page of the index of the given kind and link */
void
bloom_bank_init_page(Page page, uint16 type, uint32 link)
{
	BankPageOpaque opaque;

	PageInit(page, BLCKSZ, sizeof(BankPageOpaqueData));
	opaque = BankPageGetOpaque(page);
	opaque->type = type;
	opaque->page_id = BANK_PAGE_ID;
	opaque->link = link;
}

/* Initialize the metapage of an empty index */
void
bloom_bank_init_meta(Page page)
{
	BankMetaPageData *meta;

	bloom_bank_init_page(page, BANK_PAGE_META, InvalidBlockNumber);
	meta = BankPageGetMeta(page);
	memset(meta, 0, sizeof(BankMetaPageData));
	meta->magic = BANK_MAGIC;
	meta->version = BANK_VERSION;
	meta->pending_head = InvalidBlockNumber;
	meta->pending_tail = InvalidBlockNumber;
	meta->directory = InvalidBlockNumber;
	meta->next_group_id = 1;
	((PageHeader) page)->pd_lower =
		BankPageGetContent(page) + sizeof(BankMetaPageData) - (char *) page;
}

/* Read block blkno of the index and lock it in mode */
Buffer
bloom_bank_read(Relation index, BlockNumber blkno, int mode)
{
	Buffer		buf = ReadBuffer(index, blkno);

	LockBuffer(buf, mode);
	return buf;
}

/* Raise the error for a page that is not what the index's links say */
pg_noreturn static void
raise_corrupt(Relation index, BlockNumber blkno, const char *detail)
{
	ereport(ERROR,
			(errcode(ERRCODE_INDEX_CORRUPTED),
			 errmsg("index \"%s\" is corrupted at block %u",
					RelationGetRelationName(index), blkno),
			 errdetail_internal("%s", detail),
			 errhint("Rebuild it with REINDEX.")));
}

/*
 * Check that page (block blkno) is a page of a bloombank index of kind
 * type; an error otherwise
 */
void
bloom_bank_check_page(Relation index, Page page, BlockNumber blkno,
					  uint16 type)
{
	BankPageOpaque opaque;

	if (PageIsNew(page) ||
		PageGetSpecialSize(page) != MAXALIGN(sizeof(BankPageOpaqueData)))
		raise_corrupt(index, blkno, "The page is not a page of a bloombank index.");
	opaque = BankPageGetOpaque(page);
	if (opaque->page_id != BANK_PAGE_ID)
		raise_corrupt(index, blkno, "The page is not a page of a bloombank index.");
	if (opaque->type != type)
		raise_corrupt(index, blkno, "The page is not of the kind its link says.");
}

/* The metapage's content, checked, of the index's page 0 (page) */
BankMetaPageData *
bloom_bank_meta(Relation index, Page page)
{
	BankMetaPageData *meta;

	bloom_bank_check_page(index, page, BANK_METAPAGE_BLKNO, BANK_PAGE_META);
	meta = BankPageGetMeta(page);
	if (meta->magic != BANK_MAGIC)
		raise_corrupt(index, BANK_METAPAGE_BLKNO, "The metapage has no bloombank magic number.");
	if (meta->version != BANK_VERSION)
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("index \"%s\" has bloombank version %u, which this release does not read",
						RelationGetRelationName(index), meta->version),
				 errhint("Rebuild it with REINDEX.")));
	if (meta->nkinds > BANK_MAX_KINDS || meta->nfree > BANK_MAX_FREE)
		raise_corrupt(index, BANK_METAPAGE_BLKNO, "The metapage's lists are longer than they can be.");
	return meta;
}

/* Lock the index against extension by others, unless it is local */
void
bloom_bank_lock_extension(Relation index)
{
	if (!RELATION_IS_LOCAL(index))
		LockRelationForExtension(index, ExclusiveLock);
}

/* Release what bloom_bank_lock_extension took */
void
bloom_bank_unlock_extension(Relation index)
{
	if (!RELATION_IS_LOCAL(index))
		UnlockRelationForExtension(index, ExclusiveLock);
}

/*
 * A new page at the end of the index, pinned and locked exclusively;
 * the caller holds the extension lock (bloom_bank_lock_extension), so
 * that pages it takes one after the other are a run
 */
Buffer
bloom_bank_extend(Relation index)
{
	Buffer		buf = ReadBufferExtended(index, MAIN_FORKNUM, P_NEW, RBM_NORMAL,
										 NULL);

	LockBuffer(buf, BUFFER_LOCK_EXCLUSIVE);
	return buf;
}

/*
 * A page for a list (pending, directory), pinned and locked exclusively:
 * a new page at the end of the index
 */
Buffer
bloom_bank_new_page(Relation index)
{
	Buffer		buf;

	bloom_bank_lock_extension(index);
	buf = bloom_bank_extend(index);
	bloom_bank_unlock_extension(index);
	return buf;
}

/*
 * The first page of a free run of at least npages pages that no scan can
 * still read, taken from the metapage's list (the caller logs the
 * metapage), or InvalidBlockNumber if there is none
 */
BlockNumber
bloom_bank_take_free(BankMetaPageData *meta, uint32 npages)
{
	for (uint32 i = 0; i < meta->nfree; i++)
	{
		BankFreeRun *run = &meta->free[i];
		BlockNumber start = run->start;

		if (run->npages < npages || !GlobalVisCheckRemovableFullXid(NULL, run->freed))
			continue;
		run->start += npages;
		run->npages -= npages;
		if (run->npages == 0)
			meta->free[i] = meta->free[--meta->nfree];
		return start;
	}
	return InvalidBlockNumber;
}

/*
 * Give back a run of pages: listed in the metapage as free from now on
 * (the caller logs the metapage), joined with the free runs next to it, so
 * that the pages of the small groups a merge gives back make room for the
 * large group a later merge writes.  A joined run is reused once no scan
 * can have read any of its pages: it takes this run's stamp, the latest.
 * When the list is full, the smallest run, this one or another, is left
 * out: VACUUM finds the pages no list reaches (bloom_bank_vacuum.c).
 */
void
bloom_bank_free_run(BankMetaPageData *meta, BlockNumber start, uint32 npages)
{
	uint32		smallest = 0;
	uint32		next = 0;

	while (next < meta->nfree)
	{
		BankFreeRun *run = &meta->free[next];

		if (run->start + run->npages == start || start + npages == run->start)
		{
			start = Min(start, run->start);
			npages += run->npages;
			meta->free[next] = meta->free[--meta->nfree];
			next = 0;			/* the joined run may touch another */
		}
		else
			next++;
	}
	if (meta->nfree == BANK_MAX_FREE)
	{
		for (uint32 i = 1; i < meta->nfree; i++)
			if (meta->free[i].npages < meta->free[smallest].npages)
				smallest = i;
		if (meta->free[smallest].npages >= npages)
			return;
		meta->free[smallest] = meta->free[--meta->nfree];
	}
	meta->free[meta->nfree].start = start;
	meta->free[meta->nfree].npages = npages;
	meta->free[meta->nfree].freed = ReadNextFullTransactionId();
	meta->nfree++;
}

/*
 * Record in the metapage that some filter holds values of kind kind in
 * hash hash_id (the caller logs the metapage); past BANK_MAX_KINDS kinds,
 * only that there were more
 */
void
bloom_bank_note_kind(BankMetaPageData *meta, uint32 kind, uint8 hash_id)
{
	for (uint32 i = 0; i < meta->nkinds; i++)
		if (meta->kinds[i].kind == kind && meta->kinds[i].hash_id == hash_id)
			return;
	if (meta->nkinds == BANK_MAX_KINDS)
	{
		meta->kinds_overflow = true;
		return;
	}
	meta->kinds[meta->nkinds].kind = kind;
	meta->kinds[meta->nkinds].hash_id = hash_id;
	meta->nkinds++;
}

/* The group entries of a directory page, and how many there are */
static BankGroup *
directory_entries(Page page, int *n)
{
	*n = (int) ((((PageHeader) page)->pd_lower -
				 (BankPageGetContent(page) - (char *) page)) / sizeof(BankGroup));
	return (BankGroup *) BankPageGetContent(page);
}

/* Set a directory page's count of entries */
static void
directory_set_count(Page page, int n)
{
	((PageHeader) page)->pd_lower =
		BankPageGetContent(page) + n * sizeof(BankGroup) - (char *) page;
}

/* The shape of a group, as its entry says */
void
bloom_bank_group_shape(const BankGroup *group, bf_bank_shape *shape)
{
	shape->piece_bits = group->piece_bits;
	shape->capacity = group->capacity;
}

/*
 * Check a group entry read from directory page blkno: a shape
 * bf_bank_shape_for can give, columns it holds, and a run of pages as long
 * as the shape makes it, within the index
 */
static void
check_group(Relation index, BlockNumber blkno, const BankGroup *group,
			BlockNumber nblocks)
{
	bf_bank_shape shape;

	bloom_bank_group_shape(group, &shape);
	if (!bf_bank_shape_valid(&shape, BANK_PAGE_BYTES) ||
		group->ncolumns == 0 || group->ncolumns > group->capacity ||
		group->nlive > group->ncolumns || group->class.nblocks == 0 ||
		group->class.nblocks > BF_MAX_BLOCKS ||
		group->npieces != bf_bank_pieces(&shape, group->class.nblocks) ||
		group->ntidpages != (group->ncolumns + BANK_TIDS_PER_PAGE - 1) / BANK_TIDS_PER_PAGE ||
		group->start == BANK_METAPAGE_BLKNO ||
		(uint64) group->start + group->npieces + group->ntidpages > nblocks)
		raise_corrupt(index, blkno, "A group's entry in the directory does not describe a group.");
}

/* Account for a group in the metapage's statistics, adding or (-1) taking */
static void
account(BankMetaPageData *meta, const BankGroup *group, int sign)
{
	bf_bank_shape shape;

	bloom_bank_group_shape(group, &shape);
	meta->ngroups += sign;
	meta->nfilters += sign * (double) group->nlive;
	meta->probe_pages += sign * bf_bank_probe_pages(&shape);
	meta->tid_pages += sign * (double) group->ntidpages;
}

/*
 * The groups of the directory whose first page is first, each entry
 * checked, and where each is (*where: directory page); *n their count
 */
BankGroup *
bloom_bank_read_directory(Relation index, BlockNumber first, int *n,
						  BlockNumber **where)
{
	BlockNumber nblocks = RelationGetNumberOfBlocks(index);
	BlockNumber blkno = first;
	int			room = 16;
	BankGroup  *groups = palloc(room * sizeof(BankGroup));
	uint32		pages = 0;

	*n = 0;
	if (where != NULL)
		*where = palloc(room * sizeof(BlockNumber));
	while (BlockNumberIsValid(blkno))
	{
		Buffer		buf;
		Page		page;
		BankGroup  *entries;
		int			count;

		if (blkno >= nblocks || ++pages > nblocks)
			raise_corrupt(index, blkno, "The directory's links leave the index or loop.");
		buf = bloom_bank_read(index, blkno, BUFFER_LOCK_SHARE);
		page = BufferGetPage(buf);
		bloom_bank_check_page(index, page, blkno, BANK_PAGE_DIRECTORY);
		entries = directory_entries(page, &count);
		if (count < 0 || count > (int) BANK_GROUPS_PER_PAGE)
			raise_corrupt(index, blkno, "A directory page holds more entries than it can.");
		if (*n + count > room)
		{
			room = Max(room * 2, *n + count);
			groups = repalloc_huge(groups, room * sizeof(BankGroup));
			if (where != NULL)
				*where = repalloc_huge(*where, room * sizeof(BlockNumber));
		}
		for (int i = 0; i < count; i++)
		{
			check_group(index, blkno, &entries[i], nblocks);
			groups[*n] = entries[i];
			if (where != NULL)
				(*where)[*n] = blkno;
			(*n)++;
		}
		blkno = BankPageGetOpaque(page)->link;
		UnlockReleaseBuffer(buf);
		CHECK_FOR_INTERRUPTS();
	}
	return groups;
}

/* The classes of the index's groups, and how many (*n) */
BankClass *
bloom_bank_existing_classes(Relation index, int *n)
{
	Buffer		metabuf = bloom_bank_read(index, BANK_METAPAGE_BLKNO, BUFFER_LOCK_SHARE);
	BlockNumber directory = bloom_bank_meta(index, BufferGetPage(metabuf))->directory;
	BankGroup  *groups;
	BankClass  *classes;

	UnlockReleaseBuffer(metabuf);
	groups = bloom_bank_read_directory(index, directory, n, NULL);
	classes = palloc(Max(*n, 1) * sizeof(BankClass));
	for (int i = 0; i < *n; i++)
		classes[i] = groups[i].class;
	pfree(groups);
	return classes;
}

/*
 * Add a group to the directory, its pages written: its entry goes on the
 * first directory page with room, or on a new page at the end of the list,
 * and the metapage counts it and its kind
 */
void
bloom_bank_add_group(Relation index, const BankGroup *group)
{
	Buffer		metabuf = bloom_bank_read(index, BANK_METAPAGE_BLKNO,
										  BUFFER_LOCK_EXCLUSIVE);
	BankMetaPageData *meta = bloom_bank_meta(index, BufferGetPage(metabuf));
	BlockNumber blkno = meta->directory;
	Buffer		dirbuf = InvalidBuffer;
	Buffer		tailbuf = InvalidBuffer;
	GenericXLogState *state;
	Page		page;
	BankGroup  *entries;
	int			count;

	while (BlockNumberIsValid(blkno))
	{
		Buffer		buf = bloom_bank_read(index, blkno, BUFFER_LOCK_EXCLUSIVE);
		Page		p = BufferGetPage(buf);

		bloom_bank_check_page(index, p, blkno, BANK_PAGE_DIRECTORY);
		(void) directory_entries(p, &count);
		if (count < (int) BANK_GROUPS_PER_PAGE)
		{
			dirbuf = buf;
			break;
		}
		blkno = BankPageGetOpaque(p)->link;
		if (BufferIsValid(tailbuf))
			UnlockReleaseBuffer(tailbuf);
		tailbuf = buf;
	}

	state = GenericXLogStart(index);
	meta = BankPageGetMeta(GenericXLogRegisterBuffer(state, metabuf, 0));
	if (BufferIsValid(dirbuf))
	{
		if (BufferIsValid(tailbuf))
			UnlockReleaseBuffer(tailbuf);
		page = GenericXLogRegisterBuffer(state, dirbuf, 0);
	}
	else
	{
		/* a new directory page, linked from the last or the metapage */
		dirbuf = bloom_bank_new_page(index);
		page = GenericXLogRegisterBuffer(state, dirbuf, GENERIC_XLOG_FULL_IMAGE);
		bloom_bank_init_page(page, BANK_PAGE_DIRECTORY, InvalidBlockNumber);
		if (BufferIsValid(tailbuf))
			BankPageGetOpaque(GenericXLogRegisterBuffer(state, tailbuf, 0))->link =
				BufferGetBlockNumber(dirbuf);
		else
			meta->directory = BufferGetBlockNumber(dirbuf);
		meta->ndirpages++;
	}
	entries = directory_entries(page, &count);
	entries[count] = *group;
	directory_set_count(page, count + 1);
	account(meta, group, 1);
	bloom_bank_note_kind(meta, group->class.kind, group->class.hash_id);
	GenericXLogFinish(state);

	UnlockReleaseBuffer(dirbuf);
	if (BufferIsValid(tailbuf))
		UnlockReleaseBuffer(tailbuf);
	UnlockReleaseBuffer(metabuf);
}

/*
 * A new identifier for a group about to be written, from the metapage
 * (logged): never 0, and distinct from those of the groups a scan may
 * still meet
 */
uint32
bloom_bank_next_group_id(Relation index)
{
	Buffer		metabuf = bloom_bank_read(index, BANK_METAPAGE_BLKNO,
										  BUFFER_LOCK_EXCLUSIVE);
	GenericXLogState *state = GenericXLogStart(index);
	BankMetaPageData *meta;
	uint32		id;

	meta = bloom_bank_meta(index, GenericXLogRegisterBuffer(state, metabuf, 0));
	id = meta->next_group_id;
	meta->next_group_id = id == PG_UINT32_MAX ? 1 : id + 1;
	GenericXLogFinish(state);
	UnlockReleaseBuffer(metabuf);
	return id;
}

/*
 * Remove a group from the directory (on directory page blkno), and give
 * its pages back: a scan that read the directory before may still read
 * them, until they are reused (see the file header)
 */
void
bloom_bank_remove_group(Relation index, BlockNumber blkno, uint32 id)
{
	Buffer		metabuf = bloom_bank_read(index, BANK_METAPAGE_BLKNO,
										  BUFFER_LOCK_EXCLUSIVE);
	Buffer		dirbuf = bloom_bank_read(index, blkno, BUFFER_LOCK_EXCLUSIVE);
	GenericXLogState *state;
	BankMetaPageData *meta;
	Page		page;
	BankGroup  *entries;
	int			count;
	int			i;

	(void) bloom_bank_meta(index, BufferGetPage(metabuf));
	bloom_bank_check_page(index, BufferGetPage(dirbuf), blkno, BANK_PAGE_DIRECTORY);
	state = GenericXLogStart(index);
	meta = BankPageGetMeta(GenericXLogRegisterBuffer(state, metabuf, 0));
	page = GenericXLogRegisterBuffer(state, dirbuf, 0);
	entries = directory_entries(page, &count);
	for (i = 0; i < count && entries[i].id != id; i++)
		;
	if (i == count)
		elog(ERROR, "group %u of index \"%s\" is not on directory page %u",
			 id, RelationGetRelationName(index), blkno);
	account(meta, &entries[i], -1);
	bloom_bank_free_run(meta, entries[i].start,
						entries[i].npieces + entries[i].ntidpages);
	memmove(&entries[i], &entries[i + 1], (count - i - 1) * sizeof(BankGroup));
	directory_set_count(page, count - 1);
	GenericXLogFinish(state);
	UnlockReleaseBuffer(dirbuf);
	UnlockReleaseBuffer(metabuf);
}

/*
 * Set the count of live columns of group id, on directory page blkno, in
 * place (logged), with the metapage's statistics kept: VACUUM's count
 */
void
bloom_bank_update_group(Relation index, BlockNumber blkno, uint32 id,
						uint32 nlive)
{
	Buffer		metabuf = bloom_bank_read(index, BANK_METAPAGE_BLKNO,
										  BUFFER_LOCK_EXCLUSIVE);
	Buffer		dirbuf = bloom_bank_read(index, blkno, BUFFER_LOCK_EXCLUSIVE);
	GenericXLogState *state;
	BankMetaPageData *meta;
	Page		page;
	BankGroup  *entries;
	int			count;

	(void) bloom_bank_meta(index, BufferGetPage(metabuf));
	bloom_bank_check_page(index, BufferGetPage(dirbuf), blkno, BANK_PAGE_DIRECTORY);
	state = GenericXLogStart(index);
	meta = BankPageGetMeta(GenericXLogRegisterBuffer(state, metabuf, 0));
	page = GenericXLogRegisterBuffer(state, dirbuf, 0);
	entries = directory_entries(page, &count);
	for (int i = 0; i < count; i++)
	{
		if (entries[i].id != id)
			continue;
		account(meta, &entries[i], -1);
		entries[i].nlive = nlive;
		account(meta, &entries[i], 1);
	}
	GenericXLogFinish(state);
	UnlockReleaseBuffer(dirbuf);
	UnlockReleaseBuffer(metabuf);
}
