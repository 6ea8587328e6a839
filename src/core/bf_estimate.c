/*-------------------------------------------------------------------------
 *
 * bf_estimate.c
 *	  Estimators read off filters: distinct count, union and intersection
 *	  size, Jaccard similarity, and the false-positive rate of a filter as
 *	  it is now.
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
 * [0, min(|A|, |B|)].  Counting the bits of the AND instead would also count
 * bits that different values set in each filter, which biases it upwards.
 * Exact filters answer exactly, and an exact filter with a block filter
 * counts which of its members the blocks hold (mixed_intersection).
 *
 * A filter with every bit set carries no count information: the estimators
 * return infinity for it, and the Jaccard similarity is then NaN.  Two
 * filters that are not saturated but whose union, folded to the smaller
 * one's size, is, have no answer either: the estimators of the pair
 * return BF_E_SATURATED, never a number.
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

/*
 * Distinct values estimated from bits_set set bits in nblocks blocks;
 * infinity when every bit is set.
 */
double
bf_estimate_from_bits(uint64_t bits_set, uint64_t nblocks)
{
	double		m = (double) nblocks * BF_BLOCK_BITS;

	if ((double) bits_set >= m)
		return INFINITY;
	return -(m / BF_BLOCK_WORDS) * log1p(-(double) bits_set / m);
}

/* Estimated number of distinct values in a filter (exact for exact ones) */
double
bf_cardinality(const bf_view *view)
{
	if (view->hdr.layout == BF_LAYOUT_EXACT)
		return (double) view->hdr.nitems;
	return bf_estimate_from_bits(view->hdr.bits_set, view->hdr.nitems);
}

/* Whether a filter has every bit set (an exact filter never has) */
static bool
saturated(const bf_view *view)
{
	return view->hdr.layout == BF_LAYOUT_BLOCKS &&
		view->hdr.bits_set >= view->hdr.nitems * BF_BLOCK_BITS;
}

/*
 * Estimated number of values of the exact filter of a mixed pair that the
 * block filter holds: the exact filter's members the blocks contain, less
 * those expected to test positive by chance.  Of the c members found, the
 * I common ones always test positive and each of the others at the
 * blocks' current rate f, so E[c] = I + (n - I) f and I = (c - n f) /
 * (1 - f), held within [0, min(n, |B|)].  The blocks must not be
 * saturated (f < 1).
 */
static double
mixed_intersection(const bf_pair *pair)
{
	double		n = (double) pair->first->hdr.nitems;
	double		found = (double) bf_exact_in_blocks_count(pair->first,
														  pair->second);
	double		f = bf_current_fpr(pair->second);
	double		inter;

	BF_ASSERT(f < 1.0);
	inter = (found - n * f) / (1.0 - f);
	if (inter < 0.0)
		inter = 0.0;
	return fmin(inter, fmin(n, bf_cardinality(pair->second)));
}

/*
 * Estimated number of distinct values in the union of a checked pair,
 * without building the union, into *nu, and for a mixed pair the
 * intersection's estimate into *inter (NAN otherwise).
 *
 * Two exact filters count their hashes; an exact filter and a block filter
 * count the block filter's values plus the exact members it does not hold
 * (mixed_intersection), so that the exact side is counted, not read off
 * bits; two block filters read the bits of their union at the smaller
 * one's size.  Infinity when an input has every bit set.  When the inputs
 * do not but their union folded to the smaller size does (the larger holds
 * far more than the smaller's size holds), the union's size cannot be
 * known: BF_E_SATURATED.
 */
static bf_status
union_estimate(const bf_pair *pair, double *nu, double *inter)
{
	*inter = NAN;
	switch (pair->shape)
	{
		case BF_PAIR_EXACT:
			*nu = (double) bf_exact_union_count(pair->first, pair->second);
			return BF_OK;
		case BF_PAIR_MIXED:
			if (saturated(pair->second))
			{
				*nu = INFINITY;
				return BF_OK;
			}
			*inter = mixed_intersection(pair);
			*nu = bf_cardinality(pair->second) +
				(double) pair->first->hdr.nitems - *inter;
			return BF_OK;
		case BF_PAIR_BLOCKS:
			break;
	}
	*nu = bf_estimate_from_bits(bf_blocks_union_bits(pair),
								pair->second->hdr.nitems);
	if (isinf(*nu) && !saturated(pair->first) && !saturated(pair->second))
		return BF_E_SATURATED;
	return BF_OK;
}

/*
 * Intersection estimate of a checked pair whose union estimate is nu (and
 * mixed intersection inter, from union_estimate): exact when both are
 * exact, counted when one is (mixed_intersection), by inclusion-exclusion
 * for two block filters; infinity when the union is saturated, since the
 * estimate then means nothing.
 */
static double
intersection_given_union(const bf_pair *pair, double nu, double inter)
{
	double		na = bf_cardinality(pair->first);
	double		nb = bf_cardinality(pair->second);
	double		result;

	if (pair->shape == BF_PAIR_EXACT)
		return (double) bf_exact_intersect_count(pair->first, pair->second);
	if (isinf(nu))
		return INFINITY;
	if (pair->shape == BF_PAIR_MIXED)
		return inter;
	result = na + nb - nu;
	if (result < 0.0)
		result = 0.0;
	return fmin(result, fmin(na, nb));
}

/*
 * The union, intersection and Jaccard estimates of two filters, from one
 * reading of the pair: Jaccard is 1 for two empty sets, which are equal,
 * and NaN when an input is saturated.  Returns the status of
 * bf_check_compatible, or BF_E_SATURATED when the union the estimates
 * need cannot be known (union_estimate); *est is then left unchanged.
 */
bf_status
bf_pair_estimates(const bf_view *a, const bf_view *b, bf_estimates *est)
{
	bf_pair		pair;
	double		nu;
	double		inter;
	bf_status	status = bf_pair_order(a, b, &pair);

	if (status == BF_OK)
		status = union_estimate(&pair, &nu, &inter);
	if (status != BF_OK)
		return status;
	est->union_size = nu;
	est->intersection = intersection_given_union(&pair, nu, inter);
	if (isinf(nu))
		est->jaccard = NAN;
	else if (nu <= 0.0)
		est->jaccard = 1.0;
	else
		est->jaccard = fmin(est->intersection / nu, 1.0);
	return BF_OK;
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
