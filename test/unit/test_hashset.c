/*-------------------------------------------------------------------------
 *
 * test_hashset.c
 *	  Unit tests of the hash set and the radix sort, against qsort and a
 *	  reference count of distinct values.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  test/unit/test_hashset.c
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

/* The radix sort agrees with qsort at every size class */
static void
test_sort(void **state)
{
	static const size_t sizes[] = {0, 1, 2, 47, 48, 49, 1000, 100000};
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

/*
 * The set counts distinct hashes, the zero hash included, keeps them
 * across growth, and gives each back exactly once.
 */
static void
test_set(void **state)
{
	const size_t n = 50000;
	uint64_t   *input = test_malloc(n * sizeof(uint64_t));
	uint64_t	nslots = BF_HASHSET_MIN_SLOTS;
	uint64_t   *slots = test_malloc(nslots * sizeof(uint64_t));
	uint64_t   *out;
	uint64_t   *scratch;
	bf_hashset	set;
	size_t		i;

	(void) state;
	/* 30,000 distinct keys, each repeated, plus the hash 0 twice */
	for (i = 0; i < n; i++)
		input[i] = tu_key(i % 30000);
	input[100] = 0;
	input[40000] = 0;

	bf_hashset_init(&set, slots, nslots);
	for (i = 0; i < n; i += 1000)
	{
		if (bf_hashset_room(&set) < 1000)
		{
			uint64_t	bigger = bf_hashset_slots_for(set.count + 1000);
			uint64_t   *grown = test_malloc(bigger * sizeof(uint64_t));
			bf_hashset	next;

			bf_hashset_init(&next, grown, bigger);
			bf_hashset_rehash(&next, &set);
			assert_int_equal(next.count, set.count);
			test_free(set.slots);
			set = next;
		}
		bf_hashset_add(&set, input + i, 1000);
	}
	/* keys 100 and 40000 % 30000 = 10000 were replaced by 0 once each */
	assert_int_equal(set.count, 30000 + 1);
	assert_true(set.has_zero);
	assert_true(set.nslots >= 2 * set.count);
	assert_true(bf_hashset_contains(&set, 0));
	assert_true(bf_hashset_contains(&set, tu_key(29999)));
	assert_false(bf_hashset_contains(&set, tu_key(30000)));

	out = test_malloc(set.count * sizeof(uint64_t));
	scratch = test_malloc(set.count * sizeof(uint64_t));
	bf_hashset_extract(&set, out);
	bf_sort_hashes(out, set.count, scratch);
	assert_int_equal(out[0], 0);
	for (i = 1; i < set.count; i++)
		assert_true(out[i - 1] < out[i]);
	test_free(input);
	test_free(set.slots);
	test_free(out);
	test_free(scratch);
}

/* Run the hash set tests */
int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sort),
		cmocka_unit_test(test_set),
	};

	return cmocka_run_group_tests_name("hashset", tests, NULL, NULL);
}
