/*-------------------------------------------------------------------------
 *
 * test_bounds.c
 *	  Unit tests of the estimators' intervals over every pair of shapes of
 *	  filter: lower <= estimate <= upper for the count, the union, the
 *	  intersection and Jaccard, whatever the two filters (empty, one
 *	  value, exact, blocks, over capacity, saturated, of sizes that fold),
 *	  at three confidences; the estimate is the estimators' own, and a
 *	  number, but where the pair's union cannot be known, or the Jaccard
 *	  similarity of two saturated filters; Jaccard with an empty side is
 *	  exactly 0.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  test/unit/test_bounds.c
 *
 *-------------------------------------------------------------------------
 */
#include "unit.h"

/* A filter of the sweep: its name, bytes, and whether it holds nothing */
typedef struct shape
{
	const char *name;
	uint8_t    *buf;
	size_t		len;
	bool		empty;
} shape;

#define NSHAPES		13

/* Violations found by the sweep, each printed as it is found */
static int	violations;

/* Print a violation and count it */
#define violation(...) \
	do { print_message(__VA_ARGS__); print_message("\n"); violations++; } while (0)

/* An auto-sized block filter of nblocks blocks holding keys [from, to) */
static void
blocks_shape(shape *s, const char *name, uint64_t nblocks, uint64_t from,
			 uint64_t to)
{
	s->name = name;
	s->buf = tu_blocks(nblocks, nblocks * 24, 0.01, BF_FLAG_AUTO, &s->len);
	tu_add_range(s->buf, s->len, from, to);
	s->empty = from == to;
}

/* An exact filter holding keys [from, to) */
static void
exact_shape(shape *s, const char *name, uint64_t from, uint64_t to)
{
	s->name = name;
	s->buf = tu_exact(from, to, &s->len);
	s->empty = from == to;
}

/*
 * The shapes: empty (an exact list and blocks), one value (both layouts),
 * exact lists that overlap, block filters of 1 to 1,024 blocks (sizes that
 * fold into one another) that overlap them and each other, one past its
 * capacity, and saturated ones of two sizes
 */
static void
make_shapes(shape *s)
{
	exact_shape(&s[0], "empty exact", 0, 0);
	blocks_shape(&s[1], "empty blocks", 64, 0, 0);
	exact_shape(&s[2], "one value exact", 5, 6);
	blocks_shape(&s[3], "one value blocks", 64, 5, 6);
	exact_shape(&s[4], "exact 300", 0, 300);
	exact_shape(&s[5], "exact 2000", 100, 2100);
	blocks_shape(&s[6], "blocks 1 of 64", 64, 0, 1000);
	blocks_shape(&s[7], "blocks 1 of 1024", 1024, 500, 20500);
	blocks_shape(&s[8], "blocks 1 of 16", 16, 0, 300);
	blocks_shape(&s[9], "blocks 1 of 1, 20 values", 1, 0, 20);
	blocks_shape(&s[10], "blocks 64, 3x capacity", 64, 0, 4600);
	blocks_shape(&s[11], "saturated 4", 4, 0, 100000);
	blocks_shape(&s[12], "saturated 64", 64, 1000, 2001000);
}

/* Whether a filter has every bit set */
static bool
is_saturated(const bf_view *view)
{
	return view->hdr.layout == BF_LAYOUT_BLOCKS &&
		view->hdr.bits_set == view->hdr.nitems * BF_BLOCK_BITS;
}

/*
 * Fail unless lower <= estimate <= upper, in order, the estimate a number
 * (NaN allowed only where unknown says so) equal to the estimator's
 */
static void
check_bounds(const bf_bounds *b, double estimator, bool unknown,
			 const char *what, const char *a, const char *bname, double c)
{
	bool		ok;

	if (isnan(b->estimate))
		ok = unknown && isnan(estimator) && b->lower <= b->upper;
	else
		ok = !unknown && b->lower <= b->estimate && b->estimate <= b->upper &&
			b->estimate == estimator;
	ok = ok && b->lower >= 0.0 && !isnan(b->lower) && !isnan(b->upper);
	if (!ok)
		violation("%s of %s and %s at %g: estimate %g (estimator %g), bounds [%g, %g]",
				  what, a, bname, c, b->estimate, estimator, b->lower, b->upper);
}

/*
 * Every pair of shapes, in both orders and with itself, at confidences
 * 0.5, 0.95 and 0.99: the count, union, intersection and Jaccard within
 * their intervals (check_bounds); Jaccard's within [0, 1], and exactly 0
 * (bounds included) where one side is empty and the other not
 */
static void
test_bounds_sweep(void **state)
{
	static const double confidences[] = {0.5, 0.95, 0.99};
	shape		s[NSHAPES];
	int			i;
	int			j;
	int			k;
	int			checked = 0;

	(void) state;
	violations = 0;
	make_shapes(s);
	for (i = 0; i < NSHAPES; i++)
		for (k = 0; k < 3; k++)
		{
			bf_view		v = tu_view(s[i].buf, s[i].len);
			bf_bounds	one;

			assert_ok(bf_cardinality_bounds(&v, confidences[k], &one));
			check_bounds(&one, bf_cardinality(&v), false, "count", s[i].name,
						 "itself", confidences[k]);
		}
	for (i = 0; i < NSHAPES; i++)
		for (j = 0; j < NSHAPES; j++)
			for (k = 0; k < 3; k++)
			{
				bf_view		va = tu_view(s[i].buf, s[i].len);
				bf_view		vb = tu_view(s[j].buf, s[j].len);
				bf_pair_bounds b;
				bf_estimates est;
				bf_status	status = bf_pair_estimate_bounds(&va, &vb, confidences[k], &b);
				bool		unknown = status == BF_E_SATURATED;
				bool		both_saturated = is_saturated(&va) && is_saturated(&vb);

				if (status != BF_E_SATURATED)
					assert_ok(status);
				assert_status(bf_pair_estimates(&va, &vb, &est), status);
				if (unknown)
					est.union_size = est.intersection = est.jaccard = NAN;
				check_bounds(&b.union_size, est.union_size, unknown, "union",
							 s[i].name, s[j].name, confidences[k]);
				check_bounds(&b.intersection, est.intersection, unknown,
							 "intersection", s[i].name, s[j].name, confidences[k]);
				check_bounds(&b.jaccard, est.jaccard, unknown || both_saturated,
							 "jaccard", s[i].name, s[j].name, confidences[k]);
				if (b.jaccard.upper > 1.0)
					violation("jaccard of %s and %s: upper bound %g", s[i].name,
							  s[j].name, b.jaccard.upper);
				if (s[i].empty != s[j].empty &&
					!(b.jaccard.estimate == 0.0 && b.jaccard.lower == 0.0 &&
					  b.jaccard.upper == 0.0))
					violation("jaccard of %s and %s: (%g, %g, %g), not exactly 0",
							  s[i].name, s[j].name, b.jaccard.estimate,
							  b.jaccard.lower, b.jaccard.upper);
				checked++;
			}
	assert_int_equal(checked, NSHAPES * NSHAPES * 3);
	assert_int_equal(violations, 0);
	for (i = 0; i < NSHAPES; i++)
		test_free(s[i].buf);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bounds_sweep),
	};

	return cmocka_run_group_tests_name("bounds", tests, NULL, NULL);
}
