/*-------------------------------------------------------------------------
 *
 * bloom_parquet_hash.c
 *	  Parquet mode's hashing: a value's Parquet plain encoding, hashed with
 *	  XXH64 (bf_hash.h), as Parquet writers and readers hash it.
 *
 * A filter in Parquet mode holds values of one Parquet type, its kind
 * (bf_parquet.h), which its first values or bloom_from_parquet's type
 * give:
 *
 *	int2, int4				INT32, 4 bytes little-endian (int2 widened, as
 *							Parquet stores it)
 *	int8					INT64, 8 bytes little-endian
 *	float4, float8			FLOAT, DOUBLE: the IEEE bits, little-endian
 *	text, varchar, name		BYTE_ARRAY (STRING): the UTF-8 bytes, trailing
 *							blanks and all, no length before them
 *	bpchar					the same, without its trailing blanks
 *	bytea					BYTE_ARRAY: the bytes
 *	uuid					FIXED_LEN_BYTE_ARRAY(16) (UUID): the 16 bytes
 *	date					INT32 (DATE): days since 1970-01-01
 *	timestamp, timestamptz	INT64 (TIMESTAMP, MICROS): microseconds since
 *							1970-01-01 (local, or UTC)
 *	numeric(p, s), p <= 18	INT32 (p <= 9) or INT64 (DECIMAL, scale s): the
 *							value times 10^s, an integer
 *
 * A value of another type of the same family (an int8 probing INT32, a
 * float4 probing DOUBLE) is encoded as the filter's type, if it has that
 * form: an int8 that does not fit in 32 bits, a float8 that no float4
 * equals, a numeric with more digits after the point than the scale can
 * equal no value of the filter, so a probe answers false without hashing
 * and an addition is an error.  Parquet hashes bits, where "=" does not:
 * -0 and +0 are equal, so a probe of a zero tests both (as DuckDB does);
 * every NaN is equal, so NaN is added and probed as the one quiet NaN
 * (0x7FC00000, 0x7FF8000000000000), which is what PostgreSQL and DuckDB
 * write for 'NaN' (a NaN of other bits written elsewhere is not found).
 * Infinite dates and timestamps, and NaN and infinite numerics, have no
 * Parquet form.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_parquet_hash.c
 *
 *-------------------------------------------------------------------------
 */
#include "bloom_parquet_hash.h"

#include <float.h>
#include <math.h>

#include "common/int.h"
#include "datatype/timestamp.h"
#include "mb/pg_wchar.h"
#include "utils/builtins.h"
#include "utils/date.h"
#include "utils/lsyscache.h"
#include "utils/numeric.h"
#include "utils/timestamp.h"
#include "utils/uuid.h"

#include "bf_parquet.h"

/* Days and microseconds from 1970-01-01 to PostgreSQL's epoch, 2000-01-01 */
#define UNIX_DAYS			((int32) (POSTGRES_EPOCH_JDATE - UNIX_EPOCH_JDATE))
#define UNIX_USECS			((int64) UNIX_DAYS * USECS_PER_DAY)

/* The one quiet NaN of each width that NaN is hashed as */
#define QUIET_NAN_32		UINT32_C(0x7FC00000)
#define QUIET_NAN_64		UINT64_C(0x7FF8000000000000)

/* Whether a value has a form in a Parquet type, and if not, why */
typedef enum ParquetForm
{
	PQ_FORM,					/* it has */
	PQ_NO_RANGE,				/* out of the type's range */
	PQ_NO_FRACTION,				/* more digits after the point than the scale */
	PQ_NO_FLOAT,				/* no float4 equals it */
	PQ_NO_INFINITE				/* infinite, or a numeric NaN */
} ParquetForm;

/* The method of the values' own type, which reads them */
static BloomHashMethod
source_of(const BloomHasher *hasher)
{
	return hasher->method == BLOOM_HASH_PARQUET ? hasher->source : hasher->method;
}

/* Whether the hasher's values are timestamptz (not timestamp) */
static bool
is_timestamptz(const BloomHasher *hasher)
{
	return hasher->kind == BLOOM_KIND_TIMESTAMPTZ ||
		hasher->kind == BF_KIND_PQ_TIMESTAMPTZ;
}

/* Raise the error for values (of what) that have no Parquet form */
pg_noreturn static void
raise_unsupported(const char *what)
{
	ereport(ERROR,
			(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
			 errmsg("bloom filters in Parquet mode cannot hold %s values", what),
			 errdetail("Parquet mode holds values of smallint, integer, bigint, real, double precision, text, varchar, char, name, bytea, uuid, date, timestamp, timestamptz, and numeric of a declared precision of at most 18; text only under a deterministic collation.")));
}

/*
 * The Parquet kind of numeric values of a declared precision and scale
 * (typmod): INT32 decimals up to precision 9, INT64 up to 18
 */
static uint32
decimal_kind(int32 typmod)
{
	int			precision;
	int			scale;

	if (typmod < (int32) VARHDRSZ)
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("numeric values need a declared precision and scale in Parquet mode"),
				 errdetail("Parquet stores a decimal as an integer at its column's scale, in INT32 up to precision 9 and in INT64 up to 18."),
				 errhint("Aggregate a column of type numeric(p, s), or give bloom_from_parquet a domain over one.")));
	precision = ((typmod - VARHDRSZ) >> 16) & 0xFFFF;
	scale = (((typmod - VARHDRSZ) & 0x7FF) ^ 1024) - 1024;
	if (precision > BF_PQ_DECIMAL64_DIGITS || scale < 0 || scale > precision)
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("numeric(%d, %d) has no Parquet form that filters hash",
						precision, scale),
				 errdetail("Parquet filters hash decimals of a precision of at most 18 and a scale from 0 to the precision.")));
	return (precision <= BF_PQ_DECIMAL32_DIGITS ? BF_KIND_PQ_DECIMAL32 :
			BF_KIND_PQ_DECIMAL64) + (uint32) scale;
}

/*
 * The Parquet kind of the hasher's values when it needs no type modifier:
 * BLOOM_KIND_NONE for numeric, whose kind its precision and scale give,
 * and for a type with no Parquet form
 */
static uint32
kind_of_method(const BloomHasher *hasher)
{
	switch (hasher->method)
	{
		case BLOOM_HASH_INT2:
		case BLOOM_HASH_INT4:
			return BF_KIND_PQ_INT32;
		case BLOOM_HASH_INT8:
			return BF_KIND_PQ_INT64;
		case BLOOM_HASH_FLOAT4:
			return BF_KIND_PQ_FLOAT;
		case BLOOM_HASH_FLOAT8:
			return BF_KIND_PQ_DOUBLE;
		case BLOOM_HASH_TEXT:
		case BLOOM_HASH_BPCHAR:
		case BLOOM_HASH_NAME:
			return BF_KIND_PQ_STRING;
		case BLOOM_HASH_BYTEA:
			return BF_KIND_PQ_BINARY;
		case BLOOM_HASH_UUID:
			return BF_KIND_PQ_UUID;
		case BLOOM_HASH_DATE:
			return BF_KIND_PQ_DATE;
		case BLOOM_HASH_TIMESTAMP:
			return is_timestamptz(hasher) ? BF_KIND_PQ_TIMESTAMPTZ :
				BF_KIND_PQ_TIMESTAMP;
		default:
			return BLOOM_KIND_NONE;
	}
}

/*
 * The Parquet kind of the hasher's values (typmod: their declared type
 * modifier, for numeric's precision and scale, or -1); an error for a type
 * with no Parquet form
 */
uint32
bloom_parquet_kind(const BloomHasher *hasher, int32 typmod)
{
	uint32		kind;

	if (hasher->method == BLOOM_HASH_PARQUET)
		return hasher->kind;
	if (hasher->method == BLOOM_HASH_NUMERIC)
		return decimal_kind(typmod);
	kind = kind_of_method(hasher);
	if (kind == BLOOM_KIND_NONE)
		raise_unsupported(bloom_kind_name(hasher->kind));
	return kind;
}

/*
 * The Parquet kind of values of a type (a domain's typmod is its own):
 * bloom_from_parquet's value_type
 */
uint32
bloom_parquet_type_kind(Oid typid)
{
	int32		typmod = -1;
	Oid			base;
	BloomHasher hasher;

	bloom_check_type_exists(typid);
	base = getBaseTypeAndTypmod(typid, &typmod);
	/* types without a fast path have no Parquet form, nor need a hash */
	if (bloom_kind_row(base) == NULL)
		raise_unsupported(format_type_be(typid));
	bloom_method_init(&hasher, base, InvalidOid, CurrentMemoryContext);
	return bloom_parquet_kind(&hasher, typmod);
}

/*
 * Make a hasher of the values' own type one of Parquet mode, which hashes
 * them as the Parquet kind bloom_parquet_kind gives (an aggregate's, once
 * per call site)
 */
void
bloom_parquet_hasher(BloomHasher *hasher, int32 typmod)
{
	uint32		kind = bloom_parquet_kind(hasher, typmod);

	if (hasher->method == BLOOM_HASH_PARQUET)
		return;
	hasher->source = hasher->method;
	hasher->method = BLOOM_HASH_PARQUET;
	hasher->kind = kind;
}

/*
 * Whether the hasher's values can be encoded as values of a Parquet kind
 * (false for a kind that is not Parquet's)
 */
bool
bloom_parquet_fits(const BloomHasher *hasher, uint32 kind)
{
	BloomHashMethod source = source_of(hasher);

	switch (kind)
	{
		case BF_KIND_PQ_INT32:
		case BF_KIND_PQ_INT64:
			return source == BLOOM_HASH_INT2 || source == BLOOM_HASH_INT4 ||
				source == BLOOM_HASH_INT8;
		case BF_KIND_PQ_FLOAT:
		case BF_KIND_PQ_DOUBLE:
			return source == BLOOM_HASH_FLOAT4 || source == BLOOM_HASH_FLOAT8;
		case BF_KIND_PQ_STRING:
			return source == BLOOM_HASH_TEXT || source == BLOOM_HASH_BPCHAR ||
				source == BLOOM_HASH_NAME;
		case BF_KIND_PQ_BINARY:
			return source == BLOOM_HASH_BYTEA;
		case BF_KIND_PQ_UUID:
			return source == BLOOM_HASH_UUID;
		case BF_KIND_PQ_DATE:
			return source == BLOOM_HASH_DATE;
		case BF_KIND_PQ_TIMESTAMP:
		case BF_KIND_PQ_TIMESTAMPTZ:
			return source == BLOOM_HASH_TIMESTAMP &&
				is_timestamptz(hasher) == (kind == BF_KIND_PQ_TIMESTAMPTZ);
	}
	return bf_kind_is_parquet(kind) && source == BLOOM_HASH_NUMERIC;
}

/* Hash of a text-like or bytea value's bytes (bpchar without its blanks) */
static uint64
hash_varlena(const BloomHasher *hasher, BloomHashMethod source, Datum value)
{
	struct varlena *v = pg_detoast_datum_packed((struct varlena *) DatumGetPointer(value));
	const char *data = VARDATA_ANY(v);
	size_t		len = VARSIZE_ANY_EXHDR(v);
	uint64		hash;

	if (source == BLOOM_HASH_BPCHAR)
		len = bloom_trimmed_len(data, len);
	hash = source == BLOOM_HASH_BYTEA ? bf_parquet_hash_bytes(data, len) :
		bloom_hash_string(hasher, data, len, true);
	if ((Pointer) v != DatumGetPointer(value))
		pfree(v);
	return hash;
}

/*
 * A numeric as an integer at a scale: its digits with the point moved
 * scale places right, if none but zeros are left after it and it fits
 */
static ParquetForm
scaled_numeric(Numeric num, int scale, int64 *result)
{
	char	   *text;
	const char *p;
	int64		v = 0;
	int			fraction = -1;
	bool		negative;

	if (numeric_is_nan(num) || numeric_is_inf(num))
		return PQ_NO_INFINITE;
	/* the decimal digits, with no trailing zeros after the point */
	text = numeric_normalize(num);
	negative = text[0] == '-';
	for (p = text + (negative ? 1 : 0); *p != '\0'; p++)
	{
		if (*p == '.')
		{
			fraction = 0;
			continue;
		}
		if (fraction >= 0 && ++fraction > scale)
		{
			pfree(text);
			return PQ_NO_FRACTION;
		}
		if (pg_mul_s64_overflow(v, 10, &v) ||
			pg_sub_s64_overflow(v, *p - '0', &v))
		{
			pfree(text);
			return PQ_NO_RANGE;
		}
	}
	pfree(text);
	/* digits were subtracted, so that the lowest int64 fits too */
	for (fraction = Max(fraction, 0); fraction < scale; fraction++)
		if (pg_mul_s64_overflow(v, 10, &v))
			return PQ_NO_RANGE;
	if (!negative && pg_sub_s64_overflow(0, v, &v))
		return PQ_NO_RANGE;
	*result = v;
	return PQ_FORM;
}

/* The value read by the hasher's type as an integer (int2, int4, int8) */
static int64
integer_of(BloomHashMethod source, Datum value)
{
	if (source == BLOOM_HASH_INT2)
		return DatumGetInt16(value);
	if (source == BLOOM_HASH_INT4)
		return DatumGetInt32(value);
	return DatumGetInt64(value);
}

/*
 * Hash of a 4- or 8-byte integer as an INT32 (narrow) or INT64, if it fits
 */
static ParquetForm
hash_integer(int64 v, bool narrow, uint64 *hash)
{
	if (!narrow)
		*hash = bf_parquet_hash_u64((uint64) v);
	else if (v < PG_INT32_MIN || v > PG_INT32_MAX)
		return PQ_NO_RANGE;
	else
		*hash = bf_parquet_hash_u32((uint32) (int32) v);
	return PQ_FORM;
}

/*
 * The hashes of a float4 or float8 as a FLOAT (narrow) or DOUBLE: its
 * bits, NaN as the quiet NaN, and, for a zero with both_zeros, the other
 * zero's too
 */
static ParquetForm
hash_float(double d, bool narrow, bool both_zeros, uint64 *hashes, int *n)
{
	float		f;
	uint32		bits32 = QUIET_NAN_32;
	uint64		bits64;

	*n = both_zeros && d == 0.0 ? 2 : 1;
	if (narrow)
	{
		if (!isnan(d))
		{
			/* (float) of a finite value past FLT_MAX is undefined */
			if (isfinite(d) && fabs(d) > FLT_MAX)
				return PQ_NO_FLOAT;
			f = (float) d;
			if ((double) f != d)
				return PQ_NO_FLOAT;
			memcpy(&bits32, &f, sizeof(bits32));
		}
		hashes[0] = bf_parquet_hash_u32(bits32);
		hashes[1] = bf_parquet_hash_u32(bits32 ^ UINT32_C(0x80000000));
		return PQ_FORM;
	}
	memcpy(&bits64, &d, sizeof(bits64));
	if (isnan(d))
		bits64 = QUIET_NAN_64;
	hashes[0] = bf_parquet_hash_u64(bits64);
	hashes[1] = bf_parquet_hash_u64(bits64 ^ UINT64_C(0x8000000000000000));
	return PQ_FORM;
}

/*
 * The hashes under which a value of the hasher's type is held by a filter
 * of the Parquet kind (which bloom_parquet_fits allows): one, or, with both_zeros,
 * both zeros' for a zero; or why it has no form there
 */
static ParquetForm
encode(const BloomHasher *hasher, uint32 kind, Datum value, bool both_zeros,
	   uint64 *hashes, int *n)
{
	BloomHashMethod source = source_of(hasher);
	int64		scaled;
	ParquetForm form;

	*n = 1;
	switch (kind)
	{
		case BF_KIND_PQ_INT32:
		case BF_KIND_PQ_INT64:
			return hash_integer(integer_of(source, value),
								kind == BF_KIND_PQ_INT32, hashes);
		case BF_KIND_PQ_FLOAT:
		case BF_KIND_PQ_DOUBLE:
			return hash_float(source == BLOOM_HASH_FLOAT4 ?
							  (double) DatumGetFloat4(value) :
							  DatumGetFloat8(value),
							  kind == BF_KIND_PQ_FLOAT, both_zeros, hashes, n);
		case BF_KIND_PQ_STRING:
			if (source == BLOOM_HASH_NAME)
			{
				const char *name = NameStr(*DatumGetName(value));

				hashes[0] = bloom_hash_string(hasher, name, strlen(name), true);
			}
			else
				hashes[0] = hash_varlena(hasher, source, value);
			return PQ_FORM;
		case BF_KIND_PQ_BINARY:
			hashes[0] = hash_varlena(hasher, source, value);
			return PQ_FORM;
		case BF_KIND_PQ_UUID:
			hashes[0] = bf_parquet_hash_bytes(DatumGetUUIDP(value)->data, UUID_LEN);
			return PQ_FORM;
		case BF_KIND_PQ_DATE:
			if (DATE_NOT_FINITE(DatumGetDateADT(value)))
				return PQ_NO_INFINITE;
			return hash_integer((int64) DatumGetDateADT(value) + UNIX_DAYS,
								true, hashes);
		case BF_KIND_PQ_TIMESTAMP:
		case BF_KIND_PQ_TIMESTAMPTZ:
			if (TIMESTAMP_NOT_FINITE(DatumGetTimestamp(value)))
				return PQ_NO_INFINITE;
			if (pg_add_s64_overflow(DatumGetTimestamp(value), UNIX_USECS, &scaled))
				return PQ_NO_RANGE;
			return hash_integer(scaled, false, hashes);
	}
	form = scaled_numeric(DatumGetNumeric(value), (int) (kind & 0xFF), &scaled);
	if (form != PQ_FORM)
		return form;
	return hash_integer(scaled, (kind & ~0xFFU) == BF_KIND_PQ_DECIMAL32, hashes);
}

/* Refuse values of the hasher's type in a filter of a kind they cannot be */
static void
check_fits(const BloomHasher *hasher, uint32 kind)
{
	if (!bloom_parquet_fits(hasher, kind))
		bloom_raise_kind_mismatch(kind, hasher->kind, hasher->typid,
								  hasher->collation);
}

/*
 * The hash under which a value of the hasher's type is added to a filter
 * of the Parquet kind; an error if it is of another family of types, or
 * has no form in that one
 */
uint64
bloom_parquet_hash_as(const BloomHasher *hasher, uint32 kind, Datum value)
{
	static const char *const reasons[] = {
		[PQ_NO_RANGE] = "It is out of the range of that type.",
		[PQ_NO_FRACTION] = "It has more digits after the decimal point than the filter's scale.",
		[PQ_NO_FLOAT] = "No real (float4) value equals it.",
		[PQ_NO_INFINITE] = "Parquet has no form for infinite values, nor for a numeric NaN."
	};
	uint64		hashes[2];
	int			n;
	ParquetForm form;

	check_fits(hasher, kind);
	form = encode(hasher, kind, value, false, hashes, &n);
	if (form != PQ_FORM)
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("value cannot be added to a bloom filter of %s values",
						bloom_kind_name(kind)),
				 errdetail("%s", reasons[form])));
	Assert(n == 1);
	return hashes[0];
}

/*
 * The hashes of a value to test in a filter of the Parquet kind, into
 * hashes (two of room): none if the value has no form in that type, two
 * for a zero (both zeros'), else one; returns how many.  An error if the
 * value is of another family of types.
 */
int
bloom_parquet_test_as(const BloomHasher *hasher, uint32 kind, Datum value,
					  uint64 *hashes)
{
	int			n;

	check_fits(hasher, kind);
	if (encode(hasher, kind, value, true, hashes, &n) != PQ_FORM)
		return 0;
	return n;
}

/*
 * Whether bloom_parquet_test_as tests values of the hasher's type in a
 * filter in Parquet mode whose header is hdr, rather than refusing them:
 * a filter of a kind they fit, or one holding no kind yet that takes
 * theirs (a numeric of unknown scale has none)
 */
bool
bloom_parquet_probe_accepts(const BloomHasher *hasher, const bf_header *hdr)
{
	uint32		kind = hdr->kind;

	if (kind == BLOOM_KIND_NONE)
		kind = hasher->method == BLOOM_HASH_PARQUET ? hasher->kind :
			kind_of_method(hasher);
	return kind != BLOOM_KIND_NONE && bloom_parquet_fits(hasher, kind);
}
