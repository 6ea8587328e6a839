/*-------------------------------------------------------------------------
 *
 * bloom_cost.c
 *	  What a membership test (filter @> value, value <@ filter) costs, for
 *	  the planner, and what a bloombank index answers of it: the support
 *	  function of bloom_contains and bloom_contained.
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
 * A test of a column of filters that a bloombank index covers becomes the
 * index's own operator (simplify, index_condition).
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_cost.c
 *
 *-------------------------------------------------------------------------
 */
#include "bloom_bank.h"

#include "access/htup_details.h"
#include "catalog/pg_amop.h"
#include "catalog/pg_type.h"
#include "nodes/makefuncs.h"
#include "nodes/nodeFuncs.h"
#include "nodes/supportnodes.h"
#include "optimizer/optimizer.h"
#include "parser/parsetree.h"
#include "parser/parse_func.h"
#include "utils/catcache.h"
#include "utils/lsyscache.h"
#include "utils/syscache.h"

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
 * The operator filter @> key of a bloombank operator family: the member
 * of strategy 1 on the left type filter_type, and the function making its
 * key, bloombank_value(anycompatible), in the operator's schema (the
 * extension's); false if there is none
 */
static bool
bank_operator(Oid opfamily, Oid filter_type, Oid *op, Oid *key_fn,
			  Oid *key_type)
{
	CatCList   *members = SearchSysCacheList1(AMOPSTRATEGY, ObjectIdGetDatum(opfamily));
	Oid			argtype = ANYCOMPATIBLEOID;

	*op = InvalidOid;
	for (int i = 0; i < members->n_members && !OidIsValid(*op); i++)
	{
		Form_pg_amop member = (Form_pg_amop) GETSTRUCT(&members->members[i]->tuple);

		if (member->amopstrategy == BANK_CONTAINS_STRATEGY &&
			member->amoplefttype == filter_type)
		{
			*op = member->amopopr;
			*key_type = member->amoprighttype;
		}
	}
	ReleaseCatCacheList(members);
	if (!OidIsValid(*op))
		return false;
	*key_fn = LookupFuncName(list_make2(makeString(get_namespace_name(get_func_namespace(get_opcode(*op)))),
										makeString("bloombank_value")),
							 1, &argtype, true);
	return OidIsValid(*key_fn) && get_func_rettype(*key_fn) == *key_type;
}

/*
 * The test filter @> key of a bloombank operator family (op, with key_fn
 * making the key) for filter and value, of collation inputcollid
 */
static Expr *
key_clause(Oid op, Oid key_fn, Oid key_type, Node *filter, Node *value,
		   Oid inputcollid)
{
	Expr	   *key = (Expr *) makeFuncExpr(key_fn, key_type, list_make1(value),
											InvalidOid, exprCollation(value),
											COERCE_EXPLICIT_CALL);

	return make_opclause(op, BOOLOID, false, (Expr *) filter, key, InvalidOid,
						 inputcollid);
}

/*
 * A test of a column of filters that a bloombank index covers, f @> x or
 * x <@ f (SupportRequestSimplify, before the planner looks for indexes),
 * becomes f @> bloombank_value(x): the operator of the index's family, which
 * the index answers itself, with x's own type (bloom_bank_key.c).  It is
 * the same test, so a bitmap heap scan rechecks it only for the rows the
 * index says need it, where a condition the index only implies
 * (index_condition) would be tested on every row the index returns.  Not
 * when x varies along the table, nor when the index holds filters of a
 * kind that refuses x's type (bloom_bank_accepts_type): the test stays as
 * it is, scanned without the index, with the error it raises.
 */
static Node *
simplify(SupportRequestSimplify *req, List *args, int filter_arg,
		 Oid inputcollid)
{
	Node	   *filter = list_nth(args, filter_arg);
	Node	   *value = list_nth(args, 1 - filter_arg);
	Var		   *var = (Var *) filter;
	RangeTblEntry *rte;
	Oid			index;
	Oid			opfamily;
	Oid			op;
	Oid			key_fn;
	Oid			key_type;

	if (req->root == NULL || !IsA(filter, Var) || var->varlevelsup != 0 ||
		var->varno < 1 || var->varno > list_length(req->root->parse->rtable) ||
		contain_volatile_functions(value) ||
		bms_is_member(var->varno, pull_varnos(req->root, value)))
		return NULL;
	rte = rt_fetch(var->varno, req->root->parse->rtable);
	if (rte->rtekind != RTE_RELATION)
		return NULL;
	index = bloom_bank_column_index(rte->relid, var->varattno, &opfamily);
	if (!OidIsValid(index) ||
		!bank_operator(opfamily, exprType(filter), &op, &key_fn, &key_type) ||
		!bloom_bank_accepts_type(index, exprType(value), inputcollid))
		return NULL;
	return (Node *) key_clause(op, key_fn, key_type, filter, value, inputcollid);
}

/*
 * The index condition of a membership test for a bloombank index on an
 * expression (SupportRequestIndexCondition; a test of a column is already
 * the index's operator, by simplify): f @> x, or x <@ f, with f the
 * index's expression, becomes f @> bloombank_value(x), the same test, which
 * the executor also runs on every row the index returns.  None when x is
 * not the same throughout a scan of the table, or when the index holds
 * filters of a kind that refuses x's type (bloom_bank_accepts_type).
 */
static List *
index_condition(SupportRequestIndexCondition *req, List *args, int filter_arg,
				Oid inputcollid)
{
	Node	   *filter = list_nth(args, filter_arg);
	Node	   *value = list_nth(args, 1 - filter_arg);
	Oid			op;
	Oid			key_fn;
	Oid			key_type;

	if (req->indexarg != filter_arg ||
		(pg_funcptr_t) req->index->amcostestimate != (pg_funcptr_t) bloom_bank_cost_estimate ||
		!bank_operator(req->opfamily, exprType(filter), &op, &key_fn, &key_type) ||
		!is_pseudo_constant_for_index(req->root, value, req->index) ||
		!bloom_bank_accepts_type(req->index->indexoid, exprType(value), inputcollid))
		return NIL;
	req->lossy = false;
	return list_make1(key_clause(op, key_fn, key_type, filter, value, inputcollid));
}

/*
 * bloom_membership_support(internal): the planner support function of
 * bloom_contains (the filter first), bloom_contained (the value first) and
 * bloom_contains_key (a bloombank key), which answers SupportRequestCost
 * (membership_cost) for calls it is shown, and for bloombank indexes
 * SupportRequestSimplify (simplify) and SupportRequestIndexCondition
 * (index_condition); for other calls the functions' COST holds, that of a
 * probe in memory.
 */
PG_FUNCTION_INFO_V1(bloomfilter_membership_support);
Datum
bloomfilter_membership_support(PG_FUNCTION_ARGS)
{
	Node	   *rawreq = (Node *) PG_GETARG_POINTER(0);
	Oid			funcid;
	Node	   *node;
	List	   *args;
	Oid			inputcollid;
	Oid		   *argtypes;
	int			nargs;
	int			filter_arg;
	bool		key_form;

	if (IsA(rawreq, SupportRequestCost))
	{
		funcid = ((SupportRequestCost *) rawreq)->funcid;
		node = ((SupportRequestCost *) rawreq)->node;
	}
	else if (IsA(rawreq, SupportRequestIndexCondition))
	{
		funcid = ((SupportRequestIndexCondition *) rawreq)->funcid;
		node = ((SupportRequestIndexCondition *) rawreq)->node;
	}
	else if (IsA(rawreq, SupportRequestSimplify))
	{
		funcid = ((SupportRequestSimplify *) rawreq)->fcall->funcid;
		node = (Node *) ((SupportRequestSimplify *) rawreq)->fcall;
	}
	else
		PG_RETURN_POINTER(NULL);
	if (node != NULL && IsA(node, FuncExpr))
	{
		args = ((FuncExpr *) node)->args;
		inputcollid = ((FuncExpr *) node)->inputcollid;
	}
	else if (node != NULL && IsA(node, OpExpr))
	{
		args = ((OpExpr *) node)->args;
		inputcollid = ((OpExpr *) node)->inputcollid;
	}
	else
		PG_RETURN_POINTER(NULL);

	/*
	 * the filter is the argument not declared anycompatible; bloom_contains_key
	 * has none
	 */
	get_func_signature(funcid, &argtypes, &nargs);
	filter_arg = nargs == 2 && argtypes[0] == ANYCOMPATIBLEOID ? 1 : 0;
	key_form = nargs == 2 && argtypes[0] != ANYCOMPATIBLEOID &&
		argtypes[1] != ANYCOMPATIBLEOID;
	pfree(argtypes);
	if (nargs != 2 || list_length(args) != 2)
		PG_RETURN_POINTER(NULL);

	if (IsA(rawreq, SupportRequestSimplify))
		PG_RETURN_POINTER(key_form ? NULL :
						  simplify((SupportRequestSimplify *) rawreq, args,
								   filter_arg, inputcollid));
	if (IsA(rawreq, SupportRequestIndexCondition))
		PG_RETURN_POINTER(key_form ? NIL :
						  index_condition((SupportRequestIndexCondition *) rawreq,
										  args, filter_arg, inputcollid));
	((SupportRequestCost *) rawreq)->startup = 0;
	((SupportRequestCost *) rawreq)->per_tuple = membership_cost(args, filter_arg);
	PG_RETURN_POINTER(rawreq);
}
