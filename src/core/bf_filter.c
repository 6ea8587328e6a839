/*-------------------------------------------------------------------------
 *
 * bf_filter.c
 *	  Creating a filter in a caller's buffer, adding hashes, and testing
 *	  membership, for both layouts.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/core/bf_filter.c
 *
 *-------------------------------------------------------------------------
 */
#include "bf_internal.h"
#include "bf_testing.h"

/*
 * Write an empty block filter described by hdr (layout BF_LAYOUT_BLOCKS,
 * nitems blocks) into buf: the header, then zeroed blocks.
 *
 * len must be bf_size_blocks(hdr->nitems).  Returns the status of reading
 * the header back, so a header that bf_open would reject is never produced.
 */
bf_status
bf_init(void *buf, size_t len, const bf_header *hdr)
{
	bf_header	clean = *hdr;
	bf_header	check;

	if (hdr->layout != BF_LAYOUT_BLOCKS)
		return BF_E_LAYOUT;
	if (hdr->nitems < 1 || hdr->nitems > BF_MAX_BLOCKS)
		return BF_E_TOO_LARGE;
	if (len != bf_size_blocks(hdr->nitems))
		return BF_E_BUFFER;

	clean.bits_set = 0;
	bf_write_header(buf, &clean);
	memset((uint8_t *) buf + BF_HEADER_SIZE, 0, len - BF_HEADER_SIZE);
	return bf_read_header(buf, len, &check);
}

/*
 * Write an exact filter holding n hashes into buf.  hdr gives the layout
 * (BF_LAYOUT_EXACT) and parameters; its item count is taken from n.
 *
 * hashes: strictly ascending (else BF_E_UNSORTED).
 * len: must be bf_size_exact(n).
 */
bf_status
bf_init_exact(void *buf, size_t len, const bf_header *hdr,
			  const uint64_t *hashes, size_t n)
{
	bf_header	clean = *hdr;
	bf_header	check;
	bf_status	status;
	uint8_t    *out = (uint8_t *) buf + BF_HEADER_SIZE;
	size_t		i;

	if (hdr->layout != BF_LAYOUT_EXACT)
		return BF_E_LAYOUT;
	if (n > BF_MAX_HASHES)
		return BF_E_TOO_LARGE;
	if (len != bf_size_exact(n))
		return BF_E_BUFFER;
	for (i = 1; i < n; i++)
		if (hashes[i - 1] >= hashes[i])
			return BF_E_UNSORTED;

	clean.nitems = n;
	clean.bits_set = 0;
	bf_write_header(buf, &clean);
	for (i = 0; i < n; i++)
		bf_store64(out + i * BF_HASH_BYTES, hashes[i]);
	status = bf_read_header(buf, len, &check);
	BF_ASSERT(status != BF_OK || check.nitems == n);
	return status;
}

/*
 * Set the bits of n hashes in a filter of the blocks layout, in place, and
 * keep the header's count of set bits current.
 *
 * buf, len: a serialized filter.  Returns BF_E_LAYOUT for an exact filter,
 * whose growth needs a new buffer; see bf_union.
 */
bf_status
bf_add_hashes(void *buf, size_t len, const uint64_t *hashes, size_t n)
{
	bf_header	hdr;
	bf_status	status = bf_read_header(buf, len, &hdr);
	uint8_t    *p = buf;
	uint64_t	fresh;
	size_t		present = 0;

	if (status != BF_OK)
		return status;
	if (hdr.layout != BF_LAYOUT_BLOCKS)
		return BF_E_LAYOUT;

	fresh = bf_kernels_current()->add(p + BF_HEADER_SIZE, hdr.nitems, hashes, n,
									  &present);
	bf_store64(p + BF_OFF_BITS_SET, hdr.bits_set + fresh);
	return BF_OK;
}

/*
 * Add every hash of an exact filter (or a list) to the blocks of another
 * filter, in place.  Returns how many bits were newly set.
 */
uint64_t
bf_add_exact_to_blocks(uint8_t *blocks, uint64_t nblocks, const bf_view *exact)
{
	const bf_kernels *kernels = bf_kernels_current();
	uint64_t	chunk[BF_HASH_CHUNK];
	uint64_t	fresh = 0;
	uint64_t	i;
	size_t		present = 0;

	BF_ASSERT(exact->hdr.layout != BF_LAYOUT_BLOCKS && nblocks >= 1);
	for (i = 0; i < exact->hdr.nitems; i += BF_HASH_CHUNK)
	{
		size_t		n = exact->hdr.nitems - i < BF_HASH_CHUNK ?
			(size_t) (exact->hdr.nitems - i) : BF_HASH_CHUNK;

		bf_exact_hashes(exact, i, n, chunk);
		fresh += kernels->add(blocks, nblocks, chunk, n, &present);
	}
	return fresh;
}

/* The i-th hash of an exact filter or a list (i < nitems) */
uint64_t
bf_exact_hash(const bf_view *view, uint64_t i)
{
	BF_ASSERT(view->hdr.layout != BF_LAYOUT_BLOCKS && i < view->hdr.nitems);
	return bf_load64(view->payload + i * BF_HASH_BYTES);
}

/*
 * Copy n hashes of an exact filter or a list, from the first-th on, into
 * out
 */
void
bf_exact_hashes(const bf_view *view, uint64_t first, size_t n, uint64_t *out)
{
	const uint8_t *in = view->payload + first * BF_HASH_BYTES;
	size_t		i;

	BF_ASSERT(view->hdr.layout != BF_LAYOUT_BLOCKS && first + n <= view->hdr.nitems);
#ifdef BF_BIG_ENDIAN
	for (i = 0; i < n; i++)
		out[i] = bf_load64(in + i * BF_HASH_BYTES);
#else
	(void) i;
	memcpy(out, in, n * BF_HASH_BYTES);
#endif
}

/*
 * Membership test: false means the value was never added; true means it
 * probably was (a blocks filter answers true for absent values at its
 * false-positive rate; an exact one only on a 64-bit hash collision).
 */
bool
bf_contains(const bf_view *view, uint64_t hash)
{
	if (view->hdr.layout == BF_LAYOUT_EXACT)
		return bf_exact_find(view, hash);
	return bf_kernels_current()->test(view->payload, view->hdr.nitems, hash);
}

/* How many of n hashes test positive, batched for memory-level parallelism */
size_t
bf_count_present(const bf_view *view, const uint64_t *hashes, size_t n)
{
	size_t		present = 0;
	size_t		i;

	if (view->hdr.layout == BF_LAYOUT_BLOCKS)
		return bf_kernels_current()->count(view->payload, view->hdr.nitems,
										   hashes, n);
	for (i = 0; i < n; i++)
		present += bf_exact_find(view, hashes[i]);
	return present;
}
