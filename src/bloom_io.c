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
 * Text input ignores blanks, tabs and line breaks, as decode(..., 'base64')
 * does, so the output of the base64 tool (wrapped at 76 columns) is read as
 * it is.  PostgreSQL's base64 functions take int lengths, which the text of
 * a filter over 512 MiB overflows: both directions work in chunks.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_io.c
 *
 *-------------------------------------------------------------------------
 */
#include "bloom_state.h"

#include "common/base64.h"
#include "libpq/pqformat.h"
#include "utils/memutils.h"

/* Length of the base64 text of a filter of the maximum size */
#define BLOOM_MAX_TEXT	((BF_MAX_SIZE + 2) / 3 * 4)

StaticAssertDecl(BLOOM_MAX_TEXT < MaxAllocSize,
				 "the text form of the largest filter must fit in one allocation");

/*
 * Bytes encoded per call of PostgreSQL's base64 functions: a multiple of 3
 * bytes (4 characters of text), so that only the last chunk has padding,
 * and well within their int lengths.
 */
#define BLOOM_B64_CHUNK_BYTES	((size_t) 3 << 20)
#define BLOOM_B64_CHUNK_TEXT	(BLOOM_B64_CHUNK_BYTES / 3 * 4)

/* Whether c is white space that base64 input may hold (as decode's) */
static inline bool
is_b64_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/*
 * The input without its white space, and its length in *len: the input
 * itself if it has none, else a new palloc'd copy.
 */
static const char *
strip_space(const char *input, size_t *len)
{
	char	   *copy;
	size_t		n = 0;

	if (strpbrk(input, " \t\n\r") == NULL)
		return input;
	copy = palloc(*len + 1);
	for (size_t i = 0; i < *len; i++)
	{
		if (!is_b64_space(input[i]))
			copy[n++] = input[i];
	}
	copy[n] = '\0';
	*len = n;
	return copy;
}

/*
 * Decode len characters of base64 (no white space) into dst, which has
 * room for len / 4 * 3 bytes, chunk by chunk; the number of bytes
 * decoded, or -1 if the text is not base64 (padding is allowed at its end
 * only, so every chunk but the last must decode to its full size).
 */
static ssize_t
decode_base64(const char *text, size_t len, uint8 *dst)
{
	size_t		done = 0;
	size_t		written = 0;

	while (done < len)
	{
		size_t		chunk = Min(len - done, BLOOM_B64_CHUNK_TEXT);
		int			n = pg_b64_decode(text + done, (int) chunk,
									  (bloom_b64_byte *) dst + written,
									  (int) (chunk / 4 * 3 + 3));

		if (n < 0 || (done + chunk < len && (size_t) n != chunk / 4 * 3))
			return -1;
		done += chunk;
		written += (size_t) n;
	}
	return (ssize_t) written;
}

/*
 * The base64 text of len bytes, encoded chunk by chunk, as a new palloc'd
 * string.
 */
static char *
encode_base64(const uint8 *bytes, size_t len)
{
	size_t		outlen = (len + 2) / 3 * 4;
	char	   *output = palloc(outlen + 1);
	size_t		done = 0;
	size_t		written = 0;

	while (done < len)
	{
		size_t		chunk = Min(len - done, BLOOM_B64_CHUNK_BYTES);
		int			n = pg_b64_encode((const bloom_b64_byte *) bytes + done,
									  (int) chunk, output + written,
									  (int) ((chunk + 2) / 3 * 4));

		if (n < 0)
			elog(ERROR, "could not encode bloom filter as base64");
		done += chunk;
		written += (size_t) n;
	}
	Assert(written == outlen);
	output[written] = '\0';
	return output;
}

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
PG_FUNCTION_INFO_V1(bloomfilter_in);
Datum
bloomfilter_in(PG_FUNCTION_ARGS)
{
	char	   *input = PG_GETARG_CSTRING(0);
	Node	   *escontext = fcinfo->context;
	size_t		inlen = strlen(input);
	const char *text = strip_space(input, &inlen);
	uint8	   *bytes;
	ssize_t		len;
	bf_status	status;

	/*
	 * Refuse text longer than the base64 form of the largest filter before
	 * sizing the buffer, so the allocation stays within MaxAllocSize.
	 */
	if (inlen > BLOOM_MAX_TEXT)
	{
		bloom_report_syntax(input, "The value is longer than the text form of any bloom filter.",
							escontext);
		PG_RETURN_NULL();
	}
	bytes = palloc(inlen / 4 * 3 + 3);
	len = decode_base64(text, inlen, bytes);
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

/*
 * The serialized form of argument 0 that output carries: of an aggregate's
 * state (a partial state that Citus's workers ship to the coordinator as
 * this output, whatever citus.enable_binary_protocol says), its packed
 * form (bloom_state_pack), a filter or the sorted hashes or positions its
 * accumulator holds; of any other value, its bytes
 */
static struct varlena *
output_form(FunctionCallInfo fcinfo)
{
	BloomState *state = bloom_state_of(PG_GETARG_DATUM(0));

	if (state != NULL)
		return bloom_state_pack(state);
	return PG_GETARG_VARLENA_PP(0);
}

/* Text output: base64 of the serialized filter (output_form) */
PG_FUNCTION_INFO_V1(bloomfilter_out);
Datum
bloomfilter_out(PG_FUNCTION_ARGS)
{
	struct varlena *filter = output_form(fcinfo);

	PG_RETURN_CSTRING(encode_base64((const uint8 *) VARDATA_ANY(filter),
									VARSIZE_ANY_EXHDR(filter)));
}

/*
 * Binary input: the serialized filter, validated in the message buffer.
 * Errors are soft if the caller ever passes a soft-error context.
 */
PG_FUNCTION_INFO_V1(bloomfilter_recv);
Datum
bloomfilter_recv(PG_FUNCTION_ARGS)
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

/* Binary output: the serialized filter (output_form) */
PG_FUNCTION_INFO_V1(bloomfilter_send);
Datum
bloomfilter_send(PG_FUNCTION_ARGS)
{
	struct varlena *filter = output_form(fcinfo);
	StringInfoData buf;

	pq_begintypsend(&buf);
	pq_sendbytes(&buf, VARDATA_ANY(filter), (int) VARSIZE_ANY_EXHDR(filter));
	PG_RETURN_BYTEA_P(pq_endtypsend(&buf));
}

/*
 * Cast from bytea: the bytes must be a valid serialized filter.  (The cast
 * to bytea needs no function: the representations are the same.)
 */
PG_FUNCTION_INFO_V1(bloomfilter_from_bytea);
Datum
bloomfilter_from_bytea(PG_FUNCTION_ARGS)
{
	bytea	   *input = PG_GETARG_BYTEA_PP(0);
	size_t		len = VARSIZE_ANY_EXHDR(input);
	bf_status	status = bf_validate(VARDATA_ANY(input), len);

	if (status != BF_OK)
		bloom_raise(status, BLOOM_SOURCE_BYTEA);
	PG_RETURN_POINTER(copy_filter(VARDATA_ANY(input), len));
}
