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
 * A list (a partial aggregate state's hashes in no order, bf.h) is read
 * by every function as the filter it stands for, made here when it is
 * opened (list_to_filter): the exact filter of its hashes, sorted, or the
 * sized filter they are the hashes of; only the aggregates' union takes
 * it as it is (bloom_datum_list_view).
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
 * Open a detoasted bloom value (4-byte or short header), any layout, a
 * list among them.  Values were validated when they entered the database;
 * a header that fails the O(1) structural check now means corruption.
 */
static bf_view
open_any(const struct varlena *filter)
{
	bf_view		view;
	bf_status	status = bf_open_list(VARDATA_ANY(filter),
									  VARSIZE_ANY_EXHDR(filter), &view);

	if (status != BF_OK)
		bloom_raise(status, BLOOM_SOURCE_STORED);
	return view;
}

/*
 * The filter a list (plain or packed) stands for, as a new value in
 * context cxt: the exact filter of an auto-sized set's distinct hashes,
 * sorted (bf_list_sort, bf_read_packed), or the sized filter that holds a
 * sized filter's (its block count where the set bits go)
 */
static struct varlena *
list_to_filter(const bf_view *list, MemoryContext cxt)
{
	size_t		n = (size_t) list->hdr.nitems;
	uint64	   *keys = palloc((2 * n + 1) * sizeof(uint64));	/* and scratch */
	bf_header	hdr = list->hdr;
	bool		sized = hdr.bits_set != 0;
	struct varlena *filter;
	MemoryContext old;
	size_t		len;
	size_t		i;
	bf_status	status = BF_OK;

	if (list->hdr.layout == BF_LAYOUT_PACKED)
		status = bf_read_packed(list, keys);
	else if (sized)
		for (i = 0; i < n; i++)
			keys[i] = bf_exact_hash(list, i);
	else
		n = bf_list_sort(list, keys, keys + n + 1);
	for (i = 0; list->hdr.layout == BF_LAYOUT_PACKED && sized && i < n; i++)
		keys[i] = bf_hash_at(keys[i], hdr.bits_set);
	hdr.layout = sized ? BF_LAYOUT_BLOCKS : BF_LAYOUT_EXACT;
	hdr.nitems = sized ? list->hdr.bits_set : n;
	len = sized ? bf_size_blocks(hdr.nitems) : bf_size_exact(n);
	old = MemoryContextSwitchTo(cxt);
	filter = bloom_palloc(len);
	MemoryContextSwitchTo(old);
	if (status == BF_OK && sized)
	{
		status = bf_init(VARDATA(filter), len, &hdr);
		if (status == BF_OK)
			status = bf_add_hashes(VARDATA(filter), len, keys, n);
	}
	else if (status == BF_OK)
		status = bf_init_exact(VARDATA(filter), len, &hdr, keys, n);
	if (status != BF_OK)
		bloom_raise(status, BLOOM_SOURCE_STORED);
	pfree(keys);
	return filter;
}

/*
 * Open a detoasted bloom value (4-byte or short header); a list is read
 * as the filter it stands for (list_to_filter), made in the current
 * context.
 */
bf_view
bloom_view(const struct varlena *filter)
{
	bf_view		view = open_any(filter);

	if (bf_layout_is_list(view.hdr.layout))
		return open_any(list_to_filter(&view, CurrentMemoryContext));
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

/*
 * Bytes before the memory the accumulator's hooks give from HOOK_LARGE
 * bytes on: where its allocation starts (bloom_alloc_array puts arrays of
 * 4 MB or more on a 2 MB boundary inside their allocation)
 */
#define HOOK_PREFIX				MAXALIGN(sizeof(char *))
#define HOOK_LARGE				((size_t) 1 << 20)

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
 * The accumulator's alloc hook (bloom_allocator): size bytes in the memory
 * context context; large arrays from bloom_alloc_array, from 4 MB on
 * starting on a huge page, the start of their allocation kept just before
 * them for hook_release.
 */
static void *
hook_alloc(void *context, size_t size)
{
	char	   *space;
	char	   *start;

	if (size < HOOK_LARGE)
		return MemoryContextAlloc(context, size);
	start = bloom_alloc_array(context, size + HOOK_PREFIX, &space);
	*(char **) start = space;
	return start + HOOK_PREFIX;
}

/* The accumulator's release hook: give back what hook_alloc gave */
static void
hook_release(void *context, void *memory, size_t size)
{
	pfree(size < HOOK_LARGE ? memory : *(char **) ((char *) memory - HOOK_PREFIX));
}

/*
 * The memory hooks of an accumulator (bf_acc.h) whose memory is in
 * context cxt, whatever the current context is when it allocates
 */
bf_allocator
bloom_allocator(MemoryContext cxt)
{
	bf_allocator mem = {cxt, hook_alloc, hook_release};

	return mem;
}

/* The alloc hook of results: a new bloom value's data, in the current context */
static void *
result_alloc(void *context, size_t size)
{
	return VARDATA(bloom_palloc(size));
}

/* The release hook of results: the bloom value result_alloc made */
static void
result_release(void *context, void *memory, size_t size)
{
	pfree((char *) memory - VARHDRSZ);
}

/*
 * The memory hooks of a filter an accumulator finishes as: a new bloom
 * value in the current context, its data where the filter goes
 */
const bf_allocator bloom_result_allocator = {NULL, result_alloc, result_release};

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
 * by pfree of *space), any layout: fetched from TOAST directly if stored
 * out of line uncompressed, detoasted and copied otherwise.
 */
static struct varlena *
fetch_filter(struct varlena *raw, MemoryContext cxt, char **space)
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
		return flat;
	}
	flat = detoast_attr(raw);
	len = VARSIZE_ANY_EXHDR(flat);
	start = bloom_alloc_filter(cxt, len, space);
	memcpy(start, VARDATA_ANY(flat), len);
	if (flat != raw)
		pfree(flat);
	flat = (struct varlena *) (start - VARHDRSZ);
	SET_VARSIZE(flat, len + VARHDRSZ);
	return flat;
}

/*
 * Read the filter behind raw into working memory allocated in cxt (freed
 * by pfree of *space) and return its view, for a filter that is kept and
 * probed many times (the call-site cache) (fetch_filter); a list is kept
 * as the filter it stands for (list_to_filter).
 */
bf_view
bloom_fetch_filter(struct varlena *raw, MemoryContext cxt, char **space)
{
	struct varlena *flat = fetch_filter(raw, cxt, space);
	bf_view		view = open_any(flat);

	if (!bf_layout_is_list(view.hdr.layout))
		return view;
	flat = list_to_filter(&view, cxt);
	pfree(*space);
	*space = (char *) flat;
	return open_any(flat);
}

/*
 * A new bloom value equal to the filter datum, to change in place and
 * return: a stored filter is fetched from TOAST straight into it, so the
 * copy costs nothing beyond reading the filter; a list is the filter it
 * stands for.
 */
struct varlena *
bloom_datum_copy(Datum datum)
{
	struct varlena *raw = (struct varlena *) DatumGetPointer(datum);
	struct varatt_external pointer;
	struct varlena *flat;
	struct varlena *copy;
	bf_view		view;

	if (stored_plain(raw, &pointer))
	{
		copy = bloom_palloc(VARATT_EXTERNAL_GET_EXTSIZE(pointer));
		fetch_stored(&pointer, copy);
	}
	else
	{
		flat = PG_DETOAST_DATUM_PACKED(datum);
		copy = bloom_palloc(VARSIZE_ANY_EXHDR(flat));
		memcpy(VARDATA(copy), VARDATA_ANY(flat), VARSIZE_ANY_EXHDR(flat));
		if (flat != raw)
			pfree(flat);
	}
	view = open_any(copy);
	if (!bf_layout_is_list(view.hdr.layout))
		return copy;
	flat = list_to_filter(&view, CurrentMemoryContext);
	pfree(copy);
	return flat;
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

/*
 * View of a filter datum as bloom_datum_view reads it, but a list as it
 * is (bf_open_list): for the aggregates' union, which takes a partial
 * state's hashes in no order.
 */
bf_view
bloom_datum_list_view(Datum datum)
{
	struct varlena *raw = (struct varlena *) DatumGetPointer(datum);
	char	   *space;

	if (VARATT_IS_EXTERNAL_ONDISK(raw))
		return open_any(fetch_filter(raw, CurrentMemoryContext, &space));
	return open_any(PG_DETOAST_DATUM_PACKED(datum));
}

/* View of filter argument argno (bloom_datum_view) */
bf_view
bloom_arg_view(FunctionCallInfo fcinfo, int argno)
{
	return bloom_datum_view(PG_GETARG_DATUM(argno));
}

/*
 * Header of the filter datum as it is stored (a list's own, whose count
 * is of its hashes, repeats and all), for code that reads the rest by
 * slices: of a stored filter, only the header's bytes are fetched from
 * TOAST (its first chunk).
 */
bf_header
bloom_stored_header(Datum datum)
{
	struct varlena *head;
	bf_header	hdr;
	bf_status	status;

	if (!VARATT_IS_EXTERNAL_ONDISK(DatumGetPointer(datum)))
		return open_any(PG_DETOAST_DATUM_PACKED(datum)).hdr;
	head = PG_DETOAST_DATUM_SLICE(datum, 0, BF_HEADER_SIZE);
	status = bf_peek_header(VARDATA_ANY(head), VARSIZE_ANY_EXHDR(head),
							toast_raw_datum_size(datum) - VARHDRSZ, &hdr);
	pfree(head);
	if (status != BF_OK)
		bloom_raise(status, BLOOM_SOURCE_STORED);
	return hdr;
}

/*
 * Header of the filter datum, for code that reads nothing else of it: of
 * a stored filter, only the header's bytes (bloom_stored_header); of a
 * list, the header of the filter it stands for, which only reading its
 * hashes tells.
 */
bf_header
bloom_datum_header(Datum datum)
{
	bf_header	hdr = bloom_stored_header(datum);

	if (bf_layout_is_list(hdr.layout))
		return bloom_datum_view(datum).hdr;
	return hdr;
}

/* Header of filter argument argno (bloom_datum_header) */
bf_header
bloom_arg_header(FunctionCallInfo fcinfo, int argno)
{
	return bloom_datum_header(PG_GETARG_DATUM(argno));
}
