/*-------------------------------------------------------------------------
 *
 * bloom_statistics.h
 *	  What ANALYZE records about a column of filters (bloom_statistics.c),
 *	  read back by the planner's estimates (bloom_selectivity.c).
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_statistics.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef BLOOM_STATISTICS_H
#define BLOOM_STATISTICS_H

#include "bloom_access.h"

#include "utils/selfuncs.h"

/*
 * The pg_statistic slot kind of a column of filters: a code from the range
 * that catalog/pg_statistic.h leaves to private use (10000 to 30000).  Its
 * numbers are those of BloomColumnStats, in that order.
 */
#define BLOOM_STATISTIC_KIND	12057

/* What the statistics say about the filters of a column */
typedef struct BloomColumnStats
{
	double		members;		/* mean distinct values a filter holds */
	double		fpr;			/* mean false-positive rate of a filter */
	double		held;			/* share of the filters that hold a value
								 * one of them holds */
	double		nullfrac;		/* share of the rows that are NULL */
} BloomColumnStats;

extern bool bloom_column_stats(VariableStatData *vardata,
							   BloomColumnStats *stats);

#endif							/* BLOOM_STATISTICS_H */
