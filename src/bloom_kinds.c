/*-------------------------------------------------------------------------
 *
 * bloom_kinds.c
 *	  The kinds table: for each type with a fast path, its hash method,
 *	  its kind and the kind's name; and the kinds of all other types.
 *
 * Adding a type with a fast path is one row here (and, if it needs a new
 * canonical form, one method in bloom_hasher.c).
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_kinds.c
 *
 *-------------------------------------------------------------------------
 */
#include "bloom_kinds.h"

#include "access/genam.h"
#include "access/htup_details.h"
#include "access/table.h"
#include "catalog/pg_collation.h"
#include "catalog/pg_type.h"
#include "utils/lsyscache.h"
#include "utils/builtins.h"
#include "utils/syscache.h"

#include "bf_hash.h"
#include "bf_parquet.h"

/* Types hashed by a fast path, a kind's first row naming it */
static const BloomKindRow kind_rows[] = {
	{TEXTOID, BLOOM_HASH_TEXT, BLOOM_KIND_TEXT, "text"},
	{VARCHAROID, BLOOM_HASH_TEXT, BLOOM_KIND_TEXT, "text"},
	{BPCHAROID, BLOOM_HASH_BPCHAR, BLOOM_KIND_TEXT, "text"},
	{NAMEOID, BLOOM_HASH_NAME, BLOOM_KIND_TEXT, "text"},
	{INT2OID, BLOOM_HASH_INT2, BLOOM_KIND_INTEGER, "integer"},
	{INT4OID, BLOOM_HASH_INT4, BLOOM_KIND_INTEGER, "integer"},
	{INT8OID, BLOOM_HASH_INT8, BLOOM_KIND_INTEGER, "integer"},
	{FLOAT4OID, BLOOM_HASH_FLOAT4, BLOOM_KIND_FLOAT, "floating-point"},
	{FLOAT8OID, BLOOM_HASH_FLOAT8, BLOOM_KIND_FLOAT, "floating-point"},
	{NUMERICOID, BLOOM_HASH_NUMERIC, BLOOM_KIND_NUMERIC, "numeric"},
	{UUIDOID, BLOOM_HASH_UUID, BLOOM_KIND_UUID, "uuid"},
	{BYTEAOID, BLOOM_HASH_BYTEA, BLOOM_KIND_BYTEA, "bytea"},
	{DATEOID, BLOOM_HASH_DATE, BLOOM_KIND_DATE, "date"},
	{TIMESTAMPOID, BLOOM_HASH_TIMESTAMP, BLOOM_KIND_TIMESTAMP, "timestamp"},
	{TIMESTAMPTZOID, BLOOM_HASH_TIMESTAMP, BLOOM_KIND_TIMESTAMPTZ, "timestamptz"},
	{INETOID, BLOOM_HASH_INET, BLOOM_KIND_INET, "inet"},
	{CIDROID, BLOOM_HASH_INET, BLOOM_KIND_INET, "inet"},
	{BOOLOID, BLOOM_HASH_BOOL, BLOOM_KIND_BOOL, "boolean"},
};

/* The row of a type with a fast path, or NULL */
const BloomKindRow *
bloom_kind_row(Oid typid)
{
	for (int i = 0; i < lengthof(kind_rows); i++)
	{
		if (kind_rows[i].typid == typid)
			return &kind_rows[i];
	}
	return NULL;
}

/* The kind of a type without a fast path, from its name */
static uint32
kind_of_name(const char *typname)
{
	return BLOOM_KIND_OTHER_BIT |
		(uint32) (bf_hash_bytes(typname, strlen(typname)) & 0x7FFFFFFF);
}

/* The name of a type, without schema, in a new palloc'd string */
static char *
type_name(Oid typid)
{
	HeapTuple	tuple = SearchSysCache1(TYPEOID, ObjectIdGetDatum(typid));
	char	   *name;

	if (!HeapTupleIsValid(tuple))
		elog(ERROR, "cache lookup failed for type %u", typid);
	name = pstrdup(NameStr(((Form_pg_type) GETSTRUCT(tuple))->typname));
	ReleaseSysCache(tuple);
	return name;
}

/*
 * The kind of the values of a type without a fast path: a hash of the
 * type's name without schema, so that it survives a dump and restore;
 * under a nondeterministic collation (an array of text, say), that of
 * bloom_collated_kind.
 */
uint32
bloom_other_kind(Oid typid, Oid collation)
{
	char	   *name = type_name(typid);
	uint32		kind;

	if (OidIsValid(collation) && !get_collation_isdeterministic(collation))
		kind = bloom_collated_kind(name, collation);
	else
		kind = kind_of_name(name);
	pfree(name);
	return kind;
}

/*
 * The kind of values hashed under a nondeterministic collation: that of
 * "<kind_name> COLLATE <collation>", kind_name being the kind's name (text)
 * or the type's (an array of text); the collation without its schema, as
 * types are named.
 */
uint32
bloom_collated_kind(const char *kind_name, Oid collation)
{
	char	   *name = psprintf("%s COLLATE %s", kind_name,
								get_collation_name(collation));
	uint32		kind = kind_of_name(name);

	pfree(name);
	return kind;
}

/* The names of the nondeterministic collations, from pg_collation */
static List *
nondeterministic_collations(void)
{
	Relation	rel = table_open(CollationRelationId, AccessShareLock);
	SysScanDesc scan = systable_beginscan(rel, InvalidOid, false, NULL, 0, NULL);
	HeapTuple	tuple;
	List	   *names = NIL;

	while ((tuple = systable_getnext(scan)) != NULL)
	{
		Form_pg_collation coll = (Form_pg_collation) GETSTRUCT(tuple);

		if (!coll->collisdeterministic)
			names = lappend(names, pstrdup(NameStr(coll->collname)));
	}
	systable_endscan(scan);
	table_close(rel, AccessShareLock);
	return names;
}

/*
 * Whether name (that of type typid, or of a kind if InvalidOid), or name
 * under one of the nondeterministic collations, hashes to kind; *display
 * receives how to show it
 */
static bool
names_kind(uint32 kind, const char *name, Oid typid, List *collations,
		   const char **display)
{
	const char *shown = OidIsValid(typid) ? NULL : name;
	ListCell   *lc;

	if (kind_of_name(name) == kind)
	{
		*display = shown != NULL ? shown : format_type_be(typid);
		return true;
	}
	foreach(lc, collations)
	{
		const char *coll = lfirst(lc);
		char	   *collated = psprintf("%s COLLATE %s", name, coll);
		bool		found = kind_of_name(collated) == kind;

		pfree(collated);
		if (found)
		{
			*display = psprintf("%s COLLATE %s",
								shown != NULL ? shown : format_type_be(typid),
								quote_identifier(coll));
			return true;
		}
	}
	return false;
}

/*
 * Name of what an "other" kind stands for, found by scanning pg_type (and
 * the nondeterministic collations, for collated kinds); NULL if nothing
 * has it (the type or collation was dropped or renamed).
 */
const char *
bloom_other_kind_owner(uint32 kind)
{
	List	   *collations = nondeterministic_collations();
	Relation	rel;
	SysScanDesc scan;
	HeapTuple	tuple;
	const char *name = NULL;

	if (collations != NIL && names_kind(kind, "text", InvalidOid, collations, &name))
		return name;
	rel = table_open(TypeRelationId, AccessShareLock);
	scan = systable_beginscan(rel, InvalidOid, false, NULL, 0, NULL);
	while ((tuple = systable_getnext(scan)) != NULL)
	{
		Form_pg_type type = (Form_pg_type) GETSTRUCT(tuple);

		if (names_kind(kind, NameStr(type->typname), type->oid, collations,
					   &name))
			break;
	}
	systable_endscan(scan);
	table_close(rel, AccessShareLock);
	return name;
}

/* Human-readable name of a kind of value, for messages and bloom_info */
const char *
bloom_kind_name(uint32 kind)
{
	const char *name;

	if (kind == BLOOM_KIND_NONE)
		return "no";
	if (kind == BLOOM_KIND_TEXT_BLANKS)
		return "text (made by bloomfilter 1.0)";
	if (bf_kind_is_parquet(kind))
		return bloom_parquet_kind_name(kind);
	for (int i = 0; i < lengthof(kind_rows); i++)
	{
		if (kind_rows[i].kind == kind)
			return kind_rows[i].name;
	}
	if ((kind & BLOOM_KIND_OTHER_BIT) && (name = bloom_other_kind_owner(kind)) != NULL)
		return name;
	return psprintf("unknown (kind %08x)", kind);
}

/*
 * Name of a kind of Parquet mode (bf_parquet.h): the Parquet type of its
 * values, physical and, where it changes the bytes, logical
 */
const char *
bloom_parquet_kind_name(uint32 kind)
{
	switch (kind)
	{
		case BF_KIND_PQ_INT32:
			return "Parquet INT32";
		case BF_KIND_PQ_INT64:
			return "Parquet INT64";
		case BF_KIND_PQ_FLOAT:
			return "Parquet FLOAT";
		case BF_KIND_PQ_DOUBLE:
			return "Parquet DOUBLE";
		case BF_KIND_PQ_STRING:
			return "Parquet BYTE_ARRAY (STRING)";
		case BF_KIND_PQ_BINARY:
			return "Parquet BYTE_ARRAY";
		case BF_KIND_PQ_UUID:
			return "Parquet FIXED_LEN_BYTE_ARRAY (UUID)";
		case BF_KIND_PQ_DATE:
			return "Parquet INT32 (DATE)";
		case BF_KIND_PQ_TIMESTAMP:
			return "Parquet INT64 (TIMESTAMP, MICROS, local)";
		case BF_KIND_PQ_TIMESTAMPTZ:
			return "Parquet INT64 (TIMESTAMP, MICROS, UTC)";
	}
	return psprintf("Parquet %s (DECIMAL, scale %u)",
					(kind & ~0xFFU) == BF_KIND_PQ_DECIMAL32 ? "INT32" : "INT64",
					kind & 0xFF);
}
