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
 * within a few places after two or three reads.  A directory of buckets
 * of the hashes' top bits, one for every two to four hashes, each with 16
 * bytes of slots for the fingerprints of its hashes (their next 16 bits)
 * and the place of its first, answers from one read of 16 bytes, and reads
 * a hash only when its fingerprint is there (a value never added: about
 * once in 20,000), at about the speed of a block filter's test.  It takes
 * 5 to 10 bytes of working memory per hash: worth it for a filter a query
 * probes many times, which is what the call-site cache holds.  bench/core/bench_exact times the three and a block
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
 * buckets (20 MB), each with BF_BUCKET_SLOTS slots for fingerprints (a
 * bucket of 2 to 4 hashes on average has more than 8 about once in 50 to
 * 1,000) and a start; exact filters of fewer than BF_DIRECTORY_MIN hashes
 * get none, their search costing little more than a read of one
 */
#define BF_DIRECTORY_SHARE	4
#define BF_DIRECTORY_BITS	20
#define BF_BUCKET_SLOTS		8
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

/* A fingerprint of hash, the 16 bits after its bucket's, never 0 (empty) */
static inline uint16_t
fingerprint_of(uint64_t hash, unsigned shift)
{
	uint16_t	fingerprint = (uint16_t) (hash >> (shift - 16));

	return fingerprint != 0 ? fingerprint : 1;
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
	return (size_t) buckets * BF_BUCKET_SLOTS * sizeof(uint16_t) +
		(size_t) (buckets + 1) * sizeof(uint32_t);
}

/*
 * Prepare the filter view for many membership tests (bf_prepared_contains)
 * into *prepared: an exact filter's directory is written to directory, len
 * bytes at an 8-byte boundary, which must be bf_prepare_size of its header
 * and must outlive prepared, as must the filter; NULL and 0 prepare it
 * without one.  The directory is the buckets' slots, then their starts:
 * slot i of bucket b is the fingerprint of the bucket's i-th hash (0 for
 * none), start b the place of the first hash whose top bits are b or more
 * (the last is the number of hashes).
 */
void
bf_prepare(bf_prepared *prepared, const bf_view *view, void *directory,
		   size_t len)
{
	uint16_t   *slots = directory;
	uint32_t   *starts;
	uint64_t	buckets;
	uint64_t	b;
	uint64_t	i = 0;

	BF_ASSERT(len == 0 || len == bf_prepare_size(&view->hdr));
	prepared->view = *view;
	prepared->slots = NULL;
	prepared->starts = NULL;
	prepared->shift = 0;
	if (len == 0)
		return;

	buckets = (len - sizeof(uint32_t)) /
		(BF_BUCKET_SLOTS * sizeof(uint16_t) + sizeof(uint32_t));
	starts = (uint32_t *) (slots + buckets * BF_BUCKET_SLOTS);
	prepared->shift = 64;
	for (b = buckets; b > 1; b /= 2)
		prepared->shift--;
	memset(slots, 0, buckets * BF_BUCKET_SLOTS * sizeof(uint16_t));
	for (b = 0; b < buckets; b++)
	{
		starts[b] = (uint32_t) i;
		for (; i < view->hdr.nitems &&
			 (hash_at(view->payload, i) >> prepared->shift) == b; i++)
			if (i - starts[b] < BF_BUCKET_SLOTS)
				slots[b * BF_BUCKET_SLOTS + (i - starts[b])] =
					fingerprint_of(hash_at(view->payload, i), prepared->shift);
		/* a payload out of order (corrupt) is left to the searches */
		while (i < view->hdr.nitems &&
			   (hash_at(view->payload, i) >> prepared->shift) < b)
			i++;
	}
	starts[buckets] = (uint32_t) view->hdr.nitems;
	prepared->slots = slots;
	prepared->starts = starts;
}

/* Whether any 16-bit lane of word is zero */
static inline bool
has_zero_lane(uint64_t word)
{
	return ((word - UINT64_C(0x0001000100010001)) & ~word &
			UINT64_C(0x8000800080008000)) != 0;
}

/*
 * Membership test of a prepared filter: as bf_contains, through the
 * directory of an exact filter that has one.  The hash's bucket's slots,
 * 16 bytes, hold the fingerprints of its hashes; a hash is read only when
 * its fingerprint is among them, so that a value never added (nearly every
 * other) costs one read of the directory, compared 8 slots at a time.  A
 * bucket of more than BF_BUCKET_SLOTS hashes is searched in the payload.
 */
bool
bf_prepared_contains(const bf_prepared *prepared, uint64_t hash)
{
	const bf_view *view = &prepared->view;
	const uint16_t *slots;
	uint16_t	fingerprint;
	uint64_t	bucket;
	uint64_t	pattern;
	uint64_t	low;
	uint64_t	high;
	uint64_t	lo;
	uint64_t	count;
	uint64_t	i;

	if (view->hdr.layout == BF_LAYOUT_BLOCKS)
		return bf_kernels_current()->test(view->payload, view->hdr.nitems, hash);
	if (prepared->slots == NULL)
		return bf_exact_find(view, hash);

	bucket = hash >> prepared->shift;
	fingerprint = fingerprint_of(hash, prepared->shift);
	slots = prepared->slots + bucket * BF_BUCKET_SLOTS;
	memcpy(&low, slots, sizeof(low));
	memcpy(&high, slots + 4, sizeof(high));
	pattern = UINT64_C(0x0001000100010001) * fingerprint;
	/* no slot holds the fingerprint, and the bucket has room: absent */
	if (!has_zero_lane(low ^ pattern) && !has_zero_lane(high ^ pattern) &&
		slots[BF_BUCKET_SLOTS - 1] == 0)
		return false;

	lo = prepared->starts[bucket];
	count = prepared->starts[bucket + 1] - lo;
	if (count > BF_BUCKET_SLOTS)
	{
		uint64_t	place = bf_exact_rank(view->payload + lo * BF_HASH_BYTES,
										  count, hash, 0,
										  bf_exact_density(view->hdr.nitems));

		return place < count && hash_at(view->payload, lo + place) == hash;
	}
	for (i = 0; i < count; i++)
		if (slots[i] == fingerprint && hash_at(view->payload, lo + i) == hash)
			return true;
	return false;
}
