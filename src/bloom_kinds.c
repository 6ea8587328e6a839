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
#include "catalog/pg_type.h"
#include "utils/builtins.h"
#include "utils/syscache.h"

#include "bf_hash.h"

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

/*
 * The kind of the values of a type without a fast path: a hash of the
 * type's name without schema, so that it survives a dump and restore.
 */
uint32
bloom_other_kind(Oid typid)
{
	HeapTuple	tuple = SearchSysCache1(TYPEOID, ObjectIdGetDatum(typid));
	uint32		kind;

	if (!HeapTupleIsValid(tuple))
		elog(ERROR, "cache lookup failed for type %u", typid);
	kind = kind_of_name(NameStr(((Form_pg_type) GETSTRUCT(tuple))->typname));
	ReleaseSysCache(tuple);
	return kind;
}

/*
 * Name of the type whose name hashes to an "other" kind, found by scanning
 * pg_type; NULL if no type has it (the type was dropped or renamed).
 */
static const char *
other_kind_type(uint32 kind)
{
	Relation	rel = table_open(TypeRelationId, AccessShareLock);
	SysScanDesc scan = systable_beginscan(rel, InvalidOid, false, NULL, 0, NULL);
	HeapTuple	tuple;
	const char *name = NULL;

	while ((tuple = systable_getnext(scan)) != NULL)
	{
		Form_pg_type type = (Form_pg_type) GETSTRUCT(tuple);

		if (kind_of_name(NameStr(type->typname)) == kind)
		{
			name = format_type_be(type->oid);
			break;
		}
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
	for (int i = 0; i < lengthof(kind_rows); i++)
	{
		if (kind_rows[i].kind == kind)
			return kind_rows[i].name;
	}
	if ((kind & BLOOM_KIND_OTHER_BIT) && (name = other_kind_type(kind)) != NULL)
		return name;
	return psprintf("unknown (kind %08x)", kind);
}
