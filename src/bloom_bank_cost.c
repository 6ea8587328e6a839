/*-------------------------------------------------------------------------
 *
 * bloom_bank_cost.c
 *	  What a scan of a bloombank index costs, for the planner, and whether
 *	  its filters take a value of a type at all.
 *
 * A scan reads the metapage, the directory, the pending list's pages, the
 * pages of each group that a value's bits fall in (bf_bank_probe_pages,
 * summed in the metapage), and a TID page per candidate (at most all of
 * them); it returns as candidates the filters that hold the value, their
 * share estimated from the original clause (bloom_selectivity.c), and
 * every pending row.  Each page costs random_page_cost, as other index
 * pages do; the tests of a group's columns cost a cpu_operator_cost per 64
 * (a word of the candidates' bitmap).  The heap's side, a bitmap heap scan
 * whose rows are rechecked at the cost of a membership test
 * (bloom_cost.c), is the planner's own: so a handful of filters are
 * scanned, and hundreds or more go through the index.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_bank_cost.c
 *
 *-------------------------------------------------------------------------
 */
#include "bloom_bank.h"

#include <math.h>

#include "access/relation.h"
#include "access/table.h"
#include "catalog/pg_class.h"
#include "catalog/pg_inherits.h"
#include "optimizer/cost.h"
#include "optimizer/optimizer.h"
#include "optimizer/pathnode.h"
#include "utils/lsyscache.h"
#include "utils/rel.h"
#include "utils/relcache.h"
#include "utils/spccache.h"

/* What the planner reads of an index's metapage */
typedef struct BankStats
{
	double		npending;
	double		nfilters;
	double		ndirpages;
	double		probe_pages;
	double		tid_pages;
	uint32		nkinds;
	bool		kinds_overflow;
	BankKind	kinds[BANK_MAX_KINDS];
} BankStats;

/* Read an index's statistics from its metapage */
static void
read_stats(Oid indexoid, BankStats *stats)
{
	Relation	index = index_open(indexoid, AccessShareLock);
	Buffer		metabuf = bloom_bank_read(index, BANK_METAPAGE_BLKNO, BUFFER_LOCK_SHARE);
	BankMetaPageData *meta = bloom_bank_meta(index, BufferGetPage(metabuf));

	stats->npending = meta->npending;
	stats->nfilters = meta->nfilters;
	stats->ndirpages = meta->ndirpages;
	stats->probe_pages = meta->probe_pages;
	stats->tid_pages = meta->tid_pages;
	stats->nkinds = meta->nkinds;
	stats->kinds_overflow = meta->kinds_overflow;
	memcpy(stats->kinds, meta->kinds, sizeof(stats->kinds));
	UnlockReleaseBuffer(metabuf);
	index_close(index, AccessShareLock);
}

/* amcostestimate: see the file header */
void
bloom_bank_cost_estimate(PlannerInfo *root, IndexPath *path, double loop_count,
						 Cost *startup, Cost *total, Selectivity *selectivity,
						 double *correlation, double *pages)
{
	IndexOptInfo *index = path->indexinfo;
	List	   *originals = NIL;
	ListCell   *lc;
	BankStats	stats;
	double		random_page_cost;
	double		rows = Max(index->rel->tuples, 1.0);
	double		candidates;
	double		read;
	Selectivity held;

	foreach(lc, path->indexclauses)
		originals = lappend(originals, ((IndexClause *) lfirst(lc))->rinfo);
	held = clauselist_selectivity(root, originals, index->rel->relid,
								  JOIN_INNER, NULL);
	read_stats(index->indexoid, &stats);
	get_tablespace_page_costs(index->reltablespace, &random_page_cost, NULL);

	candidates = held * stats.nfilters + stats.npending;
	read = 1.0 + stats.ndirpages + ceil(stats.npending / BANK_TIDS_PER_PAGE) +
		stats.probe_pages * list_length(originals) +
		Min(candidates, stats.tid_pages);

	*selectivity = Min(candidates / rows, 1.0);
	*startup = 0.0;
	*total = read * random_page_cost +
		stats.nfilters / 64.0 * cpu_operator_cost * list_length(originals) +
		candidates * cpu_index_tuple_cost;
	*correlation = 0.0;
	*pages = read;
}

/*
 * The valid bloombank index on column attno of table relid alone, not
 * partial (a partitioned table's: its partitioned index), and its operator
 * family (*opfamily); InvalidOid if there is none
 */
Oid
bloom_bank_column_index(Oid relid, AttrNumber attno, Oid *opfamily)
{
	Relation	rel = table_open(relid, AccessShareLock);
	List	   *indexes = RelationGetIndexList(rel);
	ListCell   *lc;
	Oid			found = InvalidOid;

	foreach(lc, indexes)
	{
		Relation	index = index_open(lfirst_oid(lc), AccessShareLock);

		if (bloom_bank_is_index(index) && index->rd_index->indisvalid &&
			index->rd_index->indnatts == 1 &&
			index->rd_index->indkey.values[0] == attno &&
			RelationGetIndexPredicate(index) == NIL)
		{
			found = RelationGetRelid(index);
			*opfamily = index->rd_opfamily[0];
		}
		index_close(index, AccessShareLock);
		if (OidIsValid(found))
			break;
	}
	list_free(indexes);
	table_close(rel, AccessShareLock);
	return found;
}

/* Whether a bloombank index with storage takes values (see below) */
static bool
accepts(Oid indexoid, const BloomHasher *hasher)
{
	BankStats	stats;

	read_stats(indexoid, &stats);
	if (stats.kinds_overflow)
		return false;
	for (uint32 i = 0; i < stats.nkinds; i++)
	{
		BankClass	class;
		bf_header	hdr;

		memset(&class, 0, sizeof(class));
		class.nblocks = 1;
		class.kind = stats.kinds[i].kind;
		class.hash_id = stats.kinds[i].hash_id;
		hdr = bloom_bank_class_header(&class);
		if (!bloom_probe_accepts(hasher, &hdr))
			return false;
	}
	return true;
}

/*
 * Whether a bloombank index's filters take values of type typid under
 * collation: whether a membership test of each kind the index holds
 * hashes such a value rather than refusing it (bloom_probe_accepts), with
 * no error raised.  The planner asks, so that a column of filters of
 * another kind is scanned as without the index, with the error the test
 * raises, never answered by it.  An index that lost count of its kinds
 * takes none; a partitioned index, what the index of each partition takes.
 */
bool
bloom_bank_accepts_type(Oid indexoid, Oid typid, Oid collation)
{
	BloomHasher hasher;
	List	   *children;
	ListCell   *lc;

	if (!bloom_method_classify(&hasher, typid, collation))
		return false;
	if (get_rel_relkind(indexoid) != RELKIND_PARTITIONED_INDEX)
		return accepts(indexoid, &hasher);
	children = find_all_inheritors(indexoid, AccessShareLock, NULL);
	foreach(lc, children)
		if (get_rel_relkind(lfirst_oid(lc)) == RELKIND_INDEX &&
			!accepts(lfirst_oid(lc), &hasher))
			return false;
	return true;
}
