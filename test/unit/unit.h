/*-------------------------------------------------------------------------
 *
 * unit.h
 *	  Helpers shared by the core library's unit tests (cmocka).
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  test/unit/unit.h
 *
 *-------------------------------------------------------------------------
 */
#ifndef UNIT_H
#define UNIT_H

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bf.h"
#include "bf_hash.h"
#include "bf_testing.h"

/*
 * cmocka 2.0 (Debian sid) deprecates assert_in_range, an error under
 * -Werror, for assert_uint_in_range and assert_int_in_range; cmocka 1.1
 * (bookworm, trixie) has only assert_in_range, which compares unsigned.
 */
#ifndef assert_uint_in_range
#define assert_uint_in_range(value, minimum, maximum) \
	assert_in_range((value), (minimum), (maximum))
#endif

/* Kind of value of test filters: a numbered kind (bf.h), else opaque to the core */
#define TU_KIND		1

/* First key of the "absent" range: never added by any test */
#define TU_ABSENT	(UINT64_C(1) << 40)

/* Fail the test unless |actual - expected| <= tolerance */
#define assert_near(actual, expected, tolerance) \
	tu_assert_near((actual), (expected), (tolerance), #actual, __FILE__, __LINE__)

/* Fail the test unless status is BF_OK, naming the status */
#define assert_ok(status) \
	tu_assert_status((status), BF_OK, #status, __FILE__, __LINE__)

/* Fail the test unless status equals the expected one */
#define assert_status(status, expected) \
	tu_assert_status((status), (expected), #status, __FILE__, __LINE__)

extern void tu_assert_near(double actual, double expected, double tolerance,
						   const char *expr, const char *file, int line);
extern void tu_assert_status(bf_status actual, bf_status expected,
							 const char *expr, const char *file, int line);

extern void tu_assert_same(const uint8_t *a, size_t alen, const uint8_t *b,
						   size_t blen);
extern uint64_t tu_random(uint64_t *s);
extern uint64_t tu_key(uint64_t i);
extern uint8_t *tu_blocks(uint64_t nblocks, uint64_t capacity, double fpr,
						  uint16_t flags, size_t *len);
extern uint8_t *tu_sized(uint64_t capacity, double fpr, size_t *len);
extern uint8_t *tu_exact(uint64_t from, uint64_t to, size_t *len);
extern void tu_add_range(uint8_t *buf, size_t len, uint64_t from, uint64_t to);
extern bf_view tu_view(const uint8_t *buf, size_t len);
extern uint64_t tu_count_range(const bf_view *view, uint64_t from, uint64_t to);
extern uint8_t *tu_union(const bf_view *a, const bf_view *b, size_t *len);
extern uint8_t *tu_intersect(const bf_view *a, const bf_view *b, size_t *len);
extern int	tu_kernel_sets(bf_kernel_set sets[2]);

#endif							/* UNIT_H */
