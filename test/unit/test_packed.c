/*-------------------------------------------------------------------------
 *
 * test_packed.c
 *	  Unit tests of packed lists (bf_packed.c): keys written and read back
 *	  exactly at every size, the sizes the code promises, one code for a
 *	  set, corrupt codes refused by the reader and the validator, and the
 *	  positions of a sized filter's hashes, which set the bits the hashes
 *	  set.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  test/unit/test_packed.c
 *
 *-------------------------------------------------------------------------
 */
#include "unit.h"

#include "bf_internal.h"

/* Compare two keys for qsort */
static int
compare_keys(const void *a, const void *b)
{
	uint64_t	x = *(const uint64_t *) a;
	uint64_t	y = *(const uint64_t *) b;

	return x < y ? -1 : x > y;
}

/*
 * The distinct keys of keys [0, n): hashes, or their positions in
 * nblocks blocks, sorted; returns how many
 */
static size_t
make_keys(uint64_t *keys, size_t n, uint64_t nblocks)
{
	size_t		kept = 0;
	size_t		i;

	for (i = 0; i < n; i++)
		keys[i] = nblocks == 0 ? tu_key(i) : bf_position(tu_key(i), nblocks);
	qsort(keys, n, sizeof(uint64_t), compare_keys);
	for (i = 0; i < n; i++)
		if (kept == 0 || keys[kept - 1] != keys[i])
			keys[kept++] = keys[i];
	return kept;
}

/* The header of a packed list of nblocks blocks (0: an auto-sized set) */
static bf_header
packed_header(uint64_t nblocks)
{
	bf_header	hdr;

	if (nblocks == 0)
		bf_header_init(&hdr, BF_LAYOUT_PACKED, 0, 0, 0.01, BF_FLAG_AUTO, TU_KIND);
	else
		bf_header_init(&hdr, BF_LAYOUT_PACKED, 0, 10000, 0.01, 0, TU_KIND);
	hdr.bits_set = nblocks;
	return hdr;
}

/* A packed list of n keys on the heap, validated */
static uint8_t *
pack(const uint64_t *keys, size_t n, uint64_t nblocks, size_t *len)
{
	bf_header	hdr = packed_header(nblocks);
	uint8_t    *buf;

	*len = bf_size_packed(n, nblocks);
	buf = test_malloc(*len);
	assert_ok(bf_write_packed(buf, *len, &hdr, keys, n));
	assert_ok(bf_validate(buf, *len));
	return buf;
}

/*
 * Keys written and read back are the same, at every count from none to a
 * parallel worker's share, for hashes and for positions in filters of
 * odd and power-of-two sizes; bf_open refuses the list, bf_open_list
 * opens it
 */
static void
test_round_trip(void **state)
{
	static const size_t counts[] = {0, 1, 2, 3, 63, 64, 65, 1000, 65536, 300000};
	static const uint64_t sizes[] = {0, 1, 5, 4096, 205761, BF_MAX_BLOCKS};
	uint64_t   *keys = test_malloc(300000 * sizeof(uint64_t));
	uint64_t   *back = test_malloc(300001 * sizeof(uint64_t));
	size_t		c;
	size_t		s;

	(void) state;
	for (s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++)
		for (c = 0; c < sizeof(counts) / sizeof(counts[0]); c++)
		{
			size_t		n = make_keys(keys, counts[c], sizes[s]);
			size_t		len;
			uint8_t    *buf = pack(keys, n, sizes[s], &len);
			bf_view		view;

			assert_status(bf_open(buf, len, &view), BF_E_LAYOUT);
			assert_ok(bf_open_list(buf, len, &view));
			assert_int_equal(view.hdr.nitems, n);
			assert_int_equal(view.hdr.bits_set, sizes[s]);
			assert_ok(bf_read_packed(&view, back));
			assert_memory_equal(back, keys, n * sizeof(uint64_t));
			test_free(buf);
		}
	test_free(keys);
	test_free(back);
}

/*
 * The sizes the code promises: about log2(u / n) + 2 bits a key, 5.7
 * bytes a hash of 1,700,000, 6.1 of 156,000, against an exact list's 8,
 * and 4.3 bytes a position of 156,000 in the 205,761 blocks of a filter
 * of 5,000,000 values at 1%
 */
static void
test_sizes(void **state)
{
	(void) state;
	assert_near((double) (bf_size_packed(1700000, 0) - BF_HEADER_SIZE) / 1700000,
				5.7, 0.05);
	assert_near((double) (bf_size_packed(156250, 0) - BF_HEADER_SIZE) / 156250,
				6.1, 0.05);
	assert_near((double) (bf_size_packed(156250, 205761) - BF_HEADER_SIZE) / 156250,
				4.3, 0.05);
	assert_int_equal(bf_size_packed(0, 0), BF_HEADER_SIZE);
}

/*
 * One code for a set: keys out of order or repeated are refused, and a
 * flipped bit of the high parts or of the padding, or a key past the
 * universe, is refused by the reader and the validator
 */
static void
test_corrupt(void **state)
{
	uint64_t	keys[1000];
	uint64_t	back[1001];
	size_t		n = make_keys(keys, 1000, 4096);
	bf_header	hdr = packed_header(4096);
	size_t		len;
	uint8_t    *buf = pack(keys, n, 4096, &len);
	uint8_t    *bad = test_malloc(len);
	uint64_t	swap;
	size_t		bit;
	bf_view		view;
	size_t		refused = 0;

	(void) state;
	swap = keys[1];
	keys[1] = keys[0];
	assert_status(bf_write_packed(bad, len, &hdr, keys, n), BF_E_UNSORTED);
	keys[1] = swap;
	keys[0] = swap + 1;
	assert_status(bf_write_packed(bad, len, &hdr, keys, n), BF_E_UNSORTED);
	keys[0] = bf_position(tu_key(1000000), 4096);
	assert_status(bf_write_packed(bad, bf_size_packed(1, 4096) + 1, &hdr, keys, 1),
				  BF_E_BUFFER);

	/* every bit of the last two words (high parts and their padding) */
	for (bit = 8 * (len - 16); bit < 8 * len; bit++)
	{
		memcpy(bad, buf, len);
		bad[bit / 8] ^= (uint8_t) (1 << (bit % 8));
		assert_ok(bf_open_list(bad, len, &view));
		if (bf_read_packed(&view, back) != BF_OK)
		{
			assert_true(bf_validate(bad, len) != BF_OK);
			refused++;
		}
	}
	/* a set bit moved to another place is another set of the same size */
	assert_true(refused >= 64);
	test_free(bad);
	test_free(buf);
}

/*
 * A position's hash (bf_hash_at) picks the block and the bits the hashes
 * of that position pick, in filters of every kind of size
 */
static void
test_positions(void **state)
{
	static const uint64_t sizes[] = {1, 3, 5, 4096, 205761, 1000003, BF_MAX_BLOCKS};
	size_t		s;
	uint64_t	i;

	(void) state;
	for (s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++)
		for (i = 0; i < 20000; i++)
		{
			uint64_t	hash = tu_key(i);
			uint64_t	pos = bf_position(hash, sizes[s]);
			uint64_t	at = bf_hash_at(pos, sizes[s]);

			assert_int_equal(bf_block_index(at, sizes[s]),
							 bf_block_index(hash, sizes[s]));
			assert_int_equal((uint32_t) at, (uint32_t) hash);
			assert_int_equal(bf_position(at, sizes[s]), pos);
		}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_sizes),
		cmocka_unit_test(test_corrupt),
		cmocka_unit_test(test_positions),
	};

	return cmocka_run_group_tests_name("packed", tests, NULL, NULL);
}
