/*-------------------------------------------------------------------------
 *
 * bf_estimate.c
 *	  Estimators read off filters: distinct count, union and intersection
 *	  size, Jaccard similarity, each with its confidence interval, and the
 *	  false-positive rate of a filter as it is now.
 *
 * Distinct count (Swamidass and Baldi, "Mathematical correction for
 * fingerprint similarity measures to improve chemical retrieval", 2007):
 * with X of m bits set by k bits per value, n ~ -(m / k) ln(1 - X / m).  In
 * a split-block filter a word's bit stays clear with probability
 * E[(31/32)^J], J ~ Poisson(n / B), which is exp(-8n / m): the same formula
 * with k = 8 holds for the expected fill.
 *
 * Union size of two block filters is the estimate of their OR; intersection
 * size follows by inclusion-exclusion, |A| + |B| - |A u B|, clamped to
 * [0, min(|A|, |B|)] (for filters of one size it is Papapetrou, Siberski
 * and Nejdl's estimator from the AND and OR, 2010).  Counting the bits of
 * the AND instead would also count bits that different values set in each
 * filter, which biases it upwards.  Exact filters answer exactly, and an
 * exact filter with a block filter counts which of its members the blocks
 * hold (mixed_intersection).
 *
 * A filter with every bit set carries no count information: the estimators
 * return infinity for it; its intersection with a filter that is not
 * saturated is at most that one's count, which is then the estimate, and
 * their Jaccard similarity that over an infinite union, 0 (within its
 * interval, which the finite lower end of the union bounds); of two
 * saturated filters it cannot be known (NaN).  A filter that holds nothing
 * (an empty list, or blocks with no bit set) has an intersection of
 * exactly 0 with any other, and a Jaccard similarity of exactly 0 with
 * one that holds something.  Two filters that are not saturated
 * but whose union, folded to the smaller one's size, is, have no answer
 * either: the estimators of the pair return BF_E_SATURATED, never a
 * number.
 *
 * Bounds (doc/estimates.md derives them, and measures their coverage).
 * Each block of a filter of z blocks holding n values receives about
 * Poisson(n / z) of them, each setting one of the 32 bits of each of its 8
 * words.  Two count estimates sharing n values, read off filters of which
 * the finer has z blocks, then have the covariance
 *
 *	 h(n, z) = z (4 (e^(n/32z) - 1) + 896 (e^(n/1024z) - 1)) - n
 *
 * (bf_count_covariance; the variance of a count when both are one filter),
 * from which follow the variance of the intersection, a sum of three
 * counts (bf_intersection_variance), and Jaccard's by the delta method.  A
 * count's interval inverts the normal approximation of its zero bits (a
 * score interval, bf_count_bounds in bf_interval.c), so that it skews as
 * the count does and has a finite lower end even when every bit is set.
 * The intersection, which is not negative, takes Feldman and Cousins'
 * interval (bf_bounded_interval), which keeps its coverage near 0.  With
 * an exact filter, the members found in the blocks by chance are binomial
 * at the blocks' rate, and Wilson's score interval bounds the
 * intersection (mixed_bounds).
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/core/bf_estimate.c
 *
 *-------------------------------------------------------------------------
 */
#include <math.h>

#include "bf_internal.h"
#include "bf_testing.h"

/*
 * One reading of a checked pair: its estimates, and what their bounds are
 * computed from.
 */
typedef struct pair_reading
{
	bf_pair		pair;
	double		first;			/* count estimates of pair.first and of */
	double		second;			/* pair.second */
	uint64_t	union_bits;		/* block filters: set bits of their union */
	double		raw;			/* block filters: |A| + |B| - |A u B| */
	double		found;			/* exact with blocks: members the blocks hold */
	double		rate;			/* exact with blocks: the blocks' current rate */
	bf_estimates est;
} pair_reading;

/* Estimated number of distinct values in a filter (exact for exact ones) */
double
bf_cardinality(const bf_view *view)
{
	if (view->hdr.layout == BF_LAYOUT_EXACT)
		return (double) view->hdr.nitems;
	return bf_estimate_from_bits(view->hdr.bits_set, view->hdr.nitems);
}

/* Whether a filter holds no value: an empty list, or no bit set */
static bool
holds_nothing(const bf_view *view)
{
	return view->hdr.layout == BF_LAYOUT_EXACT ? view->hdr.nitems == 0 :
		view->hdr.bits_set == 0;
}

/* Whether a filter has every bit set (an exact filter never has) */
static bool
saturated(const bf_view *view)
{
	return view->hdr.layout == BF_LAYOUT_BLOCKS &&
		view->hdr.bits_set >= view->hdr.nitems * BF_BLOCK_BITS;
}

/*
 * Estimated number of the n values of the exact filter of a mixed pair
 * that the block filter, estimated to hold nb values, holds too: of the
 * members found, the I common ones always test positive and each of the
 * others at the blocks' current rate, so E[found] = I + (n - I) rate and
 * I = (found - n rate) / (1 - rate), held within [0, min(n, nb)].  When
 * the blocks are saturated (rate 1), every member is found and nothing
 * more is known: the estimate is then found = n, the most it can be (the
 * count of the intersection that & builds).
 */
static double
mixed_intersection(double n, double found, double rate, double nb)
{
	double		inter;

	if (rate >= 1.0)
		return found;
	inter = (found - n * rate) / (1.0 - rate);
	if (inter < 0.0)
		inter = 0.0;
	return fmin(inter, fmin(n, nb));
}

/*
 * Read a pair: put it in order (bf_pair_order, whose status it returns
 * when the two cannot be combined) and estimate the size of its union and
 * intersection and its Jaccard similarity into r->est.
 *
 * Two exact filters count their hashes.  An exact filter and a block
 * filter count the block filter's values plus the exact members it does
 * not hold (mixed_intersection), so that the exact side is counted, not
 * read off bits.  Two block filters read the bits of their union at the
 * smaller one's size, and the intersection follows by inclusion-exclusion,
 * held within [0, min(|A|, |B|)].  The union with a saturated filter is
 * infinite; the intersection is then the other filter's count, the most it
 * can be (infinite when both are saturated).  Jaccard is 1 for two empty
 * sets, which are equal, 0 when the union is infinite and the intersection
 * not, and NaN when both are (two saturated filters).  When neither
 * filter is saturated but their union folded to the smaller size is (the
 * larger holds far more than the smaller's size holds), the estimates
 * cannot be known: BF_E_SATURATED, the estimates NaN.
 */
static bf_status
read_pair(const bf_view *a, const bf_view *b, pair_reading *r)
{
	bf_status	status = bf_pair_order(a, b, &r->pair);
	const bf_view *first = r->pair.first;
	const bf_view *second = r->pair.second;
	bf_estimates *est = &r->est;

	if (status != BF_OK)
		return status;
	r->first = bf_cardinality(first);
	r->second = bf_cardinality(second);
	r->union_bits = 0;
	r->raw = 0.0;
	r->found = 0.0;
	r->rate = 0.0;
	switch (r->pair.shape)
	{
		case BF_PAIR_EXACT:
			est->union_size = (double) bf_exact_union_count(first, second);
			est->intersection = r->first + r->second - est->union_size;
			break;
		case BF_PAIR_MIXED:
			r->found = (double) bf_exact_in_blocks_count(first, second);
			r->rate = bf_current_fpr(second);
			est->intersection = mixed_intersection(r->first, r->found, r->rate,
												   r->second);
			est->union_size = r->second + r->first - est->intersection;
			break;
		case BF_PAIR_BLOCKS:
			r->union_bits = bf_blocks_union_bits(&r->pair);
			est->union_size = bf_estimate_from_bits(r->union_bits,
													second->hdr.nitems);
			r->raw = r->first + r->second - est->union_size;
			if (isfinite(est->union_size))
				est->intersection = fmin(fmax(r->raw, 0.0),
										 fmin(r->first, r->second));
			else if (saturated(first) || saturated(second))
				est->intersection = fmin(r->first, r->second);
			else
			{
				est->union_size = est->intersection = est->jaccard = NAN;
				return BF_E_SATURATED;
			}
			break;
	}
	if (isinf(est->union_size))
		est->jaccard = isinf(est->intersection) ? NAN : 0.0;
	else if (est->union_size <= 0.0)
		est->jaccard = 1.0;
	else
		est->jaccard = fmin(est->intersection / est->union_size, 1.0);
	return BF_OK;
}

/*
 * The union, intersection and Jaccard estimates of two filters, from one
 * reading of the pair (read_pair).  Returns the status of
 * bf_check_compatible, or BF_E_SATURATED when the union the estimates
 * need cannot be known; *est is then left unchanged.
 */
bf_status
bf_pair_estimates(const bf_view *a, const bf_view *b, bf_estimates *est)
{
	pair_reading r;
	bf_status	status = read_pair(a, b, &r);

	if (status == BF_OK)
		*est = r.est;
	return status;
}

/*
 * Estimated number of distinct values in the union of two filters, without
 * building the union (bf_pair_estimates, whose status it returns).
 */
bf_status
bf_union_cardinality(const bf_view *a, const bf_view *b, double *result)
{
	bf_estimates est;
	bf_status	status = bf_pair_estimates(a, b, &est);

	if (status == BF_OK)
		*result = est.union_size;
	return status;
}

/*
 * Estimated number of distinct values added to both filters
 * (bf_pair_estimates, whose status it returns).
 */
bf_status
bf_intersection_cardinality(const bf_view *a, const bf_view *b, double *result)
{
	bf_estimates est;
	bf_status	status = bf_pair_estimates(a, b, &est);

	if (status == BF_OK)
		*result = est.intersection;
	return status;
}

/*
 * Estimated Jaccard similarity |A n B| / |A u B| (bf_pair_estimates, whose
 * status it returns).
 */
bf_status
bf_jaccard(const bf_view *a, const bf_view *b, double *result)
{
	bf_estimates est;
	bf_status	status = bf_pair_estimates(a, b, &est);

	if (status == BF_OK)
		*result = est.jaccard;
	return status;
}

/*
 * Covariance of two count estimates (bf_estimate_from_bits) that share n
 * values, read off block filters of which the finer has nblocks blocks
 * (the other's block count divides it); the variance of one count when
 * both are the same filter.  With lambda = n / nblocks,
 *
 *	 h(n, nblocks) = nblocks (4 (e^(lambda/32) - 1) + 896 (e^(lambda/1024) - 1)) - n
 *
 * from the model of the file header, de-Poissonized for a fixed count;
 * doc/estimates.md derives it and test_estimate checks it by simulation.
 */
double
bf_count_covariance(double n, double nblocks)
{
	double		lambda = n / nblocks;

	if (n <= 0.0)
		return 0.0;
	return fmax(nblocks * (4.0 * expm1(lambda / 32.0) +
						   896.0 * expm1(lambda / 1024.0)) - n, 0.0);
}

/*
 * Variance of the intersection estimate |A| + |B| - |A u B| of two block
 * filters of na_blocks and nb_blocks blocks (na_blocks a multiple of
 * nb_blocks, where the union is read) holding na and nb values, nc of them
 * in both: the variance of a sum of three counts, from their covariances
 * (bf_count_covariance, each pair sharing the values of the smaller set).
 */
double
bf_intersection_variance(double na, double nb, double nc, double na_blocks,
						 double nb_blocks)
{
	double		nu = na + nb - nc;

	BF_ASSERT(na_blocks >= nb_blocks);
	return fmax(bf_count_covariance(nu, nb_blocks) +
				2.0 * bf_count_covariance(nc, na_blocks) -
				bf_count_covariance(na, na_blocks) -
				bf_count_covariance(nb, nb_blocks), 0.0);
}

/* An estimate known exactly */
static bf_bounds
exactly(double x)
{
	bf_bounds	bounds = {x, x, x};

	return bounds;
}

/*
 * An estimate with the interval estimate +- c sqrt(var), held within
 * [floor, ceiling], which hold the estimate.
 */
static bf_bounds
around(double estimate, double var, double c, double floor, double ceiling)
{
	double		half = c * sqrt(fmax(var, 0.0));
	bf_bounds	bounds;

	bounds.estimate = estimate;
	bounds.lower = fmax(estimate - half, floor);
	bounds.upper = fmin(estimate + half, ceiling);
	return bounds;
}

/*
 * An estimate of a quantity that is not negative, the raw estimate clamped
 * to [0, ceiling], with its interval from the raw one and its variance
 * (bf_bounded_interval at the given confidence, normal quantile c), held
 * within [0, ceiling] and holding the estimate.
 */
static bf_bounds
bounded(double estimate, double raw, double var, double confidence, double c,
		double ceiling)
{
	double		sd = sqrt(fmax(var, 0.0));
	bf_bounds	bounds = {estimate, estimate, estimate};
	double		lo;
	double		hi;

	if (sd > 0.0)
	{
		bf_bounded_interval(raw / sd, confidence, c, &lo, &hi);
		bounds.lower = fmin(sd * lo, estimate);
		bounds.upper = fmax(fmin(sd * hi, ceiling), estimate);
	}
	return bounds;
}

/*
 * Jaccard's interval where the union's size has no variance to work with
 * (it is infinite, or unknown): from 0, the intersection's lower end over
 * the union's infinite upper one, to the intersection's upper end over the
 * union's lower one.
 */
static bf_bounds
jaccard_from_ends(double estimate, const bf_bounds *inter,
				  const bf_bounds *uni)
{
	bf_bounds	bounds = {estimate, 0.0, 1.0};

	if (uni->lower > 0.0)
		bounds.upper = fmin(inter->upper / uni->lower, 1.0);
	return bounds;
}

/*
 * Bounds of two block filters' estimates (a reading r at the given
 * confidence, normal quantile c): the union's from the bits of their
 * union, as of one filter; the intersection's from its variance
 * (bf_intersection_variance, at the estimated sizes) by Feldman and
 * Cousins' interval for a quantity that is not negative (bounded), at most
 * the smaller of the two counts' upper ends; Jaccard's likewise, its
 * variance by the delta method from the covariance of the intersection and
 * the union.  A union that is infinite or unknown leaves only the bounds
 * that hold whatever it is.
 */
static void
blocks_bounds(const pair_reading *r, double confidence, double c,
			  bf_pair_bounds *out)
{
	const bf_view *first = r->pair.first;
	const bf_view *second = r->pair.second;
	double		za = (double) first->hdr.nitems;
	double		zb = (double) second->hdr.nitems;
	bf_bounds	a = bf_count_bounds(first->hdr.bits_set, first->hdr.nitems, c);
	bf_bounds	b = bf_count_bounds(second->hdr.bits_set, second->hdr.nitems, c);
	double		nc = r->est.intersection;
	double		nu = r->first + r->second - nc;
	double		u = r->est.union_size;
	double		j = r->est.jaccard;
	double		var_i;
	double		cov;

	out->union_size = bf_count_bounds(r->union_bits, second->hdr.nitems, c);
	out->union_size.estimate = u;
	if (!isfinite(u))
	{
		out->union_size.lower = fmax(out->union_size.lower,
									 fmax(a.lower, b.lower));
		out->intersection.estimate = nc;
		out->intersection.lower = 0.0;
		out->intersection.upper = fmin(a.upper, b.upper);
		out->jaccard = jaccard_from_ends(j, &out->intersection,
										 &out->union_size);
		return;
	}
	var_i = bf_intersection_variance(r->first, r->second, nc, za, zb);
	out->intersection = bounded(nc, r->raw, var_i, confidence, c,
								fmin(a.upper, b.upper));
	if (u <= 0.0)
	{
		out->jaccard = exactly(j);
		return;
	}
	cov = bf_count_covariance(r->first, za) +
		bf_count_covariance(r->second, zb) - bf_count_covariance(nu, zb);
	out->jaccard = bounded(j, r->raw / u,
						   (var_i - 2.0 * j * cov +
							j * j * bf_count_covariance(nu, zb)) / (u * u),
						   confidence, c, 1.0);
}

/*
 * Bounds of the estimates of an exact filter of n values and a block
 * filter (a reading r at normal quantile c), which the block side's
 * uncertainty makes.  Given the blocks, each of the n - I exact members
 * not common tests positive at their rate f, independently, so the found
 * ones less I are binomial: the intersection's ends are the I for which
 * the count found lies c standard deviations from its mean (Wilson's
 * score interval, in closed form), within [0, found] and at most the
 * blocks' upper count.  The union is the blocks' count plus n - I, its
 * interval the two intervals' half-widths added in quadrature; Jaccard's
 * is by the delta method.  Saturated blocks say nothing of the
 * intersection, which is then within [0, n].
 */
static void
mixed_bounds(const pair_reading *r, double c, bf_pair_bounds *out)
{
	const bf_view *blocks = r->pair.second;
	double		n = r->first;
	double		f = r->rate;
	double		inter = r->est.intersection;
	double		u = r->est.union_size;
	bf_bounds	b = bf_count_bounds(blocks->hdr.bits_set, blocks->hdr.nitems, c);
	double		spread;
	double		root;
	double		var_i;
	double		var_j;

	if (f >= 1.0)
	{
		out->intersection.estimate = inter;
		out->intersection.lower = 0.0;
		out->intersection.upper = n;
		out->union_size.estimate = u;
		out->union_size.lower = fmax(n, b.lower);
		out->union_size.upper = INFINITY;
		out->jaccard = jaccard_from_ends(r->est.jaccard, &out->intersection,
										 &out->union_size);
		return;
	}

	/*
	 * found - I ~ Binomial(s^2, f), s^2 = n - I: the ends solve
	 * (1 - f) s^2 -+ spread s - (n - found) = 0
	 */
	spread = c * sqrt(f * (1.0 - f));
	root = sqrt(spread * spread + 4.0 * (1.0 - f) * (n - r->found));
	out->intersection.estimate = inter;
	out->intersection.lower =
		fmin(fmax(n - pow((spread + root) / (2.0 * (1.0 - f)), 2.0), 0.0),
			 inter);
	out->intersection.upper =
		fmax(fmin(n - pow((root - spread) / (2.0 * (1.0 - f)), 2.0),
				  fmin(r->found, b.upper)), inter);

	out->union_size.estimate = u;
	out->union_size.lower =
		fmax(u - hypot(r->second - b.lower, out->intersection.upper - inter), n);
	out->union_size.upper =
		u + hypot(b.upper - r->second, inter - out->intersection.lower);

	if (u <= 0.0)
	{
		out->jaccard = exactly(r->est.jaccard);
		return;
	}
	var_i = (n - inter) * f / (1.0 - f);
	var_j = pow((r->second + n) / (u * u), 2.0) * var_i +
		pow(inter / (u * u), 2.0) *
		bf_count_covariance(r->second, (double) blocks->hdr.nitems);
	out->jaccard = around(r->est.jaccard, var_j, c, 0.0, 1.0);
}

/*
 * The distinct count of a filter with its interval at the given confidence
 * (in (0, 1), else BF_E_CONFIDENCE): an exact filter's is its count, a
 * block filter's is bf_count_bounds'.
 */
bf_status
bf_cardinality_bounds(const bf_view *view, double confidence,
					  bf_bounds *bounds)
{
	if (!(confidence > 0.0 && confidence < 1.0))
		return BF_E_CONFIDENCE;
	if (view->hdr.layout == BF_LAYOUT_EXACT)
		*bounds = exactly(bf_cardinality(view));
	else
		*bounds = bf_count_bounds(view->hdr.bits_set, view->hdr.nitems,
							   bf_normal_quantile(confidence));
	return BF_OK;
}

/*
 * Standard error of a filter's distinct count: 0 for an exact filter,
 * infinite for a saturated one, else the square root of the count's
 * variance (bf_count_covariance) at the estimate.
 */
double
bf_cardinality_stderr(const bf_view *view)
{
	double		n = bf_cardinality(view);

	if (view->hdr.layout == BF_LAYOUT_EXACT)
		return 0.0;
	if (isinf(n))
		return INFINITY;
	return sqrt(bf_count_covariance(n, (double) view->hdr.nitems));
}

/*
 * The union, intersection and Jaccard estimates of two filters, each with
 * its interval at the given confidence (in (0, 1), else BF_E_CONFIDENCE),
 * from one reading of the pair.  The estimates are bf_pair_estimates'.
 * Two exact filters' are exact; a mixed pair's bounds are mixed_bounds',
 * two block filters' blocks_bounds'; with a filter that holds nothing,
 * the intersection and Jaccard are exactly 0 (Jaccard of two such, 1).
 * Returns the status of bf_check_compatible, or BF_E_SATURATED when the
 * estimates cannot be known (read_pair): the estimates are then NaN, and
 * the bounds those that hold whatever they are (a finite lower end of the
 * union, an infinite upper one).
 */
bf_status
bf_pair_estimate_bounds(const bf_view *a, const bf_view *b, double confidence,
						bf_pair_bounds *bounds)
{
	pair_reading r;
	bf_status	status;
	double		c;

	if (!(confidence > 0.0 && confidence < 1.0))
		return BF_E_CONFIDENCE;
	status = read_pair(a, b, &r);
	if (status != BF_OK && status != BF_E_SATURATED)
		return status;
	c = bf_normal_quantile(confidence);
	switch (r.pair.shape)
	{
		case BF_PAIR_EXACT:
			bounds->union_size = exactly(r.est.union_size);
			bounds->intersection = exactly(r.est.intersection);
			bounds->jaccard = exactly(r.est.jaccard);
			break;
		case BF_PAIR_MIXED:
			mixed_bounds(&r, c, bounds);
			break;
		case BF_PAIR_BLOCKS:
			blocks_bounds(&r, confidence, c, bounds);
			break;
	}
	if (status == BF_OK && (holds_nothing(a) || holds_nothing(b)))
	{
		bounds->intersection = exactly(r.est.intersection);
		bounds->jaccard = exactly(r.est.jaccard);
	}
	return status;
}

/*
 * Probability that a value never added tests positive, for this filter as
 * it is now.  A probe picks a block uniformly and, in each word, one bit
 * uniformly, so the rate is the mean over blocks of the product of the
 * words' fill ratios; this is exact for the actual bits, however they were
 * set (by adding, by union or by intersection).  For an exact filter it is
 * the chance of a 64-bit hash collision with one of its hashes.
 */
double
bf_current_fpr(const bf_view *view)
{
	double		sum = 0.0;
	uint64_t	b;
	int			w;

	if (view->hdr.layout == BF_LAYOUT_EXACT)
		return ldexp((double) view->hdr.nitems, -64);

	for (b = 0; b < view->hdr.nitems; b++)
	{
		const uint8_t *block = view->payload + b * BF_BLOCK_BYTES;
		double		product = 1.0;

		for (w = 0; w < BF_BLOCK_WORDS && product > 0.0; w++)
			product *= (double) bf_popcount64(bf_load32(block + 4 * w)) /
				(double) 32;
		sum += product;
	}
	return sum / (double) view->hdr.nitems;
}
