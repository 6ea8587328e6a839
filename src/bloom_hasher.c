/*-------------------------------------------------------------------------
 *
 * bloom_hasher.c
 *	  Reducing a value of any type to the 64-bit hash a filter stores.
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
 * apart and hashed by value (bloom_nested.c).  Any other type with a hash
 * operator class is hashed with its own extended hash function, whose
 * output is then mixed by XXH3: equality-consistent by the operator
 * class's contract, but only as portable as that function.  Types whose
 * values are object identifiers shown as names (reg*, aclitem), at any
 * depth, are refused: a restore changes them.  Domains hash as their base
 * type.
 *
 * Text under a nondeterministic collation, which calls strings equal
 * whose bytes differ, is hashed by the collation's own hash of text, with
 * a kind per collation (bloom_kinds.h); so is, by the type's own hash, any
 * other value hashed under one (an array of text).
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_hasher.c
 *
 *-------------------------------------------------------------------------
 */
#include "bloom_hasher.h"

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
 * Text-like values under a nondeterministic collation: hashed by the
 * collation's own hash of text (which hashes what the collation compares,
 * its sort key), without their trailing blank-like characters
 * (collated_trimmed_len), with a kind of their own per collation.  The
 * ASCII characters that are blank-like are found here, once.  name has no
 * such hash: refused.
 */
static void
init_collated_text(BloomHasher *hasher, const BloomKindRow *row,
				   Oid collation, MemoryContext mcxt)
{
	if (row->method == BLOOM_HASH_NAME)
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("bloom filters do not support values of type name under a nondeterministic collation"),
				 errhint("Cast the values to text.")));
	hasher->method = BLOOM_HASH_TEXT_COLLATED;
	hasher->kind = bloom_collated_kind(row->name, collation);
	fmgr_info_cxt(F_HASHTEXTEXTENDED, &hasher->hash_fn, mcxt);
	for (int c = 1; c < 128; c++)
	{
		char		character = (char) c;

		if (is_blank_like(&character, 1, collation))
			hasher->blank_like[c / 64] |= UINT64CONST(1) << (c % 64);
	}
}

/*
 * Look up how to hash values of type typid, once per call site: the kinds
 * table's row for its base type, else its enum labels, else its parts if
 * it holds enums (bloom_nested.c), else its extended hash function; a type
 * that holds object identifiers is refused.
 *
 * collation: the collation of the call, for text and for generic hashing.
 * mcxt: a context that lives as long as the hasher (for the generic hash
 * function's FmgrInfo).
 */
void
bloom_hasher_init(BloomHasher *hasher, Oid typid, Oid collation,
				  MemoryContext mcxt)
{
	Oid			base = getBaseType(typid);
	int			encoding = GetDatabaseEncoding();
	const BloomKindRow *row = bloom_kind_row(base);
	BloomHolds	holds;
	Oid			identifier = InvalidOid;
	TypeCacheEntry *entry;

	memset(hasher, 0, sizeof(*hasher));
	hasher->typid = typid;
	hasher->collation = collation;
	hasher->to_utf8 = encoding != PG_UTF8 && encoding != PG_SQL_ASCII;

	if (row != NULL)
	{
		if (bloom_method_is_string(row->method) && is_nondeterministic(collation))
		{
			init_collated_text(hasher, row, collation, mcxt);
			return;
		}
		hasher->method = row->method;
		hasher->kind = row->kind;
		return;
	}

	holds = bloom_type_holds(base, &identifier);
	if (holds == BLOOM_HOLDS_IDENTIFIERS)
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
	hasher->kind = bloom_other_kind(base, collation);
	if (type_is_enum(base))
	{
		hasher->method = BLOOM_HASH_ENUM;
		return;
	}
	if (holds == BLOOM_HOLDS_ENUMS)
	{
		hasher->method = BLOOM_HASH_NESTED;
		hasher->nested = bloom_nested_init(base, collation, mcxt);
		return;
	}
	hasher->method = BLOOM_HASH_GENERIC;
	entry = lookup_type_cache(base, TYPECACHE_HASH_EXTENDED_PROC);
	if (base == RECORDOID || !OidIsValid(entry->hash_extended_proc))
		ereport(ERROR,
				(errcode(ERRCODE_UNDEFINED_FUNCTION),
				 errmsg("could not identify an extended hash function for type %s",
						format_type_be(typid)),
				 base == RECORDOID ?
				 errdetail("A row constructor without a cast is of the anonymous type record, which bloom filters cannot hash.") : 0,
				 base == RECORDOID ?
				 errhint("Cast the row to the composite type the filter was built from, as in ROW(1, 'x')::my_type.") :
				 errhint("A bloom filter holds values of types that have a hash operator class.")));
	fmgr_info_cxt(entry->hash_extended_proc, &hasher->hash_fn, mcxt);
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
 * The 64-bit hash a filter stores for a (non-null) value of any type and
 * representation (bloom_hash_value, in bloom_hasher.h, hashes the commonest
 * case in line and calls this for the rest)
 */
uint64
bloom_hash_any(const BloomHasher *hasher, Datum value)
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
		case BLOOM_HASH_NESTED:
			return bloom_hash_nested(hasher->nested, value);
		case BLOOM_HASH_GENERIC:
			return bf_hash_u64(DatumGetUInt64(FunctionCall2Coll((FmgrInfo *) &hasher->hash_fn,
																hasher->collation,
																value,
																UInt64GetDatum(0))));
		case BLOOM_HASH_PARQUET:
			return bloom_parquet_hash_as(hasher, hasher->kind, value);
	}
	elog(ERROR, "unrecognized bloom hash method: %d", (int) hasher->method);
	pg_unreachable();
}

/*
 * Keep, of the n hashes of a value to test in a part of a filter (hdr),
 * those of its part, as its local hashes (bf_part_hash), and return how
 * many.  A value with hashes but none of this part belongs to another
 * part: an error, never a silent false.
 */
int
bloom_part_hashes(const bf_header *hdr, uint64 *hashes, int n)
{
	int			kept = 0;

	for (int i = 0; i < n; i++)
		if (bf_part_hash(hdr, hashes[i], &hashes[kept]) == BF_OK)
			kept++;
	if (n > 0 && kept == 0)
		bloom_raise_other_part(hdr, hashes[0]);
	return kept;
}

/*
 * bloom_hash_for's hash of a value for a filter whose kind is not the
 * value's (out of line: nearly every row has the filter's kind): in
 * Parquet mode, Parquet's hash (bloom_parquet_hash); for a filter of
 * text made by 1.0, 1.0's hashing; for a filter of no kind yet, the
 * value's own; a kind the filter does not accept is an error.
 */
uint64
bloom_hash_for_other_kind(const BloomHasher *hasher, const bf_header *filter,
						  Datum value)
{
	if (filter->hash_id == BF_HASH_PARQUET ||
		hasher->method == BLOOM_HASH_PARQUET)
		return bloom_parquet_hash(hasher, filter, value);
	if (!bloom_kind_accepts(filter->kind, hasher->kind))
		bloom_raise_kind_mismatch(filter->kind, hasher->kind,
								  hasher->typid, hasher->collation);
	if (filter->kind == BLOOM_KIND_TEXT_BLANKS)
		return bloom_hash_with_blanks(hasher, value);
	return bloom_hash_value(hasher, value);
}
