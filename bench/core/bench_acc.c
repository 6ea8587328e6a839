/*-------------------------------------------------------------------------
 *
 * bench_acc.c
 *	  Benchmark of the core's accumulator (bf_acc.h), the aggregates' state
 *	  below the wall: the cost of a value added and finished into the
 *	  filter sized from the data, against the same values added to a filter
 *	  of a given size; the cost of a parallel leader's merge of partial
 *	  states; and the phase x operand matrix of union and intersection.
 *
 * Every figure is the median of --reps runs after one warm-up, each on
 * accumulators made afresh (making them is not timed, but for the first
 * table, where it is the work).  Memory comes from malloc through the
 * accumulator's hooks.  README.md in this directory defines every figure.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  bench/core/bench_acc.c
 *
 *-------------------------------------------------------------------------
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bf.h"
#include "bf_acc_exact.h"
#include "bf_hash.h"

#define BENCH_NAME		"bench_acc"
#include "bench_util.h"

#define TARGET_FPR		0.01
#define DEFAULT_REPS	5
#define MAX_REPS		101

/* The states of the matrix: an exact run of MATRIX_N values, or blocks */
#define MATRIX_N		100000
#define MATRIX_BLOCKS	((uint64_t) 4096)

/* Die with a message when a core call fails */
static void
check(bf_status status, const char *what)
{
	if (status != BF_OK)
	{
		fprintf(stderr, "bench_acc: %s: %s\n", what, bf_status_message(status));
		exit(1);
	}
}

/* The hooks: malloc and free */
static void *
hook_alloc(void *context, size_t size)
{
	(void) context;
	return malloc(size);
}

/* Give back what hook_alloc gave */
static void
hook_release(void *context, void *memory, size_t size)
{
	(void) context;
	(void) size;
	free(memory);
}

static const bf_allocator mem = {NULL, hook_alloc, hook_release};

/* An accumulator for filters like bloom_agg(value)'s */
static void
init_auto(bf_acc *acc)
{
	bf_header	hdr;

	bf_header_init(&hdr, BF_LAYOUT_EXACT, 0, 0, TARGET_FPR, BF_FLAG_AUTO, 1);
	check(bf_acc_init(acc, &mem, &hdr), "bf_acc_init");
}

/* An accumulator of an empty block filter of nblocks blocks */
static void
init_blocks(bf_acc *acc, uint64_t nblocks, uint64_t capacity)
{
	bf_header	hdr;

	bf_header_init(&hdr, BF_LAYOUT_BLOCKS, nblocks, capacity, TARGET_FPR, 0, 1);
	check(bf_acc_init(acc, &mem, &hdr), "bf_acc_init");
}

/* Add the hashes of keys first, first + 1, ..., each key i as i % distinct */
static void
add_keys(bf_acc *acc, uint64_t first, uint64_t n, uint64_t distinct)
{
	uint64_t	i;

	for (i = first; i < first + n; i++)
		check(bf_acc_add(acc, bf_hash_u64(i % distinct)), "bf_acc_add");
}

/* Finish an accumulator and throw the filter away; returns its length */
static size_t
finish(bf_acc *acc)
{
	bf_acc_result result;
	size_t		len;

	check(bf_acc_finish(acc, &mem, &result), "bf_acc_finish");
	len = result.len;
	free(result.filter);
	return len;
}

/*
 * ns per row of n rows of distinct values added and finished, by an
 * accumulator sized from the data (sized false) or one of the block filter
 * bf_blocks_for gives for distinct values (sized true)
 */
static double
time_rows(uint64_t n, uint64_t distinct, bool sized, int reps, size_t *len)
{
	double		t[MAX_REPS];
	uint64_t	nblocks;
	int			r;

	check(bf_blocks_for(distinct, TARGET_FPR, &nblocks), "bf_blocks_for");
	for (r = -1; r < reps; r++)
	{
		bf_acc		acc;
		double		start = now_ns();

		if (sized)
			init_blocks(&acc, nblocks, distinct);
		else
			init_auto(&acc);
		add_keys(&acc, 0, n, distinct);
		*len = finish(&acc);
		if (r >= 0)
			t[r] = (now_ns() - start) / (double) n;
		bf_acc_release(&acc);
	}
	return median_of(t, reps);
}

/*
 * ms of a parallel leader's work: three partial states of n / 3 distinct
 * values each, as workers ship them (flattened: lists; or packed, as a
 * Citus worker's text carries them), unioned into a fourth and finished
 * (the partial states' own work is not timed)
 */
static double
time_leader(uint64_t n, int reps, bool packed)
{
	double		t[MAX_REPS];
	uint8_t    *flat[3];
	bf_view		view[3];
	int			r;
	int			i;

	for (i = 0; i < 3; i++)
	{
		bf_acc		part;
		bf_acc_result result;
		size_t		len;

		init_auto(&part);
		add_keys(&part, i * (n / 3), n / 3, UINT64_MAX);
		if (packed)
		{
			check(bf_acc_pack(&part, &mem, &result), "bf_acc_pack");
			flat[i] = result.filter;
			len = result.len;
		}
		else
		{
			check(bf_acc_flat_size(&part, &len), "bf_acc_flat_size");
			flat[i] = xmalloc(len);
			check(bf_acc_flatten(&part, flat[i], len), "bf_acc_flatten");
		}
		check(bf_open_list(flat[i], len, &view[i]), "bf_open_list");
		bf_acc_release(&part);
	}
	for (r = -1; r < reps; r++)
	{
		bf_acc		leader;
		double		start = now_ns();

		init_auto(&leader);
		for (i = 0; i < 3; i++)
			check(bf_acc_union(&leader, &view[i]), "bf_acc_union");
		finish(&leader);
		if (r >= 0)
			t[r] = (now_ns() - start) / 1e6;
		bf_acc_release(&leader);
	}
	for (i = 0; i < 3; i++)
		free(flat[i]);
	return median_of(t, reps);
}

/* The operands of the matrix */
enum
{
	OP_EXACT, OP_EXACT_EMPTY, OP_BLOCKS_SAME, OP_BLOCKS_LARGER,
	OP_BLOCKS_SMALLER, OP_BLOCKS_EMPTY, OP_BLOCKS_SATURATED, NOPERANDS
};

static const char *const operand_names[NOPERANDS] = {
	"exact", "exact, empty", "blocks, same size", "blocks, 2x", "blocks, 1/2x",
	"blocks, empty", "blocks, saturated"
};

/* A serialized operand of the matrix, on the heap, and its view */
static uint8_t *
make_operand(int op, bf_view *view)
{
	bf_acc		acc;
	size_t		len;
	uint8_t    *buf;
	uint64_t	nblocks = op == OP_BLOCKS_LARGER ? 2 * MATRIX_BLOCKS :
		op == OP_BLOCKS_SMALLER ? MATRIX_BLOCKS / 2 : MATRIX_BLOCKS;

	if (op == OP_EXACT || op == OP_EXACT_EMPTY)
		init_auto(&acc);
	else
		init_blocks(&acc, nblocks, MATRIX_N);
	if (op != OP_EXACT_EMPTY && op != OP_BLOCKS_EMPTY)
		add_keys(&acc, MATRIX_N / 2, op == OP_BLOCKS_SATURATED ? 50 * MATRIX_N :
				 MATRIX_N, UINT64_MAX);
	if (op != OP_EXACT && op != OP_EXACT_EMPTY)
	{
		/* the block filter as it is (a sized one is made here) */
		bf_acc_result result;

		check(bf_acc_finish(&acc, &mem, &result), "bf_acc_finish");
		bf_acc_release(&acc);
		check(bf_open(result.filter, result.len, view), "bf_open");
		return result.filter;
	}
	check(bf_acc_flat_size(&acc, &len), "bf_acc_flat_size");
	buf = xmalloc(len);
	check(bf_acc_flatten(&acc, buf, len), "bf_acc_flatten");
	bf_acc_release(&acc);
	check(bf_open_list(buf, len, view), "bf_open_list");
	if (view->hdr.layout == BF_LAYOUT_LIST)
	{
		/* a state of many values leaves as a list: its exact filter */
		size_t		n = (size_t) view->hdr.nitems;
		uint64_t   *hashes = xmalloc(2 * n * sizeof(uint64_t) + 1);
		bf_header	hdr = view->hdr;
		uint8_t    *exact;

		n = bf_list_sort(view, hashes, hashes + n);
		hdr.layout = BF_LAYOUT_EXACT;
		exact = xmalloc(bf_size_exact(n));
		check(bf_init_exact(exact, bf_size_exact(n), &hdr, hashes, n),
			  "bf_init_exact");
		free(hashes);
		free(buf);
		buf = exact;
		len = bf_size_exact(n);
	}
	check(bf_open(buf, len, view), "bf_open");
	return buf;
}

/*
 * us of one union (intersect false) or intersection of a state of the
 * matrix (MATRIX_N values added as they come, to an exact accumulator or
 * to one of MATRIX_BLOCKS blocks) with an operand
 */
static double
time_matrix(bool exact, const bf_view *other, bool intersect, int reps)
{
	double		t[MAX_REPS];
	int			r;

	for (r = -1; r < reps; r++)
	{
		bf_acc		acc;
		double		start;

		if (exact)
			init_auto(&acc);
		else
			init_blocks(&acc, MATRIX_BLOCKS, MATRIX_N);
		add_keys(&acc, 0, MATRIX_N, UINT64_MAX);
		start = now_ns();
		check(intersect ? bf_acc_intersect(&acc, other) :
			  bf_acc_union(&acc, other), "union or intersection");
		if (r >= 0)
			t[r] = (now_ns() - start) / 1e3;
		bf_acc_release(&acc);
	}
	return median_of(t, reps);
}

/* Run the three tables */
int
main(int argc, char **argv)
{
	static const uint64_t rows[] = {1000, 65536, 1000000, 5000000};
	int			reps = argc > 1 ? atoi(argv[1]) : DEFAULT_REPS;
	size_t		i;
	int			op;

	if (reps < 1 || reps > MAX_REPS || argc > 2)
	{
		fprintf(stderr, "usage: bench_acc [reps, 1 to %d]\n", MAX_REPS);
		return 2;
	}
	printf("bench_acc: medians of %d runs after one warm-up; target FPR 1%%\n\n", reps);

	printf("rows added and finished, ns per row (the filter's bytes):\n");
	printf("%10s %22s %22s %22s\n", "rows", "distinct, sized", "distinct, from data",
		   "10 repeats, from data");
	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++)
	{
		size_t		l1;
		size_t		l2;
		size_t		l3;
		double		sized = time_rows(rows[i], rows[i], true, reps, &l1);
		double		data = time_rows(rows[i], rows[i], false, reps, &l2);
		double		repeats = time_rows(rows[i], rows[i] / 10, false, reps, &l3);

		printf("%10llu %10.1f (%9zu) %10.1f (%9zu) %10.1f (%9zu)\n",
			   (unsigned long long) rows[i], sized, l1, data, l2, repeats, l3);
		fflush(stdout);
	}

	printf("\na parallel leader: three states of a third each, unioned and "
		   "finished, ms: flattened (lists, as PostgreSQL's workers ship "
		   "them), packed (as Citus's do):\n");
	printf("%10s %10s %10s\n", "rows", "lists", "packed");
	for (i = 1; i < sizeof(rows) / sizeof(rows[0]); i++)
		printf("%10llu %10.1f %10.1f\n", (unsigned long long) rows[i],
			   time_leader(rows[i], reps, false), time_leader(rows[i], reps, true));

	printf("\nthe matrix, us per operation on a state of %d values "
		   "(exact) or %llu blocks:\n", MATRIX_N,
		   (unsigned long long) MATRIX_BLOCKS);
	printf("%-20s %12s %12s %12s %12s\n", "operand", "exact union",
		   "exact and", "blocks union", "blocks and");
	for (op = 0; op < NOPERANDS; op++)
	{
		bf_view		other;
		uint8_t    *buf = make_operand(op, &other);

		printf("%-20s %12.1f %12.1f %12.1f %12.1f\n", operand_names[op],
			   time_matrix(true, &other, false, reps),
			   time_matrix(true, &other, true, reps),
			   time_matrix(false, &other, false, reps),
			   time_matrix(false, &other, true, reps));
		fflush(stdout);
		free(buf);
	}
	return 0;
}
