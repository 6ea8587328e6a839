/*-------------------------------------------------------------------------
 *
 * bf_testing.h
 *	  Entry points of the core library that only its tests, fuzzers and
 *	  benchmarks use: kernel selection, batched membership counting, the
 *	  false-positive model and estimator behind the sizing, the estimators
 *	  of a pair one at a time, a popcount, and whether the build checks
 *	  assertions.
 *
 * The PostgreSQL layer includes bf.h only; these stay out of it so that its
 * public interface is what the extension needs.  Of the core's own files,
 * only those that define these entry points include this header, so that
 * no production code can call one: they call what bf_internal.h offers.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  src/core/bf_testing.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef BF_TESTING_H
#define BF_TESTING_H

#include "bf.h"

/* Kernel sets, for tests and benchmarks that compare implementations */
typedef enum bf_kernel_set
{
	BF_KERNELS_AUTO = 0,		/* the fastest the CPU supports */
	BF_KERNELS_SCALAR,			/* portable C */
	BF_KERNELS_AVX2				/* x86-64 AVX2 */
} bf_kernel_set;

/* bf_filter.c */
extern size_t bf_count_present(const bf_view *view, const uint64_t *hashes,
							   size_t n);

/* bf_interval.c */
extern double bf_estimate_from_bits(uint64_t bits_set, uint64_t nblocks);

/* bf_estimate.c (the extension reads a pair's through bf_pair_estimates) */
extern double bf_count_covariance(double n, double nblocks);
extern double bf_intersection_variance(double na, double nb, double nc,
									   double na_blocks, double nb_blocks);
extern bf_status bf_union_cardinality(const bf_view *a, const bf_view *b,
									  double *result);
extern bf_status bf_intersection_cardinality(const bf_view *a,
											 const bf_view *b,
											 double *result);
extern bf_status bf_jaccard(const bf_view *a, const bf_view *b,
							double *result);

/* bf_kernels.c */
extern bf_status bf_use_kernels(bf_kernel_set set);
extern bf_kernel_set bf_active_kernels(void);
extern uint64_t bf_popcount(const uint8_t *data, size_t nbytes);

/* bf_status.c */
extern bool bf_asserts_enabled(void);

#endif							/* BF_TESTING_H */
