/*-------------------------------------------------------------------------
 *
 * bloom_kinds.c
 *	  The kinds table: for each type with a fast path, its hash method,
 *	  its kind and the kind's name; and the kinds of all other types.
 *
 * Adding a type with a fast path is one row here (and, if it needs a new
 * canonical form, one method in bloom_hasher.c).  The names of the other
 * kinds are found by scanning the catalogs, and kept until a type, a
 * collation or an attribute changes.
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
#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/inval.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"
#include "utils/ruleutils.h"
#include "utils/syscache.h"
#include "utils/typcache.h"

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

/*
 * Refuse a type argument (a regtype) that names no type: 0::oid::regtype,
 * or the OID of a type dropped since; a user's error (42704), where the
 * lookups that follow would fail as a server's ("cache lookup failed")
 */
void
bloom_check_type_exists(Oid typid)
{
	if (!SearchSysCacheExists1(TYPEOID, ObjectIdGetDatum(typid)))
		ereport(ERROR,
				(errcode(ERRCODE_UNDEFINED_OBJECT),
				 errmsg("type with OID %u does not exist", typid)));
}

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

/*
 * Types whose values are object identifiers shown as names: a restore
 * gives the objects new identifiers, a rename gives them new names, and
 * neither hash survives both
 */
static const Oid identifier_types[] = {
	REGPROCOID, REGPROCEDUREOID, REGOPEROID, REGOPERATOROID, REGCLASSOID,
	REGTYPEOID, REGROLEOID, REGNAMESPACEOID, REGCONFIGOID, REGDICTIONARYOID,
	REGCOLLATIONOID, ACLITEMOID,
};

/*
 * What the values of a type hold (BloomHolds), looking through domains,
 * arrays, the attributes of composites and the subtypes of ranges and
 * multiranges; *identifier_type, if not NULL, receives the type of
 * identifiers found.
 */
BloomHolds
bloom_type_holds(Oid typid, Oid *identifier_type)
{
	Oid			base = getBaseType(typid);
	char		typtype = get_typtype(base);
	BloomHolds	holds = BLOOM_HOLDS_VALUES;
	TupleDesc	tupdesc;

	check_stack_depth();
	for (int i = 0; i < lengthof(identifier_types); i++)
	{
		if (identifier_types[i] == base)
		{
			if (identifier_type != NULL)
				*identifier_type = base;
			return BLOOM_HOLDS_IDENTIFIERS;
		}
	}
	if (typtype == TYPTYPE_ENUM)
		return BLOOM_HOLDS_ENUMS;
	if (typtype == TYPTYPE_RANGE)
		return bloom_type_holds(get_range_subtype(base), identifier_type);
	if (typtype == TYPTYPE_MULTIRANGE)
		return bloom_type_holds(get_multirange_range(base), identifier_type);
	if (OidIsValid(get_element_type(base)))
		return bloom_type_holds(get_element_type(base), identifier_type);
	if (typtype != TYPTYPE_COMPOSITE)
		return BLOOM_HOLDS_VALUES;

	tupdesc = lookup_rowtype_tupdesc(base, -1);
	for (int i = 0; i < tupdesc->natts && holds != BLOOM_HOLDS_IDENTIFIERS; i++)
	{
		Form_pg_attribute att = TupleDescAttr(tupdesc, i);

		if (!att->attisdropped)
			holds = Max(holds, bloom_type_holds(att->atttypid, identifier_type));
	}
	ReleaseTupleDesc(tupdesc);
	return holds;
}

/*
 * Whether values of a type (a base type) are hashed by value: those that
 * hold enums, but for an enum itself, whose label is its value already
 */
static bool
hashed_by_value(Oid typid)
{
	return get_typtype(typid) != TYPTYPE_ENUM &&
		bloom_type_holds(typid, NULL) == BLOOM_HOLDS_ENUMS;
}

/* The kind of a type without a fast path, from its name */
static uint32
kind_of_name(const char *typname)
{
	return BLOOM_KIND_OTHER_BIT |
		(uint32) (bf_hash_bytes(typname, strlen(typname)) & 0x7FFFFFFF);
}

/* The kind of a type hashed by value (hashed_by_value), from its name */
static uint32
kind_of_value_name(const char *typname)
{
	return BLOOM_KIND_VALUE_BIT |
		(uint32) (bf_hash_bytes(typname, strlen(typname)) & 0x3FFFFFFF);
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
 * The kind of the values of a type (a base type) without a fast path: a
 * hash of the type's name without schema, so that it survives a dump and
 * restore, of the family of types hashed by value if it is one of them;
 * under a nondeterministic collation (an array of text, say), that of
 * bloom_collated_kind.  (A type that holds enums is not collatable, so
 * the two never meet.)
 */
uint32
bloom_other_kind(Oid typid, Oid collation)
{
	char	   *name = type_name(typid);
	uint32		kind;

	if (hashed_by_value(typid))
		kind = kind_of_value_name(name);
	else if (OidIsValid(collation) && !get_collation_isdeterministic(collation))
		kind = bloom_collated_kind(name, collation);
	else
		kind = kind_of_name(name);
	pfree(name);
	return kind;
}

/*
 * The version of a collation's data as its provider reports it now, or
 * NULL if it reports none: pg_collation_actual_version(), called as SQL
 * would, which (unlike the C function behind it, declared in
 * utils/pg_locale.h) needs no ICU header to build against.
 */
static char *
collation_version(Oid collation)
{
	LOCAL_FCINFO(fcinfo, 1);
	Datum		version;

	InitFunctionCallInfoData(*fcinfo, NULL, 1, InvalidOid, NULL, NULL);
	fcinfo->args[0].value = ObjectIdGetDatum(collation);
	fcinfo->args[0].isnull = false;
	version = pg_collation_actual_version(fcinfo);
	return fcinfo->isnull ? NULL : TextDatumGetCString(version);
}

/*
 * What decides equality under a collation, in a form that a dump and
 * restore keeps: its provider, its locale, its ICU tailoring rules (16
 * and later) and the version of its provider's collation data as the
 * library reports it now, each quoted; a palloc'd string.  The version is
 * there because a collation's hash of text (of its sort key) may change
 * with it: filters hashed under other collation data then hold a kind no
 * collation has, and are refused, rather than miss their members.
 */
static char *
collation_identity(Oid collation)
{
	HeapTuple	tuple = SearchSysCache1(COLLOID, ObjectIdGetDatum(collation));
	char		provider;
	Datum		datum;
	bool		isnull;
	char	   *locale = "";
	char	   *rules = "";
	char	   *version;
	char	   *identity;

	if (!HeapTupleIsValid(tuple))
		elog(ERROR, "cache lookup failed for collation %u", collation);
	provider = ((Form_pg_collation) GETSTRUCT(tuple))->collprovider;
	datum = SysCacheGetAttr(COLLOID, tuple, Anum_bloom_collation_locale, &isnull);
	if (isnull)
		datum = SysCacheGetAttr(COLLOID, tuple, Anum_pg_collation_collcollate,
								&isnull);
	if (!isnull)
		locale = TextDatumGetCString(datum);
#ifdef BLOOM_HAVE_ICU_RULES
	datum = SysCacheGetAttr(COLLOID, tuple, Anum_pg_collation_collicurules, &isnull);
	if (!isnull)
		rules = TextDatumGetCString(datum);
#endif
	ReleaseSysCache(tuple);
	version = collation_version(collation);
	identity = psprintf("%c %s %s %s", provider, quote_literal_cstr(locale),
						quote_literal_cstr(rules),
						quote_literal_cstr(version != NULL ? version : ""));
	return identity;
}

/* The kind of "<name> COLLATE <identity>" (bloom_collated_kind) */
static uint32
kind_of_collated_name(const char *name, const char *identity)
{
	char	   *collated = psprintf("%s COLLATE %s", name, identity);
	uint32		kind = kind_of_name(collated);

	pfree(collated);
	return kind;
}

/*
 * The kind of values hashed under a nondeterministic collation: that of
 * "<kind_name> COLLATE <identity>", kind_name being the kind's name (text)
 * or the type's (an array of text), identity what decides equality under
 * the collation (collation_identity), not its name: collations of one name
 * in two schemas, or one dropped and created again with another locale,
 * give other kinds, and collations defined alike one kind.
 */
uint32
bloom_collated_kind(const char *kind_name, Oid collation)
{
	char	   *identity = collation_identity(collation);
	uint32		kind = kind_of_collated_name(kind_name, identity);

	pfree(identity);
	return kind;
}

/* A nondeterministic collation and what decides equality under it */
typedef struct CollationIdentity
{
	Oid			oid;
	char	   *identity;		/* collation_identity */
} CollationIdentity;

/* The nondeterministic collations (CollationIdentity), from pg_collation */
static List *
nondeterministic_collations(void)
{
	Relation	rel = table_open(CollationRelationId, AccessShareLock);
	SysScanDesc scan = systable_beginscan(rel, InvalidOid, false, NULL, 0, NULL);
	HeapTuple	tuple;
	List	   *collations = NIL;

	while ((tuple = systable_getnext(scan)) != NULL)
	{
		Form_pg_collation coll = (Form_pg_collation) GETSTRUCT(tuple);
		CollationIdentity *entry;

		if (coll->collisdeterministic)
			continue;
		entry = palloc(sizeof(CollationIdentity));
		entry->oid = coll->oid;
		entry->identity = collation_identity(coll->oid);
		collations = lappend(collations, entry);
	}
	systable_endscan(scan);
	table_close(rel, AccessShareLock);
	return collations;
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

	if (OidIsValid(typid) && kind_of_value_name(name) == kind)
	{
		*display = format_type_be(typid);
		return true;
	}
	if (kind_of_name(name) == kind)
	{
		/* a type now hashed by value had this kind when hashed by OIDs */
		if (shown == NULL && hashed_by_value(typid))
			shown = psprintf("%s (made by bloomfilter 1.0)", format_type_be(typid));
		*display = shown != NULL ? shown : format_type_be(typid);
		return true;
	}
	foreach(lc, collations)
	{
		const CollationIdentity *coll = lfirst(lc);

		if (kind_of_collated_name(name, coll->identity) == kind)
		{
			*display = psprintf("%s COLLATE %s",
								shown != NULL ? shown : format_type_be(typid),
								generate_collation_name(coll->oid));
			return true;
		}
	}
	return false;
}

/*
 * The name of the type in pg_type whose name, or name under one of
 * collations, hashes to kind (names_kind); NULL if none
 */
static const char *
find_type_of_kind(uint32 kind, List *collations)
{
	Relation	rel = table_open(TypeRelationId, AccessShareLock);
	SysScanDesc scan = systable_beginscan(rel, InvalidOid, false, NULL, 0, NULL);
	HeapTuple	tuple;
	const char *name = NULL;

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

/*
 * Name of what a named kind stands for, found by scanning pg_type, then,
 * if no type's name has it, the nondeterministic collations (text under
 * one, or a type under one), whose identities cost opening each collation;
 * NULL if nothing has it (the type or collation was dropped or renamed).
 */
static const char *
find_kind_owner(uint32 kind)
{
	const char *name = find_type_of_kind(kind, NIL);
	List	   *collations;

	if (name != NULL || !(kind & BLOOM_KIND_OTHER_BIT) ||
		(collations = nondeterministic_collations()) == NIL)
		return name;
	if (names_kind(kind, "text", InvalidOid, collations, &name))
		return name;
	return find_type_of_kind(kind, collations);
}

/* A named kind and what it stands for (find_kind_owner), kept */
typedef struct KindOwner
{
	uint32		kind;
	char	   *name;			/* NULL if nothing has it */
} KindOwner;

/* Kinds whose owners are kept, at most, before they are forgotten */
#define KIND_OWNERS_KEPT	64

/*
 * The owners found since a type, a collation or an attribute (of a
 * composite type, which may now hold an enum) last changed, in their own
 * context; the syscache callbacks registered on first use mark them stale
 */
static MemoryContext kind_owners_context = NULL;
static List *kind_owners = NIL;
static bool kind_owners_valid = false;

/* Syscache callback: a type, collation or attribute changed */
static void
forget_kind_owners(Datum arg, int cacheid, uint32 hashvalue)
{
	kind_owners_valid = false;
}

/*
 * Name of what a named kind stands for (find_kind_owner), as a new
 * palloc'd string, or NULL.  A scan of pg_type costs about 0.1 ms, which
 * bloom_info paid on every row of a column of enum or composite filters:
 * the answers are kept until the catalogs they read change.
 */
const char *
bloom_other_kind_owner(uint32 kind)
{
	ListCell   *lc;
	KindOwner  *entry;
	const char *name;
	MemoryContext old;

	if (kind_owners_context == NULL)
	{
		kind_owners_context = AllocSetContextCreate(TopMemoryContext,
													"bloom kind owners",
													ALLOCSET_SMALL_SIZES);
		CacheRegisterSyscacheCallback(TYPEOID, forget_kind_owners, (Datum) 0);
		CacheRegisterSyscacheCallback(COLLOID, forget_kind_owners, (Datum) 0);
		CacheRegisterSyscacheCallback(ATTNUM, forget_kind_owners, (Datum) 0);
	}
	if (!kind_owners_valid || list_length(kind_owners) >= KIND_OWNERS_KEPT)
	{
		MemoryContextReset(kind_owners_context);
		kind_owners = NIL;
		kind_owners_valid = true;
	}
	foreach(lc, kind_owners)
	{
		entry = lfirst(lc);
		if (entry->kind == kind)
			return entry->name != NULL ? pstrdup(entry->name) : NULL;
	}

	name = find_kind_owner(kind);
	old = MemoryContextSwitchTo(kind_owners_context);
	entry = palloc(sizeof(KindOwner));
	entry->kind = kind;
	entry->name = name != NULL ? pstrdup(name) : NULL;
	kind_owners = lappend(kind_owners, entry);
	MemoryContextSwitchTo(old);
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
	if (bloom_kind_is_named(kind) && (name = bloom_other_kind_owner(kind)) != NULL)
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
