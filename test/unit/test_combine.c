/*-------------------------------------------------------------------------
 *
 * test_combine.c
 *	  Unit tests of union, intersection and folding: the algebraic laws,
 *	  the mixing of layouts and sizes, and the refusals.
 *
 * Copyright (c) 2026, the bloomfilter authors
 *
 * IDENTIFICATION
 *	  test/unit/test_combine.c
 *
 *-------------------------------------------------------------------------
 */
#include "unit.h"

/* Block count of the filters these tests build */
#define NBLOCKS		512

/* A block filter of NBLOCKS blocks holding keys [from, to) */
static uint8_t *
filled(uint64_t from, uint64_t to, uint64_t nblocks, size_t *len)
{
	uint8_t    *buf = tu_blocks(nblocks, 10000, 0.01, 0, len);

	tu_add_range(buf, *len, from, to);
	return buf;
}

/* Every member of either filter is a member of the union */
static void
test_union_contains_both(void **state)
{
	size_t		alen;
	size_t		blen;
	size_t		ulen;
	uint8_t    *a = filled(0, 3000, NBLOCKS, &alen);
	uint8_t    *b = filled(3000, 6000, NBLOCKS, &blen);
	bf_view		va = tu_view(a, alen);
	bf_view		vb = tu_view(b, blen);
	uint8_t    *u = tu_union(&va, &vb, &ulen);
	bf_view		vu = tu_view(u, ulen);

	(void) state;
	assert_ok(bf_validate(u, ulen));
	assert_int_equal(tu_count_range(&vu, 0, 6000), 6000);
	assert_true(vu.hdr.bits_set >= va.hdr.bits_set);
	test_free(a);
	test_free(b);
	test_free(u);
}

/*
 * Union and intersection are commutative and associative down to the last
 * byte, even when the operands' declared parameters differ, and idempotent.
 */
static void
test_laws(void **state)
{
	size_t		len[3];
	uint8_t    *f[3];
	bf_view		v[3];
	int			op;

	(void) state;
	f[0] = tu_blocks(NBLOCKS, 9000, 0.01, 0, &len[0]);
	f[1] = tu_blocks(NBLOCKS, 11000, 0.01, 0, &len[1]);
	f[2] = tu_blocks(NBLOCKS, 9000, 0.02, 0, &len[2]);
	tu_add_range(f[0], len[0], 0, 4000);
	tu_add_range(f[1], len[1], 2000, 6000);
	tu_add_range(f[2], len[2], 3000, 7000);
	v[0] = tu_view(f[0], len[0]);
	v[1] = tu_view(f[1], len[1]);
	v[2] = tu_view(f[2], len[2]);

	for (op = 0; op < 2; op++)
	{
		uint8_t    *(*combine) (const bf_view *, const bf_view *, size_t *) =
			op == 0 ? tu_union : tu_intersect;
		size_t		l1;
		size_t		l2;
		size_t		l3;
		size_t		l4;
		size_t		l5;
		size_t		l6;
		uint8_t    *ab = combine(&v[0], &v[1], &l1);
		uint8_t    *ba = combine(&v[1], &v[0], &l2);
		bf_view		vab = tu_view(ab, l1);
		uint8_t    *bc = combine(&v[1], &v[2], &l3);
		bf_view		vbc = tu_view(bc, l3);
		uint8_t    *ab_c = combine(&vab, &v[2], &l4);
		uint8_t    *a_bc = combine(&v[0], &vbc, &l5);
		uint8_t    *aa = combine(&v[0], &v[0], &l6);

		tu_assert_same(ab, l1, ba, l2);
		tu_assert_same(ab_c, l4, a_bc, l5);
		tu_assert_same(aa, l6, f[0], len[0]);
		assert_ok(bf_validate(ab, l1));
		assert_ok(bf_validate(ab_c, l4));
		test_free(ab);
		test_free(ba);
		test_free(bc);
		test_free(ab_c);
		test_free(a_bc);
		test_free(aa);
	}
	test_free(f[0]);
	test_free(f[1]);
	test_free(f[2]);
}

/*
 * The intersection lies within both operands (absorption: a u (a n b) = a),
 * holds every value added to both, and can hold values in neither.
 */
static void
test_intersection_within_both(void **state)
{
	size_t		alen;
	size_t		blen;
	size_t		ilen;
	size_t		ulen;
	uint8_t    *a = filled(0, 4000, NBLOCKS, &alen);
	uint8_t    *b = filled(2000, 6000, NBLOCKS, &blen);
	bf_view		va = tu_view(a, alen);
	bf_view		vb = tu_view(b, blen);
	uint8_t    *i = tu_intersect(&va, &vb, &ilen);
	bf_view		vi = tu_view(i, ilen);
	uint8_t    *u = tu_union(&va, &vi, &ulen);

	(void) state;
	assert_ok(bf_validate(i, ilen));
	assert_memory_equal(u + BF_HEADER_SIZE, a + BF_HEADER_SIZE,
						alen - BF_HEADER_SIZE);
	assert_int_equal(tu_count_range(&vi, 2000, 4000), 2000);
	assert_true(vi.hdr.bits_set <= va.hdr.bits_set);
	assert_true(vi.hdr.bits_set <= vb.hdr.bits_set);
	test_free(a);
	test_free(b);
	test_free(i);
	test_free(u);
}

/*
 * Folding a filter is the same, byte for byte, as adding its values to a
 * filter of the smaller block count; so folding keeps every member.
 */
static void
test_fold_equals_direct_build(void **state)
{
	uint64_t	factor;

	(void) state;
	for (factor = 1; factor <= 64; factor *= 2)
	{
		size_t		biglen;
		size_t		directlen;
		uint8_t    *big = filled(0, 5000, 1024, &biglen);
		uint8_t    *direct = filled(0, 5000, 1024 / factor, &directlen);
		uint8_t    *folded = test_malloc(directlen);
		bf_view		vbig = tu_view(big, biglen);
		bf_view		vfolded;

		assert_ok(bf_fold(folded, directlen, &vbig, 1024 / factor));
		tu_assert_same(folded, directlen, direct, directlen);
		vfolded = tu_view(folded, directlen);
		assert_int_equal(tu_count_range(&vfolded, 0, 5000), 5000);
		test_free(big);
		test_free(direct);
		test_free(folded);
	}
}

/* Folding refuses counts that are not the source's divided by 2^k */
static void
test_fold_errors(void **state)
{
	size_t		len;
	size_t		elen;
	uint8_t    *buf = filled(0, 100, 96, &len);
	uint8_t    *exact = tu_exact(0, 10, &elen);
	uint8_t		out[BF_HEADER_SIZE + 96 * BF_BLOCK_BYTES];
	bf_view		view = tu_view(buf, len);
	bf_view		vexact = tu_view(exact, elen);

	(void) state;
	assert_ok(bf_fold(out, bf_size_blocks(48), &view, 48));
	assert_ok(bf_fold(out, bf_size_blocks(3), &view, 3));
	assert_status(bf_fold(out, bf_size_blocks(32), &view, 32), BF_E_FOLD);
	assert_status(bf_fold(out, bf_size_blocks(5), &view, 5), BF_E_FOLD);
	assert_status(bf_fold(out, bf_size_blocks(192), &view, 192), BF_E_FOLD);
	assert_status(bf_fold(out, bf_size_blocks(1), &view, 0), BF_E_FOLD);
	assert_status(bf_fold(out, bf_size_blocks(24), &view, 48), BF_E_BUFFER);
	assert_status(bf_fold(out, bf_size_blocks(1), &vexact, 1), BF_E_LAYOUT);
	test_free(buf);
	test_free(exact);
}

/*
 * Filters whose block counts differ by a power of two combine at the
 * smaller count: the union is the union with the folded larger filter.
 */
static void
test_union_of_different_sizes(void **state)
{
	size_t		alen;
	size_t		blen;
	size_t		ulen;
	size_t		flen = bf_size_blocks(128);
	size_t		expectlen;
	uint8_t    *a = filled(0, 3000, 1024, &alen);
	uint8_t    *b = filled(3000, 4000, 128, &blen);
	uint8_t    *folded = test_malloc(flen);
	bf_view		va = tu_view(a, alen);
	bf_view		vb = tu_view(b, blen);
	bf_view		vf;
	uint8_t    *u;
	uint8_t    *expect;
	bf_view		vu;

	(void) state;
	u = tu_union(&va, &vb, &ulen);
	vu = tu_view(u, ulen);
	assert_int_equal(vu.hdr.nitems, 128);
	assert_int_equal(tu_count_range(&vu, 0, 4000), 4000);

	assert_ok(bf_fold(folded, flen, &va, 128));
	vf = tu_view(folded, flen);
	expect = tu_union(&vf, &vb, &expectlen);
	assert_memory_equal(u + BF_HEADER_SIZE, expect + BF_HEADER_SIZE,
						ulen - BF_HEADER_SIZE);
	test_free(a);
	test_free(b);
	test_free(folded);
	test_free(u);
	test_free(expect);
}

/* Filters that cannot be combined are refused with the reason */
static void
test_incompatible(void **state)
{
	size_t		alen;
	size_t		blen;
	size_t		clen;
	size_t		out;
	uint8_t    *a = filled(0, 10, 100, &alen);
	uint8_t    *b = filled(0, 10, 300, &blen);
	uint8_t    *c = filled(0, 10, 150, &clen);
	bf_view		va = tu_view(a, alen);
	bf_view		vb = tu_view(b, blen);
	bf_view		vc = tu_view(c, clen);
	bf_view		other = va;
	bf_view		none = va;

	(void) state;
	assert_status(bf_union_size(&va, &vb, &out), BF_E_FOLD);
	assert_status(bf_intersect_size(&va, &vc, &out), BF_E_FOLD);

	other.hdr.kind = TU_KIND + 1;
	assert_status(bf_union_size(&va, &other, &out), BF_E_KIND_MISMATCH);
	assert_status(bf_check_compatible(&other, &va), BF_E_KIND_MISMATCH);
	none.hdr.kind = 0;
	assert_ok(bf_check_compatible(&none, &other));
	other.hdr = va.hdr;
	other.hdr.seed = 1;
	assert_status(bf_check_compatible(&va, &other), BF_E_HASH_MISMATCH);
	assert_status(bf_union(a, alen - 1, &va, &va), BF_E_BUFFER);
	test_free(a);
	test_free(b);
	test_free(c);
}

/* A filter that holds no kind yet takes the other operand's kind */
static void
test_kind_of_result(void **state)
{
	size_t		alen;
	size_t		ulen;
	uint8_t    *a = filled(0, 10, 16, &alen);
	uint8_t		empty[BF_HEADER_SIZE + 16 * BF_BLOCK_BYTES];
	bf_header	hdr;
	bf_view		va = tu_view(a, alen);
	bf_view		vempty;
	uint8_t    *u;

	(void) state;
	bf_header_init(&hdr, BF_LAYOUT_BLOCKS, 16, 10000, 0.01, 0, 0);
	assert_ok(bf_init(empty, sizeof(empty), &hdr));
	vempty = tu_view(empty, sizeof(empty));
	u = tu_union(&vempty, &va, &ulen);
	assert_int_equal(tu_view(u, ulen).hdr.kind, TU_KIND);
	assert_memory_equal(u + BF_HEADER_SIZE, a + BF_HEADER_SIZE,
						alen - BF_HEADER_SIZE);
	test_free(a);
	test_free(u);
}

/*
 * Exact filters: the union of two is their merged hash list; with a block
 * filter, the same bytes as adding the values to the blocks; intersections
 * keep exactly the common hashes.
 */
static void
test_exact_operands(void **state)
{
	size_t		e1len;
	size_t		e2len;
	size_t		blen;
	size_t		alllen;
	size_t		len;
	uint8_t    *e1 = tu_exact(0, 700, &e1len);
	uint8_t    *e2 = tu_exact(500, 1000, &e2len);
	uint8_t    *blocks = filled(1000, 3000, NBLOCKS, &blen);
	uint8_t    *all = filled(0, 3000, NBLOCKS, &alllen);
	bf_view		v1 = tu_view(e1, e1len);
	bf_view		v2 = tu_view(e2, e2len);
	bf_view		vb = tu_view(blocks, blen);
	bf_view		vr;
	uint8_t    *r;
	uint8_t    *r2;
	size_t		len2;

	(void) state;
	r = tu_union(&v1, &v2, &len);
	vr = tu_view(r, len);
	assert_ok(bf_validate(r, len));
	assert_int_equal(vr.hdr.layout, BF_LAYOUT_EXACT);
	assert_int_equal(vr.hdr.nitems, 1000);
	assert_int_equal(tu_count_range(&vr, 0, 1000), 1000);

	/* (e1 u e2) u blocks holds keys 0..2999 exactly as adding them would */
	r2 = tu_union(&vb, &vr, &len2);
	assert_ok(bf_validate(r2, len2));
	tu_assert_same(r2, len2, all, alllen);
	test_free(r);
	test_free(r2);

	r = tu_intersect(&v1, &v2, &len);
	vr = tu_view(r, len);
	assert_ok(bf_validate(r, len));
	assert_int_equal(vr.hdr.nitems, 200);
	assert_int_equal(tu_count_range(&vr, 500, 700), 200);
	test_free(r);

	/* e1 n (blocks of 0..2999) keeps all of e1's hashes */
	vb = tu_view(all, alllen);
	r = tu_intersect(&v1, &vb, &len);
	vr = tu_view(r, len);
	assert_ok(bf_validate(r, len));
	assert_int_equal(vr.hdr.nitems, 700);
	test_free(r);

	test_free(e1);
	test_free(e2);
	test_free(blocks);
	test_free(all);
}

/*
 * Union and intersection in place give the bytes of bf_union and
 * bf_intersect, for sources of the same size and of a power-of-two larger
 * size, and (union only) of the exact layout, and say so.
 */
static void
test_union_into(void **state)
{
	size_t		dlen;
	size_t		slen[3];
	size_t		ulen;
	uint8_t    *src[3];
	int			i;

	(void) state;
	src[0] = filled(5000, 8000, NBLOCKS, &slen[0]);
	src[1] = filled(5000, 8000, 4 * NBLOCKS, &slen[1]);
	src[2] = tu_exact(5000, 5500, &slen[2]);
	for (i = 0; i < 3 * 2; i++)
	{
		bool		intersect = i >= 3;
		bool		in_place = false;
		uint8_t    *dst = filled(0, 6000, NBLOCKS, &dlen);
		bf_view		vdst = tu_view(dst, dlen);
		bf_view		vsrc = tu_view(src[i % 3], slen[i % 3]);
		uint8_t    *u;

		if (intersect && vsrc.hdr.layout == BF_LAYOUT_EXACT)
		{
			test_free(dst);
			continue;
		}
		u = intersect ? tu_intersect(&vdst, &vsrc, &ulen) : tu_union(&vdst, &vsrc, &ulen);
		assert_ok(intersect ? bf_intersect_into(dst, dlen, &vsrc, &in_place) :
				  bf_union_into(dst, dlen, &vsrc, &in_place));
		assert_true(in_place);
		assert_ok(bf_validate(dst, dlen));
		assert_int_equal(ulen, dlen);
		assert_memory_equal(dst + BF_HEADER_SIZE, u + BF_HEADER_SIZE,
							dlen - BF_HEADER_SIZE);
		assert_int_equal(tu_view(dst, dlen).hdr.bits_set,
						 tu_view(u, ulen).hdr.bits_set);
		test_free(dst);
		test_free(u);
	}
	for (i = 0; i < 3; i++)
		test_free(src[i]);
}

/*
 * Where the result needs a new buffer (a smaller source, an exact
 * destination, an intersection with an exact filter), the in-place
 * operations succeed without doing anything and say so; BF_E_FOLD and the
 * mismatches stay for filters that can never be combined, and then too
 * nothing is written.
 */
static void
test_not_in_place(void **state)
{
	size_t		blen;
	size_t		slen;
	size_t		elen;
	size_t		olen;
	uint8_t    *big = filled(0, 10, 4 * NBLOCKS, &blen);
	uint8_t    *small = filled(5000, 8000, NBLOCKS, &slen);
	uint8_t    *exact = tu_exact(5000, 5500, &elen);
	uint8_t    *odd = filled(0, 10, 3 * NBLOCKS, &olen);
	uint8_t    *copy = test_malloc(blen);
	bf_view		vbig = tu_view(big, blen);
	bf_view		vsmall = tu_view(small, slen);
	bf_view		vexact = tu_view(exact, elen);
	bf_view		vodd = tu_view(odd, olen);
	bf_view		other = vsmall;
	bool		in_place;
	int			intersect;

	(void) state;
	memcpy(copy, big, blen);
	for (intersect = 0; intersect <= 1; intersect++)
	{
		in_place = true;
		assert_ok(intersect ? bf_intersect_into(big, blen, &vsmall, &in_place) :
				  bf_union_into(big, blen, &vsmall, &in_place));
		assert_false(in_place);
		assert_memory_equal(big, copy, blen);

		in_place = true;
		assert_ok(intersect ? bf_intersect_into(exact, elen, &vbig, &in_place) :
				  bf_union_into(exact, elen, &vbig, &in_place));
		assert_false(in_place);

		in_place = true;
		assert_status(intersect ? bf_intersect_into(big, blen, &vodd, &in_place) :
					  bf_union_into(big, blen, &vodd, &in_place), BF_E_FOLD);
		assert_false(in_place);
		assert_memory_equal(big, copy, blen);
	}
	in_place = true;
	assert_ok(bf_intersect_into(big, blen, &vexact, &in_place));
	assert_false(in_place);
	assert_memory_equal(big, copy, blen);

	other.hdr.kind = TU_KIND + 1;
	assert_status(bf_union_into(big, blen, &other, &in_place),
				  BF_E_KIND_MISMATCH);
	assert_false(in_place);
	assert_status(bf_union_into(big, blen - 1, &vsmall, &in_place),
				  BF_E_LENGTH);
	assert_memory_equal(big, copy, blen);
	test_free(big);
	test_free(small);
	test_free(exact);
	test_free(odd);
	test_free(copy);
}

/*
 * bf_intersect_hashes lists the exact filter's hashes that the block
 * filter contains, in order: the hashes of bf_intersect's exact result.
 */
static void
test_intersect_hashes(void **state)
{
	size_t		blen;
	size_t		elen;
	size_t		ilen;
	uint8_t    *blocks = filled(0, 3000, 16, &blen);
	uint8_t    *exact = tu_exact(2500, 3500, &elen);
	bf_view		vblocks = tu_view(blocks, blen);
	bf_view		vexact = tu_view(exact, elen);
	uint8_t    *inter = tu_intersect(&vblocks, &vexact, &ilen);
	bf_view		vinter = tu_view(inter, ilen);
	uint64_t   *hashes = test_malloc(vexact.hdr.nitems * sizeof(uint64_t));
	uint64_t	count = 0;
	uint64_t	i;

	(void) state;
	assert_ok(bf_intersect_hashes(&vexact, &vblocks, hashes, &count));
	assert_int_equal(vinter.hdr.layout, BF_LAYOUT_EXACT);
	assert_int_equal(count, vinter.hdr.nitems);
	assert_true(count >= 500 && count < 1000);
	for (i = 0; i < count; i++)
		assert_int_equal(hashes[i], bf_exact_hash(&vinter, i));
	assert_status(bf_intersect_hashes(&vblocks, &vexact, hashes, &count),
				  BF_E_LAYOUT);
	assert_status(bf_intersect_hashes(&vexact, &vexact, hashes, &count),
				  BF_E_LAYOUT);
	test_free(blocks);
	test_free(exact);
	test_free(inter);
	test_free(hashes);
}

/* Every kernel set gives the same unions, intersections and counts */
static void
test_kernel_sets_agree(void **state)
{
	bf_kernel_set sets[2];
	int			nsets = tu_kernel_sets(sets);
	size_t		alen;
	size_t		blen;
	uint8_t    *a = filled(0, 3000, NBLOCKS, &alen);
	uint8_t    *b = filled(2000, 9000, 128, &blen);
	bf_view		va = tu_view(a, alen);
	bf_view		vb = tu_view(b, blen);
	uint8_t    *results[2][2];
	size_t		lens[2];
	double		unions[2];
	int			s;

	(void) state;
	if (nsets < 2)
		skip();
	for (s = 0; s < nsets; s++)
	{
		assert_ok(bf_use_kernels(sets[s]));
		results[s][0] = tu_union(&va, &vb, &lens[0]);
		results[s][1] = tu_intersect(&va, &vb, &lens[1]);
		assert_ok(bf_union_cardinality(&va, &vb, &unions[s]));
		assert_ok(bf_validate(results[s][0], lens[0]));
		assert_ok(bf_validate(results[s][1], lens[1]));
	}
	assert_memory_equal(results[0][0], results[1][0], lens[0]);
	assert_memory_equal(results[0][1], results[1][1], lens[1]);
	assert_true(unions[0] == unions[1]);
	for (s = 0; s < nsets; s++)
	{
		test_free(results[s][0]);
		test_free(results[s][1]);
	}
	test_free(a);
	test_free(b);
	assert_ok(bf_use_kernels(BF_KERNELS_AUTO));
}

/*
 * Combining in place gives the bytes bf_union and bf_intersect give, in
 * either order, when two filters of one block count differ only in their
 * parameters (capacity, rate, flags): aggregates combine in place in
 * whatever order a plan delivers rows, so the result must not depend on it.
 */
static void
test_in_place_order(void **state)
{
	size_t		alen;
	size_t		blen;
	size_t		len;
	uint8_t    *a = tu_blocks(64, 1000, 0.01, 0, &alen);
	uint8_t    *b = tu_blocks(64, 1100, 0.02, 0, &blen);
	bf_view		va;
	bf_view		vb;
	bool		in_place;
	int			is_and;

	(void) state;
	tu_add_range(a, alen, 0, 600);
	tu_add_range(b, blen, 400, 1000);
	va = tu_view(a, alen);
	vb = tu_view(b, blen);
	for (is_and = 0; is_and <= 1; is_and++)
	{
		uint8_t    *expected = is_and ? tu_intersect(&va, &vb, &len) :
			tu_union(&va, &vb, &len);
		uint8_t    *ab = test_malloc(alen);
		uint8_t    *ba = test_malloc(blen);

		memcpy(ab, a, alen);
		memcpy(ba, b, blen);
		assert_ok(is_and ? bf_intersect_into(ab, alen, &vb, &in_place) :
				  bf_union_into(ab, alen, &vb, &in_place));
		assert_true(in_place);
		assert_ok(is_and ? bf_intersect_into(ba, blen, &va, &in_place) :
				  bf_union_into(ba, blen, &va, &in_place));
		assert_true(in_place);
		assert_int_equal(len, alen);
		assert_memory_equal(ab, expected, len);
		assert_memory_equal(ba, expected, len);
		test_free(expected);
		test_free(ab);
		test_free(ba);
	}
	test_free(a);
	test_free(b);
}

/* Run the combination tests */
int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_union_contains_both),
		cmocka_unit_test(test_laws),
		cmocka_unit_test(test_intersection_within_both),
		cmocka_unit_test(test_fold_equals_direct_build),
		cmocka_unit_test(test_fold_errors),
		cmocka_unit_test(test_union_of_different_sizes),
		cmocka_unit_test(test_incompatible),
		cmocka_unit_test(test_kind_of_result),
		cmocka_unit_test(test_exact_operands),
		cmocka_unit_test(test_kernel_sets_agree),
		cmocka_unit_test(test_union_into),
		cmocka_unit_test(test_not_in_place),
		cmocka_unit_test(test_intersect_hashes),
		cmocka_unit_test(test_in_place_order),
	};

	return cmocka_run_group_tests_name("combine", tests, NULL, NULL);
}
