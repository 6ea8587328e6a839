/*-------------------------------------------------------------------------
 *
 * bloom_build.h
 *	  Building new filters (bloom_build.c).
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_build.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef BLOOM_BUILD_H
#define BLOOM_BUILD_H

#include "bloom_access.h"

/* The target rate of filters sized by bloom_agg from the data */
#define BLOOM_DEFAULT_FPR		0.01

extern bf_header bloom_sized_header(int64 capacity, double fpr, uint32 kind,
									uint8 hash_id);
extern bf_header bloom_sized_header_once(bf_header *last, int64 capacity,
										 double fpr, uint32 kind,
										 uint8 hash_id);
extern bf_header bloom_part_header(int64 capacity, double fpr, int32 parts,
								   int32 part, uint32 kind);
extern bf_header bloom_part_header_once(bf_header *last, int64 capacity,
										double fpr, int32 parts, int32 part,
										uint32 kind);
extern struct varlena *bloom_empty_filter(const bf_header *hdr);
extern bf_header bloom_auto_header(uint32 kind, uint8 hash_id);
extern void bloom_warn_over_capacity(const bf_view *view, double estimate);
extern struct varlena *bloom_finish_acc(bf_acc *acc);
extern struct varlena *bloom_accumulate(const bf_header *like,
										const bf_view *filter,
										const uint64 *hashes, size_t n);

#endif							/* BLOOM_BUILD_H */
