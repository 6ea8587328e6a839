/*-------------------------------------------------------------------------
 *
 * test_estimate.c
 *	  Unit tests of the estimators: known values of the formulas, accuracy
 *	  on deterministic data within bounds that theory supports, exact
 *	  answers from exact filters, and the saturated case.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  test/unit/test_estimate.c
 *
 *-------------------------------------------------------------------------
 */
#include "unit.h"

/* Capacity of the filters whose estimates are checked */
#define CAPACITY	200000

/* A filter sized for CAPACITY at 1 % holding keys [from, to) */
static uint8_t *
filled(uint64_t from, uint64_t to, size_t *len)
{
	uint8_t    *buf = tu_sized(CAPACITY, 0.01, len);

	tu_add_range(buf, *len, from, to);
	return buf;
}

/* The distinct-count formula, checked against values worked by hand */
static void
test_formula(void **state)
{
	(void) state;
	assert_true(bf_estimate_from_bits(0, 1) == 0.0);
	/* 8 of 256 bits: -(256 / 8) ln(1 - 8/256) = 1.0159583... */
	assert_near(bf_estimate_from_bits(8, 1), 1.0159583, 1e-6);
	/* half the bits of 1000 blocks: 32000 ln 2 = 22180.70... */
	assert_near(bf_estimate_from_bits(128000, 1000), 22180.710, 1e-3);
	assert_true(isinf(bf_estimate_from_bits(256, 1)));
}

/* The estimated count is within 2 % from 1,000 values to capacity */
static void
test_cardinality_accuracy(void **state)
{
	static const uint64_t counts[] = {1000, 10000, 50000, 100000, CAPACITY};
	size_t		i;

	(void) state;
	for (i = 0; i < sizeof(counts) / sizeof(counts[0]); i++)
	{
		size_t		len;
		uint8_t    *buf = filled(0, counts[i], &len);
		bf_view		view = tu_view(buf, len);
		double		n = (double) counts[i];

		assert_near(bf_cardinality(&view), n, 0.02 * n);
		test_free(buf);
	}
}

/*
 * Union and intersection sizes of A = [0, 120000) and B = [80000, 200000):
 * |A u B| = 200,000 within 2 %, |A n B| = 40,000 within 5 % of the union,
 * Jaccard 0.2 within 0.02.  The union estimate equals the count of the
 * materialized union's bits, so the two routes agree exactly.
 */
static void
test_overlap_estimates(void **state)
{
	size_t		alen;
	size_t		blen;
	size_t		ulen;
	uint8_t    *a = filled(0, 120000, &alen);
	uint8_t    *b = filled(80000, 200000, &blen);
	bf_view		va = tu_view(a, alen);
	bf_view		vb = tu_view(b, blen);
	uint8_t    *u = tu_union(&va, &vb, &ulen);
	bf_view		vu = tu_view(u, ulen);
	double		nu;
	double		ni;
	double		jaccard;

	(void) state;
	assert_ok(bf_union_cardinality(&va, &vb, &nu));
	assert_ok(bf_intersection_cardinality(&va, &vb, &ni));
	assert_ok(bf_jaccard(&va, &vb, &jaccard));
	assert_near(nu, 200000.0, 4000.0);
	assert_near(ni, 40000.0, 0.05 * 200000.0);
	assert_near(ni, 40000.0, 0.05 * 40000.0);
	assert_near(jaccard, 0.2, 0.02);
	assert_true(nu == bf_cardinality(&vu));
	test_free(a);
	test_free(b);
	test_free(u);
}

/* Disjoint and identical sets: the clamps hold the estimate in range */
static void
test_overlap_bounds(void **state)
{
	size_t		alen;
	size_t		blen;
	uint8_t    *a = filled(0, 50000, &alen);
	uint8_t    *b = filled(50000, 100000, &blen);
	bf_view		va = tu_view(a, alen);
	bf_view		vb = tu_view(b, blen);
	double		ni;
	double		jaccard;

	(void) state;
	assert_ok(bf_intersection_cardinality(&va, &vb, &ni));
	assert_true(ni >= 0.0);
	assert_true(ni < 0.01 * 100000.0);
	assert_ok(bf_intersection_cardinality(&va, &va, &ni));
	assert_true(ni == bf_cardinality(&va));
	assert_ok(bf_jaccard(&va, &va, &jaccard));
	assert_near(jaccard, 1.0, 1e-12);
	test_free(a);
	test_free(b);
}

/* Exact filters give exact answers; with a block filter, estimates */
static void
test_exact_estimates(void **state)
{
	size_t		e1len;
	size_t		e2len;
	size_t		blen;
	size_t		ulen;
	uint8_t    *e1 = tu_exact(0, 300, &e1len);
	uint8_t    *e2 = tu_exact(200, 600, &e2len);
	uint8_t    *b = filled(200, 20000, &blen);
	bf_view		v1 = tu_view(e1, e1len);
	bf_view		v2 = tu_view(e2, e2len);
	bf_view		vb = tu_view(b, blen);
	uint8_t    *u = tu_union(&v1, &vb, &ulen);
	bf_view		vu = tu_view(u, ulen);
	double		x;
	double		inter;

	(void) state;
	assert_true(bf_cardinality(&v1) == 300.0);
	assert_ok(bf_union_cardinality(&v1, &v2, &x));
	assert_true(x == 600.0);
	assert_ok(bf_intersection_cardinality(&v1, &v2, &x));
	assert_true(x == 100.0);
	assert_ok(bf_jaccard(&v1, &v2, &x));
	assert_true(x == 100.0 / 600.0);

	/*
	 * exact with blocks: the exact members the blocks hold are counted, so
	 * the intersection is within a few values of 100 (the blocks' rate is
	 * about 0.01 %), and the union is the blocks' count plus the rest
	 */
	assert_ok(bf_intersection_cardinality(&vb, &v1, &inter));
	assert_near(inter, 100.0, 3.0);
	assert_ok(bf_intersection_cardinality(&v1, &vb, &x));
	assert_true(x == inter);
	assert_ok(bf_union_cardinality(&v1, &vb, &x));
	assert_true(x == bf_cardinality(&vb) + 300.0 - inter);
	assert_near(x, bf_cardinality(&vu), 5.0);
	assert_ok(bf_jaccard(&v1, &vb, &x));
	assert_true(x == inter / (bf_cardinality(&vb) + 300.0 - inter));
	test_free(e1);
	test_free(e2);
	test_free(b);
	test_free(u);
}

/*
 * The current false-positive rate: 0 when empty, the model's value at
 * capacity, what probing absent values measures, and a collision chance
 * for exact filters.
 */
static void
test_current_fpr(void **state)
{
	size_t		len;
	size_t		elen;
	uint8_t    *buf = tu_sized(CAPACITY, 0.01, &len);
	uint8_t    *exact = tu_exact(0, 1000, &elen);
	bf_view		view = tu_view(buf, len);
	bf_view		vexact = tu_view(exact, elen);
	double		current;
	double		measured;

	(void) state;
	assert_true(bf_current_fpr(&view) == 0.0);
	tu_add_range(buf, len, 0, CAPACITY);
	view = tu_view(buf, len);
	current = bf_current_fpr(&view);
	assert_near(current, bf_model_fpr(CAPACITY, view.hdr.nitems), 0.001);
	measured = (double) tu_count_range(&view, TU_ABSENT, TU_ABSENT + 1000000) / 1e6;
	assert_near(measured, current, 0.1 * current);
	assert_true(bf_current_fpr(&vexact) == ldexp(1000.0, -64));
	test_free(buf);
	test_free(exact);
}

/* A filter with every bit set: infinite count, NaN Jaccard, rate 1 */
static void
test_saturated(void **state)
{
	size_t		len;
	size_t		flen;
	uint8_t    *full = tu_blocks(4, 10, 0.01, 0, &len);
	uint8_t    *some = tu_blocks(4, 10, 0.01, 0, &flen);
	bf_view		vfull;
	bf_view		vsome;
	double		x;

	(void) state;
	tu_add_range(full, len, 0, 100000);
	tu_add_range(some, flen, 0, 5);
	vfull = tu_view(full, len);
	vsome = tu_view(some, flen);
	assert_int_equal(vfull.hdr.bits_set, 4 * BF_BLOCK_BITS);
	assert_true(isinf(bf_cardinality(&vfull)));
	assert_true(bf_current_fpr(&vfull) == 1.0);
	assert_ok(bf_intersection_cardinality(&vfull, &vsome, &x));
	assert_true(isinf(x));
	assert_ok(bf_jaccard(&vfull, &vsome, &x));
	assert_true(isnan(x));
	test_free(full);
	test_free(some);
}

/*
 * Two filters that are not saturated but whose union, folded to the
 * smaller's size, is: no estimate of the pair can be known (a block filter
 * of 1,024 blocks holding 60,000 values, folded into one block).
 */
static void
test_folded_saturated(void **state)
{
	size_t		blen;
	size_t		slen;
	uint8_t    *big = tu_blocks(1024, 60000, 0.01, BF_FLAG_AUTO, &blen);
	uint8_t    *small = tu_blocks(1, 24, 0.01, BF_FLAG_AUTO, &slen);
	bf_view		vbig;
	bf_view		vsmall;
	double		x = 0.0;

	(void) state;
	tu_add_range(big, blen, 0, 60000);
	tu_add_range(small, slen, 0, 5);
	vbig = tu_view(big, blen);
	vsmall = tu_view(small, slen);
	assert_true(isfinite(bf_cardinality(&vbig)));
	assert_true(isfinite(bf_cardinality(&vsmall)));
	assert_status(bf_union_cardinality(&vbig, &vsmall, &x), BF_E_SATURATED);
	assert_status(bf_intersection_cardinality(&vsmall, &vbig, &x),
				  BF_E_SATURATED);
	assert_status(bf_jaccard(&vbig, &vsmall, &x), BF_E_SATURATED);
	assert_true(x == 0.0);		/* no result written */
	test_free(big);
	test_free(small);
}

/* Estimators refuse incompatible filters */
static void
test_estimate_errors(void **state)
{
	size_t		alen;
	size_t		blen;
	uint8_t    *a = tu_blocks(10, 10, 0.01, 0, &alen);
	uint8_t    *b = tu_blocks(30, 10, 0.01, 0, &blen);
	bf_view		va = tu_view(a, alen);
	bf_view		vb = tu_view(b, blen);
	double		x;

	(void) state;
	assert_status(bf_union_cardinality(&va, &vb, &x), BF_E_FOLD);
	assert_status(bf_intersection_cardinality(&va, &vb, &x), BF_E_FOLD);
	assert_status(bf_jaccard(&va, &vb, &x), BF_E_FOLD);
	test_free(a);
	test_free(b);
}

/* Run the estimator tests */
int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_formula),
		cmocka_unit_test(test_cardinality_accuracy),
		cmocka_unit_test(test_overlap_estimates),
		cmocka_unit_test(test_overlap_bounds),
		cmocka_unit_test(test_exact_estimates),
		cmocka_unit_test(test_folded_saturated),
		cmocka_unit_test(test_current_fpr),
		cmocka_unit_test(test_saturated),
		cmocka_unit_test(test_estimate_errors),
	};

	return cmocka_run_group_tests_name("estimate", tests, NULL, NULL);
}
