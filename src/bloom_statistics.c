/*-------------------------------------------------------------------------
 *
 * bloom_statistics.c
 *	  What ANALYZE records about a column of filters, for the planner.
 *
 * A test such as "WHERE filtercol @> 'x'" keeps the rows whose filter
 * holds x.  PostgreSQL's own statistics of a column (most common values,
 * histogram) say nothing about that, so ANALYZE adds one slot of its own
 * kind to a bloom column's statistics (BLOOM_STATISTIC_KIND), from a few
 * of the sampled filters:
 *
 *	members		the mean number of distinct values a filter holds;
 *	fpr			the mean false-positive rate of a filter;
 *	held		the share of the column's filters that hold a value one of
 *				them holds, x drawn as often as it was added.
 *
 * "held" comes from the overlaps of pairs of filters.  Summed over ordered
 * pairs of distinct filters, the overlaps count every value once per
 * ordered pair of filters holding it, sum(r(x) * (r(x) - 1)) where r(x) is
 * the number of filters holding x, and the members sum to sum(r(x)).  So
 * the mean of r over the values added is 1 + (N - 1) * overlap / members
 * with overlap and members the means over pairs and filters, and the share
 * of N filters holding such a value is that mean over N.  The same filters
 * are read for members and fpr as for the pairs: at most BLOOM_STATS_READ
 * of the sample, at random, and within maintenance_work_mem (but at least
 * two, so that there is a pair).
 *
 * The planner reads the slot back with bloom_column_stats, both for a test
 * of the column itself and for a filter that a subquery reads from it.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_statistics.c
 *
 *-------------------------------------------------------------------------
 */
#include "bloom_statistics.h"

#include <math.h>

#include "access/detoast.h"
#include "access/htup_details.h"
#include "catalog/pg_statistic.h"
#include "commands/vacuum.h"
#include "common/pg_prng.h"
#include "miscadmin.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"

/* Filters of the sample read for the statistics, at most */
#define BLOOM_STATS_READ	32

/* Seed of the choice of the filters read */
#define BLOOM_STATS_SEED	UINT64CONST(0x626c6f6f6d737461)

/* The slot's numbers, in order */
#define BLOOM_STATS_NUMBERS 3

/* What the standard analysis of the column left for its own computation */
typedef struct BloomAnalyzeData
{
	AnalyzeAttrComputeStatsFunc std_compute;
	void	   *std_extra;
} BloomAnalyzeData;

/*
 * Reads at most BLOOM_STATS_READ of the sampled non-NULL filters, chosen
 * at random and within maintenance_work_mem (at least two, when there are
 * two), into views; returns how many it read.  Every pair of the sample's
 * filters is as likely to be read, so that the mean overlap of the pairs
 * read estimates that of all pairs; filters chosen at even spacing would
 * miss the overlaps of neighbours in a table ordered by time, say.  The
 * choice is seeded by a constant, so that one sample gives one result.
 */
static int
read_sample_filters(VacAttrStats *stats, AnalyzeAttrFetchFunc fetchfunc,
					int samplerows, bf_view *views)
{
	Size		budget = (Size) maintenance_work_mem * 1024;
	Size		bytes = 0;
	int			left = 0;
	int			wanted;
	int			nread = 0;
	bool		isnull;
	pg_prng_state prng;

	for (int i = 0; i < samplerows; i++)
	{
		(void) fetchfunc(stats, i, &isnull);
		if (!isnull)
			left++;
	}
	wanted = Min(left, BLOOM_STATS_READ);
	pg_prng_seed(&prng, BLOOM_STATS_SEED);

	for (int i = 0; i < samplerows && nread < wanted; i++)
	{
		Datum		value = fetchfunc(stats, i, &isnull);
		Size		size;

		if (isnull)
			continue;
		/* selection sampling: read with chance (still wanted) / (left) */
		left--;
		if (pg_prng_uint64_range(&prng, 0, left) >= (uint64) (wanted - nread))
			continue;

		size = toast_raw_datum_size(value);
		if (nread >= 2 && bytes + size > budget)
			break;
		bytes += size;
		CHECK_FOR_INTERRUPTS();
		views[nread++] = bloom_datum_view(value);
	}
	return nread;
}

/*
 * The column's slot of numbers, from the filters read: their mean member
 * count and false-positive rate, and the share of the column's filters
 * that hold a value one of them holds (see the file's comment).  Filters
 * too full to count, and pairs whose overlap cannot be estimated (of
 * another kind of value, or saturated), are left out of the means that
 * need them; without a pair, the filters are taken as disjoint.
 */
static void
summarize_filters(const bf_view *views, int nviews, double nfilters,
				  float4 *numbers)
{
	double		members = 0.0;
	double		fpr = 0.0;
	double		overlap = 0.0;
	int			ncounted = 0;
	int			npairs = 0;
	double		held_by;

	for (int i = 0; i < nviews; i++)
	{
		double		n = bf_cardinality(&views[i]);

		if (isfinite(n))
		{
			members += n;
			ncounted++;
		}
		fpr += bf_current_fpr(&views[i]);
		for (int j = 0; j < i; j++)
		{
			bf_estimates est;

			CHECK_FOR_INTERRUPTS();
			if (bf_pair_estimates(&views[i], &views[j], &est) == BF_OK &&
				isfinite(est.intersection))
			{
				overlap += Max(0.0, est.intersection);
				npairs++;
			}
		}
	}
	members = ncounted > 0 ? members / ncounted : 0.0;
	fpr = nviews > 0 ? fpr / nviews : 0.0;
	overlap = npairs > 0 ? overlap / npairs : 0.0;

	nfilters = Max(1.0, nfilters);
	held_by = members > 0.0 ? 1.0 + (nfilters - 1.0) * overlap / members : 1.0;
	held_by = Min(held_by, nfilters);

	numbers[0] = (float4) members;
	numbers[1] = (float4) fpr;
	numbers[2] = (float4) (held_by / nfilters);
}

/*
 * The compute_stats of a bloom column: PostgreSQL's standard statistics
 * first, then the slot of BLOOM_STATISTIC_KIND in the first free slot.
 */
static void
compute_bloom_stats(VacAttrStatsP stats, AnalyzeAttrFetchFunc fetchfunc,
					int samplerows, double totalrows)
{
	BloomAnalyzeData *data = (BloomAnalyzeData *) stats->extra_data;
	MemoryContext cxt;
	MemoryContext old;
	bf_view		views[BLOOM_STATS_READ];
	float4	   *numbers;
	int			nviews;
	int			slot;

	stats->extra_data = data->std_extra;
	data->std_compute(stats, fetchfunc, samplerows, totalrows);
	stats->extra_data = data;
	if (!stats->stats_valid)
		return;

	for (slot = 0; slot < STATISTIC_NUM_SLOTS; slot++)
		if (stats->stakind[slot] == 0)
			break;
	if (slot == STATISTIC_NUM_SLOTS)
		return;

	numbers = MemoryContextAlloc(stats->anl_context,
								 BLOOM_STATS_NUMBERS * sizeof(float4));
	cxt = AllocSetContextCreate(CurrentMemoryContext, "bloom statistics",
								ALLOCSET_DEFAULT_SIZES);
	old = MemoryContextSwitchTo(cxt);
	nviews = read_sample_filters(stats, fetchfunc, samplerows, views);
	summarize_filters(views, nviews,
					  totalrows * (1.0 - stats->stanullfrac), numbers);
	MemoryContextSwitchTo(old);
	MemoryContextDelete(cxt);

	stats->stakind[slot] = BLOOM_STATISTIC_KIND;
	stats->staop[slot] = InvalidOid;
	stats->stacoll[slot] = InvalidOid;
	stats->stanumbers[slot] = numbers;
	stats->numnumbers[slot] = BLOOM_STATS_NUMBERS;
}

/*
 * bloom_typanalyze: the bloom type's ANALYZE function.  Sets up the
 * standard analysis, and wraps its computation in compute_bloom_stats.
 */
PG_FUNCTION_INFO_V1(bloomfilter_typanalyze);
Datum
bloomfilter_typanalyze(PG_FUNCTION_ARGS)
{
	VacAttrStats *stats = (VacAttrStats *) PG_GETARG_POINTER(0);
	BloomAnalyzeData *data;

	if (!std_typanalyze(stats))
		PG_RETURN_BOOL(false);

	data = palloc(sizeof(BloomAnalyzeData));
	data->std_compute = stats->compute_stats;
	data->std_extra = stats->extra_data;
	stats->compute_stats = compute_bloom_stats;
	stats->extra_data = data;
	PG_RETURN_BOOL(true);
}

/*
 * Reads the statistics ANALYZE recorded for the filters vardata describes
 * into stats; false when there are none (never analyzed, analyzed before
 * this release, or not a column of filters).
 */
bool
bloom_column_stats(VariableStatData *vardata, BloomColumnStats *stats)
{
	AttStatsSlot sslot;
	bool		found = false;

	if (!HeapTupleIsValid(vardata->statsTuple))
		return false;
	if (get_attstatsslot(&sslot, vardata->statsTuple, BLOOM_STATISTIC_KIND,
						 InvalidOid, ATTSTATSSLOT_NUMBERS))
	{
		if (sslot.nnumbers == BLOOM_STATS_NUMBERS)
		{
			stats->members = sslot.numbers[0];
			stats->fpr = sslot.numbers[1];
			stats->held = sslot.numbers[2];
			stats->nullfrac = ((Form_pg_statistic)
							   GETSTRUCT(vardata->statsTuple))->stanullfrac;
			found = true;
		}
		free_attstatsslot(&sslot);
	}
	return found;
}
