/*-------------------------------------------------------------------------
 *
 * bloom_bank_scan.c
 *	  Scans of a bloombank index: the rows whose filters may hold the
 *	  scan keys' values, into a bitmap.
 *
 * A key is a bloombank_key: a value with its type (bloom_bank_key.c).  For
 * each class of the index's groups, the value is hashed once as the
 * class's filters ask (its kind, its hash mode: bloom_hashes_to_test), and,
 * in a part of a filter, placed in its part; then each group of the class
 * is tested a page of pieces at a time (bf_bank_plan, bf_bank_match).  A
 * group of a class whose filters are their own blocks (BANK_CLASS_EXACT)
 * answers as the filters do: its rows need no recheck.  Other rows are
 * rechecked by the executor with their own filters:
 *
 *	- rows of folded filters and exact lists, whose groups hold more bits
 *	  than the filters (no member is ever lost);
 *	- rows of the pending list, all of them;
 *	- all rows of a class of another kind of value than the key's, which a
 *	  membership test refuses with an error: the recheck raises it, as a
 *	  sequential scan would, rather than the index answering for them.
 *
 * Rows of another part of a filter than the value's are never candidates:
 * they cannot hold it (doc/bank.md says why this differs from a
 * sequential scan, which stops at the first with an error).
 *
 * The pending list is read before the directory, so that a filter a
 * concurrent flush moves is met in one or the other; the bitmap holds a
 * row met in both once.  A group's pages may be given back after the scan
 * reads the directory and, on a standby, reused while it reads them: each
 * page carries its group's identifier, and a page that does not makes the
 * scan read the index again from the metapage.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_bank_scan.c
 *
 *-------------------------------------------------------------------------
 */
#include "bloom_bank.h"

#include "access/relscan.h"
#include "miscadmin.h"
#include "pgstat.h"
#include "nodes/tidbitmap.h"
#include "utils/memutils.h"
#include "utils/rel.h"

/* A scan key's value, and its hasher once a class needs it */
typedef struct KeyState
{
	Oid			typid;
	Datum		value;
	Oid			collation;
	bool		null;
	bool		hasher_ready;
	BloomHasher hasher;
} KeyState;

/* What a class's filters ask of one key */
typedef struct KeyPlan
{
	int			nhashes;		/* 0: the class cannot hold the value */
	uint64		hashes[BLOOM_PROBE_HASHES];
} KeyPlan;

/* A class met by the scan, and how the keys test its groups */
typedef struct ClassPlan
{
	BankClass	class;
	bool		refused;		/* a key's kind: every row a candidate */
	KeyPlan    *keys;
} ClassPlan;

/* The scan's own state */
typedef struct BankScanOpaqueData
{
	MemoryContext cxt;			/* lives as long as the scan */
	int			nkeys;
	KeyState   *keys;
	List	   *plans;			/* ClassPlan, for the keys as they are */
} BankScanOpaqueData;

typedef BankScanOpaqueData *BankScanOpaque;

/* Why a reading of the index has to start again */
typedef enum ReadResult
{
	READ_DONE,
	READ_AGAIN					/* a page was reused under the scan */
} ReadResult;

/* ambeginscan */
IndexScanDesc
bloom_bank_begin_scan(Relation index, int nkeys, int norderbys)
{
	IndexScanDesc scan = RelationGetIndexScan(index, nkeys, norderbys);
	BankScanOpaque so = palloc0(sizeof(BankScanOpaqueData));

	so->cxt = AllocSetContextCreate(CurrentMemoryContext, "bloombank scan",
									ALLOCSET_SMALL_SIZES);
	scan->opaque = so;
	return scan;
}

/* amrescan: take the keys' values, each with its type */
void
bloom_bank_rescan(IndexScanDesc scan, ScanKey keys, int nkeys,
				  ScanKey orderbys, int norderbys)
{
	BankScanOpaque so = (BankScanOpaque) scan->opaque;
	MemoryContext old;

	if (keys && scan->numberOfKeys > 0)
		memmove(scan->keyData, keys, scan->numberOfKeys * sizeof(ScanKeyData));
	MemoryContextReset(so->cxt);
	old = MemoryContextSwitchTo(so->cxt);
	so->nkeys = scan->numberOfKeys;
	so->keys = palloc0(Max(so->nkeys, 1) * sizeof(KeyState));
	so->plans = NIL;
	for (int i = 0; i < so->nkeys; i++)
	{
		ScanKey		key = &scan->keyData[i];
		KeyState   *state = &so->keys[i];

		if (key->sk_strategy != BANK_CONTAINS_STRATEGY)
			elog(ERROR, "bloombank scan key of strategy %d", key->sk_strategy);
		state->collation = key->sk_collation;
		state->null = (key->sk_flags & SK_ISNULL) != 0;
		if (!state->null)
			bloom_bank_key_value(key->sk_argument, &state->typid, &state->value);
	}
	MemoryContextSwitchTo(old);
}

/*
 * How the keys test a class's groups: each key's hashes as the class's
 * filters hold the value (none if they cannot: of another part, or with no
 * form in a Parquet type), or refused, if a key is of a kind a membership
 * test refuses
 */
static ClassPlan *
plan_class(BankScanOpaque so, const BankClass *class)
{
	ListCell   *lc;
	ClassPlan  *plan;
	bf_header	hdr = bloom_bank_class_header(class);
	MemoryContext old;

	foreach(lc, so->plans)
	{
		plan = lfirst(lc);
		if (bloom_bank_same_class(&plan->class, class))
			return plan;
	}
	old = MemoryContextSwitchTo(so->cxt);
	plan = palloc0(sizeof(ClassPlan));
	plan->class = *class;
	plan->keys = palloc0(so->nkeys * sizeof(KeyPlan));
	for (int i = 0; i < so->nkeys && !plan->refused; i++)
	{
		KeyState   *key = &so->keys[i];
		KeyPlan    *kp = &plan->keys[i];
		int			n;

		if (!key->hasher_ready)
		{
			bloom_hasher_init(&key->hasher, key->typid, key->collation, so->cxt);
			key->hasher_ready = true;
		}
		if (!bloom_probe_accepts(&key->hasher, &hdr))
		{
			plan->refused = true;
			break;
		}
		n = bloom_hashes_to_test(&key->hasher, &hdr, key->value, kp->hashes);
		kp->nhashes = n == BLOOM_OTHER_PART ? 0 : n;
	}
	so->plans = lappend(so->plans, plan);
	MemoryContextSwitchTo(old);
	return plan;
}

/* A page of a group, read and checked: NULL if it is no longer the group's */
static Buffer
read_group_page(Relation index, const BankGroup *group, BlockNumber blkno,
				uint16 type)
{
	Buffer		buf = bloom_bank_read(index, blkno, BUFFER_LOCK_SHARE);
	Page		page = BufferGetPage(buf);
	BankPageOpaque opaque = BankPageGetOpaque(page);

	if (PageIsNew(page) || opaque->page_id != BANK_PAGE_ID ||
		opaque->type != type || opaque->link != group->id)
	{
		UnlockReleaseBuffer(buf);
		return InvalidBuffer;
	}
	return buf;
}

/*
 * Clear, in candidates, the columns of group whose filters cannot hold
 * hash: the group's pages of the hash's pieces, tested in turn
 */
static ReadResult
test_hash(Relation index, const BankGroup *group, uint64 hash,
		  uint64 *candidates)
{
	bf_bank_shape shape;
	bf_bank_probe probe;

	bloom_bank_group_shape(group, &shape);
	bf_bank_plan(&shape, group->class.nblocks, hash, &probe);
	for (int s = 0; s < probe.nsteps; s++)
	{
		Buffer		buf = read_group_page(index, group,
										  group->start + (BlockNumber) probe.steps[s].piece,
										  BANK_PAGE_DATA);

		if (!BufferIsValid(buf))
			return READ_AGAIN;
		bf_bank_match(&shape, (const uint8 *) BankPageGetContent(BufferGetPage(buf)),
					  group->ncolumns, &probe.steps[s], candidates);
		UnlockReleaseBuffer(buf);
	}
	return READ_DONE;
}

/*
 * The columns of group whose filters may hold every key's value (each
 * key: any of its hashes), into candidates
 */
static ReadResult
test_group(Relation index, const BankGroup *group, const ClassPlan *plan,
		   int nkeys, uint64 *candidates)
{
	int			words = (group->ncolumns + 63) / 64;
	uint64	   *all = palloc(words * sizeof(uint64));
	uint64	   *one = palloc(words * sizeof(uint64));

	for (int w = 0; w < words; w++)
		all[w] = w < words - 1 || group->ncolumns % 64 == 0 ? ~UINT64CONST(0) :
			(UINT64CONST(1) << (group->ncolumns % 64)) - 1;
	memcpy(candidates, all, words * sizeof(uint64));
	for (int k = 0; k < nkeys && !plan->refused; k++)
	{
		const KeyPlan *kp = &plan->keys[k];
		uint64	   *any = palloc0(words * sizeof(uint64));

		for (int h = 0; h < kp->nhashes; h++)
		{
			memcpy(one, candidates, words * sizeof(uint64));
			if (test_hash(index, group, kp->hashes[h], one) == READ_AGAIN)
				return READ_AGAIN;
			for (int w = 0; w < words; w++)
				any[w] |= one[w];
		}
		memcpy(candidates, any, words * sizeof(uint64));
		pfree(any);
	}
	pfree(all);
	pfree(one);
	return READ_DONE;
}

/*
 * Add to tbm the rows of the candidate columns of group (those VACUUM has
 * not removed), rechecked unless the group answers as its filters do;
 * *ntids counts them
 */
static ReadResult
add_candidates(Relation index, const BankGroup *group, const uint64 *candidates,
			   bool recheck, TIDBitmap *tbm, int64 *ntids)
{
	Buffer		buf = InvalidBuffer;
	uint32		page = PG_UINT32_MAX;
	ItemPointerData *tids = palloc(group->ncolumns * sizeof(ItemPointerData));
	int			n = 0;
	ReadResult	result = READ_DONE;

	for (uint32 c = 0; c < group->ncolumns; c++)
	{
		ItemPointerData *page_tids;

		if (!((candidates[c / 64] >> (c % 64)) & 1))
			continue;
		if (c / BANK_TIDS_PER_PAGE != page)
		{
			if (BufferIsValid(buf))
				UnlockReleaseBuffer(buf);
			page = c / BANK_TIDS_PER_PAGE;
			buf = read_group_page(index, group, group->start + group->npieces + page,
								  BANK_PAGE_TIDS);
			if (!BufferIsValid(buf))
			{
				result = READ_AGAIN;
				break;
			}
		}
		page_tids = (ItemPointerData *) BankPageGetContent(BufferGetPage(buf));
		if (ItemPointerIsValid(&page_tids[c % BANK_TIDS_PER_PAGE]))
			tids[n++] = page_tids[c % BANK_TIDS_PER_PAGE];
	}
	if (BufferIsValid(buf))
		UnlockReleaseBuffer(buf);
	if (result == READ_DONE && n > 0)
	{
		tbm_add_tuples(tbm, tids, n, recheck);
		*ntids += n;
	}
	pfree(tids);
	return result;
}

/*
 * Add every row of the pending list to tbm, to be rechecked.  A page a
 * flush gave back may have been taken since by a group, or by the list
 * again (on a standby, which holds no page back): the scan starts over if
 * it meets another kind of page, or more pages than the index has.
 */
static ReadResult
add_pending(Relation index, BlockNumber blkno, TIDBitmap *tbm, int64 *ntids)
{
	BlockNumber nblocks = RelationGetNumberOfBlocks(index);
	BlockNumber visited = 0;

	while (BlockNumberIsValid(blkno))
	{
		Buffer		buf;
		Page		page;
		BankPageOpaque opaque;
		ItemPointerData *tids;
		uint32		n;

		if (blkno >= nblocks || ++visited > nblocks)
			return READ_AGAIN;
		buf = bloom_bank_read(index, blkno, BUFFER_LOCK_SHARE);
		page = BufferGetPage(buf);
		opaque = BankPageGetOpaque(page);
		if (PageIsNew(page) || opaque->page_id != BANK_PAGE_ID ||
			opaque->type != BANK_PAGE_PENDING)
		{
			UnlockReleaseBuffer(buf);
			return READ_AGAIN;
		}
		tids = bloom_bank_pending_tids(index, page, blkno, &n);
		if (n > 0)
			tbm_add_tuples(tbm, tids, n, true);
		*ntids += n;
		blkno = opaque->link;
		UnlockReleaseBuffer(buf);
		CHECK_FOR_INTERRUPTS();
	}
	return READ_DONE;
}

/* Read the whole index once for the scan's keys, into tbm */
static ReadResult
read_index(IndexScanDesc scan, TIDBitmap *tbm, int64 *ntids)
{
	BankScanOpaque so = (BankScanOpaque) scan->opaque;
	Relation	index = scan->indexRelation;
	Buffer		metabuf = bloom_bank_read(index, BANK_METAPAGE_BLKNO, BUFFER_LOCK_SHARE);
	BankMetaPageData *meta = bloom_bank_meta(index, BufferGetPage(metabuf));
	BlockNumber pending = meta->pending_head;
	BlockNumber directory = meta->directory;
	BankGroup  *groups;
	int			ngroups;

	UnlockReleaseBuffer(metabuf);
	if (add_pending(index, pending, tbm, ntids) == READ_AGAIN)
		return READ_AGAIN;
	groups = bloom_bank_read_directory(index, directory, &ngroups, NULL);
	for (int g = 0; g < ngroups; g++)
	{
		const BankGroup *group = &groups[g];
		const ClassPlan *plan = plan_class(so, &group->class);
		uint64	   *candidates = palloc(((group->ncolumns + 63) / 64) * sizeof(uint64));
		bool		recheck = plan->refused ||
			!(group->class.flags & BANK_CLASS_EXACT);

		if (test_group(index, group, plan, so->nkeys, candidates) == READ_AGAIN ||
			add_candidates(index, group, candidates, recheck, tbm, ntids) == READ_AGAIN)
			return READ_AGAIN;
		pfree(candidates);
		CHECK_FOR_INTERRUPTS();
	}
	pfree(groups);
	return READ_DONE;
}

/* amgetbitmap: the rows whose filters may hold every key's value */
int64
bloom_bank_get_bitmap(IndexScanDesc scan, TIDBitmap *tbm)
{
	BankScanOpaque so = (BankScanOpaque) scan->opaque;
	int64		ntids = 0;

	/* a NULL value is in no filter (the operator is strict) */
	for (int i = 0; i < so->nkeys; i++)
		if (so->keys[i].null)
			return 0;
	pgstat_count_index_scan(scan->indexRelation);
	bloom_count_index_search(scan);
	while (read_index(scan, tbm, &ntids) == READ_AGAIN)
		CHECK_FOR_INTERRUPTS();
	return ntids;
}

/* amendscan */
void
bloom_bank_end_scan(IndexScanDesc scan)
{
	BankScanOpaque so = (BankScanOpaque) scan->opaque;

	MemoryContextDelete(so->cxt);
	pfree(so);
}
