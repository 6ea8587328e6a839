/*-------------------------------------------------------------------------
 *
 * bloom_access.c
 *	  Getting at bloom values: opening them, reading stored ones, and
 *	  allocating new ones.
 *
 * A stored filter (out of line, uncompressed: the type's STORAGE external)
 * is fetched from its TOAST table straight into working memory, aligned
 * and on huge pages when large (bloom_alloc_filter), rather than through
 * detoast_attr: that saves a copy of the whole filter and, for filters of
 * megabytes, most of the page faults of fresh memory, which cost more
 * than reading the filter.  bloom_access.h says which function to use for
 * which purpose.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_access.c
 *
 *-------------------------------------------------------------------------
 */
#include "bloom_access.h"

#include <sys/mman.h>

#include "access/detoast.h"
#include "access/table.h"
#include "access/tableam.h"
#include "utils/memutils.h"

/* Alignment of the payload of a filter in working memory: a cache line */
#define BLOOM_PAYLOAD_ALIGN		64

/*
 * Arrays and values this large get transparent huge pages where the OS
 * offers them (not smaller ones: an array written in part, such as an
 * aggregate state's run, would hold up to a whole 2 MB page it does not
 * use)
 */
#define BLOOM_HUGE_PAGE			((size_t) 2 << 20)
#define BLOOM_HUGE_MIN			((size_t) 4 << 20)

/*
 * Open a detoasted bloom value (4-byte or short header).  Values were
 * validated when they entered the database; a header that fails the O(1)
 * structural check now means corruption.
 */
bf_view
bloom_view(const struct varlena *filter)
{
	bf_view		view;
	bf_status	status = bf_open(VARDATA_ANY(filter), VARSIZE_ANY_EXHDR(filter),
								 &view);

	if (status != BF_OK)
		bloom_raise(status, BLOOM_SOURCE_STORED);
	return view;
}

/*
 * Advise transparent huge pages for the 2 MB pages wholly inside
 * [start, start + len), if len is 4 MB or more, for memory not yet
 * written that someone else allocated (a new value, the flat form of an
 * aggregate state): large values are written once in random or streaming
 * order, and faulting them in 2 MB at a time costs a small fraction of
 * doing it 4 kB at a time (in a virtual machine, a thirtieth).  Arrays
 * allocated here for the purpose come from bloom_alloc_array, which
 * aligns them on 2 MB, so that only a tail short of 2 MB is left out.
 */
void
bloom_advise_huge_pages(void *start, size_t len)
{
#ifdef MADV_HUGEPAGE
	char	   *first = (char *) TYPEALIGN(BLOOM_HUGE_PAGE, start);
	char	   *end = (char *) TYPEALIGN_DOWN(BLOOM_HUGE_PAGE, (char *) start + len);

	if (len >= BLOOM_HUGE_MIN && end > first)
		(void) madvise(first, end - first, MADV_HUGEPAGE);
#endif
}

StaticAssertDecl(VARHDRSZ + BF_MAX_SIZE <= MaxAllocSize,
				 "the largest filter must fit in one allocation");
StaticAssertDecl((BF_MAX_HASHES + 1) * sizeof(uint64) <= MaxAllocSize,
				 "the hashes of the largest exact filter, plus one, must fit in one allocation");

/*
 * A new bloom value with room for a serialized filter of len bytes, its
 * varlena header set.  len comes from the core's size functions, which
 * never exceed BF_MAX_SIZE; the check keeps that promise visible, and the
 * assertions above tie BF_MAX_SIZE to MaxAllocSize, so no request here can
 * fail palloc's own size check.
 */
struct varlena *
bloom_palloc(size_t len)
{
	struct varlena *result;

	if (len > BF_MAX_SIZE)
		bloom_raise(BF_E_TOO_LARGE, BLOOM_SOURCE_ARGUMENTS);
	result = (struct varlena *) palloc(VARHDRSZ + len);
	bloom_advise_huge_pages(result, VARHDRSZ + len);
	SET_VARSIZE(result, VARHDRSZ + len);
	return result;
}

/*
 * Working memory for an array of len bytes, in context cxt, as palloc
 * would give it, except that an array of 4 MB or more starts on a
 * 2 MB boundary, so that all its whole 2 MB pages can be advised to use
 * transparent huge pages (bloom_advise_huge_pages says why; they also
 * spare a TLB miss on nearly every random access), not only those that
 * happen to lie wholly inside it; its tail short of 2 MB is left to 4 kB
 * pages, which an array partly written needs no more memory for than it
 * writes.  Free it by pfree of *space.
 */
void *
bloom_alloc_array(MemoryContext cxt, size_t len, char **space)
{
	char	   *start;

	if (len < BLOOM_HUGE_MIN)
		return *space = MemoryContextAllocHuge(cxt, len);
	*space = MemoryContextAllocHuge(cxt, len + BLOOM_HUGE_PAGE);
	start = (char *) TYPEALIGN(BLOOM_HUGE_PAGE, *space);
	bloom_advise_huge_pages(start, len);
	return start;
}

/*
 * Working memory for a serialized filter of len bytes, in context cxt
 * (bloom_alloc_array): the returned pointer puts the payload
 * (BF_HEADER_SIZE bytes in) on a cache line, so no block straddles two
 * lines.  Free it by pfree of *space.
 */
uint8 *
bloom_alloc_filter(MemoryContext cxt, size_t len, char **space)
{
	char	   *start = bloom_alloc_array(cxt, len + 2 * BLOOM_PAYLOAD_ALIGN,
											space);

	start = (char *) TYPEALIGN(BLOOM_PAYLOAD_ALIGN, start);
	return (uint8 *) start +
		(BLOOM_PAYLOAD_ALIGN - BF_HEADER_SIZE % BLOOM_PAYLOAD_ALIGN);
}

/*
 * Whether raw points to a value stored out of line uncompressed, as the
 * type's STORAGE external keeps filters; if so, *pointer is its pointer.
 */
static bool
stored_plain(const struct varlena *raw, struct varatt_external *pointer)
{
	if (!VARATT_IS_EXTERNAL_ONDISK(raw))
		return false;
	VARATT_EXTERNAL_GET_POINTER(*pointer, raw);
	return !VARATT_EXTERNAL_IS_COMPRESSED(*pointer);
}

/*
 * Fetch a value stored out of line uncompressed from its TOAST table
 * straight into flat, which has room for it; sets flat's varlena header.
 */
static void
fetch_stored(const struct varatt_external *pointer, struct varlena *flat)
{
	int32		size = VARATT_EXTERNAL_GET_EXTSIZE(*pointer);
	Relation	toastrel = table_open(pointer->va_toastrelid, AccessShareLock);

	SET_VARSIZE(flat, size + VARHDRSZ);
	table_relation_fetch_toast_slice(toastrel, pointer->va_valueid, size,
									 0, size, flat);
	table_close(toastrel, AccessShareLock);
}

/*
 * Read the filter behind raw into working memory allocated in cxt (freed
 * by pfree of *space) and return its view, for a filter that is kept and
 * probed many times (the call-site cache): fetched from TOAST directly if
 * stored out of line uncompressed, detoasted and copied otherwise.
 */
bf_view
bloom_fetch_filter(struct varlena *raw, MemoryContext cxt, char **space)
{
	struct varatt_external pointer;
	struct varlena *flat;
	uint8	   *start;
	size_t		len;

	if (stored_plain(raw, &pointer))
	{
		/* the value's varlena header goes just before the filter */
		start = bloom_alloc_filter(cxt, VARATT_EXTERNAL_GET_EXTSIZE(pointer),
								   space);
		flat = (struct varlena *) (start - VARHDRSZ);
		fetch_stored(&pointer, flat);
		return bloom_view(flat);
	}
	flat = detoast_attr(raw);
	len = VARSIZE_ANY_EXHDR(flat);
	start = bloom_alloc_filter(cxt, len, space);
	memcpy(start, VARDATA_ANY(flat), len);
	if (flat != raw)
		pfree(flat);
	flat = (struct varlena *) (start - VARHDRSZ);
	SET_VARSIZE(flat, len + VARHDRSZ);
	return bloom_view(flat);
}

/*
 * A new bloom value equal to the filter datum, to change in place and
 * return: a stored filter is fetched from TOAST straight into it, so the
 * copy costs nothing beyond reading the filter.
 */
struct varlena *
bloom_datum_copy(Datum datum)
{
	struct varlena *raw = (struct varlena *) DatumGetPointer(datum);
	struct varatt_external pointer;
	struct varlena *flat;
	struct varlena *copy;

	if (stored_plain(raw, &pointer))
	{
		copy = bloom_palloc(VARATT_EXTERNAL_GET_EXTSIZE(pointer));
		fetch_stored(&pointer, copy);
		return copy;
	}
	flat = PG_DETOAST_DATUM_PACKED(datum);
	copy = bloom_palloc(VARSIZE_ANY_EXHDR(flat));
	memcpy(VARDATA(copy), VARDATA_ANY(flat), VARSIZE_ANY_EXHDR(flat));
	if (flat != raw)
		pfree(flat);
	return copy;
}

/*
 * View of a filter datum, for code that reads the whole filter once: a
 * stored filter is fetched into working memory (bloom_fetch_filter), an inline
 * one read in place, an expanded one flattened.
 */
bf_view
bloom_datum_view(Datum datum)
{
	struct varlena *raw = (struct varlena *) DatumGetPointer(datum);
	char	   *space;

	if (VARATT_IS_EXTERNAL_ONDISK(raw))
		return bloom_fetch_filter(raw, CurrentMemoryContext, &space);
	return bloom_view(PG_DETOAST_DATUM_PACKED(datum));
}

/* View of filter argument argno (bloom_datum_view) */
bf_view
bloom_arg_view(FunctionCallInfo fcinfo, int argno)
{
	return bloom_datum_view(PG_GETARG_DATUM(argno));
}

/*
 * Header of the filter datum, for code that reads nothing else of it, or
 * reads the rest by slices: of a stored filter, only the header's bytes
 * are fetched from TOAST (its first chunk).
 */
bf_header
bloom_datum_header(Datum datum)
{
	struct varlena *head;
	bf_header	hdr;
	bf_status	status;

	if (!VARATT_IS_EXTERNAL_ONDISK(DatumGetPointer(datum)))
		return bloom_view(PG_DETOAST_DATUM_PACKED(datum)).hdr;
	head = PG_DETOAST_DATUM_SLICE(datum, 0, BF_HEADER_SIZE);
	status = bf_peek_header(VARDATA_ANY(head), VARSIZE_ANY_EXHDR(head),
							toast_raw_datum_size(datum) - VARHDRSZ, &hdr);
	pfree(head);
	if (status != BF_OK)
		bloom_raise(status, BLOOM_SOURCE_STORED);
	return hdr;
}

/* Header of filter argument argno (bloom_datum_header) */
bf_header
bloom_arg_header(FunctionCallInfo fcinfo, int argno)
{
	return bloom_datum_header(PG_GETARG_DATUM(argno));
}
