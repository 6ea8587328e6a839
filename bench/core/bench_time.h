/*-------------------------------------------------------------------------
 *
 * bench_time.h
 *	  The clock and the median that the core benchmarks (bench_core.c,
 *	  bench_acc.c) time with.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  bench/core/bench_time.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef BENCH_TIME_H
#define BENCH_TIME_H

#include <stdlib.h>
#include <time.h>

/* Monotonic clock in nanoseconds */
static inline double
now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double) ts.tv_sec * 1e9 + (double) ts.tv_nsec;
}

/* qsort comparison of doubles */
static inline int
compare_doubles(const void *a, const void *b)
{
	double		x = *(const double *) a;
	double		y = *(const double *) b;

	return (x > y) - (x < y);
}

/*
 * The median of n timings, sorted in place.  Medians, because one
 * descheduled run on a shared VM would drag a mean arbitrarily far.
 */
static inline double
median_of(double *times, int n)
{
	qsort(times, (size_t) n, sizeof(double), compare_doubles);
	return n % 2 ? times[n / 2] : (times[n / 2 - 1] + times[n / 2]) / 2.0;
}

#endif							/* BENCH_TIME_H */
