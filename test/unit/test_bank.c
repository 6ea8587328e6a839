/*-------------------------------------------------------------------------
 *
 * test_bank.c
 *	  Unit tests of the bank of filters (bf_bank): the shapes of a group's
 *	  pages, the map of any filter onto a group's geometry (a fold for a
 *	  power of two, byte for byte; no member lost for any other count or
 *	  an exact list), writing a group and reading each filter back, and the
 *	  test of a value against a group, which must name exactly the filters
 *	  whose mapped blocks hold it.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  test/unit/test_bank.c
 *
 *-------------------------------------------------------------------------
 */
#include "unit.h"

#include "bf_bank.h"

/* A page's bytes for a group, as the extension's 8 kB pages leave them */
#define TU_PAGE_BYTES	8160

/* A group written to pages of its own, and the filters it was made of */
typedef struct tu_group
{
	bf_bank_shape shape;
	uint64_t	nblocks;
	uint32_t	ncolumns;
	uint64_t	npieces;
	uint8_t   **pages;
	uint8_t   **filters;
	size_t	   *lens;
	bf_bank_source *sources;
} tu_group;

/* A block filter of nblocks blocks holding keys [from, to) */
static uint8_t *
filled(uint64_t nblocks, uint64_t from, uint64_t to, size_t *len)
{
	uint8_t    *buf = tu_blocks(nblocks, nblocks * 8, 0.01, 0, len);

	tu_add_range(buf, *len, from, to);
	return buf;
}

/*
 * The blocks of the filter of source mapped onto its group's geometry, as
 * a block filter of that many blocks on the heap (its header's set-bit
 * count recomputed by bf_open's caller being unnecessary: tests read it
 * with bf_contains only)
 */
static uint8_t *
mapped_filter(const bf_bank_source *source, size_t *len)
{
	uint8_t    *buf = tu_blocks(source->nblocks, source->nblocks, 0.01, 0, len);

	for (uint64_t b = 0; b < source->nblocks; b++)
		bf_bank_mapped_block(source, b, buf + BF_HEADER_SIZE + b * BF_BLOCK_BYTES);
	return buf;
}

/* Whether the blocks of a filter of nblocks blocks at payload hold hash */
static bool
blocks_contain(const uint8_t *buf, size_t len, uint64_t hash)
{
	bf_view		view;

	/* the payload only: tu_view would check the stale set-bit count */
	assert_ok(bf_peek_header(buf, len, len, &view.hdr));
	view.payload = buf + BF_HEADER_SIZE;
	return bf_contains(&view, hash);
}

/*
 * A group of ncolumns filters of nblocks blocks, column c holding keys
 * [c * per, c * per + fill(c)), written to pages of its own
 */
static tu_group
group_of(uint32_t ncolumns, uint64_t nblocks, uint64_t per, uint64_t keys)
{
	tu_group	group;

	group.nblocks = nblocks;
	group.ncolumns = ncolumns;
	assert_true(bf_bank_shape_for(ncolumns, nblocks, TU_PAGE_BYTES, &group.shape));
	assert_true(bf_bank_shape_valid(&group.shape, TU_PAGE_BYTES));
	group.npieces = bf_bank_pieces(&group.shape, nblocks);
	group.pages = test_malloc(group.npieces * sizeof(uint8_t *));
	for (uint64_t p = 0; p < group.npieces; p++)
		group.pages[p] = test_calloc(1, TU_PAGE_BYTES);
	group.filters = test_malloc(ncolumns * sizeof(uint8_t *));
	group.lens = test_malloc(ncolumns * sizeof(size_t));
	group.sources = test_malloc(ncolumns * sizeof(bf_bank_source));
	for (uint32_t c = 0; c < ncolumns; c++)
	{
		bf_view		view;

		group.filters[c] = filled(nblocks, c * per, c * per + keys % (c + 7),
								  &group.lens[c]);
		view = tu_view(group.filters[c], group.lens[c]);
		bf_bank_source_init(&group.sources[c], &view, nblocks);
	}
	bf_bank_write(&group.shape, 0, group.npieces, group.sources, ncolumns,
				  group.pages);
	return group;
}

/* Free what group_of allocated */
static void
free_group(tu_group *group)
{
	for (uint64_t p = 0; p < group->npieces; p++)
		test_free(group->pages[p]);
	for (uint32_t c = 0; c < group->ncolumns; c++)
		test_free(group->filters[c]);
	test_free(group->pages);
	test_free(group->filters);
	test_free(group->lens);
	test_free(group->sources);
}

/* The columns of a group that may hold hash: candidates, a bit a column */
static void
group_test(const tu_group *group, uint64_t hash, uint64_t *candidates)
{
	bf_bank_probe probe;

	memset(candidates, 0, ((group->ncolumns + 63) / 64) * sizeof(uint64_t));
	for (uint32_t c = 0; c < group->ncolumns; c++)
		candidates[c / 64] |= (uint64_t) 1 << (c % 64);
	bf_bank_plan(&group->shape, group->nblocks, hash, &probe);
	assert_true(probe.nsteps >= 1 && probe.nsteps <= BF_BANK_MAX_STEPS);
	for (int i = 0; i < probe.nsteps; i++)
	{
		assert_true(probe.steps[i].piece < group->npieces);
		if (i > 0)
			assert_true(probe.steps[i].piece > probe.steps[i - 1].piece);
		bf_bank_match(&group->shape, group->pages[probe.steps[i].piece],
					  group->ncolumns, &probe.steps[i], candidates);
	}
}

/*
 * Shapes: each number of columns gets the longest piece whose page holds
 * that many, pieces of whole blocks never longer than a filter, and no
 * shape for more columns than a page holds at a byte each
 */
static void
test_shapes(void **state)
{
	bf_bank_shape shape;
	bf_bank_shape longer;

	(void) state;
	for (uint32_t columns = 1; columns <= TU_PAGE_BYTES; columns++)
	{
		assert_true(bf_bank_shape_for(columns, 1000000, TU_PAGE_BYTES, &shape));
		assert_true(bf_bank_shape_valid(&shape, TU_PAGE_BYTES));
		assert_true(shape.capacity >= columns);
		/* a longer piece would not hold them */
		longer.piece_bits = shape.piece_bits >= BF_BLOCK_BITS ?
			shape.piece_bits + BF_BLOCK_BITS : shape.piece_bits * 2;
		longer.capacity = TU_PAGE_BYTES / (longer.piece_bits / 8);
		assert_true(longer.capacity < columns);
	}
	assert_false(bf_bank_shape_for(TU_PAGE_BYTES + 1, 1, TU_PAGE_BYTES, &shape));
	assert_false(bf_bank_shape_for(0, 1, TU_PAGE_BYTES, &shape));

	assert_true(bf_bank_shape_for(255, 1000, TU_PAGE_BYTES, &shape));
	assert_int_equal(shape.piece_bits, 256);
	assert_near(bf_bank_probe_pages(&shape), 1.0, 0.0);
	assert_true(bf_bank_shape_for(4080, 1000, TU_PAGE_BYTES, &shape));
	assert_int_equal(shape.piece_bits, 16);
	assert_int_equal(bf_bank_pieces(&shape, 1000), 16000);
	assert_near(bf_bank_probe_pages(&shape), 16.0 * (1.0 - pow(15.0 / 16.0, 8)), 1e-12);

	/* one filter of 3 blocks: one piece of its 3 blocks, not of 255 */
	assert_true(bf_bank_shape_for(1, 3, TU_PAGE_BYTES, &shape));
	assert_int_equal(shape.piece_bits, 3 * 256);
	assert_int_equal(shape.capacity, 85);
	assert_int_equal(bf_bank_pieces(&shape, 3), 1);

	/* shapes read back with another capacity, or length, are refused */
	shape.capacity++;
	assert_false(bf_bank_shape_valid(&shape, TU_PAGE_BYTES));
	shape.piece_bits = 24;
	shape.capacity = TU_PAGE_BYTES * 8 / 24;
	assert_false(bf_bank_shape_valid(&shape, TU_PAGE_BYTES));
}

/* A power-of-two filter maps onto a power of two below it as bf_fold folds */
static void
test_map_is_fold(void **state)
{
	(void) state;
	for (uint64_t z = 1; z <= 1024; z *= 4)
	{
		size_t		len;
		uint8_t    *buf = filled(z, 0, z * 20, &len);
		bf_view		view = tu_view(buf, len);

		for (uint64_t to = z; to >= 1; to /= 2)
		{
			size_t		flen = bf_size_blocks(to);
			uint8_t    *folded = test_malloc(flen);
			bf_bank_source source;
			uint8_t		block[BF_BLOCK_BYTES];

			assert_ok(bf_fold(folded, flen, &view, to));
			bf_bank_source_init(&source, &view, to);
			for (uint64_t b = 0; b < to; b++)
			{
				bf_bank_mapped_block(&source, b, block);
				assert_memory_equal(block, folded + BF_HEADER_SIZE + b * BF_BLOCK_BYTES,
									BF_BLOCK_BYTES);
			}
			assert_true(bf_bank_maps_exactly(&view.hdr, to) == (to == z));
			test_free(folded);
		}
		test_free(buf);
	}
}

/*
 * A filter of any block count, mapped onto any geometry, larger or
 * smaller, power of two or not, keeps every member
 */
static void
test_map_keeps_members(void **state)
{
	static const uint64_t counts[] = {1, 2, 3, 7, 64, 100, 411, 412, 1000, 1024};

	(void) state;
	for (size_t i = 0; i < sizeof(counts) / sizeof(counts[0]); i++)
	{
		uint64_t	z = counts[i];
		uint64_t	n = z * 30;
		size_t		len;
		uint8_t    *buf = filled(z, 1000, 1000 + n, &len);
		bf_view		view = tu_view(buf, len);

		for (size_t k = 0; k < sizeof(counts) / sizeof(counts[0]); k++)
		{
			bf_bank_source source;
			size_t		mlen;
			uint8_t    *mapped;

			bf_bank_source_init(&source, &view, counts[k]);
			mapped = mapped_filter(&source, &mlen);
			for (uint64_t key = 1000; key < 1000 + n; key++)
				assert_true(blocks_contain(mapped, mlen, tu_key(key)));
			test_free(mapped);
		}
		test_free(buf);
	}
}

/*
 * An exact list maps onto any geometry as its hashes added to an empty
 * filter of that many blocks, byte for byte, across the ranges of blocks
 * that the hashes' order splits it at
 */
static void
test_map_exact_list(void **state)
{
	static const uint64_t sizes[] = {0, 1, 2, 100, 5000, 65536};
	static const uint64_t counts[] = {1, 3, 64, 333, 4096};

	(void) state;
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
	{
		size_t		len;
		uint8_t    *buf = tu_exact(0, sizes[i], &len);
		bf_view		view = tu_view(buf, len);

		for (size_t k = 0; k < sizeof(counts) / sizeof(counts[0]); k++)
		{
			size_t		flen;
			uint8_t    *expected = tu_blocks(counts[k], counts[k], 0.01, 0, &flen);
			bf_bank_source source;
			size_t		mlen;
			uint8_t    *mapped;

			tu_add_range(expected, flen, 0, sizes[i]);
			bf_bank_source_init(&source, &view, counts[k]);
			mapped = mapped_filter(&source, &mlen);
			assert_memory_equal(mapped + BF_HEADER_SIZE, expected + BF_HEADER_SIZE,
								flen - BF_HEADER_SIZE);
			test_free(mapped);
			test_free(expected);
		}
		test_free(buf);
	}
}

/*
 * A group names, for every value, exactly the filters whose blocks hold
 * it, members and non-members alike, at every shape: from one column to
 * the most a page holds (pieces of whole blocks, of several blocks, and of
 * a half to a thirty-second of a block)
 */
static void
test_group_answers_as_filters(void **state)
{
	static const struct
	{
		uint32_t	columns;
		uint64_t	nblocks;
	}			groups[] = {
		{1, 1}, {1, 300}, {3, 7}, {40, 17}, {255, 4}, {256, 4}, {600, 3},
		{1100, 2}, {2040, 2}, {4080, 1}, {8160, 1}
	};

	(void) state;
	for (size_t g = 0; g < sizeof(groups) / sizeof(groups[0]); g++)
	{
		tu_group	group = group_of(groups[g].columns, groups[g].nblocks, 50, 600);
		uint64_t   *candidates = test_malloc(((group.ncolumns + 63) / 64) * 8);

		/* members of the first columns, then values of none */
		for (uint64_t key = 0; key < 200 + 3000; key++)
		{
			uint64_t	hash = key < 200 ? tu_key(key) : tu_key(TU_ABSENT + key);

			group_test(&group, hash, candidates);
			for (uint32_t c = 0; c < group.ncolumns; c++)
			{
				bool		named = (candidates[c / 64] >> (c % 64)) & 1;
				bf_view		view = tu_view(group.filters[c], group.lens[c]);

				assert_int_equal(named, bf_contains(&view, hash));
			}
		}
		test_free(candidates);
		free_group(&group);
	}
}

/*
 * Written a unit at a time (bf_bank_pieces_per_write), the pages are the
 * same; read back (bf_bank_gather, bf_bank_unpack), each column is its
 * filter's blocks
 */
static void
test_write_by_parts_and_gather(void **state)
{
	static const uint32_t columns[] = {2, 255, 300, 2040, 8160};

	(void) state;
	for (size_t g = 0; g < sizeof(columns) / sizeof(columns[0]); g++)
	{
		uint64_t	nblocks = columns[g] > 1000 ? 3 : 11;
		tu_group	group = group_of(columns[g], nblocks, 10, 300);
		uint64_t	unit = bf_bank_pieces_per_write(&group.shape);
		uint8_t   **pages = test_malloc(group.npieces * sizeof(uint8_t *));
		uint8_t    *blocks = test_malloc(nblocks * BF_BLOCK_BYTES);

		for (uint64_t p = 0; p < group.npieces; p++)
			pages[p] = test_calloc(1, TU_PAGE_BYTES);
		for (uint64_t p = 0; p < group.npieces; p += unit)
			bf_bank_write(&group.shape, p,
						  group.npieces - p < unit ? group.npieces - p : unit,
						  group.sources, group.ncolumns, pages + p);
		for (uint64_t p = 0; p < group.npieces; p++)
			assert_memory_equal(pages[p], group.pages[p], TU_PAGE_BYTES);

		for (uint32_t c = 0; c < group.ncolumns; c += 1 + c / 3)
		{
			for (uint64_t p = 0; p < group.npieces; p++)
				bf_bank_gather(&group.shape, p, group.pages[p], c, nblocks, blocks);
			bf_bank_unpack(blocks, nblocks);
			assert_memory_equal(blocks, group.filters[c] + BF_HEADER_SIZE,
								nblocks * BF_BLOCK_BYTES);
		}
		for (uint64_t p = 0; p < group.npieces; p++)
			test_free(pages[p]);
		test_free(pages);
		test_free(blocks);
		free_group(&group);
	}
}

/*
 * The model's rate of a mapped filter: a filter's own where it maps as
 * itself, and, for a filter mapped onto the power of two below its count,
 * within a factor of two of the rate measured over 200,000 values never
 * added (at loads where a fold costs little and where it costs much)
 */
static void
test_mapped_fpr(void **state)
{
	static const double loads[] = {2.0, 8.0, 20.0};

	(void) state;
	for (size_t i = 0; i < sizeof(loads) / sizeof(loads[0]); i++)
	{
		uint64_t	z = 1500;
		uint64_t	n = (uint64_t) (loads[i] * z);
		size_t		len;
		uint8_t    *buf = filled(z, 0, n, &len);
		bf_view		view = tu_view(buf, len);
		uint64_t	to;
		bf_bank_source source;
		size_t		mlen;
		uint8_t    *mapped;
		uint64_t	positives = 0;
		double		model;
		double		measured;

		assert_near(bf_bank_mapped_fpr(&view.hdr, z),
					bf_model_fpr(bf_cardinality(&view), z), 1e-15);
		assert_ok(bf_bank_geometry(&view.hdr, true, &to));
		assert_int_equal(to, 1024);
		bf_bank_source_init(&source, &view, to);
		mapped = mapped_filter(&source, &mlen);
		for (uint64_t key = 0; key < 200000; key++)
			positives += blocks_contain(mapped, mlen, tu_key(TU_ABSENT + key));
		model = bf_bank_mapped_fpr(&view.hdr, to);
		measured = (double) positives / 200000.0;
		assert_true(model > bf_bank_mapped_fpr(&view.hdr, z));
		assert_true(measured <= 2.0 * model + 1e-4 && measured >= model / 2.0 - 1e-4);
		test_free(mapped);
		test_free(buf);
	}
}

/*
 * Geometries: a block filter keeps its count, or with a fold the greatest
 * power of two not above it; an exact list gets the auto-sized count of
 * its hashes
 */
static void
test_geometry(void **state)
{
	size_t		len;
	uint8_t    *buf = tu_blocks(412, 10000, 0.01, 0, &len);
	bf_view		view = tu_view(buf, len);
	uint8_t    *exact = tu_exact(0, 5000, &len);
	bf_view		list = tu_view(exact, len);
	uint64_t	nblocks;
	uint64_t	expected;

	(void) state;
	assert_ok(bf_bank_geometry(&view.hdr, false, &nblocks));
	assert_int_equal(nblocks, 412);
	assert_ok(bf_bank_geometry(&view.hdr, true, &nblocks));
	assert_int_equal(nblocks, 256);
	view.hdr.nitems = 512;
	assert_ok(bf_bank_geometry(&view.hdr, true, &nblocks));
	assert_int_equal(nblocks, 512);
	assert_ok(bf_bank_geometry(&list.hdr, false, &nblocks));
	assert_ok(bf_auto_blocks(5000, list.hdr.fpr, &expected));
	assert_int_equal(nblocks, expected);
	assert_false(bf_bank_maps_exactly(&list.hdr, nblocks));
	test_free(buf);
	test_free(exact);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_shapes),
		cmocka_unit_test(test_map_is_fold),
		cmocka_unit_test(test_map_keeps_members),
		cmocka_unit_test(test_map_exact_list),
		cmocka_unit_test(test_group_answers_as_filters),
		cmocka_unit_test(test_write_by_parts_and_gather),
		cmocka_unit_test(test_mapped_fpr),
		cmocka_unit_test(test_geometry),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
