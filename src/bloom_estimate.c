/*-------------------------------------------------------------------------
 *
 * bloom_estimate.c
 *	  Distinct counts read off filters: bloom_cardinality (# f), and the
 *	  union, intersection and Jaccard estimates of two filters.
 *
 * The estimates come from the number of set bits (Swamidass and Baldi;
 * src/core/bf_estimate.c): the union's from the bits of the two filters
 * OR-ed, the intersection's by inclusion-exclusion, clamped to
 * [0, min(|A|, |B|)].  Exact filters give exact answers.  A filter, or a
 * union, with every bit set carries no count: the cardinalities are then
 * Infinity and the Jaccard similarity NaN, never a finite number that
 * looks right.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_estimate.c
 *
 *-------------------------------------------------------------------------
 */
#include "bloom_access.h"

/*
 * bloom_cardinality(filter), operator # filter: the estimated number of
 * distinct values added.  A stored filter's header holds its count of set
 * bits, so only the header is fetched from TOAST.
 */
PG_FUNCTION_INFO_V1(bloom_cardinality);
Datum
bloom_cardinality(PG_FUNCTION_ARGS)
{
	bf_view		view;

	view.hdr = bloom_arg_header(fcinfo, 0);
	view.payload = NULL;		/* the estimate reads the header only */
	PG_RETURN_FLOAT8(bf_cardinality(&view));
}

/*
 * An estimate over the two filter arguments, by one of the core's
 * estimators; filters that cannot be combined are an error.
 */
static double
pair_estimate(FunctionCallInfo fcinfo,
			  bf_status (*estimator) (const bf_view *, const bf_view *, double *))
{
	bf_view		a = bloom_arg_view(fcinfo, 0);
	bf_view		b = bloom_arg_view(fcinfo, 1);
	double		result;
	bf_status	status = estimator(&a, &b, &result);

	if (status != BF_OK)
		bloom_raise_incompatible(status, &a, &b);
	return result;
}

/* bloom_union_cardinality(a, b): estimated distinct values in either */
PG_FUNCTION_INFO_V1(bloom_union_cardinality);
Datum
bloom_union_cardinality(PG_FUNCTION_ARGS)
{
	PG_RETURN_FLOAT8(pair_estimate(fcinfo, bf_union_cardinality));
}

/* bloom_intersection_cardinality(a, b): estimated distinct values in both */
PG_FUNCTION_INFO_V1(bloom_intersection_cardinality);
Datum
bloom_intersection_cardinality(PG_FUNCTION_ARGS)
{
	PG_RETURN_FLOAT8(pair_estimate(fcinfo, bf_intersection_cardinality));
}

/* bloom_jaccard(a, b): estimated |A n B| / |A u B| */
PG_FUNCTION_INFO_V1(bloom_jaccard);
Datum
bloom_jaccard(PG_FUNCTION_ARGS)
{
	PG_RETURN_FLOAT8(pair_estimate(fcinfo, bf_jaccard));
}
