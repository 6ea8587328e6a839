/*-------------------------------------------------------------------------
 *
 * bloom_selectivity.c
 *	  The planner's estimate of the share of rows that a membership test
 *	  (value <@ filter, filter @> value) keeps.
 *
 * A membership test keeps the rows whose value is in the filter's set and
 * a false-positive share of the others.  When the filter is known at
 * planning time (a constant, or a parameter's value in a custom plan), the
 * estimate reads it: the column's most common values are tested against
 * the filter itself, which gives their share exactly (false positives
 * included, since they match at run time too), and the filter's remaining
 * members are assumed to be spread over the column's other distinct
 * values.  The filter's estimated distinct count and current
 * false-positive rate come from the core's estimators.
 *
 * Two more cases read what ANALYZE recorded about a column of filters
 * (bloom_statistics.c).  A filter that a scalar subquery reads from such a
 * column ("col <@ (SELECT f FROM filters WHERE ...)") is known only at run
 * time; it is taken to hold the column's mean number of members.  And a
 * test of the column of filters itself ("filtercol @> x") keeps the share
 * of its filters that hold a value, plus false positives among the rest.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_selectivity.c
 *
 *-------------------------------------------------------------------------
 */
#include "bloom_hasher.h"
#include "bloom_statistics.h"

#include <math.h>

#include "access/htup_details.h"
#include "catalog/pg_statistic.h"
#include "catalog/pg_type.h"
#include "nodes/nodeFuncs.h"
#include "nodes/pathnodes.h"
#include "utils/lsyscache.h"
#include "utils/selfuncs.h"

/*
 * Share of rows kept when neither the filter nor statistics of where it
 * comes from are known at planning time: that of a filter holding one
 * value in twenty of the column's.
 */
#define BLOOM_DEFAULT_SEL	0.05

/*
 * Whether a filter may hold a value (false: it was never added), tested
 * for its hashes (bloom_hashes_to_test); a part of a filter holds no value
 * of another part.
 */
static bool
may_hold(const BloomHasher *hasher, const bf_view *filter, Datum value)
{
	uint64		hashes[BLOOM_PROBE_HASHES];
	int			n = bloom_hashes_to_test(hasher, &filter->hdr, value, hashes);

	for (int i = 0; i < n; i++)
		if (bf_contains(filter, hashes[i]))
			return true;
	return false;
}

/*
 * Share of the rows described by vardata whose value tests positive in a
 * filter of members distinct values and false-positive rate fpr.  When
 * the filter itself is known (filter not NULL), the column's most common
 * values are tested against it; values of another kind than the filter's
 * are an error at run time, and here they get the default.
 */
static Selectivity
membership_selectivity(VariableStatData *vardata, Oid opfunc,
					   double members, double fpr, const bf_view *filter,
					   Oid collation)
{
	double		nullfrac = 0.0;
	double		mcv_freq = 0.0;
	double		mcv_hit_freq = 0.0;
	double		mcv_hits = 0.0;
	double		mcv_count = 0.0;
	double		ndistinct;
	double		rest_distinct;
	double		rest_members;
	double		rest_freq;
	double		share;
	bool		isdefault;
	BloomHasher hasher;

	if (filter != NULL)
	{
		/* the column's type where there are statistics, else the expression's */
		bloom_hasher_init(&hasher,
						  OidIsValid(vardata->atttype) ? vardata->atttype : vardata->vartype,
						  collation, CurrentMemoryContext);
		if (filter->hdr.hash_id == BF_HASH_PARQUET ?
			!bloom_parquet_fits(&hasher, filter->hdr.kind) :
			!bloom_kind_accepts(filter->hdr.kind, hasher.kind))
			return BLOOM_DEFAULT_SEL;
	}

	if (HeapTupleIsValid(vardata->statsTuple) &&
		statistic_proc_security_check(vardata, opfunc))
	{
		Form_pg_statistic stats = (Form_pg_statistic) GETSTRUCT(vardata->statsTuple);
		AttStatsSlot sslot;

		nullfrac = stats->stanullfrac;
		if (filter != NULL &&
			get_attstatsslot(&sslot, vardata->statsTuple, STATISTIC_KIND_MCV,
							 InvalidOid,
							 ATTSTATSSLOT_VALUES | ATTSTATSSLOT_NUMBERS))
		{
			for (int i = 0; i < sslot.nvalues; i++)
			{
				mcv_freq += sslot.numbers[i];
				if (may_hold(&hasher, filter, sslot.values[i]))
				{
					mcv_hit_freq += sslot.numbers[i];
					mcv_hits += 1.0;
				}
			}
			mcv_count = sslot.nvalues;
			free_attstatsslot(&sslot);
		}
	}

	/*
	 * Without statistics, get_variable_numdistinct guesses a constant; a
	 * column tested against a filter is more often a key, so take the
	 * table's row count instead.
	 */
	ndistinct = get_variable_numdistinct(vardata, &isdefault);
	if (isdefault && vardata->rel != NULL && vardata->rel->tuples > 0)
		ndistinct = vardata->rel->tuples;

	rest_freq = Max(0.0, 1.0 - nullfrac - mcv_freq);
	rest_distinct = Max(1.0, ndistinct - mcv_count);
	rest_members = isinf(members) ? rest_distinct : Max(0.0, members - mcv_hits);
	share = Min(1.0, rest_members / rest_distinct);

	return mcv_hit_freq + rest_freq * (share + (1.0 - share) * fpr);
}

/*
 * The statistics of the column a filter known only at run time comes from:
 * param is the output of an uncorrelated scalar subquery (an InitPlan of
 * this query level or an outer one) that returns a column of filters, as
 * in "col <@ (SELECT f FROM filters WHERE ...)".  False when param is
 * anything else or the column has no statistics of filters.
 */
static bool
initplan_filter_stats(PlannerInfo *root, Param *param, BloomColumnStats *stats)
{
	if (param->paramkind != PARAM_EXEC)
		return false;

	for (PlannerInfo *level = root; level != NULL; level = level->parent_root)
	{
		ListCell   *lc;

		foreach(lc, level->init_plans)
		{
			SubPlan    *subplan = lfirst_node(SubPlan, lc);
			PlannerInfo *subroot;
			TargetEntry *tle;
			VariableStatData vardata;
			bool		found;

			if (subplan->subLinkType != EXPR_SUBLINK ||
				!list_member_int(subplan->setParam, param->paramid))
				continue;

			subroot = list_nth(root->glob->subroots, subplan->plan_id - 1);
			if (subroot == NULL || subroot->parse->targetList == NIL)
				return false;
			tle = linitial_node(TargetEntry, subroot->parse->targetList);
			examine_variable(subroot, (Node *) tle->expr, 0, &vardata);
			found = bloom_column_stats(&vardata, stats);
			ReleaseVariableStats(vardata);
			return found;
		}
	}
	return false;
}

/*
 * bloom_membership_sel: restriction selectivity of @> and <@.
 *
 * Finds the side of the clause that is a column (or another expression
 * with statistics) and the other side.  When the column is the filters
 * ("filtercol @> x"), the share is that of the filters holding a value,
 * from the column's statistics.  When the column is the values, the
 * filter is read if it is a constant; if it is the result of a subquery
 * over a column of filters, a filter is taken to be that column's typical
 * one; otherwise the share is the default.
 */
PG_FUNCTION_INFO_V1(bloomfilter_membership_sel);
Datum
bloomfilter_membership_sel(PG_FUNCTION_ARGS)
{
	PlannerInfo *root = (PlannerInfo *) PG_GETARG_POINTER(0);
	Oid			operator = PG_GETARG_OID(1);
	List	   *args = (List *) PG_GETARG_POINTER(2);
	int			varRelid = PG_GETARG_INT32(3);
	VariableStatData vardata;
	BloomColumnStats stats;
	Node	   *other;
	bool		varonleft;
	Oid			lefttype;
	Oid			righttype;
	Selectivity sel = BLOOM_DEFAULT_SEL;

	if (!get_restriction_variable(root, args, varRelid,
								  &vardata, &other, &varonleft))
		PG_RETURN_FLOAT8(BLOOM_DEFAULT_SEL);

	/* the filter is the operand not declared anycompatible */
	op_input_types(operator, &lefttype, &righttype);
	if (varonleft == (lefttype != ANYCOMPATIBLEOID))
	{
		/* a column of filters tested for one value */
		if (bloom_column_stats(&vardata, &stats))
			sel = (1.0 - stats.nullfrac) *
				(stats.held + (1.0 - stats.held) * stats.fpr);
	}
	else if (IsA(other, Const))
	{
		Const	   *filter = (Const *) other;

		if (filter->constisnull)
			sel = 0.0;
		else
		{
			bf_view		view = bloom_datum_view(filter->constvalue);

			sel = membership_selectivity(&vardata, get_opcode(operator),
										 bf_cardinality(&view),
										 bf_current_fpr(&view), &view,
										 PG_GET_COLLATION());
		}
	}
	else if (IsA(other, Param) &&
			 initplan_filter_stats(root, (Param *) other, &stats))
		sel = membership_selectivity(&vardata, get_opcode(operator),
									 stats.members, stats.fpr, NULL,
									 PG_GET_COLLATION());
	ReleaseVariableStats(vardata);
	CLAMP_PROBABILITY(sel);
	PG_RETURN_FLOAT8(sel);
}
