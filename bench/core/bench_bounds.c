/*-------------------------------------------------------------------------
 *
 * bench_bounds.c
 *	  Calibration of the estimates' confidence intervals, simulated in the
 *	  core library: over independent trials per case, how often the 95%
 *	  and the 90% interval cover the true count, and how wide the 95% one
 *	  is against the error it has to cover.
 *
 * Each trial builds its filters from its own values (value (trial << 32)
 * + i, hashed as bf_hash_u64 hashes it), so trials are independent.  The
 * cases are those of bench/sql/bounds, which runs them through SQL: a
 * block filter of capacity 10,000 at 1% (412 blocks) at 10% to 300% of its
 * capacity; two such filters of 5,000 values each overlapping by 0.1% to
 * 100%; an exact filter of 2,000 values with a full block filter, 1,000 of
 * them common; filters of 412 and 206 blocks (capacity 10,000 and 5,000)
 * holding 8,000 and 4,000 values, 2,000 common; and the union of seven
 * daily filters of 1,000 values each sized for the week (capacity 5,000),
 * 4,000 distinct in all.  README.md in this directory defines every
 * column.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  bench/core/bench_bounds.c
 *
 *-------------------------------------------------------------------------
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bf.h"
#include "bf_hash.h"
#include "bf_testing.h"

#define DEFAULT_TRIALS		1000
#define CAPACITY			10000	/* of the single filter and the pairs */
#define SMALL_CAPACITY		5000	/* of the smaller filter of two sizes */
#define RATE				0.01

/* The bands a calibrated interval must meet, in percent */
#define COVER95_LOW			93.0
#define COVER95_HIGH		97.0
#define COVER90_LOW			88.0
#define COVER90_HIGH		92.0
#define WIDTH_RATIO_MAX		1.5

/* Loads of the table of error against load, in tenths of the capacity */
#define LOAD_STEPS			30

/* One filter in a buffer of its own */
typedef struct sim_filter
{
	uint8_t    *buf;
	size_t		len;
	bf_view		view;
} sim_filter;

/* One estimate of one trial, with its 95% and 90% intervals */
typedef struct sim_result
{
	double		truth;
	double		estimate;
	bf_bounds	b95;
	bf_bounds	b90;
} sim_result;

/* A row of the coverage table: what it estimates, and its trials */
typedef struct sim_row
{
	char		name[64];
	sim_result *results;
	int			count;
} sim_row;

/* A trial's values [from, to) in an exact filter (capacity 0) or in a
 * block filter sized for capacity */
typedef struct sim_set
{
	uint64_t	capacity;
	uint64_t	from;
	uint64_t	to;
} sim_set;

/* malloc that exits on failure */
static void *
xmalloc(size_t size)
{
	void	   *p = malloc(size);

	if (p == NULL)
	{
		fprintf(stderr, "bench_bounds: out of memory\n");
		exit(1);
	}
	return p;
}

/* Exit with a message when a core call fails */
static void
check(bf_status status, const char *what)
{
	if (status == BF_OK)
		return;
	fprintf(stderr, "bench_bounds: %s: %s\n", what, bf_status_message(status));
	exit(1);
}

/* Hash of value i of a trial */
static uint64_t
key(uint64_t trial, uint64_t i)
{
	return bf_hash_u64((trial << 32) + i);
}

/* An empty block filter of nblocks blocks sized for capacity at RATE */
static void
make_blocks(sim_filter *f, uint64_t capacity)
{
	bf_header	hdr;
	uint64_t	nblocks;

	check(bf_blocks_for(capacity, RATE, &nblocks), "bf_blocks_for");
	bf_header_init(&hdr, BF_LAYOUT_BLOCKS, nblocks, capacity, RATE, 0, 1);
	f->len = bf_size_blocks(nblocks);
	f->buf = xmalloc(f->len);
	check(bf_init(f->buf, f->len, &hdr), "bf_init");
	check(bf_open(f->buf, f->len, &f->view), "bf_open");
}

/* Add a trial's values [from, to) to a block filter */
static void
add_values(sim_filter *f, uint64_t trial, uint64_t from, uint64_t to)
{
	uint64_t	chunk[1024];

	while (from < to)
	{
		size_t		n = 0;

		while (n < 1024 && from < to)
			chunk[n++] = key(trial, from++);
		check(bf_add_hashes(f->buf, f->len, chunk, n), "bf_add_hashes");
	}
	check(bf_open(f->buf, f->len, &f->view), "bf_open");
}

/* Compare two hashes, or two doubles, for qsort */
static int
compare_u64(const void *a, const void *b)
{
	uint64_t	x = *(const uint64_t *) a;
	uint64_t	y = *(const uint64_t *) b;

	return x < y ? -1 : x > y;
}

static int
compare_double(const void *a, const void *b)
{
	double		x = *(const double *) a;
	double		y = *(const double *) b;

	return x < y ? -1 : x > y;
}

/* An exact filter of a trial's values [from, to) */
static void
make_exact(sim_filter *f, uint64_t trial, uint64_t from, uint64_t to)
{
	size_t		n = (size_t) (to - from);
	uint64_t   *hashes = xmalloc(n * sizeof(uint64_t) + 1);
	bf_header	hdr;
	size_t		i;

	for (i = 0; i < n; i++)
		hashes[i] = key(trial, from + i);
	qsort(hashes, n, sizeof(uint64_t), compare_u64);
	bf_header_init(&hdr, BF_LAYOUT_EXACT, 0, 0, RATE, BF_FLAG_AUTO, 1);
	f->len = bf_size_exact(n);
	f->buf = xmalloc(f->len);
	check(bf_init_exact(f->buf, f->len, &hdr, hashes, n), "bf_init_exact");
	check(bf_open(f->buf, f->len, &f->view), "bf_open");
	free(hashes);
}

/* The filter of a set of a trial's values */
static void
make_set(sim_filter *f, const sim_set *set, uint64_t trial)
{
	if (set->capacity == 0)
		make_exact(f, trial, set->from, set->to);
	else
	{
		make_blocks(f, set->capacity);
		add_values(f, trial, set->from, set->to);
	}
}

/* A row of the coverage table with room for every trial, named as printf */
static sim_row *
new_row(sim_row *rows, int *nrows, int trials, const char *format,
		const char *name)
{
	sim_row    *row = &rows[(*nrows)++];

	snprintf(row->name, sizeof(row->name), format, name);
	row->results = xmalloc((size_t) trials * sizeof(sim_result));
	row->count = 0;
	return row;
}

/* Record one trial's count estimate with its bounds */
static void
record(sim_row *row, double truth, const bf_bounds *b95, const bf_bounds *b90)
{
	sim_result *r = &row->results[row->count++];

	r->truth = truth;
	r->estimate = b95->estimate;
	r->b95 = *b95;
	r->b90 = *b90;
}

/* Record a filter's count with its bounds */
static void
record_count(sim_row *row, double truth, const bf_view *view)
{
	bf_bounds	b95;
	bf_bounds	b90;

	check(bf_cardinality_bounds(view, 0.95, &b95), "bf_cardinality_bounds");
	check(bf_cardinality_bounds(view, 0.90, &b90), "bf_cardinality_bounds");
	record(row, truth, &b95, &b90);
}

/*
 * Record a pair's union, intersection and Jaccard similarity (rows uni,
 * inter and jac), given the true sizes
 */
static void
record_pair(sim_row *uni, sim_row *inter, sim_row *jac, const bf_view *a,
			const bf_view *b, double true_union, double true_inter)
{
	bf_pair_bounds p95;
	bf_pair_bounds p90;

	check(bf_pair_estimate_bounds(a, b, 0.95, &p95), "bf_pair_estimate_bounds");
	check(bf_pair_estimate_bounds(a, b, 0.90, &p90), "bf_pair_estimate_bounds");
	record(uni, true_union, &p95.union_size, &p90.union_size);
	record(inter, true_inter, &p95.intersection, &p90.intersection);
	record(jac, true_inter / true_union, &p95.jaccard, &p90.jaccard);
}

/*
 * The rows of a pair case: the union, intersection and Jaccard estimates
 * of the filters of sets a and b, over every trial
 */
static void
pair_case(sim_row *rows, int *nrows, int trials, const char *name,
		  sim_set a, sim_set b)
{
	uint64_t	lo = a.from > b.from ? a.from : b.from;
	uint64_t	hi = a.to < b.to ? a.to : b.to;
	double		common = hi > lo ? (double) (hi - lo) : 0.0;
	double		uni = (double) (a.to - a.from + b.to - b.from) - common;
	sim_row    *urow = new_row(rows, nrows, trials, "%s: union", name);
	sim_row    *irow = new_row(rows, nrows, trials, "%s: intersection", name);
	sim_row    *jrow = new_row(rows, nrows, trials, "%s: jaccard", name);
	int			t;

	for (t = 0; t < trials; t++)
	{
		sim_filter fa;
		sim_filter fb;

		make_set(&fa, &a, (uint64_t) t);
		make_set(&fb, &b, (uint64_t) t);
		record_pair(urow, irow, jrow, &fa.view, &fb.view, uni, common);
		free(fa.buf);
		free(fb.buf);
	}
}

/* The q-quantile of n sorted values */
static double
quantile(const double *sorted, int n, double q)
{
	double		pos = q * (n - 1);
	int			i = (int) pos;

	if (i + 1 >= n)
		return sorted[n - 1];
	return sorted[i] + (pos - i) * (sorted[i + 1] - sorted[i]);
}

/*
 * Print a row of the coverage table; true if it meets every band, or has
 * no error in any trial ("exact": two identical filters' Jaccard of 1)
 */
static bool
print_row(const sim_row *row)
{
	double	   *abserr = xmalloc((size_t) row->count * sizeof(double));
	double		truth = 0.0;
	double		estimate = 0.0;
	double		half = 0.0;
	int			in95 = 0;
	int			in90 = 0;
	double		cover95;
	double		cover90;
	double		p95;
	double		ratio;
	bool		ok;
	bool		exact;
	int			i;

	for (i = 0; i < row->count; i++)
	{
		const sim_result *r = &row->results[i];

		truth += r->truth;
		estimate += r->estimate;
		half += 0.5 * (r->b95.upper - r->b95.lower);
		abserr[i] = fabs(r->estimate - r->truth);
		in95 += r->b95.lower <= r->truth && r->truth <= r->b95.upper;
		in90 += r->b90.lower <= r->truth && r->truth <= r->b90.upper;
	}
	qsort(abserr, (size_t) row->count, sizeof(double), compare_double);
	cover95 = 100.0 * in95 / row->count;
	cover90 = 100.0 * in90 / row->count;
	p95 = quantile(abserr, row->count, 0.95);
	half /= row->count;
	ratio = p95 > 0.0 ? half / p95 : (half > 0.0 ? INFINITY : 1.0);
	exact = p95 == 0.0 && half == 0.0;
	ok = cover95 >= COVER95_LOW && cover95 <= COVER95_HIGH &&
		cover90 >= COVER90_LOW && cover90 <= COVER90_HIGH &&
		ratio <= WIDTH_RATIO_MAX;
	printf(" %-44s | %10.4g | %10.4g | %6d | %6.1f | %6.1f | %9.4g | %9.4g | %5.2f | %s\n",
		   row->name, truth / row->count, estimate / row->count, row->count,
		   cover95, cover90, p95, half, ratio,
		   exact ? "exact" : ok ? "ok" : "MISS");
	free(abserr);
	return ok || exact;
}

/* Print the header of the coverage table */
static void
print_header(void)
{
	printf(" %-44s | %10s | %10s | %6s | %6s | %6s | %9s | %9s | %5s | %s\n",
		   "case", "truth", "estimate", "trials", "cov95", "cov90",
		   "p95_err", "half95", "ratio", "verdict");
	printf("-%.44s-+-%.10s-+-%.10s-+-%.6s-+-%.6s-+-%.6s-+-%.9s-+-%.9s-+-%.5s-+-%.7s\n",
		   "----------------------------------------------",
		   "----------", "----------", "------", "------", "------",
		   "---------", "---------", "-----", "-------");
}

/*
 * The table of error against load: per load of the single filter (a tenth
 * of its capacity to three times it), the 2.5% and 97.5% quantiles of the
 * relative error and the mean relative ends of the 95% interval
 */
static void
error_by_load(int trials)
{
	double	   *err = xmalloc((size_t) trials * sizeof(double));
	double	   *lo = xmalloc((size_t) trials * sizeof(double));
	double	   *hi = xmalloc((size_t) trials * sizeof(double));
	int			step;

	printf("\nrelative error of the count against load (n / capacity), in percent, %d trials a load\n", trials);
	printf(" load | err_2.5%% | err_97.5%% | lower_95 | upper_95 | cov95\n");
	printf("------+----------+-----------+----------+----------+-------\n");
	for (step = 1; step <= LOAD_STEPS; step++)
	{
		uint64_t	n = (uint64_t) CAPACITY * step / 10;
		double		lo_mean = 0.0;
		double		hi_mean = 0.0;
		int			in95 = 0;
		int			t;

		for (t = 0; t < trials; t++)
		{
			sim_filter f;
			bf_bounds	b;

			make_blocks(&f, CAPACITY);
			add_values(&f, (uint64_t) t, 0, n);
			check(bf_cardinality_bounds(&f.view, 0.95, &b), "bounds");
			err[t] = b.estimate / n - 1.0;
			lo[t] = b.lower / n - 1.0;
			hi[t] = b.upper / n - 1.0;
			lo_mean += lo[t];
			hi_mean += hi[t];
			in95 += b.lower <= n && n <= b.upper;
			free(f.buf);
		}
		qsort(err, (size_t) trials, sizeof(double), compare_double);
		printf(" %4.1f | %8.5f | %9.5f | %8.5f | %8.5f | %5.1f\n",
			   step / 10.0, 100.0 * quantile(err, trials, 0.025),
			   100.0 * quantile(err, trials, 0.975),
			   100.0 * lo_mean / trials, 100.0 * hi_mean / trials,
			   100.0 * in95 / trials);
	}
	free(err);
	free(lo);
	free(hi);
}

/* Run every case; exit status 0 whatever the bands say */
int
main(int argc, char **argv)
{
	static const int loads[] = {10, 50, 100, 150, 300};
	static const double overlaps[] = {0.001, 0.01, 0.1, 0.5, 1.0};
	sim_row		rows[32];
	int			nrows = 0;
	int			trials = argc > 1 ? atoi(argv[1]) : DEFAULT_TRIALS;
	int			missed = 0;
	int			i;
	int			t;

	if (trials < 2)
	{
		fprintf(stderr, "usage: bench_bounds [TRIALS]\n");
		return 2;
	}

	/* the single filter at each load */
	for (i = 0; i < 5; i++)
	{
		char		load[16];
		sim_set		set = {CAPACITY, 0, (uint64_t) CAPACITY * loads[i] / 100};
		sim_row    *row;

		snprintf(load, sizeof(load), "%d%%", loads[i]);
		row = new_row(rows, &nrows, trials, "count at %s of capacity", load);
		for (t = 0; t < trials; t++)
		{
			sim_filter f;

			make_set(&f, &set, (uint64_t) t);
			record_count(row, (double) set.to, &f.view);
			free(f.buf);
		}
	}

	/* two sets of 5,000 overlapping by a share of each */
	for (i = 0; i < 5; i++)
	{
		uint64_t	half = CAPACITY / 2;
		uint64_t	common = (uint64_t) llround(half * overlaps[i]);
		sim_set		a = {CAPACITY, 0, half};
		sim_set		b = {CAPACITY, half - common, 2 * half - common};
		char		name[32];

		snprintf(name, sizeof(name), "overlap %g%%", 100 * overlaps[i]);
		pair_case(rows, &nrows, trials, name, a, b);
	}

	/* an exact filter of 2,000 values with a full block filter */
	{
		sim_set		e = {0, 9000, 11000};
		sim_set		b = {CAPACITY, 0, CAPACITY};

		pair_case(rows, &nrows, trials, "exact 2,000 with blocks 10,000", e, b);
	}

	/* filters of 412 and 206 blocks holding 8,000 and 4,000 values */
	{
		sim_set		a = {CAPACITY, 0, 8000};
		sim_set		b = {SMALL_CAPACITY, 6000, 10000};

		pair_case(rows, &nrows, trials, "412 and 206 blocks", a, b);
	}

	/*
	 * a week: day d holds the regular values [100 d, 100 d + 600) and 400
	 * of its own, 4,000 distinct in all; the union of the days
	 */
	{
		sim_row    *week = new_row(rows, &nrows, trials, "%s",
								   "union of 7 days (bloom_union_agg)");

		for (t = 0; t < trials; t++)
		{
			sim_filter u;
			int			d;

			make_blocks(&u, SMALL_CAPACITY);
			for (d = 0; d < 7; d++)
			{
				sim_filter day;
				bool		in_place;

				make_blocks(&day, SMALL_CAPACITY);
				add_values(&day, (uint64_t) t, 100 * d, 100 * d + 600);
				add_values(&day, (uint64_t) t, 20000 + 400 * d, 20400 + 400 * d);
				check(bf_union_into(u.buf, u.len, &day.view, &in_place), "bf_union_into");
				free(day.buf);
			}
			check(bf_open(u.buf, u.len, &u.view), "bf_open");
			record_count(week, 4000.0, &u.view);
			free(u.buf);
		}
	}

	printf("coverage of the 95%% and 90%% intervals, simulated in the core, %d trials a case (bands: %g-%g%%, %g-%g%%, half95 <= %g x p95_err)\n",
		   trials, COVER95_LOW, COVER95_HIGH, COVER90_LOW, COVER90_HIGH,
		   WIDTH_RATIO_MAX);
	print_header();
	for (i = 0; i < nrows; i++)
	{
		missed += !print_row(&rows[i]);
		free(rows[i].results);
	}
	printf("%d of %d rows outside a band\n", missed, nrows);
	error_by_load(trials);
	return 0;
}
