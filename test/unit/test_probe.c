/*-------------------------------------------------------------------------
 *
 * test_probe.c
 *	  Unit tests of the searches of an exact filter (interpolation, the
 *	  directory of bf_prepare) and of membership tests of a filter read in
 *	  pieces (bf_probe): every answer equals a plain search's or the whole
 *	  filter's, at every block and chunk boundary, for hashes spread evenly
 *	  or not, and every read stays in bounds (the sanitizer build checks).
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  test/unit/test_probe.c
 *
 *-------------------------------------------------------------------------
 */
#include "unit.h"

/* A TOAST chunk's data bytes on the usual 8 kB pages: the extension's granule */
#define TU_CHUNK_BYTES	1996

/* The sizes of exact filters tested: around the searches' thresholds */
static const uint64_t exact_sizes[] = {
	0, 1, 2, 7, 8, 9, 17, 63, 64, 65, 249, 250, 251, 500, 1000, 4096, 50000,
	65536
};

/* Whether the n hashes of an exact filter's payload hold hash, one by one */
static bool
linear_contains(const bf_view *view, uint64_t hash)
{
	uint64_t	i;

	for (i = 0; i < view->hdr.nitems; i++)
		if (bf_exact_hash(view, i) == hash)
			return true;
	return false;
}

/* An exact filter holding the n given ascending hashes, on the heap */
static uint8_t *
exact_of(const uint64_t *hashes, size_t n, size_t *len)
{
	bf_header	hdr;
	uint8_t    *buf;

	bf_header_init(&hdr, BF_LAYOUT_EXACT, 0, 0, 0.01, BF_FLAG_AUTO, TU_KIND);
	*len = bf_size_exact(n);
	buf = test_malloc(*len);
	assert_ok(bf_init_exact(buf, *len, &hdr, hashes, n));
	return buf;
}

/* A prepared filter, with its directory on the heap (*directory) */
static bf_prepared
prepared_of(const bf_view *view, void **directory)
{
	size_t		size = bf_prepare_size(&view->hdr);
	bf_prepared prepared;

	*directory = size > 0 ? test_malloc(size) : NULL;
	bf_prepare(&prepared, view, *directory, size);
	return prepared;
}

/* Free what prepared_of allocated */
static void
free_directory(void *directory)
{
	if (directory != NULL)
		test_free(directory);
}

/*
 * A membership test of the filter buf, len bytes, read in pieces of
 * granule: each range the probe names is copied on its own to the heap,
 * so that a read past it is a sanitizer error.  *reads counts the ranges.
 */
static bool
probe_pieces(const uint8_t *buf, size_t len, uint64_t hash, size_t granule,
			 int *reads)
{
	bf_header	hdr;
	bf_probe	probe;

	assert_ok(bf_peek_header(buf, BF_HEADER_SIZE, len, &hdr));
	bf_probe_start(&probe, &hdr, hash, granule);
	*reads = 0;
	while (probe.state == BF_PROBE_READ)
	{
		uint8_t    *piece;

		assert_true(probe.offset >= BF_HEADER_SIZE);
		assert_true(probe.length > 0);
		assert_true(probe.offset + probe.length <= len);
		piece = test_malloc(probe.length);
		memcpy(piece, buf + probe.offset, probe.length);
		assert_ok(bf_probe_next(&probe, piece, probe.length));
		test_free(piece);
		(*reads)++;
	}
	return probe.state == BF_PROBE_PRESENT;
}

/* floor(log2(n)), 0 for n < 2 */
static int
log2_floor(uint64_t n)
{
	int			bits = 0;

	while (n > 1)
	{
		n /= 2;
		bits++;
	}
	return bits;
}

/*
 * Interpolation, the directory and a search in pieces find exactly the
 * hashes of exact filters of every size around their thresholds: each
 * member, and none of as many absent values
 */
static void
test_exact_searches_agree(void **state)
{
	size_t		s;

	(void) state;
	for (s = 0; s < sizeof(exact_sizes) / sizeof(exact_sizes[0]); s++)
	{
		uint64_t	n = exact_sizes[s];
		size_t		len;
		uint8_t    *buf = tu_exact(0, n, &len);
		bf_view		view = tu_view(buf, len);
		void	   *directory;
		bf_prepared prepared = prepared_of(&view, &directory);
		uint64_t	step = n > 2000 ? n / 2000 : 1;
		uint64_t	i;
		int			reads;

		for (i = 0; i < n; i += step)
		{
			uint64_t	member = bf_exact_hash(&view, i);

			assert_true(bf_contains(&view, member));
			assert_true(bf_prepared_contains(&prepared, member));
			assert_true(probe_pieces(buf, len, member, TU_CHUNK_BYTES, &reads));
			assert_true(probe_pieces(buf, len, member, 1, &reads));
			/* its neighbours in value are not members */
			assert_false(bf_contains(&view, member + 1));
			assert_false(bf_prepared_contains(&prepared, member - 1));
			assert_false(probe_pieces(buf, len, member + 1, TU_CHUNK_BYTES, &reads));
			assert_false(probe_pieces(buf, len, member - 1, 8, &reads));
		}
		for (i = 0; i < 2000; i++)
		{
			uint64_t	absent = tu_key(TU_ABSENT + i);

			assert_false(bf_contains(&view, absent));
			assert_false(bf_prepared_contains(&prepared, absent));
			assert_false(probe_pieces(buf, len, absent, TU_CHUNK_BYTES, &reads));
		}
		/* the extremes of the hash space */
		assert_int_equal(bf_contains(&view, 0), linear_contains(&view, 0));
		assert_int_equal(bf_prepared_contains(&prepared, UINT64_MAX),
						 linear_contains(&view, UINT64_MAX));
		assert_int_equal(probe_pieces(buf, len, 0, TU_CHUNK_BYTES, &reads),
						 linear_contains(&view, 0));
		assert_int_equal(probe_pieces(buf, len, UINT64_MAX, 1, &reads),
						 linear_contains(&view, UINT64_MAX));
		free_directory(directory);
		test_free(buf);
	}
}

/*
 * A search in pieces of hashes spread evenly reads one window nearly
 * always: of 50,000 hashes, at most 1 test in 1,000 needs a second, and
 * none more than BF_PROBE_WINDOWS (3) plus what halving takes
 */
static void
test_exact_windows(void **state)
{
	size_t		len;
	uint8_t    *buf = tu_exact(0, 50000, &len);
	int			more = 0;
	int			most = 0;
	int			i;

	(void) state;
	for (i = 0; i < 20000; i++)
	{
		uint64_t	hash = (i % 2) ? tu_key(i * 2) : tu_key(TU_ABSENT + i);
		int			reads;

		assert_int_equal(probe_pieces(buf, len, hash, TU_CHUNK_BYTES, &reads),
						 i % 2);
		more += reads > 1;
		if (reads > most)
			most = reads;
	}
	assert_true(more <= 20);
	assert_true(most <= 3 + log2_floor(50000) + 1);
	test_free(buf);
}

/*
 * Hashes that are not spread evenly (only a corrupt filter has them) are
 * still found exactly, by interpolation, the directory and in pieces, and
 * a search in pieces takes a logarithmic number of reads
 */
static void
test_uneven_hashes(void **state)
{
	const uint64_t n = 10000;
	uint64_t   *hashes = test_malloc(n * sizeof(uint64_t));
	int			shape;

	(void) state;
	for (shape = 0; shape < 3; shape++)
	{
		size_t		len;
		uint8_t    *buf;
		bf_view		view;
		void	   *directory;
		bf_prepared prepared;
		uint64_t	i;

		for (i = 0; i < n; i++)
			hashes[i] = shape == 0 ? i * 3 + 1 :	/* all near 0 */
				shape == 1 ? UINT64_MAX - (n - i) * 5 :	/* all near the top */
				(i < n / 2 ? i * 7 + 1 : (UINT64_C(1) << 62) + i * 11);
		buf = exact_of(hashes, n, &len);
		view = tu_view(buf, len);
		prepared = prepared_of(&view, &directory);
		for (i = 0; i < n; i += 7)
		{
			int			reads;

			assert_true(bf_contains(&view, hashes[i]));
			assert_true(bf_prepared_contains(&prepared, hashes[i]));
			assert_true(probe_pieces(buf, len, hashes[i], 1, &reads));
			assert_true(reads <= 3 + log2_floor(n) + 2);
			assert_false(bf_contains(&view, hashes[i] + 1));
			assert_false(bf_prepared_contains(&prepared, hashes[i] + 1));
			assert_false(probe_pieces(buf, len, hashes[i] + 1, 64, &reads));
			assert_true(reads <= 3 + log2_floor(n) + 2);
		}
		free_directory(directory);
		test_free(buf);
	}
	test_free(hashes);
}

/*
 * A payload that is not sorted (a corrupt filter) gives answers, not reads
 * out of bounds: the sanitizer build fails on any such read
 */
static void
test_unsorted_in_bounds(void **state)
{
	const uint64_t n = 3000;
	size_t		len = bf_size_exact(n);
	uint8_t    *buf = test_malloc(len);
	bf_header	hdr;
	bf_view		view;
	void	   *directory;
	bf_prepared prepared;
	uint64_t	i;

	(void) state;
	bf_header_init(&hdr, BF_LAYOUT_EXACT, n, 0, 0.01, BF_FLAG_AUTO, TU_KIND);
	bf_write_header(buf, &hdr);
	for (i = 0; i < n; i++)
	{
		uint64_t	hash = tu_key(i) >> (i % 64);

		memcpy(buf + BF_HEADER_SIZE + i * 8, &hash, 8);
	}
	view = tu_view(buf, len);
	prepared = prepared_of(&view, &directory);
	for (i = 0; i < 5000; i++)
	{
		uint64_t	hash = tu_key(i) >> (i % 64);
		int			reads;

		(void) bf_contains(&view, hash);
		(void) bf_prepared_contains(&prepared, hash);
		(void) probe_pieces(buf, len, hash, TU_CHUNK_BYTES, &reads);
		assert_true(reads <= 3 + log2_floor(n) + 2);
	}
	free_directory(directory);
	test_free(buf);
}

/*
 * A block filter read in pieces answers as the whole filter does, from
 * one read of the block the hash picks: for filters whose blocks straddle
 * chunk boundaries, at the first and the last block, with values present
 * and absent, in filters light and saturated
 */
static void
test_blocks_in_pieces(void **state)
{
	static const uint64_t nblocks[] = {1, 2, 61, 62, 63, 64, 125, 1000, 4096};
	size_t		s;

	(void) state;
	for (s = 0; s < sizeof(nblocks) / sizeof(nblocks[0]); s++)
	{
		size_t		len;
		uint8_t    *buf = tu_blocks(nblocks[s], 100, 0.01, 0, &len);
		uint64_t	seen_first = 0;
		uint64_t	seen_last = 0;
		uint64_t	i;

		/* about 10 values a block: some blocks full, some absent values in */
		tu_add_range(buf, len, 0, nblocks[s] * 10);
		for (i = 0; i < nblocks[s] * 40 + 200; i++)
		{
			uint64_t	hash = tu_key(i);
			bf_view		view = tu_view(buf, len);
			bf_header	hdr;
			bf_probe	probe;
			int			reads;
			bool		whole = bf_contains(&view, hash);

			assert_int_equal(probe_pieces(buf, len, hash, TU_CHUNK_BYTES, &reads),
							 whole);
			assert_int_equal(reads, 1);
			/* the range named is the block bf_contains reads */
			assert_ok(bf_peek_header(buf, BF_HEADER_SIZE, len, &hdr));
			bf_probe_start(&probe, &hdr, hash, TU_CHUNK_BYTES);
			assert_int_equal(probe.length, BF_BLOCK_BYTES);
			assert_int_equal((probe.offset - BF_HEADER_SIZE) % BF_BLOCK_BYTES, 0);
			seen_first += probe.offset == BF_HEADER_SIZE;
			seen_last += probe.offset + BF_BLOCK_BYTES == len;
		}
		assert_true(seen_first > 0);
		assert_true(seen_last > 0);
		test_free(buf);
	}
}

/* A probe takes exactly the bytes it named, and none once it has answered */
static void
test_probe_errors(void **state)
{
	size_t		len;
	uint8_t    *buf = tu_sized(1000, 0.01, &len);
	bf_header	hdr;
	bf_probe	probe;

	(void) state;
	assert_ok(bf_peek_header(buf, BF_HEADER_SIZE, len, &hdr));
	bf_probe_start(&probe, &hdr, tu_key(1), TU_CHUNK_BYTES);
	assert_status(bf_probe_next(&probe, buf + probe.offset, probe.length - 1),
				  BF_E_BUFFER);
	assert_ok(bf_probe_next(&probe, buf + probe.offset, probe.length));
	assert_int_equal(probe.state, BF_PROBE_ABSENT);
	assert_status(bf_probe_next(&probe, buf + probe.offset, probe.length),
				  BF_E_BUFFER);
	test_free(buf);
}

/*
 * Directories: none for block filters or exact ones of fewer than 64
 * hashes; a power of two of buckets, two to four hashes each, up to 2^20,
 * each of 8 slots of 2 bytes and a start of 4
 */
static void
test_prepare_sizes(void **state)
{
	bf_header	hdr;

	(void) state;
	bf_header_init(&hdr, BF_LAYOUT_BLOCKS, 1000, 100, 0.01, 0, TU_KIND);
	assert_int_equal(bf_prepare_size(&hdr), 0);
	bf_header_init(&hdr, BF_LAYOUT_EXACT, 63, 0, 0.01, BF_FLAG_AUTO, TU_KIND);
	assert_int_equal(bf_prepare_size(&hdr), 0);
	hdr.nitems = 64;
	assert_int_equal(bf_prepare_size(&hdr), 16 * 16 + (16 + 1) * 4);
	hdr.nitems = 50000;
	assert_int_equal(bf_prepare_size(&hdr), 16384 * 16 + (16384 + 1) * 4);
	hdr.nitems = 65536;
	assert_int_equal(bf_prepare_size(&hdr), 16384 * 16 + (16384 + 1) * 4);
	hdr.nitems = 65537;
	assert_int_equal(bf_prepare_size(&hdr), 32768 * 16 + (32768 + 1) * 4);
	hdr.nitems = BF_MAX_HASHES;
	assert_int_equal(bf_prepare_size(&hdr), (1 << 20) * 16 + ((1 << 20) + 1) * 4);
}

/* Run the search and probe tests */
int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_exact_searches_agree),
		cmocka_unit_test(test_exact_windows),
		cmocka_unit_test(test_uneven_hashes),
		cmocka_unit_test(test_unsorted_in_bounds),
		cmocka_unit_test(test_blocks_in_pieces),
		cmocka_unit_test(test_probe_errors),
		cmocka_unit_test(test_prepare_sizes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
