/*-------------------------------------------------------------------------
 *
 * test_estimate.c
 *	  Unit tests of the estimators: known values of the formulas, accuracy
 *	  on deterministic data within bounds that theory supports, exact
 *	  answers from exact filters, and the saturated case; the variance
 *	  model behind the bounds against simulation, the bounds' coverage, and
 *	  their edges.
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

/*
 * A filter with every bit set: infinite count, rate 1; its intersection
 * with a filter that is not saturated is that filter's count, the most it
 * can be, and their Jaccard 0 (over an infinite union); two saturated
 * filters' Jaccard cannot be known (NaN)
 */
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
	assert_true(x == bf_cardinality(&vsome));
	assert_ok(bf_intersection_cardinality(&vfull, &vfull, &x));
	assert_true(isinf(x));
	assert_ok(bf_union_cardinality(&vsome, &vfull, &x));
	assert_true(isinf(x));
	assert_ok(bf_jaccard(&vfull, &vsome, &x));
	assert_true(x == 0.0);
	assert_ok(bf_jaccard(&vfull, &vfull, &x));
	assert_true(isnan(x));
	test_free(full);
	test_free(some);
}

/*
 * Issue 24, item 6: an exact filter with a saturated block filter.  Every
 * member tests positive, so the intersection is the exact filter's count
 * (as # (e & sat) is), not infinity; the union is infinite, and Jaccard
 * 0 (issue 31, item 5: not NaN).
 */
static void
test_exact_with_saturated(void **state)
{
	size_t		elen;
	size_t		slen;
	size_t		ilen;
	uint8_t    *e = tu_exact(0, 300, &elen);
	uint8_t    *sat = tu_blocks(4, 10, 0.01, 0, &slen);
	bf_view		ve = tu_view(e, elen);
	bf_view		vsat;
	bf_view		vi;
	uint8_t    *inter;
	double		x;

	(void) state;
	tu_add_range(sat, slen, 1000, 101000);
	vsat = tu_view(sat, slen);
	assert_int_equal(vsat.hdr.bits_set, 4 * BF_BLOCK_BITS);
	inter = tu_intersect(&ve, &vsat, &ilen);
	vi = tu_view(inter, ilen);
	assert_ok(bf_intersection_cardinality(&ve, &vsat, &x));
	assert_true(x == 300.0);
	assert_true(x == bf_cardinality(&vi));
	assert_ok(bf_intersection_cardinality(&vsat, &ve, &x));
	assert_true(x == 300.0);
	assert_ok(bf_union_cardinality(&ve, &vsat, &x));
	assert_true(isinf(x));
	assert_ok(bf_jaccard(&ve, &vsat, &x));
	assert_true(x == 0.0);
	test_free(e);
	test_free(sat);
	test_free(inter);
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

/* Trials of the simulations below, and the blocks of their filters */
#define TRIALS		1000
#define SIM_BLOCKS	64

/* The first key of trial t's values: trials draw disjoint sets of keys */
static uint64_t
trial_key(int t)
{
	return (uint64_t) (t + 1) << 32;
}

/* Sample variance of n values */
static double
variance(const double *x, int n)
{
	double		sum = 0.0;
	double		squares = 0.0;
	int			i;

	for (i = 0; i < n; i++)
		sum += x[i];
	for (i = 0; i < n; i++)
		squares += (x[i] - sum / n) * (x[i] - sum / n);
	return squares / (n - 1);
}

/*
 * The variance of a count (bf_count_covariance) against simulation: over
 * TRIALS filters of SIM_BLOCKS blocks at 10%, 100% and 300% of their
 * capacity at 1% (24 values a block), the variance of the estimate is the
 * model's within 12% (the sampling error of a variance over 1,000 trials
 * is 4.5%; the model without the fixed count's correction is off by a
 * factor of 3 to 40 here)
 */
static void
test_count_variance(void **state)
{
	static const double loads[] = {0.1, 1.0, 3.0};
	double	   *est = test_malloc(TRIALS * sizeof(double));
	size_t		i;

	(void) state;
	for (i = 0; i < sizeof(loads) / sizeof(loads[0]); i++)
	{
		uint64_t	n = (uint64_t) (loads[i] * 24 * SIM_BLOCKS);
		double		model = bf_count_covariance((double) n, SIM_BLOCKS);
		int			t;

		for (t = 0; t < TRIALS; t++)
		{
			size_t		len;
			uint8_t    *buf = tu_blocks(SIM_BLOCKS, 1536, 0.01, 0, &len);
			bf_view		view;

			tu_add_range(buf, len, trial_key(t), trial_key(t) + n);
			view = tu_view(buf, len);
			est[t] = bf_cardinality(&view);
			assert_near(bf_cardinality_stderr(&view),
						sqrt(bf_count_covariance(est[t], SIM_BLOCKS)), 1e-9);
			test_free(buf);
		}
		assert_near(variance(est, TRIALS) / model, 1.0, 0.12);
	}
	test_free(est);
}

/*
 * The variance of the intersection by inclusion-exclusion
 * (bf_intersection_variance) against simulation, at the true sizes: two
 * filters of SIM_BLOCKS blocks holding 768 values each, overlapping by 0,
 * 77 and 768; and filters of 4 SIM_BLOCKS and SIM_BLOCKS blocks holding
 * 3,000 and 1,000 values, 500 common, whose union is read at the smaller
 * size.  The raw estimate |A| + |B| - |A u B| (not clamped at 0) has the
 * model's variance within 12%.
 */
static void
test_intersection_variance(void **state)
{
	static const struct
	{
		uint64_t	na_blocks;
		uint64_t	na;
		uint64_t	nb;
		uint64_t	common;
	}			cases[] = {
		{SIM_BLOCKS, 768, 768, 0},
		{SIM_BLOCKS, 768, 768, 77},
		{SIM_BLOCKS, 768, 768, 768},
		{4 * SIM_BLOCKS, 3000, 1000, 500},
	};
	double	   *raw = test_malloc(TRIALS * sizeof(double));
	size_t		i;

	(void) state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
	{
		double		model = bf_intersection_variance((double) cases[i].na,
													 (double) cases[i].nb,
													 (double) cases[i].common,
													 (double) cases[i].na_blocks,
													 SIM_BLOCKS);
		int			t;

		for (t = 0; t < TRIALS; t++)
		{
			size_t		alen;
			size_t		blen;
			uint8_t    *a = tu_blocks(cases[i].na_blocks, 1536, 0.01, 0, &alen);
			uint8_t    *b = tu_blocks(SIM_BLOCKS, 1536, 0.01, 0, &blen);
			uint64_t	first_b = trial_key(t) + cases[i].na - cases[i].common;
			bf_view		va;
			bf_view		vb;
			double		nu;

			tu_add_range(a, alen, trial_key(t), trial_key(t) + cases[i].na);
			tu_add_range(b, blen, first_b, first_b + cases[i].nb);
			va = tu_view(a, alen);
			vb = tu_view(b, blen);
			assert_ok(bf_union_cardinality(&va, &vb, &nu));
			raw[t] = bf_cardinality(&va) + bf_cardinality(&vb) - nu;
			test_free(a);
			test_free(b);
		}
		assert_near(variance(raw, TRIALS) / model, 1.0, 0.12);
	}
	test_free(raw);
}

/* Whether an interval holds x, and is ordered around its estimate */
static bool
covers(const bf_bounds *b, double x)
{
	assert_true(b->lower <= b->estimate && b->estimate <= b->upper);
	return b->lower <= x && x <= b->upper;
}

/*
 * Coverage of the bounds over TRIALS trials per case: a count at capacity
 * (1,536 values), the intersection of two sets of 768 values overlapping
 * by 1% (8 values, near the bound of 0), their intersection, union and
 * Jaccard at 50%, and an exact filter of 2,000 values with the filter at
 * capacity, 500 of them common (at a rate of 1%, the 1,500 others give 15
 * false positives on average: fewer make the count found too discrete for
 * a share of trials to mean much).  The 95% interval covers the
 * truth in 92% to 98% of trials and the 90% interval in 86.5% to 93.5% (3
 * standard errors of a share over 1,000 trials); an interval cut at 0
 * instead of Feldman and Cousins' covers the 8 common values in 97.5% of
 * trials at 95%.
 */
static void
test_bounds_coverage(void **state)
{
	enum
	{
		COUNT, INTER_1, INTER_50, UNION_50, JACCARD_50, MIXED_INTER,
		MIXED_UNION, NCASES
	};
	int			in95[NCASES] = {0};
	int			in90[NCASES] = {0};
	int			t;
	int			c;

	(void) state;
	for (t = 0; t < TRIALS; t++)
	{
		uint64_t	k = trial_key(t);
		size_t		len[4];
		uint8_t    *full = tu_blocks(SIM_BLOCKS, 1536, 0.01, 0, &len[0]);
		uint8_t    *a = tu_blocks(SIM_BLOCKS, 1536, 0.01, 0, &len[1]);
		uint8_t    *b = tu_blocks(SIM_BLOCKS, 1536, 0.01, 0, &len[2]);
		uint8_t    *b1 = tu_blocks(SIM_BLOCKS, 1536, 0.01, 0, &len[3]);
		size_t		elen;
		uint8_t    *e = tu_exact(k + 1036, k + 3036, &elen);
		bf_view		vfull;
		bf_view		va;
		bf_view		vb;
		bf_view		vb1;
		bf_view		ve = tu_view(e, elen);
		int			level;

		tu_add_range(full, len[0], k, k + 1536);
		tu_add_range(a, len[1], k, k + 768);
		tu_add_range(b, len[2], k + 384, k + 1152);
		tu_add_range(b1, len[3], k + 760, k + 1528);
		vfull = tu_view(full, len[0]);
		va = tu_view(a, len[1]);
		vb = tu_view(b, len[2]);
		vb1 = tu_view(b1, len[3]);
		for (level = 0; level < 2; level++)
		{
			double		confidence = level == 0 ? 0.95 : 0.90;
			int		   *in = level == 0 ? in95 : in90;
			bf_bounds	count;
			bf_pair_bounds p1;
			bf_pair_bounds p50;
			bf_pair_bounds mixed;

			assert_ok(bf_cardinality_bounds(&vfull, confidence, &count));
			assert_ok(bf_pair_estimate_bounds(&va, &vb1, confidence, &p1));
			assert_ok(bf_pair_estimate_bounds(&va, &vb, confidence, &p50));
			assert_ok(bf_pair_estimate_bounds(&ve, &vfull, confidence, &mixed));
			in[COUNT] += covers(&count, 1536.0);
			in[INTER_1] += covers(&p1.intersection, 8.0);
			in[INTER_50] += covers(&p50.intersection, 384.0);
			in[UNION_50] += covers(&p50.union_size, 1152.0);
			in[JACCARD_50] += covers(&p50.jaccard, 384.0 / 1152.0);
			in[MIXED_INTER] += covers(&mixed.intersection, 500.0);
			in[MIXED_UNION] += covers(&mixed.union_size, 3036.0);
		}
		test_free(full);
		test_free(a);
		test_free(b);
		test_free(b1);
		test_free(e);
	}
	for (c = 0; c < NCASES; c++)
	{
		print_message("# case %d: the 95%% interval covers %d of %d, the 90%% %d\n",
					  c, in95[c], TRIALS, in90[c]);
		assert_uint_in_range(in95[c], 920, 980);
		assert_uint_in_range(in90[c], 865, 935);
	}
}

/* Whether two bounds are the same, NaN equal to NaN */
static bool
same_bounds(const bf_bounds *b, double estimate, double lower, double upper)
{
	return (b->estimate == estimate || (isnan(b->estimate) && isnan(estimate))) &&
		b->lower == lower && b->upper == upper;
}

/*
 * The bounds at their edges: exact filters and pairs of them are known
 * exactly, an empty filter holds 0; a saturated filter has a finite lower
 * bound above its floor of 32 values a block and an infinite upper bound,
 * an exact filter with it (issue 24, item 6) an intersection within
 * [0, n], a block filter with it one within [0, its upper bound]; a union
 * that cannot be known leaves NaN estimates with what bounds still hold;
 * far from 0, the intersection's interval is its estimate +- the normal
 * quantile times its standard error; intervals widen with the confidence;
 * a confidence out of (0, 1) is refused.
 */
static void
test_bounds_edges(void **state)
{
	size_t		len[7];
	uint8_t    *e1 = tu_exact(0, 300, &len[0]);
	uint8_t    *e2 = tu_exact(200, 600, &len[1]);
	uint8_t    *empty = tu_blocks(4, 10, 0.01, 0, &len[2]);
	uint8_t    *full = tu_blocks(4, 10, 0.01, 0, &len[3]);
	uint8_t    *some = tu_blocks(4, 10, 0.01, 0, &len[4]);
	uint8_t    *a = filled(0, 120000, &len[5]);
	uint8_t    *b = filled(60000, 180000, &len[6]);
	bf_view		v1 = tu_view(e1, len[0]);
	bf_view		v2 = tu_view(e2, len[1]);
	bf_view		vempty = tu_view(empty, len[2]);
	bf_view		vfull;
	bf_view		vsome;
	bf_view		va = tu_view(a, len[5]);
	bf_view		vb = tu_view(b, len[6]);
	bf_bounds	one;
	bf_pair_bounds pair;
	double		widths[3];
	double		quantiles[] = {0.90, 0.95, 0.99};
	double		normal[] = {1.6448536269514722, 1.959963984540054, 2.5758293035489004};
	int			i;

	(void) state;
	tu_add_range(full, len[3], 0, 100000);
	tu_add_range(some, len[4], 0, 5);
	vfull = tu_view(full, len[3]);
	vsome = tu_view(some, len[4]);

	/* exact and empty */
	assert_ok(bf_cardinality_bounds(&v1, 0.95, &one));
	assert_true(same_bounds(&one, 300, 300, 300));
	assert_ok(bf_pair_estimate_bounds(&v1, &v2, 0.95, &pair));
	assert_true(same_bounds(&pair.union_size, 600, 600, 600));
	assert_true(same_bounds(&pair.intersection, 100, 100, 100));
	assert_true(same_bounds(&pair.jaccard, 100.0 / 600, 100.0 / 600, 100.0 / 600));
	assert_ok(bf_cardinality_bounds(&vempty, 0.95, &one));
	assert_true(same_bounds(&one, 0, 0, 0));
	assert_true(bf_cardinality_stderr(&v1) == 0.0);
	assert_true(bf_cardinality_stderr(&vempty) == 0.0);

	/* saturated */
	assert_ok(bf_cardinality_bounds(&vfull, 0.95, &one));
	assert_true(isinf(one.estimate) && isinf(one.upper));
	assert_true(isfinite(one.lower) && one.lower > 32.0 * 4);
	assert_true(isinf(bf_cardinality_stderr(&vfull)));
	assert_ok(bf_pair_estimate_bounds(&vfull, &v1, 0.95, &pair));
	assert_true(same_bounds(&pair.intersection, 300, 0, 300));
	assert_true(isinf(pair.union_size.estimate) && isinf(pair.union_size.upper));
	assert_true(pair.union_size.lower >= one.lower);
	assert_true(same_bounds(&pair.jaccard, 0.0, 0.0, pair.jaccard.upper));
	assert_true(pair.jaccard.upper > 0.0 && pair.jaccard.upper <= 300.0 / one.lower);
	assert_ok(bf_pair_estimate_bounds(&vsome, &vfull, 0.95, &pair));
	assert_true(pair.intersection.estimate == bf_cardinality(&vsome));
	assert_true(pair.intersection.lower == 0.0 && isfinite(pair.intersection.upper));
	assert_true(pair.intersection.upper >= pair.intersection.estimate);

	/* a union that cannot be known (test_folded_saturated's pair) */
	test_free(full);
	full = tu_blocks(1024, 60000, 0.01, BF_FLAG_AUTO, &len[3]);
	tu_add_range(full, len[3], 0, 60000);
	vfull = tu_view(full, len[3]);
	test_free(some);
	some = tu_blocks(1, 24, 0.01, BF_FLAG_AUTO, &len[4]);
	tu_add_range(some, len[4], 0, 5);
	vsome = tu_view(some, len[4]);
	assert_status(bf_pair_estimate_bounds(&vfull, &vsome, 0.95, &pair),
				  BF_E_SATURATED);
	assert_true(isnan(pair.union_size.estimate) && isfinite(pair.union_size.lower) &&
				isinf(pair.union_size.upper));
	assert_true(isnan(pair.intersection.estimate) && pair.intersection.lower == 0.0 &&
				isfinite(pair.intersection.upper));
	assert_true(isnan(pair.jaccard.estimate) && pair.jaccard.lower == 0.0 &&
				pair.jaccard.upper <= 1.0);

	/* far from 0: estimate +- quantile times standard error; wider with confidence */
	for (i = 0; i < 3; i++)
	{
		bf_estimates est;
		double		se;

		assert_ok(bf_pair_estimate_bounds(&va, &vb, quantiles[i], &pair));
		assert_ok(bf_pair_estimates(&va, &vb, &est));
		assert_true(pair.intersection.estimate == est.intersection);
		assert_true(pair.union_size.estimate == est.union_size);
		assert_true(pair.jaccard.estimate == est.jaccard);
		se = sqrt(bf_intersection_variance(bf_cardinality(&va), bf_cardinality(&vb),
										   est.intersection,
										   (double) va.hdr.nitems,
										   (double) vb.hdr.nitems));
		assert_near(pair.intersection.upper - est.intersection, normal[i] * se, 1e-6 * se);
		assert_near(est.intersection - pair.intersection.lower, normal[i] * se, 1e-6 * se);
		assert_ok(bf_cardinality_bounds(&va, quantiles[i], &one));
		widths[i] = one.upper - one.lower;
		assert_true(i == 0 || widths[i] > widths[i - 1]);
	}

	/* confidence out of (0, 1) */
	assert_status(bf_cardinality_bounds(&va, 0.0, &one), BF_E_CONFIDENCE);
	assert_status(bf_cardinality_bounds(&v1, 1.0, &one), BF_E_CONFIDENCE);
	assert_status(bf_pair_estimate_bounds(&va, &vb, NAN, &pair), BF_E_CONFIDENCE);
	assert_status(bf_pair_estimate_bounds(&va, &vb, -0.5, &pair), BF_E_CONFIDENCE);

	test_free(e1);
	test_free(e2);
	test_free(empty);
	test_free(full);
	test_free(some);
	test_free(a);
	test_free(b);
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
	bf_pair_bounds bounds;

	(void) state;
	assert_status(bf_union_cardinality(&va, &vb, &x), BF_E_FOLD);
	assert_status(bf_intersection_cardinality(&va, &vb, &x), BF_E_FOLD);
	assert_status(bf_jaccard(&va, &vb, &x), BF_E_FOLD);
	assert_status(bf_pair_estimate_bounds(&va, &vb, 0.95, &bounds), BF_E_FOLD);
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
		cmocka_unit_test(test_exact_with_saturated),
		cmocka_unit_test(test_count_variance),
		cmocka_unit_test(test_intersection_variance),
		cmocka_unit_test(test_bounds_coverage),
		cmocka_unit_test(test_bounds_edges),
		cmocka_unit_test(test_estimate_errors),
	};

	return cmocka_run_group_tests_name("estimate", tests, NULL, NULL);
}
