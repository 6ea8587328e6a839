/*-------------------------------------------------------------------------
 *
 * bf_probe.c
 *	  Membership tests of a filter read in pieces: the caller reads only
 *	  the bytes a test needs (of a filter stored in PostgreSQL, the TOAST
 *	  chunks that hold them), one range at a time, as the probe names them.
 *
 * The caller has the filter's header (bf_peek_header).  Of a block filter,
 * a test then needs the one block the hash picks (bf_block_index, as in
 * memory), tested on its own.  Of an exact filter, it needs a window of
 * hashes around the place the value of the hash puts it at: n hashes
 * spread evenly over 2^64 put hash h at a place that is binomial, of mean
 * n * h / 2^64 and deviation at most sqrt(n) / 2 (128 places for the
 * 65,536 hashes of the largest exact filter bf_agg builds), so a window of
 * BF_PROBE_DEVIATIONS deviations each side of it holds the answer but for
 * about one test in 15,000.  When it does not, the hashes left to search
 * lie on one side of the window, between known values, and the next
 * window is placed among them the same way; after BF_PROBE_WINDOWS
 * windows, each window sits in the middle of what is left, so that even
 * hashes that are not spread evenly (a corrupt filter) take a number of
 * reads logarithmic in n, each in bounds.  Windows are widened to whole
 * granules, the unit the caller reads at no extra cost (a TOAST chunk),
 * which makes a second window rarer still.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/core/bf_probe.c
 *
 *-------------------------------------------------------------------------
 */
#include "bf_internal.h"

#include <math.h>

/* Half-width of a window, in deviations of the hash's place */
#define BF_PROBE_DEVIATIONS	4.0

/* Windows placed by the value of the hash before they halve what is left */
#define BF_PROBE_WINDOWS	3

/* The i-th hash of a window of 8-byte little-endian hashes */
static inline uint64_t
window_hash(const uint8_t *window, uint64_t i)
{
	return bf_load64(window + i * BF_HASH_BYTES);
}

/*
 * Place the next window of an exact filter's probe among the hashes left,
 * [lo, hi), which lie between the values below and above, and name its
 * bytes as the range to read
 */
static void
place_window(bf_probe *probe)
{
	double		left = (double) (probe->hi - probe->lo);
	double		share = ((double) probe->hash - probe->below) /
		(probe->above - probe->below);
	double		center;
	double		half;
	size_t		start;
	size_t		end;

	BF_ASSERT(probe->lo < probe->hi);
	if (probe->windows < BF_PROBE_WINDOWS)
	{
		center = (double) probe->lo + share * left;
		half = BF_PROBE_DEVIATIONS * sqrt(left * share * (1.0 - share)) + 1.0;
	}
	else
	{
		center = (double) probe->lo + left / 2.0;
		half = 1.0;
	}
	probe->first = center - half <= (double) probe->lo ?
		probe->lo : (uint64_t) (center - half);
	probe->end = center + half >= (double) probe->hi ?
		probe->hi : (uint64_t) (center + half) + 1;
	BF_ASSERT(probe->first < probe->end);

	/* widened to whole granules, within the hashes left */
	start = BF_HEADER_SIZE + probe->first * BF_HASH_BYTES;
	start -= start % probe->granule;
	probe->first = start <= BF_HEADER_SIZE ? 0 :
		(start - BF_HEADER_SIZE + BF_HASH_BYTES - 1) / BF_HASH_BYTES;
	if (probe->first < probe->lo)
		probe->first = probe->lo;
	end = BF_HEADER_SIZE + probe->end * BF_HASH_BYTES;
	end += (probe->granule - end % probe->granule) % probe->granule;
	probe->end = (end - BF_HEADER_SIZE) / BF_HASH_BYTES;
	if (probe->end > probe->hi)
		probe->end = probe->hi;

	probe->offset = BF_HEADER_SIZE + probe->first * BF_HASH_BYTES;
	probe->length = (probe->end - probe->first) * BF_HASH_BYTES;
	probe->state = BF_PROBE_READ;
}

/*
 * Start a membership test of hash in the filter whose header is hdr (read
 * by bf_peek_header), which the caller reads granule bytes at a time at no
 * extra cost (1 if it has no such unit): *probe names the first range to
 * read, or already has the answer (an exact filter with no hashes).
 */
void
bf_probe_start(bf_probe *probe, const bf_header *hdr, uint64_t hash,
			   size_t granule)
{
	BF_ASSERT(granule >= 1);
	memset(probe, 0, sizeof(*probe));
	probe->hash = hash;
	probe->layout = hdr->layout;
	probe->granule = granule;
	if (hdr->layout == BF_LAYOUT_BLOCKS)
	{
		BF_ASSERT(hdr->nitems >= 1);
		probe->offset = BF_HEADER_SIZE +
			bf_block_index(hash, hdr->nitems) * BF_BLOCK_BYTES;
		probe->length = BF_BLOCK_BYTES;
		probe->state = BF_PROBE_READ;
		return;
	}
	BF_ASSERT(hdr->layout == BF_LAYOUT_EXACT);
	probe->hi = hdr->nitems;
	probe->density = bf_exact_density(hdr->nitems);
	probe->below = -1.0;
	probe->above = ldexp(1.0, 64);
	if (hdr->nitems == 0)
		probe->state = BF_PROBE_ABSENT;
	else
		place_window(probe);
}

/*
 * Go on with a probe, given the len bytes it named (BF_PROBE_READ): it then
 * has the answer or names the next range.  BF_E_BUFFER if the probe was not
 * waiting for bytes or len is not the length it named.
 */
bf_status
bf_probe_next(bf_probe *probe, const void *bytes, size_t len)
{
	const uint8_t *window = bytes;
	uint64_t	count;
	uint64_t	first;
	uint64_t	place;

	if (probe->state != BF_PROBE_READ || len != probe->length)
		return BF_E_BUFFER;
	if (probe->layout == BF_LAYOUT_BLOCKS)
	{
		/* the block on its own: a filter of one block */
		probe->state = bf_kernels_current()->test(window, 1, probe->hash) ?
			BF_PROBE_PRESENT : BF_PROBE_ABSENT;
		return BF_OK;
	}

	count = probe->end - probe->first;
	first = window_hash(window, 0);
	place = bf_exact_rank(window, count, probe->hash,
						  probe->hash > first ?
						  (uint64_t) ((double) (probe->hash - first) * probe->density) : 0,
						  probe->density);
	if (place < count && window_hash(window, place) == probe->hash)
		probe->state = BF_PROBE_PRESENT;
	else if (place > 0 && place < count)
		probe->state = BF_PROBE_ABSENT;	/* between two of the window */
	else if (place == 0 && probe->first == probe->lo)
		probe->state = BF_PROBE_ABSENT;	/* before every hash left */
	else if (place == count && probe->end == probe->hi)
		probe->state = BF_PROBE_ABSENT;	/* after every hash left */
	else
	{
		if (place == 0)
		{
			probe->hi = probe->first;
			probe->above = (double) first;
		}
		else
		{
			probe->lo = probe->end;
			probe->below = (double) window_hash(window, count - 1);
		}
		probe->windows++;
		place_window(probe);
	}
	return BF_OK;
}
