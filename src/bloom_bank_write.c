/*-------------------------------------------------------------------------
 *
 * bloom_bank_write.c
 *	  Writing filters into new groups of a bloombank index: for CREATE
 *	  INDEX, for a flush of the pending list, and for VACUUM's merges.
 *
 * The filters of a batch are sorted by class and cut into groups whose
 * sizes fill their pages (the ladder of bf_bank_shape_for's capacities:
 * 8,160, 4,080, 2,040, 1,020, 510 and 255 filters a page, and any fewer
 * than 255 in pieces of whole blocks).  A group's pages are a run: free
 * pages no scan can still read, or new pages at the end of the index,
 * taken while no one else extends it.  Its pieces are written, then its
 * TIDs, each page whole (a full-page image in the WAL, as an index build
 * writes), and last its entry in the directory, which makes it visible to
 * scans: a scan that reads the directory before finds its filters in the
 * pending list still, or in the groups a merge replaces.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_bank_write.c
 *
 *-------------------------------------------------------------------------
 */
#include "bloom_bank.h"

#include "miscadmin.h"
#include "utils/rel.h"

/*
 * A filter of a row to place in a group, from its value (read by
 * bloom_bank_fetch), its class to be set
 */
void
bloom_bank_filter_of(BankFilter *filter, ItemPointer tid, struct varlena *value)
{
	filter->tid = *tid;
	filter->view = bloom_view(value);
	filter->memory = value;
	filter->size = VARSIZE(value);
}

/* Where a group's pages go: a run of free pages, or the end of the index */
typedef struct RunWriter
{
	Relation	index;
	BlockNumber start;
	uint32		next;			/* pages written */
	bool		extend;			/* new pages, under the extension lock */
} RunWriter;

/*
 * Start a run of npages pages: free pages if the metapage lists a run
 * that long, else new pages at the end, the index locked against
 * extension by others until run_end
 */
static void
run_begin(RunWriter *run, Relation index, uint32 npages)
{
	Buffer		metabuf = bloom_bank_read(index, BANK_METAPAGE_BLKNO,
										  BUFFER_LOCK_EXCLUSIVE);
	GenericXLogState *state = GenericXLogStart(index);
	BankMetaPageData *meta = bloom_bank_meta(index,
											 GenericXLogRegisterBuffer(state, metabuf, 0));

	run->index = index;
	run->next = 0;
	run->start = bloom_bank_take_free(meta, npages);
	if (BlockNumberIsValid(run->start))
		GenericXLogFinish(state);
	else
		GenericXLogAbort(state);
	UnlockReleaseBuffer(metabuf);
	run->extend = !BlockNumberIsValid(run->start);
	if (run->extend)
	{
		bloom_bank_lock_extension(index);
		run->start = RelationGetNumberOfBlocks(index);
	}
}

/* The run's next page, pinned and locked exclusively */
static Buffer
run_page(RunWriter *run)
{
	BlockNumber blkno = run->start + run->next++;
	Buffer		buf;

	if (!run->extend)
		return bloom_bank_read(run->index, blkno, BUFFER_LOCK_EXCLUSIVE);
	buf = bloom_bank_extend(run->index);
	if (BufferGetBlockNumber(buf) != blkno)
		elog(ERROR, "index \"%s\" was extended to block %u, not %u",
			 RelationGetRelationName(run->index), BufferGetBlockNumber(buf), blkno);
	return buf;
}

/* End a run */
static void
run_end(RunWriter *run)
{
	if (run->extend)
		bloom_bank_unlock_extension(run->index);
}

/* Write n page images (BLCKSZ each, at images) as the run's next pages */
static void
write_images(RunWriter *run, char *images, int n)
{
	for (int i = 0; i < n; i += MAX_GENERIC_XLOG_PAGES)
	{
		GenericXLogState *state = GenericXLogStart(run->index);
		Buffer		bufs[MAX_GENERIC_XLOG_PAGES];
		int			count = Min(MAX_GENERIC_XLOG_PAGES, n - i);

		for (int j = 0; j < count; j++)
		{
			bufs[j] = run_page(run);
			memcpy(GenericXLogRegisterBuffer(state, bufs[j], GENERIC_XLOG_FULL_IMAGE),
				   images + (size_t) (i + j) * BLCKSZ, BLCKSZ);
		}
		GenericXLogFinish(state);
		for (int j = 0; j < count; j++)
			UnlockReleaseBuffer(bufs[j]);
	}
}

/* Initialize a page image of a group (kind type) whose content fills used bytes */
static char *
init_image(char *image, uint16 type, uint32 id, Size used)
{
	memset(image, 0, BLCKSZ);
	bloom_bank_init_page(image, type, id);
	((PageHeader) image)->pd_lower += used;
	return BankPageGetContent(image);
}

/*
 * Write one group of the n filters (of one class) of filters: its pieces,
 * its TIDs, then its entry in the directory
 */
static void
write_group(Relation index, const BankFilter *filters, uint32 n)
{
	const BankClass *class = &filters[0].class;
	bf_bank_shape shape;
	BankGroup	group;
	bf_bank_source *sources = palloc(n * sizeof(bf_bank_source));
	uint64		unit;
	char	   *images;
	char	  **contents;
	RunWriter	run;

	if (!bf_bank_shape_for(n, class->nblocks, BANK_PAGE_BYTES, &shape))
		elog(ERROR, "no shape of a bloombank group holds %u filters", n);
	memset(&group, 0, sizeof(group));
	group.class = *class;
	group.piece_bits = shape.piece_bits;
	group.capacity = shape.capacity;
	group.ncolumns = n;
	group.nlive = n;
	group.npieces = bf_bank_pieces(&shape, class->nblocks);
	group.ntidpages = (n + BANK_TIDS_PER_PAGE - 1) / BANK_TIDS_PER_PAGE;
	group.id = bloom_bank_next_group_id(index);

	for (uint32 i = 0; i < n; i++)
	{
		Assert(bloom_bank_same_class(&filters[i].class, class));
		bf_bank_source_init(&sources[i], &filters[i].view, class->nblocks);
	}

	unit = bf_bank_pieces_per_write(&shape);
	images = palloc(unit * BLCKSZ);
	contents = palloc(unit * sizeof(char *));
	run_begin(&run, index, group.npieces + group.ntidpages);
	group.start = run.start;
	for (uint64 p = 0; p < group.npieces; p += unit)
	{
		uint64		count = Min(unit, group.npieces - p);

		for (uint64 i = 0; i < count; i++)
			contents[i] = init_image(images + i * BLCKSZ, BANK_PAGE_DATA, group.id,
									 (Size) n * (shape.piece_bits / 8));
		bf_bank_write(&shape, p, count, sources, n, (uint8 *const *) contents);
		write_images(&run, images, (int) count);
		CHECK_FOR_INTERRUPTS();
	}
	for (uint32 t = 0; t < group.ntidpages; t++)
	{
		uint32		first = t * BANK_TIDS_PER_PAGE;
		uint32		count = Min(BANK_TIDS_PER_PAGE, n - first);
		ItemPointerData *tids = (ItemPointerData *)
			init_image(images, BANK_PAGE_TIDS, group.id, count * sizeof(ItemPointerData));

		for (uint32 i = 0; i < count; i++)
			tids[i] = filters[first + i].tid;
		write_images(&run, images, 1);
	}
	run_end(&run);
	bloom_bank_add_group(index, &group);
	pfree(images);
	pfree(contents);
	pfree(sources);
}

/*
 * Columns of the next group to cut from remaining filters of a class: the
 * largest capacity of a shape (but pieces of whole blocks, 255 filters a
 * page) that they fill, or all of them if fewer than a page of whole
 * blocks holds
 */
uint32
bloom_bank_group_size(uint32 remaining)
{
	uint32		size = BANK_FULL_PAGE_COLUMNS;

	if (remaining < size)
		return remaining;
	while (size * 2 <= remaining && size * 2 <= BANK_MAX_COLUMNS)
		size *= 2;
	return size;
}

/* Order of filters by class, then row */
static int
compare_filters(const void *a, const void *b)
{
	const BankFilter *x = (const BankFilter *) a;
	const BankFilter *y = (const BankFilter *) b;
	int			cmp = memcmp(&x->class, &y->class, sizeof(BankClass));

	if (cmp != 0)
		return cmp;
	return ItemPointerCompare((ItemPointer) &x->tid, (ItemPointer) &y->tid);
}

/*
 * Write n filters, each with its class, into new groups: those of a class
 * cut into groups that fill their pages (bloom_bank_group_size)
 */
void
bloom_bank_write_groups(Relation index, BankFilter *filters, int n)
{
	int			start = 0;

	qsort(filters, n, sizeof(BankFilter), compare_filters);
	while (start < n)
	{
		int			end = start + 1;

		while (end < n && bloom_bank_same_class(&filters[start].class, &filters[end].class))
			end++;
		while (start < end)
		{
			uint32		size = bloom_bank_group_size((uint32) (end - start));

			write_group(index, &filters[start], size);
			start += size;
		}
	}
}
