/*-------------------------------------------------------------------------
 *
 * test_runs.c
 *	  Unit tests of the sorted runs of hashes (bf_runs.c): the radix sort,
 *	  the removal of repeats and the merge, against qsort and a reference
 *	  built the slow way.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  test/unit/test_runs.c
 *
 *-------------------------------------------------------------------------
 */
#include "unit.h"

/* Compare two hashes for qsort */
static int
compare_hashes(const void *a, const void *b)
{
	uint64_t	x = *(const uint64_t *) a;
	uint64_t	y = *(const uint64_t *) b;

	return x < y ? -1 : x > y;
}

/*
 * The radix sort agrees with qsort at every size class: insertion sort,
 * buckets sorted by their second byte, and (2,500,000 uniform hashes, or
 * hashes sharing high bytes) buckets sorted least significant byte first
 */
static void
test_sort(void **state)
{
	static const size_t sizes[] = {0, 1, 2, 47, 48, 49, 1000, 100000, 300000,
	2500000};
	size_t		s;

	(void) state;
	for (s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++)
	{
		size_t		n = sizes[s];
		uint64_t   *a = test_malloc(n * sizeof(uint64_t) + 1);
		uint64_t   *b = test_malloc(n * sizeof(uint64_t) + 1);
		uint64_t   *scratch = test_malloc(n * sizeof(uint64_t) + 1);
		size_t		i;

		for (i = 0; i < n; i++)
			/* duplicates, and runs sharing high bytes */
			a[i] = b[i] = (i % 3 == 0) ? tu_key(i / 2) : tu_key(i) >> (i % 40);
		bf_sort_hashes(a, n, scratch);
		qsort(b, n, sizeof(uint64_t), compare_hashes);
		if (n > 0)
			assert_memory_equal(a, b, n * sizeof(uint64_t));
		test_free(a);
		test_free(b);
		test_free(scratch);
	}
}

/* Hashes of n keys from key first on, each repeated every period-th */
static uint64_t *
make_run(size_t n, uint64_t first, size_t period)
{
	uint64_t   *run = test_malloc(n * sizeof(uint64_t) + 1);
	size_t		i;

	for (i = 0; i < n; i++)
		run[i] = tu_key(first + (period > 0 ? i % period : i));
	return run;
}

/* Sort and remove repeats with the functions under test */
static size_t
sort_unique(uint64_t *run, size_t n)
{
	uint64_t   *scratch = test_malloc(n * sizeof(uint64_t) + 1);

	bf_sort_hashes(run, n, scratch);
	test_free(scratch);
	return bf_unique_hashes(run, n);
}

/* The distinct count of n hashes the slow way: qsort, then count changes */
static size_t
reference_distinct(const uint64_t *run, size_t n)
{
	uint64_t   *copy = test_malloc(n * sizeof(uint64_t) + 1);
	size_t		distinct = 0;
	size_t		i;

	memcpy(copy, run, n * sizeof(uint64_t));
	qsort(copy, n, sizeof(uint64_t), compare_hashes);
	for (i = 0; i < n; i++)
		distinct += (i == 0 || copy[i - 1] != copy[i]);
	test_free(copy);
	return distinct;
}

/* Removing repeats leaves each distinct hash once, ascending; 0 is one */
static void
test_unique(void **state)
{
	const size_t n = 50000;
	uint64_t   *run = make_run(n, 0, 30000);
	size_t		kept;
	size_t		i;

	(void) state;
	run[100] = 0;
	run[40000] = 0;
	/* keys 100 and 40000 % 30000 = 10000 were replaced by 0 once each */
	assert_int_equal(reference_distinct(run, n), 30000 + 1);
	kept = sort_unique(run, n);
	assert_int_equal(kept, 30000 + 1);
	assert_int_equal(run[0], 0);
	for (i = 1; i < kept; i++)
		assert_true(run[i - 1] < run[i]);
	assert_int_equal(bf_unique_hashes(run, 0), 0);
	test_free(run);
}

/*
 * Merging a run into another, in place, gives their union, each hash once:
 * overlapping, disjoint both ways, one side empty, and the hash 0 on both
 * sides.
 */
static void
test_merge(void **state)
{
	static const struct
	{
		size_t		na;
		uint64_t	first_b;
		size_t		nb;
	}			cases[] = {
		{20000, 10000, 20000},	/* half shared */
		{20000, 20000, 5},		/* disjoint, one short */
		{5, 0, 20000},			/* overlapping at the low end */
		{0, 0, 1000},			/* first empty */
		{1000, 0, 0},			/* second empty */
		{3000, 0, 3000},		/* the same run twice */
	};
	size_t		c;

	(void) state;
	for (c = 0; c < sizeof(cases) / sizeof(cases[0]); c++)
	{
		size_t		na = cases[c].na;
		size_t		nb = cases[c].nb;
		uint64_t   *a = make_run(na, 0, 0);
		uint64_t   *b = make_run(nb, cases[c].first_b, 0);
		uint64_t   *both = test_malloc((na + nb) * sizeof(uint64_t) + 1);
		uint64_t   *out = test_malloc((na + nb) * sizeof(uint64_t) + 1);
		size_t		n;
		size_t		i;

		if (na > 0 && nb > 0)
			a[0] = b[0] = 0;
		memcpy(both, a, na * sizeof(uint64_t));
		memcpy(both + na, b, nb * sizeof(uint64_t));
		na = sort_unique(a, na);
		nb = sort_unique(b, nb);
		/* out holds a, with room for b, and b is merged into it */
		memcpy(out, a, na * sizeof(uint64_t));
		n = bf_merge_hashes(out, na, b, nb);
		assert_int_equal(n, reference_distinct(both, cases[c].na + cases[c].nb));
		for (i = 1; i < n; i++)
			assert_true(out[i - 1] < out[i]);
		/* every input hash is in the result */
		for (i = 0; i < na; i++)
			assert_non_null(bsearch(&a[i], out, n, sizeof(uint64_t), compare_hashes));
		for (i = 0; i < nb; i++)
			assert_non_null(bsearch(&b[i], out, n, sizeof(uint64_t), compare_hashes));
		test_free(a);
		test_free(b);
		test_free(both);
		test_free(out);
	}
}

/*
 * The in-place merge at its edges, on runs written out: the other run
 * wholly below, wholly above, the same, inside, and repeats at both ends.
 */
static void
test_merge_edges(void **state)
{
	static const struct
	{
		uint64_t	run[4];
		size_t		nrun;
		uint64_t	hashes[5];
		size_t		n;
		uint64_t	want[8];
		size_t		nwant;
	}			cases[] = {
		{{5, 6, 7}, 3, {1, 2, 3}, 3, {1, 2, 3, 5, 6, 7}, 6},
		{{1, 2, 3}, 3, {5, 6, 7}, 3, {1, 2, 3, 5, 6, 7}, 6},
		{{1, 3, 5}, 3, {1, 3, 5}, 3, {1, 3, 5}, 3},
		{{2, 4}, 2, {1, 2, 3, 4, 5}, 5, {1, 2, 3, 4, 5}, 5},
		{{0, 9}, 2, {0, 4, 9}, 3, {0, 4, 9}, 3},
		{{0, UINT64_MAX}, 2, {UINT64_MAX}, 1, {0, UINT64_MAX}, 2},
		{{0}, 0, {7}, 1, {7}, 1},
	};
	size_t		c;

	(void) state;
	for (c = 0; c < sizeof(cases) / sizeof(cases[0]); c++)
	{
		uint64_t	run[16] = {0};
		size_t		n;

		memcpy(run, cases[c].run, cases[c].nrun * sizeof(uint64_t));
		n = bf_merge_hashes(run, cases[c].nrun, cases[c].hashes, cases[c].n);
		assert_int_equal(n, cases[c].nwant);
		assert_memory_equal(run, cases[c].want, n * sizeof(uint64_t));
	}
}

/* Run the tests of sorted runs */
int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sort),
		cmocka_unit_test(test_unique),
		cmocka_unit_test(test_merge),
		cmocka_unit_test(test_merge_edges),
	};

	return cmocka_run_group_tests_name("runs", tests, NULL, NULL);
}
