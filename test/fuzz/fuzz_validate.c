/*-------------------------------------------------------------------------
 *
 * fuzz_validate.c
 *	  libFuzzer target: any byte string through the validator, and every
 *	  accepted one through the read and combine operations.
 *
 * Checked properties (a failure aborts, which libFuzzer reports):
 *	- bf_validate and bf_open never read outside the input (the sanitizers
 *	  watch every access);
 *	- what bf_validate accepts, bf_open accepts, but a list (a partial
 *	  aggregate state's hashes in any order, or packed), which
 *	  bf_open_list opens: its sorted hashes make a valid exact filter,
 *	  and an accumulator that takes it finishes as a valid filter holding
 *	  every one of them;
 *	- operations on a structurally valid filter stay in bounds whatever its
 *	  payload holds, and produce structurally valid filters;
 *	- on a fully valid filter they produce fully valid filters, union and
 *	  intersection with itself give back its payload, and folding keeps
 *	  every member (a part of a filter is refused: it is never folded).
 *
 * Run longer than the test suite does with, for example:
 *	  test/build/fuzz/fuzz_validate -max_total_time=3600 /tmp/corpus test/fuzz/corpus
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  test/fuzz/fuzz_validate.c
 *
 *-------------------------------------------------------------------------
 */
#include <stdlib.h>
#include <string.h>

#include "bf.h"
#include "bf_acc.h"
#include "bf_hash.h"
#include "bf_testing.h"

extern int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Abort unless cond holds: the fuzzer reports the input that broke it */
#define REQUIRE(cond) do { if (!(cond)) abort(); } while (0)

/* Combine a filter with itself by union or intersection; check the result */
static void
check_self_combine(const bf_view *view, bool valid, bool is_union)
{
	size_t		len;
	uint8_t    *out;
	bf_view		result;
	bf_status	status;

	status = is_union ? bf_union_size(view, view, &len) :
		bf_intersect_size(view, view, &len);
	REQUIRE(status == BF_OK);
	out = malloc(len);
	REQUIRE(out != NULL);
	status = is_union ? bf_union(out, len, view, view) :
		bf_intersect(out, len, view, view);
	REQUIRE(status == BF_OK);
	REQUIRE(bf_open(out, len, &result) == BF_OK);
	if (valid)
	{
		REQUIRE(bf_validate(out, len) == BF_OK);
		REQUIRE(result.hdr.nitems == view->hdr.nitems);
		REQUIRE(memcmp(result.payload, view->payload, len - BF_HEADER_SIZE) == 0);
	}
	free(out);
}

/*
 * Fold a block filter in half, if its count is even; check the result, or
 * that a part of a filter is refused
 */
static void
check_fold(const bf_view *view, bool valid)
{
	uint64_t	half = view->hdr.nitems / 2;
	size_t		len;
	uint8_t    *out;
	bf_view		result;
	int			i;

	if (view->hdr.layout != BF_LAYOUT_BLOCKS || view->hdr.nitems % 2 != 0)
		return;
	len = bf_size_blocks(half);
	out = malloc(len);
	REQUIRE(out != NULL);
	if (view->hdr.flags & BF_FLAG_PART)
	{
		REQUIRE(bf_fold(out, len, view, half) == BF_E_LAYOUT);
		free(out);
		return;
	}
	REQUIRE(bf_fold(out, len, view, half) == BF_OK);
	REQUIRE(bf_open(out, len, &result) == BF_OK);
	if (valid)
	{
		REQUIRE(bf_validate(out, len) == BF_OK);
		for (i = 0; i < 64; i++)
		{
			uint64_t	hash = bf_hash_u64((uint64_t) i);

			REQUIRE(!bf_contains(view, hash) || bf_contains(&result, hash));
		}
	}
	free(out);
}

/* The accumulator's memory: malloc */
static void *
heap_alloc(void *context, size_t size)
{
	(void) context;
	return malloc(size > 0 ? size : 1);
}

/* Give back what heap_alloc gave */
static void
heap_release(void *context, void *memory, size_t size)
{
	(void) context;
	(void) size;
	free(memory);
}

static const bf_allocator heap = {NULL, heap_alloc, heap_release};

/*
 * The most blocks of the filter a list stands for that check_list builds:
 * a list of a few bytes may stand for a filter of a gigabyte, and building
 * it took a tenth of a second an input (the fuzzer ran 2,500,000 inputs in
 * 500 s instead of 11); the unit tests build large ones
 */
#define FUZZ_LIST_BLOCKS	4096

/*
 * A list: its hashes sorted are a valid exact filter (if the list was
 * valid and of an auto-sized set), and an accumulator of its hash id that
 * takes it finishes as a valid filter that holds every one of them (of a
 * sized filter's list, that filter)
 */
static void
check_list(const bf_view *list, bool valid)
{
	size_t		n = (size_t) list->hdr.nitems;
	uint64_t   *hashes = malloc((n + 1) * sizeof(uint64_t));
	uint64_t   *scratch = malloc((n + 1) * sizeof(uint64_t));
	bf_header	hdr = list->hdr;
	uint8_t    *exact;
	size_t		len;
	size_t		i;
	bf_acc		acc;
	bf_acc_result result;
	bf_view		finished;

	REQUIRE(hashes != NULL && scratch != NULL);
	if (list->hdr.layout == BF_LAYOUT_PACKED)
	{
		/* its code must read back, if it was valid; its keys are sorted */
		if (bf_read_packed(list, hashes) != BF_OK)
		{
			REQUIRE(!valid);
			free(hashes);
			free(scratch);
			return;
		}
		for (i = 0; list->hdr.bits_set != 0 && i < n; i++)
			hashes[i] = bf_hash_at(hashes[i], list->hdr.bits_set);
	}
	else
		n = bf_list_sort(list, hashes, scratch);
	if (list->hdr.bits_set == 0)
	{
		hdr.layout = BF_LAYOUT_EXACT;
		len = bf_size_exact(n);
		exact = malloc(len);
		REQUIRE(exact != NULL);
		REQUIRE(bf_init_exact(exact, len, &hdr, hashes, n) == BF_OK);
		REQUIRE(!valid || bf_validate(exact, len) == BF_OK);
		free(exact);
	}

	bf_header_init(&hdr, BF_LAYOUT_EXACT, 0, 0, 0.01, BF_FLAG_AUTO, 0);
	hdr.hash_id = list->hdr.hash_id;
	REQUIRE(bf_acc_init(&acc, &heap, &hdr) == BF_OK);
	if (list->hdr.bits_set <= FUZZ_LIST_BLOCKS &&
		bf_acc_union(&acc, list) == BF_OK &&
		bf_acc_finish(&acc, &heap, &result) == BF_OK)
	{
		REQUIRE(!valid || bf_validate(result.filter, result.len) == BF_OK);
		REQUIRE(bf_open(result.filter, result.len, &finished) == BF_OK);
		REQUIRE(list->hdr.bits_set == 0 ||
				finished.hdr.nitems == list->hdr.bits_set);
		for (i = 0; i < n; i++)
			REQUIRE(bf_contains(&finished, hashes[i]));
		free(result.filter);
	}
	bf_acc_release(&acc);
	free(hashes);
	free(scratch);
}

/* Fuzzer entry point: one input */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	bf_view		view;
	bool		valid = bf_validate(data, size) == BF_OK;
	bf_status	status;
	double		x;
	int			i;

	if (bf_open(data, size, &view) != BF_OK)
	{
		if (bf_open_list(data, size, &view) == BF_OK &&
			bf_layout_is_list(view.hdr.layout))
			check_list(&view, valid);
		else
			REQUIRE(!valid);
		return 0;
	}

	for (i = 0; i < 16; i++)
		(void) bf_contains(&view, bf_hash_u64((uint64_t) i));
	x = bf_cardinality(&view);
	REQUIRE(!(x < 0.0));
	x = bf_current_fpr(&view);
	REQUIRE(x >= 0.0 && x <= 1.0);
	/*
	 * A filter with itself: estimable, but for a payload with more bits set
	 * than its header says (unvalidated input), whose union may then be
	 * saturated although the header says the filter is not
	 */
	status = bf_union_cardinality(&view, &view, &x);
	REQUIRE(status == BF_OK || (!valid && status == BF_E_SATURATED));
	status = bf_jaccard(&view, &view, &x);
	REQUIRE(status == BF_OK || (!valid && status == BF_E_SATURATED));

	check_self_combine(&view, valid, true);
	check_self_combine(&view, valid, false);
	check_fold(&view, valid);
	return 0;
}
