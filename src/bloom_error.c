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

#include "catalog/pg_type.h"
#include "mb/pg_wchar.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"

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
		case BF_E_BAD_KIND:
		case BF_E_RESERVED:
		case BF_E_BAD_PARAMS:
		case BF_E_BAD_COUNT:
		case BF_E_LENGTH:
		case BF_E_BITS_SET:
		case BF_E_UNSORTED:
		case BF_E_PQ_HEADER:
		case BF_E_PQ_ALGORITHM:
		case BF_E_PQ_HASH:
		case BF_E_PQ_COMPRESSION:
		case BF_E_PQ_SIZE:
		case BF_E_PQ_LENGTH:
		case BF_E_BAD_PART:
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
 * invalid_parameter_value; sizes past the limit, and rates below the
 * smallest that a filter within it meets, get program_limit_exceeded;
 * memory the core's allocator could not give, out_of_memory.  Returns
 * only if escontext is a soft-error context, which then holds the error.
 * Incompatible operands have their own function, bloom_raise_incompatible,
 * which can describe both filters.
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
	else if (status == BF_E_CONFIDENCE)
		errsave(escontext,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("bloom filter confidence level must be greater than 0 and less than 1")));
	else if (status == BF_E_FPR_FLOOR)
		errsave(escontext,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("bloom filter false-positive rate must be at least %.17g",
						BF_MIN_FPR),
				 errdetail("%s", detail),
				 errhint("Ask for a higher false-positive rate.")));
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
	else if (source == BLOOM_SOURCE_PARQUET)
		errsave(escontext,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("bytea value is not a Parquet bloom filter that can be read"),
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
	if (view->hdr.flags & BF_FLAG_PART)
		return psprintf("part %u of %u of a filter of %llu blocks (capacity %llu, false-positive rate %g)",
						view->hdr.part, view->hdr.parts,
						(unsigned long long) (view->hdr.nitems * view->hdr.parts),
						(unsigned long long) view->hdr.capacity, view->hdr.fpr);
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
 * How to build filters that combine, for two block filters whose block
 * counts do not: a filter sized by bloom_agg(value) has a power-of-two
 * count, which only filters of a power-of-two count combine with, so it is
 * to be rebuilt with the other's capacity and rate; two filters of given
 * sizes are to be built with one.
 */
static const char *
rebuild_hint(const bf_view *a, const bf_view *b)
{
	const bf_view *sized = (a->hdr.flags & BF_FLAG_AUTO) ? b : a;

	if ((a->hdr.flags & BF_FLAG_AUTO) != (b->hdr.flags & BF_FLAG_AUTO))
		return psprintf("Rebuild the filter sized by bloom_agg(value) from its values with bloom_agg(value, %llu, %g), the capacity and false-positive rate of the other.",
						(unsigned long long) sized->hdr.capacity, sized->hdr.fpr);
	return "Build filters that are to be combined with the same capacity and false-positive rate, or with bloom_agg's default sizing.";
}

/*
 * Raise the error for two filters that cannot be combined (status is
 * BF_E_HASH_MISMATCH, BF_E_KIND_MISMATCH, BF_E_PART_MISMATCH or
 * BF_E_FOLD), naming what differs and how to build filters that can be.
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
	if (status == BF_E_KIND_MISMATCH &&
		(bloom_kind_is_1_0_of(a->hdr.kind, b->hdr.kind) ||
		 bloom_kind_is_1_0_of(b->hdr.kind, a->hdr.kind)))
		ereport(ERROR,
				(errcode(ERRCODE_DATATYPE_MISMATCH),
				 errmsg("cannot combine a bloom filter of type %s made by bloomfilter 1.0 with one made by a later version",
						bloom_kind_name(bloom_kind_is_by_value(a->hdr.kind) ?
										a->hdr.kind : b->hdr.kind)),
				 errdetail("Filters made by 1.0 hash the enum values inside such values by their OIDs, which a dump and restore changes; later versions hash them by their labels."),
				 errhint("Rebuild the older filter from its values with bloom_agg.")));
	if (status == BF_E_KIND_MISMATCH)
		ereport(ERROR,
				(errcode(ERRCODE_DATATYPE_MISMATCH),
				 errmsg("cannot combine a bloom filter of %s values with one of %s values",
						bloom_kind_name(a->hdr.kind), bloom_kind_name(b->hdr.kind))));
	if (status == BF_E_PART_MISMATCH)
		ereport(ERROR,
				(errcode(ERRCODE_DATA_EXCEPTION),
				 errmsg("bloom filters are not the same part of one filter"),
				 errdetail("The first filter is %s, the second %s.",
						   describe(a), describe(b)),
				 errhint("Combine filters kept in parts part by part, joined on the part number, and build them with the same capacity, false-positive rate and number of parts.")));
	if (status == BF_E_FOLD)
		ereport(ERROR,
				(errcode(ERRCODE_DATA_EXCEPTION),
				 errmsg("bloom filters have incompatible sizes"),
				 errdetail("The first filter has %s, the second %s; block counts must be equal or differ by a power of two.",
						   describe(a), describe(b)),
				 errhint("%s", rebuild_hint(a, b))));
	if (status == BF_E_HASH_MISMATCH)
		ereport(ERROR,
				(errcode(ERRCODE_DATA_EXCEPTION),
				 errmsg("cannot combine a bloom filter of hash %s with one of hash %s",
						bf_hash_name(a->hdr.hash_id), bf_hash_name(b->hdr.hash_id)),
				 errdetail("The same value has different bits in filters of different hashes."),
				 errhint("Build filters that are to be combined with the same hash: bloom_agg and bloom_create's default, or bloom_parquet_agg and bloom_create(capacity, fpr, hash => 'parquet').")));
	bloom_raise(status, BLOOM_SOURCE_STORED);
}

/*
 * Raise the error for a value whose kind differs from the kind of values
 * a filter holds.  value_type and collation are the value's, to say what
 * would answer: a filter of a type now hashed by value that 1.0 made
 * (bloom_kind_is_1_0_of) must be rebuilt; a filter of an enum
 * or composite type that was renamed (a kind no type has, of the value's
 * family) can be re-tagged; a filter of text under a collation defined
 * otherwise is probed under its own, or, if no collation has its kind
 * (its definition or ICU version changed), rebuilt.
 */
void
bloom_raise_kind_mismatch(uint32 filter_kind, uint32 value_kind,
						  Oid value_type, Oid collation)
{
	Oid			base = getBaseType(value_type);
	char		typtype = get_typtype(base);
	bool		unknown = bloom_kind_is_named(filter_kind) &&
		bloom_other_kind_owner(filter_kind) == NULL;
	bool		collated = OidIsValid(collation) &&
		!get_collation_isdeterministic(collation);

	if (bloom_kind_is_1_0_of(filter_kind, value_kind))
		ereport(ERROR,
				(errcode(ERRCODE_DATATYPE_MISMATCH),
				 errmsg("bloom filter of type %s was made by bloomfilter 1.0, which hashed the enum values in it by their OIDs",
						format_type_be(value_type)),
				 errdetail("A dump and restore changes those OIDs, so values holding enums are now hashed by their labels."),
				 errhint("Rebuild the filter from its values with bloom_agg.")));
	if (unknown && bloom_kind_is_named(value_kind) &&
		bloom_kind_is_by_value(filter_kind) == bloom_kind_is_by_value(value_kind) &&
		(typtype == TYPTYPE_ENUM || typtype == TYPTYPE_COMPOSITE))
		ereport(ERROR,
				(errcode(ERRCODE_DATATYPE_MISMATCH),
				 errmsg("bloom filter holds %s values, not %s values",
						bloom_kind_name(filter_kind), bloom_kind_name(value_kind)),
				 errhint("If the filter was built from type %s under an earlier name, re-tag it: bloom_retag(filter, %s).",
						 format_type_be(value_type),
						 quote_literal_cstr(format_type_be(value_type)))));
	ereport(ERROR,
			(errcode(ERRCODE_DATATYPE_MISMATCH),
			 errmsg("bloom filter holds %s values, not %s values",
					bloom_kind_name(filter_kind), bloom_kind_name(value_kind)),
			 !collated ?
			 errhint("Cast the value to the type the filter was built from.") :
			 unknown ?
			 errhint("If the filter was built under a collation whose definition or ICU version has changed since, rebuild it with bloom_agg.") :
			 errhint("Give the value the type and collation the filter was built from.")));
	pg_unreachable();
}

/*
 * Raise the error for values hashed for one mode added to a filter of the
 * other (an aggregate's initial value in the other mode)
 */
void
bloom_raise_hash_mismatch(uint8 filter_hash, uint8 value_hash)
{
	ereport(ERROR,
			(errcode(ERRCODE_DATA_EXCEPTION),
			 errmsg("cannot add values hashed by %s to a bloom filter of hash %s",
					bf_hash_name(value_hash), bf_hash_name(filter_hash)),
			 errhint("Add values to a filter of hash parquet with bloom_parquet_agg, bloom_add or bloom_add_all, and to one of hash xxh3_64 with bloom_agg, bloom_add or bloom_add_all.")));
	pg_unreachable();
}

/*
 * Raise the error for a value tested against, or added to, a part of a
 * filter (hdr) that it does not belong to: never a silent false, which a
 * probe of the wrong part would otherwise answer.
 */
void
bloom_raise_other_part(const bf_header *hdr, uint64 hash)
{
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("value belongs to part %u of the bloom filter, not to part %u",
					bf_part_of(hash, hdr->parts), hdr->part),
			 errdetail("The filter is part %u of %u; a value is tested against, and added to, its own part only.",
					   hdr->part, hdr->parts),
			 errhint("Select the value's part with bloom_part_of(value, %llu, %g, %u).",
					 (unsigned long long) hdr->capacity, hdr->fpr, hdr->parts)));
	pg_unreachable();
}
