/*-------------------------------------------------------------------------
 *
 * bloom_io.c
 *	  Input and output of the bloom type: text, binary, and bytea casts.
 *
 * The text form is the base64 encoding of the serialized filter (so every
 * value starts "QkYB", the magic and version); the binary form and the
 * bytea cast carry the serialized bytes themselves.  Output followed by
 * input gives back the same bytes, so pg_dump and COPY round-trip.  Every
 * input path validates the whole value with the core's validator before
 * anything is allocated for it, and refuses any malformed byte string with
 * an error, never reading past its end.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_io.c
 *
 *-------------------------------------------------------------------------
 */
#include "bloom_access.h"

#include "common/base64.h"
#include "libpq/pqformat.h"
#include "utils/memutils.h"

/* Length of the base64 text of a filter of the maximum size */
#define BLOOM_MAX_TEXT	((BF_MAX_SIZE + 2) / 3 * 4)

StaticAssertDecl(BLOOM_MAX_TEXT < MaxAllocSize,
				 "the text form of the largest filter must fit in one allocation");

/* A new bloom value holding a copy of len validated bytes */
static struct varlena *
copy_filter(const char *bytes, size_t len)
{
	struct varlena *result = bloom_palloc(len);

	memcpy(VARDATA(result), bytes, len);
	return result;
}

/*
 * Text input: base64 of a serialized filter.  Errors are soft where the
 * caller asks (pg_input_is_valid, COPY ... ON_ERROR, on PostgreSQL 16 and
 * later): the value is then NULL and the error is in fcinfo->context.
 */
PG_FUNCTION_INFO_V1(bloom_in);
Datum
bloom_in(PG_FUNCTION_ARGS)
{
	char	   *input = PG_GETARG_CSTRING(0);
	Node	   *escontext = fcinfo->context;
	size_t		inlen = strlen(input);
	bloom_b64_byte *bytes;
	int			declen;
	int			len;
	bf_status	status;

	/*
	 * Refuse text longer than the base64 form of the largest filter before
	 * sizing the buffer, so the allocation stays within MaxAllocSize.  The
	 * decoded length is computed here in size_t: pg_b64_dec_len multiplies
	 * in int, which overflows for inputs past 715 MB.
	 */
	if (inlen > BLOOM_MAX_TEXT)
	{
		bloom_report_syntax(input, "The value is longer than the text form of any bloom filter.",
							escontext);
		PG_RETURN_NULL();
	}
	declen = (int) (inlen / 4 * 3 + 3);
	bytes = palloc(declen + 1);
	len = pg_b64_decode(input, (int) inlen, bytes, declen);
	if (len < 0)
	{
		bloom_report_syntax(input, "The value is not valid base64.", escontext);
		PG_RETURN_NULL();
	}
	status = bf_validate(bytes, (size_t) len);
	if (status != BF_OK)
	{
		bloom_report(status, BLOOM_SOURCE_TEXT, input, escontext);
		PG_RETURN_NULL();
	}
	PG_RETURN_POINTER(copy_filter((const char *) bytes, (size_t) len));
}

/* Text output: base64 of the serialized filter */
PG_FUNCTION_INFO_V1(bloom_out);
Datum
bloom_out(PG_FUNCTION_ARGS)
{
	struct varlena *filter = PG_GETARG_VARLENA_PP(0);
	int			len = (int) VARSIZE_ANY_EXHDR(filter);
	int			outlen = pg_b64_enc_len(len);
	char	   *output = palloc(outlen + 1);
	int			written = pg_b64_encode((const bloom_b64_byte *) VARDATA_ANY(filter),
										len, output, outlen);

	if (written < 0)
		elog(ERROR, "could not encode bloom filter as base64");
	output[written] = '\0';
	PG_RETURN_CSTRING(output);
}

/*
 * Binary input: the serialized filter, validated in the message buffer.
 * Errors are soft if the caller ever passes a soft-error context.
 */
PG_FUNCTION_INFO_V1(bloom_recv);
Datum
bloom_recv(PG_FUNCTION_ARGS)
{
	StringInfo	buf = (StringInfo) PG_GETARG_POINTER(0);
	size_t		len = (size_t) (buf->len - buf->cursor);
	const char *bytes = pq_getmsgbytes(buf, (int) len);
	bf_status	status = bf_validate(bytes, len);

	if (status != BF_OK)
	{
		bloom_report(status, BLOOM_SOURCE_BINARY, NULL, fcinfo->context);
		PG_RETURN_NULL();
	}
	PG_RETURN_POINTER(copy_filter(bytes, len));
}

/* Binary output: the serialized filter */
PG_FUNCTION_INFO_V1(bloom_send);
Datum
bloom_send(PG_FUNCTION_ARGS)
{
	struct varlena *filter = PG_GETARG_VARLENA_PP(0);
	StringInfoData buf;

	pq_begintypsend(&buf);
	pq_sendbytes(&buf, VARDATA_ANY(filter), (int) VARSIZE_ANY_EXHDR(filter));
	PG_RETURN_BYTEA_P(pq_endtypsend(&buf));
}

/*
 * Cast from bytea: the bytes must be a valid serialized filter.  (The cast
 * to bytea needs no function: the representations are the same.)
 */
PG_FUNCTION_INFO_V1(bloom_from_bytea);
Datum
bloom_from_bytea(PG_FUNCTION_ARGS)
{
	bytea	   *input = PG_GETARG_BYTEA_PP(0);
	size_t		len = VARSIZE_ANY_EXHDR(input);
	bf_status	status = bf_validate(VARDATA_ANY(input), len);

	if (status != BF_OK)
		bloom_raise(status, BLOOM_SOURCE_BYTEA);
	PG_RETURN_POINTER(copy_filter(VARDATA_ANY(input), len));
}
