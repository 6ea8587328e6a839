/*-------------------------------------------------------------------------
 *
 * bf_status.c
 *	  Human-readable text for the core's status codes and hash ids, and
 *	  the report of a failed assertion.
 *
 * The status texts are written to serve as the detail line of an error
 * report: complete sentences, capitalized, ending with a period.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/core/bf_status.c
 *
 *-------------------------------------------------------------------------
 */
#include <stdio.h>
#include <stdlib.h>

#include "bf_internal.h"
#include "bf_testing.h"

/* Sentence describing a status code */
const char *
bf_status_message(bf_status status)
{
	switch (status)
	{
		case BF_OK:
			return "No error.";
		case BF_E_CAPACITY:
			return "The capacity must be at least 1.";
		case BF_E_FPR:
			return "The false-positive rate must be greater than 0 and less than 1.";
		case BF_E_CONFIDENCE:
			return "The confidence level must be greater than 0 and less than 1.";
		case BF_E_FPR_FLOOR:
			return "That is the rate of one value in the largest filter (768 MB): no filter meets a lower one.";
		case BF_E_TOO_LARGE:
			return "The filter would be larger than the maximum of 768 MB.";
		case BF_E_BUFFER:
			return "The output buffer does not have the size the operation needs.";
		case BF_E_LAYOUT:
			return "The operation is not defined for this layout of filter.";
		case BF_E_FOLD:
			return "The block counts do not differ by a power of two.";
		case BF_E_UNSUPPORTED:
			return "This CPU does not support the requested kernels.";
		case BF_E_PARTS:
			return "The number of parts or the part number is out of range for this filter.";
		case BF_E_MEMORY:
			return "The memory the operation needs could not be allocated.";
		case BF_E_HASH_MISMATCH:
			return "The filters use different hash functions or seeds.";
		case BF_E_KIND_MISMATCH:
			return "The filters hold different kinds of values.";
		case BF_E_PART_MISMATCH:
			return "The filters are not the same part of the same filter.";
		case BF_E_OTHER_PART:
			return "The value belongs to another part of the filter.";
		case BF_E_SATURATED:
			return "The union of the two filters, folded to the smaller one's size, has every bit set.";
		case BF_E_TRUNCATED:
			return "The value is shorter than a filter header.";
		case BF_E_MAGIC:
			return "The value does not start with the bloom filter magic bytes.";
		case BF_E_VERSION:
			return "The format version is not supported.";
		case BF_E_BAD_LAYOUT:
			return "The layout byte is not valid.";
		case BF_E_BAD_FLAGS:
			return "The flags are not valid for this filter.";
		case BF_E_BAD_HASH:
			return "The hash function or seed is not supported.";
		case BF_E_BAD_KIND:
			return "The kind of value in the header is not one this version knows.";
		case BF_E_RESERVED:
			return "A reserved header field is not zero.";
		case BF_E_BAD_PARAMS:
			return "The capacity or target false-positive rate in the header is out of range.";
		case BF_E_BAD_COUNT:
			return "The item count in the header is out of range.";
		case BF_E_LENGTH:
			return "The length does not match the item count in the header.";
		case BF_E_BITS_SET:
			return "The count of set bits in the header does not match the filter.";
		case BF_E_UNSORTED:
			return "The exact hashes are not in strictly ascending order.";
		case BF_E_PQ_HEADER:
			return "The value does not start with a Thrift compact BloomFilterHeader holding numBytes, algorithm, hash and compression.";
		case BF_E_PQ_ALGORITHM:
			return "The filter's algorithm is not BLOCK, the split-block filter, the only one Parquet defines.";
		case BF_E_PQ_HASH:
			return "The filter's hash is not XXHASH, the only one Parquet defines.";
		case BF_E_PQ_COMPRESSION:
			return "The filter is compressed; only UNCOMPRESSED filters can be read.";
		case BF_E_PQ_SIZE:
			return "The header's numBytes is not a multiple of 32 from 32 to 805,240,768.";
		case BF_E_PQ_LENGTH:
			return "The length is not that of the header and numBytes bytes of blocks.";
		case BF_E_BAD_PART:
			return "The part fields in the header are not valid.";
	}
	return "Unknown status.";
}

/*
 * Name of a header's hash id, for display and for choosing one
 * (bf_hash_by_name): "xxh3_64" for BF_HASH_XXH3_64, "parquet" for
 * BF_HASH_PARQUET, NULL for an id this version does not know (a header
 * that bf_read_header accepted always has a known one).
 */
const char *
bf_hash_name(uint8_t hash_id)
{
	switch (hash_id)
	{
		case BF_HASH_XXH3_64:
			return "xxh3_64";
		case BF_HASH_PARQUET:
			return "parquet";
	}
	return NULL;
}

/* The hash id bf_hash_name calls name, if there is one */
bool
bf_hash_by_name(const char *name, uint8_t *hash_id)
{
	uint8_t		id;

	for (id = BF_HASH_XXH3_64; id <= BF_HASH_PARQUET; id++)
		if (strcmp(bf_hash_name(id), name) == 0)
		{
			*hash_id = id;
			return true;
		}
	return false;
}

/*
 * Report a failed BF_ASSERT on stderr (the server log, in a backend) and
 * abort, as PostgreSQL's ExceptionalCondition does: the core's state is
 * wrong, and no error path could undo that.
 */
void
bf_assert_fail(const char *cond, const char *file, int line)
{
	fprintf(stderr, "bloomfilter core: assertion \"%s\" failed at %s:%d\n",
			cond, file, line);
	fflush(stderr);
	abort();
}

/*
 * Whether the core was built with its assertions on (BF_ASSERTS_ENABLED in
 * the core's own compilation), so that a test can insist on it.
 */
bool
bf_asserts_enabled(void)
{
	return BF_ASSERTS_ENABLED;
}
