/*-------------------------------------------------------------------------
 *
 * test_sizing.c
 *	  Unit tests of the false-positive model and of sizing.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  test/unit/test_sizing.c
 *
 *-------------------------------------------------------------------------
 */
#include "unit.h"

#include "bf_internal.h"

/*
 * The same model by a different route: expanding (1 - q^J)^8 binomially
 * and using E[q^(iJ)] = exp(-lambda (1 - q^i)) for J ~ Poisson(lambda)
 * gives a nine-term closed form.  Its alternating terms cancel badly for
 * small rates, so it serves only as an independent check at moderate ones.
 */
static double
closed_form_fpr(double n, uint64_t nblocks)
{
	static const double binomial[9] = {1, 8, 28, 56, 70, 56, 28, 8, 1};
	double		lambda = n / (double) nblocks;
	double		sum = 0.0;
	int			i;

	for (i = 0; i <= 8; i++)
		sum += (i % 2 ? -1.0 : 1.0) * binomial[i] *
			exp(-lambda * (1.0 - pow(31.0 / 32.0, i)));
	return sum;
}

/* Blocks giving c bits per value to n values */
static uint64_t
blocks_at(double bits_per_value, double n)
{
	return (uint64_t) llround(bits_per_value * n / BF_BLOCK_BITS);
}

/* The Poisson series agrees with the closed form where both are accurate */
static void
test_model_matches_closed_form(void **state)
{
	static const double loads[] = {0.5, 4.0, 16.0, 24.3, 40.0, 100.0, 300.0};
	size_t		i;

	(void) state;
	for (i = 0; i < sizeof(loads) / sizeof(loads[0]); i++)
	{
		double		series = bf_model_fpr(loads[i] * 1000.0, 1000);
		double		closed = closed_form_fpr(loads[i] * 1000.0, 1000);

		assert_near(series, closed, 1e-9 + 1e-9 * closed);
	}
}

/*
 * Published figures for the split-block filter: Parquet's sizing table
 * (bits per distinct value 6.0 -> 10 %, 10.5 -> 1 %, 16.9 -> 0.1 %) and
 * the 0.94 % that FastFilter measures at 10.67 bits per value.  The
 * textbook formula would give 0.62 % at 10.67 bits; the model must not.
 */
static void
test_model_known_values(void **state)
{
	double		n = 1e6;

	(void) state;
	assert_near(bf_model_fpr(n, blocks_at(10.67, n)), 0.0094, 0.0002);
	assert_near(bf_model_fpr(n, blocks_at(10.5, n)), 0.0101, 0.0003);
	assert_near(bf_model_fpr(n, blocks_at(6.0, n)), 0.100, 0.006);
	assert_near(bf_model_fpr(n, blocks_at(16.9, n)), 0.00100, 0.00003);
}

/* The rate is 0 when empty, 1 when saturated, and monotone in between */
static void
test_model_shape(void **state)
{
	uint64_t	b;

	(void) state;
	assert_true(bf_model_fpr(0.0, 100) == 0.0);
	assert_true(bf_model_fpr(1e9, 1) == 1.0);
	for (b = 1; b < 4096; b *= 2)
	{
		assert_true(bf_model_fpr(50000.0, b) >= bf_model_fpr(50000.0, b * 2));
		assert_true(bf_model_fpr(b * 10.0, 100) <= bf_model_fpr(b * 20.0, 100));
	}
}

/* bf_blocks_for returns the smallest block count meeting the target */
static void
test_blocks_for_is_minimal(void **state)
{
	static const uint64_t capacities[] = {1, 10, 1000, 1000000, 10000000};
	static const double rates[] = {0.5, 0.1, 0.01, 0.001, 1e-6};
	size_t		i;
	size_t		j;

	(void) state;
	for (i = 0; i < sizeof(capacities) / sizeof(capacities[0]); i++)
	{
		for (j = 0; j < sizeof(rates) / sizeof(rates[0]); j++)
		{
			uint64_t	nblocks = 0;
			double		n = (double) capacities[i];

			assert_ok(bf_blocks_for(capacities[i], rates[j], &nblocks));
			assert_true(bf_model_fpr(n, nblocks) <= rates[j]);
			assert_true(nblocks == 1 ||
						bf_model_fpr(n, nblocks - 1) > rates[j]);
		}
	}
}

/* At 1 % a split-block filter needs about 10.5 bits per value */
static void
test_bits_per_value(void **state)
{
	uint64_t	nblocks = 0;
	double		bits;

	(void) state;
	assert_ok(bf_blocks_for(1000000, 0.01, &nblocks));
	bits = (double) nblocks * BF_BLOCK_BITS / 1e6;
	assert_true(bits >= 10.4 && bits <= 10.7);

	assert_ok(bf_blocks_for(1000000, 0.001, &nblocks));
	bits = (double) nblocks * BF_BLOCK_BITS / 1e6;
	assert_true(bits >= 16.6 && bits <= 17.1);
}

/* Arguments out of range and sizes past 1 GB are refused */
static void
test_blocks_for_errors(void **state)
{
	uint64_t	nblocks = 0;

	(void) state;
	assert_status(bf_blocks_for(0, 0.01, &nblocks), BF_E_CAPACITY);
	assert_status(bf_blocks_for(10, 0.0, &nblocks), BF_E_FPR);
	assert_status(bf_blocks_for(10, 1.0, &nblocks), BF_E_FPR);
	assert_status(bf_blocks_for(10, -0.5, &nblocks), BF_E_FPR);
	assert_status(bf_blocks_for(10, 2.0, &nblocks), BF_E_FPR);
	assert_status(bf_blocks_for(10, NAN, &nblocks), BF_E_FPR);
	assert_status(bf_blocks_for(10, INFINITY, &nblocks), BF_E_FPR);

	/* about 612 million values fit in the largest filter at 1 % */
	assert_ok(bf_blocks_for(600000000, 0.01, &nblocks));
	assert_true(bf_size_blocks(nblocks) <= BF_MAX_SIZE);
	assert_status(bf_blocks_for(620000000, 0.01, &nblocks), BF_E_TOO_LARGE);
	assert_status(bf_blocks_for(UINT64_MAX, 0.5, &nblocks), BF_E_TOO_LARGE);
	/* a rate below what even one value in the largest filter reaches */
	assert_status(bf_blocks_for(1, 1e-300, &nblocks), BF_E_FPR_FLOOR);
	assert_status(bf_blocks_for(1, 1e-30, &nblocks), BF_E_FPR_FLOOR);
	assert_status(bf_auto_blocks(1, 1e-30, &nblocks), BF_E_FPR_FLOOR);
	/* at the floor, one value fits and two do not */
	assert_status(bf_blocks_for(2, BF_MIN_FPR, &nblocks), BF_E_TOO_LARGE);
}

/*
 * BF_MIN_FPR is the model rate of one value in the largest filter, and
 * bf_sizable says exactly whether bf_blocks_for succeeds
 */
static void
test_sizable(void **state)
{
	uint64_t	nblocks = 0;
	static const uint64_t counts[] = {1, 3, 1000, 600000000, 620000000};
	static const double rates[] = {BF_MIN_FPR, 1e-19, 1e-9, 0.01, 0.5};

	(void) state;
	assert_true(BF_MIN_FPR == bf_model_fpr(1.0, BF_MAX_BLOCKS));
	assert_ok(bf_blocks_for(1, BF_MIN_FPR, &nblocks));
	assert_int_equal(nblocks, BF_MAX_BLOCKS);
	assert_status(bf_blocks_for(1, nextafter(BF_MIN_FPR, 0.0), &nblocks),
				  BF_E_FPR_FLOOR);
	assert_false(bf_sizable(1, nextafter(BF_MIN_FPR, 0.0)));
	assert_false(bf_sizable(0, 0.01));
	assert_false(bf_sizable(1, 1.0));
	assert_false(bf_sizable(1, NAN));
	for (size_t i = 0; i < sizeof(counts) / sizeof(counts[0]); i++)
		for (size_t j = 0; j < sizeof(rates) / sizeof(rates[0]); j++)
			assert_int_equal(bf_sizable(counts[i], rates[j]),
							 bf_blocks_for(counts[i], rates[j], &nblocks) == BF_OK);
}

/* Capacity is the inverse of sizing: the largest n that meets the rate */
static void
test_capacity_of(void **state)
{
	static const uint64_t blocks[] = {1, 7, 1000, 41130, 1 << 21};
	static const double rates[] = {0.5, 0.01, 0.001};
	size_t		i;
	size_t		j;

	(void) state;
	for (i = 0; i < sizeof(blocks) / sizeof(blocks[0]); i++)
	{
		for (j = 0; j < sizeof(rates) / sizeof(rates[0]); j++)
		{
			uint64_t	n = bf_capacity_of(blocks[i], rates[j]);

			assert_true(n == 0 || bf_model_fpr((double) n, blocks[i]) <= rates[j]);
			assert_true(bf_model_fpr((double) (n + 1), blocks[i]) > rates[j]);
		}
	}
	/* 2^21 blocks (64 MiB) hold about 51 million values at 1 % */
	assert_uint_in_range(bf_capacity_of(1 << 21, 0.01), 50000000, 52000000);
	assert_int_equal(bf_capacity_of(1, 1e-15), 0);
}

/*
 * The auto-sizing ladder: powers of two, between one and two times the
 * optimal size; exact lists kept up to BF_AUTO_EXACT_MAX values (65,536),
 * and beyond that only while no more than twice the optimal size (at rates
 * far below 1 %).
 */
static void
test_auto_sizing(void **state)
{
	uint64_t	n;
	uint64_t	nblocks = 0;
	uint64_t	optimal = 0;

	(void) state;
	assert_ok(bf_auto_blocks(0, 0.01, &nblocks));
	assert_int_equal(nblocks, 1);
	for (n = 1; n < 100000000; n = n * 3 + 1)
	{
		assert_ok(bf_auto_blocks(n, 0.01, &nblocks));
		assert_ok(bf_blocks_for(n, 0.01, &optimal));
		assert_int_equal(nblocks & (nblocks - 1), 0);
		assert_true(nblocks >= optimal && nblocks < 2 * optimal + 1);
		assert_true(bf_model_fpr((double) n, nblocks) <= 0.01);
	}
	assert_status(bf_auto_blocks(600000000, 0.01, &nblocks), BF_E_TOO_LARGE);

	assert_true(bf_auto_keeps_exact(0, 0.01));
	assert_true(bf_auto_keeps_exact(8, 0.01));
	assert_true(bf_auto_keeps_exact(20000, 0.01));
	assert_true(bf_auto_keeps_exact(BF_AUTO_EXACT_MAX, 0.01));
	assert_int_equal(BF_AUTO_EXACT_MAX, 65536);
	assert_false(bf_auto_keeps_exact(BF_AUTO_EXACT_MAX + 1, 0.01));
	assert_false(bf_auto_keeps_exact(300000, 0.01));
	assert_false(bf_auto_keeps_exact(BF_AUTO_EXACT_MAX + 1, 0.1));
}

/*
 * bf_auto_header puts the auto-sizing policy together: exact up to 65,536
 * values at 1 %, then the ladder's block count with the capacity it holds,
 * and a header bf_init or bf_init_exact accepts.
 */
static void
test_auto_header(void **state)
{
	bf_header	hdr;
	uint64_t	nblocks;
	uint64_t	n;
	uint8_t    *buf;

	(void) state;
	assert_ok(bf_auto_header(BF_AUTO_EXACT_MAX, 0.01, TU_KIND, &hdr));
	assert_int_equal(hdr.layout, BF_LAYOUT_EXACT);
	assert_int_equal(hdr.nitems, BF_AUTO_EXACT_MAX);
	assert_int_equal(hdr.capacity, 0);
	assert_int_equal(hdr.flags, BF_FLAG_AUTO);
	assert_int_equal(hdr.kind, TU_KIND);
	for (n = BF_AUTO_EXACT_MAX + 1; n <= 10000000; n *= 7)
	{
		assert_ok(bf_auto_header(n, 0.01, TU_KIND, &hdr));
		assert_ok(bf_auto_blocks(n, 0.01, &nblocks));
		assert_int_equal(hdr.layout, BF_LAYOUT_BLOCKS);
		assert_int_equal(hdr.nitems, nblocks);
		assert_int_equal(hdr.capacity, bf_capacity_of(nblocks, 0.01));
		assert_true(hdr.capacity >= n);
		buf = test_malloc(bf_size_blocks(nblocks));
		assert_ok(bf_init(buf, bf_size_blocks(nblocks), &hdr));
		test_free(buf);
	}
	assert_status(bf_auto_header(100, 1.5, TU_KIND, &hdr), BF_E_FPR);
}

/*
 * The model and the searches as they were before issue 31: pow for every
 * term of the sum, binary searches of the whole range.  The core's (a
 * table of the powers, searches of a bracket) must give the same numbers.
 */
static double
reference_model_fpr(double n, uint64_t nblocks)
{
	double		lambda;
	double		spread;
	double		lo;
	double		hi;
	double		pmf;
	double		sum = 0.0;
	uint64_t	j;

	if (!(n > 0.0) || nblocks == 0)
		return 0.0;
	lambda = n / (double) nblocks;
	if (lambda > 2000.0)
		return 1.0;
	spread = 12.0 * sqrt(lambda) + 30.0;
	lo = floor(lambda - spread);
	if (lo < 0.0)
		lo = 0.0;
	hi = ceil(lambda + spread);
	pmf = exp(-lambda + lo * log(lambda) - lgamma(lo + 1.0));
	for (j = (uint64_t) lo; j <= (uint64_t) hi; j++)
	{
		double		word_bit = 1.0 - pow(31.0 / 32.0, (double) j);
		double		w2 = word_bit * word_bit;
		double		w4 = w2 * w2;

		sum += pmf * w4 * w4;
		pmf *= lambda / (double) (j + 1);
	}
	return sum > 1.0 ? 1.0 : sum;
}

/* bf_blocks_within before issue 31: a binary search of [1, limit] */
static bf_status
reference_blocks_within(uint64_t capacity, double fpr, uint64_t limit,
						uint64_t *nblocks)
{
	uint64_t	lo = 1;
	uint64_t	hi = limit;

	if (capacity < 1)
		return BF_E_CAPACITY;
	if (!(fpr > 0.0 && fpr < 1.0))
		return BF_E_FPR;
	if (fpr < BF_MIN_FPR)
		return BF_E_FPR_FLOOR;
	if (reference_model_fpr((double) capacity, hi) > fpr)
		return BF_E_TOO_LARGE;
	while (lo < hi)
	{
		uint64_t	mid = lo + (hi - lo) / 2;

		if (reference_model_fpr((double) capacity, mid) <= fpr)
			hi = mid;
		else
			lo = mid + 1;
	}
	*nblocks = lo;
	return BF_OK;
}

/* bf_capacity_of before issue 31: a binary search of [0, 2000 nblocks] */
static uint64_t
reference_capacity_of(uint64_t nblocks, double fpr)
{
	uint64_t	lo = 0;
	uint64_t	hi = nblocks * 2000;

	while (lo < hi)
	{
		uint64_t	mid = lo + (hi - lo + 1) / 2;

		if (reference_model_fpr((double) mid, nblocks) <= fpr)
			lo = mid;
		else
			hi = mid - 1;
	}
	return lo;
}

/*
 * Issue 31, item 3: the model reads its powers from a table and the
 * searches start from a guess, and every size is what it was.  The model
 * to the last bit over loads from 1e-6 to past saturation; the block
 * counts of bf_blocks_within (the limits of a filter in one value and of
 * a whole kept in parts) and their statuses, over every capacity up to
 * 100, a geometric sweep to 6e9 and 300 at random, at 30 rates from 0.999
 * to the floor and 30 at random; bf_capacity_of over every block count up
 * to 64, a geometric sweep to 2^32 and 100 at random, at the same rates.
 */
static void
test_sizing_as_before(void **state)
{
	double		rates[60] = {0.999, 0.9, 0.5, 0.3, 0.2, 0.1, 0.05, 0.02, 0.01,
		0.005, 0.002, 0.001, 1e-4, 3e-5, 1e-5, 1e-6, 1e-7, 1e-8, 1e-9, 1e-10,
	1e-11, 1e-12, 1e-13, 1e-14, 1e-15, 1e-16, 1e-17, 1e-18, 1e-19, BF_MIN_FPR};
	uint64_t	capacities[800];
	uint64_t	counts[300];
	uint64_t	seed = 31;
	int			ncap = 0;
	int			ncount = 0;
	double		x;
	int			i;
	int			j;
	int			k;

	(void) state;
	for (i = 30; i < 60; i++)
		rates[i] = exp(-45.0 * (double) (tu_random(&seed) % 1000000) / 1e6);
	for (i = 1; i <= 100; i++)
		capacities[ncap++] = (uint64_t) i;
	for (x = 107.0; x < 6e9; x *= 1.07)
		capacities[ncap++] = (uint64_t) x;
	for (i = 0; i < 300; i++)
		capacities[ncap++] = 1 + tu_random(&seed) % UINT64_C(6000000000);
	for (i = 1; i <= 64; i++)
		counts[ncount++] = (uint64_t) i;
	for (x = 70.0; x < 4294967296.0; x *= 1.15)
		counts[ncount++] = (uint64_t) x;
	for (i = 0; i < 100; i++)
		counts[ncount++] = 1 + tu_random(&seed) % (UINT64_C(1) << 32);
	assert_true(ncap <= 800 && ncount <= 300);

	for (x = 1e-6; x < 2100.0; x *= 1.013)
	{
		double		model = bf_model_fpr(x * 1000.0, 1000);
		double		reference = reference_model_fpr(x * 1000.0, 1000);

		assert_memory_equal(&model, &reference, sizeof(double));
	}
	for (i = 0; i < ncap; i++)
		for (j = 0; j < 60; j++)
			for (k = 0; k < 2; k++)
			{
				uint64_t	limit = k == 0 ? BF_MAX_BLOCKS : BF_MAX_WHOLE_BLOCKS;
				uint64_t	got = 0;
				uint64_t	expected = 0;
				bf_status	status = bf_blocks_within(capacities[i], rates[j], limit, &got);

				assert_status(status, reference_blocks_within(capacities[i], rates[j],
															  limit, &expected));
				if (got != expected)
					fail_msg("capacity %llu at %g: %llu blocks, %llu before",
							 (unsigned long long) capacities[i], rates[j],
							 (unsigned long long) got, (unsigned long long) expected);
			}
	for (i = 0; i < ncount; i++)
		for (j = 0; j < 60; j++)
			if (bf_capacity_of(counts[i], rates[j]) != reference_capacity_of(counts[i], rates[j]))
				fail_msg("capacity of %llu blocks at %g: %llu, %llu before",
						 (unsigned long long) counts[i], rates[j],
						 (unsigned long long) bf_capacity_of(counts[i], rates[j]),
						 (unsigned long long) reference_capacity_of(counts[i], rates[j]));
}

/* Run the sizing tests */
int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_model_matches_closed_form),
		cmocka_unit_test(test_model_known_values),
		cmocka_unit_test(test_model_shape),
		cmocka_unit_test(test_blocks_for_is_minimal),
		cmocka_unit_test(test_bits_per_value),
		cmocka_unit_test(test_blocks_for_errors),
		cmocka_unit_test(test_sizable),
		cmocka_unit_test(test_capacity_of),
		cmocka_unit_test(test_auto_sizing),
		cmocka_unit_test(test_auto_header),
		cmocka_unit_test(test_sizing_as_before),
	};

	return cmocka_run_group_tests_name("sizing", tests, NULL, NULL);
}
