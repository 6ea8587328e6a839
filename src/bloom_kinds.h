/*-------------------------------------------------------------------------
 *
 * bloom_kinds.h
 *	  Kinds of value a filter holds, and the one table that says, for each
 *	  type with a fast path, how its values are hashed and of which kind
 *	  they are.
 *
 * A kind names a family of types whose values are equal under "=" exactly
 * when their canonical bytes are (README.md lists the canonical form of
 * each).  The header of every filter records the kind of its values, so a
 * probe of another kind is refused rather than answered wrongly.  A type
 * without a fast path gets BLOOM_KIND_OTHER_BIT plus 31 bits of the hash
 * of its name.  Values hashed under a nondeterministic collation (text,
 * or an array of text, by the collation's hash) get a kind of their own
 * per collation, the hash of "<kind> COLLATE <what decides equality under
 * the collation>": a probe under a collation that compares otherwise
 * would hash equal strings otherwise, and is refused.
 *
 * Arrays, composites, ranges and multiranges that hold enums, at any
 * depth, are hashed by value (bloom_nested.c): PostgreSQL's own hash
 * functions hash an enum by its OID, which a restore changes.  Their kinds
 * are BLOOM_KIND_VALUE_BIT plus 30 bits of the hash of the type's name, a
 * family of their own: a filter of such a type that 1.0 made, hashed by
 * OIDs, holds the name's plain kind, and is refused, and bloom_retag
 * cannot give a filter of one family a kind of the other.  Types whose
 * values are object identifiers shown as names (regclass and the other
 * reg* types, aclitem), which a restore changes and which no hash of the
 * value survives, are refused at any depth.
 *
 * Text-like values (text, varchar, bpchar, name) are hashed without their
 * trailing blanks, since char(n) compares equal to varchar and text that
 * differ from it only in those.  Filters made by 1.0 hashed the trailing
 * blanks of all but bpchar: they keep their own kind,
 * BLOOM_KIND_TEXT_BLANKS, and are probed and extended with 1.0's hashing
 * (bloom_hash_to_add), but cannot be combined with filters of the new kind.
 * The difference lives in the kind rather than the header's hash id
 * because the kind is what every path that makes a filter from others
 * (aggregate states, unions, intersections) carries over.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_kinds.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef BLOOM_KINDS_H
#define BLOOM_KINDS_H

#include "bloom_compat.h"

#include "bf.h"

/*
 * Kinds of value (the header's kind field): the core's numbered kinds (bf.h
 * lists them, and its validator accepts those only) and its hashed kinds
 */
#define BLOOM_KIND_NONE			BF_KIND_NONE
#define BLOOM_KIND_TEXT_BLANKS	BF_KIND_TEXT_BLANKS	/* text as 1.0 hashed it */
#define BLOOM_KIND_INTEGER		BF_KIND_INTEGER
#define BLOOM_KIND_FLOAT		BF_KIND_FLOAT
#define BLOOM_KIND_NUMERIC		BF_KIND_NUMERIC
#define BLOOM_KIND_UUID			BF_KIND_UUID
#define BLOOM_KIND_BYTEA		BF_KIND_BYTEA
#define BLOOM_KIND_DATE			BF_KIND_DATE
#define BLOOM_KIND_TIMESTAMP	BF_KIND_TIMESTAMP
#define BLOOM_KIND_TIMESTAMPTZ	BF_KIND_TIMESTAMPTZ
#define BLOOM_KIND_INET			BF_KIND_INET
#define BLOOM_KIND_BOOL			BF_KIND_BOOL
#define BLOOM_KIND_TEXT			BF_KIND_TEXT
#define BLOOM_KIND_OTHER_BIT	BF_KIND_HASHED_BIT
#define BLOOM_KIND_VALUE_BIT	BF_KIND_VALUE_BIT	/* without OTHER_BIT: a
														 * type holding enums,
														 * hashed by value */

/* How a value of some type is reduced to its canonical bytes */
typedef enum BloomHashMethod
{
	BLOOM_HASH_TEXT,			/* the string without trailing blanks, UTF-8 */
	BLOOM_HASH_BPCHAR,			/* the same, for bpchar */
	BLOOM_HASH_NAME,			/* the same, for name */
	BLOOM_HASH_TEXT_COLLATED,	/* text, varchar, bpchar under a
								 * nondeterministic collation: without
								 * trailing blank-like characters, by the
								 * collation's hash */
	BLOOM_HASH_INT2,			/* the integer as 8 little-endian bytes */
	BLOOM_HASH_INT4,
	BLOOM_HASH_INT8,
	BLOOM_HASH_FLOAT4,			/* the float8 value, -0 as 0, one NaN */
	BLOOM_HASH_FLOAT8,
	BLOOM_HASH_NUMERIC,			/* the normalized decimal text */
	BLOOM_HASH_UUID,			/* the 16 bytes */
	BLOOM_HASH_BYTEA,			/* the bytes */
	BLOOM_HASH_DATE,			/* the day number as 8 bytes */
	BLOOM_HASH_TIMESTAMP,		/* the microseconds as 8 bytes */
	BLOOM_HASH_INET,			/* 4 or 6, the prefix, the address */
	BLOOM_HASH_BOOL,			/* one byte, 0 or 1 */
	BLOOM_HASH_ENUM,			/* the label, in UTF-8 */
	BLOOM_HASH_NESTED,			/* a value holding enums: its parts'
								 * hashes (bloom_nested.c) */
	BLOOM_HASH_GENERIC,			/* the type's extended hash, mixed */
	BLOOM_HASH_PARQUET			/* Parquet mode: the plain encoding, by
								 * kind, of the value its type's own
								 * method reads (bloom_parquet_hash.c) */
} BloomHashMethod;

/* One row of the kinds table: a type with a fast path */
typedef struct BloomKindRow
{
	Oid			typid;			/* the (base) type */
	BloomHashMethod method;		/* how its values are hashed */
	uint32		kind;			/* BLOOM_KIND_* of its values */
	const char *name;			/* the kind's name, in messages */
} BloomKindRow;

/* What values of a type hold, as far as a dump and restore goes */
typedef enum BloomHolds
{
	BLOOM_HOLDS_VALUES,			/* values that a restore keeps */
	BLOOM_HOLDS_ENUMS,			/* enum values (at any depth), whose OIDs a
								 * restore changes, and which are hashed by
								 * their labels */
	BLOOM_HOLDS_IDENTIFIERS		/* object identifiers shown as names (reg*
								 * types, aclitem): refused */
} BloomHolds;

extern void bloom_check_type_exists(Oid typid);
extern const BloomKindRow *bloom_kind_row(Oid typid);
extern BloomHolds bloom_type_holds(Oid typid, Oid *identifier_type);
extern uint32 bloom_other_kind(Oid typid, Oid collation);
extern uint32 bloom_collated_kind(const char *kind_name, Oid collation);
extern const char *bloom_kind_name(uint32 kind);
extern const char *bloom_other_kind_owner(uint32 kind);
extern const char *bloom_parquet_kind_name(uint32 kind);

/* Whether a kind is that of a type without a fast path (named by a hash) */
static inline bool
bloom_kind_is_named(uint32 kind)
{
	return (kind & (BLOOM_KIND_OTHER_BIT | BLOOM_KIND_VALUE_BIT)) != 0;
}

/* Whether a kind is that of a type holding enums, hashed by value */
static inline bool
bloom_kind_is_by_value(uint32 kind)
{
	return (kind & (BLOOM_KIND_OTHER_BIT | BLOOM_KIND_VALUE_BIT)) ==
		BLOOM_KIND_VALUE_BIT;
}

/*
 * Whether old is the kind 1.0 gave the values of the type whose kind (as
 * hashed by value) is value_kind: its name's plain kind, whose low 30 bits
 * are the same (a chance match of another type's is one in 2^30, and only
 * changes what an error says)
 */
static inline bool
bloom_kind_is_1_0_of(uint32 old, uint32 value_kind)
{
	return bloom_kind_is_by_value(value_kind) && (old & BLOOM_KIND_OTHER_BIT) &&
		((old ^ value_kind) & 0x3FFFFFFF) == 0;
}

/* Whether values hashed by method are strings, subject to collations */
static inline bool
bloom_method_is_string(BloomHashMethod method)
{
	return method == BLOOM_HASH_TEXT || method == BLOOM_HASH_BPCHAR ||
		method == BLOOM_HASH_NAME;
}

#endif							/* BLOOM_KINDS_H */
