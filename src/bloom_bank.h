/*-------------------------------------------------------------------------
 *
 * bloom_bank.h
 *	  bloombank, an index access method over a column of filters: which of
 *	  many stored filters may hold a value, in a few pages per thousands of
 *	  filters.  The pages, what each file of the method does, and the
 *	  functions they share.
 *
 * An index holds, in groups, the filters of its rows mapped onto a few
 * geometries (src/core/bf_bank.h lays a group out), and a pending list of
 * the rows inserted since the last flush:
 *
 *	block 0		the metapage: the pending list's ends, the directory's
 *				first page, statistics for the planner, the kinds of value
 *				the filters hold, and runs of pages free for reuse
 *	pending		a list of pages of heap TIDs: rows whose filters a flush
 *				has not yet moved into groups; a scan takes each as a
 *				candidate, which the executor tests with the row's filter
 *	directory	a list of pages of group entries: a group's class (its
 *				geometry, kind of value, hash, part), its shape, where its
 *				pages are
 *	groups		for each group, a run of pages: its pieces (bf_bank.h),
 *				then the heap TIDs of its columns (an invalid TID for a row
 *				VACUUM removed)
 *
 * Files: bloom_bank_handler.c (the handler, options, validation of the
 * operator class), bloom_bank_page.c (pages, the metapage, the directory,
 * allocation and reuse of pages), bloom_bank_class.c (which class a
 * filter goes to), bloom_bank_write.c (writing groups), bloom_bank_fetch.c
 * (reading the filters of rows by TID), bloom_bank_build.c (CREATE INDEX),
 * bloom_bank_insert.c (inserts, the pending list and its flush),
 * bloom_bank_scan.c (scans), bloom_bank_vacuum.c (VACUUM),
 * bloom_bank_cost.c (the planner's costs and its check of kinds),
 * bloom_bank_key.c (the scan key's type), bloom_bank_check.c (the
 * verification function), bloom_bank_info.c (what an index holds); the
 * planner's index condition is in
 * bloom_cost.c, the operator's function in bloom_ops.c.
 * doc/bank.md describes the whole.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_bank.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef BLOOM_BANK_H
#define BLOOM_BANK_H

#include "bloom_access.h"
#include "bloom_hasher.h"

#include "access/amapi.h"
#include "access/genam.h"
#include "access/generic_xlog.h"
#include "access/transam.h"
#include "nodes/execnodes.h"
#include "nodes/pathnodes.h"
#include "nodes/tidbitmap.h"
#include "storage/bufmgr.h"
#include "storage/bufpage.h"
#include "storage/itemptr.h"

#include "bf_bank.h"

/* The metapage's first word, and the format of the index's pages */
#define BANK_MAGIC			0x424B4E4B	/* "BKNK" */
#define BANK_VERSION		1
#define BANK_METAPAGE_BLKNO	0

/* The strategy of the operator class's one operator, filter @> key */
#define BANK_CONTAINS_STRATEGY	1

/* Kinds of page (BankPageOpaque.type) */
#define BANK_PAGE_META		1
#define BANK_PAGE_PENDING	2
#define BANK_PAGE_DIRECTORY	3
#define BANK_PAGE_DATA		4
#define BANK_PAGE_TIDS		5

/* Identifies the special space of a bloombank page (for pg_filedump) */
#define BANK_PAGE_ID		0xFF8B

/*
 * The special space of every page: its kind, and the next page of its list
 * (pending, directory) or the identifier of its group (data, TIDs), by
 * which a scan knows a page that was reused since it read the directory
 */
typedef struct BankPageOpaqueData
{
	uint16		type;
	uint16		page_id;
	uint32		link;			/* next page, or group identifier */
} BankPageOpaqueData;

typedef BankPageOpaqueData *BankPageOpaque;

#define BankPageGetOpaque(page) \
	((BankPageOpaque) PageGetSpecialPointer(page))

/* Bytes of a page for its content: 8,160 on 8 kB pages */
#define BANK_PAGE_BYTES \
	(BLCKSZ - MAXALIGN(SizeOfPageHeaderData) - MAXALIGN(sizeof(BankPageOpaqueData)))

#define BankPageGetContent(page) ((char *) (page) + MAXALIGN(SizeOfPageHeaderData))

/* TIDs a pending or TID page holds */
#define BANK_TIDS_PER_PAGE	(BANK_PAGE_BYTES / sizeof(ItemPointerData))

/* What a column of a group, or a class, may say of its filters */
#define BANK_CLASS_EXACT	0x01	/* each filter is its own blocks: the
									 * index answers as the filter does */

/*
 * A class of filters: those a group holds, mapped onto one geometry, of
 * one kind of value and hash, and (parts of filters) one part of a whole
 */
typedef struct BankClass
{
	uint64		nblocks;		/* the geometry, Z */
	uint32		kind;
	uint8		hash_id;
	uint8		flags;			/* BANK_CLASS_* */
	uint16		reserved;
	uint32		parts;			/* parts of the whole, or 0 */
	uint32		part;
} BankClass;

/* A group's entry in the directory */
typedef struct BankGroup
{
	BankClass	class;
	uint32		piece_bits;		/* the shape (bf_bank_shape) */
	uint32		capacity;
	uint32		ncolumns;
	uint32		nlive;			/* columns whose TID is valid */
	BlockNumber start;			/* first page of the run */
	uint32		npieces;		/* data pages, from start */
	uint32		ntidpages;		/* TID pages, after the data pages */
	uint32		id;				/* in each of its pages' special space */
} BankGroup;

/* Group entries a directory page holds */
#define BANK_GROUPS_PER_PAGE	(BANK_PAGE_BYTES / sizeof(BankGroup))

/* A kind of value (and hash) some filter of the index holds */
typedef struct BankKind
{
	uint32		kind;
	uint8		hash_id;
} BankKind;

/* The kinds a metapage lists, at most; past them, it says it lost count */
#define BANK_MAX_KINDS		32

/* A run of pages free for reuse once no scan can still read it */
typedef struct BankFreeRun
{
	BlockNumber start;
	uint32		npages;
	FullTransactionId freed;
} BankFreeRun;

/* Runs the metapage lists, at most; past them, the smallest are lost */
#define BANK_MAX_FREE		256

/* The metapage's content */
typedef struct BankMetaPageData
{
	uint32		magic;
	uint32		version;
	BlockNumber pending_head;	/* InvalidBlockNumber: no pending page */
	BlockNumber pending_tail;
	uint32		npending;		/* TIDs in the pending list */
	BlockNumber directory;		/* first directory page, or invalid */
	uint32		ndirpages;
	uint32		ngroups;		/* groups in the directory, not retired */
	uint32		next_group_id;
	uint32		nkinds;
	bool		kinds_overflow; /* more kinds than fit were seen */
	double		nfilters;		/* live columns of the groups */
	double		probe_pages;	/* a test's pages, summed over the groups */
	double		tid_pages;		/* TID pages of the groups */
	BankKind	kinds[BANK_MAX_KINDS];
	uint32		nfree;
	BankFreeRun free[BANK_MAX_FREE];
} BankMetaPageData;

#define BankPageGetMeta(page) ((BankMetaPageData *) BankPageGetContent(page))

StaticAssertDecl(sizeof(BankMetaPageData) <= BANK_PAGE_BYTES,
				 "the metapage's content must fit in a page");

/* The reloptions of an index */
typedef struct BankOptions
{
	int32		vl_len_;
	int			pending_limit;	/* rows the pending list holds before an
								 * insert flushes it */
} BankOptions;

#define BANK_PENDING_LIMIT_DEFAULT	256

/*
 * Columns of a page of pieces of one block (255 on 8 kB pages), and of
 * the largest group, a page of one-byte pieces (8,160)
 */
#define BANK_FULL_PAGE_COLUMNS	((uint32) (BANK_PAGE_BYTES / BF_BLOCK_BYTES))
#define BANK_MAX_COLUMNS		((uint32) BANK_PAGE_BYTES)

/*
 * The pages a candidate's recheck reads, for the choice of classes: its
 * heap page and a probe of its filter by slices (6 to 8 shared buffers,
 * doc/performance.md)
 */
#define BANK_RECHECK_PAGES		8.0

/*
 * A filter to place in a group: its row, the filter, and its class; the
 * memory that holds the filter, and its size
 */
typedef struct BankFilter
{
	ItemPointerData tid;
	bf_view		view;
	BankClass	class;
	void	   *memory;
	Size		size;
} BankFilter;

extern void bloom_bank_filter_of(BankFilter *filter, ItemPointer tid,
								 struct varlena *value);

/* bloom_bank_handler.c */
extern void bloom_bank_define_options(void);
extern int	bloom_bank_pending_limit(Relation index);
extern bool bloom_bank_is_index(Relation index);
extern Relation bloom_bank_open(Oid indexoid, LOCKMODE lockmode, Relation *heap);

/* bloom_bank_page.c */
extern void bloom_bank_init_page(Page page, uint16 type, uint32 link);
extern void bloom_bank_init_meta(Page page);
extern Buffer bloom_bank_read(Relation index, BlockNumber blkno, int mode);
extern void bloom_bank_check_page(Relation index, Page page, BlockNumber blkno,
								  uint16 type);
extern BankMetaPageData *bloom_bank_meta(Relation index, Page page);
extern void bloom_bank_lock_extension(Relation index);
extern void bloom_bank_unlock_extension(Relation index);
extern Buffer bloom_bank_extend(Relation index);
extern Buffer bloom_bank_new_page(Relation index);
extern BlockNumber bloom_bank_take_free(BankMetaPageData *meta, uint32 npages);
extern void bloom_bank_free_run(BankMetaPageData *meta, BlockNumber start,
								uint32 npages);
extern void bloom_bank_note_kind(BankMetaPageData *meta, uint32 kind,
								 uint8 hash_id);
extern void bloom_bank_group_shape(const BankGroup *group, bf_bank_shape *shape);
extern BankGroup *bloom_bank_read_directory(Relation index, BlockNumber first,
											int *n, BlockNumber **where);
extern BankClass *bloom_bank_existing_classes(Relation index, int *n);
extern uint32 bloom_bank_next_group_id(Relation index);
extern void bloom_bank_add_group(Relation index, const BankGroup *group);
extern void bloom_bank_remove_group(Relation index, BlockNumber blkno, uint32 id);
extern void bloom_bank_update_group(Relation index, BlockNumber blkno, uint32 id,
									uint32 nlive);

/* bloom_bank_class.c */
extern BankClass bloom_bank_class_of(const bf_header *hdr, bool fold);
extern bf_header bloom_bank_class_header(const BankClass *class);
extern bool bloom_bank_same_class(const BankClass *a, const BankClass *b);
extern void bloom_bank_choose_classes(const bf_header *headers,
									  BankClass *classes, int n,
									  const BankClass *existing, int nexisting);

/* bloom_bank_write.c */
extern uint32 bloom_bank_group_size(uint32 remaining);
extern void bloom_bank_write_groups(Relation index, BankFilter *filters, int n);

/* bloom_bank_fetch.c */
typedef struct BankFetch BankFetch;
extern BankFetch *bloom_bank_fetch_begin(Relation heap, Relation index,
										 Snapshot snapshot);
extern struct varlena *bloom_bank_fetch(BankFetch *fetch, ItemPointer tid);
extern void bloom_bank_fetch_end(BankFetch *fetch);

/* bloom_bank_build.c */
extern IndexBuildResult *bloom_bank_build(Relation heap, Relation index,
										  IndexInfo *indexInfo);
extern void bloom_bank_build_empty(Relation index);

/* bloom_bank_insert.c */
extern bool bloom_bank_insert(Relation index, Datum *values, bool *isnull,
							  ItemPointer tid, Relation heap,
							  IndexUniqueCheck checkUnique,
							  bool indexUnchanged, IndexInfo *indexInfo);
extern ItemPointerData *bloom_bank_pending_tids(Relation index, Page page,
												BlockNumber blkno, uint32 *n);
extern void bloom_bank_set_pending_count(Page page, uint32 n);
extern void bloom_bank_count_pending(Relation index, uint32 n);
extern int64 bloom_bank_flush(Relation index, Relation heap, bool wait);

/* bloom_bank_scan.c */
extern IndexScanDesc bloom_bank_begin_scan(Relation index, int nkeys,
										   int norderbys);
extern void bloom_bank_rescan(IndexScanDesc scan, ScanKey keys, int nkeys,
							  ScanKey orderbys, int norderbys);
extern int64 bloom_bank_get_bitmap(IndexScanDesc scan, TIDBitmap *tbm);
extern void bloom_bank_end_scan(IndexScanDesc scan);

/* bloom_bank_vacuum.c */
extern IndexBulkDeleteResult *bloom_bank_bulk_delete(IndexVacuumInfo *info,
													 IndexBulkDeleteResult *stats,
													 IndexBulkDeleteCallback callback,
													 void *callback_state);
extern IndexBulkDeleteResult *bloom_bank_vacuum_cleanup(IndexVacuumInfo *info,
														IndexBulkDeleteResult *stats);

/* bloom_bank_cost.c */
extern void bloom_bank_cost_estimate(struct PlannerInfo *root,
									 struct IndexPath *path, double loop_count,
									 Cost *startup, Cost *total,
									 Selectivity *selectivity,
									 double *correlation, double *pages);
extern Oid	bloom_bank_column_index(Oid relid, AttrNumber attno, Oid *opfamily);
extern bool bloom_bank_accepts_type(Oid indexoid, Oid typid, Oid collation);

/* bloom_bank_key.c */
extern void bloom_bank_key_value(Datum key, Oid *typid, Datum *value);

#endif							/* BLOOM_BANK_H */
