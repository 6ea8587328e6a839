/*-------------------------------------------------------------------------
 *
 * bloom_probe.c
 *	  Membership tests of a stored filter read by slices: the header and
 *	  the TOAST chunks that hold what the value needs, not the whole
 *	  filter.
 *
 * A filter stored out of line and uncompressed, as the type's STORAGE
 * external keeps it, can be read a byte range at a time: a slice
 * (PG_DETOAST_DATUM_SLICE) fetches only the TOAST chunks that hold it, in
 * one descent of the TOAST table's index.  A test of one value then reads
 * the header (bloom_datum_header: the first chunk), hashes the value as
 * the filter's kind asks, and reads what the core's probe names
 * (bf_probe.c): the 32-byte block the hash picks, in one chunk or two, or
 * the window of an exact filter's hashes where the value of the hash puts
 * it, widened to whole chunks (about four).  Which block a hash picks is
 * the core's to say, as for a filter in memory, so the answer is the one
 * a whole read gives.
 *
 * The call-site cache (bloom_cache.c) decides when a filter is probed so
 * rather than read whole; this file serves any filter, stored or not (a
 * slice of a value in memory is a copy of its bytes), and so any caller
 * that has the header and a hash.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_probe.c
 *
 *-------------------------------------------------------------------------
 */
#include "bloom_probe.h"

#include "access/detoast.h"
#include "access/heaptoast.h"
#include "executor/instrument.h"
#include "fmgr.h"

/*
 * Whether the filter datum, whose header the caller read (hdr), holds
 * hash, from the slices of it the test needs.  A slice that is not what
 * the header promised means a corrupt value: an error, as a whole read
 * would raise.
 */
bool
bloom_slices_contain(Datum filter, const bf_header *hdr, uint64 hash)
{
	bf_probe	probe;

	bf_probe_start(&probe, hdr, hash, TOAST_MAX_CHUNK_SIZE);
	while (probe.state == BF_PROBE_READ)
	{
		struct varlena *slice = PG_DETOAST_DATUM_SLICE(filter, probe.offset,
													   probe.length);
		bf_status	status = bf_probe_next(&probe, VARDATA_ANY(slice),
										   VARSIZE_ANY_EXHDR(slice));

		pfree(slice);
		if (status != BF_OK)
			bloom_raise(BF_E_LENGTH, BLOOM_SOURCE_STORED);
	}
	return probe.state == BF_PROBE_PRESENT;
}

/*
 * The shared and local buffers this backend has touched (hit or read) so
 * far, as EXPLAIN (BUFFERS) counts them: what a probe by slices costs is
 * the difference across it, which the call site's rule keeps the account
 * of (bloom_slicing.c).
 */
uint64
bloom_buffers_touched(void)
{
	return (uint64) (pgBufferUsage.shared_blks_hit + pgBufferUsage.shared_blks_read +
					 pgBufferUsage.local_blks_hit + pgBufferUsage.local_blks_read);
}
