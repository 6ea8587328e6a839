/*-------------------------------------------------------------------------
 *
 * bloom_params.c
 *	  Which arguments of a call are the same on every row of the scan that
 *	  makes it: constants, the query's parameters, and the executor
 *	  parameters that no node of the running plan sets row by row (an
 *	  InitPlan's output), as against a nested loop's outer column or a
 *	  correlated subquery's outer value.
 *
 * A membership test reads a stored filter that is the same on every row
 * whole at once (bloom_slicing.c): it will come back.  A Const or a query
 * parameter (PARAM_EXTERN) is.  An executor parameter (PARAM_EXEC) may be
 * either: an InitPlan's result is computed once, but a nested loop passes
 * its outer row's column to the inner side as one (a LATERAL reference, a
 * parameterized scan), and a correlated subquery gets its outer row's
 * values as ones, both new on every outer row.  Nothing in the call tells
 * them apart, so the plan does: the nodes that set parameters row by row
 * are the nested loops (their nestParams) and the subplans (the
 * parameters a call passes in, parParam, and a MULTIEXPR's outputs,
 * setParam of one that is not an InitPlan).  Every other executor
 * parameter is an InitPlan's output, or, in a parallel worker, one the
 * leader computed and passed on.
 *
 * The module keeps the plans of the queries running in the backend, each
 * recorded as its executor starts (an ExecutorStart hook, which a planner
 * support function of the module's loads in time: bloom_cost.c), keyed by
 * the query's memory context, in which the executor makes its call sites
 * (fn_mcxt); an entry goes with that context.  A call site whose query is
 * not found (one made outside an executor) takes its executor parameters
 * as set row by row: the rule's costlier mistake is bounded
 * (bloom_slicing.c).
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_params.c
 *
 *-------------------------------------------------------------------------
 */
#include "bloom_params.h"

#include "executor/executor.h"
#include "nodes/bitmapset.h"
#include "nodes/execnodes.h"
#include "nodes/nodeFuncs.h"
#include "nodes/plannodes.h"

/* A query running in this backend, as its executor started it */
typedef struct RunningQuery
{
	MemoryContext query_cxt;	/* its executor's memory, fn_mcxt of calls */
	PlanState  *planstate;
	bool		collected;		/* per_row worked out */
	Bitmapset  *per_row;		/* executor parameters set row by row */
	struct RunningQuery *next;
	MemoryContextCallback forget;
} RunningQuery;

/* The running queries, the innermost first */
static RunningQuery *running_queries = NULL;

static ExecutorStart_hook_type prev_executor_start = NULL;

/* Take a query off the list, as its memory goes (a reset callback) */
static void
forget_query(void *arg)
{
	RunningQuery **link;

	for (link = &running_queries; *link != NULL; link = &(*link)->next)
		if (*link == (RunningQuery *) arg)
		{
			*link = (*link)->next;
			return;
		}
}

/*
 * Start the executor as before, then record the query's plan, in its own
 * memory (which the calls' call sites share), for the rest of its run
 */
static void
record_query(QueryDesc *queryDesc, int eflags)
{
	RunningQuery *query;

	if (prev_executor_start != NULL)
		prev_executor_start(queryDesc, eflags);
	else
		standard_ExecutorStart(queryDesc, eflags);
	if ((eflags & EXEC_FLAG_EXPLAIN_ONLY) || queryDesc->estate == NULL)
		return;

	query = MemoryContextAllocZero(queryDesc->estate->es_query_cxt,
								   sizeof(RunningQuery));
	query->query_cxt = queryDesc->estate->es_query_cxt;
	query->planstate = queryDesc->planstate;
	query->forget.func = forget_query;
	query->forget.arg = query;
	MemoryContextRegisterResetCallback(query->query_cxt, &query->forget);
	query->next = running_queries;
	running_queries = query;
}

/* Install the executor start hook: from _PG_init, once */
void
bloom_params_init(void)
{
	prev_executor_start = ExecutorStart_hook;
	ExecutorStart_hook = record_query;
}

/* Add an integer list's parameter ids to a set */
static Bitmapset *
add_params(Bitmapset *set, List *ids)
{
	ListCell   *lc;

	foreach(lc, ids)
		set = bms_add_member(set, lfirst_int(lc));
	return set;
}

/*
 * Collect into *context (a Bitmapset *) the executor parameters that a
 * node of the tree under planstate sets row by row: a nested loop's
 * nestParams, the parameters its subplans are called with (parParam), and
 * the outputs of its subplans that are not InitPlans (a MULTIEXPR's).
 */
static bool
collect_per_row(PlanState *planstate, void *context)
{
	Bitmapset **per_row = (Bitmapset **) context;
	ListCell   *lc;

	if (IsA(planstate, NestLoopState))
		foreach(lc, ((NestLoop *) planstate->plan)->nestParams)
			*per_row = bms_add_member(*per_row,
									  lfirst_node(NestLoopParam, lc)->paramno);
	foreach(lc, planstate->initPlan)
	{
		SubPlan    *subplan = lfirst_node(SubPlanState, lc)->subplan;

		*per_row = add_params(*per_row, subplan->parParam);
	}
	foreach(lc, planstate->subPlan)
	{
		SubPlan    *subplan = lfirst_node(SubPlanState, lc)->subplan;

		*per_row = add_params(*per_row, subplan->parParam);
		*per_row = add_params(*per_row, subplan->setParam);
	}
	return planstate_tree_walker(planstate, collect_per_row, context);
}

/*
 * Whether executor parameter paramid of the query whose executor made the
 * call site in query_cxt is the same on every row: known, and set by no
 * node row by row (collect_per_row, worked out once per query)
 */
static bool
exec_param_fixed(MemoryContext query_cxt, int paramid)
{
	RunningQuery *query;

	for (query = running_queries; query != NULL; query = query->next)
		if (query->query_cxt == query_cxt)
		{
			if (!query->collected)
			{
				MemoryContext old = MemoryContextSwitchTo(query_cxt);

				if (query->planstate != NULL)
					collect_per_row(query->planstate, &query->per_row);
				MemoryContextSwitchTo(old);
				query->collected = true;
			}
			return !bms_is_member(paramid, query->per_row);
		}
	return false;
}

/*
 * The expression of argument argno of the call (a function's, an
 * operator's, or an operator's over an array: ANY, ALL), or NULL if not
 * known
 */
Node *
bloom_arg_expr(FunctionCallInfo fcinfo, int argno)
{
	Node	   *expr = (Node *) fcinfo->flinfo->fn_expr;
	List	   *args = NIL;

	if (expr != NULL && IsA(expr, FuncExpr))
		args = ((FuncExpr *) expr)->args;
	else if (expr != NULL && IsA(expr, OpExpr))
		args = ((OpExpr *) expr)->args;
	else if (expr != NULL && IsA(expr, ScalarArrayOpExpr))
		args = ((ScalarArrayOpExpr *) expr)->args;
	return argno < list_length(args) ? (Node *) list_nth(args, argno) : NULL;
}

/*
 * Whether argument argno is the same on every row of the scan that makes
 * the call: a constant, a parameter of the query, or an executor parameter
 * that no node sets row by row (the file's comment)
 */
bool
bloom_arg_fixed_for_scan(FunctionCallInfo fcinfo, int argno)
{
	Node	   *arg = bloom_arg_expr(fcinfo, argno);
	Param	   *param;

	while (arg != NULL && IsA(arg, RelabelType))
		arg = (Node *) ((RelabelType *) arg)->arg;
	if (arg == NULL || !(IsA(arg, Param) || IsA(arg, Const)))
		return false;
	if (IsA(arg, Const))
		return true;
	param = (Param *) arg;
	return param->paramkind != PARAM_EXEC ||
		exec_param_fixed(fcinfo->flinfo->fn_mcxt, param->paramid);
}
