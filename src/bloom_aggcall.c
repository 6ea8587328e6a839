/*-------------------------------------------------------------------------
 *
 * bloom_aggcall.c
 *	  Reading a call: the type a value argument was written with, and what
 *	  the final step of an aggregate can read of its call.
 *
 * A function's value argument is hashed as its type's values are, and the
 * type to hash by is the one the query wrote.  The call does not always
 * say it plainly.  bloom_agg has an overload on each type with a hash of
 * its own, for Citus, so a value of another type reaches one of them
 * through an implicit cast (citext to text); a window aggregate passes its
 * transition function no Aggref; Citus's worker_partial_agg calls a
 * transition function itself, under an Aggref of its own aggregate and
 * with no expression for its arguments.  bloom_call_value_type undoes all
 * three.
 *
 * An aggregate's final function gets its state and not the call's
 * arguments: over no rows, where no transition ran, bloom_agg(value,
 * capacity, fpr) must still give the filter of that size, of the kind of
 * the values' type (in Parquet mode, of their declared precision and
 * scale).  bloom_final_aggref finds the call that holds those arguments,
 * through the plan of a parallel or partitionwise final step, and
 * bloom_final_arg evaluates one that does not depend on the rows.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_aggcall.c
 *
 *-------------------------------------------------------------------------
 */
#include "bloom_aggcall.h"

#include "access/htup_details.h"
#include "catalog/pg_aggregate.h"
#include "catalog/pg_type.h"
#include "executor/executor.h"
#include "nodes/nodeFuncs.h"
#include "optimizer/clauses.h"
#include "optimizer/optimizer.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"
#include "utils/syscache.h"

/*
 * The type of argument argno as the function's pg_proc entry declares it,
 * or InvalidOid if that is polymorphic.  For callers that pass no
 * expression (fn_expr), such as Citus's worker_partial_agg, which calls an
 * aggregate's transition function itself: the concrete overloads of
 * bloom_agg have transition functions declared on their value's type.
 */
static Oid
declared_arg_type(FunctionCallInfo fcinfo, int argno)
{
	Oid		   *argtypes;
	int			nargs;
	Oid			typid = InvalidOid;

	if (!OidIsValid(fcinfo->flinfo->fn_oid))
		return InvalidOid;
	get_func_signature(fcinfo->flinfo->fn_oid, &argtypes, &nargs);
	if (argno < nargs && !IsPolymorphicType(argtypes[argno]))
		typid = argtypes[argno];
	pfree(argtypes);
	return typid;
}

/* The transition function of an aggregate, or InvalidOid */
static Oid
aggregate_transfn(Oid aggfnoid)
{
	HeapTuple	tuple = SearchSysCache1(AGGFNOID, ObjectIdGetDatum(aggfnoid));
	Oid			transfn;

	if (!HeapTupleIsValid(tuple))
		return InvalidOid;
	transfn = ((Form_pg_aggregate) GETSTRUCT(tuple))->aggtransfn;
	ReleaseSysCache(tuple);
	return transfn;
}

/*
 * The type of an aggregate's argument expression as the query wrote it,
 * without the implicit binary-coercible cast to a concrete overload's type
 * (aggregate_value_type says why)
 */
static Oid
written_type(Node *expr)
{
	while (IsA(expr, RelabelType) &&
		   ((RelabelType *) expr)->relabelformat == COERCE_IMPLICIT_CAST)
		expr = (Node *) ((RelabelType *) expr)->arg;
	return exprType(expr);
}

/*
 * The type of argument i (from 0) of an aggregate call as the query wrote
 * it (written_type)
 */
Oid
bloom_aggref_value_type(const Aggref *aggref, int i)
{
	return written_type((Node *) list_nth_node(TargetEntry, aggref->args, i)->expr);
}

/*
 * The type modifier argument i (from 0) of an aggregate call is declared
 * with (numeric's precision and scale), through the implicit casts to the
 * overload's type and down to a domain's base type; -1 if it has none
 */
int32
bloom_aggref_typmod(const Aggref *aggref, int i)
{
	Node	   *expr = (Node *) list_nth_node(TargetEntry, aggref->args, i)->expr;
	int32		typmod = exprTypmod(expr);

	while (typmod < 0 && IsA(expr, RelabelType) &&
		   ((RelabelType *) expr)->relabelformat == COERCE_IMPLICIT_CAST)
	{
		expr = (Node *) ((RelabelType *) expr)->arg;
		typmod = exprTypmod(expr);
	}
	if (typmod < 0)
		(void) getBaseTypeAndTypmod(exprType(expr), &typmod);
	return typmod;
}

/* The kind of the values of type typid under collation (a throwaway hasher) */
static uint32
kind_of_type(Oid typid, Oid collation)
{
	BloomHasher hasher;

	bloom_hasher_init(&hasher, typid, collation, CurrentMemoryContext);
	return hasher.kind;
}

/*
 * The type of a window aggregate's value argument argno (counting the
 * state as 0) as the query wrote it, or InvalidOid outside a WindowAgg,
 * which passes its transition functions no Aggref.  The window functions
 * it computes that are aggregates on this transition function, under this
 * call's collation, are the candidates; nothing in the call tells them
 * apart, so candidates whose written types are of different kinds
 * (bloom_agg(c) and bloom_agg(c::text) over a citext c, in one window)
 * leave the type unknown, and are refused.
 */
static Oid
window_value_type(FunctionCallInfo fcinfo, int argno)
{
	WindowAggState *winstate;
	ListCell   *lc;
	Oid			typid = InvalidOid;

	if (fcinfo->context == NULL || !IsA(fcinfo->context, WindowAggState))
		return InvalidOid;
	winstate = (WindowAggState *) fcinfo->context;
	foreach(lc, winstate->funcs)
	{
		WindowFunc *wfunc = ((WindowFuncExprState *) lfirst(lc))->wfunc;
		Oid			written;

		if (!wfunc->winagg || argno < 1 || argno > list_length(wfunc->args) ||
			wfunc->inputcollid != PG_GET_COLLATION() ||
			aggregate_transfn(wfunc->winfnoid) != fcinfo->flinfo->fn_oid)
			continue;
		written = written_type(list_nth(wfunc->args, argno - 1));
		if (OidIsValid(typid) && written != typid &&
			kind_of_type(written, PG_GET_COLLATION()) !=
			kind_of_type(typid, PG_GET_COLLATION()))
			ereport(ERROR,
					(errcode(ERRCODE_INDETERMINATE_DATATYPE),
					 errmsg("could not determine the type of the values of a window bloom_agg"),
					 errdetail("One window aggregates values of types %s and %s, which reach the same transition function alike.",
							   format_type_be(typid), format_type_be(written)),
					 errhint("Cast the values to one type, or aggregate them over different windows.")));
		typid = written;
	}
	return typid;
}

/*
 * The aggregate call of a transition function's call, if it describes
 * this function's arguments; NULL outside an aggregate.  The Aggref may be
 * another aggregate's that calls this function itself (Citus's
 * worker_partial_agg, whose first argument is the aggregate's oid): only
 * this function's own aggregate describes its arguments.
 */
static const Aggref *
own_aggref(FunctionCallInfo fcinfo)
{
	const Aggref *aggref = AggGetAggref(fcinfo);

	if (aggref == NULL ||
		aggregate_transfn(aggref->aggfnoid) != fcinfo->flinfo->fn_oid)
		return NULL;
	return aggref;
}

/*
 * The type of an aggregate's value argument argno (counting the state as
 * 0) as the query wrote it, or InvalidOid outside an aggregate.  The
 * concrete overloads of bloom_agg take, say, text, so a citext column
 * reaches bloom_agg(text) through an implicit binary-coercible cast: the
 * bytes are the column's own, and so must be the equality they are hashed
 * by, as bloom_agg(anycompatible) hashed them in 1.0.  An explicit cast
 * (c::text) is the user's choice and is kept.  A window aggregate's is
 * found from its WindowAgg (window_value_type).
 */
static Oid
aggregate_value_type(FunctionCallInfo fcinfo, int argno)
{
	const Aggref *aggref;

	if (AggGetAggref(fcinfo) == NULL)
		return window_value_type(fcinfo, argno);
	aggref = own_aggref(fcinfo);
	if (aggref == NULL || argno < 1 || argno > list_length(aggref->args))
		return InvalidOid;
	return bloom_aggref_value_type(aggref, argno - 1);
}

/*
 * The type of value argument argno of a call as the query wrote it: an
 * aggregate's (aggregate_value_type), else the call's expression's, else
 * the function's declared type (declared_arg_type); an error if none
 * says.
 */
Oid
bloom_call_value_type(FunctionCallInfo fcinfo, int argno)
{
	Oid			typid = aggregate_value_type(fcinfo, argno);

	if (!OidIsValid(typid))
		typid = get_fn_expr_argtype(fcinfo->flinfo, argno);
	if (!OidIsValid(typid))
		typid = declared_arg_type(fcinfo, argno);
	if (!OidIsValid(typid))
		ereport(ERROR,
				(errcode(ERRCODE_INDETERMINATE_DATATYPE),
				 errmsg("could not determine the type of the value"),
				 errdetail("The caller passed no expression to read it from, and the function is declared on a polymorphic type.")));
	return typid;
}

/*
 * The type modifier that value argument argno (counting the state as 0)
 * of a transition function's call is declared with in its own aggregate
 * call (bloom_aggref_typmod), or -1 where none says (a window aggregate,
 * Citus's worker call)
 */
int32
bloom_call_value_typmod(FunctionCallInfo fcinfo, int argno)
{
	const Aggref *aggref = own_aggref(fcinfo);

	if (aggref == NULL || argno < 1 || argno > list_length(aggref->args))
		return -1;
	return bloom_aggref_typmod(aggref, argno - 1);
}

/*
 * The C function of an aggregate call's transition function, or NULL if
 * it has none
 */
PGFunction
bloom_aggref_transition(const Aggref *aggref)
{
	Oid			transfn = aggregate_transfn(aggref->aggfnoid);
	FmgrInfo	finfo;

	if (!OidIsValid(transfn))
		return NULL;
	fmgr_info(transfn, &finfo);
	return finfo.fn_addr;
}

/*
 * The aggregate call that holds the arguments of a final function's call:
 * its own (AggGetAggref), or, in the final step of a parallel or
 * partitionwise plan, its partial step's; NULL outside an aggregate (a
 * window aggregate's final function among them), or where it cannot be
 * found.
 *
 * Why this walks the plan: the planner gives the partial step the
 * arguments and the final step only a Var that reads the partial step's
 * output (OUTER_VAR, from setrefs.c); over no rows every partial step
 * returns a NULL state, which carries nothing up; and a state of type
 * bloom has no initcond that could hold a size or a type.  So the Var is
 * followed down through the nodes that pass their input's columns on
 * (Gather, Sort; Append and MergeAppend, whose inputs all aggregate the
 * same call, by their first).  A simpler rule, no walk and a documented
 * COALESCE(bloom_agg(v, n, p), bloom_create(n, p)), would not serve as
 * well: the final step would give bloom_agg(v)'s empty filter, not NULL,
 * so the COALESCE would mend nothing unless the serial plan's answer
 * changed too; and the plan is parallel under the default settings
 * wherever the planner expects rows from a large table.
 */
const Aggref *
bloom_final_aggref(FunctionCallInfo fcinfo)
{
	const Aggref *aggref = AggGetAggref(fcinfo);
	const Plan *plan;
	Node	   *expr;

	if (aggref == NULL || !DO_AGGSPLIT_COMBINE(aggref->aggsplit))
		return aggref;
	plan = castNode(AggState, fcinfo->context)->ss.ps.plan;
	expr = (Node *) linitial_node(TargetEntry, aggref->args)->expr;
	while (IsA(expr, Var) && ((Var *) expr)->varno == OUTER_VAR)
	{
		AttrNumber	attno = ((Var *) expr)->varattno;
		List	   *inputs = IsA(plan, Append) ? ((const Append *) plan)->appendplans :
			IsA(plan, MergeAppend) ? ((const MergeAppend *) plan)->mergeplans :
			list_make1(outerPlan(plan));

		plan = inputs != NIL ? linitial(inputs) : NULL;
		if (plan == NULL || attno < 1 || attno > list_length(plan->targetlist))
			return NULL;
		expr = (Node *) list_nth_node(TargetEntry, plan->targetlist, attno - 1)->expr;
	}
	if (!IsA(expr, Aggref) || ((Aggref *) expr)->aggfnoid != aggref->aggfnoid)
		return NULL;
	return (const Aggref *) expr;
}

/*
 * Evaluate argument i (from 0) of an aggregate call (bloom_final_aggref's)
 * in a final function's call, as nodeAgg.c evaluates an ordered-set
 * aggregate's direct arguments, if it does not depend on the aggregated
 * rows: constants, parameters (outer columns among them) and expressions
 * of them that are not volatile.  false if it does.
 */
bool
bloom_final_arg(FunctionCallInfo fcinfo, const Aggref *aggref, int i,
				Datum *value, bool *isnull)
{
	AggState   *aggstate = castNode(AggState, fcinfo->context);
	Node	   *expr = (Node *) list_nth_node(TargetEntry, aggref->args, i)->expr;
	ExprState  *exprstate;

	if (contain_var_clause(expr) || contain_volatile_functions(expr) ||
		contain_subplans(expr))
		return false;
	exprstate = ExecInitExpr((Expr *) expr, &aggstate->ss.ps);
	*value = ExecEvalExprSwitchContext(exprstate,
									   aggstate->ss.ps.ps_ExprContext, isnull);
	return true;
}
