/*-------------------------------------------------------------------------
 *
 * test_filter.c
 *	  Unit tests of creating filters, adding hashes and testing membership,
 *	  run with every kernel set the machine supports.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  test/unit/test_filter.c
 *
 *-------------------------------------------------------------------------
 */
#include "unit.h"

/* A new filter is empty: no bits, no members, and valid */
static void
test_empty_filter(void **state)
{
	size_t		len;
	uint8_t    *buf = tu_sized(1000, 0.01, &len);
	bf_view		view = tu_view(buf, len);

	(void) state;
	assert_ok(bf_validate(buf, len));
	assert_int_equal(view.hdr.bits_set, 0);
	assert_int_equal(view.hdr.kind, TU_KIND);
	assert_int_equal(view.hdr.capacity, 1000);
	assert_int_equal(tu_count_range(&view, 0, 100000), 0);
	test_free(buf);
}

/*
 * Every added value tests positive, with every kernel set, whether added
 * in batches or one at a time, and the header keeps the exact count of set
 * bits.
 */
static void
test_no_false_negatives(void **state)
{
	bf_kernel_set sets[2];
	int			nsets = tu_kernel_sets(sets);
	int			s;

	(void) state;
	for (s = 0; s < nsets; s++)
	{
		size_t		len;
		uint8_t    *buf;
		bf_view		view;
		uint64_t	i;

		assert_ok(bf_use_kernels(sets[s]));
		buf = tu_sized(100000, 0.01, &len);
		tu_add_range(buf, len, 0, 50000);
		for (i = 50000; i < 100000; i++)
		{
			uint64_t	hash = tu_key(i);

			assert_ok(bf_add_hashes(buf, len, &hash, 1));
		}
		view = tu_view(buf, len);
		assert_int_equal(tu_count_range(&view, 0, 100000), 100000);
		for (i = 0; i < 100000; i += 997)
			assert_true(bf_contains(&view, tu_key(i)));
		assert_ok(bf_validate(buf, len));
		assert_int_equal(view.hdr.bits_set,
						 bf_popcount(view.payload, len - BF_HEADER_SIZE));
		test_free(buf);
	}
	assert_ok(bf_use_kernels(BF_KERNELS_AUTO));
}

/* Every kernel set writes the same bytes and gives the same answers */
static void
test_kernel_sets_agree(void **state)
{
	bf_kernel_set sets[2];
	int			nsets = tu_kernel_sets(sets);
	uint8_t    *bufs[2];
	uint64_t	hits[2];
	size_t		len = 0;
	int			s;

	(void) state;
	if (nsets < 2)
		skip();
	for (s = 0; s < nsets; s++)
	{
		bf_view		view;

		assert_ok(bf_use_kernels(sets[s]));
		bufs[s] = tu_sized(20000, 0.02, &len);
		tu_add_range(bufs[s], len, 0, 20000);
		view = tu_view(bufs[s], len);
		hits[s] = tu_count_range(&view, TU_ABSENT, TU_ABSENT + 200000);
	}
	assert_memory_equal(bufs[0], bufs[1], len);
	assert_int_equal(hits[0], hits[1]);
	assert_true(hits[0] > 0);
	test_free(bufs[0]);
	test_free(bufs[1]);
	assert_ok(bf_use_kernels(BF_KERNELS_AUTO));
}

/* Adding the same values again changes nothing */
static void
test_add_is_idempotent(void **state)
{
	size_t		len;
	uint8_t    *once = tu_sized(5000, 0.01, &len);
	uint8_t    *twice = tu_sized(5000, 0.01, &len);

	(void) state;
	tu_add_range(once, len, 0, 5000);
	tu_add_range(twice, len, 0, 5000);
	tu_add_range(twice, len, 2500, 5000);
	assert_memory_equal(once, twice, len);
	test_free(once);
	test_free(twice);
}

/* An exact filter holds exactly its hashes */
static void
test_exact_membership(void **state)
{
	size_t		len;
	uint8_t    *buf = tu_exact(100, 1100, &len);
	bf_view		view = tu_view(buf, len);
	uint64_t	hash = tu_key(5);

	(void) state;
	assert_ok(bf_validate(buf, len));
	assert_int_equal(view.hdr.nitems, 1000);
	assert_int_equal(tu_count_range(&view, 100, 1100), 1000);
	assert_int_equal(tu_count_range(&view, 0, 100), 0);
	assert_int_equal(tu_count_range(&view, 1100, 200000), 0);
	/* an exact filter grows into a new buffer, never in place */
	assert_status(bf_add_hashes(buf, len, &hash, 1), BF_E_LAYOUT);
	test_free(buf);
}

/* An empty exact filter is a valid filter with no members */
static void
test_empty_exact(void **state)
{
	uint8_t		buf[BF_HEADER_SIZE];
	bf_header	hdr;
	bf_view		view;

	(void) state;
	bf_header_init(&hdr, BF_LAYOUT_EXACT, 0, 0, 0.01, BF_FLAG_AUTO, 0);
	assert_ok(bf_init_exact(buf, sizeof(buf), &hdr, NULL, 0));
	assert_ok(bf_validate(buf, sizeof(buf)));
	view = tu_view(buf, sizeof(buf));
	assert_false(bf_contains(&view, tu_key(1)));
}

/* Creating filters with inconsistent arguments fails cleanly */
static void
test_init_errors(void **state)
{
	uint8_t		buf[BF_HEADER_SIZE + 4 * BF_BLOCK_BYTES];
	uint64_t	unsorted[2] = {5, 3};
	bf_header	hdr;

	(void) state;
	bf_header_init(&hdr, BF_LAYOUT_BLOCKS, 4, 100, 0.01, 0, TU_KIND);
	assert_ok(bf_init(buf, sizeof(buf), &hdr));
	assert_status(bf_init(buf, sizeof(buf) - 1, &hdr), BF_E_BUFFER);

	bf_header_init(&hdr, BF_LAYOUT_BLOCKS, 0, 100, 0.01, 0, TU_KIND);
	assert_status(bf_init(buf, BF_HEADER_SIZE, &hdr), BF_E_TOO_LARGE);

	bf_header_init(&hdr, BF_LAYOUT_BLOCKS, 4, 100, 1.5, 0, TU_KIND);
	assert_status(bf_init(buf, sizeof(buf), &hdr), BF_E_BAD_PARAMS);

	bf_header_init(&hdr, BF_LAYOUT_BLOCKS, 3, 100, 0.01, BF_FLAG_AUTO, TU_KIND);
	assert_status(bf_init(buf, bf_size_blocks(3), &hdr), BF_E_BAD_FLAGS);

	bf_header_init(&hdr, BF_LAYOUT_EXACT, 0, 0, 0.01, BF_FLAG_AUTO, TU_KIND);
	assert_status(bf_init(buf, BF_HEADER_SIZE, &hdr), BF_E_LAYOUT);
	assert_status(bf_init_exact(buf, bf_size_exact(2), &hdr, unsorted, 2),
				  BF_E_UNSORTED);
	unsorted[0] = 3;
	assert_status(bf_init_exact(buf, bf_size_exact(2), &hdr, unsorted, 2),
				  BF_E_UNSORTED);
	assert_status(bf_init_exact(buf, bf_size_exact(1), &hdr, unsorted, 2),
				  BF_E_BUFFER);
}

/* Run the filter tests */
int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_empty_filter),
		cmocka_unit_test(test_no_false_negatives),
		cmocka_unit_test(test_kernel_sets_agree),
		cmocka_unit_test(test_add_is_idempotent),
		cmocka_unit_test(test_exact_membership),
		cmocka_unit_test(test_empty_exact),
		cmocka_unit_test(test_init_errors),
	};

	return cmocka_run_group_tests_name("filter", tests, NULL, NULL);
}
