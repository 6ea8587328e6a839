/*-------------------------------------------------------------------------
 *
 * bloom_nested.c
 *	  Hashing, by value, the values that hold enums: arrays, composites,
 *	  ranges and multiranges with an enum among their parts, at any depth.
 *
 * PostgreSQL's extended hash functions of these types hash an enum by its
 * OID, which a dump and restore changes: a filter of such values would
 * miss every member after a restore.  These values are therefore taken
 * apart here, and each part hashed by its own hasher: by its type's method
 * (bloom_hash_method.c), an enum by its label, a text by its canonical
 * bytes, any other by its type's hash; a part that holds an enum by value
 * in turn, here.  A value's hash is
 * that of the sequence of 64-bit words (bf_hash_stream) made of:
 *
 *	array		its dimension count, each dimension's length and lower
 *				bound, then each element's hash in order
 *	composite	for each attribute that is not NULL, its number and hash
 *				(so a NULL attribute, one added by ALTER TYPE too, adds
 *				nothing)
 *	range		whether it is empty; else, for each bound, whether it is
 *				infinite, else whether it is inclusive and its hash
 *	multirange	its range count, then each range as above
 *
 * A NULL element is the word NULL_ELEMENT.  Values equal under "=" give
 * equal words: array_eq compares dimensions, lower bounds and elements
 * (two NULLs equal); record_eq the attributes that are not dropped, each
 * by its own type and collation (two NULLs equal); range_eq canonical
 * bounds, infinite ones without their inclusive flags, under the range's
 * collation; multirange_eq its ranges in order.  Only the types that hold
 * enums are hashed here (bloom_type_holds), so that the filters of every
 * other type keep their hashes.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_nested.c
 *
 *-------------------------------------------------------------------------
 */
#include "bloom_nested.h"

#include "access/htup_details.h"
#include "catalog/pg_type.h"
#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/arrayaccess.h"
#include "utils/lsyscache.h"
#include "utils/multirangetypes.h"
#include "utils/rangetypes.h"
#include "utils/typcache.h"

/* The word of a NULL element or attribute */
#define NULL_ELEMENT	UINT64CONST(0x9E3779B97F4A7C15)

/* How to take the values of one type apart, and hash their parts */
struct BloomNested
{
	char		typtype;		/* TYPTYPE_COMPOSITE, _RANGE, _MULTIRANGE,
								 * or TYPTYPE_BASE for an array */
	int16		elmlen;			/* an array's elements' storage */
	bool		elmbyval;
	char		elmalign;
	TypeCacheEntry *range;		/* a range's (or multirange's) range type */
	int			nparts;
	BloomHasher parts[FLEXIBLE_ARRAY_MEMBER];	/* the hasher of the
												 * elements, of each
												 * attribute, or of the
												 * bounds */
};

/* A BloomNested with room for nparts hashers, zeroed, in mcxt */
static BloomNested *
new_nested(char typtype, int nparts, MemoryContext mcxt)
{
	BloomNested *nested = MemoryContextAllocZero(mcxt,
												 offsetof(BloomNested, parts) +
												 nparts * sizeof(BloomHasher));

	nested->typtype = typtype;
	nested->nparts = nparts;
	return nested;
}

/*
 * Look up the hasher of a part of type typid under collation: its type's
 * method, and if it holds enums in turn, how to take it apart
 */
static void
init_part(BloomHasher *part, Oid typid, Oid collation, MemoryContext mcxt)
{
	bloom_method_init(part, typid, collation, mcxt);
	if (part->method == BLOOM_HASH_NESTED)
		part->nested = bloom_nested_init(getBaseType(typid), collation, mcxt);
}

/*
 * How to take apart a composite type's values: each attribute's hasher
 * (the row type itself is looked up for each value, as record_eq does, for
 * the attributes' missing values)
 */
static BloomNested *
init_composite(Oid typid, MemoryContext mcxt)
{
	TupleDesc	tupdesc = lookup_rowtype_tupdesc(typid, -1);
	BloomNested *nested = new_nested(TYPTYPE_COMPOSITE, tupdesc->natts, mcxt);

	for (int i = 0; i < tupdesc->natts; i++)
	{
		Form_pg_attribute att = TupleDescAttr(tupdesc, i);

		if (!att->attisdropped)
			init_part(&nested->parts[i], att->atttypid, att->attcollation,
					  mcxt);
	}
	ReleaseTupleDesc(tupdesc);
	return nested;
}

/*
 * How to take apart the values of typid (a base type that holds enums,
 * not an enum: bloom_type_holds), under collation (an array's, for its
 * elements; a composite's attributes and a range's bounds have their
 * own), with everything it needs allocated in mcxt.
 */
BloomNested *
bloom_nested_init(Oid typid, Oid collation, MemoryContext mcxt)
{
	char		typtype = get_typtype(typid);
	BloomNested *nested;
	TypeCacheEntry *entry;
	Oid			elemtype;

	check_stack_depth();
	if (typtype == TYPTYPE_COMPOSITE)
		return init_composite(typid, mcxt);

	nested = new_nested(typtype, 1, mcxt);
	if (typtype == TYPTYPE_RANGE || typtype == TYPTYPE_MULTIRANGE)
	{
		entry = lookup_type_cache(typid, typtype == TYPTYPE_RANGE ?
								  TYPECACHE_RANGE_INFO :
								  TYPECACHE_MULTIRANGE_INFO);
		nested->range = typtype == TYPTYPE_RANGE ? entry : entry->rngtype;
		init_part(&nested->parts[0], nested->range->rngelemtype->type_id,
				  nested->range->rng_collation, mcxt);
		return nested;
	}

	elemtype = get_element_type(typid);
	if (!OidIsValid(elemtype))
		elog(ERROR, "type %u holds no enum to hash by value", typid);
	nested->typtype = TYPTYPE_BASE;
	get_typlenbyvalalign(elemtype, &nested->elmlen, &nested->elmbyval,
						 &nested->elmalign);
	init_part(&nested->parts[0], elemtype, collation, mcxt);
	return nested;
}

/*
 * Add an element's word: its hash, by value if it holds enums, else by
 * its type's method; or NULL_ELEMENT
 */
static void
add_element(bf_hash_stream *stream, const BloomHasher *part, Datum value,
			bool isnull)
{
	uint64		hash;

	if (isnull)
		hash = NULL_ELEMENT;
	else if (part->method == BLOOM_HASH_NESTED)
		hash = bloom_hash_nested(part->nested, value);
	else
		hash = bloom_method_hash(part, value);
	bf_hash_stream_add(stream, hash);
}

/* Add the words of an array (flat or expanded) */
static void
add_array(bf_hash_stream *stream, const BloomNested *nested, Datum value)
{
	AnyArrayType *array = DatumGetAnyArrayP(value);
	int			ndims = AARR_NDIM(array);
	const int  *dims = AARR_DIMS(array);
	const int  *lbounds = AARR_LBOUND(array);
	int			nitems = ArrayGetNItems(ndims, dims);
	array_iter	iter;

	bf_hash_stream_add(stream, (uint64) ndims);
	for (int d = 0; d < ndims; d++)
	{
		bf_hash_stream_add(stream, (uint64) dims[d]);
		bf_hash_stream_add(stream, (uint64) (int64) lbounds[d]);
	}
	array_iter_setup(&iter, array);
	for (int i = 0; i < nitems; i++)
	{
		bool		isnull;
		Datum		element = array_iter_next(&iter, &isnull, i, nested->elmlen,
											  nested->elmbyval, nested->elmalign);

		add_element(stream, &nested->parts[0], element, isnull);
	}
}

/*
 * Add the words of a row of the composite type.  An attribute added since
 * the hashers were looked up (by ALTER TYPE, in a PL/pgSQL session) is
 * left out, as the NULLs are: equal rows still give equal words; one whose
 * type changed since cannot be hashed by its hasher, and is an error.
 */
static void
add_composite(bf_hash_stream *stream, const BloomNested *nested, Datum value)
{
	HeapTupleHeader row = DatumGetHeapTupleHeader(value);
	TupleDesc	tupdesc = lookup_rowtype_tupdesc(HeapTupleHeaderGetTypeId(row),
												 HeapTupleHeaderGetTypMod(row));
	int			natts = Min(tupdesc->natts, nested->nparts);
	Datum	   *values = palloc(tupdesc->natts * sizeof(Datum));
	bool	   *nulls = palloc(tupdesc->natts * sizeof(bool));
	HeapTupleData tuple;

	tuple.t_len = HeapTupleHeaderGetDatumLength(row);
	ItemPointerSetInvalid(&tuple.t_self);
	tuple.t_tableOid = InvalidOid;
	tuple.t_data = row;
	heap_deform_tuple(&tuple, tupdesc, values, nulls);
	for (int i = 0; i < natts; i++)
	{
		Form_pg_attribute att = TupleDescAttr(tupdesc, i);

		if (att->attisdropped || nulls[i])
			continue;
		if (att->atttypid != nested->parts[i].typid)
			ereport(ERROR,
					(errcode(ERRCODE_DATATYPE_MISMATCH),
					 errmsg("attribute \"%s\" of type %s changed its type while its values were hashed",
							NameStr(att->attname),
							format_type_be(HeapTupleHeaderGetTypeId(row))),
					 errhint("Run the statement again.")));
		bf_hash_stream_add(stream, (uint64) (i + 1));
		add_element(stream, &nested->parts[i], values[i], false);
	}
	pfree(values);
	pfree(nulls);
	ReleaseTupleDesc(tupdesc);
}

/* Add the words of a range's bounds */
static void
add_bounds(bf_hash_stream *stream, const BloomNested *nested,
		   const RangeBound *lower, const RangeBound *upper, bool empty)
{
	bf_hash_stream_add(stream, empty ? 1 : 0);
	if (empty)
		return;
	for (int b = 0; b < 2; b++)
	{
		const RangeBound *bound = b == 0 ? lower : upper;

		bf_hash_stream_add(stream, bound->infinite ? 2 : bound->inclusive ? 1 : 0);
		if (!bound->infinite)
			add_element(stream, &nested->parts[0], bound->val, false);
	}
}

/* Add the words of a range */
static void
add_range(bf_hash_stream *stream, const BloomNested *nested, Datum value)
{
	RangeType  *range = DatumGetRangeTypeP(value);
	RangeBound	lower;
	RangeBound	upper;
	bool		empty;

	range_deserialize(nested->range, range, &lower, &upper, &empty);
	add_bounds(stream, nested, &lower, &upper, empty);
}

/* Add the words of a multirange */
static void
add_multirange(bf_hash_stream *stream, const BloomNested *nested,
			   Datum value)
{
	MultirangeType *multirange = DatumGetMultirangeTypeP(value);
	RangeBound	lower;
	RangeBound	upper;

	bf_hash_stream_add(stream, (uint64) multirange->rangeCount);
	for (uint32 i = 0; i < multirange->rangeCount; i++)
	{
		multirange_get_bounds(nested->range, multirange, i, &lower, &upper);
		add_bounds(stream, nested, &lower, &upper, false);
	}
}

/* The hash of a (non-null) value that holds enums, taken apart */
uint64
bloom_hash_nested(const BloomNested *nested, Datum value)
{
	bf_hash_stream stream;

	check_stack_depth();
	bf_hash_stream_begin(&stream);
	switch (nested->typtype)
	{
		case TYPTYPE_COMPOSITE:
			add_composite(&stream, nested, value);
			break;
		case TYPTYPE_RANGE:
			add_range(&stream, nested, value);
			break;
		case TYPTYPE_MULTIRANGE:
			add_multirange(&stream, nested, value);
			break;
		default:
			add_array(&stream, nested, value);
			break;
	}
	return bf_hash_stream_end(&stream);
}
