/*-------------------------------------------------------------------------
 *
 * test_fpr.c
 *	  Statistical test of the false-positive rate: filters filled to their
 *	  design capacity, probed with 1,000,000 values never added.
 *
 * For each target rate p in {10 %, 1 %, 0.1 %} the measured rate must lie
 * within 15 % of the model's rate for the filter's actual size, and so at
 * most 1.15 p.  At 0.1 % the expected count is about 1,000 false positives,
 * whose standard deviation is about 3 %, so the bound is some five
 * deviations wide: it fails on a real modelling or hashing error, not on
 * chance.  The keys are fixed, so the test is deterministic.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  test/unit/test_fpr.c
 *
 *-------------------------------------------------------------------------
 */
#include "unit.h"

#define CAPACITY	1000000
#define PROBES		1000000

/* Fill a filter sized for (CAPACITY, p) and compare measured and model rates */
static void
check_rate(double p)
{
	size_t		len;
	uint8_t    *buf = tu_sized(CAPACITY, p, &len);
	bf_view		view;
	double		model;
	double		measured;

	tu_add_range(buf, len, 0, CAPACITY);
	view = tu_view(buf, len);
	assert_int_equal(tu_count_range(&view, 0, CAPACITY), CAPACITY);

	model = bf_model_fpr(CAPACITY, view.hdr.nitems);
	measured = (double) tu_count_range(&view, TU_ABSENT, TU_ABSENT + PROBES) /
		PROBES;
	print_message("# target %g: model %.5f%%, measured %.5f%% (ratio %.3f), %.2f bits per value\n",
				  p, 100.0 * model, 100.0 * measured, measured / model,
				  (double) view.hdr.nitems * BF_BLOCK_BITS / CAPACITY);
	assert_true(model <= p);
	assert_near(measured, model, 0.15 * model);
	test_free(buf);
}

/* 10 % target */
static void
test_rate_10_percent(void **state)
{
	(void) state;
	check_rate(0.1);
}

/* 1 % target */
static void
test_rate_1_percent(void **state)
{
	(void) state;
	check_rate(0.01);
}

/* 0.1 % target */
static void
test_rate_01_percent(void **state)
{
	(void) state;
	check_rate(0.001);
}

/* Run the false-positive rate tests */
int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rate_10_percent),
		cmocka_unit_test(test_rate_1_percent),
		cmocka_unit_test(test_rate_01_percent),
	};

	return cmocka_run_group_tests_name("fpr", tests, NULL, NULL);
}
