/*-------------------------------------------------------------------------
 *
 * bloom_cost.c
 *	  What a membership test (filter @> value, value <@ filter) costs, for
 *	  the planner: the support function of bloom_contains and
 *	  bloom_contained.
 *
 * A test costs a thousand times more when its filter is read per row from
 * a column than when the filter is in memory: a stored filter that a
 * call site meets for the first time is probed by slices, two fetches
 * from its TOAST table (bloom_probe.c), where a filter in memory, or read
 * once and kept by the call-site cache, costs a hash and a cache line or
 * two.  So the cost depends on the arguments, which a support function
 * sees: a filter that is a column of the relation being scanned, tested
 * against a value that is the same on every row of it (a constant, or a
 * parameter of the query), is a new filter on every row, and costs a
 * probe by slices; any other is taken to come back row after row (an
 * InitPlan's, a join's, a nested loop's outer row's) and to be read once,
 * and costs a probe in memory.  Either is more than a comparison of two
 * integers costs, so such conditions run first.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_cost.c
 *
 *-------------------------------------------------------------------------
 */
#include "bloom_access.h"

#include "catalog/pg_type.h"
#include "nodes/nodeFuncs.h"
#include "nodes/supportnodes.h"
#include "optimizer/optimizer.h"
#include "utils/lsyscache.h"

/*
 * The planner's units, measured on this project's machine: its default
 * costs put a serial count(url) over bench/sql/compare.sql's 1,000,000
 * rows at 24,846, and it takes 67 ms: 2.7 us a unit, a cpu_operator_cost
 * 7 ns.
 *
 * A probe of a filter in memory, in units of cpu_operator_cost: hashing
 * the value and reading a cache line or two, 10 to 30 ns a row beyond
 * count(url) in bench/sql/stored-probe.
 */
#define BLOOM_PROBE_MEMORY_COST		10.0

/*
 * A probe by slices, in units of seq_page_cost: two fetches from a TOAST
 * table, each a descent of its index and a read of a heap page, in shared
 * buffers nearly always; 4 to 15 us in bench/sql/stored-probe (6 to 8
 * buffers), 1.5 to 5.5 units.  The low end, so that the planner compiles
 * (JIT) no scan of fewer than about 50,000 filters (jit_above_cost is
 * 100,000 units).
 */
#define BLOOM_PROBE_SLICES_COST		2.0

/*
 * Whether node refers to anything that changes from one row of the scan
 * of the filter's relation to the next without the filter changing: a
 * column of another relation, or a parameter set by the executor (a
 * nested loop's outer row, a correlated subquery's)
 */
static bool
varies_elsewhere(Node *node, void *context)
{
	const Var  *filter = (const Var *) context;

	if (node == NULL)
		return false;
	if (IsA(node, Var))
		return ((Var *) node)->varno != filter->varno ||
			((Var *) node)->varlevelsup != filter->varlevelsup;
	if (IsA(node, Param))
		return ((Param *) node)->paramkind == PARAM_EXEC;
	return expression_tree_walker(node, varies_elsewhere, context);
}

/*
 * The per-row cost of a membership test call (a FuncExpr or OpExpr) whose
 * filter argument is filter_arg: a probe by slices for a column of
 * filters tested against a value that does not vary elsewhere, a probe in
 * memory otherwise
 */
static Cost
membership_cost(List *args, int filter_arg)
{
	Node	   *filter = strip_implicit_coercions(list_nth(args, filter_arg));
	Node	   *value = list_nth(args, 1 - filter_arg);

	if (IsA(filter, Var) && !varies_elsewhere(value, filter))
		return BLOOM_PROBE_SLICES_COST * seq_page_cost;
	return BLOOM_PROBE_MEMORY_COST * cpu_operator_cost;
}

/*
 * bloom_membership_support(internal): the planner support function of
 * bloom_contains (the filter first) and bloom_contained (the value
 * first), which answers SupportRequestCost (membership_cost) for calls it
 * is shown; for others the functions' COST holds, that of a probe in
 * memory.
 */
PG_FUNCTION_INFO_V1(bloomfilter_membership_support);
Datum
bloomfilter_membership_support(PG_FUNCTION_ARGS)
{
	Node	   *rawreq = (Node *) PG_GETARG_POINTER(0);
	SupportRequestCost *req;
	List	   *args;
	Oid		   *argtypes;
	int			nargs;
	int			filter_arg;

	if (!IsA(rawreq, SupportRequestCost))
		PG_RETURN_POINTER(NULL);
	req = (SupportRequestCost *) rawreq;
	if (req->node != NULL && IsA(req->node, FuncExpr))
		args = ((FuncExpr *) req->node)->args;
	else if (req->node != NULL && IsA(req->node, OpExpr))
		args = ((OpExpr *) req->node)->args;
	else
		PG_RETURN_POINTER(NULL);

	/* the filter is the argument not declared anycompatible */
	get_func_signature(req->funcid, &argtypes, &nargs);
	filter_arg = nargs == 2 && argtypes[0] == ANYCOMPATIBLEOID ? 1 : 0;
	pfree(argtypes);
	if (nargs != 2 || list_length(args) != 2)
		PG_RETURN_POINTER(NULL);

	req->startup = 0;
	req->per_tuple = membership_cost(args, filter_arg);
	PG_RETURN_POINTER(req);
}
