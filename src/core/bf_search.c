/*-------------------------------------------------------------------------
 *
 * bf_search.c
 *	  Finding a hash among the sorted hashes of an exact filter held in
 *	  memory: by interpolation, or through a directory of their top bits
 *	  and fingerprints for a filter that is probed many times
 *	  (bf_prepare).
 *
 * An exact filter's hashes are sorted and, being hashes, spread evenly
 * over 2^64: hash h of n is expected at place h / 2^64 * n, give or take
 * sqrt(n) / 2 places.  A binary search ignores that, and takes log2(n)
 * dependent reads with unpredictable branches (16 for 50,000 hashes).
 * Interpolation reads the place the value of the hash puts it at, and
 * from the hash found there, the place the difference puts it at; it is
 * within a few places after two or three reads.  A directory of where
 * each value of the hashes' top bits starts, one bucket for every two to
 * four hashes, and of each hash's next 16 bits, its fingerprint, answers
 * from a few bytes of the directory and reads a hash only when its
 * fingerprint matches (a value never added: once in 20,000), for 3 to 4
 * bytes of working memory per hash, most of which stays in cache: worth
 * it for a filter a query probes many times, which is what the call-site
 * cache holds.  bench/core/bench_exact times the three and a block
 * filter side by side (bench/data/exact.txt).
 *
 * Hashes that are not spread evenly, possible only in a corrupt filter,
 * are still searched in a number of reads logarithmic in n, and every read
 * stays in bounds whatever the hashes are; only the answer may be wrong.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/core/bf_search.c
 *
 *-------------------------------------------------------------------------
 */
#include "bf_internal.h"

/*
 * Reads by interpolation before a search halves what is left instead (the
 * bound for hashes that are not spread evenly); places a search scans one
 * by one at the end
 */
#define BF_INTERPOLATIONS	4
#define BF_SCAN_PLACES		8

/*
 * A directory has a bucket per BF_DIRECTORY_SHARE hashes or more (a power
 * of two: between 2 and 4 hashes a bucket), at most 2^BF_DIRECTORY_BITS
 * buckets (4 MB of starts), and a 2-byte fingerprint per hash; exact
 * filters of fewer than BF_DIRECTORY_MIN hashes get none, their search
 * costing little more than a read of one
 */
#define BF_DIRECTORY_SHARE	4
#define BF_DIRECTORY_BITS	20
#define BF_DIRECTORY_MIN	64

/* The i-th of an array of 8-byte little-endian hashes */
static inline uint64_t
hash_at(const uint8_t *hashes, uint64_t i)
{
	return bf_load64(hashes + i * BF_HASH_BYTES);
}

/*
 * The place of hash among the n ascending hashes at hashes: how many of
 * them are less than it.  Reading starts at place guess; density, the
 * hashes per unit of value (n / 2^64 for a whole filter's hashes), turns
 * the difference between the hash found and the hash sought into a
 * distance to the next place to read.
 */
uint64_t
bf_exact_rank(const uint8_t *hashes, uint64_t n, uint64_t hash,
			  uint64_t guess, double density)
{
	int64_t		lo = 0;
	int64_t		hi = (int64_t) n;
	int64_t		place = (int64_t) guess;
	int			reads = 0;

	BF_ASSERT(n <= BF_MAX_HASHES);
	/* every hash before lo is less than hash; none from hi on is */
	while (hi - lo > BF_SCAN_PLACES)
	{
		uint64_t	found;

		if (place < lo)
			place = lo;
		else if (place >= hi)
			place = hi - 1;
		found = hash_at(hashes, place);
		/* a step of at most n + 1 either way: no overflow */
		if (found < hash)
		{
			lo = place + 1;
			place += 1 + (int64_t) ((double) (hash - found) * density);
		}
		else if (found > hash)
		{
			hi = place;
			place -= 1 + (int64_t) ((double) (found - hash) * density);
		}
		else
			return (uint64_t) place;
		if (++reads >= BF_INTERPOLATIONS)
			place = lo + (hi - lo) / 2;
	}
	while (lo < hi && hash_at(hashes, lo) < hash)
		lo++;
	return (uint64_t) lo;
}

/* 2^-64, exactly */
#define BF_TWO_TO_MINUS_64	(1.0 / 18446744073709551616.0)

/* Hashes per unit of value of the n hashes of an exact filter */
double
bf_exact_density(uint64_t n)
{
	return (double) n * BF_TWO_TO_MINUS_64;
}

/*
 * Whether the exact filter view holds hash, by interpolation: the first
 * place read is the one the value of the hash puts it at
 */
bool
bf_exact_find(const bf_view *view, uint64_t hash)
{
	uint64_t	n = view->hdr.nitems;
	double		density = bf_exact_density(n);
	uint64_t	place;

	BF_ASSERT(view->hdr.layout == BF_LAYOUT_EXACT);
	if (n == 0)
		return false;
	/* rank clamps the guess, which rounding may take to n */
	place = bf_exact_rank(view->payload, n, hash,
						  (uint64_t) ((double) hash * density), density);
	return place < n && hash_at(view->payload, place) == hash;
}

/*
 * Bytes of the directory bf_prepare builds for filters with header hdr:
 * 0 for a block filter, or an exact one of too few hashes to need one
 */
size_t
bf_prepare_size(const bf_header *hdr)
{
	uint64_t	buckets = 2;
	int			bits = 1;

	if (hdr->layout != BF_LAYOUT_EXACT || hdr->nitems < BF_DIRECTORY_MIN)
		return 0;
	while (buckets * BF_DIRECTORY_SHARE < hdr->nitems &&
		   bits < BF_DIRECTORY_BITS)
	{
		buckets *= 2;
		bits++;
	}
	return (size_t) (buckets + 1) * sizeof(uint32_t) +
		(size_t) hdr->nitems * sizeof(uint16_t);
}

/*
 * Prepare the filter view for many membership tests (bf_prepared_contains)
 * into *prepared: an exact filter's directory is written to directory, len
 * bytes, which must be bf_prepare_size of its header and must outlive
 * prepared, as must the filter; NULL and 0 prepare it without one.  The
 * directory is an array of bucket starts, then one of fingerprints: start
 * b is the place of the first hash whose top bits are b or more (the last
 * is the number of hashes); fingerprint i is the 16 bits of hash i after
 * its top bits.
 */
void
bf_prepare(bf_prepared *prepared, const bf_view *view, void *directory,
		   size_t len)
{
	uint32_t   *starts = directory;
	uint16_t   *fingerprints;
	uint64_t	buckets;
	uint64_t	b;
	uint64_t	i = 0;

	BF_ASSERT(len == 0 || len == bf_prepare_size(&view->hdr));
	prepared->view = *view;
	prepared->starts = NULL;
	prepared->fingerprints = NULL;
	prepared->shift = 0;
	if (len == 0)
		return;

	buckets = (len - view->hdr.nitems * sizeof(uint16_t)) / sizeof(uint32_t) - 1;
	fingerprints = (uint16_t *) (starts + buckets + 1);
	prepared->shift = 64;
	for (b = buckets; b > 1; b /= 2)
		prepared->shift--;
	for (b = 0; b < buckets; b++)
	{
		while (i < view->hdr.nitems &&
			   (hash_at(view->payload, i) >> prepared->shift) < b)
			i++;
		starts[b] = (uint32_t) i;
	}
	starts[buckets] = (uint32_t) view->hdr.nitems;
	for (i = 0; i < view->hdr.nitems; i++)
		fingerprints[i] = (uint16_t) (hash_at(view->payload, i) >>
									  (prepared->shift - 16));
	prepared->starts = starts;
	prepared->fingerprints = fingerprints;
}

/*
 * Membership test of a prepared filter: as bf_contains, through the
 * directory of an exact filter that has one.  The hash's bucket gives
 * where its fingerprint can be, in a few bytes; only a hash whose
 * fingerprint is there is compared whole, so that a value never added
 * (nearly every other) costs a read of the directory and none of the
 * hashes.
 */
bool
bf_prepared_contains(const bf_prepared *prepared, uint64_t hash)
{
	const bf_view *view = &prepared->view;
	uint16_t	fingerprint;
	uint64_t	bucket;
	uint64_t	lo;
	uint64_t	hi;
	uint64_t	end;

	if (view->hdr.layout == BF_LAYOUT_BLOCKS)
		return bf_kernels_current()->test(view->payload, view->hdr.nitems, hash);
	if (prepared->starts == NULL)
		return bf_exact_find(view, hash);

	bucket = hash >> prepared->shift;
	fingerprint = (uint16_t) (hash >> (prepared->shift - 16));
	lo = prepared->starts[bucket];
	end = prepared->starts[bucket + 1];
	/* the first fingerprint not less than the hash's */
	for (hi = end; hi - lo > BF_SCAN_PLACES;)
	{
		uint64_t	mid = lo + (hi - lo) / 2;

		if (prepared->fingerprints[mid] < fingerprint)
			lo = mid + 1;
		else
			hi = mid;
	}
	while (lo < end && prepared->fingerprints[lo] < fingerprint)
		lo++;
	for (; lo < end && prepared->fingerprints[lo] == fingerprint; lo++)
		if (hash_at(view->payload, lo) == hash)
			return true;
	return false;
}
