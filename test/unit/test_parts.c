/*-------------------------------------------------------------------------
 *
 * test_parts.c
 *	  Unit tests of filters cut into parts by block range (bf_parts.c):
 *	  parts built value by value are the whole's ranges byte for byte and
 *	  assemble back into it, every member is found in its part, the part
 *	  fields are validated, and parts combine only with the same part of
 *	  the same whole.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  test/unit/test_parts.c
 *
 *-------------------------------------------------------------------------
 */
#include "unit.h"

/* Keys each whole of these tests holds */
#define NKEYS		20000

/* Overwrite len bytes of buf at offset with the little-endian value v */
static void
poke(uint8_t *buf, size_t offset, size_t len, uint64_t v)
{
	size_t		i;

	for (i = 0; i < len; i++)
		buf[offset + i] = (uint8_t) (v >> (8 * i));
}

/* A new, empty part: number part of parts of the whole sized so */
static uint8_t *
new_part(uint64_t capacity, double fpr, uint32_t parts, uint32_t part,
		 size_t *len)
{
	bf_header	hdr;
	uint8_t    *buf;

	assert_ok(bf_part_header(capacity, fpr, parts, part, TU_KIND, &hdr));
	*len = bf_size_blocks(hdr.nitems);
	buf = test_malloc(*len);
	assert_ok(bf_init(buf, *len, &hdr));
	return buf;
}

/* Add key i's hash to the part it belongs to, of the parts given */
static void
add_to_its_part(uint8_t **parts, const size_t *lens, uint32_t nparts,
				uint64_t i)
{
	uint64_t	hash = tu_key(i);
	uint32_t	p = bf_part_of(hash, nparts);
	bf_view		view = tu_view(parts[p], lens[p]);
	uint64_t	local;

	assert_ok(bf_part_hash(&view.hdr, hash, &local));
	assert_ok(bf_add_hashes(parts[p], lens[p], &local, 1));
}

/* Whether key i tests positive in the part it belongs to */
static bool
in_its_part(uint8_t **parts, const size_t *lens, uint32_t nparts, uint64_t i)
{
	uint64_t	hash = tu_key(i);
	uint32_t	p = bf_part_of(hash, nparts);
	bf_view		view = tu_view(parts[p], lens[p]);
	uint64_t	local;

	assert_ok(bf_part_hash(&view.hdr, hash, &local));
	return bf_contains(&view, local);
}

/*
 * A value's part is its block in a filter of parts blocks, and its block
 * in the whole is its part's first block plus its block in the part under
 * its local hash, for block counts and part counts of every shape.
 */
static void
test_part_of_is_block_range(void **state)
{
	static const uint64_t blocks[] = {1, 7, 96, 1000, 40151, 25163774};
	static const uint32_t counts[] = {1, 2, 3, 8, 1000, 65536};
	size_t		b;
	size_t		c;
	uint64_t	i;

	(void) state;
	for (b = 0; b < sizeof(blocks) / sizeof(blocks[0]); b++)
		for (c = 0; c < sizeof(counts) / sizeof(counts[0]); c++)
		{
			bf_header	hdr;

			if (blocks[b] * counts[c] > BF_MAX_WHOLE_BLOCKS)
				continue;

			memset(&hdr, 0, sizeof(hdr));
			hdr.flags = BF_FLAG_PART;
			hdr.parts = counts[c];
			hdr.nitems = blocks[b];
			for (i = 0; i < 2000; i++)
			{
				uint64_t	hash = tu_key(i);
				uint64_t	whole = ((hash >> 32) * (blocks[b] * counts[c])) >> 32;
				uint64_t	local;

				hdr.part = bf_part_of(hash, counts[c]);
				assert_int_equal(hdr.part, whole / blocks[b]);
				assert_ok(bf_part_hash(&hdr, hash, &local));
				assert_int_equal(((local >> 32) * blocks[b]) >> 32,
								 whole - (uint64_t) hdr.part * blocks[b]);
				assert_int_equal((uint32_t) local, (uint32_t) hash);
				if (counts[c] > 1)
				{
					hdr.part = (hdr.part + 1) % counts[c];
					assert_status(bf_part_hash(&hdr, hash, &local), BF_E_OTHER_PART);
				}
			}
		}
}

/*
 * Parts built value by value, each holding the values of its range, are
 * the whole filter's ranges byte for byte, header for header what
 * bf_split makes of the whole; assembled, they are the whole.  For part
 * counts that divide the block count (412 blocks for 10,000 values at
 * 1 %, 72 for 1,000 at 0.1 %), up to one block a part, and ones that do
 * not (rounded up to 413 and to 96).  Every member is found in its part,
 * and values never added test positive at about the target rate.
 */
static void
test_parts_are_the_whole(void **state)
{
	static const struct
	{
		uint64_t	capacity;
		double		fpr;
		uint32_t	parts;
	}			cases[] = {
		{10000, 0.01, 1}, {10000, 0.01, 2}, {10000, 0.01, 103},
		{10000, 0.01, 412}, {1000, 0.001, 8}, {1000, 0.001, 72},
		{10000, 0.01, 7}, {1000, 0.001, 32}
	};
	size_t		k;

	(void) state;
	for (k = 0; k < sizeof(cases) / sizeof(cases[0]); k++)
	{
		uint32_t	nparts = cases[k].parts;
		uint8_t   **parts = test_malloc(nparts * sizeof(uint8_t *));
		size_t	   *lens = test_malloc(nparts * sizeof(size_t));
		uint64_t	nblocks;
		size_t		wlen;
		uint8_t    *whole;
		bf_view		wview;
		uint8_t    *assembled;
		bf_header	hdr;
		uint64_t	i;
		uint32_t	p;

		assert_ok(bf_whole_blocks(cases[k].capacity, cases[k].fpr, nparts, &nblocks));
		assert_int_equal(nblocks % nparts, 0);
		whole = tu_blocks(nblocks, cases[k].capacity, cases[k].fpr, 0, &wlen);
		tu_add_range(whole, wlen, 0, cases[k].capacity);
		wview = tu_view(whole, wlen);

		for (p = 0; p < nparts; p++)
			parts[p] = new_part(cases[k].capacity, cases[k].fpr, nparts, p, &lens[p]);
		for (i = 0; i < cases[k].capacity; i++)
			add_to_its_part(parts, lens, nparts, i);

		bf_header_init(&hdr, BF_LAYOUT_BLOCKS, nblocks, cases[k].capacity,
					   cases[k].fpr, 0, TU_KIND);
		assembled = test_malloc(wlen);
		assert_ok(bf_init(assembled, wlen, &hdr));
		for (p = 0; p < nparts; p++)
		{
			size_t		nbytes = lens[p] - BF_HEADER_SIZE;
			uint8_t    *split = test_malloc(lens[p]);
			bf_view		pview = tu_view(parts[p], lens[p]);

			assert_ok(bf_validate(parts[p], lens[p]));
			assert_memory_equal(parts[p] + BF_HEADER_SIZE,
								whole + BF_HEADER_SIZE + p * nbytes, nbytes);
			assert_ok(bf_split(split, lens[p], &wview, nparts, p));
			assert_memory_equal(split, parts[p], lens[p]);
			assert_ok(bf_assemble_into(assembled, wlen, &pview));
			test_free(split);
		}
		assert_memory_equal(assembled, whole, wlen);

		for (i = 0; i < cases[k].capacity; i++)
			assert_true(in_its_part(parts, lens, nparts, i));
		{
			uint64_t	positives = 0;

			for (i = TU_ABSENT; i < TU_ABSENT + NKEYS; i++)
				positives += in_its_part(parts, lens, nparts, i);
			assert_int_equal(positives,
							 tu_count_range(&wview, TU_ABSENT, TU_ABSENT + NKEYS));
			assert_true(positives <= 2 * cases[k].fpr * NKEYS);
		}

		for (p = 0; p < nparts; p++)
			test_free(parts[p]);
		test_free(parts);
		test_free(lens);
		test_free(whole);
		test_free(assembled);
	}
}

/*
 * The whole's block count is bf_blocks_for's, rounded up to a multiple of
 * the part count, and past BF_MAX_BLOCKS up to BF_MAX_WHOLE_BLOCKS; a
 * whole too large is refused, and so are a part too large (too few
 * parts) and a count out of range.
 */
static void
test_whole_blocks(void **state)
{
	uint64_t	single;
	uint64_t	nblocks;
	bf_header	hdr;

	(void) state;
	assert_ok(bf_blocks_for(10000, 0.01, &single));
	assert_ok(bf_whole_blocks(10000, 0.01, 1, &nblocks));
	assert_int_equal(nblocks, single);
	assert_ok(bf_whole_blocks(10000, 0.01, 7, &nblocks));
	assert_int_equal(nblocks, (single + 6) / 7 * 7);
	assert_ok(bf_whole_blocks(10000, 0.01, 5000, &nblocks));
	assert_int_equal(nblocks, 5000);

	/* a billion values at 1 %: past one value, fine in 1,024 parts */
	assert_status(bf_blocks_for(1000000000, 0.01, &single), BF_E_TOO_LARGE);
	assert_ok(bf_whole_blocks(1000000000, 0.01, 1024, &nblocks));
	assert_true(nblocks > BF_MAX_BLOCKS);
	assert_true(nblocks * BF_BLOCK_BYTES > (uint64_t) 768 << 20);
	assert_int_equal(nblocks % 1024, 0);
	assert_true(bf_model_fpr(1e9, nblocks) <= 0.01);
	assert_status(bf_whole_blocks(1000000000, 0.01, 1, &nblocks), BF_E_PARTS);
	assert_ok(bf_part_header(1000000000, 0.01, 1024, 1023, TU_KIND, &hdr));
	assert_int_equal(hdr.part, 1023);
	assert_int_equal(hdr.flags, BF_FLAG_PART);

	/* past 2^32 blocks */
	assert_status(bf_whole_blocks(UINT64_C(1) << 40, 0.01, 65536, &nblocks),
				  BF_E_TOO_LARGE);
	assert_status(bf_whole_blocks(10000, 0.01, 0, &nblocks), BF_E_PARTS);
	assert_status(bf_whole_blocks(10000, 0.01, BF_MAX_PARTS + 1u, &nblocks),
				  BF_E_PARTS);
	assert_status(bf_whole_blocks(0, 0.01, 4, &nblocks), BF_E_CAPACITY);
	assert_status(bf_whole_blocks(10, 1.0, 4, &nblocks), BF_E_FPR);
	assert_status(bf_part_header(10000, 0.01, 4, 4, TU_KIND, &hdr), BF_E_PARTS);
}

/*
 * The part fields: accepted in a part, refused with their own status when
 * out of range, and as reserved bytes in a filter that is no part.
 */
static void
test_part_fields_validated(void **state)
{
	size_t		len;
	uint8_t    *good = new_part(10000, 0.01, 2, 1, &len);
	uint8_t    *b = test_malloc(len);
	uint8_t    *exact;
	size_t		elen;
	bf_header	hdr;

	(void) state;
#define FRESH() memcpy(b, good, len)
	{
		uint8_t    *parts[2] = {NULL, good};
		size_t		lens[2] = {0, len};
		uint64_t	i;

		for (i = 0; i < 100; i++)
			if (bf_part_of(tu_key(i), 2) == 1)
				add_to_its_part(parts, lens, 2, i);
	}
	FRESH();
	assert_ok(bf_validate(b, len));
	assert_ok(bf_read_header(b, len, &hdr));
	assert_int_equal(hdr.parts, 2);
	assert_int_equal(hdr.part, 1);
	assert_int_equal(b[12], 2);
	assert_int_equal(b[56], 1);

	FRESH(), poke(b, 12, 4, 0);
	assert_status(bf_validate(b, len), BF_E_BAD_PART);
	FRESH(), poke(b, 56, 4, 2);
	assert_status(bf_validate(b, len), BF_E_BAD_PART);
	FRESH(), poke(b, 12, 4, UINT64_C(0x80000000));
	assert_status(bf_validate(b, len), BF_E_BAD_PART);
	/* a whole of more than 2^32 blocks */
	FRESH(), poke(b, 12, 4, UINT64_C(0x7FFFFFFF));
	assert_status(bf_validate(b, len), BF_E_BAD_PART);
	/* auto-sized: the whole must have a power of two blocks (599 * 2) */
	FRESH(), poke(b, 4, 2, BF_FLAG_AUTO | BF_FLAG_PART);
	assert_status(bf_validate(b, len), BF_E_BAD_FLAGS);
	/* without the flag, the part fields are reserved bytes */
	FRESH(), poke(b, 4, 2, 0);
	assert_status(bf_validate(b, len), BF_E_RESERVED);
	FRESH(), poke(b, 4, 2, 0), poke(b, 12, 4, 0);
	assert_status(bf_validate(b, len), BF_E_RESERVED);
	FRESH(), poke(b, 4, 2, 0), poke(b, 12, 4, 0), poke(b, 56, 4, 0);
	assert_ok(bf_validate(b, len));
	/* a part's capacity may be past one value's, not past a whole's */
	FRESH(), poke(b, 24, 8, 1000000000);
	assert_ok(bf_validate(b, len));
	FRESH(), poke(b, 24, 8, UINT64_C(1) << 40);
	assert_status(bf_validate(b, len), BF_E_BAD_PARAMS);

	/* a part of the default hash only (not in Parquet mode) */
	FRESH(), b[6] = BF_HASH_PARQUET, poke(b, 8, 4, 0);
	assert_status(bf_validate(b, len), BF_E_BAD_PART);

	/* an exact list is never a part */
	exact = tu_exact(0, 3, &elen);
	poke(exact, 4, 2, BF_FLAG_AUTO | BF_FLAG_PART);
	poke(exact, 12, 4, 2);
	assert_status(bf_validate(exact, elen), BF_E_BAD_PART);
#undef FRESH
	test_free(exact);
	test_free(good);
	test_free(b);
}

/*
 * Parts combine with the same part of the same whole, and with the empty
 * set; never with another part, a part of another whole, a whole filter or
 * a non-empty exact list.  They are not folded, and their estimates sum
 * to about the whole's.
 */
static void
test_parts_combine_by_number(void **state)
{
	size_t		len;
	size_t		olen;
	size_t		blen;
	size_t		ulen;
	size_t		elen;
	size_t		xlen;
	size_t		wlen;
	uint8_t    *a = new_part(10000, 0.01, 2, 0, &len);
	uint8_t    *b = new_part(10000, 0.01, 2, 0, &len);
	uint8_t    *other = new_part(10000, 0.01, 2, 1, &olen);
	uint8_t    *bigger = new_part(20000, 0.01, 2, 0, &blen);
	uint8_t    *empty = tu_exact(0, 0, &elen);
	uint8_t    *exact = tu_exact(0, 3, &xlen);
	uint8_t    *whole = tu_sized(10000, 0.01, &wlen);
	uint8_t    *u;
	uint8_t    *scratch = test_malloc(bf_size_blocks(1));
	bf_view		va;
	bf_view		vb;
	bf_view		vu;
	bf_view		vx;
	bf_header	hdr;
	uint64_t	i;

	(void) state;
	for (i = 0; i < 4000; i++)
	{
		uint64_t	hash = tu_key(i);
		uint64_t	local;
		uint8_t    *dst = i % 2 ? a : b;
		bf_view		view = tu_view(dst, len);

		if (bf_part_hash(&view.hdr, hash, &local) == BF_OK)
			assert_ok(bf_add_hashes(dst, len, &local, 1));
	}
	va = tu_view(a, len);
	vb = tu_view(b, len);
	u = tu_union(&va, &vb, &ulen);
	vu = tu_view(u, ulen);
	assert_ok(bf_validate(u, ulen));
	assert_int_equal(vu.hdr.parts, 2);
	assert_int_equal(vu.hdr.part, 0);
	assert_int_equal(vu.hdr.flags, BF_FLAG_PART);
	assert_true(vu.hdr.bits_set > va.hdr.bits_set);
	test_free(u);
	u = tu_intersect(&va, &vb, &ulen);
	assert_ok(bf_validate(u, ulen));
	test_free(u);

	/* the empty set is no value of another part */
	vx = tu_view(empty, elen);
	u = tu_union(&va, &vx, &ulen);
	assert_int_equal(ulen, len);
	assert_memory_equal(u, a, len);
	test_free(u);

	vx = tu_view(other, olen);
	assert_status(bf_check_compatible(&va, &vx), BF_E_PART_MISMATCH);
	vx = tu_view(bigger, blen);
	assert_status(bf_check_compatible(&va, &vx), BF_E_PART_MISMATCH);
	vx = tu_view(exact, xlen);
	assert_status(bf_check_compatible(&va, &vx), BF_E_PART_MISMATCH);
	vx = tu_view(whole, wlen);
	assert_status(bf_check_compatible(&va, &vx), BF_E_PART_MISMATCH);
	assert_status(bf_check_compatible(&vx, &va), BF_E_PART_MISMATCH);

	/* a part is not folded, nor cut again, nor assembled into a stranger */
	assert_status(bf_fold(scratch, bf_size_blocks(1), &va, 1), BF_E_LAYOUT);
	assert_status(bf_split(scratch, bf_size_blocks(1), &va, 599, 0), BF_E_PARTS);
	assert_status(bf_split(scratch, bf_size_blocks(1), &vx, 5, 0), BF_E_PARTS);
	{
		uint8_t    *pq = test_malloc(wlen);
		bf_view		vpq;

		memcpy(pq, whole, wlen);
		pq[6] = BF_HASH_PARQUET;
		poke(pq, 8, 4, 0);
		vpq = tu_view(pq, wlen);
		assert_status(bf_split(scratch, bf_size_blocks(412 / 4), &vpq, 4, 0), BF_E_PARTS);
		test_free(pq);
	}
	assert_status(bf_assemble_into(whole, wlen, &vx), BF_E_PARTS);
	vx = tu_view(bigger, blen);
	assert_status(bf_assemble_into(whole, wlen, &vx), BF_E_PART_MISMATCH);
	assert_ok(bf_assemble_into(whole, wlen, &va));
	assert_ok(bf_validate(whole, wlen));
	assert_int_equal(tu_view(whole, wlen).hdr.bits_set, va.hdr.bits_set);

	/* a whole past one value is not assembled */
	assert_ok(bf_part_header(1000000000, 0.01, 1024, 0, TU_KIND, &hdr));
	assert_status(bf_whole_header(&hdr, &hdr), BF_E_TOO_LARGE);

	test_free(a);
	test_free(b);
	test_free(other);
	test_free(bigger);
	test_free(empty);
	test_free(exact);
	test_free(whole);
	test_free(scratch);
}

/*
 * The distinct counts of a whole's parts sum to about its own estimate
 * and to the true count.
 */
static void
test_part_estimates_sum(void **state)
{
	uint32_t	nparts = 16;
	uint8_t    *parts[16];
	size_t		lens[16];
	size_t		wlen;
	uint64_t	nblocks;
	uint8_t    *whole;
	bf_view		wview;
	double		sum = 0.0;
	uint32_t	p;
	uint64_t	i;

	(void) state;
	assert_ok(bf_whole_blocks(NKEYS, 0.01, nparts, &nblocks));
	whole = tu_blocks(nblocks, NKEYS, 0.01, 0, &wlen);
	tu_add_range(whole, wlen, 0, NKEYS);
	wview = tu_view(whole, wlen);
	for (p = 0; p < nparts; p++)
		parts[p] = new_part(NKEYS, 0.01, nparts, p, &lens[p]);
	for (i = 0; i < NKEYS; i++)
		add_to_its_part(parts, lens, nparts, i);
	for (p = 0; p < nparts; p++)
	{
		bf_view		view = tu_view(parts[p], lens[p]);

		sum += bf_cardinality(&view);
		test_free(parts[p]);
	}
	assert_near(sum, bf_cardinality(&wview), 0.005 * NKEYS);
	assert_near(sum, NKEYS, 0.02 * NKEYS);
	test_free(whole);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_part_of_is_block_range),
		cmocka_unit_test(test_parts_are_the_whole),
		cmocka_unit_test(test_whole_blocks),
		cmocka_unit_test(test_part_fields_validated),
		cmocka_unit_test(test_parts_combine_by_number),
		cmocka_unit_test(test_part_estimates_sum),
	};

	return cmocka_run_group_tests_name("parts", tests, NULL, NULL);
}
