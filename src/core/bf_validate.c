/*-------------------------------------------------------------------------
 *
 * bf_validate.c
 *	  The validator that every byte string from outside must pass before
 *	  it is a filter: its header (bf_format.c), its parameters against what
 *	  the sizing functions make (bf_sizing.c), and its payload.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/core/bf_validate.c
 *
 *-------------------------------------------------------------------------
 */
#include "bf_internal.h"

/*
 * Fully validate a byte string of len bytes as a serialized filter: the
 * header (bf_read_header), its capacity (or, exact, its count) and rate
 * against what the sizing functions produce (bf_sizable, or for a part
 * bf_part_sizable), the stored count
 * of set bits against the blocks, and the strict ascending order of exact
 * hashes.  A list's hashes are in no order and may repeat, so any 8 bytes
 * are one of them; a packed list's code is read through (bf_read_packed).
 * Accepts any input without reading outside [buf, buf + len).
 */
bf_status
bf_validate(const void *buf, size_t len)
{
	bf_view		view;
	bf_status	status = bf_open_list(buf, len, &view);
	bool		sized;
	uint64_t	i;

	if (status != BF_OK)
		return status;
	/* a block filter, or the list of a sized one's hashes */
	sized = view.hdr.layout == BF_LAYOUT_BLOCKS ||
		(view.hdr.layout != BF_LAYOUT_EXACT && view.hdr.bits_set != 0);
	if ((view.hdr.flags & BF_FLAG_PART) ? !bf_part_sizable(&view.hdr) :
		!bf_sizable(sized ? view.hdr.capacity :
					(view.hdr.nitems > 0 ? view.hdr.nitems : 1), view.hdr.fpr))
		return BF_E_BAD_PARAMS;

	if (view.hdr.layout == BF_LAYOUT_BLOCKS)
	{
		size_t		nbytes = (size_t) view.hdr.nitems * BF_BLOCK_BYTES;

		if (bf_kernels_current()->popcount(view.payload, nbytes) !=
			view.hdr.bits_set)
			return BF_E_BITS_SET;
	}
	else if (view.hdr.layout == BF_LAYOUT_PACKED)
		return bf_read_packed(&view, NULL);
	else if (view.hdr.layout == BF_LAYOUT_EXACT)
	{
		for (i = 1; i < view.hdr.nitems; i++)
		{
			if (bf_load64(view.payload + (i - 1) * BF_HASH_BYTES) >=
				bf_load64(view.payload + i * BF_HASH_BYTES))
				return BF_E_UNSORTED;
		}
	}
	return BF_OK;
}
