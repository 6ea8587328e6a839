/*-------------------------------------------------------------------------
 *
 * bloom_bank_handler.c
 *	  The bloombank access method's handler, its options, the check of its
 *	  operator classes, and the opening of an index that SQL functions
 *	  name.
 *
 * bloombank indexes one column of filters.  It answers bitmap scans only
 * (amgetbitmap): a flush may leave a row both in the pending list and in
 * a group for a moment, which a bitmap holds once and a scan returning
 * rows one by one would return twice.  It keeps no NULL (no test of a
 * NULL filter holds), so it needs a condition to scan (amoptionalkey
 * false), as hash indexes do.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_bank_handler.c
 *
 *-------------------------------------------------------------------------
 */
#include "bloom_bank.h"

#include "access/amvalidate.h"
#include "access/htup_details.h"
#include "access/reloptions.h"
#include "access/table.h"
#include "catalog/index.h"
#include "catalog/pg_amop.h"
#include "catalog/pg_amproc.h"
#include "catalog/pg_opclass.h"
#include "catalog/pg_type.h"
#include "commands/vacuum.h"
#include "miscadmin.h"
#include "utils/acl.h"
#include "utils/catcache.h"
#include "utils/lsyscache.h"
#include "utils/rel.h"
#include "utils/regproc.h"
#include "utils/syscache.h"

/* The kind of the index's reloptions, defined when the module loads */
static relopt_kind bank_relopt_kind;

/* Define the reloptions of bloombank indexes (the module's _PG_init) */
void
bloom_bank_define_options(void)
{
	bank_relopt_kind = add_reloption_kind();
	add_int_reloption(bank_relopt_kind, "pending_limit",
					  "Rows the pending list holds before an insert flushes it into groups",
					  BANK_PENDING_LIMIT_DEFAULT, 1, INT_MAX, ShareUpdateExclusiveLock);
}

/* amoptions: parse an index's reloptions */
static bytea *
bank_options(Datum reloptions, bool validate)
{
	static const relopt_parse_elt table[] = {
		{"pending_limit", RELOPT_TYPE_INT, offsetof(BankOptions, pending_limit)}
	};

	return (bytea *) build_reloptions(reloptions, validate, bank_relopt_kind,
									  sizeof(BankOptions), table,
									  lengthof(table));
}

/* The rows an index's pending list holds before an insert flushes it */
int
bloom_bank_pending_limit(Relation index)
{
	BankOptions *options = (BankOptions *) index->rd_options;

	return options != NULL ? options->pending_limit : BANK_PENDING_LIMIT_DEFAULT;
}

/*
 * amvalidate: an operator family of bloombank holds the one operator
 * filter @> key (strategy 1, bloom on the left, a boolean result) and no
 * support function
 */
static bool
bank_validate(Oid opclassoid)
{
	HeapTuple	classtup = SearchSysCache1(CLAOID, ObjectIdGetDatum(opclassoid));
	Form_pg_opclass classform;
	CatCList   *operators;
	CatCList   *procs;
	bool		valid = true;

	if (!HeapTupleIsValid(classtup))
		elog(ERROR, "cache lookup failed for operator class %u", opclassoid);
	classform = (Form_pg_opclass) GETSTRUCT(classtup);
	operators = SearchSysCacheList1(AMOPSTRATEGY,
									ObjectIdGetDatum(classform->opcfamily));
	procs = SearchSysCacheList1(AMPROCNUM, ObjectIdGetDatum(classform->opcfamily));
	for (int i = 0; i < operators->n_members; i++)
	{
		Form_pg_amop op = (Form_pg_amop) GETSTRUCT(&operators->members[i]->tuple);

		if (op->amopstrategy != BANK_CONTAINS_STRATEGY ||
			op->amoppurpose != AMOP_SEARCH ||
			op->amoplefttype != classform->opcintype ||
			!check_amop_signature(op->amopopr, BOOLOID, op->amoplefttype,
								  op->amoprighttype))
		{
			ereport(INFO,
					(errcode(ERRCODE_INVALID_OBJECT_DEFINITION),
					 errmsg("operator family of access method bloombank contains operator %s, which is not filter @> key of strategy 1",
							format_operator(op->amopopr))));
			valid = false;
		}
	}
	if (procs->n_members > 0)
	{
		ereport(INFO,
				(errcode(ERRCODE_INVALID_OBJECT_DEFINITION),
				 errmsg("operator family of access method bloombank contains support functions, which it does not use")));
		valid = false;
	}
	if (operators->n_members == 0)
	{
		ereport(INFO,
				(errcode(ERRCODE_INVALID_OBJECT_DEFINITION),
				 errmsg("operator class \"%s\" of access method bloombank has no operator",
						NameStr(classform->opcname))));
		valid = false;
	}
	ReleaseCatCacheList(procs);
	ReleaseCatCacheList(operators);
	ReleaseSysCache(classtup);
	return valid;
}

/*
 * bloombank_handler(internal): the access method's routines and
 * properties (see the file header)
 */
PG_FUNCTION_INFO_V1(bloomfilter_bank_handler);
Datum
bloomfilter_bank_handler(PG_FUNCTION_ARGS)
{
	IndexAmRoutine *routine = makeNode(IndexAmRoutine);

	routine->amstrategies = BANK_CONTAINS_STRATEGY;
	routine->amsupport = 0;
	routine->amoptsprocnum = 0;
	routine->amcanorder = false;
	routine->amcanorderbyop = false;
	routine->amcanbackward = false;
	routine->amcanunique = false;
	routine->amcanmulticol = false;
	routine->amoptionalkey = false;
	routine->amsearcharray = false;
	routine->amsearchnulls = false;
	routine->amstorage = false;
	routine->amclusterable = false;
	routine->ampredlocks = false;
	routine->amcanparallel = false;
	routine->amcaninclude = false;
	routine->amusemaintenanceworkmem = false;
	routine->amparallelvacuumoptions = VACUUM_OPTION_NO_PARALLEL;
	routine->amkeytype = InvalidOid;

	routine->ambuild = bloom_bank_build;
	routine->ambuildempty = bloom_bank_build_empty;
	routine->aminsert = bloom_bank_insert;
	routine->ambulkdelete = bloom_bank_bulk_delete;
	routine->amvacuumcleanup = bloom_bank_vacuum_cleanup;
	routine->amcanreturn = NULL;
	routine->amcostestimate = bloom_bank_cost_estimate;
	routine->amoptions = bank_options;
	routine->amproperty = NULL;
	routine->ambuildphasename = NULL;
	routine->amvalidate = bank_validate;
	routine->amadjustmembers = NULL;
	routine->ambeginscan = bloom_bank_begin_scan;
	routine->amrescan = bloom_bank_rescan;
	routine->amgettuple = NULL;
	routine->amgetbitmap = bloom_bank_get_bitmap;
	routine->amendscan = bloom_bank_end_scan;
	routine->ammarkpos = NULL;
	routine->amrestrpos = NULL;
	routine->amestimateparallelscan = NULL;
	routine->aminitparallelscan = NULL;
	routine->amparallelrescan = NULL;

	PG_RETURN_POINTER(routine);
}

/* Whether an open index is a bloombank index (or a partitioned one) */
bool
bloom_bank_is_index(Relation index)
{
	return (index->rd_rel->relkind == RELKIND_INDEX ||
			index->rd_rel->relkind == RELKIND_PARTITIONED_INDEX) &&
		index->rd_indam != NULL && index->rd_indam->ambuild == bloom_bank_build;
}

/*
 * Open the bloombank index indexoid, and its table (*heap), each with
 * lockmode, for a SQL function that the index's owner (the table's) may
 * call, as VACUUM: the table first, as every path locks them
 */
Relation
bloom_bank_open(Oid indexoid, LOCKMODE lockmode, Relation *heap)
{
	Oid			heapoid = IndexGetRelation(indexoid, true);
	Relation	index;

	if (!OidIsValid(heapoid))
		ereport(ERROR,
				(errcode(ERRCODE_WRONG_OBJECT_TYPE),
				 errmsg("\"%s\" is not an index", get_rel_name(indexoid) ?
						get_rel_name(indexoid) : "?")));
	*heap = table_open(heapoid, lockmode);
	index = index_open(indexoid, lockmode);
	if (!bloom_bank_is_index(index))
		ereport(ERROR,
				(errcode(ERRCODE_WRONG_OBJECT_TYPE),
				 errmsg("\"%s\" is not a bloombank index",
						RelationGetRelationName(index))));
	if (index->rd_rel->relkind == RELKIND_PARTITIONED_INDEX)
		ereport(ERROR,
				(errcode(ERRCODE_WRONG_OBJECT_TYPE),
				 errmsg("\"%s\" is a partitioned index, which holds no rows",
						RelationGetRelationName(index)),
				 errhint("Name the index of each partition.")));
	if (RELATION_IS_OTHER_TEMP(index))
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("cannot access temporary indexes of other sessions")));
	if (!bloom_owns_relation(heapoid))
		aclcheck_error(ACLCHECK_NOT_OWNER, OBJECT_TABLE,
					   RelationGetRelationName(*heap));
	return index;
}
