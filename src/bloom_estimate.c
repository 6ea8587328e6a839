/*-------------------------------------------------------------------------
 *
 * bloom_estimate.c
 *	  Distinct counts read off filters: bloom_cardinality (# f), and the
 *	  union, intersection and Jaccard estimates of two filters, each also
 *	  with its confidence interval (the _bounds functions).
 *
 * The estimates come from the number of set bits (Swamidass and Baldi;
 * src/core/bf_estimate.c): the union's from the bits of the two filters
 * OR-ed, the intersection's by inclusion-exclusion, clamped to
 * [0, min(|A|, |B|)].  Exact filters give exact answers, and an exact
 * filter with a block filter counts which of its members the blocks hold.
 * A filter with every bit set carries no count: the cardinalities are then
 * Infinity (an intersection with it is the other filter's count, the most
 * it can be), never a finite number that looks right, and the Jaccard
 * similarity with it 0, over an infinite union; that of two saturated
 * filters cannot be known, and is NULL.  With a filter that holds nothing
 * the intersection and Jaccard are exactly 0.  Two filters that are not
 * saturated but whose union at the smaller size is give NULL with a
 * NOTICE that says why.
 *
 * The _bounds functions return (estimate, lower, upper) at a confidence
 * level (0.95 by default), the estimate that of the function of the same
 * name, with the same notices; where that one is NULL, the estimate is
 * NULL and the bounds are those that hold whatever it is.
 * doc/estimates.md derives the intervals and measures their coverage.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_estimate.c
 *
 *-------------------------------------------------------------------------
 */
#include "bloom_build.h"
#include "bloom_cache.h"

#include <math.h>

#include "access/htup_details.h"
#include "funcapi.h"

/*
 * bloom_cardinality(filter), operator # filter: the estimated number of
 * distinct values added.  A stored filter's header holds its count of set
 * bits, so only the header is fetched from TOAST.
 */
PG_FUNCTION_INFO_V1(bloomfilter_cardinality);
Datum
bloomfilter_cardinality(PG_FUNCTION_ARGS)
{
	bf_view		view;

	view.hdr = bloom_arg_header(fcinfo, 0);
	view.payload = NULL;		/* the estimate reads the header only */
	PG_RETURN_FLOAT8(bf_cardinality(&view));
}

/*
 * The row (estimate, lower, upper) a _bounds function returns, the
 * estimate NULL when it cannot be known.
 */
static Datum
bounds_row(FunctionCallInfo fcinfo, const bf_bounds *bounds, bool known)
{
	TupleDesc	tupdesc;
	Datum		values[3];
	bool		nulls[3] = {!known, false, false};

	if (get_call_result_type(fcinfo, NULL, &tupdesc) != TYPEFUNC_COMPOSITE)
		elog(ERROR, "return type must be a row type");
	values[0] = Float8GetDatum(bounds->estimate);
	values[1] = Float8GetDatum(bounds->lower);
	values[2] = Float8GetDatum(bounds->upper);
	return HeapTupleGetDatum(heap_form_tuple(BlessTupleDesc(tupdesc), values,
											 nulls));
}

/*
 * bloom_cardinality_bounds(filter, confidence): bloom_cardinality with its
 * confidence interval.  It too reads the header only.
 */
PG_FUNCTION_INFO_V1(bloomfilter_cardinality_bounds);
Datum
bloomfilter_cardinality_bounds(PG_FUNCTION_ARGS)
{
	bf_view		view;
	bf_bounds	bounds;
	bf_status	status;

	view.hdr = bloom_arg_header(fcinfo, 0);
	view.payload = NULL;		/* the bounds read the header only */
	status = bf_cardinality_bounds(&view, PG_GETARG_FLOAT8(1), &bounds);
	if (status != BF_OK)
		bloom_raise(status, BLOOM_SOURCE_ARGUMENTS);
	PG_RETURN_DATUM(bounds_row(fcinfo, &bounds, true));
}

/*
 * What the estimators of two filters a and b do with status, the core's
 * answer, whose union estimate is union_size; false when the estimates
 * cannot be known.  Filters that cannot be combined are an error.  When
 * two block filters' union, whose bits the estimates read (at the smaller
 * block count), holds more than its size holds at its target rate, a
 * NOTICE says so, since the estimates are then less accurate (an exact
 * filter's members are counted, not read off bits: no NOTICE); when that
 * union has every bit set although neither filter has, a NOTICE says why
 * no answer can be given.
 */
static bool
pair_status(bf_status status, const bf_view *a, const bf_view *b,
			double union_size)
{
	bf_view		u;

	if (status == BF_E_SATURATED)
	{
		ereport(NOTICE,
				(errmsg("bloom filter estimate cannot be known"),
				 errdetail("Their union, folded from the larger filter's size to the smaller's (a factor of %llu), has every bit set, although neither filter has.",
						   (unsigned long long) (Max(a->hdr.nitems, b->hdr.nitems) /
												 Min(a->hdr.nitems, b->hdr.nitems))),
				 errhint("Build filters that are to be compared with the same capacity and false-positive rate, sized for their union.")));
		return false;
	}
	if (status == BF_OK)
		status = bf_union_header(a, b, &u.hdr);
	if (status != BF_OK)
		bloom_raise_incompatible(status, a, b);
	u.payload = NULL;			/* not built: the rate is the model's */
	if (a->hdr.layout == BF_LAYOUT_BLOCKS && b->hdr.layout == BF_LAYOUT_BLOCKS)
		bloom_warn_over_capacity(&u, union_size);
	return true;
}

/*
 * The estimates of the two filter arguments (bf_pair_estimates) into *est;
 * false when they cannot be known (pair_status), and the caller returns
 * NULL.
 */
static bool
pair_estimates(FunctionCallInfo fcinfo, bf_estimates *est)
{
	bf_view		a = *bloom_cached_filter(fcinfo, 0);
	bf_view		b = *bloom_cached_filter(fcinfo, 1);
	bf_status	status = bf_pair_estimates(&a, &b, est);

	return pair_status(status, &a, &b, est->union_size);
}

/*
 * The estimates of the two filter arguments with their bounds at the
 * confidence of argument 2 (bf_pair_estimate_bounds) into *bounds; false
 * when the estimates cannot be known (pair_status), and the bounds then
 * hold what can be.  A confidence level out of (0, 1) is an error.
 */
static bool
pair_bounds(FunctionCallInfo fcinfo, bf_pair_bounds *bounds)
{
	bf_view		a = *bloom_cached_filter(fcinfo, 0);
	bf_view		b = *bloom_cached_filter(fcinfo, 1);
	bf_status	status = bf_pair_estimate_bounds(&a, &b, PG_GETARG_FLOAT8(2),
												 bounds);

	if (status == BF_E_CONFIDENCE)
		bloom_raise(status, BLOOM_SOURCE_ARGUMENTS);
	return pair_status(status, &a, &b, bounds->union_size.estimate);
}

/* bloom_union_cardinality(a, b): estimated distinct values in either */
PG_FUNCTION_INFO_V1(bloomfilter_union_cardinality);
Datum
bloomfilter_union_cardinality(PG_FUNCTION_ARGS)
{
	bf_estimates est;

	if (!pair_estimates(fcinfo, &est))
		PG_RETURN_NULL();
	PG_RETURN_FLOAT8(est.union_size);
}

/* bloom_intersection_cardinality(a, b): estimated distinct values in both */
PG_FUNCTION_INFO_V1(bloomfilter_intersection_cardinality);
Datum
bloomfilter_intersection_cardinality(PG_FUNCTION_ARGS)
{
	bf_estimates est;

	if (!pair_estimates(fcinfo, &est))
		PG_RETURN_NULL();
	PG_RETURN_FLOAT8(est.intersection);
}

/*
 * bloom_jaccard(a, b): estimated |A n B| / |A u B|; NULL when it cannot be
 * known, as of two saturated filters (the core's NaN)
 */
PG_FUNCTION_INFO_V1(bloomfilter_jaccard);
Datum
bloomfilter_jaccard(PG_FUNCTION_ARGS)
{
	bf_estimates est;

	if (!pair_estimates(fcinfo, &est) || isnan(est.jaccard))
		PG_RETURN_NULL();
	PG_RETURN_FLOAT8(est.jaccard);
}

/*
 * bloom_union_cardinality_bounds(a, b, confidence): bloom_union_cardinality
 * with its confidence interval
 */
PG_FUNCTION_INFO_V1(bloomfilter_union_cardinality_bounds);
Datum
bloomfilter_union_cardinality_bounds(PG_FUNCTION_ARGS)
{
	bf_pair_bounds bounds;
	bool		known = pair_bounds(fcinfo, &bounds);

	PG_RETURN_DATUM(bounds_row(fcinfo, &bounds.union_size, known));
}

/*
 * bloom_intersection_cardinality_bounds(a, b, confidence):
 * bloom_intersection_cardinality with its confidence interval
 */
PG_FUNCTION_INFO_V1(bloomfilter_intersection_cardinality_bounds);
Datum
bloomfilter_intersection_cardinality_bounds(PG_FUNCTION_ARGS)
{
	bf_pair_bounds bounds;
	bool		known = pair_bounds(fcinfo, &bounds);

	PG_RETURN_DATUM(bounds_row(fcinfo, &bounds.intersection, known));
}

/*
 * bloom_jaccard_bounds(a, b, confidence): bloom_jaccard with its interval,
 * the estimate NULL where bloom_jaccard is
 */
PG_FUNCTION_INFO_V1(bloomfilter_jaccard_bounds);
Datum
bloomfilter_jaccard_bounds(PG_FUNCTION_ARGS)
{
	bf_pair_bounds bounds;
	bool		known = pair_bounds(fcinfo, &bounds);

	PG_RETURN_DATUM(bounds_row(fcinfo, &bounds.jaccard,
							   known && !isnan(bounds.jaccard.estimate)));
}
