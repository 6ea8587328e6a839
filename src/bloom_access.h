/*-------------------------------------------------------------------------
 *
 * bloom_access.h
 *	  Getting at bloom values (bloom_access.c): one way to open a filter
 *	  for each purpose.
 *
 * A bloom value is a varlena whose data is a filter serialized by the core
 * library (src/core): no PostgreSQL-specific layout at all, so that casts
 * to and from bytea are a relabeling plus validation.  To get at one:
 *
 *	read it once		bloom_arg_view (bloom_datum_view): the whole filter,
 *						a stored one fetched from TOAST into working memory
 *	probe it per row	bloom_probed_filter (bloom_cache.h): read once per
 *						query and call site, then served from the cache,
 *						or probed by slices while it has not come back
 *	read it per row		bloom_cached_filter (bloom_cache.h): read once per
 *						query and call site, then served from the cache
 *	modify it			bloom_datum_copy: a new value to change in place and
 *						return, fetched from TOAST straight into it
 *	read its header		bloom_arg_header, bloom_datum_header: of a
 *						stored filter, only the header's bytes are
 *						fetched (bloom_stored_header: as stored, a
 *						list's own)
 *	union it			bloom_datum_list_view: bloom_datum_view's, but a
 *						list (a partial aggregate state's hashes in no
 *						order) as it is, for the aggregates' union; every
 *						other way reads a list as the filter it stands
 *						for
 *	probe it once		bloom_slices_contain (bloom_probe.h): of a stored
 *						filter, the header and the chunks the value needs
 *	make a new one		bloom_palloc (a value), bloom_alloc_filter (working
 *						memory for a filter kept across calls),
 *						bloom_alloc_array (for other large arrays),
 *						bloom_advise_huge_pages (for memory allocated
 *						by others), bloom_allocator and
 *						bloom_result_allocator (the core accumulator's
 *						memory, and of the filter it finishes as)
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_access.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef BLOOM_ACCESS_H
#define BLOOM_ACCESS_H

#include "bloom_error.h"

#include "bf_acc.h"

extern bf_view bloom_view(const struct varlena *filter);
extern bf_view bloom_datum_view(Datum datum);
extern bf_view bloom_datum_list_view(Datum datum);
extern bf_view bloom_arg_view(FunctionCallInfo fcinfo, int argno);
extern bf_header bloom_stored_header(Datum datum);
extern bf_header bloom_datum_header(Datum datum);
extern bf_header bloom_arg_header(FunctionCallInfo fcinfo, int argno);
extern struct varlena *bloom_datum_copy(Datum datum);
extern struct varlena *bloom_palloc(size_t len);
extern void *bloom_alloc_array(MemoryContext cxt, size_t len, char **space);
extern uint8 *bloom_alloc_filter(MemoryContext cxt, size_t len, char **space);
extern void bloom_advise_huge_pages(void *start, size_t len);
extern bf_allocator bloom_allocator(MemoryContext cxt);
extern PGDLLIMPORT const bf_allocator bloom_result_allocator;
extern bf_view bloom_fetch_filter(struct varlena *raw, MemoryContext cxt,
								  char **space);

#endif							/* BLOOM_ACCESS_H */
