/*-------------------------------------------------------------------------
 *
 * bench_util.h
 *	  Helpers the core benchmarks share: failing, allocating, the clock,
 *	  and the median of a run's times.  A program defines BENCH_NAME, the
 *	  name its messages start with, before including this header.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  bench/core/bench_util.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef BENCH_UTIL_H
#define BENCH_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* Print an error and exit */
static void
fail(const char *message)
{
	fprintf(stderr, "%s: %s\n", BENCH_NAME, message);
	exit(1);
}

/* malloc that exits on failure */
static void *
xmalloc(size_t size)
{
	void	   *p = malloc(size);

	if (p == NULL)
		fail("out of memory");
	return p;
}

/* Monotonic clock in nanoseconds */
static double
now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double) ts.tv_sec * 1e9 + (double) ts.tv_nsec;
}

/* qsort comparison of doubles */
static int
compare_doubles(const void *a, const void *b)
{
	double		x = *(const double *) a;
	double		y = *(const double *) b;

	return (x > y) - (x < y);
}

/*
 * The median of n times, which it sorts.  Medians, because one
 * descheduled run on a shared VM would drag a mean arbitrarily far.
 */
static double
median_of(double *times, int n)
{
	qsort(times, (size_t) n, sizeof(double), compare_doubles);
	return n % 2 ? times[n / 2] : (times[n / 2 - 1] + times[n / 2]) / 2.0;
}

#endif							/* BENCH_UTIL_H */
