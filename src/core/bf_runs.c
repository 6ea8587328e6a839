/*-------------------------------------------------------------------------
 *
 * bf_runs.c
 *	  Sorted runs of 64-bit value hashes in caller memory: a radix sort,
 *	  and the merge that keeps each distinct hash once.  The parts from
 *	  which an aggregate keeps its set of distinct hashes exactly.
 *
 * A set kept as one ascending run, with new hashes appended unsorted and
 * sorted and merged in from time to time, costs 8 bytes a distinct hash
 * and touches memory in order: no cache miss per value, whatever the set's
 * size, where a hash table misses the cache on every probe once it
 * outgrows it.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/core/bf_runs.c
 *
 *-------------------------------------------------------------------------
 */
#include "bf_internal.h"


/* Hashes in a 64-byte cache line */
#define BF_LINE_HASHES		8

/*
 * Most hashes sharing a high byte that are sorted by the next bits and then
 * by insertion (more are sorted on their seven low bytes least significant
 * first), and the most next bits used: 2^13 runs, one for each of that many
 * hashes
 */
#define BF_NEXT_BITS_HASHES	8192
#define BF_NEXT_BITS_MAX	13

/* From this many hashes on, distributing them goes through line buffers */
#define BF_LINE_BUFFERED	65536

/* Sort n hashes ascending by insertion: for short runs */
static void
insertion_sort(uint64_t *hashes, size_t n)
{
	size_t		i;

	for (i = 1; i < n; i++)
	{
		uint64_t	v = hashes[i];
		size_t		j = i;

		for (; j > 0 && hashes[j - 1] > v; j--)
			hashes[j] = hashes[j - 1];
		hashes[j] = v;
	}
}

/*
 * Copy n hashes from "from" into "to" by their byte at shift, the bucket of
 * byte d starting at next[d].  With many hashes, each bucket fills a cache
 * line's worth in a small buffer before they are written out together:
 * writing each hash straight to one of 256 places far apart in a large
 * array costs a cache (and, in a virtual machine, a translation) miss per
 * hash.
 */
static void
distribute(const uint64_t *from, size_t n, int shift, uint64_t *to,
		   size_t *next)
{
	uint64_t	line[256][BF_LINE_HASHES];
	uint8_t		fill[256];
	size_t		i;
	int			d;

	if (n < BF_LINE_BUFFERED)
	{
		for (i = 0; i < n; i++)
			to[next[(from[i] >> shift) & 0xff]++] = from[i];
		return;
	}
	memset(fill, 0, sizeof(fill));
	for (i = 0; i < n; i++)
	{
		uint64_t	h = from[i];

		d = (int) ((h >> shift) & 0xff);
		line[d][fill[d]++] = h;
		if (fill[d] == BF_LINE_HASHES)
		{
			memcpy(to + next[d], line[d], sizeof(line[d]));
			next[d] += BF_LINE_HASHES;
			fill[d] = 0;
		}
	}
	for (d = 0; d < 256; d++)
	{
		memcpy(to + next[d], line[d], fill[d] * sizeof(uint64_t));
		next[d] += fill[d];
	}
}

/*
 * Copy n hashes from "from" into "to" grouped by their byte at shift, in
 * the byte's order: the group of byte d is to[start[d] .. start[d + 1]).
 */
static void
split_by_byte(const uint64_t *from, size_t n, int shift, uint64_t *to,
			  size_t start[257])
{
	size_t		next[256];
	size_t		i;
	int			d;

	memset(start, 0, 257 * sizeof(size_t));
	for (i = 0; i < n; i++)
		start[((from[i] >> shift) & 0xff) + 1]++;
	for (d = 0; d < 256; d++)
	{
		start[d + 1] += start[d];
		next[d] = start[d];
	}
	distribute(from, n, shift, to, next);
}

/*
 * Least-significant-digit radix sort of n hashes on their low nbytes bytes
 * (the others being equal), a byte per pass, from one array into the other
 * and back.  One read counts all the bytes; passes whose byte is the same
 * in every hash are skipped.  Returns the array that holds the result:
 * from or to, depending on how many passes ran.
 */
static uint64_t *
lsd_sort(uint64_t *from, uint64_t *to, size_t n, int nbytes)
{
	size_t		count[8][256];
	size_t		i;
	int			pass;

	memset(count, 0, nbytes * sizeof(count[0]));
	for (i = 0; i < n; i++)
	{
		uint64_t	h = from[i];

		for (pass = 0; pass < nbytes; pass++)
			count[pass][(h >> (8 * pass)) & 0xff]++;
	}
	for (pass = 0; pass < nbytes; pass++)
	{
		size_t	   *next = count[pass];
		size_t		offset = 0;
		uint64_t   *swap;
		int			d;

		if (next[(from[0] >> (8 * pass)) & 0xff] == n)
			continue;
		for (d = 0; d < 256; d++)
		{
			size_t		c = next[d];

			next[d] = offset;
			offset += c;
		}
		distribute(from, n, 8 * pass, to, next);
		swap = from;
		from = to;
		to = swap;
	}
	return from;
}

/*
 * Sort m hashes that share their high byte, from bucket into into (bucket
 * is then scratch): they are distributed by the next bits below the high
 * byte, as many as make at least as many runs as hashes (8 to
 * BF_NEXT_BITS_MAX); a run that hashes made to share their high bits make
 * long is sorted least significant byte first, and then one insertion sort
 * over the whole bucket puts the short runs in order, at about one
 * comparison a hash.  Two passes, where sorting the seven low bytes least
 * significant first takes seven.
 */
static void
sort_by_next_bits(uint64_t *bucket, size_t m, uint64_t *into)
{
	uint32_t	start[(1 << BF_NEXT_BITS_MAX) + 1];
	int			bits = 8;
	int			shift;
	size_t		nruns;
	size_t		i;

	while (bits < BF_NEXT_BITS_MAX && ((size_t) 1 << bits) <= m)
		bits++;
	shift = 56 - bits;
	nruns = (size_t) 1 << bits;
	BF_ASSERT(m <= BF_NEXT_BITS_HASHES);
	memset(start, 0, (nruns + 1) * sizeof(uint32_t));
	for (i = 0; i < m; i++)
		start[((bucket[i] >> shift) & (nruns - 1)) + 1]++;
	for (i = 0; i < nruns; i++)
		start[i + 1] += start[i];
	for (i = 0; i < m; i++)
		into[start[(bucket[i] >> shift) & (nruns - 1)]++] = bucket[i];
	/* each start[d] now holds the end of run d, the start of run d + 1 */
	for (i = 0; i < nruns; i++)
	{
		size_t		first = i == 0 ? 0 : start[i - 1];
		size_t		n = start[i] - first;
		uint64_t   *sorted;

		if (n < BF_SORT_SMALL)
			continue;
		sorted = lsd_sort(into + first, bucket + first, n, 6);
		if (sorted != into + first)
			memcpy(into + first, sorted, n * sizeof(uint64_t));
	}
	/* what is left out of order lies within runs of fewer than 48 */
	insertion_sort(into, m);
}

/*
 * Sort n hashes ascending, in place, through caller scratch space of n
 * hashes (none, scratch may be NULL, below BF_SORT_SMALL).
 *
 * A radix sort: one pass distributes the hashes by their high byte into
 * scratch; then each of the 256 buckets, small enough to stay in the
 * processor's cache, is sorted on its other seven bytes back into place:
 * by its next bits and then by insertion, or, for large buckets, least
 * significant byte first.  Sorting all eight bytes least-significant first
 * would stream the whole array through memory eight times.  Small inputs
 * and buckets use insertion sort.
 */
void
bf_sort_hashes(uint64_t *hashes, size_t n, uint64_t *scratch)
{
	size_t		start[257];
	int			d;
#if BF_ASSERTS_ENABLED
	size_t		i;
#endif

	if (n < BF_SORT_SMALL)
	{
		insertion_sort(hashes, n);
		return;
	}
	split_by_byte(hashes, n, 56, scratch, start);
	for (d = 0; d < 256; d++)
	{
		uint64_t   *bucket = scratch + start[d];
		uint64_t   *into = hashes + start[d];
		size_t		m = start[d + 1] - start[d];
		uint64_t   *sorted;

		if (m < BF_SORT_SMALL)
		{
			memcpy(into, bucket, m * sizeof(uint64_t));
			insertion_sort(into, m);
			continue;
		}
		if (m <= BF_NEXT_BITS_HASHES)
		{
			sort_by_next_bits(bucket, m, into);
			continue;
		}
		sorted = lsd_sort(bucket, into, m, 7);
		if (sorted != into)
			memcpy(into, sorted, m * sizeof(uint64_t));
	}
#if BF_ASSERTS_ENABLED
	for (i = 1; i < n; i++)
		BF_ASSERT(hashes[i - 1] <= hashes[i]);
#endif
}

/*
 * Drop repeated hashes from n hashes in ascending order, in place; returns
 * how many distinct hashes are left, strictly ascending at the start.
 */
size_t
bf_unique_hashes(uint64_t *hashes, size_t n)
{
	size_t		kept = 0;
	size_t		i;

	for (i = 0; i < n; i++)
		if (kept == 0 || hashes[kept - 1] != hashes[i])
			hashes[kept++] = hashes[i];
	return kept;
}

/*
 * The distinct hashes of a list (bf_open_list), sorted: copied into
 * hashes, which has room for the list's count, sorted through scratch,
 * as large, and their repeats dropped; returns how many are left.  The
 * exact filter of a list is these hashes under the list's header
 * (bf_init_exact, with the layout BF_LAYOUT_EXACT).
 */
size_t
bf_list_sort(const bf_view *list, uint64_t *hashes, uint64_t *scratch)
{
	size_t		n = (size_t) list->hdr.nitems;

	BF_ASSERT(list->hdr.layout == BF_LAYOUT_LIST);
	bf_exact_hashes(list, 0, n, hashes);
	bf_sort_hashes(hashes, n, scratch);
	return bf_unique_hashes(hashes, n);
}

/*
 * The i-th of a run of other hashes: a native array, or the payload of an
 * exact filter (little-endian, perhaps unaligned) when serialized.
 */
static inline uint64_t
other_hash(const void *hashes, size_t i, bool serialized)
{
	return serialized ? bf_load64((const uint8_t *) hashes + i * BF_HASH_BYTES) :
		((const uint64_t *) hashes)[i];
}

/*
 * Merge n strictly ascending hashes into a run of nrun strictly ascending
 * hashes, in place, keeping each distinct hash once; run has room for
 * nrun + n and does not overlap hashes.  Returns how many the run then
 * holds, strictly ascending from run[0].
 *
 * The merge fills the room from its far end, largest first, so it needs no
 * second buffer: the run's unread hashes always lie below the write
 * position.  Where hashes were repeated, the merged part ends up above
 * where it belongs and is moved down.
 */
static inline size_t
merge_into(uint64_t *run, size_t nrun, const void *hashes, size_t n,
		   bool serialized)
{
	size_t		i = nrun;
	size_t		j = n;
	size_t		k = nrun + n;
	size_t		count;

	while (i > 0 && j > 0)
	{
		uint64_t	x = run[i - 1];
		uint64_t	y = other_hash(hashes, j - 1, serialized);

		run[--k] = x > y ? x : y;
		i -= x >= y;
		j -= y >= x;
	}
	BF_ASSERT(k >= i + j && (i == 0 || j == 0));
	if (j > 0)
	{
		/* the lowest hashes are the other run's: the result starts at k */
		while (j > 0)
		{
			j--;
			run[--k] = other_hash(hashes, j, serialized);
		}
		count = nrun + n - k;
		if (k > 0)
			memmove(run, run + k, count * sizeof(uint64_t));
	}
	else
	{
		/* run[0..i) is in place: the merged part moves down to follow it */
		count = i + (nrun + n - k);
		if (k > i)
			memmove(run + i, run + k, (nrun + n - k) * sizeof(uint64_t));
	}
#if BF_ASSERTS_ENABLED
	for (i = 1; i < count; i++)
		BF_ASSERT(run[i - 1] < run[i]);
#endif
	return count;
}

/* Merge a run of n hashes into run, in place (merge_into) */
size_t
bf_merge_hashes(uint64_t *run, size_t nrun, const uint64_t *hashes, size_t n)
{
	return merge_into(run, nrun, hashes, n, false);
}

/*
 * Merge the hashes of an exact filter into run, which has room for them,
 * in place (merge_into), reading them where they lie.
 */
size_t
bf_merge_exact(uint64_t *run, size_t nrun, const bf_view *view)
{
	BF_ASSERT(view->hdr.layout == BF_LAYOUT_EXACT);
	return merge_into(run, nrun, view->payload, view->hdr.nitems, true);
}

/*
 * How many hashes two strictly ascending runs have in common: run, and
 * the first n of hashes (native, or the payload of an exact filter when
 * serialized).  A merge's steps, without writing.
 */
static size_t
count_common(const uint64_t *run, size_t nrun, const void *hashes, size_t n,
			 bool serialized)
{
	size_t		i = 0;
	size_t		j = 0;
	size_t		common = 0;

	while (i < nrun && j < n)
	{
		uint64_t	x = run[i];
		uint64_t	y = other_hash(hashes, j, serialized);

		common += x == y;
		i += x <= y;
		j += y <= x;
	}
	return common;
}

/* How many hashes two strictly ascending runs have in common */
size_t
bf_common_hashes(const uint64_t *run, size_t nrun, const uint64_t *hashes,
				 size_t n)
{
	return count_common(run, nrun, hashes, n, false);
}

/*
 * How many hashes a strictly ascending run has in common with the first n
 * hashes of an exact filter
 */
size_t
bf_common_exact(const uint64_t *run, size_t nrun, const bf_view *view, size_t n)
{
	BF_ASSERT(view->hdr.layout == BF_LAYOUT_EXACT && n <= view->hdr.nitems);
	return count_common(run, nrun, view->payload, n, true);
}

/*
 * Keep, in place and in order, the hashes of a run of n strictly
 * ascending ones that a filter contains: by walking an exact filter's
 * hashes along, or by testing a block filter's bits.  Returns how many
 * are kept.  The intersection of an aggregate's exact run with a filter.
 */
size_t
bf_keep_members(uint64_t *run, size_t n, const bf_view *view)
{
	size_t		kept = 0;
	size_t		i;
	uint64_t	j = 0;

	for (i = 0; i < n; i++)
	{
		if (view->hdr.layout == BF_LAYOUT_BLOCKS)
		{
			if (!bf_contains(view, run[i]))
				continue;
		}
		else
		{
			while (j < view->hdr.nitems && bf_exact_hash(view, j) < run[i])
				j++;
			if (j == view->hdr.nitems || bf_exact_hash(view, j) != run[i])
				continue;
		}
		run[kept++] = run[i];
	}
	return kept;
}
