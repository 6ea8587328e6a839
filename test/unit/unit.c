/*-------------------------------------------------------------------------
 *
 * unit.c
 *	  Helpers shared by the core library's unit tests: building filters on
 *	  the heap from ranges of integer keys, and assertions with messages.
 *
 * Key i is the value i, hashed as the 8-byte little-endian integer
 * (bf_hash_u64), so tests are deterministic on every platform.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  test/unit/unit.c
 *
 *-------------------------------------------------------------------------
 */
#include "unit.h"

/* Keys converted per round by tu_add_range and tu_count_range */
#define TU_CHUNK	4096

/* Report a failed closeness check with both values, then fail the test */
void
tu_assert_near(double actual, double expected, double tolerance,
			   const char *expr, const char *file, int line)
{
	if (fabs(actual - expected) <= tolerance)
		return;
	print_error("%s = %.10g, expected %.10g +/- %.3g\n",
				expr, actual, expected, tolerance);
	_fail(file, line);
}

/* Report an unexpected status by name and message, then fail the test */
void
tu_assert_status(bf_status actual, bf_status expected, const char *expr,
				 const char *file, int line)
{
	if (actual == expected)
		return;
	print_error("%s returned %d (%s), expected %d (%s)\n", expr,
				(int) actual, bf_status_message(actual),
				(int) expected, bf_status_message(expected));
	_fail(file, line);
}

/* Fail unless two serialized filters are byte for byte equal */
void
tu_assert_same(const uint8_t *a, size_t alen, const uint8_t *b, size_t blen)
{
	assert_int_equal(alen, blen);
	assert_memory_equal(a, b, alen);
}

/* A small pseudo-random generator (xorshift64), for repeatable tests */
uint64_t
tu_random(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* Hash of test key i */
uint64_t
tu_key(uint64_t i)
{
	return bf_hash_u64(i);
}

/* A new, empty block filter of nblocks blocks on the heap */
uint8_t *
tu_blocks(uint64_t nblocks, uint64_t capacity, double fpr, uint16_t flags,
		  size_t *len)
{
	bf_header	hdr;
	uint8_t    *buf;

	bf_header_init(&hdr, BF_LAYOUT_BLOCKS, nblocks, capacity, fpr, flags,
				   TU_KIND);
	*len = bf_size_blocks(nblocks);
	buf = test_malloc(*len);
	assert_ok(bf_init(buf, *len, &hdr));
	return buf;
}

/* A new, empty block filter sized for capacity values at rate fpr */
uint8_t *
tu_sized(uint64_t capacity, double fpr, size_t *len)
{
	uint64_t	nblocks;

	assert_ok(bf_blocks_for(capacity, fpr, &nblocks));
	return tu_blocks(nblocks, capacity, fpr, 0, len);
}

/* Compare two hashes for qsort */
static int
compare_hashes(const void *a, const void *b)
{
	uint64_t	x = *(const uint64_t *) a;
	uint64_t	y = *(const uint64_t *) b;

	return x < y ? -1 : x > y;
}

/* An exact filter holding keys [from, to) */
uint8_t *
tu_exact(uint64_t from, uint64_t to, size_t *len)
{
	size_t		n = (size_t) (to - from);
	uint64_t   *hashes = test_malloc(n * sizeof(uint64_t) + 1);
	bf_header	hdr;
	uint8_t    *buf;
	size_t		i;

	for (i = 0; i < n; i++)
		hashes[i] = tu_key(from + i);
	qsort(hashes, n, sizeof(uint64_t), compare_hashes);

	bf_header_init(&hdr, BF_LAYOUT_EXACT, 0, 0, 0.01, BF_FLAG_AUTO, TU_KIND);
	*len = bf_size_exact(n);
	buf = test_malloc(*len);
	assert_ok(bf_init_exact(buf, *len, &hdr, hashes, n));
	test_free(hashes);
	return buf;
}

/* Add keys [from, to) to a block filter */
void
tu_add_range(uint8_t *buf, size_t len, uint64_t from, uint64_t to)
{
	uint64_t	chunk[TU_CHUNK];

	while (from < to)
	{
		size_t		n = 0;

		while (n < TU_CHUNK && from < to)
			chunk[n++] = tu_key(from++);
		assert_ok(bf_add_hashes(buf, len, chunk, n));
	}
}

/* Open a filter, failing the test if it is not structurally valid */
bf_view
tu_view(const uint8_t *buf, size_t len)
{
	bf_view		view;

	assert_ok(bf_open(buf, len, &view));
	return view;
}

/* How many of keys [from, to) a filter contains */
uint64_t
tu_count_range(const bf_view *view, uint64_t from, uint64_t to)
{
	uint64_t	chunk[TU_CHUNK];
	uint64_t	present = 0;

	while (from < to)
	{
		size_t		n = 0;

		while (n < TU_CHUNK && from < to)
			chunk[n++] = tu_key(from++);
		present += bf_count_present(view, chunk, n);
	}
	return present;
}

/* The union, or the intersection, of two filters, on the heap */
static uint8_t *
combine(const bf_view *a, const bf_view *b, size_t *len, bool intersect)
{
	uint8_t    *buf;

	assert_ok(intersect ? bf_intersect_size(a, b, len) : bf_union_size(a, b, len));
	buf = test_malloc(*len);
	assert_ok(intersect ? bf_intersect(buf, *len, a, b) : bf_union(buf, *len, a, b));
	return buf;
}

/* The union of two filters, on the heap */
uint8_t *
tu_union(const bf_view *a, const bf_view *b, size_t *len)
{
	return combine(a, b, len, false);
}

/* The intersection of two filters, on the heap */
uint8_t *
tu_intersect(const bf_view *a, const bf_view *b, size_t *len)
{
	return combine(a, b, len, true);
}

/*
 * The kernel sets this machine can run: the portable one always, AVX2
 * where the CPU has it.  Returns how many were written to sets.
 */
int
tu_kernel_sets(bf_kernel_set sets[2])
{
	int			n = 0;

	sets[n++] = BF_KERNELS_SCALAR;
	if (bf_use_kernels(BF_KERNELS_AVX2) == BF_OK)
		sets[n++] = BF_KERNELS_AVX2;
	assert_ok(bf_use_kernels(BF_KERNELS_AUTO));
	return n;
}
