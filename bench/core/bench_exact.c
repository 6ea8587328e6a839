/*-------------------------------------------------------------------------
 *
 * bench_exact.c
 *	  Benchmark of a membership test of an exact filter in memory: a
 *	  binary search of its sorted hashes (the reference: what the core did
 *	  before 1.1), the core's interpolation (bf_contains), its directory of
 *	  top bits (bf_prepared_contains), and a block filter of the same
 *	  values at 1% (bf_contains), side by side.
 *
 *	  bench_exact [--hashes 1000,50000,65536] [--reps N]
 *
 * Each figure is the median over N runs (after one warm-up) of the mean
 * time of 4,000,000 tests one call each, half of them of members, in an
 * order no prefetcher guesses; a run's answers are checked against the
 * binary search's.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  bench/core/bench_exact.c
 *
 *-------------------------------------------------------------------------
 */
#include <stdbool.h>
#include <string.h>

#include "bf.h"
#include "bf_hash.h"

#define BENCH_NAME		"bench_exact"
#include "bench_util.h"

#define MAX_COUNTS		16
#define DEFAULT_REPS	5
#define PROBES			((size_t) 4000000)
#define ABSENT_FIRST	((uint64_t) 1 << 40)

/* The ways of testing membership that are timed */
typedef enum test_way
{
	WAY_BINARY,					/* binary search of the exact filter */
	WAY_INTERPOLATION,			/* bf_contains of the exact filter */
	WAY_DIRECTORY,				/* bf_prepared_contains of it */
	WAY_BLOCKS					/* bf_contains of a block filter */
} test_way;

/* The filters of one count of hashes, and the hashes to test */
typedef struct exact_case
{
	uint64_t	n;
	uint8_t    *exact;			/* the exact filter */
	bf_view		exact_view;
	void	   *directory;
	bf_prepared prepared;
	uint8_t    *blocks;			/* a block filter of the same hashes */
	bf_view		blocks_view;
	uint64_t   *probes;			/* PROBES hashes, half of them members */
	size_t		expected;		/* members among them */
} exact_case;

static volatile size_t sink;

/* qsort comparison of hashes */
static int
compare_hashes(const void *a, const void *b)
{
	uint64_t	x = *(const uint64_t *) a;
	uint64_t	y = *(const uint64_t *) b;

	return (x > y) - (x < y);
}

/* The reference: whether a binary search of the exact filter finds hash */
static bool
binary_contains(const bf_view *view, uint64_t hash)
{
	uint64_t	lo = 0;
	uint64_t	hi = view->hdr.nitems;

	while (lo < hi)
	{
		uint64_t	mid = lo + (hi - lo) / 2;
		uint64_t	probe = bf_exact_hash(view, mid);

		if (probe == hash)
			return true;
		if (probe < hash)
			lo = mid + 1;
		else
			hi = mid;
	}
	return false;
}

/* How many of the probes test positive, tested the given way */
static size_t
count_found(const exact_case *c, test_way way)
{
	size_t		found = 0;
	size_t		i;

	for (i = 0; i < PROBES; i++)
	{
		uint64_t	hash = c->probes[i];

		switch (way)
		{
			case WAY_BINARY:
				found += binary_contains(&c->exact_view, hash);
				break;
			case WAY_INTERPOLATION:
				found += bf_contains(&c->exact_view, hash);
				break;
			case WAY_DIRECTORY:
				found += bf_prepared_contains(&c->prepared, hash);
				break;
			case WAY_BLOCKS:
				found += bf_contains(&c->blocks_view, hash);
				break;
		}
	}
	return found;
}

/*
 * Median ns per test of the way over reps runs after a warm-up; exits if
 * a run finds other than the members (the block filter: fewer than them)
 */
static double
median_ns(const exact_case *c, test_way way, int reps)
{
	double	   *times = xmalloc(sizeof(double) * (size_t) reps);
	double		median;
	int			i;

	for (i = -1; i < reps; i++)
	{
		double		start = now_ns();
		size_t		found = count_found(c, way);
		double		elapsed = now_ns() - start;

		if (way == WAY_BLOCKS ? found < c->expected : found != c->expected)
			fail("a search gave a wrong answer");
		sink += found;
		if (i >= 0)
			times[i] = elapsed / (double) PROBES;
	}
	median = median_of(times, reps);
	free(times);
	return median;
}

/* Build the filters of n hashes and the probes */
static void
setup_case(exact_case *c, uint64_t n)
{
	uint64_t   *hashes = xmalloc(sizeof(uint64_t) * (n + 1));
	bf_header	hdr;
	uint64_t	nblocks;
	size_t		len;
	uint64_t	i;

	memset(c, 0, sizeof(*c));
	c->n = n;
	for (i = 0; i < n; i++)
		hashes[i] = bf_hash_u64(i);
	qsort(hashes, n, sizeof(uint64_t), compare_hashes);

	bf_header_init(&hdr, BF_LAYOUT_EXACT, 0, 0, 0.01, BF_FLAG_AUTO, 1);
	len = bf_size_exact(n);
	c->exact = xmalloc(len);
	if (bf_init_exact(c->exact, len, &hdr, hashes, n) != BF_OK ||
		bf_open(c->exact, len, &c->exact_view) != BF_OK)
		fail("could not build the exact filter");
	len = bf_prepare_size(&c->exact_view.hdr);
	c->directory = len > 0 ? xmalloc(len) : NULL;
	bf_prepare(&c->prepared, &c->exact_view, c->directory, len);

	if (bf_blocks_for(n, 0.01, &nblocks) != BF_OK)
		fail("could not size the block filter");
	bf_header_init(&hdr, BF_LAYOUT_BLOCKS, nblocks, n, 0.01, 0, 1);
	len = bf_size_blocks(nblocks);
	c->blocks = xmalloc(len);
	if (bf_init(c->blocks, len, &hdr) != BF_OK ||
		bf_add_hashes(c->blocks, len, hashes, n) != BF_OK ||
		bf_open(c->blocks, len, &c->blocks_view) != BF_OK)
		fail("could not build the block filter");

	/* members picked at random, and as many values never added */
	c->probes = xmalloc(sizeof(uint64_t) * PROBES);
	for (i = 0; i < PROBES; i++)
		c->probes[i] = i % 2 ? hashes[bf_hash_u64(ABSENT_FIRST * 2 + i) % n] :
			bf_hash_u64(ABSENT_FIRST + i);
	c->expected = PROBES / 2;
	free(hashes);
}

/* Free what setup_case allocated */
static void
free_case(exact_case *c)
{
	free(c->exact);
	free(c->directory);
	free(c->blocks);
	free(c->probes);
}

/* Print the usage message and exit with status 2 */
static void
usage(void)
{
	fprintf(stderr, "usage: bench_exact [--hashes 1000,50000,65536] [--reps N]\n");
	exit(2);
}

/* Time every way for each count of hashes and print one row each */
int
main(int argc, char **argv)
{
	uint64_t	counts[MAX_COUNTS] = {1000, 50000, 65536};
	int			ncounts = 3;
	int			reps = DEFAULT_REPS;
	int			i;

	for (i = 1; i < argc; i++)
	{
		if (i + 1 == argc)
			usage();
		if (strcmp(argv[i], "--reps") == 0 && (reps = atoi(argv[++i])) >= 1)
			continue;
		if (strcmp(argv[i], "--hashes") == 0)
		{
			char	   *p = argv[++i];

			for (ncounts = 0; *p != '\0' && ncounts < MAX_COUNTS; ncounts++)
			{
				counts[ncounts] = strtoull(p, &p, 10);
				if (counts[ncounts] < 1 || (*p != ',' && *p != '\0'))
					usage();
				p += *p == ',';
			}
			continue;
		}
		usage();
	}

	printf("bench_exact: ns per membership test, one call each, medians of %d runs "
		   "of %zu tests (half members)\n", reps, PROBES);
	printf("%10s %10s %10s %14s %10s %12s %14s\n", "hashes", "exact kB",
		   "binary", "interpolation", "directory", "directory kB",
		   "blocks at 1%");
	for (i = 0; i < ncounts; i++)
	{
		exact_case c;

		setup_case(&c, counts[i]);
		printf("%10llu %10.0f %10.2f %14.2f %10.2f %12.0f %14.2f\n",
			   (unsigned long long) c.n,
			   (double) bf_size_exact(c.n) / 1024.0,
			   median_ns(&c, WAY_BINARY, reps),
			   median_ns(&c, WAY_INTERPOLATION, reps),
			   median_ns(&c, WAY_DIRECTORY, reps),
			   (double) bf_prepare_size(&c.exact_view.hdr) / 1024.0,
			   median_ns(&c, WAY_BLOCKS, reps));
		fflush(stdout);
		free_case(&c);
	}
	return 0;
}
