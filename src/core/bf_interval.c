/*-------------------------------------------------------------------------
 *
 * bf_interval.c
 *	  The confidence intervals the estimators' bounds are built from
 *	  (bf_estimate.c): the normal quantile of a confidence, Feldman and
 *	  Cousins' interval for a mean that is not negative, and a block
 *	  filter's distinct count with its score interval.
 *
 * doc/estimates.md derives them and measures their coverage.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/core/bf_interval.c
 *
 *-------------------------------------------------------------------------
 */
#include <math.h>

#include "bf_internal.h"
#include "bf_testing.h"

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

/* The standard normal distribution function */
static double
normal_cdf(double x)
{
	return 0.5 * erfc(-x * sqrt(0.5));
}

/*
 * The standard normal quantile of a two-sided interval of the given
 * confidence, Phi^-1((1 + confidence) / 2): the c with erfc(c / sqrt(2))
 * = 1 - confidence, by bisection (erfc decreases).  1.959964 for 0.95.
 */
double
bf_normal_quantile(double confidence)
{
	double		lo = 0.0;
	double		hi = 40.0;
	int			i;

	BF_ASSERT(confidence > 0.0 && confidence < 1.0);
	for (i = 0; i < 64; i++)
	{
		double		mid = 0.5 * (lo + hi);

		if (erfc(mid * sqrt(0.5)) > 1.0 - confidence)
			lo = mid;
		else
			hi = mid;
	}
	return 0.5 * (lo + hi);
}

/*
 * The lower end of the acceptance region of mean mu whose upper end is
 * mu + d (region_upper_end): mu - d where that is not negative; below 0,
 * the x whose likelihood ratio, exp(x mu - mu^2 / 2), is that of mu + d.
 */
static double
region_lower_end(double mu, double d)
{
	if (mu >= d)
		return mu - d;
	if (mu <= 0.0)
		return -INFINITY;
	return 0.5 * mu - d * d / (2.0 * mu);
}

/*
 * The acceptance region of Feldman and Cousins' ordering ("Unified
 * approach to the classical statistical analysis of small signals", Phys.
 * Rev. D 57, 1998) for the mean mu >= 0 of a normal variable of unit
 * variance: the values x of highest likelihood ratio against the best
 * mean, max(x, 0), holding the given confidence.  Returns its upper end,
 * mu + d, and sets *lower (region_lower_end); d by bisection.
 */
static double
region_upper_end(double mu, double confidence, double *lower)
{
	double		lo = 0.0;
	double		hi = 40.0;
	int			i;

	for (i = 0; i < 64; i++)
	{
		double		d = 0.5 * (lo + hi);

		if (normal_cdf(d) - normal_cdf(region_lower_end(mu, d) - mu) < confidence)
			lo = d;
		else
			hi = d;
	}
	*lower = region_lower_end(mu, 0.5 * (lo + hi));
	return mu + 0.5 * (lo + hi);
}

/*
 * Feldman and Cousins' interval [*lo, *hi] for the mean mu >= 0 of a
 * normal variable of unit variance observed at x, at the given confidence
 * (normal quantile c): the means whose acceptance region (region_upper_end)
 * holds x.  From x = 2c up it is x +- c; below, its lower end reaches 0
 * and, for x < 0, its upper end shrinks, so that it covers mu at the
 * confidence asked for even near 0, where x +- c cut at 0 would cover too
 * often (an upper end above c and a lower end of 0 always hold a small
 * mu).  Each end not in closed form is found by bisection on mu in [0, c],
 * where the acceptance regions' ends increase with mu.
 */
void
bf_bounded_interval(double x, double confidence, double c, double *lo, double *hi)
{
	double		mu_lo = 0.0;
	double		mu_hi = c;
	double		lower;
	int			i;

	if (x >= 0.0)
		*hi = x + c;
	else
	{
		for (i = 0; i < 64; i++)
		{
			double		mu = 0.5 * (mu_lo + mu_hi);

			(void) region_upper_end(mu, confidence, &lower);
			if (lower <= x)
				mu_lo = mu;
			else
				mu_hi = mu;
		}
		*hi = 0.5 * (mu_lo + mu_hi);
	}

	if (x >= 2.0 * c)
		*lo = x - c;
	else if (region_upper_end(0.0, confidence, &lower) >= x)
		*lo = 0.0;
	else
	{
		mu_lo = 0.0;
		mu_hi = c;
		for (i = 0; i < 64; i++)
		{
			double		mu = 0.5 * (mu_lo + mu_hi);

			if (region_upper_end(mu, confidence, &lower) < x)
				mu_lo = mu;
			else
				mu_hi = mu;
		}
		*lo = 0.5 * (mu_lo + mu_hi);
	}
}

/*
 * Zero bits per block that nblocks blocks holding lambda values each are
 * expected to have, plus s standard deviations of their mean:
 *
 *	 E = 256 q, q = e^(-lambda/32),
 *	 Var * nblocks = 256 (q - q^2) + 57344 (e^(-63 lambda/1024) - q^2) - 64 lambda q^2,
 *
 * which is 64 q^2 bf_count_covariance(lambda nblocks, nblocks) / nblocks
 * (the count is -32 nblocks ln(zeros / 256 nblocks)), written so that it
 * does not overflow.
 */
static double
zeros_per_block(double lambda, double nblocks, double s)
{
	double		q = exp(-lambda / 32.0);
	double		var = 256.0 * (q - q * q) +
		57344.0 * (exp(-63.0 * lambda / 1024.0) - q * q) -
		64.0 * lambda * q * q;

	return 256.0 * q + s * sqrt(fmax(var, 0.0) / nblocks);
}

/*
 * The load (values per block) at which zeros_per_block(load, nblocks, s)
 * equals observed, between lo, where it is above, and hi, where it is not:
 * by bisection, to 13 digits.
 */
static double
solve_load(double observed, double nblocks, double s, double lo, double hi)
{
	int			i;

	for (i = 0; i < 200 && hi - lo > 1e-13 * hi; i++)
	{
		double		mid = 0.5 * (lo + hi);

		if (zeros_per_block(mid, nblocks, s) > observed)
			lo = mid;
		else
			hi = mid;
	}
	return 0.5 * (lo + hi);
}

/*
 * The count of a block filter with bits_set of nblocks blocks set, with
 * its interval at normal quantile c: the counts whose expected zero bits
 * lie c standard deviations above and below those observed (a score
 * interval, which stays positive and skews as the count does).  The upper
 * end is infinite when every bit is set; the lower end is finite always,
 * and at least bits_set / 8, since a value sets at most 8 bits.
 */
bf_bounds
bf_count_bounds(uint64_t bits_set, uint64_t nblocks, double c)
{
	double		z = (double) nblocks;
	double		observed = (double) (nblocks * BF_BLOCK_BITS - bits_set) / z;
	double		load;
	double		hi;
	bf_bounds	bounds;
	int			i;

	bounds.estimate = bf_estimate_from_bits(bits_set, nblocks);
	if (bits_set == 0)
	{
		bounds.lower = bounds.upper = 0.0;
		return bounds;
	}
	load = bounds.estimate / z;

	/* lower end: between no value and the estimate, or far past it */
	hi = isinf(load) ? BF_BLOCK_BITS / BF_BLOCK_WORDS : load;
	for (i = 0; i < 64 && zeros_per_block(hi, z, -c) > observed; i++)
		hi *= 2.0;
	bounds.lower = fmax(z * solve_load(observed, z, -c, 0.0, hi),
						(double) bits_set / BF_BLOCK_WORDS);

	/* upper end: from the estimate up */
	if (isinf(load))
		bounds.upper = INFINITY;
	else
	{
		hi = fmax(2.0 * load, 1.0);
		for (i = 0; i < 64 && zeros_per_block(hi, z, c) > observed; i++)
			hi *= 2.0;
		bounds.upper = z * solve_load(observed, z, c, load, hi);
	}
	return bounds;
}
