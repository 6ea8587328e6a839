/*-------------------------------------------------------------------------
 *
 * bloom_estimate.c
 *	  Distinct counts read off filters: bloom_cardinality (# f), and the
 *	  union, intersection and Jaccard estimates of two filters.
 *
 * The estimates come from the number of set bits (Swamidass and Baldi;
 * src/core/bf_estimate.c): the union's from the bits of the two filters
 * OR-ed, the intersection's by inclusion-exclusion, clamped to
 * [0, min(|A|, |B|)].  Exact filters give exact answers, and an exact
 * filter with a block filter counts which of its members the blocks hold.
 * A filter with every bit set carries no count: the cardinalities are then
 * Infinity and the Jaccard similarity NaN, never a finite number that
 * looks right.  Two filters that are not saturated but whose union at the
 * smaller size is give NULL with a NOTICE that says why.
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
 * The estimates of the two filter arguments (bf_pair_estimates) into *est;
 * false when they cannot be known.  Filters that cannot be combined are an
 * error.  When two block filters' union, whose bits the estimates read (at
 * the smaller block count), holds more than its size holds at its target
 * rate, a NOTICE says so, since the estimates are then less accurate (an
 * exact filter's members are counted, not read off bits: no NOTICE); when
 * that union has every bit set although neither filter has, a NOTICE says
 * why no answer can be given, and the caller returns NULL.
 */
static bool
pair_estimates(FunctionCallInfo fcinfo, bf_estimates *est)
{
	bf_view		a = *bloom_cached_filter(fcinfo, 0);
	bf_view		b = *bloom_cached_filter(fcinfo, 1);
	bf_view		u;
	bf_status	status = bf_pair_estimates(&a, &b, est);

	if (status == BF_E_SATURATED)
	{
		ereport(NOTICE,
				(errmsg("bloom filter estimate cannot be known"),
				 errdetail("Their union, folded from the larger filter's size to the smaller's (a factor of %llu), has every bit set, although neither filter has.",
						   (unsigned long long) (Max(a.hdr.nitems, b.hdr.nitems) /
												 Min(a.hdr.nitems, b.hdr.nitems))),
				 errhint("Build filters that are to be compared with the same capacity and false-positive rate, sized for their union.")));
		return false;
	}
	if (status == BF_OK)
		status = bf_union_header(&a, &b, &u.hdr);
	if (status != BF_OK)
		bloom_raise_incompatible(status, &a, &b);
	u.payload = NULL;			/* not built: the rate is the model's */
	if (a.hdr.layout == BF_LAYOUT_BLOCKS && b.hdr.layout == BF_LAYOUT_BLOCKS)
		bloom_warn_over_capacity(&u, est->union_size);
	return true;
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

/* bloom_jaccard(a, b): estimated |A n B| / |A u B| */
PG_FUNCTION_INFO_V1(bloomfilter_jaccard);
Datum
bloomfilter_jaccard(PG_FUNCTION_ARGS)
{
	bf_estimates est;

	if (!pair_estimates(fcinfo, &est))
		PG_RETURN_NULL();
	PG_RETURN_FLOAT8(est.jaccard);
}
