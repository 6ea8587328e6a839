/*-------------------------------------------------------------------------
 *
 * bloom_error.c
 *	  The one place where the core library's status codes become
 *	  PostgreSQL errors.
 *
 * Each core status has one sentence (bf_status_message), used as the
 * detail; the primary message and the error code depend on where the
 * failing bytes came from (BloomSource).  Input functions report through
 * their soft-error context where the server has one (PostgreSQL 16 and
 * later), so pg_input_is_valid and COPY ... ON_ERROR work on bloom values.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_error.c
 *
 *-------------------------------------------------------------------------
 */
#include "bloom_error.h"

#include "mb/pg_wchar.h"

/* Input echoed in an error message is cut to this many bytes */
#define BLOOM_ECHO_BYTES	40

/*
 * The start of a rejected input string, cut at a character boundary so
 * that an error about a huge value stays readable.
 */
static const char *
echo_input(const char *input)
{
	size_t		len = strlen(input);
	int			cut;

	if (len <= BLOOM_ECHO_BYTES)
		return input;
	cut = pg_mbcliplen(input, (int) len, BLOOM_ECHO_BYTES);
	return psprintf("%.*s...", cut, input);
}

/* Whether a status says that a serialized filter is malformed */
static bool
status_is_malformed(bf_status status)
{
	switch (status)
	{
		case BF_E_TRUNCATED:
		case BF_E_MAGIC:
		case BF_E_VERSION:
		case BF_E_BAD_LAYOUT:
		case BF_E_BAD_FLAGS:
		case BF_E_BAD_HASH:
		case BF_E_RESERVED:
		case BF_E_BAD_PARAMS:
		case BF_E_BAD_COUNT:
		case BF_E_LENGTH:
		case BF_E_BITS_SET:
		case BF_E_UNSORTED:
			return true;
		default:
			return false;
	}
}

/*
 * Report text that is not a bloom value: PostgreSQL's usual "invalid input
 * syntax" with the start of the input and a detail sentence.  Returns only
 * if escontext is a soft-error context, which then holds the error.
 */
void
bloom_report_syntax(const char *input, const char *detail, Node *escontext)
{
	errsave(escontext,
			(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
			 errmsg("invalid input syntax for type %s: \"%s\"",
					"bloom", echo_input(input)),
			 errdetail("%s", detail)));
}

/*
 * Report a failed core status.
 *
 * status: what the core reported.
 * source: where the bytes or arguments came from; picks the message.
 * input: the text input, for BLOOM_SOURCE_TEXT; else NULL.
 * escontext: an input function's soft-error context, or NULL.
 *
 * Malformed values get the code of their source (text, binary, bytea, or
 * data_corrupted for a value already stored or an aggregate's state) and
 * the core's sentence as detail; bad arguments get
 * invalid_parameter_value; sizes past the limit get
 * program_limit_exceeded; memory the core's allocator could not give,
 * out_of_memory.  Returns only if escontext is a soft-error context,
 * which then holds the error.  Incompatible operands have their own
 * function, bloom_raise_incompatible, which can describe both filters.
 */
void
bloom_report(bf_status status, BloomSource source, const char *input,
			 Node *escontext)
{
	const char *detail = bf_status_message(status);

	if (status == BF_E_CAPACITY)
		errsave(escontext,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("bloom filter capacity must be at least 1")));
	else if (status == BF_E_FPR)
		errsave(escontext,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("bloom filter false-positive rate must be greater than 0 and less than 1")));
	else if (status == BF_E_TOO_LARGE)
		errsave(escontext,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("bloom filter would be too large"),
				 errdetail("%s", detail),
				 errhint("Ask for a smaller capacity or a higher false-positive rate.")));
	else if (status == BF_E_MEMORY)
		errsave(escontext,
				(errcode(ERRCODE_OUT_OF_MEMORY),
				 errmsg("out of memory"),
				 errdetail("%s", detail)));
	else if (!status_is_malformed(status) || source == BLOOM_SOURCE_ARGUMENTS)
		elog(ERROR, "unexpected bloom filter status %d: %s", (int) status, detail);
	else if (source == BLOOM_SOURCE_TEXT)
		bloom_report_syntax(input, detail, escontext);
	else if (source == BLOOM_SOURCE_BINARY)
		errsave(escontext,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("invalid binary data for type %s", "bloom"),
				 errdetail("%s", detail)));
	else if (source == BLOOM_SOURCE_BYTEA)
		errsave(escontext,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("bytea value is not a valid bloom filter"),
				 errdetail("%s", detail)));
	else
		errsave(escontext,
				(errcode(ERRCODE_DATA_CORRUPTED),
				 errmsg(source == BLOOM_SOURCE_STATE ?
						"bloom aggregate state is corrupted" :
						"bloom filter is corrupted"),
				 errdetail("%s", detail)));
}

/* Raise the error for a failed core status (bloom_report, no soft error) */
void
bloom_raise(bf_status status, BloomSource source)
{
	bloom_report(status, source, NULL, NULL);
	pg_unreachable();
}

/* A phrase describing a filter's shape, for error details */
static const char *
describe(const bf_view *view)
{
	if (view->hdr.layout == BF_LAYOUT_EXACT)
		return psprintf("an exact list of %llu values",
						(unsigned long long) view->hdr.nitems);
	if (view->hdr.flags & BF_FLAG_AUTO)
		return psprintf("%llu blocks (sized by bloom_agg)",
						(unsigned long long) view->hdr.nitems);
	return psprintf("%llu blocks (capacity %llu, false-positive rate %g)",
					(unsigned long long) view->hdr.nitems,
					(unsigned long long) view->hdr.capacity, view->hdr.fpr);
}

/*
 * Raise the error for two filters that cannot be combined (status is
 * BF_E_HASH_MISMATCH, BF_E_KIND_MISMATCH or BF_E_FOLD), naming what
 * differs and how to build filters that can be.
 */
void
bloom_raise_incompatible(bf_status status, const bf_view *a, const bf_view *b)
{
	if (status == BF_E_KIND_MISMATCH &&
		(a->hdr.kind == BLOOM_KIND_TEXT_BLANKS || b->hdr.kind == BLOOM_KIND_TEXT_BLANKS) &&
		(a->hdr.kind == BLOOM_KIND_TEXT || b->hdr.kind == BLOOM_KIND_TEXT))
		ereport(ERROR,
				(errcode(ERRCODE_DATATYPE_MISMATCH),
				 errmsg("cannot combine a bloom filter of text made by bloomfilter 1.0 with one made by a later version"),
				 errdetail("Filters of text made by 1.0 hash the trailing blanks of text and varchar values; later versions hash every text-like value without them."),
				 errhint("Rebuild the older filter from its values with bloom_agg.")));
	if (status == BF_E_KIND_MISMATCH)
		ereport(ERROR,
				(errcode(ERRCODE_DATATYPE_MISMATCH),
				 errmsg("cannot combine a bloom filter of %s values with one of %s values",
						bloom_kind_name(a->hdr.kind), bloom_kind_name(b->hdr.kind))));
	if (status == BF_E_FOLD)
		ereport(ERROR,
				(errcode(ERRCODE_DATA_EXCEPTION),
				 errmsg("bloom filters have incompatible sizes"),
				 errdetail("The first filter has %s, the second %s; block counts must be equal or differ by a power of two.",
						   describe(a), describe(b)),
				 errhint("Build filters that are to be combined with the same capacity and false-positive rate, or with bloom_agg's default sizing.")));
	if (status == BF_E_HASH_MISMATCH)
		ereport(ERROR,
				(errcode(ERRCODE_DATA_EXCEPTION),
				 errmsg("bloom filters use different hash functions"),
				 errdetail("The first filter uses hash %u with seed %llu, the second hash %u with seed %llu.",
						   a->hdr.hash_id, (unsigned long long) a->hdr.seed,
						   b->hdr.hash_id, (unsigned long long) b->hdr.seed)));
	bloom_raise(status, BLOOM_SOURCE_STORED);
}

/*
 * Raise the error for a value whose kind differs from the kind of values
 * a filter holds.
 */
void
bloom_raise_kind_mismatch(uint32 filter_kind, uint32 value_kind)
{
	ereport(ERROR,
			(errcode(ERRCODE_DATATYPE_MISMATCH),
			 errmsg("bloom filter holds %s values, not %s values",
					bloom_kind_name(filter_kind), bloom_kind_name(value_kind)),
			 errhint("Cast the value to the type the filter was built from.")));
	pg_unreachable();
}
