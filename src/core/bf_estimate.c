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
 * Union size is the estimate of the OR of the two filters; intersection size
 * follows by inclusion-exclusion, |A| + |B| - |A u B|, clamped to
 * [0, min(|A|, |B|)].  Counting the bits of the AND instead would also count
 * bits that different values set in each filter, which biases it upwards.
 * Exact filters answer exactly.
 *
 * A filter with every bit set carries no count information: the estimators
 * return infinity for it, and the Jaccard similarity is then NaN.
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

/*
 * Estimated number of distinct values in the union of a checked pair,
 * without building the union.
 */
static double
union_estimate(const bf_pair *pair)
{
	switch (pair->shape)
	{
		case BF_PAIR_EXACT:
			return (double) bf_exact_union_count(pair->first, pair->second);
		case BF_PAIR_MIXED:
			return bf_estimate_from_bits(bf_exact_union_bits(pair->first,
															 pair->second),
										 pair->second->hdr.nitems);
		case BF_PAIR_BLOCKS:
			break;
	}
	return bf_estimate_from_bits(bf_blocks_union_bits(pair),
								 pair->second->hdr.nitems);
}

/*
 * Estimated number of distinct values in the union of two filters, without
 * building the union.  Returns the status of bf_check_compatible.
 */
bf_status
bf_union_cardinality(const bf_view *a, const bf_view *b, double *result)
{
	bf_pair		pair;
	bf_status	status = bf_pair_order(a, b, &pair);

	if (status == BF_OK)
		*result = union_estimate(&pair);
	return status;
}

/*
 * Intersection estimate of a checked pair whose union estimate is nu, by
 * inclusion-exclusion: exact when both are exact, infinity when the union
 * is saturated, since the estimate then means nothing.
 */
static double
intersection_given_union(const bf_pair *pair, double nu)
{
	double		na = bf_cardinality(pair->first);
	double		nb = bf_cardinality(pair->second);
	double		inter;

	if (pair->shape == BF_PAIR_EXACT)
		return (double) bf_exact_intersect_count(pair->first, pair->second);
	if (isinf(nu))
		return INFINITY;
	inter = na + nb - nu;
	if (inter < 0.0)
		inter = 0.0;
	return fmin(inter, fmin(na, nb));
}

/*
 * Estimated number of distinct values added to both filters.  Returns the
 * status of bf_check_compatible.
 */
bf_status
bf_intersection_cardinality(const bf_view *a, const bf_view *b, double *result)
{
	bf_pair		pair;
	bf_status	status = bf_pair_order(a, b, &pair);

	if (status == BF_OK)
		*result = intersection_given_union(&pair, union_estimate(&pair));
	return status;
}

/*
 * Estimated Jaccard similarity |A n B| / |A u B|: 1 for two empty sets,
 * which are equal; NaN when the union is saturated.  The union is counted
 * once for both terms.
 */
bf_status
bf_jaccard(const bf_view *a, const bf_view *b, double *result)
{
	bf_pair		pair;
	double		nu;
	bf_status	status = bf_pair_order(a, b, &pair);

	if (status != BF_OK)
		return status;
	nu = union_estimate(&pair);
	if (isinf(nu))
		*result = NAN;
	else if (nu <= 0.0)
		*result = 1.0;
	else
		*result = fmin(intersection_given_union(&pair, nu) / nu, 1.0);
	return BF_OK;
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
