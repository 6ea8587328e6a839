/*-------------------------------------------------------------------------
 *
 * bloom_combine.c
 *	  Union and intersection of two filters: bloom_union (a | b) and
 *	  bloom_intersect (a & b).
 *
 * Filters combine when they hold the same kind of value with the same hash,
 * and, for block filters, have block counts equal or different by a power
 * of two: the larger is folded down to the smaller, losing no member.  Any
 * other pair is refused with an error naming both filters' shapes.  A value
 * added to either filter is a member of the union, one added to both a
 * member of the intersection; the intersection of block filters may also
 * answer true for values in neither, at the rate bloom_fpr reports.  A
 * result sized by bloom_agg(value) that holds more than its size holds at
 * its target rate raises a NOTICE, as bloom_union_agg's does.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_combine.c
 *
 *-------------------------------------------------------------------------
 */
#include "bloom_cache.h"
#include "bloom_state.h"

/*
 * The union, or the intersection, of the two filter arguments.  Where the
 * result is a block filter of the first argument's size, the first is
 * fetched into a value of our own and the second combined into it in
 * place (the same bytes as combining into a new value, without the fresh
 * memory a third filter would cost); otherwise a new value is filled.  An
 * exact result longer than bloom_agg(value) keeps exact is sized again as
 * bloom_agg(value) sizes its values (bloom_accumulate).
 */
static struct varlena *
combine(FunctionCallInfo fcinfo, bool intersect)
{
	struct varlena *mine = bloom_datum_copy(PG_GETARG_DATUM(0));
	bf_view		a = bloom_view(mine);
	bf_view		b = *bloom_cached_filter(fcinfo, 1);
	struct varlena *result;
	size_t		len = VARSIZE(mine) - VARHDRSZ;
	bool		in_place;
	bf_status	status;

	status = intersect ? bf_intersect_into(VARDATA(mine), len, &b, &in_place) :
		bf_union_into(VARDATA(mine), len, &b, &in_place);
	if (status != BF_OK)
		bloom_raise_incompatible(status, &a, &b);
	if (in_place)
		return mine;

	status = intersect ? bf_intersect_size(&a, &b, &len) :
		bf_union_size(&a, &b, &len);
	if (status != BF_OK)
		bloom_raise_incompatible(status, &a, &b);
	result = bloom_palloc(len);
	status = intersect ? bf_intersect(VARDATA(result), len, &a, &b) :
		bf_union(VARDATA(result), len, &a, &b);
	if (status != BF_OK)
		bloom_raise(status, BLOOM_SOURCE_STORED);
	pfree(mine);
	a = bloom_view(result);
	if (a.hdr.layout == BF_LAYOUT_EXACT &&
		!bf_auto_keeps_exact(a.hdr.nitems, a.hdr.fpr))
		return bloom_accumulate(&a.hdr, &a, NULL, 0);
	return result;
}

/*
 * The union or the intersection of the two filter arguments (combine),
 * with a NOTICE when it holds more values than its size holds, as the
 * aggregates give.  Built once per query for the same stored or constant
 * filters (bloom_derived_lookup), then returned as it is on every row.
 */
static struct varlena *
union_or_intersect(FunctionCallInfo fcinfo, bool intersect)
{
	struct varlena *result = bloom_derived_lookup(fcinfo);
	bf_view		view;

	if (result != NULL)
		return result;
	result = combine(fcinfo, intersect);
	view = bloom_view(result);
	bloom_warn_over_capacity(&view, bf_cardinality(&view));
	return bloom_derived_keep(fcinfo, result);
}

/* bloom_union(a, b), operator a | b */
PG_FUNCTION_INFO_V1(bloomfilter_union);
Datum
bloomfilter_union(PG_FUNCTION_ARGS)
{
	PG_RETURN_POINTER(union_or_intersect(fcinfo, false));
}

/* bloom_intersect(a, b), operator a & b */
PG_FUNCTION_INFO_V1(bloomfilter_intersect);
Datum
bloomfilter_intersect(PG_FUNCTION_ARGS)
{
	PG_RETURN_POINTER(union_or_intersect(fcinfo, true));
}
