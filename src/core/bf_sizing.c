/*-------------------------------------------------------------------------
 *
 * bf_sizing.c
 *	  False-positive model of the split-block filter, and the core's whole
 *	  layout and sizing policy: block counts from a capacity and a target
 *	  false-positive rate, and the layout and size of auto-sized filters.
 *
 * The model is the Poisson model of blocked Bloom filters (Putze, Sanders
 * and Singler, "Cache-, Hash- and Space-Efficient Bloom Filters", 2007):
 * with n values spread over B blocks, the number J of values that share the
 * probed block is Poisson with mean n / B.  A block holding j values has each
 * of its eight 32-bit words probed at one bit that is set with probability
 * 1 - (31/32)^j, so
 *
 *		FPR(n, B) = sum_j Pois(j; n/B) * (1 - (31/32)^j)^8
 *
 * The textbook formula (1 - e^(-8n/m))^8 ignores the spread of block loads
 * and understates the rate of a split-block filter about 1.5 times at 1%.
 *
 * Auto-sized filters (those bloom_agg sizes from the data) take their block
 * count from one ladder of powers of two, so any two of them can be merged
 * by folding, and stay exact lists of hashes up to BF_AUTO_EXACT_MAX
 * values (bf_auto_keeps_exact says why), so that small sets combine with
 * large ones without folding them.  bf_auto_header puts those
 * decisions together; no other file of the core decides a layout or a size
 * (the layout of a union or an intersection follows from its operands',
 * bf_combine.c's result_shape).
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/core/bf_sizing.c
 *
 *-------------------------------------------------------------------------
 */
#include <math.h>

#include "bf_internal.h"

/*
 * Beyond this many values per block every probe bit is set with probability
 * 1 - 8 * (31/32)^1460 > 1 - 1e-19: the rate is 1 to double precision.
 */
#define BF_SATURATED_LOAD	2000.0

/*
 * Loads the model's sum reaches, at most: up to BF_SATURATED_LOAD plus its
 * spread, 12 sqrt(2000) + 30, 2,567 in all
 */
#define BF_MAX_TERMS		2600

/*
 * (31/32)^j for every load j the model's sum reaches, as pow computes it:
 * the sum reads them here rather than call pow for each of its 30 to 600
 * terms, which took nearly all of a sizing's time, and gets the same
 * numbers to the last bit.  Filled on first use (the core runs in one
 * thread of a process).
 */
static double word_miss[BF_MAX_TERMS];
static bool word_miss_ready = false;

/* word_miss, filled */
static const double *
word_miss_powers(void)
{
	int			j;

	if (!word_miss_ready)
	{
		for (j = 0; j < BF_MAX_TERMS; j++)
			word_miss[j] = pow(31.0 / 32.0, (double) j);
		word_miss_ready = true;
	}
	return word_miss;
}

/*
 * The model's sum for n values in nblocks blocks (bf_model_fpr), or, when
 * decide, only as much of it as shows whether it is at most fpr, the
 * searches' question: the sum so far once it is past fpr (every term is
 * positive, and a sum of positive doubles never falls as terms are added),
 * or once the terms left (from a load past twice the mean on, each at most
 * half the one before, at most twice the next) cannot bring it to fpr, by
 * a margin far beyond their rounding.  So the answer is the full sum's,
 * to the last bit, from a few terms where the rate is far from fpr, as it
 * is at most steps of a search.
 */
static double
model_sum(double n, uint64_t nblocks, double fpr, bool decide)
{
	double		lambda;
	double		spread;
	double		lo;
	double		hi;
	double		pmf;
	double		sum = 0.0;
	const double *miss = word_miss_powers();
	uint64_t	j;

	if (!(n > 0.0) || nblocks == 0)
		return 0.0;
	lambda = n / (double) nblocks;
	if (lambda > BF_SATURATED_LOAD)
		return 1.0;

	spread = 12.0 * sqrt(lambda) + 30.0;
	lo = floor(lambda - spread);
	if (lo < 0.0)
		lo = 0.0;
	hi = ceil(lambda + spread);
	BF_ASSERT(hi < BF_MAX_TERMS);

	/*
	 * Poisson probability of the first load, then the usual recurrence
	 * (from load 0 that is exp(-lambda), to the bit: the other two terms
	 * are 0, and cost most of a short sum)
	 */
	pmf = lo == 0.0 ? exp(-lambda) :
		exp(-lambda + lo * log(lambda) - lgamma(lo + 1.0));
	for (j = (uint64_t) lo; j <= (uint64_t) hi; j++)
	{
		double		word_bit = 1.0 - miss[j];
		double		w2 = word_bit * word_bit;
		double		w4 = w2 * w2;

		if (decide && (sum > fpr ||
					   (lambda <= 0.5 * (double) (j + 1) &&
						sum + 4.0 * pmf < fpr * (1.0 - 1e-9))))
			return sum;
		sum += pmf * w4 * w4;
		pmf *= lambda / (double) (j + 1);
	}
	return sum > 1.0 ? 1.0 : sum;
}

/*
 * Model false-positive rate of a filter of nblocks blocks holding n distinct
 * values (n need not be an integer: estimators pass fractional counts).
 *
 * Sums the Poisson series over loads within 12 standard deviations of the
 * mean plus a margin, which leaves out less than 1e-30 of the mass.  Every
 * term is positive, so small rates keep full relative precision.
 */
double
bf_model_fpr(double n, uint64_t nblocks)
{
	return model_sum(n, nblocks, 1.0, false);
}

/*
 * Whether the model rate of nblocks blocks holding n values is at most fpr
 * (below 1), as bf_model_fpr(n, nblocks) <= fpr says, from as few of its
 * terms as that takes (model_sum)
 */
static bool
model_meets(double n, uint64_t nblocks, double fpr)
{
	return model_sum(n, nblocks, fpr, true) <= fpr;
}

/*
 * Smallest block count, at most limit, whose model false-positive rate for
 * capacity values is at most fpr.
 *
 * capacity: distinct values the filter must hold, at least 1.
 * fpr: target false-positive rate, strictly between 0 and 1.
 * nblocks: receives the block count.
 *
 * Returns BF_E_CAPACITY or BF_E_FPR for arguments out of range,
 * BF_E_FPR_FLOOR for a rate below BF_MIN_FPR, which no filter meets, and
 * BF_E_TOO_LARGE when even limit blocks miss the target for this many
 * values.  The model rate falls as blocks are added, so a binary search
 * finds the exact minimum, whatever the limit (a whole kept in parts has
 * a larger one than a filter in one value, bf_whole_blocks).  Each step
 * asks model_meets, which sums only the terms that decide it: the steps
 * and their answers are those of the sum in full, and so the count is,
 * to the last block (test_sizing's sweep checks it).
 */
bf_status
bf_blocks_within(uint64_t capacity, double fpr, uint64_t limit,
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
	if (!model_meets((double) capacity, limit, fpr))
		return BF_E_TOO_LARGE;

	while (lo < hi)
	{
		uint64_t	mid = lo + (hi - lo) / 2;

		if (model_meets((double) capacity, mid, fpr))
			hi = mid;
		else
			lo = mid + 1;
	}
	BF_ASSERT(bf_model_fpr((double) capacity, lo) <= fpr);
	*nblocks = lo;
	return BF_OK;
}

/*
 * Smallest block count of a filter in one value (at most BF_MAX_BLOCKS)
 * whose model false-positive rate for capacity values is at most fpr
 * (bf_blocks_within, whose statuses it returns).
 */
bf_status
bf_blocks_for(uint64_t capacity, double fpr, uint64_t *nblocks)
{
	return bf_blocks_within(capacity, fpr, BF_MAX_BLOCKS, nblocks);
}

/*
 * Largest number of distinct values a filter of nblocks blocks holds with a
 * model false-positive rate of at most fpr (0 if not even one), by a
 * binary search whose steps ask model_meets, as bf_blocks_within's do.
 */
uint64_t
bf_capacity_of(uint64_t nblocks, double fpr)
{
	uint64_t	lo = 0;
	uint64_t	hi = nblocks * (uint64_t) BF_SATURATED_LOAD;

	while (lo < hi)
	{
		uint64_t	mid = lo + (hi - lo + 1) / 2;

		if (model_meets((double) mid, nblocks, fpr))
			lo = mid;
		else
			hi = mid - 1;
	}
	return lo;
}

/*
 * Block count of an auto-sized filter for n distinct values at rate fpr:
 * the smallest power of two at or above the optimal count (so between one
 * and two times the optimal size).  One block for n = 0.
 */
bf_status
bf_auto_blocks(uint64_t n, double fpr, uint64_t *nblocks)
{
	uint64_t	optimal;
	uint64_t	ladder = 1;
	bf_status	status = bf_blocks_for(n > 0 ? n : 1, fpr, &optimal);

	if (status != BF_OK)
		return status;
	while (ladder < optimal)
		ladder *= 2;
	if (ladder > BF_MAX_BLOCKS)
		return BF_E_TOO_LARGE;
	/* any two auto-sized filters fold to a common count */
	BF_ASSERT((ladder & (ladder - 1)) == 0 && ladder >= optimal);
	*nblocks = ladder;
	return BF_OK;
}

/*
 * Whether an auto-sized filter of n distinct values stays an exact list: up
 * to BF_AUTO_EXACT_MAX values, and beyond while 8 bytes per hash are at
 * most twice the optimal block filter's payload (only at rates far below
 * 1 %).
 *
 * Why so many: an exact list combines with a block filter of any size by
 * adding its hashes, losing nothing, while two block filters of different
 * sizes combine only by folding the larger down to the smaller's count,
 * which overloads it by their ratio.  Kept exact, a small set (a quiet
 * day's filter beside busy days') unions into the large filters' size and
 * counts its common members exactly; the cost is 8 bytes a value instead
 * of 1.3 to 2.6 until BF_AUTO_EXACT_MAX.
 */
bool
bf_auto_keeps_exact(uint64_t n, double fpr)
{
	uint64_t	optimal;

	if (n <= BF_AUTO_EXACT_MAX)
		return true;
	if (bf_blocks_for(n, fpr, &optimal) != BF_OK)
		return false;
	return n * BF_HASH_BYTES <= 2 * optimal * BF_BLOCK_BYTES;
}

/*
 * Header of the auto-sized filter that holds n distinct values at rate fpr
 * (BF_FLAG_AUTO, holding values of the given kind): an exact list of n
 * hashes while bf_auto_keeps_exact, otherwise a block filter of the
 * ladder's count (bf_auto_blocks) with the capacity that count holds at
 * fpr.  Returns BF_E_FPR for a rate out of range, else the status of
 * bf_auto_blocks.
 */
bf_status
bf_auto_header(uint64_t n, double fpr, uint32_t kind, bf_header *hdr)
{
	uint64_t	nblocks;
	bf_status	status;

	if (!(fpr > 0.0 && fpr < 1.0))
		return BF_E_FPR;
	if (bf_auto_keeps_exact(n, fpr))
	{
		bf_header_init(hdr, BF_LAYOUT_EXACT, n, 0, fpr, BF_FLAG_AUTO, kind);
		return BF_OK;
	}
	status = bf_auto_blocks(n, fpr, &nblocks);
	if (status != BF_OK)
		return status;
	bf_header_init(hdr, BF_LAYOUT_BLOCKS, nblocks, bf_capacity_of(nblocks, fpr),
				   fpr, BF_FLAG_AUTO, kind);
	return BF_OK;
}

/*
 * Whether bf_blocks_for can size a filter for n values at rate fpr, that
 * is, whether the largest filter meets the rate for them: the bound the
 * validator puts on a header's capacity (or exact count) and rate, so that
 * every filter accepted can be combined and sized again as those made here
 * can.  One evaluation of the model, not a search.
 */
bool
bf_sizable(uint64_t n, double fpr)
{
	return n >= 1 && fpr >= BF_MIN_FPR && fpr < 1.0 &&
		bf_model_fpr((double) n, BF_MAX_BLOCKS) <= fpr;
}
