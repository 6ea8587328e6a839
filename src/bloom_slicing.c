/*-------------------------------------------------------------------------
 *
 * bloom_slicing.c
 *	  When a membership test probes a stored filter by slices, and when it
 *	  reads it whole: the call site reads a filter whole once the probes
 *	  by slices it made of it have cost about what reading it whole costs.
 *
 * A stored filter can be probed by slices (bloom_probe.c): its header and
 * the TOAST chunk or two that hold what the value needs, about 6 to 8
 * shared buffers and a few microseconds whatever its size, where reading
 * it whole costs a buffer per four chunks (8 kB) and about 1 us per kB,
 * and then serves every later test from memory (the call-site cache,
 * bloom_cache.c).  Which pays depends on how often the filter comes back,
 * which the call site learns only as it does: a scan of a table of
 * filters meets each once ("which days saw this page"); a test of one
 * filter against a list (= ANY, IN, a join against unnest, a correlated
 * subquery) meets it a few times; a nested loop probing the same filters
 * for every outer row meets them thousands of times.
 *
 * The rule is the one that rents until renting has cost the price of
 * buying: a call site keeps an account per stored filter of the buffers
 * its probes by slices touched, and reads the filter whole once one more
 * probe would take that account past what a whole read touches
 * (whole_read_buffers; a probe costs what the ones before cost on
 * average).  So no filter costs more than twice what the cheaper of the
 * two would have, whatever the rows: met a few times, it costs those
 * probes (as the same single-value tests OR'ed together would); met many
 * times, it costs one whole read and less again in probes.  The cost is
 * counted in buffers, as EXPLAIN (BUFFERS) counts it; in time a whole
 * read costs more probes than that, so the switch comes early rather than
 * late.
 *
 * Exceptions.  A filter argument that is the same on every row of the
 * scan (a constant, an InitPlan's result: bloom_params.c) is read whole at
 * once, since it will come back.  A filter under
 * bloomfilter.min_slice_probe_size (8 kB), compressed, or stored inline is
 * read whole (a probe by slices costs 6 buffers, a whole read of 8 kB 3,
 * of 32 kB 7, but in time the probe is ahead from 8 kB on: 4.5 against
 * 6.5 us at 8 kB, 5.5 against 32 at 32 kB in bench/sql/stored-probe's
 * table of sizes; a slice of a compressed value costs its
 * decompression).  A filter that would not stay resident once read (the
 * budget, bloomfilter.cache_size, is spent) is read whole only when a run
 * of consecutive calls probing it has cost a whole read, and is then kept
 * in the argument's passing slot until another filter takes it; otherwise
 * it is probed by slices every time, as a whole read would be lost.
 *
 * The accounts are kept in BLOOM_SEEN_SLOTS slots by TOAST value id; a
 * filter whose slot another took since starts a new account.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/bloom_slicing.c
 *
 *-------------------------------------------------------------------------
 */
#include "bloom_slicing.h"

#include "access/detoast.h"
#include "access/heaptoast.h"

/* bloomfilter.min_slice_probe_size, in kB */
int			bloom_min_slice_probe_size = BLOOM_SLICE_MIN_DEFAULT;

/* Chunks of a TOAST table whose index entries fill a leaf page, about */
#define BLOOM_TOAST_INDEX_ENTRIES	350

/*
 * The shared buffers a whole read of a stored, uncompressed filter of
 * bytes touches, about: its chunks' heap pages, EXTERN_TUPLES_PER_PAGE
 * chunks to a page (and a page more where they start within one), and the
 * TOAST index's, a descent and the leaf pages of its entries.
 */
static uint64
whole_read_buffers(uint64 bytes)
{
	uint64		chunks = (bytes + TOAST_MAX_CHUNK_SIZE - 1) /
		TOAST_MAX_CHUNK_SIZE;

	return chunks / EXTERN_TUPLES_PER_PAGE + 1 +
		chunks / BLOOM_TOAST_INDEX_ENTRIES + 2;
}

/* Whether two stored-value keys are the same value */
static bool
same_stored(const BloomStoredKey *a, const BloomStoredKey *b)
{
	return a->valueid == b->valueid && a->toastrelid == b->toastrelid;
}

/* The account of key in slot, a new one if the slot held another's */
static BloomSliceAccount *
account_of(BloomSliceAccount *slot, const BloomStoredKey *key)
{
	if (!same_stored(&slot->key, key))
	{
		slot->key = *key;
		slot->probes = 0;
		slot->buffers = 0;
	}
	return slot;
}

/*
 * Whether one more probe by slices, at the account's average cost, would
 * take it past whole buffers
 */
static bool
probes_paid(const BloomSliceAccount *account, uint64 whole)
{
	uint64		next = account->probes > 0 ?
		account->buffers / account->probes : 0;

	return (uint64) account->buffers + next > whole;
}

/* Charge a probe of buffers to an account, saturating */
static void
charge(BloomSliceAccount *account, uint64 buffers)
{
	account->probes = Min((uint64) account->probes + 1, PG_UINT32_MAX);
	account->buffers = Min((uint64) account->buffers + buffers, PG_UINT32_MAX);
}

/*
 * Whether a membership test probes filter argument argno, which the call
 * site's cache does not hold, by slices rather than reading it whole (the
 * rule in the file's comment).  kept_if_read says whether the filter would
 * stay resident once read (the cache's budget).  A probe it decides on is
 * charged to the filter's account (bloom_slicing_charge).
 */
bool
bloom_slicing_probes(BloomSlicing *slicing, FunctionCallInfo fcinfo,
					 int argno, bool kept_if_read)
{
	const struct varlena *raw =
		(const struct varlena *) PG_GETARG_POINTER(argno);
	struct varatt_external pointer;
	BloomStoredKey key;
	BloomSliceAccount *account;
	BloomSliceAccount *run;
	uint64		bytes;

	Assert(argno < BLOOM_CACHE_ARGS);
	if (bloom_min_slice_probe_size < 0 || !VARATT_IS_EXTERNAL_ONDISK(raw))
		return false;
	VARATT_EXTERNAL_GET_POINTER(pointer, raw);
	bytes = VARATT_EXTERNAL_GET_EXTSIZE(pointer);
	if (VARATT_EXTERNAL_IS_COMPRESSED(pointer) ||
		bytes < (uint64) bloom_min_slice_probe_size * 1024)
		return false;
	if (slicing->fixed[argno] == 0)
		slicing->fixed[argno] =
			bloom_arg_fixed_for_scan(fcinfo, argno) ? 1 : -1;
	if (slicing->fixed[argno] > 0)
		return false;

	key.toastrelid = pointer.va_toastrelid;
	key.valueid = pointer.va_valueid;
	account = account_of(&slicing->seen[key.valueid % BLOOM_SEEN_SLOTS], &key);
	run = account_of(&slicing->run[argno], &key);
	if (probes_paid(kept_if_read ? account : run, whole_read_buffers(bytes)))
		return false;
	slicing->probing[argno] = account;
	return true;
}

/*
 * Charge the buffers that the probe by slices bloom_slicing_probes
 * decided on for argument argno touched to its filter's account, and to
 * its run's
 */
void
bloom_slicing_charge(BloomSlicing *slicing, int argno, uint64 buffers)
{
	BloomSliceAccount *account = slicing->probing[argno];

	Assert(argno < BLOOM_CACHE_ARGS);
	if (account == NULL)
		return;
	charge(account, buffers);
	charge(&slicing->run[argno], buffers);
	slicing->probing[argno] = NULL;
}
