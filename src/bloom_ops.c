/*-------------------------------------------------------------------------
 *
 * bloom_ops.c
 *	  Creating filters, adding values, testing membership, and the
 *	  comparison and hash functions behind "=" and the operator classes.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_ops.c
 *
 *-------------------------------------------------------------------------
 */
#include "bloom_bank.h"
#include "bloom_cache.h"
#include "bloom_probe.h"
#include "bloom_state.h"

#include "access/detoast.h"
#include "access/heaptoast.h"
#include "catalog/pg_type.h"
#include "common/hashfn.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"
#include "utils/sortsupport.h"

/*
 * The hash id bloom_create's hash argument names ("xxh3_64", the default,
 * or "parquet")
 */
static uint8
hash_named(text *name)
{
	char	   *s = text_to_cstring(name);
	uint8		hash_id;

	if (!bf_hash_by_name(s, &hash_id))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("unknown bloom filter hash \"%s\"", s),
				 errhint("The hashes are \"xxh3_64\", the default, and \"parquet\", which Parquet readers understand.")));
	pfree(s);
	return hash_id;
}

/*
 * bloom_create(capacity, fpr [, hash]): an empty filter sized for capacity
 * values, of the hash named (in Parquet mode, of a power-of-two size:
 * bloom_sized_header), sized once per call site for the same arguments
 * (bloom_sized_header_once)
 */
PG_FUNCTION_INFO_V1(bloomfilter_create);
Datum
bloomfilter_create(PG_FUNCTION_ARGS)
{
	bf_header	hdr = bloom_sized_header_once(&bloom_call_cache(fcinfo)->state.sizing,
											  PG_GETARG_INT64(0), PG_GETARG_FLOAT8(1),
											  BLOOM_KIND_NONE,
											  PG_NARGS() > 2 ?
											  hash_named(PG_GETARG_TEXT_PP(2)) :
											  BF_HASH_XXH3_64);

	PG_RETURN_POINTER(bloom_empty_filter(&hdr));
}

/*
 * A filter with n hashes added, as a new value, for bloom_add and
 * bloom_add_all: result is the filter read once, straight into the value
 * to return (bloom_datum_copy); one that holds no kind yet (bloom_create's)
 * takes kind, the values'.  An exact filter grows as bloom_agg(value)
 * sizes its values (bloom_accumulate); an auto-sized block filter pushed past
 * its capacity raises a NOTICE (bloom_warn_over_capacity), once: its
 * hashes are gone, so it cannot grow as an exact filter does.
 */
static struct varlena *
filter_with(struct varlena *result, const uint64 *hashes, size_t n,
			uint32 kind)
{
	bf_view		view = bloom_view(result);
	size_t		len = VARSIZE(result) - VARHDRSZ;
	bf_header	like = view.hdr;
	bf_status	status;

	bf_adopt_kind(&like, kind);
	if (view.hdr.layout == BF_LAYOUT_EXACT)
		return bloom_accumulate(&like, &view, hashes, n);

	if (like.kind != view.hdr.kind)
		bf_write_header(VARDATA(result), &like);
	status = bf_add_hashes(VARDATA(result), len, hashes, n);
	if (status != BF_OK)
		bloom_raise(status, BLOOM_SOURCE_STORED);
	/* past its capacity: said once, by the call that crosses it */
	if ((view.hdr.flags & BF_FLAG_AUTO) &&
		bf_cardinality(&view) <= (double) view.hdr.capacity)
	{
		bf_view		after = bloom_view(result);

		bloom_warn_over_capacity(&after, bf_cardinality(&after));
	}
	return result;
}

/*
 * The hash a filter whose header is hdr stores for a value
 * (bloom_hash_to_add); a value of another part of it is an error, never a
 * silent answer
 */
static uint64
hash_to_add(const BloomHasher *hasher, const bf_header *hdr, Datum value)
{
	uint64		hash;

	if (!bloom_hash_to_add(hasher, hdr, value, &hash))
		bloom_raise_other_part(hdr, hash);
	return hash;
}

/* bloom_add(filter, value): a new filter holding the value too */
PG_FUNCTION_INFO_V1(bloomfilter_add);
Datum
bloomfilter_add(PG_FUNCTION_ARGS)
{
	struct varlena *result = bloom_datum_copy(PG_GETARG_DATUM(0));
	const BloomHasher *hasher = bloom_arg_hasher(fcinfo, 1);
	bf_header	hdr = bloom_view(result).hdr;
	uint64		hash = hash_to_add(hasher, &hdr, PG_GETARG_DATUM(1));

	PG_RETURN_POINTER(filter_with(result, &hash, 1, bloom_kind_for(hasher, &hdr)));
}

/*
 * bloom_add_all(filter, values): a new filter holding every non-NULL
 * element of the array too, written once, however many there are: the
 * way to keep a stored filter up to date a statement at a time.
 */
PG_FUNCTION_INFO_V1(bloomfilter_add_all);
Datum
bloomfilter_add_all(PG_FUNCTION_ARGS)
{
	struct varlena *result = bloom_datum_copy(PG_GETARG_DATUM(0));
	ArrayType  *values = PG_GETARG_ARRAYTYPE_P(1);
	const BloomHasher *hasher = bloom_type_hasher(fcinfo, ARR_ELEMTYPE(values));
	bf_header	hdr = bloom_view(result).hdr;
	int16		typlen;
	bool		typbyval;
	char		typalign;
	Datum	   *elements;
	bool	   *nulls;
	int			count;
	uint64	   *hashes;
	size_t		n = 0;
	int			i;

	get_typlenbyvalalign(ARR_ELEMTYPE(values), &typlen, &typbyval, &typalign);
	deconstruct_array(values, ARR_ELEMTYPE(values), typlen, typbyval, typalign,
					  &elements, &nulls, &count);
	hashes = palloc((count + 1) * sizeof(uint64));
	for (i = 0; i < count; i++)
		if (!nulls[i])
			hashes[n++] = hash_to_add(hasher, &hdr, elements[i]);
	PG_RETURN_POINTER(filter_with(result, hashes, n, bloom_kind_for(hasher, &hdr)));
}

/*
 * bloom_retag(filter, type): the filter, its values now taken as of type,
 * an enum or composite type (or a domain over one).  Their values hash
 * the same whatever the type is called (an enum by its labels, a row by
 * its attributes), but a filter's kind is a hash of the type's name, so
 * renaming the type, or restoring it under another name, leaves its
 * filters holding a kind no type has.  Re-tagging is refused where it
 * could mix up types: a filter of another kind of value, or of a type that
 * still exists under its name, or of the other family of kinds (a type
 * holding enums, hashed by value, or not: bloom_kinds.h).
 */
PG_FUNCTION_INFO_V1(bloomfilter_retag);
Datum
bloomfilter_retag(PG_FUNCTION_ARGS)
{
	Oid			typid = PG_GETARG_OID(1);
	struct varlena *result;
	Oid			base;
	bf_view		view;
	const char *owner;
	uint32		kind;

	bloom_check_type_exists(typid);
	result = bloom_datum_copy(PG_GETARG_DATUM(0));
	base = getBaseType(typid);
	view = bloom_view(result);
	if (get_typtype(base) != TYPTYPE_ENUM && get_typtype(base) != TYPTYPE_COMPOSITE)
		ereport(ERROR,
				(errcode(ERRCODE_WRONG_OBJECT_TYPE),
				 errmsg("bloom filters can be re-tagged only to an enum or composite type, not %s",
						format_type_be(typid))));
	kind = bloom_other_kind(base, InvalidOid);
	if (view.hdr.kind == kind)
		PG_RETURN_POINTER(result);
	if (!bloom_kind_is_named(view.hdr.kind))
		ereport(ERROR,
				(errcode(ERRCODE_DATATYPE_MISMATCH),
				 errmsg("bloom filter holds %s values, which cannot be re-tagged",
						bloom_kind_name(view.hdr.kind)),
				 errdetail("Only a filter of an enum or composite type whose name has changed can be.")));
	if (bloom_kind_is_by_value(view.hdr.kind) != bloom_kind_is_by_value(kind))
		ereport(ERROR,
				(errcode(ERRCODE_DATATYPE_MISMATCH),
				 errmsg("bloom filter holds values hashed otherwise than those of type %s",
						format_type_be(typid)),
				 bloom_kind_is_by_value(kind) ?
				 errdetail("Values of type %s hold enum values, hashed by their labels; the filter's values hold none, or were hashed by bloomfilter 1.0, by the enum values' OIDs.",
						   format_type_be(typid)) :
				 errdetail("The filter's values hold enum values, hashed by their labels; values of type %s hold none.",
						   format_type_be(typid))));
	owner = bloom_other_kind_owner(view.hdr.kind);
	if (owner != NULL)
		ereport(ERROR,
				(errcode(ERRCODE_DATATYPE_MISMATCH),
				 errmsg("bloom filter holds values of type %s, which exists", owner),
				 errhint("Re-tag a filter after the type of its values was renamed, to its new name.")));
	view.hdr.kind = kind;
	bf_write_header(VARDATA(result), &view.hdr);
	PG_RETURN_POINTER(result);
}

/*
 * The hashes to test for a value in a filter whose header is hdr
 * (bloom_hashes_to_test: one, but none or two in Parquet mode), and how
 * many.  A part of a filter answers for the values of its part only: a
 * value of another part is an error, never a silent false.
 */
static inline int
hashes_to_test(const BloomHasher *hasher, const bf_header *hdr, Datum value,
			   uint64 *hashes)
{
	int			n = bloom_hashes_to_test(hasher, hdr, value, hashes);

	if (unlikely(n == BLOOM_OTHER_PART))
		bloom_raise_other_part(hdr, hashes[0]);
	return n;
}

/*
 * Membership test shared by bloom_contains (filter first),
 * bloom_contained (value first) and bloom_contains_key (a bloombank key):
 * false means value, hashed by hasher, was never added.  The filter is read through the call site's cache, or probed by slices
 * when the cache says so (bloom_slicing.c): its header, then what each of
 * the value's hashes needs (hashes_to_test), the buffers it touched
 * charged to the filter's account.  A list (a partial aggregate state's
 * hashes, in no order) has no slices: it is read whole.
 */
static bool
contains(FunctionCallInfo fcinfo, int filter_arg, const BloomHasher *hasher,
		 Datum value)
{
	const bf_prepared *filter = bloom_probed_filter(fcinfo, filter_arg);
	bf_header	hdr;
	uint64		hashes[BLOOM_PROBE_HASHES];
	int			n;
	int			i;
	uint64		touched;
	bool		found = false;

	if (likely(filter != NULL))
	{
		n = hashes_to_test(hasher, &filter->view.hdr, value, hashes);
		for (i = 0; i < n; i++)
			if (bf_prepared_contains(filter, hashes[i]))
				return true;
		return false;
	}
	touched = bloom_buffers_touched();
	hdr = bloom_stored_header(PG_GETARG_DATUM(filter_arg));
	if (unlikely(bf_layout_is_list(hdr.layout)))
	{
		const bf_view *view = bloom_cached_filter(fcinfo, filter_arg);

		n = hashes_to_test(hasher, &view->hdr, value, hashes);
		for (i = 0; i < n && !found; i++)
			found = bf_contains(view, hashes[i]);
		return found;
	}
	n = hashes_to_test(hasher, &hdr, value, hashes);
	for (i = 0; i < n && !found; i++)
		found = bloom_slices_contain(PG_GETARG_DATUM(filter_arg), &hdr, hashes[i]);
	bloom_slices_charge(fcinfo, filter_arg, bloom_buffers_touched() - touched);
	return found;
}

/* bloom_contains(filter, value), operator filter @> value */
PG_FUNCTION_INFO_V1(bloomfilter_contains);
Datum
bloomfilter_contains(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(contains(fcinfo, 0, bloom_arg_hasher(fcinfo, 1),
							PG_GETARG_DATUM(1)));
}

/* bloom_contained(value, filter), operator value <@ filter */
PG_FUNCTION_INFO_V1(bloomfilter_contained);
Datum
bloomfilter_contained(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(contains(fcinfo, 1, bloom_arg_hasher(fcinfo, 0),
							PG_GETARG_DATUM(0)));
}

/*
 * bloom_contains_key(filter, key), operator filter @> key: bloom_contains
 * of the value a bloombank key carries, hashed as of its own type; what a
 * bloombank index answers, and its recheck
 */
PG_FUNCTION_INFO_V1(bloomfilter_contains_key);
Datum
bloomfilter_contains_key(PG_FUNCTION_ARGS)
{
	Oid			typid;
	Datum		value;

	bloom_bank_key_value(PG_GETARG_DATUM(1), &typid, &value);
	PG_RETURN_BOOL(contains(fcinfo, 0, bloom_type_hasher(fcinfo, typid), value));
}

/* -1, 0 or 1 as memcmp's result is negative, zero or positive */
static int
sign_of(int cmp)
{
	return cmp < 0 ? -1 : cmp > 0;
}

/* Free v if it is a detoasted copy of original */
static void
free_copy(struct varlena *v, Datum original)
{
	if ((Pointer) v != DatumGetPointer(original))
		pfree(v);
}

/*
 * Total order on bloom values for the btree operator class: the
 * serialized bytes compared as unsigned bytes, a prefix first.  Equal
 * filters have equal bytes, because the format is canonical.  The headers
 * are compared first, from a slice (of a stored filter, only its first
 * TOAST chunk is read): filters whose headers differ, as nearly any two
 * different filters' do (their counts of set bits), are ordered by them
 * without reading either whole.  Frees what it detoasts: a sort calls it
 * many times in one memory context.
 */
static int
compare_datums(Datum ad, Datum bd)
{
	struct varlena *a = PG_DETOAST_DATUM_SLICE(ad, 0, BF_HEADER_SIZE);
	struct varlena *b = PG_DETOAST_DATUM_SLICE(bd, 0, BF_HEADER_SIZE);
	size_t		alen = VARSIZE_ANY_EXHDR(a);
	size_t		blen = VARSIZE_ANY_EXHDR(b);
	int			cmp = memcmp(VARDATA_ANY(a), VARDATA_ANY(b), Min(alen, blen));

	pfree(a);
	pfree(b);
	if (cmp != 0)
		return sign_of(cmp);
	a = PG_DETOAST_DATUM_PACKED(ad);
	b = PG_DETOAST_DATUM_PACKED(bd);
	alen = VARSIZE_ANY_EXHDR(a);
	blen = VARSIZE_ANY_EXHDR(b);
	cmp = memcmp(VARDATA_ANY(a), VARDATA_ANY(b), Min(alen, blen));
	if (cmp == 0)
		cmp = alen < blen ? -1 : alen > blen;
	free_copy(a, ad);
	free_copy(b, bd);
	return sign_of(cmp);
}

/* compare_datums of the first two arguments */
static int
compare(FunctionCallInfo fcinfo)
{
	return compare_datums(PG_GETARG_DATUM(0), PG_GETARG_DATUM(1));
}

/*
 * Whether the two filter arguments are equal: filters of different sizes
 * never are, which the TOAST pointers of stored ones tell without reading
 * them; the rest as compare.
 */
static bool
filters_equal(FunctionCallInfo fcinfo)
{
	if (toast_raw_datum_size(PG_GETARG_DATUM(0)) !=
		toast_raw_datum_size(PG_GETARG_DATUM(1)))
		return false;
	return compare(fcinfo) == 0;
}

/* btree support: -1, 0 or 1 */
PG_FUNCTION_INFO_V1(bloomfilter_cmp);
Datum
bloomfilter_cmp(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(compare(fcinfo));
}

/* SortSupport's comparator: compare_datums */
static int
sort_compare(Datum a, Datum b, SortSupport ssup)
{
	return compare_datums(a, b);
}

/*
 * How much of each filter an abbreviated key reads: of a stored filter,
 * its first TOAST chunk, no more than bf_order_key reads
 */
#define SORT_PREFIX		Min(TOAST_MAX_CHUNK_SIZE, BF_ORDER_PREFIX)

/* The abbreviated keys' reference: the first bytes of the sort's first filter */
typedef struct SortReference
{
	bool		set;
	size_t		len;
	uint8		bytes[SORT_PREFIX];
} SortReference;

/*
 * An abbreviated key, from the filter's first bytes, one slice read: a key
 * against the sort's reference (the first filter converted), which orders
 * as the filters do or is equal (bf_order_key).  Where Datum has 32 bits,
 * the key's high half.
 */
static Datum
sort_abbrev_convert(Datum original, SortSupport ssup)
{
	SortReference *ref = (SortReference *) ssup->ssup_extra;
	struct varlena *prefix = PG_DETOAST_DATUM_SLICE(original, 0, SORT_PREFIX);
	size_t		len = VARSIZE_ANY_EXHDR(prefix);
	uint64		key;

	if (!ref->set)
	{
		memcpy(ref->bytes, VARDATA_ANY(prefix), len);
		ref->len = len;
		ref->set = true;
	}
	key = bf_order_key(VARDATA_ANY(prefix), len, ref->bytes, ref->len);
	pfree(prefix);
#if SIZEOF_DATUM == 8
	return (Datum) key;
#else
	return (Datum) (key >> 32);
#endif
}

/*
 * Abbreviation is never abandoned: a key costs one slice of its filter,
 * read once, where every comparison without keys reads a slice of each
 * side.  Keys that tie cost that slice and a comparison of integers more
 * than no keys would.
 */
static bool
sort_abbrev_abort(int memtupcount, SortSupport ssup)
{
	return false;
}

/*
 * btree support function 2: SortSupport, with abbreviated keys where the
 * sort asks for them.  Without them, the comparator is bloom_cmp's,
 * without the function call.
 */
PG_FUNCTION_INFO_V1(bloomfilter_sortsupport);
Datum
bloomfilter_sortsupport(PG_FUNCTION_ARGS)
{
	SortSupport ssup = (SortSupport) PG_GETARG_POINTER(0);

	ssup->comparator = sort_compare;
	if (ssup->abbreviate)
	{
		ssup->ssup_extra = MemoryContextAllocZero(ssup->ssup_cxt,
												  sizeof(SortReference));
		ssup->comparator = ssup_datum_unsigned_cmp;
		ssup->abbrev_converter = sort_abbrev_convert;
		ssup->abbrev_abort = sort_abbrev_abort;
		ssup->abbrev_full_comparator = sort_compare;
	}
	PG_RETURN_VOID();
}

/* operator = */
PG_FUNCTION_INFO_V1(bloomfilter_eq);
Datum
bloomfilter_eq(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(filters_equal(fcinfo));
}

/* operator <> */
PG_FUNCTION_INFO_V1(bloomfilter_ne);
Datum
bloomfilter_ne(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(!filters_equal(fcinfo));
}

/* operator #<#, for the btree operator class only */
PG_FUNCTION_INFO_V1(bloomfilter_lt);
Datum
bloomfilter_lt(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(compare(fcinfo) < 0);
}

/* operator #<=#, for the btree operator class only */
PG_FUNCTION_INFO_V1(bloomfilter_le);
Datum
bloomfilter_le(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(compare(fcinfo) <= 0);
}

/* operator #>#, for the btree operator class only */
PG_FUNCTION_INFO_V1(bloomfilter_gt);
Datum
bloomfilter_gt(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(compare(fcinfo) > 0);
}

/* operator #>=#, for the btree operator class only */
PG_FUNCTION_INFO_V1(bloomfilter_ge);
Datum
bloomfilter_ge(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(compare(fcinfo) >= 0);
}

/* hash support: 32-bit hash of the serialized bytes */
PG_FUNCTION_INFO_V1(bloomfilter_hash);
Datum
bloomfilter_hash(PG_FUNCTION_ARGS)
{
	struct varlena *filter = PG_GETARG_VARLENA_PP(0);

	return hash_any((const unsigned char *) VARDATA_ANY(filter),
					(int) VARSIZE_ANY_EXHDR(filter));
}

/* hash support: seeded 64-bit hash of the serialized bytes */
PG_FUNCTION_INFO_V1(bloomfilter_hash_extended);
Datum
bloomfilter_hash_extended(PG_FUNCTION_ARGS)
{
	struct varlena *filter = PG_GETARG_VARLENA_PP(0);

	return hash_any_extended((const unsigned char *) VARDATA_ANY(filter),
							 (int) VARSIZE_ANY_EXHDR(filter),
							 PG_GETARG_INT64(1));
}
