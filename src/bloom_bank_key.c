/*-------------------------------------------------------------------------
 *
 * bloom_bank_key.c
 *	  bloombank_key: a value with its type, the right side of the
 *	  operator a bloombank index answers (filter @> bloombank_value(value)).
 *
 * The membership operators take their value as anycompatible, and an
 * index scan key carries the operator's declared right type, not the
 * value's, while the hash of a value depends on its type (an integer and a
 * bigint hash alike, a text and an integer never).  The planner support of
 * the membership functions (bloom_cost.c) turns f @> x into
 * f @> bloombank_value(x): a key that carries x and its type's OID, which
 * the scan hashes as each class of filters asks.  The key lives only as
 * long as a query; its text form is the type's name and the value's text,
 * 'text ''abc''' (input reads it back).
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_bank_key.c
 *
 *-------------------------------------------------------------------------
 */
#include "bloom_bank.h"

#include "catalog/pg_type.h"
#include "lib/stringinfo.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"
#include "utils/regproc.h"

/* A key: the value's type, then the value (see make_key) */
typedef struct BankKey
{
	int32		vl_len_;
	Oid			typid;
	char		value[FLEXIBLE_ARRAY_MEMBER];
} BankKey;

/*
 * The key of value, of type typid: the value's bytes after the type, a
 * value passed by value as a Datum, one passed by reference as its bytes
 * (a varlena whole and flat, a C string with its terminating zero)
 */
static BankKey *
make_key(Oid typid, Datum value)
{
	int16		typlen;
	bool		byval;
	const void *bytes;
	Size		len;
	BankKey    *key;

	get_typlenbyval(typid, &typlen, &byval);
	if (byval)
	{
		bytes = &value;
		len = sizeof(Datum);
	}
	else if (typlen == -1)
	{
		struct varlena *flat = PG_DETOAST_DATUM_PACKED(value);

		bytes = flat;
		len = VARSIZE_ANY(flat);
	}
	else if (typlen == -2)
	{
		bytes = DatumGetCString(value);
		len = strlen(DatumGetCString(value)) + 1;
	}
	else
	{
		bytes = DatumGetPointer(value);
		len = typlen;
	}
	key = palloc(offsetof(BankKey, value) + len);
	SET_VARSIZE(key, offsetof(BankKey, value) + len);
	key->typid = typid;
	memcpy(key->value, bytes, len);
	return key;
}

/*
 * The value and type a key carries; a value passed by reference is copied
 * (aligned) into the current memory context
 */
void
bloom_bank_key_value(Datum datum, Oid *typid, Datum *value)
{
	BankKey    *key = (BankKey *) PG_DETOAST_DATUM(datum);
	Size		len = VARSIZE(key) - offsetof(BankKey, value);
	int16		typlen;
	bool		byval;
	char	   *copy;

	*typid = key->typid;
	get_typlenbyval(key->typid, &typlen, &byval);
	if (byval)
	{
		if (len != sizeof(Datum))
			elog(ERROR, "bloombank key of %zu bytes for a value passed by value", len);
		memcpy(value, key->value, sizeof(Datum));
		return;
	}
	if ((typlen == -1 && (len < VARHDRSZ_SHORT || VARSIZE_ANY(key->value) != len)) ||
		(typlen == -2 && strnlen(key->value, len) != len - 1) ||
		(typlen > 0 && len != (Size) typlen))
		elog(ERROR, "bloombank key of %zu bytes does not hold a value of type %u",
			 len, key->typid);
	copy = palloc(len);
	memcpy(copy, key->value, len);
	*value = PointerGetDatum(copy);
}

/*
 * bloombank_value(value): the key of value, with its type (that of the
 * expression passed)
 */
PG_FUNCTION_INFO_V1(bloomfilter_bank_value);
Datum
bloomfilter_bank_value(PG_FUNCTION_ARGS)
{
	Oid			typid = get_fn_expr_argtype(fcinfo->flinfo, 0);

	if (!OidIsValid(typid))
		ereport(ERROR,
				(errcode(ERRCODE_INDETERMINATE_DATATYPE),
				 errmsg("could not determine the type of the value of a bloombank key")));
	PG_RETURN_POINTER(make_key(typid, PG_GETARG_DATUM(0)));
}

/* bloombank_key_out: the type's name, qualified, then the value quoted */
PG_FUNCTION_INFO_V1(bloomfilter_bank_key_out);
Datum
bloomfilter_bank_key_out(PG_FUNCTION_ARGS)
{
	Oid			typid;
	Datum		value;
	Oid			output;
	bool		varlena;

	bloom_bank_key_value(PG_GETARG_DATUM(0), &typid, &value);
	getTypeOutputInfo(typid, &output, &varlena);
	PG_RETURN_CSTRING(psprintf("%s %s", format_type_be_qualified(typid),
							   quote_literal_cstr(OidOutputFunctionCall(output, value))));
}

/* Raise the error for a key's text that is not of the output's form */
pg_noreturn static void
raise_key_syntax(const char *input)
{
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
			 errmsg("invalid input syntax for type bloombank_key: \"%s\"", input),
			 errdetail("A key is a type's name and a quoted value of that type, as in text 'abc'.")));
}

/*
 * bloombank_key_in: a key from its text, "type 'value'": the type's name
 * up to the first quote, the value's text quoted as a literal (quotes
 * doubled), read by the type's input function
 */
PG_FUNCTION_INFO_V1(bloomfilter_bank_key_in);
Datum
bloomfilter_bank_key_in(PG_FUNCTION_ARGS)
{
	char	   *input = PG_GETARG_CSTRING(0);
	char	   *quote = strchr(input, '\'');
	char	   *typname;
	StringInfoData value;
	const char *p;
	Oid			typid;
	Oid			typinput;
	Oid			typioparam;

	if (quote == NULL || quote == input)
		raise_key_syntax(input);
	typname = pnstrdup(input, quote - input);
	typid = DatumGetObjectId(DirectFunctionCall1(regtypein, CStringGetDatum(typname)));
	initStringInfo(&value);
	for (p = quote + 1; *p != '\0'; p++)
	{
		if (*p != '\'')
			appendStringInfoChar(&value, *p);
		else if (p[1] == '\'')
			appendStringInfoChar(&value, *p++);
		else
			break;
	}
	if (*p != '\'' || p[1] != '\0')
		raise_key_syntax(input);
	getTypeInputInfo(typid, &typinput, &typioparam);
	PG_RETURN_POINTER(make_key(typid, OidInputFunctionCall(typinput, value.data,
															typioparam, -1)));
}
