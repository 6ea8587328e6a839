/*-------------------------------------------------------------------------
 *
 * bloom_hash_method.c
 *	  The hash methods: a value of one type reduced to its canonical bytes
 *	  and hashed, by the method its type's lookup chose.
 *
 * Values equal under PostgreSQL's "=" must hash the same, on every
 * platform, now and after a dump and restore.  Common types therefore hash
 * a canonical byte form with XXH3 (bf_hash.h), grouped into kinds whose
 * members compare equal across types (the kinds table, bloom_kinds.c,
 * says which type is hashed how):
 *
 *	text, varchar, bpchar, name	UTF-8 bytes without trailing blanks (1.0
 *								kept them but for bpchar: such filters
 *								are probed by bloom_hash_with_blanks)
 *	int2, int4, int8			the value as 8 little-endian bytes
 *	float4, float8				the float8 value's 8 little-endian bytes,
 *								with -0 as 0 and every NaN as one NaN
 *	numeric						the normalized decimal text (1.0 and 1.00
 *								are both "1")
 *	uuid, bytea					their bytes
 *	date, timestamp, timestamptz	the value as 8 little-endian bytes
 *	inet, cidr					4 or 6, the prefix length, the address
 *	boolean						one byte, 0 or 1
 *	enums						the label's UTF-8 bytes
 *
 * Arrays, composites, ranges and multiranges that hold enums are taken
 * apart and hashed by value (bloom_nested.c, above this file: here they
 * are only given that method).  Any other type with a hash operator class
 * is hashed with its own extended hash function, whose output is then
 * mixed by XXH3: equality-consistent by the operator class's contract, but
 * only as portable as that function.  Types whose values are object
 * identifiers shown as names (reg*, aclitem), at any depth, are refused: a
 * restore changes them.  Domains hash as their base type.
 *
 * Text under a nondeterministic collation, which calls strings equal
 * whose bytes differ, is hashed by the collation's own hash of text, with
 * a kind per collation (bloom_kinds.h); so is, by the type's own hash, any
 * other value hashed under one (an array of text).
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_hash_method.c
 *
 *-------------------------------------------------------------------------
 */
#include "bloom_hash_method.h"

#include <math.h>
#include <sys/socket.h>

#include "access/htup_details.h"
#include "catalog/pg_enum.h"
#include "mb/pg_wchar.h"
#include "utils/builtins.h"
#include "utils/date.h"
#include "utils/fmgroids.h"
#include "utils/inet.h"
#include "utils/lsyscache.h"
#include "utils/numeric.h"
#include "utils/syscache.h"
#include "utils/typcache.h"
#include "utils/uuid.h"
#include "utils/varlena.h"

/* Whether a call's collation is a nondeterministic one */
static bool
is_nondeterministic(Oid collation)
{
	return OidIsValid(collation) && !get_collation_isdeterministic(collation);
}

/*
 * Whether a string of one character is, under a nondeterministic
 * collation, equal to a blank or to nothing (ignorable)
 */
static bool
is_blank_like(const char *character, int len, Oid collation)
{
	return varstr_cmp(character, len, " ", 1, collation) == 0 ||
		varstr_cmp(character, len, "", 0, collation) == 0;
}

/*
 * Text-like values under a nondeterministic collation are hashed by the
 * collation's own hash of text (which hashes what the collation compares,
 * its sort key), without their trailing blank-like characters
 * (collated_trimmed_len), with a kind of their own per collation: find the
 * ASCII characters that are blank-like, once.
 */
static void
init_blank_like(BloomHasher *hasher, Oid collation)
{
	for (int c = 1; c < 128; c++)
	{
		char		character = (char) c;

		if (is_blank_like(&character, 1, collation))
			hasher->blank_like[c / 64] |= UINT64CONST(1) << (c % 64);
	}
}

/* Why a type's values cannot be held by a filter (classify) */
typedef enum BloomRefusal
{
	BLOOM_REFUSED_NOT,			/* they can */
	BLOOM_REFUSED_IDENTIFIERS,	/* they hold object identifiers */
	BLOOM_REFUSED_COLLATED_NAME,	/* name under a nondeterministic
									 * collation: no hash of it */
	BLOOM_REFUSED_NO_HASH		/* no extended hash function */
} BloomRefusal;

/*
 * How values of type typid are hashed, under collation: the kinds table's
 * row for its base type (text-like under a nondeterministic collation by
 * the collation's hash, with a kind of its own), else its enum labels,
 * else its parts if it holds enums (BLOOM_HASH_NESTED), else its extended
 * hash function.  Sets the hasher's method and kind, and nothing that
 * hashing needs besides; returns why the type is refused, if it is
 * (*identifier: the type of identifiers it holds).
 */
static BloomRefusal
classify(BloomHasher *hasher, Oid typid, Oid collation, Oid *identifier)
{
	Oid			base = getBaseType(typid);
	int			encoding = GetDatabaseEncoding();
	const BloomKindRow *row = bloom_kind_row(base);
	BloomHolds	holds;
	TypeCacheEntry *entry;

	memset(hasher, 0, sizeof(*hasher));
	hasher->typid = typid;
	hasher->collation = collation;
	hasher->to_utf8 = encoding != PG_UTF8 && encoding != PG_SQL_ASCII;

	if (row != NULL)
	{
		hasher->method = row->method;
		hasher->kind = row->kind;
		if (bloom_method_is_string(row->method) && is_nondeterministic(collation))
		{
			if (row->method == BLOOM_HASH_NAME)
				return BLOOM_REFUSED_COLLATED_NAME;
			hasher->method = BLOOM_HASH_TEXT_COLLATED;
			hasher->kind = bloom_collated_kind(row->name, collation);
		}
		return BLOOM_REFUSED_NOT;
	}

	holds = bloom_type_holds(base, identifier);
	if (holds == BLOOM_HOLDS_IDENTIFIERS)
		return BLOOM_REFUSED_IDENTIFIERS;
	hasher->kind = bloom_other_kind(base, collation);
	if (type_is_enum(base))
		hasher->method = BLOOM_HASH_ENUM;
	else if (holds == BLOOM_HOLDS_ENUMS)
		hasher->method = BLOOM_HASH_NESTED;
	else
	{
		hasher->method = BLOOM_HASH_GENERIC;
		entry = lookup_type_cache(base, TYPECACHE_HASH_EXTENDED_PROC);
		if (base == RECORDOID || !OidIsValid(entry->hash_extended_proc))
			return BLOOM_REFUSED_NO_HASH;
	}
	return BLOOM_REFUSED_NOT;
}

/*
 * Whether a filter can hold values of type typid under collation, and if
 * so, of which kind and by which method (into hasher, which is not ready
 * to hash: bloom_method_init makes it so).  Raises no error: for the
 * planner, which must not refuse a query that a scan of no row answers.
 */
bool
bloom_method_classify(BloomHasher *hasher, Oid typid, Oid collation)
{
	Oid			identifier = InvalidOid;

	return classify(hasher, typid, collation, &identifier) == BLOOM_REFUSED_NOT;
}

/*
 * Look up how to hash values of type typid, once per call site (classify),
 * and get ready to: the collation's hash and its blank-like characters, or
 * the type's extended hash function (the parts of values holding enums,
 * BLOOM_HASH_NESTED, bloom_nested_init looks up); a type refused is an
 * error.
 *
 * collation: the collation of the call, for text and for generic hashing.
 * mcxt: a context that lives as long as the hasher (for the hash
 * functions' FmgrInfo).
 */
void
bloom_method_init(BloomHasher *hasher, Oid typid, Oid collation,
				  MemoryContext mcxt)
{
	Oid			base = getBaseType(typid);
	Oid			identifier = InvalidOid;

	switch (classify(hasher, typid, collation, &identifier))
	{
		case BLOOM_REFUSED_NOT:
			break;
		case BLOOM_REFUSED_IDENTIFIERS:
			ereport(ERROR,
					(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
					 errmsg("bloom filters do not support values of type %s",
							format_type_be(typid)),
					 identifier != base ?
					 errdetail("Values of type %s hold values of type %s, object identifiers, which a dump and restore changes while their filters keep their hashes.",
							   format_type_be(typid), format_type_be(identifier)) :
					 errdetail("Values of type %s are object identifiers, which a dump and restore changes while their filters keep their hashes.",
							   format_type_be(typid)),
					 errhint("Cast the values to text, to hold the objects' names.")));
			break;
		case BLOOM_REFUSED_COLLATED_NAME:
			ereport(ERROR,
					(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
					 errmsg("bloom filters do not support values of type name under a nondeterministic collation"),
					 errhint("Cast the values to text.")));
			break;
		case BLOOM_REFUSED_NO_HASH:
			ereport(ERROR,
					(errcode(ERRCODE_UNDEFINED_FUNCTION),
					 errmsg("could not identify an extended hash function for type %s",
							format_type_be(typid)),
					 base == RECORDOID ?
					 errdetail("A row constructor without a cast is of the anonymous type record, which bloom filters cannot hash.") : 0,
					 base == RECORDOID ?
					 errhint("Cast the row to the composite type the filter was built from, as in ROW(1, 'x')::my_type.") :
					 errhint("A bloom filter holds values of types that have a hash operator class.")));
			break;
	}
	if (hasher->method == BLOOM_HASH_TEXT_COLLATED)
	{
		fmgr_info_cxt(F_HASHTEXTEXTENDED, &hasher->hash_fn, mcxt);
		init_blank_like(hasher, collation);
	}
	else if (hasher->method == BLOOM_HASH_GENERIC)
		fmgr_info_cxt(lookup_type_cache(base, TYPECACHE_HASH_EXTENDED_PROC)->hash_extended_proc,
					  &hasher->hash_fn, mcxt);
}

/*
 * Hash of a string, converted to UTF-8 first if the database encoding is
 * not: by XXH3 (bf_hash_bytes), or in Parquet mode by XXH64 of its bytes
 * (bf_parquet_hash_bytes).  The one conversion behind both hash modes.
 */
uint64
bloom_hash_string(const BloomHasher *hasher, const char *data, size_t len,
				  bool parquet)
{
	char	   *utf8 = hasher->to_utf8 ?
		pg_server_to_any(data, (int) len, PG_UTF8) : (char *) data;
	uint64		hash;

	if (utf8 != data)
		len = strlen(utf8);
	hash = parquet ? bf_parquet_hash_bytes(utf8, len) : bf_hash_bytes(utf8, len);
	if (utf8 != data)
		pfree(utf8);
	return hash;
}

/* Hash of a float8 with all zeros and all NaNs made one value each */
static uint64
hash_double(double value)
{
	uint64		bits;

	if (isnan(value))
		return bf_hash_u64(UINT64CONST(0x7FF8000000000000));
	if (value == 0.0)
		value = 0.0;
	memcpy(&bits, &value, sizeof(bits));
	return bf_hash_u64(bits);
}

/*
 * Hash of a varlena value's payload, freeing any detoasted copy.  Text is
 * hashed without its trailing blanks unless blanks is true (1.0's hashing,
 * which stripped them from bpchar only).
 */
static uint64
hash_varlena(const BloomHasher *hasher, Datum value, bool is_text, bool blanks)
{
	struct varlena *v = (struct varlena *) DatumGetPointer(value);
	const char *data;
	size_t		len;
	uint64		hash;

	/* inline values, the usual case, need no call to be read */
	if (VARATT_IS_COMPRESSED(v) || VARATT_IS_EXTERNAL(v))
		v = pg_detoast_datum_packed(v);
	data = VARDATA_ANY(v);
	len = VARSIZE_ANY_EXHDR(v);

	if (is_text && (!blanks || hasher->method == BLOOM_HASH_BPCHAR))
		len = bloom_trimmed_len(data, len);
	hash = is_text ? bloom_hash_string(hasher, data, len, false) :
		bf_hash_bytes(data, len);
	if ((Pointer) v != DatumGetPointer(value))
		pfree(v);
	return hash;
}

/* Start of the last character of a string of len > 0 bytes */
static size_t
last_char_start(const char *data, size_t len)
{
	size_t		start = 0;

	if (GetDatabaseEncoding() == PG_UTF8)
	{
		start = len - 1;
		while (start > 0 && (data[start] & 0xC0) == 0x80)
			start--;
		return start;
	}
	for (size_t pos = 0; pos < len; pos += pg_mblen(data + pos))
		start = pos;
	return start;
}

/*
 * Length of a string under a nondeterministic collation without its
 * trailing blank-like characters: those the collation calls equal to a
 * blank, or ignores.  PostgreSQL compares text with its trailing blanks
 * and char(n) (and varchar against char(n)) without them, so under such a
 * collation 'a ' equals E'a\u00A0' as text and 'a' as char(n): all three
 * must hash alike, which stripping only ASCII blanks breaks.
 */
static size_t
collated_trimmed_len(const BloomHasher *hasher, const char *data, size_t len)
{
	while (len > 0)
	{
		size_t		start = last_char_start(data, len);
		unsigned char c = (unsigned char) data[start];
		bool		blank_like;

		if (len - start == 1 && !IS_HIGHBIT_SET(c))
			blank_like = (hasher->blank_like[c / 64] >> (c % 64)) & 1;
		else
			blank_like = is_blank_like(data + start, (int) (len - start),
									   hasher->collation);
		if (!blank_like)
			break;
		len = start;
	}
	return len;
}

/*
 * Hash of a text-like value under a nondeterministic collation: the
 * collation's hash of text (hashtextextended) of the string without its
 * trailing blank-like characters, mixed by XXH3
 */
static uint64
hash_collated_text(const BloomHasher *hasher, Datum value)
{
	struct varlena *v = pg_detoast_datum_packed((struct varlena *) DatumGetPointer(value));
	text	   *trimmed = cstring_to_text_with_len(VARDATA_ANY(v),
												   collated_trimmed_len(hasher, VARDATA_ANY(v),
																		VARSIZE_ANY_EXHDR(v)));
	uint64		hash = DatumGetUInt64(FunctionCall2Coll((FmgrInfo *) &hasher->hash_fn,
														hasher->collation,
														PointerGetDatum(trimmed),
														UInt64GetDatum(0)));

	pfree(trimmed);
	if ((Pointer) v != DatumGetPointer(value))
		pfree(v);
	return bf_hash_u64(hash);
}

/* Hash of an inet or cidr: address family (4 or 6), prefix, address */
static uint64
hash_inet(Datum value)
{
	inet	   *ip = DatumGetInetPP(value);
	unsigned char bytes[2 + 16];

	bytes[0] = ip_family(ip) == PGSQL_AF_INET ? 4 : 6;
	bytes[1] = ip_bits(ip);
	memcpy(bytes + 2, ip_addr(ip), ip_addrsize(ip));
	return bf_hash_bytes(bytes, 2 + ip_addrsize(ip));
}

/* Hash of an enum value: its label, which survives dump and restore */
static uint64
hash_enum(const BloomHasher *hasher, Datum value)
{
	HeapTuple	tuple = SearchSysCache1(ENUMOID, value);
	const char *label;
	uint64		hash;

	if (!HeapTupleIsValid(tuple))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("invalid internal value for enum: %u",
						DatumGetObjectId(value))));
	label = NameStr(((Form_pg_enum) GETSTRUCT(tuple))->enumlabel);
	hash = bloom_hash_string(hasher, label, strlen(label), false);
	ReleaseSysCache(tuple);
	return hash;
}

/*
 * The hash of a value of a text-like type as bloomfilter 1.0 computed it,
 * with the trailing blanks of text, varchar and name: for probing and
 * extending the filters of text it made (BLOOM_KIND_TEXT_BLANKS), which
 * must keep answering as they did.  Only for text-like hashers.
 */
uint64
bloom_hash_with_blanks(const BloomHasher *hasher, Datum value)
{
	Assert(bloom_method_is_string(hasher->method));
	if (hasher->method == BLOOM_HASH_NAME)
	{
		const char *name = NameStr(*DatumGetName(value));

		return bloom_hash_string(hasher, name, strlen(name), false);
	}
	return hash_varlena(hasher, value, true, true);
}

/*
 * The 64-bit hash of a (non-null) value by its type's method, of any
 * representation; values that hold enums and Parquet mode are hashed
 * above this file (bloom_hasher.c dispatches them)
 */
uint64
bloom_method_hash(const BloomHasher *hasher, Datum value)
{
	switch (hasher->method)
	{
		case BLOOM_HASH_TEXT:
		case BLOOM_HASH_BPCHAR:
			return hash_varlena(hasher, value, true, false);
		case BLOOM_HASH_NAME:
			{
				const char *name = NameStr(*DatumGetName(value));

				return bloom_hash_string(hasher, name,
										 bloom_trimmed_len(name, strlen(name)),
										 false);
			}
		case BLOOM_HASH_TEXT_COLLATED:
			return hash_collated_text(hasher, value);
		case BLOOM_HASH_INT2:
			return bf_hash_u64((uint64) (int64) DatumGetInt16(value));
		case BLOOM_HASH_INT4:
			return bf_hash_u64((uint64) (int64) DatumGetInt32(value));
		case BLOOM_HASH_INT8:
			return bf_hash_u64((uint64) DatumGetInt64(value));
		case BLOOM_HASH_FLOAT4:
			return hash_double((double) DatumGetFloat4(value));
		case BLOOM_HASH_FLOAT8:
			return hash_double(DatumGetFloat8(value));
		case BLOOM_HASH_NUMERIC:
			{
				char	   *text = numeric_normalize(DatumGetNumeric(value));
				uint64		hash = bf_hash_bytes(text, strlen(text));

				pfree(text);
				return hash;
			}
		case BLOOM_HASH_UUID:
			return bf_hash_bytes(DatumGetUUIDP(value)->data, UUID_LEN);
		case BLOOM_HASH_BYTEA:
			return hash_varlena(hasher, value, false, false);
		case BLOOM_HASH_DATE:
			return bf_hash_u64((uint64) (int64) DatumGetDateADT(value));
		case BLOOM_HASH_TIMESTAMP:
			return bf_hash_u64((uint64) DatumGetInt64(value));
		case BLOOM_HASH_INET:
			return hash_inet(value);
		case BLOOM_HASH_BOOL:
			{
				unsigned char byte = DatumGetBool(value) ? 1 : 0;

				return bf_hash_bytes(&byte, 1);
			}
		case BLOOM_HASH_ENUM:
			return hash_enum(hasher, value);
		case BLOOM_HASH_GENERIC:
			return bf_hash_u64(DatumGetUInt64(FunctionCall2Coll((FmgrInfo *) &hasher->hash_fn,
																hasher->collation,
																value,
																UInt64GetDatum(0))));
		case BLOOM_HASH_NESTED:
		case BLOOM_HASH_PARQUET:
			/* hashed above, by bloom_nested.c and bloom_parquet_hash.c */
			break;
	}
	elog(ERROR, "bloom hash method %d hashes no value by itself",
		 (int) hasher->method);
	pg_unreachable();
}
