/*-------------------------------------------------------------------------
 *
 * test_acc.c
 *	  Unit tests of the accumulator (bf_acc*.c): the phase x operand matrix
 *	  of union and intersection against the operations on serialized
 *	  filters, every kind rule, both hash modes, the filter a set of
 *	  values finishes as against the one sized for its exact count, the
 *	  same bytes from every split of the values, the fold policy, parts
 *	  of a filter, memory through the caller's hooks, failures included,
 *	  and the check of its invariants (bf_acc_check).
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  test/unit/test_acc.c
 *
 *-------------------------------------------------------------------------
 */
#include "unit.h"

#include "bf_acc_exact.h"
#include "bf_internal.h"
#include "bf_parquet.h"

/* Block count of the block filters of the matrix */
#define NBLOCKS		512

/* Kinds the kind rules are tested with (TU_KIND is the usual one) */
#define OTHER_KIND	2

/* A kind of Parquet mode, whose values have Parquet's hash id */
#define PQ_KIND		BF_KIND_PQ_INT64

/* The test allocator: what is live, and the allocation that fails */
typedef struct arena
{
	size_t		live;
	size_t		calls;
	size_t		fail_at;		/* 0: none fails */
} arena;

static arena the_arena;

/* Allocate from the test allocator, recording the size before the block */
static void *
arena_alloc(void *context, size_t size)
{
	arena	   *a = context;
	size_t	   *block;

	if (a->fail_at != 0 && ++a->calls >= a->fail_at)
		return NULL;
	block = test_malloc(size + 16);
	block[0] = size;
	a->live++;
	return (char *) block + 16;
}

/* Give back to the test allocator, which checks the size given back */
static void
arena_release(void *context, void *memory, size_t size)
{
	arena	   *a = context;
	size_t	   *block = (size_t *) ((char *) memory - 16);

	assert_int_equal(block[0], size);
	assert_true(a->live > 0);
	a->live--;
	test_free(block);
}

static const bf_allocator mem = {&the_arena, arena_alloc, arena_release};

/* Start a test: nothing live, no failure */
static int
setup(void **state)
{
	(void) state;
	memset(&the_arena, 0, sizeof(the_arena));
	return 0;
}

/* End a test: everything the accumulators took was given back */
static int
teardown(void **state)
{
	(void) state;
	assert_int_equal(the_arena.live, 0);
	return 0;
}

/* An empty exact accumulator of kind kind, as bloom_agg(value) starts */
static void
init_exact(bf_acc *acc, uint32_t kind)
{
	bf_header	hdr;

	bf_header_init(&hdr, BF_LAYOUT_EXACT, 0, 0, 0.01, BF_FLAG_AUTO, kind);
	assert_ok(bf_acc_init(acc, &mem, &hdr));
}

/* An empty block accumulator of nblocks blocks, as a sized bloom_agg */
static void
init_blocks(bf_acc *acc, uint64_t nblocks, uint16_t flags, uint32_t kind)
{
	bf_header	hdr;

	bf_header_init(&hdr, BF_LAYOUT_BLOCKS, nblocks,
				   flags & BF_FLAG_AUTO ? bf_capacity_of(nblocks, 0.01) : 10000,
				   0.01, flags, kind);
	assert_ok(bf_acc_init(acc, &mem, &hdr));
}

/* Add the hashes of keys [from, to) */
static void
add_keys(bf_acc *acc, uint64_t from, uint64_t to)
{
	uint64_t	i;

	for (i = from; i < to; i++)
		assert_ok(bf_acc_add(acc, tu_key(i)));
}

/* The accumulator flattened, on the heap */
static uint8_t *
flat(bf_acc *acc, size_t *len)
{
	uint8_t    *buf;

	assert_ok(bf_acc_flat_size(acc, len));
	buf = test_malloc(*len);
	assert_ok(bf_acc_flatten(acc, buf, *len));
	assert_ok(bf_validate(buf, *len));
	return buf;
}

/*
 * View of a flattened accumulator, which may be a list (bf_open_list: no
 * operation on filters takes one, but the accumulator's union does)
 */
static bf_view
flat_view(const uint8_t *buf, size_t len)
{
	bf_view		view;

	assert_ok(bf_open_list(buf, len, &view));
	return view;
}

/*
 * The filter the accumulator finishes as (or, pack, its packed form,
 * bf_acc_pack: a partial state's text and binary forms), on the heap,
 * validated
 */
static uint8_t *
result_of(bf_acc *acc, bool pack, size_t *len, bool *as_is)
{
	bf_acc_result result;
	uint8_t    *buf;

	assert_ok(pack ? bf_acc_pack(acc, &mem, &result) :
			  bf_acc_finish(acc, &mem, &result));
	assert_ok(bf_validate(result.filter, result.len));
	*len = result.len;
	buf = test_malloc(*len);
	memcpy(buf, result.filter, *len);
	arena_release(&the_arena, result.filter, result.len);
	if (as_is != NULL)
		*as_is = result.as_is;
	return buf;
}

/* The accumulator's packed form, on the heap (result_of) */
static uint8_t *
packed(bf_acc *acc, size_t *len)
{
	return result_of(acc, true, len, NULL);
}

/* The filter the accumulator finishes as, on the heap (result_of) */
static uint8_t *
finished(bf_acc *acc, size_t *len, bool *as_is)
{
	return result_of(acc, false, len, as_is);
}

/* Compare two hashes for qsort */
static int
compare_hashes(const void *a, const void *b)
{
	uint64_t	x = *(const uint64_t *) a;
	uint64_t	y = *(const uint64_t *) b;

	return x < y ? -1 : x > y;
}

/*
 * The filter sized for n distinct hashes (bf_auto_header), built the slow
 * way from them (any order, repeats dropped here): what bloom_agg(value)
 * must give
 */
static uint8_t *
reference(uint64_t *hashes, size_t n, uint32_t kind, size_t *len)
{
	bf_header	hdr;
	uint8_t    *buf;
	size_t		distinct = 0;
	size_t		i;

	qsort(hashes, n, sizeof(uint64_t), compare_hashes);
	for (i = 0; i < n; i++)
		if (distinct == 0 || hashes[distinct - 1] != hashes[i])
			hashes[distinct++] = hashes[i];
	assert_ok(bf_auto_header(distinct, 0.01, kind, &hdr));
	if (hdr.layout == BF_LAYOUT_EXACT)
	{
		*len = bf_size_exact(distinct);
		buf = test_malloc(*len);
		assert_ok(bf_init_exact(buf, *len, &hdr, hashes, distinct));
		return buf;
	}
	*len = bf_size_blocks(hdr.nitems);
	buf = test_malloc(*len);
	assert_ok(bf_init(buf, *len, &hdr));
	assert_ok(bf_add_hashes(buf, *len, hashes, distinct));
	return buf;
}

/* The reference filter of keys [from, to) */
static uint8_t *
reference_keys(uint64_t from, uint64_t to, uint32_t kind, size_t *len)
{
	size_t		n = (size_t) (to - from);
	uint64_t   *hashes = test_malloc(n * sizeof(uint64_t) + 1);
	uint8_t    *buf;
	size_t		i;

	for (i = 0; i < n; i++)
		hashes[i] = tu_key(from + i);
	buf = reference(hashes, n, kind, len);
	test_free(hashes);
	return buf;
}

/* The reference filter of an exact filter's hashes, sized again */
static uint8_t *
reference_of(const bf_view *exact, size_t *len)
{
	size_t		n = exact->hdr.nitems;
	uint64_t   *hashes = test_malloc(n * sizeof(uint64_t) + 1);
	uint8_t    *buf;

	bf_exact_hashes(exact, 0, n, hashes);
	buf = reference(hashes, n, exact->hdr.kind, len);
	test_free(hashes);
	return buf;
}

/*
 * Fail unless an accumulator finishes as the filter sized for keys
 * [from, to) (kind TU_KIND)
 */
static void
assert_finishes_as(bf_acc *acc, uint64_t from, uint64_t to)
{
	size_t		flen;
	size_t		rlen;
	uint8_t    *f = finished(acc, &flen, NULL);
	uint8_t    *r = reference_keys(from, to, TU_KIND, &rlen);

	tu_assert_same(f, flen, r, rlen);
	test_free(f);
	test_free(r);
}

/* Set the kind in a serialized filter's header */
static void
set_kind(uint8_t *buf, size_t len, uint32_t kind)
{
	bf_header	hdr;

	assert_ok(bf_read_header(buf, len, &hdr));
	hdr.kind = kind;
	bf_write_header(buf, &hdr);
}

/* The states of the accumulator in the matrix */
typedef enum state_shape
{
	STATE_EXACT,				/* a run and pending hashes */
	STATE_EXACT_EMPTY,			/* no hashes at all */
	STATE_BLOCKS,				/* a sized filter and pending hashes */
	STATE_BLOCKS_AUTO,			/* a copy of an auto-sized filter */
	NSTATES
} state_shape;

/* The operands of the matrix */
typedef enum operand_shape
{
	OP_EXACT,					/* keys overlapping the state's */
	OP_EXACT_EMPTY,
	OP_BLOCKS_SAME,				/* as many blocks as the state's */
	OP_BLOCKS_LARGER,			/* twice as many */
	OP_BLOCKS_SMALLER,			/* half as many */
	OP_BLOCKS_EMPTY,
	OP_BLOCKS_SATURATED,		/* every bit set */
	NOPERANDS
} operand_shape;

/*
 * Build a state of the matrix, of kind kind: the same one every call, so
 * that one copy can be flattened for the reference while the other meets
 * the operand with its pending hashes unapplied
 */
static void
make_state(bf_acc *acc, state_shape shape, uint32_t kind)
{
	size_t		len;
	uint8_t    *buf;
	bf_view		view;
	size_t		ignored;

	switch (shape)
	{
		case STATE_EXACT:
			init_exact(acc, kind);
			add_keys(acc, 0, 2000);
			assert_ok(bf_acc_flat_size(acc, &ignored));
			add_keys(acc, 1500, 3000);
			assert_true(acc->npending > 0 && acc->hdr.nitems == 2000);
			break;
		case STATE_EXACT_EMPTY:
			init_exact(acc, kind);
			break;
		case STATE_BLOCKS:
			init_blocks(acc, NBLOCKS, 0, kind);
			add_keys(acc, 0, 3000);
			assert_true(acc->npending > 0);
			break;
		case STATE_BLOCKS_AUTO:
			init_exact(acc, kind);
			add_keys(acc, 0, 1000);
			buf = tu_blocks(NBLOCKS, bf_capacity_of(NBLOCKS, 0.01), 0.01,
							BF_FLAG_AUTO, &len);
			tu_add_range(buf, len, 1000, 3000);
			set_kind(buf, len, kind);
			view = tu_view(buf, len);
			assert_ok(bf_acc_union(acc, &view));
			assert_int_equal(acc->hdr.layout, BF_LAYOUT_BLOCKS);
			test_free(buf);
			break;
		case NSTATES:
			fail();
	}
}

/* An operand of the matrix, of kind kind, on the heap */
static uint8_t *
make_operand(operand_shape shape, uint32_t kind, size_t *len)
{
	uint8_t    *buf = NULL;
	bf_header	hdr;

	switch (shape)
	{
		case OP_EXACT:
			buf = tu_exact(2500, 4000, len);
			break;
		case OP_EXACT_EMPTY:
			buf = tu_exact(0, 0, len);
			break;
		case OP_BLOCKS_SAME:
		case OP_BLOCKS_LARGER:
		case OP_BLOCKS_SMALLER:
			buf = tu_blocks(shape == OP_BLOCKS_SAME ? NBLOCKS :
							shape == OP_BLOCKS_LARGER ? 2 * NBLOCKS : NBLOCKS / 2,
							20000, 0.02, 0, len);
			tu_add_range(buf, *len, 2500, 4000);
			break;
		case OP_BLOCKS_EMPTY:
			buf = tu_blocks(NBLOCKS, 10000, 0.01, 0, len);
			break;
		case OP_BLOCKS_SATURATED:
			buf = tu_blocks(NBLOCKS, 10000, 0.01, 0, len);
			memset(buf + BF_HEADER_SIZE, 0xFF, *len - BF_HEADER_SIZE);
			assert_ok(bf_read_header(buf, *len, &hdr));
			hdr.bits_set = (uint64_t) NBLOCKS * BF_BLOCK_BITS;
			bf_write_header(buf, &hdr);
			break;
		case NOPERANDS:
			fail();
	}
	set_kind(buf, *len, kind);
	return buf;
}

/*
 * The matrix: every state of the accumulator with every operand, by union
 * and by intersection, with its pending hashes unapplied, gives the bytes
 * of the same operation on the flattened state (bf_union, bf_intersect);
 * the union of two accumulators gives them too; and an exact result
 * finishes as the filter sized for its hashes.  Exact states and exact
 * operands share their parameters, the one case in which the operations
 * on serialized filters choose parameters the accumulator does not (it
 * keeps its own).
 */
static void
test_matrix(void **state)
{
	int			s;
	int			o;
	int			op;

	(void) state;
	for (s = 0; s < NSTATES; s++)
		for (o = 0; o < NOPERANDS; o++)
			for (op = 0; op < 2; op++)
			{
				bf_acc		acc;
				bf_acc		before;
				size_t		olen;
				size_t		blen;
				size_t		alen;
				size_t		rlen;
				uint8_t    *other = make_operand(o, TU_KIND, &olen);
				bf_view		vo = tu_view(other, olen);
				uint8_t    *b;
				uint8_t    *a;
				uint8_t    *r;
				bf_view		vb;

				make_state(&acc, s, TU_KIND);
				make_state(&before, s, TU_KIND);
				b = flat(&before, &blen);
				vb = tu_view(b, blen);
				r = op == 0 ? tu_union(&vb, &vo, &rlen) : tu_intersect(&vb, &vo, &rlen);
				assert_ok(op == 0 ? bf_acc_union(&acc, &vo) : bf_acc_intersect(&acc, &vo));
				a = flat(&acc, &alen);
				tu_assert_same(a, alen, r, rlen);

				if (acc.hdr.layout == BF_LAYOUT_EXACT)
				{
					bf_view		va = tu_view(a, alen);
					size_t		flen;
					size_t		elen;
					uint8_t    *e = reference_of(&va, &elen);
					uint8_t    *f = finished(&acc, &flen, NULL);

					tu_assert_same(f, flen, e, elen);
					test_free(e);
					test_free(f);
				}
				if (op == 0)
				{
					/* the union of two accumulators, the second unflushed */
					bf_acc		mine;
					bf_acc		theirs;
					size_t		ulen;
					uint8_t    *u;

					make_state(&mine, s, TU_KIND);
					make_state(&theirs, s, TU_KIND);
					assert_ok(bf_acc_union(&theirs, &vo));
					assert_ok(bf_acc_union_acc(&mine, &theirs));
					u = flat(&mine, &ulen);
					tu_assert_same(u, ulen, r, rlen);
					test_free(u);
					bf_acc_release(&mine);
					bf_acc_release(&theirs);
				}
				bf_acc_release(&acc);
				bf_acc_release(&before);
				test_free(other);
				test_free(b);
				test_free(a);
				test_free(r);
			}
}

/*
 * Every kind rule, in every phase and with both layouts of operand, by
 * union and by intersection: a side that holds no kind takes the other's;
 * two different kinds never combine.  The phase of the result is the one
 * that carries it: a block accumulator of no kind that meets an exact
 * filter of a kind holds that kind when it is flattened (issue 24).
 */
static void
test_kind_rules(void **state)
{
	static const uint32_t pairs[][2] = {
		{0, 0}, {0, TU_KIND}, {TU_KIND, 0}, {TU_KIND, TU_KIND}, {TU_KIND, OTHER_KIND}
	};
	static const state_shape states[] = {STATE_EXACT, STATE_EXACT_EMPTY,
	STATE_BLOCKS, STATE_BLOCKS_AUTO};
	static const operand_shape operands[] = {OP_EXACT, OP_EXACT_EMPTY,
	OP_BLOCKS_SAME, OP_BLOCKS_SMALLER};
	size_t		k;
	size_t		s;
	size_t		o;
	int			op;

	(void) state;
	for (k = 0; k < sizeof(pairs) / sizeof(pairs[0]); k++)
		for (s = 0; s < sizeof(states) / sizeof(states[0]); s++)
			for (o = 0; o < sizeof(operands) / sizeof(operands[0]); o++)
				for (op = 0; op < 2; op++)
				{
					bf_acc		acc;
					size_t		olen;
					size_t		alen;
					uint8_t    *other = make_operand(operands[o], pairs[k][1], &olen);
					bf_view		vo = tu_view(other, olen);
					bf_status	status;
					uint8_t    *a;

					make_state(&acc, states[s], pairs[k][0]);
					status = op == 0 ? bf_acc_union(&acc, &vo) : bf_acc_intersect(&acc, &vo);
					if (pairs[k][1] == OTHER_KIND)
						assert_status(status, BF_E_KIND_MISMATCH);
					else
					{
						assert_ok(status);
						a = flat(&acc, &alen);
						assert_int_equal(tu_view(a, alen).hdr.kind,
										 pairs[k][0] | pairs[k][1]);
						test_free(a);
					}
					bf_acc_release(&acc);
					test_free(other);
				}
}

/*
 * set_kind gives an accumulator of no kind the values' kind in every
 * phase, and leaves one that holds a kind as it is
 */
static void
test_set_kind(void **state)
{
	int			s;

	(void) state;
	for (s = 0; s < NSTATES; s++)
	{
		bf_acc		acc;
		size_t		len;
		uint8_t    *a;

		make_state(&acc, s, 0);
		assert_ok(bf_acc_set_kind(&acc, TU_KIND));
		assert_ok(bf_acc_set_kind(&acc, OTHER_KIND));
		a = flat(&acc, &len);
		assert_int_equal(tu_view(a, len).hdr.kind, TU_KIND);
		test_free(a);
		bf_acc_release(&acc);
	}
}

/*
 * What the values are (the hash id and seed of the header, and the kind)
 * rides along every change of phase: a header of hash 7 stays hash 7
 * from the exact phase to a copy of a block filter and back to an exact
 * run by intersection; a filter of another hash or seed is refused.
 */
static void
test_descriptor_carried(void **state)
{
	bf_acc		acc;
	bf_header	hdr;
	size_t		blen;
	size_t		elen;
	uint8_t    *blocks = tu_blocks(NBLOCKS, 10000, 0.01, 0, &blen);
	uint8_t    *exact = tu_exact(0, 100, &elen);
	bf_view		vb = tu_view(blocks, blen);
	bf_view		ve = tu_view(exact, elen);
	bf_view		view;

	(void) state;
	tu_add_range(blocks, blen, 0, 100);
	vb = tu_view(blocks, blen);
	vb.hdr.hash_id = 7;
	ve.hdr.hash_id = 7;
	bf_header_init(&hdr, BF_LAYOUT_EXACT, 0, 0, 0.01, BF_FLAG_AUTO, TU_KIND);
	hdr.hash_id = 7;
	assert_ok(bf_acc_init(&acc, &mem, &hdr));
	add_keys(&acc, 0, 10);
	assert_ok(bf_acc_union(&acc, &ve));
	assert_int_equal(bf_acc_view(&acc).hdr.hash_id, 7);
	assert_ok(bf_acc_union(&acc, &vb));
	view = bf_acc_view(&acc);
	assert_int_equal(view.hdr.layout, BF_LAYOUT_BLOCKS);
	assert_int_equal(view.hdr.hash_id, 7);
	assert_ok(bf_acc_intersect(&acc, &ve));
	view = bf_acc_view(&acc);
	assert_int_equal(view.hdr.layout, BF_LAYOUT_EXACT);
	assert_int_equal(view.hdr.hash_id, 7);
	assert_int_equal(view.hdr.nitems, 100);

	ve.hdr.hash_id = BF_HASH_XXH3_64;
	assert_status(bf_acc_union(&acc, &ve), BF_E_HASH_MISMATCH);
	ve.hdr.hash_id = 7;
	ve.hdr.seed = 1;
	assert_status(bf_acc_intersect(&acc, &ve), BF_E_HASH_MISMATCH);
	bf_acc_release(&acc);
	test_free(blocks);
	test_free(exact);
}

/*
 * Parquet mode: an accumulator for values of a Parquet kind has Parquet's
 * hash id (bf_header_init gives it), and every filter it writes carries
 * it: exact lists and block filters sized from the data, a sized filter,
 * the largest auto-sized filter folded down, flattened states and their
 * union, each the filter sized for the same hashes in that mode.  A kind
 * of the other mode is refused by set_kind, whatever kind the accumulator
 * holds, and a filter of the other hash does not combine with it.
 */
static void
test_parquet_mode(void **state)
{
	static const uint64_t counts[] = {10, 100000};
	size_t		c;
	bf_acc		acc;
	bf_acc		leader;
	bf_header	hdr;
	size_t		len;
	size_t		flen;
	size_t		rlen;
	uint8_t    *buf;
	uint8_t    *f;
	uint8_t    *r;
	bf_view		view;
	bool		as_is;

	(void) state;
	for (c = 0; c < sizeof(counts) / sizeof(counts[0]); c++)
	{
		init_exact(&acc, PQ_KIND);
		assert_int_equal(acc.hdr.hash_id, BF_HASH_PARQUET);
		add_keys(&acc, 0, counts[c]);
		add_keys(&acc, 0, counts[c] / 10);
		buf = flat(&acc, &len);
		assert_int_equal(flat_view(buf, len).hdr.hash_id, BF_HASH_PARQUET);

		/* a parallel leader: no kind yet, of the workers' hash */
		bf_header_init(&hdr, BF_LAYOUT_EXACT, 0, 0, 0.01, BF_FLAG_AUTO, 0);
		hdr.hash_id = BF_HASH_PARQUET;
		assert_ok(bf_acc_init(&leader, &mem, &hdr));
		view = flat_view(buf, len);
		assert_ok(bf_acc_union(&leader, &view));

		r = reference_keys(0, counts[c], PQ_KIND, &rlen);
		assert_int_equal(tu_view(r, rlen).hdr.hash_id, BF_HASH_PARQUET);
		f = finished(&acc, &flen, NULL);
		tu_assert_same(f, flen, r, rlen);
		test_free(f);
		f = finished(&leader, &flen, NULL);
		tu_assert_same(f, flen, r, rlen);
		test_free(f);
		test_free(r);
		test_free(buf);
		bf_acc_release(&leader);
		bf_acc_release(&acc);
	}

	/* the largest auto-sized filter folds down in its mode */
	init_blocks(&acc, BF_ACC_MAX_BLOCKS, BF_FLAG_AUTO, PQ_KIND);
	add_keys(&acc, 0, 100000);
	f = finished(&acc, &flen, &as_is);
	assert_false(as_is);
	view = tu_view(f, flen);
	assert_true(view.hdr.nitems < BF_ACC_MAX_BLOCKS);
	assert_int_equal(view.hdr.hash_id, BF_HASH_PARQUET);
	assert_int_equal(view.hdr.kind, PQ_KIND);
	assert_int_equal(tu_count_range(&view, 0, 100000), 100000);
	test_free(f);
	bf_acc_release(&acc);

	/* a sized filter, of no kind yet, takes a kind of its own mode only */
	bf_header_init(&hdr, BF_LAYOUT_BLOCKS, NBLOCKS, 10000, 0.01, 0, 0);
	hdr.hash_id = BF_HASH_PARQUET;
	assert_ok(bf_acc_init(&acc, &mem, &hdr));
	assert_status(bf_acc_set_kind(&acc, TU_KIND), BF_E_HASH_MISMATCH);
	assert_ok(bf_acc_set_kind(&acc, PQ_KIND));
	assert_status(bf_acc_set_kind(&acc, TU_KIND), BF_E_HASH_MISMATCH);
	add_keys(&acc, 0, 1000);
	f = finished(&acc, &flen, &as_is);
	assert_true(as_is);
	view = tu_view(f, flen);
	assert_int_equal(view.hdr.hash_id, BF_HASH_PARQUET);
	assert_int_equal(view.hdr.kind, PQ_KIND);
	test_free(f);

	/* filters of the other hash, exact or blocks, do not combine */
	buf = tu_exact(0, 100, &len);
	view = tu_view(buf, len);
	assert_status(bf_acc_union(&acc, &view), BF_E_HASH_MISMATCH);
	assert_status(bf_acc_intersect(&acc, &view), BF_E_HASH_MISMATCH);
	test_free(buf);
	bf_acc_release(&acc);
	make_state(&acc, STATE_EXACT, TU_KIND);
	assert_status(bf_acc_set_kind(&acc, PQ_KIND), BF_E_HASH_MISMATCH);
	buf = tu_blocks(NBLOCKS, 10000, 0.01, 0, &len);
	assert_ok(bf_read_header(buf, len, &hdr));
	hdr.kind = PQ_KIND;
	hdr.hash_id = BF_HASH_PARQUET;
	bf_write_header(buf, &hdr);
	view = tu_view(buf, len);
	assert_status(bf_acc_union(&acc, &view), BF_E_HASH_MISMATCH);
	test_free(buf);
	bf_acc_release(&acc);
}

/* A block filter of another size than a power of two apart is refused */
static void
test_fold_refused(void **state)
{
	bf_acc		acc;
	size_t		len;
	uint8_t    *other = tu_blocks(NBLOCKS + 1, 10000, 0.01, 0, &len);
	bf_view		vo = tu_view(other, len);

	(void) state;
	make_state(&acc, STATE_BLOCKS, TU_KIND);
	assert_status(bf_acc_union(&acc, &vo), BF_E_FOLD);
	assert_status(bf_acc_intersect(&acc, &vo), BF_E_FOLD);
	bf_acc_release(&acc);
	test_free(other);
}

/*
 * bloom_agg(value): values with repeats finish as the filter sized for
 * their distinct count, exact lists and block filters alike, whether the
 * pending hashes were sorted on the way or not
 */
static void
test_finish_sizes(void **state)
{
	static const uint64_t counts[] = {0, 1, 47, 48, 1000, 65536, 65537, 100000,
	300000};
	size_t		c;

	(void) state;
	for (c = 0; c < sizeof(counts) / sizeof(counts[0]); c++)
	{
		bf_acc		acc;

		init_exact(&acc, TU_KIND);
		add_keys(&acc, 0, counts[c]);
		add_keys(&acc, 0, counts[c] / 10);
		assert_finishes_as(&acc, 0, counts[c]);
		bf_acc_release(&acc);
	}
}

/* The hashes an exact accumulator holds unsorted */
static size_t
unsorted(const bf_acc *acc)
{
	return acc->u.run.nchunked + acc->npending;
}

/*
 * Distinct values are not sorted on their way to a block filter: full
 * pending runs are set aside unsorted as chunks, the finished filter is
 * built from them as they are, and it is the one sized for their exact
 * count
 */
static void
test_distinct_not_sorted(void **state)
{
	bf_acc		acc;

	(void) state;
	init_exact(&acc, TU_KIND);
	add_keys(&acc, 0, 1200000);
	assert_int_equal(acc.hdr.nitems, 0);
	assert_true(acc.u.run.nchunks > 1);
	assert_int_equal(unsorted(&acc), 1200000);
	assert_finishes_as(&acc, 0, 1200000);
	assert_int_equal(unsorted(&acc), 1200000);
	bf_acc_release(&acc);
}

/*
 * Repeats are sorted away as they come, so that memory follows the
 * distinct count: a million rows of 70,000 values hold the 70,000 and at
 * most two pending runs of hashes, in room for 5 times as many (the run's
 * room doubles as it grows)
 */
static void
test_repeats_sorted(void **state)
{
	bf_acc		acc;
	uint64_t	i;

	(void) state;
	init_exact(&acc, TU_KIND);
	for (i = 0; i < 1000000; i++)
	{
		assert_ok(bf_acc_add(&acc, tu_key(i % 70000)));
		assert_true(acc.hdr.nitems + acc.npending <= 70000 + 2 * 65536);
		assert_true(acc.u.run.room + acc.pending_room <= 5 * 70000);
	}
	assert_finishes_as(&acc, 0, 70000);
	bf_acc_release(&acc);
}

/*
 * At the edge of a size class the bounds of the count disagree and the
 * hashes are counted: counts just below, at and above the largest count a
 * class holds, with repeats pending, finish as the filters sized for the
 * exact counts
 */
static void
test_class_edge(void **state)
{
	uint64_t	edge = bf_capacity_of(4096, 0.01);
	int64_t		d;

	(void) state;
	assert_true(edge > BF_AUTO_EXACT_MAX);
	for (d = -1; d <= 1; d++)
	{
		bf_acc		acc;

		init_exact(&acc, TU_KIND);
		add_keys(&acc, 0, edge + d);
		add_keys(&acc, 0, 2000);
		assert_true(unsorted(&acc) > edge + d);
		assert_finishes_as(&acc, 0, edge + d);
		bf_acc_release(&acc);
	}
}

/*
 * A window's growing frame: an accumulator keeps its value when it is
 * finished, so that it is finished again after more values
 */
static void
test_finish_again(void **state)
{
	bf_acc		acc;

	(void) state;
	init_exact(&acc, TU_KIND);
	add_keys(&acc, 0, 70000);
	assert_finishes_as(&acc, 0, 70000);
	add_keys(&acc, 60000, 200000);
	assert_finishes_as(&acc, 0, 200000);
	bf_acc_release(&acc);
}

/*
 * The same bytes from every split of the values: three partial states of
 * disjoint or overlapping parts, flattened (parallel workers) or not
 * (partitions), combined in any order by a fourth, finish as one
 * accumulator of all the values does
 */
static void
test_plans_agree(void **state)
{
	static const uint64_t parts[][3][2] = {
		{{0, 100000}, {100000, 200000}, {200000, 300000}},	/* disjoint */
		{{0, 300000}, {0, 300000}, {0, 300000}},	/* the same values */
		{{0, 150000}, {100000, 250000}, {200000, 300000}},	/* overlapping */
		{{0, 1000}, {1000, 2000}, {0, 300000}}	/* small and large */
	};
	static const int orders[][3] = {{0, 1, 2}, {2, 1, 0}, {1, 2, 0}};
	size_t		p;
	size_t		o;
	int			form;

	(void) state;
	for (p = 0; p < sizeof(parts) / sizeof(parts[0]); p++)
	{
		bf_acc		serial;
		size_t		slen;
		uint8_t    *s;
		int			i;

		init_exact(&serial, TU_KIND);
		for (i = 0; i < 3; i++)
			add_keys(&serial, parts[p][i][0], parts[p][i][1]);
		s = finished(&serial, &slen, NULL);
		bf_acc_release(&serial);
		for (o = 0; o < sizeof(orders) / sizeof(orders[0]); o++)
			for (form = 0; form < 3; form++)
			{
				bf_acc		part[3];
				bf_acc		leader;
				size_t		flen;
				uint8_t    *f;

				init_exact(&leader, 0);
				for (i = 0; i < 3; i++)
				{
					init_exact(&part[i], TU_KIND);
					add_keys(&part[i], parts[p][i][0], parts[p][i][1]);
				}
				for (i = 0; i < 3; i++)
				{
					bf_acc	   *one = &part[orders[o][i]];

					size_t		held = one->hdr.nitems + one->u.run.nchunked +
						one->npending;

					if (form == 1)
					{
						size_t		len;
						uint8_t    *buf = flat(one, &len);
						bf_view		view = flat_view(buf, len);

						/* a large state leaves unsorted, a list */
						assert_int_equal(view.hdr.layout, held > 65536 ?
										 BF_LAYOUT_LIST : BF_LAYOUT_EXACT);
						assert_ok(bf_acc_union(&leader, &view));
						test_free(buf);
					}
					else if (form == 2)
					{
						/* as Citus moves it: the state's text form */
						size_t		len;
						uint8_t    *buf = packed(one, &len);
						bf_view		view = flat_view(buf, len);

						assert_int_equal(view.hdr.layout, BF_LAYOUT_PACKED);
						assert_ok(bf_acc_union(&leader, &view));
						test_free(buf);
					}
					else
					{
						/* the leader sorts none of another's hashes */
						assert_ok(bf_acc_union_acc(&leader, one));
						assert_true(held <= 65536 || leader.u.run.nchunks > 0);
					}
				}
				f = finished(&leader, &flen, NULL);
				tu_assert_same(f, flen, s, slen);
				test_free(f);
				bf_acc_release(&leader);
				for (i = 0; i < 3; i++)
					bf_acc_release(&part[i]);
			}
		test_free(s);
	}
}

/*
 * The fold policy: the largest auto-sized filter folds down to the class
 * of its estimated count; a sized filter, or an auto-sized one of another
 * size, is returned as it is
 */
static void
test_fold_policy(void **state)
{
	bf_acc		acc;
	size_t		len;
	size_t		flen;
	size_t		rlen;
	uint8_t    *f;
	uint8_t    *r;
	uint8_t    *big;
	bf_view		vbig;
	bf_header	hdr;
	uint64_t	target;
	bool		as_is;

	(void) state;
	init_blocks(&acc, BF_ACC_MAX_BLOCKS, BF_FLAG_AUTO, TU_KIND);
	add_keys(&acc, 0, 100000);
	f = finished(&acc, &flen, &as_is);
	assert_false(as_is);
	big = tu_blocks(BF_ACC_MAX_BLOCKS, bf_capacity_of(BF_ACC_MAX_BLOCKS, 0.01),
					0.01, BF_FLAG_AUTO, &len);
	tu_add_range(big, len, 0, 100000);
	vbig = tu_view(big, len);
	assert_ok(bf_auto_blocks((uint64_t) ceil(bf_cardinality(&vbig)), 0.01, &target));
	rlen = bf_size_blocks(target);
	r = test_malloc(rlen);
	assert_ok(bf_fold(r, rlen, &vbig, target));
	assert_ok(bf_read_header(r, rlen, &hdr));
	hdr.capacity = bf_capacity_of(target, 0.01);
	bf_write_header(r, &hdr);
	tu_assert_same(f, flen, r, rlen);
	test_free(f);
	test_free(r);
	test_free(big);
	bf_acc_release(&acc);

	make_state(&acc, STATE_BLOCKS, TU_KIND);
	f = finished(&acc, &flen, &as_is);
	assert_true(as_is);
	r = flat(&acc, &rlen);
	tu_assert_same(f, flen, r, rlen);
	test_free(f);
	test_free(r);
	bf_acc_release(&acc);
}

/*
 * A part of a filter accumulates as bloom_part_agg builds it: its values'
 * local hashes give the part bf_split cuts from the whole, byte for byte;
 * a small part batches no more hashes than a quarter of its blocks; and a
 * part is never folded, not even one of the largest auto-sized filter
 * (bloom_split(f, 1) of it), whose size alone would have the whole folded.
 */
static void
test_parts_accumulate(void **state)
{
	const uint32_t nparts = 8;
	uint64_t	nblocks;
	size_t		wlen;
	size_t		plen;
	size_t		flen;
	uint8_t    *whole;
	uint8_t    *split;
	uint8_t    *f;
	bf_view		wview;
	bf_header	hdr;
	bf_acc		acc;
	bool		as_is;
	uint64_t	local;
	uint64_t	i;
	uint32_t	p;

	(void) state;
	assert_ok(bf_whole_blocks(10000, 0.01, nparts, &nblocks));
	whole = tu_blocks(nblocks, 10000, 0.01, 0, &wlen);
	tu_add_range(whole, wlen, 0, 10000);
	wview = tu_view(whole, wlen);
	for (p = 0; p < nparts; p++)
	{
		assert_ok(bf_part_header(10000, 0.01, nparts, p, TU_KIND, &hdr));
		assert_ok(bf_acc_init(&acc, &mem, &hdr));
		for (i = 0; i < 10000; i++)
			if (bf_part_of(tu_key(i), nparts) == p)
			{
				assert_ok(bf_part_hash(&hdr, tu_key(i), &local));
				assert_ok(bf_acc_add(&acc, local));
			}
		assert_true(acc.pending_room <= 16 || acc.pending_room <= hdr.nitems / 4);
		f = finished(&acc, &flen, &as_is);
		assert_true(as_is);
		plen = bf_size_blocks(nblocks / nparts);
		split = test_malloc(plen);
		assert_ok(bf_split(split, plen, &wview, nparts, p));
		tu_assert_same(f, flen, split, plen);
		test_free(split);
		test_free(f);
		bf_acc_release(&acc);
	}
	test_free(whole);

	whole = tu_blocks(BF_ACC_MAX_BLOCKS, bf_capacity_of(BF_ACC_MAX_BLOCKS, 0.01),
					  0.01, BF_FLAG_AUTO, &wlen);
	tu_add_range(whole, wlen, 0, 1000);
	wview = tu_view(whole, wlen);
	split = test_malloc(wlen);
	assert_ok(bf_split(split, wlen, &wview, 1, 0));
	assert_ok(bf_read_header(split, wlen, &hdr));
	hdr.bits_set = 0;
	assert_ok(bf_acc_init(&acc, &mem, &hdr));
	for (i = 0; i < 1000; i++)
	{
		assert_ok(bf_part_hash(&hdr, tu_key(i), &local));
		assert_ok(bf_acc_add(&acc, local));
	}
	f = finished(&acc, &flen, &as_is);
	assert_true(as_is);
	tu_assert_same(f, flen, split, wlen);
	test_free(f);
	test_free(split);
	test_free(whole);
	bf_acc_release(&acc);
}

/*
 * Past BF_ACC_EXACT_MAX distinct values the exact phase ends: the
 * accumulator is the largest auto-sized filter, which finishes folded to
 * the ladder size of its count (its set bits counted when the finish
 * itself ends the phase)
 */
static void
test_promotion(void **state)
{
	bf_acc		acc;
	size_t		flen;
	uint8_t    *f;
	bf_view		view;
	uint64_t	n = BF_ACC_EXACT_MAX + 1;
	uint64_t	blocks;
	bool		as_is;

	(void) state;
	init_exact(&acc, TU_KIND);
	add_keys(&acc, 0, BF_ACC_EXACT_MAX);
	assert_int_equal(acc.hdr.layout, BF_LAYOUT_EXACT);
	add_keys(&acc, 0, n);
	f = finished(&acc, &flen, &as_is);
	assert_int_equal(acc.hdr.layout, BF_LAYOUT_BLOCKS);
	assert_int_equal(acc.hdr.nitems, BF_ACC_MAX_BLOCKS);
	assert_false(as_is);
	view = tu_view(f, flen);
	assert_ok(bf_auto_blocks(n, 0.01, &blocks));
	assert_int_equal(view.hdr.nitems, blocks);
	assert_int_equal(tu_count_range(&view, 0, n), n);
	test_free(f);
	bf_acc_release(&acc);
}

/*
 * The add kernels count the hashes that were members already, in every
 * kernel set: what finish_exact's lower bound rests on
 */
static void
test_kernels_count_present(void **state)
{
	bf_kernel_set sets[2];
	int			nsets = tu_kernel_sets(sets);
	int			k;

	(void) state;
	for (k = 0; k < nsets; k++)
	{
		uint8_t		blocks[64 * BF_BLOCK_BYTES];
		uint64_t	hashes[300];
		size_t		present = 0;
		int			i;

		memset(blocks, 0, sizeof(blocks));
		for (i = 0; i < 300; i++)
			hashes[i] = tu_key(i % 100);
		assert_ok(bf_use_kernels(sets[k]));
		(void) bf_kernels_current()->add(blocks, 64, hashes, 300, &present);
		/* the 200 repeats, and any of the 100 that were false positives */
		assert_true(present >= 200 && present < 300);
	}
	assert_ok(bf_use_kernels(BF_KERNELS_AUTO));
}

/* A flattened accumulator must have been sized first */
static void
test_flatten_needs_size(void **state)
{
	bf_acc		acc;
	uint8_t		buf[256];

	(void) state;
	init_exact(&acc, TU_KIND);
	add_keys(&acc, 0, 3);
	assert_status(bf_acc_flatten(&acc, buf, bf_size_exact(3)), BF_E_BUFFER);
	bf_acc_release(&acc);
}

/*
 * Memory comes only through the hooks, and every allocation that fails is
 * a status: a run of adds, unions and a finish fails at each allocation in
 * turn, reports BF_E_MEMORY, and the accumulator gives back all it holds
 */
static void
test_allocation_failures(void **state)
{
	size_t		blen;
	size_t		elen;
	uint8_t    *blocks = tu_blocks(NBLOCKS, 10000, 0.01, 0, &blen);
	uint8_t    *exact = tu_exact(0, 70000, &elen);
	size_t		fail_at;
	bool		failed = true;

	(void) state;
	tu_add_range(blocks, blen, 0, 100);
	for (fail_at = 1; failed; fail_at++)
	{
		bf_view		vb = tu_view(blocks, blen);
		bf_view		ve = tu_view(exact, elen);
		bf_acc		acc;
		bf_acc_result result;
		bf_status	status;
		uint64_t	i;

		init_exact(&acc, TU_KIND);
		the_arena.calls = 0;
		the_arena.fail_at = fail_at;
		status = BF_OK;
		for (i = 0; i < 200000 && status == BF_OK; i++)
			status = bf_acc_add(&acc, tu_key(i));
		if (status == BF_OK)
			status = bf_acc_union(&acc, &ve);
		if (status == BF_OK)
			status = bf_acc_finish(&acc, &mem, &result);
		if (status == BF_OK)
			arena_release(&the_arena, result.filter, result.len);
		if (status == BF_OK)
			status = bf_acc_union(&acc, &vb);
		if (status == BF_OK)
			status = bf_acc_intersect(&acc, &ve);
		failed = status != BF_OK;
		if (failed)
			assert_status(status, BF_E_MEMORY);
		the_arena.fail_at = 0;
		bf_acc_release(&acc);
		assert_int_equal(the_arena.live, 0);
	}
	assert_true(fail_at > 5);
	test_free(blocks);
	test_free(exact);
}

/*
 * Lists that a combine set aside unsorted and unsampled, then values
 * added: the first full pending run makes the sample of the lists again
 * (to tell new values from held ones), and the filter is still the one
 * sized for all the values
 */
static void
test_adds_after_lists(void **state)
{
	bf_acc		part;
	bf_acc		acc;
	size_t		len;
	uint8_t    *buf;
	bf_view		view;
	int			i;

	(void) state;
	init_exact(&acc, TU_KIND);
	for (i = 0; i < 2; i++)
	{
		init_exact(&part, TU_KIND);
		add_keys(&part, 100000 * i, 100000 * (i + 1));
		buf = flat(&part, &len);
		view = flat_view(buf, len);
		assert_int_equal(view.hdr.layout, BF_LAYOUT_LIST);
		assert_ok(bf_acc_union(&acc, &view));
		test_free(buf);
		bf_acc_release(&part);
	}
	assert_true(acc.u.run.nchunks > 0 && acc.u.run.sample_stale);
	/* repeats of held values, then new ones */
	add_keys(&acc, 50000, 450000);
	assert_false(acc.u.run.sample_stale);
	assert_true(bf_acc_check(&acc));
	assert_finishes_as(&acc, 0, 450000);
	bf_acc_release(&acc);
}

/*
 * A sized accumulator (bloom_agg(value, capacity, fpr)) holds its hashes
 * until they are as large as its filter: a state of few values leaves as
 * a list with its block count, and a leader that gathers such lists, from
 * no state at all, takes their hashes until they fill it, then makes the
 * filter; either way the filter is the one of the serial plan, byte for
 * byte, and a list of another size folds as its filter would
 */
static void
test_sized_lists(void **state)
{
	bf_acc		serial;
	bf_acc		part;
	bf_acc		leader;
	bf_view		view;
	size_t		slen;
	size_t		flen;
	size_t		len;
	uint8_t    *s;
	uint8_t    *f;
	uint8_t    *buf;
	int			form;
	int			i;

	(void) state;
	init_blocks(&serial, NBLOCKS, 0, TU_KIND);
	add_keys(&serial, 0, 100);
	assert_true(serial.u.blocks.filter == NULL);
	add_keys(&serial, 100, 6000);
	assert_true(serial.u.blocks.filter != NULL);
	s = finished(&serial, &slen, NULL);
	bf_acc_release(&serial);

	for (form = 0; form < 2; form++)
	{
		/* lists as PostgreSQL's workers hand them on, packed as Citus's */
		init_exact(&leader, 0);
		for (i = 0; i < 12; i++)
		{
			init_blocks(&part, NBLOCKS, 0, TU_KIND);
			add_keys(&part, 500 * i, 500 * (i + 1));
			buf = form == 0 ? flat(&part, &len) : packed(&part, &len);
			view = flat_view(buf, len);
			assert_int_equal(view.hdr.layout, form == 0 ? BF_LAYOUT_LIST :
							 BF_LAYOUT_PACKED);
			assert_int_equal(view.hdr.bits_set, NBLOCKS);
			assert_int_equal(view.hdr.nitems, 500);
			assert_true(form == 0 || len < bf_size_list(500));
			assert_ok(bf_acc_union(&leader, &view));
			assert_int_equal(leader.hdr.layout, BF_LAYOUT_BLOCKS);
			/* 4 hashes a block fill it after the fourth list */
			assert_true((leader.u.blocks.filter == NULL) == (i < 4));
			test_free(buf);
			bf_acc_release(&part);
		}
		f = finished(&leader, &flen, NULL);
		tu_assert_same(f, flen, s, slen);
		test_free(f);
		bf_acc_release(&leader);
	}

	/* a deferred state finishes as its filter, as the made one does */
	init_blocks(&part, NBLOCKS, 0, TU_KIND);
	add_keys(&part, 0, 6000);
	f = finished(&part, &flen, NULL);
	tu_assert_same(f, flen, s, slen);
	test_free(f);
	bf_acc_release(&part);

	/* a list of half the blocks: the union folds the leader's down */
	init_blocks(&leader, NBLOCKS, 0, TU_KIND);
	add_keys(&leader, 0, 3000);
	init_blocks(&part, NBLOCKS / 2, 0, TU_KIND);
	add_keys(&part, 3000, 3100);
	buf = flat(&part, &len);
	view = flat_view(buf, len);
	assert_int_equal(view.hdr.bits_set, NBLOCKS / 2);
	assert_ok(bf_acc_union(&leader, &view));
	assert_int_equal(leader.hdr.nitems, NBLOCKS / 2);
	assert_int_equal(tu_count_range(&(bf_view) {leader.hdr, leader.u.blocks.filter + BF_HEADER_SIZE}, 0, 3100), 3100);
	test_free(buf);
	test_free(s);
	bf_acc_release(&part);
	bf_acc_release(&leader);
}

/*
 * bf_acc_check tells a sound accumulator from a broken one, in each
 * phase: a run out of order, a count of chunked hashes that is off,
 * pending hashes past their room, a block filter whose count of set bits
 * is not its blocks'
 */
static void
test_check(void **state)
{
	bf_acc		acc;
	uint64_t	swap;
	size_t		ignored;

	(void) state;
	init_exact(&acc, TU_KIND);
	add_keys(&acc, 0, 3000);
	assert_ok(bf_acc_flat_size(&acc, &ignored));
	assert_true(bf_acc_check(&acc));
	swap = acc.u.run.hashes[0];
	acc.u.run.hashes[0] = acc.u.run.hashes[1];
	acc.u.run.hashes[1] = swap;
	assert_false(bf_acc_check(&acc));
	acc.u.run.hashes[1] = acc.u.run.hashes[0];
	acc.u.run.hashes[0] = swap;
	assert_true(bf_acc_check(&acc));
	acc.u.run.nchunked++;
	assert_false(bf_acc_check(&acc));
	acc.u.run.nchunked--;
	acc.npending = acc.pending_room + 1;
	assert_false(bf_acc_check(&acc));
	acc.npending = 0;
	assert_true(bf_acc_check(&acc));
	bf_acc_release(&acc);

	init_blocks(&acc, NBLOCKS, 0, TU_KIND);
	add_keys(&acc, 0, 3000);
	assert_true(bf_acc_check(&acc));
	/* its bits counted, as a flat form needs them */
	assert_ok(bf_acc_flat_size(&acc, &ignored));
	acc.hdr.bits_set++;
	assert_false(bf_acc_check(&acc));
	acc.hdr.bits_set--;
	assert_true(bf_acc_check(&acc));
	bf_acc_release(&acc);
}

/* These tests run with the core's assertions on (test/Makefile) */
static void
test_asserts_on(void **state)
{
	(void) state;
	assert_true(bf_asserts_enabled());
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_asserts_on),
		cmocka_unit_test_setup_teardown(test_matrix, setup, teardown),
		cmocka_unit_test_setup_teardown(test_kind_rules, setup, teardown),
		cmocka_unit_test_setup_teardown(test_set_kind, setup, teardown),
		cmocka_unit_test_setup_teardown(test_descriptor_carried, setup, teardown),
		cmocka_unit_test_setup_teardown(test_parquet_mode, setup, teardown),
		cmocka_unit_test_setup_teardown(test_fold_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(test_finish_sizes, setup, teardown),
		cmocka_unit_test_setup_teardown(test_distinct_not_sorted, setup, teardown),
		cmocka_unit_test_setup_teardown(test_repeats_sorted, setup, teardown),
		cmocka_unit_test_setup_teardown(test_class_edge, setup, teardown),
		cmocka_unit_test_setup_teardown(test_finish_again, setup, teardown),
		cmocka_unit_test_setup_teardown(test_plans_agree, setup, teardown),
		cmocka_unit_test_setup_teardown(test_fold_policy, setup, teardown),
		cmocka_unit_test_setup_teardown(test_parts_accumulate, setup, teardown),
		cmocka_unit_test_setup_teardown(test_promotion, setup, teardown),
		cmocka_unit_test_setup_teardown(test_kernels_count_present, setup, teardown),
		cmocka_unit_test_setup_teardown(test_flatten_needs_size, setup, teardown),
		cmocka_unit_test_setup_teardown(test_allocation_failures, setup, teardown),
		cmocka_unit_test_setup_teardown(test_check, setup, teardown),
		cmocka_unit_test_setup_teardown(test_adds_after_lists, setup, teardown),
		cmocka_unit_test_setup_teardown(test_sized_lists, setup, teardown),
	};

	return cmocka_run_group_tests_name("acc", tests, NULL, NULL);
}
